"""The host's Tables and Server decisions in process (issue #30: the sweeps, the autosave's
timing, the message dispatch and the refusals that only the slow attack tests on a real
``serve`` reached). Fake connections and a fake saver record what the host did; no
socket is opened. Each test names the rule it guards."""

from __future__ import annotations

import json
import queue
from pathlib import Path
from typing import Any

import pytest

from game.net import server as server_module
from game.net.protocol import check_client_message, encode
from game.net.server import (
    AUTOSAVE_S,
    CLOSE_POLICY,
    Server,
    Tables,
    action_id,
)
from game.net.table import CLOSE_ERROR, Table
from game.session import Seat, Session


class Conn:
    """A connection as Tables and Server see it: what it is sent, how it is closed."""

    def __init__(self, address: str = "10.0.0.1", bucket: Any = None) -> None:
        self.address = address
        self.created = False
        self.table: Table | None = None
        self.closing = False
        self.sent: list[dict] = []
        self.closed: list[tuple[int, str]] = []
        if bucket is not None:
            self.bucket = bucket

    def send(self, text: str) -> None:
        self.sent.append(json.loads(text))

    def close(self, code: int, reason: str) -> None:
        self.closed.append((code, reason))
        self.closing = True


class FakeSaver:
    """Saver's interface: records each submit (paths -> text or None, prune) and each
    game lock to let go once written (issue #36)."""

    def __init__(self) -> None:
        self.submits: list[tuple[dict[Path, str | None], bool]] = []
        self.released: list[str] = []

    def submit(self, files, *, prune: bool = False) -> None:
        self.submits.append(({path: text for path, text in files}, prune))

    def let_go_after(self, save_id: str) -> None:
        self.released.append(save_id)


def fields(kind: str, **values: Any) -> dict:
    return check_client_message({"v": 2, "type": kind, **values})


def created(tables: Tables, conn: Conn, kinds=("person", "person")) -> Table:
    tables.handle(
        conn, "create", fields("create", game="cluck", seats=[{"kind": k} for k in kinds])
    )
    assert conn.sent[-1]["type"] == "created", conn.sent[-1]
    return tables.by_code[conn.sent[-1]["code"]]


# -- sweeping tables past their time ---------------------------------------------------------------
def test_a_created_table_nobody_joined_is_forgotten_at_its_expiry_with_its_files():
    """Rule: a table a client created that nobody ever joined is closed and forgotten
    ``unjoined_expiry`` seconds after it was made (not a moment before): both its files
    are removed (nothing was played)."""
    saver = FakeSaver()
    tables = Tables("serve", allow_create=True, unjoined_expiry=600.0, saver=saver)
    table = created(tables, Conn())
    assert tables.sweep(table.created + 599.5) == []
    assert table.code in tables.by_code and not table.closed
    saver.submits.clear()
    assert tables.sweep(table.created + 600.0) == [table]
    assert table.code not in tables.by_code and table.closed
    assert len(saver.submits) == 1
    removed, _prune = saver.submits[0]
    assert set(removed.values()) == {None}
    assert {p.parent.name for p in removed} == {"saves", "tables"}
    assert saver.released == [table.session.save_id]  # its game's lock, after its files


def test_an_abandoned_table_is_closed_a_day_after_its_last_member_its_autosave_kept():
    """Rule: a table that was joined and has had no member for ``abandoned_expiry`` is
    closed and forgotten; only its table file is removed (the autosave is the game so
    far). A moment earlier it stays."""
    saver = FakeSaver()
    tables = Tables("serve", allow_create=True, abandoned_expiry=86_400.0, saver=saver)
    table = created(tables, Conn())
    table.joined, table.active = True, 50_000.0
    assert tables.sweep(50_000.0 + 86_399.0) == [] and not table.closed
    saver.submits.clear()
    assert tables.sweep(50_000.0 + 86_400.0) == [table]
    assert table.closed and table.code not in tables.by_code
    (removed, _prune), *_ = saver.submits
    assert list(removed.values()) == [None]
    assert [p.parent.name for p in removed] == ["tables"]


def test_a_table_with_a_member_is_never_swept_and_counts_as_active_now():
    """Rule: a table somebody is at is active: the sweep keeps it whatever its age and
    marks it active at the sweep's time."""
    tables = Tables("serve", allow_create=True, unjoined_expiry=10.0, abandoned_expiry=10.0)
    table = created(tables, Conn())
    guest = Conn("10.0.0.2")
    tables.handle(guest, "hello", fields("hello", code=table.code, seat=None, name="W"))
    table.joined, table.active = False, 0.0  # even as if nobody ever had
    assert tables.sweep(table.created + 1_000_000.0) == []
    assert table.active == table.created + 1_000_000.0 and not table.closed


