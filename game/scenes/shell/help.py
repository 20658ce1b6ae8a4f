"""The rules help overlay: the game's rules text (data/help/<game>.<lang>.md), scrollable;
for a game with a lesson, "Learn to play" (a guided first game, game.scenes.lesson)."""

from __future__ import annotations

import pygame

from game.paths import lesson_ids
from game.scenes.base import ModalScene
from game.storage import read_bounded_text
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_text

MAX_HELP_BYTES = 64_000  # the longest rules summary is ~6 KB


def read_help(info, lang: str) -> str:
    """The rules summary, or one line saying why it cannot be shown (read bounded, like
    every file the app reads: a damaged install must not hang or crash the help)."""
    path = info.help_path(lang)
    try:
        return read_bounded_text(path, MAX_HELP_BYTES)
    except OSError as exc:
        return f"{path}: {exc.strerror or exc}"
    except UnicodeDecodeError as exc:
        return f"{path}: byte {exc.start}: not UTF-8 text"


class HelpScene(ModalScene):
    def __init__(self, app, info):
        super().__init__(app)
        self.info = info
        self.scroll = 0

    def layout(self, size):
        super().layout(size)
        w, h = size
        self.panel = pygame.Rect(self.px(60), self.px(40), w - self.px(120), h - self.px(80))
        self.body = self.panel.inflate(-self.px(60), -self.px(170))
        self.body.top = self.panel.top + self.px(80)
        text = read_help(self.info, self.app.settings.language)
        self.lines = []  # (text, size, bold, indent)
        base = self.px(19)
        for raw in text.splitlines():
            line = raw.rstrip()
            if line.startswith("#"):
                level = len(line) - len(line.lstrip("#"))
                size = base + self.px(8 if level == 1 else 4)
                for part in fonts.wrap(line.lstrip("# "), size, self.body.width, bold=True):
                    self.lines.append((part, size, True, 0))
            elif line.lstrip().startswith(("- ", "* ")):
                indent = self.px(22)
                bullet = fonts.font(base).size("• ")[0]
                parts = fonts.wrap(line.lstrip()[2:], base, self.body.width - indent - bullet)
                for k, part in enumerate(parts):
                    self.lines.append((("• " if k == 0 else "  ") + part, base, False, indent))
            else:
                for part in fonts.wrap(line, base, self.body.width):
                    self.lines.append((part, base, False, 0))
        self.line_h = int(base * 1.55)
        self.heights = [int(size * (1.75 if bold else 1.55)) for _, size, bold, _ in self.lines]
        self.max_scroll = max(0, sum(self.heights) - self.body.height)
        self.scroll = min(self.scroll, self.max_scroll)
        self.buttons.clear()
        close = pygame.Rect(0, 0, self.px(180), self.px(48))
        close.midbottom = (self.panel.centerx, self.panel.bottom - self.px(16))
        self.buttons.add(
            Button(close, self.t("app.close"), self.app.pop, self.px(22), primary=True, key="close")
        )
        if lesson_ids(self.info.id):  # the rules shown on the table instead (issue #19)
            learn = pygame.Rect(0, 0, self.px(240), close.h)
            learn.midleft = (self.body.x, close.centery)
            self.buttons.add(
                Button(learn, self.t("app.learn"), self._learn, self.px(22), key="learn")
            )

    def _learn(self):
        """Leave the game under the help (saved, as "Quit to menu" does) for its lesson;
        Back in the choice between going on and starting again returns here."""
        self.app.router.screen("lessons")(self.app, self.info.id)

    def handle_event(self, event):
        step = self.line_h * 3
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * step))
            return
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_DOWN,
            pygame.K_UP,
            pygame.K_PAGEDOWN,
            pygame.K_PAGEUP,
        ):
            delta = {
                pygame.K_DOWN: step,
                pygame.K_UP: -step,
                pygame.K_PAGEDOWN: self.body.height,
                pygame.K_PAGEUP: -self.body.height,
            }
            self.scroll = max(0, min(self.max_scroll, self.scroll + delta[event.key]))
            return
        super().handle_event(event)

    def draw(self, surface):
        self.draw_backdrop(surface)
        draw_text(
            surface,
            self.t("app.rules_title", game=self.info.name(self.app.settings.language)),
            self.px(30),
            (self.panel.x + self.px(30), self.panel.y + self.px(22)),
            theme.ACCENT_DARK,
            bold=True,
        )
        clip = surface.get_clip()
        surface.set_clip(self.body)
        y = self.body.y - self.scroll
        for (text, size, bold, indent), height in zip(self.lines, self.heights):
            if self.body.y - height < y < self.body.bottom:
                draw_text(
                    surface,
                    text,
                    size,
                    (self.body.x + indent, y),
                    theme.INK if not bold else theme.BG_DARK,
                    bold=bold,
                )
            y += height
        surface.set_clip(clip)
        if self.max_scroll:
            draw_text(
                surface,
                self.t("app.scroll_hint"),
                self.text_px(16),
                (self.panel.right - self.px(24), self.panel.bottom - self.px(28)),
                theme.INK_SOFT,
                anchor="midright",
            )
        super().draw(surface)
