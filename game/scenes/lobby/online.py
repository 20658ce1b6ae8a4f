"""The game scenes at a network table (issue #18), without changing them.

Every game scene (``game.scenes.{duck,verflixxt,cluck,routes}``) runs its game through a
driver (:class:`game.table.driver.TableDriver`). Two drivers run the same scenes over
the network: :class:`~game.net.remote.RemoteDriver` (a client's window: actions sent to
the host, events back with its update) and :class:`~game.net.host.HostedDriver` (the
host's window: actions through the :class:`~game.net.host.HostThread`, so every member
is sent them; only the seats at this screen are people the scene asks to decide).

:func:`client_scene` and :func:`hosted_scene` put :class:`RemoteTable` or
:class:`HostedTable`, which poll the network once a frame in ``update`` (never waiting),
show the seats' online status in the seat panels and the join code in the header, and end
the connection when the scene is left, over the game's table: every game's scene is a
:class:`~game.scenes.table.scene.TableScene` naming its table (issue #26), so a network
table is :class:`RemoteTableScene` or :class:`HostedTableScene` given that table.
"""

from __future__ import annotations

import logging
import socket
from contextlib import nullcontext
from typing import Any

import pygame

from game.history import prepare_entry
from game.net import remembered
from game.net.client import ClientThread, Mirror
from game.net.host import HostedDriver, HostThread
from game.net.remote import RemoteDriver
from game.net.store import reopen
from game.net.table import Refused
from game.rules.protocol import GameState
from game.scenes.table.contract import GameTable
from game.scenes.table.end_screen import GameOverScene
from game.scenes.table.frame import Header, SeatFace, SeatsOver, TableFrame, TableSeats
from game.scenes.table.frame_plan import seat_layout
from game.scenes.table.handoff import HandoffScene
from game.scenes.table.phones import PhoneCards
from game.scenes.table.scene import TableScene
from game.session import Session
from game.table.driver import LocalDriver
from game.ui import fonts, theme, widgets
from game.ui.widgets import Button

log = logging.getLogger(__name__)

STATUS_KEYS = {
    "open": "online.seat_open",
    "reconnecting": "online.seat_reconnecting",
    "connected": "app.online_connected",
    "phone": "online.seat_phone",  # a person here whose hand is on their phone (issue #29)
}
# Where a table this window opens again listens: every address of this computer (the
# others reach it over their network); tests put 127.0.0.1 here.
BIND_ADDRESS = "0.0.0.0"
WAITING = ("open", "reconnecting")  # a seat waiting for its person: the host may hand it over
HAND_LEVEL = "normal"  # the level of a computer a waiting seat is handed to
# How long a joiner waits after the game's end for the host's record (issue #28) before
# it keeps the game in its history without one (the host is gone, or never sends it).
RECORD_WAIT_S = 15.0


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


# == a client's window ==================================================================================
class OnlineEnd(GameOverScene):
    """The end screen of a network game: the table is the host's, so no "Play again"
    here; the menu (which leaves the table)."""

    def _add_again_and_menu(self, x, y, bw, bh, gap, size, menu_w=None) -> None:
        width = bw + gap + (menu_w or bw)
        self.buttons.add(
            Button(
                pygame.Rect(x, y, width, bh),
                self.t("app.to_menu"),
                self.app.pop_to_root,
                size,
                primary=True,
                key="menu",
            )
        )


