"""The table frame the four games share (issue #16): the same header, seat panels, log,
hint bar, thinking cue and buttons around every game's board, at the same places.

The window is cut once, by :func:`plan_table`::

    +--------------------------------------------------+-------------------+
    | (Round 3) ▲ Daisy's turn          variant | Undo ≡ ? |
    +------------------------------------------+ +-------------------+
    |                                          | | seat 1 panel      |
    |            the game's board              | | seat 2 panel      |
    |                                          | | ...               |
    |                                          | | (a game's block)  |
    +------------------------------------------+ +-------------------+
    | hint line                                | | log (scrollable)  |
    | the game's hand and controls             | |                   |
    +------------------------------------------+ +-------------------+

A game's table draws only its board into ``plan.board``, its hand and controls into
``plan.controls`` and, if it has one, its own block (Duck's hound board) into
``plan.extra``; its seats (a :class:`TableSeats`) tell the frame what to say, and the
frame draws the rest the same way in every game.

The frame is a part its table scene owns (issue #37: ``scene.frame``, not a base of the
scene); so is the log (:class:`~game.scenes.table.frame_log.TableLog`), which the frame
paints into its panel. The frame owns its header
(:class:`~game.scenes.table.frame_header.FrameHeader`) and, on a board that leaves no
side column, its seat drawer (:class:`~game.scenes.table.seat_drawer.SeatDrawer`: the
strip of tiles, the open drawer's panels, its toggling); what the games say to it is in
game.scenes.table.frame_seats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.scenes.table.frame_header import FrameHeader
from game.scenes.table.frame_log import LogDivider, LogRow, TableLog, first_seat, split_names
from game.scenes.table.frame_plan import (
    SeatLayout,
    TablePlan,
    plan_table,
    seat_layout,
    tile_layout,
)
from game.scenes.table.frame_seats import Header, Hint, SeatFace, SeatsOver, TableSeats
from game.scenes.table.seat_drawer import SeatDrawer
from game.scenes.table.turns import TablePlayer
from game.ui import fonts, identity, theme
from game.ui.widgets import Picture, draw_icon, draw_panel, draw_text, paint_picture

if TYPE_CHECKING:
    from game.scenes.table.guide import TableGuide
    from game.table.driver import TableRecord as Session
    from game.ui.i18n import Translator

__all__ = [
    "FrameHost",
    "Header",
    "Hint",
    "LogDivider",
    "LogRow",
    "SeatFace",
    "SeatLayout",
    "SeatsOver",
    "TableFrame",
    "TableLog",
    "TablePlan",
    "TableSeats",
    "first_seat",
    "plan_table",
    "seat_layout",
    "split_names",
]


class FrameHost(Protocol):
    """What the frame asks of the table it is drawn around (a
    :class:`~game.scenes.table.scene.TableScene`): the game shown, whose screen it is,
    the guide (a lesson's step to read changes the header and the bar), the window's
    sizes and the app's play time (the thinking dots)."""

    app: Any
    t: Translator
    guide: TableGuide
    private_player: int | None

    @property
    def session(self) -> Session: ...

    def px(self, value: float) -> int: ...

    def text_px(self, value: float) -> int: ...

    @property
    def player(self) -> TablePlayer: ...


class TableFrame:
    """The frame around a table's board, a part its scene owns (issue #37): asks the
    game's :class:`TableSeats` what to say, paints the header, the seat panels, the bar
    and the thinking cue, and paints the scene's :class:`TableLog` into the log panel;
    each panel a kept picture (:meth:`cached`), painted again only when what it shows
    changed. ``plan``: where everything is, cut by the scene (:func:`plan_table`)."""

    def __init__(self, seats: TableSeats, host: FrameHost, log: TableLog) -> None:
        self.seats = seats
        self.host = host
        self.log = log
        self.plan: TablePlan | None = None
        self.header = FrameHeader(self)
        self.seat_drawer = SeatDrawer(self)  # the side column's drawer, when the plan has one
        self.reset()

    @property
    def t(self) -> Translator:
        return self.host.t

    def px(self, value: float) -> int:
        return self.host.px(value)

    def text_px(self, value: float) -> int:
        return self.host.text_px(value)

    @property
    def private_player(self) -> int | None:
        """Whose screen it is (None: everybody's): a hidden hand shows to them only."""
        return self.host.private_player

    @property
    def cut(self) -> TablePlan:
        """The plan, once the scene has cut the window (its first layout)."""
        assert self.plan is not None, "the frame is drawn after the table's layout"
        return self.plan

    def seat_name(self, player: int) -> str:
        return self.host.session.seats[player].name

    # == what the header, the panels and the bar say =====================================
    def round_label(self) -> str:
        return self.seats.header().round

    def turn_status(self) -> tuple[int | None, str]:
        """Who the header is about and what it says: the game's words, or a lesson's
        step to read (only Next goes on, issue #27)."""
        guide = self.host.guide
        if guide.reading():
            return guide.learner, self.t("app.lesson_read_status")
        header = self.seats.header()
        return header.who, header.status

    def state_turn_status(self) -> tuple[int | None, str]:
        """Who the header is about and what it says, as the state says: one seat to act
        names it (in its colour); several choosing at once are listed; the end says who
        won."""
        state = self.host.session.state
        if state.is_over():
            return None, self.t("app.frame_over")
        acting = list(state.to_act())
        if len(acting) == 1:
            p = acting[0]
            key = "app.frame_your_turn" if p == self.host.private_player else "app.frame_turn"
            return p, self.t(key, name=self.seat_name(p))
        names = self.t("app.frame_and").join(self.seat_name(p) for p in acting)
        return None, self.t("app.frame_choosing", names=names)

    def variant_label(self) -> str:
        return self.seats.header().variant

    def seat_subtitle(self, player: int) -> str:
        """Under the seat's name: the game's words, else who plays it ("": hidden, a
        short panel, issue #27)."""
        text = self.seats.subtitle(player)
        if text is not None:
            return text
        seat = self.host.session.seats[player]
        if seat.human:
            return self.t("app.human")
        return self.t("app.frame_computer", level=self.t(f"app.level_{seat.level}"))

    def state_seat_highlight(self, player: int) -> str | None:
        """A seat's highlight as the state says: "to_act" while it is to act."""
        state = self.host.session.state
        if not state.is_over() and player in state.to_act():
            return "to_act"
        return None

    def hint_text(self) -> str | Hint:
        if self.host.guide.reading():
            return self.t("app.lesson_read_hint")
        return self.seats.hint()

    # == drawing ==========================================================================
    def reset(self) -> None:
        """Forget the kept pictures (a new language, a seat's new name or status)."""
        self._cache: dict[Any, tuple[tuple, Picture]] = {}

    def cached(self, name: Any, key: tuple, rect: pygame.Rect, paint) -> Picture:
        """The picture of a part of ``rect``'s size, painted by ``paint`` when ``key``
        (or the size, or the language) changed; its texts written down with it."""
        full = (key, rect.size, self.t.lang, self.text_px(100))  # the text size too
        hit = self._cache.get(name)
        if hit is not None and hit[0] == full:
            return hit[1]
        # opaque, on the window's background: a plain blit costs a fraction of an alpha one
        layer = pygame.Surface(rect.size)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            layer = layer.convert()
        layer.fill(theme.BG)
        picture = paint_picture(layer, paint)
        self._cache[name] = (full, picture)
        return picture

    def panels(self) -> list[tuple[pygame.Rect, Picture]]:
        """The header, the seat panels and the log, each a kept picture and where it
        goes: the compositor (game.scenes.table.compose) lays each onto the table's still
        picture, again only when that picture changed."""
        plan = self.cut
        panels = [(plan.header, self.header.picture())]
        if plan.drawer is not None:  # the strip of seat tiles and the drawer's button
            for p, row in enumerate(plan.seats):
                panels.append((row, self.seat_drawer.tile_picture(p, row)))
            panels.append((plan.drawer.toggle, self.seat_drawer.toggle_picture(plan.drawer)))
            return panels
        for p, row in enumerate(plan.seats):
            panels.append((row, self.seat_picture(p, row)))
        panels.append((plan.log, self.log_picture(plan.log)))
        return panels

    def overlays(self) -> list[tuple[pygame.Rect, Picture]]:
        """What the compositor lays over the board and its moving pieces: the open seat
        drawer's panels (issue #38); nothing without a drawer or while it is shut."""
        return self.seat_drawer.overlays()

    def seat_card(
        self,
        surface: pygame.Surface,
        player: int,
        row: pygame.Rect,
        colours: tuple[Any, Any, Any],
        highlight: str | None,
        parts: Any,
    ) -> None:
        """A seat's card as the strip's tile and the full panel both draw it: its panel
        (``colours``: fill, edge, the seat's stripe), the stripe, the portrait in
        ``parts.portrait`` and the seat's mark on its corner."""
        fill, edge, colour = colours
        radius = self.px(10)
        pygame.draw.rect(surface, fill, row, border_radius=radius)
        pygame.draw.rect(surface, edge, row, width=3 if highlight else 2, border_radius=radius)
        stripe = pygame.Rect(
            row.x + self.px(2), row.y + self.px(6), self.px(6), row.h - self.px(12)
        )
        pygame.draw.rect(surface, colour, stripe, border_radius=self.px(3))
        picture = self.seats.portrait(player, parts.portrait.w)
        if picture is not None:
            draw_icon(
                surface, picture, parts.portrait.center, f"portrait:{player}", "icon", "center"
            )
        mark = max(theme.MIN_ICON_PX, parts.portrait.w * 0.42)
        identity.draw_seat_mark(
            surface,
            player,
            (parts.portrait.right - mark * 0.3, parts.portrait.bottom - mark * 0.3),
            mark,
        )

    def log_picture(self, rect: pygame.Rect) -> Picture:
        return self.cached("log", self.log.picture_key(rect), rect, self.log.paint)

    # -- seat panels -------------------------------------------------------------------------
    def thinking_seat(self) -> int | None:
        thinking = self.host.session.thinking() or (
            [] if self.host.player.busy() else list(self.host.session.pending)
        )
        return thinking[0] if thinking else None

    def seat_picture(self, player: int, row: pygame.Rect) -> Picture:
        thinking = self.thinking_seat() == player
        key = (
            self.seats.seat(player).key,
            self.seats.seat(player).highlight,
            self.seats.seat(player).score,
            self.seat_name(player),
            self.host.private_player,
            thinking,
        )

        def paint(layer, _rect):
            self.paint_seat(layer, player, layer.get_rect(), thinking)

        return self.cached(("seat", player), key, row, paint)

    def thinking_beat(self) -> int:
        """The thinking dots' step: one every 0.3 s of the app's play time (not the wall
        clock: a headless screenshot draws the same dots however slow the machine)."""
        return int(self.host.app.elapsed / 0.3)

    def draw_thinking_cue(self, surface: pygame.Surface) -> None:
        """ "Thinking..." with moving dots in the thinking seat's panel, every frame."""
        player = self.thinking_seat()
        if player is None:
            return
        parts = self.seat_parts(player)
        if self.cut.drawer is not None:  # a tile: the moving dots alone, under its score
            self._draw_thinking_dots(surface, parts.extras, player)
            return
        # no subtitle (hidden on a short panel): the words stand for the game's things
        box = parts.subtitle if parts.subtitle.h else parts.extras
        dot = "・" if self.t.lang == "ja" else "."
        dots = dot * (1 + self.thinking_beat() % 3)
        draw_text(
            surface,
            self.t("app.frame_thinking") + dots,
            self.text_px(14),
            box.topleft,
            theme.ACCENT_DARK,
            bold=True,
            within=box,
        )

    def _draw_thinking_dots(self, surface: pygame.Surface, box: pygame.Rect, player: int) -> None:
        """One to three dots in ``box`` (a seat's tile): it is thinking."""
        r = max(3, self.px(4))
        y = min(box.centery, box.bottom - r) if box.h else box.y - r
        count = 1 + self.thinking_beat() % 3
        for i in range(3):
            centre = (box.centerx + (i - 1) * r * 3, y)
            colour = theme.ACCENT_DARK if i < count else theme.PANEL_EDGE
            pygame.draw.circle(surface, colour, centre, r)

    def paint_seat(
        self, surface: pygame.Surface, player: int, row: pygame.Rect, thinking: bool
    ) -> None:
        highlight = self.seats.seat(player).highlight
        colour = theme.seat_colour(player)
        edge = {"moving": theme.ACCENT, "to_act": theme.BUTTON_FOCUS}.get(
            highlight or "", theme.PANEL_EDGE
        )
        fill = (255, 246, 226) if highlight == "moving" else theme.PANEL
        parts = self.seat_parts(player, row)
        self.seat_card(surface, player, row, (fill, edge, colour), highlight, parts)
        name, size = fonts.fit(self.seat_name(player), self.text_px(18), parts.name.w, 14, True)
        draw_text(surface, name, size, parts.name.topleft, theme.INK, bold=True, within=parts.name)
        if not thinking and parts.subtitle.h:
            sub, sub_size = self.fit_subtitle(self.seat_subtitle(player), parts.subtitle.w)
            draw_text(
                surface,
                sub,
                sub_size,
                parts.subtitle.topleft,
                theme.INK_SOFT,
                within=parts.subtitle,
            )
        score = self.seats.seat(player).score
        if score is not None:
            text, score_size = fonts.fit(score, self.text_px(26), parts.score.w, 14, True)
            draw_text(
                surface,
                text,
                score_size,
                parts.score.midright,
                theme.INK,
                bold=True,
                anchor="midright",
                within=parts.score,
            )
        if parts.extras.h > 0 and (parts.subtitle.h or not thinking):
            self.seats.paint_extras(surface, player, parts.extras)
        if parts.side.w > 0:
            self.seats.paint_side(surface, player, parts.side)

    def fit_subtitle(self, text: str, width: int) -> tuple[str, int]:
        """A subtitle "Cookie · Easy computer" that does not fit loses its first part
        ("Easy computer") before it is shrunk or cut."""
        size = self.text_px(14)
        while " · " in text and fonts.font(size).size(text)[0] > width:
            text = text.split(" · ", 1)[1]
        return fonts.fit(text, size, width, theme.MIN_TEXT_PX)

    def seat_parts(self, player: int, row: pygame.Rect | None = None) -> SeatLayout:
        """Where the parts of seat ``player``'s panel are (on the screen, or in ``row``),
        for drawing it and for animations that fly to a seat). With a drawer, the seat on
        the screen is its tile in the strip (:func:`tile_layout`)."""
        plan = self.cut
        if row is None and plan.drawer is not None:
            return tile_layout(plan.seats[player], self.px, self.text_px)
        return seat_layout(
            self.cut.seats[player] if row is None else row,
            self.px,
            self.text_px,
            self.seats.side_w(player),
            self.seats.seat(player).score is not None,
            self.seat_subtitle(player) != "",  # "": the game hid it (a short panel)
            may_drop=plan.drawer is not None,  # issue #38: the drawer's games leave it to us
        )

    def panel_parts(self, player: int) -> SeatLayout:
        """Where the parts of seat ``player``'s full panel are: beside the board, or in
        the drawer (issue #38) where it shows when the drawer is open."""
        drawer = self.cut.drawer
        return self.seat_parts(player, None if drawer is None else drawer.seats[player])

    # -- the bar --------------------------------------------------------------------------------
    def hint_layout(self, hint: str | Hint, box: pygame.Rect) -> tuple[list[str], int, int]:
        """How the bar's hint fits ``box`` (issue #27): (its lines, their size, their
        height). An instruction is never cut: the whole hint is wrapped onto the lines the
        box holds, smaller down to the floor if it must; then the secondary clause goes;
        a main instruction that still does not fit keeps every line at the floor."""
        main, secondary = Hint.of(hint).parts()
        joiner = "" if self.t.lang == "ja" else " "
        texts = [main + joiner + secondary, main] if secondary and main else [main or secondary]
        floor = theme.MIN_TEXT_PX
        top = max(floor, self.text_px(15))
        for text in texts:
            for size in range(top, floor - 1, -1):
                line_h = round(size * 1.3)
                count = max(1, box.h // line_h)
                lines = fonts.wrap(text, size, box.w)
                if len(lines) <= count:
                    return lines, size, line_h
        line_h = max(1, min(round(floor * 1.3), box.h // max(1, len(lines))))
        return fonts.wrap(texts[-1], floor, box.w), floor, line_h

    def draw_bar(self, surface: pygame.Surface) -> None:
        """The bar's panel and its hint line; the game draws its hand and controls over it,
        inside ``plan.controls``. A phones-only table has no bar (issue #39): nothing."""
        if self.cut.bar.h <= 0:
            return
        draw_panel(surface, self.cut.bar, radius=10)
        hint = self.hint_text()
        box = self.cut.hint
        if hint and box.h > 0:
            lines, size, line_h = self.hint_layout(hint, box)
            y = box.y + max(0, (box.h - line_h * len(lines)) // 2)
            for line in lines:
                draw_text(surface, line, size, (box.x, y), theme.INK_SOFT, within=self.cut.bar)
                y += line_h

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The frame's own input: the mouse wheel over the log scrolls it; with a drawer
        (issue #38), its key (L) or a click on its button or on a seat's tile opens it,
        the key, the button or a click outside it shuts it."""
        plan = self.plan
        log = None if plan is None else plan.log
        drawer = None if plan is None else plan.drawer
        if drawer is not None and self.seat_drawer.handle_event(event, drawer):
            return True
        if (
            log is not None
            and (drawer is None or self.seat_drawer.open)
            and event.type == pygame.MOUSEWHEEL
            and log.collidepoint(pygame.mouse.get_pos())
        ):
            self.log.scroll_by(event.y * 3, log)
            return True
        return False
