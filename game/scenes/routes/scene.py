"""Eight Routes at the table, on the shared table frame (issue #16): the board is eight
routes drawn as tracks of 20 spaces that the markers walk along, each with how it scores
printed on it (space values, the points of the ranks as medals, the route's own action as
an icon and words), and the box lid with its eight sorting squares of d8 under them; the
frame around them has the header, the players' panels (marker, round chips, the dice
taken this round, the dice roller's badge, points), the log and the bar with the prompt
and the buttons of a turn (change a die, push a marker, end the turn).

The scene draws a display model (:class:`~.model.Table`) that only the events change,
animated by tweens; when nothing is queued it is put back in line with the state
(``sync_from_state``), so skipping an animation can never leave a piece astray.
Clause ids (ER-n) refer to ``docs/rules/routes.md``.

RoutesScene (here: its state, the layout and its geometry, the display model) is put
together from mixins: :class:`~.controls.Controls` (the person's choices and keys),
:class:`~.animate.Animation` (events as tweens), :class:`~.texts.Texts` (the log and
the words for options and routes), :class:`~.seats.Seats` (what the frame asks a game:
header, seat panels, hint), :class:`~.draw.Drawing` (the table back to front, the lid,
dice in flight), :class:`~.board.BoardDrawing` (the routes), :class:`~.panels.Panels`
(the bar, the banner, tooltips) and :class:`~.art.Art` (the cached images); what they
use from one another is declared in host.py.
"""

from __future__ import annotations

import math

import pygame

from game.scenes.game_base import GameScene
from game.ui import choices

from .animate import Animation
from .art import Art
from .board import BoardDrawing
from .controls import Controls
from .draw import Drawing
from .final import Final
from .model import ROUTES, SPACES, Choice, Point, Table
from .panels import Panels
from .seats import Seats
from .texts import Texts

# design sizes at 1280x720 (scaled with the window by ``px``)
BAR_H = 100  # the frame's bar: two lines of prompt, a row of buttons
LID_H = 128  # the box lid, under the routes
HEAD_W = 214  # a route's head: its number, its medals or values, its action


