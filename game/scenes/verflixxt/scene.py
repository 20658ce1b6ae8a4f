"""Verflixxt! at the table: the track winds across a meadow as a serpentine road of tiles
(plus green, minus red, lucky clovers, risk tiles showing both values) from the start tile
to the finish, with the guardians and the players' pawns fanned out on their tiles and the
lucky (green) and unlucky (red) hats on the pawns that wear them. Taken tiles fly to their
taker's pile and the track closes up; the die tumbles (base game); movement cards are
played from the hand and goal chips fly from the stack beside the finish (expansion 2).

The scene draws a display model (``_Table``) that only the events change, animated by
tweens; when nothing is queued it is put back in line with the state
(``sync_from_state``), so skipping an animation can never leave a piece astray. Where a
piece would land is never worked out here: the preview applies the action to a copy of the
state and reads the ``move`` events it gives. Clause ids (VX-n) refer to
``docs/rules/verflixxt.md``.
"""

from __future__ import annotations

import itertools
import math
import random
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import pygame

from game.rules.protocol import Action, Event
from game.rules.verflixxt import Attack, Draw, Hat, Move, Play, Roll, Stop
from game.rules.verflixxt.box import FINISH, LUCKY, MINUS, PLUS, RISK, START, card_value
from game.rules.verflixxt.scoring import ScoreBreakdown, breakdown
from game.scenes.game_base import GameScene
from game.ui import choices, fonts, sprites, theme
from game.ui.tween import Tween, ease_in_out, lerp
from game.ui.widgets import draw_panel, draw_text

Point = tuple[float, float]

MEADOW = (176, 208, 138)
MEADOW_DARK = (146, 184, 112)
MEADOW_EDGE = (112, 150, 86)
ROAD = (236, 216, 170)
ROAD_EDGE = (198, 170, 118)
GOOD = (46, 140, 70)
BAD = (196, 60, 48)
HAT_SPRITES = {"lucky": "verflixxt_hat_lucky.svg", "unlucky": "verflixxt_hat_unlucky.svg"}
TILE_SPRITES = {
    PLUS: "verflixxt_tile_plus.svg",
    MINUS: "verflixxt_tile_minus.svg",
    LUCKY: "verflixxt_tile_lucky.svg",
    RISK: "verflixxt_tile_risk.svg",
    START: "verflixxt_tile_start.svg",
    FINISH: "verflixxt_tile_finish.svg",
}
LETTER_KEYS = {pygame.K_a: "a", pygame.K_b: "b", pygame.K_c: "c"}

# Seconds (at speed 1) of the main animations.
HOP_PER_TILE, HOP_MIN, HOP_MAX = 0.16, 0.3, 1.5
CLOSE = 0.45
TUMBLE = 0.8


def _signed(value: int) -> str:
    """+5 / −5 with a real minus sign (the font has it; it reads better than a hyphen)."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def _face(value: int) -> str:
    """A card's value as printed on it: 3, 0, −1."""
    return _signed(value) if value < 0 else str(value)


def _piece_order(piece: str) -> tuple:
    """Guardians stand at the back of a tile, pawns in front in seat order."""
    return (0, int(piece[1:]), "") if piece[0] == "g" else (1, int(piece[:-1]), piece[-1])


@dataclass(eq=False)
class Choice(choices.Choice):
    """A button, or an area of the table (a piece, a tile, a card in the hand: ``spot``),
    standing for one legal action or for a step towards one. The preview follows it on
    hover or focus; ``previews`` are the actions it shows (an unlucky-hat pawn: both ways)."""

    spot: str = ""
    piece: str | None = None
    tile: str | None = None
    card: int | None = None
    previews: tuple = ()

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        if not self.spot:
            super().draw(surface, focused)


@dataclass(eq=False)
class Flyer:
    """Something on its way across the table: a tile, a card, a hat or a goal chip, drawn
    between two anchors that follow the layout."""

    kind: str  # tile, card, back, hat, chip
    what: object
    src: Callable[[], Point]
    dst: Callable[[], Point]
    size0: float  # design pixels
    size1: float
    hop: float = 40.0
    t: float = 0.0


@dataclass(eq=False)
class Walk:
    """A piece walking from tile to tile along the path its move event gives."""

    piece: str
    points: list[Callable[[], Point]]
    t: float = 0.0


@dataclass
class _Table:
    """What is drawn: the display model, changed by events (and by sync_from_state)."""

    track: list[str]
    u: dict[str, float]  # tile -> 0..1 along the road (start 0, finish 1)
    pieces: dict[str, str]  # piece at rest -> its tile
    hats: dict[str, str | None]
    taken: list[list[str]]
    chips: list[int]
    chips_won: list[list[int]]
    hats_home: list[list[str]]
    hand: list[str]
    hand_counts: list[int]
    deck: int
    discard: str | None
    die: int | None
    current: int | None
    round: int
    contest: dict[int, list[str]] | None = None
    contest_alpha: float = 1.0
    gone: set = field(default_factory=set)  # taken tiles still drawn in flight
    walks: dict = field(default_factory=dict)  # piece -> Walk
    flyers: list = field(default_factory=list)
    tumble: float | None = None  # 0..1 while the die tumbles
    wiggle: dict = field(default_factory=dict)  # piece -> 0..1 (a move that stays)
    shake: tuple | None = None  # (tile, 0..1): an attack
    banner: list | None = None  # [title, subtitle, alpha]
    pops: list = field(default_factory=list)  # [text, anchor, t, colour]
    winners: list | None = None


