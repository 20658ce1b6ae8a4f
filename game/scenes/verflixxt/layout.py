"""Where things are on the Verflixxt! table: the shared frame's plan (the board, the
bar, the seats, the legend), the serpentine road and the tiles along it, the die or the
cards and the buttons in the bar, the hat draw, and where each piece stands on its tile
(the anchors in the seat panels are in seats.py)."""

from __future__ import annotations

import itertools
import math
from bisect import bisect_left

import pygame

from game.rules.verflixxt.data import FINISH, START
from game.scenes.table.coach import button_size as coach_button_size
from game.scenes.table.contract import TableHost
from game.scenes.table.frame_plan import TablePlan
from game.ui import fonts

from .art import Art, ink_span
from .model import PAWN_ASPECT, PAWN_H, Point, VerflixxtModel

# design sizes of the frame's parts (see game.scenes.table.frame.plan_table): the bar under the
# board is the prompt's line over the die (base game) or the cards (hats game), no taller
# than they need, and the seat column a little narrower than the frame's default, so the
# board takes more than 55% of the window at every size (issue #27); a seat panel holds
# its character, name, score, the score in words and a row of mini tiles
BAR_H_BASE = 104
BAR_H_HATS = 112
SEAT_H = (64, 108)
SIDE_W = 290
# in a small window (1024x600) the seat column keeps the frame's width, for a seat's words
# ("Awaiting player…") to stay whole, and the bar is lower instead
SMALL_S = 0.9
SIDE_W_SMALL = 340
BAR_H_SMALL = 96


# a crowd's grid (issue #27): a column a pawn's width apart (the sprite's own margin keeps
# the bodies apart), a row this share of a pawn's height behind the one in front (its
# letter and head above their heads), and the least scale a crowd shrinks to; a pawn is
# never drawn narrower than MIN_PAWN_W px, and that scaled up in a bigger window (its
# seat's mark, 16 px at 1280x720, sits on its head; 22 px wide is 33 px tall, issue #38's
# 32) unless the table's pawns are that small already
COL_STEP = 1.0
ROW_STEP = 0.92
MIN_SCALE = 0.45
MIN_PAWN_W = 22
# a hat stands this share of a pawn's height over the head (HAT_MIN_W and the hat's
# 0.42 of a tile in draw.py): a row behind a hatted pawn stands that much further back
HAT_RISE = 0.5
GUARD_H = 0.74  # a guardian's height, a share of a track tile's (see Art.piece_image)
GUARD_W = GUARD_H * 0.7  # and its width


def _guards(pieces: list[str]) -> int:
    return sum(1 for piece in pieces if piece[0] == "g")


def _hatted(pieces: list[str], hats: dict[str, str | None]) -> bool:
    return any(wearer in pieces for wearer in hats.values())


def _piece_order(piece: str) -> tuple:
    """Guardians stand at the back of a tile, pawns in front in seat order."""
    return (0, int(piece[1:]), "") if piece[0] == "g" else (1, int(piece[:-1]), piece[-1])


