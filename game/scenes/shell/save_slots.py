"""Manual save slots, from the pause menu: three slots showing what each holds now (or
why it cannot be read: a damaged file, a saves folder that cannot be looked into). A
slot whose game is open in another window says so and is not saved into: that window
plays it on from the slot (issue #36)."""

from __future__ import annotations

import os
import time

import pygame

from game import registry, saves
from game.scenes.base import ModalScene
from game.storage import HeldElsewhere
from game.ui import theme
from game.ui.widgets import Button, draw_text

SLOTS = (1, 2, 3)


class SaveSlotsScene(ModalScene):
    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.message = ""

    def _describe(self, slot: int) -> str:
        path = saves.saves_dir() / f"slot-{slot}.json"
        try:
            os.lstat(path)
        except FileNotFoundError:
            return self.t("app.slot_empty", n=slot)
        except OSError as exc:  # Path.exists() raised this (a chmod 000 folder)
            return f"{self.t('app.slot', n=slot)}: {exc.strerror or exc}"
        try:
            data = saves.read_payload(path)
        except saves.SaveError as exc:
            return f"{self.t('app.slot', n=slot)}: {exc.reason}"
        info = registry.GAMES[data["game"]]
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(data.get("saved_at", 0)))
        text = (
            f"{self.t('app.slot', n=slot)}: {info.name(self.app.settings.language)} · "
            f"{self.t.round(data.get('round', 1))} · {when}"
        )
        if saves.open_elsewhere(saves.save_id_of(path)):
            text = f"{text} · {self.t('app.elsewhere_tag')}"
        return text

    def layout(self, size):
        super().layout(size)
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - 40, self.px(760)), self.px(420))
        self.panel.center = (w // 2, h // 2)
        self.buttons.clear()
        y = self.panel.y + self.px(80)
        for slot in SLOTS:
            rect = pygame.Rect(
                self.panel.x + self.px(30), y, self.panel.width - self.px(60), self.px(56)
            )
            self.buttons.add(
                Button(
                    rect, self._describe(slot), self._save(slot), self.px(19), key=f"slot:{slot}"
                )
            )
            y += self.px(70)
        back = pygame.Rect(0, 0, self.px(180), self.px(48))
        back.midbottom = (self.panel.centerx, self.panel.bottom - self.px(18))
        self.buttons.add(
            Button(back, self.t("app.back"), self.app.pop, self.px(22), primary=True, key="back")
        )
        self.buttons.focus = 0

    def _save(self, slot: int):
        def save():
            try:
                saves.manual_save(self.session, slot)
            except HeldElsewhere:
                self.app.show_error(self.t("app.slot_elsewhere", n=slot))
                return
            except OSError as exc:
                self.app.show_error(str(exc))
                return
            self.message = self.t("app.saved")
            self.app.sound.play("click")
            self.layout(self.size)

        return save

    def draw(self, surface):
        self.draw_backdrop(surface)
        draw_text(
            surface,
            self.t("app.save_game"),
            self.px(30),
            (self.panel.centerx, self.panel.y + self.px(40)),
            theme.INK,
            bold=True,
            anchor="center",
        )
        if self.message:
            draw_text(
                surface,
                self.message,
                self.px(18),
                (self.panel.centerx, self.panel.bottom - self.px(84)),
                theme.GOOD,
                anchor="center",
            )
        super().draw(surface)
