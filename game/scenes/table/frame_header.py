"""The frame's header (issue #16): the round's pill, whose turn it is (their portrait and
mark, the status in their colour) and the right-hand label (the variant, a join code),
each fitted on one line, shorter before smaller than the floor (issue #27), the main
line never smaller than the label (issue #38). A part the :class:`TableFrame` owns; it
asks the frame what to say (its words come from the game's seats or a lesson's step)."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.scenes.table.frame_seats import FrameBasics, Hint
from game.ui import fonts, identity, theme
from game.ui.widgets import Picture, draw_icon, draw_pill, draw_text

__all__ = ["FrameHeader", "HeaderFrame"]


class HeaderFrame(FrameBasics, Protocol):
    """What the header asks of its frame (a :class:`~game.scenes.table.frame.TableFrame`):
    what it says, the seats' portraits, whose screen it is, the sizes and its kept
    pictures."""

    def round_label(self) -> str: ...

    def turn_status(self) -> tuple[int | None, str]: ...

    def variant_label(self) -> str: ...

    def hint_text(self) -> str | Hint: ...

    def cached(self, name: Any, key: tuple, rect: pygame.Rect, paint) -> Picture: ...


class FrameHeader:
    """The header's picture, kept by its frame and painted again only when what it says
    changed."""

    # where a status or a label may be shortened: its clauses, the last ones going first
    CLAUSE_BREAKS = (" · ", "・", " — ", ": ", "：", "; ", ", ", "、")

    def __init__(self, frame: HeaderFrame) -> None:
        self.frame = frame
        # the main line's and label's text sizes as last painted (issue #38)
        self.sizes: tuple[int, int] = (0, 0)
        # the bar's hint as said on the band's lower line and its size, as last painted
        # (issue #38: Duck! on the Spa where no split tray fits with it); ("", 0): none
        self.hint_said: tuple[str, int] = ("", 0)

    def picture(self) -> Picture:
        who, status = self.frame.turn_status()
        key = (
            self.frame.round_label(),
            who,
            status,
            self.frame.variant_label(),
            self.frame.private_player,
            str(self.frame.hint_text()) if self.frame.cut.hint_up else None,
        )
        return self.frame.cached("header", key, self.frame.cut.header, self.paint)

    def paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        size = self.frame.text_px(20)
        label = self.frame.round_label()
        pill_w = fonts.font(size, True).size(label)[0] + self.frame.px(28)
        pill = pygame.Rect(rect.x, rect.y + self.frame.px(4), pill_w, rect.h - self.frame.px(8))
        draw_pill(surface, pill, label, size, theme.BG_DARK)
        x = pill.right + self.frame.px(12)
        who, status = self.frame.turn_status()
        colour = theme.INK
        if who is not None:
            icon = self.frame.px(30)
            portrait = self.frame.seats.portrait(who, icon)
            centre = (x + icon // 2, rect.centery)
            mark = max(theme.MIN_ICON_PX, icon * 0.5)  # a mark is an icon: >= 16 px
            if portrait is not None:
                draw_icon(surface, portrait, centre, f"portrait:{who}", anchor="center")
                identity.draw_seat_mark(
                    surface, who, (x + icon - mark * 0.3, rect.centery + icon * 0.3), mark
                )
            else:
                identity.draw_seat_mark(surface, who, centre, max(mark, icon * 0.8))
            x += icon + self.frame.px(10)
            colour = theme.seat_ink(who)
        hint = Hint.of(self.frame.hint_text()) if self.frame.cut.hint_up else Hint("")
        # the hint said here (issue #38, Duck! on the Spa where no split tray fits with
        # it): the status on the band's upper line, the hint on the lower one
        upper = rect.h * 11 // 20 if hint else rect.h
        lines, vsize, vbox, text, size = self.fit(
            status, rect, x, round(upper / 1.2) if hint else 0
        )
        if lines:
            line_h = min(round(vsize * 1.2), max(1, vbox.h // len(lines)))
            y = vbox.centery - line_h * len(lines) // 2
            for line in lines:
                draw_text(
                    surface,
                    line,
                    vsize,
                    (vbox.right, y),
                    theme.INK_SOFT,
                    anchor="topright",
                    within=vbox,
                )
                y += line_h
        right = vbox.x - self.frame.px(12) if lines else rect.right
        box = pygame.Rect(x, rect.y, max(1, right - x), upper)
        self._paint_lines(surface, text, size, box, colour, "left", bold=True)
        self.hint_said = ("", 0)
        if hint:
            self._paint_hint(surface, hint, pygame.Rect(x, box.bottom, box.w, rect.h - upper))
        # what the layout audit compares (issue #38): the main line's size, the label's
        self.sizes = (size, vsize if lines else 0)

    def _paint_hint(self, surface: pygame.Surface, hint: Hint, box: pygame.Rect) -> None:
        """The bar's hint on the band's lower line: its instruction whole if it fits
        (smaller down to the floor), else its first whole sentences, else shortened by
        its last clauses; its secondary clause only where it fits too. Whole sentences
        first: at 1024x600 in Japanese a clause cut left "…クリックで選び", a sentence
        stopped mid-way."""
        main, secondary = hint.parts()
        joiner = "" if self.frame.t.lang == "ja" else " "
        size = min(self.frame.text_px(15), max(theme.MIN_TEXT_PX, round(box.h / 1.2)))
        whole = f"{main}{joiner}{secondary}" if main and secondary else main or secondary
        text, fitted = self.one_line(whole, size, box.w)
        if text != whole and main:
            text, fitted = self.one_line(main, size, box.w)
            sentences = _sentences(main)
            for count in range(len(sentences) - 1, 0, -1):
                first = joiner.join(sentences[:count])
                shorter, px = self.one_line(first, size, box.w)
                if shorter == first:
                    text, fitted = shorter, px
                    break
        self.hint_said = (text, fitted)
        draw_text(
            surface,
            text,
            fitted,
            (box.x, box.centery),
            theme.INK_SOFT,
            anchor="midleft",
            within=box,
        )

    def fit(
        self, status: str, rect: pygame.Rect, x: int, most_px: int = 0
    ) -> tuple[list[str], int, pygame.Rect, str, int]:
        """The header's right-hand label (the variant: its lines, their size, their box)
        and its main line (the status, fitted, and its size), the status starting at
        ``x``. The label takes up to 30% of the bar at 15 px (scaled); when that leaves
        the status smaller than the label, the label gives way first (smaller, then
        shorter), so the main line is never smaller than the line under it (issue #38:
        at Larger text in Japanese the status was squeezed to 15 px beside a 21 px
        label)."""
        variant = self.frame.variant_label()
        main = self.frame.text_px(20)
        if most_px:  # the status's line under the hint's (issue #38): as tall as it holds
            main = max(theme.MIN_TEXT_PX, min(main, most_px))
        if not variant:
            text, size = self.one_line(status, main, max(1, rect.right - x), bold=True)
            return [], 0, pygame.Rect(rect.right, rect.y, 0, rect.h), text, size
        most = int(rect.w * 0.3)
        cap = self.frame.text_px(15)
        while True:
            # one line each, shortened by its last clauses if it must; a label of two
            # lines ("Join code …" and the address) keeps both, each on its own line
            fitted = [self.one_line(part, cap, most) for part in variant.split("\n")]
            vsize = min(size for _text, size in fitted)
            vw = min(most, max(fonts.font(vsize).size(text)[0] for text, _size in fitted) + 2)
            vbox = pygame.Rect(rect.right - vw, rect.y, vw, rect.h)
            width = max(1, vbox.x - self.frame.px(12) - x)
            text, size = self.one_line(status, main, width, bold=True)
            if size >= vsize or cap <= theme.MIN_TEXT_PX:
                return [line for line, _size in fitted], vsize, vbox, text, size
            cap = max(theme.MIN_TEXT_PX, min(cap - 1, size))

    def one_line(self, text: str, size: int, width: int, bold: bool = False) -> tuple[str, int]:
        """``text`` on one line of ``width`` (issue #27): at ``size``, smaller down to the
        floor, then a shorter form (its last clauses left out: "Expansion 2 · hats and
        cards" is "Expansion 2"); never cut inside a word. A first clause that is still
        too wide comes back whole at the floor (it then goes on two lines)."""
        floor = theme.MIN_TEXT_PX
        shorter = text
        while True:
            for s in range(max(floor, int(size)), floor - 1, -1):
                if fonts.font(s, bold).size(shorter)[0] <= width:
                    return shorter, s
            cuts = [shorter.rfind(mark) for mark in self.CLAUSE_BREAKS]
            cut = max(cuts)
            if cut <= 0:
                return shorter, floor
            shorter = shorter[:cut].rstrip()

    def _paint_lines(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        box: pygame.Rect,
        colour,
        align: str,
        bold: bool = False,
    ) -> None:
        """``text`` in ``box``: on one line, smaller if it must (not under the floor), else
        on two lines at the floor size, centred vertically."""
        floor = theme.MIN_TEXT_PX
        line, fitted = fonts.fit(text, size, box.w, floor, bold)
        lines = [line]
        if line != text:
            fitted = max(floor, min(size, int(box.h / 2.5)))
            lines = fonts.wrap(text, fitted, box.w, bold)  # never cut: every line shows
        line_h = min(round(fitted * 1.2), max(1, box.h // len(lines)))
        y = box.centery - line_h * len(lines) // 2
        for text_line in lines:
            if align == "right":
                pos, anchor = (box.right, y), "topright"
            else:
                pos, anchor = (box.x, y), "topleft"
            draw_text(surface, text_line, fitted, pos, colour, bold=bold, anchor=anchor, within=box)
            y += line_h


def _sentences(text: str) -> list[str]:
    """``text``'s sentences, each with its full stop ("。", "！", "？"; or ".", "!", "?"
    at a word's end), in order; a last one without a stop too."""
    out: list[str] = []
    start = 0
    for i, ch in enumerate(text):
        if ch in "。！？" or (ch in ".!?" and (i + 1 == len(text) or text[i + 1] == " ")):
            out.append(text[start : i + 1].strip())
            start = i + 1
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return out
