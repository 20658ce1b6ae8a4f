"""The Verflixxt! table's shared pieces: the display model (``_Table``), the
things in flight and walking, the controls' kind of Choice, the signed numbers every
part writes, what the rules ask now, and the model the parts share (:class:`VerflixxtModel`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.rules.verflixxt.decisions import Decision
from game.rules.verflixxt.state import VerflixxtState
from game.ui import choices

Point = tuple[float, float]

# A pawn's height on the board (a share of a track tile's) and its width : height.
PAWN_H = 0.62
PAWN_ASPECT = 0.667

# The colours of a gain and a loss (score pops, totals).
GOOD = (46, 140, 70)
BAD = (196, 60, 48)


def asked_now(state: VerflixxtState) -> Decision | None:
    """What the rules ask of whoever is to act now (None once the game is over)."""
    acting = state.to_act()
    return state.decision(acting[0]) if acting else None


def _signed(value: int) -> str:
    """+5 / −5 with a real minus sign (the font has it; it reads better than a hyphen)."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def _face(value: int) -> str:
    """A card's value as printed on it: 3, 0, −1."""
    return _signed(value) if value < 0 else str(value)


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
    """What is drawn: the display model, changed by events (and by ``VerflixxtTable.sync``)."""

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


def spread(track: list[str]) -> dict[str, float]:
    """Each tile's place along the road, 0 (the start) to 1 (the finish), evenly spread."""
    last = max(1, len(track) - 1)
    return {tile: i / last for i, tile in enumerate(track)}


@dataclass(eq=False)
class VerflixxtModel:
    """What the parts of the table share: the display model, the person's steps towards an
    action, what the option looked at would do, the clock, and where everything is in the
    window (set by ``Layout.cut`` on every new window size)."""

    table: _Table
    total_tiles: int  # the track's length at the start
    mode: str = "main"  # main, card (a card chosen), dir, attack
    sel_card: str | None = None
    sel_piece: str | None = None
    lesson_picked: int | None = None  # the lesson step whose card was picked (controls.py)
    picker: str | None = None  # the crowded tile whose pawns are laid out large to pick
    shown: list = field(default_factory=list)  # what the option looked at would do
    clock: float = 0.0  # seconds since the table opened: pulses
    # -- the layout (Layout.cut) -----------------------------------------------------------
    board: pygame.Rect = field(default_factory=pygame.Rect)
    action_rect: pygame.Rect = field(default_factory=pygame.Rect)  # the bar, under the prompt
    legend_rect: pygame.Rect | None = None
    tile_px: int = 0
    big_px: int = 0  # the start and finish tiles
    row_pitch: float = 0.0
    pts: list[Point] = field(default_factory=list)  # the road, sampled
    cum: list[float] = field(default_factory=list)  # the distance along the road to each
    s0: float = 0.0  # where the start and the finish tiles sit along the road
    s1: float = 0.0
    road_len: float = 0.0
    card_w: int = 0
    card_h: int = 0
    deck_rect: pygame.Rect = field(default_factory=pygame.Rect)  # the hats game only
    discard_rect: pygame.Rect = field(default_factory=pygame.Rect)
    hand_rects: list[pygame.Rect] = field(default_factory=list)
    deck_label: pygame.Rect = field(default_factory=pygame.Rect)  # beside the cards
    discard_label: pygame.Rect = field(default_factory=pygame.Rect)
    labels_under: bool = False  # the piles' words under the piles (a narrow bar)
    hand_label: pygame.Rect = field(default_factory=pygame.Rect)
    die_rect: pygame.Rect | None = None  # the base game only
    buttons_rect: pygame.Rect = field(default_factory=pygame.Rect)  # the buttons' room
    coach_slot: pygame.Rect = field(default_factory=pygame.Rect)  # the Coach button's
