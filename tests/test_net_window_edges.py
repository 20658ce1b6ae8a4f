"""A window's side of a network table at its edges, in process without a socket (issue
#30): the hosting window's pump and notes (game/net/host.py), its driver, the client's
mirror of the host's messages (game/net/client.py) and the remote driver
(game/net/remote.py). Each test names the rule it guards."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from game import registry
from game.net import host as host_module
from game.net.client import ClientError, ClientThread, Mirror, TableClient, event_from
from game.net.host import HostedDriver, HostThread
from game.net.protocol import check_client_message, encode
from game.net.remote import RemoteDriver, seats_from
from game.net.server import AUTOSAVE_S
from game.net.table import Table
from game.rules.protocol import IllegalAction
from game.session import Seat, Session
from tests.net_helpers import RecordingPeer


class Clock:
    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def cluck_session(humans=(True, True, True)) -> Session:
    keys = ["henrietta", "clucky", "pepper"]
    seats = [Seat(f"P{i}", keys[i], human=h) for i, h in enumerate(humans)]
    return Session("cluck", seats, 8)


def hello(code: str, seat, name: str = "Ben") -> dict:
    return check_client_message({"v": 2, "type": "hello", "code": code, "seat": seat, "name": name})


def window(monkeypatch, humans=(True, True, True), local=(0,)) -> tuple[HostThread, Clock]:
    """A hosting window's HostThread, never started (no socket), on a clock of the test."""
    clock = Clock()
    monkeypatch.setattr(host_module, "time", SimpleNamespace(monotonic=clock))
    session = cluck_session(humans)
    table = Table(session, local_seats=local, clock=clock)
    host = HostThread(session, table=table, autosave=False)
    return host, clock


# -- the hosting window's pump -----------------------------------------------------------------------
def test_pump_carries_a_hello_and_notes_the_seats_and_a_dropped_line(monkeypatch):
    """Rule: the window's pump carries what arrived: a person sitting down is a "seats"
    note (the window shows the seat taken), their line dropping another (the seat
    waits); a spectator coming or going changes no seat and is no note."""
    host, _clock = window(monkeypatch)
    ben, watcher = RecordingPeer("ben"), RecordingPeer("watcher")
    host.inbox.put((ben, "hello", hello(host.code, 1)))
    host.inbox.put((watcher, "hello", hello(host.code, None, "W")))
    notes = host.pump()
    assert ben.sent[0]["type"] == "welcome" and watcher.sent[0]["type"] == "welcome"
    assert [kind for kind, _ in notes] == ["seats"]
    assert notes[0][1][1]["status"] == "connected"
    host.inbox.put((watcher, "leave", {}))
    assert host.pump() == []
    host.inbox.put((ben, "leave", {}))
    notes = host.pump()
    assert [kind for kind, _ in notes] == ["seats"] and notes[0][1][1]["status"] == "reconnecting"


def test_an_action_from_the_network_is_a_note_and_one_of_the_window_is_not(monkeypatch):
    """Rule: the window is told of an action that came over the network ("applied" with
    the player and its events, for the screen to animate); its own are not echoed."""
    host, _clock = window(monkeypatch)
    table = host.table
    state = table.session.state
    peers = {0: None}
    for seat in (1, 2):
        peers[seat] = RecordingPeer(f"p{seat}")
        host.inbox.put((peers[seat], "hello", hello(host.code, seat, f"P{seat}")))
    host.pump()
    next_id = 1
    while True:
        player = state.to_act()[0]
        action = state.legal_actions(player)[0]
        if player == 0:
            host.apply(0, action)
            assert host.pump() == []
            continue
        fields = check_client_message(
            {"v": 2, "type": "action", "id": next_id, "action": str(action)}
        )
        host.inbox.put((peers[player], "action", fields))
        notes = host.pump()
        assert [kind for kind, _ in notes] == ["applied"]
        who, events = notes[0][1]
        assert who == player and events == table.last_events and events
        break


def test_a_seat_handed_over_from_the_window_is_a_seats_note(monkeypatch):
    """Rule: the window hands a waiting seat to a computer and is told its seats."""
    host, _clock = window(monkeypatch)
    host.hand_to_computer(2, "easy")
    notes = host.pump()
    assert [kind for kind, _ in notes] == ["seats"] and notes[0][1][2]["status"] == "computer"


