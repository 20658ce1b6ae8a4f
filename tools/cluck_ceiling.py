"""How strong can a Cluck-peep! bot get at all? A CHEATING oracle as a yardstick.

    nice -n 10 python tools/cluck_ceiling.py --opponents easy --games 200 --seed 1

The oracle is NOT a fair bot and is never offered in the game: it reads the whole state
(the hidden tile, every hand, the pile order and the game's own random generator, so even
the clean-up shuffles and the next hidden tile's way up are the real ones). For each of its
legal actions it plays ``--playouts`` continuations to the END OF THE GAME: the opponents
with their real policy (``easy`` or ``normal``, each on its own view, their random choices
re-sampled every playout and shared by the actions compared, common random numbers), its
own later moves by an "oracle-lite" greedy that knows the hidden tile (the normal bot's
expected chick margin with the true hidden tile instead of the average over unseen ones).
It takes the action with the most wins (a shared win counts 1/k).

What it wins against three easy or three normal bots bounds from above what a fair bot can
be expected to reach: a bot that sees only its view knows strictly less. (The bound is an
estimate: the oracle itself plays its later moves greedily and its playouts are finite.)

Games are 4-player by default with the seats rotated every game as in game/tournament.py;
the result is printed with a 95% Wilson interval, and as JSON with ``--json``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import cluck as knowledge
from game.ai import make_bot
from game.boards import prepare_options
from game.rules import cluck
from game.rules.cluck import ChooseHole, CluckState
from game.tournament import wilson


def lite(state: CluckState, player: int, rng: random.Random):
    """The oracle's own later moves: greedy on the expected chick margin, peeking at the
    hidden tile (the full state is read; only the yardstick does this)."""
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    best, top = [], None
    for action in legal:
        starts = knowledge._starts(state)
        extra = None
        if isinstance(action, ChooseHole):
            starts[player] = action.column
        else:
            extra = state.tiles.band(action.tile, action.turned)
        value = knowledge._margin(
            knowledge._projected_stands(state, player, starts, extra, peek=True), player
        )
        if top is None or value > top + 1e-9:
            best, top = [action], value
        elif value >= top - 1e-9:
            best.append(action)
    return rng.choice(best)


class Oracle:
    """Plays out every legal action to the end of the game from the true state."""

    level = "oracle"

    def __init__(self, opponent_level: str, playouts: int, fair: bool = False):
        self.opponent = make_bot("cluck", opponent_level)
        self.playouts = playouts
        self.fair = fair
        self.level = "fair-search" if fair else "oracle"

    def _playout(self, state: CluckState, me: int, rng: random.Random) -> float:
        while not state.is_over():
            p = state.to_act()[0]
            if p == me:
                action = (
                    knowledge.normal(state.view(p), p, rng) if self.fair else lite(state, p, rng)
                )
            else:
                action = self.opponent.choose(state.view(p), p, rng)
            state.apply(p, action)
        winners = state.winners()
        return 1.0 / len(winners) if me in winners else 0.0

    def choose(self, state: CluckState, player: int, rng: random.Random):
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        seeds = [rng.getrandbits(64) for _ in range(self.playouts)]
        view = state.view(player)
        wins = []
        for action in legal:
            total = 0.0
            for seed in seeds:  # the same opponents' luck per action
                if self.fair:  # a world dealt from the view alone
                    world = view.determinize(random.Random(seed))
                else:
                    world = state.clone()
                world.apply(player, action)
                total += self._playout(world, player, random.Random(seed))
            wins.append(total)
        top = max(wins)
        return rng.choice([a for a, w in zip(legal, wins) if w >= top - 1e-9])


def run(
    opponent: str,
    players: int,
    games: int,
    seed: int,
    playouts: int,
    options: dict,
    fair: bool = False,
) -> dict:
    prepared = prepare_options("cluck", options)
    oracle = Oracle(opponent, playouts, fair)
    rival = make_bot("cluck", opponent)
    wins = 0.0
    times = []
    started = time.perf_counter()
    for g in range(games):
        rng = random.Random((seed + g) * 104729)
        seat = g % players  # the oracle's seat rotates
        state = cluck.new_game(players, seed + g, prepared)
        while not state.is_over():
            p = state.to_act()[0]
            if p == seat:
                t0 = time.perf_counter()
                action = oracle.choose(state, p, rng)
                times.append(time.perf_counter() - t0)
            else:
                action = rival.choose(state.view(p), p, rng)
            state.apply(p, action)
        winners = state.winners()
        if seat in winners:
            wins += 1 / len(winners)
    low, high = wilson(wins, games)
    return {
        "game": "cluck",
        "players": players,
        "games": games,
        "seed": seed,
        "bot": oracle.level,
        "opponents": opponent,
        "playouts": playouts,
        "options": options,
        "oracle_win_rate": round(wins / games, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "even_share": round(1 / players, 4),
        "decision_ms_median": round(1000 * statistics.median(times), 1) if times else None,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Cluck-peep! ceiling: a cheating oracle (reads the hidden tile, the "
        "hands and the pile) plays every action out to the end of the game "
        "against the opponents' real policy; its win rate bounds what a fair "
        "bot can reach."
    )
    parser.add_argument(
        "--opponents",
        choices=("easy", "normal", "random"),
        default="easy",
        help="level of the other seats (default easy)",
    )
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--playouts", type=int, default=40, help="continuations per legal action (default 40)"
    )
    parser.add_argument("--variant", choices=("base", "long", "runaway", "both"), default="base")
    parser.add_argument(
        "--fair",
        action="store_true",
        help="the same search made fair, for comparison: every playout deals "
        "a world from the bot's view (view.determinize) instead of "
        "reading the state, and its own later moves are normal's",
    )
    parser.add_argument("--json", action="store_true", help="print only the JSON result")
    args = parser.parse_args(argv)
    result = run(
        args.opponents,
        args.players,
        args.games,
        args.seed,
        args.playouts,
        {"variant": args.variant},
        args.fair,
    )
    if not args.json:
        low, high = result["ci95"]
        print(
            f"{result['bot']} vs {args.players - 1} {args.opponents}: {result['oracle_win_rate']:.1%} "
            f"[{low:.1%}–{high:.1%}] over {args.games} games (even "
            f"{result['even_share']:.0%}); {args.playouts} playouts per action, "
            f"decision median {result['decision_ms_median']} ms, {result['seconds']} s"
        )
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
