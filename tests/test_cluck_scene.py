"""Cluck-peep! through its scene under the dummy video driver: whole games with computer
seats, a person choosing by mouse and keyboard, the curtain between two people, both
layouts, and a log line in English and Japanese for every kind of event."""

import random
from functools import partial

import pygame
import pytest

from game.rules.cluck.events import CluckEvent, NoChick
from game.rules.protocol import Event
from game.scenes.cluck import CluckScene
from game.scenes.cluck.panels import Panels
from game.scenes.table import playing
from game.scenes.table.end_screen import GameOverScene
from game.screenshot import fast_forward
from game.session import Session
from game.ui import fonts, sprites
from game.ui.i18n import Translator
from tests import scene_helpers
from tests.scene_helpers import (
    click,
    key,
    play_through_curtains,
    push_game,
    push_resumed_game,
    resize,
    seats,
    spy_private_drawing,
)

# Every event kind the rules package documents (game/rules/cluck/__init__.py).
EVENT_KINDS = {
    "start_player",
    "tiles_shuffled",
    "hidden_tile_laid",
    "tile_drawn",
    "tile_drawn_private",
    "chicken_placed",
    "round_started",
    "tile_placed",
    "chick_placed",
    "no_chick",
    "hidden_tile_revealed",
    "nest_tile_placed",
    "chicken_moved",
    "nest_outcome",
    "clean_up",
    "game_over",
}

DT = 1 / 30


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch):
    """Computer seats answer at once (the table's pause for people to follow is 0.7 s).
    Afterwards (the app has quit pygame by then) no dead font or image stays cached for
    the tests that follow."""
    monkeypatch.setattr(playing, "BOT_DELAY", 0.0)
    yield
    fonts.reset()
    sprites.reset()


def make_seats(humans, players):
    return seats("cluck", humans, players, level="normal")


def start(app, humans=(), players=4, seed=3, variant=None) -> CluckScene:
    app.settings.animation_speed = 4.0
    options = {"variant": variant} if variant else {}
    return push_game(app, "cluck", humans, players, seed, options, level="normal")


step_until = partial(scene_helpers.step_until, frames=6000, dt=DT)


def game_over(app):
    return isinstance(app.top, GameOverScene)


@pytest.mark.parametrize("players,variant", [(4, None), (2, "both"), (3, "runaway")])
def test_a_whole_game_of_computer_seats_plays_to_the_end(app, players, variant):
    scene = start(app, players=players, variant=variant)
    assert step_until(app, lambda: game_over(app)), "the game never ended"
    assert scene.state.is_over()
    # the display model ends where the state is: the last ladder stays (K-9)
    assert [t.tile for t in scene.game.model.table.roads] == [r.tile for r in scene.state.ladder]
    assert scene.game.model.table.stands == list(scene.state.stands)
    assert scene.game.model.table.supply == scene.state.supply


def _drive_person(app, scene, rng, choices):
    """One decision of seat 0 through the UI, by mouse or keyboard at random."""
    mode = scene.game.controls.my_turn()
    before = len(scene.session.actions)
    legal = scene.state.legal_actions(0)
    if mode == "hole":
        free = [a.column for a in legal]
        if rng.random() < 0.5:
            column = rng.choice(free)
            click(app, scene.game.geometry.hole_rect(column).center)
        else:
            key(app, pygame.K_RIGHT)
            key(app, pygame.K_RIGHT)
            column = scene.game.model.hole_cursor
            key(app, pygame.K_RETURN)
        assert scene.session.actions[before:] == [(0, f"hole {column}")]
        choices.add("hole")
        return
    hand = sorted({a.tile for a in legal})
    index = rng.randrange(len(hand))
    if rng.random() < 0.5:
        click(app, scene.game.geometry.hand_rect(index).center)
    else:
        for _ in range((index - hand.index(scene.game.model.sel_tile)) % len(hand)):
            key(app, pygame.K_DOWN)
    assert scene.game.model.sel_tile == hand[index]
    turned = scene.game.controls.is_turned(hand[index])  # a click on the held tile turns it over
    if rng.random() < 0.5:
        turned = not turned
        how = rng.choice(("r", "right-click", "button"))
        if how == "r":
            key(app, pygame.K_r)
        elif how == "right-click":
            click(app, scene.game.geometry.slot_rect().center, button=3)
        else:
            click(app, scene.game.model.play_buttons[0].rect.center)
        choices.add(f"turn by {how}")
    # the preview shows every placed chicken, traced with the held tile
    shown = scene.game.controls.current_preview(0)
    assert set(shown) == {p for p, c in enumerate(scene.state.chickens) if c is not None}
    how = rng.choice(("enter", "slot", "button"))
    if how == "enter":
        key(app, pygame.K_RETURN)
    elif how == "slot":
        click(app, scene.game.geometry.slot_rect().center)
    else:
        click(app, scene.game.model.play_buttons[1].rect.center)
    choices.add(f"place by {how}")
    way = "turned" if turned else "up"
    assert scene.session.actions[before:] == [(0, f"place {hand[index]} {way}")]


