"""Hosting a table from a window (issue #18): the network on a thread of its own, the
table on the window's thread. :class:`HostedDriver` is the window's table scene's
driver (game.table.driver) of such a table.

The window's Session stays the only state, and stays on the window's thread: the
network thread (an asyncio loop running :class:`game.net.server.Server`) only reads,
size-limits, rate-limits and schema-checks messages and queues them; the window calls
:meth:`HostThread.pump` once a frame, which carries the queued messages out on the
table and returns notes for the screen. Sending never waits either: each connection
has its own bounded queue on the network thread. People at the host's screen act with
:meth:`HostThread.apply` (their seats are ``local_seats``); computer seats are the
window's to play as today (or ``pump(drive_computers=True)`` plays them, headless).
"""

from __future__ import annotations

import asyncio
import queue
import socket
import ssl
import threading
import time
from collections.abc import Callable
from typing import Any

from game import saves
from game.net.protocol import drain
from game.net.remote import take_seats
from game.net.server import AUTOSAVE_S, QUEUE_MESSAGES, Inbox, Server, Tables
from game.net.store import Saver
from game.net.table import Refused, Table
from game.rules.protocol import Action, Event, GameState
from game.session import Seat, Session, shares_a_screen
from game.table.bots import BotRunner
from game.table.driver import computers_working
from game.table.news import Failed, Listening, News, Played, PortMoved, SeatsChanged

Note = tuple[str, Any]


