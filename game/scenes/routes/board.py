"""The Eight Routes board: eight routes drawn as tracks of 20 spaces (a static layer made
once per layout): each with its head (number, how it scores, its own action as an icon and
words), its spaces (the values of a position route printed on them, the spaces before a
threshold greyed) and its medals (the points of the ranks, with who holds each now); the
markers at rest stacked so that each one's edge and mark shows, the markers walking, and
the preview's ghost markers."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.rules.routes.table import ranking
from game.scenes.table.contract import TableHost
from game.ui import fonts, identity, smooth, theme
from game.ui.tween import ease_out_back, lerp
from game.ui.widgets import draw_icon, draw_text

from .art import ICONS, Art
from .model import HEAD_W, ROUTE_COLOURS, ROUTES, SPACES, Point, RoutesModel, Walk
from .texts import text_w

MIN_ICON_PX = 16  # no icon or mark a person reads is smaller (issue #27)
MEDALS = ((236, 190, 60), (200, 204, 212), (214, 146, 90), (236, 226, 206), (236, 226, 206))
MEDAL_EDGES = ((150, 110, 20), (120, 124, 134), (140, 86, 40), (170, 150, 120), (170, 150, 120))


class Board:
    """The routes (``model.routes_rect``) and what is on them."""

    def __init__(self, model: RoutesModel, host: TableHost, art: Art) -> None:
        self.model = model
        self.host = host
        self.art = art

    # -- the static layer -------------------------------------------------------------
    def _fit_size(self, text: str, size: int, width: float, bold: bool = False) -> int:
        """The biggest size from ``size`` down to the floor at which ``text`` fits."""
        while size > theme.MIN_TEXT_PX and fonts.font(size, bold).size(text)[0] > width:
            size -= 1
        return size

    def paint_routes(self, surface: pygame.Surface) -> None:
        """Every route's lane, head, spaces and medals (screen coordinates)."""
        scorer = self.host.state.scorer
        for r in range(ROUTES):
            self._paint_lane(surface, r + 1, scorer)

    def _paint_lane(self, surface, route: int, scorer) -> None:
        r = route - 1
        lane, colour = self.model.lanes[r], ROUTE_COLOURS[r]
        px = self.host.px
        smooth.rounded_rect(surface, theme.mix(colour, (255, 255, 255), 0.72), lane, px(8))
        self._paint_head(surface, route, scorer)
        # the track: a path in the route's colour with its 20 spaces on it
        first, last = self._cell_rect(route, 1), self._cell_rect(route, SPACES)
        path = first.union(last).inflate(px(6), px(4))
        smooth.rounded_rect(surface, theme.mix(colour, (255, 255, 255), 0.35), path, px(8))
        threshold = scorer.min_space[r]
        values = scorer.spaces[r]
        size = self.host.text_px(14)
        for space in range(1, SPACES + 1):
            cell = self._cell_rect(route, space)
            below = space < threshold
            fill = (222, 220, 216) if below else (255, 253, 248)
            smooth.rounded_rect(surface, fill, cell, px(5))
            if space == SPACES:  # the goal
                smooth.rounded_rect(surface, (200, 150, 30), cell, px(5), max(2, px(3)))
            if values is not None:  # a position route: the space's value, printed
                value = values[space - 1]
                tint = theme.BAD if value < 0 else (theme.INK_SOFT if not value else (34, 110, 56))
                text, bold = (f"−{-value}" if value < 0 else str(value)), True
            elif space in (1, 5, 10, 15, 20, threshold):  # a rank route: a few numbers
                tint = theme.mix(theme.INK_SOFT, fill, 0.3)
                text, bold = str(space), False
            else:
                continue
            draw_text(
                surface,
                text,
                self._fit_size(text, size, cell.w, bold),
                (cell.centerx, cell.y + px(1)),
                tint,
                bold=bold,
                anchor="midtop",
                within=cell,
            )
        if threshold > 1:  # a bar before the first space that scores
            bar_x = int(self.model.cell_x(threshold) - self.model.cell_w / 2)
            pygame.draw.line(
                surface,
                theme.ACCENT_DARK,
                (bar_x, lane.y + px(2)),
                (bar_x, lane.bottom - px(3)),
                max(2, px(3)),
            )

    def cell_rect(self, route: int, space: int) -> pygame.Rect:
        """Where space ``space`` of route ``route`` is on the board."""
        return self._cell_rect(route, space)

    def _cell_rect(self, route: int, space: int) -> pygame.Rect:
        lane = self.model.lanes[route - 1]
        cell = pygame.Rect(0, 0, int(self.model.cell_w) - self.host.px(3), lane.h - self.host.px(8))
        cell.center = (int(self.model.cell_x(space)), lane.centery)
        return cell

    # -- the heads: set out from what they hold (issue #27) ---------------------------
    def _badge_radius(self) -> int:
        return max(self.host.px(13), round(self.host.text_px(14) * 0.8))

    def _medal_pad(self) -> int:
        """The medal's rim and air around its number."""
        return max(2, self.host.px(4))

    def _medal_widths(self, route: int, size: int, d: int) -> list[int]:
        """Each medal of a rank route as wide as its number needs at ``size``."""
        ranks = self.host.state.scorer.ranks[route - 1] or ()
        pad = self._medal_pad()
        return [max(d, fonts.font(size, True).size(str(p))[0] + 2 * pad) for p in ranks]

    def _holder_step(self) -> int:
        """How far a medal's holder mark reaches past its medal (over the medal's rim and
        air, never its number), and the gap to the next medal."""
        return self.model.holder - self._medal_pad() + self.host.px(3)

    def _row_need(self, route: int, size: int, d: int, words_px: int, rows: int) -> int:
        """The width a head's lines need (after its number badge)."""
        px = self.host.px
        widths = self._medal_widths(route, size, d)
        medals = sum(widths) + len(widths) * self._holder_step()
        first, second = self.head_lines(route, self.host.state.scorer)
        icon = round(self.model.line_h * 0.95) + px(4) if ICONS.get(route) else 0
        row1 = medals + (px(6) + text_w(first, words_px, True) if first else 0)
        if rows == 1:
            return row1 + (px(6) + icon if icon else 0)
        return max(row1, icon + (text_w(second, words_px) if second else 0))

    def _cell_need(self) -> int:
        """The narrowest space that holds the widest value printed on a route (14 px)."""
        widest = 0
        for values in self.host.state.scorer.spaces:
            for v in values or ():
                text = f"−{-v}" if v < 0 else str(v)
                widest = max(widest, fonts.font(theme.MIN_TEXT_PX, True).size(text)[0])
        return widest + self.host.px(3) + 1

    def _head_texts(self) -> list[Callable[[float], int]]:
        """The text sizes a head may take, the person's first, then a tenth smaller each
        down to Normal (issue #38: at Larger text the lanes cannot hold both lines at the
        full size; the head's words shrink toward Normal before its rule text is dropped)."""
        px, text_px = self.host.px, self.host.text_px
        scale = text_px(100) / max(1, px(100))
        steps = [scale]
        while steps[-1] - 0.1 > 1.0 + 1e-6:
            steps.append(steps[-1] - 0.1)
        if steps[-1] > 1.0:
            steps.append(1.0)

        def sized(factor: float) -> Callable[[float], int]:
            return lambda value: max(theme.MIN_TEXT_PX, round(px(value) * factor))

        return [sized(factor) for factor in steps]

    def plan_heads(self, lane_h: int, routes_w: int) -> int:
        """Set out the heads for lanes ``lane_h`` px high in routes ``routes_w`` px wide;
        returns how wide the heads are.

        The medals' numbers keep their text size and their medals grow around them; the
        route's action goes on a second line when the lane holds both lines at their
        text size, else it goes (its icon stays, beside the medals; its words are in
        the head's tooltip). With a larger text size than Normal, the head's words take
        the largest size between the person's and Normal at which both lines fit, so
        the rule text stays (issue #38). Each medal keeps room on its right for who
        holds it (a mark of 16 px or more). The head widens to hold its lines, up to a
        third more than its design width and never so far that a space cannot hold its
        value; past that the numbers shrink (to 14 px), then their medals."""
        px, model = self.host.px, self.model
        pad, edge = self._medal_pad(), max(1, px(2))
        room = lane_h - px(2)
        texts = self._head_texts()
        text_px = texts[0]
        two = False
        for text in texts:
            line_h = round(text(15) * 1.22)
            if text(14) + 2 * edge + line_h <= room:
                two, text_px, model.line_h = True, text, line_h
                break
        n = text_px(14)
        model.head_px = text_px(15)
        if two:
            d = min(max(px(22), n + 2 * pad), room - model.line_h)
        else:
            model.line_h = round(text_px(15) * 1.22)
            d = min(max(px(28), n + 2 * pad), room)
        model.head_rows = rows = 2 if two else 1
        model.holder = max(MIN_ICON_PX, round(d * 0.5))
        left = px(6) + 2 * self._badge_radius() + px(6) + px(4)
        base = px(HEAD_W)
        cap = min(round(base * 4 / 3), routes_w - px(10) - SPACES * self._cell_need())
        cap = max(base, cap)

        def need(size: int, high: int, words: int) -> int:
            return left + max(self._row_need(r, size, high, words, rows) for r in range(1, 9))

        width = min(cap, max(base, need(n, d, text_px(15))))
        while n > theme.MIN_TEXT_PX and need(n, d, theme.MIN_TEXT_PX) > width:
            n -= 1
        while d > n + 2 * edge and need(n, d, theme.MIN_TEXT_PX) > width:
            d -= 1
        model.medal, model.medal_px = d, n
        return width

    def badge_mark(self, route: int) -> pygame.Rect:
        """Where a last move's mark rings a route's number badge (issue #38: the dice
        just drafted): shrunk so that the ring :class:`LastMoves` paints around it, halo
        and all, stays clear of the head's words beside the badge."""
        badge, px = self._head_parts(route)[0], self.host.px
        reach = (max(6, px(10)) + 4) // 2  # the ring's halo past the place it rings
        shrink = max(0, reach - px(6) + 1)
        return badge.inflate(-2 * shrink, -2 * shrink)

    def head_text(self, route: int) -> tuple[pygame.Rect, pygame.Rect]:
        """The boxes of a head's two lines of words (the second empty on one row)."""
        _badge, first, second, _radius = self._head_parts(route)
        return first, second

    def _head_parts(self, route: int) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, int]:
        """A head's number badge (its circle's box), its first line (the medals, or how
        the spaces score), its second line (a threshold or the route's action; none when
        the head has one row), and the badge's radius."""
        head, px = self.model.heads[route - 1], self.host.px
        radius = self._badge_radius()
        badge = pygame.Rect(head.x + px(6), head.centery - radius, 2 * radius, 2 * radius)
        x = badge.right + px(6)
        w = head.right - px(4) - x
        scorer = self.host.state.scorer
        first_h = self.model.medal if scorer.ranks[route - 1] is not None else self.model.line_h
        if self.model.head_rows == 1:
            first_h = max(first_h, self.model.line_h)
            first = pygame.Rect(x, head.centery - first_h // 2, w, first_h)
            return badge, first, pygame.Rect(x, first.bottom, w, 0), radius
        total = first_h + (self.model.line_h if self.head_lines(route, scorer)[1] else 0)
        top = head.centery - total // 2
        first = pygame.Rect(x, top, w, first_h)
        return badge, first, pygame.Rect(x, first.bottom, w, self.model.line_h), radius

    def head_lines(self, route: int, scorer) -> tuple[str, str]:
        """How a route scores in words when it is not shown by its medals (ER-30..ER-38,
        from the table), and what else it does."""
        r = route - 1
        tr = self.host.t
        ranks = scorer.ranks[r]
        if ranks is None:
            first = tr("routes.head_values")
            second = tr("routes.head_negative") if min(scorer.spaces[r]) < 0 else ""
        else:
            first = tr("routes.head_first") if len(ranks) == 1 else ""
            second = ""
            if scorer.min_space[r] > 1:
                second = tr("routes.head_from", n=scorer.min_space[r])
        special = {3: "head_c", 4: "head_d6", 5: "head_d", 6: "head_chip"}.get(route)
        if special:
            second = tr(f"routes.{special}")
        return first, second

    def _paint_head(self, surface, route: int, scorer) -> None:
        colour = ROUTE_COLOURS[route - 1]
        px = self.host.px
        badge, first_box, second_box, radius = self._head_parts(route)
        centre = (badge.x + radius, badge.y + radius)
        smooth.disc(surface, colour, centre, radius)
        smooth.ring(surface, theme.mix(colour, (0, 0, 0), 0.35), centre, radius, max(1, px(2)))
        draw_text(
            surface,
            str(route),
            self.host.text_px(16),
            badge.center,
            theme.INK_LIGHT,
            bold=True,
            anchor="center",
            within=badge.inflate(px(4), px(4)),
        )
        first, second = self.head_lines(route, scorer)
        size = self.model.head_px or self.host.text_px(15)
        x = first_box.x
        medals = self.medal_rects(route)
        edge = max(1, px(2))
        for i, (rect, points) in enumerate(zip(medals, scorer.ranks[route - 1] or ())):
            k = min(i, len(MEDALS) - 1)
            # a disc, or a pill when the number is wider than the disc
            smooth.pill(surface, MEDAL_EDGES[k], rect)
            smooth.pill(surface, MEDALS[k], rect.inflate(-2 * edge, -2 * edge))
            draw_text(
                surface,
                str(points),
                self.model.medal_px,
                rect.center,
                theme.INK,
                bold=True,
                anchor="center",
                within=rect,
            )
            x = rect.right + self._holder_step()  # (room for who holds it)
        one_row = self.model.head_rows == 1
        icon = self.art.route_icon(route, round(self.model.line_h * 0.95))
        if first:
            x += px(6) if medals else 0
            right = first_box.right - (icon.get_width() + px(6) if one_row and icon else 0)
            box = pygame.Rect(x, first_box.y, max(1, right - x), first_box.h)
            words = self._fit_size(first, size, box.w, True)
            shown = draw_text(
                surface,
                first,
                words,
                box.midleft,
                theme.INK,
                bold=True,
                anchor="midleft",
                within=box,
            )
            x = shown.right
        if one_row:  # the action's icon beside the medals; its words in the tooltip
            if icon is not None:
                draw_icon(
                    surface, icon, (x + px(6), first_box.centery), ICONS[route], "icon", "midleft"
                )
            return
        if not second:
            return
        tx = second_box.x
        if icon is not None:
            draw_icon(surface, icon, (tx, second_box.centery), ICONS[route], "icon", "midleft")
            tx += icon.get_width() + px(4)
        box = pygame.Rect(tx, second_box.y, second_box.right - tx, second_box.h)
        draw_text(
            surface,
            second,
            self._fit_size(second, size, box.w),
            box.midleft,
            theme.mix(colour, (0, 0, 0), 0.5),
            anchor="midleft",
            within=box,
        )

    def medal_rects(self, route: int) -> list[pygame.Rect]:
        _badge, first, _second, _r = self._head_parts(route)
        d = self.model.medal
        rects, x = [], first.x
        for w in self._medal_widths(route, self.model.medal_px, d):
            rects.append(pygame.Rect(x, first.centery - d // 2, w, d))
            x += w + self._holder_step()
        return rects

    # -- pieces at rest ---------------------------------------------------------------
    def _holders(self, route: int, spots: dict) -> list[int]:
        """Who holds each scoring rank of a rank route, best first (from the rules'
        ranking of these markers)."""
        r = route - 1
        ranks = self.host.state.scorer.ranks[r]
        if ranks is None:
            return []
        n = self.host.session.players
        pos, stamp = [0] * n, [0] * n
        for (rt, p), spot in spots.items():
            if rt == route:
                pos[p], stamp[p] = int(spot[0]), int(spot[1])
        return ranking(pos, stamp, self.host.state.scorer.min_space[r])[: len(ranks)]

    def paint_holders(self, surface, spots: dict) -> None:
        """Who holds each medal now: their mark (>= 16 px) on the medal's right rim, in
        the room the head leaves for it (issue #27: never over the medal's number)."""
        m = self.model.holder
        overlap = max(1, self.host.px(2))
        for route in range(1, ROUTES + 1):
            for rect, p in zip(self.medal_rects(route), self._holders(route, spots)):
                centre = (rect.right - overlap + m / 2, rect.bottom - m / 2)
                identity.draw_seat_mark(surface, p, centre, m)

    def resting(self) -> list[tuple[int, float, float, int]]:
        """The markers drawn in the layer at rest: (route, space, level, player), back to
        front (a marker still dropping after one below it left is drawn per frame)."""
        t = self.model.table
        shaking = t.shake[:2] if t.shake is not None else None
        out = [
            (route, space, stack, player)
            for (route, player), (space, stack, lift) in t.spots.items()
            if not lift and (route, player) != shaking
        ]
        out.sort()
        return out

    def paint_markers(self, surface, items) -> None:
        width = self.model.marker_width
        for route, space, level, player in items:
            pos = self.model.marker_pos(route, space, level)
            self.draw_marker(surface, player, pos, width(route, space, level))

    def draw_marker(
        self,
        surface,
        player: int,
        midbottom: Point,
        width: float,
        ghost: bool = False,
        alpha: float = 1.0,
    ) -> pygame.Rect:
        """A marker standing at ``midbottom``, written down as a piece, with its seat's
        mark on its edge (>= 16 px: issue #27); where it went."""
        image = self.art.marker_image(player, ghost=ghost, width=width)
        if alpha < 1:
            image = image.copy()
            image.set_alpha(int(255 * alpha))
        rect = draw_icon(surface, image, midbottom, "marker", "piece", "midbottom")
        # >= 16 px at 1280x720, scaled with the window (issue #38)
        mark = max(MIN_ICON_PX, self.host.px(MIN_ICON_PX), round(rect.h * 0.55))
        identity.draw_seat_mark(surface, player, (rect.centerx, rect.bottom - rect.h * 0.4), mark)
        return rect

    # -- per frame ----------------------------------------------------------------------
    def draw_moving(self, surface, shown: dict | None) -> None:
        t = self.model.table
        px = self.host.px
        if t.scoring_route is not None:
            lane = self.model.lanes[t.scoring_route - 1]
            smooth.rounded_rect(
                surface, theme.ACCENT, lane.inflate(px(4), px(4)), px(9), max(2, px(3))
            )
        shake = t.shake
        for (route, player), (space, stack, lift) in t.spots.items():
            shaking = shake is not None and shake[:2] == (route, player)
            if not lift and not shaking:
                continue
            x, y = self.model.marker_pos(route, space, stack + lift)
            if shake is not None and shaking:
                x += math.sin(shake[2] * math.pi * 6) * px(4) * (1 - shake[2])
            width = self.model.marker_width(route, space, stack + lift)
            self.draw_marker(surface, player, (x, y), width)
        for (route, player), walk in t.walks.items():
            self._draw_walk(surface, route, player, walk)
        if shown is not None:
            self._draw_ghosts(surface, shown)
        for route, player, text, v in t.pops:  # the points a route gives, over each marker
            spot = t.spots.get((route, player))
            if spot is None:
                continue
            x, y = self.model.marker_pos(route, spot[0], spot[1] + 1)
            size = self.host.text_px(16)
            pill = pygame.Rect(0, 0, text_w(text, size, True) + px(12), round(size * 1.4))
            pill.midbottom = (round(x), round(y - px(16) * ease_out_back(min(1.0, v * 2))))
            smooth.panel(
                surface,
                (255, 255, 255),
                pill,
                pill.h // 2,
                self.host.seat_colour(player),
                max(2, px(2)),
            )
            draw_text(
                surface, text, size, pill.center, theme.INK, True, "center", pill.inflate(0, 4)
            )

    def walk_point(self, route: int, player: int, walk: Walk) -> tuple[Point, float]:
        """Where a walking marker is, and how opaque: from (or to) its owner's panel
        through the air, then space by space along the route, a hop per space."""
        v = walk.t
        a, b = walk.a, walk.b
        seat = self.host.frame.seat_parts(player).portrait.center
        if not a or not b:
            split = 0.4
            on_route = a if a else b
            if (not a and v < split) or (not b and v > 1 - split):
                # through the air between the panel and the route's first space
                u = v / split if not a else (1 - v) / split
                end = self.model.marker_pos(route, 0, 0)
                x, y = lerp(seat[0], end[0], u), lerp(seat[1], end[1], u)
                y -= math.sin(math.pi * u) * self.host.px(40)
                return (x, y), min(1.0, 0.3 + u)
            u = (v - split) / (1 - split) if not a else v / (1 - split)
            a, b = (0, on_route) if not a else (on_route, 0)
            v = min(1.0, max(0.0, u))
        s = lerp(a, b, v)
        level = lerp(walk.a_stack if walk.a else 0, walk.b_stack if walk.b else 0, v)
        x, y = self.model.marker_pos(route, s, level)
        hop = abs(math.sin(math.pi * (s - a)))
        y -= hop * self.host.px(10)
        return (x, y), 1.0

    def _draw_walk(self, surface, route: int, player: int, walk: Walk) -> None:
        (x, y), alpha = self.walk_point(route, player, walk)
        s = lerp(walk.a, walk.b, walk.t)
        level = lerp(walk.a_stack if walk.a else 0, walk.b_stack if walk.b else 0, walk.t)
        on_route = min(max(s, 1), SPACES)
        width = self.model.marker_width(route, on_route, level)
        self.draw_marker(surface, player, (x, y), width, alpha=alpha)

    def _draw_ghosts(self, surface, shown) -> None:
        player = self.host.sharing.deciding()
        if player is None:  # (no preview is shown then)
            return
        px = self.host.px
        before = self.host.state.markers()
        for r in range(ROUTES):
            old = {m["player"]: m for m in before[r]}
            for m in shown["markers"][r]:
                if m["player"] != player:
                    continue
                was = old.get(player)
                if was is not None and was["space"] == m["space"]:
                    continue
                count = sum(1 for o in shown["markers"][r] if o["space"] == m["space"])
                x1, y1 = self.model.marker_pos(r + 1, m["space"], m["stack"], count)
                width = self.model.marker_width(r + 1, m["space"], m["stack"], count)
                rect = self.draw_marker(surface, player, (x1, y1), width, ghost=True)
                smooth.rounded_rect(
                    surface, theme.ACCENT_DARK, rect.inflate(px(4), px(4)), px(5), max(1, px(2))
                )
                x0 = self.model.marker_pos(r + 1, was["space"], 0)[0] if was else self.model.cells_x
                self._arrow(surface, (x0, rect.y - px(4)), (x1, rect.y - px(4)))
            now = {m["player"] for m in shown["markers"][r]}
            if player in old and player not in now:  # it would leave the route
                m = old[player]
                x, y = self.model.marker_pos(r + 1, m["space"], m["stack"])
                size, cy = px(7), y - self.model.marker_h / 2
                width = max(2, px(3))
                smooth.line(surface, theme.BAD, (x - size, cy - size), (x + size, cy + size), width)
                smooth.line(surface, theme.BAD, (x - size, cy + size), (x + size, cy - size), width)
        self._draw_medal_changes(surface, shown, player)

    def _draw_medal_changes(self, surface, shown, player: int) -> None:
        """The medals the option would win (green ring) or lose (red ring) the person."""
        then_spots = {
            (r + 1, m["player"]): [m["space"], m["stack"], 0.0]
            for r, stack in enumerate(shown["markers"])
            for m in stack
        }
        for route in range(1, ROUTES + 1):
            now = self._holders(route, self.model.table.spots)
            then = self._holders(route, then_spots)
            for i, rect in enumerate(self.medal_rects(route)):
                had = i < len(now) and now[i] == player
                gets = i < len(then) and then[i] == player
                if had != gets:
                    colour = theme.GOOD if gets else theme.BAD
                    smooth.rounded_rect(
                        surface,
                        colour,
                        rect.inflate(2 * self.host.px(3), 2 * self.host.px(3)),
                        rect.h // 2 + self.host.px(3),
                        max(2, self.host.px(3)),
                    )

    def _arrow(self, surface, a: Point, b: Point) -> None:
        if abs(b[0] - a[0]) < 2:
            return
        colour = theme.ACCENT_DARK
        width = max(2, self.host.px(2))
        smooth.line(surface, colour, a, b, width)
        smooth.arrowhead(surface, colour, b, a, self.host.px(8))
