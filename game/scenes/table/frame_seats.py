"""What a game's table tells the frame it is drawn around (issue #16): the header's
words (:class:`Header`), each seat's face (:class:`SeatFace`), the bar's prompt
(:class:`Hint`), and the :class:`TableSeats` protocol a game's seats answer, with
:class:`SeatsOver` for a table that says more of them. Split from frame.py: these are
the games' answers, the frame only asks them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from game.scenes.table.frame_plan import TablePlan
    from game.ui.i18n import Translator

__all__ = ["Header", "Hint", "SeatFace", "SeatsOver", "TableSeats"]


@dataclass(frozen=True)
class Hint:
    """The bar's prompt, told in two parts (issue #27): the instruction, never cut, and a
    secondary clause (a reminder, the keys) that is left out when both do not fit. A
    plain string is a hint too: a clause in brackets at its end is its secondary part."""

    main: str
    secondary: str = ""

    @classmethod
    def of(cls, hint: str | Hint) -> Hint:
        return hint if isinstance(hint, Hint) else cls(hint)

    def parts(self) -> tuple[str, str]:
        """(the instruction, the secondary clause), the bracketed end of a plain string
        taken as its secondary clause."""
        if self.secondary:
            return self.main.strip(), self.secondary.strip()
        text = self.main.strip()
        for open_, close in (("(", ")"), ("（", "）")):
            if text.endswith(close) and open_ in text:
                cut = text.rindex(open_)
                if cut > 0 and text.count(open_) == text.count(close):
                    return text[:cut].rstrip(), text[cut:]
        return text, ""

    def __str__(self) -> str:
        return f"{self.main} {self.secondary}".strip()

    def __bool__(self) -> bool:
        return bool(self.main or self.secondary)


@dataclass(frozen=True)
class Header:
    """What the frame's header says: the round's pill, whose turn it is (a seat, named
    in its colour, or None) and its words, and the right-hand label."""

    round: str
    who: int | None
    status: str
    variant: str = ""


@dataclass(frozen=True)
class SeatFace:
    """What a seat's panel shows beside its name: its score (None: no score column),
    its highlight (``"moving"``, ``"to_act"`` or None) and what else its picture
    depends on (the panel is painted again when it changes)."""

    score: str | None
    highlight: str | None
    key: tuple


class TableSeats(Protocol):
    """What the frame's header, seat panels and bar say of the game."""

    def header(self) -> Header: ...

    def seat(self, player: int) -> SeatFace: ...

    def portrait(self, player: int, size: int) -> pygame.Surface | None:
        """The seat's character as the game draws it, ``size`` pixels across."""

    def paint_extras(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        """The seat's own things under its name (counts, chips, dice), inside ``rect``."""

    def hint(self) -> str | Hint:
        """The bar's prompt: a string, or a :class:`Hint` whose secondary clause the bar
        leaves out when the whole does not fit (issue #27)."""
        ...

    def subtitle(self, player: int) -> str | None:
        """What the seat's panel says under its name (None: the frame's words; "": no
        line, the game's own things right under the name, issue #27)."""

    def score_text(self, player: int, value: Any) -> str | None:
        """How a score reads on the end screen (None: the number as the frame writes it)."""

    def side_w(self, player: int) -> int:
        """Pixels of a column at the right of the seat's panel (Duck's cards on the
        table), painted by :meth:`paint_side`; 0: none."""
        ...

    def paint_side(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        """The game's column at the right of a seat panel."""

    def paint_drawer_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The game's own block under the seat panels in the open drawer (Verflixxt!'s
        "How it scores", issue #38), inside ``rect``."""

    def drawer_extra_key(self) -> tuple:
        """What the drawer's block shows that changes (Duck's hound board: whose it is,
        the patterns used): it is painted again when this changes."""
        ...


class SeatsOver:
    """A game's seats said again in part (a table that says more of its seats: an online
    seat's status, a replay's hidden things): every question goes to ``inner`` unless a
    subclass answers it."""

    def __init__(self, inner: TableSeats) -> None:
        self.inner = inner

    def header(self) -> Header:
        return self.inner.header()

    def seat(self, player: int) -> SeatFace:
        return self.inner.seat(player)

    def portrait(self, player: int, size: int) -> pygame.Surface | None:
        return self.inner.portrait(player, size)

    def paint_extras(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        self.inner.paint_extras(surface, player, rect)

    def hint(self) -> str | Hint:
        return self.inner.hint()

    def subtitle(self, player: int) -> str | None:
        return self.inner.subtitle(player)

    def score_text(self, player: int, value: Any) -> str | None:
        return self.inner.score_text(player, value)

    def side_w(self, player: int) -> int:
        return self.inner.side_w(player)

    def paint_drawer_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.inner.paint_drawer_extra(surface, rect)

    def drawer_extra_key(self) -> tuple:
        return self.inner.drawer_extra_key()

    def paint_side(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        self.inner.paint_side(surface, player, rect)


class FrameBasics(Protocol):
    """What every part of the frame asks of it (its header, its seat drawer): the seats
    and their words, where the window's parts are, whose screen it is, the sizes."""

    seats: TableSeats

    @property
    def t(self) -> Translator: ...

    @property
    def cut(self) -> TablePlan: ...

    @property
    def private_player(self) -> int | None: ...

    def px(self, value: float) -> int: ...

    def text_px(self, value: float) -> int: ...
