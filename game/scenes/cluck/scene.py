"""Cluck-peep! at the table: the ladder grows downward tile by tile, the chickens walk it.

The scene keeps a *display model* (:class:`Table`): which tiles lie where, which holes
hold a chick, where each chicken stands, the counts on the panels. Events from the rules
move it with tweens (a tile slides in, a chick pops into its hole, a chicken walks the
``path`` its ``chicken_moved`` event carries); once nothing is left to play it is
rebuilt from the state, so a skip can never leave it wrong. The rules' ``preview`` draws
where every chicken would go while a person holds a tile; nothing here re-derives a rule.

Ladder coordinates are the rules' (``column``, ``y``): 4 units per tile row, row 0 the
start tile. While tiles are being placed the table shows, top to bottom: the start tile,
the road tiles laid, the gap for the next tile, the face-down hidden tile and, faintly,
the next nest tile (public, K-3) — the same rows the preview traces.

The scene is put together from mixins (host.py declares what they share): layout.py
(where everything lies, zoom and scroll), animate.py (the events played), log.py (their
texts), controls.py (a person's choices), art.py (colours, tile pictures, sprites),
draw.py (the frame and the ladder) and panels.py (the cards, the stock, the hand); the
display model is in model.py.
"""

from __future__ import annotations

import math

import pygame

from game.rules.cluck import MAX_ROUNDS, OPTIONS, PLACE
from game.rules.cluck.ladder import ROW_HEIGHT, hole_point
from game.rules.cluck.tiles import COLUMNS
from game.scenes.game_base import GameScene
from game.ui import fonts, sprites, theme
from game.ui.tween import ease_in_out, lerp
from game.ui.widgets import draw_panel, draw_text

from .animate import Animation
from .controls import Controls
from .layout import Layout
from .log import EventLog
from .model import ChickenSprite, Flyer, Table, TileSprite

ROAD = (240, 222, 172)
ROAD_EDGE = (184, 146, 90)
HOLE = (86, 56, 30)
HOLE_RIM = (150, 110, 64)
STRAW = (248, 230, 170)
STRAW_EDGE = (196, 160, 90)
MEADOW_EDGE = (104, 150, 72)
BACK_EDGE = (120, 80, 42)
FELT = (226, 236, 206)
FELT_EDGE = (190, 206, 166)
GHOST_ALPHA = 120


# What the table shows in each phase of the rules (CluckState.phase).
_STAGES = {"chickens": "setup", PLACE: "place", "over": "over"}


