"""The table layer's small promises, each written after a plant of issue #36's blind set
(``tools/mutants/fresh_set_4.py``) that the suite let through: the log's seat marks and
round dividers, the phone cards once a game is over, a replay's log while one seat's
hand is shown, which of several people deciding at once is asked first, an undo that
forgets the computers' decisions, a save whose record names a seat it has not."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from game import registry, saves
from game.scenes.table import frame_log
from game.scenes.table.phones import PhoneCards
from game.session import Seat, Session
from game.table.bots import BotRunner, PendingDecision
from game.table.replay import Replay
from game.ui.i18n import Translator
from tests.scene_helpers import make_app, push_game
from tests.test_history import finished


# -- the log -------------------------------------------------------------------------------------
def test_the_log_marks_the_longest_name_that_starts_where_a_shorter_one_does():
    """issue #36 (log-shortest-name-first): with seats "Ann" and "Anna", Anna's line is
    Anna's, not Ann's, whichever seat comes first."""
    assert frame_log.first_seat("Anna rolls a 6", ["Ann", "Anna"]) == 1
    assert frame_log.first_seat("Anna rolls a 6", ["Anna", "Ann"]) == 0
    assert frame_log.first_seat("Then Ann rolls", ["Anna", "Ann"]) == 1
    pieces = frame_log.split_names("Anna passes Ann", ["Ann", "Anna"])
    assert pieces == [("Anna", 1), (" passes ", None), ("Ann", 0)]


def test_a_rounds_divider_is_written_once_however_often_it_is_asked_for():
    """issue #36 (log-divider-doubled): a round that opens with an event puts its divider
    before that event's line; the round's end asks for the same divider again, and the
    log keeps one (equal dividers, not the same object)."""
    log = frame_log.TableLog(SimpleNamespace(), lambda: (), Translator("en").round)
    log.divider(3)
    log.write("Ann rolls a 6")
    log.divider(3)
    assert [str(e) for e in log if isinstance(e, frame_log.LogDivider)] == [
        str(frame_log.LogDivider(Translator("en").round(3)))
    ]
    log.divider(4)
    assert sum(isinstance(e, frame_log.LogDivider) for e in log) == 2


# -- phone cards ---------------------------------------------------------------------------------
def test_the_phone_cards_go_when_the_game_is_over():
    """issue #36 (phones-cards-after-the-end): a phone seat's card carries the key that
    takes the seat; once the game is over no card is offered (the end screen is over the
    table), while it is on they are, for the seats no phone holds."""
    over = [False]
    host = SimpleNamespace(
        phone_tokens={1: "k1", 2: "k2"}, table=SimpleNamespace(on_phone=lambda p: p == 2)
    )
    driver = SimpleNamespace(host=host, address="127.0.0.1:8765")
    scene = SimpleNamespace(
        driver=driver,
        session=SimpleNamespace(state=SimpleNamespace(is_over=lambda: over[0])),
    )
    cards = PhoneCards(scene, driver)
    assert cards.seats() == [1]
    over[0] = True
    assert cards.seats() == []


# -- replays -------------------------------------------------------------------------------------
def test_a_replays_rebuilt_log_is_what_everybody_saw_whoever_is_shown():
    """issue #36 (replay-log-shows-private-events): jumping while one seat's hidden things
    are shown rebuilds the log from the public events only, as when nobody's are: a seat's
    secret draws are never written in the log."""
    app = make_app((1280, 720))
    session = finished("duck", 3, seed=5)
    replay = Replay(session.game_id, session.seats, session.seed, session.options, session.actions)
    app.router.open("menu")
    app.router.screen("replay")(app, replay)
    controls = app.stack[-1]
    assert any(e.visible_to is not None for events in replay.events for e in events)
    public = controls._log_until(replay.length)
    for seat in (0, 1):
        controls._show(seat)
        assert controls._log_until(replay.length) == public


# -- the table scene -----------------------------------------------------------------------------
def test_of_several_people_deciding_at_once_the_first_seat_is_asked_first(quick_bots):
    """issue #36 (scene-last-person-decides-first): Duck!'s card choice is made by everyone
    at once; with three people at the screen, the first seat to decide is asked first
    (its curtain first), as the status line and the rules order them."""
    app = make_app()
    scene = push_game(app, "duck", (0, 1, 2), 3, 4, {}, level="normal")
    session = scene.session
    while len(scene.driver.local_deciders()) < 2:  # the ducks placed one by one
        player = session.state.to_act()[0]
        session.apply(player, session.state.legal_actions(player)[0])
    scene.player.skip()  # the opening, still to be played: nobody decides while it moves
    deciders = scene.driver.local_deciders()
    assert scene.sharing.active_human() == deciders[0] == min(deciders)


# -- the session ---------------------------------------------------------------------------------
def test_an_undo_forgets_the_computers_decisions_about_the_position_it_took_back():
    """issue #36 (session-undo-keeps-decisions): a computer that started thinking about
    the position after a person's action must not have its answer played once that action
    is taken back; the undo forgets every decision under way."""
    info = registry.get("duck")
    seats = [Seat(f"P{i}", info.characters[i].key, human=i == 0) for i in range(3)]
    session = Session("duck", seats, 4, {}, bot_seed=1)
    runner = BotRunner(session)
    runner.play_until_person()
    session.apply(0, session.state.legal_actions(0)[0])
    assert session.undo_refusal(0) is None and session.bots_to_act()
    for player in session.bots_to_act():
        session.pending[player] = PendingDecision(player, 0.0, len(session.actions))
    session.undo(0)
    assert session.pending == {}


# -- saves ---------------------------------------------------------------------------------------
def test_a_save_whose_record_names_a_seat_past_the_last_is_refused_at_that_action(tmp_path):
    """issue #36 (saves-action-seat-past-players): actions by seats 0-2 of a three-seat
    game are read; an action by seat 3 is refused where it stands, so the Load list shows
    the save as damaged rather than as a game that fails when opened."""
    session = finished("routes", 3, seed=8)
    path = saves.write_save(session, tmp_path / "slot-1.json", "manual")
    assert saves.read_payload(path)["players"] == 3
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][1][0] = 3
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(saves.SaveError, match=r"actions\[1\]"):
        saves.read_payload(path)