@pytest.mark.parametrize("variant", [None, "long"])
def test_a_person_plays_a_whole_game_through_the_ui(app, variant):
    scene = start(app, humans=(0,), players=3, seed=11, variant=variant)
    rng = random.Random(5)
    choices: set[str] = set()
    for _ in range(80):
        if not step_until(app, lambda: game_over(app) or scene.game.controls.my_turn() is not None):
            break
        if game_over(app):
            break
        app.draw()  # the person's hand and the preview are on screen
        _drive_person(app, scene, rng, choices)
    assert game_over(app), "the game did not reach its end"
    assert {"hole"} < choices and any(c.startswith("turn") for c in choices)


def test_a_click_on_the_held_tile_turns_it_and_nothing_happens_out_of_turn(app):
    scene = start(app, humans=(0,), players=2, seed=4)
    assert step_until(app, lambda: scene.game.controls.my_turn() is not None)
    while scene.game.controls.my_turn() == "hole":
        click(app, scene.game.geometry.hole_rect(scene.state.legal_actions(0)[0].column).center)
        assert step_until(app, lambda: scene.game.controls.my_turn() is not None)
    assert scene.game.controls.my_turn() == "place"
    assert scene.game.model.sel_tile == scene.game.model.table.hand[0]
    click(app, scene.game.geometry.hand_rect(1).center)  # picks the other tile
    tile = scene.game.model.table.hand[1]
    assert scene.game.model.sel_tile == tile and not scene.game.controls.is_turned(tile)
    click(app, scene.game.geometry.hand_rect(1).center)  # a click on the held tile turns it over
    assert scene.game.controls.is_turned(tile)
    key(app, pygame.K_r)
    assert not scene.game.controls.is_turned(tile)
    key(app, pygame.K_RETURN)
    assert scene.session.actions[-1] == (0, f"place {tile} up")
    # while it animates / the computer plays, keys and clicks do not act for the person
    count = len(scene.session.actions)
    key(app, pygame.K_RETURN)
    click(app, scene.game.geometry.slot_rect().center)
    assert len(scene.session.actions) == count


def test_the_probe_offers_every_choice_at_a_point_a_click_reaches(app):
    """tools/e2e_cluck.py plays by the probe's points alone: holes, tiles, turn, place."""
    scene = start(app, humans=(0,), players=2, seed=4)
    assert step_until(app, lambda: scene.game.controls.my_turn() is not None)
    while scene.game.controls.my_turn() == "hole":
        free = scene.game.controls.free_holes(0)
        targets = scene.probe()
        assert {k for k in targets if k.startswith("hole:")} == {f"hole:{c}" for c in free}
        click(app, targets[f"hole:{free[-1]}"])
        assert scene.session.actions[-1] == (0, f"hole {free[-1]}")
        assert step_until(app, lambda: scene.game.controls.my_turn() is not None)
    hand = scene.game.controls.hand_tiles(0)
    targets = scene.probe()
    assert {k for k in targets if k.startswith("tile:")} == {f"tile:{t}" for t in hand}
    assert {"turn", "place", "slot", "pause", "help"} <= set(targets)
    click(app, targets[f"tile:{hand[-1]}"])
    assert scene.game.model.sel_tile == hand[-1] and not scene.game.controls.is_turned(hand[-1])
    click(app, targets["turn"])
    assert scene.game.controls.is_turned(hand[-1])
    click(app, targets["slot"])
    assert scene.session.actions[-1] == (0, f"place {hand[-1]} turned")
    assert not any(k.startswith(("tile:", "hole:")) or k == "slot" for k in scene.probe())


def test_the_frame_an_animation_ends_in_is_drawn_with_the_persons_choice(app, monkeypatch):
    """The screen showed "Player 1 is choosing…" without holes, tiles or buttons until the
    mouse moved: the loop drew only while something moved, and the frame in which the last
    animation ended (and the person's turn began) was never drawn."""
    scene = start(app, humans=(0,), players=4, seed=5)
    drawn = []
    draw_table = scene.draw_table
    monkeypatch.setattr(
        scene,
        "draw_table",
        lambda surface: (drawn.append(scene.game.controls.my_turn()), draw_table(surface)),
    )
    for mode in ("hole", "place"):
        assert step_until(app, lambda mode=mode: scene.game.controls.my_turn() == mode)
        for _ in range(5):
            app.step(DT)  # no input: nothing else makes the app draw
        assert drawn[-1] == mode
        targets = scene.probe()
        click(app, targets[max(k for k in targets if k.startswith(mode))])


