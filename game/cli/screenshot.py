"""``python -m game screenshot SCENE --out FILE.png``: a scene rendered headless (a
screen, a game's table after some rounds, a lesson at a step, a replay at a position);
the rendering is ``game.screenshot``, loaded only when the command runs."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from game import registry
from game.cli.common import (
    Formatter,
    UsageError,
    _add_game_options,
    _add_players,
    _first_game_flag,
    _games_epilog,
    _size,
    check_players,
    game_options,
    non_negative,
    playable_game_id,
    positive,
    seed,
)
from game.cli.replay import _replay
from game.paths import lesson_ids
from game.storage import clip

PNG_SUFFIX = ".png"


def scene_name(text: str) -> str:
    from game.screenshot import SCENES, lesson_scene_id  # start-up: pygame, the rules

    if text in SCENES:
        return text
    if text.startswith("replay:"):  # checked once the command line is read (the history)
        return text
    lesson = lesson_scene_id(text)
    if lesson is not None:
        known = lesson_ids()
        if lesson not in known:
            raise argparse.ArgumentTypeError(
                f"unknown lesson {clip(lesson)}; known: " + ", ".join(f"lesson:{i}" for i in known)
            )
        return text
    try:
        return playable_game_id(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"unknown scene {clip(text)}; known: {', '.join(_scene_names())}"
        ) from None


def output_png(text: str) -> str:
    """A PNG file that can be written: checked before anything is rendered."""
    path = Path(text)
    if path.is_dir() or text.endswith(("/", os.sep)):
        raise argparse.ArgumentTypeError(f"{clip(text)} is a folder, not a file name")
    if path.suffix.lower() != PNG_SUFFIX:
        raise argparse.ArgumentTypeError(f"{clip(text)} does not end in {PNG_SUFFIX}")
    if path.exists() and not os.access(path, os.W_OK):
        raise argparse.ArgumentTypeError(f"{clip(text)} cannot be overwritten (permission)")
    folder = path.absolute().parent
    existing = next(p for p in (folder, *folder.parents) if p.exists())  # "/" always exists
    if not existing.is_dir():
        raise argparse.ArgumentTypeError(f"{clip(str(existing))} is a file, not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError(f"cannot write in {clip(str(existing))} (permission)")
    return text


def _scene_names() -> list[str]:
    from game.screenshot import SCENES  # start-up: screenshot brings pygame and the rules

    return [*SCENES, *(info.id for info in registry.installed_games())]


def _lesson_scene_names() -> list[str]:
    from game.screenshot import LESSON_PREFIX  # start-up: screenshot brings pygame and the rules

    return [f"{LESSON_PREFIX}{i}" for i in lesson_ids()]


def add_parser(sub, details: bool) -> argparse.ArgumentParser:
    scenes = ", ".join(_scene_names()) if details else ""
    lesson_scenes = ", ".join(_lesson_scene_names()) if details else ""
    epilog = _games_epilog() if details else None
    shot = sub.add_parser(
        "screenshot",
        help="render a scene headless to a PNG",
        description="Render a scene headless to a PNG file.",
        epilog=epilog,
        formatter_class=Formatter,
    )
    shot.add_argument(
        "scene",
        type=scene_name,
        metavar="SCENE",
        help=f"what to show: {scenes}; or a lesson at one of its steps (--step): {lesson_scenes}",
    )
    shot.add_argument(
        "--out",
        required=True,
        type=output_png,
        metavar="FILE.png",
        help="the PNG file to write (its folder is made if missing)",
    )
    shot.add_argument("--lang", choices=("en", "ja"), default="en", help="language: en|ja")
    shot.add_argument(
        "--size",
        type=_size,
        default=(1280, 720),
        help="image size WxH, 320x240 .. 7680x4320 (default 1280x720)",
    )
    _add_players(shot, 4, details, "a game scene: ")
    shot.add_argument("--seed", type=seed, default=1, help="a game scene's seed (default 1)")
    shot.add_argument(
        "--rounds",
        type=non_negative,
        default=0,
        help="a game scene: computer players play this many rounds first",
    )
    shot.add_argument(
        "--actions",
        type=non_negative,
        default=0,
        help="... and then this many more actions (a table mid-round)",
    )
    shot.add_argument(
        "--step",
        type=positive,
        default=None,
        help="a lesson scene: the step to show, from 1 (default 1); the lesson is played "
        "by its own steps up to it",
    )
    shot.add_argument(
        "--refused",
        action="store_true",
        help="a lesson scene: with the hint said when something else than the step asks was tried",
    )
    shot.add_argument(
        "--text-size",
        choices=("normal", "large", "larger"),
        default="normal",
        help="the settings' text size (issue #38: every table is looked at with Larger text too)",
    )
    _add_game_options(shot, details)
    # None: not given (a lesson refuses them); a game scene's defaults are set in check_args
    shot.set_defaults(players=None, seed=None)
    return shot


def check(args) -> None:
    from game.screenshot import (  # start-up: screenshot brings pygame and the rules
        SCENES,
        lesson_scene_id,
        replay_scene_ref,
    )

    which = replay_scene_ref(args.scene)
    if which is not None:
        _check_replay_shot(args, which)
        return
    lesson = lesson_scene_id(args.scene)
    if lesson is not None:
        _check_lesson_shot(args, lesson)
        return
    if args.step is not None or args.refused:
        given = "--step" if args.step is not None else "--refused"
        raise UsageError(f"argument {given}: only a lesson scene has steps, not {args.scene}")
    args.players = 4 if args.players is None else args.players
    args.seed = 1 if args.seed is None else args.seed
    if args.scene in SCENES:
        flag = _first_game_flag(args)
        if flag:
            raise UsageError(
                f"argument {flag}: only a game scene has game options, not {args.scene}"
            )
        args.options = {}
    else:
        check_players(args.scene, args.players)
        args.options = game_options(args, args.scene)


def _set_up_flag(args) -> str | None:
    """The first of a game scene's set-up flags given (seats, seed, rounds, actions, game
    options): a lesson or a replay brings its own table, so none of them may be."""
    for flag, given in (
        ("--players", args.players is not None),
        ("--seed", args.seed is not None),
        ("--rounds", args.rounds != 0),
        ("--actions", args.actions != 0),
    ):
        if given:
            return flag
    return _first_game_flag(args)


def _check_replay_shot(args, which: str) -> None:
    """``screenshot replay:ID --step N``: a finished game at a position (0 to its
    actions; default its end), none of a game scene's set-up (the record has its own)."""
    flag = "--refused" if args.refused else _set_up_flag(args)
    if flag:
        raise UsageError(f"argument {flag}: a replay shows its own game, not {args.scene}")
    args.replay = _replay(which, "SCENE")
    if args.step is not None and args.step > args.replay.length:
        raise UsageError(
            f"argument --step: that game has {args.replay.length} actions, not {args.step}"
        )


def _check_lesson_shot(args, lesson_id: str) -> None:
    """A lesson scene: a step the lesson has, and none of a game scene's set-up (the
    lesson sets its own table)."""
    from game.lessons import (  # start-up: lessons bring the session and yaml
        LessonError,
        lesson_path,
        load_lesson,
    )

    flag = _set_up_flag(args)
    if flag:
        raise UsageError(f"argument {flag}: a lesson sets its own table, not {args.scene}")
    try:
        lesson = load_lesson(lesson_path(lesson_id))
    except LessonError as exc:
        raise UsageError(f"{args.scene}: {exc}") from None
    if args.step is not None and args.step > len(lesson.steps):
        raise UsageError(
            f"argument --step: {lesson_id} has {len(lesson.steps)} steps, not {args.step}"
        )
    args.options = {}


def run(args) -> int:
    from game.screenshot import screenshot  # start-up: pygame and the rules

    return screenshot(args)
