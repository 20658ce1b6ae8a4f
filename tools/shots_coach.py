"""Render issue #40's pictures of the coach: for each game (Duck! advanced with 4 players,
Verflixxt! with hats with 4, Cluck-peep! with 4, Eight Routes with 5) a seeded game is
played up to a person's decision where the coach has real options to weigh (the hard
computer's pick and at least two alternatives, each said with a measured figure), the
table's Coach button is pressed there as a person presses it, and the window is saved
with the coach's answer and its pick previewed on the board; and the look back of a
finished game, opened from its end screen's Look back, and its costliest moment's Show
(the replay there, with the coach). English and Japanese. Pictures of
docs/screenshots/issue-40/ (its README says what each shows).

    python tools/shots_coach.py [--out DIR] [--games duck,cluck] [--langs en,ja]
        [--size 1280x720] [--lookback GAME|none]

Headless (SDL's dummy drivers). The table is set up as ``python -m game screenshot``
sets up a game (``game.screenshot.build_scene``: seat 0 a person, the others normal
computers, the computers' seed fixed) and the computers decide on this thread as in the
lesson pictures (``computers_at_once``), so the same command draws the same pictures:
the coach's search is bound by work, not by the clock (docs/coach.md). At each of the
person's decisions of the game's main kind of move (``Table.move``) the Coach
button is pressed; where the answer has fewer options
or words without a figure, the coach is closed and the person plays what the normal
computer would (the game's seed's own random numbers), and the game goes on.
Prints where each picture went; exit 1 if a game never reached such a decision."""

from __future__ import annotations

import argparse
import os
import random
import sys
from argparse import Namespace
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere: this checkout's game
    sys.path.insert(0, str(ROOT))


@dataclass(frozen=True)
class Table:
    """A game as the pictures play it: the busiest table of each, as tools/shots.py draws
    it; ``move``: the kind of move the coach is asked about (the notation's first word,
    "" for any), so the picture shows the game's main decision."""

    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 7  # chosen by running this tool: a decision with real options early on
    move: str = ""


GAMES: dict[str, Table] = {
    "duck": Table(4, {"variant": "advanced"}, move="card"),
    "verflixxt": Table(4, {"variant": "hats"}, move="play"),
    "cluck": Table(4),
    "routes": Table(5),
}
LOOK_BACK = "verflixxt"  # the game played to its end and looked back at (hats: its moments
# differ on wins and points, where Duck's end game differs on the whole score only)
MAX_FRAMES = 60_000  # frames of 1/30 s for a game to reach its decision (or its end)
UNSAID = ("coach.why.only", "coach.why.kept", "coach.why.level")  # why without a figure
UNMEASURED = ("coach.against.chance", "coach.against.overall")  # ranked without a figure


def _headless() -> None:
    for name, value in (
        ("SDL_VIDEODRIVER", "dummy"),
        ("SDL_AUDIODRIVER", "dummy"),
        ("PYGAME_HIDE_SUPPORT_PROMPT", "1"),
    ):
        os.environ.setdefault(name, value)


def says_measured(advice: Any) -> bool:
    """The coach's answer weighs real options in measured words: at least two
    alternatives beside the pick, told apart by two figures or more, the why naming a figure (not "the only move", "they
    measure alike" or "kept by chance"), and each alternative shown saying the figure
    it gives up."""
    from game.ai.coach_words import lines, telling

    if len(advice.alternatives()) < 2 or len(telling(advice)) < 2:
        return False
    said: list[str] = []

    def say(key: str, **fields: object) -> str:
        said.append(key)
        return key

    lines(say, advice)
    against = [k for k in said if k.startswith("coach.against.")]
    return (
        not any(k in UNSAID for k in said)
        and not any(k in UNMEASURED for k in against)
        and len(against) == len(advice.alternatives())
    )


def open_table(game: str, lang: str, size: tuple[int, int]):
    """A new game of ``game`` (as GAMES plays it) at its table, as ``python -m game
    screenshot GAME`` sets it up, over the menu: (app, table)."""
    from game.app import App
    from game.screenshot import build_scene
    from game.settings import Settings

    app = App(size=size, lang=lang, settings=Settings(), persist=False)
    app.settings.animation_speed = 50.0  # what moves is over before the picture
    setup = GAMES[game]
    args = Namespace(
        players=setup.players, seed=setup.seed, options=dict(setup.options), rounds=0, actions=0
    )
    build_scene(app, game, args)
    return app, app.top


def press_coach(app: Any, table: Any) -> Any:
    """Press the table's Coach button as a person does (the pointer onto it, a click)
    and wait for the coach's answer: the coach's screen."""
    import pygame

    from game.scenes.table.coach import ASK_KEY, CoachScene

    app.draw()
    button = next(b for b in table.buttons.buttons if b.key == ASK_KEY)
    pos = button.rect.center
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    coach = next((s for s in app.stack[-1:] if isinstance(s, CoachScene)), None)
    if coach is None:
        raise RuntimeError(f"{table.session.game_id}: the Coach button opened no coach")
    coach.wait_for_answer()
    if coach.advice is None:
        raise RuntimeError(f"{table.session.game_id}: the coach said {coach.problem}")
    return coach


def _deciding(table: Any) -> int | None:
    """The person's seat deciding at the table now (None: not the person's turn)."""
    if table.app.top is not table:
        return None
    seat: int | None = table.sharing.deciding()
    return seat


