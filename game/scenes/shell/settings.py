"""Settings: language, window or fullscreen, volume, animation speed, computer time.
Every change applies at once and is saved when the scene closes."""

from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.settings import ANIMATION_SPEEDS, BOT_BUDGETS_MS
from game.ui import theme
from game.ui.widgets import Button, draw_panel, draw_text

VOLUMES = (0.0, 0.25, 0.5, 0.7, 1.0)


class SettingsScene(Scene):
    def layout(self, size):
        super().layout(size)
        w, _h = size
        st = self.app.settings
        self.buttons.clear()
        self.rows = []
        panel_w = min(w - self.px(40), self.px(940))
        self.panel = pygame.Rect((w - panel_w) // 2, self.px(110), panel_w, self.px(470))
        label_w = self.px(330)
        bw, bh, gap = self.px(110), self.px(46), self.px(10)
        y = self.panel.y + self.px(30)
        rows = [
            (
                "language",
                [(self.t("app.lang_en"), "en"), (self.t("app.lang_ja"), "ja")],
                st.language,
                self._set_language,
            ),
            (
                "display",
                [(self.t("app.windowed"), False), (self.t("app.fullscreen"), True)],
                st.fullscreen,
                self._set_fullscreen,
            ),
            ("volume", [(f"{int(v * 100)}%", v) for v in VOLUMES], st.volume, self._set_volume),
            (
                "animation_speed",
                [(f"×{v:g}", v) for v in ANIMATION_SPEEDS],
                st.animation_speed,
                self._set_speed,
            ),
            (
                "bot_time",
                [(self.t("app.bot_time_value", ms=v), v) for v in BOT_BUDGETS_MS],
                st.bot_budget_ms,
                self._set_budget,
            ),
        ]
        for key, choices, current, setter in rows:
            self.rows.append((self.t(f"app.{key}"), y + bh // 2))
            x = self.panel.x + label_w
            width = min(
                bw + (self.px(40) if key in ("display", "bot_time") else 0),
                (self.panel.right - x - self.px(20)) // len(choices) - gap,
            )
            for label, value in choices:
                rect = pygame.Rect(x, y, width, bh)
                self.buttons.add(
                    Button(
                        rect,
                        label,
                        self._choose(setter, value),
                        self.px(20),
                        selected=value == current,
                        key=f"{key}:{value}",
                    )
                )
                x += width + gap
            y += bh + self.px(40)
        back = pygame.Rect(0, 0, self.px(200), self.px(52))
        back.midtop = (w // 2, self.panel.bottom + self.px(24))
        self.buttons.add(
            Button(back, self.t("app.back"), self._close, self.px(22), primary=True, key="back")
        )

    def _choose(self, setter, value):
        def apply():
            setter(value)
            self.app.sound.play("click")
            self.layout(self.app.size)

        return apply

    def _set_language(self, lang):
        self.app.set_language(lang)

    def _set_fullscreen(self, on):
        if on != self.app.settings.fullscreen:
            self.app.set_fullscreen(on)

    def _set_volume(self, volume):
        self.app.settings.volume = volume
        self.app.sound.set_volume(volume)

    def _set_speed(self, speed):
        self.app.settings.animation_speed = speed

    def _set_budget(self, ms):
        self.app.settings.bot_budget_ms = ms

    def _close(self):
        self.app.save_settings()
        self.app.pop()

    def handle_event(self, event):
        if self.key_back(event):
            self._close()
            return
        super().handle_event(event)

    def draw(self, surface):
        w, _ = surface.get_size()
        draw_text(
            surface,
            self.t("app.settings_title"),
            self.px(44),
            (w // 2, self.px(60)),
            theme.INK,
            bold=True,
            anchor="center",
        )
        draw_panel(surface, self.panel)
        for label, cy in self.rows:
            draw_text(
                surface,
                label,
                self.px(22),
                (self.panel.x + self.px(30), cy),
                theme.INK,
                anchor="midleft",
            )
        super().draw(surface)
