"""What happens in a Duck! Duck! Go! race, as typed events (issue #26).

Each class is one event kind; ``kind`` is its name on the wire (and what lessons name).
``player`` (keyword-only, from :class:`~game.rules.protocol.Event`) is who the event is
about or who caused it; a private twin (``visible_to`` its player) goes with each public
event that hides something. Hexes are axial ``(q, r)``; ``duck`` is a duck number;
``heading`` a side 0-5 (hexes.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..protocol import Event

Hex = tuple[int, int]


class DuckEvent(Event, family=True):
    """The events of Duck! Duck! Go! (``EVENTS`` of the rules package)."""

    @property
    def seat(self) -> int:
        """``player``, of an event that always has one (a draw, a choice, a token...)."""
        assert self.player is not None, f"a {self.kind} event without its player"
        return self.player


# -- setting up ------------------------------------------------------------------------------
@dataclass(frozen=True)
class SetUp(DuckEvent, kind="setup"):
    """The race is set up (DDG-1..DDG-10; two ducks each: DDG-26; official: DDG-27)."""

    variant: str
    official: bool
    board: str  # the board's name
    players: int
    ducks: int
    owners: tuple[int, ...]  # the player of each duck


@dataclass(frozen=True)
class CardsDrawn(DuckEvent, kind="draw"):
    """The player drew cards face down (deal/refill/hound/blue), seen by all (DDG-10)."""

    count: int
    reason: str  # deal, refill, hound, blue
    deck: int  # cards left in the deck


@dataclass(frozen=True)
class CardsDrawnPrivate(DuckEvent, kind="drawn"):
    """The cards the player drew, shown to that player only (private twin of draw)."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class Reshuffled(DuckEvent, kind="reshuffle"):
    """The discards were shuffled into a new deck (DDG-17)."""

    cards: int  # the size of the new deck


@dataclass(frozen=True)
class OrderCardsShown(DuckEvent, kind="order_cards"):
    """The order cards are face up: the highest places first (DDG-10, DDG-20)."""

    cards: tuple[int, ...]  # one per player
    order: tuple[int, ...]  # players, the first placer first


@dataclass(frozen=True)
class DuckPlaced(DuckEvent, kind="place"):
    """The player placed a duck on a start space (DDG-10, DDG-20)."""

    duck: int
    hex: Hex
    heading: int


@dataclass(frozen=True)
class CardsDiscarded(DuckEvent, kind="discard"):
    """The player's cards went to the discard pile (order/move/turn/hound/blue)."""

    cards: tuple[int, ...]
    reason: str


# -- a round -------------------------------------------------------------------------------
@dataclass(frozen=True)
class RoundBegan(DuckEvent, kind="round"):
    """A round begins: everybody chooses a card in secret (DDG-11)."""

    round: int

    def begins_round(self) -> int | None:
        return self.round


@dataclass(frozen=True)
class CardsChosen(DuckEvent, kind="choose"):
    """The player chose cards face down, seen by all (DDG-11; order card: DDG-20)."""

    count: int
    why: str  # order, move


@dataclass(frozen=True)
class CardsChosenPrivate(DuckEvent, kind="chosen"):
    """The cards the player chose, shown to that player only (private twin of choose)."""

    cards: tuple[int, ...]
    why: str


@dataclass(frozen=True)
class CardsRevealed(DuckEvent, kind="reveal"):
    """All chosen cards turn face up; ducks move in increasing card number (DDG-11)."""

    cards: tuple[dict[str, int], ...]  # {duck, player, card} per duck
    order: tuple[int, ...]  # ducks in moving order


@dataclass(frozen=True)
class TurnBegan(DuckEvent, kind="turn"):
    """A duck's turn begins with its revealed card (DDG-12)."""

    duck: int
    card: int


@dataclass(frozen=True)
class TurnedInstead(DuckEvent, kind="turn_instead"):
    """The duck turned instead of moving; its card is discarded (DDG-27)."""

    duck: int
    card: int
    heading: int


# -- moving ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class MoveBegan(DuckEvent, kind="move"):
    """A duck starts a move along a route (card/extra/deck/keep/step-pre/step-post)."""

    duck: int
    card: int | None  # None for a +1 step
    route: int  # index from 0
    source: str
    hex: Hex  # where the move starts
    heading: int


@dataclass(frozen=True)
class Stepped(DuckEvent, kind="step"):
    """A duck entered one hex (heading: the step's direction, DDG-12)."""

    duck: int
    hex: Hex
    heading: int


@dataclass(frozen=True)
class Bonk(DuckEvent, kind="bonk"):
    """A duck hit the edge, a duck or the drain: it stays, turned 180°, the move ends
    (DDG-13)."""

    duck: int
    hex: Hex  # where it stays
    blocked: Hex  # the hex it hit, maybe off the board
    heading: int  # the new one
    reason: str  # edge, duck, drain


@dataclass(frozen=True)
class BuoyTouched(DuckEvent, kind="buoy"):
    """A duck touched a buoy, passing or stopping; a new colour takes its token (DDG-14)."""

    duck: int
    colour: str
    hex: Hex
    new: bool  # its token is taken now
    tokens: int  # the duck's buoy tokens after


@dataclass(frozen=True)
class TokenDrawn(DuckEvent, kind="token_draw"):
    """The player drew an action token face down, seen by all (DDG-25)."""

    duck: int
    pool: int  # face-down tokens left


