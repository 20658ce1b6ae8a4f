"""Eight Routes at the table, on the shared table frame (issue #16): the board is eight
routes drawn as tracks of 20 spaces that the markers walk along, each with how it scores
printed on it (space values, the points of the ranks as medals, the route's own action as
an icon and words), and the box lid with its eight sorting squares of d8 under them; the
frame around them has the header, the players' panels (marker, round chips, the dice
taken this round, the dice roller's badge, points), the log and the bar with the prompt
and the buttons of a turn (change a die, push a marker, end the turn).

The table draws a display model (:class:`~.model.Table`) that only the events change,
animated by tweens; when nothing is queued it is put back in line with the state
(``sync``), so skipping an animation can never leave a piece astray. Clause ids (ER-n)
refer to ``docs/rules/routes.md``.

:class:`RoutesTable` is what the shared table scene asks a game
(:class:`~game.scenes.table.contract.GameTable`), composed of plain objects around one
:class:`~.model.RoutesModel` (issue #26): :class:`~.art.Art` (the cached images),
:class:`~.texts.Texts` (the log and the words for options), :class:`~.controls.Controls`
(the person's choices and keys), :class:`~.seats.Seats` (the header, the seat panels, the
hint), :class:`~.board.Board` (the routes), :class:`~.panels.Panels` (the bar, the banner,
the tooltips), :class:`~.draw.Drawing` (the table back to front, the lid, dice in flight)
and :class:`~.animate.Animator` (events as tweens). Each takes the model, the scene as a
:class:`~game.scenes.table.contract.TableHost` and the parts it uses.
"""

from __future__ import annotations

import pygame

from game.rules.protocol import Event
from game.rules.routes.events import DiceTaken, MarkerMoved
from game.scenes.table.contract import FrameCut, Resync, TableDefaults, TableHost
from game.scenes.table.end_screen import Breakdown
from game.scenes.table.frame_plan import TablePlan
from game.scenes.table.news_marks import Mark

from .animate import Animator
from .art import Art
from .board import Board
from .controls import Controls
from .draw import Drawing
from .model import ROUTE_COLOURS, ROUTES, RoutesModel, Table
from .panels import Panels
from .seats import Seats
from .subject import LessonSubject
from .texts import Texts

# design size at 1280x720 (scaled with the window): the frame's bar, two lines of prompt
# and a row of buttons
BAR_H = 100
# the side column of seat panels and the log, narrower than the frame's 340: the board
# (the routes sheet and the lid) takes at least 55% of the window (issue #27)
SIDE_W = 296


