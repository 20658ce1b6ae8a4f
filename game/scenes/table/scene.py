"""The one table scene (issue #26): :class:`TableScene` runs a game through a driver
(:class:`game.table.driver.TableDriver`: at this screen, hosted here or elsewhere) with
the shared frame around it and asks the game only what
:class:`~game.scenes.table.contract.GameTable` says. A game's name in the router opens
it given the game's table (:class:`~game.scenes.table.table_of.TableOf`): no game
subclasses it, and however the game is run -- hosted here, joined, replayed, watched --
it is this one scene (issue #37).

The scene keeps the loop, the input, the layout and the drawing; what a table does is
done by small parts it owns (issue #37), each given the scene as a
:class:`~game.scenes.table.contract.TableOwner`: the frame around the board
(``frame``, :class:`~game.scenes.table.frame.TableFrame`), the log (``log``,
:class:`~game.scenes.table.frame_log.TableLog`) and its rewriting (``relog``,
:class:`~game.scenes.table.relog.Relog`), the events played as animations and the
table at rest (``player``, :class:`~game.scenes.table.playing.EventPlayer`), whose
screen it is (``sharing``, :class:`~game.scenes.table.sharing.ScreenSharing`), undo
(``undo``, :class:`~game.scenes.table.undo.TableUndo`), the autosave, the history and
the end screen (``keeping``, :class:`~game.scenes.table.keeping.TableKeeping`), the
driver's typed news shown (``news``, :class:`~game.scenes.table.news_shown.NewsShown`),
what its kind of table shows beyond that (``part``,
:class:`~game.scenes.table.parts.TablePart`) and the guide over it (``guide``, a
lesson's or none).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import registry
from game.rules.protocol import Event, IllegalAction
from game.scenes.base import Scene
from game.scenes.table import elements
from game.scenes.table.compose import Compositor
from game.scenes.table.contract import GameFactory, GameTable, Offered
from game.scenes.table.end_screen import Breakdown
from game.scenes.table.frame import TableFrame, TableLog, TablePlan, TableSeats, plan_table
from game.scenes.table.guide import NoGuide, TableGuide
from game.scenes.table.keeping import TableKeeping
from game.scenes.table.news_marks import LastMoves
from game.scenes.table.news_shown import NewsShown
from game.scenes.table.parts import TablePart
from game.scenes.table.playing import EventPlayer
from game.scenes.table.relog import Relog
from game.scenes.table.sharing import ScreenSharing
from game.scenes.table.undo import TableUndo
from game.session import Session
from game.table.driver import TableDriver, as_driver
from game.ui import theme
from game.ui.widgets import Button, sink_of


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
        self.log = TableLog(self, self._seat_names, lambda n: self.t.round(n))
        self.private_player: int | None = None  # whose private things the screen shows
        # its parts: events played, whose screen it is, undo, what is kept of the game
        self.player = EventPlayer(self)
        self.sharing = ScreenSharing(self)
        self.undo = TableUndo(self)
        self.keeping = TableKeeping(self)
        self.news = NewsShown(self)
        self.relog = Relog(self)
        self.error: str | None = None
        self.guide: TableGuide = NoGuide()  # a lesson's (lesson.LessonGuide) or none
        self.base_buttons: list[Button] = []  # the frame's own, kept across the controls
        self._refocused = False  # a lesson's focus changed the table (see draw)
        self.last_moves = LastMoves()  # what changed since the person's last look (#38)
        self.game: GameTable = game(self)
        self.frame = TableFrame(self.frame_seats(), self, self.log)
        self.player.plays_unseen = self.game.plays_unseen
        self.compositor = Compositor(self.game.drawing, self.frame, self._marks_in_still)
        if self.driver.whole_record and session.actions:
            self.relog.rebuild()  # a resumed game: its log so far
        elif not self.log and not session.actions:
            self.log.divider(self.player.last_round)

    def frame_seats(self) -> TableSeats:
        """What the frame's header, panels and bar say: the game's seats, as the table's
        part says them (:meth:`TablePart.seats`: a network seat's status, a replay's
        revealed hands)."""
        return self.part.seats(self.game.seats)

    def _seat_names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.session.seats[: self.session.players])

    def describe(self, event: Event) -> str | None:
        """The log line for an event (EN/JA), or None."""
        return self.part.shield(event, lambda: self.game.describe(event), None)

    def final_breakdown(self) -> Breakdown:
        """The end screen's: how each seat's score came about, from the game's rules."""
        return self.game.breakdown()

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
        if text := self.game.seats.score_text(player, value):
            return text
        return f"{value:g}" if isinstance(value, (int, float)) else str(value)

    @property
    def plan(self) -> TablePlan:
        """Where the frame's parts are (AttributeError before the first layout)."""
        if self.frame.plan is None:
            raise AttributeError("plan")
        return self.frame.plan

    def seat_colour(self, player: int) -> tuple[int, int, int]:
        """Seat ``player``'s colour: the same in every game (issue #16)."""
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
            or state.round_number != self.player.last_round
            or state.is_over()
        ):
            # the seat's turn (or the round) is over: what its action does, everybody
            # watches (a walk, a reveal), so its secrets leave the screen before it plays
            self.sharing.give_up()
        self.last_moves.looked()  # the person acted: they have seen the marks
        self.player.queue(events)
        self.guide.acted(player, action)
        return True

    def log_line(self, text: str) -> None:
        if self.game.log_line(text):
            return  # the game writes it its own way
        self.log.write(text, None if self.frame.plan is None else self.frame.plan.log)

    def plan_frame(self, size, **kwargs) -> TablePlan:
        """Cut the window into the shared frame (see :func:`game.scenes.table.frame.plan_table`)
        and forget the frame's cached pictures."""
        if not self.part.side_drawer or self.guide.lesson is not None:
            kwargs["drawer"] = False  # issue #38: the hosting window and lessons keep it
        # issue #39: everyone plays from a phone; a game whose bar shows what the whole
        # table watches (Verflixxt!'s die) keeps it
        if not kwargs.pop("public_bar", False) and not self.part.hand_bar():
            kwargs["hand_bar"] = False
        plan = self.frame.plan = plan_table(size, self.px, self.session.players, **kwargs)
        self.frame.reset()
        self.compositor.forget()
        return plan

    # -- the loop --------------------------------------------------------------------------
    def busy(self) -> bool:
        return self.player.busy() or self.driver.working() or self.game.busy()

    def update(self, dt: float) -> None:
        if self.part.stops():
            return
        self.news.take(self.driver.poll())  # from elsewhere (the network), every frame
        self.part.frame(lambda: self._advance(dt))
        self.part.ticked(dt)

    def _advance(self, dt: float) -> None:
        self.guide.update(dt)
        self.relog.at_rest()
        self.player.advance(dt)
        self.game.update(dt)
        self.game.controls.rebuild()

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event):
        if self.frame.handle_event(event):  # first: the open drawer lies over the table
            return
        if self.game.controls.track(event):
            return
        key = event.key if event.type == pygame.KEYDOWN else None
        if key == pygame.K_ESCAPE:
            self.open_pause()
            return
        if key in (pygame.K_F1, pygame.K_h):
            self._help()
            return
        if key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo.take_back()
            return
        if self.guide.handle_event(event):
            return
        if self.buttons.handle_event(event):
            return
        if self.player.busy():
            if key == pygame.K_SPACE or (event.type == pygame.MOUSEBUTTONUP and event.button == 1):
                self.player.skip()
            return
        human = self.sharing.active_human()
        if human is not None and human == self.private_player:
            self.game.controls.handle(event, human)

    def open_pause(self):
        if self.part.open_pause():
            return
        self.app.push(
            self.app.router.screen("pause")(
                self.app, self.info, on_quit_to_menu=self.keeping.autosave, session=self.session
            )
        )

    def _help(self):
        self.app.router.open("help", self.info)

    def on_quit(self) -> None:
        self.keeping.leave(quitting=True)

    def exit(self) -> None:
        """The table is left (to the menu, to another game): its game is let go."""
        self.keeping.leave(quitting=False)
        super().exit()

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
        self.relog.follow_language()  # the settings may have changed the language
        w, _h = size
        self.buttons.clear()
        menu = pygame.Rect(w - self.px(118), self.px(8), self.px(52), self.px(40))
        rules = pygame.Rect(w - self.px(60), self.px(8), self.px(52), self.px(40))
        self.buttons.add(Button(menu, "≡", self.open_pause, self.px(20), key="pause"))
        # the same place in every game; greyed with its reason while nothing can be undone
        undo = pygame.Rect(w - self.px(226), self.px(8), self.px(102), self.px(40))
        label = self.t("app.undo")
        self.undo.button = self.buttons.add(
            Button(undo, label, self.undo.take_back, self.px(17), key="undo", enabled=False)
        )
        self.undo.refresh()
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
        self.guide.before_frame()  # a lesson's focus on its step's control, shown at once
        self.game.before_frame()
        self.compositor.compose(surface, sink_of(surface))
        if not self.compositor.folded:  # over what moves
            self.last_moves.draw(surface, self.seat_colour, self.px, self.plan.board)
        if self.game.buttons_in_still:  # the buttons are in the still picture: under it
            self.compositor.overlay(surface, sink_of(surface))

    def _marks_in_still(self, size: tuple[int, int]):
        """The last moves' marks painted into the still picture while the game says only
        pieces move over its board (``marks_in_still``, issue #38's frame cost); None:
        they are drawn over what moves."""
        if not self.game.marks_in_still():
            return None
        return self.last_moves.in_still(self.seat_colour, self.px, self.plan.board, size)

    def draw(self, surface):
        self.part.paint(lambda: self._draw(surface))
        self.part.drawn(surface)

    def _draw(self, surface: pygame.Surface) -> None:
        # the controls follow a lesson's step (a step may open a choice), and Next
        # changes the step between one update and the next drawing
        self.game.controls.rebuild()
        if self.game.buttons_in_still:  # refreshed before the still picture is composed
            self.undo.refresh()
            self.draw_table(surface)
            self.undo.draw_tip(surface)
            self._refocused = False
            self.guide.draw(surface)  # a lesson's guide over the table
            if self._refocused:  # the guide made a step's first pick: show it now
                self.draw_table(surface)
                self.undo.draw_tip(surface)
                self.guide.draw(surface)
        else:
            self.draw_table(surface)
            self.undo.refresh()
            super().draw(surface)
            self.compositor.overlay(surface, sink_of(surface))  # the open drawer, issue #38
            self.undo.draw_tip(surface)
            self.guide.draw(surface)
        self.game.drawing.paint_over(surface)
