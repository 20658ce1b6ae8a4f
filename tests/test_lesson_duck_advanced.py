"""Duck! Duck! Go!'s second lesson (data/lessons/duck-2.yaml, issue #19): the advanced
game's hound and action tokens. The game it plays shows every rule it teaches
(DDG-20..26), the table's names for the advanced game's things find them on screen, the
hound's patterns, the two cards of a round, a discard and a token are one click away at
their steps while other actions are refused, and the callout fits at the smallest window."""

from __future__ import annotations

import pytest

from game import rules
from game.lessons import LessonRun, follow, lesson_ids, lesson_path, load_lesson
from game.rules.duck import events as E
from game.rules.duck import pending as P
from game.scenes.shell.lesson_choice import LessonChoiceScene
from game.scenes.shell.menu import MenuScene
from tests.lesson_helpers import do_step, lesson_app, open_lesson, wait_for_step
from tests.scene_helpers import click, make_app

LESSON = "duck-2"


pytestmark = pytest.mark.usefixtures("quick_bots")  # computers act at once


def _open(lang="en", size=(1280, 720)):
    """The lesson from the menu's "Learn to play" (through the chooser: two lessons)."""
    app = lesson_app(lang, size)
    return app, open_lesson(app, "duck", LESSON)


def _go_to(app, scene, expect: str):
    step = wait_for_step(app, scene)
    while step.expect != expect:
        do_step(app, scene, step)
        step = wait_for_step(app, scene)
    return step


def test_ddg_20_to_26_the_advanced_lesson_plays_every_rule_it_teaches():
    lesson = load_lesson(lesson_path(LESSON))
    run = LessonRun(lesson)
    assert follow(run) == []
    module = rules.load(lesson.game)
    state = module.new_game(lesson.players, lesson.seed, run.session.options)
    events = list(state.opening_events)
    actions = run.session.actions
    faced = {}  # the person's facing decisions: what each was about
    for player, text in actions:
        pending = state.pending
        if player == 0 and text.startswith("face"):
            faced[text] = pending
        events += state.apply(player, module.parse_action(text))
    kinds = [e.kind for e in events]

    def first(cls):
        return next(e for e in events if type(e) is cls)

    # DDG-26: two players of the advanced game race two ducks each, with a hand of four
    setup = first(E.SetUp)
    assert setup.variant == "advanced" and setup.owners == (0, 0, 1, 1)
    # DDG-20/26: the shown card orders the placing; the person places first, then in turns
    order = first(E.OrderCardsShown)
    assert order.order == (0, 1) and order.cards == (36, 12)
    places = [e.player for e in events if isinstance(e, E.DuckPlaced)]
    assert places == [0, 1, 0, 1]
    # DDG-25 blue: draw 3, then discard 3, while the cards are being chosen
    blue = kinds.index("token")
    assert events[blue] == E.TokenUsed("blue", player=0)
    assert (0, "discard 31 41 50") in actions
    assert kinds.index("reveal") > blue
    # DDG-21: tied at no buoy tokens, the higher card (the person's 40) takes the hound
    controls = [e for e in events if isinstance(e, E.HoundControlTaken)]
    assert controls[0].player == 0 and controls[0].tied == (0, 1)
    assert controls[0].card == 40
    # DDG-22: off the board it comes onto the drain; it moves by two patterns
    drain = state.board.coords[state.board.drain]
    assert first(E.HoundPlaced).hex == tuple(drain)
    assert (0, "patterns B A") in actions
    # DDG-24: it runs through Cookie's duck; its controller places it, its owner faces it
    knock = kinds.index("knock")
    assert events[knock] == E.Knocked(2, "hound", events[knock].hex, player=0)
    assert events[knock + 1] == E.KnockedPlaced(2, (0, 8), player=0)
    # DDG-25: a duck's first touch of a colour draws a secret action token with it
    buoy = next(i for i, e in enumerate(events) if isinstance(e, E.BuoyTouched) and e.duck == 1)
    assert events[buoy].colour == "green" and events[buoy].new
    assert events[buoy + 1].kind == "token_draw" and events[buoy + 1].duck == 1
    # ... and rotate is played just before the other duck's move, which starts facing it
    rotate = next(
        i for i, e in enumerate(events) if isinstance(e, E.TokenUsed) and e.token == "rotate"
    )
    assert events[rotate].duck == 0 and events[rotate].heading == 4
    move = events[rotate + 1]
    assert isinstance(move, E.MoveBegan) and move.duck == 0 and move.heading == 4
    # DDG-21 again: with more buoy tokens the person loses the hound to Cookie, whose
    # hound knocks the person's duck, which the person (its owner) then faces
    assert controls[1].player == 1
    assert E.Knocked(1, "hound", (2, 2), player=1) in events
    assert isinstance(faced["face 4"], P.Face) and faced["face 4"].why == "knock"
    assert not state.is_over()  # the lesson ends in round 3: the person plays on


