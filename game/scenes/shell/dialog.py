"""A message over the current scene (bad files, failed saves): the app keeps running."""

from __future__ import annotations

import pygame

from game.scenes.base import ModalScene
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_text


class DialogScene(ModalScene):
    def __init__(self, app, title: str, message: str):
        super().__init__(app)
        self.title = title
        self.message = message

    def layout(self, size):
        """The panel grows with the message, up to the window: each line of the message
        (one problem per line) is its own paragraph, wrapped to the panel; what does not
        fit ends in "…" rather than running under the OK button."""
        super().layout(size)
        w, h = size
        self.text_size = self.text_px(20)
        self.line_h = self.text_size + max(4, self.px(8))
        self.gap = max(4, self.px(8))  # between paragraphs
        width = min(w - 40, self.px(820))
        text_w = width - self.px(60)
        top, bottom = self.px(72), self.px(48) + self.px(44)  # title above, OK below
        room = h - 40 - top - bottom
        self.rows: list[tuple[str, int]] = []  # (text, y offset)
        y = 0
        for paragraph in self.message.split("\n"):
            if self.rows:
                y += self.gap
            for line in fonts.wrap(paragraph, self.text_size, text_w) or [""]:
                if y + self.line_h > room:  # no room for this line:
                    if not self.rows:
                        break
                    text, at = self.rows[-1]  # the last one says so
                    self.rows[-1] = (
                        fonts.ellipsize(fonts.font(self.text_size), text + " …", text_w),
                        at,
                    )
                    break
                self.rows.append((line, y))
                y += self.line_h
            else:
                continue
            break
        height = max(self.px(240), top + y + bottom)
        self.panel = pygame.Rect(0, 0, width, min(h - 20, height))
        self.panel.center = (w // 2, h // 2)
        self.buttons.clear()
        ok = pygame.Rect(0, 0, self.px(160), self.px(48))
        ok.midbottom = (self.panel.centerx, self.panel.bottom - self.px(20))
        self.buttons.add(
            Button(ok, self.t("app.ok"), self.app.pop, self.px(22), primary=True, key="ok")
        )
        self.buttons.focus = 0

    @property
    def lines(self) -> list[str]:
        return [text for text, _ in self.rows]

    def probe_info(self) -> dict:
        """The dialog's words, for an end-to-end driver (game.app.App.write_probe)."""
        return {"dialog": f"{self.title}\n{self.message}"}

    def draw(self, surface):
        self.draw_backdrop(surface)
        title, size = fonts.fit(
            self.title, self.px(28), self.panel.width - self.px(60), self.text_px(18), bold=True
        )
        draw_text(
            surface,
            title,
            size,
            (self.panel.x + self.px(30), self.panel.y + self.px(22)),
            theme.BAD,
            bold=True,
        )
        top = self.panel.y + self.px(72)
        for text, at in self.rows:
            draw_text(surface, text, self.text_size, (self.panel.x + self.px(30), top + at))
        super().draw(surface)


class ConfirmScene(ModalScene):
    """A question with two answers over the current scene (issue #36: Esc or the
    window's close button at the title asked nothing and closed the box at once).
    ``yes`` runs ``on_yes`` after the dialog is closed; ``no``, Esc and Backspace only
    close it. The focus starts on ``no``: Enter pressed by habit (or a key held down
    from the Esc that opened it) changes nothing."""

    def __init__(self, app, title: str, message: str, yes: str, no: str, on_yes):
        super().__init__(app)
        self.title = title
        self.message = message
        self.yes, self.no = yes, no
        self.on_yes = on_yes
        self.rows: list[str] = []

    def layout(self, size):
        super().layout(size)
        w, h = size
        self.text_size = self.text_px(20)
        self.line_h = self.text_size + max(4, self.px(8))
        width = min(w - 40, self.px(560))
        self.rows = fonts.wrap(self.message, self.text_size, width - self.px(60)) or [""]
        button_h = self.px(48)
        height = self.px(72) + len(self.rows) * self.line_h + self.px(24) + button_h + self.px(20)
        self.panel = pygame.Rect(0, 0, width, min(h - 20, height))
        self.panel.center = (w // 2, h // 2)
        self.buttons.clear()
        gap = self.px(16)
        bw = min(self.px(200), (width - self.px(60) - gap) // 2)
        y = self.panel.bottom - self.px(20) - button_h
        left = self.panel.centerx - gap // 2 - bw
        for i, (key, label, action, primary) in enumerate(
            (("no", self.no, self.close, False), ("yes", self.yes, self._yes, True))
        ):
            rect = pygame.Rect(left + i * (bw + gap), y, bw, button_h)
            self.buttons.add(
                Button(rect, label, action, self.text_px(20), primary=primary, key=key)
            )
        self.buttons.focus = 0

    def _yes(self) -> None:
        self.app.pop()
        self.on_yes()

    def draw(self, surface):
        self.draw_backdrop(surface)
        inner = self.panel.inflate(-self.px(60), 0)
        title, size = fonts.fit(self.title, self.text_px(26), inner.w, self.text_px(18), bold=True)
        draw_text(
            surface,
            title,
            size,
            (inner.x, self.panel.y + self.px(22)),
            theme.INK,
            bold=True,
            within=self.panel,
        )
        y = self.panel.y + self.px(72)
        for line in self.rows:
            draw_text(surface, line, self.text_size, (inner.x, y), within=self.panel)
            y += self.line_h
        super().draw(surface)
