"""Eight Routes at the table: the box lid with its 8 sorting squares and the d8 that are
rolled into it, the board of 8 routes x 20 spaces with stacked markers, the players'
totals and round chips, and the controls of a pick-up phase (A/B on the lid, C, D, the
route-6 chip power, End) with a preview of every option (ghost markers and the points
each route would give then, from ``state.preview``).

The scene draws a display model (:class:`~.model.Table`) that only the events change,
animated by tweens; when nothing is queued it is put back in line with the state
(``sync_from_state``), so skipping an animation can never leave a piece astray.
Clause ids (ER-n) refer to ``docs/rules/routes.md``.

RoutesScene (here: its state, the layout and its geometry, the display model) is put
together from mixins: :class:`~.controls.Controls` (the person's choices and keys),
:class:`~.animate.Animation` (events as tweens), :class:`~.texts.Texts` (the log and
the words for options and routes), :class:`~.draw.Drawing` (the frame, the lid, the
players), :class:`~.board.BoardDrawing` (the route board), :class:`~.panels.Panels` (the
action panel and banner) and :class:`~.art.Art` (the cached images); what
they use from one another is declared in host.py.
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
from .texts import Texts


class RoutesScene(
    Final,
    Controls,
    Animation,
    Texts,
    Drawing,
    BoardDrawing,
    Panels,
    Art,
    choices.ChoiceControls[Choice],
    GameScene,
):
    log_lines = 8
    steps_draw_attention = False  # C, D and Back have nothing to preview
    rebuild_before_input = False

    def __init__(self, app, session):
        super().__init__(app, session)
        n = session.players
        self.table = Table(held=[0] * n, held_face=[None] * n, chips=[[] for _ in range(n)])
        self.mode = "main"  # "main", "C" (pick a die) or "D" (pick a route)
        # the points per route shown "now": the state's as of the last resync (the state
        # itself runs ahead of the animation while events play)
        self._scores_shown = self.state.route_scores()
        self._images = {}
        self._static = None
        if session.actions:
            self.sync_from_state()
        else:
            # The first round was rolled inside new_game: play it when the scene starts.
            self.queue_events(list(self.state.opening_events))

    # -- geometry ----------------------------------------------------------------------
    def layout(self, size):
        super().layout(size)
        w, h = size
        m, gap = self.px(12), self.px(8)
        top = self.px(56)
        right_w = min(self.px(420), int(w * 0.4))
        bottom_h = self.px(176)
        right_x = w - m - right_w
        self.board = pygame.Rect(m, top, right_x - gap - m, h - top - bottom_h - gap - m)
        self.log_rect = pygame.Rect(
            m, self.board.bottom + gap, self.board.w, h - self.board.bottom - gap - m
        )
        self.header = pygame.Rect(m, self.px(6), w - m - self.px(130) - m, self.px(44))
        self.lid_rect = pygame.Rect(right_x, top, right_w, self.px(232))
        self.players_rect = pygame.Rect(
            right_x,
            self.lid_rect.bottom + gap,
            right_w,
            self.board.bottom - self.lid_rect.bottom - gap,
        )
        self.action_rect = pygame.Rect(right_x, self.log_rect.y, right_w, self.log_rect.h)
        # the board: a label column, 20 spaces, the per-route score column
        pad = self.px(6)
        inner = self.board.inflate(-2 * pad, -2 * pad)
        self.board_head = self.px(34)
        self.label_w = self.px(166)
        self.score_w = self.px(128)
        self.score_x = inner.right - self.score_w
        self.cells_x = inner.x + self.label_w
        self.cell_w = (self.score_x - self.px(8) - self.cells_x) / SPACES
        self.row_h = (inner.h - self.board_head) / ROUTES
        self.lanes = [
            pygame.Rect(
                inner.x,
                int(inner.y + self.board_head + r * self.row_h),
                self.score_x - self.px(4) - inner.x,
                int(self.row_h) - self.px(3),
            )
            for r in range(ROUTES)
        ]
        self.marker_w = min(self.cell_w * 0.92, self.px(24))
        self.marker_h = self.marker_w * 0.65
        self.stack_dy = min(self.marker_h * 0.5, (self.row_h - self.marker_h - self.px(16)) / 4)
        # the lid: 8 sorting squares, 4 x 2
        lid_in = pygame.Rect(
            self.lid_rect.x + self.px(16),
            self.lid_rect.y + self.px(18),
            self.lid_rect.w - self.px(32),
            self.lid_rect.h - self.px(32),
        )
        sq_w = (lid_in.w - 3 * gap) / 4
        sq_h = (lid_in.h - gap) / 2
        self.strip_h = self.px(24)
        self.squares, self.dice_areas, self.strips = [], [], []
        for i in range(8):
            sq = pygame.Rect(
                int(lid_in.x + (i % 4) * (sq_w + gap)),
                int(lid_in.y + (i // 4) * (sq_h + gap)),
                int(sq_w),
                int(sq_h),
            )
            self.squares.append(sq)
            self.dice_areas.append(
                pygame.Rect(
                    sq.x + self.px(24),
                    sq.y + self.px(4),
                    sq.w - self.px(28),
                    sq.h - self.strip_h - self.px(8),
                )
            )
            self.strips.append(
                pygame.Rect(
                    sq.x + self.px(3),
                    sq.bottom - self.strip_h - self.px(2),
                    sq.w - self.px(6),
                    self.strip_h,
                )
            )
        n = self.session.players
        self.player_row_h = min(self.px(46), self.players_rect.h // n)
        self._images.clear()
        self._static = None
        self._controls_key = None
        self._rebuild_controls()

    def player_row(self, player: int) -> pygame.Rect:
        return pygame.Rect(
            self.players_rect.x,
            self.players_rect.y + player * self.player_row_h,
            self.players_rect.w,
            self.player_row_h - self.px(4),
        )

    def chip_pos(self, player: int, index: int) -> Point:
        row = self.player_row(player)
        return (row.x + self.px(50) + index * self.px(20), row.bottom - self.px(10))

    def held_pos(self, player: int) -> Point:
        row = self.player_row(player)
        return (row.x + self.px(130), row.bottom - self.px(10))

    def cell_x(self, space: float) -> float:
        """Centre x of a space; space 0 is just before space 1 (off the route)."""
        return (
            self.cells_x + (space - 0.5) * self.cell_w
            if space
            else self.cells_x - self.cell_w * 0.55
        )

    def marker_pos(self, route: int, space: float, stack: float) -> Point:
        """Centre x and bottom y of a marker on route 1-8 at a space and stack level."""
        lane = self.lanes[route - 1]
        return (self.cell_x(space), lane.bottom - self.px(4) - stack * self.stack_dy)

    def slot(self, face: int, index: int, count: int) -> tuple[Point, float]:
        """Where the ``index``-th of ``count`` dice lies on the square of ``face``, and the
        die size there."""
        area = self.dice_areas[face - 1]
        cols = (
            1 if count <= 1 else 2 if count <= 4 else 3 if count <= 9 else 4 if count <= 16 else 5
        )
        rows = max(1, math.ceil(count / cols))
        step = min(area.w / cols, area.h / rows)
        size = min(step * 0.94, self.px(30))
        row, col = divmod(index, cols)
        in_row = min(cols, count - row * cols)
        x = area.centerx + (col - (in_row - 1) / 2) * step
        y = area.centery + (row - (rows - 1) / 2) * step
        return (x, y), size

    def lid_centre(self) -> Point:
        return self.lid_rect.center

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
        t.held_face = [face if count else None for face, count in zip(t.held_face, t.held)]
        t.chips = [[list(c) for c in mine] for mine in state.chips]
        t.spots = {}
        for r, stack in enumerate(state.markers()):
            for m in stack:
                t.spots[(r + 1, m["player"])] = [m["space"], m["stack"], 0.0]
        t.flights.clear()
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

    def update(self, dt: float) -> None:
        super().update(dt)
        self._rebuild_controls()
