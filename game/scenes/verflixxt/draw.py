"""Drawing the Verflixxt! board: the meadow and the road, the tiles and the pieces at
rest (painted into the still picture), and over it the pieces that may move
or walk and the preview. The hat draw's panel (hat_draw.py) and the things in flight,
pops and banners (flight.py) are parts of their own it lays in."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from game.rules.verflixxt import Attack, Play
from game.rules.verflixxt.data import FINISH
from game.rules.verflixxt.events import ChipWon, HatMoved, PieceMoved, TileTaken
from game.scenes.table.contract import TableHost
from game.scenes.table.frame_plan import has_bar
from game.ui import fonts, smooth, theme
from game.ui.choices import Choices
from game.ui.tween import lerp
from game.ui.widgets import (
    draw_focus_ring,
    draw_icon,
    draw_panel,
    draw_text,
    lay,
    record_icon,
)

from .art import HAT_MIN_W, Art, Label, Stamp, ink_span, letter_spot, mark_rect, stamp_text
from .bar import Bar
from .board_picture import BoardPicture, Look
from .flight import InFlight
from .hat_draw import HatDrawPanel
from .layout import Layout
from .model import PAWN_H, Choice, Point, VerflixxtModel, Walk
from .seats import Seats

MEADOW = (176, 208, 138)
MEADOW_DARK = (146, 184, 112)
MEADOW_EDGE = (112, 150, 86)
ROAD = (236, 216, 170)
ROAD_EDGE = (198, 170, 118)


class Drawing:
    """The table's two layers for the compositor (game/scenes/table/compose.py):
    everything that stands still — the board at rest (meadow, road, tiles, chips, the
    pieces not moving), the hat draw, the bar, the legend, with the shared frame's header,
    seat panels and log laid over by the compositor — is one picture, made again only when
    something in it changes (a piece lands, a turn passes); what moves or pulses (the
    preview, the pieces the person may move, walking pieces, the die or the cards in the
    bar, things in flight, pops and banners) is drawn over it on every frame."""

    def __init__(
        self,
        model: VerflixxtModel,
        host: TableHost,
        art: Art,
        layout: Layout,
        choices: Choices[Choice],
        seats: Seats,
        bar: Bar,
    ) -> None:
        self.model = model
        self.host = host
        self.art = art
        self.layout = layout
        self.choices = choices
        self.seats = seats
        self.bar = bar
        self._static: pygame.Surface | None = None  # the meadow and the road
        # the board at rest, kept and painted again where pieces moved (issue #38)
        self.board_picture = BoardPicture(model, host, layout, self._draw_piece)
        self.hat_draw = HatDrawPanel(model, host, art, layout)
        self.in_flight = InFlight(model, host, art)

    def forget(self) -> None:
        """A new layout: the board is painted again at its new size."""
        self._static = None
        self.board_picture.forget()

    def paint_over(self, surface: pygame.Surface) -> None:
        """Nothing over the scene's buttons."""

    # -- board -----------------------------------------------------------------------
    def _board_looks(self) -> tuple[dict, tuple, str | None]:
        """The pieces that may move, the tiles an attack may start from, the one looked at."""
        focus = self.choices.attention()
        movable = {c.piece: c for c in self.choices.controls if c.spot == "piece" and c.piece}
        attack = tuple(sorted(c.tile or "" for c in self.choices.controls if c.spot == "tile"))
        looked = (
            focus.action.tile if focus is not None and isinstance(focus.action, Attack) else None
        )
        return movable, attack, looked

    def static_key(self) -> tuple:
        movable, attack, looked = self._board_looks()
        bar = self.bar.key(self.choices.attention()) if self.bar.still() else None
        return (
            self._board_key(movable, attack, looked),
            self.hat_draw.key(),
            self.host.t.lang,
            self.host.private_player,
            self.seats.hint_text(),
            bar,
            tuple(
                (b.enabled, b.hovered, b.why, b.label, b.selected, b.primary, tuple(b.rect))
                for b in self.host.buttons.buttons
            ),
            self.host.buttons.focus,
        )

    def paint_static(self, surface: pygame.Surface) -> None:
        """The board at rest (its own kept picture), the hat draw, the bar, the legend."""
        movable, attack, looked = self._board_looks()

        def paint_board(layer: pygame.Surface, _area: pygame.Rect) -> None:
            self._paint_board(layer, movable, attack, looked)

        board_key = self._board_key(movable, attack, looked)
        _key, board = self.board_picture.picture(board_key, movable, paint_board)
        surface.fill(theme.BG)
        lay(surface, board, self.model.board)
        if self.model.table.contest is not None:
            self.hat_draw.draw(surface)
        self.host.frame.draw_bar(surface)
        self.seats.draw_legend(surface)
        if self.bar.still() and has_bar(self.host.plan):  # none: played from phones
            self.bar.draw_action_panel(surface, self.choices.attention())
        self.host.buttons.draw(surface)  # buttons_in_still

    def still_places(self, before: tuple, now: tuple) -> list[pygame.Rect] | None:
        """Where the still picture changes from key ``before`` to ``now`` (the
        compositor paints it again there only, issue #38): where pieces stood and
        stand now when only they moved on the board, else None: anywhere (the board's
        kept picture, board_picture.py)."""
        if before[1:] != now[1:]:
            return None
        return self.board_picture.still_places(before[0], now[0], lambda: self._board_looks()[0])

    def paint_moving(self, surface: pygame.Surface) -> None:
        focus = self.choices.attention()
        movable = self._board_looks()[0]
        shown = self.model.shown
        self._draw_preview_under(surface, shown)
        self._draw_spot_glows(surface, focus)
        self._draw_movers(surface, focus, movable)
        self._draw_preview_over(surface, shown)
        self._draw_picker(surface, focus)
        if not self.bar.still() and has_bar(self.host.plan):  # the die tumbling
            self.bar.draw_action_panel(surface, focus)
        self.in_flight.draw(surface)

    def _board_key(self, movable, attack, looked) -> tuple:
        """What the board at rest shows."""
        t = self.model.table
        return (
            tuple(t.track),
            tuple(t.u.get(tile) for tile in t.track),
            tuple(sorted(t.gone)),
            t.shake,
            tuple(t.chips),
            attack,
            looked,
            self.choices.keyboard,
            tuple(sorted(t.pieces.items())),
            tuple(sorted((hat, wearer or "") for hat, wearer in t.hats.items())),
            tuple(sorted(t.wiggle.items())),
            tuple(sorted(movable)),
            t.contest is not None,  # the hat draw's panel covers some tiles' values
        )

    def _static_board(self) -> pygame.Surface:
        if self._static is not None:
            return self._static
        board = self.model.board
        layer = pygame.Surface(board.size, pygame.SRCALPHA)
        ox, oy = -board.x, -board.y
        radius = self.host.px(14)
        smooth.rounded_rect(layer, MEADOW, layer.get_rect(), radius)
        rng = random.Random(7)
        pts = [(x + ox, y + oy) for x, y in self.model.pts]
        road_w = self.model.tile_px * 0.98
        # meadow: mown stripes and tufts of grass and flowers off the road
        for k in range(0, board.h, self.host.px(36)):
            pygame.draw.rect(
                layer, theme.mix(MEADOW, MEADOW_DARK, 0.35), (0, k, board.w, self.host.px(18))
            )
        # the stripes kept inside the meadow's smooth corners, then its edge
        mask = pygame.Surface(board.size, pygame.SRCALPHA)
        smooth.rounded_rect(mask, (255, 255, 255), mask.get_rect(), radius)
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        smooth.rounded_rect(layer, MEADOW_EDGE, layer.get_rect(), radius, self.host.px(3))
        coarse = pts[::6]
        for _ in range(140):
            x, y = rng.uniform(8, board.w - 8), rng.uniform(8, board.h - 8)
            if min(math.dist((x, y), p) for p in coarse) < road_w * 0.75:
                continue
            if rng.random() < 0.7:
                for dx in (-3, 0, 3):
                    smooth.line(
                        layer,
                        MEADOW_EDGE,
                        (x + dx * self.host.s, y),
                        (x + dx * 1.6 * self.host.s, y - self.host.px(7)),
                        max(1.0, 2 * self.host.s),
                        round_caps=False,
                    )
            else:
                colour = rng.choice(((255, 255, 255), (255, 226, 110), (240, 160, 190)))
                for a in range(5):
                    ang = a * 2 * math.pi / 5
                    smooth.disc(
                        layer,
                        colour,
                        (x + math.cos(ang) * self.host.px(3), y + math.sin(ang) * self.host.px(3)),
                        max(1, self.host.px(2)),
                    )
                smooth.disc(layer, (240, 180, 40), (x, y), max(1, self.host.px(2)))
        step = max(1, int(2 * self.host.s))
        for p in pts[::step]:
            smooth.disc(layer, ROAD_EDGE, p, road_w / 2 + self.host.px(3))
        for p in pts[::step]:
            smooth.disc(layer, ROAD, p, road_w / 2)
        # little arrows along the road show the way from the start to the finish
        gap = self.model.tile_px * 0.9
        s = self.model.s0 + gap
        while s < self.model.s1:
            x, y = self.layout.point_at(s)
            x2, y2 = self.layout.point_at(s + 4)
            ang = math.atan2(y2 - y, x2 - x)
            size = self.host.px(7)
            tip = (x + ox + math.cos(ang) * size, y + oy + math.sin(ang) * size)
            left = (x + ox + math.cos(ang + 2.5) * size, y + oy + math.sin(ang + 2.5) * size)
            right = (x + ox + math.cos(ang - 2.5) * size, y + oy + math.sin(ang - 2.5) * size)
            smooth.polygon(layer, ROAD_EDGE, (tip, left, right))
            s += self.model.tile_px * 0.75
        if self.host.state.hats_variant:
            cx, cy = self.layout.chip_stack_pos()
            nook = pygame.Rect(0, 0, int(self.model.tile_px * 0.9), int(self.model.tile_px * 0.9))
            nook.center = (int(cx + ox), int(cy + oy))
            smooth.disc(layer, theme.mix(ROAD, ROAD_EDGE, 0.5), nook.center, nook.w / 2)
        self._static = layer
        return layer

    def _paint_board(self, layer: pygame.Surface, movable, attack, looked) -> None:
        """The board at rest on ``layer`` (the board's size: drawn shifted by its
        corner)."""
        t = self.model.table
        ox, oy = self.model.board.topleft
        layer.fill(theme.BG)
        layer.blit(self._static_board(), (0, 0))
        shake_tile, shake_v = t.shake if t.shake else (None, 0.0)
        badges: list[tuple[str, Stamp, tuple[int, int]]] = []  # the values, over the pieces
        for tile in t.track:
            if tile in t.gone:
                continue
            size = self.layout.tile_size(tile)
            cx, cy = self.layout.tile_centre(tile)
            if tile == shake_tile:
                cx += math.sin(shake_v * 40) * self.host.px(4) * (1 - shake_v)
            stamp = self.art.tile_image(tile, size)
            kind = "valued" if stamp.labels else "icon"  # its value is drawn over the pieces
            rect = draw_icon(
                layer,
                stamp.image,
                (int(cx - ox), int(cy - oy)),
                f"tile:{tile}",
                kind,
                anchor="center",
            )
            badges.append((tile, stamp, rect.topleft))
            if tile in attack:  # the tiles an attack may start from are ringed
                ring = rect.inflate(self.host.px(8), self.host.px(8))
                if tile == looked and self.choices.keyboard:
                    draw_focus_ring(layer, ring, self.host.px(12))
                else:
                    smooth.rounded_rect(
                        layer,
                        theme.ACCENT if tile == looked else (255, 214, 70),
                        ring,
                        self.host.px(12),
                        self.host.px(4) if tile == looked else self.host.px(3),
                    )
        if self.host.state.hats_variant:
            self._draw_chip_stack(layer, (ox, oy))
        placed: list[tuple[float, float, str, float]] = []
        for tile, pieces in self.layout.groups().items():
            scale = self.layout.crowd_scale(tile, pieces)
            for piece, (x, y) in self.layout.fan(tile, pieces).items():
                if piece not in movable:
                    placed.append((y, x, piece, scale))
        placed.sort()
        looks = self.board_picture.looks(movable)
        drawn: dict[str, tuple[Look, list[pygame.Rect]]] = {}
        for y, x, piece, scale in placed:
            wiggle = t.wiggle.get(piece)
            if wiggle is not None:
                x += math.sin(wiggle * math.pi * 4) * self.host.px(4)
            drawn[piece] = (
                looks[piece],
                self._draw_piece(layer, piece, (x - ox, y - oy), scale=scale),
            )
        self.board_picture.drawn = drawn  # where each piece went: what a move repaints
        # The hat draw's panel hides the middle of the board: a value it would cut is
        # left under it, written down as hidden there (its text would run into the
        # panel's). Only those: a tile the panel merely touches shows its value (issue
        # #38: with six seats the panel touched most tiles and the FINISH, and all lost
        # their values).
        cover = None
        if t.contest is not None:
            cover = self.layout.contest_rect().move(-ox, -oy)
        for tile, stamp, (x, y) in badges:  # a tile's value is never under a piece (issue #27)
            inks = self._value_inks(stamp, (x, y))
            if cover is not None and any(cover.colliderect(ink) for _label, ink in inks):
                for _label, ink in inks:
                    record_icon(layer, ink, f"value:{tile}", "hidden")
                continue
            self._stamp_value(layer, tile, stamp, (x, y))

    @staticmethod
    def _value_inks(stamp: Stamp, at: tuple[int, int]) -> list[tuple[Label, pygame.Rect]]:
        """Where each of a tile's printed values (its glyphs, not the line's leading)
        lands when its tile lies at ``at``."""
        out = []
        for label in stamp.labels:
            centre = (at[0] + label.centre[0], at[1] + label.centre[1])
            w = fonts.font(label.size, True).size(label.text)[0]
            top, bottom = ink_span(label)
            ink = pygame.Rect(0, round(centre[1] + top), w, round(bottom - top))
            ink.centerx = round(centre[0])
            out.append((label, ink))
        return out

    def _stamp_value(self, surface, tile: str, stamp: Stamp, at: tuple[int, int]) -> None:
        """A tile's printed value (or START / FINISH) where its tile lies at ``at``,
        written down as the tile's value (issue #27: no piece covers it; the pieces on a
        tile stand over its value, see ``Layout.grid``)."""
        for label, ink in self._value_inks(stamp, at):
            centre = (at[0] + label.centre[0], at[1] + label.centre[1])
            rect = stamp_text(surface, label, centre)
            ink.x, ink.w = rect.x, rect.w
            record_icon(surface, ink, f"value:{tile}", "value")

    def _draw_chip_stack(self, surface, offset: Point) -> None:
        chips = self.model.table.chips
        cx, cy = self.layout.chip_stack_pos()
        cx, cy = cx - offset[0], cy - offset[1]
        size = int(self.model.tile_px * 0.56)
        dy = max(2, int(self.model.tile_px * 0.06))
        n = len(chips)
        for k in range(n):
            value = chips[n - 1 - k]  # the bottom chip first, the top one last
            stamp = self.art.chip_image(value, size)
            rect = stamp.get_rect(center=(int(cx), int(cy + (n - 1) * dy / 2 - k * dy)))
            if k == n - 1:  # only the top chip's value shows
                stamp.draw(surface, rect, "chip")
            else:
                draw_icon(surface, stamp.image, rect, "chip")
        if not n:  # the stack is gone: its nook says so
            size = self.host.text_px(14)
            nook = pygame.Rect(0, 0, int(self.model.tile_px * 0.9), round(size * 1.3))
            nook.center = (int(cx), int(cy))
            draw_text(surface, "0", size, nook.center, theme.INK_SOFT, anchor="center", within=nook)

    def _draw_spot_glows(self, surface, focus) -> None:
        """A glow on the meadow under every piece the person may move now."""
        pulse = 0.5 + 0.5 * math.sin(self.model.clock * 5)
        for choice in self.choices.controls:
            if choice.spot != "piece":
                continue
            r = choice.rect
            strong = choice is focus
            glow = pygame.Surface((r.w + self.host.px(16), self.host.px(18)), pygame.SRCALPHA)
            alpha = 230 if strong else int(120 + 80 * pulse)
            colour = theme.ACCENT if self.choices.keyboard and strong else (255, 200, 60)
            pygame.draw.ellipse(glow, (*colour, alpha), glow.get_rect())
            surface.blit(glow, glow.get_rect(center=(r.centerx, r.bottom - self.host.px(4))))

    def _draw_movers(self, surface, focus, movable) -> None:
        """The pieces the person may move (ringed, the one looked at strongest) and the
        pieces walking, over the board at rest."""
        t = self.model.table
        if movable:
            groups = self.layout.groups()
            placed = []
            for tile, pieces in groups.items():
                scale = self.layout.crowd_scale(tile, pieces)
                for piece, (x, y) in self.layout.fan(tile, pieces).items():
                    if piece in movable:
                        placed.append((y, x, piece, scale))
            placed.sort()
            pulse = 0.5 + 0.5 * math.sin(self.model.clock * 5)
            for y, x, piece, scale in placed:
                strong = movable[piece] is focus
                colour = theme.ACCENT if strong else (255, 214, 70)
                halo = self.art.halo(piece, colour, scale)
                halo.set_alpha(255 if strong else int(150 + 105 * pulse))
                rect = self.layout.piece_rect(piece, (x, y), scale)
                surface.blit(halo, halo.get_rect(center=rect.center))
                self._draw_piece(surface, piece, (x, y), scale=scale)
                if strong and self.choices.keyboard:
                    draw_focus_ring(surface, rect.inflate(self.host.px(8), self.host.px(6)), 6)
        for piece, walk in t.walks.items():
            if walk.points:
                self._draw_piece(surface, piece, self._walk_pos(walk))

    def _draw_picker(self, surface, focus) -> None:
        """A crowded tile's picker: its pawns the person may pick, large, in a row."""
        slots = [c for c in self.choices.controls if c.spot == "pick" and c.piece]
        if not slots:
            return
        area = slots[0].rect.unionall([c.rect for c in slots[1:]])
        draw_panel(
            surface, area.inflate(self.host.px(14), self.host.px(12)), radius=self.host.px(12)
        )
        for choice in slots:
            piece = choice.piece or ""
            r = choice.rect
            looked = choice is focus or (choice.hovered and not self.choices.keyboard)
            if looked and self.choices.keyboard:
                draw_focus_ring(surface, r, self.host.px(8))
            elif looked:
                smooth.rounded_rect(
                    surface, theme.ACCENT, r, self.host.px(8), max(2, self.host.px(3))
                )
            image = self.art.big_pawn(piece, int(r.h * 0.86))
            pawn = draw_icon(
                surface, image, (r.centerx, r.bottom - self.host.px(2)), piece, "piece", "midbottom"
            )
            if piece[0] == "g":  # a guardian: no letter, no hat
                continue
            spot, size = letter_spot(pawn.w, pawn.h)
            label = Label(
                piece[-1],
                max(14, size),
                (pawn.x + spot[0], pawn.y + spot[1]),
                theme.INK_LIGHT,
                (30, 30, 40),
            )
            stamp_text(surface, label, label.centre)
            mark = record_icon(surface, mark_rect(pawn, self.art.mark_least), f"mark:{piece[:-1]}")
            hat = next((h for h, wearer in self.model.table.hats.items() if wearer == piece), None)
            if hat is not None:  # on the head, over the mark, never on it
                hat_image = self.art.hat_image(hat, int(pawn.w * 0.8))
                draw_icon(surface, hat_image, mark.midtop, f"hat:{hat}", "piece", "midbottom")

    def _walk_pos(self, walk: Walk) -> Point:
        points = walk.points
        n = len(points) - 1
        if n <= 0:
            return points[0]()
        v = max(0.0, min(1.0, walk.t))
        seg = min(n - 1, int(v * n))
        local = v * n - seg
        (x0, y0), (x1, y1) = points[seg](), points[seg + 1]()
        hop = math.sin(math.pi * local) * self.model.tile_px * 0.32
        return (lerp(x0, x1, local), lerp(y0, y1, local) - hop)

    def pawn_head(self, pawn: str) -> Callable[[], Point]:
        """The top of a pawn (at rest or walking): where its hat sits."""

        def point():
            feet = self._piece_feet(pawn)
            if feet is None:
                return self.layout.tile_centre(FINISH)
            return (feet[0], feet[1] - self.model.tile_px * PAWN_H * 0.86)

        return point

    def _piece_feet(self, piece: str) -> Point | None:
        walk = self.model.table.walks.get(piece)
        if walk is not None and walk.points:
            return self._walk_pos(walk)
        return self.layout.piece_spot(piece)

    def _draw_piece(
        self, surface, piece: str, feet: Point, ghost: bool = False, scale: float = 1.0
    ) -> list[pygame.Rect]:
        """A piece standing with its feet at ``feet`` (its seat's mark on its head, its
        letter, its hat): where the piece and its hat went."""
        image = self.art.piece_image(piece, ghost, scale)
        rect = draw_icon(surface, image, self.layout.piece_rect(piece, feet, scale), piece, "piece")
        over = [rect]
        if piece[0] != "g":
            mark = record_icon(surface, mark_rect(rect, self.art.mark_least), f"mark:{piece[:-1]}")
            if not ghost:
                letter = self.art.piece_letter(piece, rect)
                if letter is not None:
                    stamp_text(surface, letter, letter.centre)
            hat = next((h for h, wearer in self.model.table.hats.items() if wearer == piece), None)
            if hat is not None and not ghost:
                # the hat sits on top of the head, over the seat's mark: never on it (issue #27)
                width = max(HAT_MIN_W, int(self.model.tile_px * 0.42 * scale))
                over.append(
                    draw_icon(
                        surface,
                        self.art.hat_image(hat, width),
                        mark.midtop,
                        f"hat:{hat}",
                        "piece",
                        "midbottom",
                    )
                )
        return over

    def _draw_preview_under(self, surface, shown) -> None:
        """Where the chosen action takes pieces: dots on the tiles stepped on, a ring on
        the landing tile, and the tile that would be taken."""
        for _action, events in shown:
            for e in events:
                if isinstance(e, PieceMoved) and e.path:
                    for tile in e.path[:-1]:
                        if tile in self.model.table.u:
                            cx, cy = self.layout.tile_centre(tile)
                            dot = (cx, cy + self.host.px(2))
                            smooth.disc(surface, (255, 250, 230), dot, self.host.px(5))
                            smooth.ring(
                                surface,
                                theme.ACCENT_DARK,
                                dot,
                                self.host.px(5),
                                max(1, self.host.px(2)),
                            )
                    tile = e.dest
                    if tile in self.model.table.u:
                        rect = self.layout.tile_rect(tile).inflate(
                            self.host.px(10), self.host.px(10)
                        )
                        smooth.rounded_rect(
                            surface, theme.ACCENT, rect, self.host.px(14), self.host.px(4)
                        )
                elif isinstance(e, TileTaken):
                    tile = e.tile
                    if tile in self.model.table.u:
                        rect = self.layout.tile_rect(tile).inflate(self.host.px(6), self.host.px(6))
                        smooth.rounded_rect(
                            surface, (255, 255, 255), rect, self.host.px(12), self.host.px(3)
                        )

    def _draw_preview_over(self, surface, shown) -> None:
        groups = self.layout.groups()
        several = len(shown) > 1
        for action, events in shown:
            for e in events:
                if isinstance(e, PieceMoved) and e.path and e.dest in self.model.table.u:
                    piece = e.piece
                    feet = self.layout.landing_spot(piece, e.dest, groups)
                    scale = self.layout.landing_scale(piece, e.dest, groups)
                    self._draw_piece(surface, piece, feet, ghost=True, scale=scale)
                    if several and isinstance(action, Play) and action.direction:
                        label = "▶" if action.direction == "fwd" else "◀"
                        rect = self.layout.tile_rect(e.dest)
                        self._tag(surface, label, (rect.centerx, rect.bottom + self.host.px(10)))
                elif isinstance(e, TileTaken) and e.tile in self.model.table.u:
                    rect = self.layout.tile_rect(e.tile)
                    self._tag(
                        surface,
                        self.host.t("verflixxt.tag_take"),
                        (rect.centerx, rect.bottom + self.host.px(10)),
                    )
                elif isinstance(e, ChipWon):
                    x, y = self.layout.chip_stack_pos()
                    self._tag(surface, f"+{e.value}", (x, y - self.model.tile_px * 0.55))
                elif (
                    isinstance(e, HatMoved)
                    and e.how in ("take", "give", "swap")
                    and e.origin is not None
                    and e.dest is not None
                ):
                    start = self.pawn_head(e.origin)()
                    end = self.pawn_head(e.dest)()
                    smooth.line(surface, theme.ACCENT_DARK, start, end, self.host.px(3))
                    image = self.art.hat_image(e.hat).copy()
                    image.set_alpha(170)
                    draw_icon(surface, image, end, f"hat:{e.hat}", "piece", "midbottom")

    def _tag(self, surface, text: str, centre: Point) -> None:
        size = self.host.text_px(14)
        w, h = fonts.font(size, True).size(text)
        box = pygame.Rect(0, 0, w + self.host.px(12), h + self.host.px(2))
        box.center = (int(centre[0]), int(centre[1]))
        smooth.rounded_rect(surface, theme.ACCENT_DARK, box, box.h // 2)
        draw_text(surface, text, size, box.center, theme.INK_LIGHT, True, "center", within=box)
