"""POLISH3 item 2 (issue #38): at Eight Routes' end a crown sat on a seat that did not
win: it was the dice roller's mark. The roller's mark is their red die, never a crown,
and it goes once the game is over (nobody rolls then)."""

from __future__ import annotations

import pygame

from game.ui import widgets
from tests.scene_helpers import make_app, push_game, step_until


def _overlay_icons(scene) -> list[str]:
    surface = pygame.Surface(scene.app.screen.get_size())
    with widgets.recording(surface) as sink:
        scene.game.seats.draw_overlays(surface)
    return [icon.name for icon in sink.icons]


def test_the_dice_roller_wears_a_die_not_a_crown_and_none_at_the_end():
    """issue #38: the roller's die on their seat's marker during the game; no crown
    anywhere; nothing once the winners are known."""
    app = make_app((1280, 720))
    try:
        scene = push_game(app, "routes", [], 4, 3, {}, "easy")
        table = scene.game.model.table
        assert step_until(app, lambda: table.parent is not None, 600, 1 / 30)
        icons = _overlay_icons(scene)
        assert icons.count("routes_roller.svg") == 1 and "routes_parent.svg" not in icons
        table.winners = [(table.parent + 1) % 4]  # as the game's end sets them
        assert "routes_roller.svg" not in _overlay_icons(scene)
    finally:
        pygame.quit()