def test_pump_sends_a_seats_batch_once_it_is_due_not_before(monkeypatch):
    """Rule: seat statuses in a window's table are batched like serve's: a batch due
    SEATS_EVERY_S after the last goes out on the first pump at or after that time."""
    host, clock = window(monkeypatch)
    aiko, ben = RecordingPeer("aiko"), RecordingPeer("ben")
    host.inbox.put((aiko, "hello", hello(host.code, 1, "Aiko")))
    host.inbox.put((ben, "hello", hello(host.code, 2, "Ben")))
    host.pump()
    seats = [m for m in aiko.sent if m["type"] == "seats"]
    assert len(seats) == 1  # Ben's seat waits for the batch
    clock.now += 0.2
    host.pump()
    assert len([m for m in aiko.sent if m["type"] == "seats"]) == 1
    clock.now += 0.05
    host.pump()
    batch = [m for m in aiko.sent if m["type"] == "seats"]
    assert len(batch) == 2 and batch[-1]["seats"][2]["status"] == "connected"


def test_pump_writes_the_changed_table_every_autosave_s(monkeypatch):
    """Rule: a window's table changed by actions is written by the pump AUTOSAVE_S after
    the last write, not on every frame."""
    host, clock = window(monkeypatch)
    writes: list[float] = []
    monkeypatch.setattr(host.tables, "flush", lambda: writes.append(clock.now))
    host.pump()
    assert writes == []
    clock.now += AUTOSAVE_S - 0.125
    host.pump()
    assert writes == []
    clock.now += 0.125
    host.pump()
    assert writes == [clock.now]
    host.pump()
    assert len(writes) == 1


def test_the_port_listened_on_goes_into_the_table_file_at_once(monkeypatch):
    """Rule: once the window listens, its port is kept in the table file (a resumed
    window listens there again): written on the next pump, not AUTOSAVE_S later; once."""
    host, _clock = window(monkeypatch)
    writes: list[int | None] = []
    monkeypatch.setattr(host.tables, "flush", lambda: writes.append(host.table.port))
    host.port = 47474
    host.pump()
    assert host.table.port == 47474 and writes == [47474]
    host.pump()
    assert writes == [47474]


def test_a_table_opened_again_listens_on_its_old_port_unless_told_another():
    """Rule: a resumed window table listens where it did (its members' clients look for
    it there), taking a free port if that one is taken; a port asked for explicitly
    wins."""
    session = cluck_session()
    table = Table(session)
    table.port = 50_123
    again = HostThread(session, table=table, autosave=False)
    assert again.reopened and again.address[1] == 50_123 and again.any_port
    assert again.owner_token == ""
    asked = HostThread(session, table=table, port=50_200, autosave=False)
    assert not asked.reopened and asked.address[1] == 50_200 and not asked.any_port
    fresh = HostThread(cluck_session(), autosave=False)
    assert not fresh.reopened and fresh.owner_token and fresh.table.owner_may(fresh.owner_token)


# -- the window's driver ---------------------------------------------------------------------------------
def test_the_hosts_driver_asks_only_its_local_people_and_never_undoes(monkeypatch):
    """Rule: the host's screen decides for its local people only (a local seat handed to
    a computer is not theirs any more); a curtain only between two local people; no undo
    over the network."""
    host, _clock = window(monkeypatch, local=(0, 2))
    driver = HostedDriver(host, (0, 2))
    assert driver.local_seats() == [0, 2]
    session = driver.session
    session.viewer = 0
    assert driver.needs_handoff(2) and not driver.needs_handoff(0)
    to_act = session.state.to_act()
    assert driver.local_deciders() == [p for p in to_act if p in (0, 2)]
    session.hand_to_computer(2)
    assert driver.local_seats() == [0] and not driver.needs_handoff(2)
    assert driver.undo_refusal(0) == "network"
    with pytest.raises(ValueError):
        driver.undo(0)
    assert driver.status == ["local", "open", "local"]
    assert driver.poll() == []


# -- the client's mirror ---------------------------------------------------------------------------------
def welcome_of(table: Table, seat) -> dict:
    peer = RecordingPeer()
    if seat is None:
        table.join(peer, None, "W")
    else:
        table.join(peer, seat, "Aiko")
    return peer.sent[0]