class VerflixxtScene(choices.ChoiceControls[Choice], GameScene):
    log_lines = 8
    steps_draw_attention = True  # a hand card is ringed; a two-way pawn previews both
    rebuild_before_input = True  # the controls always match the state being answered

    def __init__(self, app, session):
        super().__init__(app, session)
        self.mode = "main"  # main, card (a card chosen), dir, attack
        self.sel_card: str | None = None
        self.sel_piece: str | None = None
        self._images: dict = {}
        self._static: pygame.Surface | None = None
        self._score_cache: dict[tuple[int, tuple, tuple, tuple], ScoreBreakdown] = {}
        self._synced = True
        self.clock = 0.0
        self.last_die: int | None = None  # the base game's die shows its last roll
        state = self.state
        self.total_tiles = len(state.track) + sum(len(p) for p in state.taken)
        self.table = self._table_from_state()
        if session.actions:
            self.sync_from_state()
        else:
            # The opening deal (VX-21) happened in new_game: deal it for everybody to see,
            # face down (nobody's hand is on screen before the first person is asked).
            dealt = sum(len(h) for h in state.hands)
            self.table.deck += dealt
            self.table.hand_counts = [0] * state.players
            self.queue_events(list(state.opening_events))

    def queue_events(self, events: list[Event]) -> None:
        viewer = self.private_player
        for event in events:
            if event.seen_by(viewer):
                self.events.append(event)
            elif viewer is None and event.kind == "draw" and event.data.get("card") is None:
                # Nobody's private things are on screen (computer seats only, or before the
                # first person is asked): show the face-down twin of a secret draw (V-15).
                self.events.append(event)

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

    # == images (cached per layout) ==============================================
    def _piece_image(self, piece: str, ghost: bool = False) -> pygame.Surface:
        key = ("piece", piece if piece[0] != "g" else "g", ghost)
        image = self._images.get(key)
        if image is None:
            if piece[0] == "g":
                h = int(self.tile_px * 0.74)
                image = sprites.svg("verflixxt_guardian.svg", int(h * 0.7), h).copy()
            else:
                h = int(self.tile_px * 0.62)
                w = int(h * 0.667)
                player = int(piece[:-1])
                image = sprites.tinted(
                    sprites.svg("verflixxt_pawn.svg", w, h), self.seat_colour(player)
                )
                letter = fonts.render(piece[-1], max(8, int(h * 0.3)), theme.INK_LIGHT, True)
                shade = fonts.render(piece[-1], max(8, int(h * 0.3)), (30, 30, 40), True)
                spot = (w / 2, h * 0.71)
                image.blit(shade, shade.get_rect(center=(spot[0] + 1, spot[1] + 1)))
                image.blit(letter, letter.get_rect(center=spot))
            if ghost:
                image.set_alpha(130)
            self._images[key] = image
        return image

    def _pawn_icon(self, player: int, height: int) -> pygame.Surface:
        key = ("icon", player, height)
        image = self._images.get(key)
        if image is None:
            image = sprites.tinted(
                sprites.svg("verflixxt_pawn.svg", int(height * 0.667), height),
                self.seat_colour(player),
            )
            self._images[key] = image
        return image

    def _hat_image(self, hat: str, width: int | None = None) -> pygame.Surface:
        width = width or int(self.tile_px * 0.42)
        return sprites.svg(HAT_SPRITES[hat], width, int(width * 0.8))

    def _tile_image(self, tile: str, size: int) -> pygame.Surface:
        key = ("tile", tile, size, self.t.lang)
        image = self._images.get(key)
        if image is not None:
            return image
        kind = tile if tile in (START, FINISH) else self.state.box.kinds[tile]
        image = sprites.svg(TILE_SPRITES[kind], size).copy()
        value = 0 if tile in (START, FINISH) else self.state.box.values[tile]
        if kind in (PLUS, MINUS):
            self._outlined(image, _signed(value), int(size * 0.42), (size / 2, size * 0.7))
        elif kind == RISK:
            self._outlined(image, _signed(-value), int(size * 0.27), (size * 0.25, size * 0.72))
            self._outlined(image, _signed(value), int(size * 0.27), (size * 0.76, size * 0.72))
        elif kind in (START, FINISH):
            label = self.t("verflixxt.start" if kind == START else "verflixxt.finish")
            font_size = int(size * 0.15)
            text = fonts.render(label, font_size, theme.INK_LIGHT, True)
            if text.get_width() > size * 0.9:
                text = fonts.render(
                    label, int(font_size * size * 0.9 / text.get_width()), theme.INK_LIGHT, True
                )
            image.blit(text, text.get_rect(center=(size / 2, size * 0.84)))
        self._images[key] = image
        return image

    @staticmethod
    def _outlined(
        image: pygame.Surface,
        text: str,
        size: int,
        centre: Point,
        colour=(255, 255, 255),
        edge=(40, 30, 30),
        width: float | None = None,
    ) -> None:
        """``text`` in ``colour`` with a dark edge; set smaller when wider than ``width``."""
        face = fonts.render(text, size, colour, True)
        while width is not None and face.get_width() > width and size > 6:
            size -= 1
            face = fonts.render(text, size, colour, True)
        shade = fonts.render(text, size, edge, True)
        for dx, dy in ((1, 1), (2, 2), (-1, 1), (1, -1)):
            image.blit(shade, shade.get_rect(center=(centre[0] + dx, centre[1] + dy)))
        image.blit(face, face.get_rect(center=centre))

    def _mini_tile(
        self, tile: str, size: int, turned: bool = False, risk_sign: int = 1
    ) -> pygame.Surface:
        """A taken tile in a pile: a turned minus tile shows green with its plus value and a
        clover (VX-7); risk tiles show the sign they score with now (VX-25)."""
        key = ("mini", tile, size, turned, risk_sign)
        image = self._images.get(key)
        if image is not None:
            return image
        kind = self.state.box.kinds[tile]
        value = self.state.box.values[tile]
        room = size - 2  # the label stays on the tile ("−10" too)
        if turned:
            image = sprites.svg(TILE_SPRITES[PLUS], size).copy()
            self._outlined(
                image,
                _signed(-value),
                int(size * 0.5),
                (size / 2, size * 0.5),
                edge=(20, 60, 30),
                width=room,
            )
            clover = sprites.svg("verflixxt_clover.svg", max(4, int(size * 0.4)))
            image.blit(clover, (size * 0.62, -size * 0.1))
        elif kind == RISK:
            sprite = TILE_SPRITES[PLUS] if risk_sign > 0 else TILE_SPRITES[MINUS]
            image = sprites.svg(sprite, size).copy()
            pygame.draw.rect(
                image, (90, 63, 110), image.get_rect(), max(1, size // 9), border_radius=size // 6
            )
            self._outlined(
                image,
                ("+" if risk_sign > 0 else "−") + str(value),
                int(size * 0.46),
                (size / 2, size * 0.5),
                width=room,
            )
        else:
            image = sprites.svg(TILE_SPRITES[kind], size).copy()
            if kind in (PLUS, MINUS):
                self._outlined(
                    image, _signed(value), int(size * 0.5), (size / 2, size * 0.5), width=room
                )
        self._images[key] = image
        return image

    def _card_image(self, card: str | None, w: int, h: int) -> pygame.Surface:
        key = ("card", card, w, h)
        image = self._images.get(key)
        if image is not None:
            return image
        if card is None:
            image = sprites.svg("verflixxt_card_back.svg", w, h)
        else:
            name = "verflixxt_card_yellow.svg" if card[0] == "y" else "verflixxt_card_orange.svg"
            image = sprites.svg(name, w, h).copy()
            value = card_value(card)
            ink = (92, 60, 0) if card[0] == "y" else (110, 42, 0)
            big = fonts.render(_face(value), int(h * 0.46), ink, True)
            image.blit(big, big.get_rect(center=(w / 2, h * 0.52)))
            corner = fonts.render(_face(value), max(8, int(h * 0.16)), ink, True)
            image.blit(corner, corner.get_rect(topleft=(w * 0.15, h * 0.1)))
        self._images[key] = image
        return image

    def _chip_image(self, value: int, size: int) -> pygame.Surface:
        key = ("chip", value, size)
        image = self._images.get(key)
        if image is None:
            image = sprites.svg("verflixxt_chip.svg", size).copy()
            text = fonts.render(f"+{value}", max(8, int(size * 0.42)), (110, 70, 0), True)
            image.blit(text, text.get_rect(center=(size / 2, size / 2)))
            self._images[key] = image
        return image

    def _die_image(self, face: int, size: int, angle: int = 0) -> pygame.Surface:
        angle = round(angle / 15.0) * 15 % 360
        key = ("die", face, size, angle)
        image = self._images.get(key)
        if image is None:
            image = sprites.svg(f"verflixxt_die{face}.svg", size)
            if angle:
                image = pygame.transform.rotozoom(image, angle, 1.0)
            self._images[key] = image
        return image

    # == the display model ========================================================
    def _table_from_state(self) -> _Table:
        s = self.state
        n = s.players
        viewer = self.private_player
        pieces = {}
        for p, row in enumerate(s.pawns):
            for i, tile in enumerate(row):
                pieces[f"{p}{'abc'[i]}"] = tile
        for j, tile in enumerate(s.guardians):
            pieces[f"g{j + 1}"] = tile
        contest: dict[int, list[str]] | None = None
        if s.phase == "contest" or s.contest_cards:
            contest = {p: [] for p in range(n)}
            for p, card in s.contest_cards:
                contest[p].append(card)
        return _Table(
            track=list(s.track),
            u=self._spread(s.track),
            pieces=pieces,
            hats=dict(s.hat_on),
            taken=[list(t) for t in s.taken],
            chips=list(s.chips),
            chips_won=[list(c) for c in s.chips_won],
            hats_home=[list(h) for h in s.hats_home],
            hand=sorted(s.hands[viewer]) if viewer is not None else [],
            hand_counts=[len(h) for h in s.hands],
            deck=len(s.deck),
            discard=s.discard[-1] if s.discard else None,
            die=s.die,
            current=None if s.is_over() else s.to_act()[0],
            round=s.round,
            contest=contest,
            winners=list(s.winners()) if s.is_over() else None,
        )

    @staticmethod
    def _spread(track: list[str]) -> dict[str, float]:
        last = max(1, len(track) - 1)
        return {tile: i / last for i, tile in enumerate(track)}

    def sync_from_state(self) -> None:
        die = self.state.die or self.last_die
        self.table = self._table_from_state()
        self.last_die = die
        self._synced = True
        self._controls_key = None

    def on_private_shown(self, player: int) -> None:
        self.table.hand = sorted(self.state.hands[player])
        self.mode, self.sel_card, self.sel_piece = "main", None, None
        self._controls_key = None

    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)
        if self.busy_animating():
            self._synced = False
        elif not self._synced:
            self.sync_from_state()
        self._rebuild_controls()

    # == events -> tweens ==========================================================
    def _tween(
        self,
        duration: float,
        update=None,
        done=None,
        start=None,
        ease=ease_in_out,
        together: bool = False,
    ) -> None:
        tween = Tween(max(0.0, duration), update, done, ease, on_start=start)
        if together:
            self.timeline.also(tween)
        else:
            self.timeline.then(tween)

    def _sound(self, name: str) -> Callable[[], None]:
        return lambda: self.app.sound.play(name)

    def play_event(self, event: Event) -> None:
        handler = getattr(self, f"_play_{event.kind}", None)
        if handler is not None:
            handler(event.player, event.data)

    def _fly(
        self,
        flyer: Flyer,
        duration: float,
        done=None,
        start=None,
        sound: str = "",
        together: bool = False,
    ) -> None:
        t = self.table

        def begin():
            if start:
                start()
            t.flyers.append(flyer)
            if sound:
                self.app.sound.play(sound)

        def update(v):
            flyer.t = v

        def end():
            if flyer in t.flyers:
                t.flyers.remove(flyer)
            if done:
                done()

        self._tween(duration, update, end, begin, together=together)

    def _pop(
        self,
        text: str,
        anchor: Callable[[], Point],
        colour=theme.INK,
        duration: float = 0.9,
        together: bool = True,
    ) -> None:
        t = self.table
        pop = [text, anchor, 0.0, colour]

        def update(v):
            pop[2] = v

        def done():
            if pop in t.pops:
                t.pops.remove(pop)

        self._tween(
            duration, update, done, lambda: t.pops.append(pop), ease=lambda v: v, together=together
        )

    def _row_anchor(self, player: int) -> Callable[[], Point]:
        return lambda: self.rows[player].midleft

    def _play_roll(self, player, data) -> None:
        t = self.table

        def start():
            t.tumble = 0.0
            t.die = data["die"]
            self.app.sound.play("dice")

        def update(v):
            t.tumble = v

        def done():
            t.tumble = None
            self.last_die = data["die"]

        self._tween(TUMBLE, update, done, start, ease=lambda v: 1 - (1 - v) ** 2)

    def _play_play(self, player, data) -> None:
        t = self.table
        card = data["card"]
        viewer_hand = player == self.private_player and card in t.hand
        index = t.hand.index(card) if viewer_hand else 0
        src = (lambda: self.hand_slot(index)) if viewer_hand else self.hand_anchor_fn(player)
        flyer = Flyer(
            "card",
            card,
            src,
            lambda: self.discard_rect.center,
            self.card_w / self.s if viewer_hand else 24,
            46,
            hop=30,
        )

        def start():
            if viewer_hand and card in t.hand:
                t.hand.remove(card)
            t.hand_counts[player] = max(0, t.hand_counts[player] - 1)

        self._fly(flyer, 0.4, lambda: setattr(t, "discard", card), start, "click")
        if data["piece"] is None:
            self._pop(self.t("verflixxt.pop_zero"), lambda: self.discard_rect.midtop)

    def hand_anchor_fn(self, player: int) -> Callable[[], Point]:
        return lambda: self.hand_anchor(player)

    def _play_move(self, player, data) -> None:
        t = self.table
        piece, origin, dest, path = data["piece"], data["from"], data["to"], list(data["path"])
        if not path:

            def wiggle(v):
                t.wiggle[piece] = v

            self._tween(0.3, wiggle, lambda: t.wiggle.pop(piece, None), ease=lambda v: v)
            return
        walk = Walk(piece, [])

        def start():
            groups = self._groups()
            here = self.piece_spot(piece, groups) or self.tile_centre(origin)
            ox, oy = self.tile_centre(origin)
            size = self.tile_size(origin)
            offset = ((here[0] - ox) / size, (here[1] - oy) / size)
            t.pieces.pop(piece, None)
            groups = self._groups()
            land = self.landing_spot(piece, dest, groups)
            dx, dy = self.tile_centre(dest)
            dsize = self.tile_size(dest)
            land_offset = ((land[0] - dx) / dsize, (land[1] - dy) / dsize)

            def at(tile, off):
                def point():
                    cx, cy = self.tile_centre(tile)
                    size = self.tile_size(tile)
                    return (cx + off[0] * size, cy + off[1] * size)

                return point

            walk.points = [at(origin, offset)]
            for tile in path[:-1]:
                walk.points.append(at(tile, (0.0, -0.02)))
            walk.points.append(at(dest, land_offset))
            t.walks[piece] = walk
            self.app.sound.play("bonk" if data["cause"] == "attack" else "slide")

        def update(v):
            walk.t = v

        def done():
            t.walks.pop(piece, None)
            t.pieces[piece] = dest

        duration = min(HOP_MAX, max(HOP_MIN, HOP_PER_TILE * len(path) + 0.1))
        self._tween(duration, update, done, start, ease=lambda v: v)

    def _play_take(self, player, data) -> None:
        t = self.table
        tile = data["tile"]
        pile = len(t.taken[player])
        here = self.tile_centre(tile)

        def start():
            t.gone.add(tile)

        def done():
            t.taken[player].append(tile)

        flyer = Flyer(
            "tile",
            tile,
            lambda: here,
            lambda: self.pile_slot(player, pile, pile + 1),
            self.tile_px / self.s,
            self.pile_layout(player, pile + 1)[3] / self.s,
            hop=60,
        )
        self._fly(flyer, 0.55, done, start, "pop")

    def _play_close(self, player, data) -> None:
        t = self.table
        track = list(data["track"])
        target = self._spread(track)
        before: dict[str, float] = {}

        def start():
            before.update({tile: t.u.get(tile, target[tile]) for tile in track})
            t.track = track

        def update(v):
            for tile in track:
                t.u[tile] = lerp(before[tile], target[tile], v)

        def done():
            t.u = dict(target)
            t.gone.discard(data["tile"])

        self._tween(CLOSE, update, done, start)

    def _play_home(self, player, data) -> None:
        key = "verflixxt.pop_exact" if data["exact"] else "verflixxt.pop_home"
        self._pop(
            self.t(key), lambda: self.tile_rect(FINISH).midtop, GOOD, together=False, duration=0.5
        )
        self._tween(0.0, start=self._sound("chirp"), together=True)

    def _play_hat(self, player, data) -> None:
        t = self.table
        hat, how = data["hat"], data["how"]
        size = self.tile_px * 0.42 / self.s
        if how == "deal":
            src = (
                (lambda: self.contest_row(player).midleft)
                if t.contest is not None
                else self._row_anchor(player)
            )
        else:
            src = self._pawn_head(data["from"])
        if how == "home":
            dst = self.hats_anchor_fn(player)
        else:
            dst = self._pawn_head(data["to"])

        def start():
            if t.hats.get(hat) is not None:
                t.hats[hat] = None

        def done():
            if how == "home":
                t.hats_home[player].append(hat)
            else:
                t.hats[hat] = data["to"]

        flyer = Flyer("hat", hat, src, dst, size, size if how != "home" else 26, hop=50)
        self._fly(flyer, 0.55, done, start, "pop")
        if how == "home":
            points = data.get("points", 0)
            self._pop(
                _signed(points) if points else "",
                self.hats_anchor_fn(player),
                GOOD if points > 0 else BAD,
            )

    def hats_anchor_fn(self, player: int) -> Callable[[], Point]:
        return lambda: self.hats_anchor(player)

    def _pawn_head(self, pawn: str) -> Callable[[], Point]:
        """The top of a pawn (at rest or walking): where its hat sits."""

        def point():
            feet = self._piece_feet(pawn)
            if feet is None:
                return self.tile_centre(FINISH)
            return (feet[0], feet[1] - self.tile_px * 0.62 * 0.86)

        return point

    def _piece_feet(self, piece: str) -> Point | None:
        walk = self.table.walks.get(piece)
        if walk is not None and walk.points:
            return self._walk_pos(walk)
        return self.piece_spot(piece)

    def _play_hat_keep(self, player, data) -> None:
        self._tween(0.15)

    def _play_chip(self, player, data) -> None:
        t = self.table
        value = data["value"]
        count = len(t.chips_won[player])

        def start():
            if t.chips:
                t.chips.pop(0)

        def done():
            t.chips_won[player].append(value)

        def dst():
            x, y = self.chips_anchor(player)
            return (x + count * self.px(20) + self.px(10), y)

        flyer = Flyer(
            "chip", value, self.chip_stack_pos, dst, self.tile_px * 0.52 / self.s, 18, hop=50
        )
        self._fly(flyer, 0.6, done, start, "pop")
        self._pop(f"+{value}", self.chip_stack_pos, GOOD)

    def _play_stop(self, player, data) -> None:
        self._tween(0.2)

    def _play_attack(self, player, data) -> None:
        t = self.table
        tile = data["tile"]
        cards = list(data["cards"])
        viewer_hand = player == self.private_player

        def start():
            if viewer_hand:
                for card in cards:
                    if card in t.hand:
                        t.hand.remove(card)
            t.hand_counts[player] = 0
            t.banner = [
                self.t("verflixxt.banner_attack", name=self.seat_name(player)),
                self.t(
                    "verflixxt.banner_attack_sub",
                    value=_face(data["value"]),
                    tile=self.tile_name(tile),
                ),
                0.0,
            ]
            self.app.sound.play("bonk")

        def update(v):
            t.shake = (tile, v)
            t.banner[2] = min(1.0, v * 5, (1 - v) * 5)

        def done():
            t.shake = None
            t.banner = None
            t.discard = cards[-1] if cards else t.discard

        self._tween(0.9, update, done, start, ease=lambda v: v)
        for k, card in enumerate(cards):
            src = partial(self.hand_slot, k) if viewer_hand else self.hand_anchor_fn(player)
            self._fly(
                Flyer(
                    "card",
                    card,
                    src,
                    lambda: self.discard_rect.center,
                    self.card_w / self.s if viewer_hand else 24,
                    46,
                    hop=30,
                ),
                0.4,
                together=True,
            )

    def _play_reshuffle(self, player, data) -> None:
        t = self.table

        def done():
            t.deck = data["cards"]
            t.discard = None

        self._fly(
            Flyer(
                "back",
                None,
                lambda: self.discard_rect.center,
                lambda: self.deck_rect.center,
                46,
                46,
                hop=20,
            ),
            0.35,
            done,
            sound="slide",
        )

    def _play_draw(self, player, data) -> None:
        t = self.table
        card = data["card"]
        mine = card is not None and player == self.private_player
        index = min(1, max(0, data["hand"] - 1))
        dst = (lambda: self.hand_slot(index)) if mine else self.hand_anchor_fn(player)

        def start():
            t.deck = max(0, t.deck - 1)

        def done():
            t.hand_counts[player] = data["hand"]
            if mine:
                t.hand.append(card)
                t.hand.sort()

        self._fly(
            Flyer(
                "card" if mine else "back",
                card,
                lambda: self.deck_rect.center,
                dst,
                46,
                self.card_w / self.s if mine else 20,
                hop=24,
            ),
            0.3,
            done,
            start,
        )

    def _play_hat_draw(self, player, data) -> None:
        t = self.table
        card = data["card"]

        def start():
            t.deck = max(0, t.deck - 1)
            if t.contest is None:
                t.contest = {p: [] for p in range(self.session.players)}
            t.contest_alpha = 1.0
            t.current = player

        def dst():
            row = self.contest_row(player)
            k = len((t.contest or {}).get(player, []))
            return (row.x + self.px(190) + k * self.px(34), row.centery)

        def done():
            if t.contest is not None:
                t.contest[player].append(card)

        self._fly(
            Flyer("card", card, lambda: self.deck_rect.center, dst, 46, 28, hop=40),
            0.45,
            done,
            start,
            "click",
        )

    def _play_hat_tie(self, player, data) -> None:
        names = self.t("verflixxt.list_sep").join(self.seat_name(p) for p in data["players"])
        self._banner(
            self.t(f"verflixxt.banner_tie_{data['place']}"),
            self.t("verflixxt.banner_tie_sub", names=names),
            1.3,
        )

    def _banner(self, title: str, subtitle: str, duration: float) -> None:
        t = self.table

        def start():
            t.banner = [title, subtitle, 0.0]

        def update(v):
            if t.banner is not None:
                t.banner[2] = min(1.0, v * 6, (1 - v) * 6)

        self._tween(duration, update, lambda: setattr(t, "banner", None), start, ease=lambda v: v)

    def _play_hat_draw_end(self, player, data) -> None:
        t = self.table
        self._banner(
            self.t("verflixxt.banner_hats", lucky=self.seat_name(data["lucky"])),
            self.t("verflixxt.banner_hats_sub", unlucky=self.seat_name(data["unlucky"])),
            1.6,
        )

        def fade(v):
            t.contest_alpha = 1 - v

        def done():
            t.contest = None
            t.contest_alpha = 1.0
            if data["cards"]:
                t.discard = data["cards"][-1]

        self._tween(0.4, fade, done)

    def _play_skip(self, player, data) -> None:
        self._pop(
            self.t("verflixxt.pop_skip"),
            self._row_anchor_mid(player),
            theme.INK_SOFT,
            duration=0.5,
            together=False,
        )

    def _row_anchor_mid(self, player: int) -> Callable[[], Point]:
        return lambda: self.rows[player].center

    def _play_turn(self, player, data) -> None:
        t = self.table

        def start():
            t.current = player
            t.round = data["round"]
            if not self.state.hats_variant:
                t.die = None

        self._tween(0.1, start=start)

    def _play_end(self, player, data) -> None:
        t = self.table
        names = self.t("verflixxt.list_sep").join(self.seat_name(p) for p in data["winners"])

        def start():
            t.current = None
            t.winners = list(data["winners"])

        self._tween(0.0, start=start)
        self._banner(
            self.t("verflixxt.banner_end"), self.t("verflixxt.banner_end_sub", names=names), 1.6
        )

    # == names for the log ===========================================================
    def tile_name(self, tile: str) -> str:
        if tile == START:
            return self.t("verflixxt.tile_start")
        if tile == FINISH:
            return self.t("verflixxt.tile_finish")
        kind = self.state.box.kinds.get(tile)
        value = self.state.box.values.get(tile, 0)
        if kind == LUCKY:
            return self.t("verflixxt.tile_lucky")
        if kind == RISK:
            return self.t("verflixxt.tile_risk", value=value)
        return _signed(value)

    def piece_name(self, piece: str | None) -> str:
        if piece is None:
            return ""
        if piece[0] == "g":
            return self.t("verflixxt.guardian", n=piece[1:])
        return self.t("verflixxt.pawn", name=self.seat_name(int(piece[:-1])), letter=piece[-1])

    def short_name(self, pawn: str) -> str:
        """A pawn on a button: "Sky b", or "your b" for the person's own."""
        player = int(pawn[:-1])
        if player == self.private_player:
            return self.t("verflixxt.pawn_own", letter=pawn[-1])
        return self.t("verflixxt.pawn_short", name=self.seat_name(player), letter=pawn[-1])

    def card_name(self, card: str) -> str:
        value = card_value(card)
        key = "verflixxt.card_yellow" if card[0] == "y" else "verflixxt.card_orange"
        return self.t(key, value=_face(value))

    def hat_name(self, hat: str) -> str:
        return self.t(f"verflixxt.hat_{hat}")

    def describe(self, event: Event) -> str | None:
        line = self._describe(event)
        # a line may open with a piece's name ("guardian 3 moves ..."): a capital first
        return line[:1].upper() + line[1:] if line else line

    def _describe(self, event: Event) -> str | None:
        d = event.data
        kind = event.kind
        tr = self.t
        name = self.seat_name(event.player) if event.player is not None else ""
        if kind == "roll":
            return tr("verflixxt.ev_roll", name=name, die=d["die"])
        if kind == "play":
            card = self.card_name(d["card"])
            if d["piece"] is None:
                line = tr("verflixxt.ev_play_zero", name=name, card=card)
            elif d.get("direction"):
                line = tr(
                    "verflixxt.ev_play_dir",
                    name=name,
                    card=card,
                    piece=self.piece_name(d["piece"]),
                    direction=tr(f"verflixxt.dir_{d['direction']}"),
                )
            else:
                line = tr(
                    "verflixxt.ev_play", name=name, card=card, piece=self.piece_name(d["piece"])
                )
            if d.get("second") and line:  # "(second card)" before the full stop
                line = line[:-1] + tr("verflixxt.second_mark") + line[-1]
            return line
        if kind == "move":
            fields = {
                "piece": self.piece_name(d["piece"]),
                "n": abs(d["steps"]),
                "frm": self.tile_name(d["from"]),
                "to": self.tile_name(d["to"]),
            }
            if not d["steps"]:
                return tr("verflixxt.ev_move_stay", **fields)
            push = d.get("cause") == "attack"
            way = "fwd" if d["steps"] > 0 else "back"
            return tr(f"verflixxt.ev_{'push' if push else 'move'}_{way}", **fields)
        if kind == "take":
            return tr("verflixxt.ev_take", name=name, tile=self.tile_name(d["tile"]))
        if kind == "close":
            return tr("verflixxt.ev_close", n=max(0, len(d["track"]) - 2))
        if kind == "home":
            return tr(
                "verflixxt.ev_home_exact" if d["exact"] else "verflixxt.ev_home",
                piece=self.piece_name(d["piece"]),
            )
        if kind == "hat":
            how = d["how"]
            fields = {
                "name": name,
                "hat": self.hat_name(d["hat"]),
                "frm": self.piece_name(d.get("from")),
                "to": self.piece_name(d.get("to")),
            }
            if how == "home":
                fields["points"] = _signed(d.get("points", 0))
            return tr(f"verflixxt.ev_hat_{how}", **fields)
        if kind == "hat_keep":
            return tr("verflixxt.ev_hat_keep", name=name)
        if kind == "chip":
            return tr("verflixxt.ev_chip", name=name, value=d["value"], left=d["left"])
        if kind == "stop":
            return tr("verflixxt.ev_stop", name=name)
        if kind == "attack":
            return tr(
                "verflixxt.ev_attack",
                name=name,
                value=_face(d["value"]),
                tile=self.tile_name(d["tile"]),
                n=len(d["targets"]),
            )
        if kind == "reshuffle":
            return tr("verflixxt.ev_reshuffle", n=d["cards"])
        if kind == "draw":
            # never the card itself: the log stays on screen when the next person looks
            return tr("verflixxt.ev_draw", name=name, hand=d["hand"])
        if kind == "hat_draw":
            key = (
                "verflixxt.ev_hat_draw" if d.get("round", 1) <= 1 else "verflixxt.ev_hat_draw_again"
            )
            return tr(key, name=name, card=self.card_name(d["card"]))
        if kind == "hat_tie":
            names = tr("verflixxt.list_sep").join(self.seat_name(p) for p in d["players"])
            return tr(f"verflixxt.ev_hat_tie_{d['place']}", names=names)
        if kind == "hat_draw_end":
            return tr(
                "verflixxt.ev_hat_draw_end",
                lucky=self.seat_name(d["lucky"]),
                unlucky=self.seat_name(d["unlucky"]),
            )
        if kind == "skip":
            return tr("verflixxt.ev_skip", name=name)
        if kind == "turn":
            return tr("verflixxt.ev_turn", name=name, round=d["round"])
        if kind == "end":
            sep = tr("verflixxt.list_sep")
            results = sep.join(
                tr("verflixxt.result", name=self.seat_name(p), points=_signed(b["total"]))
                for p, b in enumerate(d["scores"])
            )
            names = sep.join(self.seat_name(p) for p in d["winners"])
            return tr("verflixxt.ev_end", results=results, names=names)
        return None

    # == who decides, and what ======================================================
    def _steps_taken(self) -> tuple:
        return (self.mode, self.sel_card, self.sel_piece)

    def _settle_mode(self, legal) -> None:
        """Keep the chosen card/piece only while they still lead to legal actions; with a
        single card to play (the second card of a double turn) choose it at once."""
        plays = [a for a in legal if isinstance(a, Play)]
        cards = sorted({a.card for a in plays})
        if self.mode == "attack" and not any(isinstance(a, Attack) for a in legal):
            self.mode = "main"
        if self.sel_card is not None and self.sel_card not in cards:
            self.mode, self.sel_card, self.sel_piece = "main", None, None
        if self.mode == "dir" and not any(
            a.card == self.sel_card and a.piece == self.sel_piece for a in plays
        ):
            self.mode, self.sel_piece = "card", None
        if self.mode == "main" and len(cards) == 1 and self.sel_card is None:
            self.mode, self.sel_card = "card", cards[0]

    def _make_controls(self, player: int, legal) -> None:
        add = self.controls.append
        buttons: list[tuple] = []  # (key, label, callback, action, primary)
        spots: list[Choice] = []
        groups = self._groups()
        tr = self.t
        if Roll() in legal:
            buttons.append(("roll", tr("verflixxt.btn_roll"), self._choose(Roll()), Roll(), True))
        if Draw() in legal:
            buttons.append(("draw", tr("verflixxt.btn_draw"), self._choose(Draw()), Draw(), True))
        for action in legal:
            if isinstance(action, Move):
                piece = self._full(player, action.piece)
                spots.append(
                    self._piece_choice(piece, action, (action,), groups, f"piece:{action.piece}")
                )
        hats = [a for a in legal if isinstance(a, Hat)]
        hand_overs = [a for a in hats if a.how != "keep"]
        for i, action in enumerate(hand_overs):
            pawn = action.pawn
            if pawn is None:  # (only "keep" names no pawn)
                continue
            if sum(a.how == action.how for a in hand_overs) == 1:
                # one pawn to hand over with: name the hat that changes hands
                moved = self.state.hat_of(pawn if action.how == "take" else self.state.hat_pawn)
                label = tr(f"verflixxt.btn_hat_{action.how}_hat", hat=self.hat_name(moved))
            else:
                label = tr(f"verflixxt.btn_hat_{action.how}", pawn=self.short_name(pawn))
            buttons.append((f"hat:{i + 1}", label, self._choose(action), action, False))
            spots.append(self._piece_choice(pawn, action, (action,), groups, f"hatpawn:{pawn}"))
        if Hat("keep") in legal:
            buttons.append(
                ("keep", tr("verflixxt.btn_keep"), self._choose(Hat("keep")), Hat("keep"), False)
            )
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            self._card_controls(player, plays)
        if self.mode == "card" and self.sel_card is not None:
            mine = [a for a in plays if a.card == self.sel_card]
            if card_value(self.sel_card) == 0:
                action = mine[0]
                buttons.append(
                    ("zero", tr("verflixxt.btn_zero"), self._choose(action), action, True)
                )
            by_piece: dict[str, list[Play]] = {}
            for action in mine:
                if action.piece is not None:
                    by_piece.setdefault(action.piece, []).append(action)
            for short, actions in by_piece.items():
                piece = self._full(player, short)
                if len(actions) == 1:
                    spots.append(
                        self._piece_choice(
                            piece, actions[0], tuple(actions), groups, f"piece:{short}"
                        )
                    )
                else:
                    spots.append(
                        self._piece_choice(
                            piece,
                            None,
                            tuple(actions),
                            groups,
                            f"piece:{short}",
                            self._pick_dir(short),
                        )
                    )
        if self.mode == "dir":
            for action in sorted(plays, key=lambda a: a.direction != "back"):
                if action.card == self.sel_card and action.piece == self.sel_piece:
                    label = tr(f"verflixxt.btn_dir_{action.direction}")
                    buttons.append(
                        (f"dir:{action.direction}", label, self._choose(action), action, False)
                    )
            buttons.append(
                ("back", tr("verflixxt.btn_cancel"), self._set_mode("card"), None, False)
            )
        attacks = [a for a in legal if isinstance(a, Attack)]
        if self.mode == "attack":
            for i, action in enumerate(attacks):
                label = tr("verflixxt.btn_attack_on", tile=self.tile_name(action.tile))
                buttons.append((f"attack:{i + 1}", label, self._choose(action), action, True))
                rect = self.tile_rect(action.tile).inflate(self.px(6), self.px(6))
                spots.append(
                    Choice(
                        rect,
                        "",
                        self._choose(action),
                        key=f"tile:{action.tile}",
                        action=action,
                        spot="tile",
                        tile=action.tile,
                        previews=(action,),
                    )
                )
            buttons.append(("back", tr("verflixxt.btn_back"), self._set_mode("main"), None, False))
        elif attacks:
            buttons.append(
                ("attack", tr("verflixxt.btn_attack"), self._set_mode("attack"), None, False)
            )
        if Stop() in legal:
            buttons.append(("stop", tr("verflixxt.btn_stop"), self._choose(Stop()), Stop(), False))
        # the front-most piece first, so a click on overlapping pawns takes the one on top
        spots.sort(key=lambda c: (-c.rect.bottom, -c.rect.centerx))
        self.controls.extend(spots)
        self._place_buttons(buttons, add)

    def _card_controls(self, player: int, plays) -> None:
        playable = {a.card for a in plays}
        for i, card in enumerate(self.table.hand[:2]):
            if card not in playable:
                continue
            self.controls.append(
                Choice(
                    self.hand_rects[i],
                    "",
                    self._pick_card(card),
                    key=f"card:{i + 1}",
                    spot="card",
                    card=i,
                )
            )

    def _place_buttons(self, buttons, add) -> None:
        if not buttons:
            return
        p = self.prompt_rect
        gap = self.px(8)
        bh = self.px(34)
        size = self.px(15)
        # as many to a row as their labels fit (a button shrinks its label a little), and
        # never more than two rows
        widest = max(fonts.font(size).size(label)[0] for _, label, *_ in buttons) * 0.85 + self.px(
            14
        )
        per_row = min(len(buttons), 3)
        while per_row > 1 and (p.w - gap * (per_row - 1)) // per_row < widest:
            per_row -= 1
        per_row = max(per_row, math.ceil(len(buttons) / 2))
        rows = math.ceil(len(buttons) / per_row)
        bw = min(self.px(190), (p.w - gap * (per_row - 1)) // per_row)
        y = p.bottom - rows * bh - (rows - 1) * self.px(6)
        for i, (key, label, callback, action, primary) in enumerate(buttons):
            r, c = divmod(i, per_row)
            rect = pygame.Rect(p.x + c * (bw + gap), y + r * (bh + self.px(6)), bw, bh)
            previews = (action,) if isinstance(action, (Play, Hat, Attack, Move)) else ()
            add(
                Choice(
                    rect,
                    label,
                    callback,
                    size,
                    key=key,
                    action=action,
                    primary=primary,
                    previews=previews,
                )
            )

    def _piece_choice(self, piece: str, action, previews, groups, key, callback=None) -> Choice:
        feet = self.piece_spot(piece, groups) or self.tile_centre(START)
        rect = self.piece_rect(piece, feet)
        return Choice(
            rect,
            "",
            callback or self._choose(action),
            key=key,
            action=action,
            spot="piece",
            piece=piece,
            previews=tuple(previews),
        )

    @staticmethod
    def _full(player: int, piece: str) -> str:
        return piece if piece[0] == "g" else f"{player}{piece}"

    def _clear_steps(self) -> None:
        self.mode, self.sel_card, self.sel_piece = "main", None, None
        self._armed = None

    def _pick_card(self, card: str) -> Callable[[], None]:
        def pick():
            self.mode, self.sel_card, self.sel_piece = "card", card, None
            self._armed = None

        def show_first_piece():
            first = next((c for c in self.controls if c.spot == "piece" or c.key == "zero"), None)
            if first is not None:
                self._focus(first.key)

        return self._step(pick, show_first_piece)

    def _pick_dir(self, piece: str) -> Callable[[], None]:
        def pick():
            self.mode, self.sel_piece = "dir", piece
            self._armed = None

        return self._step(pick, lambda: self._focus("dir:fwd"))

    def _set_mode(self, mode: str) -> Callable[[], None]:
        def set_mode():
            self.mode = mode
            if mode == "main":
                self.sel_card = None
            self.sel_piece = None
            self._armed = None

        return self._step(set_mode)

    # == input ======================================================================
    def human_event(self, event: pygame.event.Event, player: int) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            if self.mode != "main":
                self._back()
            return
        if event.type != pygame.KEYDOWN:
            return
        key = event.key
        digit = choices.digit_key(event, 9)  # hats, attack tiles, cards: 1 to 9
        if key == pygame.K_BACKSPACE:
            self._back()
        elif self.mode == "dir" and key in (pygame.K_f, pygame.K_b):
            button = self._control("dir:fwd" if key == pygame.K_f else "dir:back")
            if button is not None:
                button.on_click()
        elif key in LETTER_KEYS and self._control(f"piece:{LETTER_KEYS[key]}"):
            self._press_or_focus(f"piece:{LETTER_KEYS[key]}")
        elif key == pygame.K_g:
            self._cycle("piece:g")
        elif digit and self.mode == "attack":
            self._press_or_focus(f"attack:{digit}")
        elif digit and self._control(f"hat:{digit}"):
            self._press_or_focus(f"hat:{digit}")
        elif digit and self._control(f"card:{digit}"):
            self._click_control(f"card:{digit}")
        elif key == pygame.K_0 and self._control("zero"):
            self._press_or_focus("zero")
        elif key == pygame.K_r and self._control("roll"):
            self._click_control("roll")
        elif key == pygame.K_d and self._control("draw"):
            self._click_control("draw")
        elif key == pygame.K_s and self._control("stop"):
            self._press_or_focus("stop")
        elif key == pygame.K_k and self._control("keep"):
            self._press_or_focus("keep")
        elif key == pygame.K_x and self._control("attack"):
            self._click_control("attack")
            first = self._control("attack:1")
            if first is not None:
                self._focus(first.key)

    def _back(self) -> None:
        if self.mode == "dir":
            self._set_mode("card")()
        elif self.mode in ("attack", "card"):
            self._set_mode("main")()

    def _cycle(self, prefix: str) -> None:
        """G steps through the guardians that may move; Enter moves the one shown."""
        keys = [c.key for c in self.controls if c.key.startswith(prefix)]
        if not keys:
            return
        button = self._focused_button()
        focused = button.key if button is not None else None
        keys.sort(key=lambda k: int(k[len(prefix) :]))
        nxt = keys[(keys.index(focused) + 1) % len(keys)] if focused in keys else keys[0]
        self._focus(nxt)
        self._armed = nxt

    def _preview_of(self, player: int, action: Action) -> list[Event]:
        """The events ``action`` would give, from a copy of the state (exact: the rules
        themselves say where a piece lands, what is taken and which chip is won)."""
        return self.state.clone().apply(player, action)

    # == drawing =====================================================================
    def draw_table(self, surface: pygame.Surface) -> None:
        self._rebuild_controls()
        focus = self.attention()
        shown: list[tuple[Action, list[Event]]] = []
        if focus is not None:
            for action in focus.previews:
                events = self.preview(action)
                if events:
                    shown.append((action, events))
        self._draw_header(surface)
        self._draw_board(surface, focus, shown)
        self._draw_players(surface)
        self._draw_action_panel(surface, focus, shown)
        self.draw_log(surface, self.log_rect)
        self._draw_flyers(surface)
        self._draw_pops(surface)
        self._draw_banner(surface)

    # -- header ----------------------------------------------------------------------
    def _draw_header(self, surface) -> None:
        t = self.table
        x, cy = self.header.x, self.header.centery
        pill = fonts.render(
            self.t("verflixxt.round", n=t.round), self.px(20), theme.INK_LIGHT, True
        )
        box = pill.get_rect(midleft=(x + self.px(12), cy)).inflate(self.px(24), self.px(10))
        pygame.draw.rect(surface, theme.BG_DARK, box, border_radius=box.h // 2)
        surface.blit(pill, pill.get_rect(center=box.center))
        x = box.right + self.px(18)
        if t.current is not None:
            icon = self._pawn_icon(t.current, self.px(30))
            surface.blit(icon, icon.get_rect(midleft=(x, cy)))
            key = (
                "verflixxt.header_draw"
                if self.state.phase == "contest"
                else "verflixxt.header_turn"
            )
            x = draw_text(
                surface,
                self.t(key, name=self.seat_name(t.current)),
                self.px(19),
                (x + icon.get_width() + self.px(8), cy),
                theme.INK,
                bold=True,
                anchor="midleft",
            ).right + self.px(22)
        variant = self._variant_label()
        draw_text(
            surface,
            variant,
            self.px(15),
            (self.header.right - self.px(8), cy),
            theme.INK_SOFT,
            anchor="midright",
        )

    def _variant_label(self) -> str:
        s = self.state
        if s.hats_variant:
            return self.t("verflixxt.variant_hats_attack" if s.attack else "verflixxt.variant_hats")
        return self.t(
            "verflixxt.variant_base_random"
            if s.options.get("track") == "random"
            else "verflixxt.variant_base"
        )

    # -- board -----------------------------------------------------------------------
    def _static_board(self) -> pygame.Surface:
        if self._static is not None:
            return self._static
        board = self.board
        layer = pygame.Surface(board.size, pygame.SRCALPHA)
        ox, oy = -board.x, -board.y
        radius = self.px(14)
        pygame.draw.rect(layer, MEADOW, layer.get_rect(), border_radius=radius)
        rng = random.Random(7)
        pts = [(x + ox, y + oy) for x, y in self._pts]
        road_w = self.tile_px * 0.98
        # meadow: mown stripes and tufts of grass and flowers off the road
        for k in range(0, board.h, self.px(36)):
            pygame.draw.rect(
                layer, theme.mix(MEADOW, MEADOW_DARK, 0.35), (0, k, board.w, self.px(18))
            )
        pygame.draw.rect(layer, MEADOW_EDGE, layer.get_rect(), self.px(3), border_radius=radius)
        coarse = pts[::6]
        for _ in range(140):
            x, y = rng.uniform(8, board.w - 8), rng.uniform(8, board.h - 8)
            if min(math.dist((x, y), p) for p in coarse) < road_w * 0.75:
                continue
            if rng.random() < 0.7:
                for dx in (-3, 0, 3):
                    pygame.draw.line(
                        layer,
                        MEADOW_EDGE,
                        (x + dx * self.s, y),
                        (x + dx * 1.6 * self.s, y - self.px(7)),
                        max(1, self.px(2)),
                    )
            else:
                colour = rng.choice(((255, 255, 255), (255, 226, 110), (240, 160, 190)))
                for a in range(5):
                    ang = a * 2 * math.pi / 5
                    pygame.draw.circle(
                        layer,
                        colour,
                        (x + math.cos(ang) * self.px(3), y + math.sin(ang) * self.px(3)),
                        max(1, self.px(2)),
                    )
                pygame.draw.circle(layer, (240, 180, 40), (x, y), max(1, self.px(2)))
        step = max(1, int(2 * self.s))
        for p in pts[::step]:
            pygame.draw.circle(layer, ROAD_EDGE, p, road_w / 2 + self.px(3))
        for p in pts[::step]:
            pygame.draw.circle(layer, ROAD, p, road_w / 2)
        # little arrows along the road show the way from the start to the finish
        gap = self.tile_px * 0.9
        s = self.s0 + gap
        while s < self.s1:
            x, y = self.point_at(s)
            x2, y2 = self.point_at(s + 4)
            ang = math.atan2(y2 - y, x2 - x)
            size = self.px(7)
            tip = (x + ox + math.cos(ang) * size, y + oy + math.sin(ang) * size)
            left = (x + ox + math.cos(ang + 2.5) * size, y + oy + math.sin(ang + 2.5) * size)
            right = (x + ox + math.cos(ang - 2.5) * size, y + oy + math.sin(ang - 2.5) * size)
            pygame.draw.polygon(layer, ROAD_EDGE, (tip, left, right))
            s += self.tile_px * 0.75
        if self.state.hats_variant:
            cx, cy = self.chip_stack_pos()
            nook = pygame.Rect(0, 0, int(self.tile_px * 0.9), int(self.tile_px * 0.9))
            nook.center = (int(cx + ox), int(cy + oy))
            pygame.draw.ellipse(layer, theme.mix(ROAD, ROAD_EDGE, 0.5), nook)
        self._static = layer
        return layer

    def _draw_board(self, surface, focus, shown) -> None:
        surface.blit(self._static_board(), self.board.topleft)
        t = self.table
        # tiles (those an attack may start from ringed)
        attack_tiles = {c.tile for c in self.controls if c.spot == "tile"}
        shake_tile, shake_v = t.shake if t.shake else (None, 0.0)
        for tile in t.track:
            if tile in t.gone:
                continue
            size = self.tile_size(tile)
            cx, cy = self.tile_centre(tile)
            if tile == shake_tile:
                cx += math.sin(shake_v * 40) * self.px(4) * (1 - shake_v)
            image = self._tile_image(tile, size)
            surface.blit(image, image.get_rect(center=(int(cx), int(cy))))
            if tile in attack_tiles:
                looked_at = (
                    focus is not None
                    and isinstance(focus.action, Attack)
                    and focus.action.tile == tile
                )
                colour = (
                    (theme.BUTTON_FOCUS if self.keyboard else theme.ACCENT)
                    if looked_at
                    else (255, 214, 70)
                )
                pygame.draw.rect(
                    surface,
                    colour,
                    image.get_rect(center=(int(cx), int(cy))).inflate(self.px(8), self.px(8)),
                    self.px(4) if looked_at else self.px(3),
                    border_radius=self.px(12),
                )
        if self.state.hats_variant:
            self._draw_chip_stack(surface)
        self._draw_preview_under(surface, shown)
        self._draw_spot_glows(surface, focus)
        self._draw_pieces(surface, focus)
        self._draw_preview_over(surface, shown)
        if t.contest is not None:
            self._draw_contest(surface)

    def _draw_chip_stack(self, surface) -> None:
        chips = self.table.chips
        cx, cy = self.chip_stack_pos()
        size = int(self.tile_px * 0.56)
        dy = max(2, int(self.tile_px * 0.06))
        n = len(chips)
        for k in range(n):
            value = chips[n - 1 - k]  # the bottom chip first, the top one last
            image = self._chip_image(value, size)
            surface.blit(
                image, image.get_rect(center=(int(cx), int(cy + (n - 1) * dy / 2 - k * dy)))
            )
        if not n:
            draw_text(surface, "0", self.px(14), (cx, cy), theme.INK_SOFT, anchor="center")

    def _draw_spot_glows(self, surface, focus) -> None:
        """A glow on the meadow under every piece the person may move now."""
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        for choice in self.controls:
            if choice.spot != "piece":
                continue
            r = choice.rect
            strong = choice is focus
            glow = pygame.Surface((r.w + self.px(16), self.px(18)), pygame.SRCALPHA)
            alpha = 230 if strong else int(120 + 80 * pulse)
            colour = theme.BUTTON_FOCUS if self.keyboard and strong else (255, 200, 60)
            pygame.draw.ellipse(glow, (*colour, alpha), glow.get_rect())
            surface.blit(glow, glow.get_rect(center=(r.centerx, r.bottom - self.px(4))))

    def _halo(self, piece: str, colour) -> pygame.Surface:
        """The outline of a piece, a few pixels wide: drawn behind a piece that may move."""
        key = ("halo", piece if piece[0] != "g" else "g", colour)
        image = self._images.get(key)
        if image is None:
            sprite = self._piece_image(piece)
            mask = pygame.mask.from_surface(sprite, 60)
            shape = mask.to_surface(setcolor=(*colour, 255), unsetcolor=(0, 0, 0, 0))
            w = max(2, self.px(3))
            image = pygame.Surface(
                (sprite.get_width() + 2 * w, sprite.get_height() + 2 * w), pygame.SRCALPHA
            )
            for dx in range(-w, w + 1, max(1, w // 2)):
                for dy in range(-w, w + 1, max(1, w // 2)):
                    if dx * dx + dy * dy <= w * w + 1:
                        image.blit(shape, (w + dx, w + dy))
            self._images[key] = image
        return image

    def _draw_pieces(self, surface, focus) -> None:
        t = self.table
        groups = self._groups()
        # the pieces that may move now stand out: drawn last, with a halo
        movable = {c.piece: c for c in self.controls if c.spot == "piece"}
        placed: list[tuple[bool, float, float, str]] = []
        for tile, pieces in groups.items():
            for piece, (x, y) in self.fan(tile, pieces).items():
                placed.append((piece in movable, y, x, piece))
        placed.sort()
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        for lifted, y, x, piece in placed:
            wiggle = t.wiggle.get(piece)
            if wiggle is not None:
                x += math.sin(wiggle * math.pi * 4) * self.px(4)
            if lifted:
                strong = movable[piece] is focus
                colour = (
                    (theme.BUTTON_FOCUS if self.keyboard else theme.ACCENT)
                    if strong
                    else (255, 214, 70)
                )
                halo = self._halo(piece, colour)
                if not strong:
                    halo.set_alpha(int(150 + 105 * pulse))
                else:
                    halo.set_alpha(255)
                rect = self.piece_rect(piece, (x, y))
                surface.blit(halo, halo.get_rect(center=rect.center))
            self._draw_piece(surface, piece, (x, y))
        for piece, walk in t.walks.items():
            if walk.points:
                self._draw_piece(surface, piece, self._walk_pos(walk))

    def _walk_pos(self, walk: Walk) -> Point:
        points = walk.points
        n = len(points) - 1
        if n <= 0:
            return points[0]()
        v = max(0.0, min(1.0, walk.t))
        seg = min(n - 1, int(v * n))
        local = v * n - seg
        (x0, y0), (x1, y1) = points[seg](), points[seg + 1]()
        hop = math.sin(math.pi * local) * self.tile_px * 0.32
        return (lerp(x0, x1, local), lerp(y0, y1, local) - hop)

    def _draw_piece(self, surface, piece: str, feet: Point, ghost: bool = False) -> None:
        image = self._piece_image(piece, ghost)
        rect = self.piece_rect(piece, feet)
        surface.blit(image, rect)
        if piece[0] == "g":
            return
        hat = None
        for name, wearer in self.table.hats.items():
            if wearer == piece:
                hat = name
        if hat is not None and not ghost:
            image = self._hat_image(hat)
            surface.blit(image, image.get_rect(midbottom=(rect.centerx, rect.y + rect.h * 0.2)))

    def _draw_preview_under(self, surface, shown) -> None:
        """Where the chosen action takes pieces: dots on the tiles stepped on, a ring on
        the landing tile, and the tile that would be taken."""
        for _action, events in shown:
            for e in events:
                if e.kind == "move" and e.data["path"]:
                    for tile in e.data["path"][:-1]:
                        if tile in self.table.u:
                            cx, cy = self.tile_centre(tile)
                            dot = (cx, cy + self.px(2))
                            pygame.draw.circle(surface, (255, 250, 230), dot, self.px(5))
                            pygame.draw.circle(
                                surface, theme.ACCENT_DARK, dot, self.px(5), max(1, self.px(2))
                            )
                    tile = e.data["to"]
                    if tile in self.table.u:
                        rect = self.tile_rect(tile).inflate(self.px(10), self.px(10))
                        pygame.draw.rect(
                            surface, theme.ACCENT, rect, self.px(4), border_radius=self.px(14)
                        )
                elif e.kind == "take":
                    tile = e.data["tile"]
                    if tile in self.table.u:
                        rect = self.tile_rect(tile).inflate(self.px(6), self.px(6))
                        pygame.draw.rect(
                            surface, (255, 255, 255), rect, self.px(3), border_radius=self.px(12)
                        )

    def _draw_preview_over(self, surface, shown) -> None:
        groups = self._groups()
        several = len(shown) > 1
        for action, events in shown:
            for e in events:
                if e.kind == "move" and e.data["path"] and e.data["to"] in self.table.u:
                    piece = e.data["piece"]
                    feet = self.landing_spot(piece, e.data["to"], groups)
                    self._draw_piece(surface, piece, feet, ghost=True)
                    if several and isinstance(action, Play) and action.direction:
                        label = "▶" if action.direction == "fwd" else "◀"
                        rect = self.tile_rect(e.data["to"])
                        self._tag(surface, label, (rect.centerx, rect.bottom + self.px(10)))
                elif e.kind == "take" and e.data["tile"] in self.table.u:
                    rect = self.tile_rect(e.data["tile"])
                    self._tag(
                        surface,
                        self.t("verflixxt.tag_take"),
                        (rect.centerx, rect.bottom + self.px(10)),
                    )
                elif e.kind == "chip":
                    x, y = self.chip_stack_pos()
                    self._tag(surface, f"+{e.data['value']}", (x, y - self.tile_px * 0.55))
                elif e.kind == "hat" and e.data["how"] in ("take", "give", "swap"):
                    start = self._pawn_head(e.data["from"])()
                    end = self._pawn_head(e.data["to"])()
                    pygame.draw.line(surface, theme.ACCENT_DARK, start, end, self.px(3))
                    image = self._hat_image(e.data["hat"]).copy()
                    image.set_alpha(170)
                    surface.blit(image, image.get_rect(midbottom=end))

    def _tag(self, surface, text: str, centre: Point) -> None:
        image = fonts.render(text, self.px(13), theme.INK_LIGHT, True)
        box = image.get_rect(center=(int(centre[0]), int(centre[1]))).inflate(
            self.px(12), self.px(4)
        )
        pygame.draw.rect(surface, theme.ACCENT_DARK, box, border_radius=box.h // 2)
        surface.blit(image, image.get_rect(center=box.center))

    def _draw_contest(self, surface) -> None:
        t = self.table
        rect = self.contest_rect()
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        draw_panel(layer, layer.get_rect(), fill=(255, 250, 240, 248), radius=self.px(14))
        draw_text(
            layer,
            self.t("verflixxt.contest_title"),
            self.px(20),
            (rect.w // 2, self.px(10)),
            theme.ACCENT_DARK,
            bold=True,
            anchor="midtop",
        )
        draw_text(
            layer,
            self.t("verflixxt.contest_rule"),
            self.px(14),
            (rect.w // 2, self.px(38)),
            theme.INK_SOFT,
            anchor="midtop",
        )
        for p in range(self.session.players):
            row = self.contest_row(p).move(-rect.x, -rect.y)
            if p == t.current and self.state.phase == "contest":
                pygame.draw.rect(layer, (255, 232, 200), row, border_radius=self.px(8))
            icon = self._pawn_icon(p, self.px(28))
            layer.blit(icon, icon.get_rect(midleft=(row.x + self.px(6), row.centery)))
            draw_text(
                layer,
                self.seat_name(p),
                self.px(16),
                (row.x + self.px(32), row.centery),
                theme.INK,
                bold=True,
                anchor="midleft",
            )
            for k, card in enumerate((t.contest or {}).get(p, [])):
                image = self._card_image(card, self.px(28), self.px(38))
                layer.blit(
                    image,
                    image.get_rect(center=(row.x + self.px(190) + k * self.px(34), row.centery)),
                )
            for hat, wearer in t.hats.items():
                if wearer is not None and int(wearer[:-1]) == p:
                    image = self._hat_image(hat, self.px(30))
                    layer.blit(
                        image, image.get_rect(midright=(row.right - self.px(6), row.centery))
                    )
        layer.set_alpha(int(255 * t.contest_alpha))
        surface.blit(layer, rect)

    # -- players ----------------------------------------------------------------------
    def _scores(self, player: int) -> ScoreBreakdown:
        t = self.table
        key = (
            player,
            tuple(t.taken[player]),
            tuple(t.chips_won[player]),
            tuple(t.hats_home[player]),
        )
        value = self._score_cache.get(key)
        if value is None:
            box = self.state.box
            value = breakdown(
                t.taken[player], box.kinds, box.values, t.chips_won[player], t.hats_home[player]
            )
            if len(self._score_cache) > 256:
                self._score_cache.clear()
            self._score_cache[key] = value
        return value

    def _explain(self, parts: ScoreBreakdown) -> str:
        tr = self.t
        hats = self.state.hats_variant
        items = [tr("verflixxt.sc_tiles", v=_signed(parts["track"]))]
        if parts["lucky"]:
            items.append(tr("verflixxt.sc_lucky", v=_signed(parts["lucky"])))
        if hats and parts["risk"]:
            items.append(tr("verflixxt.sc_risk", v=_signed(parts["risk"])))
        if hats and parts["chips"]:
            items.append(tr("verflixxt.sc_chips", v=_signed(parts["chips"])))
        if hats and parts["hats"]:
            items.append(tr("verflixxt.sc_hats", v=_signed(parts["hats"])))
        return tr("verflixxt.list_sep").join(items)

    def _draw_players(self, surface) -> None:
        t = self.table
        draw_panel(surface, self.players_rect, radius=self.px(12))
        winners = set(t.winners or ())
        for p, row in enumerate(self.rows):
            colour = self.seat_colour(p)
            current = p == t.current
            fill = (255, 244, 222) if current else (255, 252, 246)
            pygame.draw.rect(surface, fill, row, border_radius=self.px(10))
            pygame.draw.rect(
                surface,
                colour if current else theme.PANEL_EDGE,
                row,
                self.px(3) if current else max(1, self.px(1)),
                border_radius=self.px(10),
            )
            stripe = pygame.Rect(row.x, row.y, self.px(6), row.h)
            pygame.draw.rect(
                surface,
                colour,
                stripe,
                border_top_left_radius=self.px(10),
                border_bottom_left_radius=self.px(10),
            )
            y0 = row.y + self._line_y(0)
            icon = self._pawn_icon(p, self.px(24))
            surface.blit(icon, icon.get_rect(topleft=(row.x + self.px(12), y0 - self.px(1))))
            name_x = row.x + self.px(12) + icon.get_width() + self.px(6)
            seat = self.session.seats[p]
            name = self.seat_name(p)
            end = draw_text(surface, name, self.px(17), (name_x, y0), theme.INK, bold=True).right
            role = self.t("app.human") if seat.human else self.t(f"app.level_{seat.level}")
            if p in winners:
                role = self.t("verflixxt.winner_mark")
            draw_text(
                surface,
                role,
                self.px(12),
                (end + self.px(8), y0 + self.px(4)),
                theme.ACCENT_DARK if p in winners else theme.INK_SOFT,
            )
            parts = self._scores(p)
            draw_text(
                surface,
                _signed(parts["total"]),
                self.px(26),
                (row.right - self.px(10), y0 - self.px(4)),
                GOOD if parts["total"] > 0 else BAD if parts["total"] < 0 else theme.INK,
                bold=True,
                anchor="topright",
            )
            explain = self._explain(parts)
            size = self.fs(14)
            width = fonts.font(size).size(explain)[0]
            room = row.w - self.px(24)
            if width > room:
                size = self.fs(max(8, int(size * room / width)), scaled=False)
            draw_text(
                surface,
                explain,
                size,
                (row.x + self.px(14), row.y + self._line_y(1)),
                theme.INK_SOFT,
            )
            self._draw_pile(surface, p, parts)
            self._draw_row_icons(surface, p)
        if self.legend_rect is not None:
            self._draw_legend(surface, self.legend_rect)

    def _draw_pile(self, surface, player: int, parts: ScoreBreakdown) -> None:
        t = self.table
        pile = t.taken[player]
        if not pile:
            x, _, y, _ = self.pile_layout(player, 0)
            draw_text(
                surface,
                self.t("verflixxt.no_tiles"),
                self.px(12),
                (x - self.px(6), y),
                theme.INK_SOFT,
                anchor="midleft",
            )
            return
        turned = set(parts.get("turned", ()))
        risks = sum(1 for tile in pile if self.state.box.kinds[tile] == RISK)
        sign = 1 if risks % 2 == 0 else -1
        x, step, y, size = self.pile_layout(player, len(pile))
        for i, tile in enumerate(pile):
            image = self._mini_tile(tile, size, tile in turned, sign)
            surface.blit(image, image.get_rect(center=(int(x + i * step), int(y))))

    def _draw_row_icons(self, surface, player: int) -> None:
        t = self.table
        x, y = self.hats_anchor(player)
        for hat in t.hats_home[player]:
            image = self._hat_image(hat, self.px(24))
            surface.blit(image, image.get_rect(center=(int(x), int(y))))
            x += self.px(26)
        x, y = self.chips_anchor(player)
        for value in t.chips_won[player]:
            image = self._chip_image(value, self.px(19))
            surface.blit(image, image.get_rect(center=(int(x + self.px(10)), int(y))))
            x += self.px(20)
        if self.state.hats_variant:
            hx, hy = self.hand_anchor(player)
            count = t.hand_counts[player]
            for k in range(count):
                image = self._card_image(None, self.px(16), self.px(23))
                surface.blit(
                    image, image.get_rect(center=(int(hx - self.px(6) + k * self.px(11)), int(hy)))
                )
            if not count:
                draw_text(surface, "0", self.px(12), (hx, hy), theme.INK_SOFT, anchor="center")

    def _draw_legend(self, surface, rect: pygame.Rect) -> None:
        tr = self.t
        lines = [("verflixxt_clover.svg", tr("verflixxt.legend_lucky"))]
        if self.state.hats_variant:
            lines += [
                ("verflixxt_tile_risk.svg", tr("verflixxt.legend_risk")),
                ("verflixxt_hat_lucky.svg", tr("verflixxt.legend_hats")),
                ("verflixxt_chip.svg", tr("verflixxt.legend_chips")),
            ]
        else:
            lines.insert(0, ("verflixxt_tile_plus.svg", tr("verflixxt.legend_tiles")))
        draw_text(
            surface,
            tr("verflixxt.legend_title"),
            self.px(15),
            (rect.x + self.px(8), rect.y + self.px(4)),
            theme.INK,
            bold=True,
        )
        y = rect.y + self.px(28)
        size = self.fs(13)
        icon_w = self.px(20)
        for icon, text in lines:
            wrapped = fonts.wrap(text, size, rect.w - icon_w - self.px(24))
            needed = len(wrapped) * int(size * 1.35)
            if y + needed > rect.bottom:
                break
            image = sprites.svg(icon, icon_w, icon_w if "hat" not in icon else int(icon_w * 0.8))
            surface.blit(image, (rect.x + self.px(8), y))
            for k, line in enumerate(wrapped):
                draw_text(
                    surface,
                    line,
                    size,
                    (rect.x + self.px(14) + icon_w, y + k * int(size * 1.35)),
                    theme.INK_SOFT,
                )
            y += needed + self.px(6)

    # -- the action panel: die or cards, the prompt, the buttons ------------------------
    def _draw_action_panel(self, surface, focus, shown) -> None:
        a = self.action_rect
        draw_panel(surface, a, radius=self.px(12))
        if self.state.hats_variant:
            self._draw_piles(surface)
            self._draw_hand(surface, focus)
        else:
            self._draw_die(surface)
        self._draw_prompt(surface, focus, shown)

    def _draw_die(self, surface) -> None:
        t = self.table
        rect = self.die_rect
        pygame.draw.ellipse(
            surface,
            (236, 226, 204),
            rect.inflate(self.px(14), -rect.h // 2).move(0, rect.h // 2 - self.px(2)),
        )
        if t.tumble is not None and t.die is not None:
            v = t.tumble
            if v < 0.85:
                face = (int(v * 18) * 5 + t.die) % 6 + 1
                angle = int((1 - v) * 540)
                hop = abs(math.sin(v * math.pi * 3)) * (1 - v) * self.px(26)
            else:
                face, angle, hop = t.die, 0, 0.0
            image = self._die_image(face, rect.w, angle)
            surface.blit(image, image.get_rect(center=(rect.centerx, rect.centery - hop)))
            return
        if t.die is not None:
            surface.blit(self._die_image(t.die, rect.w), rect)
        else:
            image = self._die_image(6, rect.w).copy()
            image.set_alpha(90)
            surface.blit(image, rect)

    def _draw_piles(self, surface) -> None:
        t = self.table
        deck, discard = self.deck_rect, self.discard_rect
        if t.deck:
            for k in range(min(3, t.deck)):
                image = self._card_image(None, deck.w, deck.h)
                surface.blit(image, deck.move(-k * self.px(1), -k * self.px(2)))
        else:
            pygame.draw.rect(
                surface, theme.PANEL_EDGE, deck, max(1, self.px(2)), border_radius=self.px(6)
            )
        count = fonts.render(str(t.deck), self.px(14), theme.INK_LIGHT, True)
        badge = count.get_rect(center=(deck.centerx, deck.bottom)).inflate(self.px(10), self.px(2))
        pygame.draw.rect(surface, theme.BG_DARK, badge, border_radius=badge.h // 2)
        surface.blit(count, count.get_rect(center=badge.center))
        draw_text(
            surface,
            self.t("verflixxt.deck_label"),
            self.px(11),
            (deck.centerx, deck.bottom + self.px(12)),
            theme.INK_SOFT,
            anchor="midtop",
        )
        if t.discard is not None:
            surface.blit(self._card_image(t.discard, discard.w, discard.h), discard)
        else:
            pygame.draw.rect(
                surface, theme.PANEL_EDGE, discard, max(1, self.px(2)), border_radius=self.px(6)
            )
        draw_text(
            surface,
            self.t("verflixxt.discard"),
            self.px(11),
            (discard.centerx, discard.bottom + self.px(12)),
            theme.INK_SOFT,
            anchor="midtop",
        )

    def _draw_hand(self, surface, focus) -> None:
        """The viewer's two cards: only ever drawn for ``self.private_player``."""
        t = self.table
        if self.private_player is None:
            for rect in self.hand_rects:
                pygame.draw.rect(
                    surface, theme.PANEL_EDGE, rect, max(1, self.px(2)), border_radius=self.px(8)
                )
            return
        playable = {c.card for c in self.controls if c.spot == "card"}
        deciding = self.deciding() is not None
        for i, rect in enumerate(self.hand_rects):
            if i >= len(t.hand):
                pygame.draw.rect(
                    surface, theme.PANEL_EDGE, rect, max(1, self.px(2)), border_radius=self.px(8)
                )
                continue
            card = t.hand[i]
            selected = (
                self.mode in ("card", "dir")
                and self.sel_card == card
                and (i == 0 or t.hand[0] != card)
            )
            control = self._control(f"card:{i + 1}")
            hovered = control is not None and control.hovered and not self.keyboard
            lift = self.px(12) if selected else self.px(5) if hovered else 0
            image = self._card_image(card, rect.w, rect.h)
            if deciding and self.state.phase == "play" and i not in playable:
                image = image.copy()
                image.set_alpha(110)
            r = rect.move(0, -lift)
            surface.blit(image, r)
            if control is not None and (control is focus or selected):
                colour = theme.BUTTON_FOCUS if control is focus and self.keyboard else theme.ACCENT
                pygame.draw.rect(
                    surface,
                    colour,
                    r.inflate(self.px(6), self.px(6)),
                    self.px(3),
                    border_radius=self.px(10),
                )
            if control is not None:
                draw_text(
                    surface,
                    str(i + 1),
                    self.px(12),
                    (r.centerx, r.bottom + self.px(2)),
                    theme.INK_SOFT,
                    anchor="midtop",
                )
        draw_text(
            surface,
            self.t("verflixxt.your_hand", name=self.seat_name(self.private_player)),
            self.px(12),
            (self.hand_rects[0].x, self.action_rect.y + self.px(4)),
            theme.INK_SOFT,
        )

    def _draw_prompt(self, surface, focus, shown) -> None:
        p = self.prompt_rect
        player = self.deciding()
        tr = self.t
        if player is None:
            t = self.table
            if self.state.is_over():
                title = tr("verflixxt.prompt_over")
            elif t.current is not None:
                title = tr("verflixxt.prompt_watch", name=self.seat_name(t.current))
            else:
                title = ""
            draw_text(surface, title, self.px(17), p.topleft, theme.INK, bold=True)
            self.draw_thinking(surface, (p.x + p.w // 2, p.bottom - self.px(4)))
            return
        title, hint = self._prompt_texts(player)
        title = title[:1].upper() + title[1:]
        lines = fonts.wrap(title, self.px(16), p.w, bold=True)
        y = p.y
        for line in lines[:2]:
            draw_text(surface, line, self.px(16), (p.x, y), theme.INK, bold=True)
            y += self.px(21)
        caption = self._preview_caption(shown) if shown else hint
        colour = theme.ACCENT_DARK if shown else theme.INK_SOFT
        top_button = min((c.rect.y for c in self.controls if not c.spot), default=p.bottom)
        size = self.fs(13)
        for line in fonts.wrap(caption, size, p.w):
            if y + self.px(17) > top_button:
                break
            draw_text(surface, line, size, (p.x, y + self.px(2)), colour)
            y += self.px(17)

    def _prompt_texts(self, player: int) -> tuple[str, str]:
        s = self.state
        tr = self.t
        name = self.seat_name(player)
        phase = s.phase
        if phase == "roll":
            return tr("verflixxt.prompt_roll", name=name), tr("verflixxt.hint_roll")
        if phase == "move":
            return tr("verflixxt.prompt_move", die=s.die), tr("verflixxt.hint_pieces")
        if phase == "contest":
            return tr("verflixxt.prompt_contest", name=name), tr("verflixxt.hint_contest")
        if phase == "hat":
            return tr("verflixxt.prompt_hat"), tr("verflixxt.hint_hat")
        if self.mode == "dir" and self.sel_card is not None:
            return tr("verflixxt.prompt_dir", card=self.card_name(self.sel_card)), tr(
                "verflixxt.hint_dir"
            )
        if self.mode == "attack":
            return tr("verflixxt.prompt_attack"), tr("verflixxt.hint_attack")
        second = s.plays == 1
        if self.mode == "card" and self.sel_card is not None:
            value = card_value(self.sel_card)
            key = "verflixxt.prompt_card_zero" if value == 0 else "verflixxt.prompt_card"
            title = (
                tr("verflixxt.prompt_second")
                if second
                else tr(key, card=self.card_name(self.sel_card))
            )
            hint = tr("verflixxt.hint_card")
            if self._control("stop") is not None:
                hint += " " + tr("verflixxt.hint_stop")
            return title, hint
        title = tr("verflixxt.prompt_second") if second else tr("verflixxt.prompt_play", name=name)
        hint = tr("verflixxt.hint_play")
        if self._control("stop") is not None:
            hint += " " + tr("verflixxt.hint_stop")
        if self._control("attack") is not None:
            hint += " " + tr("verflixxt.hint_x")
        return title, hint

    def _preview_caption(self, shown) -> str:
        parts: list[str] = []
        for action, events in shown:
            for e in events:
                d = e.data
                if e.kind == "move":
                    way = ""
                    if isinstance(action, Play) and action.direction and len(shown) > 1:
                        way = "▶ " if action.direction == "fwd" else "◀ "
                    if d["path"]:
                        parts.append(
                            way
                            + self.t(
                                "verflixxt.pv_move",
                                piece=self.piece_name(d["piece"]),
                                frm=self.tile_name(d["from"]),
                                to=self.tile_name(d["to"]),
                            )
                        )
                    else:
                        parts.append(self.t("verflixxt.pv_stay", piece=self.piece_name(d["piece"])))
                elif e.kind == "take":
                    parts.append(self.t("verflixxt.pv_take", tile=self.tile_name(d["tile"])))
                elif e.kind == "chip":
                    parts.append(self.t("verflixxt.pv_chip", value=d["value"]))
                elif e.kind == "hat":
                    parts.append(self.describe(e) or "")
                elif e.kind == "play" and d["piece"] is None:
                    parts.append(self.t("verflixxt.pv_zero"))
        return self.t("verflixxt.list_sep").join(p for p in parts if p)

    # -- things in flight, pops, banners -----------------------------------------------
    def _draw_flyers(self, surface) -> None:
        for f in self.table.flyers:
            v = max(0.0, min(1.0, f.t))
            (x0, y0), (x1, y1) = f.src(), f.dst()
            x = lerp(x0, x1, v)
            y = lerp(y0, y1, v) - math.sin(math.pi * v) * f.hop * self.s
            size = max(4, int(lerp(f.size0, f.size1, v) * self.s))
            if f.kind == "tile":
                image = self._tile_image(f.what, size)
            elif f.kind == "card":
                image = self._card_image(f.what, size, int(size * 1.42))
            elif f.kind == "back":
                image = self._card_image(None, size, int(size * 1.42))
            elif f.kind == "hat":
                image = self._hat_image(f.what, size)
            else:
                image = self._chip_image(f.what, size)
            surface.blit(image, image.get_rect(center=(int(x), int(y))))

    def _draw_pops(self, surface) -> None:
        for text, anchor, v, colour in self.table.pops:
            if not text:
                continue
            x, y = anchor()
            image = fonts.render(text, self.px(20), colour, True).copy()
            image.set_alpha(int(255 * min(1.0, (1 - v) * 3)))
            back = pygame.Surface(
                image.get_rect().inflate(self.px(12), self.px(4)).size, pygame.SRCALPHA
            )
            pygame.draw.rect(
                back,
                (255, 252, 244, int(220 * min(1.0, (1 - v) * 3))),
                back.get_rect(),
                border_radius=back.get_height() // 2,
            )
            pos = (int(x), int(y - self.px(8) - v * self.px(30)))
            surface.blit(back, back.get_rect(center=pos))
            surface.blit(image, image.get_rect(center=pos))

    def _draw_banner(self, surface) -> None:
        banner = self.table.banner
        if banner is None or banner[2] <= 0:
            return
        title, subtitle, alpha = banner
        w = min(self.board.w - self.px(60), self.px(560))
        rect = pygame.Rect(0, 0, w, self.px(86) if subtitle else self.px(56))
        rect.center = (self.board.centerx, self.board.centery)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        draw_panel(
            layer,
            layer.get_rect(),
            fill=(255, 250, 240, 245),
            edge=theme.ACCENT,
            radius=self.px(14),
        )
        draw_text(
            layer,
            title,
            self.px(24),
            (rect.w // 2, self.px(12)),
            theme.ACCENT_DARK,
            bold=True,
            anchor="midtop",
        )
        if subtitle:
            lines = fonts.wrap(subtitle, self.px(16), rect.w - self.px(24))
            for k, line in enumerate(lines[:2]):
                draw_text(
                    layer,
                    line,
                    self.px(16),
                    (rect.w // 2, self.px(46) + k * self.px(20)),
                    theme.INK,
                    anchor="midtop",
                )
        layer.set_alpha(int(255 * max(0.0, min(1.0, alpha))))
        surface.blit(layer, rect)
