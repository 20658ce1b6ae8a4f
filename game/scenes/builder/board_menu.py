"""A small menu over the lobby for the board chosen (issue #41): Edit, Copy, Delete…
and Back. Each entry closes the menu before it acts (Delete then asks its question),
so the lobby it returns to is laid out afresh."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame

from game.boards import duck_files
from game.scenes.base import ModalScene
from game.scenes.builder.scene import open_board_file
from game.scenes.shell.open_file import FileKind, OpenFileScene
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_text

# (key, label, action, enabled, why not)
Entry = tuple[str, str, Callable[[], None], bool, str]


class BoardMenuScene(ModalScene):
    def __init__(self, app, title: str, entries: Sequence[Entry]):
        super().__init__(app)
        self.title = title
        self.entries = list(entries)
        self.tip_lines: list[str] = []

    def layout(self, size):
        super().layout(size)
        w, h = size
        self.title_size = self.text_px(22)
        self.body_size = self.text_px(18)
        width = min(w - 40, self.px(460))
        bh, gap = max(self.px(46), self.body_size + self.px(18)), self.px(10)
        count = len(self.entries) + 1
        self.tip_h = 2 * int(self.body_size * 1.35)
        height = self.px(70) + count * (bh + gap) + self.tip_h + self.px(16)
        self.panel = pygame.Rect(0, 0, width, min(h - 20, height))
        self.panel.center = (w // 2, h // 2)
        self.buttons.clear()
        y = self.panel.y + self.px(62)
        inner = self.panel.w - self.px(60)
        for key, label, action, enabled, why in self.entries:
            rect = pygame.Rect(self.panel.x + self.px(30), y, inner, bh)
            self.buttons.add(
                Button(rect, label, self._then(action), self.body_size, enabled, key=key, why=why)
            )
            y += bh + gap
        back = pygame.Rect(self.panel.x + self.px(30), y, inner, bh)
        self.buttons.add(
            Button(back, self.t("app.back"), self.close, self.body_size, primary=True, key="back")
        )
        self.tip_top = y + bh + self.px(8)
        self.buttons.focus_key("back")

    def _then(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            action()

        return run

    def draw(self, surface):
        self.draw_backdrop(surface)
        title, size = fonts.fit(
            self.title, self.title_size, self.panel.w - self.px(40), theme.MIN_TEXT_PX, True
        )
        draw_text(
            surface,
            title,
            size,
            (self.panel.centerx, self.panel.y + self.px(34)),
            theme.INK,
            bold=True,
            anchor="center",
            within=self.panel,
        )
        super().draw(surface)
        tip = self.buttons.tip()
        if tip is not None and tip.why:
            y = self.tip_top
            for line in fonts.wrap(tip.why, self.body_size, self.panel.w - self.px(60))[:2]:
                draw_text(
                    surface,
                    line,
                    self.body_size,
                    (self.panel.x + self.px(30), y),
                    theme.INK_SOFT,
                    within=self.panel,
                )
                y += int(self.body_size * 1.35)


def _board_folders() -> list[Path]:
    home = Path.home()
    return [home / "Downloads", home, Path.cwd()]


# "Open a board file…" (issue #41): the board files in the Downloads folder, the home
# folder and the folder the app was started in; the one picked is checked as every board
# file is and kept among the player's boards (one dialog either way; the lobby under the
# dialog scans again when it closes)
BOARD_FILES = FileKind(
    "builder.open_file_title",
    "builder.open_file_none",
    _board_folders,
    duck_files.listed,
    open_board_file,
)


def open_board_files(app: Any, folders: list[Path] | None = None) -> OpenFileScene:
    """The chooser of board files (the router's ``open_board_file``)."""
    return OpenFileScene(app, folders, kind=BOARD_FILES)
