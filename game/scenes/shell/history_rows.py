"""History's rows (issue #28; split out of ``history_screen.py``, issue #40): how a
finished game is drawn in the list -- the game's colour band, its name and when it
ended, its rounds and, for an honest record, the coach's mark ("coach asked", issue #40)
under them, and every seat as a pill with its score, the winners filled -- and the words
a seat and a score are said in (Statistics says a score the same way).

:class:`RowPainter` is a plain object given the History screen, whose sizes, words and
Watch buttons' width it reads; the screen keeps the rows, the paging and the input.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, Protocol

import pygame

from game import registry
from game.history import GameEntry, RowProblem, SeatResult, counted_score
from game.scenes.shell import chrome
from game.storage import printable
from game.ui import fonts, theme
from game.ui.widgets import draw_text


def score_words(game: str, score: float) -> str:
    """A recorded score as people count it (game.history.counted_score: Duck! Duck!
    Go!'s buoys, without the fraction that orders the seats)."""
    return f"{counted_score(game, score):g}"


def seat_words(t: Any, game: str, seat: SeatResult) -> str:
    """A seat as a row shows it: "★ Hana: 42", "Cookie (hard): 30" (the score after a
    colon: the default names end in a digit, and "Player 1 1" read as one name)."""
    name = printable(seat.name, 16)
    if seat.kind == "computer" and seat.level:
        name = f"{name} ({t('app.level_' + seat.level)})"
    elif seat.kind == "online":
        name = f"{name} ({t('app.history_online')})"
    words = t("history_pill.seat", name=name, score=score_words(game, seat.score))
    return f"★ {words}" if seat.place == 1 else words


def when_words(t: Any, ended: float) -> str:
    return time.strftime(t("app.history_date"), time.localtime(ended))


class RowsOf(Protocol):
    """What the painter reads of its screen (game.scenes.shell.history_screen)."""

    app: Any
    watch_w: int  # the width of a row's Watch (and Look back) button

    def px(self, value: float) -> int: ...

    def text_px(self, value: float) -> int: ...

    def t(self, key: str, **fields: Any) -> str: ...


class RowPainter:
    """Draws History's rows for its screen."""

    def __init__(self, scene: RowsOf):
        self.scene = scene

    def least_height(self) -> int:
        """The height a row needs for its two lines, the game's name over when it ended,
        a paragraph's step apart (issue #38: at Larger text the two touched in a row of
        the design's height), with the row's padding above and under them."""
        name = fonts.line_step(self.scene.text_px(20), True)
        when = fonts.font(self.scene.text_px(16)).get_linesize()
        return 2 * self.scene.px(8) + name + when

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, row: GameEntry | RowProblem) -> None:
        """One row: the game's band, name and when; its rounds and the coach's mark; the
        seats as pills (a row that could not be read: its problem)."""
        chrome.draw_card(surface, rect, self.scene.px(12), self.scene.px(3))
        pad = self.scene.px(16)
        if isinstance(row, RowProblem):
            text, size = fonts.fit(f"! {row}", self.scene.text_px(18), rect.w - 2 * pad, 14)
            draw_text(
                surface, text, size, (rect.x + pad, rect.centery), theme.BAD, anchor="midleft"
            )
            return
        lang = self.scene.app.settings.language
        info = registry.GAMES.get(row.game)
        # the game's colour band, its name and when
        band = pygame.Rect(rect.x, rect.y, self.scene.px(10), rect.h)
        pygame.draw.rect(
            surface,
            theme.ACCENT if row.source == "local" else theme.BUTTON_FOCUS,
            band,
            border_top_left_radius=self.scene.px(12),
            border_bottom_left_radius=self.scene.px(12),
        )
        left_w = self.scene.px(300)
        name = info.name(lang) if info else row.game
        if row.lesson:
            name = f"{name} · {self.scene.t('app.history_lesson')}"
        text, size = fonts.fit(name, self.scene.text_px(20), left_w - pad, 14, True)
        draw_text(
            surface,
            text,
            size,
            (rect.x + pad + self.scene.px(6), rect.y + self.scene.px(8)),
            bold=True,
        )
        sub = when_words(self.scene.t, row.ended)
        text, size = fonts.fit(sub, self.scene.text_px(16), left_w - pad, 14)
        draw_text(
            surface,
            text,
            size,
            (rect.x + pad + self.scene.px(6), rect.bottom - self.scene.px(8)),
            theme.INK_SOFT,
            anchor="bottomleft",
        )
        # the seats, as pills: the winners filled
        x = rect.x + left_w + pad
        rounds = self.scene.t("app.history_rounds", n=row.rounds)
        size = self.scene.text_px(16)
        # an honest record (issue #40): a game in which a person asked the coach says
        # so under its rounds, in the accent's colour
        marks = [(rounds, theme.INK_SOFT)]
        if row.coached:
            marks.append((self.scene.t("coach.asked"), theme.ACCENT_DARK))
        line_h = fonts.line_step(size)  # a paragraph's lines apart (issue #38)
        y = rect.centery - line_h * (len(marks) - 1) // 2
        right = rect.right
        for words, colour in marks:
            at = draw_text(
                surface,
                words,
                size,
                (rect.right - 2 * self.scene.watch_w - self.scene.px(18) - pad, y),
                colour,
                anchor="midright",
                within=rect,
            )
            right = min(right, at.x - pad)
            y += line_h
        self._pills(surface, row, pygame.Rect(x, rect.y, right - x, rect.h))

    def pill_lines(self, row: GameEntry, width: int, size: int) -> list[list[tuple[int, str, int]]]:
        """The seats' pills (seat, words, width) in lines that fit ``width``: as few as
        can be; a computer's level is left out when the pills need more than two lines."""
        gap = self.scene.px(8)
        for with_level in (True, False):
            lines: list[list[tuple[int, str, int]]] = [[]]
            used = 0
            for i, seat in enumerate(row.seats):
                shown = seat if with_level else replace(seat, level=None)
                words = seat_words(self.scene.t, row.game, shown)
                pill_w = fonts.font(size, seat.place == 1).size(words)[0] + self.scene.px(20)
                if lines[-1] and used + gap + pill_w > width:
                    lines.append([])
                    used = 0
                lines[-1].append((i, words, pill_w))
                used += (gap if used else 0) + pill_w
            if len(lines) <= 2:
                break
        return lines

    def _pills(self, surface: pygame.Surface, row: GameEntry, area: pygame.Rect) -> None:
        """The seats as pills, one line or two: the winners filled in their colour."""
        size = self.scene.text_px(17)
        lines = self.pill_lines(row, area.w, size)
        if len(lines) > 1:
            size = max(14, self.scene.text_px(15))
            lines = self.pill_lines(row, area.w, size)
        gap = self.scene.px(6)
        pill_h = min(
            self.scene.px(40), (area.h - self.scene.px(12) - gap * (len(lines) - 1)) // len(lines)
        )
        y = area.centery - (len(lines) * pill_h + gap * (len(lines) - 1)) // 2
        for line in lines[:3]:
            x = area.x
            for i, words, pill_w in line:
                winner = row.seats[i].place == 1
                text, tsize = fonts.fit(words, size, area.right - x - self.scene.px(20), 14, winner)
                pill = pygame.Rect(x, y, min(pill_w, area.right - x), pill_h)
                pygame.draw.rect(
                    surface,
                    theme.mix(theme.seat_colour(i), (255, 255, 255), 0.55) if winner else theme.BG,
                    pill,
                    border_radius=pill_h // 2,
                )
                pygame.draw.rect(
                    surface, theme.seat_colour(i), pill, width=2, border_radius=pill_h // 2
                )
                draw_text(
                    surface,
                    text,
                    tsize,
                    pill.center,
                    theme.INK,
                    bold=winner,
                    anchor="center",
                    within=pill,
                )
                x = pill.right + self.scene.px(8)
            y += pill_h + gap
