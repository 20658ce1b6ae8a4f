"""Issue #40, "the coach on a phone": a person whose hand is on their phone asks the coach
at their decision; the host searches as the big screen's Coach button does (the seat's
view only), sends the say back to that phone, bounded in size and rate, keeps it for
the decision, and marks the seat as coached. Headless: a table with recording peers,
and one round trip over 127.0.0.1 through a window's host thread (every wait bounded).
"""

from __future__ import annotations

import json
import threading
import time

import pytest
from websockets.sync.client import connect

from game.ai import coach as coach_engine
from game.ai.coach import advise
from game.ai.coach_words import lines
from game.net.host import HostThread
from game.net.phone_coach import COACH_BURST, IN_FLIGHT, CoachRefusal, PhoneCoach
from game.net.protocol import (
    MAX_INBOUND_BYTES,
    VERSION,
    ProtocolError,
    check_client_message,
    check_host_message,
    decode,
)
from game.net.table import Refused, Table
from game.session import Session
from game.ui.i18n import Translator
from tests.net_helpers import RecordingPeer, lobby_options, wait_listening
from tests.scene_helpers import seats

LIMIT_S = 60.0  # a bound on each wait, not a timing check


def duck_table() -> tuple[Table, dict[int, str]]:
    """Seats 0 and 1 people at the host's screen, both on phones; seat 2 a computer."""
    session = Session("duck", seats("duck", (0, 1), 3, "easy"), 11, lobby_options("duck"))
    table, _owner = Table.new(session, local_seats=(0, 1))
    return table, {p: table.phone_token(p) for p in (0, 1)}


def to_decision(table: Table, seat: int) -> None:
    """Play (first legal moves) until ``seat`` decides."""
    state = table.session.state
    while seat not in state.to_act():
        p = state.to_act()[0]
        table.apply(p, state.legal_actions(p)[0])


def answered(table: Table, peer: RecordingPeer) -> dict:
    """The table's coach answers polled (as the host's pump does) until ``peer`` has one."""
    deadline = time.monotonic() + LIMIT_S
    while True:
        table.coach_answers()
        got = [m for m in peer.sent if m["type"] in ("coach", "refusal")]
        if got:
            return got[-1]
        assert time.monotonic() < deadline, "the coach never answered"
        table.coach.wait(1.0)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_seat_asks_and_gets_the_hard_computers_say_and_is_marked(lang):
    """issue #40 coach on a phone: at its decision a phone seat's "coach" is answered with
    the coach's say in the phone's language -- the same engine and words as the big
    screen's, searched on that seat's view only -- and the seat is marked as coached."""
    table, tokens = duck_table()
    phone = RecordingPeer("phone")
    table.rejoin(phone, tokens[0])
    to_decision(table, 0)
    session = table.session
    n = len(session.actions)
    table.ask_coach(phone, n, lang)
    assert session.coached == {0}  # marked as the search starts, as at the big screen
    message = answered(table, phone)
    assert message["type"] == "coach", message
    check_host_message(message)  # a message of the protocol, within its bounds
    assert len(json.dumps(message, ensure_ascii=False).encode()) < 8 * 1024
    # the words of what the search found (a Duck! search may stop on its clock guard
    # under load, so it is not searched again: test_the_search_sees_the_seats_view_only)
    found = table.coach.kept(0, n)
    assert found is not None and (found.game_id, found.seat, found.step) == ("duck", 0, n)
    assert message["n"] == n
    assert [o["action"] for o in message["options"]] == [
        str(o.action) for o in (found.pick, *found.alternatives())
    ]
    assert message["lines"] == lines(Translator(lang), found)
    assert all(o["action"] in map(str, session.state.legal_actions(0)) for o in message["options"])


