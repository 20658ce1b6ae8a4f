"""Resume: the saved games (game, players, round, date), newest first. A damaged save
is listed with its problem and opening it explains instead of crashing; a saves folder
that cannot be read is said to be unreadable (not "no saves"). A game another window is
playing says so, and opening it gives the one dialog that offers to watch it or to open
a copy (issue #36, :mod:`game.scenes.shell.open_elsewhere`)."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from game import registry, saves
from game.scenes.base import Scene
from game.scenes.shell import chrome
from game.storage import printable
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_text

PER_PAGE = 7


class ResumeScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        listed = saves.list_saves()
        self.folder_error = next((e for e in listed if isinstance(e, saves.SavesFolderError)), None)
        self.entries = [
            e
            for e in listed
            if e is not self.folder_error and (isinstance(e, saves.SaveError) or not e.over)
        ]
        self.page = 0
        # the games another window (or serve) is playing now, by save file
        self.elsewhere = {
            e.path
            for e in self.entries
            if isinstance(e, saves.SaveInfo) and saves.open_elsewhere(saves.save_id_of(e.path))
        }

    def layout(self, size):
        super().layout(size)
        w, h = size
        self.buttons.clear()
        lang = self.app.settings.language
        bw, bh, gap = min(w - self.px(80), self.px(900)), self.px(58), self.px(10)
        # under the header band every shell screen wears (issue #38; playtest: Resume
        # alone kept a bare title, like no other screen of the box)
        y = chrome.content_top(self) + self.px(16)
        shown = self.entries[self.page * PER_PAGE : (self.page + 1) * PER_PAGE]
        for i, entry in enumerate(shown):
            rect = pygame.Rect((w - bw) // 2, y, bw, bh)
            if isinstance(entry, saves.SaveError):
                name = printable(Path(entry.path).name, 60)
                label = f"! {name}: {entry.reason}"
            else:
                info = registry.GAMES[entry.game]
                when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.saved_at))
                kind = "" if entry.kind == "auto" else " ★"
                label = (
                    f"{info.name(lang)}{kind} · {', '.join(entry.names)} · "
                    f"{self.t.round(entry.round)} · {when}"
                )
                if entry.path in self.elsewhere:
                    label = f"{label} · {self.t('app.elsewhere_tag')}"
            self.buttons.add(Button(rect, label, self._open(entry), self.px(19), key=f"save:{i}"))
            y += bh + gap
        nav_y = h - self.px(80)
        back = pygame.Rect(self.px(24), nav_y, self.px(200), self.px(52))
        self.buttons.add(Button(back, self.t("app.back"), self.app.pop, self.px(22), key="back"))
        if len(self.entries) > PER_PAGE:
            nxt = pygame.Rect(w - self.px(224), nav_y, self.px(200), self.px(52))
            self.buttons.add(Button(nxt, "→", self._next_page, self.px(24), key="next"))

    def _next_page(self):
        pages = (len(self.entries) + PER_PAGE - 1) // PER_PAGE
        self.page = (self.page + 1) % pages
        self.layout(self.size)

    def _open(self, entry):
        def open_save():
            if isinstance(entry, saves.SaveError):
                self.app.show_error(str(entry))
                return
            # as its one writer, or the dialog when another window writes it (issue #36)
            self.app.router.screen("open_saved")(self.app, entry.path, replace=True)

        return open_save

    def handle_event(self, event):
        if self.key_back(event):
            self.app.pop()
            return
        super().handle_event(event)

    def draw(self, surface):
        w, _ = surface.get_size()
        chrome.draw_header(self, surface, self.t("app.resume"))
        message = (
            self.t("app.saves_unreadable", error=str(self.folder_error))
            if self.folder_error
            else None
            if self.entries
            else self.t("app.no_saves")
        )
        if message:
            y = chrome.content_top(self) + self.px(24)
            for line in fonts.wrap(message, self.px(22), w - self.px(120))[:6]:
                draw_text(
                    surface,
                    line,
                    self.px(22),
                    (w // 2, y),
                    theme.BAD if self.folder_error else theme.INK,
                    anchor="midtop",
                )
                y += self.px(32)
        super().draw(surface)
