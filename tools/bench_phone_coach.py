"""The coach on a phone (issue #40): how long a phone waits for the coach's say, how big
the say is, and what a flood of asks costs the host.

``python tools/bench_phone_coach.py [--asks 12] [--game duck|verflixxt|cluck|routes|all]``
hosts a table of each game on 127.0.0.1 as a window does (a HostThread pumped every
16 ms: a frame), its people's seats on phones, and from a websocket client holding seat
0 (the protocol a phone's page speaks) asks the coach at ``--asks`` of seat 0's
decisions (the game played on by first legal moves between them). Figures, a game each:

- ask -> say: from sending ``coach`` to receiving the host's ``coach`` message
  (``time.perf_counter``, one process): the search on its thread, the pump that finds it
  (up to a frame), the send; the hint's own search time is issue #40's figure
  (``tools/bench_coach.py``), this is what the phone adds around it;
- the say's size in bytes (the largest);
- a flood: 200 ``coach`` messages at one decision, as fast as the line takes them (the
  connection's own limit, 10 a second and 30 at once, drops the rest): the searches the
  host started for them (at most one a decision: the rest are answered from the say kept
  or refused as busy) and what came back.

No browser: the page's drawing is tested in tests/test_phone_coach_page.py.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.sync.client import connect

from game import registry
from game.net.host import HostThread
from game.net.protocol import VERSION
from game.session import Seat, Session

FRAME_S = 1 / 60
GAMES = {"duck": {}, "verflixxt": {"variant": "hats"}, "cluck": {}, "routes": {}}
PLAYERS = {"duck": 3, "verflixxt": 3, "cluck": 3, "routes": 3}


class Pumped:
    """A hosted table pumped every frame on its own thread, as a window pumps it."""

    def __init__(self, game: str, seed: int) -> None:
        chars = registry.get(game).characters
        people = PLAYERS[game]
        seats = [Seat(f"P{i + 1}", chars[i].key) for i in range(people)]
        self.session = Session(game, seats, seed, GAMES[game])
        self.lock = threading.Lock()
        self.host = HostThread(
            self.session,
            host="127.0.0.1",
            port=0,
            autosave=False,
            local_seats=tuple(range(people)),
            phones=(0,),
        )
        self.host.start()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._pump, daemon=True)
        self.thread.start()

    def _pump(self) -> None:
        while not self.stopped.is_set():
            with self.lock:
                self.host.pump()
            time.sleep(FRAME_S)

    def port(self) -> int:
        deadline = time.monotonic() + 10
        while self.host.port is None:
            if time.monotonic() > deadline:
                raise SystemExit("the host never listened")
            time.sleep(0.01)
        return self.host.port

    def play_until_seat_0_decides(self) -> bool:
        """The others play first legal moves; False once the game is over."""
        with self.lock:
            state = self.session.state
            while not state.is_over() and 0 not in state.to_act():
                p = state.to_act()[0]
                self.host.apply(p, state.legal_actions(p)[0])
                state = self.session.state
            return not state.is_over()

    def play_seat_0(self) -> None:
        with self.lock:
            state = self.session.state
            self.host.apply(0, state.legal_actions(0)[0])

    def close(self) -> None:
        self.stopped.set()
        self.thread.join(5)
        self.host.stop()


def receive(ws, kinds: tuple[str, ...], limit_s: float = 60.0) -> dict:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        try:
            message = json.loads(ws.recv(timeout=0.5))
        except TimeoutError:
            continue
        if message["type"] in kinds:
            return message
    raise SystemExit(f"no {'/'.join(kinds)} within {limit_s:.0f} s")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def bench(game: str, asks: int) -> None:
    table = Pumped(game, 40)
    try:
        with connect(f"ws://127.0.0.1:{table.port()}/", max_size=1 << 20) as ws:
            token = table.host.phone_tokens[0]
            ws.send(
                json.dumps(
                    {"v": VERSION, "type": "rejoin", "code": table.host.code, "token": token}
                )
            )
            receive(ws, ("welcome",))
            waits: list[float] = []
            sizes: list[int] = []
            while len(waits) < asks and table.play_until_seat_0_decides():
                n = len(table.session.actions)
                start = time.perf_counter()
                ws.send(json.dumps({"v": VERSION, "type": "coach", "n": n, "lang": "en"}))
                said = receive(ws, ("coach", "refusal"))
                if said["type"] == "coach":
                    waits.append(1000 * (time.perf_counter() - start))
                    sizes.append(len(json.dumps(said, ensure_ascii=False).encode()))
                elif said["code"] == "coach_rate":  # the seat's rate: wait for it, ask again
                    time.sleep(5.0)
                    continue
                table.play_seat_0()
        print(
            f"{game}: {len(waits)} asks: ask -> say median {statistics.median(waits):.0f} ms, "
            f"p99 {pct(waits, 0.99):.0f} ms, max {max(waits):.0f} ms; the say at most "
            f"{max(sizes)} bytes",
            flush=True,
        )
    finally:
        table.close()
    print(f"{game}: a flood of 200 asks at one decision: {flood_one_decision(game)}", flush=True)


def flood_one_decision(game: str) -> str:
    """200 asks at seat 0's first decision of a fresh table: the searches started and
    the answers, until the say came (or 30 s)."""
    table = Pumped(game, 41)
    try:
        with connect(f"ws://127.0.0.1:{table.port()}/", max_size=1 << 20) as ws:
            token = table.host.phone_tokens[0]
            ws.send(
                json.dumps(
                    {"v": VERSION, "type": "rejoin", "code": table.host.code, "token": token}
                )
            )
            receive(ws, ("welcome",))
            if not table.play_until_seat_0_decides():
                return "(the game ended)"
            n = len(table.session.actions)
            ask = json.dumps({"v": VERSION, "type": "coach", "n": n, "lang": "en"})
            for _ in range(200):
                ws.send(ask)
            got: dict[str, int] = {}
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and sum(got.values()) < 200:
                try:
                    message = json.loads(ws.recv(timeout=1.0))
                except TimeoutError:
                    continue
                if message["type"] in ("coach", "refusal"):
                    key = message["type"] if message["type"] == "coach" else message["code"]
                    got[key] = got.get(key, 0) + 1
            searches = table.host.table.coach.searches
        answers = ", ".join(f"{k} {v}" for k, v in sorted(got.items()))
        return f"{searches} search started; answered: {answers}"
    finally:
        table.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--asks", type=int, default=12, help="asks a game (at most 200)")
    parser.add_argument("--game", choices=[*GAMES, "all"], default="all")
    args = parser.parse_args(argv)
    asks = max(1, min(200, args.asks))
    for game in GAMES if args.game == "all" else [args.game]:
        bench(game, asks)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