class HostThread:
    """One table, opened to the network. ``notes`` from :meth:`pump`:
    ("listening", (host, port)), ("applied", (player, events)) for an action that came
    over the network (for the screen to animate), ("seats", seat list), ("error", text)
    if the network could not start, ("moved", old port) when a table opened again could
    not listen on its old port (then a free one: "listening" says which).

    A table opened again (``table``, from :func:`game.net.store.reopen`) listens on the
    port it had (``port`` 0), so its members' clients come back by themselves."""

    def __init__(
        self,
        session: Session,
        *,
        host: str = "0.0.0.0",
        port: int = 0,
        ssl_context: ssl.SSLContext | None = None,
        local_seats: tuple[int, ...] = (),
        table: Table | None = None,
        autosave: bool = True,
        advertise: bool = False,
        queue_messages: int | None = None,
        any_port: bool = False,
        phones: tuple[int, ...] = (),
    ):
        if table is None:
            table, self.owner_token = Table.new(session, local_seats=local_seats)
        else:
            self.owner_token = ""  # a table opened again: its owner's token is not kept
        self.table = table
        # Phones as hands (issue #29): a seat at this screen held on a phone, by the
        # short token its QR code carries (kept only here, in memory)
        self.phone_tokens: dict[int, str] = {}
        # the computer seats, whoever plays them (the window's scene or pump), through
        # the table so every member is sent their actions
        self.bots = BotRunner(table.session, apply=self.apply)
        # seat statuses batched (limits.SEATS_EVERY_S): a batch is sent by pump
        self._due: list[tuple[float, Callable[[], None]]] = []
        table.later = self._later
        self.saver = Saver() if autosave else None
        self.tables = Tables("app", saver=self.saver)
        self.tables.add(table)
        self.tables.on_change = self._changed
        self.inbox: Inbox = queue.SimpleQueue()
        self.notes: queue.SimpleQueue[Note] = queue.SimpleQueue()
        for seat in phones:
            self.phone_tokens[seat] = table.phone_token(seat)
        self.server = Server(
            self.tables,
            inbox=self.inbox,
            queue_messages=queue_messages or QUEUE_MESSAGES,
            phone_pages=bool(phones),
        )
        self.reopened = port == 0 and table.port is not None
        if self.reopened:
            port = table.port or 0  # opened again: where its members' clients look for it
            any_port = True  # unless another program took it meanwhile
        self.address = (host, port)
        self.ssl = ssl_context
        self.advertise = advertise
        self.any_port = any_port  # ``port`` taken (another table, another app): a free one
        self.port: int | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="table-host", daemon=True)
        self._local = False  # an action of this window is being applied
        self._saved = time.monotonic()

    @property
    def code(self) -> str:
        return self.table.code

    def start(self) -> HostThread:
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        """Close the table (members are told) and the network; call from the window.
        Idempotent: once the network thread has ended (stopped before, or it could not
        listen) its loop is closed, and there is nothing more to stop."""
        self.table.close("the host closed the table")
        self._keep_port()
        self.tables.flush()
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stop.set)
            except RuntimeError:  # the loop closed meanwhile: the network has stopped
                pass
        if self._thread.is_alive():
            self._thread.join(timeout)
        if self.saver is not None:
            self.saver.close()

    # -- the window's side -----------------------------------------------------------------
    def pump(self, drive_computers: bool = False, bot_delay: float = 0.0) -> list[Note]:
        """Carry out what arrived (never waits) and return the notes for the screen."""
        while True:
            try:
                conn, kind, fields = self.inbox.get_nowait()
            except queue.Empty:
                break
            if kind == "leave":
                before = self.table.seats_info()
                self.tables.leave(conn)
                after = self.table.seats_info()
                if after != before:  # a line dropped: the window shows its seat waiting
                    self.notes.put(("seats", after))
            else:
                self.tables.handle(conn, kind, fields)
        self.table.coach_answers()  # the coach's searches that ended (issue #40)
        if drive_computers:
            self._drive_computers(bot_delay)
        now = time.monotonic()
        while self._due and self._due[0][0] <= now:
            self._due.pop(0)[1]()
        if self._keep_port():
            self._saved = 0.0
        if now - self._saved >= AUTOSAVE_S:
            self._saved = now
            self.tables.flush()
        return drain(self.notes)

    def _later(self, delay: float, call: Callable[[], None]) -> None:
        self._due.append((time.monotonic() + delay, call))
        self._due.sort(key=lambda item: item[0])

    def _keep_port(self) -> bool:
        """The port listened on, into the table file (a resume listens there again)."""
        if self.port is None or self.table.port == self.port:
            return False
        self.table.port = self.port
        self.tables.dirty.add(self.table)
        return True

    def apply(self, player: int, action: Action) -> list[Event]:
        """A local person's (or the window's computer's) action, sent to everybody."""
        self._local = True
        try:
            return self.table.apply(player, action)
        finally:
            self._local = False

    def hand_to_computer(self, seat: int, level: str = "normal") -> None:
        self.table.hand_to_computer(seat, level)

    def _drive_computers(self, bot_delay: float) -> None:
        self.bots.step(bot_delay)  # one action a pump, as a window shows them

    def _changed(self, table: Table, what: str) -> None:
        if what == "members":
            return  # a spectator came or a line dropped: pump notes a seat that changed
        if what == "action":
            if not self._local:  # it came over the network: the screen shows it too
                player = table.session.actions[-1][0]
                self.notes.put(("applied", (player, list(table.last_events))))
        else:
            self.notes.put(("seats", table.seats_info()))

    # -- the network thread ----------------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except OSError as exc:
            self.notes.put(
                ("error", f"cannot listen on {self.address[0]}:{self.address[1]}: {exc}")
            )

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        host, port = self.address
        try:
            self.port = await self.server.start(host, port, self.ssl)
        except OSError:
            if not self.any_port or port == 0:
                raise
            if self.reopened:  # its members' clients look for it there: said on screen
                self.notes.put(("moved", port))
            self.port = await self.server.start(host, 0, self.ssl)
        self.notes.put(("listening", (host, self.port)))
        advert = None
        if self.advertise:
            from game.net.discovery import (
                Advert,
            )  # start-up: zeroconf only when a table is advertised

            advert = Advert(self.port, tls=self.ssl is not None)
            await advert.register(self.table)
        try:
            await self._stop.wait()
        finally:
            if advert is not None:
                await advert.close()
            await asyncio.sleep(0.05)  # the closing messages go out
            await self.server.stop()


