"""Where things are on the Verflixxt! table: the panels, the serpentine road and the
tiles along it, the anchors in the players panel, and where each piece stands on its
tile."""

from __future__ import annotations

import itertools
import math
from bisect import bisect_left

import pygame

from game.rules.verflixxt.box import FINISH, START

from .host import VerflixxtHost
from .model import Point


def _piece_order(piece: str) -> tuple:
    """Guardians stand at the back of a tile, pawns in front in seat order."""
    return (0, int(piece[1:]), "") if piece[0] == "g" else (1, int(piece[:-1]), piece[-1])


class Layout(VerflixxtHost):
    """The geometry of the table (``layout`` runs on every resize)."""

    # == geometry ================================================================
    def layout(self, size):
        super().layout(size)
        w, h = size
        m, gap = self.px(12), self.px(8)
        top = self.px(56)
        right_w = min(self.px(352), int(w * 0.32))
        self.players_rect = pygame.Rect(w - m - right_w, top, right_w, h - top - m)
        left_w = self.players_rect.x - gap - m
        bottom_h = self.px(152)
        self.board = pygame.Rect(m, top, left_w, h - top - bottom_h - gap - m)
        action_w = int(left_w * 0.67)
        self.action_rect = pygame.Rect(m, self.board.bottom + gap, action_w, bottom_h)
        self.log_rect = pygame.Rect(
            self.action_rect.right + gap, self.action_rect.y, left_w - action_w - gap, bottom_h
        )
        # the header ends before the base's undo, menu and rules buttons
        self.header = pygame.Rect(m, self.px(6), w - m - self.px(236), self.px(44))
        self._plan_track()
        self._layout_players()
        self._layout_action()
        self._images.clear()
        self._score_cache.clear()
        self._static = None
        self._controls_key = None
        self._rebuild_controls()

    def _plan_track(self) -> None:
        """A serpentine road across the board: rows joined by half circles, each row
        gently S-curved. The number of rows is the one that gives the biggest tiles for the
        length of the track; the tiles are spread evenly along the road."""
        inner = self.board.inflate(-self.px(12), -self.px(12))
        n = max(2, self.total_tiles)
        hats = self.state.hats_variant
        best = None
        for rows in range(2, 8):
            tile: float = self.px(88)
            for _ in range(4):  # the margins and the road's length depend on the tile size
                # above the top row: the pawns standing on it; below the bottom row and at
                # the sides: half a start/finish tile
                top, bottom, side = tile * 0.95, tile * 0.7, tile * 0.7
                d = (inner.h - top - bottom) / (rows - 1)
                straight = inner.w - 2 * side - d
                if straight <= d or d <= 0:
                    tile = 0.0
                    break
                length = rows * straight + (rows - 1) * math.pi * d / 2
                tail = tile * 1.25 if hats else tile * 0.2
                step = (length - tail) / (n - 1)
                tile = min(self.px(88), d * 0.6, step * 0.78)
            if tile > 0 and (best is None or tile > best[0]):
                best = (tile, rows, d, straight, top, side)
        if best is None:  # a window too small for a winding road: one row
            best = (self.px(20), 1, inner.h, inner.w - self.px(40), inner.h / 2, self.px(20))
        tile, rows, d, straight, top, side = best
        self.tile_px = max(8, int(tile))
        self.big_px = int(tile * 1.36)
        self.row_pitch = d
        x0 = inner.x + side + d / 2
        x1 = x0 + straight
        wobble = d * 0.09
        pts: list[Point] = []
        for r in range(rows):
            y = inner.y + top + d * r
            samples = max(8, int(straight / 4))
            for k in range(samples + 1):
                f = k / samples
                x = x0 + straight * f if r % 2 == 0 else x1 - straight * f
                lift = wobble * math.sin(math.pi * f) * math.sin(2 * math.pi * f * 1.5 + r)
                pts.append((x, y + lift))
            if r < rows - 1:
                cx = x1 if r % 2 == 0 else x0
                cy = y + d / 2
                arc = max(8, int(math.pi * d / 2 / 4))
                for k in range(1, arc):
                    f = k / arc
                    theta = -math.pi / 2 + math.pi * f if r % 2 == 0 else -math.pi / 2 - math.pi * f
                    pts.append((cx + d / 2 * math.cos(theta), cy + d / 2 * math.sin(theta)))
        cum = [0.0]
        for a, b in itertools.pairwise(pts):
            cum.append(cum[-1] + math.dist(a, b))
        self._pts, self._cum = pts, cum
        total = cum[-1]
        tail = self.tile_px * 1.25 if hats else self.tile_px * 0.2
        self.s0, self.s1 = 0.0, total - tail
        self.road_len = total

    def point_at(self, s: float) -> Point:
        cum, pts = self._cum, self._pts
        s = max(0.0, min(cum[-1], s))
        i = bisect_left(cum, s)
        if i <= 0:
            return pts[0]
        a, b = cum[i - 1], cum[i]
        f = (s - a) / (b - a) if b > a else 0.0
        (x0, y0), (x1, y1) = pts[i - 1], pts[i]
        return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)

    def tile_centre(self, tile: str) -> Point:
        u = self.table.u.get(tile, 1.0 if tile == FINISH else 0.0)
        return self.point_at(self.s0 + u * (self.s1 - self.s0))

    def tile_size(self, tile: str) -> int:
        return self.big_px if tile in (START, FINISH) else self.tile_px

    def tile_rect(self, tile: str) -> pygame.Rect:
        size = self.tile_size(tile)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = self.tile_centre(tile)
        return rect

    def chip_stack_pos(self) -> Point:
        return self.point_at(self.s1 + (self.road_len - self.s1) * 0.62)

    def _layout_players(self) -> None:
        n = self.session.players
        inner = self.players_rect.inflate(-self.px(8), -self.px(8))
        self.row_h = min(self.px(118), inner.h // n)
        self.rows = [
            pygame.Rect(inner.x, inner.y + p * self.row_h, inner.w, self.row_h - self.px(6))
            for p in range(n)
        ]
        bottom = self.rows[-1].bottom + self.px(8)
        spare = self.players_rect.bottom - self.px(6) - bottom
        self.legend_rect = (
            pygame.Rect(inner.x, bottom, inner.w, spare) if spare >= self.px(96) else None
        )

    def _layout_action(self) -> None:
        a = self.action_rect
        cy = a.centery
        self.card_w, self.card_h = self.px(64), self.px(92)
        if self.state.hats_variant:
            small_w, small_h = self.px(46), self.px(66)
            self.deck_rect = pygame.Rect(
                a.x + self.px(12), cy - small_h // 2 - self.px(8), small_w, small_h
            )
            self.discard_rect = self.deck_rect.move(small_w + self.px(18), 0)
            x = self.discard_rect.right + self.px(16)
            self.hand_rects = [
                pygame.Rect(
                    x + i * (self.card_w + self.px(8)),
                    cy - self.card_h // 2 + self.px(4),
                    self.card_w,
                    self.card_h,
                )
                for i in range(2)
            ]
            left = self.hand_rects[-1].right + self.px(14)
        else:
            size = self.px(74)
            self.die_rect = pygame.Rect(a.x + self.px(22), cy - size // 2, size, size)
            left = self.die_rect.right + self.px(22)
        self.prompt_rect = pygame.Rect(
            left, a.y + self.px(8), a.right - self.px(10) - left, a.h - self.px(16)
        )

    def fs(self, design: float, scaled: bool = True) -> int:
        """A text size: the bundled regular face draws no minus sign at exactly 13 px."""
        size = self.px(design) if scaled else int(design)
        return 14 if size == 13 else size

    # -- anchors of things in the players panel -----------------------------------
    def pile_layout(self, player: int, count: int) -> tuple[float, float, float, int]:
        """x of the first mini tile's centre, the step between them, y, and the size."""
        row = self.rows[player]
        size = min(self.px(24), int(self.row_h * 0.24))
        right = row.right - self.px(10) - self._icons_width(player)
        left = row.x + self.px(14) + size / 2
        room = right - left - size / 2
        step: float = size + self.px(3)
        if count > 1 and step * (count - 1) > room:
            step = room / (count - 1)
        return left, step, row.y + self._line_y(2) + size / 2, size

    def pile_slot(self, player: int, index: int, count: int) -> Point:
        x, step, y, _ = self.pile_layout(player, count)
        return (x + index * step, y)

    def _icons_width(self, player: int) -> int:
        t = self.table
        width = len(t.hats_home[player]) * self.px(26) + len(t.chips_won[player]) * self.px(20)
        if self.state.hats_variant:
            width += self.px(44)
        return width

    def _line_y(self, line: int) -> int:
        """The top of line 0 (name), 1 (score explained), 2 (tile pile) of a player row."""
        pad = max(0, (self.row_h - self.px(6) - self.px(82)) // 2)
        return pad + (self.px(6), self.px(32), self.px(54))[line]

    def hand_anchor(self, player: int) -> Point:
        row = self.rows[player]
        return (row.right - self.px(26), row.y + self._line_y(2) + self.px(12))

    def hats_anchor(self, player: int) -> Point:
        row = self.rows[player]
        x = row.right - self.px(10) - self._icons_width(player) + self.px(13)
        return (x, row.y + self._line_y(2) + self.px(12))

    def chips_anchor(self, player: int) -> Point:
        row = self.rows[player]
        x = (
            row.right
            - self.px(10)
            - (self.px(44) if self.state.hats_variant else 0)
            - len(self.table.chips_won[player]) * self.px(20)
        )
        return (x, row.y + self._line_y(2) + self.px(12))

    def hand_slot(self, index: int) -> Point:
        if 0 <= index < len(self.hand_rects):
            return self.hand_rects[index].center
        return self.hand_rects[-1].center

    def contest_rect(self) -> pygame.Rect:
        n = self.session.players
        w = min(self.board.w - self.px(40), self.px(470))
        h = self.px(84) + n * self.px(46)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = self.board.center
        return rect

    def contest_row(self, player: int) -> pygame.Rect:
        r = self.contest_rect()
        return pygame.Rect(
            r.x + self.px(16),
            r.y + self.px(64) + player * self.px(46),
            r.w - self.px(32),
            self.px(42),
        )

    # == pieces on tiles ==========================================================
    def _groups(self) -> dict[str, list[str]]:
        groups: dict[str, list[str]] = {}
        for piece, tile in self.table.pieces.items():
            groups.setdefault(tile, []).append(piece)
        for pieces in groups.values():
            pieces.sort(key=_piece_order)
        return groups

    def fan(self, tile: str, pieces: list[str]) -> dict[str, Point]:
        """Where each piece on a tile stands (its feet): a fan of rows, the guardians at
        the back, so that every piece on a shared tile shows."""
        cx, cy = self.tile_centre(tile)
        big = tile in (START, FINISH)
        size = self.tile_size(tile)
        n = len(pieces)
        if not n:
            return {}
        per_row = 4 if big or n > 6 else 3
        rows = math.ceil(n / per_row)
        first = n - per_row * (rows - 1)
        spacing = size * (0.2 if per_row == 4 else 0.27)
        row_dy = size * (0.16 if big else 0.19)
        if rows > 3:  # a crowd (the finish at the end): keep it close to its tile
            row_dy = size * 0.5 / (rows - 1)
        base_y = cy + (0.12 * size if big else -0.02 * size)
        out: dict[str, Point] = {}
        i = 0
        for r in range(rows):
            k = first if r == 0 else per_row
            back = rows - 1 - r
            shift = spacing / 2 if back % 2 else 0.0
            for j in range(k):
                out[pieces[i]] = (cx + (j - (k - 1) / 2) * spacing + shift, base_y - back * row_dy)
                i += 1
        return out

    def piece_spot(self, piece: str, groups: dict | None = None) -> Point | None:
        tile = self.table.pieces.get(piece)
        if tile is None:
            return None
        groups = groups if groups is not None else self._groups()
        return self.fan(tile, groups.get(tile, [piece]))[piece]

    def landing_spot(self, piece: str, tile: str, groups: dict | None = None) -> Point:
        """Where ``piece`` will stand on ``tile`` among the pieces already there."""
        groups = groups if groups is not None else self._groups()
        others = [p for p in groups.get(tile, []) if p != piece] + [piece]
        others.sort(key=_piece_order)
        return self.fan(tile, others)[piece]

    def piece_rect(self, piece: str, feet: Point) -> pygame.Rect:
        image = self._piece_image(piece)
        return image.get_rect(midbottom=(int(feet[0]), int(feet[1] + image.get_height() * 0.06)))