class RoutesTable(TableDefaults):
    """Eight Routes for the shared table scene (a GameTable)."""

    cut = FrameCut(bar_h=BAR_H, hint_lines=2, seat_h=(64, 104))
    buttons_in_still = False  # the frame's buttons are drawn over the table each frame
    resync: Resync = "after_last_event"  # a step at the end of the timeline

    def __init__(self, host: TableHost) -> None:
        self.host = host
        n = host.session.players
        table = Table(held=[0] * n, held_face=[None] * n, chips=[[] for _ in range(n)])
        self.model = model = RoutesModel(table, host.state.route_scores())
        self.art = Art(model, host)
        self.texts = Texts(host)
        self.controls = Controls(model, host)
        choices = self.controls.choices
        self.seats = Seats(model, host, self.art, choices)
        self.board = Board(model, host, self.art)
        self.lesson_subject = LessonSubject(model, host, self.board, self.marker_rect)
        self.panels = Panels(model, host, choices, self.texts, self.seats)
        self.drawing = Drawing(
            model, host, choices, (self.art, self.board, self.seats, self.panels)
        )
        self.animations = Animator(model, host, self.seats).animations
        if host.session.actions:
            self.sync()
        else:
            # The first round was rolled inside new_game: play it when the table starts.
            host.player.queue(list(host.state.opening_events))

    def coach_place(self, w: int, h: int) -> pygame.Rect:
        """Where the Coach button (issue #40) stands: left of the Keys pill."""
        return self.panels.coach_place(w, h)

    def celebrate(self, player: int) -> list[pygame.Rect]:
        """Seat ``player``'s markers where they stand on the eight routes (issue #38)."""
        return [r for n in range(1, ROUTES + 1) if (r := self.marker_rect(n, player))]

    def marker_rect(self, route: int, seat: int) -> pygame.Rect | None:
        """Where seat ``seat``'s marker on route ``route`` is drawn, or None (not on it)."""
        spot = self.model.table.spots.get((route, seat))
        if spot is None:
            return None
        space, level, _lift = spot
        width = self.model.marker_width(route, space, level)
        rect = pygame.Rect(0, 0, round(width), round(width * 0.75))
        x, bottom = self.model.marker_pos(route, space, level)
        rect.midbottom = (round(x), round(bottom))
        return rect

    def news_marks(self, event: Event) -> list[Mark]:
        """The route just written: the space a marker moved to, ringed, until its seat
        moves again; the dice just drafted: their square of the lid, emptied, and the
        number badge of the route of their face, both ringed in the drafter's colour
        (issue #38). No line joins them: from the lid to a head it crossed the other
        routes' heads, their words and the action written there."""
        if isinstance(event, DiceTaken) and 1 <= event.face <= ROUTES:
            face = event.face
            return [
                Mark(event.player, f"dice:{face}", spot=lambda: self.model.squares[face - 1]),
                Mark(event.player, f"dice:{face}:route", spot=lambda: self.board.badge_mark(face)),
            ]
        if isinstance(event, MarkerMoved) and event.stack is not None and event.to > 0:
            route, space = event.route, event.to
            return [
                Mark(
                    event.player,
                    f"marker:{route}",
                    spot=lambda: self.board.cell_rect(route, space),
                )
            ]
        return []

    def plan(self, size: tuple[int, int]) -> TablePlan | None:
        """The frame as ``cut`` says, with a narrower side column (issue #27: the board
        first) that is a drawer (issue #38: the board takes the table; the seats' details
        and the log open over it)."""
        cut = self.cut
        return self.host.plan_frame(
            size,
            bar_h=cut.bar_h,
            hint_lines=cut.hint_lines,
            seat_h=cut.seat_h,
            side_w=SIDE_W,
            drawer=True,
        )

    def drawn_extent(self) -> pygame.Rect:
        """The box around the eight routes and the box lid (issue #38)."""
        return self.model.routes_rect.union(self.model.lid_rect)

    def dropped_texts(self) -> list[str]:
        """Each route's rule text when the heads have one row (its icon stays, its words
        go to the tooltip): issue #38's audit finds it."""
        if self.model.head_rows != 1:
            return []
        scorer = self.host.state.scorer
        lines = (self.board.head_lines(route, scorer)[1] for route in range(1, ROUTES + 1))
        return [line for line in lines if line]

    def layout(self, plan: TablePlan) -> None:
        self.model.cut(plan.board, self.host.px, self.host.text_px, self.board.plan_heads)
        self.art.forget()
        self.drawing.forget()

    def update(self, dt: float) -> None:
        """Nothing eases by itself: the events' tweens move everything."""

    def before_frame(self) -> None:
        """Nothing to work out before a frame: the controls follow the state."""

    def plays_unseen(self, event: Event) -> bool:
        return False  # what the viewer sees, no more

    def describe(self, event) -> str | None:
        return self.texts.describe(event)

    def breakdown(self) -> Breakdown:
        """Each seat's points on routes 1 to 8 and their total, as the rules score them
        (``route_scores``), for the end screen."""
        host = self.host
        routes = host.state.route_scores()["routes"]
        return Breakdown(
            tuple(host.t("routes.route_n", n=r + 1) for r in range(ROUTES)),
            tuple(
                tuple(int(routes[r][p]) for r in range(ROUTES)) for p in range(host.session.players)
            ),
            host.t("routes.total"),
            # the columns headed by the routes' badges, as the board numbers them
            badges=tuple((str(r + 1), ROUTE_COLOURS[r]) for r in range(ROUTES)),
        )

    # -- the display model -------------------------------------------------------------
    def sync(self) -> None:
        state = self.host.state
        t = self.model.table
        t.round, t.rounds = state.round, state.total_rounds
        t.parent, t.current = state.parent, (None if state.is_over() else state.current)
        t.lid = list(state.lid)
        t.held = list(state.held)
        t.held_face = [
            (face or self._face_taken(p)) if count else None
            for p, (face, count) in enumerate(zip(t.held_face, t.held))
        ]
        t.chips = [[list(c) for c in mine] for mine in state.chips]
        t.spots = {}
        for r, stack in enumerate(state.markers()):
            for m in stack:
                t.spots[(r + 1, m["player"])] = [m["space"], m["stack"], 0.0]
        t.walks.clear()
        t.loose.clear()
        t.d6 = t.banner = t.flip = t.shake = t.flying_chip = None
        t.pops.clear()
        t.scoring_route = None
        self.model.scores_shown = state.route_scores()
        if state.is_over():
            scored = state.route_scores()
            t.final = {r + 1: list(points) for r, points in enumerate(scored["routes"])}
            t.totals = list(scored["totals"])
            t.winners = list(state.winners())
        else:
            t.final, t.totals, t.winners = {}, None, None

    def _face_taken(self, player: int) -> int | None:
        """The face of the dice ``player`` took this round, from the record of actions
        (a game resumed, or played on without animation): their last "A n" or "B n" —
        one pick-up a round, and they hold dice, so it is this round's."""
        for who, text in reversed(self.host.session.actions):
            if who == player and text[:2] in ("A ", "B "):
                return int(text.split()[1])
        return None

    # -- drivers and lessons (issue #19) -------------------------------------------------
    def element(self, name: str) -> pygame.Rect | None:
        """A lesson's names for the table's things (its registry entry's
        ``lesson_elements``): the box ``lid`` and its sorting ``square:N``; a route's whole
        lane (``route:N``), its ``head:N`` (number, scoring, action) and ``track:N`` (its 20
        spaces); the person's ``marker:N`` on route N where it stands; the +1/−1 of a die in the lid while a die
        is changed (``change:5+``). The buttons (``take:N``, ``one:N``, ``mode:C``,
        ``end``, ``pass``, a route to pick) are found by their keys before this."""
        kind, _, what = name.partition(":")
        if name == "lid":
            return self.model.lid_rect
        if kind == "change":
            button = self.controls.choices.control(f"change:C {what}")
            return None if button is None else button.rect
        if not what.isdigit() or not 1 <= int(what) <= ROUTES:
            return None
        n = int(what)
        lane = self.model.lanes[n - 1]
        if kind == "route":
            return lane
        if kind == "head":
            return self.model.heads[n - 1]
        if kind == "track":
            return pygame.Rect(self.model.cells_x, lane.y, lane.right - self.model.cells_x, lane.h)
        if kind == "square":
            return self.model.squares[n - 1]
        if kind == "marker":
            return self.marker_rect(n, self.host.guide.learner or 0)
        return None

    def subject(self, name: str, expect: str | None = None) -> list[pygame.Rect]:
        """A step's markers and dice and where its action takes them (issue #38:
        :class:`~.subject.LessonSubject`)."""
        return self.lesson_subject.subject(name, expect)

    def keep_clear(self) -> list[pygame.Rect]:
        return self.lesson_subject.keep_clear()

    def focus(self, key: str) -> bool:
        """A lesson's focus on the control that takes its step's action (issue #38: the
        bar's hint and the board's preview then say the step's move, not the first
        control's: verflixxt-1's step 7 asked for pawn a while they said pawn c)."""
        return self.controls.choices.focus(key)
