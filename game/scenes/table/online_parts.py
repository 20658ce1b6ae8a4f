"""A network table's parts (issues #18, #28, #29, #36, #37): what the one
:class:`~game.scenes.table.scene.TableScene` shows of a game hosted here
(:class:`HostedPart`) or joined (:class:`RemotePart`), beside what their drivers
(:class:`~game.net.host.HostedDriver`, :class:`~game.net.remote.RemoteDriver`) answer.

Both show each seat's online status in its panel and end with the online end screen
(no "Play again": the table is the host's). The host's window has a "Computer plays"
button in each panel of a seat that waits for its person and its phone seats' QR cards;
a client's window guards the table against a host's events it cannot show, and keeps the
finished game in its history with the record the host sends (or without one).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import nullcontext
from typing import Any, TypeVar

import pygame

from game.history import prepare_entry
from game.net import remembered
from game.net.host import HostedDriver
from game.net.remote import RemoteDriver
from game.scenes.table.end_screen import GameOverScene
from game.scenes.table.frame import Header, SeatFace, SeatsOver, TableSeats
from game.scenes.table.frame_plan import seat_layout
from game.scenes.table.handoff import HandoffScene
from game.scenes.table.parts import TablePart
from game.scenes.table.phones import PhoneCards
from game.scenes.table.scene import TableScene
from game.ui import fonts, theme, widgets
from game.ui.widgets import Button

log = logging.getLogger(__name__)

T = TypeVar("T")

STATUS_KEYS = {
    "open": "online.seat_open",
    "reconnecting": "online.seat_reconnecting",
    "connected": "app.online_connected",
    "phone": "online.seat_phone",  # a person here whose hand is on their phone (issue #29)
}
QUIET = ("connected", "phone")  # a person's seat played as it should be (its status may go)
WAITING = ("open", "reconnecting")  # a seat waiting for its person: the host may hand it over
HAND_LEVEL = "normal"  # the level of a computer a waiting seat is handed to
# How long a joiner waits after the game's end for the host's record (issue #28) before
# it keeps the game in its history without one (the host is gone, or never sends it).
RECORD_WAIT_S = 15.0


class OnlinePart(TablePart):
    """What a hosted and a joined table share: the seats' online status."""

    plays_again = False  # the table is the host's: the end screen offers the menu only

    def __init__(self, scene: TableScene):
        self.scene = scene

    def seats(self, inner: TableSeats) -> TableSeats:
        """The frame says each seat's online status (:class:`OnlineSeats`)."""
        return OnlineSeats(inner, self)

    def handed(self, player: int) -> bool:
        """A person's seat a computer plays until they rejoin (handed over while they
        were away): the table says so to every member (status ``standing_in``)."""
        return self.scene.driver.seat_status(player) == "standing_in"


class OnlineSeats(SeatsOver):
    """A network table's seats: a person's seat says its online status ("Connected",
    "Awaiting player…", handed to a computer), its panel painted again when it changes."""

    def __init__(self, inner: TableSeats, part: OnlinePart) -> None:
        super().__init__(inner)
        self.part = part

    def subtitle(self, player: int) -> str | None:
        """The seat's online status under its name. A seat played as it should be ("On a
        phone", "Connected") says so only where the game keeps a line there: when it
        keeps none ("": its panel too short for a line and its row of icons, Duck's six
        seats at 1280x720), the status would lie over the icons, and goes first (issue
        #27's order). A seat waiting for its person, or handed to a computer, says so
        always: the table waits for it."""
        part, scene = self.part, self.part.scene
        own = self.inner.subtitle(player)
        status = part.scene.driver.seat_status(player)
        if own == "" and status in QUIET:
            return own
        key = STATUS_KEYS.get(status)
        if key is not None and scene.session.seats[player].human:
            return str(scene.t(key))
        if part.handed(player):
            return str(scene.t("online.seat_handed"))
        return own

    def seat(self, player: int) -> SeatFace:
        face = self.inner.seat(player)
        part = self.part
        status = (part.scene.driver.seat_status(player), part.scene.session.seats[player].human)
        return SeatFace(face.score, face.highlight, (*face.key, *status))


