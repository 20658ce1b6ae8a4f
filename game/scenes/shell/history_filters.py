"""History's filters (issue #28; split out of ``history_screen.py``, issue #40): which
games the list shows -- every game or one, everybody's or one person's, and for an honest
record only the fair ones, in which nobody asked the coach (issue #40) -- and the
controls that choose them: the games as chips, the player between ◀ ▶ with their
Statistics, the fair games' toggle, and "Open a file…".

:class:`FilterBar` is a plain object given the History screen: it lays its buttons out
among the screen's, draws the player's name, and changes the screen's :class:`Filters`,
after which the screen shows its first page again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from game import registry
from game.scenes.shell import chrome
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_text


@dataclass
class Filters:
    game: str | None = None  # a game id, or every game
    player: str | None = None  # a person's name, or everybody
    fair: bool = False  # only the games in which nobody asked the coach (issue #40)


class FiltersOf(Protocol):
    """What the bar reads and changes of its screen (game.scenes.shell.history_screen)."""

    app: Any
    buttons: Any
    filters: Filters
    players: list[str]
    history: Any

    def px(self, value: float) -> int: ...

    def text_px(self, value: float) -> int: ...

    def t(self, key: str, **fields: Any) -> str: ...

    def restart(self) -> None: ...


class FilterBar:
    """History's filter controls, under its header."""

    def __init__(self, scene: FiltersOf):
        self.scene = scene
        self.player_box = pygame.Rect(0, 0, 0, 0)

    # -- what the controls do ----------------------------------------------------------------
    def pick_game(self, game: str | None):
        def pick() -> None:
            self.scene.filters.game = game
            self.scene.restart()

        return pick

    def step_player(self, step: int):
        def pick() -> None:
            scene = self.scene
            choices: list[str | None] = [None, *scene.players]
            at = choices.index(scene.filters.player) if scene.filters.player in choices else 0
            scene.filters.player = choices[(at + step) % len(choices)]
            scene.restart()

        return pick

    def toggle_fair(self) -> None:
        """All games, or only the fair ones (nobody asked the coach, issue #40)."""
        self.scene.filters.fair = not self.scene.filters.fair
        self.scene.restart()

    def open_stats(self) -> None:
        scene = self.scene
        player = scene.filters.player or (scene.players[0] if scene.players else None)
        if player is not None and scene.history is not None:
            scene.app.router.open("stats", scene.history, player, scene.players)

    # -- layout and drawing ------------------------------------------------------------------
    def lay_out(self, w: int, margin: int) -> None:
        """The controls' buttons among the screen's, for a window ``w`` wide."""
        scene = self.scene
        # the games, as chips
        games = [None, *registry.GAMES]
        gap = scene.px(10)
        chip_w = min(scene.px(210), (w - 2 * margin - gap * (len(games) - 1)) // len(games))
        chip_h = scene.px(46)
        x = (w - (chip_w * len(games) + gap * (len(games) - 1))) // 2
        for game in games:
            label = (
                scene.t("app.history_all_games")
                if game is None
                else registry.GAMES[game].name(scene.app.settings.language)
            )
            rect = pygame.Rect(x, chrome.content_top(scene) + scene.px(10), chip_w, chip_h)
            button = Button(
                rect, label, self.pick_game(game), scene.text_px(18), key=f"filter:{game or 'all'}"
            )
            button.selected = game == scene.filters.game
            scene.buttons.add(button)
            x += chip_w + gap
        # the player: ◂ name ▸, and their statistics
        row = scene.px(142)
        arrow = scene.px(46)
        self.player_box = pygame.Rect(margin + arrow + gap, row, scene.px(300), chip_h)
        people = bool(scene.players)
        for step, rect, mark in (
            (-1, pygame.Rect(margin, row, arrow, chip_h), "◀"),
            (1, pygame.Rect(self.player_box.right + gap, row, arrow, chip_h), "▶"),
        ):
            scene.buttons.add(
                Button(
                    rect,
                    mark,
                    self.step_player(step),
                    scene.text_px(18),
                    enabled=people,
                    key=f"player:{'prev' if step < 0 else 'next'}",
                )
            )
        stats = pygame.Rect(w - margin - scene.px(260), row, scene.px(260), chip_h)
        # a .derby file to watch (python -m game export writes them), and the filter of
        # the fair games (issue #40) beside the player's arrows: they share the room left
        room = stats.x - gap - (self.player_box.right + gap + arrow + gap)
        open_w = min(scene.px(240), (room - gap) // 2)
        opener = pygame.Rect(stats.x - gap - open_w, row, open_w, chip_h)
        fair_w = min(scene.px(240), room - gap - open_w)
        fair = pygame.Rect(self.player_box.right + gap + arrow + gap, row, fair_w, chip_h)
        fair_button = Button(
            fair,
            scene.t("coach.fair_only" if scene.filters.fair else "coach.all_games"),
            self.toggle_fair,
            scene.text_px(18),
            key="fair",
        )
        fair_button.selected = scene.filters.fair
        scene.buttons.add(fair_button)
        scene.buttons.add(
            Button(
                opener,
                scene.t("app.history_open_file"),
                lambda: scene.app.router.open("open_file"),
                scene.text_px(20),
                key="open_file",
            )
        )
        scene.buttons.add(
            Button(
                stats,
                scene.t("app.stats"),
                self.open_stats,
                scene.text_px(20),
                enabled=people,
                primary=people,
                key="stats",
            )
        )

    def draw(self, surface: pygame.Surface) -> None:
        """The player's name between its arrows (everybody, when none is chosen)."""
        scene = self.scene
        who = scene.filters.player or scene.t("app.history_everybody")
        text, size = fonts.fit(who, scene.text_px(20), self.player_box.w - scene.px(16), 14, True)
        pygame.draw.rect(surface, theme.PANEL, self.player_box, border_radius=scene.px(10))
        pygame.draw.rect(
            surface, theme.PANEL_EDGE, self.player_box, width=2, border_radius=scene.px(10)
        )
        draw_text(
            surface,
            text,
            size,
            self.player_box.center,
            theme.INK,
            bold=True,
            anchor="center",
            within=self.player_box,
        )
