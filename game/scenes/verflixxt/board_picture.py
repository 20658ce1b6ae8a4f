"""The Verflixxt! board at rest kept as one picture, and painted again only where pieces
moved (issue #38: the whole board painted again when a pawn landed was the slowest frame
of Verflixxt! at 2560x1440).

A part the table's drawing (draw.py) owns: the drawing says what the board shows (its
key) and paints it; this keeps the picture, remembers where each piece at rest was
drawn, and when only where pieces stand changed, has the whole board's painting clipped
to where they stood and stand now -- the same pixels as painting it all, its texts and
icons all written down -- and tells the compositor those places (``still_places``)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Protocol

import pygame

from game.scenes.table.contract import TableHost
from game.ui.widgets import Picture, paint_picture

from .layout import Layout
from .model import Point, VerflixxtModel

# the parts of the board's key (Drawing._board_key) that only say where pieces stand:
# the pieces' tiles, their wiggles, the pieces that may move (drawn over the board, not
# in it). When only these change, only the pieces that moved are painted again. Not the
# hats: a hat no piece wears lies in the hat draw
PIECE_PARTS = (8, 10, 11)
MERGED = 4  # at most this many places painted again one by one; more: their union

# how a piece at rest stands: its feet, its size, its wiggle, its hat
Look = tuple[float, float, float, float | None, str | None]


class DrawPiece(Protocol):
    """A piece drawn with its feet at ``feet`` (Drawing._draw_piece): where it and its
    hat went."""

    def __call__(
        self,
        surface: pygame.Surface,
        piece: str,
        feet: Point,
        ghost: bool = False,
        scale: float = 1.0,
    ) -> list[pygame.Rect]: ...


def only_pieces_changed(old: tuple, new: tuple) -> bool:
    """Whether the board keys ``old`` and ``new`` differ only where pieces stand."""
    return len(old) == len(new) and all(
        a == b for i, (a, b) in enumerate(zip(old, new, strict=True)) if i not in PIECE_PARTS
    )


def merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with those that touch joined, at most :data:`MERGED` of them (more:
    the one box around them all)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = pygame.Rect(rect)
        touching = [r for r in out if r.colliderect(rect)]
        while touching:
            for r in touching:
                out.remove(r)
                rect.union_ip(r)
            touching = [r for r in out if r.colliderect(rect)]
        out.append(rect)
    if len(out) > MERGED:
        return [out[0].unionall(out[1:])]
    return out


class BoardPicture:
    """The board at rest: its kept picture and key (``layer``), where each piece in it
    was drawn (``drawn``), and where its last partial repaint painted
    (``repainted_places``, board coordinates)."""

    def __init__(
        self, model: VerflixxtModel, host: TableHost, layout: Layout, draw_piece: DrawPiece
    ) -> None:
        self.model = model
        self.host = host
        self.layout = layout
        self.draw_piece = draw_piece
        self.layer: tuple[tuple, Picture] | None = None
        self.drawn: dict[str, tuple[Look, list[pygame.Rect]]] | None = None
        self.repainted_places: list[pygame.Rect] = []

    def forget(self) -> None:
        """A new layout: the board is painted again whole at its new size."""
        self.layer = None
        self.drawn = None

    def picture(
        self, key: tuple, movable, paint: Callable[[pygame.Surface, pygame.Rect], None]
    ) -> tuple[tuple, Picture]:
        """The board at rest for ``key``, kept: as it was while its key is the same;
        where only pieces moved, the kept picture painted again by ``paint`` where they
        stood and now stand; else painted anew, opaque."""
        kept = self.layer
        if kept is not None and kept[0] == key:
            return kept
        places = None
        if kept is not None and only_pieces_changed(kept[0], key):
            places = self.moved_places(movable)
        if kept is None or places is None or kept[1].image.get_size() != self.model.board.size:
            # opaque: the fastest to lay down
            self.layer = (key, paint_picture(pygame.Surface(self.model.board.size), paint))
            return self.layer
        image, picture = kept[1].image, kept[1]
        for place in places:
            image.set_clip(place)
            picture = paint_picture(image, paint)
        image.set_clip(None)
        self.repainted_places = places
        self.layer = (key, picture)
        return self.layer

    def still_places(
        self, before: tuple, now: tuple, movable: Callable[[], Any]
    ) -> list[pygame.Rect] | None:
        """Where the still picture changes (window coordinates) when the board's key goes
        from ``before`` to ``now``: where pieces stood and stand now when only they
        moved (``movable()``: the pieces drawn over the board), else None: anywhere."""
        kept = self.layer
        if kept is None or kept[0] != before or not only_pieces_changed(before, now):
            return None
        places = self.moved_places(movable())
        if places is None:
            return None
        board = self.model.board
        return [place.move(board.topleft).clip(board) for place in places]

    def looks(self, movable) -> dict[str, Look]:
        """How each piece painted into the board at rest stands: (its feet, its size,
        its wiggle's offset, its hat); the pieces that may move are drawn over it."""
        t = self.model.table
        looks = {}
        for tile, pieces in self.layout.groups().items():
            scale = self.layout.crowd_scale(tile, pieces)
            for piece, (x, y) in self.layout.fan(tile, pieces).items():
                if piece not in movable:
                    wiggle = t.wiggle.get(piece)
                    hat = next((h for h, wearer in t.hats.items() if wearer == piece), None)
                    looks[piece] = (x, y, scale, wiggle, hat)
        return looks

    def moved_places(self, movable) -> list[pygame.Rect] | None:
        """Where the board at rest changes when its pieces stand as now: every piece
        whose look changed, where it was drawn and where it is drawn now (board
        coordinates); None when that is not known (nothing painted yet)."""
        drawn = self.drawn
        if drawn is None:
            return None
        looks = self.looks(movable)
        scratch = pygame.Surface((1, 1))  # where a piece would be drawn, not drawing it
        ox, oy = self.model.board.topleft
        places: list[pygame.Rect] = []
        for piece in set(drawn) | set(looks):
            before, now = drawn.get(piece), looks.get(piece)
            if before is not None and now is not None and before[0] == now:
                continue
            if before is not None:
                places.extend(before[1])
            if now is not None:
                x, y, scale, wiggle, _hat = now
                if wiggle is not None:
                    x += math.sin(wiggle * math.pi * 4) * self.host.px(4)
                places.extend(self.draw_piece(scratch, piece, (x - ox, y - oy), scale=scale))
        return merged(places)
