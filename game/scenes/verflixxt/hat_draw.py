"""The hat draw of Verflixxt!'s expansion (VX-22) on the table: a panel over the board
with each seat's cards turned up and the hats given, kept as one picture until it changes."""

from __future__ import annotations

import pygame

from game.rules.verflixxt.decisions import DrawForHats
from game.scenes.table.contract import TableHost
from game.ui import fonts, smooth, theme
from game.ui.widgets import draw_icon, draw_panel, draw_text, lay, record_icon

from .art import Art
from .layout import Layout
from .model import VerflixxtModel, asked_now


class HatDrawPanel:
    """The hat draw's panel (shown while ``model.table.contest`` is set)."""

    def __init__(self, model: VerflixxtModel, host: TableHost, art: Art, layout: Layout) -> None:
        self.model = model
        self.host = host
        self.art = art
        self.layout = layout

    def key(self) -> tuple | None:
        """What the hat draw shows, if it is on."""
        t = self.model.table
        if t.contest is None:
            return None
        return (
            tuple(tuple(cards) for cards in t.contest.values()),
            t.current,
            isinstance(asked_now(self.host.state), DrawForHats),
            t.contest_alpha,
        )

    def draw(self, surface) -> None:
        """The hat draw (expansion 2): each seat's cards turned up, the hats given."""
        t = self.model.table
        rect = self.layout.contest_rect()
        key = (
            tuple(tuple(cards) for cards in (t.contest or {}).values()),
            t.current,
            isinstance(asked_now(self.host.state), DrawForHats),
            tuple(sorted((hat, wearer or "") for hat, wearer in t.hats.items())),
        )
        picture = self.host.frame.cached("contest", key, rect, self._paint)
        if t.contest_alpha < 1:
            picture = picture._replace(image=picture.image.copy())
            picture.image.set_alpha(int(255 * max(0.0, t.contest_alpha)))
        lay(surface, picture, rect)
        record_icon(surface, rect, "hat draw", "cover")  # the tiles under it show no values

    def _paint(self, layer: pygame.Surface, area: pygame.Rect) -> None:
        t = self.model.table
        rect = self.layout.contest_rect()
        draw_panel(layer, area, fill=(255, 250, 240), radius=self.host.px(14))
        inner = area.inflate(-self.host.px(20), -self.host.px(8))
        title = self.host.text_px(20)
        draw_text(
            layer,
            self.host.t("verflixxt.contest_title"),
            title,
            (area.w // 2, self.host.px(10)),
            theme.ACCENT_DARK,
            bold=True,
            anchor="midtop",
            within=inner,
        )
        size = self.host.text_px(14)
        y = self.host.px(10) + round(title * 1.35)
        for line in fonts.wrap(self.host.t("verflixxt.contest_rule"), size, inner.w):
            draw_text(
                layer, line, size, (area.w // 2, y), theme.INK_SOFT, anchor="midtop", within=inner
            )
            y += round(size * 1.3)
        cards_x = self.layout.contest_cards_x() - rect.x
        for p in range(self.host.session.players):
            row = self.layout.contest_row(p).move(-rect.x, -rect.y)
            if p == t.current and isinstance(asked_now(self.host.state), DrawForHats):
                smooth.rounded_rect(layer, (255, 232, 200), row, self.host.px(8))
            # a pawn 16 px wide at least (issue #27)
            icon = self.art.pawn_icon(p, max(24, min(row.h - self.host.px(4), self.host.px(28))))
            draw_icon(
                layer, icon, (row.x + self.host.px(6), row.centery), f"pawn:{p}", anchor="midleft"
            )
            name_box = pygame.Rect(
                row.x + self.host.px(32), row.y, cards_x - row.x - self.host.px(40), row.h
            )
            name, name_size = fonts.fit(
                self.host.seat_name(p), self.host.text_px(16), name_box.w, 14, True
            )
            draw_text(
                layer,
                name,
                name_size,
                name_box.midleft,
                theme.INK,
                bold=True,
                anchor="midleft",
                within=name_box,
            )
            card_h = min(row.h - self.host.px(4), self.host.px(38))
            for k, card in enumerate((t.contest or {}).get(p, [])):
                stamp = self.art.card_image(card, int(card_h * 0.74), card_h)
                stamp.draw(
                    layer, stamp.get_rect(center=(cards_x + k * self.host.px(34), row.centery))
                )
            for hat, wearer in t.hats.items():
                if wearer is not None and int(wearer[:-1]) == p:
                    image = self.art.hat_image(hat, self.host.px(30))
                    at = (row.right - self.host.px(6), row.centery)
                    draw_icon(layer, image, at, f"hat:{hat}", anchor="midright")
