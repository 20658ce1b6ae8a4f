"""The end screen's buttons as the result panel lays them (issue #38): Look at the
table, Watch again (issue #28), Look back (issue #40), Play again and Menu (the menu in
the place of both at a network game's end), Details in the short result, and the small
bar while the table is looked at. The result panel (:mod:`.result_panel`) says where
they go; this part makes them, each bound to the end screen's action, into its row."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.scenes.table.result_model import EndedTable
from game.session import Session
from game.ui import fonts
from game.ui.widgets import Button, ButtonGroup

__all__ = ["ButtonsOwner", "ResultButtons"]


class ButtonsOwner(Protocol):
    """What the buttons read of the end screen that holds them (a
    :class:`~game.scenes.table.end_screen.GameOverScene`): its row of buttons, its words
    and sizes, the game's session, and what each button does."""

    @property
    def game(self) -> EndedTable: ...

    @property
    def again(self) -> bool:
        """Play again is offered (False: a network game's end, the host's table)."""
        ...

    @property
    def buttons(self) -> ButtonGroup: ...

    def px(self, value: float) -> int: ...

    def t(self, key: str, **fields: Any) -> str: ...

    def toggle(self) -> None: ...

    def toggle_details(self) -> None: ...

    def watch_again(self) -> None: ...

    def look_back(self) -> None: ...

    def play_again(self) -> None: ...

    def to_menu(self) -> None: ...


class ResultButtons:
    """Makes the end screen's buttons at the places the result panel chose."""

    def __init__(self, owner: ButtonsOwner) -> None:
        self.owner = owner
        self.buttons = owner.buttons
        self.px = owner.px
        self.t = owner.t

    def compact(self, placed: dict[int, pygame.Rect], labels: list[str], size: int) -> None:
        """The short result's buttons at ``placed`` (by their index in ``labels``: look,
        watch, again, menu, details, look back)."""
        self.buttons.add(Button(placed[0], labels[0], self.owner.toggle, size, key="look"))
        self.watch(placed[1], size)
        self.look_back(placed[5], size)
        if self.owner.again:
            self.buttons.add(
                Button(placed[2], labels[2], self.owner.play_again, size, primary=True, key="again")
            )
        self.buttons.add(
            Button(
                placed[3],
                labels[3],
                self.owner.to_menu,
                size,
                primary=not self.owner.again,
                key="menu",
            )
        )
        self.buttons.add(
            Button(placed[4], labels[4], self.owner.toggle_details, size, key="details")
        )

    def full(self, panel: pygame.Rect, inner: int, bw: int, bh: int, rows: int, size: int) -> None:
        """The whole breakdown's five buttons: look at the table, watch again, look back,
        play again, menu (in one row, or three over two) at the foot of ``panel``,
        ``inner`` pixels wide inside its padding."""
        gap = self.px(14)
        per_row = 5 if rows == 1 else 3
        bw = min(bw, (inner - (per_row - 1) * gap) // per_row)
        y = panel.bottom - bh - self.px(20)
        first_y = y - (rows - 1) * (bh + self.px(12))
        x = panel.centerx - (per_row * bw + (per_row - 1) * gap) // 2
        self.buttons.add(
            Button(
                pygame.Rect(x, first_y, bw, bh),
                self.t("app.end_look"),
                self.owner.toggle,
                size,
                key="look",
            )
        )
        self.watch(pygame.Rect(x + bw + gap, first_y, bw, bh), size)
        self.look_back(pygame.Rect(x + 2 * (bw + gap), first_y, bw, bh), size)
        if rows == 2:
            self.again_and_menu(panel.centerx - (2 * bw + gap) // 2, y, bw, bh, gap, size)
        else:
            self.again_and_menu(x + 3 * (bw + gap), y, bw, bh, gap, size)

    def bar(self, w: int, h: int, size: int) -> None:
        """Small buttons at the bottom centre, over the table: bring the scores back,
        watch again, play again, menu."""
        bh = max(self.px(40), int(size * 2))
        gap = self.px(10)
        labels = [
            self.t("app.end_show"),
            self.t("app.watch_again"),
            self.t("app.play_again"),
            self.t("app.to_menu"),
        ]
        widths = [fonts.font(size, True).size(t)[0] + self.px(32) for t in labels]
        x = (w - sum(widths) - 3 * gap) // 2
        y = h - bh - self.px(12)
        self.buttons.add(
            Button(pygame.Rect(x, y, widths[0], bh), labels[0], self.owner.toggle, size, key="show")
        )
        x += widths[0] + gap
        self.watch(pygame.Rect(x, y, widths[1], bh), size)
        x += widths[1] + gap
        self.again_and_menu(x, y, widths[2], bh, gap, size, widths[3])

    def watch(self, rect: pygame.Rect, size: int) -> None:
        """Watch again (issue #28): the game just ended, replayed from its record. A game
        joined over the network has only this seat's view, not the whole record."""
        self._of_whole_record(
            rect, size, "app.watch_again", "app.watch_joined", self.owner.watch_again, "watch"
        )

    def look_back(self, rect: pygame.Rect, size: int) -> None:
        """Look back (issue #40, at a game's end): the costliest decisions of each person
        in the game just ended, from its own record (the one History keeps), whether or
        not the History has written it yet. A game joined over the network has only this
        seat's view: looked back at from the History once its host sent the whole game."""
        self._of_whole_record(
            rect,
            size,
            "coach.look.button",
            "end_finish.look_back_joined",
            self.owner.look_back,
            "lookback",
        )

    def _of_whole_record(
        self, rect: pygame.Rect, size: int, label: str, why: str, action, key: str
    ) -> None:
        """A button that needs the game's whole record: greyed, with its reason, at a
        game joined over the network (only this seat's view came)."""
        whole = isinstance(self.owner.game.session, Session)
        self.buttons.add(
            Button(
                rect,
                self.t(label),
                action,
                size,
                enabled=whole,
                why="" if whole else self.t(why),
                key=key,
            )
        )

    def again_and_menu(self, x, y, bw, bh, gap, size, menu_w=None) -> None:
        if not self.owner.again:  # a network game's: the menu in the place of both
            width = bw + gap + (menu_w or bw)
            self.buttons.add(
                Button(
                    pygame.Rect(x, y, width, bh),
                    self.t("app.to_menu"),
                    self.owner.to_menu,
                    size,
                    primary=True,
                    key="menu",
                )
            )
            return
        self.buttons.add(
            Button(
                pygame.Rect(x, y, bw, bh),
                self.t("app.play_again"),
                self.owner.play_again,
                size,
                primary=True,
                key="again",
            )
        )
        self.buttons.add(
            Button(
                pygame.Rect(x + bw + gap, y, menu_w or bw, bh),
                self.t("app.to_menu"),
                self.owner.to_menu,
                size,
                key="menu",
            )
        )
