"""One network Table's rules at their edges, in process with recording peers (issue #30:
planted one-line bugs in game/net/table.py that the end-to-end games never reach).
Each test names the rule it guards."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from game import registry
from game.net import table as table_module
from game.net.limits import REJOIN_BURST, REJOIN_RATE
from game.net.protocol import token_digest
from game.net.table import (
    CLOSE_TABLE_GONE,
    LOG_EVENTS,
    META_FORMAT,
    Fatal,
    Refused,
    Table,
)
from game.session import Seat, Session
from tests.net_helpers import RecordingPeer


class Clock:
    def __init__(self, now: float = 500.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def table_of(game: str, players: int, *, clock=None, **kwargs) -> tuple[Table, str]:
    info = registry.get(game)
    seats = [Seat(f"P{i}", info.characters[i].key) for i in range(players)]
    extra = {} if clock is None else {"clock": clock}
    return Table.new(Session(game, seats, 5), **extra, **kwargs)


def seated(table: Table, seat: int, name: str = "Aiko") -> tuple[RecordingPeer, str]:
    peer = RecordingPeer(name)
    table.join(peer, seat, name)
    return peer, peer.sent[0]["token"]


def play(table: Table, actions: int) -> list[dict]:
    """``actions`` first legal actions applied by the host; every event as sent."""
    happened = []
    state = table.session.state
    for _ in range(actions):
        player = state.to_act()[0]
        happened += [e.to_dict() for e in table.apply(player, state.legal_actions(player)[0])]
    return json.loads(json.dumps(happened))


# -- the events a (re)joining member is sent ----------------------------------------------------
def test_a_rejoining_seat_and_a_spectator_get_the_latest_120_events_they_may_see():
    """Rule: a welcome carries the events among the latest LOG_EVENTS (120) that the seat
    may see (a spectator: the public ones), in order; an older event or another seat's
    private one is never in it."""
    table, _ = table_of("duck", 3)
    opening = [json.loads(text) for text in table.log]
    aiko, token = seated(table, 0)
    happened = opening + play(table, 40)
    assert len(happened) > LOG_EVENTS + 20 and LOG_EVENTS == 120
    latest = happened[-LOG_EVENTS:]
    assert any(e["visible_to"] == [0] for e in latest)  # seat 0's private events
    assert any(e["visible_to"] not in (None, [0]) for e in latest)  # and the others'
    table.leave(aiko)
    back = RecordingPeer("back")
    table.rejoin(back, token)
    welcome = back.sent[0]
    assert welcome["type"] == "welcome" and welcome["seat"] == 0
    assert welcome["events"] == [e for e in latest if e["visible_to"] in (None, [0])]
    assert welcome["n"] == 40
    watcher = RecordingPeer("watcher")
    table.join(watcher, None, "W")
    assert watcher.sent[0]["events"] == [e for e in latest if e["visible_to"] is None]
    assert watcher.sent[0]["last_id"] == 0 and watcher.sent[0]["token"] is None


def test_an_update_carries_to_each_member_what_its_seat_may_see_and_the_ack_to_the_actor():
    """Rule: after an action every member gets one update with the events its seat may
    see and its own view; only the connection whose message it was gets ``ack``."""
    table, _ = table_of("cluck", 3)
    peers = {seat: seated(table, seat, f"P{seat}")[0] for seat in range(3)}
    watcher = RecordingPeer("watcher")
    table.join(watcher, None, "W")
    state = table.session.state
    player = state.to_act()[0]
    before = {peer: len(peer.sent) for peer in [*peers.values(), watcher]}
    table.act(peers[player], 7, str(state.legal_actions(player)[0]))
    for seat, peer in [*peers.items(), (None, watcher)]:
        new = peer.sent[before[peer] :]
        assert [m["type"] for m in new] == ["update"], (seat, new)
        update = new[0]
        assert update["n"] == 1 and update["to_act"] == list(state.to_act())
        assert update["view"] == table.view_dict(seat)
        assert all(e["visible_to"] is None or seat in e["visible_to"] for e in update["events"])
        if seat == player:
            assert update["ack"] == 7
        else:
            assert "ack" not in update
    private = [e for e in table.last_events if e.visible_to is not None]
    if private:  # the drawing seat sees its tile, nobody else does
        owner = private[0].visible_to[0]
        kinds = [e["kind"] for e in peers[owner].sent[-1]["events"]]
        assert private[0].kind in kinds
        assert private[0].kind not in [e["kind"] for e in watcher.sent[-1]["events"]]


def test_an_illegal_action_is_refused_and_nobody_is_sent_anything():
    """Rule: the rules refuse an illegal action before anything changes: a refusal
    'illegal', no update to anybody, the game as it was."""
    table, _ = table_of("cluck", 3)
    peers = {seat: seated(table, seat, f"P{seat}")[0] for seat in range(3)}
    state = table.session.state
    player = state.to_act()[0]
    other = next(p for p in range(3) if p not in state.to_act())
    before = {peer: len(peer.sent) for peer in peers.values()}
    text = str(state.legal_actions(player)[0])
    with pytest.raises(Refused) as refused:
        table.act(peers[other], 1, text)  # not their turn
    assert refused.value.code == "illegal" and "nothing changed" in refused.value.reason
    assert table.session.actions == []
    assert {peer: len(peer.sent) for peer in peers.values()} == before


# -- rejoining -------------------------------------------------------------------------------------
def test_a_seat_rejoins_six_times_at_once_then_once_every_two_seconds():
    """Rule: REJOIN_BURST (6) rejoins of one seat at once, then one every 1/REJOIN_RATE
    (2) seconds; past that the connection is told 'rate' (Fatal) and the seat stays
    with the connection that holds it. Another seat has its own allowance."""
    clock = Clock()
    table, _ = table_of("cluck", 3, clock=clock)
    _aiko, token = seated(table, 0)
    _ben, ben_token = seated(table, 1, "Ben")
    holders = []
    for _ in range(REJOIN_BURST):
        peer = RecordingPeer()
        table.rejoin(peer, token)
        holders.append(peer)
    late = RecordingPeer("late")
    with pytest.raises(Fatal) as fatal:
        table.rejoin(late, token)
    assert fatal.value.code == "rate"
    assert table.seat_peer[0] is holders[-1] and late not in table.members
    assert holders[-1].closed == []
    table.rejoin(RecordingPeer(), ben_token)  # seat 1 is not held up by seat 0
    clock.now += 1.0 / REJOIN_RATE - 0.25
    with pytest.raises(Fatal):
        table.rejoin(RecordingPeer(), token)
    clock.now += 0.25
    again = RecordingPeer("again")
    assert table.rejoin(again, token) == 0 and table.seat_peer[0] is again


def test_a_connection_at_the_table_may_not_rejoin_it():
    """Rule: one connection is at a table once: a rejoin from a member is refused
    'joined' and changes nothing (not even the rejoin allowance)."""
    table, _ = table_of("cluck", 3)
    aiko, token = seated(table, 0)
    ben, _ = seated(table, 1, "Ben")
    with pytest.raises(Refused) as refused:
        table.rejoin(ben, token)
    assert refused.value.code == "joined" and not isinstance(refused.value, Fatal)
    assert table.seat_peer[0] is aiko and table.members[ben] == 1 and aiko.closed == []


def test_a_person_rejoining_a_seat_a_computer_played_gets_it_back_and_the_decision_is_dropped():
    """Rule: a seat handed to a computer while its person was away is theirs again when
    they rejoin with the token; the computer's decision under way is forgotten."""
    table, _ = table_of("cluck", 3)
    aiko, token = seated(table, 0)
    table.leave(aiko)
    table.hand_to_computer(0, "hard")
    table.thinking.add(0)
    table.thinking.add(2)  # another seat's decision is not touched
    back = RecordingPeer("back")
    table.rejoin(back, token)
    assert table.session.seats[0].human and table.status(0) == "connected"
    assert table.thinking == {2}


