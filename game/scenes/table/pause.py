"""The pause menu over a game: resume, rules, settings, quit to menu."""

from __future__ import annotations

import pygame

from game.scenes.base import ModalScene
from game.ui import theme
from game.ui.widgets import Button, draw_text


class PauseScene(ModalScene):
    def __init__(self, app, info=None, on_quit_to_menu=None, session=None):
        super().__init__(app)
        self.info = info
        self.on_quit_to_menu = on_quit_to_menu
        self.session = session

    def layout(self, size):
        super().layout(size)
        w, h = size
        items = [("resume", self.t("app.resume_game"), self.app.pop)]
        if self.info is not None:
            items.append(("rules", self.t("app.rules"), self._rules))
        if self.session is not None:
            items.append(("save", self.t("app.save_game"), self._save))
        items += [
            ("settings", self.t("app.settings"), self._settings),
            ("menu", self.t("app.quit_to_menu"), self._menu),
        ]
        bw, bh, gap = self.px(300), self.px(54), self.px(14)
        self.panel = pygame.Rect(0, 0, bw + self.px(80), self.px(100) + len(items) * (bh + gap))
        self.panel.center = (w // 2, h // 2)
        self.buttons.clear()
        y = self.panel.y + self.px(80)
        for key, label, action in items:
            rect = pygame.Rect(0, y, bw, bh)
            rect.centerx = w // 2
            self.buttons.add(
                Button(rect, label, action, self.px(22), key=key, primary=key == "resume")
            )
            y += bh + gap
        self.buttons.focus = 0

    def _rules(self):
        self.app.router.open("help", self.info)

    def _save(self):
        self.app.router.open("save_slots", self.session)

    def _settings(self):
        self.app.router.open("settings")

    def _menu(self):
        if self.on_quit_to_menu:
            self.on_quit_to_menu()
        self.app.pop_to_root()

    def draw(self, surface):
        self.draw_backdrop(surface)
        draw_text(
            surface,
            self.t("app.paused"),
            self.px(34),
            (self.panel.centerx, self.panel.y + self.px(40)),
            theme.INK,
            bold=True,
            anchor="center",
        )
        super().draw(surface)