# == a client's window ==================================================================================
class RemotePart(OnlinePart):
    """A seat's table at a client's window. At the game's end the host sends the whole
    record; the game is kept in this window's history (issue #28, :meth:`remember`).
    The host's view and events passed every check of their types and bounds, yet may
    mean nothing the table can show: :meth:`frame` and :meth:`shield` guard the table
    (issue #36)."""

    def __init__(self, scene: TableScene, driver: RemoteDriver):
        super().__init__(scene)
        self.driver = driver
        self.remembered_game = False  # the game is in the history already
        self.record_waited = 0.0  # how long after the end the record has been waited for
        self._unshown: Any = None  # the last event that could not be shown (said once)
        self.unshowable: str | None = None  # why the host's game cannot be shown at all

    # -- the frame --------------------------------------------------------------------------
    def stops(self) -> bool:
        if self.unshowable is None:
            return False
        self.leave_unshowable()  # the host's game cannot be shown: leave it
        return True

    def frame(self, run: Callable[[], None]) -> None:
        self.guarded(run)

    def paint(self, run: Callable[[], None]) -> None:
        self.guarded(run)

    def ticked(self, dt: float) -> None:
        """After a frame's update: the record waited for once the end is on screen."""
        driver = self.driver
        if driver.state.is_over() and not self.remembered_game and self.end_seen():
            self.record_waited += dt
            ended = driver.ended is not None or not driver.connected
            came = driver.record is not None or driver.record_problem is not None
            if came or ended or self.record_waited >= RECORD_WAIT_S:
                self.remember()  # a record refused came too: nothing more to wait for

    def end_seen(self) -> bool:
        """The end has been played on the table (its end screen is up)."""
        return any(isinstance(scene, GameOverScene) for scene in self.scene.app.stack)

    def guarded(self, run: Callable[[], None]) -> None:
        """``run`` (a frame's update or drawing). When it fails on what the host sent,
        the table is set from the host's view, its animations dropped, said in one line,
        and ``run`` tried again; if the view itself cannot be shown, the window leaves
        the table with one dialog (:meth:`leave_unshowable`)."""
        if self.unshowable is not None:
            return
        try:
            run()
            return
        except Exception as exc:  # noqa: BLE001 - any: what it shows is a stranger's
            first = exc
        log.warning("the table could not show what the host sent: %r", first)
        scene = self.scene
        try:
            scene.player.timeline.finish_all()
            scene.player.events.clear()
            scene.player.sync()
            scene.frame.reset()
            run()
        except Exception as exc:  # noqa: BLE001 - the view itself: nothing to show
            log.warning("left the table: the host's game cannot be shown: %r", exc)
            self.unshowable = repr(exc)[:120]
            return
        self._unshowable(None, first)

    def shield(self, event: Any, run: Callable[[], T], fallback: T) -> T:
        """An event of the right types whose meaning the game cannot show (dice taken by
        nobody) is one line in the log and the program's log, and the table is set from
        the host's view once it is at rest: the game goes on (issue #36)."""
        try:
            return run()
        except Exception as exc:  # noqa: BLE001 - any: the event's meaning is a stranger's
            self._unshowable(event, exc)
            return fallback

    def _unshowable(self, event: Any, exc: Exception) -> None:
        if event is not None and self._unshown is event:
            return
        self._unshown = event
        kind = type(event if event is not None else exc).__name__
        log.warning("could not show an event from the host (%s): %r", kind, exc)
        scene = self.scene
        scene.log_line(scene.t("online.event_refused", kind=kind))
        scene.player.timeline.finish_all()
        scene.player.resync_when_idle()  # the table from the view, at rest

    def leave_unshowable(self) -> None:
        """Leave the table whose game cannot be shown (one dialog says so); the seat
        waits for its token at the host, as after any leaving."""
        scene = self.scene
        while scene in scene.app.stack:
            scene.app.pop()
        scene.app.show_error(scene.t("online.host_unshowable", problem=self.unshowable))

    # -- the end ----------------------------------------------------------------------------
    def game_over(self) -> None:
        """This computer's seat there is no longer one to rejoin (game.net.remembered,
        "Your seats" in Join a table)."""
        token = self.driver.client.token
        if token:
            try:
                remembered.forget(token)
            except OSError:
                pass  # a read-only data folder: a later rejoin is answered "closed"

    def remember(self) -> None:
        """Keep the finished game in the history (once): with the host's record when it
        came and replays through the rules to the scores this window was shown, else
        without a replay (names, scores and places from the last view)."""
        driver, scene = self.driver, self.scene
        if self.remembered_game or not driver.state.is_over():
            return
        self.remembered_game = True
        from game.net import joined  # the rules replay the record: only at a game's end

        view = driver.state
        record = driver.record
        if record is not None:
            problem = joined.check_record(record, driver.game_id, driver.seats, view)
            if problem is not None:
                driver.record_problem, record = problem, None
        if driver.record_problem is not None:
            scene.log_line(scene.t("online.record_refused", problem=driver.record_problem))
        try:
            breakdown: list[list[Any]] | None = [list(row) for row in scene.final_breakdown().parts]
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
        scene.app.write_history(prepare_entry(**fields))

    def leaving(self) -> None:
        self.remember()  # left before the record came: kept without a replay

    def open_pause(self) -> bool:
        scene = self.scene
        scene.app.router.open("pause", scene.info)  # no "Save": a client holds no game
        return True

    def probe(self) -> dict[str, Any]:
        """Each seat's status and this window's seat (App.write_probe)."""
        driver = self.driver
        return {"status": list(driver.status), "seat": driver.seat, "connected": driver.connected}


