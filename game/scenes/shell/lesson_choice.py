"""Which lesson of a game to learn (issue #19): the menu's "Learn to play" opens the game's
only lesson at once, and with several (Verflixxt!'s base game, then hats and cards) this
small chooser: one button per lesson in order, with its title and whether a place is kept
in it, then Back."""

from __future__ import annotations

import pygame

from game import lessons, registry
from game.lessons import LessonError
from game.scenes.base import ModalScene
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_text


def learn(app, game: str) -> None:
    """Open ``game``'s lesson, or the chooser when it has several (the menu, the lobby and
    the rules help call this; a kept place is offered to go on from or start again:
    game.scenes.table.lesson.open_lesson)."""
    ids = lessons.lesson_ids(game)
    if len(ids) == 1:
        app.router.screen("lesson")(app, ids[0])
    elif ids:
        app.push(LessonChoiceScene(app, game, ids))


class LessonChoiceScene(ModalScene):
    def __init__(self, app, game: str, ids: list[str]):
        super().__init__(app)
        self.game = game
        self.ids = ids
        self.lines: list[tuple[str, pygame.Rect]] = []  # under each lesson: its length

    def _entry(self, lesson_id: str) -> tuple[str, str]:
        """A lesson's title and the line under it: the step to go on from when "Learn to
        play" would offer it (the same check: game.lessons.saved_place), else its
        length."""
        lang = self.app.settings.language
        try:
            lesson = lessons.load_lesson(lessons.lesson_path(lesson_id))
        except LessonError:
            return lesson_id, ""  # opening it says what is wrong
        total = len(lesson.steps)
        place = lessons.saved_place(lesson)
        if place is not None:
            return lesson.title_in(lang), self.t("app.lesson_resume_at", n=place + 1, total=total)
        return lesson.title_in(lang), self.t("app.lesson_steps", total=total)

    def layout(self, size):
        super().layout(size)
        w, h = size
        bw = min(w - self.px(80), self.px(460))
        bh, gap = self.px(50), self.px(10)
        under_h = round(self.text_px(15) * 1.4)
        back_h = self.px(44)
        head = self.px(76)
        entry_h = bh + under_h + gap
        height = head + len(self.ids) * entry_h + back_h + self.px(24)
        self.panel = pygame.Rect(0, 0, bw + self.px(60), min(h - self.px(20), height))
        self.panel.center = (w // 2, h // 2)
        self.buttons.clear()
        self.lines = []
        y = self.panel.y + head
        for lesson_id in self.ids:
            title, under = self._entry(lesson_id)
            rect = pygame.Rect(0, y, bw, bh)
            rect.centerx = w // 2
            self.buttons.add(
                Button(
                    rect, title, self._open(lesson_id), self.text_px(19), key=f"lesson:{lesson_id}"
                )
            )
            self.lines.append((under, pygame.Rect(rect.x, rect.bottom, rect.w, under_h)))
            y += entry_h
        rect = pygame.Rect(0, y + self.px(4), self.px(200), back_h)
        rect.centerx = w // 2
        self.buttons.add(Button(rect, self.t("app.back"), self.close, self.text_px(18), key="back"))
        self.buttons.focus = 0

    def _open(self, lesson_id: str):
        def open_chosen():
            self.app.pop()  # the lesson (or the choice to go on or start again) next
            self.app.router.screen("lesson")(self.app, lesson_id)

        return open_chosen

    def draw(self, surface):
        self.draw_backdrop(surface)
        name = registry.get(self.game).name(self.app.settings.language)
        inner = self.panel.inflate(-self.px(40), 0)
        title, size = fonts.fit(
            self.t("app.lesson_choose", game=name), self.text_px(26), inner.w, self.text_px(18)
        )
        draw_text(
            surface,
            title,
            size,
            (self.panel.centerx, self.panel.y + self.px(40)),
            theme.INK,
            bold=True,
            anchor="center",
            within=inner,
        )
        small = self.text_px(15)
        for text, box in self.lines:
            line, line_size = fonts.fit(text, small, box.w, theme.MIN_TEXT_PX)
            draw_text(
                surface, line, line_size, box.center, theme.INK_SOFT, anchor="center", within=box
            )
        super().draw(surface)
