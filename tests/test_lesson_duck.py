"""Duck! Duck! Go!'s first lesson (data/lessons/duck-1.yaml, issue #19): the game it plays
shows every rule it teaches (DDG-10..16), the table's names for its things find them on
screen, a two-click action is one click away at its step while other actions are refused,
Enter is Next on a step to read, and the callout fits at the smallest window."""

from __future__ import annotations

import pygame
import pytest

from game import rules
from game.lessons import LessonRun, follow, lesson_path, load_lesson
from tests.lesson_helpers import do_step, lesson_app, open_lesson, wait_for_step
from tests.scene_helpers import click, key, step_until

LESSON = "duck-1"


pytestmark = pytest.mark.usefixtures("quick_bots")  # computers act at once


def _open(lang="en", size=(1280, 720)):
    """The lesson from the menu's "Learn to play" (through the chooser: two lessons)."""
    app = lesson_app(lang, size)
    return app, open_lesson(app, "duck", LESSON)


def _played_events(lesson):
    """Every event of the game the lesson plays, from its start to its last step."""
    run = LessonRun(lesson)
    assert follow(run) == []
    module = rules.load(lesson.game)
    state = module.new_game(lesson.players, lesson.seed, run.session.options)
    events = list(state.opening_events)
    for player, text in run.session.actions:
        events += state.apply(player, module.parse_action(text))
    assert state.is_over()
    return events, run.session.actions


def test_ddg_10_to_16_the_duck_lesson_plays_every_rule_it_teaches():
    lesson = load_lesson(lesson_path(LESSON))
    events, actions = _played_events(lesson)
    kinds = [(e.kind, e.data) for e in events]
    # DDG-10: the shown fourth cards order the placing, and the person places
    assert any(k == "order_cards" and d["order"][0] == 0 for k, d in kinds)
    assert (0, "place -1,4 face 0") in actions
    # DDG-11: cards revealed together, ducks move by increasing number: both orders come up
    orders = [d["order"] for k, d in kinds if k == "reveal"]
    assert [0, 1] in orders and [1, 0] in orders
    # DDG-12: a card with two routes (the person picks one) and a facing picked at the end
    assert (0, "route 43/2") in actions and (0, "face 5") in actions
    # DDG-13: the person's duck bonks on the edge (and turns round)
    assert any(k == "bonk" and d["duck"] == 0 and d["reason"] == "edge" for k, d in kinds)
    # DDG-14: all three colours taken; ending on a buoy gives an extra move from the hand
    colours = {d["colour"] for k, d in kinds if k == "buoy" and d["duck"] == 0 and d["new"]}
    assert colours == {"red", "yellow", "green"}
    assert sum(k == "extra_move" and d["duck"] == 0 for k, d in kinds) == 2
    # DDG-15: a warp from a life ring to another
    assert any(k == "warp" and d["duck"] == 0 for k, d in kinds)
    # DDG-16: down the drain with the three tokens: the person wins
    assert kinds[-1][0] == "win" and kinds[-1][1]["duck"] == 0


def test_the_lesson_names_find_the_tables_things():
    app, scene = _open()
    wait_for_step(app, scene)
    board = scene.state.board
    screen = app.screen.get_rect()
    drain = scene.guide.place("drain")
    assert drain is not None and drain.collidepoint(
        scene.game.model.geo.hex_px(*board.coords[board.drain])
    )
    for colour in ("red", "yellow", "green"):
        rect = scene.guide.place(f"buoy:{colour}")
        assert rect is not None and scene.game.model.board_rect.contains(rect), colour
    for h in board.starts:
        q, r = board.coords[h]
        rect = scene.guide.place(f"start:{q},{r}")
        assert rect is not None and rect.collidepoint(scene.game.model.geo.hex_px(q, r))
    for name in ("hand", "piles", "card:14", "card:33", "card:39", "hex:2,4"):
        rect = scene.guide.place(name)
        assert rect is not None and screen.contains(rect), name
    drain_q, drain_r = board.coords[board.drain]
    assert scene.guide.place(f"start:{drain_q},{drain_r}") is None  # not a life ring
    assert scene.guide.place("hex:99,99") is None  # off the tub
    assert scene.guide.place("card:54") is None  # not in the hand
    assert scene.guide.place("duck:0") is None  # nobody has placed yet
    assert scene.guide.place("duck:1") is None
    assert scene.guide.place("face:0") is None  # no facing asked for yet
    assert scene.guide.place("confirm") is None  # no button for placing