def test_the_curtain_comes_between_two_people_and_hides_their_tiles(app, monkeypatch):
    scene = start(app, humans=(0, 1), players=3, seed=7)
    drawn_for = spy_private_drawing(monkeypatch, Panels, ("draw_hand",))

    def play(person):
        legal = scene.state.legal_actions(person)
        if scene.game.controls.my_turn() == "hole":
            click(app, scene.game.geometry.hole_rect(legal[0].column).center)
        else:
            key(app, pygame.K_RETURN)
        assert scene.session.actions[-1][0] == person

    seen = play_through_curtains(
        app,
        scene,
        drawn_for,
        step_until,
        lambda: scene.game.controls.my_turn() is not None,
        play,
        turns=60,
    )
    assert len(seen) == 6 and set(seen) == {0, 1}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_layout_draws_at_both_sizes_without_overlaps(size):
    """On the shared table frame (issue #16): the ladder and the supply block in the
    board, the hand and its buttons in the bar, the seat panels at the right."""
    from game.app import App
    from game.settings import Settings

    app = App(size=size, settings=Settings(), persist=False)
    try:
        scene = start(app, humans=(0,), players=4, seed=2)
        fast_forward(scene, 1)
        app.step(DT)
        app.draw()
        w, h = size
        plan = scene.plan
        assert plan.board.contains(scene.game.model.area) and plan.board.contains(
            scene.game.model.stock_rect
        )
        assert not scene.game.model.area.colliderect(scene.game.model.stock_rect)
        assert scene.game.model.band_x + scene.game.model.band_w <= scene.game.model.area.right
        for rect in scene.game.model.hand_rects + [b.rect for b in scene.game.model.play_buttons]:
            assert plan.controls.contains(rect)
        for tile in scene.game.model.hand_rects:
            assert not any(tile.colliderect(b.rect) for b in scene.game.model.play_buttons)
            assert not tile.colliderect(scene.game.model.hand_title)
        for seat in plan.seats:
            assert seat.x > plan.board.right and seat.right <= w
        assert plan.log.bottom <= h
        goal = scene.game.geometry.band_rect(scene.game.model.rows()[2])
        assert goal.bottom <= scene.game.model.area.bottom
        # the chickens walk: draw in the middle of the end of a round too
        for _ in range(3000):
            if scene.game.model.table.walker is not None or game_over(app):
                break
            if scene.game.controls.my_turn() == "place":
                key(app, pygame.K_RETURN)
            app.step(DT)
        assert scene.game.model.table.walker is not None
        app.draw()
        app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        resize(app, (1024, 768))
        app.step(DT)
        app.draw()
    finally:
        pygame.quit()


def _events_of_real_games() -> list[Event]:
    events: list[Event] = []
    for seed, variant in ((1, "base"), (2, "both"), (5, "runaway")):
        session = Session("cluck", make_seats((), 4), seed, {"variant": variant})
        events += session.state.opening_events
        from game.ai import make_bot

        rng = random.Random(seed)
        while not session.state.is_over():
            p = session.state.to_act()[0]
            action = make_bot("cluck", "easy").choose(session.state.view(p), p, rng)
            events += session.apply(p, action)
    return events


def test_describe_gives_a_line_for_every_event_kind_in_both_languages(app):
    scene = start(app, players=4)
    events = _events_of_real_games()
    # CP-11: a tile laid when the supply is empty (rare in play)
    events.append(NoChick(2, (1, 9), "supply_empty"))
    assert {e.kind for e in events} == EVENT_KINDS == set(CluckEvent.kinds)
    for lang in ("en", "ja"):
        scene.t = Translator(lang)
        for event in events:
            line = scene.describe(event)
            assert line and "{" not in line and not line.startswith("cluck."), (lang, event)


def test_every_event_plays_and_a_skip_lands_on_the_state(app):
    scene = start(app, players=4, seed=9)
    step_until(app, lambda: len(scene.session.actions) >= 6)
    scene.player.play(NoChick(1, (0, 5), "supply_empty"))
    scene.player.skip()
    assert not scene.player.busy()
    assert [t.tile for t in scene.game.model.table.roads] == [r.tile for r in scene.state.ladder]
    assert [None if c is None else c.column for c in scene.game.model.table.chickens] == list(
        scene.state.chickens
    )


def test_a_resumed_game_opens_on_its_state_and_plays_on(app):
    scene = push_resumed_game(app, "cluck", make_seats((), 3), 8, {"variant": "long"}, 2)
    resumed = scene.session
    assert not scene.player.events, "the opening is not played again"
    assert [t.tile for t in scene.game.model.table.roads] == [r.tile for r in resumed.state.ladder]
    assert step_until(app, lambda: game_over(app))


def test_fast_forward_can_stop_in_the_middle_of_a_round(app):
    """``screenshot cluck --rounds 0 --actions 6``: holes chosen, two tiles laid."""
    scene = start(app, players=4, seed=3)
    fast_forward(scene, 0, 6)
    assert len(scene.session.actions) == 6
    assert scene.state.round_number == 1 and len(scene.state.ladder) == 2
    assert [t.tile for t in scene.game.model.table.roads] == [r.tile for r in scene.state.ladder]
    assert scene.game.model.row_h == scene.game.geometry.target_row_h()
