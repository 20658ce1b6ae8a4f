"""What a decision shows on the Duck! Duck! Go! board.

The preview of the card or route under the pointer (the rules' own path: hexes, bonk
star, buoys touched, warp points, the drain; the hound's walk), painted on the static
layer with the decision's targets; and the marks drawn every frame over the pieces (the
facing arrows and the route endings, which the duck being turned must not hide).
"""

from __future__ import annotations

import math

import pygame

from game.rules.duck import decisions as D
from game.rules.duck.data import BUOY, COLOURS, PATTERN_NAMES
from game.rules.duck.preview import Preview
from game.rules.duck.state import DuckState
from game.scenes.table.contract import TableHost
from game.ui import fonts, smooth, theme
from game.ui.widgets import draw_focus_ring, draw_text, draws_secrets, lay, paint_picture

from . import art
from .art import BUOY_RGB
from .decisions import Decisions
from .geometry import SQ3, direction, heading_angle
from .layout import GOLD, HOUND_SCALE, SPRITE_SCALE, Layout
from .model import DuckModel
from .panels import Panels
from .targets import Targets
from .texts import Texts

ROUTE_COLOURS = ((214, 40, 40), (236, 118, 16), (178, 40, 170))
PATH_FILL = (255, 226, 120)


class Board:
    """The preview, targets and marks on the board."""

    def __init__(
        self,
        model: DuckModel,
        host: TableHost[DuckState],
        decisions: Decisions,
        layout: Layout,
        texts: Texts,
        targets: Targets,
        panels: Panels,
    ) -> None:
        self.model = model
        self.host = host
        self.decisions = decisions
        self.layout = layout
        self.texts = texts
        self.targets = targets
        self.panels = panels

    def draw_preview(self, surface, d, spec) -> None:
        """The preview on a layer of its own laid over the board, its texts and icons
        written down with it (the audit sees them: issue #27); the seat deciding's
        secret (its cards' routes, issue #36). Its bonk stars and labels are a second
        picture (``model.preview_marks``), laid over the pieces by the drawing: a duck
        that bonks into the duck beside it swims no hex, and its star and "bonk!" lay
        between and on the two ducks, under them, so the preview showed nothing (issue #36)."""
        self._draw_preview(surface, d.player, d, spec)

    @draws_secrets
    def _draw_preview(self, surface, seat: int, d, spec) -> None:
        """The routes of ``seat``'s cards, chosen or looked at (draw_preview)."""
        picture = paint_picture(
            pygame.Surface(surface.get_size(), pygame.SRCALPHA),
            lambda overlay, _area: self._paint_preview(overlay, d, spec),
        )
        lay(surface, picture, (0, 0))
        marks = paint_picture(
            pygame.Surface(surface.get_size(), pygame.SRCALPHA),
            lambda layer, _area: self._paint_marks(layer),
        )
        box = picture.image.get_bounding_rect()
        over = marks.image.get_bounding_rect()
        if over.w and over.h:
            self.model.preview_marks = marks
            box = box.union(over) if box.w and box.h else over
        self.model.preview_box = box if box.w and box.h else None

    def _tag(self, surface, text: str, center, colour, size: int | None = None) -> None:
        """A label of the preview: painted last (:meth:`_paint_tags`), over the routes
        and the bonk stars and clear of them and of the other labels."""
        self._tags.append((text, center, colour, size))

    def _star(self, surface, size: int, center) -> None:
        """A bonk star centred on ``center``, painted with the labels over the pieces
        (:meth:`_paint_marks`); the labels keep clear of it."""
        star = art.bonk_star(size)
        rect = star.get_rect(center=(round(center[0]), round(center[1])))
        self._stars.append((star, rect))

    def _paint_marks(self, surface) -> None:
        """The preview's bonk stars, then its labels: what must be seen over the ducks."""
        for star, rect in self._stars:
            surface.blit(star, rect)
        self._paint_tags(surface)

    def _paint_tags(self, surface) -> None:
        """The preview's labels, after everything else of it: none under a star, under
        another label or over a tile's printed number (issue #27: a bonk star covered its
        "warp?", a "bonk!" the tile's "5A")."""
        taken = [rect for _star, rect in self._stars]
        place = self.model.tray_place
        if place is not None and self.targets.tray.is_open():
            taken += place.rooms  # the open tray beside the hexes (issue #38)
        for text, size, centre, _colour, bold in art.tile_labels(
            self.model.geo, self.host.state.board
        ):
            box = pygame.Rect((0, 0), fonts.font(size, bold).size(text))
            box.center = (round(centre[0]), round(centre[1]))
            taken.append(box)
        for text, center, colour, size in self._tags:
            self.panels.tag(surface, text, center, colour, size, taken)

    def _paint_preview(self, overlay, d, spec) -> None:
        self._tags: list[tuple] = []
        self._stars: list[tuple[pygame.Surface, pygame.Rect]] = []
        kind = spec[0]
        lines = []
        if kind == "duck":
            _, card, duck, emph = spec
            previews = self.targets.duck_previews(d.player, card, duck)
            order = sorted(range(len(previews)), key=lambda i: i == emph)
            for i in order:
                self._draw_duck_route(
                    overlay, previews[i], i, emph is None or emph == i, len(previews) > 1
                )
            lines.append(
                self.host.t("duck.ui.preview", card=card, name=self.texts.short_duck(duck))
            )
            if d.ask == D.ChooseCards(d.player, "move"):
                lines.append(self.host.t("duck.ui.preview_first"))
        elif kind == "hound":
            _, card, emph = spec
            routes = self.host.state.cards[card]
            for i in sorted(range(len(routes)), key=lambda i: i == emph):
                hp = self.targets.hound_preview((routes[i][0],))
                self._draw_hound_route(overlay, hp, ROUTE_COLOURS[i % 3], emph is None or emph == i)
            lines.append(self.host.t("duck.ui.hound_preview_card", card=card))
        else:
            letters = spec[1]
            routes = tuple(self.host.state.patterns[PATTERN_NAMES.index(x)][0] for x in letters)
            self._draw_hound_route(
                overlay, self.targets.hound_preview(routes), ROUTE_COLOURS[0], True
            )
            lines.append(
                self.host.t("duck.ui.hound_preview_patterns", patterns=" + ".join(letters))
            )
        self.model.legend_text = " ".join(lines)

    def _route_line(self, surface, points, colour, strong: bool) -> None:
        """The route through the hexes' centres, a dot on each: anti-aliased, painted
        opaque on a layer of its own and laid on translucent (the joints, drawn twice,
        do not show darker)."""
        hs = self.model.geo.size
        width = max(3, round(hs * (0.16 if strong else 0.08)))
        alpha = 235 if strong else 120
        reach = round(width * 1.5) + 2
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        box = pygame.Rect(min(xs) - reach, min(ys) - reach, 0, 0)
        box.size = (round(max(xs) - min(xs)) + 2 * reach, round(max(ys) - min(ys)) + 2 * reach)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        local = [(x - box.x, y - box.y) for x, y in points]
        if len(local) > 1:
            smooth.polyline(layer, colour, local, width)
        for pt in local[1:]:
            smooth.disc(layer, colour, pt, width * 0.9)
        layer.set_alpha(alpha)
        surface.blit(layer, box)

    def _fill_hex(self, surface, q, r, strong: bool) -> None:
        smooth.polygon(
            surface, (*PATH_FILL, 150 if strong else 60), self.model.geo.corners(q, r, 0.9)
        )

    def _draw_duck_route(
        self, surface, pv: Preview, index: int, strong: bool, numbered: bool
    ) -> None:
        geo, s = self.model.geo, self.host.state
        hs = geo.size
        colour = ROUTE_COLOURS[index % 3]
        start = s.board.coords[s.pos[pv.duck]]
        for q, r, _ in pv.path:
            self._fill_hex(surface, q, r, strong)
        points = [geo.hex_px(*start)] + [geo.hex_px(q, r) for q, r, _ in pv.path]
        self._route_line(surface, points, colour, strong)
        if not strong:
            return
        board = s.board
        new = list(pv.new_buoys)
        for q, r, _ in pv.path:
            i = board.index[(q, r)]
            if board.kind[i] == BUOY:
                name = COLOURS[board.colour[i]]
                cx, cy = geo.hex_px(q, r)
                smooth.ring(
                    surface, (255, 255, 255, 240), (cx, cy), hs * 0.78, max(3, round(hs * 0.16))
                )
                smooth.ring(
                    surface, (*BUOY_RGB[name], 255), (cx, cy), hs * 0.78, max(2, round(hs * 0.09))
                )
                if name in new:
                    new.remove(name)
                    self._tag(surface, "+1", (cx + hs * 0.55, cy - hs * 0.62), (40, 130, 60))
        for q, r in pv.warps:
            cx, cy = geo.hex_px(q, r)
            self._dashed_circle(surface, (cx, cy), hs * 0.85, (255, 255, 255, 255))
            self._tag(surface, self.host.t("duck.ui.warp"), (cx, cy + hs * 0.72), (200, 50, 40))
        if pv.bonk is not None:
            q, r, bq, br, _, _ = pv.bonk
            (x0, y0), (x1, y1) = geo.hex_px(q, r), geo.hex_px(bq, br)
            if (bq, br) in geo.coords:
                k = hs * 0.32
                for side in (-1, 1):
                    smooth.line(
                        surface,
                        (200, 30, 30, 230),
                        (x1 - k, y1 - k * side),
                        (x1 + k, y1 + k * side),
                        max(3, round(hs * 0.14)),
                    )
            sx, sy = (x0 + x1) / 2, (y0 + y1) / 2
            self._star(surface, max(12, round(hs * 0.95)), (sx, sy))
            self._tag(
                surface,
                self.host.t("duck.ui.bonk"),
                (sx + (sx - x0) * 0.9, sy + (sy - y0) * 0.9),
                (200, 40, 30),
            )
        if pv.drain:
            cx, cy = geo.hex_px(*board.coords[board.drain])
            smooth.ring(surface, (*GOLD, 255), (cx, cy), hs * 0.9, max(3, round(hs * 0.18)))
            self._tag(surface, self.host.t("duck.ui.win"), (cx, cy - hs * 0.95), (150, 100, 0))
        if pv.hits_hound and s.hound_pos >= 0:
            cx, cy = geo.hex_px(*board.coords[s.hound_pos])
            k = hs * 0.45
            for sx in (-1, 1):
                smooth.line(
                    surface,
                    (200, 30, 30, 230),
                    (cx - k, cy - k * sx),
                    (cx + k, cy + k * sx),
                    max(3, round(hs * 0.16)),
                )
            self._tag(surface, self.host.t("duck.ui.knocked"), (cx, cy + hs * 0.8), (200, 30, 30))
        for other in pv.knocks:
            if s.pos[other] >= 0:
                cx, cy = geo.hex_px(*board.coords[s.pos[other]])
                smooth.ring(
                    surface, (200, 30, 30, 230), (cx, cy), hs * 0.85, max(3, round(hs * 0.14))
                )
        if pv.end is not None and not pv.drain:
            self.layout.turned.draw(
                surface,
                f"duck_{self.model.duck_chars[pv.duck]}.svg",
                round(hs * SPRITE_SCALE),
                heading_angle(pv.heading),
                geo.hex_px(*pv.end),
                120,
            )
            for f in pv.facings:
                a, b = geo.edge_point(*pv.end, f, 0.55), geo.edge_point(*pv.end, f, 1.25)
                art.arrow(
                    surface, (*art.ARROW_GREEN, 230), a, b, max(2, round(hs * 0.12)), hs * 0.32
                )
            if pv.must_move_again:
                cx, cy = geo.hex_px(*pv.end)
                self._tag(
                    surface, self.host.t("duck.ui.again"), (cx, cy - hs * 0.95), (40, 110, 170)
                )
        if numbered and not self.route_step_shown():
            # which route of the card this is (the card's diagram numbers its ends too)
            last = pv.path[-1][:2] if pv.path else start
            cx, cy = geo.hex_px(*last)
            self._tag(
                surface, str(index + 1), (cx - hs * 0.62, cy - hs * 0.62), colour, self.host.px(15)
            )

    def route_step_shown(self) -> bool:
        """Route endings are on the board as numbered targets (no extra number tags)."""
        d = self.decisions.decision()
        return d is not None and self.decisions.step_of(d) == "route"

    def _draw_hound_route(self, surface, hp, colour, strong: bool) -> None:
        geo, s = self.model.geo, self.host.state
        hs = geo.size
        for q, r in hp["path"]:
            self._fill_hex(surface, q, r, strong)
        points = [geo.hex_px(*hp["start"])] + [geo.hex_px(*h) for h in hp["path"]]
        self._route_line(surface, points, colour, strong)
        if not strong:
            return
        for duck in hp["knocked"]:
            if s.pos[duck] >= 0:
                cx, cy = geo.hex_px(*s.board.coords[s.pos[duck]])
                smooth.ring(
                    surface, (200, 30, 30, 230), (cx, cy), hs * 0.85, max(3, round(hs * 0.14))
                )
                self._tag(
                    surface, self.host.t("duck.ui.knocked"), (cx, cy + hs * 0.8), (200, 30, 30)
                )
        last = hp["path"][-1] if hp["path"] else hp["start"]
        cx, cy = geo.hex_px(*last)
        if hp["bonk"]:
            dx, dy = direction(heading_angle(hp["heading"] + 3))
            at = (cx + dx * hs * SQ3 / 2, cy + dy * hs * SQ3 / 2)
            self._star(surface, max(12, round(hs * 0.95)), at)
        if hp["drain"] or hp["off"]:
            self._tag(surface, self.host.t("duck.ui.hound_gone"), (cx, cy - hs * 0.9), (90, 60, 30))
        elif hp["end"] is not None:
            self.layout.turned.draw(
                surface,
                "duck_hound.svg",
                round(hs * HOUND_SCALE),
                heading_angle(hp["heading"]),
                geo.hex_px(*hp["end"]),
                120,
            )

    def _dashed_circle(self, surface, center, radius, colour) -> None:
        width = max(2, round(self.model.geo.size * 0.1))
        for i in range(12):
            a0 = math.radians(i * 30)
            smooth.arc(surface, colour, center, radius, a0, a0 + math.radians(17), width)

    def _lit(self, target, focused) -> bool:
        """A target under the pointer, or under the keyboard focus while keys are used."""
        hover = self.model.hover
        return (
            hover is not None and hover.kind == target.kind and hover.value == target.value
        ) or (
            self.model.keyboard
            and focused is not None
            and focused.kind == target.kind
            and focused.value == target.value
        )

    def _keyed(self, target, focused) -> bool:
        """The target under the keyboard focus while keys are used."""
        return bool(
            self.model.keyboard
            and focused is not None
            and focused.kind == target.kind
            and focused.value == target.value
        )

    def draw_targets(self, surface, d, targets) -> None:
        geo = self.model.geo
        hs = geo.size
        focused = self.targets.focused_target(d)

        def lit(t):
            return self._lit(t, focused)

        if self.model.sel_hex is not None:
            cx, cy = geo.hex_px(*self.model.sel_hex)
            smooth.ring(surface, theme.ACCENT, (cx, cy), hs * 0.82, max(3, self.host.px(4)))
            ghost_face = next((t.value for t in targets if t.kind == "face" and lit(t)), None)
            if ghost_face is not None:
                if d.duck is not None and d.duck >= 0:
                    name, size = self.model.duck_sprites[d.duck], round(hs * SPRITE_SCALE)
                else:
                    name, size = "duck_hound.svg", round(hs * HOUND_SCALE)
                self.layout.turned.draw(
                    surface, name, size, heading_angle(ghost_face), (cx, cy), 150
                )
        for t in targets:
            if t.kind == "start":
                on = lit(t)
                smooth.ring(
                    surface,
                    theme.ACCENT if on else (255, 255, 255),
                    t.center,
                    t.radius,
                    max(3, round(hs * (0.16 if on else 0.1))),
                )
                if not on:
                    smooth.ring(surface, theme.ACCENT_DARK, t.center, t.radius + 2, 2)
            elif t.kind == "duck":
                smooth.ring(
                    surface,
                    theme.ACCENT if lit(t) else (255, 255, 255),
                    t.center,
                    t.radius,
                    max(3, self.host.px(4)),
                )
                if not lit(t):
                    smooth.ring(surface, theme.ACCENT_DARK, t.center, t.radius + 2, 2)
            if t.kind in ("start", "duck") and self._keyed(t, focused):
                ring = pygame.Rect(0, 0, 2 * t.radius + 8, 2 * t.radius + 8)
                ring.center = t.center
                draw_focus_ring(surface, ring, ring.w // 2)

    def draw_marks(self, surface) -> None:
        """The facing arrows and the route endings of a decision, over the pieces (the
        duck or hound whose facing is chosen must not hide them)."""
        d = self.decisions.decision()
        if d is None:
            return
        geo = self.model.geo
        hs = geo.size
        focused = self.targets.focused_target(d)

        def lit(t):
            return self._lit(t, focused)

        here = self.decisions.facing_hex(d) if self.decisions.step_of(d) == "face" else None
        for t in self.targets.targets():
            value = t.value
            if t.kind == "face" and here is not None and isinstance(value, int):
                a = geo.edge_point(*here, value, 0.72)
                b = geo.edge_point(*here, value, 1.75)
                on = lit(t)
                width = max(4, round(hs * (0.24 if on else 0.19)))
                art.arrow(surface, (20, 70, 30), a, b, width + 4, hs * 0.6)
                art.arrow(surface, GOLD if on else (60, 200, 100), a, b, width, hs * 0.52)
            elif t.kind == "route" and isinstance(value, tuple):
                _, index = value
                on = lit(t)
                colour = ROUTE_COLOURS[index % 3]
                smooth.disc(surface, colour if on else (255, 255, 255), t.center, t.radius)
                smooth.ring(surface, colour, t.center, t.radius, max(2, self.host.px(3)))
                if self._keyed(t, focused):
                    ring = pygame.Rect(0, 0, 2 * t.radius + 6, 2 * t.radius + 6)
                    ring.center = t.center
                    draw_focus_ring(surface, ring, ring.w // 2)
                draw_text(
                    surface,
                    str(index + 1),
                    max(theme.MIN_TEXT_PX, round(t.radius * 1.2)),
                    (t.center[0], t.center[1] + 1),
                    (255, 255, 255) if on else colour,
                    bold=True,
                    anchor="center",
                )
