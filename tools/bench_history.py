"""Benchmark (not a test) of the history (issue #28): a history of N finished games
(default 10,000), then the queries the History and Statistics screens make, each timed.

    python tools/bench_history.py                 # 10,000 games in a temporary file
    python tools/bench_history.py --games 500 --keep /tmp/history.sqlite

The games are real: a few dozen whole games of each game played by random computers,
recorded again and again under other ids, dates and names (six people, one or two
computers a table), so every row is one the app could have written. Prints: the time to
record them (one transaction a game), the file's size per game, and the median of
--repeat runs of: opening the file, the first page, the last page (paged by key, as the
screen does), a page filtered by game, by player, the player list, one person's
statistics and a game's records.

``--replays`` (issue #28) measures watching again instead: for each game the longest of
--distinct whole games (random computers, the most players), the size of the "record"
message a host sends every member at the end (game.net.table.Table.record_text), and the
median time of one replay step forward and of a jump to a random position (rebuilt from
the nearest snapshot), over every step of the game and 200 jumps.

    python tools/bench_history.py --replays
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game import registry
from game.ai import RandomBot
from game.history import History
from game.session import Seat, Session

PEOPLE = ["Hana", "Ren", "Mia", "Wolfgang", "Yuki", "Oskar"]
PLAYERS = {"duck": 4, "verflixxt": 4, "cluck": 3, "routes": 4}


def played(game: str, seed: int, names: list[str], people: int) -> Session:
    """A whole game by random computers; the first ``people`` seats recorded as people."""
    info = registry.get(game)
    seats = [
        Seat(name, info.characters[i].key, human=i < people, level="normal")
        for i, name in enumerate(names)
    ]
    session = Session(game, seats, seed, {})
    rng, bot = random.Random(seed), RandomBot()
    while not session.state.is_over():
        player = session.state.to_act()[0]
        session.apply(player, bot.choose(session.state.view(player), player, rng))
    return session


def fill(history: History, games: int, distinct: int, rng: random.Random) -> float:
    """Record ``games`` games (``distinct`` whole games a game, reused); seconds taken."""
    pool: list[Session] = []
    for game, players in PLAYERS.items():
        for n in range(distinct):
            names = rng.sample(PEOPLE, players)
            pool.append(played(game, 1000 + n, names, people=players - rng.choice((1, 2))))
    start = time.perf_counter()
    when = time.time() - games * 3600.0
    for i in range(games):
        session = pool[i % len(pool)]
        session.save_id = f"bench-{i}"
        names = rng.sample(PEOPLE, session.players)
        for seat, name in zip(session.seats, names):
            seat.name = name
        when += rng.uniform(600, 6600)
        history.record(session, started=when - 1200, ended=when)
    return time.perf_counter() - start


def timed(repeat: int, work) -> float:
    """The median of ``repeat`` runs of ``work``, in ms."""
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        runs.append((time.perf_counter() - start) * 1000)
    return statistics.median(runs)


def last_page(history: History) -> int:
    """Page by key from the newest to the oldest game, as the screen's Older button."""
    before, pages = None, 0
    while True:
        rows = history.games(before=before, limit=7)
        pages += 1
        if len(rows) < 7:
            return pages
        before = (rows[-1].ended, rows[-1].id)


def replay_figures(distinct: int) -> None:
    """The record message's size and the replay's step and jump times, per game."""
    from game.net.table import Table
    from game.table.replay import Replay

    rng = random.Random(5)
    for game in PLAYERS:
        players = registry.get(game).max_players
        names = [f"P{i}" for i in range(players)]
        longest = max(
            (played(game, 2000 + n, names, people=players) for n in range(distinct)),
            key=lambda s: len(s.actions),
        )
        table = Table(longest)
        text = table.record_text() or ""
        replay = Replay(game, longest.seats, longest.seed, longest.options, longest.actions)
        steps = []
        replay.seek(0)
        while replay.position < replay.length:
            start = time.perf_counter()
            replay.step()
            steps.append((time.perf_counter() - start) * 1000)
        jumps = []
        for _ in range(200):
            target = rng.randrange(replay.length + 1)
            start = time.perf_counter()
            replay.seek(target)
            jumps.append((time.perf_counter() - start) * 1000)
        print(
            f"  {game:10} {players} players, {len(longest.actions):4} actions: record message "
            f"{len(text.encode('utf-8')) / 1024:6.1f} KB; step {statistics.median(steps):.3f} ms,"
            f" jump {statistics.median(jumps):.2f} ms (median; slowest jump {max(jumps):.2f} ms)"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--distinct", type=int, default=12, help="whole games played a game")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--keep", metavar="FILE", help="write the history here and keep it")
    parser.add_argument(
        "--replays", action="store_true", help="the record message and replay figures instead"
    )
    args = parser.parse_args()
    if args.replays:
        replay_figures(args.distinct)
        return 0
    rng = random.Random(7)
    path = Path(args.keep) if args.keep else Path(tempfile.mkdtemp()) / "history.sqlite"
    history = History.open(path)
    took = fill(history, args.games, args.distinct, rng)
    history.close()
    size = path.stat().st_size + sum(
        p.stat().st_size for p in path.parent.glob(path.name + "-*") if p.is_file()
    )
    print(
        f"{args.games} games recorded in {took:.1f} s ({took * 1000 / args.games:.2f} ms a "
        f"game, one transaction each); file {size / 1e6:.1f} MB, {size / args.games / 1024:.2f}"
        " KB a game"
    )
    history = History.open(path)
    figures = {
        "open": timed(args.repeat, lambda: History.open(path).close()),
        "first page (7 rows)": timed(args.repeat, lambda: history.games(limit=7)),
        "count": timed(args.repeat, history.count),
        "filter by game": timed(args.repeat, lambda: history.games("cluck", limit=7)),
        "filter by player": timed(args.repeat, lambda: history.games(None, "Mia", limit=7)),
        "players": timed(args.repeat, history.players),
        "statistics of a person": timed(args.repeat, lambda: history.stats("Hana")),
        "records of the four games": timed(
            args.repeat, lambda: [history.records(g) for g in PLAYERS]
        ),
    }
    start = time.perf_counter()
    pages = last_page(history)
    walk = (time.perf_counter() - start) * 1000
    for name, ms in figures.items():
        print(f"  {name:28} {ms:8.2f} ms")
    print(
        f"  every page, newest to oldest: {pages} pages in {walk:.0f} ms ({walk / pages:.2f} ms a page)"
    )
    history.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
