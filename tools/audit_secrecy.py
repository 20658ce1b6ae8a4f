"""The secrecy audit (issue #36): whole games at one screen, every frame drawn headless,
and whose secrets each frame shows checked against who last passed the curtain.

    python tools/audit_secrecy.py [--games duck,...] [--seeds N] [--first-seed S]
        [--size 1024x600] [--quiet]

The draw layer writes down whose secrets a frame shows (a game's painters of a hand,
tiles, cards, a chosen card or a preview worked out from them go through
``game.ui.widgets.draws_secrets``) and each hand-off curtain drawn (``record_curtain``),
as it writes down texts for the layout audit. This tool binds a sink to the screen,
plays whole games of every game with 2 to 6 people at the screen (each game's own seat
limits), the other seats computers, from several seeds (every other one resumed from a
record part-way, as Resume opens it), the people deciding through the table and at
times taking a move back, and checks every frame against the policy of
docs/secrecy.md:

- with two or more people at the screen, the seats whose secrets are on a frame are a
  subset of {the seat whose curtain was the last one drawn}, and a curtain frame shows
  nobody's secrets: so no frame shows a second seat's secrets without a curtain between;
- the screen stops being a seat's once something everybody watches happens: another
  seat acts, the seat's own turn is over (its action played for all to see: a walk, a
  reveal), or a round ends; from then on no secrets until a curtain;
- a game without secrets (Eight Routes) never shows a curtain.

Deterministic: frames are stepped by a fixed time, the computers decide on this thread
in the frame that asks them (``game.screenshot.computers_at_once``), seeds are fixed.
Prints one line per game run and a summary; exits 1 on any finding.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from dataclasses import dataclass, field

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game import registry
from game.ai import make_bot
from game.session import Seat, Session

DT = 1 / 10  # a frame's step: animations at the audit's speed take a few frames each
SPEED = 4.0  # the fastest animation speed a person may choose
MAX_FRAMES = 40_000  # a game that runs longer is a finding of its own (a stuck table)
UNDO_EVERY = 7  # a person takes a move back at about one decision in this many


# the options each game is audited under, in turn (its variants that hide more or
# nothing at all: Verflixxt!'s base game hides nothing, its hats' hands are secret)
OPTIONS: dict[str, list[dict]] = {
    "duck": [{}, {"variant": "advanced"}],
    "verflixxt": [{"variant": "hats"}, {}],
    "cluck": [{}, {"variant": "both"}, {"variant": "runaway"}, {"long_road": True}],
    "routes": [{}],
}


@dataclass
class Run:
    """One whole game audited: what was set up, what was seen, what was wrong."""

    game: str
    players: int
    people: tuple[int, ...]
    seed: int
    resumed: bool
    options: dict = field(default_factory=dict)
    frames: int = 0
    curtains: int = 0  # curtains lifted
    secret_frames: int = 0  # frames that showed somebody's secrets
    undos: int = 0
    findings: list[str] = field(default_factory=list)

    def line(self) -> str:
        how = "resumed" if self.resumed else "new"
        verdict = "ok" if not self.findings else f"{len(self.findings)} FINDING(S)"
        return (
            f"{self.game:<10} {self.players} seats, people {list(self.people)}, seed {self.seed}"
            f" ({how}{''.join(f', {k}={v}' for k, v in self.options.items())}):"
            f" {self.frames} frames, {self.curtains} curtains, "
            f"{self.secret_frames} frames with secrets, {self.undos} undos: {verdict}"
        )


Plan = tuple[str, int, tuple[int, ...], int, dict]


def plans(games: list[str], seeds: list[int]) -> list[Plan]:
    """(game, players, people, seed, options): for each game and seed, every number of
    people at the screen from 2 to the game's most (at most 6), among a number of seats
    drawn from the seed between the people and the game's most (computers in the
    others), the people's seats drawn from the seed too, the game's options in turn."""
    out = []
    for game in games:
        info = registry.get(game)
        top = min(6, info.max_players)
        choices = OPTIONS.get(game, [{}])
        for seed in seeds:
            rng = random.Random(f"{game}:{seed}")
            for people in range(2, top + 1):
                players = rng.randint(max(people, info.min_players), top)
                seats = tuple(sorted(rng.sample(range(players), people)))
                options = choices[(seed + people) % len(choices)]
                out.append((game, players, seats, seed, dict(options)))
    return out


def _seats(game: str, people: tuple[int, ...], players: int) -> list[Seat]:
    characters = registry.get(game).characters
    return [
        Seat(f"P{i + 1}", characters[i % len(characters)].key, human=i in people, level="easy")
        for i in range(players)
    ]


def _session(
    game: str, players: int, people: tuple[int, ...], seed: int, resumed: bool, options: dict
):
    """A new game, or one played part-way by computers and opened from its record (as
    Resume does: a new scene, nobody's curtain passed yet)."""
    seats = _seats(game, people, players)
    if not resumed:
        return Session(game, seats, seed, options, bot_seed=seed)
    first = Session(game, _seats(game, (), players), seed, options, bot_seed=seed)
    bot, rng = make_bot(game, "easy"), random.Random(seed)
    for _ in range(random.Random(seed).randint(3, 12)):
        if first.state.is_over():
            break
        p = first.state.to_act()[0]
        first.apply(p, bot.choose(first.state.view(p), p, rng))
    return Session.from_record(first.record(), seats, bot_seed=seed)


def audit_game(
    game: str,
    players: int,
    people: tuple[int, ...],
    seed: int,
    *,
    resumed: bool = False,
    options: dict | None = None,
    size: tuple[int, int] = (1024, 600),
    app=None,
) -> Run:
    """Play one whole game at one screen, every frame drawn into a sink, and check each
    (see the module's docstring). ``app``: an App to use (a new one by default)."""
    from game.app import App
    from game.scenes.table.end_screen import GameOverScene
    from game.scenes.table.handoff import HandoffScene
    from game.screenshot import computers_at_once
    from game.settings import Settings
    from game.ui.widgets import recording

    options = dict(options or {})
    run = Run(game, players, tuple(people), seed, resumed, options)
    own_app = app is None
    if app is None:
        app = App(size=size, lang="en", settings=Settings(), persist=False)
    app.settings.animation_speed = SPEED
    rng = random.Random(seed)
    bot = make_bot(game, "easy")
    try:
        with computers_at_once():
            session = _session(game, players, people, seed, resumed, options)
            has_secrets = registry.get(game).hides_things(session.options)
            scene = app.router.table(game)(app, session)
            app.push(scene)
            # whose secrets the screen may show: the seat of the last curtain drawn, until
            # something everybody watches happens; with one person, always theirs
            allowed: int | None = None
            why = "no curtain yet"  # why the screen is nobody's
            streak: tuple[str, int, int] | None = None  # a finding over frames in a row
            seen_actions = list(session.actions)
            seen_round = session.state.round_number
            while run.frames < MAX_FRAMES:
                app.step(DT)
                with recording(app.screen) as sink:
                    app.draw()
                run.frames += 1
                state = scene.session.state
                actions = list(scene.session.actions)
                if len(actions) > len(seen_actions) and actions[: len(seen_actions)] == (
                    seen_actions
                ):
                    for who, _text in actions[len(seen_actions) :]:
                        if allowed is not None and who != allowed:
                            allowed, why = None, f"seat {who} acted"  # everybody watched
                    if allowed is not None and allowed not in state.to_act():
                        # the seat's turn is over: its action plays for all to see
                        allowed, why = None, f"seat {allowed}'s turn ended"
                elif len(actions) < len(seen_actions):
                    why = "a move was taken back" if allowed is None else why
                if state.round_number != seen_round and allowed is not None:
                    allowed, why = None, f"round {seen_round} ended"  # a walk, a reveal
                seen_actions, seen_round = actions, state.round_number
                found = ""
                if sink.curtains:
                    if not has_secrets:
                        found = "a curtain in a game without secrets"
                    elif sink.secrets:
                        found = f"seat(s) {sorted(sink.secrets)}'s secrets with the curtain"
                    allowed, why = sink.curtains[-1], ""
                else:
                    run.secret_frames += bool(sink.secrets)
                    may = {allowed} if len(people) > 1 else set(people)
                    if not sink.secrets <= may:
                        whose = f"nobody's ({why})" if allowed is None else f"seat {allowed}'s"
                        found = (
                            f"seat(s) {sorted(sink.secrets)}'s secrets on screen while it is "
                            f"{whose}"
                        )
                if found and streak is not None and streak[0] == found:
                    streak = (found, streak[1], run.frames)
                else:
                    if streak is not None:
                        run.findings.append(_finding(*streak))
                    streak = (found, run.frames, run.frames) if found else None
                if isinstance(app.top, GameOverScene):
                    break
                if isinstance(app.top, HandoffScene):
                    run.curtains += 1
                    app.handle(
                        pygame.event.Event(
                            pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0
                        )
                    )
                    continue
                if app.top is not scene:
                    continue
                person = scene.sharing.deciding()
                if person is None:
                    continue
                if rng.randrange(3):  # the person looks at their things a frame or more
                    continue
                if scene.undo.refusal() is None and rng.randrange(UNDO_EVERY) == 0:
                    scene.undo.take_back()
                    run.undos += 1
                    continue
                action = bot.choose(state.view(person), person, rng)
                if not scene.act(person, action):
                    run.findings.append(f"frame {run.frames}: seat {person}'s {action} was refused")
            else:
                run.findings.append(f"the game did not end in {MAX_FRAMES} frames")
            if streak is not None:
                run.findings.append(_finding(*streak))
            if len(run.findings) > 20:
                run.findings[20:] = [f"... and {len(run.findings) - 20} more"]
    finally:
        if own_app:
            pygame.quit()
    return run


def _finding(what: str, first: int, last: int) -> str:
    frames = f"frame {first}" if first == last else f"frames {first}-{last}"
    return f"{frames}: {what}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(registry.GAMES))
    parser.add_argument("--seeds", type=int, default=4, help="seeds per set-up")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--size", default="1024x600")
    parser.add_argument("--quiet", action="store_true", help="only findings and the summary")
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    seeds = list(range(args.first_seed, args.first_seed + args.seeds))
    started = time.perf_counter()
    runs = []
    for game, players, people, seed, options in plans(games, seeds):
        resumed = seed % 2 == 0
        run = audit_game(game, players, people, seed, resumed=resumed, options=options, size=(w, h))
        runs.append(run)
        if not args.quiet or run.findings:
            print(run.line(), flush=True)
        for finding in run.findings:
            print(f"    {finding}", flush=True)
    bad = [r for r in runs if r.findings]
    print(
        f"secrecy audit: {len(runs)} games of {', '.join(games)}, "
        f"{sum(r.frames for r in runs)} frames, {sum(r.curtains for r in runs)} curtains, "
        f"{sum(r.secret_frames for r in runs)} frames with secrets, "
        f"{sum(r.undos for r in runs)} undos; {len(bad)} game(s) with findings, "
        f"{sum(len(r.findings) for r in bad)} finding(s); "
        f"{time.perf_counter() - started:.0f} s"
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