# == the host's window ==================================================================================
class HostedPart(OnlinePart):
    """The hosting window's table. A seat that waits for its person (nobody joined yet,
    or their line dropped) has a "Computer plays" button in its panel: the window's own
    computer driving plays it until its person rejoins with their token, which gives the
    seat back. Phone seats (issue #29) have their QR cards beside their panels."""

    side_drawer = False  # the seats filling in as people join stay in sight

    def __init__(self, scene: TableScene, driver: HostedDriver):
        super().__init__(scene)
        self.driver = driver
        self.phone_cards = PhoneCards(scene, driver)
        self.planned_bar: bool | None = None  # the bar of the last plan (None: not yet)

    def frame(self, run: Callable[[], None]) -> None:
        self.hide_phone_hand()
        self.follow_phones()
        run()

    def phones_only(self) -> bool:
        """Every person at this screen plays from a phone that holds their seat now
        (computers and network seats may sit too): nobody's hand or choice is ever
        shown here (issue #39)."""
        people = self.driver.local_seats()
        return bool(people) and all(self.driver.on_phone(p) for p in people)

    def hand_bar(self) -> bool:
        """No bar while :meth:`phones_only`: the board alone, large; the answer is kept
        so :meth:`follow_phones` lays the table out again when it changes."""
        self.planned_bar = not self.phones_only()
        return self.planned_bar

    def follow_phones(self) -> None:
        """The last phone joined (the bar goes) or one dropped and its person is back
        at this screen (the bar comes back): the table is laid out anew."""
        planned = self.planned_bar
        if planned is not None and planned == self.phones_only():
            self.scene.layout(self.scene.size)

    def hide_phone_hand(self) -> None:
        """A seat whose hand is on its phone (issue #29) is never shown on this screen:
        if it was (its phone had dropped), the screen goes back to the public view."""
        scene, driver = self.scene, self.driver
        top = scene.app.top
        if isinstance(top, HandoffScene) and top.seat is not None and driver.on_phone(top.seat):
            scene.app.pop()  # its phone came back while the curtain waited for its person
        shown = scene.private_player
        if shown is not None and driver.on_phone(shown):
            scene.private_player = None
            scene.session.viewer = None
            scene.player.sync()
            scene.frame.reset()

    def laid_out(self) -> None:
        self.place_hand_buttons()

    def seats_changed(self) -> None:
        self.place_hand_buttons()

    def seats(self, inner: TableSeats) -> TableSeats:
        """The frame also says the join code and address, and a waiting seat's button
        stands in its panel (:class:`HostedSeats`)."""
        return HostedSeats(super().seats(inner), self)

    def probe(self) -> dict[str, Any]:
        """Each seat's status, the join code and address (App.write_probe)."""
        driver = self.driver
        return {"status": list(driver.status), "code": driver.host.code, "address": driver.address}

    # -- handing a waiting seat to a computer ------------------------------------------------
    def waiting_seats(self) -> list[int]:
        scene = self.scene
        if scene.session.state.is_over():
            return []
        return [
            p
            for p in range(scene.session.players)
            if self.driver.seat_status(p) in WAITING and scene.session.seats[p].human
        ]

    def hand_button_w(self, player: int) -> int:
        """The button's width: its whole label at the frame's smallest text size."""
        scene = self.scene
        label = scene.t("online.hand")
        return fonts.font(scene.text_px(14)).size(label)[0] + 12 + scene.px(14)

    def hand_button_min_h(self) -> int:
        """The least height of the button: its label's line at the floor size (14 px)
        and its edge above and under it."""
        return fonts.font(theme.MIN_TEXT_PX).size(self.scene.t("online.hand"))[1] + 3

    def hand_label_px(self, rect: pygame.Rect) -> int:
        """The label's size: the frame's smallest text size, a step smaller in a button
        too flat for it (never under the floor): its letters never touch its edge."""
        label = self.scene.t("online.hand")
        top = max(theme.MIN_TEXT_PX, self.scene.text_px(14))
        for size in range(top, theme.MIN_TEXT_PX, -1):
            if fonts.font(size).size(label)[1] + 3 <= rect.h:
                return size
        return theme.MIN_TEXT_PX

    def _status_and_button_fit(self, player: int) -> bool:
        scene = self.scene
        plan = scene.frame.plan
        if plan is None:
            return True
        parts = seat_layout(
            plan.seats[player],
            scene.px,
            scene.text_px,
            scene.frame.seats.side_w(player),
            scene.frame.seats.seat(player).score is not None,
            True,
        )
        return parts.extras.h >= self.hand_button_min_h()

    def hand_button_rect(self, player: int, extras: pygame.Rect) -> pygame.Rect:
        """Where a waiting seat's button is: in the panel's row for the game's own things
        (``extras``), under the seat's status (or under its name when the status went:
        see :meth:`HostedSeats.subtitle`), as high as that row allows and never out of its
        panel. While the seat waits the button stands in place of those things: beside
        it they would not fit at any size (the button's text is the frame's smallest,
        and so are theirs)."""
        scene = self.scene
        height = min(scene.px(30), max(extras.h - 2, self.hand_button_min_h()))
        width = min(self.hand_button_w(player), extras.w)
        rect = pygame.Rect(0, 0, width, height)
        rect.midleft = (extras.x, extras.centery)
        rect.bottom = min(rect.bottom, scene.plan.seats[player].bottom - 1)
        rect.top = max(rect.top, extras.top)  # the name or status above: never covered
        return rect

    def place_hand_buttons(self) -> None:
        """The waiting seats' buttons, among the scene's (and among the buttons a game
        with its own controls keeps across their rebuilds: ``base_buttons``)."""
        scene = self.scene
        if scene.frame.plan is None:
            return
        rects = {
            p: self.hand_button_rect(p, scene.frame.seat_parts(p).extras)
            for p in self.waiting_seats()
        }
        new = [
            Button(
                rect,
                scene.t("online.hand"),
                self._hand(p),
                self.hand_label_px(rect),
                key=f"online:hand:{p}",
            )
            for p, rect in rects.items()
        ]
        focused = scene.buttons.focused_key()
        for kept in (scene.buttons.buttons, scene.base_buttons):
            kept[:] = [b for b in kept if not b.key.startswith("online:hand:")] + new
        scene.buttons.focus = None
        if focused:
            scene.buttons.focus_key(focused)

    def _hand(self, player: int) -> Callable[[], None]:
        def hand() -> None:
            self.scene.news.take([self.driver.hand_to_computer(player, HAND_LEVEL)])

        return hand

    def drawn(self, surface: pygame.Surface) -> None:
        """The phone seats' QR cards, then the waiting seats' buttons over their panels (a
        game that keeps its buttons on a picture of its own pastes the frame over them)."""
        self.phone_cards.draw(surface)  # issue #29: the QR codes of the phone seats
        buttons = self.scene.buttons
        sink = widgets.sink_of(surface)
        for index, button in enumerate(buttons.buttons):
            if not button.key.startswith("online:hand:"):
                continue
            drawn = sink is not None and any(t.container == button.rect for t in sink.texts)
            # drawn already (on the still picture): its label written down once
            with widgets.recording(surface, widgets.TextSink()) if drawn else nullcontext():
                button.draw(surface, focused=index == buttons.focus)


