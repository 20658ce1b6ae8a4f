"""The result panel of the end screen (issue #38: beside the board, not over it): who
won, each seat's total as chips in a strip beside the board's drawn pieces, or the whole
breakdown (how each seat's score came about: the game's own parts, from its rules, through
:meth:`TableScene.final_breakdown`) when a strip holds it or when it is asked for; and the
small bar of buttons while the table is looked at. The end screen (:mod:`.end_screen`) owns
it, the buttons' actions and the celebration.

The table is laid out for the window: part columns share what the seat name and the total
leave, their headings wrap onto two lines, and no text goes under :data:`MIN_TEXT` pixels
(a value that still does not fit is cut with "…", never drawn over its neighbour).

This module is the panel's layout (where it goes beside the board, what gives way when it
has no room); it owns its drawing (:mod:`.result_drawing`) and its buttons
(:mod:`.result_buttons`); what it reads of the table is in :mod:`.result_model`.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.scenes.table.result_buttons import ButtonsOwner, ResultButtons
from game.scenes.table.result_drawing import ResultDrawing, value_text
from game.scenes.table.result_model import MIN_TEXT, Breakdown, EndedTable, Framed
from game.settings import TEXT_SIZES
from game.ui import fonts

__all__ = ["MIN_TEXT", "Breakdown", "EndedTable", "Framed", "PanelOwner", "ResultPanel"]


class PanelOwner(ButtonsOwner, Protocol):
    """What the result panel reads of the end screen that holds it (a
    :class:`~game.scenes.table.end_screen.GameOverScene`): its sizes and words, its row of
    buttons, and what the buttons do."""

    def text_px(self, value: float) -> int: ...

    @property
    def text_scale(self) -> float:
        """The person's text size setting (1.0: Normal)."""
        ...


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
        self.tight = False  # the short result's buttons padded less (``layout_beside``)
        self.actions = ResultButtons(owner)  # the buttons, at the places laid out here
        self.drawing = ResultDrawing(self)

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
        strips += [room.clip(window) for room in self.game.game.clear_rooms()]
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
        # last before the window's foot, the short result's buttons padded less (each
        # label whole): two ducks each on the Spa at 1024x600 in English leave only
        # clear corners inside the board's box, 691x82 and 380x142, and the six buttons
        # in one row at their usual padding were wider than either (issue #38)
        for tight in (False, True):
            self.tight = tight
            for give, chips in self._ways():
                self.give = give
                if self._beside(w, h, chips):
                    return
        self.tight = False
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
        # a button's width beyond its label, and the gap between buttons: padded less
        # (``tight``), the label keeps its size (the button fits it in its width less 12)
        inset = 12 + self.px(3) if self.tight else self.px(24)
        bgap = self.px(4) if self.tight else gap
        bws = [fonts.font(size, True).size(t)[0] + inset for t in labels]
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
        bws += [fonts.font(size, True).size(t)[0] + inset for t in labels[4:]]
        order = [0, 1, 5, 2, 3, 4] if self.owner.again else [0, 1, 5, 3, 4]
        rows: list[list[int]] = [[]]
        used = 0
        for i in order:
            bw = min(bws[i], width)
            if rows[-1] and used + bgap + bw > width:
                rows.append([])
                used = 0
            used += (bgap if rows[-1] else 0) + bw
            rows[-1].append(i)
        placed: dict[int, pygame.Rect] = {}
        for row in rows:
            row_w = sum(min(bws[i], width) for i in row) + bgap * (len(row) - 1)
            bx = inner.x + pad + (width - row_w) // 2
            for i in row:
                bw = min(bws[i], width)
                placed[i] = pygame.Rect(bx, y, bw, bh)
                bx += bw + bgap
            y += bh + bgap
        height = y - bgap + pad - inner.y
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
        self.actions.compact(placed, labels, size)
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
                len(self.heading_lines(c, cw))
                for c, cw in zip(bd.columns, self.col_ws)
                if not bd.badges
            ]
            + [len(self.heading_lines(bd.total, self.total_w))]
        )
        head_h = self.head_h()
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
        self.actions.full(self.panel, inner, bw, bh, self.button_rows, self.text_px(20))

    def layout_bar(self, w: int, h: int) -> None:
        """Only the small buttons at the bottom centre, over the table (no panel)."""
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.actions.bar(w, h, self.text_px(17))

    def head_h(self) -> int:
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

    def heading_lines(self, text: str, width: int) -> list[str]:
        """A heading on as many lines as its column needs (three at most: a narrow column
        of a five-player table breaks "Route 1" rather than cut it)."""
        lines = fonts.wrap(text, self.head, max(1, width - self.px(12)), True)
        return lines if len(lines) <= 3 else [*lines[:2], " ".join(lines[2:])]

    def _value_width(self, column: int) -> int:
        f = fonts.font(self.body)
        return max(f.size(value_text(row[column]))[0] for row in self.breakdown.parts)

    def title(self) -> str:
        names = [self.game.seat_name(p) for p in self.game.state.winners()]
        if len(names) == 1:
            return self.t("app.winner", name=names[0])
        return self.t("app.winners", names=", ".join(names))