def test_a_two_click_action_is_one_click_away_and_other_actions_are_refused():
    app, scene = _open()
    step = wait_for_step(app, scene)
    while step.expect != "place -1,4 face 0":
        do_step(app, scene, step)
        step = wait_for_step(app, scene)
    assert scene.game.model.sel_hex == (-1, 4)  # the life ring chosen: only the facing is left
    assert scene.guide.place("face:0") is not None
    do_step(app, scene, step)
    step = wait_for_step(app, scene)
    assert step.expect == "card 14" and scene.game.model.sel == [14]  # picked: its route previewed
    duck = scene.guide.place("duck:0")
    assert duck is not None and duck.collidepoint(scene.game.model.geo.hex_px(-1, 4))
    before = list(scene.session.actions)
    probe = scene.probe()
    click(app, probe["card:33"])  # another card: picked instead...
    click(app, scene.probe()["card:33"])  # ...and played: refused with the step's hint
    assert scene.session.actions == before
    assert scene.guide.run.index == step.index
    assert scene.guide.refused_at is not None
    click(app, scene.probe()["card:14"])
    click(app, scene.probe()["card:14"])
    assert scene.session.actions[len(before)] == (0, "card 14")
    assert scene.guide.run.index == step.index + 1


def test_enter_is_next_on_a_step_to_read_at_the_duck_table():
    app, scene = _open()
    step = wait_for_step(app, scene)
    assert step.expect is None and scene.game.decisions.decision() is not None  # the placing waits
    key(app, pygame.K_RETURN)
    assert scene.guide.run.index == 1
    assert scene.session.actions == []  # Enter did not place the duck


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_duck_lesson_callout_fits_at_the_smallest_window(lang):
    app, scene = _open(lang=lang, size=(1024, 600))
    screen = app.screen.get_rect()
    for index in range(len(scene.guide.lesson.steps)):
        step = wait_for_step(app, scene)
        assert step.index == index
        rect = scene.guide.place(step.point)
        assert rect is not None and screen.contains(rect), f"steps[{index}]: {step.point}"
        assert scene.plan.board.contains(scene.guide.callout)
        do_step(app, scene, step)
    assert scene.guide.run.done


def test_the_step_waits_for_the_computer_choosing_beside_it_and_keeps_its_card_picked(
    monkeypatch,
):
    """The round's cards are chosen at the same time, so the computer may still be
    choosing when the step "click card 14 again" is due. The step waits for it (issue
    #37: its choice landing and playing hid a step already shown, and a driver clicked a
    step gone); once it has chosen, the step shows with the person's card still picked,
    and the one click the step asks for plays it."""
    app, scene = _open()
    session = scene.session
    decided = scene.driver.bots.finished
    held = [True]  # the computer's card is held back once both ducks are placed

    def finished(player, min_delay=0.0):
        return None if held[0] and len(session.actions) >= 2 else decided(player, min_delay)

    monkeypatch.setattr(scene.driver.bots, "finished", finished)
    step = wait_for_step(app, scene)
    while not session.actions:  # the steps up to the person's duck placed
        do_step(app, scene, step)
        if not session.actions:
            step = wait_for_step(app, scene)
    # the computer places its duck, then chooses its card: held back
    assert step_until(app, lambda: len(session.actions) >= 2, 600, 1 / 30)
    for _ in range(30):  # a second of frames while the computer still chooses
        app.step(1 / 30)
        assert 1 in session.state.to_act()
        assert scene.guide.shown_step() is None  # the step waits for it
    held[0] = False
    step = wait_for_step(app, scene)
    assert step.expect == "card 14" and 1 not in session.state.to_act()
    assert scene.game.model.sel == [14]
    probe = scene.probe()
    click(app, probe["card:14"])  # one click, as the step says
    assert scene.session.actions[-1] == (0, "card 14")
    assert scene.guide.run.index == step.index + 1


def test_a_steps_first_picks_are_on_its_first_frame():
    """Issue #27: the picks a lesson step makes for the person (its life ring, its card)
    are made before the step's first frame is composed, so that frame is drawn once,
    showing them (the guide's focus over the table drew it twice, the first time with
    texts nobody saw)."""
    app, scene = _open()
    composed: list[int] = []
    draw_table = scene.draw_table

    def counted(surface):
        composed[-1] += 1
        draw_table(surface)

    scene.draw_table = counted
    app_draw = app.draw

    def one_frame():
        composed.append(0)
        app_draw()

    app.draw = one_frame
    step = wait_for_step(app, scene)
    while step.expect != "card 14":
        do_step(app, scene, step)
        step = wait_for_step(app, scene)
    assert scene.game.model.sel == [14]
    assert composed and max(composed) == 1