def test_learn_to_play_offers_both_duck_lessons():
    assert lesson_ids("duck") == ["duck-1", "duck-2"]
    app = make_app()
    app.push(MenuScene(app))
    app.step(1 / 60)
    click(app, app.top.probe()["learn:duck"])
    chooser = app.top
    assert isinstance(chooser, LessonChoiceScene)
    keys = [k for k in chooser.probe() if k.startswith("lesson:")]
    assert keys == ["lesson:duck-1", "lesson:duck-2"]
    labels = [b.label for b in chooser.buttons.buttons if b.key in keys]
    assert labels == ["Your first duck race", "The hound and the tokens"]


def test_the_advanced_tables_names_find_its_things():
    app, scene = _open()
    wait_for_step(app, scene)
    screen = app.screen.get_rect()
    board = scene.guide.place("houndboard")
    assert board is not None and screen.contains(board)
    for letter in "ABCD":
        rect = scene.guide.place(f"pattern:{letter}")
        assert rect is not None and board.contains(rect), letter
    tray = scene.guide.place("tray")
    blue = scene.guide.place("token:blue")
    assert tray is not None and blue is not None and tray.contains(blue)
    assert scene.guide.place("token:rotate") is None  # not drawn yet
    assert scene.guide.place("hound") is None  # not on the board yet
    step = _go_to(app, scene, "patterns B A")
    hound = scene.guide.place("hound")
    drain = scene.guide.place("drain")
    assert hound is not None and hound.collidepoint(drain.center)  # it came on at the drain
    step = _go_to(app, scene, "face 5")
    rotate = scene.guide.place("token:rotate")
    assert rotate is not None and scene.guide.place("tray").contains(rotate)
    assert step.index > 0


def test_the_advanced_actions_are_one_click_away_and_others_are_refused():
    app, scene = _open()
    _go_to(app, scene, "blue")
    assert "token:blue" in scene.probe()
    step = _go_to(app, scene, "discard 31 41 50")
    assert sorted(scene.game.model.sel) == [31, 41, 50] and "confirm" in scene.probe()
    step = _go_to(app, scene, "cards 29 40")
    assert scene.game.model.sel == [29, 40] and "confirm" in scene.probe()
    step = _go_to(app, scene, "patterns B A")
    assert scene.game.model.picks == "B"  # the first pattern picked: the hound's way is previewed
    before = list(scene.session.actions)
    click(app, scene.probe()["pattern:C"])  # another second pattern: refused
    assert scene.session.actions == before
    assert scene.guide.run.index == step.index and scene.guide.refused_at is not None
    assert scene.game.model.picks == "B"  # the first pattern stays picked: the second is open again
    click(app, scene.probe()["pattern:A"])
    assert scene.session.actions[len(before)] == (0, "patterns B A")
    step = _go_to(app, scene, "rotate 4")
    assert scene.game.model.token_mode == "rotate" and "face:4" in scene.probe()
    do_step(app, scene, step)
    assert (0, "rotate 4") in scene.session.actions


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_advanced_lesson_callout_fits_at_the_smallest_window(lang):
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
