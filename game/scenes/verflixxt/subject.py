"""What a lesson step on the Verflixxt! table talks about besides the element it points
at (issue #38: "a step's subject includes the pieces it talks about"), so that its
callout covers none of them (``game.scenes.table.lesson_callout.place_callout``).

A pawn is never alone in what a step says of it: "your pawn shares a clover tile with a
guardian", "Cookie landed on your pawn and took the lucky hat back" — so a step about a
piece (``piece:a``) is about the tile it stands on and every piece there, a step about a
tile (``tile:l2``, ``start``, ``finish``) about the pieces on it, the goal chips' step
about the finish they are won at. A step that asks for an action is about where that
action takes them: the rules' own preview of it (``Controls.preview_of``, as the table's
preview draws it) gives the tile a pawn lands on, the tile it would take, the pawns a hat
goes between and the chips won. Rects are where each is drawn now.

Of the places clear of all that, the callout takes the one hiding least of the other
pieces (:meth:`LessonSubject.keep_clear`): the pawns and guardians (a pawn the step does
not name is still someone's), the start and the finish with the goal chips beside it. Not
the plain tiles: counted too, they sent a step's callout to the far side of the board
whatever it pointed at (a tile is half hidden by a callout almost anywhere).
"""

from __future__ import annotations

import pygame

from game.rules.verflixxt.data import FINISH, START
from game.rules.verflixxt.events import ChipWon, HatMoved, PieceMoved, TileTaken
from game.scenes.table.contract import TableHost

from .controls import Controls
from .layout import Layout
from .model import VerflixxtModel


class LessonSubject:
    """The pieces and tiles a lesson step's callout keeps clear of (a plain part of
    :class:`~.table.VerflixxtTable`)."""

    def __init__(
        self, model: VerflixxtModel, host: TableHost, layout: Layout, controls: Controls
    ) -> None:
        self.model = model
        self.host = host
        self.layout = layout
        self.controls = controls

    def piece_name(self, what: str) -> str:
        """A lesson's piece name as the table's: ``a`` the learner's pawn a, ``1b`` seat
        1's pawn b, ``g2`` guardian 2."""
        if what.startswith("g") or what[:1].isdigit():
            return what
        return f"{self.host.guide.learner or 0}{what}"

    def subject(self, name: str, expect: str | None) -> list[pygame.Rect]:
        kind, _, what = name.partition(":")
        out: list[pygame.Rect] = []
        if kind == "piece":
            tile = self.model.table.pieces.get(self.piece_name(what))
            out += self.standing(tile) if tile is not None else []
        elif kind == "tile" or name in (START, FINISH):
            out += self.standing(what or name)
        elif name == "chips":
            out += self.standing(FINISH)  # won by coming home there exactly
        if expect not in (None, "any"):
            out += self.action_reach(str(expect))
        return out

    def keep_clear(self) -> list[pygame.Rect]:
        """The pieces a callout hides as little of as it can: every pawn and guardian,
        the start and the finish, and the stack of goal chips."""
        layout, table = self.layout, self.model.table
        groups = layout.groups()
        out = [self.piece_rect(p, groups) for p in sorted(table.pieces)]
        out += [layout.tile_rect(t) for t in (START, FINISH) if t in table.u]
        if self.host.state.hats_variant and table.chips:
            x, y = layout.chip_stack_pos()
            chips = pygame.Rect(0, 0, self.model.tile_px, self.model.tile_px)
            chips.center = (round(x), round(y))
            out.append(chips)
        return out

    def standing(self, tile: str) -> list[pygame.Rect]:
        """A tile on the track and every piece standing on it (a hat on its head)."""
        if tile not in self.model.table.u:
            return []
        layout = self.layout
        groups = layout.groups()
        out = [layout.tile_rect(tile)]
        for piece in groups.get(tile, []):
            out.append(self.piece_rect(piece, groups))
        return out

    def piece_rect(self, piece: str, groups: dict[str, list[str]]) -> pygame.Rect:
        """Where ``piece`` is drawn at rest, with room above it for the hat it wears."""
        layout = self.layout
        feet = layout.piece_spot(piece, groups)
        if feet is None:
            return pygame.Rect(0, 0, 0, 0)
        rect = layout.piece_rect(piece, feet, layout.scale_of(piece, groups))
        if piece in self.model.table.hats.values():
            hat = round(self.model.tile_px * 0.42)  # about as tall as draw.py's hat is wide
            rect.y -= hat
            rect.h += hat
        return rect

    def action_reach(self, expect: str) -> list[pygame.Rect]:
        """Where the action ``expect`` takes things, from the rules' preview of it: the
        tiles a pawn leaves and lands on, the tile it takes, the pawns a hat goes between,
        the finish where a chip is won (nothing when no control takes it now)."""
        action = next(
            (c.action for c in self.controls.choices.controls if str(c.action) == expect), None
        )
        player = self.host.guide.learner
        if action is None or player is None:
            return []
        groups = self.layout.groups()
        pieces = self.model.table.pieces
        out: list[pygame.Rect] = []
        for event in self.controls.preview_of(player, action):
            if isinstance(event, PieceMoved):
                out += self.standing(event.origin) + self.standing(event.dest)
            elif isinstance(event, TileTaken):
                out += self.standing(event.tile)
            elif isinstance(event, HatMoved):
                for pawn in (event.origin, event.dest):
                    if pawn is not None and pawn in pieces:
                        out.append(self.piece_rect(pawn, groups))
            elif isinstance(event, ChipWon):
                out += self.standing(FINISH)
        return [r for r in out if r.w > 0 and r.h > 0]
