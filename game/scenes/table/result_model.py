"""What the end screen's result reads of the table whose game ended (issue #38): the
table itself (:class:`EndedTable`: its session, state, frame and game, the seats' names
and scores), how each seat's score came about in the game's words (:class:`Breakdown`,
from the game's rules) and the floor of its text sizes (:data:`MIN_TEXT`). Split from
result_panel.py: the games build a :class:`Breakdown`, the panel only lays it out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from game.scenes.table.frame_seats import TableSeats
from game.ui import theme

__all__ = ["MIN_TEXT", "Breakdown", "EndedTable", "Framed"]


class Framed(Protocol):
    @property
    def seats(self) -> TableSeats:
        """The game's seats as the frame shows them (their portraits)."""
        ...


class EndedTable(Protocol):
    """What the end screen reads of the table whose game ended (a
    :class:`~game.scenes.table.scene.TableScene`)."""

    @property
    def session(self) -> Any: ...

    @property
    def state(self) -> Any: ...

    @property
    def frame(self) -> Framed: ...

    @property
    def game(self) -> Any:
        """The game's table: its ``drawn_extent()`` and ``celebrate(player)``."""

    def seat_name(self, player: int) -> str: ...

    def score_text(self, player: int, value: Any) -> str: ...

    def final_breakdown(self) -> Breakdown: ...


@dataclass(frozen=True)
class Breakdown:
    """How each seat's score came about, in the game's words.

    ``columns`` are the headings of the parts (in the player's language), ``parts`` one
    row per seat (seat order) with one value per column: a number (points) or a short
    text. ``total`` heads the total column, whose values are the game's
    ``score_text(state.scores())``. ``summed`` says the numeric parts of a row add up to
    the seat's score (Verflixxt!, Eight Routes); False where they only explain it (Duck's
    buoys)."""

    columns: tuple[str, ...]
    parts: tuple[tuple[int | str, ...], ...]
    total: str
    summed: bool = True
    # (label, colour) per column, or none: each column is headed by a round badge of
    # that colour with the label in it, as the game's board marks the part (Eight
    # Routes' route numbers), instead of its words (issue #27: no heading cut)
    badges: tuple[tuple[str, tuple[int, int, int]], ...] = ()


MIN_TEXT = theme.MIN_TEXT_PX  # pixels: nothing on the end screen is drawn smaller
