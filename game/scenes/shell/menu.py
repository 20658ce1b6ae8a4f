"""The title menu: every installed game with its picture, name, players and length."""

from __future__ import annotations

import pygame

from game import registry, saves
from game.paths import lesson_ids
from game.scenes.base import Scene
from game.scenes.shell import covers, title_art
from game.ui import fonts, theme, widgets
from game.ui.widgets import Button, draw_pill, draw_text, draw_tip


class MenuScene(Scene):
    def layout(self, size):
        super().layout(size)
        w, h = size
        self.buttons.clear()
        self.plays: list[tuple[pygame.Rect, Button]] = []  # each card's Play pill
        games = registry.installed_games()
        lang = self.app.settings.language
        card_w, card_h = self.px(250), self.px(300)
        gap = self.px(24)
        count = max(1, len(games))
        per_row = max(1, min(count, (w - gap) // (card_w + gap)))
        rows = (count + per_row - 1) // per_row
        top = self.px(180)
        learn_h = self.px(40)
        taught = {info.id for info in games if lesson_ids(info.id)}
        builds = {info.id for info in games if info.board_builder}  # issue #41
        row_h = card_h + (learn_h + self.px(16) if taught else 0)
        row_h += learn_h + self.px(10) if builds else 0
        for index, info in enumerate(games):
            row, col = divmod(index, per_row)
            in_row = min(per_row, count - row * per_row)
            x0 = (w - (in_row * card_w + (in_row - 1) * gap)) // 2
            rect = pygame.Rect(x0 + col * (card_w + gap), top + row * (row_h + gap), card_w, card_h)
            # the picture leaves room at the card's foot for its Play pill
            picture = covers.cover(info.id, card_w - self.px(40), int((card_w - self.px(40)) * 0.6))
            subtitle = "\n".join(
                (
                    self.t("app.players", min=info.min_players, max=info.max_players),
                    self.t("app.minutes", n=info.minutes),
                )
            )
            card = self.buttons.add(
                Button(
                    rect,
                    info.name(lang),
                    self._open(info),
                    self.px(24),
                    key=f"game:{info.id}",
                    picture=picture,
                    subtitle=subtitle,
                )
            )
            # issue #36: nothing said that a click on the card starts its game
            play = pygame.Rect(0, 0, rect.w * 3 // 5, self.px(34))
            play.midbottom = (rect.centerx, rect.bottom - self.px(12))
            self.plays.append((play, card))
            if info.id in taught:  # a guided first game (issue #19)
                learn = pygame.Rect(rect.x, rect.bottom + self.px(16), rect.w, learn_h)
                self.buttons.add(
                    Button(
                        learn,
                        self.t("app.learn"),
                        self._learn(info),
                        self.text_px(18),
                        key=f"learn:{info.id}",
                    )
                )
            if info.id in builds:  # its board builder (issue #41), under Learn to play
                below = rect.bottom + (learn_h + self.px(16) if info.id in taught else 0)
                build = pygame.Rect(rect.x, below + self.px(10), rect.w, learn_h)
                self.buttons.add(
                    Button(
                        build,
                        self.t("builder.open"),
                        self._build(info),
                        self.text_px(18),
                        key=f"build:{info.id}",
                    )
                )
        bottom = top + rows * (row_h + gap) + self.px(10)
        bw, bh = self.px(200), self.px(52)
        # issue #36: the same five buttons in the same places whether or not a game can
        # be resumed (Resume is greyed, saying why), so a click aimed at Settings lands
        # on Settings
        resumable = self._has_saves()
        labels = [
            ("resume", self.t("app.resume"), self._resume),
            ("menu:history", self.t("app.history"), self._history),
            ("menu:join", self.t("join.menu"), self._join),
            ("settings", self.t("app.settings"), self._settings),
            ("quit", self.t("app.quit"), self.app.quit),
        ]
        total = len(labels) * bw + (len(labels) - 1) * gap
        y = min(bottom, h - bh - self.px(24))
        for i, (key, label, action) in enumerate(labels):
            rect = pygame.Rect((w - total) // 2 + i * (bw + gap), y, bw, bh)
            button = Button(rect, label, action, self.px(22), key=key)
            if key == "resume" and not resumable:
                button.enabled, button.why = False, self.t("app.no_saves")
            self.buttons.add(button)
        self.empty = not games

    def _has_saves(self) -> bool:
        return any(isinstance(e, saves.SaveError) or not e.over for e in saves.list_saves())

    def _open(self, info):
        def open_lobby():
            self.app.router.open("lobby", info)

        return open_lobby

    def _learn(self, info):
        def learn():  # the game's lesson, or a chooser when it has several
            self.app.router.screen("lessons")(self.app, info.id)

        return learn

    def _build(self, info):
        def build():  # the game's board builder (issue #41)
            self.app.router.open(info.board_builder)

        return build

    def _join(self):  # a table hosted on another computer (issue #18)
        self.app.router.open("join")

    def _settings(self):
        self.app.router.open("settings")

    def _resume(self):
        self.app.router.open("resume")

    def _history(self):  # finished games and statistics (issue #28)
        self.app.router.open("history")

    def quit_question(self) -> tuple:
        """The confirm dialog's title, text, answers and what "yes" does."""
        return (
            self.t("app.quit_confirm_title"),
            self.t("app.quit_confirm_text"),
            self.t("app.quit"),
            self.t("app.quit_confirm_stay"),
            self.app.quit,
        )

    def ask_to_quit(self) -> None:
        """Esc at the title asks first (issue #36: it closed the box at once, a key a
        child presses to go "back"); the Quit button stays direct."""
        self.app.router.open("confirm", *self.quit_question())

    def close_requested(self) -> bool:
        self.ask_to_quit()
        return True

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_to_quit()
            return
        super().handle_event(event)

    def draw(self, surface):
        w, h = surface.get_size()
        # issue #38: the wordmark over key art of the games' own pieces (title_art), not
        # plain text on a slate band
        band_h = self.px(150)
        widgets.lay(surface, title_art.band(w, band_h, self.px(26)), (0, 0))
        pygame.draw.rect(surface, theme.ACCENT, (0, band_h, w, self.px(6)))
        mark = title_art.wordmark(min(w - self.px(80), self.px(560)), self.px(78))
        widgets.draw_icon(surface, mark, (w // 2, self.px(46)), "wordmark", anchor="center")
        # the name in the language's own letters (Japanese) and the promise, on a pill of
        # the old slate so it reads over the sky
        size = self.px(20)
        line = fonts.render(self.t("brand.tagline"), size, theme.INK_LIGHT)
        pill = line.get_rect(center=(w // 2, self.px(100))).inflate(self.px(28), self.px(6))
        pygame.draw.rect(surface, title_art.SKY_FOOT, pill, border_radius=pill.h // 2)
        draw_text(
            surface,
            self.t("brand.tagline"),
            size,
            pill.center,
            theme.INK_LIGHT,
            anchor="center",
        )
        if self.empty:
            draw_text(
                surface,
                self.t("app.no_games"),
                self.px(24),
                (w // 2, h // 2),
                theme.INK_SOFT,
                anchor="center",
            )
        draw_text(
            surface,
            self.t("app.keys_hint"),
            self.text_px(16),
            (w // 2, h - self.px(10)),
            theme.INK_SOFT,
            anchor="midbottom",
        )
        super().draw(surface)
        for rect, card in self.plays:
            fill = theme.ACCENT_DARK if card.hovered else theme.ACCENT
            draw_pill(surface, rect, self.t("app.play"), self.text_px(18), fill)
        tip = self.buttons.tip()
        if tip is not None:
            draw_tip(surface, tip.why, tip.rect, self.text_px(16), above=True)