def test_a_joined_table_is_not_forgotten_as_unjoined_and_a_finished_one_not_as_abandoned():
    """Rule: the unjoined expiry is for tables nobody ever joined; a finished table is
    not closed as abandoned (its game is over: nothing to keep it open for)."""
    tables = Tables("serve", allow_create=True, unjoined_expiry=10.0, abandoned_expiry=1e9)
    joined = created(tables, Conn("10.0.0.1"))
    joined.joined = True
    assert tables.sweep(joined.created + 100.0) == []
    over = created(tables, Conn("10.0.0.2"))
    over.joined = True
    state = over.session.state
    while not state.is_over():
        player = state.to_act()[0]
        over.apply(player, state.legal_actions(player)[0])
    assert tables.sweep(over.active + 2e9) == [joined]
    assert over.code in tables.by_code


def test_the_hosts_own_table_is_not_forgotten_as_unjoined():
    """Rule: the unjoined expiry is for tables a client created (``creator``); a table the
    host itself opened waits for its people until the abandoned expiry."""
    tables = Tables("app", unjoined_expiry=10.0, abandoned_expiry=1_000.0)
    seats = [Seat("A", "henrietta"), Seat("B", "clucky")]
    table = tables.add(Table(Session("cluck", seats, 1), created=100.0))
    assert tables.sweep(500.0) == []
    assert tables.sweep(1_100.0) == [table]


# -- the autosave's timing ----------------------------------------------------------------------------
def test_a_new_token_is_saved_at_once_and_actions_are_gathered_for_autosave_s():
    """Rule: a seat taken (a new token) is written at once (its holder must be able to
    rejoin after a crash); actions are gathered and written AUTOSAVE_S later, once per
    table however many came; a game's end at once, pruning the finished autosaves."""
    saver = FakeSaver()
    tables = Tables("serve", allow_create=True, saver=saver)
    later: list[tuple[float, Any]] = []
    tables.later = lambda delay, call: later.append((delay, call))
    table = created(tables, Conn())
    assert len(saver.submits) == 1  # the new table
    aiko = Conn("10.0.0.2")
    tables.handle(aiko, "hello", fields("hello", code=table.code, seat=0, name="Aiko"))
    assert len(saver.submits) == 2 and later == []
    meta = json.loads(next(t for p, t in saver.submits[-1][0].items() if p.parent.name == "tables"))
    assert meta["seats"][0] is not None
    state = table.session.state
    for _ in range(2):
        player = state.to_act()[0]
        table.apply(player, state.legal_actions(player)[0])
    assert len(saver.submits) == 2 and len(later) == 1 and later[0][0] == AUTOSAVE_S
    assert table in tables.dirty
    later[0][1]()
    assert len(saver.submits) == 3 and table not in tables.dirty
    assert saver.submits[-1][1] is False
    later[0][1]()  # a timer for a table saved meanwhile writes nothing more
    assert len(saver.submits) == 3
    while not state.is_over():
        player = state.to_act()[0]
        table.apply(player, state.legal_actions(player)[0])
    files, prune = saver.submits[-1]
    assert prune is True
    assert [t for p, t in files.items() if p.parent.name == "tables"] == [None]


def test_flush_writes_every_table_changed_since_and_no_other():
    """Rule: without a loop's timer the host calls flush every AUTOSAVE_S: each changed
    table is written once, an unchanged one not at all."""
    saver = FakeSaver()
    tables = Tables("serve", allow_create=True, saver=saver)
    busy = created(tables, Conn("10.0.0.1"))
    idle = created(tables, Conn("10.0.0.2"))
    state = busy.session.state
    player = state.to_act()[0]
    busy.apply(player, state.legal_actions(player)[0])
    saver.submits.clear()
    tables.flush()
    assert len(saver.submits) == 1
    assert any(busy.session.save_id in p.name for p in saver.submits[0][0])
    assert not any(idle.session.save_id in p.name for p in saver.submits[0][0])
    tables.flush()
    assert len(saver.submits) == 1