def play_to(app: Any, table: Any, stop: Any, person: random.Random) -> Any:
    """Step the table (the computers at once) until ``stop(coach_or_None)`` says so at
    one of the person's decisions; elsewhere the person plays the normal computer's
    move. Returns what ``stop`` returned, None when the game ended first."""
    from game.ai import make_bot
    from game.screenshot import computers_at_once
    from game.table.bots import BotRunner

    bot = make_bot(table.session.game_id, "normal")
    runner = BotRunner()
    with computers_at_once():
        for _ in range(MAX_FRAMES):
            app.step(1 / 30)
            if table.state.is_over():
                return None
            seat = _deciding(table)
            if seat is None:
                continue
            found = stop(seat)
            if found is not None:
                return found
            if _deciding(table) is None:  # stop opened something and left it open
                app.pop()
            table.act(seat, runner.decide(bot, table.state, seat, person))
    raise RuntimeError(f"{table.session.game_id}: no decision in {MAX_FRAMES} frames")


@dataclass(frozen=True)
class Shot:
    """A picture of the coach made: where it went, the move (from 1) it was asked at,
    what it said and whether the board previews its pick."""

    out: Path
    move: int
    advice: Any
    said: list[str]
    on_board: bool


def coach_shot(game: str, lang: str, size: tuple[int, int], out: Path) -> Shot:
    """The coach at the first of the person's decisions of the game's kind of move
    (GAMES) whose answer :func:`says_measured` and whose pick the board shows, saved to
    ``out``."""
    import pygame

    setup = GAMES[game]
    app, table = open_table(game, lang, size)

    def asked(seat: int) -> Any:
        legal = table.state.legal_actions(seat)
        if len(legal) < 3 or not any(str(a).startswith(setup.move) for a in legal):
            return None
        coach = press_coach(app, table)
        pick = str(coach.advice.pick.action)
        if pick.startswith(setup.move) and coach.on_board and says_measured(coach.advice):
            return coach
        coach.close()
        return None

    try:
        coach = play_to(app, table, asked, random.Random(setup.seed))
        if coach is None:
            raise RuntimeError(f"{game}: the game ended before a decision with options")
        for _ in range(3):
            app.step(1 / 60)
        app.draw()
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(out))
        shot = Shot(out, coach.step + 1, coach.advice, coach.lines(), coach.on_board)
        shown = "on the board" if shot.on_board else "in words only"
        print(f"{out}: move {shot.move}, {len(coach.options_shown())} options, pick {shown}")
        return shot
    finally:
        pygame.quit()


def look_back_shot(game: str, lang: str, size: tuple[int, int], out: Path, shown: Path) -> None:
    """The look back of a finished game of ``game`` (the person playing the normal
    computer's moves), opened from its end screen's Look back as a person opens it, its
    answer waited for, saved to ``out``; then its costliest moment's Show pressed (the
    replay at that position with the coach's say there), saved to ``shown``."""
    import pygame

    from game.scenes.shell.look_back import LookBackScene
    from game.scenes.table.end_screen import GameOverScene

    app, table = open_table(game, lang, size)
    try:
        play_to(app, table, lambda seat: None, random.Random(GAMES[game].seed))
        from game.screenshot import computers_at_once

        with computers_at_once():
            for _ in range(MAX_FRAMES):
                if isinstance(app.top, GameOverScene):
                    break
                app.step(1 / 30)
            else:
                raise RuntimeError(f"{game}: the end screen never showed")
        over = app.top
        app.draw()
        over.buttons.by_key("lookback").on_click()
        look = next((s for s in app.stack[-1:] if isinstance(s, LookBackScene)), None)
        if look is None:
            raise RuntimeError(f"{game}: Look back opened no look back")
        look.wait_for_answer()
        if look.problem is not None:
            raise RuntimeError(f"{game}: the look back said {look.problem}")
        for _ in range(3):
            app.step(1 / 60)
        app.draw()
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(out))
        print(f"{out}: {len(look.moments())} moments of {look.names[look.seat()]}")
        if not look.moments():
            raise RuntimeError(f"{game}: the look back found no costly moment to show")
        look.buttons.by_key("show:0").on_click()
        for _ in range(3):
            app.step(1 / 60)
        app.draw()
        pygame.image.save(app.screen, str(shown))
        print(f"{shown}: move {look.moments()[0].step + 1} in the replay, with the coach")
    finally:
        pygame.quit()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "screenshots" / "coach"))
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--langs", default="en,ja")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--lookback", default=LOOK_BACK, choices=(*GAMES, "none"))
    args = parser.parse_args(argv)
    _headless()
    width, _, height = args.size.partition("x")
    size = (int(width), int(height))
    games = [g for g in args.games.split(",") if g]
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        print(f"shots_coach: unknown game {unknown[0]!r}", file=sys.stderr)
        return 2
    failed = 0
    langs = args.langs.split(",")
    jobs: list[tuple[str, str]] = [(g, lang) for g in games for lang in langs]
    if args.lookback != "none":
        jobs += [("lookback", lang) for lang in langs]
    for what, lang in jobs:
        try:
            if what == "lookback":
                folder, name = Path(args.out), f"{args.lookback}-{args.size}-{lang}.png"
                look_back_shot(
                    args.lookback,
                    lang,
                    size,
                    folder / f"lookback-{name}",
                    folder / f"lookback-show-{name}",
                )
            else:
                coach_shot(
                    what, lang, size, Path(args.out) / f"coach-{what}-{args.size}-{lang}.png"
                )
        except RuntimeError as exc:
            failed += 1
            print(f"FAILED {what} {lang}: {exc}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
