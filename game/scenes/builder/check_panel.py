"""The board builder's side panel (issue #41): the live check (DDG-42, run by the model
after every change) in the person's words at its top — "Ready to play", each problem,
how many players the board seats, the last message (saved, the seed of a surprise) — and
the builder's buttons under it in two columns. What fails is also outlined on the board
where it is (the scene draws that); here it is said.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from game.rules.duck.builder import Check, Problem
from game.ui import fonts, theme
from game.ui.i18n import Translator
from game.ui.widgets import Button, ButtonGroup, draw_panel, draw_text

# one button of the panel: its key, its label, what it does, whether it may be pressed
Row = Sequence[tuple[str, str, Callable[[], None], bool]]


def problem_text(t: Callable[..., str], problem: Problem) -> str:
    """A problem of the live check in the person's words."""
    if problem.code == "drains":
        if problem.count == 0:
            return t("builder.drains_none")
        return t("builder.drains_many", n=problem.count)
    if problem.code == "no_buoy":
        return t("builder.no_buoy", colour=t(f"builder.colour.{problem.colour}"))
    if problem.code == "starts":
        return t("builder.starts", n=problem.count, ducks=problem.ducks)
    if problem.code == "unreachable":
        if problem.colour == "drain":
            return t("builder.unreachable_drain", n=problem.count)
        return t(
            "builder.unreachable_buoy",
            colour=t(f"builder.colour.{problem.colour}"),
            n=problem.count,
        )
    return t("builder.overlap")


class Sized(Protocol):
    """What the panel reads of the builder's scene: its scale and words."""

    t: Translator

    def px(self, value: float) -> int: ...


class CheckPanel:
    """The side panel: where it is (``rect``, set by the scene's layout), its buttons laid
    from the bottom up (``buttons_top``: where the highest row starts, the check's
    lines stop above it), and the check drawn."""

    def __init__(self, scene: Sized) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons_top = 0

    def add_buttons(self, buttons: ButtonGroup, body_size: int, rows: Sequence[Row]) -> None:
        """``rows`` of two buttons each, at the panel's foot (the one keyed ``play`` is
        the primary one)."""
        px = self.scene.px
        gap = px(6)
        bw = (self.rect.w - 3 * gap) // 2
        bh = self.button_h(body_size)
        y = self.rect.bottom - gap - len(rows) * (bh + gap)
        self.buttons_top = y
        for row in rows:
            for col, (key, label, action, enabled) in enumerate(row):
                rect = pygame.Rect(self.rect.x + gap + col * (bw + gap), y, bw, bh)
                buttons.add(
                    Button(
                        rect,
                        label,
                        action,
                        body_size,
                        enabled=enabled,
                        primary=key == "play",
                        key=key,
                    )
                )
            y += bh + gap

    def button_h(self, body_size: int) -> int:
        """A button's height at the text size ``body_size`` (the table's Clear too)."""
        return max(self.scene.px(38), body_size + self.scene.px(16))

    def draw(self, surface: pygame.Surface, body_size: int, check: Check, message: str) -> None:
        """The panel and the check's lines over it, wrapped, as many as fit above the
        buttons."""
        t, px = self.scene.t, self.scene.px
        draw_panel(surface, self.rect)
        pad = px(12)
        x, y = self.rect.x + pad, self.rect.y + pad
        width = self.rect.w - 2 * pad
        draw_text(
            surface,
            t("builder.check_title"),
            body_size,
            (x, y),
            theme.INK,
            bold=True,
            within=self.rect,
        )
        y += body_size + px(10)
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if check.ok:
            lines.append((t("builder.ok"), theme.GOOD))
        for problem in check.problems:
            lines.append(("• " + problem_text(t, problem), theme.BAD))
        if check.players:
            lines.append((t("builder.players", low=2, high=check.players), theme.INK))
        else:
            lines.append((t("builder.players_none"), theme.INK_SOFT))
        if message:
            lines.append((message, theme.INK_SOFT))
        line_h = body_size + px(5)
        bottom = self.buttons_top - px(6)
        for text, colour in lines:
            for line in fonts.wrap(text, body_size, width):
                if y + line_h > bottom:
                    return
                draw_text(surface, line, body_size, (x, y), colour, within=self.rect)
                y += line_h
            y += px(4)
