"""The one decision the rules wait for outside the order and choose phases, typed
(``DuckState.pending``): one frozen class per kind, with what the rules need to carry it
on. The public face of it is ``decision(player)`` (decisions.py), which adds what a table
asks (a turn's card, why a duck moves again); this is the state's own bookkeeping.

A save keeps a pending decision as the list it always was, ``[kind, actor, ...fields]``
(``["face", 0, 3, [1, 2], "end"]``; a discard nests the decision it interrupted), so
saves and replays written before these classes read back unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal


@dataclass(frozen=True)
class Pending:
    """A decision of ``actor`` (the base of every kind). ``kind`` is its name in a save."""

    actor: int
    kind: ClassVar[str] = ""
    kinds: ClassVar[dict[str, type[Pending]]] = {}

    def __init_subclass__(cls, /, kind: str = "", **kwargs: Any):
        super().__init_subclass__(**kwargs)
        if kind:
            cls.kind = kind
            Pending.kinds[kind] = cls

    def to_list(self) -> list[Any]:
        """The JSON form a save keeps: ``[kind, actor, ...fields]``."""
        out: list[Any] = [self.kind]
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Pending):
                out.append(value.to_list())
            elif isinstance(value, tuple):
                out.append(list(value))
            else:
                out.append(value)
        return out

    @staticmethod
    def from_list(data: Any) -> Pending:
        """The pending decision a save's list stands for (``to_list``'s inverse)."""
        if not isinstance(data, (list, tuple)) or not data:
            raise ValueError(f"not a pending decision: {str(data)[:60]!r}")
        cls = Pending.kinds.get(data[0]) if isinstance(data[0], str) else None
        if cls is None:
            raise ValueError(f"unknown pending decision {str(data[0])[:40]!r}")
        names = [f.name for f in fields(cls)]
        if len(data) - 1 != len(names):
            raise ValueError(f"{cls.kind}: {len(data) - 1} fields, not {len(names)}")
        values: list[Any] = []
        for name, value in zip(names, data[1:]):
            if name == "back":
                values.append(Pending.from_list(value))
            elif isinstance(value, list):
                values.append(tuple(value))
            else:
                values.append(value)
        return cls(*values)


@dataclass(frozen=True)
class OfPiece(Pending):
    """A decision about one piece: a duck, or HOUND (-1) for the hound."""

    piece: int


@dataclass(frozen=True)
class Place(OfPiece, kind="place"):
    """Put the duck on an empty start space (DDG-10, DDG-20)."""


@dataclass(frozen=True)
class Pre(OfPiece, kind="pre"):
    """The duck's turn before it moves: a route of its card, turning, or a token first."""


@dataclass(frozen=True)
class Post(OfPiece, kind="post"):
    """The duck's move is over: done, or a token (DDG-25)."""


@dataclass(frozen=True)
class Warp(OfPiece, kind="warp"):
    """The piece entered a start space: warp or stay (DDG-15, DDG-23)."""


@dataclass(frozen=True)
class Send(OfPiece, kind="send"):
    """Put a knocked duck on an empty start space (DDG-24)."""


@dataclass(frozen=True)
class Extra(OfPiece, kind="extra"):
    """A mandatory extra move (DDG-14, DDG-25): with the deck's ``top`` card, or a card
    from hand when ``top`` is 0."""

    top: int


@dataclass(frozen=True)
class Face(OfPiece, kind="face"):
    """Choose the piece's facing among ``sides``: at the end of a route, after a knock, or
    turning instead of moving (DDG-12, DDG-24, DDG-27)."""

    sides: tuple[int, ...]
    why: Literal["end", "knock", "turn"]


@dataclass(frozen=True)
class HoundFace(Pending, kind="houndface"):
    """The hound comes onto the drain: its facing (DDG-22)."""


@dataclass(frozen=True)
class HoundMove(Pending, kind="houndmove"):
    """Move the hound by a card from hand or two patterns (DDG-22)."""


@dataclass(frozen=True)
class HoundPattern(Pending, kind="houndpattern"):
    """The hound ended on a ghost's hex: one more pattern (DDG-25)."""


@dataclass(frozen=True)
class Discard(Pending, kind="discard"):
    """Discard three after a blue token's draw, then go ``back`` to the decision the
    token interrupted (DDG-25)."""

    back: Pending