class RoutesScene(
    Final,
    Controls,
    Animation,
    Texts,
    Seats,
    Drawing,
    BoardDrawing,
    Panels,
    Art,
    choices.ChoiceControls[Choice],
    GameScene,
):
    steps_draw_attention = False  # C, D and Back have nothing to preview
    rebuild_before_input = False

    def __init__(self, app, table):
        super().__init__(app, table)
        n = self.session.players
        self.table = Table(held=[0] * n, held_face=[None] * n, chips=[[] for _ in range(n)])
        self.mode = "main"  # "main", "C" (pick a die), "D" (pick a route) or "chip"
        # the points per route shown "now": the state's as of the last resync (the state
        # itself runs ahead of the animation while events play)
        self._scores_shown = self.state.route_scores()
        self._images = {}
        self._board_picture = None
        if self.session.actions:
            self.sync_from_state()
        else:
            # The first round was rolled inside new_game: play it when the scene starts.
            self.queue_events(list(self.state.opening_events))

    # -- geometry ----------------------------------------------------------------------
    def layout(self, size):
        super().layout(size)
        px = self.px
        plan = self.plan_frame(size, bar_h=BAR_H, hint_lines=2, seat_h=(64, 104))
        self.board = plan.board
        inner = self.board.inflate(-2 * px(6), -2 * px(6))
        lid = self.lid_rect = pygame.Rect(inner.x, inner.bottom - px(LID_H), inner.w, px(LID_H))
        routes = pygame.Rect(inner.x, inner.y, inner.w, lid.y - px(6) - inner.y)
        self.routes_rect = routes
        self.head_w = px(HEAD_W)
        self.cells_x = routes.x + self.head_w + px(6)
        self.cell_w = (routes.right - px(4) - self.cells_x) / SPACES
        self.row_h = routes.h / ROUTES
        self.lanes = [
            pygame.Rect(
                routes.x, round(routes.y + r * self.row_h), routes.w, int(self.row_h) - px(3)
            )
            for r in range(ROUTES)
        ]
        self.heads = [pygame.Rect(lane.x, lane.y, self.head_w, lane.h) for lane in self.lanes]
        # the head's two lines: the medals of the ranks (or how the spaces score), then
        # the route's threshold or action
        self.line_h = round(self.text_px(15) * 1.22)
        self.medal = min(
            max(px(28), self.text_px(14) + px(8)), self.lanes[0].h - self.line_h - px(3)
        )
        self.marker_w = min(self.cell_w * 0.86, px(28))
        self.marker_h = self.marker_w * 0.75
        self.stack_dy = self.marker_h * 0.5
        self._layout_lid(lid)
        self._images.clear()
        self._board_picture = None
        self._controls_key = None
        self._rebuild_controls()

    def _layout_lid(self, lid: pygame.Rect) -> None:
        """The lid: a cardboard rim with its name on top, a felt floor with the eight
        sorting squares in a row, each with its number, its count, the dice and a strip
        for the All / One buttons."""
        px = self.px
        rim = px(8)
        title_h = round(self.text_px(14) * 1.3) + px(2)
        self.lid_title = pygame.Rect(lid.x + rim, lid.y + px(2), lid.w - 2 * rim, title_h)
        felt_y = self.lid_title.bottom + px(2)
        self.felt = pygame.Rect(lid.x + rim, felt_y, lid.w - 2 * rim, lid.bottom - rim - felt_y)
        gap = px(6)
        sq_w = (self.felt.w - 2 * px(4) - 7 * gap) / 8
        sq_h = self.felt.h - 2 * px(4)
        self.strip_h = max(px(26), round(self.text_px(14) * 1.45))
        badge = max(px(22), self.text_px(14) + px(6))
        self.squares, self.badges, self.dice_areas, self.strips = [], [], [], []
        for i in range(8):
            sq = pygame.Rect(
                round(self.felt.x + px(4) + i * (sq_w + gap)),
                self.felt.y + px(4),
                int(sq_w),
                int(sq_h),
            )
            self.squares.append(sq)
            b = pygame.Rect(sq.x + px(4), sq.y + px(4), badge, badge)
            self.badges.append(b)
            strip = pygame.Rect(
                sq.x + px(3), sq.bottom - self.strip_h - px(3), sq.w - px(6), self.strip_h
            )
            self.strips.append(strip)
            top = sq.y + px(3)
            self.dice_areas.append(
                pygame.Rect(b.right + px(3), top, sq.right - px(3) - b.right - px(3), strip.y - top)
            )

    def cell_x(self, space: float) -> float:
        """Centre x of a space; space 0 is just before space 1 (off the route)."""
        return self.cells_x + (space - 0.5) * self.cell_w

    def marker_pos(self, route: int, space: float, stack: float) -> Point:
        """Centre x and bottom y of a marker on route 1-8 at a space and stack level: a
        stack leans a little to the right so that every marker's edge and mark shows."""
        lane = self.lanes[route - 1]
        x = self.cell_x(space) + stack * self.marker_w * 0.12
        return (x, lane.bottom - self.px(4) - stack * self.stack_dy)

    def slot(self, face: int, index: int, count: int) -> tuple[Point, float]:
        """Where the ``index``-th of ``count`` dice lies on the square of ``face``, and the
        die size there: the grid of rows and columns that gives the biggest dice."""
        area = self.dice_areas[face - 1]
        count = max(1, count)
        step, cols, rows = 0.0, 1, 1
        for r in range(1, count + 1):
            c = math.ceil(count / r)
            s = min(area.w / c, area.h / r)
            if s > step:
                step, cols, rows = s, c, r
        size = min(step * 0.96, self.px(34))
        row, col = divmod(index, cols)
        in_row = min(cols, count - row * cols)
        x = area.centerx + (col - (in_row - 1) / 2) * step
        y = area.centery + (row - (rows - 1) / 2) * step
        return (x, y), size

    def lid_centre(self) -> Point:
        return self.felt.center

    @staticmethod
    def _rest_angle(face: int, index: int) -> float:
        return ((face * 7 + index * 13) % 5 - 2) * 6.0

    # -- the display model -------------------------------------------------------------
    def sync_from_state(self) -> None:
        state = self.state
        t = self.table
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
        self._scores_shown = state.route_scores()
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
        for who, text in reversed(self.session.actions):
            if who == player and text[:2] in ("A ", "B "):
                return int(text.split()[1])
        return None

    # -- lessons (issue #19) -------------------------------------------------------------
    def lesson_game_element(self, name: str) -> pygame.Rect | None:
        """A lesson's names for the table's things (game.lessons.GAME_ELEMENTS): the box
        ``lid`` and its sorting ``square:N``; a route's whole lane (``route:N``), its
        ``head:N`` (number, scoring, action) and ``track:N`` (its 20 spaces); the person's
        ``marker:N`` on route N where it stands; the +1/−1 of a die in the lid while a die
        is changed (``change:5+``). The buttons (``take:N``, ``one:N``, ``mode:C``,
        ``end``, ``pass``, a route to pick) are found by their keys before this."""
        kind, _, what = name.partition(":")
        if name == "lid":
            return self.lid_rect
        if kind == "change":
            button = self._control(f"change:C {what}")
            return None if button is None else button.rect
        if not what.isdigit() or not 1 <= int(what) <= ROUTES:
            return None
        n = int(what)
        lane = self.lanes[n - 1]
        if kind == "route":
            return lane
        if kind == "head":
            return self.heads[n - 1]
        if kind == "track":
            return pygame.Rect(self.cells_x, lane.y, lane.right - self.cells_x, lane.h)
        if kind == "square":
            return self.squares[n - 1]
        if kind == "marker":
            person = self.lesson.lesson.human if self.lesson is not None else 0
            spot = self.table.spots.get((n, person))
            if spot is None:
                return None
            space, level, _lift = spot
            rect = pygame.Rect(0, 0, round(self.marker_w), round(self.marker_h))
            x, bottom = self.marker_pos(n, space, level)
            rect.midbottom = (round(x), round(bottom))
            return rect
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        self._rebuild_controls()

    def draw(self, surface):
        # the controls follow a lesson's step (a C or D step opens its choice), and Next
        # changes the step between one update and the next drawing
        self._rebuild_controls()
        super().draw(surface)
        self._draw_tooltip(surface)  # over the buttons, like the undo button's reason
