"""Opening a saved game to play on (the Resume screen, ``play --resume latest``), and
the one dialog for a game another window is playing (issue #36).

A saved game has one writer: the window that opens it claims its lock
(:func:`game.saves.open_for_writing`). When another window (or ``serve``) holds it, the
game is not opened to play; one dialog says so and offers to watch it read-only (its
table follows the other window's saves) or to open a copy (a game of its own under a new
save id; the other window's file is never touched)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game import saves
from game.scenes.base import ModalScene
from game.storage import HeldElsewhere
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_text


def open_saved(app, path: Path, *, replace: bool = False) -> None:
    """Play the save at ``path`` on in this window, as its one writer (over the top
    scene, or in its place: ``replace``); the dialog when another window writes it; a
    save that does not load is explained, not opened."""
    try:
        session = saves.open_for_writing(path, app.settings.bot_budget_ms)
    except HeldElsewhere:
        app.push(OpenElsewhereScene(app, Path(path), replace_below=replace))
        return
    except saves.SaveError as exc:
        app.show_error(str(exc))
        return
    except OSError as exc:  # the locks folder cannot be written (read-only data folder)
        app.show_error(str(exc))
        return
    # a game this window hosted opens its table again (issue #18)
    app.router.screen("resumed")(app, session, replace=replace)


def open_copy(app, path: Path, *, replace: bool = False) -> None:
    """The game at ``path`` as a copy of its own (a new save id, claimed here): played on
    from the same position; the file it came from stays the other window's."""
    try:
        session = saves.copy_session(saves.load_session(path, app.settings.bot_budget_ms))
        saves.claim(session.save_id)
    except (saves.SaveError, OSError) as exc:
        app.show_error(str(exc))
        return
    app.router.screen("resumed")(app, session, replace=replace)


class OpenElsewhereScene(ModalScene):
    """ "This game is open in another window": Watch (read-only) · Open a copy · Back.
    ``replace_below``: a choice takes the place of the scene under the dialog (the
    Resume screen), as opening a save from it does."""

    def __init__(self, app, path: Path, *, replace_below: bool = False):
        super().__init__(app)
        self.path = Path(path)
        self.replace_below = replace_below

    def layout(self, size):
        super().layout(size)
        w, h = size
        width = min(w - 40, self.px(820))
        self.text_size = self.text_px(20)
        self.line_h = self.text_size + max(4, self.px(8))
        self.rows = fonts.wrap(self.t("app.elsewhere_message"), self.text_size, width - self.px(60))
        top, bottom = self.px(72), self.px(48) + self.px(44)
        room = max(self.line_h, h - 40 - top - bottom)
        self.rows = self.rows[: max(1, room // self.line_h)]
        height = max(self.px(260), top + len(self.rows) * self.line_h + bottom)
        self.panel = pygame.Rect(0, 0, width, min(h - 20, height))
        self.panel.center = (w // 2, h // 2)
        self.buttons.clear()
        gap = self.px(12)
        bw = (self.panel.width - self.px(60) - 2 * gap) // 3
        y = self.panel.bottom - self.px(20) - self.px(48)
        x = self.panel.x + self.px(30)
        for key, label, action, primary in (
            ("watch", self.t("app.elsewhere_watch"), self.watch, True),
            ("copy", self.t("app.elsewhere_copy"), self.copy, False),
            ("back", self.t("app.back"), self.close, False),
        ):
            rect = pygame.Rect(x, y, bw, self.px(48))
            size_ = fonts.fit(label, self.px(20), bw - self.px(16), self.text_px(14))[1]
            self.buttons.add(Button(rect, label, action, size_, primary=primary, key=key))
            x += bw + gap
        self.buttons.focus = 0

    def _leave(self) -> bool:
        """Close the dialog; whether its choice replaces the scene under it."""
        self.app.pop()
        return self.replace_below

    def watch(self) -> None:
        replace = self._leave()
        self.app.router.screen("watch")(self.app, self.path, replace=replace)

    def copy(self) -> None:
        replace = self._leave()
        open_copy(self.app, self.path, replace=replace)

    def draw(self, surface):
        self.draw_backdrop(surface)
        title, size = fonts.fit(
            self.t("app.elsewhere_title"),
            self.px(28),
            self.panel.width - self.px(60),
            self.text_px(18),
            bold=True,
        )
        draw_text(
            surface,
            title,
            size,
            (self.panel.x + self.px(30), self.panel.y + self.px(22)),
            theme.INK,
            bold=True,
        )
        y = self.panel.y + self.px(72)
        for line in self.rows:
            draw_text(surface, line, self.text_size, (self.panel.x + self.px(30), y))
            y += self.line_h
        super().draw(surface)
