"""The Duck! Duck! Go! table's panels and action bar (painted on the
static layer by draw.py; the TableSeats of DuckTable).

The right column: the table's piles, one row per player (seat, duck, buoys, cards,
tokens, the card on the table), the hound board (advanced game) and the log. The action
bar under the board: the hint, the person's hand, the token tray, the buttons and the
tooltip of the thing under the pointer.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.duck.data import PATTERN_NAMES
from game.rules.duck.state import DuckState
from game.scenes.table.contract import TableHost
from game.scenes.table.frame import Header, Hint, SeatFace
from game.ui import fonts, identity, sprites, theme
from game.ui.widgets import draw_focus_ring, draw_icon, draw_panel, draw_text

from . import art
from .bar import HandBar
from .decisions import Decisions
from .model import DuckModel
from .seats import SeatPanels
from .targets import Targets
from .texts import Texts


class Panels(SeatPanels, HandBar):
    """The seat panels' contents, the piles, the hound board, the action bar and the hand."""

    def __init__(
        self,
        model: DuckModel,
        host: TableHost[DuckState],
        decisions: Decisions,
        texts: Texts,
        targets: Targets,
    ) -> None:
        self.model = model
        self.host = host
        self.decisions = decisions
        self.texts = texts
        self.targets = targets

    def draw_info(self, surface) -> None:
        """The table's piles in the tub's corner: the deck and (advanced) the token pool
        (beside the tray's tab while it is folded, issue #38)."""
        rect = self.targets.layout.piles()
        draw_panel(surface, rect, radius=10)
        items = [("card", self.model.shown.deck)]
        if self.host.state.advanced:
            items.append(("token", self.model.shown.pool))
        right = rect.right - self.host.px(10)
        size = self.host.text_px(15)
        for icon, count in reversed(items):
            t = draw_text(
                surface,
                str(count),
                size,
                (right, rect.centery),
                theme.INK,
                bold=True,
                anchor="midright",
                within=rect,
            )
            # icons >= 16 px (issue #27)
            if icon == "card":
                w = max(16, self.host.px(15))
                img = art.card_back(w, round(w / 0.72))
            else:
                img = sprites.svg("duck_token_back.svg", max(16, self.host.px(19)))
            at = (t.left - self.host.px(3), rect.centery)
            draw_icon(surface, img, at, icon, anchor="midright")
            right = t.left - img.get_width() - self.host.px(14)

    # -- what the frame's header, seat panels and bar say (a TableSeats) --------------------
    def header(self) -> Header:
        who, status = self.turn_status()
        round_ = self.host.t.round(self.host.session.state.round_number)
        return Header(round_, who, status, self.variant_label())

    def seat(self, player: int) -> SeatFace:
        return SeatFace(None, self.seat_highlight(player), self.seat_key(player))

    def portrait(self, player: int, size: int) -> pygame.Surface | None:
        return self.seat_portrait(player, size)

    def paint_extras(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        self.draw_seat_extras(surface, player, rect)

    def hint(self) -> Hint:
        return self.model.hint_now

    def subtitle(self, player: int) -> str | None:
        return self.seat_subtitle(player)

    def score_text(self, player: int, value: Any) -> str | None:
        return self.texts.score_text(player, value)

    def side_w(self, player: int) -> int:
        return self.seat_side_w(player)

    def paint_side(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        self.draw_seat_side(surface, player, rect)

    def paint_drawer_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The hound board in the open drawer, under the seat panels (issue #38; the
        advanced game): its patterns, whose it is; picked from in the tray."""
        if self.host.state.advanced:
            self.draw_hound_board(surface, rect, None, self.targets.layout.pattern_tiles(rect))

    def drawer_extra_key(self) -> tuple:
        sh = self.model.shown
        return (sh.controller, sh.patterns, self.host.state.advanced)

    def variant_label(self) -> str:
        board = self.host.state.board
        parts = [
            self.host.t.pick(board.name, board.name_ja),
            self.host.t(f"duck.variant.{self.host.state.variant}"),
        ]
        if self.host.state.official:
            parts.append(self.host.t("duck.variant.official"))
        return " · ".join(parts)

    def turn_status(self) -> tuple[int | None, str]:
        inputs = (
            len(self.host.session.actions),
            self.host.player.busy(),
            self.model.shown.mover,
            self.model.shown.hound_moving,
            self.host.private_player,
            self.model.ui_ver,
            self.host.app.top is self.host,
            self.host.t.lang,
        )
        if inputs != self.model.title_inputs:
            self.model.title_inputs = inputs
            self.model.title_now = self.texts.title()
        return self.model.title_now

    def card_image(self, card: int, width: int, height: int):
        """Card ``card``'s face, its routes filling the face (issue #38: at the hex size
        every card shared, a one-hex route filled a quarter of its card; the lattice
        under it says how far it goes): ``(image, labels)`` for :func:`art.put`
        (:func:`art.flat` for an image)."""
        return art.card_face(card, self.host.state.cards[card], width, height)

    def draw_hound_board(self, surface, rect: pygame.Rect, d, tiles: list[pygame.Rect]) -> None:
        """The hound board in ``rect``, its four patterns in ``tiles`` (picked from while
        ``d`` is the person's move of the hound)."""
        draw_panel(surface, rect, radius=10)
        title = self.host.t("duck.ui.hound_board")
        size = self.host.text_px(15)
        r = draw_text(
            surface,
            title,
            size,
            (rect.x + self.host.px(10), rect.y + self.host.px(6)),
            theme.INK,
            bold=True,
            within=rect,
        )
        controller = self.model.shown.controller
        if controller >= 0:  # the hound's control marker, and whose it is
            self._draw_controller(surface, rect, r, controller)
        data = self.host.state.options["hound"]["patterns"]
        picking = d is not None and d.of_hound
        hover = (
            self.model.hover.value
            if (self.model.hover is not None and self.model.hover.kind == "pattern")
            else None
        )
        focused = self.targets.focused_target(d) if picking else None
        for i, (letter, prect) in enumerate(zip(PATTERN_NAMES, tiles)):
            name = self.host.t.pick(data[i]["name_en"], data[i]["name_ja"])
            state = ""
            if letter in self.model.shown.patterns:
                state = "used"
            if picking:
                if letter in self.model.picks:
                    state = "picked"
                elif not self.decisions.pattern_ok(d, letter):
                    state = "off"
            tile = art.pattern_tile(
                letter, name, self.host.state.patterns[i], prect.width, prect.height, state
            )
            art.put(surface, tile, prect.topleft)
            if picking and self.model.keyboard and focused is not None and focused.value == letter:
                draw_focus_ring(surface, prect.inflate(4, 4), self.host.px(8))
            elif picking and hover == letter:
                pygame.draw.rect(
                    surface,
                    theme.ACCENT,
                    prect.inflate(4, 4),
                    width=3,
                    border_radius=self.host.px(8),
                )
            if picking and letter in self.model.picks:
                n = self.model.picks.index(letter) + 1
                draw_text(
                    surface,
                    str(n),
                    self.host.text_px(14),
                    (prect.right - self.host.px(6), prect.y + self.host.px(3)),
                    theme.ACCENT_DARK,
                    bold=True,
                    anchor="topright",
                )

    def _draw_controller(
        self, surface, rect: pygame.Rect, title: pygame.Rect, controller: int
    ) -> None:
        """After the hound board's title: the control marker, then "controlled by Nugget"
        (the name alone, or only the seat's mark, where that does not fit)."""
        px = self.host.px
        icon = max(16, px(18))
        badge = sprites.svg("duck_control.svg", icon)
        x = title.right + px(8)
        draw_icon(surface, badge, (x, title.centery), "control", anchor="midleft")
        x += badge.get_width() + px(4)
        room = rect.right - px(10) - x
        small = self.host.text_px(14)
        name = self.host.seat_name(controller)
        for text in (self.host.t("duck.ui.controlled", name=name), name):
            if fonts.font(small).size(text)[0] <= room:
                draw_text(
                    surface,
                    text,
                    small,
                    (x, title.centery),
                    theme.seat_ink(controller),
                    anchor="midleft",
                    within=rect,
                )
                return
        identity.draw_seat_mark(surface, controller, (x + icon / 2, title.centery), icon)
