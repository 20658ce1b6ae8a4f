"""A lesson on the real table (issue #19): the game's own scene, with a guide attached
(``scene.guide``, a :class:`~game.scenes.table.guide.TableGuide`) that points at one thing at a time, says what to do and why, lets only
the action the step asks for through, and keeps the person's place.

The guide draws over the table (:mod:`game.scenes.table.lesson_callout`): a ring round
the element the step is about (found by the scene's
:func:`~game.scenes.table.elements.lesson_element`), a callout box with the step's
text beside it with a line to the ring, a Next button on a step that is only read, and
the step's hint when something else was tried. It shows a step only when the table is
at rest and the person is to act (between steps the computer seats play).

Leaving (the menu's "Quit to menu", closing the window) keeps the place in
``lessons.json`` (``game.lessons.save_progress``); "Learn to play" (the menu, the lobby,
the rules help: :func:`open_lesson`) then offers to go on from there or to start again
(:class:`LessonStartScene`). At the end :class:`LessonDoneScene` offers to play on, a
normal game with the same table, or the menu.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import lessons, registry
from game.lessons import Lesson, LessonError, LessonRun, Step
from game.rules.protocol import Action
from game.scenes.base import ModalScene
from game.scenes.table import elements
from game.scenes.table.guide import NoGuide
from game.scenes.table.lesson_callout import draw_callout
from game.session import Seat, Session, default_seats, new_seed
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from game.scenes.table.scene import TableScene


class LessonGuide:
    """The guide over a lesson's table (a :class:`~game.scenes.table.guide.TableGuide`):
    what is allowed, and the callout over it."""

    def __init__(self, scene: TableScene, run: LessonRun):
        self.scene = scene
        self.run = run
        self.refused_at: float | None = None
        self.clock = 0.0
        self.next_button: Button | None = None
        self.callout: pygame.Rect | None = None
        self.finished = False  # the end dialog was offered
        self.keeps_place = True  # False: nothing written to lessons.json (a screenshot)
        self.focused_step: int | None = None  # the step whose control got the focus

    @property
    def lesson(self) -> Lesson:
        return self.run.lesson

    @property
    def step(self) -> Step | None:
        return self.run.step

    @property
    def learner(self) -> int:
        return self.lesson.human

    def t(self, key: str, **fields) -> str:
        return self.scene.t(key, **fields)

    # -- what the table asks of the guide ---------------------------------------------------
    def blocks_end(self) -> bool:
        return not self.run.done  # its steps about the end first, on the table

    def autosave(self) -> bool:
        self.save()  # its place, not a saved game
        return True

    def undo_refusal(self) -> str | None:
        return None if self.run.done else "lesson"  # its steps follow the game as played

    def shown_step(self) -> Step | None:
        """The step on screen now: None while pieces move, computers play, or it is done.
        A computer choosing in secret beside the person (Duck! Duck! Go!'s order) is
        playing too: its choice lands and plays after the step showed, which hid it again
        (a driver that read the step in between clicked a step gone: issue #37)."""
        scene = self.scene
        if self.run.done or scene.player.busy() or not self.run.ready():
            return None
        if scene.driver.working():
            return None
        if not scene.state.is_over() and scene.private_player != self.lesson.human:
            return None
        return self.run.step

    def reading(self) -> bool:
        step = self.shown_step()
        return step is not None and step.expect is None

    def allows(self, player: int, action: Action) -> bool:
        if self.run.allows(player, action):
            return True
        self.refused_at = self.clock
        self.scene.app.sound.play("click")
        return False

    def acted(self, player: int, action: Action) -> None:
        if self.run.acted(player, action):
            self.refused_at = None
            self.save()

    def press_next(self) -> None:
        if self.shown_step() is not None and self.run.next():
            self.refused_at = None
            self.save()

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.run.done and not self.finished and not self.scene.player.busy():
            self.finished = True
            if self.keeps_place:
                lessons_forget(self.lesson.id)
            self.scene.app.push(LessonDoneScene(self.scene.app, self.scene))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Next by click, Enter, Space or the right arrow on a step to read; True when
        the event was the guide's."""
        step = self.shown_step()
        if step is None or step.expect is not None:
            return False
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.next_button is not None
            and self.next_button.rect.collidepoint(event.pos)
        ):
            self.press_next()
            return True
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
            pygame.K_RIGHT,
        ):
            self.press_next()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            # a click on the table while a step is to be read: say to press Next
            if self.callout is None or not self.callout.collidepoint(event.pos):
                self.refused_at = self.clock
            return True
        return False

    def probe(self, targets: dict | None = None) -> dict:
        """For end-to-end drivers: ``lesson:next`` on a step to read, ``lesson:do`` on a
        step that waits for an action: where a click takes it (the point ``targets``, the
        table's own probe, gives the control that takes the action; for a free choice,
        the first control with an action; for an action of several clicks, the next of
        them, from the game's ``lesson_clicks``)."""
        step = self.shown_step()
        if step is None:
            return {}
        if step.expect is None:
            if self.next_button is None:
                return {}
            return {"lesson:next": list(self.next_button.rect.center)}
        keys = self.scene.game.lesson_clicks(step.expect) if step.expect != "any" else None
        if keys is not None:
            # an action of several clicks (Cluck-peep!: tile, Turn over, Place): the next
            point = (targets or {}).get(keys[0]) if keys else None
            return {} if point is None else {"lesson:do": list(point)}
        for choice in self.scene.controls:
            action = choice.action
            if action is None or step.expect not in ("any", str(action)):
                continue
            point = (targets or {}).get(choice.key)
            if point is not None:
                return {"lesson:do": list(point)}
        return {}

    def probe_state(self) -> dict:
        """The lesson's place for a driver's probe file: the step reached, how many there
        are, and the step on screen (None while the table is busy)."""
        shown = self.shown_step()
        return {
            "id": self.lesson.id,
            "step": self.run.index,
            "steps": len(self.lesson.steps),
            "shown": None if shown is None else shown.index,
        }

    def save(self) -> None:
        """Keep the place in the lesson (a failure is said in the log, not in a dialog)."""
        if self.run.done or not self.keeps_place:
            return
        try:
            lessons.save_progress(self.lesson.id, self.run.progress())
        except OSError as exc:
            self.scene.log_line(str(exc))

    # -- drawing ------------------------------------------------------------------------------
    def element(self, step: Step) -> pygame.Rect | None:
        return self.place(step.point)

    def place(self, name: str) -> pygame.Rect | None:
        """Where the element a step names is on the table now
        (:func:`game.scenes.table.elements.lesson_element`)."""
        scene = self.scene
        return elements.lesson_element(scene.frame.plan, scene.buttons, scene.game, name)

    def before_frame(self) -> None:
        """The control that takes the step's action in focus when the step is first shown,
        before the table is composed: its first frame already shows the hint and the
        preview of that action (issue #38: drawn once, not drawn and then drawn again)."""
        step = self.shown_step()
        if step is not None and self.focused_step != step.index:
            self.focused_step = step.index
            self._focus_expected(step)

    def draw(self, surface: pygame.Surface) -> None:
        """The step shown now over the table (its ring, bubble and Next:
        game.scenes.table.lesson_callout), its control in focus when it is first shown
        (when no frame was composed for it yet: :meth:`before_frame`)."""
        step = self.shown_step()
        self.next_button = None
        self.callout = None
        if step is None:
            return
        self.before_frame()
        self.callout, self.next_button = draw_callout(self, surface, step)

    def _focus_expected(self, step: Step) -> None:
        """The keyboard focus (and so the table's preview) on the control that takes the
        step's action, in a game whose choices are controls (game.ui.choices)."""
        if step.expect in (None, "any"):
            return
        for choice in self.scene.controls:
            action = choice.action
            if action is not None and str(action) == step.expect:
                self.scene.focus_control(choice.key)
                return

    def targets(self, step: Step) -> list[pygame.Rect]:
        """What the step points at and talks about (its ``point`` and ``about``, the
        pieces the game says each of them is about, and where the step's action takes
        them: issue #38), where each is on screen now: what its callout must never cover
        (issue #27)."""
        names = (step.point, *step.about)
        rects = [r for r in (self.place(n) for n in names) if r is not None]
        game = self.scene.game
        rects += game.subject(step.point, step.expect)
        for name in step.about:
            rects += game.subject(name)
        return rects


