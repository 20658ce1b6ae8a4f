"""The events of Eight Routes (typed, issue #26): one frozen class per kind, under the
family base :class:`RoutesEvent`. The kind string is the wire name and what lessons
name; ``player`` is who the event is about (the parent for a round's events, the player
whose phase it is for the rest, ``None`` for the final scoring).

Routes and faces are 1-8, spaces 1-20; a marker's ``frm``/``to`` 0 means off the route;
``stack`` counts from 0 at the bottom. A lid is the dice per face 1-8 on its squares.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..protocol import Event


class RoutesEvent(Event, family=True):
    """The family of Eight Routes' events (``EVENTS`` of the rules package)."""


@dataclass(frozen=True)
class RoundStarted(RoutesEvent, kind="round_start"):
    """A round began with ``player`` as its parent (ER-10); ``rounds`` in the game."""

    round: int

    def begins_round(self) -> int | None:
        return self.round

    rounds: int


@dataclass(frozen=True)
class ChipTaken(RoutesEvent, kind="chip_taken"):
    """The parent took the round chip numbered by its round, face up (ER-10)."""

    chip: int


@dataclass(frozen=True)
class Rolled(RoutesEvent, kind="roll"):
    """The parent rolled every d8; ``faces`` in roll order (ER-10)."""

    faces: tuple[int, ...]


@dataclass(frozen=True)
class DiceSorted(RoutesEvent, kind="dice_sorted"):
    """The rolled dice were sorted onto the lid's squares by face (ER-10)."""

    lid: tuple[int, ...]


@dataclass(frozen=True)
class D6Rolled(RoutesEvent, kind="d6_roll"):
    """The parent's personal d6 showed ``face``, the route whose marker moves (ER-10, ER-34)."""

    face: int
    route: int


@dataclass(frozen=True)
class PhaseStarted(RoutesEvent, kind="phase_start"):
    """``player``'s pick-up phase began; ``last`` for the parent's (ER-11)."""

    round: int
    last: bool


@dataclass(frozen=True)
class MandatorySkipped(RoutesEvent, kind="mandatory_skipped"):
    """The lid was empty: ``player`` had nothing to take (ER-12 B)."""


@dataclass(frozen=True)
class DiceTaken(RoutesEvent, kind="dice_taken"):
    """``player`` took ``count`` dice of ``face`` by action "A" or "B"; ``lid`` after (ER-12)."""

    face: int
    count: int
    action: str
    lid: tuple[int, ...]


@dataclass(frozen=True)
class MarkerMoved(RoutesEvent, kind="marker_move"):
    """``player``'s marker on ``route`` moved from space ``frm`` to ``to`` (ER-12, ER-20)."""

    route: int
    frm: int
    to: int
    stack: int | None  # on ``to``; None when it left the route
    from_stack: int | None  # None when it was placed
    cause: str  # "A", "B", "C", "D", "d6" or "chip"


@dataclass(frozen=True)
class MarkerBlocked(RoutesEvent, kind="marker_blocked"):
    """``player``'s marker on the goal ``space`` could not advance (ER-20d)."""

    route: int
    space: int
    cause: str


@dataclass(frozen=True)
class DieChanged(RoutesEvent, kind="die_changed"):
    """``player`` turned a die in the lid from face ``frm`` to ``to``; ``lid`` after (ER-12 C)."""

    frm: int
    to: int
    lid: tuple[int, ...]


@dataclass(frozen=True)
class ChipOffered(RoutesEvent, kind="chip_offered"):
    """``player`` picked up a 6 holding a face-up chip: the route-6 power is offered (ER-13)."""


@dataclass(frozen=True)
class ChipTurned(RoutesEvent, kind="chip_turned"):
    """``player`` turned ``chip`` face down for good to advance on ``route`` (ER-13)."""

    chip: int
    route: int


@dataclass(frozen=True)
class ChipDeclined(RoutesEvent, kind="chip_declined"):
    """``player`` passed on the route-6 power (ER-13)."""


@dataclass(frozen=True)
class PhaseEnded(RoutesEvent, kind="phase_end"):
    """``player``'s pick-up phase ended (ER-12)."""

    round: int


@dataclass(frozen=True)
class RoundEnded(RoutesEvent, kind="round_end"):
    """The round ended; its ``left_in_lid`` dice go back with the rest (ER-11)."""

    round: int
    left_in_lid: int


@dataclass(frozen=True)
class RouteScored(RoutesEvent, kind="route_scored"):
    """At the end, ``route`` scored ``points`` per player (ER-30..ER-38)."""

    route: int
    points: tuple[int, ...]  # per player
    order: tuple[int, ...]  # the players with a marker on it, best first
    spaces: tuple[int, ...]  # their spaces, in that order


@dataclass(frozen=True)
class GameOver(RoutesEvent, kind="game_over"):
    """The game ended: ``totals`` per player and the ``winners`` (ER-39)."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