class Layout:
    """The geometry of the table (``layout`` runs on every resize)."""

    def __init__(self, model: VerflixxtModel, host: TableHost, art: Art) -> None:
        self.model = model
        self.host = host
        self.art = art
        self._grids: dict[tuple, tuple[list[Point], float]] = {}  # crowds' grids per layout

    # == geometry ================================================================
    def cut(self, plan: TablePlan) -> None:
        """Where everything is in the frame's ``plan`` (a new window size)."""
        self._grids.clear()
        self.model.board = plan.board
        self.model.action_rect = plan.controls
        self.model.legend_rect = plan.extra
        self._plan_track()
        self._layout_action()

    def _plan_track(self) -> None:
        """A serpentine road across the board: rows joined by half circles, each row
        gently S-curved. The number of rows is the one that gives the biggest tiles for the
        length of the track; the tiles are spread evenly along the road."""
        inner = self.model.board.inflate(-self.host.px(12), -self.host.px(12))
        n = max(2, self.model.total_tiles)
        hats = self.host.state.hats_variant
        best = None
        for rows in range(2, 8):
            tile: float = self.host.px(88)
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
                tail = tile * 1.6 if hats else tile * 0.2
                step = (length - tail) / (n - 1)
                tile = min(self.host.px(88), d * 0.6, step * 0.78)
            if tile > 0 and (best is None or tile > best[0]):
                best = (tile, rows, d, straight, top, side)
        if best is None:  # a window too small for a winding road: one row
            best = (
                self.host.px(20),
                1,
                inner.h,
                inner.w - self.host.px(40),
                inner.h / 2,
                self.host.px(20),
            )
        tile, rows, d, straight, top, side = best
        self.model.tile_px = max(8, int(tile))
        self.model.big_px = int(tile * 1.36)
        self.model.row_pitch = d
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
        self.model.pts, self.model.cum = pts, cum
        total = cum[-1]
        tail = self.model.tile_px * 1.6 if hats else self.model.tile_px * 0.2
        self.model.s0, self.model.s1 = 0.0, total - tail
        self.model.road_len = total

    def point_at(self, s: float) -> Point:
        cum, pts = self.model.cum, self.model.pts
        s = max(0.0, min(cum[-1], s))
        i = bisect_left(cum, s)
        if i <= 0:
            return pts[0]
        a, b = cum[i - 1], cum[i]
        f = (s - a) / (b - a) if b > a else 0.0
        (x0, y0), (x1, y1) = pts[i - 1], pts[i]
        return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)

    def tile_centre(self, tile: str) -> Point:
        u = self.model.table.u.get(tile, 1.0 if tile == FINISH else 0.0)
        return self.point_at(self.model.s0 + u * (self.model.s1 - self.model.s0))

    def tile_size(self, tile: str) -> int:
        return self.model.big_px if tile in (START, FINISH) else self.model.tile_px

    def tile_rect(self, tile: str) -> pygame.Rect:
        size = self.tile_size(tile)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = self.tile_centre(tile)
        return rect

    def road_extent(self) -> pygame.Rect:
        """The box around the road as drawn: its line, wide as the start and finish
        tiles, and every tile along it."""
        m = self.model
        xs, ys = [p[0] for p in m.pts], [p[1] for p in m.pts]
        half = m.big_px / 2
        box = pygame.Rect(
            round(min(xs) - half), round(min(ys) - half), round(max(xs) - min(xs) + m.big_px), 0
        )
        box.h = round(max(ys) - min(ys) + m.big_px)
        return box.unionall([self.tile_rect(tile) for tile in m.table.track] or [box])

    def chip_stack_pos(self) -> Point:
        return self.point_at(self.model.s1 + (self.model.road_len - self.model.s1) * 0.75)

    def _layout_action(self) -> None:
        """The bar under the prompt: the die (base game) or the draw pile, the discards
        and the hand (hats game), each with its label under it, then the buttons."""
        a = self.model.action_rect
        pad = self.host.px(6)
        # the Coach button's place at the bar's right end (issue #40) wherever a person at
        # this screen may ask it (not in a lesson, whose steps are the teacher): placed
        # left of the buttons, at Larger text it lay over the die or the hand's label
        # (playtest)
        right = a.right - self.host.px(10)
        self.model.coach_slot = pygame.Rect(right, a.y + pad, 0, a.h - 2 * pad)
        if self.host.guide.lesson is None and self.host.driver.local_seats():
            coach_w, _coach_h = coach_button_size(self.host)
            self.model.coach_slot.w = coach_w
            self.model.coach_slot.right = right
            right = self.model.coach_slot.left - self.host.px(8)
        if self.host.state.hats_variant:
            # the cards as tall as the tray, each group's label beside it (a label under
            # the cards left them too small to read: issue #27); when the buttons would be
            # squeezed, the piles' words go under the piles on lower cards (never away)
            f = fonts.font(self.host.text_px(14))
            deck_w = f.size(self.host.t("verflixxt.deck_label"))[0]
            discard_w = f.size(self.host.t("verflixxt.discard"))[0]
            hand_w = max(f.size(self.hand_label(p))[0] for p in (None, *self._people()))
            gap, space = self.host.px(6), self.host.px(16)
            line = round(self.host.text_px(14) * 1.3)
            # the hand's cards as tall as the tray
            self.model.card_h = max(self.host.px(30), min(self.host.px(92), a.h - 2 * pad))
            self.model.card_w = int(self.model.card_h * 0.7)
            hand_top = a.centery - self.model.card_h // 2
            for under in (False, True):
                below = line if under else 0
                pile_h = max(self.host.px(30), min(self.host.px(92), a.h - 2 * pad - below))
                pile_w = int(pile_h * 0.7)
                self.model.labels_under = under

                def label(x: int, w: int) -> pygame.Rect:
                    return pygame.Rect(x, a.y, w, a.h)

                def pile(
                    x: int, w: int, under: bool = under, pw: int = pile_w, ph: int = pile_h
                ) -> tuple[pygame.Rect, pygame.Rect, int]:
                    """A pile at ``x`` and its word: beside it, or under it (centred)."""
                    top = a.centery - (ph + (line if under else 0)) // 2
                    if not under:
                        rect = pygame.Rect(x, top, pw, ph)
                        return rect, label(rect.right + gap, w), rect.right + gap + w
                    column = max(pw, w)
                    rect = pygame.Rect(x + (column - pw) // 2, top, pw, ph)
                    return rect, pygame.Rect(x, rect.bottom, column, line), x + column

                x = a.x + self.host.px(14)
                self.model.deck_rect, self.model.deck_label, x = pile(x, deck_w)
                self.model.discard_rect, self.model.discard_label, x = pile(x + space, discard_w)
                x += space + self.host.px(6)
                self.model.hand_rects = [
                    pygame.Rect(
                        x + i * (self.model.card_w + self.host.px(10)),
                        hand_top,
                        self.model.card_w,
                        self.model.card_h,
                    )
                    for i in range(2)
                ]
                self.model.hand_label = label(
                    self.model.hand_rects[-1].right + self.host.px(6), hand_w
                )
                left = self.model.hand_label.right + self.host.px(22)
                if a.right - left >= self.host.px(400):  # the buttons' room and the coach's
                    break
        else:
            # the die is the tray's centre, as big as the tray allows (issue #27), its
            # button beside it (a click on the die rolls it too)
            size = max(self.host.px(30), a.h - 2 * pad)
            self.model.die_rect = pygame.Rect(0, 0, size, size)
            self.model.die_rect.center = (a.centerx, a.centery)
            left = self.model.die_rect.right + self.host.px(16)
        self.model.buttons_rect = pygame.Rect(left, a.y + pad, right - left, a.h - 2 * pad)

    def hand_label(self, player: int | None) -> str:
        """Whose cards the bar shows (nobody's behind the curtain)."""
        if player is None:
            return self.host.t("verflixxt.hand_hidden")
        return self.host.t("verflixxt.your_hand", name=self.host.seat_name(player))

    def _people(self) -> list[int]:
        return [p for p, seat in enumerate(self.host.session.seats) if seat.human]

    def hand_slot(self, index: int) -> Point:
        if 0 <= index < len(self.model.hand_rects):
            return self.model.hand_rects[index].center
        return self.model.hand_rects[-1].center

    def _contest_head(self, width: int) -> int:
        """The hat draw panel's title and rule, over its rows."""
        title, size = self.host.text_px(20), self.host.text_px(14)
        lines = fonts.wrap(self.host.t("verflixxt.contest_rule"), size, width - self.host.px(20))
        return (
            self.host.px(10)
            + round(title * 1.35)
            + len(lines) * round(size * 1.3)
            + self.host.px(6)
        )

    def contest_rect(self) -> pygame.Rect:
        n = self.host.session.players
        w = min(self.model.board.w - self.host.px(40), self.host.px(470))
        head = self._contest_head(w)
        row_h = min(self.host.px(46), (self.model.board.h - self.host.px(30) - head) // n)
        rect = pygame.Rect(0, 0, w, head + n * row_h + self.host.px(10))
        rect.center = self.model.board.center
        return rect

    def contest_row(self, player: int) -> pygame.Rect:
        r = self.contest_rect()
        head = self._contest_head(r.w)
        row_h = (r.h - head - self.host.px(10)) // self.host.session.players
        return pygame.Rect(
            r.x + self.host.px(16),
            r.y + head + player * row_h,
            r.w - self.host.px(32),
            row_h - self.host.px(4),
        )

    def contest_cards_x(self) -> int:
        """Where the first card a seat turned up lies in its row of the hat draw."""
        return self.contest_rect().x + self.host.px(16) + self.host.px(190)

    # == the picker of a crowded tile ==============================================
    def picker_slots(self, tile: str, count: int) -> list[pygame.Rect]:
        """Where the pawns of a crowded tile stand, large and well apart, in a row over
        the tile (issue #27: every pawn a person must pick is a target of its own)."""
        w = max(44, self.host.px(52))
        h = round(w * 1.3)
        gap = max(8, self.host.px(8))
        row = pygame.Rect(0, 0, count * w + (count - 1) * gap, h)
        tile_rect = self.tile_rect(tile)
        row.midbottom = (tile_rect.centerx, tile_rect.y - self.host.px(8))
        board = self.model.board.inflate(-self.host.px(16), -self.host.px(16))
        if row.y < board.y:  # no room above: under the tile
            row.midtop = (tile_rect.centerx, tile_rect.bottom + self.host.px(8))
        row.clamp_ip(board)
        return [pygame.Rect(row.x + i * (w + gap), row.y, w, h) for i in range(count)]

    # == pieces on tiles ==========================================================
    def groups(self) -> dict[str, list[str]]:
        groups: dict[str, list[str]] = {}
        for piece, tile in self.model.table.pieces.items():
            groups.setdefault(tile, []).append(piece)
        for pieces in groups.values():
            pieces.sort(key=_piece_order)
        return groups

    def fan(self, tile: str, pieces: list[str]) -> dict[str, Point]:
        """Where each piece on a tile stands (its feet): in a grid over the tile, the
        guardians at the back, that shrinks with the count (issue #27): no piece stands in
        front of another, so every pawn's letter and seat mark shows, however many share
        the tile (the twelve pawns on the start of a six-player game); the pieces are drawn
        at :meth:`crowd_scale`."""
        points, _scale = self.grid(tile, len(pieces), *self._kinds(pieces))
        return dict(zip(pieces, points, strict=True))

    def _kinds(self, pieces: list[str]) -> tuple[int, bool]:
        """How many guardians stand among ``pieces``, and whether one of them wears a hat."""
        return _guards(pieces), _hatted(pieces, self.model.table.hats)

    def crowd_scale(self, tile: str, pieces: list[str]) -> float:
        """How big the ``pieces`` standing on a tile are drawn (1: full size)."""
        return self.grid(tile, len(pieces), *self._kinds(pieces))[1]

    def scale_of(self, piece: str, groups: dict | None = None) -> float:
        """How big ``piece`` is drawn where it stands (1 when off the track)."""
        tile = self.model.table.pieces.get(piece)
        if tile is None:
            return 1.0
        groups = groups if groups is not None else self.groups()
        return self.crowd_scale(tile, groups.get(tile, [piece]))

    def grid(
        self, tile: str, n: int, guards: int = 0, hatted: bool = False
    ) -> tuple[list[Point], float]:
        """The feet of ``n`` pieces on ``tile``, back row first, and their scale: the
        columns and rows that let them be biggest inside the room over the tile (the tile,
        a little of the meadow beside it and above it, inside the board). A row stands
        ``ROW_STEP`` of a pawn's height behind the one in front: a pawn's letter and head
        stay above the heads in front of it (and above a hat: ``hatted``, a pawn there
        wears one). The pawns are never narrower than :data:`MIN_PAWN_W`: a crowd too big
        for its room stands a little past it rather than hide a seat's mark."""
        if n <= 0:
            return [], 1.0
        cx, cy = self.tile_centre(tile)  # (the track's tiles may move: part of the key)
        gone = len(self.model.table.gone)  # (the road beside the finish opens as tiles go)
        key = (tile, n, guards, hatted, gone, cx, cy, self.model.tile_px, tuple(self.model.board))
        cached = self._grids.get(key)
        if cached is not None:
            return cached
        tile_px = self.model.tile_px
        # a column as wide as the widest piece (a guardian's hat is wider than a pawn)
        pawn_w = tile_px * (GUARD_W if guards else PAWN_H * PAWN_ASPECT)
        pawn_h = tile_px * PAWN_H
        size = self.tile_size(tile)
        left, right = cx - size / 2, cx + size / 2
        if tile in (START, FINISH):
            base_y = cy + size * 0.18  # the front letters over the tile's name
            extra = tile_px * 0.45
            track = self.model.table.track
            # the start's crowd stands on the meadow away from the first tile, not on it
            nx = self.tile_centre(track[1])[0] if tile == START and len(track) > 1 else cx
            if nx > cx + size / 2:  # the track leaves to the right: the crowd to the left
                left -= 2 * extra
            elif nx < cx - size / 2:
                right += 2 * extra
            else:
                left, right = left - extra, right + extra
            if tile == FINISH and self.host.state.hats_variant:
                # the goal chips' stack beside the finish: the crowd stays clear of it
                chip_x = self.chip_stack_pos()[0]
                nook = tile_px * 0.5
                if chip_x < cx:
                    left = max(left, chip_x + nook)
                else:
                    right = min(right, chip_x - nook)
        else:  # a track tile: its crowd stays over it (its neighbours have their own)
            base_y = cy + tile_px * 0.06
        # the pieces stand over the tile's value, never on it (issue #27)
        ink = self._value_top(tile, size, cy)
        if ink is not None:
            tallest = tile_px * max(PAWN_H, GUARD_H)
            base_y = min(base_y, ink - tallest * 0.06 - 1)
        board = self.model.board.inflate(-self.host.px(8), -self.host.px(8))
        left, right = max(board.x, left), min(board.right, right)
        top = max(board.y, cy - size / 2 - tile_px * 0.5)
        room_h = max(1.0, base_y - top)
        rise = HAT_RISE if hatted else 0.0
        row_step = ROW_STEP + rise

        def biggest(room_w: float) -> tuple[float, int]:
            """The biggest scale the crowd fits a room ``room_w`` wide at, its columns."""
            best: tuple[float, int] = (0.0, n)
            for cols in range(n, 0, -1):
                rows = math.ceil(n / cols)
                scale = min(
                    1.0,
                    room_w / (cols * pawn_w * COL_STEP),
                    room_h / (pawn_h * (1 + rise + row_step * (rows - 1))),
                )
                if scale > best[0] + 1e-6:
                    best = (scale, cols)
            return best

        best = biggest(max(1.0, right - left))
        least = self._least_scale()
        if best[0] < least and tile in (START, FINISH):
            # a crowd too big for the meadow beside the start or the finish stands along
            # the road, as far as the next tile still on it (or the goal chips)
            left, right = self._open_road(tile, cx, cy, board)
            best = biggest(max(1.0, right - left))
        room_w = max(1.0, right - left)
        scale, cols = max(least, best[0]), best[1]
        if best[0] < least:  # too many for the room at the least size: as many columns
            # as its width holds, the rows standing up over the meadow behind
            cols = max(1, min(n, int(room_w // (pawn_w * COL_STEP * scale))))
        rows = math.ceil(n / cols)
        step_x, step_y = pawn_w * COL_STEP * scale, pawn_h * row_step * scale
        # over the tile's centre, moved onto the meadow only as far as the crowd needs
        half = (min(n, cols) - 1) * step_x / 2 + pawn_w * scale / 2
        centre_x = (left + right) / 2
        if right - left > 2 * half:
            centre_x = min(max(cx, left + half), right - half)
        first = n - cols * (rows - 1)  # the back row takes what the full rows leave
        points: list[Point] = []
        for r in range(rows):
            k = first if r == 0 else cols
            back = rows - 1 - r
            for j in range(k):
                points.append((centre_x + (j - (k - 1) / 2) * step_x, base_y - back * step_y))
        if len(self._grids) > 512:
            self._grids.clear()
        self._grids[key] = (points, scale)
        return points, scale

    def _value_top(self, tile: str, size: int, cy: float) -> float | None:
        """The top of the ink of ``tile``'s value (or name) on the screen, or None."""
        labels = self.art.tile_image(tile, size).labels
        if not labels:
            return None
        return round(cy) - size / 2 + min(lb.centre[1] + ink_span(lb)[0] for lb in labels)

    def _open_road(
        self, tile: str, cx: float, cy: float, board: pygame.Rect
    ) -> tuple[float, float]:
        """How far the start's or the finish's crowd may stand to each side: to the
        nearest tile still on the track in its row, the goal chips' nook, or the board's
        edge."""
        left, right = float(board.x), float(board.right)
        t = self.model.table
        gap = self.host.px(4)
        for other in t.track:
            if other in (START, FINISH) or other in t.gone:
                continue
            rect = self.tile_rect(other)
            if abs(rect.centery - cy) > self.model.tile_px:
                continue
            if rect.centerx > cx:
                right = min(right, rect.x - gap)
            else:
                left = max(left, rect.right + gap)
        if tile == FINISH and self.host.state.hats_variant:
            chip_x = self.chip_stack_pos()[0]
            nook = self.model.tile_px * 0.5
            if chip_x < cx:
                left = max(left, chip_x + nook)
            else:
                right = min(right, chip_x - nook)
        return left, right

    def _least_scale(self) -> float:
        """The least scale a crowd is drawn at: the smallest of the 5 % steps the pieces'
        pictures are made in (``art.quantize``) at which a pawn is :data:`MIN_PAWN_W`
        wide (1 when the table's pawns are not that wide at full size)."""
        for step in range(round(MIN_SCALE * 20), 20):
            h = int(self.model.tile_px * PAWN_H * step / 20)  # as Art.piece_image makes it
            # scaled up with a bigger window (issue #38), never under its 16-px mark's need
            if int(h * PAWN_ASPECT) >= MIN_PAWN_W * max(1.0, self.host.s):
                return step / 20
        return 1.0

    def piece_spot(self, piece: str, groups: dict | None = None) -> Point | None:
        tile = self.model.table.pieces.get(piece)
        if tile is None:
            return None
        groups = groups if groups is not None else self.groups()
        return self.fan(tile, groups.get(tile, [piece]))[piece]

    def landing_spot(self, piece: str, tile: str, groups: dict | None = None) -> Point:
        """Where ``piece`` will stand on ``tile`` among the pieces already there."""
        groups = groups if groups is not None else self.groups()
        others = [p for p in groups.get(tile, []) if p != piece] + [piece]
        others.sort(key=_piece_order)
        return self.fan(tile, others)[piece]

    def landing_scale(self, piece: str, tile: str, groups: dict | None = None) -> float:
        """How big ``piece`` is drawn on ``tile`` among the pieces already there."""
        groups = groups if groups is not None else self.groups()
        return self.crowd_scale(tile, [p for p in groups.get(tile, []) if p != piece] + [piece])

    def piece_rect(self, piece: str, feet: Point, scale: float = 1.0) -> pygame.Rect:
        image = self.art.piece_image(piece, scale=scale)
        return image.get_rect(midbottom=(int(feet[0]), int(feet[1] + image.get_height() * 0.06)))