def lessons_forget(lesson_id: str) -> None:
    try:
        lessons.save_progress(lesson_id, None)
    except OSError:
        pass  # a place kept in a finished lesson only offers to resume it


# == starting a lesson =============================================================================
def open_lesson(app, lesson_id: str) -> None:
    """ "Learn to play" reaching one lesson (the menu, the lobby, the rules help, or the
    chooser of a game with several: game.scenes.shell.lesson_choice.learn): the lesson from its
    start; when a place in it was kept, first a choice between going on from there and
    starting again (:class:`LessonStartScene`). Whatever is on screen stays until the
    lesson starts (Back in the choice returns to it)."""
    try:
        lesson = lessons.load_lesson(lessons.lesson_path(lesson_id))
    except LessonError as exc:
        app.show_error(str(exc))
        return
    place = lessons.saved_place(lesson)
    if place is None:
        begin_lesson(app, lesson.id, fresh=True)
    else:
        app.push(LessonStartScene(app, lesson, place))


def begin_lesson(app, lesson_id: str, fresh: bool = False) -> TableScene | None:
    """Leave whatever is on screen for the title menu as "Quit to menu" does (a game under
    the rules help is saved first: a normal game autosaved, a lesson its place), then open
    the lesson over the menu."""
    for scene in reversed(app.stack[1:]):
        keeping = getattr(scene, "keeping", None)  # a table's (TableScene.keeping)
        if keeping is not None:
            keeping.autosave()
    app.pop_to_root()
    return start_lesson(app, lesson_id, fresh)


