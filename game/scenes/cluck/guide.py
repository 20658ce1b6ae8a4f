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

The ladder fills the board, so a callout anywhere on it hides something: ``keep_clear``
names every chicken and every row's label, and while the person places a tile their
chicken's previewed way (the point of the step); the guide puts the callout where it
hides least of them.

What a step talks about besides its element (``subject``, issue #38) it must hide none of:
a step about the person's chicken is about the way the table previews for it ("the
dotted line shows where yours would walk"); one about a ladder row about the chickens
standing in it ("each chicken still in its hole"); one about a hole of the START tile
about that tile; and a step that asks for a tile laid (``place 14 turned``) about the way
that tile, laid so, would make: the rules' own preview of it, the tile's place at the
foot of the ladder and the chicken's line down to the nest tile."""

from __future__ import annotations

import itertools

import pygame

from game.rules.cluck import PlaceTile, parse_action, preview
from game.rules.cluck.state import ChickenPreview
from game.rules.protocol import NotationError
from game.scenes.table.contract import TableHost

from .controls import Controls
from .layout import Layout, chick_box
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
        """What a lesson's callout hides as little of as it can
        (game.scenes.table.lesson_callout.place_callout weighs how much of them a place
        hides): every chicken, every chick in its hole and every row's label at the
        ladder's left (issue #38: step 7's callout hid Cookie's chicken, then the chick
        of the tile laid at the top; step 14's the label "N1": none the step's subject,
        but the board's pieces and the ladder's names), and while the
        person places a tile, their chicken's previewed way and its ✓ or × on the nest
        tile."""
        out = [c for p in range(len(self.model.table.chickens)) if (c := self.chicken_rect(p))]
        layout, area = self.layout, self.model.area
        out += [r for r in layout.chick_rects() if r.colliderect(area)]
        labels = [layout.row_label_rect(*label) for label in layout.row_labels()]
        out += [r for r in labels if r.colliderect(area) or area.top <= r.centery < area.bottom]
        controls = self.controls
        if controls.my_turn() != "place":
            return out
        me = controls.me()
        return self.way(me, controls.current_preview(me).get(me)) + self.ghost_chick() + out

    def ghost_chick(self) -> list[pygame.Rect]:
        """The chick the picked tile would get, drawn faint in its hole at the ladder's
        foot while the person places (the preview's), on screen."""
        tile, state = self.model.sel_tile, self.host.state
        if (
            tile is None
            or state.supply <= 0
            or not self.controls.current_preview(self.controls.me())
        ):
            return []
        band = state.tiles.band(tile, self.controls.is_turned(tile))
        spot = self.layout.chick_at(
            len(self.model.table.roads) + 1, band.hole_column, band.hole_above
        )
        box = chick_box(spot)
        return [box] if box.colliderect(self.model.area) else []

    def way(self, me: int, shown: ChickenPreview | None) -> list[pygame.Rect]:
        """Seat ``me``'s chicken, the line of its previewed way ``shown`` and the ✓ or ×
        where it ends, on screen (in the ladder's view)."""
        layout, px = self.layout, self.host.px
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

    def subject(self, name: str, expect: str | None) -> list[pygame.Rect]:
        """What a step pointing at ``name`` (and asking for ``expect``) talks about
        besides it (see the module's words)."""
        kind, _, what = name.partition(":")
        out: list[pygame.Rect] = []
        placing = self.controls.my_turn() == "place"
        if kind == "chicken" and what.isdigit() and placing and int(what) == self.controls.me():
            me = self.controls.me()  # its way as the table previews it now
            out += self.way(me, self.controls.current_preview(me).get(me))
        elif kind == "row" and (band := self.element(name)) is not None:
            chickens = range(len(self.model.table.chickens))
            out += [c for p in chickens if (c := self.chicken_rect(p)) and c.colliderect(band)]
        elif kind == "hole" and (start := self.element("row:0")) is not None:
            out.append(start)
        if expect not in (None, "any") and placing:
            out += self.laid_way(str(expect))
        return out

    def laid_way(self, expect: str) -> list[pygame.Rect]:
        """Where the tile ``expect`` lays goes (the gap at the ladder's foot) and the way
        the person's chicken would walk with it laid so (nothing for another action)."""
        try:
            action = parse_action(expect)
        except NotationError:
            return []
        if not isinstance(action, PlaceTile):
            return []
        me = self.controls.me()
        try:
            shown = preview(self.host.state.view(me), me, action.tile, action.turned).get(me)
        except ValueError:
            return []
        slot = self.element("slot")
        return ([slot] if slot is not None else []) + self.way(me, shown)