@dataclass(frozen=True)
class TokenDrawnPrivate(DuckEvent, kind="token_drawn"):
    """The action token the player drew, shown to that player only (private twin)."""

    token: str


@dataclass(frozen=True)
class Warped(DuckEvent, kind="warp"):
    """A duck entered a start space and warped to another; the move ends (DDG-15)."""

    duck: int
    hex: Hex  # the start space entered
    to: Hex
    heading: int


@dataclass(frozen=True)
class Faced(DuckEvent, kind="face"):
    """A duck's facing was chosen (or was the only one) at the end/knock/turn."""

    duck: int
    heading: int
    why: str  # end, knock, turn


@dataclass(frozen=True)
class DeckTopTurned(DuckEvent, kind="deck_top"):
    """With an empty hand the deck's top card is turned up for the extra move (DDG-14)."""

    duck: int
    card: int


@dataclass(frozen=True)
class ExtraMove(DuckEvent, kind="extra_move"):
    """A duck moves again: it ended on a buoy (DDG-14) or on a piece as a ghost (DDG-25)."""

    duck: int
    reason: str  # buoy, ghost
    card: int | None  # the deck-top card


@dataclass(frozen=True)
class Knocked(DuckEvent, kind="knock"):
    """A duck was knocked off the board by the hound or a duck that is the hound
    (DDG-24, DDG-25); it waits to be placed on a start space."""

    duck: int
    by: str  # hound, duck
    hex: Hex
    into: Hex | None = None  # the hound's hex, when the duck ran into it
    knocker: int | None = None  # the duck that is the hound


@dataclass(frozen=True)
class KnockedPlaced(DuckEvent, kind="knock_place"):
    """The knocker put a knocked duck on a start space (DDG-24)."""

    duck: int
    hex: Hex


@dataclass(frozen=True)
class TokenUsed(DuckEvent, kind="token"):
    """The player used a token (blue/keep/step/rotate/swap/ghost/become; DDG-25)."""

    token: str
    duck: int | None = None
    card: int | None = None  # keep
    heading: int | None = None  # rotate, swap: the duck's new facing
    hex: Hex | None = None  # swap: the duck's new hex
    hound_hex: Hex | None = None  # swap
    hound_heading: int | None = None  # swap


# -- the hound -------------------------------------------------------------------------------
@dataclass(frozen=True)
class HoundControlTaken(DuckEvent, kind="hound_control"):
    """The player with the fewest buoy tokens (a tie: the highest card) moves the hound
    (DDG-21)."""

    tokens: int
    card: int
    tied: tuple[int, ...]


@dataclass(frozen=True)
class HoundPlaced(DuckEvent, kind="hound_place"):
    """The hound comes onto the drain, its controller choosing the facing (DDG-22)."""

    hex: Hex
    heading: int


@dataclass(frozen=True)
class HoundCardPlayed(DuckEvent, kind="hound_card"):
    """The controller moves the hound with a card from hand (DDG-22)."""

    card: int


@dataclass(frozen=True)
class HoundPatternsChosen(DuckEvent, kind="hound_patterns"):
    """The controller moves the hound with patterns of the hound board (DDG-22, DDG-43)."""

    patterns: str  # e.g. "AC"


@dataclass(frozen=True)
class HoundMoveBegan(DuckEvent, kind="hound_move"):
    """The hound starts a move along a card's route or a pattern (DDG-22)."""

    card: int | None
    route: int
    source: str  # card, pattern
    hex: Hex
    heading: int


@dataclass(frozen=True)
class HoundStepped(DuckEvent, kind="hound_step"):
    """The hound entered one hex (DDG-22)."""

    hex: Hex
    heading: int


@dataclass(frozen=True)
class HoundBonk(DuckEvent, kind="hound_bonk"):
    """The hound hit the edge: it stays, turned 180°, the move ends (DDG-13, DDG-23)."""

    hex: Hex
    blocked: Hex
    heading: int
    reason: str


@dataclass(frozen=True)
class HoundWarped(DuckEvent, kind="hound_warp"):
    """The hound entered a start space and warped to another (DDG-15, DDG-23)."""

    hex: Hex
    to: Hex
    heading: int


@dataclass(frozen=True)
class HoundFaced(DuckEvent, kind="hound_face"):
    """The hound's facing at the end of its move was chosen (DDG-22)."""

    heading: int


@dataclass(frozen=True)
class HoundDrained(DuckEvent, kind="hound_drain"):
    """The hound went down the drain, off the board until next round (DDG-23)."""

    hex: Hex


@dataclass(frozen=True)
class HoundKnockedOff(DuckEvent, kind="hound_knocked"):
    """The hound met a duck that is the hound (or a duck on its start): off the board
    (DDG-25)."""

    duck: int  # the duck that is the hound, or -1
    hex: Hex


@dataclass(frozen=True)
class HoundMovesAgain(DuckEvent, kind="hound_again"):
    """The hound ended on a ghost's hex and moves one more pattern (DDG-25)."""

    hex: Hex


@dataclass(frozen=True)
class Won(DuckEvent, kind="win"):
    """A duck with all three buoy tokens went down the drain: the game is over (DDG-16)."""

    duck: int
    hex: Hex


EVENTS = DuckEvent