# -- messages to tables ------------------------------------------------------------------------------
def test_a_fatal_problem_is_an_error_and_a_closed_line_a_refusal_keeps_it_open():
    """Rule: an unknown code or token is an ``error`` and the line is closed (4000 with
    the code as reason); a refusal leaves it open and names the action's id."""
    tables = Tables("serve", allow_create=True)
    table = created(tables, Conn())
    stranger = Conn("10.0.0.3")
    tables.handle(stranger, "hello", fields("hello", code="2222-3333-4444", seat=0, name="X"))
    assert stranger.sent == [
        {"v": 2, "type": "error", "code": "code", "reason": "no table here has that join code"}
    ]
    assert stranger.closed == [(CLOSE_ERROR, "code")] and stranger.table is None
    thief = Conn("10.0.0.4")
    tables.handle(thief, "rejoin", fields("rejoin", code=table.code, token="x" * 32))
    assert thief.sent[-1]["type"] == "error" and thief.sent[-1]["code"] == "token"
    assert thief.closed == [(CLOSE_ERROR, "token")] and thief.table is None
    aiko = Conn("10.0.0.5")
    tables.handle(aiko, "hello", fields("hello", code=table.code, seat=0, name="Aiko"))
    tables.handle(aiko, "action", fields("action", id=9, action="nonsense"))
    assert aiko.sent[-1]["type"] == "refusal" and aiko.sent[-1]["code"] == "notation"
    assert aiko.sent[-1]["id"] == 9 and aiko.closed == []


def test_a_connection_at_a_table_may_not_say_hello_again_and_one_at_none_may_not_act():
    """Rule: hello and rejoin are for a connection at no table ('joined' otherwise);
    an action or a hand-over needs a table first ('not_joined')."""
    tables = Tables("serve", allow_create=True)
    table = created(tables, Conn())
    aiko = Conn("10.0.0.2")
    tables.handle(aiko, "hello", fields("hello", code=table.code, seat=0, name="Aiko"))
    token = aiko.sent[0]["token"]
    for kind, values in (
        ("hello", {"code": table.code, "seat": 1, "name": "Again"}),
        ("rejoin", {"code": table.code, "token": token}),
    ):
        tables.handle(aiko, kind, fields(kind, **values))
        assert aiko.sent[-1]["type"] == "refusal" and aiko.sent[-1]["code"] == "joined"
    assert table.status(1) == "open" and table.seat_peer[0] is aiko
    loner = Conn("10.0.0.3")
    tables.handle(loner, "action", fields("action", id=1, action="x"))
    tables.handle(loner, "hand_over", fields("hand_over", owner="o" * 32, seat=1))
    assert [(m["type"], m["code"]) for m in loner.sent] == [("refusal", "not_joined")] * 2
    assert loner.sent[0]["id"] == 1 and loner.sent[1]["id"] is None


def test_a_typed_code_is_found_whatever_its_case_spaces_and_dashes():
    """Rule: a join code typed in lower case, with spaces instead of dashes, finds its
    table (a look, a hello)."""
    tables = Tables("serve", allow_create=True)
    table = created(tables, Conn())
    typed = table.code.lower().replace("-", " ")
    looker = Conn("10.0.0.2")
    tables.handle(looker, "look", fields("look", code=typed))
    assert looker.sent[-1]["type"] == "table" and looker.table is None
    tables.handle(looker, "hello", fields("hello", code=typed, seat=1, name="Ben"))
    assert [m["type"] for m in looker.sent[1:]] == ["welcome", "seats"]
    assert looker.table is table and looker.sent[1]["seat"] == 1


def test_only_the_owner_hands_a_seat_over_and_at_the_level_asked():
    """Rule: a hand-over needs the owner's token ('owner' otherwise); the computer plays
    at the level asked, 'normal' when none is."""
    tables = Tables("serve", allow_create=True)
    owner_conn = Conn()
    table = created(tables, owner_conn, ("person", "person", "person"))
    owner = owner_conn.sent[-1]["owner"]
    aiko = Conn("10.0.0.2")
    tables.handle(aiko, "hello", fields("hello", code=table.code, seat=0, name="Aiko"))
    tables.handle(aiko, "hand_over", fields("hand_over", owner=aiko.sent[0]["token"], seat=1))
    assert aiko.sent[-1]["code"] == "owner" and table.session.seats[1].human
    tables.handle(aiko, "hand_over", fields("hand_over", owner=owner, seat=1, level="hard"))
    tables.handle(aiko, "hand_over", fields("hand_over", owner=owner, seat=2))
    assert [(s.human, s.level) for s in table.session.seats[1:]] == [
        (False, "hard"),
        (False, "normal"),
    ]


