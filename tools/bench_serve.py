"""Benchmark (not a test) of ``python -m game serve`` (issue #18): N concurrent tables over
loopback, each with two scripted people on their own connections and computer seats
played by the host, the four games in turn; a table whose game ends starts another.

Prints, for the people's actions: action -> every client of the table updated (from
the moment the action is sent until the last of the table's clients has the update),
median / p99 / max in ms; the serve process's memory per table (its RSS with the tables
open minus its RSS before the first table, divided by the tables); actions per second.

    python tools/bench_serve.py                  # 200 tables, 60 s
    python tools/bench_serve.py --tables 50 --duration 30 --json

The people "think" --think seconds (uniform, default 0.5-1.5) before each action, as
people do: the load is theirs and the computers'. Everything runs on this machine: the
clients' own process shares the cores with serve, and serve autosaves every action.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from websockets.exceptions import ConnectionClosed

from game.net.client import ClientError, TableClient

GAMES = [
    ("duck", ["person", "computer", "person", "computer"], {}),
    ("verflixxt", ["person", "computer", "person"], {}),
    ("cluck", ["person", "person", "computer"], {}),
    ("routes", ["person", "computer", "person"], {}),
]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    """The processes started by ``pid`` and theirs (serve's computer workers)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        kids = children.get(todo.pop(), [])
        found += kids
        todo += kids
    return found


def tree_cpu_seconds(pid: int) -> float:
    total = cpu_seconds(pid)
    for child in descendants(pid):
        try:
            total += cpu_seconds(child)
        except OSError:
            pass
    return total


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


class Stats:
    def __init__(self) -> None:
        self.samples: list[float] = []
        self.actions = 0
        self.games = 0
        self.errors: list[str] = []


class Person:
    """One scripted person: reads every message (timestamping the updates), and acts
    after a think when its seat is to act and its last action has been answered."""

    def __init__(self, url: str, seat: int, think: tuple[float, float], rng: random.Random):
        self.client = TableClient(url)
        self.seat = seat
        self.think = think
        self.rng = rng
        self.pending: int | None = None
        self.thinking = False
        self.received: dict[int, float] = {}  # n -> when this client had update n
        self.sent: dict[int, float] = {}  # action id -> when it was sent
        self.acked: dict[int, float] = {}  # n of one of our actions -> when it was sent

    def over(self) -> bool:
        mirror = self.client.mirror
        return not mirror.to_act and mirror.view.is_over()

    async def act_later(self) -> None:
        await asyncio.sleep(self.rng.uniform(*self.think))
        self.thinking = False
        if self.seat not in self.client.mirror.to_act or self.pending is not None:
            return
        view = self.client.mirror.view  # the view is rebuilt only to decide
        action = str(self.rng.choice(view.legal_actions(self.seat)))
        started = time.perf_counter()
        try:
            self.pending = await self.client.act(action)
        except ConnectionClosed:
            return  # the bench is over for this table
        self.sent[self.pending] = started

    def maybe_act(self) -> None:
        if self.pending is not None or self.thinking:
            return
        if self.seat in self.client.mirror.to_act:
            self.thinking = True
            asyncio.get_running_loop().create_task(self.act_later())

    async def run(self, until: float) -> None:
        self.maybe_act()
        while not self.over() and time.perf_counter() < until:
            try:
                message = await self.client.receive(max(0.1, until - time.perf_counter()))
            except asyncio.TimeoutError:
                break
            now = time.perf_counter()
            if message["type"] == "update":
                self.received[message["n"]] = now
                ack = message.get("ack")
                if ack is not None and ack == self.pending:
                    self.acked[message["n"]] = self.sent.pop(ack)
                    self.pending = None
            elif message["type"] == "refusal":
                self.pending = None
            self.maybe_act()


async def one_table(url: str, index: int, stats: Stats, until: float, think, level: str) -> None:
    rng = random.Random(index)
    round_no = 0
    while time.perf_counter() < until:
        game, kinds, options = GAMES[(index + round_no) % len(GAMES)]
        round_no += 1
        creator = TableClient(url)
        await creator.connect()
        seats = [{"kind": k, "level": level} for k in kinds]
        code, _ = await creator.create(game, seats, options)
        await creator.close()
        people = [Person(url, i, think, rng) for i, k in enumerate(kinds) if k == "person"]
        for person in people:
            await person.client.connect()
            await person.client.hello(code, person.seat, f"P{person.seat}")
        try:
            await asyncio.gather(*(p.run(until) for p in people))
        except (ClientError, OSError, asyncio.TimeoutError, ConnectionClosed) as exc:
            stats.errors.append(f"{game}: {exc!r}"[:200])
        stats.games += 1
        for person in people:
            for n, started in person.acked.items():
                times = [p.received.get(n) for p in people]
                if all(t is not None for t in times):
                    stats.samples.append((max(times) - started) * 1000)
                    stats.actions += 1
        for person in people:
            await person.client.close()


# ``--gc-log``: serve run through this, which writes each of its garbage collections'
# generation and pause (ms) to a file, one a line
GC_WRAPPER = """
import gc, runpy, sys, time
log, began = open(sys.argv[1], "w", buffering=1), [0.0]
def note(phase, info):
    if phase == "start":
        began[0] = time.perf_counter()
    else:
        log.write(f"{info['generation']} {(time.perf_counter() - began[0]) * 1000:.3f}\\n")
gc.callbacks.append(note)
sys.argv = ["game", *sys.argv[2:]]
runpy.run_module("game", run_name="__main__", alter_sys=True)
"""


def gc_summary(path: str) -> dict:
    """Per generation: collections, their longest pause and their pauses' sum (ms)."""
    found: dict[str, list[float]] = {}
    for line in Path(path).read_text().splitlines():
        generation, ms = line.split()
        found.setdefault(generation, []).append(float(ms))
    return {
        f"gen{g}": {"count": len(v), "max_ms": round(max(v), 1), "sum_ms": round(sum(v), 1)}
        for g, v in sorted(found.items())
    }


def start_serve(args: argparse.Namespace) -> subprocess.Popen:
    """``serve`` on a free port of 127.0.0.1, its data in a fresh folder (``--profile F``:
    under cProfile, the statistics written to F when it stops)."""
    home = tempfile.mkdtemp(prefix="bench-serve-")
    env = {**os.environ, "TABLETOP_DERBY_HOME": home, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable]
    if args.profile:
        command += ["-m", "cProfile", "-o", args.profile]
    if args.gc_log:
        command += ["-c", GC_WRAPPER, args.gc_log]
    else:
        command += ["-m", "game"]
    command += ["serve", "--port", "0", "--bot-delay", str(args.bot_delay)]
    command += ["--max-tables", str(args.tables * 2)]
    # every client of the benchmark comes from 127.0.0.1: the per-address limit (16 by
    # default, loopback not exempt) is raised to the benchmark's own connections
    command += ["--max-per-address", str(args.tables * 4 + 16)]
    command += ["--max-connections", str(args.tables * 4 + 16)]
    # ... and so are its quotas of tables and computer seats (8 and 24 an address)
    command += ["--max-tables-per-address", str(args.tables * 2)]
    command += ["--max-computers-per-address", str(args.tables * 12)]
    return subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )


async def bench(args: argparse.Namespace) -> dict:
    serve = start_serve(args)
    try:
        line = await asyncio.to_thread(serve.stdout.readline)
        if not line.startswith("serving on "):
            raise RuntimeError(f"serve did not start: {line!r}")
        url = line.split()[-1]
        # warm up: one table of each game (its rules, data and computer players loaded),
        # so that the memory per table is the tables', not the first imports'
        for game, kinds, options in GAMES:
            warm = TableClient(url)
            await warm.connect()
            await warm.create(game, [{"kind": k, "level": "normal"} for k in kinds], options)
            await warm.close()
        await asyncio.sleep(1.0)
        before = rss_kb(serve.pid)
        stats = Stats()
        started = time.perf_counter()
        until = started + args.duration
        tasks = []
        for index in range(args.tables):  # a ramp of ~5 s, not all at one instant
            table = one_table(url, index, stats, until, args.think, args.level)
            tasks.append(asyncio.create_task(table))
            await asyncio.sleep(5.0 / args.tables)
        await asyncio.sleep(max(0.0, min(10.0, args.duration / 3)))
        loaded = rss_kb(serve.pid)
        await asyncio.gather(*tasks)
        peak = rss_kb(serve.pid)
        serve_cpu = cpu_seconds(serve.pid)
        workers_cpu = tree_cpu_seconds(serve.pid) - serve_cpu
        seconds = time.perf_counter() - started
    finally:
        serve.terminate()
        serve.wait(timeout=30)
    samples = sorted(stats.samples)
    p99 = samples[min(len(samples) - 1, int(0.99 * len(samples)))] if samples else None
    return {
        "tables": args.tables,
        "clients": args.tables * 2,
        "seconds": round(seconds, 1),
        "games": stats.games,
        "people_actions_measured": len(samples),
        "update_ms_median": round(statistics.median(samples), 2) if samples else None,
        "update_ms_p99": round(p99, 2) if p99 is not None else None,
        "update_ms_max": round(samples[-1], 2) if samples else None,
        "serve_cpu_s": round(serve_cpu, 1),
        "workers_cpu_s": round(workers_cpu, 1),
        "clients_cpu_s": round(sum(os.times()[:2]), 1),
        "rss_before_kb": before,
        "rss_loaded_kb": loaded,
        "rss_end_kb": peak,
        "kb_per_table": round((loaded - before) / args.tables, 1),
        "gc": gc_summary(args.gc_log) if args.gc_log else None,
        "clients_gc_tuned": args.tune_clients_gc,
        "errors": stats.errors[:5],
        "error_count": len(stats.errors),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play")
    parser.add_argument(
        "--think",
        type=lambda t: tuple(float(x) for x in t.split(":")),
        default=(0.5, 1.5),
        help="a person's thinking time, MIN:MAX seconds (default 0.5:1.5)",
    )
    parser.add_argument("--bot-delay", type=float, default=0.7)
    parser.add_argument(
        "--level", default="normal", help="the computer seats' level (default normal)"
    )
    parser.add_argument("--profile", metavar="FILE", help="run serve under cProfile into FILE")
    parser.add_argument(
        "--gc-log", metavar="FILE", help="record serve's garbage collections' pauses in FILE"
    )
    parser.add_argument("--json", action="store_true", help="print only the JSON line")
    parser.add_argument(
        "--tune-clients-gc",
        action="store_true",
        help="the clients' process (hundreds of clients in one) freezes its start-up and "
        "collects as rarely as serve does: its own full collections, which a real client "
        "with one table does not have, then do not count as the host's delay",
    )
    args = parser.parse_args()
    if args.tune_clients_gc:
        import gc

        from game.cli.serve import GC_THRESHOLDS

        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
    result = asyncio.run(bench(args))
    if not args.json:
        print(
            f"{result['tables']} tables, {result['clients']} clients, {result['seconds']} s, "
            f"{result['games']} games: action -> every client updated median "
            f"{result['update_ms_median']} ms, p99 {result['update_ms_p99']} ms, max "
            f"{result['update_ms_max']} ms over {result['people_actions_measured']} actions; "
            f"serve RSS {result['rss_before_kb']} KB -> {result['rss_loaded_kb']} KB "
            f"({result['kb_per_table']} KB a table); CPU serve {result['serve_cpu_s']} s, "
            f"clients {result['clients_cpu_s']} s; {result['error_count']} errors"
        )
    print(json.dumps(result))
    return 0 if not result["error_count"] else 1


if __name__ == "__main__":
    sys.exit(main())