def test_the_search_sees_the_seats_view_only(monkeypatch):
    """issue #40 coach on a phone: the host hands the search ``state.view(seat)`` (never
    another seat's secret), at that position."""
    table, tokens = duck_table()
    phone = RecordingPeer("phone")
    table.rejoin(phone, tokens[1])
    to_decision(table, 1)
    seen = []

    def recording(game_id, state, seat, step, **kwargs):
        seen.append((game_id, state.to_dict(), seat, step))
        return advise(game_id, state, seat, step, **kwargs)

    monkeypatch.setattr(coach_engine, "advise", recording)
    n = len(table.session.actions)
    table.ask_coach(phone, n, "en")
    assert answered(table, phone)["type"] == "coach"
    assert seen == [("duck", table.session.state.view(1).to_dict(), 1, n)]
    assert table.session.state.view(1).to_dict() != table.session.state.to_dict()  # secrets


def test_not_that_seats_decision_is_refused_and_nothing_is_marked():
    """issue #40 coach on a phone: asked while another seat decides (or for an older
    position), the coach refuses; nothing is searched, nothing marked."""
    table, tokens = duck_table()
    phone = RecordingPeer("phone")
    table.rejoin(phone, tokens[1])
    state = table.session.state
    assert 1 not in state.to_act()
    with pytest.raises(Refused) as refused:
        table.ask_coach(phone, len(table.session.actions), "en")
    assert refused.value.code == "coach_turn"
    to_decision(table, 1)
    with pytest.raises(Refused) as stale:
        table.ask_coach(phone, len(table.session.actions) - 1, "en")
    assert stale.value.code == "coach_stale"
    assert table.session.coached == set() and table.coach.searches == 0


def test_only_the_phone_holding_the_seat_may_ask():
    """issue #40 coach on a phone: a spectator, an online seat and a stranger's
    connection are refused (the coach answers a seat's phone only)."""
    session = Session("duck", seats("duck", (0, 1), 3, "easy"), 11, lobby_options("duck"))
    table, _owner = Table.new(session, local_seats=(0,))
    phone_token = table.phone_token(0)
    online, watcher, stranger = RecordingPeer("online"), RecordingPeer("spec"), RecordingPeer("x")
    table.join(online, 1, "Bea")
    table.join(watcher, None, "Cy")
    for peer in (online, watcher, stranger):
        with pytest.raises(Refused) as refused:
            table.ask_coach(peer, len(session.actions), "en")
        assert refused.value.code == "coach_seat"
    phone = RecordingPeer("phone")
    table.rejoin(phone, phone_token)
    assert session.coached == set() and table.coach.searches == 0


class Held:
    """A search that waits for the test: one in flight can be seen while it runs."""

    def __init__(self):
        self.release = threading.Event()

    def __call__(self, game_id, state, seat, step, **kwargs):
        assert self.release.wait(LIMIT_S)
        return advise(game_id, state, seat, step, **kwargs)


def test_one_search_in_flight_per_seat_and_a_few_per_table(monkeypatch):
    """issue #40 coach on a phone: a seat's second ask while its search runs is refused
    ("busy"), and no more than the table's in-flight searches run at once (another
    seat deciding at the same time is refused too until one ends)."""
    held = Held()
    monkeypatch.setattr(coach_engine, "advise", held)
    table, _tokens = duck_table()
    session, state = table.session, table.session.state
    while len(state.to_act()) < 2:  # Duck's secret cards: everybody decides at once
        p = state.to_act()[0]
        table.apply(p, state.legal_actions(p)[0])
    first, second = state.to_act()[:2]
    n = len(session.actions)
    coach = PhoneCoach(in_flight=1)
    assert coach.ask(session, first, n, "en") is None  # started
    with pytest.raises(CoachRefusal) as busy:
        coach.ask(session, first, n, "en")
    assert busy.value.code == "coach_busy"
    with pytest.raises(CoachRefusal) as full:
        coach.ask(session, second, n, "en")
    assert full.value.code == "coach_busy"
    assert coach.running() == 1 and coach.searches == 1 and session.coached == {first}
    held.release.set()
    assert coach.wait(LIMIT_S)
    assert [seat for seat, _text in coach.poll(session)] == [first]
    assert coach.ask(session, second, n, "en") is None  # room again
    assert coach.wait(LIMIT_S) and len(coach.poll(session)) == 1
    assert IN_FLIGHT >= 1


