"""Drawing the Duck! Duck! Go! table.

The still picture (kept by the compositor, game/scenes/table/compose.py) holds what
changes only with an event or a person's pointer: the tub and its board, the table's
piles, the hound board, the action bar, the route preview, the decision's targets and the
base scene's buttons; the compositor lays the shared frame's header, seat panels and log
over it. Per frame only the pieces, the facing arrows and route endings of a decision,
short effects, flying tokens, the reveal and the banner are drawn on top.

This module paints both layers and draws the pieces, effects and overlays; the
seat panels' contents, the piles and the action bar are painted by panels.py, the
preview, targets and marks on the board by board.py.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.rules.duck.state import DuckState
from game.scenes.table.contract import TableHost
from game.ui import fonts, smooth, sprites, theme
from game.ui.widgets import Picture, draw_icon, draw_text, lay, record_icon, recording

from . import art
from .banner import BannerDrawing
from .board import Board
from .decisions import Decisions
from .geometry import direction
from .layout import GOLD, HALO, HOUND_SCALE, SPRITE_SCALE, Layout
from .model import HOUND, Decision, DuckModel
from .panels import Panels
from .targets import Targets


@lru_cache(maxsize=32)
def _ring_image(colour: tuple[int, int, int], radius: int, width: int) -> pygame.Surface:
    """A smooth ring on a picture of its own (laid every frame: drawn once)."""
    size = 2 * radius + 4
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    smooth.ring(image, colour, (size / 2, size / 2), radius, width)
    return image


class Drawing:
    """The table's two layers for the compositor: the still picture and what moves."""

    def __init__(
        self,
        model: DuckModel,
        host: TableHost[DuckState],
        decisions: Decisions,
        layout: Layout,
        targets: Targets,
        panels: Panels,
        board: Board,
    ) -> None:
        self.model = model
        self.host = host
        self.decisions = decisions
        self.layout = layout
        self.targets = targets
        self.panels = panels
        self.board = board
        self.banner = BannerDrawing(model, host)  # the banner over the tub

    def static_key(self) -> tuple:
        d = self.decisions.decision()
        self.targets.targets()
        spec = self.targets.preview_spec(d)
        hover = (
            (self.model.hover.kind, self.model.hover.value)
            if self.model.hover is not None
            else None
        )
        buttons = tuple((b.enabled, b.hovered) for b in self.host.buttons.buttons)
        return (
            self._still_pieces(),
            self._shown(d),
            self.model.ui_ver,
            id(self.model.geo),  # a new layout
            self.host.private_player,
            d is None,
            self.model.dec_key,
            spec,
            hover,
            self.model.focus,
            self.model.keyboard,
            buttons,
            self.host.buttons.focus,
            self.targets.tray.is_open(),  # the hand tray open or folded (issue #38)
        )

    def _shown(self, d: Decision | None) -> tuple:
        """What the still picture shows of the table beside its pieces: the piles, the
        hound board and where it lies, the person's hand and tokens, the bar's hint.
        (Issue #38: the still picture was keyed on the model's version, which every event
        bumps, and 19 of the 20 repaints that caused in the frame benchmark painted the
        same picture: a duck turning, a banner, a card shown on a seat panel.)"""
        sh, p = self.model.shown, self.host.private_player
        hound = self.model.hound_rect  # None: the hound board lies in the seats' drawer
        return (
            sh.deck,
            sh.pool,
            None if hound is None else (hound, sh.controller, sh.patterns),
            tuple(sh.hand),
            tuple(sh.my_tokens),
            sh.blue[p] if p is not None and p < len(sh.blue) else None,
            self.panels.texts.hint(d),  # what the bar's hint will say (the state's turn)
        )

    def _piece_state(self, piece: int) -> tuple | None:
        """Everything a piece's picture shows (None: it bobs, it is never still)."""
        m, sh = self.model, self.model.shown
        if piece == HOUND:
            return (m.hound_pos, m.hound_scale, m.hound_lift)
        if piece in m.floating:
            return None
        return (
            m.duck_pos[piece],
            m.duck_scale.get(piece, 1.0),
            m.duck_lift.get(piece, 0.0),
            piece == sh.mover,
            piece < len(sh.become) and sh.become[piece],
            piece < len(sh.ghost) and sh.ghost[piece],
        )

    def _still_pieces(self) -> tuple:
        """The pieces that have not changed since the frame before (with their state):
        painted on the still picture, not on every frame (issue #27's frame cost: while
        one duck swims, the others stand). Counted once per frame (the app's clock)."""
        now = self.host.app.elapsed
        kept = getattr(self, "_pieces_seen", None)
        if kept is not None and kept[0] == now:
            return kept[1]
        before = kept[2] if kept is not None else {}
        states = {p: self._piece_state(p) for p in self._pieces()}
        still = tuple(
            (p, state)
            for p, state in states.items()
            if state is not None and before.get(p) == state
        )
        self._pieces_seen = (now, still, states)
        return still

    def _pieces(self) -> list[int]:
        pieces = list(self.model.duck_pos)
        if self.model.hound_pos is not None:
            pieces.append(HOUND)
        return pieces

    def paint_static(self, surface: pygame.Surface) -> None:
        d = self.decisions.decision()
        targets = self.targets.targets()
        lay(surface, self.layout.background(), (0, 0))
        for text, size, centre, colour, bold in art.tile_labels(
            self.model.geo, self.host.state.board
        ):
            draw_text(surface, text, size, centre, colour, bold=bold, anchor="center")
        self._build_layer(surface, d, self.targets.preview_spec(d), targets)
        self._draw_pieces(surface, {p for p, _ in self._still_pieces()})
        if self.model.preview_marks is not None:  # its stars and labels over the ducks
            lay(surface, self.model.preview_marks, (0, 0))
        self.panels.draw_magnifier(surface, d, self._piece_points())

    def _piece_points(self) -> list[tuple[float, float]]:
        geo = self.model.geo
        points = [geo.px(x, y) for x, y, _ in self.model.duck_pos.values()]
        if self.model.hound_pos is not None:
            points.append(geo.px(*self.model.hound_pos[:2]))
        return points

    def paint_moving(self, surface: pygame.Surface) -> None:
        self._draw_trail(surface)
        still = {p for p, _ in self._still_pieces()}
        self._draw_pieces(surface, set(self._pieces()) - still, floating=True)
        self.board.draw_marks(surface)
        self._draw_effects(surface)
        self._draw_flyers(surface)
        self._draw_reveal(surface)
        self.banner.draw(surface)
        self.panels.draw_tooltip(surface)

    def paint_over(self, surface: pygame.Surface) -> None:
        """Nothing over the buttons: the tooltip is on the moving layer."""

    def _build_layer(self, layer, d, spec, targets) -> None:
        self.model.legend_text = ""
        self.model.preview_box = None
        self.model.preview_marks = None
        if d is not None and spec is not None:
            self.board.draw_preview(layer, d, spec)
        self._draw_tray(layer, d)
        if d is not None:
            if d.duck is not None and d.duck >= 0 and d.duck in self.model.duck_pos:
                x, y, _ = self.model.duck_pos[d.duck]
                smooth.ring(
                    layer,
                    HALO,
                    self.model.geo.px(x, y),
                    self.model.geo.size * 0.98,
                    max(2, self.host.px(4)),
                )
            self.board.draw_targets(layer, d, targets)
        self.host.buttons.draw(layer)

    def _draw_tray(self, layer: pygame.Surface, d) -> None:
        """The piles, the hound board, the hand tray."""
        self.panels.draw_bar(layer, d)  # first: the piles and the hound may lie in it
        if self.model.hound_rect is not None:
            self.panels.draw_hound_board(layer, self.model.hound_rect, d, self.model.pattern_rects)
        self.panels.draw_info(layer)

    def _draw_trail(self, surface) -> None:
        if len(self.model.trail) < 2:
            return
        geo = self.model.geo
        key = (tuple(self.model.trail), self.model.trail_hound, geo.size, geo.ox, geo.oy)
        kept = getattr(self, "_trail", None)
        if kept is None or kept[0] != key:  # painted when it grows, not every frame
            points = [geo.px(x, y) for x, y in self.model.trail]
            colour = (150, 90, 40) if self.model.trail_hound else (255, 255, 255)
            width = max(2, round(geo.size * 0.1))
            reach = width * 2
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            box = pygame.Rect(round(min(xs)) - reach, round(min(ys)) - reach, 0, 0)
            box.w = round(max(xs)) + reach - box.x
            box.h = round(max(ys)) + reach - box.y
            image = pygame.Surface(box.size, pygame.SRCALPHA)
            local = [(x - box.x, y - box.y) for x, y in points]
            smooth.polyline(image, colour, local, width)
            for pt in local[:-1]:
                smooth.disc(image, colour, pt, max(2, geo.size * 0.1))
            kept = self._trail = (key, image, box)
        surface.blit(kept[1], kept[2])

    def _draw_pieces(self, surface, which: set[int], floating: bool = False) -> None:
        """The pieces in ``which`` (the floating ducks too, bobbing, if ``floating``)."""
        geo = self.model.geo
        hs = geo.size
        sh = self.model.shown
        order = []
        for d, (x, y, a) in self.model.duck_pos.items():
            if d not in self.model.floating and d in which:
                order.append((y + self.model.duck_lift.get(d, 0.0) * 2, d))
        hound = self.model.hound_pos
        if hound is not None and HOUND in which:
            order.append((hound[1] + self.model.hound_lift * 2, HOUND))
        order.sort()
        size = round(hs * SPRITE_SCALE)
        names, rings = self.model.duck_sprites, self.model.duck_rings
        ghost, become = sh.ghost, sh.become
        for _, piece in order:
            if piece == HOUND and hound is not None:  # (it is in the order only then)
                x, y, a = hound
                self._blit_piece(
                    surface,
                    "duck_hound.svg",
                    round(hs * HOUND_SCALE),
                    x,
                    y,
                    a,
                    self.model.hound_scale,
                    self.model.hound_lift,
                    None,
                )
                continue
            x, y, a = self.model.duck_pos[piece]
            if piece == sh.mover:
                halo = _ring_image(HALO, round(hs * 0.95), max(2, self.host.px(4)))
                surface.blit(halo, halo.get_rect(center=geo.px(x, y)))
            hound_too = piece < len(become) and become[piece]
            if hound_too:
                mark = _ring_image((150, 90, 40), round(hs * 0.92), max(2, self.host.px(4)))
                surface.blit(mark, mark.get_rect(center=geo.px(x, y)))
            self._blit_piece(
                surface,
                names[piece],
                size,
                x,
                y,
                a,
                self.model.duck_scale.get(piece, 1.0),
                self.model.duck_lift.get(piece, 0.0),
                rings[piece],
                130 if piece < len(ghost) and ghost[piece] else 255,
            )
            if hound_too:
                paw = sprites.svg("duck_token_become.svg", max(16, round(hs * 0.6)))
                cx, cy = geo.px(x, y)
                # top right on the duck, inside its hex (issue #27)
                at = (cx + hs * 0.38, cy - hs * 0.38)
                draw_icon(surface, paw, at, "become", anchor="center")
        if floating and self.model.floating:
            bob = math.sin(self.host.app.elapsed * 1000 / 260.0) * 0.08
            for d in sorted(self.model.floating):
                if d in self.model.duck_pos:
                    x, y, a = self.model.duck_pos[d]
                    self._blit_piece(
                        surface,
                        names[d],
                        size,
                        x,
                        y + bob,
                        a,
                        1.0,
                        self.model.duck_lift.get(d, 1.0),
                        rings[d],
                    )

    def _blit_piece(
        self,
        surface,
        name: str,
        size: int,
        x: float,
        y: float,
        angle: float,
        scale: float,
        lift: float,
        ring,
        alpha: int = 255,
    ) -> None:
        geo = self.model.geo
        cx, cy = geo.px(x, y)
        if lift > 0:
            sw = max(4, round(size * 0.7))
            shade = art.shadow(sw, max(3, sw // 2))
            surface.blit(shade, shade.get_rect(center=(cx, cy + geo.size * 0.3)))
            cy -= lift * geo.size * 0.7
            scale *= 1.0 + 0.3 * lift
        if abs(scale - 1.0) < 0.02:
            # the usual case: ring and turned sprite come as one cached picture
            self.layout.turned.draw(surface, name, size, angle, (cx, cy), alpha, ring)
            return
        ring_r = max(4, round(geo.size * 0.8 * min(scale, 1.3)))
        if ring is not None and scale > 0.3:
            r = art.ring(ring, ring_r, max(2, round(geo.size * 0.12)))
            surface.blit(r, r.get_rect(center=(cx, cy)))
        if scale > 0.02:
            base = sprites.svg(name, size)
            image = pygame.transform.rotozoom(base, angle, scale)
            surface.blit(image, image.get_rect(center=(round(cx), round(cy))))
            box = pygame.Rect(
                0, 0, round(base.get_width() * scale), round(base.get_height() * scale)
            )
            box.center = (round(cx), round(cy))
            record_icon(surface, box, name, "piece")
        if ring is not None and scale > 0.3:
            art.ring_mark(surface, ring, (cx, cy), ring_r)

    def _draw_effects(self, surface) -> None:
        geo = self.model.geo
        hs = geo.size
        for e in self.model.effects:
            t = e.age / e.life
            cx, cy = geo.px(e.x, e.y)
            if e.kind == "star":
                size = max(8, round(hs * (0.6 + 0.6 * math.sin(min(1.0, t * 2) * math.pi / 2))))
                if t < 0.8:
                    star = art.bonk_star(size)
                    surface.blit(star, star.get_rect(center=(cx, cy)))
            elif e.kind in ("splash", "ripple"):
                rings = 3 if e.kind == "splash" else 1
                for k in range(rings):
                    tk = t - k * 0.15
                    if 0 < tk < 1:
                        radius = hs * (0.3 + 0.9 * tk)
                        width = max(1, round(hs * 0.12 * (1 - tk)))
                        smooth.ring(surface, (255, 255, 255), (cx, cy), radius, width)
                if e.kind == "splash" and t < 0.6:
                    for k in range(8):
                        dx, dy = direction(k * 45 + 20)
                        dist = hs * (0.4 + 1.0 * t)
                        smooth.disc(
                            surface,
                            (200, 235, 255),
                            (cx + dx * dist, cy + dy * dist - hs * 0.6 * math.sin(t * math.pi)),
                            max(2, hs * 0.1 * (1 - t)),
                        )
            elif e.kind == "sparkle":
                for k in range(8):
                    dx, dy = direction(k * 45 + t * 90)
                    dist = hs * (0.5 + 0.8 * t)
                    smooth.polygon(
                        surface,
                        GOLD,
                        art.star_points(
                            cx + dx * dist, cy + dy * dist, hs * 0.2 * (1 - t) + 2, hs * 0.08 + 1, 4
                        ),
                    )
            elif e.kind == "swirl":
                for k in range(3):
                    a0 = t * 8 + k * 2.1
                    radius = hs * (1.6 - t) / 2
                    smooth.arc(
                        surface, (255, 255, 255), (cx, cy), radius, a0, a0 + 1.2, max(2, hs * 0.08)
                    )

    def _draw_flyers(self, surface) -> None:
        for f in self.model.flyers:
            t = min(1.0, f.age / f.life)
            k = t * t * (3 - 2 * t)
            x = f.src[0] + (f.dst[0] - f.src[0]) * k
            y = f.src[1] + (f.dst[1] - f.src[1]) * k - math.sin(t * math.pi) * self.host.px(60)
            if f.image.startswith("buoy_"):
                img = sprites.svg(f"duck_{f.image}.svg", max(16, self.host.px(26)))
            elif f.image == "card":
                w = max(16, self.host.px(22))
                img = art.card_back(w, round(w * 30 / 22))
            elif f.image == "control":
                img = sprites.svg("duck_control.svg", max(16, self.host.px(30)))
            else:
                img = sprites.svg("duck_token_back.svg", max(16, self.host.px(24)))
            draw_icon(surface, img, (x, y), f.image, anchor="center")

    def _draw_reveal(self, surface) -> None:
        """The cards of a reveal over the board, turning face up one after another. The
        panel is drawn once (opaque, its corners keyed out); while the cards turn they are
        scaled onto a copy, afterwards the finished picture is kept. Its texts (the title,
        the names under the cards) go with it wherever it is laid, so the layout checks
        read them."""
        rv = self.model.reveal
        if rv is None:
            return
        box, w, h, gap, x0 = self._reveal_box(rv)
        if rv.base is None or rv.base.get_size() != box.size:
            rv.base, rv.texts = self._reveal_base(rv, box, w, h, gap, x0)
            rv.final = None
        top = self.host.px(40)
        if rv.flip < 1.0:
            lay(surface, Picture(rv.base, rv.texts), box)
            n = len(rv.cards)
            for i, (card, _, _) in enumerate(rv.cards):
                local = rv.flip if n == 1 else min(1.0, max(0.0, rv.flip * 1.6 - i * 0.6 / (n - 1)))
                squash = abs(math.cos(local * math.pi))
                image = (
                    art.card_back(w, h)
                    if local < 0.5
                    else art.flat(self.panels.card_image(card, w, h))
                )
                sw = max(1, round(w * squash))
                if sw != w:
                    image = pygame.transform.smoothscale(image, (sw, h))
                surface.blit(image, (box.x + x0 + i * (w + gap) + (w - sw) // 2, box.y + top))
            return
        if rv.final is None:
            rv.final = rv.base.copy()
            for i, (card, _, _) in enumerate(rv.cards):
                rv.final.blit(
                    art.flat(self.panels.card_image(card, w, h)), (x0 + i * (w + gap), top)
                )
        rv.final.set_alpha(max(0, int(rv.alpha)) if rv.alpha < 255 else None)
        lay(surface, Picture(rv.final, rv.texts), box)

    def _reveal_labels(self, rv, w: int, gap: int) -> tuple[list[list[str]], int, int]:
        """Each card's name across the card's width and half the gaps beside it, wrapped
        onto two lines when one is not enough (issue #36: "Captain Bill" was cut to
        "Captain…"); a third line's worth, or a single word wider than that, is cut with
        "…". (The lines of each, their size, a line's height.)"""
        width = w + gap - 2
        size = self.host.text_px(13)
        face = fonts.font(size)
        out = []
        for _, _, label in rv.cards:
            lines = fonts.wrap(label, size, width) or [""]
            if len(lines) > 2:
                rest = (" " if " " in label else "").join(lines[1:])
                lines = [lines[0], fonts.ellipsize(face, rest, width)]
            out.append([fonts.ellipsize(face, line, width) for line in lines])
        return out, size, round(size * 1.3)

    def _reveal_box(self, rv) -> tuple[pygame.Rect, int, int, int, int]:
        """Where the reveal lies and how its cards are cut: (the panel, a card's width
        and height, the gap, the first card's x in the panel). As wide as its title needs
        (a reveal of two cards cut "Cards up! Moving order…"), as tall as its names."""
        n = len(rv.cards)
        area = self.model.tub_rect
        gap = self.host.px(14)
        w = min(self.host.px(104), (area.width - self.host.px(60) - gap * (n - 1)) // max(1, n))
        h = round(w / 0.72)
        lines, _size, line_h = self._reveal_labels(rv, w, gap)
        rows = max((len(each) for each in lines), default=1)
        cards_w = n * w + (n - 1) * gap
        title_w = fonts.font(self.host.text_px(18), True).size(rv.title)[0]
        width = min(area.width, max(cards_w, title_w) + self.host.px(40))
        stripe = max(3, self.host.px(5))
        height = self.host.px(47) + h + stripe + rows * line_h + self.host.px(10)
        box = pygame.Rect(0, 0, width, height)
        box.center = area.center
        return box, w, h, gap, (width - cards_w) // 2

    def _reveal_base(
        self, rv, box: pygame.Rect, w: int, h: int, gap: int, x0: int
    ) -> tuple[pygame.Surface, tuple]:
        # opaque (a colour key would make every blit several times slower): the rounded
        # corners show the table underneath
        size = box.size
        base = self.host.compositor.still(self.host.size).subsurface(box).copy()
        with recording(base) as sink:
            pygame.draw.rect(base, (46, 66, 92), base.get_rect(), border_radius=self.host.px(16))
            inner = base.get_rect().inflate(-self.host.px(24), 0)
            title, title_px = fonts.fit(
                rv.title, self.host.text_px(18), inner.w, theme.MIN_TEXT_PX, bold=True
            )
            draw_text(
                base,
                title,
                title_px,
                (size[0] // 2, self.host.px(10)),
                theme.INK_LIGHT,
                bold=True,
                anchor="midtop",
                within=inner,
            )
            lines, label_px, line_h = self._reveal_labels(rv, w, gap)
            stripe = max(3, self.host.px(5))
            for i, (_, player, _) in enumerate(rv.cards):
                x = x0 + i * (w + gap)
                y = self.host.px(40) + h + self.host.px(4)
                # the seat's colour under its card, its name under that across the card
                pygame.draw.rect(
                    base,
                    self.host.seat_colour(player),
                    (x, y, w, stripe),
                    border_radius=stripe // 2,
                )
                column = pygame.Rect(x - (gap - 2) // 2, y, w + gap - 2, size[1] - y)
                for k, line in enumerate(lines[i]):
                    draw_text(
                        base,
                        line,
                        label_px,
                        (x + w // 2, y + stripe + self.host.px(3) + k * line_h),
                        theme.INK_LIGHT,
                        anchor="midtop",
                        within=column,
                    )
        return base, tuple(sink.texts)
