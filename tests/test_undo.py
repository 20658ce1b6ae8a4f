"""Undo the same way in every game (issues 9 and 16): a person may take back their last
action while nobody else has acted since and nothing hidden or left to chance has come
out since (REVEALING_EVENTS of each rules package); the button is at the same place in
all four games, greyed with its reason on hover and on keyboard focus."""

import pygame
import pytest

from game import registry
from game.rules.verflixxt.events import CardDrawn, Rolled
from game.scenes.table import undo as table_undo
from game.session import Seat, Session, revealed_by
from game.table.bots import BotRunner
from game.ui.widgets import Button, ButtonGroup
from tests.scene_helpers import click, key, make_app, motion, push_game, step_until

GAMES = ("duck", "verflixxt", "cluck", "routes")


def _session(game_id, humans=(0, 1, 2), players=3, seed=5, options=None):
    characters = registry.get(game_id).characters
    seats = [Seat(f"P{i}", characters[i].key, human=i in humans) for i in range(players)]
    return Session(game_id, seats, seed, options or {})


def _first(session):
    """The first seat to act and its first legal action."""
    p = session.state.to_act()[0]
    return p, session.state.legal_actions(p)[0]


def _play_until(session, wanted):
    """Play first legal actions until ``wanted(player, action)``; that player and action."""
    for _ in range(200):
        p, action = _first(session)
        if wanted(p, action):
            return p, action
        session.apply(p, action)
    raise AssertionError("never got there")


def _undone_exactly(session, player, action):
    before = session.state.to_dict()
    actions = list(session.actions)
    session.apply(player, action)
    assert session.undo_refusal(player) is None
    session.undo(player)
    assert session.state.to_dict() == before
    assert session.actions == actions


# -- Duck ------------------------------------------------------------------------------------
def _duck_session():
    session = _session("duck", seed=4)
    _play_until(session, lambda p, a: str(a).startswith("card"))
    return session


def test_duck_a_secret_card_choice_can_be_taken_back_exactly():
    session = _duck_session()
    before = session.state.to_dict()
    session.apply(0, session.state.legal_actions(0)[0])
    assert session.can_undo(0)
    assert session.undo_refusal(1) == "other"  # player 1 placed a duck earlier
    session.undo(0)
    assert session.state.to_dict() == before
    # the action before it (a placement) is judged the same way
    placer = session.actions[-1][0]
    assert session.undo_refusal(0) == (None if placer == 0 else "other")


def test_duck_a_placement_can_be_taken_back_exactly():
    session = _session("duck", seed=4)
    p, action = _first(session)
    _undone_exactly(session, p, action)


def test_duck_no_undo_once_the_cards_are_revealed():
    session = _duck_session()
    for p in (0, 1, 2):
        session.apply(p, session.state.legal_actions(p)[0])
    assert session.undo_refusal(2) == "reveal"
    assert session.undo_refusal(0) == "other"
    with pytest.raises(ValueError):
        session.undo(0)


def test_duck_no_undo_once_another_player_has_chosen_since():
    session = _duck_session()
    session.apply(0, session.state.legal_actions(0)[0])
    session.apply(1, session.state.legal_actions(1)[0])
    assert session.undo_refusal(0) == "other"
    assert session.can_undo(1)


# -- Verflixxt! -----------------------------------------------------------------------------
def test_verflixxt_a_move_after_the_roll_is_taken_back_but_never_the_roll():
    session = _session("verflixxt")
    p, roll = _first(session)
    session.apply(p, roll)
    assert session.undo_refusal(p) == "roll"
    move = session.state.legal_actions(p)[0]
    _undone_exactly(session, p, move)
    assert session.state.die is not None  # the die result stays
    assert session.undo_refusal(p) == "roll"  # undo stops at the roll


def test_verflixxt_no_undo_once_the_next_player_has_rolled():
    session = _session("verflixxt")
    for _ in range(2):
        session.apply(*_first(session))
    mover = session.actions[-1][0]
    session.apply(*_first(session))  # the next player rolls
    assert session.undo_refusal(mover) == "other"


def test_verflixxt_no_undo_of_a_card_play_that_drew_a_card():
    session = _session("verflixxt", options={"variant": "hats"})
    p, action = _play_until(session, lambda p, a: str(a).startswith("play"))
    events = session.apply(p, action)
    assert "draw" in {e.kind for e in events}
    assert session.undo_refusal(p) == "draw"