class CluckScene(Layout, Animation, EventLog, Controls, GameScene):
    log_lines = 9

    def __init__(self, app, session):
        # the types of the attributes the mixins share are declared in host.py
        super().__init__(app, session)
        self._skipping = False
        self._needs_sync = False
        self._tiles_cache = {}
        self._preview_key = None
        self._preview = {}
        self.sel_tile = None
        self.turned = {}
        self.spin = 1.0  # 0..1 while a hand tile turns over
        self.hole_cursor = None
        self.hover = None  # a hand tile's index, or "slot"
        self.scroll = 0.0
        self.scroll_goal = 0.0
        self.row_h = 0.0
        self.play_buttons = []
        if session.actions:
            self.sync_from_state()
        else:
            # A new game: its setup happened in new_game; play it for everybody to see.
            self.table = self._blank_table()
            self.queue_events(self.state.opening)

    # == the display model ==================================================================
    def _blank_table(self) -> Table:
        s = self.state
        n = s.players
        return Table(
            start=TileSprite("start", s.tiles.start.id),
            goal=TileSprite("goal", ghost=True),
            roads=[],
            hidden=None,
            stage="setup",
            chickens=[None] * n,
            carried=[0] * n,
            stands=[0] * n,
            supply=s.supply,
            pile=len(s.tiles.road_ids),
            nest_stack=[],
            hand_sizes=[0] * n,
            hand=[],
            round=s.round,
            start_player=None,
            turn=None,
        )

    def sync_from_state(self) -> None:
        s = self.state
        roads = [
            TileSprite(
                "road",
                r.tile,
                r.turned,
                s.tiles.band(r.tile, r.turned),
                r.player,
                r.chick,
                row=i + 1,
            )
            for i, r in enumerate(s.ladder)
        ]
        goal_id = s.goal_tile or (s.nest_stack[0] if s.nest_stack else None)
        table = Table(
            start=TileSprite("start", s.start_tile),
            goal=TileSprite("goal", goal_id, ghost=s.goal_tile is None),
            roads=roads,
            hidden=TileSprite("hidden") if s.hidden is not None else None,
            stage=_STAGES.get(s.phase, "setup"),
            chickens=[],
            carried=[0] * s.players,
            stands=list(s.stands),
            supply=s.supply,
            pile=len(s.pile),
            nest_stack=list(s.nest_stack),
            hand_sizes=[len(h) for h in s.hands],
            hand=sorted(s.hands[self.private_player]) if self.private_player is not None else [],
            round=s.round,
            start_player=s.start_player,
            turn=s.to_act()[0] if s.to_act() else None,
        )
        self.table = table
        slot, hidden, goal = self._rows()
        table.slot_row = slot if slot is not None else goal
        if table.hidden is not None and hidden is not None:  # both there or both not
            table.hidden.row = hidden
        table.goal.row = goal
        if self.row_h:  # laid out: rows sized as they belong
            self.row_h = self._target_row_h()
        chicken_y = goal * ROW_HEIGHT + 2 if s.goal_tile is not None else 2
        table.chickens = [None if c is None else ChickenSprite(c, chicken_y) for c in s.chickens]
        self._needs_sync = False
        if self.sel_tile not in table.hand:
            self.sel_tile = table.hand[0] if table.hand else None

    def _rows(self) -> tuple[int | None, int | None, int]:
        """Where the gap for the next tile, the hidden tile and the goal tile belong."""
        m = self.table
        row = len(m.roads) + 1
        slot = hidden = None
        if m.stage == "place":
            slot, row = row, row + 1
        if m.hidden is not None:
            hidden, row = row, row + 1
        return slot, hidden, row

    def on_private_shown(self, player: int) -> None:
        self.table.hand = sorted(self.state.hands[player])
        self.sel_tile = self.table.hand[0] if self.table.hand else None
        self.hole_cursor = None

    # == per frame ==========================================================================
    def update(self, dt: float) -> None:
        super().update(dt)
        if self._needs_sync and not self.busy_animating():
            self.sync_from_state()
        self._settle(dt)

    # == playing events =====================================================================
    def _sound(self, name: str) -> None:
        if not self._skipping:
            self.app.sound.play(name)

    def skip_animation(self) -> None:
        self._skipping = True
        try:
            super().skip_animation()
        finally:
            self._skipping = False

    # == drawing ============================================================================
    def _paint_background(self, size) -> pygame.Surface:
        surface = pygame.Surface(size)
        surface.fill(theme.BG)
        felt = self.area.inflate(self.px(8), self.px(8))
        pygame.draw.rect(surface, FELT, felt, border_radius=self.px(18))
        pygame.draw.rect(surface, FELT_EDGE, felt, width=2, border_radius=self.px(18))
        return surface

    def _pattern(self, name: str, size: int) -> pygame.Surface:
        return sprites.svg(name, size, size)

    def _tile_surface(self, kind: str, tile, turned: bool, w: int, h: int) -> pygame.Surface:
        """A tile picture, cached per look and size (sizes are rounded so zooming does not
        paint a new one every frame)."""
        h = max(8, h - h % 2)
        key = (kind, tile, turned, w, h)
        cached = self._tiles_cache.get(key)
        if cached is not None:
            return cached
        if len(self._tiles_cache) > 160:
            self._tiles_cache.clear()
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(4, h // 6)
        if kind == "road":
            pattern = self._pattern("cluck_meadow.svg", max(24, h))
            for x in range(0, w, pattern.get_width()):
                surface.blit(pattern, (x, 0))
            edge = MEADOW_EDGE
        elif kind == "hidden":
            pattern = self._pattern("cluck_back.svg", max(24, h))
            for x in range(0, w, pattern.get_width()):
                surface.blit(pattern, (x, 0))
            edge = BACK_EDGE
        else:
            surface.fill(STRAW)
            for x in range(-h, w, max(6, h // 5)):
                pygame.draw.line(surface, (238, 216, 150), (x, h), (x + h, 0), 2)
            edge = STRAW_EDGE
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
        surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        col_w = w / COLUMNS
        unit = h / ROW_HEIGHT
        road_w = max(4, int(col_w * 0.16))
        xs = [col_w * (c + 0.5) for c in range(COLUMNS)]
        if kind in ("road", "start", "goal"):
            segments: list[tuple[tuple[float, float], tuple[float, float]]] = []
            if kind == "road":
                band = self.state.tiles.band(tile, turned)
                segments += [((x, 0), (x, h)) for x in xs]
                segments += [((xs[r], 2 * unit), (xs[r + 1], 2 * unit)) for r in band.rungs]
            elif kind == "start":
                segments += [((x, 2 * unit), (x, h)) for x in xs]
            else:
                segments += [((x, 0), (x, 2 * unit)) for x in xs]
            for width, colour in ((road_w + 4, ROAD_EDGE), (road_w, ROAD)):
                for a, b in segments:
                    pygame.draw.line(surface, colour, a, b, width)
                    for end in (a, b):
                        if 0 < end[1] < h:
                            pygame.draw.circle(surface, colour, end, width // 2)
            holes = []
            if kind == "road":
                band = self.state.tiles.band(tile, turned)
                holes.append((xs[band.hole_column], (1 if band.hole_above else 3) * unit))
            else:
                holes += [(x, 2 * unit) for x in xs]
            nests = self._nests(tile) if kind != "road" else frozenset()
            for c, (x, y) in enumerate(holes):
                if kind != "road" and c in nests:
                    nw = int(min(col_w * 0.92, h * 1.0))
                    nest = sprites.svg("cluck_nest.svg", nw, int(nw * 0.6))
                    surface.blit(nest, nest.get_rect(center=(x, y + unit * 0.2)))
                hw = min(col_w * 0.42, h * 0.36)
                hole = pygame.Rect(0, 0, int(hw), int(hw * 0.6))
                hole.center = (int(x), int(y))
                pygame.draw.ellipse(surface, HOLE_RIM, hole.inflate(4, 4))
                pygame.draw.ellipse(surface, HOLE, hole)
        else:
            mark = fonts.render("?", max(10, int(h * 0.62)), (255, 240, 214), bold=True)
            shade = fonts.render("?", max(10, int(h * 0.62)), (96, 60, 28), bold=True)
            surface.blit(shade, shade.get_rect(center=(w / 2 + 2, h / 2 + 2)))
            surface.blit(mark, mark.get_rect(center=(w / 2, h / 2)))
        pygame.draw.rect(surface, edge, (0, 0, w, h), width=2, border_radius=radius)
        self._tiles_cache[key] = surface
        return surface

    def _nests(self, tile_id) -> frozenset:
        tiles = self.state.tiles
        if tile_id is None or tile_id == tiles.start.id:
            return frozenset()
        return tiles.nest[tile_id].nests if tile_id in tiles.nest else frozenset()

    def _blit_tile(self, surface, sprite: TileSprite, rect: pygame.Rect, alpha=None) -> None:
        if sprite.tile is None and sprite.kind != "hidden":
            return
        if sprite.kind == "start" and sprite.tile is None:
            return
        image = self._tile_surface(sprite.kind, sprite.tile, sprite.turned, rect.width, rect.height)
        if sprite.squash < 0.999:
            image = pygame.transform.smoothscale(
                image, (image.get_width(), max(1, int(image.get_height() * sprite.squash)))
            )
        a = sprite.alpha if alpha is None else alpha
        if a < 254:
            image = image.copy()  # never change the cached picture
            image.set_alpha(int(max(0, a)))
        surface.blit(image, image.get_rect(center=rect.center))

    def draw_table(self, surface) -> None:
        if (
            getattr(self, "_background", None) is None
            or self._background.get_size() != surface.get_size()
        ):
            self._background = self._paint_background(surface.get_size())
        surface.blit(self._background, (0, 0))
        mode = self._my_turn()
        clip = surface.get_clip()
        surface.set_clip(self.area.inflate(self.px(4), self.px(20)))
        self._draw_ladder(surface, mode)
        surface.set_clip(clip)
        self._draw_header(surface)
        self._draw_cards(surface)
        self._draw_stock(surface)
        self._draw_hand_panel(surface, mode)
        self.draw_log(surface, self.log_rect)
        for flyer in self.table.flyers:
            self._draw_flyer(surface, flyer)
        self._draw_banner(surface)
        foot = (self.area.centerx, self.area.bottom + self.px(26))
        if self._max_scroll() > 0 and not self.session.thinking():
            draw_text(
                surface,
                self.t("cluck.scroll_hint"),
                self.px(14),
                foot,
                theme.INK_SOFT,
                anchor="midbottom",
            )
        self.draw_thinking(surface, foot)

    # -- the ladder --
    def _draw_ladder(self, surface, mode) -> None:
        m = self.table
        for sprite in m.leaving:
            self._blit_tile(surface, sprite, self.band_rect(sprite.row, sprite.dx))
        self._blit_tile(surface, m.start, self.band_rect(m.start.row, m.start.dx))
        self._row_label(
            surface,
            m.start.row,
            "START" if m.start.tile == self.state.tiles.start.id else str(m.start.tile or ""),
            None,
        )
        for sprite in m.roads:
            self._blit_tile(surface, sprite, self.band_rect(sprite.row, sprite.dx))
            self._row_label(surface, sprite.row, str(sprite.tile), sprite.player, sprite.dx)
        if m.stage == "place":
            self._draw_slot(surface, mode)
        if m.hidden is not None:
            self._blit_tile(surface, m.hidden, self.band_rect(m.hidden.row, m.hidden.dx))
            self._row_label(surface, m.hidden.row, "?", None, m.hidden.dx)
        if m.goal.tile is not None:
            rect = self.band_rect(m.goal.row, m.goal.dx)
            if m.goal.ghost:
                self._blit_tile(surface, m.goal, rect, alpha=min(m.goal.alpha, GHOST_ALPHA))
                self._dashed_rect(surface, rect, STRAW_EDGE)
                under = self.t("cluck.preview_legend" if mode == "place" else "cluck.next_nest")
                draw_text(
                    surface,
                    under,
                    self.px(13),
                    (rect.centerx, rect.bottom + self.px(12)),
                    theme.INK_SOFT,
                    anchor="midtop",
                )
            else:
                self._blit_tile(surface, m.goal, rect)
            self._row_label(surface, m.goal.row, str(m.goal.tile), None, m.goal.dx)
        self._draw_chicks(surface)
        for point, text, _ in m.marks:
            x, y = self.to_screen(*point)
            draw_text(surface, text, self.px(24), (x, y), theme.BAD, bold=True, anchor="center")
        if mode == "place":
            self._draw_preview(surface)
        self._draw_chickens(surface, mode)

    def _row_label(self, surface, row: float, text: str, player, dx: float = 0.0) -> None:
        rect = self.band_rect(row, dx)
        x, y = rect.x - self.px(10), rect.centery
        if player is not None:
            r = self.px(13)
            pygame.draw.circle(surface, self.seat_colour(player), (x - r, y), r)
            pygame.draw.circle(surface, theme.INK_LIGHT, (x - r, y), r, 2)
            draw_text(
                surface, text, self.px(14), (x - r, y), theme.INK_LIGHT, bold=True, anchor="center"
            )
        else:
            draw_text(
                surface, text, self.px(14), (x, y), theme.INK_SOFT, bold=True, anchor="midright"
            )

    def _dashed_rect(self, surface, rect: pygame.Rect, colour, width: int = 2) -> None:
        dash = self.px(10)
        for x in range(rect.left, rect.right, dash * 2):
            end = min(x + dash, rect.right)
            pygame.draw.line(surface, colour, (x, rect.top), (end, rect.top), width)
            pygame.draw.line(surface, colour, (x, rect.bottom - 1), (end, rect.bottom - 1), width)
        for y in range(rect.top, rect.bottom, dash * 2):
            end = min(y + dash, rect.bottom)
            pygame.draw.line(surface, colour, (rect.left, y), (rect.left, end), width)
            pygame.draw.line(surface, colour, (rect.right - 1, y), (rect.right - 1, end), width)

    def _draw_slot(self, surface, mode) -> None:
        rect = self.slot_rect()
        if mode == "place" and self.sel_tile is not None:
            sprite = TileSprite("road", self.sel_tile, self._is_turned(self.sel_tile))
            self._blit_tile(surface, sprite, rect, alpha=215)
            colour = self.seat_colour(self._me())
            pulse = 2 + int(2 * (1 + math.sin(pygame.time.get_ticks() / 180)))
            if self.hover == "slot":
                pulse = self.px(6)
            pygame.draw.rect(
                surface,
                colour,
                rect.inflate(4, 4),
                width=pulse,
                border_radius=max(4, rect.height // 6),
            )
            return
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(
            shade, (255, 255, 255, 90), shade.get_rect(), border_radius=max(4, rect.height // 6)
        )
        surface.blit(shade, rect)
        self._dashed_rect(surface, rect, MEADOW_EDGE)
        draw_text(
            surface,
            self.t("cluck.place_here"),
            self.px(14),
            rect.center,
            MEADOW_EDGE,
            anchor="center",
        )

    def _draw_chicks(self, surface) -> None:
        size = self._chick_size()
        for sprite in self.table.roads + self.table.leaving:
            if not sprite.chick or sprite.band is None:
                continue
            band = sprite.band
            y = sprite.row * ROW_HEIGHT + (1 if band.hole_above else 3)
            x, sy = self.to_screen(band.hole_column + sprite.dx, y)
            s = max(4, int(size * sprite.chick_scale))
            image = sprites.svg("cluck_chick.svg", s)
            surface.blit(image, image.get_rect(midbottom=(x, sy + s * 0.18)))

    def _chicken_image(self, player: int, size: int) -> pygame.Surface:
        key = self.session.seats[player].character
        name = f"cluck_{key}.svg"
        from game.paths import SPRITES_DIR

        if not (SPRITES_DIR / name).exists():
            name = "cluck_henrietta.svg"
        return sprites.svg(name, size)

    def _draw_chickens(self, surface, mode) -> None:
        m = self.table
        size = self._chicken_size()
        if mode == "hole":
            player = self._me()
            free = self._free_holes(player)
            pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 200)
            for column in free:
                x, y = self.to_screen(column, 2)
                r = int(self.col_w * 0.3 + pulse * self.px(3))
                pygame.draw.circle(surface, self.seat_colour(player), (x, y), r, self.px(3))
            cursor = self.hole_cursor if self.hole_cursor in free else None
            if cursor is not None:
                x, y = self.to_screen(cursor, 2)
                ghost = self._chicken_image(player, size).copy()
                ghost.set_alpha(150)
                surface.blit(ghost, ghost.get_rect(midbottom=(x, y + size * 0.08)))
                draw_text(
                    surface,
                    str(cursor + 1),
                    self.px(16),
                    (x, y - size * 0.95),
                    theme.INK,
                    bold=True,
                    anchor="center",
                )
        order = sorted(
            ((p, c) for p, c in enumerate(m.chickens) if c is not None),
            key=lambda pc: (pc[0] == m.walker, pc[1].y),
        )
        for p, c in order:
            x, y = self.to_screen(c.column + c.shake, c.y)
            y -= c.hop * self.row_h
            image = self._chicken_image(p, size)
            if c.facing < 0:
                image = pygame.transform.flip(image, True, False)
            rect = image.get_rect(midbottom=(x, y + size * 0.08))
            surface.blit(image, rect)
            carried = m.carried[p]
            if carried:
                small = sprites.svg("cluck_chick.svg", max(8, int(size * 0.38)))
                for i in range(min(carried, 4)):
                    surface.blit(
                        small,
                        small.get_rect(
                            midbottom=(
                                rect.centerx - size * 0.12 - i * size * 0.04,
                                rect.top + size * 0.42 - i * size * 0.2,
                            )
                        ),
                    )
                if carried > 1:
                    self._badge(
                        surface,
                        f"{carried}",
                        (rect.right - size * 0.1, rect.top + size * 0.15),
                        self.seat_colour(p),
                    )

    def _badge(self, surface, text: str, center, colour) -> None:
        label = fonts.render(text, self.px(14), theme.INK_LIGHT, bold=True)
        r = max(label.get_width(), label.get_height()) // 2 + self.px(4)
        pygame.draw.circle(surface, colour, center, r)
        pygame.draw.circle(surface, theme.INK_LIGHT, center, r, 2)
        surface.blit(label, label.get_rect(center=center))

    def _draw_preview(self, surface) -> None:
        player = self._me()  # drawn in the person's "place" turn only
        result = self._current_preview(player)
        if not result:
            return
        m = self.table
        laid = len(m.roads)
        candidate = self.state.tiles.band(self.sel_tile, self._is_turned(self.sel_tile))
        n = self.session.players
        width = max(3, self.px(5))
        size = self._chick_size()
        if self.state.supply > 0:
            y = (laid + 1) * ROW_HEIGHT + (1 if candidate.hole_above else 3)
            x, sy = self.to_screen(candidate.hole_column, y)
            ghost = sprites.svg("cluck_chick.svg", size).copy()
            ghost.set_alpha(170)
            surface.blit(ghost, ghost.get_rect(midbottom=(x, sy + size * 0.18)))
        for p in sorted(result, key=lambda q: q == player):
            cp = result[p]
            colour = self.seat_colour(p)
            offset = (p - (n - 1) / 2) * self.px(3)
            points = [self.to_screen(c, y) for c, y in cp.trace.points]
            points = [(x + offset, y + offset) for x, y in points]
            if len(points) > 1:
                pygame.draw.lines(surface, theme.INK_LIGHT, False, points, width + 4)
                pygame.draw.lines(surface, colour, False, points, width)
            for row in cp.trace.collected:
                band = m.roads[row - 1].band if row <= laid else candidate
                hx, hy = self.to_screen(*hole_point(row, band))
                pygame.draw.circle(
                    surface, colour, (hx, hy - size * 0.3), int(size * 0.62), max(2, self.px(3))
                )
            end = points[-1]
            good = cp.nest
            gained = len(cp.trace.collected)
            text = f"+{gained} ✓" if good else f"+{gained} ×"
            label = fonts.render(text, self.px(15), theme.INK_LIGHT, bold=True)
            pill = label.get_rect(center=(end[0], end[1] + self.row_h * 0.34))
            pill.inflate_ip(self.px(10), self.px(4))
            pygame.draw.rect(
                surface, theme.GOOD if good else theme.BAD, pill, border_radius=pill.height // 2
            )
            pygame.draw.rect(surface, colour, pill, width=2, border_radius=pill.height // 2)
            surface.blit(label, label.get_rect(center=pill.center))

    # -- panels --
    def _draw_header(self, surface) -> None:
        m = self.table
        cx = self.area.centerx
        text = self.t("cluck.round_of", n=m.round, total=MAX_ROUNDS)
        draw_text(
            surface, text, self.px(24), (cx, self.px(10)), theme.INK, bold=True, anchor="midtop"
        )
        variants = [
            self.t.pick(spec.name_en, spec.name_ja)
            for spec in OPTIONS
            if spec.key in ("long_road", "runaway") and self.state.options.get(spec.key)
        ]
        under = " · ".join(variants)
        if under:
            draw_text(
                surface, under, self.px(14), (cx, self.px(40)), theme.INK_SOFT, anchor="midtop"
            )

    def _draw_cards(self, surface) -> None:
        m = self.table
        over = self.state.is_over()
        winners = set(self.state.winners()) if over else set()
        for p, card in enumerate(self.cards):
            colour = self.seat_colour(p)
            active = (
                (m.turn == p and not over) if self.busy_animating() else (p in self.state.to_act())
            )
            draw_panel(surface, card, radius=12)
            stripe = pygame.Rect(card.x, card.y, self.px(8), card.height)
            pygame.draw.rect(
                surface, colour, stripe, border_top_left_radius=12, border_bottom_left_radius=12
            )
            if active:
                pygame.draw.rect(surface, colour, card, width=self.px(4), border_radius=12)
            icon = self._chicken_image(p, self.px(64))
            surface.blit(icon, icon.get_rect(center=self._anchor(("card", p))))
            seat = self.session.seats[p]
            name_x = card.x + self.px(84)
            draw_text(
                surface,
                seat.name,
                self.px(20),
                (name_x, card.y + self.px(12)),
                theme.INK,
                bold=True,
            )
            who = (
                self.t("app.human")
                if seat.human
                else (f"{self.t('app.computer')} · {self.t('app.level_' + seat.level)}")
            )
            draw_text(surface, who, self.px(13), (name_x, card.y + self.px(38)), theme.INK_SOFT)
            for i in range(m.hand_sizes[p]):
                x, y = self._anchor(("hand", p, i))
                back = pygame.Rect(0, 0, self.px(16), self.px(24))
                back.center = (int(x), int(y))
                pygame.draw.rect(surface, (185, 130, 74), back, border_radius=3)
                pygame.draw.rect(surface, BACK_EDGE, back, width=2, border_radius=3)
            hand_x = self._anchor(("hand", p, max(1, m.hand_sizes[p])))[0] - self.px(2)
            draw_text(
                surface,
                self.t("cluck.hand_count", n=m.hand_sizes[p]),
                self.px(13),
                (hand_x, card.y + self.px(76)),
                theme.INK_SOFT,
                anchor="midleft",
            )
            if m.start_player == p:
                badge = fonts.render(
                    self.t("cluck.start_badge"), self.px(12), theme.INK_LIGHT, bold=True
                )
                pill = badge.get_rect().inflate(self.px(12), self.px(6))
                pill.topleft = (name_x, card.y + self.px(96))
                pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=pill.height // 2)
                surface.blit(badge, badge.get_rect(center=pill.center))
            self._draw_stand(surface, p, card, colour, p in winners)

    def _draw_stand(self, surface, p: int, card: pygame.Rect, colour, winner: bool) -> None:
        count = self.table.stands[p]
        base_x, base_y = self._stand_pos(p, 0)
        post = pygame.Rect(0, 0, self.px(26), self.px(6))
        post.midtop = (int(base_x), int(base_y + self.px(2)))
        pygame.draw.rect(surface, (170, 120, 64), post, border_radius=3)
        size = self.px(24)
        chick = sprites.svg("cluck_chick.svg", size)
        for i in range(count):
            x, y = self._stand_pos(p, i)
            surface.blit(chick, chick.get_rect(midbottom=(x, y + self.px(3))))
        label = self.t("cluck.stand", n=count)
        draw_text(
            surface,
            label,
            self.px(18) if winner else self.px(16),
            (card.x + self.px(16), card.bottom - self.px(10)),
            theme.ACCENT_DARK if winner else theme.INK,
            bold=True,
            anchor="bottomleft",
        )
        if winner:
            draw_text(
                surface,
                "★",
                self.px(22),
                (card.right - self.px(12), card.y + self.px(8)),
                theme.ACCENT,
                bold=True,
                anchor="topright",
            )

    def _draw_stock(self, surface) -> None:
        m = self.table
        p = self.stock_panel
        draw_panel(surface, p, radius=12)
        basket = sprites.svg("cluck_basket.svg", self.px(66), self.px(52))
        surface.blit(basket, basket.get_rect(center=self.supply_pos))
        draw_text(
            surface,
            str(m.supply),
            self.px(22),
            (self.supply_pos[0], self.supply_pos[1] + self.px(28)),
            theme.INK,
            bold=True,
            anchor="midtop",
        )
        draw_text(
            surface,
            self.t("cluck.supply"),
            self.px(13),
            (self.supply_pos[0], p.y + self.px(6)),
            theme.INK_SOFT,
            anchor="midtop",
        )
        px, py = self.pile_pos
        for i in range(min(3, m.pile)):
            back = pygame.Rect(0, 0, self.px(54), self.px(30))
            back.center = (int(px - i * 2), int(py - i * 3))
            pygame.draw.rect(surface, (185, 130, 74), back, border_radius=4)
            pygame.draw.rect(surface, BACK_EDGE, back, width=2, border_radius=4)
        draw_text(
            surface,
            str(m.pile),
            self.px(22),
            (px, py + self.px(28)),
            theme.INK,
            bold=True,
            anchor="midtop",
        )
        draw_text(
            surface,
            self.t("cluck.pile"),
            self.px(13),
            (px, p.y + self.px(6)),
            theme.INK_SOFT,
            anchor="midtop",
        )
        nest = self.nest_rect
        draw_text(
            surface,
            self.t("cluck.nest_stack"),
            self.px(13),
            (nest.centerx, p.y + self.px(6)),
            theme.INK_SOFT,
            anchor="midtop",
        )
        if m.nest_stack:
            for i in range(min(len(m.nest_stack) - 1, 3), 0, -1):
                under = nest.move(i * self.px(3), i * self.px(3))
                pygame.draw.rect(surface, STRAW_EDGE, under, border_radius=self.px(5))
            image = self._tile_surface("goal", m.nest_stack[0], False, nest.width, nest.height)
            surface.blit(image, nest)
            # K-3: the whole stack is public, top first.
            order = " → ".join(m.nest_stack)
            room = p.right - self.px(8) - (self.pile_pos[0] + self.px(36))
            size = self.px(13)
            while size > self.px(9) and fonts.font(size, True).size(order)[0] > room:
                size -= 1
            draw_text(
                surface,
                order,
                size,
                (p.right - self.px(8), nest.bottom + self.px(12)),
                theme.INK_SOFT,
                bold=True,
                anchor="topright",
            )

    def _draw_hand_panel(self, surface, mode) -> None:
        panel = self.hand_panel
        draw_panel(surface, panel, radius=12)
        x, y, width = panel.x + self.px(14), panel.y + self.px(10), panel.width - self.px(28)
        viewer = self.private_player
        prompt, hint = self._prompt(mode)
        for line in fonts.wrap(prompt, self.px(17), width, bold=True)[:2]:
            draw_text(surface, line, self.px(17), (x, y), theme.INK, bold=True)
            y += self.px(23)
        for line in fonts.wrap(hint, self.px(14), width)[:3]:
            draw_text(surface, line, self.px(14), (x, y), theme.INK_SOFT)
            y += self.px(19)
        if viewer is None:
            return
        title = self.t("cluck.your_tiles")
        if self.session.seats[viewer].human and len(self.session.humans()) > 1:
            title = self.t("cluck.tiles_of", name=self.seat_name(viewer))
        draw_text(
            surface,
            title,
            self.px(13),
            (panel.x + self.px(14), self.hand_rects[0].y - self.px(18)),
            theme.INK_SOFT,
            bold=True,
        )
        self._draw_hand(surface, viewer, mode)

    def _draw_hand(self, surface, viewer: int, mode) -> None:
        """The private part of the table: only ever drawn for ``self.private_player``."""
        hand = self.table.hand
        for i, tile in enumerate(hand[: len(self.hand_rects)]):
            rect = self.hand_rect(i)
            selected = mode == "place" and tile == self.sel_tile
            turned = self._is_turned(tile) if mode == "place" else False
            image = self._tile_surface("road", tile, turned, rect.width, rect.height)
            if selected and self.spin < 1.0:
                angle = 180 * (1 - ease_in_out(self.spin))
                image = pygame.transform.rotate(image, angle)
            if mode not in (None, "place"):
                image = image.copy()
                image.set_alpha(200)
            surface.blit(image, image.get_rect(center=rect.center))
            draw_text(
                surface,
                str(i + 1),
                self.px(15),
                (rect.x - self.px(18), rect.centery),
                theme.INK_SOFT,
                bold=True,
                anchor="center",
            )
            draw_text(
                surface,
                str(tile),
                self.px(11),
                (rect.right - self.px(4), rect.bottom - self.px(2)),
                theme.INK_LIGHT,
                bold=True,
                anchor="bottomright",
            )
            if selected:
                pygame.draw.rect(
                    surface,
                    self.seat_colour(viewer),
                    rect.inflate(8, 8),
                    width=self.px(3),
                    border_radius=self.px(8),
                )
            elif mode == "place" and self.hover == i:
                pygame.draw.rect(
                    surface, theme.INK_SOFT, rect.inflate(8, 8), width=2, border_radius=self.px(8)
                )
                way = self.t("cluck.turned" if turned else "cluck.upright")
                draw_text(
                    surface,
                    way,
                    self.px(12),
                    (rect.right, rect.y - self.px(2)),
                    theme.INK_SOFT,
                    anchor="bottomright",
                )
        if mode == "place":
            for button in self.play_buttons:
                button.draw(surface)

    def _prompt(self, mode) -> tuple[str, str]:
        if mode == "hole":
            return (
                self.t("cluck.your_hole", name=self.seat_name(self._me())),
                self.t("cluck.hint_hole"),
            )
        if mode == "place":
            return (
                self.t("cluck.your_place", name=self.seat_name(self._me())),
                self.t("cluck.hint_place"),
            )
        m = self.table
        watching = self.private_player is None and self.session.humans()
        hint = self.t("cluck.watching") if watching else ""
        if self.state.is_over():
            return self.t("cluck.log.game_over", n=self.state.round), hint
        if m.stage == "end":
            return self.t("cluck.turn_walk"), hint
        turn = (
            m.turn
            if self.busy_animating()
            else (self.state.to_act()[0] if self.state.to_act() else None)
        )
        if turn is None:
            return "", hint
        key = "cluck.turn_place" if m.stage == "place" else "cluck.turn_hole"
        return self.t(key, name=self.seat_name(turn)), hint

    def _draw_flyer(self, surface, flyer: Flyer) -> None:
        a = self._anchor(flyer.src)
        b = self._anchor(flyer.dst)
        t = ease_in_out(flyer.t)
        x, y = lerp(a[0], b[0], t), lerp(a[1], b[1], t)
        y -= math.dist(a, b) * flyer.arc * 4 * t * (1 - t)
        if flyer.sprite == "chick":
            size = self._chick_size()
            image = sprites.svg("cluck_chick.svg", size)
            surface.blit(image, image.get_rect(center=(x, y)))
        elif flyer.sprite == "back":
            back = pygame.Rect(0, 0, self.px(22), self.px(32))
            back.center = (int(x), int(y))
            pygame.draw.rect(surface, (185, 130, 74), back, border_radius=3)
            pygame.draw.rect(surface, BACK_EDGE, back, width=2, border_radius=3)
        else:
            player = int(flyer.sprite.split(":")[1])
            size = int(lerp(self.px(64), self._chicken_size(), t))
            image = self._chicken_image(player, size)
            surface.blit(image, image.get_rect(midbottom=(x, y + size * 0.4)))

    def _draw_banner(self, surface) -> None:
        m = self.table
        if not m.banner or m.banner_alpha <= 1:
            return
        label = fonts.render(m.banner, self.px(40), theme.INK_LIGHT, bold=True)
        pill = label.get_rect(center=(self.area.centerx, self.area.y + self.area.height * 0.42))
        pill.inflate_ip(self.px(48), self.px(22))
        banner = pygame.Surface(pill.size, pygame.SRCALPHA)
        pygame.draw.rect(
            banner, (*theme.ACCENT, 255), banner.get_rect(), border_radius=pill.height // 2
        )
        pygame.draw.rect(
            banner,
            (*theme.ACCENT_DARK, 255),
            banner.get_rect(),
            width=3,
            border_radius=pill.height // 2,
        )
        banner.blit(label, label.get_rect(center=banner.get_rect().center))
        banner.set_alpha(int(m.banner_alpha))
        surface.blit(banner, pill)
