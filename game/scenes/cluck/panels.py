"""The Cluck-peep! table's own blocks on the shared frame: the supply block beside the
ladder (the chick supply, the road pile, the nest stack in its public order) and, in the
frame's bar, the person's hand of road tiles side by side with the Turn over / Place
buttons (drawn only for ``private_player``)."""

from __future__ import annotations

import pygame

from game.scenes.table.contract import TableHost
from game.scenes.table.frame_plan import has_bar
from game.ui import fonts, smooth, sprites, theme
from game.ui.tween import ease_in_out
from game.ui.widgets import draw_icon, draw_text, draws_secrets, lay

from .art import BACK_EDGE, BACK_FILL, STOCK, STRAW_EDGE, Art
from .controls import Controls
from .layout import Layout
from .log import Texts
from .model import CluckModel


class Panels:
    """The supply block and the person's hand."""

    def __init__(
        self,
        model: CluckModel,
        host: TableHost,
        parts: tuple[Layout, Art, Texts, Controls],
    ) -> None:
        self.model = model
        self.host = host
        self.layout, self.art, self.texts, self.controls = parts

    # -- the supply block -----------------------------------------------------------------
    def draw_stock(self, surface) -> None:
        model, host = self.model, self.host
        m = model.table
        soft, small = theme.INK_SOFT, host.text_px(14)
        count_px = host.text_px(22)
        for title, box in (
            ("cluck.supply", model.supply_title),
            ("cluck.pile", model.pile_title),
            ("cluck.nest_stack", model.nest_title),
        ):
            draw_text(surface, host.t(title), small, box.midtop, soft, anchor="midtop", within=box)
        pic = model.supply_count.y - model.supply_title.bottom
        basket = sprites.svg("cluck_basket.svg", round(pic * 1.25), pic)
        draw_icon(surface, basket, model.supply_pos, "cluck_basket.svg", anchor="center")
        for value, box in ((m.supply, model.supply_count), (m.pile, model.pile_count)):
            draw_text(
                surface,
                str(value),
                count_px,
                box.midtop,
                theme.INK,
                bold=True,
                anchor="midtop",
                within=box,
            )
        px, py = model.pile_pos
        back_w, back_h = round(pic * 1.1), round(pic * 0.62)
        for i in range(min(3, m.pile)):
            back = pygame.Rect(0, 0, back_w, back_h)
            back.center = (round(px - i * 2), round(py - i * 3))
            smooth.panel(surface, BACK_FILL, back, 4, BACK_EDGE, 2)
        nest = model.nest_rect
        if m.nest_stack:
            for i in range(min(len(m.nest_stack) - 1, 3), 0, -1):
                under = nest.move(i * host.px(3), i * host.px(3))
                smooth.rounded_rect(surface, STRAW_EDGE, under, host.px(5))
            picture = self.art.tile_picture(
                "goal", m.nest_stack[0], False, nest.width, nest.height, STOCK
            )
            lay(surface, picture, nest)
            self._draw_nest_order(surface, m.nest_stack)
        if self.layout.max_scroll() > 0:
            self._draw_scroll_tip(surface)

    def _draw_nest_order(self, surface, stack: list[str]) -> None:
        """K-3: the whole stack is public, top first: its names flow over lines."""
        box = self.model.nest_order
        size = self.host.text_px(14)
        face = fonts.font(size, True)
        line_h = round(size * 1.35)
        x, y = box.x, box.y
        for i, tile in enumerate(stack):
            word = self.texts.tile_name(tile) + (" →" if i < len(stack) - 1 else "")
            w = face.size(word)[0]
            if x > box.x and x + w > box.right:
                x, y = box.x, y + line_h
            if y + line_h > box.bottom:
                return
            draw_text(surface, word, size, (x, y), theme.INK_SOFT, bold=True, within=box)
            x += w + face.size(" ")[0]

    def _draw_scroll_tip(self, surface) -> None:
        """The ladder is longer than its frame: how to scroll it, under the nest stack."""
        stock = self.model.stock_rect
        size = self.host.text_px(14)
        line_h = round(size * 1.3)
        lines = fonts.wrap(self.host.t("cluck.scroll_hint"), size, stock.w - self.host.px(8))
        y = stock.bottom - line_h * len(lines)
        for line in lines:
            at = (stock.centerx, y)
            draw_text(surface, line, size, at, theme.INK_SOFT, anchor="midtop", within=stock)
            y += line_h

    # -- the bar: the person's tiles --------------------------------------------------------
    def draw_hand_bar(self, surface, mode) -> None:
        host = self.host
        viewer = host.private_player
        if viewer is None or not host.session.seats[viewer].human or not has_bar(host.plan):
            return  # no hand here (no bar: every person plays from a phone, issue #39)
        title = host.t("cluck.your_tiles")
        if len(host.driver.local_seats()) > 1:
            title = host.t("cluck.tiles_of", name=host.seat_name(viewer))
        box = self.model.hand_title
        size = host.text_px(15)
        lines = fonts.wrap(title, size, box.w, bold=True)
        line_h = round(size * 1.3)
        y = box.centery - line_h * len(lines) // 2
        for line in lines[: max(1, box.h // line_h)]:
            draw_text(surface, line, size, (box.x, y), theme.INK, bold=True, within=box)
            y += line_h
        self.draw_hand(surface, viewer, mode)

    @draws_secrets
    def draw_hand(self, surface, viewer: int, mode) -> None:
        """The private part of the table: only ever drawn for the host's
        ``private_player`` (written down as ``viewer``'s secrets, issue #36)."""
        m, px = self.model, self.host.px
        hand = m.table.hand
        for i, tile in enumerate(hand[: len(m.hand_rects)]):
            rect = self.layout.hand_rect(i)
            selected = mode == "place" and tile == m.sel_tile
            turned = self.controls.is_turned(tile) if mode == "place" else False
            picture = self.art.tile_picture("road", tile, turned, rect.width, rect.height)
            image = picture.image
            if selected and m.spin < 1.0:
                angle = 180 * (1 - ease_in_out(m.spin))
                image = pygame.transform.rotozoom(image, angle, 1.0)
            if mode not in (None, "place"):
                image = image.copy()
                image.set_alpha(200)
            lay(surface, picture._replace(image=image), image.get_rect(center=rect.center))
            self._hand_caption(surface, i, tile, turned if mode == "place" else None)
            if selected:
                smooth.rounded_rect(
                    surface, self.host.seat_colour(viewer), rect.inflate(px(8), px(8)), px(8), px(3)
                )
            elif mode == "place" and m.hover == i:
                smooth.rounded_rect(surface, theme.INK_SOFT, rect.inflate(px(8), px(8)), px(8), 2)
        if mode == "place":
            for button in m.play_buttons:
                button.draw(surface)

    def _hand_caption(self, surface, index: int, tile: int, turned: bool | None) -> None:
        """Above a hand tile: its key (1-3), its number and, while placing, which way up."""
        host, px = self.host, self.host.px
        rect = self.layout.hand_rect(index)
        caption_h = self.model.caption_h
        if not caption_h:  # a low bar: the tiles have the row (issue #27)
            return
        box = pygame.Rect(rect.x, rect.y - caption_h - px(3), rect.w, caption_h)
        size = host.text_px(14)
        key = pygame.Rect(box.x, box.y, box.h, box.h)
        smooth.panel(surface, theme.PANEL, key, px(4), theme.INK_SOFT, 1)
        draw_text(
            surface,
            str(index + 1),
            size,
            key.center,
            theme.INK,
            bold=True,
            anchor="center",
            within=key,
        )
        text_box = pygame.Rect(key.right + px(6), box.y, box.right - key.right - px(6), box.h)
        texts = [host.t("cluck.tile_n", n=tile)]
        if turned is not None:
            way = host.t("cluck.turned" if turned else "cluck.upright")
            texts.insert(0, host.t("cluck.tile_way", n=tile, way=way))
        face = fonts.font(size)
        text = next((t for t in texts if face.size(t)[0] <= text_box.w), "")
        if text:
            draw_text(
                surface,
                text,
                size,
                (text_box.x, text_box.centery),
                theme.INK_SOFT,
                anchor="midleft",
                within=text_box,
            )
