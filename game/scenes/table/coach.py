"""The Coach control at the table (issue #40): at any decision of a person at this
screen, a *Coach* button in the corner of the game's bar; pressed, it asks the coach
(:func:`game.ai.coach.advise` on the person's view) and opens :class:`CoachScene` over
the table: what the hard computer would play, why, and the alternatives ranked. Asking
marks the seat as coached (``Session.coached``: the save and the History keep it).

The search runs on a thread of its own, on a copy of the person's view taken when the
button is pressed (a hint takes a few hundred milliseconds: the window keeps drawing).
:class:`CoachPart` is a :class:`~game.scenes.table.parts.TablePart` around the table's
own part (the plain one at this screen), so the scene itself is not changed.
"""

from __future__ import annotations

import threading
from typing import Any

import pygame

from game.scenes.base import ModalScene
from game.scenes.table.parts import TablePart
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_text

ASK_KEY = "coach:ask"


class CoachPart(TablePart):
    """The Coach button while a person at this screen decides; otherwise what the inner
    part says."""

    def __init__(self, scene: Any, inner: TablePart | None = None):
        self.scene = scene
        self.inner = inner if inner is not None else TablePart()
        self.bar_across = self.inner.bar_across
        self.plays_again = self.inner.plays_again
        self.phone_cards = self.inner.phone_cards

    def ask(self) -> None:
        """The button: the coach's screen for the deciding person, who is marked as
        having asked."""
        scene = self.scene
        seat = scene.sharing.deciding()
        if seat is None:
            return
        session = scene.session
        session.coached.add(seat)
        scene.app.push(
            CoachScene(
                scene.app, session.game_id, session.state.view(seat), seat, len(session.actions)
            )
        )

    def ticked(self, dt: float) -> None:
        self.inner.ticked(dt)
        self._place()

    def laid_out(self) -> None:
        self.inner.laid_out()
        self._place()

    def button_rect(self) -> pygame.Rect | None:
        """Where the Coach button stands: the bottom right corner of the game's bar,
        where its hand and buttons lie (None before the table is laid out)."""
        plan = getattr(self.scene.frame, "plan", None)
        if plan is None:
            return None
        scene = self.scene
        label = scene.t("coach.button")
        size = scene.text_px(17)
        w = max(scene.px(96), fonts.font(size).size(label)[0] + scene.px(28))
        h = max(scene.px(36), fonts.font(size).get_linesize() + scene.px(12))
        place = getattr(scene.game, "coach_place", None)  # a game whose corner is taken
        if place is not None:
            rect: pygame.Rect = place(w, h)
            return rect
        bar = plan.controls
        rect = pygame.Rect(bar.right - w - scene.px(6), bar.bottom - h - scene.px(6), w, h)
        # clear of the game's own buttons in the bar (Cluck-peep!'s Turn and Place lie
        # at its right while a tile is held): left of them, as far as the bar goes
        others = [b.rect for b in scene.buttons.buttons if b.key != ASK_KEY]
        for _ in range(len(others)):
            hit = rect.collidelist(others)
            if hit < 0:
                break
            rect.right = others[hit].left - scene.px(8)
        return rect if rect.left >= bar.left else None

    def _place(self) -> None:
        """The button among the scene's buttons (and those a game keeps across its
        rebuilds) exactly while a person at this screen decides."""
        scene = self.scene
        rect = self.button_rect() if scene.sharing.deciding() is not None else None
        shown = [b for b in scene.buttons.buttons if b.key == ASK_KEY]
        if (rect is None and not shown) or (shown and shown[0].rect == rect):
            return
        new = (
            []
            if rect is None
            else [Button(rect, scene.t("coach.button"), self.ask, scene.text_px(17), key=ASK_KEY)]
        )
        for kept in (scene.buttons.buttons, scene.base_buttons):
            kept[:] = [b for b in kept if b.key != ASK_KEY] + new

    # -- the rest is the inner part's --------------------------------------------------------
    def stops(self) -> bool:
        return self.inner.stops()

    def frame(self, run: Any) -> None:
        self.inner.frame(run)

    def paint(self, run: Any) -> None:
        self.inner.paint(run)

    def shield(self, event: Any, run: Any, fallback: Any) -> Any:
        return self.inner.shield(event, run, fallback)

    def drawn(self, surface: pygame.Surface) -> None:
        self.inner.drawn(surface)

    def seats_changed(self) -> None:
        self.inner.seats_changed()

    def hand_bar(self) -> bool:
        return self.inner.hand_bar()

    def seats(self, inner: Any) -> Any:
        return self.inner.seats(inner)

    def open_pause(self) -> bool:
        return self.inner.open_pause()

    def game_over(self) -> None:
        self.inner.game_over()

    def leaving(self) -> None:
        self.inner.leaving()

    def probe(self) -> dict[str, Any] | None:
        return self.inner.probe()


