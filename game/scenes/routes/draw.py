"""The Eight Routes frame: the header, the lid with its dice, the parent's d6, the dice
in flight, and the players' panel (chips, dice taken, totals)."""

from __future__ import annotations

import math

import pygame

from game.ui import fonts, identity, theme
from game.ui.tween import ease_in_out, lerp
from game.ui.widgets import draw_panel, draw_text

from .host import RoutesHost
from .model import ROUTE_COLOURS

FELT = (47, 106, 88)
FELT_LIGHT = (64, 128, 108)
FELT_EDGE = (34, 82, 66)


class Drawing(RoutesHost):
    """``draw_table``: the whole table, back to front."""

    # -- the frame ---------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        focus = self.attention()
        action = focus.action if focus is not None else None  # (steps are never a focus here)
        shown = self.preview(action) if action is not None else None
        self._draw_header(surface)
        self._draw_board(surface, shown)
        # (at the end the lid and the players' totals stay: the points per route are in
        # the board's score column, and the end screen's table shows them all by seat)
        self._draw_lid(surface, shown)
        self._draw_players(surface, shown)
        if self.table.d6 is not None:
            self._draw_d6(surface)
        self._draw_loose(surface)
        self._draw_action_panel(surface, focus)
        self.draw_log(surface, self.log_rect)
        self._draw_banner(surface)

    # -- header ------------------------------------------------------------------------
    def _draw_header(self, surface) -> None:
        t = self.table
        if not t.round:
            return
        x, cy = self.header.x, self.header.centery
        pill = fonts.render(
            self.t("routes.round", n=t.round, total=t.rounds), self.px(20), theme.INK_LIGHT, True
        )
        box = pill.get_rect(midleft=(x + self.px(14), cy)).inflate(self.px(24), self.px(10))
        pygame.draw.rect(surface, theme.BG_DARK, box, border_radius=box.h // 2)
        surface.blit(pill, pill.get_rect(center=box.center))
        x = box.right + self.px(18)
        if t.parent is not None:
            crown = self._icon("routes_parent.svg", self.px(28), self.px(22))
            surface.blit(crown, crown.get_rect(midleft=(x, cy)))
            x = draw_text(
                surface,
                self.t("routes.parent", name=self.seat_name(t.parent)),
                self.px(18),
                (x + self.px(34), cy),
                theme.INK,
                anchor="midleft",
            ).right
            x += self.px(22)
        if t.current is not None:
            marker = self._marker_image(t.current)
            surface.blit(marker, marker.get_rect(midleft=(x, cy)))
            draw_text(
                surface,
                self.t("routes.phase", name=self.seat_name(t.current)),
                self.px(18),
                (x + marker.get_width() + self.px(8), cy),
                theme.INK,
                bold=True,
                anchor="midleft",
            )

    # -- lid ---------------------------------------------------------------------------
    def _draw_lid(self, surface, shown: dict | None = None) -> None:
        """The lid's eight squares; with a preview (``shown``), the dice the option would
        take away fade and the die it would turn (C) shows in its new square, faint, with
        both squares outlined."""
        t = self.table
        after = shown["lid"] if shown is not None else t.lid
        lid = self.lid_rect
        image = self._images.get("lid")
        if image is None:  # the SVG keeps its aspect ratio: stretch it to the layout's lid
            image = pygame.transform.smoothscale(
                self._icon("routes_lid.svg", lid.w, lid.h), lid.size
            )
            self._images["lid"] = image
        surface.blit(image, lid.topleft)
        draw_text(
            surface,
            self.t("routes.lid"),
            self.px(12),
            (lid.centerx, lid.y + self.px(2)),
            (255, 236, 200),
            bold=True,
            anchor="midtop",
        )
        deciding = self.deciding() is not None
        for i, sq in enumerate(self.squares):
            face = i + 1
            count = t.lid[i]
            pygame.draw.rect(surface, FELT_LIGHT if count else FELT, sq, border_radius=self.px(8))
            pygame.draw.rect(
                surface, FELT_EDGE, sq, width=max(1, self.px(2)), border_radius=self.px(8)
            )
            badge = pygame.Rect(sq.x + self.px(4), sq.y + self.px(4), self.px(18), self.px(18))
            pygame.draw.rect(surface, ROUTE_COLOURS[i], badge, border_radius=self.px(4))
            draw_text(
                surface,
                str(face),
                self.px(14),
                badge.center,
                theme.INK_LIGHT,
                bold=True,
                anchor="center",
            )
            if count:
                draw_text(
                    surface,
                    f"×{count}",
                    self.px(13),
                    (badge.centerx, badge.bottom + self.px(3)),
                    (235, 245, 235),
                    bold=True,
                    anchor="midtop",
                )
            then = after[i]
            room = max(count, then)
            for index in range(room):
                pos, size = self.slot(face, index, room)
                image = self._die_image(face, size, self._rest_angle(face, index))
                if index >= min(count, then):  # leaving, or arriving, if chosen
                    image = image.copy()
                    image.set_alpha(110)
                surface.blit(image, image.get_rect(center=pos))
            if then != count:
                pygame.draw.rect(
                    surface,
                    theme.GOOD if then > count else theme.BAD,
                    sq,
                    width=max(2, self.px(3)),
                    border_radius=self.px(8),
                )
            if deciding and self.mode == "main" and self._control(f"take:{face}") is not None:
                hot = self._square_at(self.mouse) == face and not self.keyboard
                pygame.draw.rect(
                    surface,
                    theme.ACCENT_DARK if hot else (255, 214, 120),
                    sq,
                    width=max(2, self.px(4 if hot else 2)),
                    border_radius=self.px(8),
                )

    def _draw_d6(self, surface) -> None:
        """The parent's personal d6 (ER-10), rolled in front of the parent."""
        d6 = self.table.d6
        assert d6 is not None  # (draw_table draws it only while there is one)
        face, v, alpha = d6
        size = self.px(30)
        start = self.lid_rect.midbottom
        parent = self.table.parent if self.table.parent is not None else 0
        row = self.player_row(parent)
        end = (row.x + self.px(196), row.centery)
        e = 1 - (1 - v) ** 2
        x = lerp(start[0], end[0], e)
        y = lerp(start[1], end[1], e) - abs(math.sin(v * math.pi * 2.5)) * self.px(30) * (1 - v)
        shown = face if v >= 0.85 else (int(v * 17) % 6) + 1
        image = self._icon("routes_d6.svg", size).copy()
        pip = max(2, size // 10)
        spots = {
            1: [(0.5, 0.5)],
            2: [(0.28, 0.28), (0.72, 0.72)],
            3: [(0.28, 0.28), (0.5, 0.5), (0.72, 0.72)],
            4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
            5: [(0.28, 0.28), (0.72, 0.28), (0.5, 0.5), (0.28, 0.72), (0.72, 0.72)],
            6: [(0.28, 0.25), (0.72, 0.25), (0.28, 0.5), (0.72, 0.5), (0.28, 0.75), (0.72, 0.75)],
        }[shown]
        for sx, sy in spots:
            pygame.draw.circle(
                image, (255, 255, 255), (int(size * sx), int(size * (0.05 + sy * 0.82))), pip
            )
        image = pygame.transform.rotate(image, int((1 - v) * 540) // 10 * 10)
        image.set_alpha(int(255 * alpha))
        surface.blit(image, image.get_rect(center=(x, y)))
        if v >= 1:
            label = fonts.render(
                self.t("routes.d6_label", route=face), self.px(14), theme.INK_LIGHT, True
            )
            box = label.get_rect(midleft=(x + size * 0.7, y)).inflate(self.px(10), self.px(4))
            pygame.draw.rect(surface, (150, 40, 40), box, border_radius=self.px(6))
            label.set_alpha(int(255 * alpha))
            surface.blit(label, label.get_rect(center=box.center))

    def _draw_loose(self, surface) -> None:
        for die in self.table.loose:
            v = die.t
            e = ease_in_out(v) if not die.bounces else v
            x0, y0 = die.src()
            x1, y1 = die.dst()
            x, y = lerp(x0, x1, e), lerp(y0, y1, e)
            if die.bounces:
                y -= abs(math.sin(v * math.pi * die.bounces)) * self.px(40) * (1 - v)
            y -= math.sin(math.pi * v) * self.px(die.hop)
            size = self.px(lerp(die.size0, die.size1, e))
            angle = die.angle + die.spin * (1 - v) if die.bounces else die.angle + die.spin * v
            image = self._die_image(die.shown_face(), size, angle)
            if die.fade:
                image = image.copy()
                image.set_alpha(int(255 * (1 - v)))
            surface.blit(image, image.get_rect(center=(x, y)))
        chip = self.table.flying_chip
        if chip is not None:
            number, pos = chip
            self._draw_chip(surface, number, True, pos, self.px(22))

    # -- players -----------------------------------------------------------------------
    def _draw_players(self, surface, shown) -> None:
        t = self.table
        totals = self.scores_now()["totals"]
        then = shown["totals"] if shown is not None else None
        for p in range(self.session.players):
            row = self.player_row(p)
            current = p == t.current
            fill = (255, 240, 214) if current else theme.PANEL
            draw_panel(
                surface,
                row,
                fill=fill,
                edge=theme.ACCENT if current else theme.PANEL_EDGE,
                radius=self.px(10),
            )
            if current:
                pygame.draw.rect(
                    surface, theme.ACCENT, row, width=max(2, self.px(3)), border_radius=self.px(10)
                )
            marker = self._marker_image(p)
            surface.blit(
                marker, marker.get_rect(center=(row.x + self.px(20), row.centery - self.px(5)))
            )
            # the seat's mark, big enough to read, on the small marker's lower right (the
            # round chips start just right of it)
            identity.draw_seat_mark(
                surface, p, (row.x + self.px(29), row.centery + self.px(7)), self.px(16)
            )
            name_pos = (row.x + self.px(40), row.y + self.px(2))
            name_rect = draw_text(
                surface, self.seat_name(p), self.px(15), name_pos, theme.INK, bold=current
            )
            if p == t.parent:
                crown = self._icon("routes_parent.svg", self.px(22), self.px(17))
                surface.blit(
                    crown, crown.get_rect(midleft=(name_rect.right + self.px(6), name_rect.centery))
                )
                draw_text(
                    surface,
                    self.t("routes.parent_short"),
                    self.px(12),
                    (name_rect.right + self.px(31), name_rect.centery),
                    theme.INK_SOFT,
                    anchor="midleft",
                )
            # round chips (face up / face down) and dice taken this round; the chip the
            # person may turn now is ringed
            offer = self.mode == "chip" and self.deciding() == p
            for k, (number, up) in enumerate(t.chips[p]):
                if offer and up:
                    offer = False
                    pygame.draw.circle(
                        surface, theme.ACCENT, self.chip_pos(p, k), self.px(12), max(2, self.px(3))
                    )
                squash = 1.0
                if t.flip is not None and t.flip[:2] == (p, number):
                    squash = max(0.08, abs(math.cos(math.pi * t.flip[2])))
                    up = up and t.flip[2] < 0.5
                pos = self.chip_pos(p, k)
                self._draw_chip(surface, number, bool(up), pos, self.px(17), squash)
            if t.held[p]:
                hx, hy = self.held_pos(p)
                die = self._die_image(t.held_face[p] or 0, self.px(19))
                surface.blit(die, die.get_rect(center=(hx, hy)))
                draw_text(
                    surface,
                    f"×{t.held[p]}",
                    self.px(13),
                    (hx + self.px(11), hy),
                    theme.INK_SOFT,
                    anchor="midleft",
                )
            # the total now, and with the option looked at
            right = row.right - self.px(12)
            if then is not None and then[p] != totals[p]:
                colour = theme.GOOD if then[p] > totals[p] else theme.BAD
                r = draw_text(
                    surface,
                    str(then[p]),
                    self.px(22),
                    (right, row.centery),
                    colour,
                    bold=True,
                    anchor="midright",
                )
                draw_text(
                    surface,
                    f"{totals[p]} →",
                    self.px(16),
                    (r.x - self.px(6), row.centery),
                    theme.INK_SOFT,
                    anchor="midright",
                )
            else:
                draw_text(
                    surface,
                    str(totals[p]),
                    self.px(22),
                    (right, row.centery),
                    theme.INK,
                    bold=True,
                    anchor="midright",
                )
