"""A lesson on the real table (issue #19): the game's own scene, with a guide attached
(``scene.guide``, a :class:`~game.scenes.table.guide.TableGuide`) that points at one thing at a time, says what to do and why, lets only
the action the step asks for through, and keeps the person's place.

The guide draws over the table: a ring round the element the step is about (found by the
scene's :meth:`~game.scenes.table.scene.TableScene.lesson_element`), a callout box with the
step's text beside it with a line to the ring, a Next button on a step that is only read,
and the step's hint when something else was tried. It shows a step only when the table is
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
from game.scenes.table.guide import NoGuide
from game.session import Seat, Session, default_seats, new_seed
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_panel, draw_text

if TYPE_CHECKING:
    from game.scenes.table.scene import TableScene

REFUSAL_SECONDS = 4.0  # how long the hint stays after something else was tried
RING = (232, 110, 60)


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
        """The step on screen now: None while pieces move, computers play, or it is done."""
        scene = self.scene
        if self.run.done or scene.busy_animating() or not self.run.ready():
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
        if self.run.done and not self.finished and not self.scene.busy_animating():
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
        them, from the scene's ``lesson_clicks``)."""
        step = self.shown_step()
        if step is None:
            return {}
        if step.expect is None:
            if self.next_button is None:
                return {}
            return {"lesson:next": list(self.next_button.rect.center)}
        keys = self.scene.lesson_clicks(step.expect) if step.expect != "any" else None
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
        return self.scene.lesson_element(step.point)

    def draw(self, surface: pygame.Surface) -> None:
        step = self.shown_step()
        self.next_button = None
        self.callout = None
        if step is None:
            return
        scene = self.scene
        if self.focused_step != step.index:
            self.focused_step = step.index
            self._focus_expected(step)
        target = self.element(step)
        if target is not None:
            self._draw_ring(surface, target)
        targets = self.targets(step)
        lang = scene.t.lang
        size = scene.text_px(18)
        small = scene.text_px(15)
        board = scene.plan.board
        width = min(scene.px(470), board.w - scene.px(24))
        pad = scene.px(14)
        text_w = width - 2 * pad
        lines = fonts.wrap(step.says(lang), size, text_w)
        refusing = (
            step is not None
            and self.refused_at is not None
            and self.clock - self.refused_at < REFUSAL_SECONDS
        )
        hint = ""
        if refusing:
            hint = step.hint_says(lang) or self.t(
                "app.lesson_refused_next" if step.expect is None else "app.lesson_refused"
            )
        hint_lines = fonts.wrap(hint, small, text_w) if hint else []
        line_h = round(size * 1.3)
        small_h = round(small * 1.3)
        head = self.t(
            "app.lesson_step",
            title=self.lesson.title_in(lang),
            n=step.index + 1,
            total=len(self.lesson.steps),
        )
        # the heading in bold on one line, smaller down to the floor, else on two lines:
        # never cut, never past the bubble's edge (issue #27)
        head_size = next(
            (
                s
                for s in range(small, theme.MIN_TEXT_PX - 1, -1)
                if fonts.font(s, True).size(head)[0] <= text_w
            ),
            None,
        )
        head_lines = [head] if head_size is not None else fonts.wrap(head, small, text_w, True)
        head_size = head_size or small
        button_h = scene.px(40) if step.expect is None else 0
        height = (
            pad
            + small_h * len(head_lines)  # the lesson's title and the step number
            + scene.px(4)
            + line_h * len(lines)
            + (scene.px(6) + small_h * len(hint_lines) if hint_lines else 0)
            + (scene.px(10) + button_h if button_h else 0)
            + pad
        )
        box = self._place(pygame.Rect(0, 0, width, height), targets, board)
        self.callout = box
        if target is not None:
            self._draw_pointer(surface, box, target)
        draw_panel(surface, box, fill=(255, 252, 236), edge=RING, radius=scene.px(12))
        inner = box.inflate(-2 * pad, -2 * pad)
        y = box.y + pad
        for line in head_lines:
            draw_text(
                surface, line, head_size, (inner.x, y), theme.ACCENT_DARK, bold=True, within=inner
            )
            y += small_h
        y += scene.px(4)
        for line in lines:
            draw_text(surface, line, size, (inner.x, y), theme.INK, within=inner)
            y += line_h
        if hint_lines:
            y += scene.px(6)
            for line in hint_lines:
                draw_text(surface, line, small, (inner.x, y), theme.BAD, bold=True, within=inner)
                y += small_h
        if button_h:
            y += scene.px(10)
            rect = pygame.Rect(0, y, scene.px(140), button_h)
            rect.right = inner.right
            self.next_button = Button(
                rect,
                self.t("app.lesson_next"),
                self.press_next,
                scene.text_px(17),
                primary=True,
                key="lesson:next",
            )
            self.next_button.draw(surface, focused=True)

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

    def _draw_ring(self, surface: pygame.Surface, target: pygame.Rect) -> None:
        px = self.scene.px
        pulse = 0.5 + 0.5 * abs(((self.clock * 1.6) % 2.0) - 1.0)
        ring = target.inflate(px(8) + round(px(6) * pulse), px(8) + round(px(6) * pulse))
        radius = min(px(14), ring.w // 2, ring.h // 2)
        pygame.draw.rect(
            surface,
            theme.INK_LIGHT,
            ring.inflate(px(4), px(4)),
            width=px(3),
            border_radius=radius + px(2),
        )
        pygame.draw.rect(surface, RING, ring, width=max(3, px(4)), border_radius=radius)

    def _draw_pointer(self, surface: pygame.Surface, box: pygame.Rect, target: pygame.Rect) -> None:
        """A line with a dot from the callout's nearest edge to the ring's."""
        if box.colliderect(target):
            return
        tx = min(max(box.centerx, target.left), target.right)
        ty = min(max(box.centery, target.top), target.bottom)
        bx = min(max(tx, box.left), box.right)
        by = min(max(ty, box.top), box.bottom)
        width = max(2, self.scene.px(3))
        pygame.draw.line(surface, RING, (bx, by), (tx, ty), width)
        pygame.draw.circle(surface, RING, (tx, ty), max(3, self.scene.px(5)))

    def targets(self, step: Step) -> list[pygame.Rect]:
        """What the step points at and talks about (its ``point`` and ``about``), where
        each is on screen now: what its callout must never cover (issue #27)."""
        names = (step.point, *step.about)
        return [r for r in (self.scene.lesson_element(n) for n in names) if r is not None]

    def _place(
        self, box: pygame.Rect, targets: list[pygame.Rect], board: pygame.Rect
    ) -> pygame.Rect:
        """Where the callout goes (issue #27): beside its element, trying its sides (the
        one with more room first: far from an element on the board, so that what the
        step's action would do beside it stays in sight; towards the board from an
        element outside it), then the board's edges and corners, in the board and then
        anywhere in the window; the first place that covers none of the step's targets
        (and, of those, the one that hides least of what the scene keeps clear). A
        target as big as the board (a step about the whole board) cannot be avoided: the
        callout then goes to the board's top."""
        px = self.scene.px
        gap = px(18)
        area = board.inflate(-px(12), -px(12))
        window = self.scene.app.screen.get_rect().inflate(-px(8), -px(8))
        avoid = [t for t in targets if not (t.contains(area) or t.w * t.h > area.w * area.h // 2)]
        places: list[pygame.Rect] = []
        for room in (area, window):
            for target in avoid[:1]:
                below, above = room.bottom - target.bottom, target.top - room.top
                right, left = room.right - target.right, target.left - room.left
                sides = []
                for name, space in (("below", below), ("above", above)):
                    sides.append((space, 1, name))
                for name, space in (("right", right), ("left", left)):
                    sides.append((space, 0, name))
                for _space, _kind, name in sorted(sides, key=lambda s: (-s[1], -s[0])):
                    place = box.copy()
                    if name in ("below", "above"):
                        place.centerx = target.centerx
                        if name == "below":
                            place.top = target.bottom + gap
                        else:
                            place.bottom = target.top - gap
                    else:
                        place.centery = target.centery
                        if name == "right":
                            place.left = target.right + gap
                        else:
                            place.right = target.left - gap
                    places.append(place.clamp(room))
            for edge in ("midtop", "midbottom", "topleft", "topright", "bottomleft", "bottomright"):
                place = box.copy()
                setattr(place, edge, getattr(room, edge))
                places.append(place.clamp(room))
        keep = self.scene.lesson_keep_clear()

        def covered(place: pygame.Rect, rects: list[pygame.Rect]) -> int:
            return sum(place.clip(r).w * place.clip(r).h for r in rects)

        free = [p for p in places if not any(p.colliderect(t) for t in avoid)]
        if not free:  # nowhere clear of them all: where it hides least of them
            return min(places, key=lambda p: covered(p, avoid))
        if not keep:
            return free[0]
        # a board the game fills (Cluck-peep!'s ladder) has no empty edge: of the places
        # clear of the targets, the one hiding least of what the scene keeps clear (the
        # chicken's way the table previews), of equals the first
        in_board = [p for p in free if area.contains(p)] or free
        return min(in_board, key=lambda p: covered(p, keep))


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
        autosave = getattr(scene, "autosave", None)  # a table (TableScene)
        if callable(autosave):
            autosave()
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
