"""The result panel of the end screen (issue #38: beside the board, not over it): who
won, each seat's total as chips in a strip beside the board's drawn pieces, or the whole
breakdown (how each seat's score came about: the game's own parts, from its rules, through
:meth:`TableScene.final_breakdown`) when a strip holds it or when it is asked for; and the
small bar of buttons while the table is looked at. The end screen (:mod:`.end_screen`) owns
it, the buttons' actions and the celebration.

The table is laid out for the window: part columns share what the seat name and the total
leave, their headings wrap onto two lines, and no text goes under :data:`MIN_TEXT` pixels
(a value that still does not fit is cut with "…", never drawn over its neighbour).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from game.scenes.table.frame import TableSeats
from game.session import Session
from game.settings import TEXT_SIZES
from game.ui import fonts, identity, smooth, theme
from game.ui.widgets import Button, ButtonGroup, draw_icon, draw_pill, draw_text


class Framed(Protocol):
    @property
    def seats(self) -> TableSeats:
        """The game's seats as the frame shows them (their portraits)."""
        ...


class EndedTable(Protocol):
    """What the end screen reads of the table whose game ended (a
    :class:`~game.scenes.table.scene.TableScene`)."""

    @property
    def session(self) -> Any: ...

    @property
    def state(self) -> Any: ...

    @property
    def frame(self) -> Framed: ...

    @property
    def game(self) -> Any:
        """The game's table: its ``drawn_extent()`` and ``celebrate(player)``."""

    def seat_name(self, player: int) -> str: ...

    def score_text(self, player: int, value: Any) -> str: ...

    def final_breakdown(self) -> Breakdown: ...


@dataclass(frozen=True)
class Breakdown:
    """How each seat's score came about, in the game's words.

    ``columns`` are the headings of the parts (in the player's language), ``parts`` one
    row per seat (seat order) with one value per column: a number (points) or a short
    text. ``total`` heads the total column, whose values are the game's
    ``score_text(state.scores())``. ``summed`` says the numeric parts of a row add up to
    the seat's score (Verflixxt!, Eight Routes); False where they only explain it (Duck's
    buoys)."""

    columns: tuple[str, ...]
    parts: tuple[tuple[int | str, ...], ...]
    total: str
    summed: bool = True
    # (label, colour) per column, or none: each column is headed by a round badge of
    # that colour with the label in it, as the game's board marks the part (Eight
    # Routes' route numbers), instead of its words (issue #27: no heading cut)
    badges: tuple[tuple[str, tuple[int, int, int]], ...] = ()


MIN_TEXT = theme.MIN_TEXT_PX  # pixels: nothing on the end screen is drawn smaller


class PanelOwner(Protocol):
    """What the result panel reads of the end screen that holds it (a
    :class:`~game.scenes.table.end_screen.GameOverScene`): its sizes and words, its row of
    buttons, and what the buttons do."""

    @property
    def game(self) -> EndedTable: ...

    @property
    def again(self) -> bool:
        """Play again is offered (False: a network game's end, the host's table)."""
        ...

    @property
    def buttons(self) -> ButtonGroup: ...

    def px(self, value: float) -> int: ...

    def text_px(self, value: float) -> int: ...

    @property
    def text_scale(self) -> float:
        """The person's text size setting (1.0: Normal)."""
        ...

    def t(self, key: str, **fields: Any) -> str: ...

    def toggle(self) -> None: ...

    def toggle_details(self) -> None: ...

    def watch_again(self) -> None: ...

    def look_back(self) -> None: ...

    def play_again(self) -> None: ...

    def to_menu(self) -> None: ...


