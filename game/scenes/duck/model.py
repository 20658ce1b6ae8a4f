"""The scene's display model: what the table *shows*, which runs behind the rules' state
while events are being animated and is rebuilt from the state when nothing is left to
play (so a skip can never leave it wrong)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.rules.duck import decisions as D
from game.rules.protocol import Action
from game.scenes.table.frame import Hint
from game.ui.widgets import Picture

if TYPE_CHECKING:
    from game.rules.duck.state import DuckState
    from game.scenes.table.contract import TableHost
    from game.ui.widgets import Button

    from .geometry import BoardGeometry
    from .tray import TrayPlace

HOUND = -1  # the hound where a piece is a duck's index (a duck is 0 and up)


@dataclass
class Shown:
    """The counts and cards on the panels, as far as the animation has got."""

    round: int = 1
    buoys: list[int] = field(default_factory=list)  # per duck: buoy-token bit mask
    hands: list[int] = field(default_factory=list)  # per player: cards in hand
    tokens: list[int] = field(default_factory=list)  # per player: face-down tokens
    blue: list[int] = field(default_factory=list)  # per player: blue tokens
    cards: list[int | None] = field(default_factory=list)  # per duck: None, 0 face down, n
    done: list[bool] = field(default_factory=list)  # per duck: its move is over
    ghost: list[bool] = field(default_factory=list)
    become: list[bool] = field(default_factory=list)
    mover: int | None = None  # the duck whose turn it is
    hound_moving: bool = False
    controller: int = -1
    deck: int = 0
    pool: int = 0
    patterns: str = ""  # hound patterns being run
    hand: list[int] = field(default_factory=list)  # the private player's cards
    my_tokens: list[str] = field(default_factory=list)  # the private player's tokens
    winner: int | None = None


@dataclass
class Effect:
    """Something short-lived at a board point (board units): a splash, a bonk star, a
    ripple, a sparkle. ``age`` runs from 0 to ``life`` seconds; it never blocks input."""

    kind: str
    x: float
    y: float
    life: float
    age: float = 0.0


@dataclass
class Flyer:
    """A buoy token, card back or action token on its way between two screen points."""

    image: str
    src: tuple[float, float]
    dst: tuple[float, float]
    life: float
    age: float = 0.0
    arrive: Callable[[], None] | None = None  # called once on landing


@dataclass
class Banner:
    text: str
    life: float
    age: float = 0.0
    image: pygame.Surface | None = None
    surface: pygame.Surface | None = None  # drawn once, then blitted
    rect: pygame.Rect | None = None  # where: above or below the pieces


@dataclass
class Reveal:
    """Cards laid out over the board and turned face up together (the reveal, the
    order cards): ``cards`` are (card, player, label) in the order shown."""

    cards: list[tuple[int, int, str]]
    title: str
    flip: float = 0.0  # 0 backs .. 1 faces
    alpha: float = 255.0
    fading: bool = False
    base: pygame.Surface | None = None  # the panel without the cards
    final: pygame.Surface | None = None  # the panel with every card face up
    texts: tuple = ()  # the texts on the panel (its title, the names), where they are on it


@dataclass
class Target:
    """Something a person can click (or reach with the arrow keys) for the decision."""

    kind: str  # card, route, face, start, pattern, token, duck, table
    # card, table: the card; face: the facing; duck: the duck; pattern: the letter;
    # token: its kind; start: the hex (q, r); route: (card, route index)
    value: int | str | tuple[int, int]
    center: tuple[float, float]
    radius: float = 0.0
    rect: pygame.Rect | None = None

    def hit(self, pos) -> bool:
        if self.rect is not None:
            return self.rect.collidepoint(pos)
        dx, dy = pos[0] - self.center[0], pos[1] - self.center[1]
        return dx * dx + dy * dy <= self.radius * self.radius


@dataclass(frozen=True)
class Decision:
    """What the person on screen is asked now: the rules' typed decision
    (game/rules/duck/decisions.py) with its legal actions. The table's parts match on the
    decision's class, as the rules give it."""

    ask: D.DuckDecision
    legal: tuple[Action, ...]

    @property
    def player(self) -> int:
        return self.ask.player

    @property
    def duck(self) -> int | None:
        """The piece the decision is about (HOUND for the hound); None: cards only."""
        match self.ask:
            case (
                D.PlaceDuck(duck=piece)
                | D.PlayTurn(duck=piece)
                | D.AfterMove(duck=piece)
                | D.MoveAgain(duck=piece)
                | D.SendKnocked(duck=piece)
                | D.WarpOrStay(piece=piece)
                | D.FacePiece(piece=piece)
            ):
                return piece
            case D.FaceHound() | D.MoveHound() | D.HoundPattern():
                return HOUND
        return None

    @property
    def card(self) -> int | None:
        """The card whose routes the duck must take (a turn's revealed card, an extra
        move's card from the deck); None: a card from hand, or no route at all."""
        match self.ask:
            case D.PlayTurn(card=card) | D.MoveAgain(card=card):
                return card
        return None

    @property
    def cards_only(self) -> bool:
        """Cards chosen from hand and nothing else: the order card, this round's card(s)
        or a discard."""
        return isinstance(self.ask, (D.ChooseCards, D.DiscardCards))

    @property
    def of_hound(self) -> bool:
        """The hound's move: a card or two patterns, or one more pattern."""
        return isinstance(self.ask, (D.MoveHound, D.HoundPattern))


