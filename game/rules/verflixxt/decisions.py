"""What the rules ask of a player now, for a table's controls and prompts (one small frozen
class per kind of decision), so a table never decodes the state's phase by hand."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RollDie:
    """Base game: roll the die (``roll``, VX-4)."""


@dataclass(frozen=True)
class MovePiece:
    """Base game: move an own pawn or a guardian by the die just rolled (``move``, VX-4)."""

    die: int


@dataclass(frozen=True)
class DrawForHats:
    """The hat draw: turn up a card (``draw``, VX-22)."""


@dataclass(frozen=True)
class PlayCard:
    """Play a card (``play``, VX-23) or attack (VX-31); ``second``: the card after a yellow
    lead, or ``stop`` (VX-24)."""

    second: bool


@dataclass(frozen=True)
class PassHat:
    """``pawn`` moved onto other pawns: take, give or swap a hat with one, or keep (VX-26)."""

    pawn: str


Decision = RollDie | MovePiece | DrawForHats | PlayCard | PassHat
