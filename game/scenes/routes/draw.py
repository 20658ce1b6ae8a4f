"""The Eight Routes table back to front: the still picture (the board painted once per
layout, the box lid, the pieces at rest, the bar), kept by the compositor
(game/scenes/table/compose.py) with the frame around it, then what moves: dice in
flight, the dice roller's red die, markers walking, round chips, the banner."""

from __future__ import annotations

import math

import pygame

from game.scenes.table.contract import TableHost
from game.ui import smooth, theme
from game.ui.choices import Choices
from game.ui.tween import ease_in_out, lerp
from game.ui.widgets import Picture, draw_icon, draw_panel, draw_text, lay, paint_picture

from .art import Art
from .board import Board
from .model import ROUTE_COLOURS, Choice, RoutesModel
from .panels import Panels
from .seats import Seats
from .texts import text_w

FELT = (47, 106, 88)
FELT_LIGHT = (64, 128, 108)
FELT_EDGE = (34, 82, 66)
FELT_EMPTY = (40, 94, 78)  # a square with no die on it
CARDBOARD = (141, 106, 67)
CARDBOARD_LIGHT = (183, 141, 93)


class Drawing:
    """The whole table, back to front, in the compositor's two layers."""

    def __init__(
        self,
        model: RoutesModel,
        host: TableHost,
        choices: Choices[Choice],
        parts: tuple[Art, Board, Seats, Panels],
    ) -> None:
        self.model = model
        self.host = host
        self.choices = choices
        self.art, self.board, self.seats, self.panels = parts
        self._board_picture: Picture | None = None  # the board, the routes, the lid's box

    def forget(self) -> None:
        """A new layout: the board is painted again."""
        self._board_picture = None

    def paint_over(self, surface: pygame.Surface) -> None:
        self.panels.draw_tooltip(surface)  # over the buttons, like the undo button's reason

    # -- the still picture and what moves (game.scenes.table.compose) -------------------
    def static_key(self) -> tuple:
        return (
            tuple(self.board.resting()),
            tuple(self.model.table.lid),
            self.host.t.lang,
            self.seats.hint(),
        )

    def paint_static(self, surface: pygame.Surface) -> None:
        """Everything that stands still: the board (its panel, the routes, the lid's box:
        painted once per layout), the pieces at rest on it and the bar with its hint."""
        board = self._board_picture
        if board is None:
            board = self._board_picture = paint_picture(
                self._window_layer(), lambda layer, _rect: self._paint_static(layer)
            )
        lay(surface, board, (0, 0))
        self._paint_pieces(surface, self.board.resting())
        self.host.frame.draw_bar(surface)

    def paint_moving(self, surface: pygame.Surface) -> None:
        focus = self.choices.attention()
        action = focus.action if focus is not None else None  # (steps are never a focus here)
        shown = self.choices.preview(action) if action is not None else None
        if shown is not None:
            self._draw_lid_preview(surface, shown)
        self._draw_lid_offers(surface)
        self.board.draw_moving(surface, shown)
        self.seats.draw_overlays(surface)
        self.panels.draw_bar_contents(surface, focus)
        if self.model.table.d6 is not None:
            self._draw_d6(surface)
        self._draw_loose(surface)
        self.panels.draw_banner(surface)

    # -- the layers at rest -----------------------------------------------------------
    def _window_layer(self) -> pygame.Surface:
        layer = pygame.Surface(self.host.size)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            layer = layer.convert()
        layer.fill(theme.BG)
        return layer

    def _paint_static(self, surface: pygame.Surface) -> None:
        """What never moves: the board's panel, the routes, the lid's box."""
        draw_panel(surface, self.model.board, radius=self.host.px(12))
        self.board.paint_routes(surface)
        self._paint_lid(surface)

    def _paint_pieces(self, surface: pygame.Surface, resting) -> None:
        """What stands still between two events: the markers, who holds the medals, the
        dice in the lid."""
        t = self.model.table
        self.board.paint_holders(surface, t.spots)
        self.board.paint_markers(surface, resting)
        for i in range(8):
            self._paint_square(surface, i, t.lid[i])

    # -- the lid ------------------------------------------------------------------------
    def _paint_lid(self, surface) -> None:
        """The lid turned over as a dice tray: a cardboard rim with its name, the felt."""
        lid, px = self.model.lid_rect, self.host.px
        smooth.rounded_rect(surface, CARDBOARD, lid, px(12))
        smooth.rounded_rect(surface, CARDBOARD_LIGHT, lid.inflate(-px(4), -px(4)), px(10))
        smooth.rounded_rect(surface, (107, 76, 44), self.model.felt.inflate(px(4), px(4)), px(8))
        smooth.rounded_rect(surface, FELT, self.model.felt, px(7))
        draw_text(
            surface,
            self.host.t("routes.lid"),
            self.host.text_px(15),
            self.model.lid_title.center,
            (66, 44, 20),
            bold=True,
            anchor="center",
            within=self.model.lid_title,
        )

    def _paint_square(self, surface, i: int, count: int) -> None:
        """Sorting square ``i``: its number (in its route's colour), how many dice lie
        there and the dice themselves."""
        sq, badge, px = self.model.squares[i], self.model.badges[i], self.host.px
        fill = FELT_LIGHT if count else FELT_EMPTY
        smooth.panel(surface, fill, sq, px(8), FELT_EDGE, max(1, px(2)))
        smooth.rounded_rect(surface, ROUTE_COLOURS[i], badge, px(5))
        draw_text(
            surface,
            str(i + 1),
            self.host.text_px(15),
            badge.center,
            theme.INK_LIGHT,
            bold=True,
            anchor="center",
            within=badge.inflate(px(4), px(4)),
        )
        if count:  # beside the number, on its row
            box = pygame.Rect(badge.right + px(4), badge.y, sq.right - px(4) - badge.right, 0)
            box.h = badge.h
            draw_text(
                surface,
                f"×{count}",
                self.host.text_px(15),
                box.midleft,
                (235, 245, 235),
                bold=True,
                anchor="midleft",
                within=box,
            )
        self._paint_dice(surface, i + 1, count, count)

    def _paint_dice(self, surface, face: int, count: int, then: int) -> None:
        """The dice on square ``face``: ``count`` there now; with a preview, the ones the
        option takes away (or brings, C) faint."""
        room = max(count, then)
        for index in range(room):
            pos, size = self.model.slot(face, index, room)
            image = self.art.die_image(face, size, self.model.rest_angle(face, index))
            if index >= min(count, then):  # leaving, or arriving, if chosen
                image = image.copy()
                image.set_alpha(110)
            draw_icon(surface, image, pos, f"die:{face}", "piece", "center")

    def draw_lid(self, surface, shown: dict | None = None) -> None:
        """The whole lid, with a preview (``shown``): the dice the option would take away
        fade and the die it would turn (C) shows in its new square, faint, with both
        squares outlined."""
        self._paint_lid(surface)
        for i in range(8):
            self._paint_square(surface, i, self.model.table.lid[i])
        if shown is not None:
            self._draw_lid_preview(surface, shown)

    def _draw_lid_preview(self, surface, shown: dict) -> None:
        lid = self.model.table.lid
        for i, then in enumerate(shown["lid"]):
            count = lid[i]
            if then == count:
                continue
            sq = self.model.squares[i]
            area = self.model.dice_areas[i]
            pygame.draw.rect(surface, FELT_LIGHT if count else FELT_EMPTY, area)
            self._paint_dice(surface, i + 1, count, then)
            smooth.rounded_rect(
                surface,
                theme.GOOD if then > count else theme.BAD,
                sq,
                self.host.px(8),
                max(2, self.host.px(3)),
            )

    def _draw_lid_offers(self, surface) -> None:
        """Squares the person may take from are ringed; the one under the mouse more."""
        if self.host.sharing.deciding() is None or self.model.mode != "main":
            return
        hot_face = 0 if self.choices.keyboard else self.model.square_at(self.choices.mouse)
        for i, sq in enumerate(self.model.squares):
            if self.choices.control(f"take:{i + 1}") is None:
                continue
            hot = hot_face == i + 1
            smooth.rounded_rect(
                surface,
                theme.ACCENT_DARK if hot else (255, 214, 120),
                sq,
                self.host.px(8),
                max(2, self.host.px(4 if hot else 2)),
            )

    # -- things in flight ---------------------------------------------------------------
    def _draw_d6(self, surface) -> None:
        """The dice roller's red die (ER-10): rolled from the roller's panel onto the head
        of the route it shows, where it says which route moves."""
        d6 = self.model.table.d6
        assert d6 is not None  # (draw_table draws it only while there is one)
        face, v, alpha = d6
        px = self.host.px
        size = px(34)
        parent = self.model.table.parent if self.model.table.parent is not None else 0
        start = self.host.frame.seat_parts(parent).portrait.center
        head = self.model.heads[face - 1]
        end = (head.right - size * 0.6, head.centery)
        e = 1 - (1 - v) ** 2
        x = lerp(start[0], end[0], e)
        y = lerp(start[1], end[1], e) - abs(math.sin(v * math.pi * 2.5)) * px(30) * (1 - v)
        shown = face if v >= 0.85 else (int(v * 17) % 6) + 1
        image = self.art.icon("routes_d6.svg", size).copy()
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
        image = pygame.transform.rotozoom(image, int((1 - v) * 540) // 10 * 10, 1.0)
        image.set_alpha(int(255 * alpha))
        surface.blit(image, image.get_rect(center=(x, y)))
        if v >= 1:  # the label over the lane, above the head's words
            text = self.host.t("routes.red_die", route=face)
            size_t = self.host.text_px(15)
            label = pygame.Rect(0, 0, 0, 0)
            label.w = text_w(text, size_t, True) + px(12)
            label.h = round(size_t * 1.4)
            label.midleft = (end[0] + size * 0.6, y)
            label.clamp_ip(self.model.board)
            pygame.draw.rect(surface, (150, 40, 40), label, border_radius=px(6))
            draw_text(
                surface,
                text,
                size_t,
                label.center,
                theme.INK_LIGHT,
                bold=True,
                anchor="center",
                within=label,
            )

    def _draw_loose(self, surface) -> None:
        for die in self.model.table.loose:
            v = die.t
            e = ease_in_out(v) if not die.bounces else v
            x0, y0 = die.src()
            x1, y1 = die.dst()
            x, y = lerp(x0, x1, e), lerp(y0, y1, e)
            if die.bounces:
                y -= abs(math.sin(v * math.pi * die.bounces)) * self.host.px(40) * (1 - v)
            y -= math.sin(math.pi * v) * self.host.px(die.hop)
            size = self.host.px(lerp(die.size0, die.size1, e))
            angle = die.angle + die.spin * (1 - v) if die.bounces else die.angle + die.spin * v
            image = self.art.die_image(die.shown_face(), size, angle)
            if die.fade:
                image = image.copy()
                image.set_alpha(int(255 * (1 - v)))
            surface.blit(image, image.get_rect(center=(x, y)))