def test_rejoining_after_the_game_ended_leaves_the_computer_in_the_seat():
    """Rule: a finished game's result stands: a seat a computer finished stays its."""
    table, _ = table_of("cluck", 3)
    aiko, token = seated(table, 0)
    table.leave(aiko)
    table.hand_to_computer(0)
    state = table.session.state
    while not state.is_over():
        player = state.to_act()[0]
        table.apply(player, state.legal_actions(player)[0])
    back = RecordingPeer("back")
    assert table.rejoin(back, token) == 0
    assert not table.session.seats[0].human and table.status(0) == "standing_in"


# -- statuses -----------------------------------------------------------------------------------------
def test_a_computer_seat_from_the_start_is_a_computer_not_standing_in():
    """Rule: "standing_in" is a person's seat (it has a token) a computer plays; a seat
    that was a computer from the start is "computer", and a local seat is "local"."""
    info = registry.get("cluck")
    seats = [Seat("A", info.characters[0].key), Seat("B", info.characters[1].key)]
    seats.append(Seat("Bot", info.characters[2].key, human=False))
    table = Table(Session("cluck", seats, 3), local_seats=[0])
    assert [table.status(i) for i in range(3)] == ["local", "open", "computer"]
    assert [s["status"] for s in table.seats_info()] == ["local", "open", "computer"]
    assert table.seats_info()[2] == {
        "name": "Bot",
        "character": info.characters[2].key,
        "human": False,
        "level": "normal",
        "status": "computer",
    }