class CoachScene(ModalScene):
    """The coach's say over the table: the pick, why, and the alternatives ranked, from
    a search on its own thread (the screen says the coach is thinking until it ends)."""

    def __init__(self, app: Any, game_id: str, view: Any, seat: int, step: int):
        super().__init__(app)
        self.game_id, self.seat, self.step = game_id, seat, step
        self.advice: Any = None
        self.problem: str | None = None
        self._answer: list[Any] = []

        def work() -> None:
            from game.ai.coach import advise  # the search only when somebody asks

            try:
                self._answer.append(advise(game_id, view, seat, step))
            except ValueError as exc:  # no decision after all: said, never raised
                self._answer.append(str(exc))

        self._thread = threading.Thread(target=work, name="coach", daemon=True)
        self._thread.start()

    def thinking(self) -> bool:
        return self.advice is None and self.problem is None

    def update(self, dt: float) -> None:
        if self._answer:
            answer = self._answer.pop()
            if isinstance(answer, str):
                self.problem = answer
            else:
                self.advice = answer
            self.layout(self.size)  # the panel fits what it now says

    def busy(self) -> bool:
        return self.thinking()  # the loop keeps its frame rate until the answer comes

    def lines(self) -> list[str]:
        """What the screen says now (its tests read it)."""
        if self.problem is not None:
            return [self.t("coach.none")]
        if self.advice is None:
            return [self.t("coach.thinking")]
        from game.ai.coach_words import lines  # the words only once the answer came

        return lines(self.t, self.advice)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.size = size
        w, h = size
        width = min(w - self.px(40), self.px(900))
        size_px = self.text_px(17)
        wrapped = sum(
            len(fonts.wrap(line, size_px, width - 2 * self.px(24), bold=i == 0))
            for i, line in enumerate(self.lines())
        )
        said = wrapped * (fonts.font(size_px).get_linesize() + self.px(2))
        said += len(self.lines()) * self.px(6)
        tall = self.px(24) + self.text_px(26) * 2 + said + self.px(46 + 16 + 24)
        self.panel = pygame.Rect(0, 0, width, max(self.px(240), min(h - self.px(60), tall)))
        self.panel.center = (w // 2, h // 2)
        self.buttons.clear()
        close = pygame.Rect(0, 0, self.px(160), self.px(46))
        close.midbottom = (self.panel.centerx, self.panel.bottom - self.px(16))
        self.buttons.add(
            Button(
                close, self.t("app.close"), self.close, self.text_px(20), key="close", primary=True
            )
        )
        self.buttons.focus = 0

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        pad = self.px(24)
        y = self.panel.y + pad
        title = draw_text(
            surface,
            self.t("coach.title"),
            self.text_px(26),
            (self.panel.centerx, y),
            theme.INK,
            bold=True,
            anchor="midtop",
            within=self.panel,
        )
        y = title.bottom + self.px(12)
        size = self.text_px(17)
        width = self.panel.w - 2 * pad
        bottom = self.buttons.buttons[0].rect.top - self.px(10)
        line_h = fonts.font(size).get_linesize()
        for index, line in enumerate(self.lines()):
            bold = index == 0
            for piece in fonts.wrap(line, size, width, bold=bold):
                if y + line_h > bottom:
                    break  # the alternatives past the panel's room are left out, not cut
                drawn = draw_text(
                    surface,
                    piece,
                    size,
                    (self.panel.x + pad, y),
                    theme.INK,
                    bold,
                    within=self.panel,
                )
                y = drawn.bottom + self.px(2)
            y += self.px(6)
        super().draw(surface)
