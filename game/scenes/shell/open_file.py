"""Opening a ``.derby`` file in the window (issue #28): :func:`open_derby` (a file
dropped on the window, ``App.handle``; a file picked here) and :class:`OpenFileScene`,
the History screen's "Open a file": the ``.derby`` files where ``python -m game export``
writes them (the data folder's exports/, and the folder the app was started in),
newest first, a page at a time, to pick one. A file that cannot be opened is one dialog
naming it and its problem; the app keeps running."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.scenes.base import ModalScene
from game.storage import printable
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_text


def open_derby(app, path: str | Path) -> bool:
    """Watch the game in the .derby file at ``path`` (read size-bounded, every field
    checked, replayed through the rules), or one dialog naming the file and why not."""
    from game import derby_file  # the rules and the file format: only when one is opened
    from game.table.replay import Replay, ReplayError  # the rules: only when one is opened

    path = Path(path)
    try:
        replay = Replay.of(derby_file.read(path))
    except derby_file.DerbyFileError as exc:
        problem = exc.reason
    except (ReplayError, OSError, ValueError) as exc:
        problem = str(exc)
    else:
        app.router.screen("replay")(app, replay)
        return True
    app.show_error(
        app.t(
            "app.open_file_failed", file=printable(path.name, 80), problem=printable(problem, 300)
        )
    )
    return False


def _derby_folders() -> list[Path]:
    from game import derby_file  # the file format's folders: only when asked for

    return [derby_file.exports_dir(), Path.cwd()]


def _derby_listed(folders: list[Path]) -> list[Path]:
    from game import derby_file  # the file format's folders: only when asked for

    return derby_file.listed(folders)


@dataclass(frozen=True)
class FileKind:
    """What a chooser lists and what a picked file does (issue #37: one chooser scene,
    the kind of file a part given to it, not a subclass): its title and its words for no
    file (catalog keys), the folders it looks in, the files listed there, newest first,
    and what picking one does."""

    title_key: str
    none_key: str
    folders: Callable[[], list[Path]]
    listed: Callable[[list[Path]], list[Path]]
    opened: Callable[[Any, Path], object]


# the History screen's "Open a file": .derby files, watched when picked
DERBY_FILES = FileKind(
    "app.open_file_title", "app.open_file_none", _derby_folders, _derby_listed, open_derby
)


class OpenFileScene(ModalScene):
    ROW_H = 50

    def __init__(self, app, folders: list[Path] | None = None, kind: FileKind = DERBY_FILES):
        super().__init__(app)
        self.kind = kind
        self.folders = kind.folders() if folders is None else list(folders)
        self.files = kind.listed(self.folders)
        self.first = 0  # the first file on this page
        self.per_page = 6

    def _pick(self, path: Path):
        def pick() -> None:
            self.app.pop()
            self.kind.opened(self.app, path)

        return pick

    def _page(self, step: int):
        def turn() -> None:
            self.first = max(0, min(self.first + step * self.per_page, len(self.files) - 1))
            self.layout(self.size)

        return turn

    def layout(self, size):
        super().layout(size)
        w, h = size
        width = min(w - 40, self.px(900))
        height = min(h - 20, self.px(640))
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (w // 2, h // 2)
        pad = self.px(24)
        top = self.panel.y + self.px(76)
        nav_h = self.px(48)
        bottom = self.panel.bottom - pad - nav_h - self.px(12)
        row_h, gap = self.px(self.ROW_H), self.px(8)
        self.per_page = max(1, (bottom - top + gap) // (row_h + gap))
        self.first -= self.first % self.per_page
        self.buttons.clear()
        self.rows: list[tuple[pygame.Rect, Path]] = []
        for i, path in enumerate(self.files[self.first : self.first + self.per_page]):
            rect = pygame.Rect(self.panel.x + pad, top + i * (row_h + gap), width - 2 * pad, row_h)
            self.rows.append((rect, path))
            self.buttons.add(Button(rect, "", self._pick(path), self.text_px(18), key=f"file:{i}"))
        nav_y = self.panel.bottom - pad - nav_h
        cancel = pygame.Rect(self.panel.x + pad, nav_y, self.px(180), nav_h)
        self.buttons.add(
            Button(
                cancel, self.t("app.open_file_cancel"), self.close, self.text_px(20), key="cancel"
            )
        )
        older = pygame.Rect(self.panel.right - pad - self.px(160), nav_y, self.px(160), nav_h)
        newer = pygame.Rect(older.x - self.px(10) - self.px(160), nav_y, self.px(160), nav_h)
        self.buttons.add(
            Button(newer, self.t("app.history_newer"), self._page(-1), self.text_px(18),
                   enabled=self.first > 0, key="newer")
        )  # fmt: skip
        self.buttons.add(
            Button(older, self.t("app.history_older"), self._page(1), self.text_px(18),
                   enabled=self.first + self.per_page < len(self.files), key="older")
        )  # fmt: skip
        self.buttons.focus = 0 if self.files else None

    def draw(self, surface):
        self.draw_backdrop(surface)
        pad = self.px(24)
        title, size = fonts.fit(
            self.t(self.kind.title_key), self.text_px(28), self.panel.w - 2 * pad, 16, True
        )
        draw_text(surface, title, size, (self.panel.x + pad, self.panel.y + self.px(22)),
                  theme.INK, bold=True)  # fmt: skip
        if not self.files:
            folders = ", ".join(printable(str(f), 120) for f in self.folders)
            y = self.panel.y + self.px(90)
            text_size = self.text_px(20)
            for line in fonts.wrap(
                self.t(self.kind.none_key, folders=folders), text_size, self.panel.w - 2 * pad
            )[:8]:
                draw_text(surface, line, text_size, (self.panel.x + pad, y), theme.INK_SOFT)
                y += text_size + self.px(8)
        super().draw(surface)
        for rect, path in self.rows:  # over each row's button: the file and when
            inner = rect.inflate(-self.px(28), 0)
            when = time.strftime(self.t("app.history_date"), time.localtime(_mtime(path)))
            shown = printable(path.name, 120)
            when_size, name_size = self.text_px(16), self.text_px(19)
            beside = inner.w - fonts.font(when_size).size(when)[0] - self.px(12)
            if fonts.font(14).size(shown)[0] <= beside:  # one line: the name, the date right
                at = draw_text(surface, when, when_size, inner.midright, theme.INK_SOFT,
                               anchor="midright", within=rect)  # fmt: skip
                name, size = fonts.fit(shown, name_size, at.x - inner.x - self.px(12), 14)
                draw_text(surface, name, size, inner.midleft, theme.INK, anchor="midleft",
                          within=rect)  # fmt: skip
                continue
            # a long name: the whole row's width for it, the date under it
            name, size = fonts.fit(shown, name_size, inner.w, 14)
            small = max(14, min(when_size, size))
            top = rect.centery - (size + small + self.px(2)) // 2
            draw_text(surface, name, size, (inner.x, top), theme.INK, within=rect)
            draw_text(surface, when, small, (inner.x, top + size + self.px(2)), theme.INK_SOFT,
                      within=rect)  # fmt: skip


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