def test_create_makes_the_seats_asked_for_and_refuses_a_wrong_game_or_count():
    """Rule: a created table has one seat per spec, people and computers at their
    levels ('normal' when none is given); an unknown game is refused 'game', a count the
    game does not take 'players', options its rules refuse 'options'. Each refusal makes
    nothing."""
    tables = Tables("serve", allow_create=True)
    changes: list[tuple[Table, str]] = []
    tables.on_change = lambda table, what: changes.append((table, what))
    conn = Conn()
    specs = [{"kind": "person"}, {"kind": "computer", "level": "easy"}, {"kind": "computer"}]
    tables.handle(conn, "create", fields("create", game="cluck", seats=specs))
    table = tables.by_code[conn.sent[-1]["code"]]
    assert [(s.human, s.level) for s in table.session.seats] == [
        (True, "normal"),
        (False, "easy"),
        (False, "normal"),
    ]
    assert table.creator == "10.0.0.1" and table.owner_may(conn.sent[-1]["owner"])
    assert ("created" in [what for _, what in changes]) and conn.created
    for values, code in (
        ({"game": "chess", "seats": specs}, "game"),
        ({"game": "cluck", "seats": [{"kind": "person"}]}, "players"),
        ({"game": "cluck", "seats": [{"kind": "person"}] * 5}, "players"),
        ({"game": "cluck", "seats": specs, "options": {"no_such": 1}}, "options"),
    ):
        other = Conn("10.0.0.9")
        tables.handle(other, "create", fields("create", **values))
        assert other.sent[-1]["type"] == "refusal" and other.sent[-1]["code"] == code, values
        assert not other.created
    assert len(tables.by_code) == 1


def test_a_finished_table_is_dropped_when_its_last_member_leaves():
    """Rule: a finished game's table is forgotten once nobody is at it (its autosave
    stays); an unfinished one waits for its people."""
    tables = Tables("serve", allow_create=True)
    table = created(tables, Conn())
    aiko, ben = Conn("10.0.0.2"), Conn("10.0.0.3")
    tables.handle(aiko, "hello", fields("hello", code=table.code, seat=0, name="Aiko"))
    tables.handle(ben, "hello", fields("hello", code=table.code, seat=1, name="Ben"))
    tables.leave(aiko)
    assert table.code in tables.by_code
    state = table.session.state
    while not state.is_over():
        player = state.to_act()[0]
        table.apply(player, state.legal_actions(player)[0])
    tables.leave(Conn("10.0.0.4"))  # never at a table: nothing
    assert table.code in tables.by_code
    tables.leave(ben)
    assert table.code not in tables.by_code


# -- the server's side of a message ---------------------------------------------------------------------
class Bucket:
    def __init__(self, allow: bool, flooded: bool = False) -> None:
        self.rate = 10.0
        self._allow, self._flooded = allow, flooded

    def allow(self) -> bool:
        return self._allow

    def flooded(self) -> bool:
        return self._flooded


def window_server() -> tuple[Server, queue.SimpleQueue, Table]:
    tables = Tables("app")
    seats = [Seat("A", "henrietta"), Seat("B", "clucky")]
    table, _ = Table.new(Session("cluck", seats, 1))
    tables.add(table)
    inbox: queue.SimpleQueue = queue.SimpleQueue()
    return Server(tables, inbox=inbox), inbox, table


def test_a_message_over_the_rate_is_refused_with_its_action_id_and_a_flood_is_closed():
    """Rule: a message past the rate is dropped with a refusal 'rate' naming the action's
    id (None for another message) and the line stays; past the flood it is an error
    'rate' and the line is closed (1008)."""
    server, inbox, table = window_server()
    conn = Conn(bucket=Bucket(allow=False))
    raw = encode("action", id=41, action="x")
    assert server._receive(conn, raw) is True
    assert conn.sent[-1]["type"] == "refusal" and conn.sent[-1]["code"] == "rate"
    assert conn.sent[-1]["id"] == 41 and "10 messages a second" in conn.sent[-1]["reason"]
    assert server._receive(conn, encode("look", code=table.code)) is True
    assert conn.sent[-1]["id"] is None and conn.closed == [] and inbox.empty()
    flood = Conn(bucket=Bucket(allow=False, flooded=True))
    assert server._receive(flood, raw) is False
    assert flood.sent[-1]["type"] == "error" and flood.sent[-1]["code"] == "rate"
    assert flood.closed == [(CLOSE_POLICY, "flood")] and inbox.empty()


