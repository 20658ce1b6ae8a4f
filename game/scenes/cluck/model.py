"""What the Cluck-peep! table is made of: the display model (:class:`Table`: what is drawn
where; the event animations, animate.py, move it with tweens and ``CluckTable.sync``
rebuilds it from the state once nothing is left to play), its tiles, chickens and
things in flight, and the model its parts share (:class:`CluckModel`: the display model,
the person's tile in hand, the ladder's zoom and scroll, and where everything is in the
window)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.rules.cluck.tiles import Band
from game.scenes.table.contract import TableHost
from game.ui.widgets import Button


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


def _no_rect() -> pygame.Rect:
    return pygame.Rect(0, 0, 0, 0)


@dataclass(eq=False)
class CluckModel:
    """What the parts of the Cluck-peep! table share: the display model (``table``), the
    person's choice on the way to an action, the ladder's rows and scroll easing each
    frame, and the layout (set by ``Layout.cut`` for each window size)."""

    table: Table
    # -- the person's choice -----------------------------------------------------------------
    sel_tile: int | None = None  # the hand tile picked
    turned: dict[int, bool] = field(default_factory=dict)  # hand tiles turned over
    spin: float = 1.0  # 0..1 while a hand tile turns over
    hole_cursor: int | None = None
    hover: int | str | None = None  # a hand tile's index, or "slot"
    # -- the ladder's zoom and scroll (they ease toward where they belong) ---------------------
    scroll: float = 0.0
    scroll_goal: float = 0.0
    row_h: float = 0.0  # the height of a tile row on screen

    # -- the layout --------------------------------------------------------------------------
    board: pygame.Rect = field(default_factory=_no_rect)  # the felt: the ladder, the supply
    stock_rect: pygame.Rect = field(default_factory=_no_rect)  # the supply, at the right
    area: pygame.Rect = field(default_factory=_no_rect)  # the ladder's part of the board
    label_box: pygame.Rect = field(default_factory=_no_rect)  # the row labels' column
    label_px: int = 0
    label_r: int = 0  # the radius of a road tile's number disc
    band_w: int = 0
    col_w: float = 0.0
    band_x: float = 0.0
    pad_top: int = 0
    pad_bottom: int = 0
    hand_title: pygame.Rect = field(default_factory=_no_rect)  # "Your tiles", in the bar
    caption_h: int = 0  # the line over each hand tile
    hand_rects: list[pygame.Rect] = field(default_factory=list)
    # the Turn over and Place buttons' places (Controls makes the buttons)
    play_rects: tuple[pygame.Rect, pygame.Rect] = field(
        default_factory=lambda: (_no_rect(), _no_rect())
    )
    play_buttons: list[Button] = field(default_factory=list)  # "turn" and "place"
    supply_title: pygame.Rect = field(default_factory=_no_rect)
    supply_count: pygame.Rect = field(default_factory=_no_rect)
    supply_pos: tuple[int, int] = (0, 0)
    pile_title: pygame.Rect = field(default_factory=_no_rect)
    pile_count: pygame.Rect = field(default_factory=_no_rect)
    pile_pos: tuple[int, int] = (0, 0)
    nest_title: pygame.Rect = field(default_factory=_no_rect)
    nest_rect: pygame.Rect = field(default_factory=_no_rect)
    nest_order: pygame.Rect = field(default_factory=_no_rect)
    background: pygame.Surface | None = None  # the felt and the supply's tray

    def rows(self) -> tuple[int | None, int | None, int]:
        """Where the gap for the next tile, the hidden tile and the goal tile belong."""
        m = self.table
        row = len(m.roads) + 1
        slot = hidden = None
        if m.stage == "place":
            slot, row = row, row + 1
        if m.hidden is not None:
            hidden, row = row, row + 1
        return slot, hidden, row


def sound(host: TableHost, name: str) -> None:
    """A sound of the table's, unless the scene is skipping what moves (then quiet)."""
    if not host.player.skipping:
        host.app.sound.play(name)