def test_a_welcome_sets_the_mirror_and_a_later_welcome_keeps_the_token():
    """Rule: a welcome gives the client its seat, token, the seats, the view and the
    events; a rejoin's welcome (no token) keeps the token it had."""
    table, _ = Table.new(cluck_session())
    message = welcome_of(table, 0)
    mirror = Mirror()
    mirror.welcome(message)
    assert (mirror.game, mirror.players, mirror.seat) == ("cluck", 3, 0)
    assert mirror.token == message["token"] and mirror.n == 0 and mirror.last_id == 0
    assert mirror.to_act == tuple(message["to_act"]) and len(mirror.seats) == 3
    assert [e.kind for e in mirror.events] == [e["kind"] for e in message["events"]]
    assert mirror.view.to_act() == table.session.state.to_act()
    again = dict(message, token=None, last_id=4)
    mirror.welcome(again)
    assert mirror.token == message["token"] and mirror.last_id == 4


def test_a_welcome_for_a_game_this_app_cannot_play_or_a_broken_view_is_refused():
    """Rule: a client refuses a welcome to a game it does not have ('game') and one whose
    view it cannot read ('schema'), rather than showing a broken table."""
    table, _ = Table.new(cluck_session())
    message = welcome_of(table, 0)
    with pytest.raises(ClientError) as error:
        Mirror().welcome(dict(message, game="chess"))
    assert error.value.code == "game"
    for broken in ({"view": []}, {"to_act": [0, "x"]}, {"to_act": 0}, {"view": {"x": 1}}):
        with pytest.raises(ClientError) as error:
            Mirror().welcome(dict(message, **broken))
        assert error.value.code == "schema", broken


def test_an_update_moves_the_mirror_on_and_returns_its_events():
    """Rule: an update gives the view after the action, who is to act, the count of
    actions and the events, returned for the scene to animate."""
    table, _ = Table.new(cluck_session())
    peer = RecordingPeer()
    table.join(peer, 0, "Aiko")
    mirror = Mirror()
    mirror.welcome(peer.sent[0])
    state = table.session.state
    player = state.to_act()[0]
    table.apply(player, state.legal_actions(player)[0])
    update = peer.sent[-1]
    before = len(mirror.events)
    events = mirror.update(update)
    assert mirror.n == 1 and mirror.to_act == tuple(state.to_act())
    assert [e.kind for e in events] == [e["kind"] for e in update["events"]]
    assert len(mirror.events) == before + len(events)
    assert mirror.view.to_act() == state.to_act()


def test_an_event_from_the_host_is_rebuilt_as_it_was():
    """Rule: an event comes back as the game's own typed event, with its player, fields
    and who may see it as sent; one that is not an event of that game is refused."""
    from game.rules.verflixxt.events import CardDrawn

    sent = CardDrawn("y3", 2, player=2, visible_to=(2,))
    event = event_from(sent.to_dict(), "verflixxt")
    assert type(event) is CardDrawn and event == sent
    for bad in (
        [],
        {"kind": 5},
        {"player": 1},
        {"kind": "k"},
        {**sent.to_dict(), "player": "two"},
        {**sent.to_dict(), "data": {**sent.to_dict()["data"], "extra": 1}},
    ):
        with pytest.raises(ClientError):
            event_from(bad, "verflixxt")


class FakeWs:
    def __init__(self, texts: list[str]) -> None:
        self.texts = list(texts)
        self.sent: list[str] = []

    async def recv(self) -> str:
        return self.texts.pop(0)

    async def send(self, text: str) -> None:
        self.sent.append(text)


def test_a_client_takes_each_host_message_into_its_mirror_and_an_error_ends_it():
    """Rule: a client records what crossed the wire, takes a welcome, an update and a
    seats message into its mirror, says a refusal to whoever expects another message,
    and an error from the host is a ClientError with the host's code."""
    import asyncio

    table, _ = Table.new(cluck_session())
    peer = RecordingPeer()
    table.join(peer, 0, "Aiko")
    state = table.session.state
    player = state.to_act()[0]
    table.apply(player, state.legal_actions(player)[0])
    texts = [encode(m.pop("type"), **{k: v for k, v in m.items() if k != "v"}) for m in peer.sent]
    texts.append(encode("refusal", code="illegal", reason="no", id=3))
    texts.append(encode("error", code="closed", reason="the host closed the table"))

    async def scenario():
        record: list[str] = []
        client = TableClient("ws://unused", record=record)
        client.ws = FakeWs(texts)
        client.next_id = 0
        await client.expect("welcome")
        assert client.mirror.seat == 0 and client.next_id == 0
        kinds = []
        with pytest.raises(ClientError) as refused:
            while True:
                kinds.append((await client.expect("nothing"))["type"])
        assert not refused.value.fatal and refused.value.code == "illegal"
        with pytest.raises(ClientError) as error:
            await client.receive()
        return record, client, error.value

    record, client, error = asyncio.run(scenario())
    assert record == texts
    assert client.mirror.n == 1 and client.mirror.seats[0]["status"] == "connected"
    assert error.code == "closed" and error.fatal