def test_a_bad_message_is_refused_and_another_version_is_an_error():
    """Rule: a message that is not the protocol's is refused (its code, id None) and the
    line stays; another protocol version is an error 'version' and the line is closed."""
    server, inbox, _table = window_server()
    conn = Conn(bucket=Bucket(allow=True))
    assert server._receive(conn, "{not json") is True
    assert conn.sent[-1]["type"] == "refusal" and conn.sent[-1]["code"] == "json"
    assert conn.sent[-1]["id"] is None
    assert server._receive(conn, json.dumps({"v": 2, "type": "look"})) is True
    assert conn.sent[-1]["code"] == "schema" and conn.closed == []
    assert server._receive(conn, json.dumps({"v": 3, "type": "look", "code": "x"})) is False
    assert conn.sent[-1]["type"] == "error" and conn.sent[-1]["code"] == "version"
    assert conn.closed == [(CLOSE_ERROR, "protocol version")] and inbox.empty()


def test_a_window_host_checks_the_code_before_queueing_a_hello():
    """Rule: on a window's host a hello or rejoin with a wrong code is answered on the
    network thread (error 'code', closed) and never queued; a right one is queued, and
    so is every message of a connection at the table."""
    server, inbox, table = window_server()
    wrong = Conn(bucket=Bucket(allow=True))
    assert server._receive(wrong, encode("hello", code="2222-3333-4444", seat=0, name="X")) is False
    assert wrong.sent[-1]["code"] == "code" and wrong.closed == [(CLOSE_ERROR, "code")]
    assert inbox.empty()
    right = Conn(bucket=Bucket(allow=True))
    assert server._receive(right, encode("hello", code=table.code, seat=0, name="Aiko")) is True
    conn, kind, values = inbox.get_nowait()
    assert conn is right and kind == "hello" and values["name"] == "Aiko" and right.sent == []
    right.table = table
    assert server._receive(right, encode("action", id=1, action="x")) is True
    assert inbox.get_nowait()[1] == "action"


def test_a_connection_that_joined_nothing_in_time_is_told_and_closed():
    """Rule: JOIN_TIMEOUT after its handshake a connection at no table is sent error
    'timeout' and closed; one at a table, or already closing, is left alone."""
    server, _inbox, table = window_server()
    idle = Conn()
    server._join_timeout(idle)
    assert idle.sent[-1]["code"] == "timeout" and idle.closed == [(CLOSE_ERROR, "timeout")]
    seated = Conn()
    seated.table = table
    server._join_timeout(seated)
    closing = Conn()
    closing.closing = True
    server._join_timeout(closing)
    assert seated.sent == closing.sent == [] and seated.closed == closing.closed == []


def test_action_id_reads_the_id_of_an_action_only():
    """Rule: a dropped message's refusal names its id only when it is an action with a
    whole-number id."""
    assert action_id(encode("action", id=5, action="x")) == 5
    assert action_id(encode("action", id=True, action="x")) is None
    assert action_id(encode("action", id="5", action="x")) is None
    assert action_id(encode("look", id=5)) is None
    assert action_id("not json") is None
    assert action_id(b"\x00") is None


@pytest.mark.parametrize("code", [CLOSE_POLICY])
def test_a_policy_close_is_rfc_6455s_1008(code):
    """Rule: a flood or a reader too far behind is closed with 1008 (policy violation)."""
    assert code == 1008 == server_module.CLOSE_POLICY


@pytest.mark.parametrize(
    ("name", "value", "documented"),
    [
        ("SWEEP_S", 1.0, "the server's sweep (every second)"),
        ("ACCEPT_QUIET_S", 5.0, "a streak ends after 5 s without one"),
        ("AUTOSAVE_S", 0.5, "autosaved within half a second of each action"),
    ],
)
def test_the_servers_timings_are_the_documented_ones(name, value, documented):
    """Rule: docs/network.md and server.py give the same timings."""
    docs = Path(__file__).resolve().parent.parent / "docs" / "network.md"
    assert getattr(server_module, name) == value
    assert documented in docs.read_text(encoding="utf-8")


def test_serve_keeps_the_computers_pool_it_is_given():
    """Rule: ``serve`` hands its Server a pool of worker processes: the server plays its
    computers with that pool, not threads of its own; a window's server (an inbox) plays
    none."""
    from game.net.computers import ComputerPool

    class Runner:
        workers = 1

    pool = ComputerPool(Runner())  # type: ignore[arg-type]
    server = Server(Tables("serve"), computers=pool)
    assert server.computers is pool
    assert Server(Tables("app"), inbox=queue.SimpleQueue()).computers is None
