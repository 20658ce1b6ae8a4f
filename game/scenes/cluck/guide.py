"""What a lesson (issue #19, ``game.lessons``) points at on the Cluck-peep! table, by the
names its registry entry (``game.registry``, ``lesson_elements``) allows:

- ``hole:C`` a hole of the start tile (column C, 0-4, as the rules and ``probe`` count);
- ``tile:T`` road tile T in the person's hand (in the bar), ``turn`` and ``place`` the
  bar's buttons while they are placing;
- ``slot`` the gap for the next tile, ``row:N`` a tile of the ladder (0 the start tile,
  1... the road tiles as laid), ``hidden`` the face-down "?" tile, ``goal`` the nest tile
  at the bottom (the faint next one while tiles are being placed);
- ``chicken:P`` seat P's chicken where it stands;
- ``supply``, ``pile``, ``nests`` the parts of the supply block at the board's right.

Each is the rect drawn now, or None while it is not on the table (a tile not in the
hand, the gap between rounds, a ladder row scrolled out of view).

The ladder fills the board, so a callout anywhere on it hides something: while the
person places a tile, ``keep_clear`` names their chicken's previewed way (the point of
the step), and the guide puts the callout where it hides least of it."""

from __future__ import annotations

import itertools

import pygame

from game.scenes.table.contract import TableHost

from .controls import Controls
from .layout import Layout
from .model import CluckModel


class Guide:
    """The lesson's element names -> rects on the table, and what a callout must not hide."""

    def __init__(self, model: CluckModel, host: TableHost, parts: tuple[Layout, Controls]) -> None:
        self.model = model
        self.host = host
        self.layout, self.controls = parts

    def element(self, name: str) -> pygame.Rect | None:
        kind, _, what = name.partition(":")
        model, layout = self.model, self.layout
        m = model.table
        if kind == "hole":
            return self._in_view(layout.hole_rect(int(what)))
        if kind == "tile":
            tile = int(what)
            if self.host.private_player is None or tile not in m.hand:
                return None
            index = m.hand.index(tile)
            return layout.hand_rect(index) if index < len(model.hand_rects) else None
        if name in ("turn", "place"):
            if self.controls.my_turn() != "place":
                return None  # drawn only while the person places
            return next((b.rect for b in model.play_buttons if b.key == name), None)
        if name == "slot":
            return self._in_view(layout.slot_rect()) if m.stage == "place" else None
        if kind == "row":
            row = int(what)
            if row == 0:
                return self._in_view(layout.band_rect(m.start.row))
            if row > len(m.roads):
                return None
            return self._in_view(layout.band_rect(m.roads[row - 1].row))
        if name == "hidden":
            return None if m.hidden is None else self._in_view(layout.band_rect(m.hidden.row))
        if name == "goal":
            return self._in_view(layout.band_rect(m.goal.row))
        if kind == "chicken":
            return self.chicken_rect(int(what))
        if name == "supply":
            return model.supply_title.union(model.supply_count)
        if name == "pile":
            return model.pile_title.union(model.pile_count)
        if name == "nests":
            return model.nest_title.union(model.nest_rect)
        return None

    def _in_view(self, rect: pygame.Rect) -> pygame.Rect | None:
        """The part of a ladder rect in the ladder's view; None when not most of it is."""
        seen = rect.clip(self.model.area)
        return seen if seen.h * 2 >= rect.h and seen.w > 0 else None

    def chicken_rect(self, player: int) -> pygame.Rect | None:
        """Where seat ``player``'s chicken is drawn (as ``Drawing._draw_chickens``)."""
        chickens = self.model.table.chickens
        c = chickens[player] if player < len(chickens) else None
        if c is None:
            return None
        size = self.layout.chicken_size()
        x, y = self.layout.to_screen(c.column + c.shake, c.y)
        rect = pygame.Rect(0, 0, size, size)
        rect.midbottom = (round(x), round(y - c.hop * self.model.row_h + size * 0.08))
        return self._in_view(rect)

    def keep_clear(self) -> list[pygame.Rect]:
        """What a lesson's callout must not hide: while the person places a tile, their
        chicken, the line the table previews for it and its ✓ or × on the nest tile
        (game.scenes.table.lesson_callout.place_callout weighs how much of them a place hides)."""
        controls, layout, px = self.controls, self.layout, self.host.px
        if controls.my_turn() != "place":
            return []
        me = controls.me()
        shown = controls.current_preview(me).get(me)
        if shown is None:
            return []
        points = [layout.to_screen(c, y) for c, y in shown.trace.points]
        width = px(8)
        parts = []
        for (ax, ay), (bx, by) in itertools.pairwise(points):
            line = pygame.Rect(round(min(ax, bx)), round(min(ay, by)), 0, 0)
            line.w, line.h = round(abs(bx - ax)), round(abs(by - ay))
            parts.append(line.inflate(width, width))
        chicken = self.chicken_rect(me)
        if chicken is not None:
            parts.append(chicken)
        end_x, end_y = points[-1]
        goal = layout.band_rect(self.model.table.goal.row)
        result = pygame.Rect(0, round(end_y - self.model.row_h * 0.2), px(72), 0)
        result.h = max(px(8), goal.bottom - result.y)
        result.centerx = round(end_x)
        parts.append(result)
        area = self.model.area
        return [r.clip(area) for r in parts if r.colliderect(area)]
