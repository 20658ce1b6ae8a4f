"""A headless network player (issue #18): one scripted person at one seat of a table, in a
process of its own, for tests and drivers that need real client processes.

    python tools/net_player.py ws://127.0.0.1:8765 7KQ4-MX9P-2HRT --seat 1 --name Aiko
    python tools/net_player.py URL CODE --token=TOKEN            # back at its seat

(``--token=TOKEN`` with ``=``: a token may start with ``-``, 1 in 64, which argparse reads
as an option when it stands on its own.)

It joins (``hello``; with ``--token``, ``rejoin``), prints the seat's token as the first
line of its standard output (a driver restarts it with ``--token=``), and plays its seat:
whenever the host says it is to act and its last action has been answered, it chooses
with a computer player of ``--level`` (game/ai make_bot; ``random``: a random legal
action) from its own view, with a generator of ``--seed``. When the game is over it
writes what it holds -- ``{"seat", "n", "view"}``: the Mirror's n and view_data -- as JSON
to ``--state-out`` and exits 0.

``--stop-after K`` makes it die abruptly (``os._exit``: no closing handshake, the line just
drops) once K of its own actions have been answered: a dropped line, for the faults tests.
Exit codes: 0 the game ended, 2 the host refused or ended the connection (the reason on
stderr), 3 stopped by ``--stop-after``, 4 ``--timeout`` passed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from websockets.exceptions import ConnectionClosed

from game.ai import LEVELS, make_bot
from game.net.client import ClientError, TableClient

STOPPED = 3
TIMED_OUT = 4
REFUSED = 2


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url", help="the host, ws://HOST:PORT or wss://HOST:PORT")
    parser.add_argument("code", help="the table's join code")
    parser.add_argument("--seat", type=int, help="the seat to take (with hello)")
    parser.add_argument("--name", default="", help="the name to sit down with (hello)")
    parser.add_argument("--token", help="rejoin the seat of this token instead of hello")
    parser.add_argument("--seed", type=int, default=0, help="the player's own choices' seed")
    parser.add_argument(
        "--level", choices=LEVELS, default="random", help="how it chooses (default random)"
    )
    parser.add_argument("--stop-after", type=int, metavar="K", help="die after K actions")
    parser.add_argument("--state-out", type=Path, help="the final view, as JSON, to this file")
    parser.add_argument("--timeout", type=float, default=300.0, help="give up after S seconds")
    args = parser.parse_args(argv)
    if args.token is None and (args.seat is None or not args.name):
        parser.error("give --seat and --name (to take a seat) or --token (to rejoin one)")
    return args


async def play(args: argparse.Namespace) -> int:
    client = TableClient(args.url)
    await client.connect()
    if args.token is not None:
        mirror = await client.rejoin(args.code, args.token)
    else:
        mirror = await client.hello(args.code, args.seat, args.name)
    print(mirror.token, flush=True)
    seat = mirror.seat
    assert seat is not None, "a player has a seat"
    bot = make_bot(mirror.game, args.level)
    rng = random.Random(args.seed)
    pending: int | None = None
    answered = 0
    while not mirror.view.is_over():
        if pending is None and seat in mirror.to_act:
            action = bot.choose(mirror.view, seat, rng)
            pending = await client.act(str(action))
        message = await client.receive(60.0)
        kind = message["type"]
        if kind == "refusal" and message.get("id") == pending and pending is not None:
            pending = None
            if message["code"] == "rate":  # the host's 10 a second: the same again, later
                await asyncio.sleep(0.3)
            else:
                answered += 1
        elif kind == "update" and pending is not None and message.get("ack") == pending:
            pending = None
            answered += 1
        if args.stop_after is not None and answered >= args.stop_after:
            sys.stdout.flush()
            os._exit(STOPPED)  # no closing handshake: the line drops
    if args.state_out is not None:
        final = {"seat": seat, "n": mirror.n, "view": mirror.view_data}
        args.state_out.write_text(json.dumps(final, sort_keys=True), encoding="utf-8")
    await client.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    try:
        return asyncio.run(asyncio.wait_for(play(args), args.timeout))
    except asyncio.TimeoutError:
        print(f"net_player: no end of the game within {args.timeout:g} s", file=sys.stderr)
        return TIMED_OUT
    except (ClientError, ConnectionClosed, OSError) as exc:
        print(f"net_player: {exc}", file=sys.stderr)
        return REFUSED


if __name__ == "__main__":
    sys.exit(main())