class OnlineTable:
    """What a remote and a hosted table share (mixed in before a game's scene class)."""

    driver: HostedDriver | RemoteDriver
    session: Any
    app: Any
    game: GameTable
    frame: TableFrame
    t: Any

    def online_probe(self) -> dict[str, Any]:
        """For an end-to-end driver's probe file (App.write_probe): each seat's status,
        and where the table is (the host's join code and address; a client's seat)."""
        driver = self.driver
        info: dict[str, Any] = {"status": list(driver.status)}
        if isinstance(driver, HostedDriver):
            info.update(code=driver.host.code, address=getattr(self, "address", ""))
        else:
            info.update(seat=driver.seat, connected=driver.connected)
        return info

    def seat_status(self, player: int) -> str:
        status = self.driver.status
        return status[player] if player < len(status) else ""

    def frame_seats(self) -> TableSeats:
        """The frame says each seat's online status (:class:`OnlineSeats`)."""
        return OnlineSeats(self.game.seats, self)

    def handed(self, player: int) -> bool:
        """A person's seat a computer plays until they rejoin (handed over while they
        were away): the table says so to every member (status ``standing_in``)."""
        return self.seat_status(player) == "standing_in"

    def undo_refusal(self) -> str | None:
        return "network"

    def undo(self) -> None:
        return None

    def on_game_over(self) -> None:
        self.app.sound.play("fanfare")
        self.app.push(OnlineEnd(self.app, self))  # type: ignore[arg-type]

    def seats_changed(self, info: list[dict[str, Any]]) -> None:
        """A seat's person came, left or came back: say so in the log."""
        old = list(self.driver.status)
        self.driver.status = [str(s.get("status", "")) for s in info]
        for p, seat in enumerate(info):
            before = old[p] if p < len(old) else ""
            now = self.driver.status[p]
            self.session.seats[p].name = str(seat["name"])
            self.session.seats[p].human = bool(seat["human"])
            key = None
            if now == "connected" and before == "open":
                key = "app.online_seat_taken"
            elif now == "connected" and before in ("reconnecting", "standing_in"):
                key = "app.online_seat_back"
            elif now == "reconnecting" and before == "connected":
                key = "app.online_seat_gone"
            elif now == "standing_in" and before == "reconnecting":
                key = "online.handed_log"  # its person may come back for it
            elif now == "computer" and before == "open":
                key = "online.handed_open_log"  # nobody ever took it: a computer's now
            elif now == "phone" and before != "phone":
                key = "online.phone_log"  # issue #29: their hand is on their phone
            elif now == "local" and before == "phone":
                key = "online.phone_gone_log"  # played here again until it reconnects
            if key is not None:
                self.log_line(self.t(key, name=seat["name"]))  # type: ignore[attr-defined]
        self.frame.reset()


class OnlineSeats(SeatsOver):
    """A network table's seats: a person's seat says its online status ("Connected",
    "Awaiting player…", handed to a computer), its panel painted again when it changes."""

    def __init__(self, inner: TableSeats, table: OnlineTable) -> None:
        super().__init__(inner)
        self.table = table

    def subtitle(self, player: int) -> str | None:
        table = self.table
        key = STATUS_KEYS.get(table.seat_status(player))
        if key is not None and table.session.seats[player].human:
            return str(table.t(key))
        if table.handed(player):
            return str(table.t("online.seat_handed"))
        return self.inner.subtitle(player)

    def seat(self, player: int) -> SeatFace:
        face = self.inner.seat(player)
        status = (self.table.seat_status(player), self.table.session.seats[player].human)
        return SeatFace(face.score, face.highlight, (*face.key, *status))