class HostedSeats(SeatsOver):
    """The host's seats: a waiting seat's button stands in its panel (its status goes
    when both do not fit), the header says the join code and address."""

    def __init__(self, inner: TableSeats, part: HostedPart) -> None:
        super().__init__(inner)
        self.part = part

    def subtitle(self, player: int) -> str | None:
        """A waiting seat's status ("Awaiting player…"), unless its panel is too short
        for the status and the button's row under it (six seats in a small window, or
        the Larger text): then the status goes first (issue #27: the secondary line
        before anything is clipped or covered) and the button, which is only there
        while the seat waits, says it under the name."""
        text = self.inner.subtitle(player)
        part = self.part
        if (
            text != ""
            and player in part.waiting_seats()
            and not part._status_and_button_fit(player)
        ):
            return ""
        return text

    def paint_extras(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        """The game's own things; a waiting seat's button instead (see
        :meth:`HostedPart.hand_button_rect`), until the seat is played again."""
        if player not in self.part.waiting_seats():
            self.inner.paint_extras(surface, player, rect)

    def header(self) -> Header:
        """The game's header, but a seat still waiting for its person is not "Cy's
        turn" (issue #38: Cy had not joined): the header says whom the table waits for;
        with the join code and address on the right once the host listens."""
        header = self.inner.header()
        part = self.part
        who, status = header.who, header.status
        if who is not None and who in part.waiting_seats():
            key = "brand.header_awaiting"
            if part.driver.seat_status(who) != "open":
                key = "brand.header_reconnecting"
            status = str(part.scene.t(key, name=part.scene.seat_name(who)))
        address = part.driver.address
        if not address:
            return Header(header.round, who, status, header.variant)
        code = part.scene.t("app.online_code", code=part.driver.host.code, address=address)
        return Header(header.round, who, status, str(code))
