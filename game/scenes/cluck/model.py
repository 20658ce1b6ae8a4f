"""The display model of the Cluck-peep! table: what is drawn where. The event animations
(animate.py) move it with tweens; ``CluckScene.sync_from_state`` rebuilds it from the
state once nothing is left to play."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules.cluck.tiles import Band


@dataclass
class TileSprite:
    """A tile as drawn: where it lies (``row`` eases toward its place in the ladder) and
    how it is moving (``dx`` sideways in columns, ``alpha``, ``squash`` while it flips)."""

    kind: str  # "start" | "road" | "hidden" | "goal"
    tile: object = None  # road tile id, or start/nest tile id
    turned: bool = False
    band: Band | None = None
    player: int | None = None  # who laid a road tile
    chick: bool = False
    chick_scale: float = 1.0
    row: float = 0.0
    dx: float = 0.0
    alpha: float = 255.0
    squash: float = 1.0
    ghost: bool = False  # the next nest tile, not laid yet
    pinned: bool = False  # a tween owns ``row``


@dataclass
class ChickenSprite:
    column: float
    y: float  # ladder units
    hop: float = 0.0  # lift, in ladder rows
    facing: int = 1
    shake: float = 0.0  # sideways, in columns


@dataclass
class Flyer:
    """A chick, a tile back or a chicken in the air between two anchors (see _anchor)."""

    sprite: str
    src: tuple
    dst: tuple
    t: float = 0.0
    arc: float = 0.25  # height of the hop, as a share of the distance


@dataclass
class Table:
    start: TileSprite
    goal: TileSprite
    roads: list[TileSprite]
    hidden: TileSprite | None
    stage: str  # "setup" | "place" | "end" (of the round) | "over"
    chickens: list[ChickenSprite | None]
    carried: list[int]
    stands: list[int]
    supply: int
    pile: int
    nest_stack: list[str]
    hand_sizes: list[int]
    hand: list[int]
    round: int
    start_player: int | None
    turn: int | None
    leaving: list[TileSprite] = field(default_factory=list)
    flyers: list[Flyer] = field(default_factory=list)
    slot_row: float = 1.0
    walker: int | None = None
    banner: str = ""
    banner_alpha: float = 0.0
    marks: list[tuple[tuple, str, float]] = field(default_factory=list)