# -- Cluck-peep! -----------------------------------------------------------------------------
def test_cluck_a_hole_choice_is_taken_back_exactly():
    session = _session("cluck")
    p, action = _first(session)
    assert str(action).startswith("hole")
    _undone_exactly(session, p, action)


def test_cluck_a_tile_laid_is_refused_once_the_next_tile_is_drawn():
    session = _session("cluck")
    p, action = _play_until(session, lambda p, a: str(a).startswith("place"))
    session.apply(p, action)
    assert session.undo_refusal(p) == "draw"


def test_cluck_long_road_a_tile_laid_is_taken_back_until_the_hidden_tile_is_turned_up():
    session = _session("cluck", options={"long_road": True})
    p, action = _play_until(session, lambda p, a: str(a).startswith("place"))
    _undone_exactly(session, p, action)
    # the last tile of the round turns the hidden tile up: that one stays laid
    for _ in range(40):
        p, action = _first(session)
        events = session.apply(p, action)
        if "hidden_tile_revealed" in {e.kind for e in events}:
            break
    assert session.undo_refusal(p) == "reveal"


# -- Eight Routes ----------------------------------------------------------------------------
def test_routes_taking_dice_is_taken_back_exactly():
    session = _session("routes", seed=2)
    p, action = _first(session)
    _undone_exactly(session, p, action)


def test_routes_several_actions_of_one_phase_are_taken_back_one_by_one():
    session = _session("routes", seed=5)
    _play_until(session, lambda p, a: p == 0)
    start = session.state.to_dict()
    first = session.state.legal_actions(0)[0]
    session.apply(0, first)
    assert session.state.to_act() == (0,), "this seed's parent acts twice in its phase"
    session.apply(0, session.state.legal_actions(0)[0])
    if session.undo_refusal(0) == "roll":  # the phase ended the round: that one stays
        session = _session("routes", seed=5)
        _play_until(session, lambda p, a: p == 0)
        session.apply(0, first)
    else:
        session.undo(0)
    session.undo(0)
    assert session.state.to_dict() == start


def test_routes_no_undo_once_the_dice_are_rolled_again():
    session = _session("routes", seed=5)
    for _ in range(40):
        p, action = _first(session)
        events = session.apply(p, action)
        if "roll" in {e.kind for e in events}:
            break
    assert session.undo_refusal(p) == "roll"


# -- what every game shares --------------------------------------------------------------------
def test_a_computer_or_a_person_who_has_not_acted_has_nothing_to_take_back():
    session = _session("routes", humans=(0, 1))
    assert session.undo_refusal(None) == "nothing"
    assert session.undo_refusal(2) == "nothing"  # a computer seat
    assert session.undo_refusal(0) == "nothing"


def test_an_event_shown_only_to_another_player_counts_as_a_reveal():
    private = CardDrawn("y3", 2, player=2, visible_to=(2,))
    own = CardDrawn("o3", 2, player=1, visible_to=(1,))
    assert revealed_by([own], 1, {}) is None
    assert revealed_by([own, private], 1, {}) == "reveal"
    assert revealed_by([Rolled(3, player=1)], 1, {"roll": "roll"}) == "roll"


def test_undo_forgets_a_computer_decision_already_under_way():
    session = _session("verflixxt", humans=(0,))
    session.apply(0, session.state.legal_actions(0)[0])  # the roll
    before = session.state.to_dict()
    session.apply(0, session.state.legal_actions(0)[0])  # the move passes to a computer
    assert session.bots_to_act() == [1]
    BotRunner(session).start(1)
    assert session.pending and session.can_undo(0)
    session.undo(0)
    assert session.pending == {}
    assert session.state.to_dict() == before
    assert session.humans_to_act() == [0]


def test_no_undo_after_the_game_is_over():
    session = _session("routes", humans=(0,), players=3, seed=3)
    while not session.state.is_over():
        session.apply(*_first(session))
    last = session.actions[-1][0]
    if session.seats[last].human:
        assert session.undo_refusal(last) == "over"
    else:
        assert session.undo_refusal(0) == "over"


def test_every_game_declares_its_revealing_events_with_known_reasons():
    for game_id in GAMES:
        revealing = registry.get(game_id).rules().REVEALING_EVENTS
        assert revealing and set(revealing.values()) <= {"roll", "draw", "reveal"}


