"""What the board builder holds, without drawing it (issue #41): the 16 tiles, each in
the tray or on the table, the face each shows and how it is turned, the history for
undo/redo, and the live check of the tiles on the table. Plain data and no pygame, so
the tests drive a whole build without a window.

Every change is one step of the history (a snapshot of the tiles: sixteen small records),
so undo and redo give back exactly what was there, a pick-up and its drop included.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from game.rules.duck.builder import (
    MIN_DUCKS,
    TILE_COUNT,
    Check,
    Faces,
    Placed,
    live_check,
    touching,
)
from game.rules.duck.data import MAX_DUCKS

UNDO_LIMIT = 200  # steps kept for undo: a whole box laid out many times over


@dataclass(frozen=True)
class Tile:
    """One of the box's tiles as the builder holds it: the face up and its turn, and
    where its centre lies on the table (None: in the tray)."""

    number: int
    side: str = "A"
    rotation: int = 0
    at: tuple[int, int] | None = None

    def placed(self) -> Placed | None:
        if self.at is None:
            return None
        return Placed(self.number, self.side, self.at[0], self.at[1], self.rotation)


Tiles = tuple[Tile, ...]


class BuilderModel:
    """The builder's tiles, history and check. ``ducks``: the ducks the board is being
    built for (2-6), which the live check judges it against."""

    def __init__(self, faces: Faces, ducks: int = 4):
        self.faces = faces
        self.ducks = max(MIN_DUCKS, min(MAX_DUCKS, ducks))
        self.tiles: Tiles = tuple(Tile(n) for n in range(1, TILE_COUNT + 1))
        self._undo: list[Tiles] = []
        self._redo: list[Tiles] = []
        self._check: Check | None = None

    # what lies where ----------------------------------------------------------------------
    def tile(self, number: int) -> Tile:
        return self.tiles[number - 1]

    def placed(self) -> list[Placed]:
        """The tiles on the table, in the order they were laid (their ``at`` order)."""
        return [p for p in (t.placed() for t in self.tiles) if p is not None]

    def on_table(self, number: int) -> bool:
        return self.tile(number).at is not None

    def owner(self, hex_: tuple[int, int]) -> int | None:
        """The number of the tile covering a hex of the table, or None."""
        for placed in self.placed():
            if hex_ in placed.hexes():
                return placed.tile
        return None

    def spots(self, number: int) -> set[tuple[int, int]]:
        """Centres where tile ``number`` may be dropped: beside the other tiles on the
        table (its own place left out), anywhere near the middle for the first."""
        return touching([p for p in self.placed() if p.tile != number])

    def can_drop(self, number: int, at: tuple[int, int]) -> bool:
        return at in self.spots(number)

    # changes (each one undoable) ------------------------------------------------------------
    def _change(self, tiles: Tiles) -> bool:
        if tiles == self.tiles:
            return False
        self._undo.append(self.tiles)
        del self._undo[:-UNDO_LIMIT]
        self._redo.clear()
        self.tiles = tiles
        self._check = None
        return True

    def _with(self, number: int, **fields) -> Tiles:
        tiles = list(self.tiles)
        tiles[number - 1] = replace(tiles[number - 1], **fields)
        return tuple(tiles)

    def drop(self, number: int, at: tuple[int, int]) -> bool:
        """Lay tile ``number`` with its centre at ``at`` (from the tray or moved on the
        table); False (nothing changes) where it would not lie beside the others."""
        if not self.can_drop(number, at):
            return False
        return self._change(self._with(number, at=at))

    def pick_up(self, number: int) -> bool:
        """Put a tile from the table back into the tray."""
        return self._change(self._with(number, at=None))

    def turn(self, number: int, steps: int) -> bool:
        """Turn a tile 60° per step (+ counter-clockwise). On the table it must still lie
        clear of the others; it turns about its centre, so it always does."""
        tile = self.tile(number)
        return self._change(self._with(number, rotation=(tile.rotation + steps) % 6))

    def flip(self, number: int) -> bool:
        """Turn a tile over to its other face."""
        tile = self.tile(number)
        return self._change(self._with(number, side="B" if tile.side == "A" else "A"))

    def clear(self) -> bool:
        """Every tile back in the tray (faces and turns kept)."""
        return self._change(tuple(replace(t, at=None) for t in self.tiles))

    def lay(self, placed: list[Placed] | tuple[Placed, ...]) -> bool:
        """Lay a whole board (Surprise me, a saved board opened): the tiles not in it go
        back to the tray; one undo step."""
        by_number: Mapping[int, Placed] = {p.tile: p for p in placed}
        tiles = []
        for tile in self.tiles:
            p = by_number.get(tile.number)
            if p is None:
                tiles.append(replace(tile, at=None))
            else:
                tiles.append(Tile(tile.number, p.side, p.rotation, (p.q, p.r)))
        return self._change(tuple(tiles))

    def set_ducks(self, ducks: int) -> None:
        self.ducks = max(MIN_DUCKS, min(MAX_DUCKS, ducks))
        self._check = None

    # history ----------------------------------------------------------------------------
    def forget_history(self) -> None:
        """Nothing to undo or redo (a saved board just opened is where the person starts)."""
        self._undo.clear()
        self._redo.clear()

    def can_undo(self) -> bool:
        return bool(self._undo)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> bool:
        if not self._undo:
            return False
        self._redo.append(self.tiles)
        self.tiles = self._undo.pop()
        self._check = None
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        self._undo.append(self.tiles)
        self.tiles = self._redo.pop()
        self._check = None
        return True

    # the live check ---------------------------------------------------------------------
    def check(self) -> Check:
        """DDG-42 for the tiles on the table now (computed once per change)."""
        if self._check is None:
            self._check = live_check(self.placed(), self.faces, self.ducks)
        return self._check
