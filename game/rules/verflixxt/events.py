"""The events of Verflixxt! (issue #26: typed, one frozen class per kind).

The ``kind`` of each class is its name on the wire, in ``REVEALING_EVENTS`` and in the
lessons (``take tile_kind=lucky``). Pieces are pawns ``<seat><letter>`` (``2b``) or
guardians ``g1``..``g8``; tiles are ids (``start``, ``finish``, ``p8``, ``r5a``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..protocol import Event

# One player's score as the end event carries it: track, lucky, risk, chips, hats, total
# (whole numbers) and turned (the minus tiles the lucky tiles turned), VX-30.
ScoreDict = dict[str, int | list[str]]


class VerflixxtEvent(Event, family=True):
    """Verflixxt!'s events, in the order they happen (docs/rules/verflixxt.md)."""


@dataclass(frozen=True)
class Rolled(VerflixxtEvent, kind="roll"):
    """Base game: the player rolled the die (VX-4)."""

    die: int


@dataclass(frozen=True)
class CardPlayed(VerflixxtEvent, kind="play"):
    """A card played face up on a piece, or a 0 on none (VX-23; a second card VX-24)."""

    card: str
    value: int
    piece: str | None
    direction: str | None  # fwd/back: the unlucky-hat pawn (VX-27)
    second: bool


@dataclass(frozen=True)
class PieceMoved(VerflixxtEvent, kind="move"):
    """A piece moved every tile counted, by the die, a card or an attack's push (VX-4, VX-31)."""

    piece: str
    origin: str
    dest: str
    path: tuple[str, ...]  # every tile stepped on, in order; empty when it stayed
    steps: int  # signed tiles actually moved
    cause: str  # die | card | attack


@dataclass(frozen=True)
class TileTaken(VerflixxtEvent, kind="take"):
    """The mover took the tile a piece left empty (VX-5; a risk tile's sign by VX-25)."""

    tile: str
    tile_kind: str  # plus | minus | lucky | risk
    value: int
    index: int  # its place on the track


@dataclass(frozen=True)
class TrackClosed(VerflixxtEvent, kind="close"):
    """The track closed up over the gap a taken tile left (VX-5)."""

    tile: str
    index: int
    track: tuple[str, ...]  # the tile ids after closing up


@dataclass(frozen=True)
class PieceHome(VerflixxtEvent, kind="home"):
    """A piece reached the finish, ``exact`` when the count ended on it (VX-6, VX-28)."""

    piece: str
    exact: bool


@dataclass(frozen=True)
class HatMoved(VerflixxtEvent, kind="hat"):
    """A hat dealt (VX-22), taken, given or swapped (VX-26; a swap is two), or home (VX-29)."""

    hat: str  # lucky | unlucky
    how: str  # deal | take | give | swap | home
    origin: str | None  # the pawn it leaves (None when dealt)
    dest: str | None  # the pawn it goes on (None when home)
    points: int = 0  # home only: +10 / -10, kept by the event's player


@dataclass(frozen=True)
class HatKept(VerflixxtEvent, kind="hat_keep"):
    """The mover declined every hat transfer (VX-26)."""

    pawn: str


@dataclass(frozen=True)
class ChipWon(VerflixxtEvent, kind="chip"):
    """The mover won the top goal chip by an exact count into the finish (VX-28)."""

    value: int
    piece: str
    left: int  # chips still in the stack


@dataclass(frozen=True)
class Stopped(VerflixxtEvent, kind="stop"):
    """The player ended a double turn after the yellow card (VX-24)."""


@dataclass(frozen=True)
class Attacked(VerflixxtEvent, kind="attack"):
    """The player played a pair to push the pieces on a tile (VX-31; their moves follow)."""

    cards: tuple[str, ...]
    value: int
    tile: str
    targets: tuple[str, ...]  # the pieces pushed


@dataclass(frozen=True)
class Reshuffled(VerflixxtEvent, kind="reshuffle"):
    """The discards were shuffled into a new draw pile of ``cards`` (VX-24)."""

    cards: int


@dataclass(frozen=True)
class CardDrawn(VerflixxtEvent, kind="draw"):
    """A secret draw (VX-21, VX-24): the card for the drawer, None on the others' twin."""

    card: str | None
    hand: int  # hand size after


@dataclass(frozen=True)
class HatDrawCard(VerflixxtEvent, kind="hat_draw"):
    """The player turned up a card in the hat draw, ``round`` 2 on a first redraw (VX-22)."""

    card: str
    value: int
    round: int


@dataclass(frozen=True)
class HatDrawTied(VerflixxtEvent, kind="hat_tie"):
    """These players tied for first or second place and draw again (VX-22)."""

    players: tuple[int, ...]
    place: str  # first | second


@dataclass(frozen=True)
class HatDrawEnded(VerflixxtEvent, kind="hat_draw_end"):
    """The hat draw is decided, its cards discarded; the seats that got the hats (VX-22)."""

    cards: tuple[str, ...]
    lucky: int
    unlucky: int


@dataclass(frozen=True)
class Skipped(VerflixxtEvent, kind="skip"):
    """The player has every pawn home and is passed over (VX-6)."""


@dataclass(frozen=True)
class TurnBegan(VerflixxtEvent, kind="turn"):
    """The event's player is to act next, in round ``round`` (VX-3)."""

    round: int

    def begins_round(self) -> int | None:
        return self.round


@dataclass(frozen=True)
class GameEnded(VerflixxtEvent, kind="end"):
    """Every pawn is home: each player's score breakdown and the winners (VX-7, VX-30)."""

    scores: tuple[ScoreDict, ...]
    winners: tuple[int, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's total (VX-30)."""
        out = []
        for parts in self.scores:
            total = parts["total"]
            assert isinstance(total, int), "a total is a whole number"
            out.append(total)
        return tuple(out)
