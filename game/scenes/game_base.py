"""What every game scene shares, written once: the game run through a driver
(:class:`game.table.driver.TableDriver`: at this screen, hosted here or elsewhere), its
computer seats' decisions shown with a visible "thinking" cue and a pause people can
follow, the hand-off curtain between people, events played in order as animations
(skippable; speed from settings; input locked only while something moves), the event
log, pause and rules help, autosave, the table frame around the board
(:mod:`game.scenes.frame`: header, seat panels, log, hint bar, thinking cue) and the end
screen (:mod:`game.scenes.end_screen`, fed by :meth:`GameScene.final_breakdown`).

A game scene subclasses :class:`GameScene`, cuts the window with :meth:`plan_frame` in its
``layout``, answers the frame's hooks, and implements:

- ``static_key()``, ``paint_static(surface)`` and ``paint_moving(surface)``: the still
  picture and what moves over it, put on the screen with the frame's panels by the one
  compositor (:mod:`game.scenes.table.compose`); the current person's private things
  only when ``self.private_player`` is set (the curtain guarantees who is looking);
- ``play_event(event) -> None``: start tweens on ``self.timeline`` for one event;
- ``describe(event) -> str | None``: the log line for an event (EN/JA through ``self.t``);
- ``human_event(event, player) -> None``: turn clicks/keys into an action and call
  ``self.act(player, action)``.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING, ClassVar

import pygame

from game import registry, saves
from game.ai import Bot, make_bot
from game.rules.protocol import Event, IllegalAction
from game.scenes.base import Scene
from game.scenes.end_screen import Breakdown, GameOverScene
from game.scenes.frame import TableFrame, TablePlan, plan_table
from game.scenes.table.compose import Compositor
from game.session import Session
from game.table.bots import BotRunner
from game.table.driver import TableDriver, as_driver
from game.ui import fonts, theme
from game.ui.tween import Timeline
from game.ui.widgets import Button, draw_tip, sink_of

if TYPE_CHECKING:
    from game.scenes.lesson import LessonGuide

BOT_DELAY = 0.7  # seconds a computer seat "thinks" at least, so people can follow


class GameScene(TableFrame, Scene):
    def __init__(self, app, table: TableDriver | Session):
        """``table``: the driver the game runs through (a Session alone: at this screen).
        The scene draws from ``self.session``, the driver's game."""
        super().__init__(app)

        self.driver = as_driver(table)
        self.session = session = self.driver.session
        self.info = registry.get(session.game_id)
        self.timeline = Timeline()
        self.events: list[Event] = []  # waiting to be animated
        self.log: list[str] = []
        self.private_player: int | None = None
        self.end_shown = False
        self.last_round = session.state.round_number
        self.error: str | None = None
        self.log_scroll = 0  # lines scrolled back from the newest (the frame's log)
        # a guided lesson over this game (game.scenes.lesson.LessonGuide), or None
        self.lesson: LessonGuide | None = None
        self.compositor = Compositor(self, self)
        self.frame_reset()

    # -- to implement --------------------------------------------------------------------
    def static_key(self) -> Hashable:
        """Everything :meth:`paint_static` draws depends on (see game.scenes.table.compose)."""
        raise NotImplementedError

    def paint_static(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def paint_moving(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def play_event(self, event: Event) -> None:
        raise NotImplementedError

    def describe(self, event: Event) -> str | None:
        return None

    def human_event(self, event: pygame.event.Event, player: int) -> None:
        raise NotImplementedError

    def sync_from_state(self) -> None:
        """Hook: put every drawn piece where the state says (after a skip or a jump)."""

    def fast_forward(self, rounds: int, actions: int = 0) -> None:
        """Let every seat (people too, as 'normal' bots) play until ``rounds`` rounds are
        done and then ``actions`` more actions (a table in the middle of a round), without
        animation; then show seat 0's point of view. For screenshots/tests."""
        rng = random.Random(self.session.bot_seed)  # never the game's seed (issue #18)
        bots: dict[int, Bot] = {}
        runner = BotRunner()
        state = self.state
        for event in self.events:  # still waiting to be played (the opening)
            line = self.describe(event)
            if line:
                self.log_line(line)
        extra = actions
        while not state.is_over() and (state.round_number <= rounds or extra > 0):
            if state.round_number > rounds:
                extra -= 1
            player = state.to_act()[0]
            bot = bots.setdefault(player, make_bot(self.session.game_id, "normal"))
            for event in self.driver.submit(player, runner.decide(bot, state, player, rng)):
                if event.visible_to is None:
                    line = self.describe(event)
                    if line:
                        self.log_line(line)
        self.events.clear()
        self.timeline = Timeline()
        self.last_round = state.round_number
        if self.session.seats[0].human:
            self.private_player = 0
            self.session.viewer = 0
        self.sync_from_state()

    # -- helpers for subclasses ------------------------------------------------------------
    @property
    def state(self):
        return self.session.state

    @property
    def speed(self) -> float:
        return self.app.settings.animation_speed

    def seat_name(self, player: int) -> str:
        return self.session.seats[player].name

    def score_text(self, player: int, value) -> str:
        """How a score reads on the end screen (a game may say more than a number)."""
        return f"{value:g}" if isinstance(value, (int, float)) else str(value)

    def final_breakdown(self) -> Breakdown:
        """Hook for the end screen: how each seat's score came about, from what the game's
        rules compute (a game overrides it; by default only the score itself)."""
        players = self.session.players
        return Breakdown((), ((),) * players, self.t("app.end_total"), summed=False)

    def seat_colour(self, player: int) -> tuple[int, int, int]:
        """Seat ``player``'s colour: the same in every game, whatever its character
        (issue #16); its mark is drawn with ``game.ui.identity.draw_seat_mark``."""
        return theme.seat_colour(player)

    def act(self, player: int, action) -> bool:
        """Apply a person's action; on a rules refusal, say why and change nothing. In a
        lesson, an action the step does not ask for is refused with the step's hint."""
        if self.lesson is not None and not self.lesson.allows(player, action):
            return False
        try:
            events = self.driver.submit(player, action)
        except IllegalAction as exc:
            self.log_line(str(exc))
            return False
        self.queue_events(events)
        if self.lesson is not None:
            self.lesson.acted(player, action)
        return True

    def queue_events(self, events: list[Event]) -> None:
        viewer = self.private_player
        for event in events:
            if event.seen_by(viewer) or event.visible_to is None:
                self.events.append(event)

    def log_line(self, text: str) -> None:
        self.log.append(text)
        del self.log[:-200]
        if self.log_scroll:  # someone reading back keeps their place: the new entry's
            # lines come in under it (scroll_log keeps it within the log)
            size, _line_h, width, _fit = self.log_geometry(self.plan.log)
            self.scroll_log(len(fonts.wrap(text, size, width)))

    def plan_frame(self, size, **kwargs) -> TablePlan:
        """Cut the window into the shared frame (see :func:`game.scenes.frame.plan_table`)
        and forget the frame's cached pictures."""
        self.plan = plan_table(size, self.px, self.session.players, **kwargs)
        self.frame_reset()
        self.compositor.forget()
        return self.plan

    def active_human(self) -> int | None:
        """The person who must decide now (the first one, when several choose in secret)."""
        if self.busy_animating():
            return None
        humans = self.driver.local_deciders()
        return humans[0] if humans else None

    def deciding(self) -> int | None:
        """The person whose controls are on screen now (their turn, their screen)."""
        if self.state.is_over():
            return None
        human = self.active_human()
        return human if human is not None and human == self.private_player else None

    # -- the loop --------------------------------------------------------------------------
    def busy_animating(self) -> bool:
        return self.timeline.busy() or bool(self.events)

    def busy(self) -> bool:
        return (
            self.busy_animating()
            or bool(self.session.pending)
            or (not self.state.is_over() and bool(self.session.bots_to_act()))
        )

    def update(self, dt: float) -> None:
        if self.lesson is not None:
            self.lesson.update(dt)
        self.timeline.update(dt * self.speed)
        while not self.timeline.busy() and self.events:
            event = self.events.pop(0)
            line = self.describe(event)
            if line:
                self.log_line(line)
            self.play_event(event)
        if self.busy_animating() or self.app.top is not self:
            return
        state = self.state
        if state.round_number != self.last_round:
            self.last_round = state.round_number
            self.on_round_end()
        if state.is_over():
            # a lesson's steps about the end are shown on the table before the end screen
            if not self.end_shown and (self.lesson is None or self.lesson.run.done):
                self.end_shown = True
                self.on_game_over()
            return
        events = self.driver.poll(BOT_DELAY / self.speed)  # a computer seat's action
        if events:
            self.queue_events(events)
            return
        human = self.active_human()
        if human is not None and human != self.private_player:
            self.show_private(human)

    def show_private(self, player: int) -> None:
        """Hand the screen to ``player``, behind the curtain when others were looking."""
        if self.driver.needs_handoff(player):
            self.private_player = None

            def ready():
                self.private_player = player
                self.session.viewer = player
                self.on_private_shown(player)

            self.app.push(
                self.app.router.screen("handoff")(
                    self.app, self.seat_name(player), self.seat_colour(player), ready, seat=player
                )
            )
        else:
            self.private_player = player
            self.session.viewer = player
            self.on_private_shown(player)

    def on_private_shown(self, player: int) -> None:
        """Hook: a person's private things are now on screen."""

    def on_round_end(self) -> None:
        self.autosave()

    def on_game_over(self) -> None:
        self.app.sound.play("win")
        self.autosave()
        self.record_history()
        self.app.push(GameOverScene(self.app, self))

    def record_history(self) -> None:
        """The finished game into the history (issue #28), with the end screen's
        breakdown. A game at this screen or hosted from it has the whole record; a game
        joined over the network has only its seat's view and is not recorded (yet)."""
        session = self.session
        if not isinstance(session, Session):
            return
        local = set(self.driver.local_seats()) if hasattr(self.driver, "host") else None
        kinds = [
            "computer" if not seat.human else "person" if local is None or i in local else "online"
            for i, seat in enumerate(session.seats)
        ]
        variant = session.options.get("variant")
        self.app.record_game(
            session,
            source="local" if local is None else "hosted",
            kinds=kinds,
            breakdown=[list(row) for row in self.final_breakdown().parts],
            variant=variant if isinstance(variant, str) else None,
            lesson=self.lesson is not None,
        )

    def autosave(self) -> None:
        if self.lesson is not None:  # a lesson keeps its place, not a saved game
            self.lesson.save()
            return
        try:
            saves.autosave(self.session)
        except OSError as exc:
            self.log_line(str(exc))
            self.app.report_autosave(exc)  # a dialog, once per streak of failures
        else:
            self.app.report_autosave(None)

    def on_quit(self) -> None:
        self.autosave()

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_pause()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_F1, pygame.K_h):
            self.app.router.open("help", self.info)
            return
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_z
            and event.mod & pygame.KMOD_CTRL
        ):
            self.undo()
            return
        if self.lesson is not None and self.lesson.handle_event(event):
            return
        if self.buttons.handle_event(event):
            return
        if getattr(self, "plan", None) is not None and self.frame_event(event):
            return
        if self.busy_animating():
            if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE
            ):
                self.skip_animation()
            return
        human = self.active_human()
        if human is not None and human == self.private_player:
            self.human_event(event, human)

    def skip_animation(self) -> None:
        self.timeline.finish_all()
        while self.events:
            event = self.events.pop(0)
            line = self.describe(event)
            if line:
                self.log_line(line)
            self.play_event(event)
            self.timeline.finish_all()
        self.sync_from_state()

    def open_pause(self):
        self.app.push(
            self.app.router.screen("pause")(
                self.app, self.info, on_quit_to_menu=self.autosave, session=self.session
            )
        )

    # -- drawing ---------------------------------------------------------------------------
    def layout(self, size):
        super().layout(size)
        w, _h = size
        self.buttons.clear()
        menu = pygame.Rect(w - self.px(118), self.px(8), self.px(52), self.px(40))
        rules = pygame.Rect(w - self.px(60), self.px(8), self.px(52), self.px(40))
        self.buttons.add(Button(menu, "≡", self.open_pause, self.px(20), key="pause"))
        # the same place in every game; greyed with its reason while nothing can be undone
        undo = pygame.Rect(w - self.px(226), self.px(8), self.px(102), self.px(40))
        self.undo_button = self.buttons.add(
            Button(undo, self.t("app.undo"), self.undo, self.px(17), key="undo", enabled=False)
        )
        self.refresh_undo()
        self.buttons.add(Button(rules, "?", self._help, self.px(22), key="help"))

    def undo_refusal(self) -> str | None:
        """Why the person at the screen cannot take back their last action now (a key of
        ``Session.undo_refusal``, or "busy" while pieces move), None when they can."""
        if self.busy_animating():
            return "busy"
        if self.lesson is not None and not self.lesson.run.done:
            return "lesson"  # its steps follow the game as played
        return self.driver.undo_refusal(self.private_player)

    def refresh_undo(self) -> None:
        """Grey the undo button, with its reason for hover and focus, or enable it."""
        refusal = self.undo_refusal()
        self.undo_button.enabled = refusal is None
        self.undo_button.why = "" if refusal is None else self.t(f"app.undo_why_{refusal}")

    def undo(self) -> None:
        """Take back the person's last action while nothing hidden or left to chance has
        come out since and nobody else has acted (the button, Ctrl+Z)."""
        player = self.private_player
        if player is None or self.undo_refusal() is not None:
            return
        self.driver.undo(player)
        self.last_round = self.state.round_number  # not a round end: it is the old round
        self.log_line(self.t("app.undone"))
        self.sync_from_state()
        self.on_private_shown(player)  # the person's hand and choices as they were
        self.refresh_undo()

    def draw_undo_tip(self, surface: pygame.Surface) -> None:
        """The reason of a greyed button under the pointer or the keyboard focus."""
        button = self.buttons.tip()
        if button is not None:
            draw_tip(surface, button.why, button.rect, self.px(15))

    def _help(self):
        self.app.router.open("help", self.info)

    def probe(self) -> dict:
        """For end-to-end drivers: a point where a click reaches each enabled button and
        each of the table's own targets (see :func:`reachable`)."""
        targets = reachable(self.probe_targets())
        if self.lesson is not None:
            targets.update(self.lesson.probe(targets))
        return targets

    def probe_targets(self) -> list[tuple[str, pygame.Rect]]:
        """``(key, rect)`` a click may reach, in the order a click is offered to them."""
        return [(b.key, b.rect) for b in self.buttons.buttons if b.enabled]

    # -- lessons -----------------------------------------------------------------------------
    FRAME_PARTS: ClassVar[tuple[str, ...]] = ("header", "board", "bar", "hint", "controls", "log")
    # a lesson's name for a frame button -> its key
    BUTTON_NAMES: ClassVar[dict[str, str]] = {"menu": "pause"}

    def lesson_element(self, name: str) -> pygame.Rect | None:
        """Where the element a lesson step names is on screen, or None when it is not
        there now: the frame's parts (``board``, ``log``, ``seat:1``...), a button or a
        choice by its key (``undo``, ``roll``), else the game's own
        (:meth:`lesson_game_element`). See ``game.lessons`` for the names."""
        plan = getattr(self, "plan", None)
        if plan is None:
            return None
        if name in self.FRAME_PARTS:
            rect = getattr(plan, name)
            return rect if rect.w > 0 and rect.h > 0 else None
        if name.startswith("seat:"):
            index = int(name[5:])
            return plan.seats[index] if index < len(plan.seats) else None
        key = self.BUTTON_NAMES.get(name, name)
        for button in self.buttons.buttons:
            if button.key == key:
                return button.rect
        return self.lesson_game_element(name)

    def lesson_game_element(self, name: str) -> pygame.Rect | None:
        """Hook: a game's own element that is not a button now (a piece, a tile)."""
        return None

    def draw_table(self, surface: pygame.Surface) -> None:
        """The table: its still picture and the frame's panels, then what moves; the texts
        into the sink bound to ``surface`` (a layout test's), if any."""
        self.compositor.compose(surface, sink_of(surface))

    def draw(self, surface):
        self.draw_table(surface)
        self.refresh_undo()
        super().draw(surface)
        self.draw_undo_tip(surface)
        if self.lesson is not None:
            self.lesson.draw(surface)


def reachable(targets) -> dict:
    """``{key: [x, y]}``: for each ``(key, rect)``, in the order a click is offered to
    them, a point where a click reaches it — not merely its centre: the first target under
    the pointer takes a click and targets on a table overlap (fanned pawns), so a centre
    may belong to the piece in front. A target no click can reach is left out; one with
    an empty key only stands in front of the others."""
    out = {}
    earlier: list[pygame.Rect] = []
    for key, rect in targets:
        if key:
            point = next(
                (
                    p
                    for p in _points_in(rect)
                    if rect.collidepoint(p) and not any(r.collidepoint(p) for r in earlier)
                ),
                None,
            )
            if point is not None:
                out[key] = list(point)
        earlier.append(rect)
    return out


def _points_in(rect: pygame.Rect):
    """The centre of ``rect``, then a grid over it from the middle outwards."""
    yield rect.center
    steps = [i / 8 for i in range(1, 8)]
    grid = [(int(rect.x + rect.w * fx), int(rect.y + rect.h * fy)) for fx in steps for fy in steps]
    grid.sort(key=lambda p: (p[0] - rect.centerx) ** 2 + (p[1] - rect.centery) ** 2)
    yield from grid
