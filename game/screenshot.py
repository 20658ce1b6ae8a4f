"""``python -m game screenshot SCENE --out FILE.png``: render a scene headless.

Scenes: menu, lobby, settings, handoff, help, pause, history, stats (the data folder's
history, the first person's statistics), join (Join a table, as it opens:
the tables found on this network in its first frames), hosting (the hosting window of
the first game just opened to the network, two seats waiting: its waiting room), or a game id (duck, verflixxt,
cluck, routes) — a game is set up with computer seats, played ``--rounds`` rounds and
then ``--actions`` more actions by them, and shown from the first seat's point of view —
or a lesson, ``lesson:verflixxt-1 --step 7``: the lesson is played from its start by its
own steps (each step's control pressed on the real table, the computers at once) until
step 7 (from 1) shows, and drawn as the person sees it, its ring and callout included
(``--refused``: with the hint of a step that refused something else)."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame

from game import registry
from game.ai import Bot, make_bot
from game.app import App
from game.rules.protocol import Event
from game.scenes.base import Host
from game.scenes.table import playing
from game.scenes.table.scene import TableScene
from game.session import Session, default_seats
from game.settings import TEXT_SIZE_WORDS, Settings
from game.simulate import checked_setup
from game.table.bots import BotRunner
from game.ui import theme

# The scenes that are not a game table (the command line adds the installed game ids).
SCENES = (
    "menu",
    "quit",
    "lobby",
    "settings",
    "handoff",
    "help",
    "pause",
    "join",
    "history",
    "stats",
    "hosting",
    "builder",
    "builder-broken",
)
LESSON_PREFIX = "lesson:"  # lesson:<id>, a lesson of data/lessons at one of its steps
MAX_LESSON_FRAMES = 40_000  # frames of 1/30 s to reach a step (a whole lesson takes ~3000)


REPLAY_PREFIX = "replay:"  # replay:<id>|replay:latest, a game of the history


def replay_scene_ref(name: str) -> str | None:
    """``12`` for the scene ``replay:12`` (``latest`` for ``replay:latest``), else None."""
    return name[len(REPLAY_PREFIX) :] if name.startswith(REPLAY_PREFIX) else None


HOSTING_CODE, HOSTING_ADDRESS = "7KQ4-MX9P-2HRT", "192.168.1.20:47474"  # as a LAN shows


def show_hosting(app: Host, game_id: str) -> None:
    """The hosting window of a new ``game_id`` table (seat 0 here, seats 1 and 2 online
    and waiting, the others computers) with its waiting room (issue #38), drawn as it is
    once it listens: its server is never started, its code and address are examples."""
    from game.net.host import HostThread  # the network: only this scene needs it
    from game.scenes.lobby.online import hosted_scene  # with the network above

    info = registry.get(game_id)
    seats = default_seats(info, max(3, info.min_players), app.t)
    for i, seat in enumerate(seats):
        seat.human = i < 3
    options = {spec.key: spec.default for spec in info.rules().OPTIONS}
    session = Session(game_id, seats, 1, options)
    host = HostThread(session, host="127.0.0.1", local_seats=(0,), autosave=False)
    host.table.code = HOSTING_CODE
    app.push(app.router.screen("menu")(app))
    table = hosted_scene(app, host, (0,))
    table.driver.address = HOSTING_ADDRESS
    app.push(table)
    app.router.screen("waiting_room")(app, table)


def lesson_scene_id(name: str) -> str | None:
    """``verflixxt-1`` for the scene ``lesson:verflixxt-1``, else None."""
    return name[len(LESSON_PREFIX) :] if name.startswith(LESSON_PREFIX) else None


def _headless_env() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def build_scene(app: Host, name: str, args: Any) -> None:
    app.router.open("menu")
    if name == "menu":
        return
    if name == "quit":  # the question Esc or the close button asks at the title
        app.router.open("confirm", *app.stack[-1].quit_question())
        return
    if replay_scene_ref(name) is not None:
        app.router.screen("replay")(app, args.replay)
        controls = app.stack[-1]
        controls.jump(args.replay.length if args.step is None else args.step)
        return
    lesson_id = lesson_scene_id(name)
    if lesson_id is not None:
        show_lesson_step(app, lesson_id, args.step or 1, refused=args.refused)
        return
    if name == "settings":
        app.router.open("settings")
        return
    if name == "join":
        app.router.open("join")
        return
    if name == "hosting":
        show_hosting(app, registry.installed_games()[0].id)
        return
    if name in ("builder", "builder-broken"):  # issue #41: a board passing, one failing
        app.router.open("builder")
        builder = app.stack[-1]
        if name == "builder":
            builder.surprise_from(args.seed)
        else:
            builder.show_broken()
        return
    if name in ("history", "stats"):  # the data folder's history, as a person sees it
        app.router.open("history")
        listed = app.stack[-1]
        listed.wait_for_answer()  # the page as a person sees it a moment later
        if name == "stats":
            if not listed.players:
                raise ValueError("the history has no person's game yet, so no statistics")
            listed.filter_bar.open_stats()  # the filters own the button (issue #40)
            app.stack[-1].wait_for_answer()
        return
    if name == "handoff":
        # seat 2's curtain: its colour and mark on the disc
        app.router.open("handoff", app.t("app.default_name", n=2), theme.seat_colour(1), seat=1)
        return
    games = registry.installed_games()
    if name in ("lobby", "help", "pause"):
        if not games:
            raise ValueError(f"no game is installed, so there is no {name} to show")
        info = games[0]
        if name == "lobby":
            lobby = app.router.screen("lobby")(app, info)
            app.push(lobby)
            lobby.wait_for_scan()  # the boards read, as a person sees it a moment later
        elif name == "help":
            app.router.open("help", info)
        else:
            app.router.open("pause", info)
        return
    info = registry.get(name)
    if not info.installed():
        raise ValueError(f"{name} has no scene yet")
    seats = default_seats(info, args.players, app.t)
    for seat in seats:
        seat.human = False
    seats[0].human = True
    # the computers' own seed fixed too: the same command draws the same picture
    session = Session(info.id, seats, args.seed, args.options, bot_seed=args.seed)
    scene_class = app.router.table(info.id)
    scene = scene_class(app, session)
    app.push(scene)
    fast_forward(scene, args.rounds, args.actions)


def fast_forward(scene: TableScene, rounds: int, actions: int = 0) -> None:
    """Let every seat (people too, as 'normal' bots) play until ``rounds`` rounds are
    done and then ``actions`` more actions (a table in the middle of a round), without
    animation; then show seat 0's point of view, if a person sits there. For the
    screenshots and the tests (issue #37: not the production scene's)."""
    session = scene.session
    rng = random.Random(session.bot_seed)  # never the game's seed (issue #18)
    bots: dict[int, Bot] = {}
    runner = BotRunner()
    state = scene.state
    for event in scene.player.waiting():  # still waiting to be played (the opening)
        _write(scene, event, divide=False)
    extra = actions
    while not state.is_over() and (state.round_number <= rounds or extra > 0):
        if state.round_number > rounds:
            extra -= 1
        player = state.to_act()[0]
        bot = bots.setdefault(player, make_bot(session.game_id, "normal"))
        before = state.round_number
        for event in scene.driver.submit(player, runner.decide(bot, state, player, rng)):
            if event.visible_to is None:
                _write(scene, event)
        if state.round_number != before and not state.is_over():
            scene.log.divider(state.round_number)
    scene.player.settle(0 if session.seats[0].human else None)


def _write(scene: TableScene, event: Event, divide: bool = True) -> None:
    """The event's line into the table's log (after its round's divider), not animated."""
    if divide:
        scene.log.divide(event)
    line = scene.describe(event)
    if line:
        scene.log_line(line)


@contextmanager
def computers_at_once() -> Iterator[None]:
    """Computer seats act at once and decide on this thread, in the frame that asks them:
    the same frames on every run however loaded the machine (a worker thread's decision
    could land a frame later). For pictures of lessons (this command, the layout audit)."""
    delay, playing.BOT_DELAY = playing.BOT_DELAY, 0.0
    inline, BotRunner.inline = BotRunner.inline, True
    try:
        yield
    finally:
        BotRunner.inline = inline
        playing.BOT_DELAY = delay


def take_lesson_step(app, scene, lesson_id: str, index: int, expect: str) -> None:
    """Take the shown step ``index`` of a lesson whose action is ``expect`` as a person
    does: the clicks the table names for it (Cluck-peep!'s several), else the control that
    takes the action (the first with an action for a free choice, "any"). A step no
    control takes is a ValueError naming the lesson and the step."""
    app.draw()  # the table's controls for this step are laid out
    keys = scene.game.lesson_clicks(expect)
    if keys is not None:
        for key in keys:
            pos = scene.probe()[key]
            app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        return
    controls = [c for c in scene.controls if c.action is not None]
    control = next((c for c in controls if expect in ("any", str(c.action))), None)
    if control is None:
        raise ValueError(f"{lesson_id}: steps[{index}]: no control on the table takes {expect!r}")
    control.on_click()


def show_lesson_step(app, lesson_id: str, step: int, refused: bool = False):
    """Open lesson ``lesson_id`` from its start over the menu and play it by its own steps
    until step ``step`` (from 1) is shown; the table (its lesson's ``guide`` at that step).
    Each step is taken as a person takes it: Next on a step to read, the control that
    takes the step's action on the table (the first control with an action for a free
    choice). A step that never shows is a ValueError naming the lesson and the step."""
    app.settings.animation_speed = 50.0  # what moves is over before the picture
    scene = app.router.screen("lesson_start")(
        app, lesson_id, fresh=True, keep_place=False
    )  # not the person's
    if scene is None or scene.guide.lesson is None:
        raise ValueError(f"lesson {lesson_id} could not be opened")
    guide = scene.guide  # the lesson's (game.scenes.table.lesson.LessonGuide)
    target = step - 1
    with computers_at_once():
        for _ in range(MAX_LESSON_FRAMES):
            app.step(1 / 30)
            shown = guide.shown_step()
            if shown is None:
                continue
            if shown.index >= target:
                break
            if shown.expect is None:
                guide.press_next()
                continue
            take_lesson_step(app, scene, lesson_id, shown.index, shown.expect)
        else:
            raise ValueError(f"{lesson_id}: step {step} never showed")
        if refused:
            guide.refused_at = guide.clock
        for _ in range(3):
            app.step(1 / 30)
    return scene


def _settings(args) -> Settings:
    """The defaults with the text size asked for (``--text-size``: a word of the settings'
    ``TEXT_SIZE_WORDS``), so a picture shows a table as a person with Larger text sees it."""
    word = getattr(args, "text_size", "normal")
    factor = next(size for size, name in TEXT_SIZE_WORDS.items() if name == word)
    return Settings(text_size=factor)


def screenshot(args) -> int:
    """Render ``args.scene`` to ``args.out``. The command line has checked the scene, the
    seats and options (``args.options``) and that ``args.out`` can be written; a game
    scene's set-up is tried before the window exists, so a bad one is a ValueError."""
    _headless_env()
    if (
        args.scene not in SCENES
        and lesson_scene_id(args.scene) is None
        and replay_scene_ref(args.scene) is None
    ):
        checked_setup(args.scene, args.players, args.seed, args.options)
    app = App(size=args.size, lang=args.lang, settings=_settings(args), persist=False)
    build_scene(app, args.scene, args)
    for _ in range(3):
        app.step(1 / 60)
    app.draw()
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    try:
        pygame.image.save(app.screen, args.out)
    except pygame.error as exc:  # SDL's own error: name the file, keep it one line
        raise OSError(f"{args.out}: cannot be written ({exc})") from None
    if args.scene == "join":
        app.top.exit()  # its network browser says goodbye
    shown = f"{args.scene} step {args.step or 1}" if lesson_scene_id(args.scene) else args.scene
    print(f"wrote {args.out} ({args.size[0]}x{args.size[1]}, {shown}, {args.lang})")
    pygame.quit()
    return 0
