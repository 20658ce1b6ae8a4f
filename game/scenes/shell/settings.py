"""Settings: language, window or fullscreen, volume, animation speed, the computer's
speed (in words: Quick ... Thoughtful, its thinking time underneath) and the text size
(Normal, Large, Larger: issue #27). Every change applies at once and is saved when the
scene closes."""

from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.scenes.shell import chrome
from game.settings import ANIMATION_SPEEDS, BOT_BUDGET_WORDS, TEXT_SIZE_WORDS
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_text

VOLUMES = (0.0, 0.25, 0.5, 0.7, 1.0)


class SettingsScene(Scene):
    def layout(self, size):
        super().layout(size)
        w, _h = size
        st = self.app.settings
        self.buttons.clear()
        self.rows = []
        # as wide as the window allows (less when the rows need less, below): at Larger
        # text a fixed cap squeezed "Thoughtful" to its edges (playtest)
        most_w = w - self.px(40)
        bh, gap = max(self.px(46), round(self.text_px(20) * 1.8)), self.px(10)
        pitch = bh + self.px(22)
        top = chrome.content_top(self) + self.px(8)  # under the header band (issue #38)
        self.panel = pygame.Rect((w - most_w) // 2, top, most_w, self.px(40) + 6 * pitch)
        bw = self.px(110)
        y = self.panel.y + self.px(24)
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
                "bot_speed",
                [(self.t(f"app.speed_{word}"), v) for v, word in BOT_BUDGET_WORDS.items()],
                st.bot_budget_ms,
                self._set_budget,
            ),
            (
                "text_size",
                [(self.t(f"app.text_{word}"), v) for v, word in TEXT_SIZE_WORDS.items()],
                st.text_size,
                self._set_text_size,
            ),
        ]
        label_px, button_px = self.text_px(22), self.text_px(20)
        # the labels' column as wide as its widest label, the buttons as wide as theirs
        label_w = max(fonts.font(label_px).size(self.t(f"app.{r[0]}"))[0] for r in rows)
        label_w += self.px(50)  # a cap here put "Animation speed" against its first button
        widths = []
        for _key, choices, _current, _setter in rows:
            widest = max(fonts.font(button_px, True).size(c[0])[0] for c in choices)
            widths.append(
                min(
                    max(bw, widest + self.px(28)),
                    (most_w - label_w - self.px(50)) // len(choices) - gap,
                )
            )
        # the panel as wide as its widest row (issue #27: no panel mostly empty)
        row_w = max(len(r[1]) * (width + gap) for r, width in zip(rows, widths))
        self.panel.w = min(most_w, self.px(30) + label_w + row_w + self.px(20))
        self.panel.centerx = w // 2
        for (key, choices, current, setter), width in zip(rows, widths):
            self.rows.append((self.t(f"app.{key}"), y + bh // 2))
            x = self.panel.x + label_w
            for label, value in choices:
                rect = pygame.Rect(x, y, width, bh)
                self.buttons.add(
                    Button(
                        rect,
                        label,
                        self._choose(setter, value),
                        button_px,
                        selected=value == current,
                        key=f"{key}:{value}",
                    )
                )
                x += width + gap
            y += pitch
        back = pygame.Rect(0, 0, self.px(200), max(self.px(52), round(self.text_px(22) * 1.8)))
        back.midtop = (w // 2, self.panel.bottom + self.px(16))
        self.buttons.add(
            Button(
                back, self.t("app.back"), self._close, self.text_px(22), primary=True, key="back"
            )
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

    def _set_text_size(self, factor):
        """Every scene's text at the new size: the scenes under this one lay out again."""
        self.app.settings.text_size = factor
        for scene in self.app.stack:
            if scene is not self:
                scene.layout(self.app.size)

    def _close(self):
        self.app.save_settings()
        self.app.pop()

    def handle_event(self, event):
        if self.key_back(event):
            self._close()
            return
        super().handle_event(event)

    def draw(self, surface):
        chrome.draw_header(self, surface, self.t("app.settings_title"))
        chrome.draw_card(surface, self.panel, self.px(14))
        for label, cy in self.rows:
            draw_text(
                surface,
                label,
                self.text_px(22),
                (self.panel.x + self.px(30), cy),
                theme.INK,
                anchor="midleft",
            )
        super().draw(surface)