# -- the button --------------------------------------------------------------------------------
def _undoable(scene, player):
    """A legal action of ``player`` that could be taken back (tried on a copy)."""
    module = scene.session.module
    for action in scene.state.legal_actions(player):
        events = scene.state.clone().apply(player, action)
        if revealed_by(events, player, module.REVEALING_EVENTS) is None:
            return action
    return None


def _person_to_decide(app, scene):
    return step_until(
        app,
        lambda: (
            app.top is scene
            and scene.private_player == 0
            and scene.sharing.active_human() == 0
            and not scene.player.busy()
        ),
        4000,
        1 / 20,
    )


# Cluck-peep! in the long road: in the ordinary game the next player draws at once, so
# after the opening holes a person's tile can never be taken back
@pytest.mark.parametrize(
    ("game_id", "options"),
    [("duck", {}), ("verflixxt", {}), ("cluck", {"long_road": True}), ("routes", {})],
)
def test_the_undo_button_is_in_the_same_place_greyed_with_its_reason_then_takes_back(
    game_id, options, monkeypatch
):
    app = make_app()
    scene = push_game(app, game_id, (0,), 3, 7, options, level="easy")
    tips: list[str] = []
    monkeypatch.setattr(table_undo, "draw_tip", lambda surface, text, *a, **k: tips.append(text))
    button = scene.buttons.by_key("undo")
    w = app.size[0]
    assert button.rect == pygame.Rect(w - scene.px(226), scene.px(8), scene.px(102), scene.px(40))

    # greyed at the start, with its reason on hover
    assert _person_to_decide(app, scene)
    app.draw()
    assert not button.enabled and button.why == "Nothing to take back"
    motion(app, button.rect.center)
    app.draw()
    assert tips[-1] == "Nothing to take back"
    motion(app, (1, app.size[1] - 1))
    tips.clear()
    app.draw()
    assert tips == []
    # and on keyboard focus (a greyed button stays in the focus order, never pressed)
    assert scene.buttons.focus_key("undo")
    app.draw()
    assert tips == ["Nothing to take back"]
    scene.buttons.focus = None

    # the person plays until they make a move that can be taken back
    for _ in range(60):
        action = _undoable(scene, 0)
        if action is not None:
            break
        assert scene.act(0, scene.state.legal_actions(0)[0])
        assert _person_to_decide(app, scene)
    else:
        raise AssertionError("no undoable move came")
    before = scene.state.to_dict()
    assert scene.act(0, action)
    after = scene.state.to_dict()
    assert step_until(app, lambda: not scene.player.busy(), 400, 1 / 20)
    app.draw()
    assert button.enabled and button.why == ""
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.state.to_dict() == before
    assert scene.session.pending == {}
    assert scene.log[-1] == "Your choice was taken back."
    # the same move again leads to the same table (undo left nothing behind)
    assert scene.act(0, action)
    assert scene.state.to_dict() == after
    assert step_until(app, lambda: not scene.player.busy(), 400, 1 / 20)
    # and the mouse takes it back as well
    app.draw()
    assert button.enabled
    click(app, button.rect.center)
    assert scene.state.to_dict() == before


def test_a_greyed_button_with_a_reason_takes_hover_focus_and_enter_but_is_never_pressed():
    pygame.init()
    pressed: list[str] = []
    group = ButtonGroup()
    rect = pygame.Rect(10, 10, 80, 30)
    greyed = group.add(Button(rect, "Undo", lambda: pressed.append("undo"), enabled=False))
    greyed.why = "Nothing to take back"
    group.add(Button(rect.move(100, 0), "?", lambda: pressed.append("help")))
    assert group.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    assert group.tip() is greyed
    group.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    group.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(500, 500), rel=(0, 0), buttons=(0, 0, 0))
    )
    assert group.tip() is None
    tab = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0)
    assert group.handle_event(tab) and group.focus == 0 and group.tip() is greyed
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    assert group.handle_event(enter)  # used, so it does not reach the table behind
    assert pressed == []
    greyed.why = ""  # greyed without a reason: out of reach, as before
    group.focus = None
    assert group.handle_event(tab) and group.focus == 1


def test_the_reason_is_in_japanese_too():
    app = make_app(lang="ja")
    scene = push_game(app, "verflixxt", (0,), 3, 7, {}, level="easy")
    assert _person_to_decide(app, scene)
    app.draw()
    assert scene.buttons.by_key("undo").why == "取り消せる手はありません"
