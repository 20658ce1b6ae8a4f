"""The one table scene (issue #26): :class:`TableScene` runs a game through a driver
(:class:`game.table.driver.TableDriver`: at this screen, hosted here or elsewhere) with
the shared frame around it and asks the game only what
:class:`~game.scenes.table.contract.GameTable` says.

What every table does, written once here: its computer seats' decisions shown with a
visible "thinking" cue and a pause people can follow, the hand-off curtain between
people, events played in order as animations (skippable; speed from settings; input
locked only while something moves), undo, pause and rules help, autosave, the end
screen (:mod:`game.scenes.table.end_screen`, fed by :meth:`TableScene.final_breakdown`),
and the guide over the table (:mod:`game.scenes.table.guide`: a lesson's, or none) that
it tells what happens. Its parts (issue #37): the frame around the board (``self.frame``, a
:class:`~game.scenes.table.frame.TableFrame`: header, seat panels, bar, thinking cue,
asking the game's seats what to say) and the log (``self.log``, a
:class:`~game.scenes.table.frame_log.TableLog`: its lines, dividers, rebuild).

A game's name in the router opens this scene given the game's table
(:class:`~game.scenes.table.table_of.TableOf`): no game subclasses it. However the game is
run -- hosted here, joined, replayed, watched -- it is this one scene (issue #37): the
driver answers for its kind of table and tells what happened elsewhere as typed news
(:meth:`TableScene.take_news`); what the table shows of it beyond that is a part the scene
owns (:class:`~game.scenes.table.parts.TablePart`: a network seat's status, the replay's
revealed hands).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game import registry
from game.registry import CAST_BY_KEY
from game.rules.protocol import Event, IllegalAction
from game.scenes.base import Scene
from game.scenes.table import elements, record
from game.scenes.table.compose import Compositor
from game.scenes.table.contract import GameFactory, GameTable, Offered
from game.scenes.table.end_screen import Breakdown, GameOverScene
from game.scenes.table.frame import TableFrame, TableLog, TablePlan, TableSeats, plan_table
from game.scenes.table.guide import NoGuide, TableGuide
from game.scenes.table.parts import TablePart
from game.session import Session, shares_a_screen
from game.table.driver import TableDriver, as_driver
from game.table.news import (
    Answered,
    Connection,
    Dropped,
    Ended,
    Failed,
    Listening,
    News,
    Played,
    PortMoved,
    RecordArrived,
    Refused,
    Rejoined,
    SeatsChanged,
)
from game.ui import theme
from game.ui.i18n import Translator
from game.ui.tween import Timeline, Tween, ease_in_out
from game.ui.widgets import Button, draw_tip, sink_of

BOT_DELAY = 0.7  # seconds a computer seat "thinks" at least, so people can follow


class TableScene(Scene):
    covers_window = True  # every frame starts with the compositor's opaque still picture

    def __init__(
        self,
        app,
        table: TableDriver | Session,
        game: GameFactory,
        part: Callable[[TableScene], TablePart] | None = None,
    ):
        """``table``: the driver the game runs through (a Session alone: at this screen).
        The scene draws from ``self.session``, the driver's game; ``game`` makes its table
        (the router names it: :class:`~game.scenes.table.table_of.TableOf`); ``part`` makes what the table shows of
        how its game is run (none by default: a game at this screen)."""
        super().__init__(app)

        self.driver = as_driver(table)
        self.part: TablePart = TablePart() if part is None else part(self)
        self.session = session = self.driver.session
        self.info = registry.get(session.game_id)
        self.timeline = Timeline()
        self.events: list[Event] = []  # waiting to be animated
        self.log = TableLog(self, self._seat_names, lambda n: self.t.round(n))
        self.private_player: int | None = None
        # the seat whose screen it was until everybody watched (give_up_screen): it may
        # still take its move back, behind the curtain again
        self.gave_up: int | None = None
        self.end_shown = False
        self.last_round = session.state.round_number
        self.error: str | None = None
        # the guide over the table: a lesson's (game.scenes.table.lesson.LessonGuide) or none
        self.guide: TableGuide = NoGuide()
        self.base_buttons: list[Button] = []  # the frame's own, kept across the controls
        self.skipping = False  # skip_animation is running
        self._resync_due = False  # resync once idle (see ``GameTable.resync``)
        # events the viewer does not see that the table plays anyway: none while the game
        # is being made (its opening queued from its constructor), then as the game says
        self._plays_unseen: Callable[[Event], bool] = lambda _event: False
        self._refocused = False  # a lesson's focus changed the table (see draw)
        self._lang = self.t.lang  # the language the names and the log are in
        self._relog_due = False  # the log is rebuilt in a new language once at rest
        self.game: GameTable = game(self)
        self.frame = TableFrame(self.frame_seats(), self, self.log)
        self._plays_unseen = self.game.plays_unseen
        self.compositor = Compositor(self.game.drawing, self.frame)
        if self.driver.whole_record and session.actions:
            self.rebuild_log()  # a resumed game: its log so far
        elif not self.log and not session.actions:
            self.log.divider(self.last_round)

    def frame_seats(self) -> TableSeats:
        """What the frame's header, panels and bar say: the game's seats, as the table's
        part says them (:meth:`TablePart.seats`: a network seat's status, a replay's
        revealed hands)."""
        return self.part.seats(self.game.seats)

    def _seat_names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.session.seats[: self.session.players])

    # -- what the table asks the game ------------------------------------------------------
    def play_event(self, event: Event) -> None:
        """Start the event's animation on ``self.timeline``."""
        handler = self.game.animations.get(type(event))
        if handler is not None:
            self.part.shield(event, lambda: handler(event), None)
        resync = self.game.resync
        if resync == "when_idle":
            self._resync_due = True  # see update
        elif resync == "after_last_event" and not self.events:
            # The last event queued: nobody acts while events play, so once it has played
            # the state is what the table shows. Resync then (robust to anything skipped).
            self.timeline.then(Tween(0.0, None, None, ease_in_out, on_start=self.sync_from_state))

    def describe(self, event: Event) -> str | None:
        """The log line for an event (EN/JA), or None."""
        return self.part.shield(event, lambda: self.game.describe(event), None)

    def write_event(self, event: Event, divide: bool = True) -> None:
        """The event's line into the log (after its round's divider), not animated."""
        if divide:
            self.log.divide(event)
        line = self.describe(event)
        if line:
            self.log_line(line)

    def log_of(self, event: Event) -> str | None:
        """The log's line for an event played now: on a shared screen only what every
        seat saw (issue #36: the log stays on screen after its seat's curtain has gone,
        as the rebuilt log of a resumed game, ``record.log_viewer``)."""
        if event.visible_to is not None and self.shares_screen():
            return None
        return self.describe(event)

    def sync_from_state(self) -> None:
        """Put every drawn piece where the state says (after a skip, a jump, an undo)."""
        self._resync_due = False
        self.game.sync()

    def final_breakdown(self) -> Breakdown:
        """The end screen's: how each seat's score came about, from the game's rules."""
        return self.game.breakdown()

    def waiting(self) -> tuple[Event, ...]:
        """The events still waiting to be played, in order."""
        return tuple(self.events)

    def settle(self, viewer: int | None) -> None:
        """Nothing left to play: what waits is dropped, the table shows the state as it
        is (from ``viewer``'s seat, if given) and the round as the state's (a game played
        forward at once, :func:`game.screenshot.fast_forward`)."""
        self.events.clear()
        self.timeline = Timeline()
        self.last_round = self.state.round_number
        if viewer is not None:
            self.private_player = viewer
            self.session.viewer = viewer
        self.sync_from_state()
        self.game.cut_short(land=False)

    def language_changed(self) -> None:
        """The language was changed mid-game (issue #27): a seat still under its default
        name (a computer's character's name, "Player N") takes it in the new language,
        and the log is written again in it from the game's events (once at rest, so that
        no event waiting to be played is written twice)."""
        old, self._lang = Translator(self._lang), self.t.lang
        for i, seat in enumerate(self.session.seats):
            character = CAST_BY_KEY.get(seat.character)
            if seat.name == old("app.default_name", n=i + 1):
                seat.name = self.t("app.default_name", n=i + 1)
            elif character is not None and seat.name == old.pick(
                character.name_en, character.name_ja
            ):
                seat.name = self.t.pick(character.name_en, character.name_ja)
        self.frame.reset()
        if self.driver.whole_record:
            if self.busy_animating():
                self._relog_due = True
            else:
                self.rebuild_log()

    def rebuild_log(self) -> None:
        """The log of a game opened part-way, from its record (:meth:`TableLog.rebuild`),
        from the point of view of :func:`~game.scenes.table.record.log_viewer`."""
        viewer = record.log_viewer(self.driver, self.session)
        self.log.rebuild(self.session, viewer, self.describe, self.log_line)
        self.sync_from_state()

    def take_news(self, news: Sequence[News]) -> bool:
        """What the driver tells (:mod:`game.table.news`: its own bookkeeping is done),
        shown: events to play, log lines, the seat panels painted again. True when
        events came to be played."""
        played = False
        for item in news:
            self.app.dirty = True
            match item:
                case Played(events):
                    self.queue_others(list(events))
                    played = played or bool(events)
                case SeatsChanged(moves):
                    for move in moves:  # a seat's person came, left, came back
                        key = move.log_key()
                        if key is not None:
                            self.log_line(self.t(key, name=move.name))
                    self.frame.reset()
                    self.part.seats_changed()
                case Connection(back):
                    self.log_line(self.t("app.online_back" if back else "app.online_lost"))
                    if not back:
                        self.frame.reset()  # this seat waits for its person at the host
                case Rejoined():  # the table as it is now: nothing waiting means anything
                    self.events.clear()
                    self.timeline.finish_all()
                    self.sync_from_state()
                case Refused(reason):
                    self.log_line(reason)
                case Dropped(problem):
                    self.log_line(self.t("online.message_refused", problem=problem))
                case Ended(reason):
                    self.log_line(self.t("app.online_ended", reason=reason))
                case Listening(address, code):
                    self.log_line(self.t("app.online_open", address=address, code=code))
                    self.frame.reset()
                case PortMoved(port):
                    self.log_line(self.t("online.port_moved", port=port))
                case Failed(reason):
                    self.app.show_error(reason)
                case Answered() | RecordArrived():
                    pass  # the driver's own bookkeeping: the screen is drawn again
        return played

    def resync_when_idle(self) -> None:
        """Put the table in line with the state once nothing moves (see ``update``)."""
        self._resync_due = True

    # -- helpers for the game's parts ------------------------------------------------------
    @property
    def bar_across(self) -> bool:
        """The game's bar lies across the window under the board (a game may otherwise lay
        its hand beside the board: Duck! Duck! Go!); the replay's controls lie over it."""
        return self.part.bar_across

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
        text = self.game.seats.score_text(player, value)
        if text:
            return text
        return f"{value:g}" if isinstance(value, (int, float)) else str(value)

    @property
    def plan(self) -> TablePlan:
        """Where the frame's parts are (the frame's plan: AttributeError before the
        table's first layout)."""
        if self.frame.plan is None:
            raise AttributeError("plan")
        return self.frame.plan

    def seat_colour(self, player: int) -> tuple[int, int, int]:
        """Seat ``player``'s colour: the same in every game, whatever its character
        (issue #16); its mark is drawn with ``game.ui.identity.draw_seat_mark``."""
        return theme.seat_colour(player)

    def act(self, player: int, action) -> bool:
        """Apply a person's action; on a rules refusal, say why and change nothing. The
        guide may refuse it first (a lesson: an action its step does not ask for)."""
        if not self.guide.allows(player, action):
            return False
        try:
            events = self.driver.submit(player, action)
        except IllegalAction as exc:
            self.log_line(str(exc))
            return False
        state = self.state
        if (
            player not in self.driver.local_deciders()
            or state.round_number != self.last_round
            or state.is_over()
        ):
            # the seat's turn (or the round) is over: what its action does, everybody
            # watches (a walk, a reveal), so its secrets leave the screen before it plays
            self.give_up_screen()
        self.queue_events(events)
        self.guide.acted(player, action)
        return True

    def queue_others(self, events: list[Event]) -> None:
        """The events of an action not taken at this screen's seat (a computer's, a seat
        elsewhere on the network): everybody watches them, so the screen is given up
        first (:meth:`give_up_screen`)."""
        if events:
            self.give_up_screen()
        self.queue_events(events)

    def shares_screen(self) -> bool:
        """Two or more people share this screen in a game that hides things: the one
        policy (``game.session.shares_a_screen``, docs/secrecy.md)."""
        secrets = bool(getattr(self.session, "secrets", True))
        return shares_a_screen(secrets, len(self.driver.local_seats()))

    def give_up_screen(self) -> None:
        """Everybody watches now (another seat acts, a turn or a round ends): on a shared
        screen nobody's secrets are shown from here on, until the next person passes their
        curtain (issue #36). Alone at a screen, a person keeps it."""
        player = self.private_player
        if player is None or not self.shares_screen():
            return
        self.gave_up = player
        self.private_player = None
        self.session.viewer = None

    def queue_events(self, events: list[Event]) -> None:
        viewer = self.private_player
        for event in events:
            if event.seen_by(viewer) or self._plays_unseen(event):
                self.events.append(event)

    def log_line(self, text: str) -> None:
        if self.game.log_line(text):
            return  # the game writes it its own way
        self.log.write(text, None if self.frame.plan is None else self.frame.plan.log)

    def plan_frame(self, size, **kwargs) -> TablePlan:
        """Cut the window into the shared frame (see :func:`game.scenes.table.frame.plan_table`)
        and forget the frame's cached pictures."""
        if not self.part.side_drawer or self.guide.lesson is not None:
            kwargs["drawer"] = False  # issue #38: the hosting window and lessons keep it
        plan = self.frame.plan = plan_table(size, self.px, self.session.players, **kwargs)
        self.frame.reset()
        self.compositor.forget()
        return plan

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
        return self.busy_animating() or self.driver.working() or self.game.busy()

    def update(self, dt: float) -> None:
        if self.part.stops():
            return
        self.take_news(self.driver.poll())  # from elsewhere (the network), every frame
        self.part.frame(lambda: self._advance(dt))
        self.part.ticked(dt)

    def _advance(self, dt: float) -> None:
        self.guide.update(dt)
        if self._relog_due and not self.busy_animating():
            self._relog_due = False
            self.rebuild_log()
        self._play_on(dt)
        if self.game.resync == "idle_after_busy" and self.busy_animating():
            self._resync_due = True
        elif self._resync_due and not self.busy_animating():
            self.sync_from_state()
        self.game.update(dt)
        self.game.controls.rebuild()

    def _play_on(self, dt: float) -> None:
        """The events in order, then at rest: a round's end, the game's end, a computer
        seat's action, the screen handed to the person to decide."""
        self.timeline.update(dt * self.speed)
        while not self.timeline.busy() and self.events:
            event = self.events.pop(0)
            self.log.divide(event)
            line = self.log_of(event)
            if line:
                self.log_line(line)
            self.play_event(event)
        if self.busy_animating() or self.app.top is not self:
            return
        state = self.state
        if state.round_number != self.last_round:
            self.give_up_screen()  # a round's end is for everybody
            self.last_round = state.round_number
            if not state.is_over():
                self.log.divider(state.round_number)
            self.on_round_end()
        if state.is_over():
            # a lesson's steps about the end are shown on the table before the end screen
            if not self.end_shown and not self.guide.blocks_end():
                self.end_shown = True
                self.on_game_over()
            return
        if self.take_news(self.driver.poll(BOT_DELAY / self.speed)):  # a computer's action
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
                self.gave_up = None
                self.game.controls.shown(player)

            self.app.push(
                self.app.router.screen("handoff")(
                    self.app,
                    self.seat_name(player),
                    self.seat_colour(player),
                    ready,
                    seat=player,
                    cards=self.part.phone_cards,
                )
            )
        else:
            self.private_player = player
            self.session.viewer = player
            self.game.controls.shown(player)

    def on_round_end(self) -> None:
        self.autosave()

    def on_game_over(self) -> None:
        self.part.game_over()
        self.app.sound.play("fanfare")  # the end screen's celebration (issue #27)
        self.autosave()
        self.record_history()
        self.app.push(GameOverScene(self.app, self, again=self.part.plays_again))

    def record_history(self) -> None:
        """The finished game into the history (:func:`game.scenes.table.record.record_history`)."""
        breakdown = self.final_breakdown()
        record.record_history(self.app, self.driver, self.session, breakdown, self.guide.lesson)

    def autosave(self) -> None:
        if self.guide.autosave():  # a lesson keeps its place, not a saved game
            return
        try:
            self.driver.autosave()
        except OSError as exc:
            self.log_line(str(exc))
            self.app.report_autosave(exc)  # a dialog, once per streak of failures
        else:
            self.app.report_autosave(None)

    def on_quit(self) -> None:
        self.part.leaving()
        self.autosave()
        self.driver.leave(quitting=True)

    def exit(self) -> None:
        """The table is left (to the menu, to another game): another window may now play
        its game on (issue #36: its lock is let go; the process's end lets it go too)."""
        self.part.leaving()
        self.driver.leave(quitting=False)
        super().exit()

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event):
        if self.frame.handle_event(event):  # first: the open drawer lies over the table
            return
        if self.game.controls.track(event):
            return
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
        if self.guide.handle_event(event):
            return
        if self.buttons.handle_event(event):
            return
        if self.busy_animating():
            if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE
            ):
                self.skip_animation()
            return
        human = self.active_human()
        if human is not None and human == self.private_player:
            self.game.controls.handle(event, human)

    def skip_animation(self) -> None:
        self.skipping = True
        try:
            self.timeline.finish_all()
            while self.events:
                event = self.events.pop(0)
                line = self.log_of(event)
                if line:
                    self.log_line(line)
                self.play_event(event)
                self.timeline.finish_all()
            self.sync_from_state()
            self.game.cut_short(land=True)
        finally:
            self.skipping = False

    def open_pause(self):
        if self.part.open_pause():
            return
        self.app.push(
            self.app.router.screen("pause")(
                self.app, self.info, on_quit_to_menu=self.autosave, session=self.session
            )
        )

    # -- undo ------------------------------------------------------------------------------
    def undo_refusal(self) -> str | None:
        """Why the person at the screen cannot take back their last action now (a key of
        ``Session.undo_refusal``, "busy" while pieces move, or the guide's), None when
        they can."""
        if self.driver.no_undo is not None:
            return self.driver.no_undo
        if self.busy_animating():
            return "busy"
        return self.guide.undo_refusal() or self.driver.undo_refusal(self.undoer())

    def undoer(self) -> int | None:
        """Whose last action Undo takes back: the person whose screen it is, or the one
        who gave it up when their turn ended (they take it back behind their curtain)."""
        return self.private_player if self.private_player is not None else self.gave_up

    def refresh_undo(self) -> None:
        """Grey the undo button, with its reason for hover and focus, or enable it."""
        refusal = self.undo_refusal()
        self.undo_button.enabled = refusal is None
        self.undo_button.why = "" if refusal is None else self.t(f"app.undo_why_{refusal}")

    def undo(self) -> None:
        """Take back the person's last action while nothing hidden or left to chance has
        come out since and nobody else has acted (the button, Ctrl+Z)."""
        player = self.undoer()
        if player is None or self.undo_refusal() is not None:
            return
        self.driver.undo(player)
        self.last_round = self.state.round_number  # not a round end: it is the old round
        self.log_line(self.t("app.undone"))
        self.sync_from_state()
        if self.private_player == player:
            self.game.controls.shown(player)  # the person's hand and choices as they were
        # else the screen is nobody's: the person decides again behind their curtain
        self.refresh_undo()

    def draw_undo_tip(self, surface: pygame.Surface) -> None:
        """The reason of a greyed button under the pointer or the keyboard focus. Under a
        header button over the seats' column it lies left of the column, on the board's
        corner (issue #36: it covered the first seat's name)."""
        button = self.buttons.tip()
        if button is not None and not self.frame.hides(button.rect):
            side = self.plan.side
            beside = side.left - self.px(6) if button.rect.right > side.left else None
            draw_tip(surface, button.why, button.rect, self.text_px(15), right=beside)

    def _help(self):
        self.app.router.open("help", self.info)

    # -- drivers and lessons ---------------------------------------------------------------
    def probe(self) -> dict:
        """For end-to-end drivers: where a click reaches each enabled button and each of
        the table's own targets, the guide's and the game's own points
        (:func:`game.scenes.table.elements.table_probe`)."""
        return elements.table_probe(self.buttons, self.game, self.guide)

    def focus_control(self, key: str) -> bool:
        """A lesson's focus on the control ``key`` (game.scenes.table.lesson)."""
        changed = self.game.focus(key)
        self._refocused = self._refocused or changed
        return changed

    # -- the person's controls -------------------------------------------------------------
    @property
    def controls(self) -> list[Offered]:
        """The controls on screen now (as every table scene offers them to the tests, the
        lesson's screenshots and the end-to-end drivers)."""
        return list(self.game.controls.offered())

    # -- drawing ---------------------------------------------------------------------------
    def layout(self, size):
        super().layout(size)
        if self.t.lang != self._lang:  # the settings changed the language
            self.language_changed()
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
        self.base_buttons = list(self.buttons.buttons)
        plan = self.game.plan(size)
        if plan is None:
            cut = self.game.cut
            plan = self.plan_frame(
                size, bar_h=cut.bar_h, hint_lines=cut.hint_lines, seat_h=cut.seat_h
            )
        self.game.layout(plan)
        self.game.controls.rebuild(force=True)
        self.part.laid_out()

    def draw_table(self, surface: pygame.Surface) -> None:
        """The table: its still picture and the frame's panels, then what moves; the texts
        into the sink bound to ``surface`` (a layout test's), if any."""
        self.game.before_frame()
        self.compositor.compose(surface, sink_of(surface))
        if self.game.buttons_in_still:  # the buttons are in the still picture: under it
            self.compositor.overlay(surface, sink_of(surface))

    def draw(self, surface):
        self.part.paint(lambda: self._draw(surface))
        self.part.drawn(surface)

    def _draw(self, surface: pygame.Surface) -> None:
        # the controls follow a lesson's step (a step may open a choice), and Next
        # changes the step between one update and the next drawing
        self.game.controls.rebuild()
        if self.game.buttons_in_still:  # refreshed before the still picture is composed
            self.refresh_undo()
            self.draw_table(surface)
            self.draw_undo_tip(surface)
            self._refocused = False
            self.guide.draw(surface)  # a lesson's guide over the table
            if self._refocused:  # the guide made a step's first pick: show it now
                self.draw_table(surface)
                self.draw_undo_tip(surface)
                self.guide.draw(surface)
        else:
            self.draw_table(surface)
            self.refresh_undo()
            super().draw(surface)
            self.compositor.overlay(surface, sink_of(surface))  # the open drawer, issue #38
            self.draw_undo_tip(surface)
            self.guide.draw(surface)
        self.game.drawing.paint_over(surface)
