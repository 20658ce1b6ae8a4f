"""The hand-off curtain: "pass the screen to <name>". It is opaque: nothing of anyone's
private things shows behind it. It closes on Space, Enter or a click."""

from __future__ import annotations

from typing import Any

import pygame

from game.scenes.base import Scene
from game.ui import identity, theme
from game.ui.widgets import Button, draw_text, record_curtain


class HandoffScene(Scene):
    overlay = True
    opaque_overlay = True

    def __init__(
        self,
        app,
        name: str,
        colour=theme.ACCENT,
        on_ready=None,
        seat: int | None = None,
        cards: Any = None,
    ):
        super().__init__(app)
        self.name = name
        self.colour = colour
        self.on_ready = on_ready
        self.seat = seat  # whose turn: its mark is on the disc (issue #16)
        # the table's phone seats' QR cards (game.scenes.table.phones.PhoneCards), if any
        self.cards = cards

    def layout(self, size):
        super().layout(size)
        w, h = size
        self.buttons.clear()
        rect = pygame.Rect(0, 0, self.px(260), self.px(64))
        rect.center = (w // 2, h // 2 + self.px(110))
        self.buttons.add(
            Button(rect, self.t("app.ready"), self.ready, self.px(26), primary=True, key="ready")
        )
        self.buttons.focus = 0

    def open_pause(self) -> None:
        """The table's own pause menu (issue #27: the same items from the curtain as at
        the table: rules, save, settings, quit), or the plain one when no table is under
        the curtain (a screenshot)."""
        for scene in reversed(self.app.stack):
            if scene is not self and callable(getattr(scene, "open_pause", None)):
                scene.open_pause()
                return
        self.app.router.open("pause")

    def ready(self):
        self.app.pop()
        if self.on_ready:
            self.on_ready()

    def handle_event(self, event):
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.ready()
            return
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_SPACE,
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
        ):
            self.ready()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_pause()
            return
        super().handle_event(event)

    def draw(self, surface):
        w, h = surface.get_size()
        surface.fill(theme.CURTAIN)
        record_curtain(surface, self.seat)  # the secrecy audit's curtain frame (issue #36)
        for i in range(0, w, self.px(80)):  # stage-curtain folds
            pygame.draw.rect(surface, (46, 62, 92), (i, 0, self.px(40), h))
        pygame.draw.circle(surface, self.colour, (w // 2, h // 2 - self.px(120)), self.px(46))
        pygame.draw.circle(
            surface, theme.INK_LIGHT, (w // 2, h // 2 - self.px(120)), self.px(46), 4
        )
        if self.seat is not None:
            identity.draw_seat_mark(
                surface, self.seat, (w // 2, h // 2 - self.px(120)), self.px(56)
            )
        draw_text(
            surface,
            self.t("app.handoff_title", name=self.name),
            self.px(44),
            (w // 2, h // 2 - self.px(20)),
            theme.INK_LIGHT,
            bold=True,
            anchor="center",
        )
        draw_text(
            surface,
            self.t("app.handoff_hint", name=self.name),
            self.px(21),
            (w // 2, h // 2 + self.px(40)),
            (210, 220, 235),
            anchor="center",
        )
        super().draw(surface)
        self.draw_phone_card(surface)

    def draw_phone_card(self, surface) -> None:
        """Phones as hands (issue #29): a phone seat's QR card, when its phone does not
        hold the seat, under the Ready button (the table below keeps the cards)."""
        if self.cards is not None:
            self.cards.draw_on_curtain(self, surface)