def test_a_client_counts_its_action_ids_on_from_the_last_the_host_has():
    """Rule: after a rejoin a client's next action id is past the last one the host has
    from its seat (an older id would be refused as a replay)."""
    import asyncio

    table, _ = Table.new(cluck_session())
    peer = RecordingPeer()
    table.join(peer, 0, "Aiko")
    table.last_ids[0] = 41
    table.leave(peer)
    back = RecordingPeer()
    table.rejoin(back, peer.sent[0]["token"])
    text = encode("welcome", **{k: v for k, v in back.sent[0].items() if k not in ("v", "type")})

    async def scenario():
        client = TableClient("ws://unused")
        client.ws = FakeWs([text])
        await client.expect("welcome")
        sent = await client.act("x")
        return sent, json.loads(client.ws.sent[-1])

    sent, message = asyncio.run(scenario())
    assert sent == 42 and message == {"v": 2, "type": "action", "id": 42, "action": "x"}


def test_a_client_thread_hands_back_unread_notes_first():
    """Rule: notes a screen polled and handed back come first, in order, before any
    that arrived later; a message posted before the thread runs is kept for it."""
    client = ClientThread("ws://unused", "2222-3333-4444", seat=0, name="A")
    client.notes.put(("seats", 1))
    polled = client.poll()
    client.notes.put(("seats", 2))
    client.unread(polled)
    assert client.poll() == [("seats", 1), ("seats", 2)]
    assert client.poll() == []
    client.act("roll")
    client.hand_over("o", 1, "easy")
    assert client._early == [
        ("action", {"action": "roll"}),
        ("hand_over", {"owner": "o", "seat": 1, "level": "easy"}),
    ]


# -- the remote driver -------------------------------------------------------------------------------------
class FakeClient:
    def __init__(self) -> None:
        self.acted: list[str] = []

    def act(self, text: str) -> None:
        self.acted.append(text)


def remote_at(seat) -> tuple[RemoteDriver, FakeClient, Table]:
    table, _ = Table.new(cluck_session())
    mirror = Mirror()
    mirror.welcome(welcome_of(table, seat))
    client = FakeClient()
    return RemoteDriver(client, mirror, mirror.view), client, table  # type: ignore[arg-type]


def test_a_remote_seat_sends_one_action_at_a_time_and_only_its_own():
    """Rule: a client's screen acts for its own seat only, one action on its way at a
    time, and not once the line is down; the action goes to the host as its notation."""
    remote, client, table = remote_at(0)
    state = table.session.state
    player = state.to_act()[0]
    action = state.legal_actions(player)[0]
    if player != 0:
        with pytest.raises(IllegalAction):
            remote.submit(player, action)
        table.apply(player, action)
        state = table.session.state
        player = state.to_act()[0]
        action = state.legal_actions(player)[0]
    assert remote.submit(0, action) == [] and client.acted == [str(action)]
    assert remote.humans_to_act() == []  # answered first
    with pytest.raises(IllegalAction, match="still on its way"):
        remote.submit(0, action)
    remote.answered(False)
    assert remote.sent == []
    remote.connected = False
    with pytest.raises(IllegalAction, match="not connected"):
        remote.submit(0, action)
    remote.connected, remote.ended = True, "the host closed the table"
    with pytest.raises(IllegalAction, match="the host closed the table"):
        remote.submit(0, action)
    assert client.acted == [str(action)]


def test_a_played_action_is_recorded_as_the_seats_own_text():
    """Rule: the remote record holds one entry per action: the seat's own texts, and ""
    for the others' (their secret choices never reach this client)."""
    remote, _client, _table = remote_at(1)
    assert remote.actions == [] and remote.players == 3 and remote.humans() == [1]
    remote.updated(remote.state, 2)
    assert remote.actions == [(-1, ""), (-1, "")]
    remote.sent.append((1, "mine"))
    remote.answered(True)
    assert remote.actions == [(-1, ""), (1, "mine")] and remote.sent == []
    remote.updated(remote.state, 1)  # never shrinks
    assert len(remote.actions) == 2


