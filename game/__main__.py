"""``python -m game`` / ``tabletop-derby``: play (default) | simulate | tournament |
screenshot | check-board. Errors are one clear line and a non-zero exit code."""
from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"size {text} is out of range (320x240 .. 7680x4320)")
    return w, h


def game_options(args) -> dict:
    """The game options a command line names (--variant, --board, --attack, --option)."""
    options = {}
    if getattr(args, "variant", None):
        options["variant"] = args.variant
    if getattr(args, "board", None):
        options["board"] = args.board
    if getattr(args, "attack", False):
        options["attack"] = True
    for item in getattr(args, "option", None) or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"error: --option wants KEY=VALUE, not {item!r}")
        options[key] = _literal(value)
    return options


def _literal(text: str):
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(text)
    except ValueError:
        return text


def _add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", help="game variant (duck: beginner|advanced|twoducks|official; "
                                     "verflixxt: base|hats; ...)")
    p.add_argument("--board", help="board name (Duck! Duck! Go!)")
    p.add_argument("--attack", action="store_true", help="Verflixxt! attack variant")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="any other game option, repeatable")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tabletop-derby", description=__doc__)
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="start the game window (the default)")
    play.add_argument("--frames", type=int, default=None,
                      help="run N frames and exit 0 (smoke tests)")
    play.add_argument("--size", type=_size, default=None, help="window size WxH")
    play.add_argument("--lang", choices=("en", "ja"), default=None)
    play.add_argument("--new", metavar="GAME", help="skip the menu: start a new game of GAME")
    play.add_argument("--players", type=int, default=4, help="with --new: how many seats")
    play.add_argument("--seed", type=int, default=None, help="with --new: the game's seed")
    play.add_argument("--computers", action="store_true",
                      help="with --new: every seat is a computer player (a demo)")
    play.add_argument("--resume", metavar="SAVE",
                      help="skip the menu: resume a saved game (a file, or 'latest')")

    shot = sub.add_parser("screenshot", help="render a scene headless to a PNG")
    shot.add_argument("scene", help="menu | lobby | settings | handoff | help | GAME id")
    shot.add_argument("--out", required=True, help="PNG file to write")
    shot.add_argument("--lang", choices=("en", "ja"), default="en")
    shot.add_argument("--size", type=_size, default=(1280, 720))
    shot.add_argument("--players", type=int, default=4)
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--rounds", type=int, default=0,
                      help="let computer players play this many rounds first")
    shot.add_argument("--actions", type=int, default=0,
                      help="... and then this many more actions (a table mid-round)")
    _add_game_options(shot)

    sim = sub.add_parser("simulate", help="play bot games headless and print games/second")
    sim.add_argument("game")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bot", default="random",
                     help="random | easy | greedy (= normal) | normal | hard")
    sim.add_argument("--max-rounds", type=int, default=200,
                     help="games still running after this round count as unfinished")
    sim.add_argument("--json", action="store_true", help="only the JSON line")
    _add_game_options(sim)

    tour = sub.add_parser("tournament", help="bot levels against each other, seats rotated")
    tour.add_argument("game")
    tour.add_argument("--players", type=int, default=4)
    tour.add_argument("--games", type=int, default=100)
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--bots", required=True, help="comma-separated levels, one per seat")
    tour.add_argument("--json", action="store_true")
    _add_game_options(tour)

    check = sub.add_parser("check-board", help="validate a board file (YAML or Tiled TMX)")
    check.add_argument("path")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv.insert(0, "play")   # `tabletop-derby --frames 60` means play
    args = parser.parse_args(argv)
    command = args.command or "play"
    try:
        if command == "play":
            from game.app import run_app
            return run_app(frames=getattr(args, "frames", None), size=getattr(args, "size", None),
                           lang=getattr(args, "lang", None), new=getattr(args, "new", None),
                           players=getattr(args, "players", 4), seed=getattr(args, "seed", None),
                           computers=getattr(args, "computers", False),
                           resume=getattr(args, "resume", None))
        if command == "screenshot":
            from game.screenshot import screenshot
            return screenshot(args)
        if command == "simulate":
            from game.simulate import print_result, run
            result = run(args.game, args.players, args.games, args.seed, game_options(args),
                         bot=args.bot, max_rounds=args.max_rounds)
            print_result(result, args.json)
            return 0 if result["errors"] == 0 else 1
        if command == "tournament":
            from game.tournament import print_result, run_tournament
            result = run_tournament(args.game, args.players, args.games, args.seed,
                                    args.bots.split(","), game_options(args))
            print_result(result, args.json)
            return 0
        if command == "check-board":
            from game.boards.check import check_board_cli
            return check_board_cli(args.path)
    except (KeyError, ValueError, OSError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"error: {message}", file=sys.stderr)
        return 2
    parser.error(f"unknown command {command}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
