"""What a lesson step on the Eight Routes table talks about besides the element it
points at (issue #38: "a step's subject includes the pieces it talks about"), so that
its callout covers none of them (``game.scenes.table.lesson_callout.place_callout``).

A route's head says how the markers on it score ("On route 5 Captain Bill is ahead of
you"), so a step about a route (``head:N``, ``route:N``, ``track:N``) is about every
marker on it; a step about a marker (``marker:N``) about the markers it shares its space
with ("your marker landed on top of Captain Bill's"); a step about a square's All or One
(``take:N``, ``one:N``) about the dice in that square, and one about a die's +1/−1
(``change:5+``) about the dice it turns from and into. A step that asks for an action is
about where that action takes them: the rules' own preview of it
(``RoutesState.preview``, as the table's ghosts show it) gives the spaces its markers
move to and the squares whose dice it takes or turns.

Of the places clear of all that, the callout takes the one hiding least of the markers
on the routes (:meth:`LessonSubject.keep_clear`): a marker the step does not name is
still someone's place in a race.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules.protocol import IllegalAction
from game.scenes.table.contract import TableHost

from .board import Board
from .model import ROUTES, RoutesModel

MarkerRect = Callable[[int, int], "pygame.Rect | None"]


class LessonSubject:
    """The markers and dice a lesson step's callout keeps clear of (a plain part of
    :class:`~.table.RoutesTable`); ``marker_rect(route, seat)`` is where a marker is
    drawn (the table's)."""

    def __init__(
        self, model: RoutesModel, host: TableHost, board: Board, marker_rect: MarkerRect
    ) -> None:
        self.model = model
        self.host = host
        self.board = board
        self.marker_rect = marker_rect

    def subject(self, name: str, expect: str | None) -> list[pygame.Rect]:
        kind, _, what = name.partition(":")
        out: list[pygame.Rect] = []
        if kind == "change" and what[:-1].isdigit():
            face = int(what[:-1])
            turned = face + (1 if what.endswith("+") else -1)
            out += [self.square(f) for f in (face, turned) if 1 <= f <= ROUTES]
        elif what.isdigit() and 1 <= int(what) <= ROUTES:
            n = int(what)
            if kind in ("head", "route", "track"):
                out += self.markers_on(n)
            elif kind == "marker":
                out += self.sharing(n, self.host.guide.learner or 0)
            elif kind in ("take", "one", "square"):
                out.append(self.square(n))
        if expect not in (None, "any"):
            out += self.action_reach(str(expect))
        return [r for r in out if r.w > 0 and r.h > 0]

    def keep_clear(self) -> list[pygame.Rect]:
        """Every marker on the routes, which a callout hides as little of as it can."""
        return [r for route in range(1, ROUTES + 1) for r in self.markers_on(route)]

    def square(self, face: int) -> pygame.Rect:
        """The lid's sorting square of ``face`` (with its dice)."""
        squares = self.model.squares
        return squares[face - 1] if face <= len(squares) else pygame.Rect(0, 0, 0, 0)

    def markers_on(self, route: int) -> list[pygame.Rect]:
        """Every seat's marker on ``route`` where it is drawn."""
        seats = range(self.host.state.players)
        return [r for seat in seats if (r := self.marker_rect(route, seat)) is not None]

    def sharing(self, route: int, seat: int) -> list[pygame.Rect]:
        """Seat ``seat``'s marker on ``route`` and those on the same space (a stack)."""
        spots = self.model.table.spots
        mine = spots.get((route, seat))
        if mine is None:
            return []
        out = []
        for (r, other), spot in spots.items():
            if r == route and spot[0] == mine[0]:
                rect = self.marker_rect(route, other)
                out += [rect] if rect is not None else []
        return out

    def action_reach(self, expect: str) -> list[pygame.Rect]:
        """Where the action ``expect`` takes things, from the rules' preview of it: the
        spaces its markers move to and the squares whose dice change (nothing when it is
        not the learner's to take now)."""
        player = self.host.guide.learner
        state = self.host.state
        if player is None:
            return []
        try:
            after = state.preview(player, [expect])
        except (IllegalAction, ValueError):
            return []
        out: list[pygame.Rect] = []
        before = state.markers()
        for route, (now, then) in enumerate(zip(before, after["markers"]), start=1):
            was = {m["player"]: m["space"] for m in now}
            for marker in then:
                if was.get(marker["player"]) != marker["space"]:
                    out.append(self.board.cell_rect(route, marker["space"]))
        # the dice on each square, face 1 to 8
        for face, (now_, then_) in enumerate(zip(state.lid, after["lid"]), start=1):
            if now_ != then_:
                out.append(self.square(face))
        return out
