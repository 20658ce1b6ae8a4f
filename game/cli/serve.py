"""``python -m game serve``: tables without a window (issue #18).

The parser and the checks are built from the command line's own helpers
(:mod:`game.cli.common`, so the argument types and messages are the same as for every
other command); this module imports nothing of the network until :func:`run` is
called, so parsing any command stays quick.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path
from typing import Any

from game.cli.common import (
    Formatter,
    UsageError,
    _add_game_options,
    _add_players,
    check_players,
    game_id,
    game_options,
    positive,
)
from game.registry import LEVELS

DEFAULT_PORT = 8765
GC_THRESHOLDS = (20_000, 20, 20)  # serve's collector: see _serve and docs/network.md
SEAT_KINDS = ("person", "computer")


def port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"wants a port number, not {text[:40]!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0-65535 (0: any free one), not {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"wants seconds, not {text[:40]!r}") from None
    if math.isnan(value):
        raise argparse.ArgumentTypeError(f"wants seconds, not {text[:40]!r}")
    return value


def seconds(text: str) -> float:
    """A delay: 0 to 60 seconds."""
    value = _seconds(text)
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"must be 0-60 seconds, not {text[:40]}")
    return value


def duration(text: str) -> float:
    """Seconds for an expiry or a timeout: more than 0, at most a year."""
    value = _seconds(text)
    if not 0 < value <= 366 * 86_400:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most a year, not {text[:40]}")
    return value


def seat_list(text: str) -> list[dict[str, str]]:
    """``person,person,computer:hard``: one seat spec per player."""
    seats = []
    for part in text.split(","):
        kind, _, level = part.strip().partition(":")
        if kind not in SEAT_KINDS or (level and (kind != "computer" or level not in LEVELS)):
            raise argparse.ArgumentTypeError(
                f"each seat is person or computer[:{'|'.join(LEVELS)}], not {part[:40]!r}"
            )
        seats.append({"kind": kind, "level": level or "normal"})
    return seats


def add_parser(sub: Any, details: bool) -> argparse.ArgumentParser:
    serve = sub.add_parser(
        "serve",
        help="run tables for network play, without a window",
        description="Run tables for network play without a window (docs/network.md): "
        "clients create tables, or --new makes one at start; unfinished tables are "
        "opened again from their autosaves when serve starts.",
        formatter_class=Formatter,
    )
    serve.add_argument(
        "--port", type=port, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any)"
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1, this machine only; 0.0.0.0: all)",
    )
    serve.add_argument("--certfile", help="TLS certificate (PEM) for wss://, with --keyfile")
    serve.add_argument("--keyfile", help="TLS private key (PEM), with --certfile")
    from game.net import limits  # start-up: serve's machinery only when serve runs

    serve.add_argument(
        "--max-tables",
        type=positive,
        default=limits.MAX_TABLES,
        help=f"tables held at once (default {limits.MAX_TABLES}; each holds its game's lock, "
        "an open file: lowered at start to what fits the open-files limit, saying so)",
    )
    serve.add_argument(
        "--max-tables-per-address",
        type=positive,
        default=limits.TABLES_PER_ADDRESS,
        help="open tables created from one address (an IPv6 /64); more are refused "
        f"(default {limits.TABLES_PER_ADDRESS})",
    )
    serve.add_argument(
        "--max-computers-per-address",
        type=positive,
        default=limits.COMPUTERS_PER_ADDRESS,
        help="computer seats at the open tables created from one address "
        f"(default {limits.COMPUTERS_PER_ADDRESS})",
    )
    serve.add_argument(
        "--unjoined-expiry",
        type=duration,
        default=limits.UNJOINED_EXPIRY_S,
        metavar="SECONDS",
        help="a created table nobody joins is closed and forgotten after this "
        f"(default {limits.UNJOINED_EXPIRY_S:g})",
    )
    serve.add_argument(
        "--abandoned-expiry",
        type=duration,
        default=limits.ABANDONED_EXPIRY_S,
        metavar="SECONDS",
        help="a table nobody has been at for this long is closed; its autosave is kept "
        f"(default {limits.ABANDONED_EXPIRY_S:g}, a day)",
    )
    serve.add_argument(
        "--max-per-address",
        type=positive,
        default=limits.MAX_PER_ADDRESS,
        help="open sockets from one address (an IPv6 /64), this machine's too, counted from "
        f"accept (default {limits.MAX_PER_ADDRESS}); more are told 'busy' and closed",
    )
    serve.add_argument(
        "--max-connections",
        type=positive,
        default=limits.MAX_CONNECTIONS,
        help=f"open sockets in all (default {limits.MAX_CONNECTIONS}; serve raises its "
        "open-files limit to the hard limit, ulimit -Hn, at start, and lowers this to "
        "what fits under it, saying so)",
    )
    serve.add_argument(
        "--handshake-timeout",
        type=duration,
        default=limits.HANDSHAKE_S,
        metavar="SECONDS",
        help="a socket that has not finished its websocket handshake by then is closed "
        f"(default {limits.HANDSHAKE_S:g})",
    )
    serve.add_argument(
        "--bot-workers",
        type=positive,
        default=None,
        help="processes deciding for the computer seats (default: the cores, at most 8)",
    )
    serve.add_argument(
        "--no-create", action="store_true", help="clients may not create tables (only --new)"
    )
    serve.add_argument(
        "--bot-delay",
        type=seconds,
        default=0.7,
        help="seconds a computer seat takes at least, so people can follow (default 0.7)",
    )
    serve.add_argument(
        "--advertise",
        action="store_true",
        help="announce the tables (with their codes) on the local network by mDNS",
    )
    serve.add_argument(
        "--new", metavar="GAME", type=game_id, help="open one table of GAME at start"
    )
    serve.add_argument(
        "--seats",
        type=seat_list,
        metavar="KIND,KIND,...",
        help="with --new: person or computer[:LEVEL] per seat (default: every seat a person)",
    )
    _add_players(serve, None, details, "with --new: ")
    _add_game_options(serve, details)
    return serve


def check(args: argparse.Namespace) -> None:
    """What the parser cannot check alone."""
    if (args.certfile is None) != (args.keyfile is None):
        raise UsageError("argument --certfile/--keyfile: give both (or neither, for plain ws://)")
    for flag, value in (("--certfile", args.certfile), ("--keyfile", args.keyfile)):
        if value is not None and not Path(value).is_file():
            raise UsageError(f"argument {flag}: {value[:80]} is not a file")
    args.ssl_context = None
    if args.certfile is not None:
        import ssl  # start-up: serve's machinery only when serve runs

        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        try:
            context.load_cert_chain(args.certfile, args.keyfile)
        except (ssl.SSLError, OSError) as exc:
            raise UsageError(f"argument --certfile/--keyfile: cannot be used ({exc})") from None
        args.ssl_context = context
    given = [f for f, v in (("--players", args.players), ("--seats", args.seats)) if v]
    if args.new is None:
        if given or args.variant or args.board or args.attack or args.option:
            raise UsageError(f"argument {(given or ['--option'])[0]}: needs --new GAME")
        args.options = {}
        return
    from game import registry  # start-up: serve's machinery only when serve runs

    info = registry.get(args.new)
    if args.players is None:
        args.players = len(args.seats) if args.seats else min(max(4, info.min_players), 6)
        args.players = min(max(args.players, info.min_players), info.max_players)
    check_players(args.new, args.players)
    if args.seats is None:
        args.seats = [{"kind": "person", "level": "normal"}] * args.players
    if len(args.seats) != args.players:
        raise UsageError(
            f"argument --seats: names {len(args.seats)} seats for {args.players} players"
        )
    args.options = game_options(args, args.new)
    from game.boards import prepare_options  # start-up: serve's machinery only when serve runs

    args.options = prepare_options(args.new, args.options)  # a bad board is found now


def _raise_open_files_limit() -> None:
    """Every socket is an open file: the soft limit (often 1024) up to the hard one, so
    a flood of sockets meets serve's own limits first, not the autosaves' open()."""
    try:
        import resource  # start-up: serve's machinery only when serve runs
    except ImportError:  # Windows: no such limit
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = max(soft, 65_536)
    if hard != soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError) as exc:
            print(f"serve: open-files limit stays {soft}: {exc}", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    import asyncio  # start-up: serve's machinery only when serve runs

    from game.net.server import TooFewFiles  # start-up: serve's machinery only when serve runs

    try:
        asyncio.run(_serve(args))
    except KeyboardInterrupt:
        pass
    except TooFewFiles as exc:  # issue #36: one line, not a traceback
        print(f"serve: {exc}", file=sys.stderr)
        return 2
    return 0


async def _serve(args: argparse.Namespace) -> None:
    import asyncio  # start-up: serve's machinery only when serve runs
    import gc  # start-up: serve's machinery only when serve runs
    import signal  # start-up: serve's machinery only when serve runs

    from game import registry  # start-up: serve's machinery only when serve runs
    from game.net.computers import (
        ComputerPool,
        ProcessRunner,
    )  # start-up: serve's machinery only when serve runs
    from game.net.server import Server, Tables  # start-up: serve's machinery only when serve runs
    from game.net.store import (
        Saver,
        restore_tables,
    )  # start-up: serve's machinery only when serve runs
    from game.net.table import Table  # start-up: serve's machinery only when serve runs
    from game.session import (
        Seat,
        Session,
        new_seed,
    )  # start-up: serve's machinery only when serve runs

    _raise_open_files_limit()
    saver = Saver()
    tables = Tables(
        "serve",
        allow_create=not args.no_create,
        max_tables=args.max_tables,
        tables_per_address=args.max_tables_per_address,
        computers_per_address=args.max_computers_per_address,
        unjoined_expiry=args.unjoined_expiry,
        abandoned_expiry=args.abandoned_expiry,
        saver=saver,
    )
    restored, problems = restore_tables("serve")
    for problem in problems:
        print(f"serve: a table could not be opened again: {problem}", file=sys.stderr)
    for table in restored:
        tables.add(table)
    for table in tables.sweep():  # past its time while serve was down: not opened again
        print(f"table {table.code}: {table.session.game_id}, expired while serve was stopped")
    for table in tables.by_code.values():
        print(f"table {table.code}: {table.session.game_id}, opened again from its autosave")
    if args.new is not None:
        info = registry.get(args.new)
        seats = [
            Seat(
                registry.CAST[i].name_en,
                info.characters[i].key,
                human=spec["kind"] == "person",
                level=spec["level"],
            )
            for i, spec in enumerate(args.seats)
        ]
        session = Session(args.new, seats, new_seed(), args.options, prepared=True)
        table, owner = Table.new(session)
        tables.add(table)
        print(f"table {table.code}: {args.new}, {args.players} players (owner token {owner})")
    workers = args.bot_workers or min(os.cpu_count() or 1, 8)
    computers = ComputerPool(ProcessRunner(workers), bot_delay=args.bot_delay)
    server = Server(
        tables,
        computers=computers,
        max_per_address=args.max_per_address,
        max_connections=args.max_connections,
        handshake_timeout=args.handshake_timeout,
    )
    computers.start(asyncio.get_running_loop())  # the workers load the games meanwhile
    try:
        bound = await server.start(args.host, args.port, args.ssl_context)
    except OSError:  # the port taken, too few open files (issue #36): nothing is left running
        computers.close()
        saver.close()
        raise
    # what start-up made lives as long as serve: out of the collector's way, so that its
    # full collections walk only the tables (they were most of serve's long pauses)
    gc.collect()
    gc.freeze()
    # and fewer collections: a full one walks every table (50-95 ms at 200 tables, the
    # p99 of the benchmark), a young one every 700 allocations by default; nearly all of
    # serve's garbage is freed by reference counting, the collector only finds cycles
    gc.set_threshold(*GC_THRESHOLDS)
    scheme = "wss" if args.ssl_context is not None else "ws"
    print(f"serving on {scheme}://{args.host}:{bound}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(signum, stop.set)
        except (NotImplementedError, RuntimeError):  # Windows: Ctrl-C still ends it
            pass
    advert = None
    if args.advertise:
        from game.net.discovery import Advert  # start-up: serve's machinery only when serve runs

        advert = Advert(bound, tls=args.ssl_context is not None)
        for table in tables.by_code.values():
            await advert.register(table)
        server.advert = advert  # new tables are announced as they are created
    try:
        await stop.wait()
    finally:
        if advert is not None:
            await advert.close()
        await server.stop()
        saver.close()
        print("serve: stopped; unfinished tables open again at the next start", flush=True)