@dataclass(eq=False)
class DuckModel:
    """What the Duck! Duck! Go! table's parts share (issue #26: once host.py's fields): the
    display model the events move, the person's steps through a decision, the layout's
    rects and the caches. Each part is given it; :class:`~.table.DuckTable` makes it."""

    # -- the table (who is who, the pieces where the animations leave them) -----------------
    per_player: int  # ducks per player: 1, or 2 in the advanced game
    duck_chars: list[str]  # each duck's character key
    duck_sprites: list[str]
    duck_rings: list[int]  # each duck's seat: its ring's colour and mark
    duck_pos: dict[int, tuple[float, float, float]] = field(default_factory=dict)  # board units
    duck_scale: dict[int, float] = field(default_factory=dict)
    duck_lift: dict[int, float] = field(default_factory=dict)
    floating: set[int] = field(default_factory=set)  # knocked ducks waiting for a start space
    hound_pos: tuple[float, float, float] | None = None
    hound_scale: float = 1.0
    hound_lift: float = 0.0
    trail: list[tuple[float, float]] = field(default_factory=list)  # the move being made
    trail_hound: bool = False
    shown: Shown = field(default_factory=Shown)
    effects: list[Effect] = field(default_factory=list)
    flyers: list[Flyer] = field(default_factory=list)
    banner: Banner | None = None
    reveal: Reveal | None = None
    # -- the log ---------------------------------------------------------------------------
    step_duck: int | None = None  # the mover of the step just described (texts.py)
    last_step: tuple[int, int] | None = None  # (mover, count) of the log's last line
    quiet: bool = False  # the event just described stays out of the log (texts.py)
    # -- the person's decision and how far they got with it --------------------------------
    dec_key: tuple[object, ...] | None = None
    dec: Decision | None = None
    sel: list[int] = field(default_factory=list)  # the cards picked
    sel_hex: tuple[int, int] | None = None  # the start hex picked
    token_mode: str | None = None  # the token being played
    picks: str = ""  # the hound patterns picked
    focus: int = 0  # index of the keyboard focus in the targets
    mouse: tuple[int, int] = (-1, -1)
    hover: Target | None = None
    keyboard: bool = False  # the person is using the keys, not the mouse
    ui_ver: int = 0  # bumped when the person's picks change (touch_ui)
    action_buttons: list[Button] = field(default_factory=list)
    targets_key: tuple[object, ...] | None = None
    targets: list[Target] = field(default_factory=list)
    legend_text: str = ""  # what the preview on the board shows
    preview_box: pygame.Rect | None = None  # where on the window that preview is
    # the preview's bonk stars and labels, laid over the pieces (issue #36)
    preview_marks: Picture | None = None
    hint_now: Hint = field(default_factory=lambda: Hint(""))  # the bar's hint, as last painted
    # -- caches ----------------------------------------------------------------------------
    rot: dict[tuple[object, ...], pygame.Surface] = field(default_factory=dict)  # turned sprites
    ver: int = 0  # bumped when what the seat panels show may have changed (touch)
    title_inputs: tuple[object, ...] | None = None
    title_now: tuple[int | None, str] = (None, "")
    preview_cache: dict = field(default_factory=dict)  # duck previews and hound walks
    # -- the layout (layout.py: Layout.cut) ------------------------------------------------
    board_rect: pygame.Rect = field(init=False)  # the felt (the board's panel)
    tub_rect: pygame.Rect = field(init=False)  # the felt's part the hexes are fitted into
    bar: pygame.Rect = field(init=False)  # the hand tray: under the tub, or on the felt beside it
    hand_rect: pygame.Rect = field(init=False)  # the person's hand (the tray)
    tray_beside: bool = False  # the tray lies on the felt beside a tall board (Layout.cut)
    # the tray on the felt beside the seats' drawer (issue #38: tray.py), None: no fold
    tray_place: TrayPlace | None = None
    tab_rect: pygame.Rect = field(default_factory=pygame.Rect)  # the folded tray's tab
    piles_shut: pygame.Rect = field(default_factory=pygame.Rect)  # the piles beside the tab
    coach_rect: pygame.Rect = field(default_factory=pygame.Rect)  # the room kept in a band
    tray_peek: bool = False  # the person opened the folded tray to look at their hand
    tray_deciding: bool = False  # the person decided when the tray last looked
    # the hound board where it lies for good (the side column); None: in the seats'
    # drawer, and in the tray while the person moves the hound (issue #38)
    hound_home: pygame.Rect | None = None
    header: pygame.Rect = field(init=False)
    info_rect: pygame.Rect = field(init=False)
    rows: list[pygame.Rect] = field(init=False)  # one per player
    hound_rect: pygame.Rect | None = field(init=False)  # the hound board (advanced game)
    log_rect: pygame.Rect = field(init=False)
    pattern_rects: list[pygame.Rect] = field(init=False)
    geo: BoardGeometry = field(init=False)
    buttons_rect: pygame.Rect = field(init=False)
    tray_rect: pygame.Rect | None = field(init=False)  # the token tray (advanced game)
    cards_rect: pygame.Rect = field(init=False)
    cards_top: int = field(init=False)
    cards_rise: int = 0  # how far the hand may rise over the tub's empty margin
    card_h: int = field(init=False)
    card_w: int = field(init=False)
    background: Picture | None = None  # the tub and its board (Layout.background)

    def touch(self) -> None:
        """Something the seat panels show may have changed: paint them again (the still
        picture is keyed on what it shows, draw.py: issue #38)."""
        self.ver += 1

    def touch_ui(self) -> None:
        """The person's picks changed."""
        self.ui_ver += 1


def play_sound(host: TableHost[DuckState], name: str) -> None:
    """A sound, unless the animations are being skipped."""
    if not host.player.skipping:
        host.app.sound.play(name)