def test_a_spectator_leaving_sends_no_seats_and_a_stranger_leaving_changes_nothing():
    """Rule: seat statuses go out when a seat changes; a spectator or a connection that
    was never at the table leaving changes no seat (and a stranger nothing at all)."""
    table, _ = table_of("cluck", 3)
    aiko, _ = seated(table, 0)
    watcher = RecordingPeer("watcher")
    table.join(watcher, None, "W")
    changes: list[str] = []
    table.on_change = changes.append
    seen = len(aiko.sent)
    table.leave(watcher)
    assert len(aiko.sent) == seen and table.spectators() == 0 and changes == ["members"]
    table.leave(RecordingPeer("stranger"))
    assert changes == ["members"] and len(aiko.sent) == seen


# -- handing over --------------------------------------------------------------------------------------
def test_handing_over_tells_the_members_and_is_a_seats_change():
    """Rule: a seat handed to a computer is a change of seats: members are sent the new
    statuses, and the host is told "seats" (it autosaves and starts the computer)."""
    table, _ = table_of("cluck", 3)
    aiko, _ = seated(table, 0)
    changes: list[str] = []
    table.on_change = changes.append
    table.hand_to_computer(2, "easy")
    assert changes == ["seats"]
    assert aiko.sent[-1]["type"] == "seats"
    assert aiko.sent[-1]["seats"][2]["status"] == "computer"
    assert aiko.sent[-1]["seats"][2]["level"] == "easy"


# -- closing ------------------------------------------------------------------------------------------
def test_a_closed_table_tells_every_member_and_sends_nothing_more():
    """Rule: closing a table sends every member error 'closed' with the reason and closes
    their line with 4004; the table then has no member, and a seats batch that was due
    sends nothing."""
    clock = Clock()
    table, _ = table_of("cluck", 3, clock=clock)
    due: list = []
    table.later = lambda delay, call: due.append(call)
    aiko, _ = seated(table, 0)
    ben, _ = seated(table, 1, "Ben")  # within the interval: a batch is due
    watcher = RecordingPeer("watcher")
    table.join(watcher, None, "W")
    assert len(due) == 1
    table.close("the host closed the table")
    for peer in (aiko, ben, watcher):
        assert peer.sent[-1] == {
            "v": 2,
            "type": "error",
            "code": "closed",
            "reason": "the host closed the table",
        }
        assert peer.closed == [(CLOSE_TABLE_GONE, "table closed")]
    assert table.closed and table.members == {} and table.seat_peer == {}
    sent = {peer: len(peer.sent) for peer in (aiko, ben, watcher)}
    due[0]()
    assert {peer: len(peer.sent) for peer in (aiko, ben, watcher)} == sent


# -- what the host keeps ------------------------------------------------------------------------------
def test_meta_keeps_what_a_restart_needs_and_active_is_now_while_somebody_is_there(monkeypatch):
    """Rule: the table file has the code, the token digests (never tokens), the seats'
    last ids, the local seats (sorted), those held on phones, who created it, when it was made, whether anybody
    joined and when somebody was last there (now, while a member is at it)."""
    monkeypatch.setattr(table_module, "time", SimpleNamespace(time=lambda: 7_000.0))
    info = registry.get("cluck")
    seats = [Seat(f"P{i}", info.characters[i].key) for i in range(4)]
    table, owner = Table.new(
        Session("cluck", seats, 3), local_seats=[3, 1], created=1_000.0, active=2_000.0
    )
    table.creator = "10.0.0.1"
    meta = table.meta("serve")
    assert meta == {
        "format": META_FORMAT,
        "host": "serve",
        "code": table.code,
        "save_id": table.session.save_id,
        "owner": token_digest(owner),
        "seats": [None] * 4,
        "last_ids": [0] * 4,
        "local": [1, 3],
        "phones": [],  # seats held on phones (issue #29): none here
        "creator": "10.0.0.1",
        "created": 1_000.0,
        "joined": False,
        "active": 2_000.0,
    }
    _aiko, token = seated(table, 0)
    meta = table.meta("app")
    assert meta["seats"][0] == token_digest(token) and token not in json.dumps(meta)
    assert meta["joined"] is True and meta["active"] == 7_000.0 and meta["host"] == "app"


def test_a_table_is_joined_and_active_when_somebody_comes_not_when_an_action_is_played(
    monkeypatch,
):
    """Rule (the host's expiry): ``joined`` turns true when anybody comes, a spectator
    too; ``active`` is when somebody last came or went, not moved by actions."""
    now = [10_000.0]
    monkeypatch.setattr(table_module, "time", SimpleNamespace(time=lambda: now[0]))
    table, _ = table_of("cluck", 3)
    assert table.created == 10_000.0 and table.active == 10_000.0 and not table.joined
    now[0] = 10_100.0
    watcher = RecordingPeer("watcher")
    table.join(watcher, None, "W")
    assert table.joined and table.active == 10_100.0
    aiko, _ = seated(table, 0)
    now[0] = 10_200.0
    play(table, 1)
    assert table.active == 10_100.0
    table.leave(watcher)
    table.leave(aiko)
    assert table.active == 10_200.0 and table.joined


