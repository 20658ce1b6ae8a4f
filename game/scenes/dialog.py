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
        super().layout(size)
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - 40, self.px(760)), self.px(320))
        self.panel.center = (w // 2, h // 2)
        self.lines = fonts.wrap(self.message, self.px(20), self.panel.width - self.px(60))[:8]
        self.buttons.clear()
        ok = pygame.Rect(0, 0, self.px(160), self.px(48))
        ok.midbottom = (self.panel.centerx, self.panel.bottom - self.px(20))
        self.buttons.add(Button(ok, self.t("app.ok"), self.app.pop, self.px(22),
                                primary=True, key="ok"))
        self.buttons.focus = 0

    def draw(self, surface):
        self.draw_backdrop(surface)
        draw_text(surface, self.title, self.px(28), (self.panel.x + self.px(30),
                  self.panel.y + self.px(22)), theme.BAD, bold=True)
        y = self.panel.y + self.px(72)
        for line in self.lines:
            draw_text(surface, line, self.px(20), (self.panel.x + self.px(30), y))
            y += self.px(28)
        super().draw(surface)