def test_the_answer_is_kept_for_the_decision_and_searches_are_rate_limited():
    """issue #40 coach on a phone: asking again at the same decision (another language,
    the page reopened) is answered at once from what was found, without a search; a new
    search is refused once the seat's bucket is empty, until it refills at the rate."""
    now = [0.0]
    coach = PhoneCoach(clock=lambda: now[0], burst=1, rate=0.5)
    # Verflixxt!'s base game: the seat rolls, then moves -- two decisions in a row
    session = Session(
        "verflixxt", seats("verflixxt", (0, 1), 2, "easy"), 11, lobby_options("verflixxt")
    )
    assert session.state.to_act() == (0,) or list(session.state.to_act()) == [0]
    assert coach.ask(session, 0, 0, "en") is None
    assert coach.wait(LIMIT_S)
    first = coach.poll(session)
    assert [seat for seat, _text in first] == [0]
    english = decode(first[0][1])
    assert english["type"] == "coach"
    again = coach.ask(session, 0, 0, "ja")  # kept: answered now, in Japanese, no search
    assert again is not None and coach.searches == 1
    japanese = decode(again)
    assert [o["action"] for o in japanese["options"]] == [o["action"] for o in english["options"]]
    assert japanese["lines"] == lines(Translator("ja"), coach.kept(0, 0))
    session.apply(0, session.state.legal_actions(0)[0])  # rolled: now the move
    assert list(session.state.to_act()) == [0]
    with pytest.raises(CoachRefusal) as rate:
        coach.ask(session, 0, 1, "en")
    assert rate.value.code == "coach_rate" and coach.searches == 1
    now[0] += 2.0  # one search's worth of refill (1 / rate)
    assert coach.ask(session, 0, 1, "en") is None
    assert coach.wait(LIMIT_S)
    assert [seat for seat, _text in coach.poll(session)] == [0]
    assert COACH_BURST >= 1


def test_an_answer_after_the_person_played_is_not_shown(monkeypatch):
    """issue #40 coach on a phone: a search that ends after its person played (on the
    page, without waiting) is not sent as advice: the page is told the decision passed."""
    held = Held()
    monkeypatch.setattr(coach_engine, "advise", held)
    table, tokens = duck_table()
    phone = RecordingPeer("phone")
    table.rejoin(phone, tokens[0])
    to_decision(table, 0)
    table.ask_coach(phone, len(table.session.actions), "en")
    table.apply(0, table.session.state.legal_actions(0)[0])
    held.release.set()
    message = answered(table, phone)
    assert message["type"] == "refusal" and message["code"] == "coach_stale"
    assert table.session.coached == {0}  # asked: the record stays honest


def test_the_coach_message_is_checked_like_every_message():
    """issue #40 coach on a phone: the client's "coach" has exactly its keys (a position,
    a language of the page) and nothing else; anything else is refused."""
    assert check_client_message({"type": "coach", "n": 4, "lang": "ja"}) == {"n": 4, "lang": "ja"}
    assert check_client_message({"type": "coach", "n": 0}) == {"n": 0}
    for bad in (
        {"type": "coach"},
        {"type": "coach", "n": -1},
        {"type": "coach", "n": 3, "lang": "fr"},
        {"type": "coach", "n": 3, "seat": 2},
        {"type": "coach", "n": True},
    ):
        with pytest.raises(ProtocolError):
            check_client_message(bad)