class ResultPanel:
    """Where the result lies and how it is drawn: :meth:`layout_beside` (the biggest
    strip beside the board: the whole breakdown, or the result as chips when it has no
    room), :meth:`layout_full` (the whole breakdown, centred), :meth:`layout_bar` (only
    the small buttons, the table looked at); the buttons go into the owner's row."""

    def __init__(self, owner: PanelOwner) -> None:
        self.owner = owner
        self.game = owner.game
        self.buttons = owner.buttons
        self.px = owner.px
        self.give = 1.0  # the share of the person's text size the panel's words keep
        self.t = owner.t
        self.breakdown = owner.game.final_breakdown()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.compact = False  # the result as chips, when the breakdown has no room beside the board

    def order(self) -> list[int]:
        """The seats, best score first (seat order among equals)."""
        scores = self.game.state.scores()
        return sorted(range(self.game.session.players), key=lambda p: -scores[p])

    def rooms(self, w: int, h: int) -> list[pygame.Rect]:
        """The free strips of the window beside the board's drawn pieces (left, right,
        above and below its :meth:`drawn_extent`, each stopped short of the seat panels),
        the biggest first: the result panel goes in one, the board stays in sight
        (issue #38: the finish on the board)."""
        window = pygame.Rect(0, 0, w, h)
        board = self.game.game.drawn_extent().clip(window)
        gap = self.px(6)
        strips = [
            pygame.Rect(0, 0, board.x - gap, h),
            pygame.Rect(board.right + gap, 0, w - board.right - gap, h),
            pygame.Rect(0, 0, w, board.y - gap),
            pygame.Rect(0, board.bottom + gap, w, h - board.bottom - gap),
        ]
        # the seat panels stay in sight too: their scores count up (a strip stops at them)
        plan = getattr(self.game, "plan", None)
        seats = [] if plan is None else list(plan.seats)
        strips = [self._clear_of(strip, seats, gap) for strip in strips]
        # the strip where a panel of sensible proportions is biggest
        strips = [r for r in strips if r.w > 0 < r.h]
        return sorted(strips, key=lambda r: -min(r.w, 3 * r.h) * min(r.h, r.w))

    @staticmethod
    def _clear_of(strip: pygame.Rect, seats: list[pygame.Rect], gap: int) -> pygame.Rect:
        """``strip`` cut short of the seat panels inside it: the bigger part beside or
        above/below them (a strip across the window stops at the seat column)."""
        for seat in seats:
            if not strip.colliderect(seat):
                continue
            parts = [
                pygame.Rect(strip.x, strip.y, seat.x - gap - strip.x, strip.h),
                pygame.Rect(seat.right + gap, strip.y, strip.right - seat.right - gap, strip.h),
                pygame.Rect(strip.x, strip.y, strip.w, seat.y - gap - strip.y),
                pygame.Rect(strip.x, seat.bottom + gap, strip.w, strip.bottom - seat.bottom - gap),
            ]
            strip = max(parts, key=lambda r: r.w * r.h if r.w > 0 < r.h else -1)
        return strip

    def layout_beside(self, w: int, h: int) -> None:
        """The result in the biggest strip beside the board that holds it, never over the
        board (issue #38: at Larger text it covered the board's foot). What gives way, in
        order, when no strip holds it: the panel's words shrink toward Normal (the
        person's text size stays on the board and the seat panels), then the seats'
        chips go (each seat's score is on its panel beside the board, counted up). Only
        when even that finds no strip does it lie along the window's bottom, over as
        little of the board as it needs (the layout audit's ``result_over_board``)."""
        for give, chips in self._ways():
            self.give = give
            if self._beside(w, h, chips):
                return
        self.give = 1.0
        # no strip holds even the short result: along the window's bottom, clear of the
        # seat panels, over as little of the board as it needs
        margin = self.px(6)
        plan = getattr(self.game, "plan", None)
        seats = [] if plan is None else list(plan.seats)
        right = min([seat.x for seat in seats if seat.bottom > h // 2] + [w]) - margin
        probe = pygame.Rect(margin, 0, right - margin, h)
        self._layout_compact(probe)
        need = self.panel.h + 2 * self.px(4)
        self.buttons.clear()
        self._layout_compact(pygame.Rect(margin, h - need - margin, right - margin, need))

    def _ways(self) -> list[tuple[float, bool]]:
        """(the share of the person's text size the panel's words keep, with the seats'
        chips) to try in order: the person's size, then each smaller size down to Normal,
        then Normal without the chips."""
        scale = self.owner.text_scale
        sizes = [scale] + [k for k in reversed(TEXT_SIZES) if k < scale]
        return [(k / scale, True) for k in sizes] + [(1.0 / max(1.0, scale), False)]

    def _beside(self, w: int, h: int, chips: bool) -> bool:
        """The whole breakdown or the short result laid out in the first strip beside
        the board that holds it; False (nothing laid out) when none does."""
        self.compact = True
        for room in self.rooms(w, h):
            if room.w >= self.px(420) and room.h >= self.px(300):
                self.layout_full(room.w, room.h)
                self.panel.center = room.center
                self._shift_full(room)
                if self._full_fits(room):
                    self.compact = False
                    return True
            self.buttons.clear()
            if self._layout_compact(room, chips):
                return True
            self.buttons.clear()
        return False

    def text_px(self, value: float) -> int:
        """A font size of the panel: the owner's, at the share of the person's text size
        the panel keeps (:meth:`layout_beside`)."""
        return self.owner.text_px(value * self.give)

    def _shift_full(self, room: pygame.Rect) -> None:
        """The full panel, laid out centred on ``room``'s own size, moved onto it."""
        dx, dy = room.x, room.y
        self.table_rect.move_ip(dx, dy)
        for button in self.buttons.buttons:
            button.rect.move_ip(dx, dy)

    def _full_fits(self, room: pygame.Rect) -> bool:
        """The breakdown table fits ``room`` at its floors: its columns at least their
        headings' longest word, its rows and buttons inside."""
        widths_ok = all(c >= least for c, least in zip(self.col_ws, self.col_mins))
        inside = room.contains(self.panel) and all(
            self.panel.contains(b.rect) for b in self.buttons.buttons
        )
        rows = self.table_rect.bottom <= min(b.rect.top for b in self.buttons.buttons)
        return widths_ok and inside and rows

    def _layout_compact(self, room: pygame.Rect, chips: bool = True) -> bool:
        """The result in a narrow strip beside the board: the title, each seat's mark,
        name and total best first (chips that wrap), the buttons under them (flowing into
        rows). False when it is taller than ``room``."""
        pad = self.px(7)
        gap = self.px(8)
        self.body = self.text_px(17)
        self.title_size = self.text_px(24)
        inner = room.inflate(-2 * self.px(2), -2 * self.px(2))
        width = inner.w - 2 * pad
        size = self.text_px(17)
        bh = max(self.px(36), int(size * 1.9))
        labels = [
            self.t("app.end_look"),
            self.t("app.watch_again"),
            self.t("app.play_again"),
            self.t("app.to_menu"),
        ]
        bws = [fonts.font(size, True).size(t)[0] + self.px(24) for t in labels]
        # the seats' chips: mark, name, total
        chip_h = max(self.px(30), int(self.body * 1.6))
        self.chips: list[tuple[int, pygame.Rect]] = []
        title_w = fonts.font(self.title_size, True).size(self.title())[0] + self.px(50)
        x, y = inner.x + pad + min(title_w, width) + gap, inner.y + pad
        line_h = max(chip_h, int(self.title_size * 1.4))
        if chips and x - inner.x > width * 0.6:  # the title alone on its line
            x, y = inner.x + pad, y + line_h + self.px(4)
        self.title_box = pygame.Rect(inner.x + pad, inner.y + pad, min(title_w, width), line_h)
        for p in self.order() if chips else []:
            chip_w = self._chip_width(p)
            if x + chip_w > inner.x + pad + width and x > inner.x + pad:
                x, y = inner.x + pad, y + chip_h + self.px(4)
            self.chips.append((p, pygame.Rect(x, y + (line_h - chip_h) // 2, chip_w, chip_h)))
            x += chip_w + gap
        y += line_h + self.px(4)
        # the buttons, flowing into as many rows as the strip's width needs
        labels += [self.t("end_finish.details"), self.t("coach.look.button")]
        bws += [fonts.font(size, True).size(t)[0] + self.px(24) for t in labels[4:]]
        order = [0, 1, 5, 2, 3, 4] if self.owner.again else [0, 1, 5, 3, 4]
        rows: list[list[int]] = [[]]
        used = 0
        for i in order:
            bw = min(bws[i], width)
            if rows[-1] and used + gap + bw > width:
                rows.append([])
                used = 0
            used += (gap if rows[-1] else 0) + bw
            rows[-1].append(i)
        placed: dict[int, pygame.Rect] = {}
        for row in rows:
            row_w = sum(min(bws[i], width) for i in row) + gap * (len(row) - 1)
            bx = inner.x + pad + (width - row_w) // 2
            for i in row:
                bw = min(bws[i], width)
                placed[i] = pygame.Rect(bx, y, bw, bh)
                bx += bw + gap
            y += bh + gap
        height = y - gap + pad - inner.y
        # it fits when it is no taller than the strip and nothing in it is cut across:
        # the title, each chip and each button as wide as it wants
        widest = max([title_w, *bws] + [chip.w for _p, chip in self.chips])
        fits = height <= inner.h and widest <= width
        self.panel = pygame.Rect(inner.x, inner.y, inner.w, min(inner.h, height))
        # centred in the strip's height when it has room to spare
        dy = max(0, (inner.h - height) // 2)
        self.panel.y += dy
        if fits and inner.w > 3 * inner.h:
            # a band across the window under the board: the panel fills it, what lies
            # there (the bar's hint) is not seen cut across above it
            self.panel = inner.copy()
        self.title_box.y += dy
        self.chips = [(p, r.move(0, dy)) for p, r in self.chips]
        placed = {i: r.move(0, dy) for i, r in placed.items()}
        self.buttons.add(Button(placed[0], labels[0], self.owner.toggle, size, key="look"))
        self._add_watch(placed[1], size)
        self._add_look_back(placed[5], size)
        if self.owner.again:
            self.buttons.add(
                Button(placed[2], labels[2], self.owner.play_again, size, primary=True, key="again")
            )
        self.buttons.add(
            Button(
                placed[3],
                labels[3],
                self.owner.to_menu,
                size,
                primary=not self.owner.again,
                key="menu",
            )
        )
        self.buttons.add(
            Button(placed[4], labels[4], self.owner.toggle_details, size, key="details")
        )
        return fits

    def _chip_width(self, player: int) -> int:
        """A seat's chip in the compact result: its mark, its name, its total."""
        f = fonts.font(self.body, True)
        scores = self.game.state.scores()
        name = self.game.seat_name(player)
        total = self.game.score_text(player, scores[player])
        return self.px(30) + f.size(name)[0] + self.px(10) + f.size(total)[0] + self.px(12)

    def layout_full(self, w: int, h: int) -> None:
        margin = self.px(20)
        bd = self.breakdown
        self.body = self.text_px(20)
        self.head = self.text_px(16)
        self.row_h = max(int(self.body * 1.6), self.px(36))
        pad = self.px(24)
        # how wide the table would like to be: names, parts, total at full size
        name_w = max(
            fonts.font(self.body, True).size(self.game.seat_name(p))[0] for p in self.order()
        )
        self.name_w = self.px(34) + min(name_w, self.px(220))
        self.badge_d = max(self.px(28), self.head + self.px(12))  # a badge heading
        self.col_ws = [
            max(self._heading_width(c, i), self._value_width(i)) + self.px(16)
            for i, c in enumerate(bd.columns)
        ]
        totals = [self.game.score_text(p, v) for p, v in enumerate(self.game.state.scores())]
        self.total_w = max(
            [self._heading_width(bd.total)]
            + [fonts.font(self.body, True).size(t)[0] for t in totals]
        ) + self.px(16)
        want = self.name_w + sum(self.col_ws) + self.total_w
        # at most 660 design pixels wide (640 on a small window): the table stays visible
        # all round it (tools/e2e_xvfb.py checks the dim beside the panel at 1280x720)
        widest = min(w - 2 * margin, max(self.px(660), 640))
        # each part's column at least as wide as its heading's longest word at the floor
        # size (issue #27: "Route 1" is never "Ro…"): the panel widens for them
        self.col_mins = [self._word_width(c) + self.px(14) for c in bd.columns]
        names_floor = self.px(40) + max(
            fonts.font(MIN_TEXT, True).size(self.game.seat_name(p))[0] for p in self.order()
        )
        floor_w = sum(self.col_mins) + names_floor + self._word_width(bd.total) + self.px(16)
        widest = max(widest, min(w - 2 * margin, int(w * 0.92), floor_w + 2 * self.px(24)))
        # four buttons side by side, each wide enough for its label at full size; two
        # rows of two when four do not fit
        label_size = self.text_px(20)
        labels = [
            self.t("app.end_look"),
            self.t("app.watch_again"),
            self.t("coach.look.button"),
            self.t("app.play_again"),
            self.t("app.to_menu"),
        ]
        self.button_w = max(
            [self.px(170)] + [fonts.font(label_size, True).size(t)[0] + self.px(28) for t in labels]
        )
        buttons_w = 5 * self.button_w + 4 * self.px(14)
        self.button_rows = 1 if buttons_w + 2 * pad <= widest else 2
        if self.button_rows == 2:
            buttons_w = 3 * self.button_w + 2 * self.px(14)
        width = min(widest, max(self.px(560), want + 2 * pad, buttons_w + 2 * pad))
        inner = width - 2 * pad
        if want > inner:  # shrink: the parts share what is left, names keep what they can
            self.total_w = min(self.total_w, inner // 4)
            self.name_w = min(self.name_w, inner // 3)
            share = (inner - self.name_w - self.total_w) / max(1, len(self.col_ws))
            self.col_ws = [max(int(share), least) for least in self.col_mins]
            self.name_w = max(names_floor, inner - self.total_w - sum(self.col_ws))
        else:  # spread the spare width over the part columns (or the name, without parts)
            spare = inner - want
            if self.col_ws:
                self.col_ws = [c + spare // len(self.col_ws) for c in self.col_ws]
            else:
                self.name_w += spare
        self.head_lines = max(
            [
                len(self._heading_lines(c, cw))
                for c, cw in zip(bd.columns, self.col_ws)
                if not bd.badges
            ]
            + [len(self._heading_lines(bd.total, self.total_w))]
        )
        head_h = self._head_h()
        title_h = self.px(70)
        bw, bh = self.button_w, max(self.px(52), int(self.text_px(20) * 2))
        rows = len(self.order())
        buttons_h = bh + (self.button_rows - 1) * (bh + self.px(12))
        height = title_h + head_h + rows * self.row_h + self.px(24) + buttons_h + pad
        self.panel = pygame.Rect(0, 0, width, min(h - 2 * margin, height))
        self.panel.center = (w // 2, h // 2)
        self.table_rect = pygame.Rect(
            self.panel.x + pad, self.panel.y + title_h, inner, head_h + rows * self.row_h
        )
        # five buttons: look at the table, watch again, look back, play again, menu (in
        # one row, or three over two)
        gap = self.px(14)
        per_row = 5 if self.button_rows == 1 else 3
        bw = min(bw, (inner - (per_row - 1) * gap) // per_row)
        y = self.panel.bottom - bh - self.px(20)
        first_y = y - (self.button_rows - 1) * (bh + self.px(12))
        x = self.panel.centerx - (per_row * bw + (per_row - 1) * gap) // 2
        size = self.text_px(20)
        self.buttons.add(
            Button(
                pygame.Rect(x, first_y, bw, bh),
                self.t("app.end_look"),
                self.owner.toggle,
                size,
                key="look",
            )
        )
        self._add_watch(pygame.Rect(x + bw + gap, first_y, bw, bh), size)
        self._add_look_back(pygame.Rect(x + 2 * (bw + gap), first_y, bw, bh), size)
        if self.button_rows == 2:
            self._add_again_and_menu(self.panel.centerx - (2 * bw + gap) // 2, y, bw, bh, gap, size)
        else:
            self._add_again_and_menu(x + 3 * (bw + gap), y, bw, bh, gap, size)

    def layout_bar(self, w: int, h: int) -> None:
        """Small buttons at the bottom centre, over the table: bring the scores back,
        play again, menu."""
        self.panel = pygame.Rect(0, 0, 0, 0)
        size = self.text_px(17)
        bh = max(self.px(40), int(size * 2))
        gap = self.px(10)
        labels = [
            self.t("app.end_show"),
            self.t("app.watch_again"),
            self.t("app.play_again"),
            self.t("app.to_menu"),
        ]
        widths = [fonts.font(size, True).size(t)[0] + self.px(32) for t in labels]
        x = (w - sum(widths) - 3 * gap) // 2
        y = h - bh - self.px(12)
        self.buttons.add(
            Button(pygame.Rect(x, y, widths[0], bh), labels[0], self.owner.toggle, size, key="show")
        )
        x += widths[0] + gap
        self._add_watch(pygame.Rect(x, y, widths[1], bh), size)
        x += widths[1] + gap
        self._add_again_and_menu(x, y, widths[2], bh, gap, size, widths[3])

    def _add_watch(self, rect: pygame.Rect, size: int) -> None:
        """Watch again (issue #28): the game just ended, replayed from its record. A game
        joined over the network has only this seat's view, not the whole record."""
        session = self.game.session
        whole = isinstance(session, Session)
        self.buttons.add(
            Button(
                rect,
                self.t("app.watch_again"),
                self.owner.watch_again,
                size,
                enabled=whole,
                why="" if whole else self.t("app.watch_joined"),
                key="watch",
            )
        )

    def _add_look_back(self, rect: pygame.Rect, size: int) -> None:
        """Look back (issue #40, at a game's end): the costliest decisions of each person
        in the game just ended, from its own record (the one History keeps), whether or
        not the History has written it yet. A game joined over the network has only this
        seat's view: looked back at from the History once its host sent the whole game."""
        whole = isinstance(self.game.session, Session)
        self.buttons.add(
            Button(
                rect,
                self.t("coach.look.button"),
                self.owner.look_back,
                size,
                enabled=whole,
                why="" if whole else self.t("end_finish.look_back_joined"),
                key="lookback",
            )
        )

    def _add_again_and_menu(self, x, y, bw, bh, gap, size, menu_w=None) -> None:
        if not self.owner.again:  # a network game's: the menu in the place of both
            width = bw + gap + (menu_w or bw)
            self.buttons.add(
                Button(
                    pygame.Rect(x, y, width, bh),
                    self.t("app.to_menu"),
                    self.owner.to_menu,
                    size,
                    primary=True,
                    key="menu",
                )
            )
            return
        self.buttons.add(
            Button(
                pygame.Rect(x, y, bw, bh),
                self.t("app.play_again"),
                self.owner.play_again,
                size,
                primary=True,
                key="again",
            )
        )
        self.buttons.add(
            Button(
                pygame.Rect(x + bw + gap, y, menu_w or bw, bh),
                self.t("app.to_menu"),
                self.owner.to_menu,
                size,
                key="menu",
            )
        )

    def _head_h(self) -> int:
        """The headings' row: their lines, or a badge when it is taller."""
        lines = int(self.head * 1.3) * self.head_lines
        if self.breakdown.badges:
            lines = max(lines, self.badge_d)
        return lines + self.px(10)

    def _heading_width(self, text: str, column: int | None = None) -> int:
        """A heading's width on at most two lines (split at its widest break); a badge's
        when the column has one."""
        if column is not None and self.breakdown.badges:
            return self.badge_d
        f = fonts.font(self.head, True)
        words = text.split(" ")
        if len(words) == 1:
            return f.size(text)[0]
        return min(
            max(f.size(" ".join(words[:i]))[0], f.size(" ".join(words[i:]))[0])
            for i in range(1, len(words))
        )

    def _word_width(self, text: str) -> int:
        """The width of ``text``'s longest word in a heading at the floor size."""
        f = fonts.font(MIN_TEXT, True)
        return max((f.size(word)[0] for word in text.split()), default=0)

    def _heading_lines(self, text: str, width: int) -> list[str]:
        """A heading on as many lines as its column needs (three at most: a narrow column
        of a five-player table breaks "Route 1" rather than cut it)."""
        lines = fonts.wrap(text, self.head, max(1, width - self.px(12)), True)
        return lines if len(lines) <= 3 else [*lines[:2], " ".join(lines[2:])]

    def _value_width(self, column: int) -> int:
        f = fonts.font(self.body)
        return max(f.size(self._value_text(row[column]))[0] for row in self.breakdown.parts)

    @staticmethod
    def _value_text(value: int | str) -> str:
        if isinstance(value, str):
            return value
        # nothing scored: a dot, as on the Eight Routes board (a thin dash vanishes)
        return "·" if value == 0 else f"{value:+d}".replace("-", "−")

    def title(self) -> str:
        names = [self.game.seat_name(p) for p in self.game.state.winners()]
        if len(names) == 1:
            return self.t("app.winner", name=names[0])
        return self.t("app.winners", names=", ".join(names))

    def draw_compact(self, surface: pygame.Surface) -> None:
        """The compact result: the winner's portrait and title, each seat's chip."""
        box = self.title_box
        winners = list(self.game.state.winners())
        icon = min(box.h, self.px(36))
        picture = self.game.frame.seats.portrait(winners[0], icon) if winners else None
        x = box.x
        if picture is not None:
            draw_icon(
                surface,
                picture,
                (x + icon // 2, box.centery),
                f"portrait:{winners[0]}",
                anchor="center",
            )
            x += icon + self.px(8)
        text, size = fonts.fit(self.title(), self.title_size, box.right - x, MIN_TEXT, True)
        draw_text(
            surface, text, size, (x, box.centery), theme.ACCENT_DARK, bold=True, anchor="midleft"
        )
        scores = self.game.state.scores()
        won = set(winners)
        for p, chip in self.chips:
            fill = (255, 236, 200) if p in won else (246, 240, 228)
            pygame.draw.rect(surface, fill, chip, border_radius=self.px(8))
            identity.draw_seat_mark(surface, p, (chip.x + self.px(14), chip.centery), self.px(20))
            total = self.game.score_text(p, scores[p])
            f = fonts.font(self.body, True)
            tw = f.size(total)[0]
            draw_text(
                surface,
                total,
                self.body,
                (chip.right - self.px(6), chip.centery),
                theme.ACCENT_DARK if p in won else theme.INK,
                True,
                "midright",
            )
            room = chip.right - self.px(6) - tw - self.px(8) - (chip.x + self.px(28))
            name, nsize = fonts.fit(self.game.seat_name(p), self.body, room, MIN_TEXT, p in won)
            draw_text(
                surface,
                name,
                nsize,
                (chip.x + self.px(28), chip.centery),
                theme.INK,
                p in won,
                "midleft",
            )

    def _draw_winner_word(self, surface: pygame.Surface, name: str, size: int, x: int, cy: int):
        """The winner's word after the winner's name, when the name column has room."""
        word = self.t("app.winner_word")
        bsize = max(MIN_TEXT, self.text_px(14))
        bw = fonts.font(bsize, True).size(word)[0] + self.px(14)
        left = x + fonts.font(size, True).size(name)[0] + self.px(8)
        if left + bw > self.table_rect.x + self.name_w - self.px(4):
            return
        pill = pygame.Rect(left, 0, bw, round(bsize * 1.5))
        pill.centery = cy
        draw_pill(surface, pill, word, bsize, theme.ACCENT)

    def _draw_column_badge(self, surface, badge: tuple[str, tuple[int, int, int]], bottom) -> None:
        """A column's badge: its label, bold and light, in a disc of its colour, standing
        on ``bottom`` (a point: the middle of the headings' baseline)."""
        label, colour = badge
        r = self.badge_d / 2
        centre = (bottom[0], bottom[1] - r)
        smooth.disc(surface, colour, centre, r)
        smooth.ring(surface, theme.mix(colour, (0, 0, 0), 0.35), centre, r, max(1, self.px(2)))
        box = pygame.Rect(0, 0, round(2 * r), round(2 * r))
        box.center = (round(centre[0]), round(centre[1]))
        draw_text(surface, label, self.head, box.center, theme.INK_LIGHT, True, "center", box)

    def draw_table(self, surface: pygame.Surface) -> None:
        bd, game = self.breakdown, self.game
        box = self.table_rect
        winners = set(game.state.winners())
        scores = game.state.scores()
        line_h = int(self.head * 1.3)
        head_h = self._head_h()
        # headings, bottom-aligned over their columns
        x = box.x + self.name_w
        for i, (heading, cw) in enumerate(
            zip([*bd.columns, bd.total], [*self.col_ws, self.total_w])
        ):
            if i < len(bd.badges):
                self._draw_column_badge(
                    surface, bd.badges[i], (x + cw / 2, box.y + head_h - self.px(8))
                )
                x += cw
                continue
            lines = self._heading_lines(heading, cw)
            y = box.y + head_h - self.px(8) - line_h * len(lines)
            for line in lines:
                line, size = fonts.fit(line, self.head, cw - self.px(12), MIN_TEXT, True)
                draw_text(surface, line, size, (x + cw // 2, y), theme.INK_SOFT, True, "midtop")
                y += line_h
            x += cw
        y0 = box.y + head_h
        pygame.draw.line(
            surface, theme.PANEL_EDGE, (box.x, y0 - 2), (box.right, y0 - 2), max(1, self.px(2))
        )
        for i, p in enumerate(self.order()):
            row = pygame.Rect(
                box.x - self.px(6), y0 + i * self.row_h, box.w + self.px(12), self.row_h
            )
            won = p in winners
            if won:
                pygame.draw.rect(surface, (255, 236, 200), row, border_radius=self.px(8))
            elif i % 2:
                pygame.draw.rect(surface, (246, 240, 228), row, border_radius=self.px(8))
            cy = row.centery
            dot = max(6, self.px(10))  # the seat's colour and mark, as on the table
            identity.draw_seat_mark(surface, p, (box.x + self.px(12), cy), 2 * dot + 2)
            name, size = fonts.fit(
                game.seat_name(p), self.body, self.name_w - self.px(34), MIN_TEXT, won
            )
            draw_text(surface, name, size, (box.x + self.px(30), cy), theme.INK, won, "midleft")
            if won:  # one word for the winner in every game (issue #27)
                self._draw_winner_word(surface, name, size, box.x + self.px(30), cy)
            x = box.x + self.name_w
            for value, cw in zip(bd.parts[p], self.col_ws):
                text, size = fonts.fit(
                    self._value_text(value), self.body, cw - self.px(4), MIN_TEXT
                )
                colour = theme.INK
                if isinstance(value, int):
                    colour = (
                        theme.BAD if value < 0 else (theme.INK_SOFT if not value else theme.INK)
                    )
                draw_text(surface, text, size, (x + cw // 2, cy), colour, False, "center")
                x += cw
            shown = game.score_text(p, scores[p])
            text, size = fonts.fit(shown, self.body, self.total_w - self.px(4), MIN_TEXT, True)
            draw_text(
                surface,
                text,
                size,
                (x + self.total_w // 2, cy),
                theme.ACCENT_DARK if won else theme.INK,
                True,
                "center",
            )

    def draw_full(self, surface: pygame.Surface, lift_of: Callable[[int], int]) -> None:
        """The whole breakdown: the title with the winners' portraits (each lifted by
        ``lift_of(i)`` pixels: their hops), then the table of parts."""
        title = self.title()
        winners = list(self.game.state.winners())
        icon = self.px(48)
        shown = min(3, len(winners))
        while True:  # the title is never cut: fewer hopping pieces first
            room = self.panel.width - self.px(40) - (icon + self.px(10)) * shown
            text, size = fonts.fit(title, self.px(40), room, self.text_px(18), True)
            if text == title or shown == 0:
                break
            shown -= 1
        pictures = [self.game.frame.seats.portrait(p, icon) for p in winners[:shown]]
        tw = fonts.font(size, True).size(text)[0]
        x = self.panel.centerx - (tw + (icon + self.px(10)) * len(pictures)) // 2
        cy = self.panel.y + self.px(38)
        for i, (p, picture) in enumerate(zip(winners, pictures)):
            # the winner's piece hops (a shared win: each in turn)
            lift = lift_of(i)
            centre = (x + icon // 2, cy - lift)
            if picture is not None:
                draw_icon(surface, picture, centre, f"portrait:{p}", anchor="center")
            identity.draw_seat_mark(
                surface,
                p,
                (centre[0] + icon * 0.35, centre[1] + icon * 0.3),
                max(theme.MIN_ICON_PX, icon * 0.45),
            )
            x += icon + self.px(10)
        draw_text(surface, text, size, (x, cy), theme.ACCENT_DARK, bold=True, anchor="midleft")
        self.draw_table(surface)
