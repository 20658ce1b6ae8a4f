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

from typing import Any

import pygame

from game.background import BackgroundAnswer
from game.scenes.base import ModalScene
from game.scenes.table.parts import TablePart
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_panel, draw_text

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
        self._ahead: tuple[int | None, int] | None = None  # the decision searched ahead

    def ask(self) -> None:
        """The button: the coach's screen for the deciding person, who is marked as
        having asked."""
        scene = self.scene
        seat = scene.sharing.deciding()
        if seat is None:
            return
        session = scene.session
        session.coached.add(seat)
        self._ahead = (seat, len(session.actions))  # this decision: the coach's screen searches it
        scene.app.push(
            CoachScene(
                scene.app,
                session.game_id,
                session.state.view(seat),
                seat,
                len(session.actions),
                table=scene,
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
        w, h = button_size(scene)
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
        rebuilds) exactly while a person at this screen decides, outside a lesson: a
        lesson's steps are the teacher there, and its bar is theirs (a Decision, written
        in docs/coach.md)."""
        scene = self.scene
        asks = scene.sharing.deciding() is not None and scene.guide.lesson is None
        if asks:
            self._search_ahead()
        rect = self.button_rect() if asks else None
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

    def _search_ahead(self) -> None:
        """Once the deciding person has asked the coach in this game, each of their
        decisions is searched as it opens (``game.ai.coach.prefetch``), so Coach finds
        the answer ready (issue #40's 300 ms; docs/coach.md, "Searched ahead"); before
        that, from the moment the pointer or the keyboard focus is on the Coach button
        (about to be pressed: the search gets that head start)."""
        session = self.scene.session
        seat = self.scene.sharing.deciding()
        at = (seat, len(session.actions))
        if seat is None or at == self._ahead:
            return
        if seat not in session.coached and not self._pointed_at():
            return
        self._ahead = at
        from game.ai.coach import prefetch  # the search only once somebody has asked

        prefetch(session.game_id, session.state, seat, len(session.actions))

    def _pointed_at(self) -> bool:
        """The Coach button is under the pointer or has the keyboard focus."""
        group = self.scene.buttons
        shown = [b for b in group.buttons if b.key == ASK_KEY]
        return bool(shown) and (shown[0].hovered or group.focused_key() == ASK_KEY)

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


def button_size(scene: Any) -> tuple[int, int]:
    """The Coach button's width and height at ``scene``'s size, language and text size
    (a game that keeps the button a place in its bar, Verflixxt!, reserves this much)."""
    label = scene.t("coach.button")
    size = scene.text_px(17)
    w = max(scene.px(96), fonts.font(size).size(label)[0] + scene.px(28))
    h = max(scene.px(36), fonts.font(size).get_linesize() + scene.px(12))
    return w, h


def board_choices(table: Any) -> Any:
    """The table's own controls of the person deciding (:class:`game.ui.choices.Choices`)
    when its game has them (Eight Routes, Verflixxt!), else None."""
    game = getattr(table, "game", None)
    found = getattr(game, "choices", None)
    if found is None:
        found = getattr(getattr(game, "controls", None), "choices", None)
    return found if hasattr(found, "focus") and hasattr(found, "controls") else None


def show_on_board(table: Any, action: Any) -> bool:
    """Put the table's focus on its own control for ``action`` (a die face, a pawn, a
    card), so the game previews it on the board exactly as after a key press; False when
    the game has no such control for it (then the panel's words alone say it). A game
    with targets of its own, or steps to take before its control for the move is on
    offer (Verflixxt!'s card before its pawns), says so by a ``coach_show(action)`` of
    its table."""
    own = getattr(getattr(table, "game", None), "coach_show", None)
    if own is not None:  # Duck! Duck! Go!, Cluck-peep!, Verflixxt!
        return bool(own(action))
    choices = board_choices(table)
    if choices is None:
        return False
    choices.rebuild()
    return bool(choices.focus_action(action))


def shown_places(table: Any) -> list[pygame.Rect]:
    """Where the option the coach shows lies on the table's board: the game's own
    ``coach_shown()`` (Duck! Duck! Go!'s targets), else the focused control of its
    choices (Eight Routes, Verflixxt!); [] when nothing is shown there."""
    own = getattr(getattr(table, "game", None), "coach_shown", None)
    if own is not None:
        return list(own())
    choices = board_choices(table)
    button = choices.focused_button() if choices is not None else None
    return [button.rect.copy()] if button is not None else []


class CoachScene(ModalScene):
    """The coach's say over the table: the pick, why, and the alternatives ranked, from
    a search on its own thread (the screen says the coach is thinking until it ends)."""

    def __init__(
        self,
        app: Any,
        game_id: str,
        view: Any,
        seat: int,
        step: int,
        *,
        advice: Any = None,
        lead: str | None = None,
        table: Any = None,
    ):
        """``advice``: the coach's say already found (the look back's moment, issue #40:
        shown as it was computed, never searched again); ``lead``: a line said first
        (the moment's "you played …")."""
        super().__init__(app)
        self.game_id, self.seat, self.step = game_id, seat, step
        self.advice: Any = advice
        self.lead = lead
        # the table under the panel: the panel stands beside its board, and the option
        # shown (the pick first, then any alternative chosen) is previewed on it
        self.table = table
        self.shown = 0  # the index in options_shown()
        self.on_board = False  # the table previews the shown option
        self.problem: str | None = None
        # the search on its own thread (game.background): polled in update, never waited
        self.answer: BackgroundAnswer[Any] = BackgroundAnswer("coach")
        if advice is not None:
            return

        def work() -> Any:
            from game.ai.coach import advise  # the search only when somebody asks

            return advise(game_id, view, seat, step)  # no decision after all: a problem

        self.answer.start(work)

    def thinking(self) -> bool:
        return self.advice is None and self.problem is None

    def wait_for_answer(self, timeout: float = 120.0) -> None:
        """Wait for the search (tests and screenshots; the window itself never waits), as
        :meth:`LookBackScene.wait_for_answer <game.scenes.shell.look_back.LookBackScene>`."""
        self.answer.wait(timeout)
        self.update(0.0)

    def update(self, dt: float) -> None:
        advice = self.answer.poll()
        if advice is not None:
            self.advice = advice
            self.show(0)
        elif self.answer.problem is not None and self.problem is None:
            self.problem = self.answer.problem
        else:
            return
        self.layout(self.size)  # the panel fits what it now says

    def enter(self) -> None:
        super().enter()
        if self.advice is not None:  # the look back's moment: found already
            self.show(0)

    def busy(self) -> bool:
        return self.thinking()  # the loop keeps its frame rate until the answer comes

    # -- the option shown on the board ---------------------------------------------------------
    def options_shown(self) -> list[Any]:
        """The pick and its ranked alternatives, as the panel lists them."""
        if self.advice is None:
            return []
        return [self.advice.pick, *self.advice.alternatives()]

    def show(self, index: int) -> None:
        """Preview option ``index`` on the table's board (the pick is 0)."""
        options = self.options_shown()
        if not options:
            return
        self.shown = index % len(options)
        self.on_board = self.table is not None and show_on_board(
            self.table, options[self.shown].action
        )
        if hasattr(self, "size"):
            self.layout(self.size)

    def _stepper(self, step: int):
        def shown() -> None:
            self.show(self.shown + step)

        return shown

    def board_words(self) -> str | None:
        """The line over the arrows: which option the board shows (None: no table)."""
        options = self.options_shown()
        if self.table is None or not options:
            return None
        from game.ai.coach_words import action_name  # the words once the answer came

        table = self.advice.table if self.advice is not None else None
        name = action_name(self.t, self.game_id, options[self.shown].action, table)
        key = "coach.board.shown" if self.on_board else "coach.board.words_only"
        return self.t(key, rank=self.shown + 1, action=name)

    def lines(self) -> list[str]:
        """What the screen says now (its tests read it)."""
        if self.problem is not None:
            return [self.t("coach.none")]
        if self.advice is None:
            return [self.t("coach.thinking")]
        from game.ai.coach_words import lines  # the words only once the answer came

        said = lines(self.t, self.advice)
        return [self.lead, *said] if self.lead else said

    def _beside_board(self, w: int, h: int, width: int) -> pygame.Rect | None:
        """The panel beside the table's board, on the side with more room, clear of the
        header and the bar where it can be (None: no table under the panel). It never
        covers the option it shows on the board (POLISH3: at 1024x600 in Japanese the
        panel hid the start it named): on the side clear of it, narrowed to the room
        beside it, as wide as it can be."""
        table = self.table
        plan = getattr(getattr(table, "frame", None), "plan", None)
        if plan is None:
            return None
        extent = plan.board
        drawn = getattr(getattr(table, "game", None), "drawn_extent", None)
        if drawn is not None:
            try:
                extent = drawn()
            except (AttributeError, TypeError):
                extent = plan.board
        margin = self.px(8)
        right_room, left_room = w - extent.right, extent.left
        room = max(right_room, left_room) - 2 * margin
        panel_w = max(min(width, self.px(560)), min(room, width))
        top = plan.header.bottom + margin
        bottom = plan.bar.top - margin
        if bottom - top < self.px(320):
            bottom = h - margin
        rect = pygame.Rect(0, top, panel_w, bottom - top)
        if right_room >= left_room:
            rect.right = w - margin
        else:
            rect.left = margin
        shown = [r for r in self._shown_places() if r.top < rect.bottom and r.bottom > rect.top]
        if not any(rect.colliderect(r) for r in shown):
            return rect
        # the widest place on either side clear of what is shown, no wider than planned
        right_w = w - margin - max(r.right for r in shown) - margin
        left_w = min(r.left for r in shown) - 2 * margin
        if max(right_w, left_w) < self.px(260):  # no room for words: as planned
            return rect
        if right_w >= left_w:
            rect.w = min(panel_w, right_w)
            rect.right = w - margin
        else:
            rect.w = min(panel_w, left_w)
            rect.left = margin
        return rect

    def _shown_places(self) -> list[pygame.Rect]:
        if self.table is None or not self.on_board:
            return []
        try:
            return shown_places(self.table)
        except (AttributeError, TypeError):  # a table laid out differently: no place
            return []

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.size = size
        w, h = size
        width = min(w - self.px(40), self.px(900))
        beside = self._beside_board(w, h, self.px(520))
        if beside is not None:
            width = beside.w
        size_px = self.text_px(17)
        said_lines = self.lines()
        wrapped = sum(
            len(fonts.wrap(line, size_px, width - 2 * self.px(24), bold=i == 0))
            for i, line in enumerate(said_lines)
        )
        said = wrapped * fonts.line_step(size_px)
        said += len(said_lines) * self.px(6)
        stepper = self.board_words() is not None
        tall = self.px(24) + self.text_px(26) * 2 + said + self.px(46 + 16 + 24)
        if stepper:
            tall += self.px(46 + 12)
        if beside is not None:
            self.panel = beside
        else:
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
        self.stepper_box = pygame.Rect(0, 0, 0, 0)
        if stepper:
            arrow = self.px(46)
            row = pygame.Rect(
                self.panel.x + self.px(16),
                close.top - self.px(12) - arrow,
                self.panel.w - 2 * self.px(16),
                arrow,
            )
            for step, rect, mark in (
                (-1, pygame.Rect(row.x, row.y, arrow, arrow), "◀"),
                (1, pygame.Rect(row.right - arrow, row.y, arrow, arrow), "▶"),
            ):
                self.buttons.add(
                    Button(
                        rect,
                        mark,
                        self._stepper(step),
                        self.text_px(18),
                        enabled=len(self.options_shown()) > 1,
                        key=f"shown:{'prev' if step < 0 else 'next'}",
                    )
                )
            self.stepper_box = row.inflate(-2 * (arrow + self.px(8)), 0)
        self.buttons.focus = 0

    def draw(self, surface: pygame.Surface) -> None:
        if self.table is not None and self.panel.w:
            draw_panel(surface, self.panel)  # beside the board: nothing dimmed
        else:
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
        tops = [b.rect.top for b in self.buttons.buttons]
        bottom = min(tops) - self.px(10)
        line_h = fonts.line_step(size)  # a paragraph's lines apart (POLISH3)
        for index, line in enumerate(self.lines()):
            bold = index == 0
            pieces = fonts.wrap(line, size, width, bold=bold)
            if index > 0 and y + len(pieces) * line_h > bottom:
                break  # what is past the panel's room is left out whole, never cut mid-way
            for piece in pieces:
                if y + line_h > bottom:
                    break  # the pick's own line, in a panel too small for it
                draw_text(
                    surface,
                    piece,
                    size,
                    (self.panel.x + pad, y),
                    theme.INK,
                    bold,
                    within=self.panel,
                )
                y += line_h
            y += self.px(6)
        words = self.board_words()
        if words is not None and self.stepper_box.w > 0:
            box = self.stepper_box
            lines = fonts.wrap(words, max(14, self.text_px(15)), box.w)[:2]
            small = max(14, self.text_px(15))
            step_h = fonts.line_step(small)
            ty = box.centery - step_h * len(lines) // 2
            for line in lines:
                text, fitted = fonts.fit(line, small, box.w, 12)
                draw_text(
                    surface,
                    text,
                    fitted,
                    (box.centerx, ty),
                    theme.ACCENT_DARK if self.on_board else theme.INK_SOFT,
                    anchor="midtop",
                    within=box,
                )
                ty += step_h
        super().draw(surface)
