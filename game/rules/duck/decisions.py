"""What a player must decide now, typed (``DuckState.decision(player)``), for a table or
anybody else who would otherwise decode the rules' own ``pending`` tuple.

One frozen class per kind of decision, with what a table needs to ask it; the legal
actions themselves come from ``legal_actions`` as always. A piece is a duck number, or
-1 for the hound.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DuckDecision:
    """A decision of ``player`` (the base of every kind)."""

    player: int


@dataclass(frozen=True)
class ChooseCards(DuckDecision):
    """Choose cards in secret with everybody else: the order card (DDG-20) or this
    round's card(s) (DDG-11; two ducks: two cards, DDG-26)."""

    why: str  # order, move


@dataclass(frozen=True)
class DiscardCards(DuckDecision):
    """Discard three cards after drawing three with a blue token (DDG-25)."""


@dataclass(frozen=True)
class PlaceDuck(DuckDecision):
    """Put a duck on an empty start space, facing onto the board (DDG-10, DDG-20)."""

    duck: int


@dataclass(frozen=True)
class PlayTurn(DuckDecision):
    """A duck's turn: a route of its revealed card (DDG-12), turning instead (DDG-27), or
    a token first (rotate, swap, +1 step, blue, ghost, become: DDG-25)."""

    duck: int
    card: int  # the duck's revealed card


@dataclass(frozen=True)
class AfterMove(DuckDecision):
    """A duck's move is over: done, or a token (keep going, +1 step, ...; DDG-25)."""

    duck: int


@dataclass(frozen=True)
class MoveAgain(DuckDecision):
    """A mandatory extra move: the duck ended on a buoy (DDG-14) or on a piece as a
    ghost (DDG-25), with a card from hand or the deck's top card."""

    duck: int
    why: str  # buoy, ghost
    card: int | None  # the deck's top card (None: a card from hand)


@dataclass(frozen=True)
class WarpOrStay(DuckDecision):
    """The piece entered a start space: warp to an empty one, or stay (DDG-15, DDG-23)."""

    piece: int


@dataclass(frozen=True)
class FacePiece(DuckDecision):
    """Choose the piece's facing: at the end of a route (DDG-12), after a knock (DDG-24)
    or turning instead of moving (DDG-27)."""

    piece: int
    sides: tuple[int, ...]  # the facings allowed
    why: str  # end, knock, turn


@dataclass(frozen=True)
class SendKnocked(DuckDecision):
    """Put a knocked duck on an empty start space (DDG-24, DDG-25 become)."""

    duck: int


@dataclass(frozen=True)
class FaceHound(DuckDecision):
    """The hound comes onto the drain: choose its facing (DDG-22)."""


@dataclass(frozen=True)
class MoveHound(DuckDecision):
    """Move the hound by a card from hand or two hound patterns (DDG-22)."""


@dataclass(frozen=True)
class HoundPattern(DuckDecision):
    """The hound ended on a ghost's hex: one more pattern (DDG-25)."""