class HostedDriver:
    """The host's window's driver (game.table.driver.TableDriver) of a table it opened to
    the network: the window's scene shows the host's own Session; every action goes
    through the :class:`HostThread` (so every member is sent it); the people the scene
    asks to decide are those at this screen (``local``); the window plays the computer
    seats (``pump`` does not: :meth:`poll` at rest). No undo over the network.

    :meth:`poll` pumps the network once a frame and turns the host's notes into news,
    keeping the seats' statuses and where the table listens (``address``)."""

    no_undo = "network"
    whole_record = True  # the host's own Session

    def __init__(self, host: HostThread, local: tuple[int, ...]):
        self.host = host
        self.local = tuple(local)
        self.status: list[str] = [s["status"] for s in host.table.seats_info()]
        self.address = ""  # where the others reach the table, once it listens

    @property
    def session(self) -> Session:
        return self.host.table.session

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def seats(self) -> list[Seat]:
        return self.session.seats

    def local_seats(self) -> list[int]:
        return [p for p in self.local if self.session.seats[p].human]

    def local_deciders(self) -> list[int]:
        """The people at this screen to decide now; a seat held on a phone decides there
        (issue #29), and at this screen again (behind the curtain) once its phone drops."""
        mine = self.local_seats()
        table = self.host.table
        return [p for p in self.session.state.to_act() if p in mine and not table.on_phone(p)]

    def needs_handoff(self, player: int) -> bool:
        people = len(self.local_seats())
        return shares_a_screen(self.session.secrets, people) and self.session.viewer != player

    def submit(self, player: int, action: Action) -> list[Event]:
        return self.host.apply(player, action)

    def poll(self, bot_delay: float | None = None) -> list[News]:
        if bot_delay is not None:  # at rest: the window's computers (pump never plays them)
            played = self.host.bots.step(bot_delay)
            return [] if played is None else [Played(tuple(played[1]))]
        news: list[News] = []
        for note in self.host.pump():
            match note:
                case ("applied", (_player, events)):
                    news.append(Played(tuple(events)))
                case ("seats", info):
                    news.append(self.seats_news(info))
                case ("listening", (host, port)):
                    shown = lan_address() if host in ("0.0.0.0", "") else host
                    self.address = f"{shown}:{port}"
                    news.append(Listening(self.address, self.host.code))
                case ("moved", port):
                    news.append(PortMoved(int(port)))
                case ("error", reason):
                    news.append(Failed(str(reason)))
        return news

    def seats_news(self, info: list[dict[str, Any]]) -> SeatsChanged:
        """The table's seats taken in (names, people, statuses), as news."""
        return take_seats(self.session.seats, self.status, info)

    def hand_to_computer(self, player: int, level: str) -> SeatsChanged:
        """A seat waiting for its person played by a computer until they rejoin (its
        person came back meanwhile: nothing changes); the seats as they are now."""
        try:
            self.host.hand_to_computer(player, level)
        except Refused:
            pass
        return self.seats_news(self.host.table.seats_info())

    def on_phone(self, player: int) -> bool:
        """The seat's hand is on its phone (issue #29): never shown on this screen."""
        return self.host.table.on_phone(player)

    def working(self) -> bool:
        return computers_working(self.session)

    def seat_status(self, player: int) -> str:
        return self.status[player] if player < len(self.status) else ""

    def history_source(self) -> str | None:
        return "hosted"  # the host holds the whole record

    def autosave(self) -> None:
        """The host's saver writes the autosave (and the table file beside it): now."""
        self.host.tables.flush()

    def leave(self, quitting: bool) -> None:
        self.host.stop(timeout=2.0)
        if not quitting:
            saves.let_go(self.session.save_id)

    def undo_refusal(self, player: int | None) -> str | None:
        return "network"

    def undo(self, player: int) -> None:
        raise ValueError("no undo over the network")


def lan_address() -> str:
    """This computer's address on its network, as others would type it (no packet is
    sent: a UDP socket is only pointed at a documentation address, RFC 5737)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()
