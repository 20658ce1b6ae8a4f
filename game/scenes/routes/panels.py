"""The Eight Routes bar (beside the buttons: what the option looked at does, and the keys),
the round banner, and the tooltips that explain a word: a route's action, the dice
roller, the round chips, All and One, the keys (the rule sheet's shorthand lives there)."""

from __future__ import annotations

import pygame

from game.rules.routes import ChangeDie, PushMarker, TakeAll, TakeOne
from game.scenes.table.contract import TableHost
from game.ui import fonts, smooth, theme
from game.ui.choices import Choices
from game.ui.widgets import draw_panel, draw_text, lay, paint_picture

from .model import Choice, RoutesModel
from .seats import Seats
from .texts import Texts, text_w

ROUTE_TIPS = {3: "tip_c", 4: "tip_d6", 5: "tip_d", 6: "tip_chip"}


class Panels:
    """The bar's own parts, the banner and the tooltips."""

    def __init__(
        self,
        model: RoutesModel,
        host: TableHost,
        choices: Choices[Choice],
        texts: Texts,
        seats: Seats,
    ) -> None:
        self.model = model
        self.host = host
        self.choices = choices
        self.texts = texts
        self.seats = seats

    # -- the bar --------------------------------------------------------------------------
    def _bar_text_box(self) -> pygame.Rect:
        """The part of the controls row right of the buttons (what an option does), left
        of the Coach button (issue #40) and the Keys pill."""
        row = self.host.plan.controls
        right = self.coach_rect_left() - self.host.px(10)
        left = max(
            (b.rect.right for b in self.choices.controls if b.rect.colliderect(row)), default=row.x
        )
        left += self.host.px(12)
        return pygame.Rect(
            left, row.y + self.host.px(2), max(0, right - left), row.h - self.host.px(8)
        )

    def coach_place(self, w: int, h: int) -> pygame.Rect:
        """Where the table's Coach button (issue #40) stands in this game: left of the
        Keys pill on the controls row (the row's corner is the pill's)."""
        keys = self._keys_rect()
        rect = pygame.Rect(0, 0, w, min(h, self.host.plan.controls.h))
        rect.midright = (keys.x - self.host.px(8), keys.centery)
        return rect

    def coach_rect_left(self) -> int:
        """The left edge of what stands at the controls row's right: the Coach button
        while it is shown, else the Keys pill."""
        buttons = getattr(getattr(self.host, "buttons", None), "buttons", [])
        shown = [b.rect.x for b in buttons if b.key == "coach:ask"]
        return min([self._keys_rect().x, *shown])

    def _keys_rect(self) -> pygame.Rect:
        row = self.host.plan.controls
        size = self.host.text_px(14)
        w = text_w(self.host.t("routes.keys"), size) + self.host.px(16)
        rect = pygame.Rect(0, 0, w, round(size * 1.6))
        rect.midright = (row.right - self.host.px(10), row.centery - self.host.px(2))
        return rect

    def draw_bar_contents(self, surface, focus: Choice | None) -> None:
        if self.host.sharing.deciding() is None:
            return
        keys = self._keys_rect()
        smooth.rounded_rect(surface, theme.BUTTON_DISABLED, keys, keys.h // 2)
        draw_text(
            surface,
            self.host.t("routes.keys"),
            self.host.text_px(14),
            keys.center,
            theme.INK_SOFT,
            anchor="center",
            within=keys,
        )
        if focus is None or focus.action is None:
            return
        box = self._bar_text_box()
        text = self.texts.option_text(focus.action)
        size = self.host.text_px(15)
        lines = fonts.wrap(text, size, box.w, True)
        if len(lines) > 1:
            size = self.host.text_px(14)
            lines = fonts.wrap(text, size, box.w, True)
        line_h = round(size * 1.25)
        lines = lines[: max(1, box.h // line_h)]
        y = box.centery - line_h * len(lines) // 2
        for line in lines:
            draw_text(surface, line, size, (box.x, y), theme.BUTTON_FOCUS, bold=True, within=box)
            y += line_h

    # -- the banner -------------------------------------------------------------------------
    def draw_banner(self, surface) -> None:
        banner = self.model.table.banner
        if banner is None or banner[2] <= 0:
            return
        title, subtitle, alpha = banner
        px = self.host.px
        t_size, s_size = self.host.text_px(34), self.host.text_px(20)
        w = max(text_w(title, t_size, True), text_w(subtitle, s_size)) + px(60)
        box = pygame.Rect(0, 0, min(w, self.model.board.w - px(20)), px(110))
        box.center = self.model.routes_rect.center

        def paint(layer: pygame.Surface, inner: pygame.Rect) -> None:
            smooth.rounded_rect(layer, (*theme.BG_DARK, 235), inner, px(16))
            draw_text(
                layer, title, t_size, (box.w // 2, px(38)), theme.INK_LIGHT, True, "center", inner
            )
            draw_text(
                layer,
                subtitle,
                s_size,
                (box.w // 2, px(80)),
                (255, 214, 150),
                False,
                "center",
                inner,
            )

        picture = paint_picture(pygame.Surface(box.size, pygame.SRCALPHA), paint)
        picture.image.set_alpha(int(255 * alpha))
        lay(surface, picture, box.topleft)  # its texts where they land

    # -- tooltips ---------------------------------------------------------------------------
    def tips(self) -> list[tuple[pygame.Rect, str]]:
        """Places that explain themselves under the mouse, and what they say."""
        tr = self.host.t
        scorer = self.host.state.scorer
        out: list[tuple[pygame.Rect, str]] = []
        for r, head in enumerate(self.model.heads):
            route = r + 1
            ranks = scorer.ranks[r]
            if ranks is None:
                words = [tr("routes.tip_values", route=route)]
            elif len(ranks) == 1:
                words = [tr("routes.tip_first", route=route, points=ranks[0])]
            else:
                points = tr("routes.list_sep").join(map(str, ranks))
                words = [tr("routes.tip_ranks", route=route, points=points)]
            if scorer.min_space[r] > 1:
                words.append(tr("routes.tip_from", n=scorer.min_space[r]))
            if route in ROUTE_TIPS:
                words.append(tr(f"routes.{ROUTE_TIPS[route]}"))
            if route == 8:
                words.append(tr("routes.tip_ties"))
            out.append((head, " ".join(words)))
        for p in range(self.host.session.players):
            parts = self.host.frame.seat_parts(p)
            if self.model.table.parent == p:
                out.append((parts.portrait, tr("routes.tip_roller")))
            layout = self.seats.extras_layout(p, parts.extras)
            if "badge" in layout:
                out.append((layout["badge"][1], tr("routes.tip_roller")))
            size = layout["size"]
            for pos in layout["chips"]:
                chip = pygame.Rect(0, 0, size, size)
                chip.center = (round(pos[0]), round(pos[1]))
                out.append((chip, tr("routes.tip_chips")))
            if self.model.table.held[p]:
                die = pygame.Rect(0, 0, size, size)
                die.center = (round(layout["held"][0]), round(layout["held"][1]))
                face = self.model.table.held_face[p] or "?"
                out.append((die, tr("routes.tip_held", count=self.model.table.held[p], face=face)))
        for button in self.choices.controls:
            action = button.action
            if isinstance(action, TakeAll):
                out.append((button.rect, tr("routes.tip_all")))
            elif isinstance(action, TakeOne):
                out.append((button.rect, tr("routes.tip_one")))
            elif button.key == "mode:C" or isinstance(action, ChangeDie):
                out.append((button.rect, tr("routes.tip_c")))
            elif button.key == "mode:D" or isinstance(action, PushMarker):
                out.append((button.rect, tr("routes.tip_d")))
        if self.host.sharing.deciding() is not None:
            keys = {"main": "keys_main", "C": "keys_c", "D": "keys_route", "chip": "keys_chip"}
            out.append((self._keys_rect(), tr(f"routes.{keys[self.model.mode]}")))
        return out

    def draw_tooltip(self, surface) -> None:
        if self.choices.keyboard or self.choices.mouse[0] < 0:
            return
        for rect, text in self.tips():
            if rect.collidepoint(self.choices.mouse):
                self._tooltip(surface, text, rect)
                return

    def _tooltip(self, surface, text: str, under: pygame.Rect) -> None:
        """A wrapped tooltip under (or over) ``under``, kept inside the window."""
        px = self.host.px
        size = self.host.text_px(15)
        width = min(px(420), surface.get_width() - px(20))
        lines = fonts.wrap(text, size, width - px(16))
        line_h = round(size * 1.3)
        w = max(text_w(line, size) for line in lines) + px(18)
        box = pygame.Rect(0, 0, w, line_h * len(lines) + px(12))
        box.midtop = (under.centerx, under.bottom + px(6))
        if box.bottom > surface.get_height():
            box.midbottom = (under.centerx, under.y - px(6))
        box.clamp_ip(surface.get_rect())
        draw_panel(surface, box, fill=(255, 252, 236), radius=px(8))
        y = box.y + px(6)
        for line in lines:
            draw_text(surface, line, size, (box.x + px(9), y), theme.INK, within=box)
            y += line_h
