"""The look back in the window (issue #40): a finished game's costliest decisions per
person, as :func:`game.ai.review.review` found them (the same seeds and search as the
coach's hint at each position), one person at a time with their three moments in the
coach's words; each moment's *Show* opens the replay at that position, the deciding
seat's hidden things shown, with the coach's say as it was computed there.

The review replays the whole game and asks the search at each decision (seconds, not
a frame): it runs on a thread of its own and the screen counts the moves weighed."""

from __future__ import annotations

from typing import Any

import pygame

from game.background import BackgroundAnswer
from game.scenes.base import Scene
from game.scenes.shell import chrome
from game.storage import printable
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_text


class LookBackScene(Scene):
    """A replay's look back: ◀ person ▶, their moments, each with Show."""

    def __init__(self, app: Any, replay: Any):
        super().__init__(app)
        self.replay = replay
        session = replay.session
        self.game_id = session.game_id
        self.names = [s.name for s in session.seats]
        humans = [i for i, s in enumerate(session.seats) if s.human]
        self.people = humans or list(range(len(session.seats)))  # computers only: all
        self.person = 0  # the index in people shown
        self.looked: Any = None
        self.problem: str | None = None
        self.progress = (0, len(replay.actions))
        game_id, players, seed = session.game_id, session.players, session.seed
        options, actions, people = session.options, list(replay.actions), list(self.people)

        def told(done: int, total: int) -> None:
            self.progress = (done, total)

        def work() -> Any:
            from game.ai.review import review  # the search only when somebody looks back

            # a record the search cannot weigh (ValueError) is the answer's problem, said
            return review(game_id, players, seed, options, actions, people, progress=told)

        # the review on its own thread (game.background): polled in update, never waited
        self.answer: BackgroundAnswer[Any] = BackgroundAnswer("look-back").start(work)

    # -- state ---------------------------------------------------------------------------------
    def working(self) -> bool:
        return self.looked is None and self.problem is None

    def wait_for_answer(self, timeout: float = 600.0) -> None:
        """Wait for the review (tests and screenshots; the window itself never waits)."""
        self.answer.wait(timeout)
        self.update(0.0)

    def update(self, dt: float) -> None:
        looked = self.answer.poll()
        if looked is not None:
            self.looked = looked
            self.layout(self.size)
        elif self.answer.problem is not None and self.problem is None:
            self.problem = self.answer.problem
            self.layout(self.size)
        if self.working():
            self.app.dirty = True  # the count of moves weighed goes on

    def busy(self) -> bool:
        return self.working()

    def seat(self) -> int:
        return self.people[self.person]

    def moments(self) -> list[Any]:
        return [] if self.looked is None else list(self.looked.moments[self.seat()])

    def said(self) -> list[str]:
        """What the screen says of the person shown (its tests read it)."""
        if self.problem is not None:
            return [self.t("coach.look.failed", error=printable(self.problem, 200))]
        if self.looked is None:
            done, total = self.progress
            return [self.t("coach.look.working", done=done, total=total)]
        from game.ai.coach_words import moment_text  # the words once the review came

        moments = self.moments()
        name = printable(self.names[self.seat()], 16)
        if not moments:
            return [self.t("coach.review.none", name=name)]
        return [moment_text(self.t, self.game_id, m) for m in moments]

    def _step(self, step: int):
        def pick() -> None:
            self.person = (self.person + step) % len(self.people)
            self.layout(self.size)

        return pick

    def open_moment(self, index: int) -> None:
        """The replay at the moment, the deciding seat's hand shown, and the coach's say
        there as the review computed it (never searched again)."""
        moment = self.moments()[index]
        self.app.router.screen("replay")(self.app, self.replay)
        controls = self.app.stack[-1]
        controls.jump(moment.step)
        controls.show(moment.seat)
        from game.scenes.table.coach import CoachScene  # the table's, when one is opened

        self.app.push(
            CoachScene(
                self.app,
                self.game_id,
                None,
                moment.seat,
                moment.step,
                advice=moment.advice,
                lead=self.said()[index],
                table=controls.table,
            )
        )

    def _opener(self, index: int):
        def opened() -> None:
            self.open_moment(index)

        return opened

    # -- layout --------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.buttons.clear()
        margin, gap = self.px(40), self.px(12)
        row_h, arrow = self.px(46), self.px(46)
        top = chrome.content_top(self) + self.px(10)
        name_w = min(self.px(360), w - 2 * margin - 2 * (arrow + gap))
        self.name_box = pygame.Rect((w - name_w) // 2, top, name_w, row_h)
        many = len(self.people) > 1
        for step, x, mark in (
            (-1, self.name_box.x - gap - arrow, "◀"),
            (1, self.name_box.right + gap, "▶"),
        ):
            self.buttons.add(
                Button(
                    pygame.Rect(x, top, arrow, row_h),
                    mark,
                    self._step(step),
                    self.text_px(18),
                    enabled=many,
                    key=f"person:{'prev' if step < 0 else 'next'}",
                )
            )
        nav_h = self.px(52)
        back = pygame.Rect(margin, h - self.px(16) - nav_h, self.px(200), nav_h)
        self.buttons.add(
            Button(back, self.t("app.back"), self.app.pop, self.text_px(22), key="back")
        )
        # the moments, as cards of an equal share of the room, each with its Show
        area_top = self.name_box.bottom + self.px(16)
        area_bottom = back.y - self.px(16)
        count = max(1, len(self.moments()))
        card_h = min(self.px(130), (area_bottom - area_top - (count - 1) * gap) // count)
        self.cards = [
            pygame.Rect(margin, area_top + i * (card_h + gap), w - 2 * margin, card_h)
            for i in range(count)
        ]
        self.show_w = self.px(140)
        for i, card in enumerate(self.cards[: len(self.moments())]):
            rect = pygame.Rect(0, 0, self.show_w, min(self.px(52), card.h - self.px(16)))
            rect.midright = (card.right - self.px(14), card.centery)
            self.buttons.add(
                Button(
                    rect,
                    self.t("coach.look.show"),
                    self._opener(i),
                    self.text_px(18),
                    key=f"show:{i}",
                )
            )

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.key_back(event):
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            if len(self.people) > 1:
                self._step(-1 if event.key == pygame.K_LEFT else 1)()
            return
        super().handle_event(event)

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        chrome.draw_header(self, surface, self.t("coach.review.title"))
        pygame.draw.rect(surface, theme.PANEL, self.name_box, border_radius=self.px(10))
        pygame.draw.rect(
            surface, theme.PANEL_EDGE, self.name_box, width=2, border_radius=self.px(10)
        )
        name = printable(self.names[self.seat()], 16)
        text, size = fonts.fit(name, self.text_px(22), self.name_box.w - self.px(16), 14, True)
        draw_text(
            surface,
            text,
            size,
            self.name_box.center,
            bold=True,
            anchor="center",
            within=self.name_box,
        )
        moments = self.moments()
        size = self.text_px(18)
        for i, said in enumerate(self.said()):
            card = self.cards[min(i, len(self.cards) - 1)]
            chrome.draw_card(surface, card, self.px(12), self.px(3))
            inner = card.inflate(-2 * self.px(18), -2 * self.px(10))
            if moments:
                inner.w -= self.show_w + self.px(14)
            lines = fonts.wrap(said, size, inner.w)
            shown = size
            while len(lines) * fonts.line_step(shown) > inner.h and shown > 14:
                shown -= 1  # a long moment in a short card: smaller, never cut
                lines = fonts.wrap(said, shown, inner.w)
            line_h = fonts.line_step(shown)  # a paragraph's lines apart (POLISH3)
            y = inner.centery - len(lines) * line_h // 2
            colour = theme.BAD if self.problem else theme.INK
            for line in lines:
                if y + line_h > card.bottom:
                    break
                draw_text(surface, line, shown, (inner.x, y), colour, within=card)
                y += line_h
        super().draw(surface)
