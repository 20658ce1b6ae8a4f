"""Where the Duck! Duck! Go! table's things lie in the shared frame (the tub and its
board, the hand column with the cards, the token tray and the buttons, the piles, the
hound board's patterns), the anchors things fly to, and the sprites turned to a heading
at the layout's size (cached per 5°)."""

from __future__ import annotations

import pygame

from game.scenes.frame_plan import TablePlan
from game.scenes.table.contract import TableHost
from game.ui import sprites, theme

from . import art
from .geometry import BoardGeometry
from .model import DuckModel

FELT = (214, 230, 236)
FELT_EDGE = (170, 196, 208)
ANGLE_STEP = 5  # degrees between cached rotations of a sprite
GOLD = (250, 196, 40)
HALO = (255, 236, 120)
SPRITE_SCALE = 1.75  # a duck sprite's width in hex sizes
HOUND_SCALE = 1.95


class Layout:
    """The layout's rects (in the model) and what is placed by them."""

    def __init__(self, model: DuckModel, host: TableHost) -> None:
        self.model = model
        self.host = host

    def sprite(
        self, name: str, size: int, angle: float, alpha: int = 255, ring=None
    ) -> pygame.Surface:
        """A sprite turned to ``angle`` (cached per whole ANGLE_STEP degrees), on its
        player-colour ring when ``ring`` is a colour."""
        step = round(angle / ANGLE_STEP) % (360 // ANGLE_STEP)
        key = (name, size, step, alpha, ring)
        image = self.model.rot.get(key)
        if image is None:
            if len(self.model.rot) > 2000:
                self.model.rot.clear()
            image = pygame.transform.rotozoom(sprites.svg(name, size), step * ANGLE_STEP, 1.0)
            if alpha < 255:
                image = image.copy()
                image.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
            if ring is not None:
                hs = self.model.geo.size
                radius = max(4, round(hs * 0.8))
                r = art.ring(ring, radius, max(2, round(hs * 0.12)))
                tip = radius + max(5, round(hs * 0.38))  # the facing wedge reaches this far
                w = max(image.get_width(), r.get_width(), 2 * tip + 4)
                h = max(image.get_height(), r.get_height(), 2 * tip + 4)
                both = pygame.Surface((w, h), pygame.SRCALPHA)
                both.blit(r, r.get_rect(center=(w // 2, h // 2)))
                art.facing_wedge(both, (w // 2, h // 2), radius, tip, step * ANGLE_STEP)
                both.blit(image, image.get_rect(center=(w // 2, h // 2)))
                art.ring_mark(both, ring, (w // 2, h // 2), radius)
                image = both
            self.model.rot[key] = image
        return image

    def plan(self, size: tuple[int, int]) -> TablePlan:
        """The shared frame: header, seat panels (and the hound board under them), log,
        and a bar for the hint lines under the board."""
        return self.host.plan_frame(
            size,
            bar_h=76,
            hint_lines=3,
            seat_h=(56, 86),
            extra_h=128 if self.host.state.advanced else 0,
        )

    def cut(self, plan: TablePlan) -> None:
        """Place the table's things in the frame's ``plan`` (a new window size)."""
        size = self.host.size
        self.model.header, self.model.rows = plan.header, plan.seats
        self.model.hound_rect, self.model.log_rect = plan.extra, plan.log
        gap = self.host.px(8)
        # the person's hand stands beside the tub, from its top to the bar's bottom: cards
        # big enough to compare their routes, the token tray, the buttons (issue #17)
        hand_w = min(self.host.px(300), plan.board.w // 3)
        self.model.hand_rect = pygame.Rect(
            plan.board.right - hand_w, plan.board.y, hand_w, plan.bar.bottom - plan.board.y
        )
        self.model.board_rect = plan.board.copy()
        self.model.board_rect.w -= hand_w + gap
        self.model.bar = plan.bar
        self.model.bar.w = self.model.board_rect.w
        plan.hint.w = self.model.bar.w - self.host.px(24)
        # the table's piles (deck, token pool) in the tub's bottom-right corner
        piles_w = self.host.px(130 if self.host.state.advanced else 70)
        self.model.info_rect = pygame.Rect(0, 0, piles_w, self.host.px(34))
        self.model.info_rect.bottomright = (
            self.model.board_rect.right - self.host.px(10),
            self.model.board_rect.bottom - self.host.px(10),
        )
        right_w = plan.side.w
        tw = (right_w - self.host.px(20) - 3 * self.host.px(8)) // 4
        self.model.pattern_rects = []
        if self.model.hound_rect:
            for i in range(4):
                self.model.pattern_rects.append(
                    pygame.Rect(
                        self.model.hound_rect.x + self.host.px(10) + i * (tw + self.host.px(8)),
                        self.model.hound_rect.y + self.host.px(30),
                        tw,
                        self.model.hound_rect.height - self.host.px(38),
                    )
                )
        # the board, fitted and centred; its piles keep the bottom-right corner
        area = self.model.board_rect.inflate(-self.host.px(16), -self.host.px(16))
        area.height -= self.host.px(14)
        self.model.geo = BoardGeometry(self.host.state.board.coords, area, self.host.px(6))
        # the hand column: the cards at the top, then the token tray, the buttons below
        h = self.model.hand_rect.inflate(-self.host.px(20), -self.host.px(20))
        button_h = max(32, self.host.px(42))
        self.model.buttons_rect = pygame.Rect(h.x, 0, h.w, 3 * button_h + 2 * self.host.px(6))
        self.model.buttons_rect.bottom = h.bottom
        bottom = self.model.buttons_rect.y - self.host.px(10)
        self.model.tray_rect = None
        if self.host.state.advanced:
            tray_h = self.host.text_px(14) + self.host.px(12) + 2 * self.host.px(44)
            self.model.tray_rect = pygame.Rect(h.x, bottom - tray_h, h.w, tray_h)
            bottom = self.model.tray_rect.y - self.host.px(10)
        self.model.cards_top = h.y + self.host.px(12)
        self.model.cards_rect = pygame.Rect(h.x, h.y, h.w, bottom - h.y)
        self.model.card_h = self.model.cards_rect.h - self.host.px(12)
        self.model.card_w = round(self.model.card_h * 0.72)
        self.model.rot.clear()
        self.model.preview_cache.clear()
        self.model.targets_key = None
        self.model.background = self._paint_background(size)
        self.model.touch()

    def _paint_background(self, size) -> pygame.Surface:
        surface = pygame.Surface(size)
        surface.fill(theme.BG)
        tub = self.model.board_rect
        radius = self.host.px(22)
        pygame.draw.rect(surface, FELT, tub, border_radius=radius)
        # bathroom tiles on the wall behind the tub
        tile = max(8, self.host.px(34))
        line = (200, 220, 228)
        clip = surface.get_clip()
        surface.set_clip(tub.inflate(-self.host.px(4), -self.host.px(4)))
        for x in range(tub.x, tub.right, tile):
            pygame.draw.line(surface, line, (x, tub.y), (x, tub.bottom))
        for y in range(tub.y, tub.bottom, tile):
            pygame.draw.line(surface, line, (tub.x, y), (tub.right, y))
        surface.set_clip(clip)
        pygame.draw.rect(surface, FELT_EDGE, tub, width=2, border_radius=radius)
        art.paint_board(surface, self.model.geo, self.host.state.board)
        return surface

    def card_rects(self, count: int, first_gap: bool = False) -> list[pygame.Rect]:
        """Where ``count`` cards lie in the hand column: the biggest cards for which a
        grid of them fits (a card on the table, ``first_gap``, is the first of them)."""
        area = self.model.cards_rect.copy()
        area.y += self.host.px(12)  # room for a chosen card to lift
        area.h -= self.host.px(12)
        gap = self.host.px(8)
        best: tuple[float, int] = (0.0, 1)
        for cols in range(1, max(1, count) + 1):
            rows = -(-max(1, count) // cols)
            w = min((area.w - gap * (cols - 1)) / cols, ((area.h - gap * (rows - 1)) / rows) * 0.72)
            if w > best[0]:
                best = (w, cols)
        w, cols = best
        w = max(8, round(min(w, self.host.px(150))))
        h = round(w / 0.72)
        rects = []
        for i in range(count):
            row, col = divmod(i, cols)
            rects.append(pygame.Rect(area.x + col * (w + gap), area.y + row * (h + gap), w, h))
        return rects

    def token_rects(self, tray: pygame.Rect, count: int) -> list[pygame.Rect]:
        size, step = self.host.px(38), self.host.px(44)
        return [
            pygame.Rect(
                tray.x + self.host.px(6) + (i % 4) * step,
                tray.y + self.host.px(26) + (i // 4) * step,
                size,
                size,
            )
            for i in range(count)
        ]

    def row_anchor(self, player: int, what: str) -> tuple[float, float]:
        """Where things fly to in a player's panel: 'buoys', 'hand', 'tokens', 'card'."""
        parts = self.host.seat_parts(player)
        x, y = parts.extras.x, parts.extras.centery
        if what == "buoys":
            return x + self.host.px(30), y
        if what == "hand":
            return x + self.host.px(100), y
        if what == "tokens":
            return x + self.host.px(150), y
        side = parts.side if parts.side.w else parts.extras
        return side.center

    def deck_anchor(self) -> tuple[float, float]:
        return self.model.info_rect.x + self.host.px(20), self.model.info_rect.centery

    def pool_anchor(self) -> tuple[float, float]:
        return self.model.info_rect.right - self.host.px(20), self.model.info_rect.centery