def _lesson_table(lesson: Lesson, t) -> list:
    """The lesson's seats as the table shows them: the lobby's default names (in the
    app's language), the lesson's people and computer levels."""
    seats = default_seats(registry.get(lesson.game), lesson.players, t)
    for index, seat in enumerate(lessons.lesson_seats(lesson)):
        seats[index].human = seat.human
        seats[index].level = seat.level
    return seats


def start_lesson(
    app, lesson_id: str, fresh: bool = False, keep_place: bool = True
) -> TableScene | None:
    """Open lesson ``lesson_id`` at the place left, or from the start (``fresh``: the
    place kept is forgotten); a lesson file that cannot be used is said in a dialog.
    ``keep_place=False`` (a screenshot of a step): lessons.json is neither read nor
    written, so the person's own place in the lesson stays as it was."""
    try:
        lesson = lessons.load_lesson(lessons.lesson_path(lesson_id))
    except LessonError as exc:
        app.show_error(str(exc))
        return None
    info = registry.get(lesson.game)
    seats = _lesson_table(lesson, app.t)
    run = None
    if fresh:
        if keep_place:
            lessons_forget(lesson.id)
    elif keep_place:
        run = LessonRun.resumed(lesson, lessons.read_progress().get(lesson.id), seats)
    if run is None:
        run = LessonRun(lesson, lessons.lesson_session(lesson, seats))
    scene = app.router.table(info.id)(app, run.session)
    guide = LessonGuide(scene, run)
    guide.keeps_place = keep_place
    scene.guide = guide
    app.push(scene)
    return scene


def start_normal_game(app, scene: TableScene) -> None:
    """A normal game with the lesson's table (same game, seats and options), new seed."""
    session = scene.session
    seats = [Seat.from_dict(s.to_dict()) for s in session.seats]
    seed = app.fixed_seed or new_seed()
    new = Session(
        session.game_id,
        seats,
        seed,
        dict(lesson.options) if (lesson := scene.guide.lesson) is not None else {},
        bot_budget_ms=app.settings.bot_budget_ms,
    )
    app.pop_to_root()
    app.push(app.router.table(scene.info.id)(app, new))