def test_a_remote_seat_is_asked_to_act_only_when_it_is_its_turn_and_connected():
    """Rule: the client's person is asked to decide only when their seat is to act, no
    action is on its way, the line is up and the game goes on; a spectator never is."""
    remote, _client, table = remote_at(0)
    to_act = table.session.state.to_act()
    assert remote.humans_to_act() == ([0] if 0 in to_act else [])
    remote.state = SimpleNamespace(to_act=lambda: (0,), is_over=lambda: False)
    assert remote.humans_to_act() == [0] and remote.local_deciders() == [0]
    remote.connected = False
    assert remote.humans_to_act() == []
    remote.connected = True
    remote.state = SimpleNamespace(to_act=lambda: (0,), is_over=lambda: True)
    assert remote.humans_to_act() == []
    watcher, _client, _table = remote_at(None)
    watcher.state = SimpleNamespace(to_act=lambda: (0,), is_over=lambda: False)
    assert watcher.humans() == [] and watcher.humans_to_act() == []
    with pytest.raises(IllegalAction):
        watcher.submit(0, "x")  # type: ignore[arg-type]
    assert remote.bots_to_act() == [] and not remote.needs_handoff(0)
    assert (
        remote.undo_refusal(0) == "network" and remote.poll(0.0) == []
    )  # the host plays the computers


def test_seats_from_the_host_keep_each_seats_name_character_kind_and_level():
    info = registry.get("cluck")
    seats = seats_from(
        [
            {"name": "A", "character": info.characters[0].key, "human": True, "level": "hard"},
            {"name": "B", "character": info.characters[1].key, "human": False},
        ]
    )
    assert [(s.name, s.character, s.human, s.level) for s in seats] == [
        ("A", info.characters[0].key, True, "hard"),
        ("B", info.characters[1].key, False, "normal"),
    ]


def test_an_update_whose_view_or_to_act_is_malformed_is_refused_at_once():
    """Rule: a client refuses a host update whose view is not an object or whose to_act
    is not a list of seats when it arrives (not later, while drawing the table)."""
    table, _ = Table.new(cluck_session())
    peer = RecordingPeer()
    table.join(peer, 0, "Aiko")
    mirror = Mirror()
    mirror.welcome(peer.sent[0])
    good = {"n": 1, "events": [], "view": peer.sent[0]["view"], "to_act": [0]}
    for broken in ({"view": []}, {"view": "x"}, {"to_act": [0, None]}, {"to_act": "0"}):
        with pytest.raises(ClientError) as error:
            mirror.update(dict(good, **broken))
        assert error.value.code == "schema", broken


# -- the client thread's retries ---------------------------------------------------------------------------
class _AsyncioWithoutWaiting:
    """The asyncio module as client.py sees it, whose sleep records and returns at once."""

    def __init__(self) -> None:
        import asyncio

        self._real = asyncio
        self.slept: list[float] = []

    def __getattr__(self, name: str):
        return getattr(self._real, name)

    async def sleep(self, delay: float) -> None:
        self.slept.append(delay)
        await self._real.sleep(0)


def scripted_client(monkeypatch, outcomes: list, *, token: str | None = "t" * 32):
    """A ClientThread whose sessions end as ``outcomes`` say (an exception to raise, or
    None: a session that ended normally), run to its end on this thread."""
    import asyncio

    from game.net import client as client_module

    fake = _AsyncioWithoutWaiting()
    monkeypatch.setattr(client_module, "asyncio", fake)
    thread = ClientThread("ws://127.0.0.1:9", "2222-3333-4444", token=token, retry_max=5.0)
    firsts: list[bool] = []

    async def session(client, first):
        firsts.append(first)
        outcome = outcomes.pop(0)
        if not outcomes:
            thread._stopped.set()
        if outcome is not None:
            raise outcome

    monkeypatch.setattr(thread, "_session", session)
    asyncio.run(asyncio.wait_for(thread._main(), 10))
    return thread.poll(), fake.slept, firsts


def test_a_seat_taken_over_elsewhere_stops_its_client_and_says_why(monkeypatch):
    """Rule: a fatal error from the host (the seat 'replaced' by a newer connection with
    its token, an unknown token) ends the client with that error; it does not rejoin and
    take the seat back."""
    replaced = ClientError("replaced", "your seat was taken over")
    notes, slept, firsts = scripted_client(monkeypatch, [replaced, None])
    assert notes == [("error", ("replaced", "your seat was taken over"))]
    assert slept == [] and firsts == [True]


