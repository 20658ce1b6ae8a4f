"""Where each chicken would go if the person laid the tile they hold now: the rules'
``preview`` traced on the ladder, one line per chicken in its seat's colour.

Two chickens that swap columns run along the same rung in opposite directions, so their
lines are drawn side by side, each shifted by its own amount (parallel lines a line's
width apart, crossing once where they must); the face-down tile hides what it does, so
the lines stop at its edge and go on below it instead of being drawn across its "?"."""

from __future__ import annotations

import itertools

import pygame

from game.rules.cluck.ladder import hole_point
from game.scenes.table.contract import TableHost
from game.ui import fonts, smooth, sprites, theme
from game.ui.widgets import draw_icon, draw_pill, draws_secrets, record_icon

from .controls import Controls
from .layout import Layout
from .model import CluckModel

Point = tuple[float, float]


def cut_band(points: list[Point], top: float, bottom: float) -> list[list[Point]]:
    """The parts of the polyline ``points`` (made of vertical and horizontal segments)
    that lie above ``top`` or below ``bottom``: the rest is hidden."""
    pieces: list[list[Point]] = []
    current: list[Point] = []

    def outside(y: float) -> bool:
        return y <= top or y >= bottom

    for a, b in itertools.pairwise(points):
        (ax, ay), (_bx, by) = a, b
        if ay == by:  # across a rung: kept whole or dropped whole
            if outside(ay):
                current = current or [a]
                current.append(b)
            elif current:
                pieces.append(current)
                current = []
            continue
        spans = []
        if by >= ay:  # downwards, as a chicken walks
            if ay < top:
                spans.append((ay, min(by, top)))
            if by > bottom:
                spans.append((max(ay, bottom), by))
        else:
            if ay > bottom:
                spans.append((ay, max(by, bottom)))
            if by < top:
                spans.append((min(ay, top), by))
        for s, e in spans:
            if s == e:
                continue
            start, end = (ax, s), (ax, e)
            if current and current[-1] == start:
                current.append(end)
            else:
                if current:
                    pieces.append(current)
                current = [start, end]
        if current and current[-1] != b:
            pieces.append(current)
            current = []
    if current:
        pieces.append(current)
    return [p for p in pieces if len(p) > 1]


class Preview:
    """The preview lines, in the person's "place" turn."""

    def __init__(
        self, model: CluckModel, host: TableHost, layout: Layout, controls: Controls
    ) -> None:
        self.model = model
        self.host = host
        self.layout = layout
        self.controls = controls

    def width(self) -> int:
        return max(3, self.host.px(5))

    def paths(self, result: dict) -> dict[int, list[list[Point]]]:
        """Each previewed chicken's line on the screen, as the pieces drawn: shifted by
        its own amount (so two lines never run along one another) and without the part
        that passes under the face-down tile."""
        players = sorted(result)
        spacing = self.width() + 4 + max(2, self.host.px(3))  # line, outline, a gap
        hidden = self.model.table.hidden
        cut = None
        if hidden is not None:
            rect = self.layout.band_rect(hidden.row, hidden.dx)
            cut = (rect.top - 1, rect.bottom + 1)
        out: dict[int, list[list[Point]]] = {}
        for rank, p in enumerate(players):
            shift = (rank - (len(players) - 1) / 2) * spacing
            points = [self.layout.to_screen(c, y) for c, y in result[p].trace.points]
            points = [(x + shift, y + shift) for x, y in points]
            out[p] = cut_band(points, *cut) if cut else [points]
        return out

    def draw(self, surface) -> None:
        player = self.controls.me()  # drawn in the person's "place" turn only
        if player is not None:
            self._draw_lines(surface, player)

    @draws_secrets
    def _draw_lines(self, surface, player: int) -> None:
        """Where each chicken would go with ``player``'s held tile: worked out from their
        hand, so one of their secrets (issue #36)."""
        result = self.controls.current_preview(player)
        sel_tile = self.model.sel_tile
        if not result or sel_tile is None:
            return
        m = self.model.table
        state = self.host.state
        laid = len(m.roads)
        candidate = state.tiles.band(sel_tile, self.controls.is_turned(sel_tile))
        width = self.width()
        size = self.layout.chick_size()
        if state.supply > 0:  # the chick the tile would get, in its hole
            x, feet, _s = self.layout.chick_at(
                laid + 1, candidate.hole_column, candidate.hole_above
            )
            ghost = sprites.svg("cluck_chick.svg", size).copy()
            ghost.set_alpha(170)
            draw_icon(surface, ghost, (x, feet), "cluck_chick.svg", "piece", "midbottom")
        paths = self.paths(result)
        for p in sorted(result, key=lambda q: q == player):  # the person's own on top
            colour = self.host.seat_colour(p)
            pieces = paths[p]
            for piece in pieces:
                pygame.draw.lines(surface, theme.INK_LIGHT, False, piece, width + 4)
                pygame.draw.lines(surface, colour, False, piece, width)
            for a, b in itertools.pairwise(pieces):  # goes on under the "?"
                for end in (a[-1], b[0]):
                    smooth.disc(surface, theme.INK_LIGHT, end, width + 2)
                    smooth.disc(surface, colour, end, width)
            for row in result[p].trace.collected:
                band = m.roads[row - 1].band if row <= laid else candidate
                if band is None:
                    continue
                hx, hy = self.layout.to_screen(*hole_point(row, band))
                smooth.ring(
                    surface,
                    colour,
                    (hx, hy - size * 0.3),
                    int(size * 0.62),
                    max(2, self.host.px(3)),
                )

    def draw_results(self, surface) -> None:
        """ "+2 ✓" / "+2 ×" at the end of each line: values, drawn over the chickens."""
        player = self.controls.me()
        if player is not None:
            self._draw_results(surface, player)

    @draws_secrets
    def _draw_results(self, surface, player: int) -> None:
        """The lines' ends for ``player``'s held tile (one of their secrets, issue #36)."""
        result = self.controls.current_preview(player)
        if not result or self.model.sel_tile is None:
            return
        paths = self.paths(result)
        for p in sorted(result):
            self._preview_result(surface, p, paths[p][-1][-1], result[p])

    def _preview_result(self, surface, p: int, end: Point, shown) -> None:
        """ "+2 ✓" (ends in a nest) or "+2 ×" at the end of a chicken's line."""
        gained = len(shown.trace.collected)
        text = f"+{gained} ✓" if shown.nest else f"+{gained} ×"
        host = self.host
        size = host.text_px(15)
        w, h = fonts.font(size, True).size(text)
        pill = pygame.Rect(0, 0, w + host.px(12), h + host.px(2))
        pill.center = (round(end[0]), round(end[1] + self.model.row_h * 0.3))
        goal = self.layout.band_rect(self.model.table.goal.row, self.model.table.goal.dx)
        pill.bottom = min(pill.bottom, goal.bottom - host.px(3))  # on the nest tile
        good = theme.GOOD if shown.nest else theme.BAD
        draw_pill(surface, pill, text, size, good, edge=host.seat_colour(p))
        record_icon(surface, pill, text, "value")