class _LessonDialog(ModalScene):
    """A lesson's question over the screen: a title, a line or two, and buttons stacked
    under them (the first one, the one in focus, is the one marked primary)."""

    height = 350  # design pixels
    title_px = 26

    def items(self) -> list[tuple[str, str, Callable[[], None]]]:
        """(key, label, action) of each button, top to bottom."""
        raise NotImplementedError

    def primary(self) -> str:
        return self.items()[0][0]

    def texts(self) -> tuple[str, str]:
        raise NotImplementedError

    def layout(self, size):
        super().layout(size)
        w, h = size
        more = max(0, len(self.items()) - 3) * 60  # design pixels of each button past three
        self.panel = pygame.Rect(0, 0, min(w - 40, self.px(560)), self.px(self.height + more))
        self.panel.center = (w // 2, h // 2)
        self.buttons.clear()
        items = self.items()
        bw, bh, gap = self.px(340), self.px(48), self.px(12)
        y = self.panel.bottom - self.px(24) - len(items) * bh - (len(items) - 1) * gap
        primary = self.primary()
        for key, label, action in items:
            rect = pygame.Rect(0, y, bw, bh)
            rect.centerx = self.panel.centerx
            self.buttons.add(
                Button(rect, label, action, self.text_px(20), key=key, primary=key == primary)
            )
            y += bh + gap
        self.buttons.focus = [key for key, _, _ in items].index(primary)

    def draw(self, surface):
        self.draw_backdrop(surface)
        inner = self.panel.inflate(-self.px(40), 0)
        title, body = self.texts()
        title, size = fonts.fit(title, self.text_px(self.title_px), inner.w, self.text_px(18), True)
        draw_text(
            surface,
            title,
            size,
            (self.panel.centerx, self.panel.y + self.px(self.title_px + 12)),
            theme.INK,
            bold=True,
            anchor="center",
            within=inner,
        )
        text = self.text_px(17)
        y = self.panel.y + self.px(self.title_px + 42)
        for line in fonts.wrap(body, text, inner.w)[:3]:
            draw_text(surface, line, text, (inner.x, y), theme.INK_SOFT, within=inner)
            y += round(text * 1.3)
        super().draw(surface)


class LessonStartScene(_LessonDialog):
    """A place was kept in the lesson: go on from there, start it again, or go back."""

    def __init__(self, app, lesson: Lesson, place: int):
        super().__init__(app)
        self.lesson = lesson
        self.place = place

    def items(self):
        return [
            ("resume_lesson", self.t("app.lesson_resume"), self._resume),
            ("restart_lesson", self.t("app.lesson_restart"), self._restart),
            ("back", self.t("app.back"), self.app.pop),
        ]

    def _resume(self) -> None:
        begin_lesson(self.app, self.lesson.id)

    def _restart(self) -> None:
        begin_lesson(self.app, self.lesson.id, fresh=True)

    def texts(self) -> tuple[str, str]:
        title = self.lesson.title_in(self.t.lang)
        body = self.t("app.lesson_resume_text", n=self.place + 1, total=len(self.lesson.steps))
        return title, body


class LessonDoneScene(_LessonDialog):
    """The lesson's end: play this game on, a normal game with the same table, or the menu.
    When the game is over too there is nothing to play on (issue #27): its results (the
    game's end screen), a normal game, the game's other lessons (when it has several), or
    the menu."""

    height = 330
    title_px = 28

    def __init__(self, app, scene: TableScene):
        super().__init__(app)
        self.scene = scene

    @property
    def game_over(self) -> bool:
        return self.scene.state.is_over()

    def items(self):
        if self.game_over:
            items = [
                ("play_on", self.t("app.lesson_see_results"), self._play_on),
                ("new_game", self.t("app.lesson_new_game"), self._new_game),
            ]
            if len(lessons.lesson_ids(self.scene.info.id)) > 1:
                items.append(("lessons", self.t("app.lesson_back_to_lessons"), self._lessons))
            return items + [("menu", self.t("app.quit_to_menu"), self._menu)]
        return [
            ("play_on", self.t("app.lesson_play_on"), self._play_on),
            ("new_game", self.t("app.lesson_new_game"), self._new_game),
            ("menu", self.t("app.quit_to_menu"), self._menu),
        ]

    def primary(self) -> str:
        return "new_game"

    def texts(self) -> tuple[str, str]:
        body = "app.lesson_done_won_text" if self.game_over else "app.lesson_done_text"
        return self.t("app.lesson_done"), self.t(body)

    def close(self) -> None:
        self._play_on()

    def _lessons(self) -> None:
        """The menu, with the chooser of the game's lessons over it."""
        self.scene.guide = NoGuide()
        self.app.pop_to_root()
        self.app.router.screen("lessons")(self.app, self.scene.info.id)

    def _play_on(self) -> None:
        self.scene.guide = NoGuide()  # from here on a normal game (autosaved as one)
        self.app.pop()

    def _new_game(self) -> None:
        start_normal_game(self.app, self.scene)

    def _menu(self) -> None:
        self.app.pop_to_root()