class HostedSeats(SeatsOver):
    """The host's seats: a waiting seat's button stands in its panel (its status goes
    when both do not fit), the header says the join code and address."""

    def __init__(self, inner: TableSeats, table: HostedTable) -> None:
        super().__init__(inner)
        self.table = table

    def subtitle(self, player: int) -> str | None:
        """A waiting seat's status ("Awaiting player…"), unless its panel is too short
        for the status and the button's row under it (six seats in a small window, or
        the Larger text): then the status goes first (issue #27: the secondary line
        before anything is clipped or covered) and the button, which is only there
        while the seat waits, says it under the name."""
        text = self.inner.subtitle(player)
        table = self.table
        if (
            text != ""
            and player in table.waiting_seats()
            and not table._status_and_button_fit(player)
        ):
            return ""
        return text

    def paint_extras(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        """The game's own things; a waiting seat's button instead (see
        :meth:`HostedTable.hand_button_rect`), until the seat is played again."""
        if player not in self.table.waiting_seats():
            self.inner.paint_extras(surface, player, rect)

    def header(self) -> Header:
        header = self.inner.header()
        table = self.table
        if not table.address:
            return header
        code = table.t("app.online_code", code=table.driver.host.code, address=table.address)
        return Header(header.round, header.who, header.status, str(code))


class RemoteTable(OnlineTable):
    """A game scene at a client's window: the network polled once a frame. At the
    game's end the host sends the whole record; the game is kept in this window's
    history (issue #28, :meth:`remember`)."""

    driver: RemoteDriver
    # the host's record (checked fields) and why it was refused; whether the game is in
    # the history already; how long after the end the record has been waited for
    joined_record: dict[str, Any] | None = None
    joined_problem: str | None = None
    remembered_game = False
    record_waited = 0.0

    def update(self, dt: float) -> None:
        if self.unshowable is not None:  # the host's game cannot be shown: leave it
            self.leave_unshowable()
            return
        self.poll_network()
        self.guarded(lambda: super(RemoteTable, self).update(dt))  # type: ignore[misc]
        if self.session.state.is_over() and not self.remembered_game and self.end_seen():
            self.record_waited += dt
            ended = self.driver.ended is not None or not self.driver.connected
            came = self.joined_record is not None or self.joined_problem is not None
            if came or ended or self.record_waited >= RECORD_WAIT_S:
                self.remember()  # a record refused came too: nothing more to wait for

    def end_seen(self) -> bool:
        """The end has been played on the table (its end screen is up)."""
        return any(isinstance(scene, GameOverScene) for scene in self.app.stack)

    def remember(self) -> None:
        """Keep the finished game in the history (once): with the host's record when it
        came and replays through the rules to the scores this window was shown, else
        without a replay (names, scores and places from the last view)."""
        if self.remembered_game or not self.session.state.is_over():
            return
        self.remembered_game = True
        from game.net import joined  # the rules replay the record: only at a game's end

        driver = self.driver
        view = driver.state
        record = self.joined_record
        if record is not None:
            problem = joined.check_record(record, driver.game_id, driver.seats, view)
            if problem is not None:
                self.joined_problem, record = problem, None
        if self.joined_problem is not None:
            self.log_line(self.t("online.record_refused", problem=self.joined_problem))  # type: ignore[attr-defined]
        try:
            breakdown = [list(row) for row in self.final_breakdown().parts]  # type: ignore[attr-defined]
        except (AttributeError, IndexError, TypeError, ValueError):
            breakdown = None
        if breakdown is not None and len(breakdown) != driver.players:
            breakdown = None
        fields = joined.entry_fields(
            code=driver.client.code,
            game_id=driver.game_id,
            options=driver.options,
            seats=driver.seats,
            seat=driver.seat,
            view=view,
            view_data=view.to_dict(),
            breakdown=breakdown,
            record=record,
        )
        self.app.write_history(prepare_entry(**fields))

    def busy(self) -> bool:
        return bool(super().busy() or self.driver.sent)  # type: ignore[misc]

    # -- a host's events: a stranger's (issue #36) -----------------------------------------------
    _unshown: Any = None  # the last event that could not be shown (said once)
    unshowable: str | None = None  # why the host's game cannot be shown at all

    def draw(self, surface: pygame.Surface) -> None:
        self.guarded(lambda: super(RemoteTable, self).draw(surface))  # type: ignore[misc]

    def guarded(self, run: Any) -> None:
        """``run`` (a frame's update or drawing). The host's view and events passed every
        check of their types and bounds, yet may mean nothing the table can show (a walk
        of nobody's marker): the table is then set from the host's view, its animations
        dropped, said in one line, and ``run`` tried again; if the view itself cannot be
        shown, the window leaves the table with one dialog (:meth:`leave_unshowable`)."""
        if self.unshowable is not None:
            return
        try:
            run()
            return
        except Exception as exc:  # noqa: BLE001 - any: what it shows is a stranger's
            first = exc
        log.warning("the table could not show what the host sent: %r", first)
        try:
            self.timeline.finish_all()  # type: ignore[attr-defined]
            self.events.clear()  # type: ignore[attr-defined]
            self.sync_from_state()  # type: ignore[attr-defined]
            self.frame.reset()
            run()
        except Exception as exc:  # noqa: BLE001 - the view itself: nothing to show
            log.warning("left the table: the host's game cannot be shown: %r", exc)
            self.unshowable = repr(exc)[:120]
            return
        self._unshowable(None, first)

    def leave_unshowable(self) -> None:
        """Leave the table whose game cannot be shown (one dialog says so); the seat
        waits for its token at the host, as after any leaving."""
        while self in self.app.stack:
            self.app.pop()
        self.app.show_error(self.t("online.host_unshowable", problem=self.unshowable))

    def describe(self, event: Any) -> str:
        try:
            return str(super().describe(event))  # type: ignore[misc]
        except Exception as exc:  # noqa: BLE001 - any: the event's meaning is a stranger's
            self._unshowable(event, exc)
            return ""

    def play_event(self, event: Any) -> None:
        """The host's event played on the table. An event of the right types whose
        meaning the game cannot play (checked as every message is, yet nonsense: dice
        taken by nobody) is one line in the log and the program's log, and the table is
        set from the host's view once it is at rest: the game goes on (issue #36)."""
        try:
            super().play_event(event)  # type: ignore[misc]
        except Exception as exc:  # noqa: BLE001 - any: the event's meaning is a stranger's
            self._unshowable(event, exc)

    def _unshowable(self, event: Any, exc: Exception) -> None:
        if event is not None and self._unshown is event:
            return
        self._unshown = event
        kind = type(event if event is not None else exc).__name__
        log.warning("could not show an event from the host (%s): %r", kind, exc)
        self.log_line(self.t("online.event_refused", kind=kind))  # type: ignore[attr-defined]
        self.timeline.finish_all()  # type: ignore[attr-defined]
        self._resync_due = True  # the table from the view, at rest

    def poll_network(self) -> None:
        session = self.driver
        last = ""
        for kind, value in session.client.poll():
            self.app.dirty = True
            previous, last = last, kind
            if kind == "update":
                events, view, n = value
                session.updated(view, n)
                self.queue_others(events)  # type: ignore[attr-defined]
            elif kind == "answered":
                session.answered(played=previous == "update")
            elif kind == "refusal":
                self.log_line(str(value[1]))  # type: ignore[attr-defined]
                if value[0] == "rate":  # dropped unread: no answer will come; try again
                    session.sent.clear()
            elif kind == "seats":
                self.seats_changed(value)
            elif kind == "connection":
                session.connected = value == "back"
                key = "app.online_back" if session.connected else "app.online_lost"
                self.log_line(self.t(key))  # type: ignore[attr-defined]
                if session.seat is not None and not session.connected:
                    session.status[session.seat] = "reconnecting"
                    self.frame.reset()
            elif kind == "welcome":  # back after a drop: the table as it is now
                self.rejoined(value)
            elif kind == "record":  # the game is over: its whole record (issue #28)
                self.joined_record, self.joined_problem = value
            elif kind == "dropped":  # a host's message refused; the game goes on (issue #36)
                self.log_line(self.t("online.message_refused", problem=str(value)))  # type: ignore[attr-defined]
            elif kind == "error":
                session.ended = str(value[1])
                session.connected = False
                self.log_line(self.t("app.online_ended", reason=session.ended))  # type: ignore[attr-defined]

    def rejoined(self, mirror: Mirror) -> None:
        session = self.driver
        session.sent.clear()  # what was on its way is in the table now, or was lost
        session.updated(mirror.view, mirror.n)
        self.seats_changed(mirror.seats)
        session.connected = True
        self.events.clear()  # type: ignore[attr-defined]
        self.timeline.finish_all()  # type: ignore[attr-defined]
        self.sync_from_state()  # type: ignore[attr-defined]

    def on_game_over(self) -> None:
        """The game is over: this computer's seat there is no longer one to rejoin
        (game.net.remembered, "Your seats" in Join a table)."""
        token = self.driver.client.token
        if token:
            try:
                remembered.forget(token)
            except OSError:
                pass  # a read-only data folder: a later rejoin is answered "closed"
        super().on_game_over()

    def autosave(self) -> None:
        return None  # the game is the host's, and the host saves it

    def open_pause(self) -> None:
        # no "Save": a client holds no game to save
        self.app.router.open("pause", self.info)  # type: ignore[attr-defined]

    def exit(self) -> None:
        self.remember()  # left before the record came: kept without a replay
        self.driver.client.stop(timeout=0.0)  # leaves the seat waiting for its token
        super().exit()  # type: ignore[misc]

    def on_quit(self) -> None:
        self.remember()
        self.driver.client.stop(timeout=1.0)


class RemoteTableScene(RemoteTable, TableScene):
    """A composed game's table at a client's window."""

    driver: RemoteDriver


def client_scene(app: Any, client: ClientThread, mirror: Mirror, view: GameState | None = None):
    """The game's own scene for the seat a welcome gave (``mirror``), over ``client``."""
    view = view if view is not None else mirror.view
    driver = RemoteDriver(client, mirror, view)
    scene = RemoteTableScene(app, driver, app.router.table(mirror.game).table_of)
    scene.private_player = mirror.seat  # no curtain: this screen is the seat's own
    if mirror.n == 0:
        # A fresh table (issue #27): the welcome's view as it is from the first frame --
        # whose turn it is, the counts -- and its opening told once in the log. The game
        # queued the view's opening to play it from an empty table (as nobody's: the
        # seat was not known yet): it is told instead, the seat's own events included.
        scene.events.clear()
        opening = list(mirror.events) or list(getattr(view, "opening_events", ()))
        for event in opening:
            if event.seen_by(mirror.seat):
                line = scene.describe(event)
                if line:
                    scene.log_line(line)
        scene.sync_from_state()
    return scene


# == the host's window ==================================================================================
class HostedTable(OnlineTable):
    """A game scene at the hosting window: the network pumped once a frame. A seat that
    waits for its person (nobody joined yet, or their line dropped) has a "Computer
    plays" button in its panel: the window's own computer driving (the scene's, as at a
    local table: ``pump`` never plays computers here) plays it until its person rejoins
    with their token, which gives the seat back."""

    driver: HostedDriver
    address: str = ""
    private_player: int | None
    buttons: Any
    px: Any
    text_px: Any

    def update(self, dt: float) -> None:
        self.pump_network()
        self.hide_phone_hand()
        super().update(dt)  # type: ignore[misc]

    def hide_phone_hand(self) -> None:
        """A seat whose hand is on its phone (issue #29) is never shown on this screen:
        if it was (its phone had dropped), the screen goes back to the public view."""
        table = self.driver.host.table
        top = self.app.top
        if isinstance(top, HandoffScene) and top.seat is not None and table.on_phone(top.seat):
            self.app.pop()  # its phone came back while the curtain waited for its person
        shown = self.private_player
        if shown is not None and table.on_phone(shown):
            self.private_player = None
            self.session.viewer = None
            self.sync_from_state()  # type: ignore[attr-defined]
            self.frame.reset()

    def layout(self, size) -> None:
        super().layout(size)  # type: ignore[misc]
        self.place_hand_buttons()

    @property
    def phone_cards(self) -> PhoneCards:
        cards = self.__dict__.get("_phone_cards")
        if cards is None:
            cards = self.__dict__["_phone_cards"] = PhoneCards(self)
        return cards

    def pump_network(self) -> None:
        for kind, value in self.driver.host.pump():
            self.app.dirty = True
            if kind == "applied":
                _player, events = value
                self.queue_others(events)  # type: ignore[attr-defined]
            elif kind == "seats":
                self.seats_changed(value)
            elif kind == "listening":
                host, port = value
                shown = lan_address() if host in ("0.0.0.0", "") else host
                self.address = f"{shown}:{port}"
                code = self.driver.host.code
                self.log_line(self.t("app.online_open", address=self.address, code=code))  # type: ignore[attr-defined]
                self.frame.reset()
            elif kind == "moved":
                self.log_line(self.t("online.port_moved", port=value))  # type: ignore[attr-defined]
            elif kind == "error":
                self.app.show_error(str(value))

    def seats_changed(self, info: list[dict[str, Any]]) -> None:
        super().seats_changed(info)
        self.place_hand_buttons()

    # -- handing a waiting seat to a computer ------------------------------------------------
    def waiting_seats(self) -> list[int]:
        if self.session.state.is_over():
            return []
        return [
            p
            for p in range(self.session.players)
            if self.seat_status(p) in WAITING and self.session.seats[p].human
        ]

    def hand_button_w(self, player: int) -> int:
        """The button's width: its whole label at the frame's smallest text size."""
        label = self.t("online.hand")
        return fonts.font(self.text_px(14)).size(label)[0] + 12 + self.px(14)

    def hand_button_min_h(self) -> int:
        """The least height of the button: its label's line at the floor size (14 px)
        and its edge above and under it."""
        return fonts.font(theme.MIN_TEXT_PX).size(self.t("online.hand"))[1] + 3

    def hand_label_px(self, rect: pygame.Rect) -> int:
        """The label's size: the frame's smallest text size, a step smaller in a button
        too flat for it (never under the floor): its letters never touch its edge."""
        label = self.t("online.hand")
        top = max(theme.MIN_TEXT_PX, self.text_px(14))
        for size in range(top, theme.MIN_TEXT_PX, -1):
            if fonts.font(size).size(label)[1] + 3 <= rect.h:
                return size
        return theme.MIN_TEXT_PX

    def frame_seats(self) -> TableSeats:
        """The frame says each seat's online status, a waiting seat's button in its
        panel and the join code in the header (:class:`HostedSeats`)."""
        return HostedSeats(super().frame_seats(), self)

    def _status_and_button_fit(self, player: int) -> bool:
        plan = getattr(self, "plan", None)
        if plan is None:
            return True
        parts = seat_layout(
            plan.seats[player],
            self.px,
            self.text_px,
            self.frame.seats.side_w(player),
            self.frame.seats.seat(player).score is not None,
            True,
        )
        return parts.extras.h >= self.hand_button_min_h()

    def hand_button_rect(self, player: int, extras: pygame.Rect) -> pygame.Rect:
        """Where a waiting seat's button is: in the panel's row for the game's own things
        (``extras``), under the seat's status (or under its name when the status went:
        see :meth:`seat_subtitle`), as high as that row allows and never out of its
        panel. While the seat waits the button stands in place of those things: beside
        it they would not fit at any size (the button's text is the frame's smallest,
        and so are theirs)."""
        height = min(self.px(30), max(extras.h - 2, self.hand_button_min_h()))
        width = min(self.hand_button_w(player), extras.w)
        rect = pygame.Rect(0, 0, width, height)
        rect.midleft = (extras.x, extras.centery)
        rect.bottom = min(rect.bottom, self.plan.seats[player].bottom - 1)  # type: ignore[attr-defined]
        rect.top = max(rect.top, extras.top)  # the name or status above: never covered
        return rect

    def place_hand_buttons(self) -> None:
        """The waiting seats' buttons, among the scene's (and among the buttons a game
        with its own controls keeps across their rebuilds: ``base_buttons``)."""
        if getattr(self, "plan", None) is None:
            return
        rects = {
            p: self.hand_button_rect(p, self.frame.seat_parts(p).extras)
            for p in self.waiting_seats()
        }
        new = [
            Button(
                rect,
                self.t("online.hand"),
                self._hand(p),
                self.hand_label_px(rect),
                key=f"online:hand:{p}",
            )
            for p, rect in rects.items()
        ]
        focused = self.buttons.focused_key()
        base = getattr(self, "base_buttons", None)
        for kept in (self.buttons.buttons, base):
            if kept is not None:
                kept[:] = [b for b in kept if not b.key.startswith("online:hand:")] + new
        self.buttons.focus = None
        if focused:
            self.buttons.focus_key(focused)

    def _hand(self, player: int):
        def hand() -> None:
            try:
                self.driver.host.hand_to_computer(player, HAND_LEVEL)
            except Refused:  # its person came back meanwhile: nothing to do
                pass
            self.seats_changed(self.driver.host.table.seats_info())

        return hand

    def draw(self, surface: pygame.Surface) -> None:
        """The game's drawing, then the waiting seats' buttons over their panels (a game
        that keeps its buttons on a picture of its own pastes the frame over them)."""
        super().draw(surface)  # type: ignore[misc]
        self.phone_cards.draw(surface)  # issue #29: the QR codes of the phone seats
        sink = widgets.sink_of(surface)
        for index, button in enumerate(self.buttons.buttons):
            if not button.key.startswith("online:hand:"):
                continue
            drawn = sink is not None and any(t.container == button.rect for t in sink.texts)
            # drawn already (on the still picture): its label written down once
            with widgets.recording(surface, widgets.TextSink()) if drawn else nullcontext():
                button.draw(surface, focused=index == self.buttons.focus)

    def on_game_over(self) -> None:
        """The hosted game into the history (its whole record: the host holds it)."""
        self.record_history()  # type: ignore[attr-defined]
        super().on_game_over()

    def autosave(self) -> None:
        """The host's saver writes the autosave (and the table file beside it): now."""
        self.driver.host.tables.flush()

    def exit(self) -> None:
        self.driver.host.stop(timeout=2.0)
        super().exit()  # type: ignore[misc]

    def on_quit(self) -> None:
        super().on_quit()  # type: ignore[misc]
        self.driver.host.stop(timeout=2.0)


class HostedTableScene(HostedTable, TableScene):
    """A composed game's table at the hosting window."""

    driver: HostedDriver


def hosted_scene(app: Any, host: HostThread, local: tuple[int, ...]):
    """The game's own scene for the host's Session, opened to the network by ``host``
    (started by the caller). ``local``: the seats of people at this screen."""
    table_of = app.router.table(host.table.session.game_id).table_of
    return HostedTableScene(app, HostedDriver(host, local), table_of)


def open_resumed(app: Any, session: Session, *, replace: bool = False) -> Any:
    """Open a resumed game (the Resume screen, ``play --resume``) on top of the app, or
    in place of the top scene (``replace``), and return its scene. A game this window
    hosted opens its table again -- the same join code, the seats' tokens and the port
    it had, so the others' clients rejoin their seats by themselves; any other game is
    a game at this screen. A table file that cannot be used is one dialog line over the
    game, which goes on at this screen (its autosave is the game: nothing is lost). A
    table opened again is not advertised on the local network (whether it was is not
    kept): its members need no advert to come back."""
    problem = None
    scene = None
    try:
        table = reopen(session.save_id)
    except (ValueError, OSError) as exc:
        table, problem = None, str(exc)
    if table is not None:
        table.session.use_bot_budget(app.settings.bot_budget_ms)
        here = tuple(sorted(table.local_seats))
        # phones as hands (issue #29): the seats that held theirs on phones get new keys
        # (the old ones are not kept): their QR cards are on the table again
        phones = tuple(p for p in table.phones_before if table.session.seats[p].human)
        host = HostThread(
            table.session, host=BIND_ADDRESS, table=table, local_seats=here, phones=phones
        ).start()
        scene = hosted_scene(app, host, here)
    else:
        scene = app.router.table(session.game_id)(app, LocalDriver(session))
    (app.replace if replace else app.push)(scene)
    if problem is not None:
        app.show_error(app.t("online.table_damaged", problem=problem))
    return scene