def test_a_seat_holder_comes_back_to_a_closed_table_waiting_longer_each_time(monkeypatch):
    """Rule: a table closed by its host may open again: a seat's holder keeps trying with
    its token, waiting 0.5 s, doubling up to retry_max (5 s); each drop is a note
    ("connection", "lost")."""
    closed = ClientError("closed", "the host closed the table")
    outcomes = [closed, OSError("refused"), OSError("refused"), closed, closed, closed, None]
    notes, slept, firsts = scripted_client(monkeypatch, outcomes)
    assert slept == [0.5, 1.0, 2.0, 4.0, 5.0, 5.0]
    assert notes == [("connection", "lost")] * 6
    assert firsts == [True] + [False] * 6


def test_a_host_that_cannot_be_reached_at_first_is_an_error_at_once(monkeypatch):
    """Rule: the first connection failing is an error ('connect'), not a retry loop;
    a spectator (no token) refused at once is told so too."""
    notes, slept, _ = scripted_client(monkeypatch, [OSError("refused"), None])
    assert notes[0][0] == "error" and notes[0][1][0] == "connect" and slept == []
    refused = ClientError("full", "this table has its 16 spectators already", fatal=False)
    notes, slept, _ = scripted_client(monkeypatch, [refused, None], token=None)
    assert notes == [("error", ("full", "this table has its 16 spectators already"))]


def test_a_client_thread_turns_each_host_message_into_its_note():
    """Rule: the window's notes, in order: an update (events, view, n) and, when it
    answers this client's action, ("answered", id); the seats; a refusal (code, reason)
    and ("answered", id) when it names one; a welcome (the mirror) after a rejoin."""
    import asyncio

    table, _ = Table.new(cluck_session())
    peer = RecordingPeer()
    table.join(peer, 0, "Aiko")
    state = table.session.state
    player = state.to_act()[0]
    ack = (peer, 5) if player == 0 else None
    table.apply(player, state.legal_actions(player)[0], ack=ack)
    welcome, update = peer.sent[0], peer.sent[-1]

    def text(message: dict) -> str:
        return encode(
            message["type"], **{k: v for k, v in message.items() if k not in ("v", "type")}
        )

    texts = [
        text(welcome),
        text(dict(update, ack=5)),
        encode("seats", seats=welcome["seats"]),
        encode("refusal", code="illegal", reason="not your turn", id=6),
        encode("refusal", code="rate", reason="slow down", id=None),
        text(dict(welcome, token=None)),
        encode("error", code="closed", reason="bye"),
    ]
    thread = ClientThread("ws://unused", "2222-3333-4444", seat=0, name="Aiko")

    async def scenario():
        client = TableClient("ws://unused")
        client.ws = FakeWs(texts)
        await client.expect("welcome")
        with pytest.raises(ClientError):
            await thread._receive(client)
        return client

    client = asyncio.run(scenario())
    notes = thread.poll()
    kinds = [kind for kind, _ in notes]
    assert kinds == ["update", "answered", "seats", "refusal", "answered", "refusal", "welcome"]
    events, view, n = notes[0][1]
    assert n == 1 and [e.kind for e in events] == [e["kind"] for e in update["events"]]
    assert view.to_act() == state.to_act()
    assert notes[1] == ("answered", 5) and notes[2] == ("seats", welcome["seats"])
    assert notes[3] == ("refusal", ("illegal", "not your turn")) and notes[4] == ("answered", 6)
    assert notes[5] == ("refusal", ("rate", "slow down"))
    assert notes[6] == ("welcome", client.mirror)


def test_a_remote_driver_keeps_the_tables_options_and_its_record_so_far():
    """Rule: a client joining a game under way has one record entry per action played
    (its own texts unknown yet: ""), the table's options and its seats' statuses; no
    undo over the network."""
    table, _ = Table.new(cluck_session())
    state = table.session.state
    for _ in range(3):
        player = state.to_act()[0]
        table.apply(player, state.legal_actions(player)[0])
    mirror = Mirror()
    mirror.welcome(welcome_of(table, 1))
    remote = RemoteDriver(FakeClient(), mirror, mirror.view)  # type: ignore[arg-type]
    assert remote.actions == [(-1, "")] * 3
    assert remote.options == mirror.options and remote.options is not mirror.options
    assert remote.options["tiles"] == table.session.options["tiles"]
    assert remote.status == ["open", "connected", "open"] and remote.viewer == 1
    assert remote.game_id == "cluck" and remote.thinking() == [] and remote.pending == {}
    with pytest.raises(ValueError, match="no undo"):
        remote.undo(1)