def test_a_phone_asks_the_coach_over_the_network_and_the_window_stays_free():
    """issue #40 coach on a phone: over 127.0.0.1, a phone's "coach" through a window's
    host thread (whose pump never waits for the search) comes back as the coach's say."""
    session = Session("duck", seats("duck", (0,), 2, "easy"), 11, lobby_options("duck"))
    host = HostThread(
        session, host="127.0.0.1", port=0, autosave=False, local_seats=(0,), phones=(0,)
    )
    host.start()
    try:
        port = wait_listening(host)
        with connect(f"ws://127.0.0.1:{port}/", max_size=1 << 20, open_timeout=10) as ws:
            ws.send(
                json.dumps(
                    {
                        "v": VERSION,
                        "type": "rejoin",
                        "code": host.code,
                        "token": host.phone_tokens[0],
                    }
                )
            )
            welcome = _next(ws, host, "welcome")
            assert welcome["seat"] == 0
            while 0 not in session.state.to_act():
                p = session.state.to_act()[0]
                host.apply(p, session.state.legal_actions(p)[0])
            n = len(session.actions)
            ask = json.dumps({"v": VERSION, "type": "coach", "n": n, "lang": "en"})
            assert len(ask) < MAX_INBOUND_BYTES
            ws.send(ask)
            said = _next(ws, host, "coach")
            assert said["n"] == n and said["options"][0]["action"] in map(
                str, session.state.legal_actions(0)
            )
            assert session.coached == {0}
    finally:
        host.stop()


def _next(ws, host: HostThread, kind: str) -> dict:
    """The next message of ``kind`` from the host, pumping it meanwhile as a window does."""
    deadline = time.monotonic() + LIMIT_S
    while time.monotonic() < deadline:
        host.pump()
        try:
            raw = ws.recv(timeout=0.05)
        except TimeoutError:
            continue
        message = json.loads(raw)
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} from the host")


def test_every_move_the_coach_may_name_on_a_phone_has_words_not_notation():
    """issue #40 coach on a phone (#39's rule: no raw notation, no coordinate on a
    phone): the advanced game's tokens, the hound's moves and Verflixxt!'s attack are
    named in words in both languages, as the other moves were already."""
    import re

    from game.ai.coach_words import action_name
    from game.rules.duck import actions as A
    from game.rules.verflixxt import actions as V
    from tools.phone_browser import COORDINATE

    duck = [
        A.Turn(),
        A.Done(),
        A.Blue(),
        A.Keep(card=12, index=1),
        A.Step(),
        A.Rotate(facing=2),
        A.Swap(),
        A.Ghost(duck=1),
        A.Become(duck=0),
        A.HoundPatterns("AB"),
        A.HoundPatterns("C"),
    ]
    for lang in ("en", "ja"):
        say = Translator(lang)
        named = [action_name(say, "duck", a) for a in duck]
        named.append(action_name(say, "verflixxt", V.Attack(3, "t5")))
        notation = [str(a) for a in duck] + ["attack 3 t5"]
        for name, text in zip(named, notation):
            assert name != say("coach.act.notation", notation=text), (lang, text)
            assert " " not in text or text not in name, (lang, name)  # "keep 12/2" not quoted
            assert not re.search(COORDINATE, name), (lang, name)
            assert "{" not in name, (lang, name)


def test_the_phones_mark_is_kept_in_the_save_and_the_history(tmp_path):
    """issue #40 coach on a phone, the fair record: the seat that asked on its phone is
    kept as coached in the table's save and in the History row (the "coach asked" mark
    and the fair-games filter), as a seat that asked at the big screen is."""
    from game.history import History
    from game.saves import session_payload

    table, tokens = duck_table()
    phone = RecordingPeer("phone")
    table.rejoin(phone, tokens[1])
    to_decision(table, 1)
    table.ask_coach(phone, len(table.session.actions), "en")
    assert answered(table, phone)["type"] == "coach"
    session = table.session
    assert session_payload(session, "autosave")["coached"] == [1]
    state = session.state
    while not state.is_over():  # the rest of the game, first legal moves
        p = state.to_act()[0]
        table.apply(p, state.legal_actions(p)[0])
        state = session.state
    history = History.open(tmp_path / "history.sqlite")
    try:
        history.record(session, source="hosted")
        (row,) = history.games()
        assert row.coached and [s.coached for s in row.seats] == [False, True, False]
        assert history.games(fair=True) == []
    finally:
        history.close()
