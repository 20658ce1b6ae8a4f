"""Phones as hands (issue #29): how fast a tap on a phone reaches the big screen's game.

``python tools/bench_phone.py [--samples 200] [--game duck|verflixxt|cluck|all]`` hosts
tables of each game with secrets (Duck! Duck! Go!, Verflixxt! with hats, Cluck-peep!) on
127.0.0.1 (a HostThread, pumped on a thread of its own as a window's frame would, but
every 0.5 ms instead of every 16 ms: the network's path, not the frame rate), two phone
seats and a computer, and plays them from two headless Chromium pages (Debian's chromium
and chromedriver) that make the first choice offered as a person does (two taps; a
Verflixxt! card with several plays: a tap to list them, two on the first). Figures, a
game each:

- tap -> session updated: from the page's ``send`` of the confirmed choice
  (``performance.timeOrigin + performance.now()``) to the host's Session holding the
  action (``time.time()`` after the pump that applied it); one clock, the same machine.
  A window adds up to one frame (16 ms at 60 fps) on top: it pumps once a frame;
- the page's weight (everything a phone may load: page, script, style, manifest, icon,
  font, sprites; issue #39's budget is 250 KB);
- opening the link -> the hand shown (the page's ``performance.now()`` when its welcome
  is drawn: counted from the navigation's start).

``python tools/bench_phone.py --taps 50`` (issue #39; no browser) counts what a person
reads and taps for a Duck placement and a Verflixxt! move, before and after the small
board, over 50 seeded games of each.

``python tools/bench_phone.py --guesses 5`` (issue #36; no browser) measures instead how
many phone keys one address gets checked a second: a Duck table hosted as a window hosts
it (pumped every 16 ms, a frame), attacked for that many seconds from 127.0.0.1 by 12
connections at once, each sending a ``rejoin`` with a wrong key followed at once by 30
more (the most its message bucket lets through), then connecting again. A guess counts
when the table compared its key (``Table.rejoin`` called); the figure is guesses checked
per second, and the real key sent as the second guess of a connection must never take
the seat.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import registry
from game.net.host import HostThread
from game.net.phone import PAGE_BUDGET, page_weight, phone_url
from game.session import Seat, Session, new_seed
from tools import phone_browser

PHONES = (0, 1)
GAMES = {"duck": {}, "verflixxt": {"variant": "hats"}, "cluck": {}}


class Pumped:
    """A hosted table pumped on its own thread; the time each action was applied."""

    def __init__(self, game: str) -> None:
        chars = registry.get(game).characters
        seats = [Seat("Ann", chars[0].key, human=True), Seat("Bea", chars[1].key, human=True)]
        seats.append(Seat("Cy", chars[2].key, human=False, level="easy"))
        session = Session(game, seats, new_seed(), GAMES[game])
        self.host = HostThread(
            session, host="127.0.0.1", port=0, autosave=False, local_seats=PHONES, phones=PHONES
        ).start()
        self.applied: list[tuple[int, float]] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while self.host.port is None:
            if time.monotonic() > deadline:
                raise SystemExit("the host never listened")
            time.sleep(0.01)

    def _run(self) -> None:
        seen = 0
        actions = self.host.table.session.actions
        while not self.stop.is_set():
            self.host.pump(drive_computers=True, bot_delay=0.0)
            now = time.time()
            while seen < len(actions):
                self.applied.append((actions[seen][0], now))
                seen += 1
            time.sleep(0.0005)

    def link(self, seat: int) -> str:
        host = self.host
        return phone_url(f"127.0.0.1:{host.port}", host.code, seat, host.phone_tokens[seat])

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        self.host.stop(timeout=5)


def choose(page) -> bool:
    """The first choice, as a person makes it; False when the page drew itself again
    under the taps (an update came: the table is pumped on its own thread here, not
    between the taps as in a window's test), to be tried again on the next look."""
    from selenium.common.exceptions import WebDriverException

    try:
        return phone_browser.make_choice(page)
    except WebDriverException:  # a stale or vanished target: drawn again meanwhile
        return False


def play(game: str, samples: int, limit_s: float) -> tuple[list[float], list[float]]:
    latencies: list[float] = []
    shown: list[float] = []
    deadline = time.monotonic() + limit_s
    while len(latencies) < samples and time.monotonic() < deadline:
        table = Pumped(game)
        pages = [phone_browser.open_phone(table.link(p), 360, 640) for p in PHONES]
        sent: dict[int, list[float]] = {p: [] for p in PHONES}
        try:
            state = table.host.table.session.state
            while not state.is_over() and time.monotonic() < deadline:
                for seat, page in zip(PHONES, pages, strict=True):
                    info = phone_browser.state(page)
                    asked = info.get("legal") and not info.get("sending")
                    if asked and choose(page):
                        stamp = phone_browser.state(page).get("sent")
                        if stamp:
                            sent[seat].append(float(stamp) / 1000.0)
                time.sleep(0.002)
                if len(latencies) + sum(map(len, sent.values())) >= samples:
                    break
            time.sleep(0.2)
            for page in pages:
                first = phone_browser.state(page).get("shown")
                if first:
                    shown.append(float(first))
        finally:
            for page in pages:
                page.quit()
            table.close()
        for seat in PHONES:
            applied = [t for p, t in table.applied if p == seat]
            for at_page, at_host in zip(sent[seat], applied, strict=False):  # in order
                latencies.append((at_host - at_page) * 1000.0)
    return latencies, shown


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


GUESS_CONNECTIONS = 12  # under the 16 sockets an address may hold
GUESSES_A_CONNECTION = 31  # a wrong key, then 30 more queued behind it (its bucket)
FRAME_S = 1 / 60  # a window pumps its host once a frame


def guesses(seconds: float) -> tuple[int, float, bool]:
    """Keys checked in ``seconds`` from one address, the seconds it took, and whether
    the real key sent as some connection's second guess ever took the seat."""
    import asyncio
    import json

    from websockets.asyncio.client import connect

    from game.net.protocol import VERSION

    seats = [Seat("Ann", "a", human=True), Seat("Bea", "b", human=True)]
    session = Session("duck", seats, new_seed(), {})
    host = HostThread(
        session, host="127.0.0.1", port=0, autosave=False, local_seats=(0, 1), phones=(0,)
    ).start()
    checked = [0]
    taken: list[int] = []  # seats the attack took (the real key sent as a second guess)
    table = host.table
    real_rejoin = table.rejoin

    def counted(peer, token):  # type: ignore[no-untyped-def]
        checked[0] += 1
        seat = real_rejoin(peer, token)
        taken.append(seat)
        return seat

    table.rejoin = counted  # type: ignore[method-assign]
    stop = threading.Event()

    def frames() -> None:
        while not stop.is_set():
            host.pump()
            time.sleep(FRAME_S)

    pumper = threading.Thread(target=frames, daemon=True)
    pumper.start()
    key = host.phone_tokens[0]
    wrong = "2222-2222" if key != "2222-2222" else "3333-3333"

    def rejoin(token: str) -> str:
        return json.dumps({"v": VERSION, "type": "rejoin", "code": host.code, "token": token})

    async def attacker(until: float, index: int) -> None:
        n = 0
        while time.monotonic() < until:
            n += 1
            try:
                async with connect(f"ws://127.0.0.1:{host.port}/", open_timeout=5) as ws:
                    for guess in range(GUESSES_A_CONNECTION):
                        real = guess == 1 and index == 0 and n % 10 == 0
                        await ws.send(rejoin(key if real else wrong))
                    async for _ in ws:  # until the host closes the line
                        pass
            except Exception:  # noqa: BLE001 - refused, closed: connect again
                await asyncio.sleep(0.001)

    async def attack() -> float:
        started = time.monotonic()
        until = started + seconds
        await asyncio.gather(*(attacker(until, i) for i in range(GUESS_CONNECTIONS)))
        return time.monotonic() - started

    try:
        deadline = time.monotonic() + 10
        while host.port is None:
            if time.monotonic() > deadline:
                raise SystemExit("the host never listened")
            time.sleep(0.01)
        took = asyncio.run(attack())
        time.sleep(0.2)  # the last queued messages pumped
    finally:
        stop.set()
        pumper.join(5)
        host.stop(timeout=5)
    return checked[0], took, bool(taken)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--limit", type=float, default=600.0, help="seconds at most, a game")
    parser.add_argument("--game", choices=[*GAMES, "all"], default="all")
    parser.add_argument(
        "--guesses",
        type=float,
        metavar="SECONDS",
        help="measure phone keys checked a second from one address instead (issue #36)",
    )
    parser.add_argument(
        "--taps",
        type=int,
        metavar="GAMES",
        help="count what a person reads and taps for a Duck placement and a Verflixxt! "
        "move, before and after the small board (issue #39), over GAMES seeded games",
    )
    args = parser.parse_args(argv)
    if args.taps is not None:
        taps(max(1, min(args.taps, 500)))
        return 0
    if args.guesses is not None:
        seconds = min(max(args.guesses, 1.0), 60.0)
        count, took, taken = guesses(seconds)
        print(
            f"phone keys checked from one address: {count} in {took:.1f} s, "
            f"{count / took:.0f} a second; the real key as a second guess "
            f"{'TOOK THE SEAT' if taken else 'never took the seat'}"
        )
        return 1 if taken else 0
    why = phone_browser.missing()
    if why is not None:
        print(why, file=sys.stderr)
        return 2
    print(
        f"page weight: {page_weight() / 1024:.1f} KB in all (page, script, style, manifest, "
        f"icon, font and its licence, every sprite; budget {PAGE_BUDGET // 1024} KB)"
    )
    for game in GAMES if args.game == "all" else [args.game]:
        latencies, shown = play(game, args.samples, args.limit)
        report(game, latencies, shown)
    return 0


def taps(games: int) -> None:
    """Issue #39's before/after, counted over ``games`` seeded games of each (3 seats, all
    phones, the rules choosing at random): a Duck placement (or warp) and a Verflixxt!
    move. Before, the page listed every action as a button (picked, then confirmed: two
    taps, after reading the list); after, Duck's places glow on the tub (a tap) and the
    facing is an arrow around it (a tap: at most six to read), Verflixxt!'s movable
    pieces stand on the strip (picked, then confirmed). The taps are the page's own
    (tests/test_phone_board.py makes exactly these clicks); the lists are the rules'."""
    import random

    from game.net.phone import legal_texts

    counts: dict[str, list[tuple[int, int]]] = {"duck": [], "verflixxt": []}
    for game, kinds in (("duck", ("place", "warp")), ("verflixxt", ("move",))):
        chars = registry.get(game).characters
        for seed in range(games):
            seats = [Seat(f"P{i}", chars[i].key, human=True) for i in range(3)]
            session = Session(game, seats, seed, {})
            rng = random.Random(seed)
            for _ in range(400):
                state = session.state
                if state.is_over():
                    break
                p = state.to_act()[0]
                asked = [a for a in legal_texts(state, p) if a.split(" ")[0] in kinds]
                if asked:
                    places = {a.split(" ")[1] for a in asked}
                    counts[game].append((len(asked), len(places)))
                session.apply(p, rng.choice(state.legal_actions(p)))
    for game, what in (("duck", "a placement"), ("verflixxt", "a move")):
        rows = counts[game]
        if not rows:
            continue
        listed = statistics.mean(n for n, _ in rows)
        targets = statistics.mean(k for _, k in rows)
        after = "places on the tub, then <= 6 arrows" if game == "duck" else "pieces on the strip"
        print(
            f"{game}: {what} ({len(rows)} asked over {games} games): before 2 taps after "
            f"reading a list of {listed:.1f} buttons (max {max(n for n, _ in rows)}); after "
            f"2 taps, {targets:.1f} {after}"
        )


def report(game: str, latencies: list[float], shown: list[float]) -> None:
    if latencies:
        print(
            f"{game}: tap -> session updated: {len(latencies)} taps, median "
            f"{statistics.median(latencies):.1f} ms, p99 {pct(latencies, 0.99):.1f} ms, "
            f"max {max(latencies):.1f} ms"
        )
    if shown:
        print(
            f"{game}: link opened -> hand shown: {len(shown)} pages, median "
            f"{statistics.median(shown):.0f} ms, max {max(shown):.0f} ms"
        )


if __name__ == "__main__":
    raise SystemExit(main())
