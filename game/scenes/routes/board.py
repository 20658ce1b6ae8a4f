"""The Eight Routes board: 8 routes x 20 spaces (a static layer made once per layout),
the markers at rest and hopping, the score column, and the preview's ghost markers."""

from __future__ import annotations

import math

import pygame

from game.ui import fonts, identity, theme
from game.ui.tween import ease_in_out, ease_out_back, lerp
from game.ui.widgets import draw_panel, draw_text

from .host import RoutesHost
from .model import ROUTE_COLOURS, ROUTES, SPACES, Point


class BoardDrawing(RoutesHost):
    """The board (``self.board``) and what is on it."""

    def _static_board(self) -> pygame.Surface:
        if self._static is not None:
            return self._static
        board = self.board
        layer = pygame.Surface(board.size, pygame.SRCALPHA)
        ox, oy = -board.x, -board.y
        draw_panel(layer, layer.get_rect(), radius=self.px(12))
        scorer = self.state.scorer
        head_y = board.y + self.px(6) + oy + self.px(14)  # the second line of the head
        draw_text(
            layer,
            self.t("routes.route_head"),
            self.px(12),
            (self.lanes[0].x + ox + self.px(4), head_y + self.board_head // 2 - self.px(7)),
            theme.INK_SOFT,
            anchor="midleft",
        )
        for space in range(1, SPACES + 1):
            bold = space in (1, 5, 10, 15, 20)
            draw_text(
                layer,
                str(space),
                self.px(11),
                (self.cell_x(space) + ox, head_y + self.board_head // 2 - self.px(7)),
                theme.INK if bold else theme.INK_SOFT,
                bold=bold,
                anchor="center",
            )
        # the score column head: what it is, and each seat's mark (its colour and shape)
        draw_text(
            layer,
            self.t("routes.score_head"),
            self.px(12),
            (self.score_x + ox + self.score_w // 2, board.y + oy + self.px(5)),
            theme.INK_SOFT,
            bold=True,
            anchor="midtop",
        )
        n = self.session.players
        cw = self.score_w / n
        for p in range(n):
            identity.draw_seat_mark(
                layer,
                p,
                (self.score_x + ox + (p + 0.5) * cw, head_y + self.board_head // 2 - self.px(7)),
                min(self.px(15), cw - 2),
            )
        for r in range(ROUTES):
            route = r + 1
            lane = self.lanes[r].move(ox, oy)
            colour = ROUTE_COLOURS[r]
            pygame.draw.rect(
                layer, theme.mix(colour, (255, 255, 255), 0.72), lane, border_radius=self.px(8)
            )
            # label: badge, how it scores, its special power
            badge_c = (lane.x + self.px(17), lane.centery)
            pygame.draw.circle(layer, colour, badge_c, self.px(13))
            pygame.draw.circle(
                layer, theme.mix(colour, (0, 0, 0), 0.35), badge_c, self.px(13), max(1, self.px(2))
            )
            draw_text(
                layer, str(route), self.px(16), badge_c, theme.INK_LIGHT, bold=True, anchor="center"
            )
            text_x = lane.x + self.px(36)
            text_w = self.label_w - self.px(40)
            line1, line2 = self._route_label(route, scorer)
            self._fit_text(
                layer,
                line1,
                self.px(13),
                (text_x, lane.centery - self.px(1)),
                text_w,
                theme.INK,
                True,
                "bottomleft",
            )
            self._fit_text(
                layer,
                line2,
                self.px(12),
                (text_x, lane.centery + self.px(1)),
                text_w,
                theme.mix(colour, (0, 0, 0), 0.45),
                False,
                "topleft",
            )
            threshold = scorer.min_space[r]
            values = scorer.spaces[r]
            for space in range(1, SPACES + 1):
                cx = self.cell_x(space) + ox
                cell = pygame.Rect(0, 0, int(self.cell_w) - self.px(2), lane.h - self.px(6))
                cell.center = (int(cx), lane.centery)
                below = space < threshold
                fill = (228, 226, 222) if below else (255, 253, 248)
                pygame.draw.rect(layer, fill, cell, border_radius=self.px(4))
                edge = theme.mix(colour, (255, 255, 255), 0.35)
                if space == SPACES:
                    edge = (200, 150, 30)
                pygame.draw.rect(
                    layer,
                    edge,
                    cell,
                    width=max(1, self.px(2) if space == SPACES else 1),
                    border_radius=self.px(4),
                )
                if values is not None:
                    value = values[space - 1]
                    tint = (
                        theme.BAD
                        if value < 0
                        else (theme.INK_SOFT if value == 0 else (40, 110, 60))
                    )
                    draw_text(
                        layer,
                        str(value),
                        self.px(10),
                        (cell.centerx, cell.y + self.px(2)),
                        tint,
                        bold=True,
                        anchor="midtop",
                    )
            if threshold > 1:
                bar_x = int(self.cell_x(threshold) + ox - self.cell_w / 2)
                pygame.draw.line(
                    layer,
                    theme.ACCENT_DARK,
                    (bar_x, lane.y + self.px(2)),
                    (bar_x, lane.bottom - self.px(3)),
                    max(2, self.px(3)),
                )
            # the score column of this route
            col = pygame.Rect(self.score_x + ox, lane.y, self.score_w, lane.h)
            pygame.draw.rect(
                layer, theme.mix(colour, (255, 255, 255), 0.85), col, border_radius=self.px(8)
            )
        self._static = layer
        return layer

    def _draw_board(self, surface, shown: dict | None) -> None:
        surface.blit(self._static_board(), self.board.topleft)
        t = self.table
        if t.scoring_route is not None:
            lane = self.lanes[t.scoring_route - 1]
            pygame.draw.rect(
                surface,
                theme.ACCENT,
                lane.inflate(self.px(4), self.px(4)),
                width=max(2, self.px(3)),
                border_radius=self.px(9),
            )
        self._draw_score_column(surface, shown)
        self._draw_markers(surface)
        if shown is not None:
            self._draw_ghosts(surface, shown)
        for route, player, text, v in t.pops:
            spot = t.spots.get((route, player))
            if spot is None:
                continue
            x, y = self.marker_pos(route, spot[0], spot[1] + 1)
            image = fonts.render(text, self.px(18), theme.ACCENT_DARK, True)
            surface.blit(
                image,
                image.get_rect(midbottom=(x, y - self.px(24) * ease_out_back(min(1.0, v * 2)))),
            )

    def _draw_score_column(self, surface, shown) -> None:
        now = self.scores_now()["routes"]
        then = shown["routes"] if shown is not None else None
        n = self.session.players
        cw = self.score_w / n
        for r in range(ROUTES):
            lane = self.lanes[r]
            for p in range(n):
                value = now[r][p]
                colour = theme.INK if value else theme.INK_SOFT
                bold = False
                if then is not None and then[r][p] != value:
                    colour = theme.GOOD if then[r][p] > value else theme.BAD
                    value = then[r][p]
                    bold = True
                cx = self.score_x + (p + 0.5) * cw
                if bold:
                    box = pygame.Rect(0, 0, int(cw) - self.px(4), lane.h - self.px(14))
                    box.center = (int(cx), lane.centery)
                    pygame.draw.rect(surface, (255, 255, 255), box, border_radius=self.px(6))
                    pygame.draw.rect(
                        surface, colour, box, width=max(1, self.px(2)), border_radius=self.px(6)
                    )
                draw_text(
                    surface,
                    str(value) if value or bold else "·",
                    self.px(16),
                    (cx, lane.centery),
                    colour,
                    bold=bold or p == self.table.current,
                    anchor="center",
                )

    def _draw_markers(self, surface) -> None:
        t = self.table
        by_route: dict[int, list] = {}
        for (route, player), (space, stack, lift) in t.spots.items():
            by_route.setdefault(route, []).append((space, stack + lift, player))
        for route, items in by_route.items():
            items.sort()
            for space, level, player in items:
                x, y = self.marker_pos(route, space, level)
                if t.shake is not None and t.shake[:2] == (route, player):
                    x += math.sin(t.shake[2] * math.pi * 6) * self.px(4) * (1 - t.shake[2])
                image = self._marker_image(player)
                surface.blit(image, image.get_rect(midbottom=(x, y)))
        for (route, player), (a, a_stack, b, b_stack, v) in t.flights.items():
            x0, y0 = self.marker_pos(route, a, a_stack)
            x1, y1 = self.marker_pos(route, b, b_stack)
            e = ease_in_out(v)
            x = lerp(x0, x1, e)
            y = lerp(y0, y1, e) - math.sin(math.pi * v) * (self.px(14) + abs(x1 - x0) * 0.08)
            image = self._marker_image(player)
            if not a or not b:  # placed from the supply, or leaving the route
                image = image.copy()
                image.set_alpha(int(255 * (v if not a else 1 - v)))
            surface.blit(image, image.get_rect(midbottom=(x, y)))

    def _draw_ghosts(self, surface, shown) -> None:
        player = self.deciding()
        if player is None:  # (no preview is shown then)
            return
        before = self.state.markers()
        for r in range(ROUTES):
            old = {m["player"]: m for m in before[r]}
            for m in shown["markers"][r]:
                if m["player"] != player:
                    continue
                was = old.get(player)
                if was is not None and was["space"] == m["space"]:
                    continue
                x1, y1 = self.marker_pos(r + 1, m["space"], m["stack"])
                ghost = self._marker_image(player, ghost=True)
                surface.blit(ghost, ghost.get_rect(midbottom=(x1, y1)))
                pygame.draw.rect(
                    surface,
                    theme.ACCENT_DARK,
                    ghost.get_rect(midbottom=(x1, y1)).inflate(self.px(4), self.px(4)),
                    width=max(1, self.px(2)),
                    border_radius=self.px(5),
                )
                x0 = self.marker_pos(r + 1, was["space"] if was else 0, 0)[0]
                self._arrow(
                    surface,
                    (x0, y1 - self.marker_h - self.px(6)),
                    (x1, y1 - self.marker_h - self.px(6)),
                )
            now = {m["player"] for m in shown["markers"][r]}
            if player in old and player not in now:  # it would leave the route
                m = old[player]
                x, y = self.marker_pos(r + 1, m["space"], m["stack"])
                size = self.px(7)
                cy = y - self.marker_h / 2
                pygame.draw.line(
                    surface,
                    theme.BAD,
                    (x - size, cy - size),
                    (x + size, cy + size),
                    max(2, self.px(3)),
                )
                pygame.draw.line(
                    surface,
                    theme.BAD,
                    (x - size, cy + size),
                    (x + size, cy - size),
                    max(2, self.px(3)),
                )

    def _arrow(self, surface, a: Point, b: Point) -> None:
        if abs(b[0] - a[0]) < 2:
            return
        colour = theme.ACCENT_DARK
        width = max(2, self.px(2))
        pygame.draw.line(surface, colour, a, b, width)
        d = 1 if b[0] > a[0] else -1
        head = self.px(6)
        pygame.draw.polygon(
            surface,
            colour,
            [b, (b[0] - d * head, b[1] - head * 0.7), (b[0] - d * head, b[1] + head * 0.7)],
        )