def test_a_table_nobody_came_to_stays_unjoined_when_it_changes():
    """Rule: a change with nobody at the table (a seat handed over) does not make it
    joined: an unjoined table still expires."""
    table, _ = table_of("cluck", 3)
    table.hand_to_computer(1)
    assert not table.joined


# -- what anybody may see before joining ----------------------------------------------------------------
def test_look_shows_only_plain_lobby_choices_of_at_most_40_characters():
    """Rule: a look shows the lobby's plain choices (null, true/false, numbers, texts of
    at most 40 characters); a longer text or anything else stays at the host."""
    table, _ = table_of("cluck", 3)
    table.session.options.update(
        {
            "forty": "x" * 40,
            "forty_one": "x" * 41,
            "count": 3,
            "flag": False,
            "none": None,
            "listed": [1, 2],
            "mapped": {"a": 1},
            "fraction": 0.5,
        }
    )
    shown = json.loads(table.look())["options"]
    assert shown["forty"] == "x" * 40 and shown["count"] == 3
    assert shown["flag"] is False and shown["none"] is None
    assert not {"forty_one", "listed", "mapped", "fraction"} & set(shown)
    watcher = RecordingPeer("watcher")
    table.join(watcher, None, "W")
    seated(table, 1, "Ben")
    look = json.loads(table.look())
    assert look["spectators"] == 1 and look["players"] == 3 and look["game"] == "cluck"
    assert [s["status"] for s in look["seats"]] == ["open", "connected", "open"]


def test_a_view_that_carries_the_seed_is_never_sent(monkeypatch):
    """Rule: nothing derived from the seed leaves the host: a view that carries the seed
    or the generator is refused outright (an AssertionError on the host), either key."""
    table, _ = table_of("cluck", 3)
    state_class = type(table.session.state)
    real_view = state_class.view
    for key in ("seed", "rng"):

        def leaky(self, seat, key=key):
            shown = real_view(self, seat)
            data = shown.to_dict()
            data[key] = 123

            class Shown:
                def to_dict(self):
                    return dict(data)

            return Shown()

        monkeypatch.setattr(state_class, "view", leaky)
        with pytest.raises(AssertionError, match="seed"):
            table.view_dict(0)
        with pytest.raises(AssertionError):
            table.join(RecordingPeer(), None, "W")
    monkeypatch.setattr(state_class, "view", real_view)
    assert table.view_dict(None).get("seed") is None


# -- what the host is told of each change ---------------------------------------------------------
def test_the_host_is_told_what_changed_a_token_a_seat_or_a_member():
    """Rule: on_change says what changed, for the autosave and the window: a seat taken
    with a new token "tokens" (written at once), a rejoin "seats" (the window shows the
    seat back), a spectator coming or going "members", an action "action"."""
    table, _ = table_of("cluck", 3)
    changes: list[str] = []
    table.on_change = changes.append
    aiko, token = seated(table, 0)
    assert changes == ["tokens"]
    watcher = RecordingPeer("watcher")
    table.join(watcher, None, "W")
    table.leave(watcher)
    assert changes == ["tokens", "members", "members"]
    table.leave(aiko)
    table.rejoin(RecordingPeer("back"), token)
    assert changes[-2:] == ["members", "seats"]
    play(table, 1)
    assert changes[-1] == "action"


def test_the_close_codes_are_the_protocols():
    """Rule: the close codes a client reads are the application's own (4000-4999, RFC
    6455 7.4.2), one each: 4000 after an error message, 4003 a seat taken over by a newer
    connection, 4004 the table closed."""
    from game.net.table import CLOSE_ERROR, CLOSE_REPLACED

    assert (CLOSE_ERROR, CLOSE_REPLACED, CLOSE_TABLE_GONE) == (4000, 4003, 4004)


@pytest.mark.parametrize("game", ["cluck", "duck", "routes"])
def test_the_first_member_is_welcomed_with_what_the_game_did_before_any_action(game):
    """Rule: a new table's log starts with what new_game did (the deal, the first roll:
    ``opening_events`` or ``opening``, as each game keeps them), so the first person to
    sit down sees the game begin as the scenes show it."""
    table, _ = table_of(game, 3)
    state = table.session.state
    opening = state.opening_events
    aiko, _ = seated(table, 0)
    expected = [e.to_dict() for e in opening if e.seen_by(0)]
    assert expected and aiko.sent[0]["events"] == json.loads(json.dumps(expected))
