"""Playtest: Verflixxt!'s Coach button (issue #40) at Larger text. It was put at the
bar's right corner, then moved left of the game's buttons; at Larger text the Roll and
Draw buttons fill the bar's right, so the Coach button came to lie over the die (base
game) or over "Player 1's hand" (expansion 2). The bar now keeps the button its place at
its right end."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.table.coach import ASK_KEY
from tests.scene_helpers import deciding, make_app, push_game, run_until

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("variant", ["base", "hats"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("text_size", [1.0, 1.4], ids=["normal", "larger"])
def test_playtest_the_coach_button_keeps_clear_of_the_die_the_cards_and_their_words(
    variant, size, text_size
):
    """playtest (issue #40's Coach control): while the person decides, the Coach button
    lies inside the bar, clear of the die, the piles, the hand's cards, every word beside
    them and every other button, at Normal and Larger text."""
    app = make_app(size, "en")
    app.settings.text_size = text_size
    try:
        scene = push_game(
            app, "verflixxt", [0], 4, seed=3, options={"variant": variant}, level="easy"
        )
        run_until(app, lambda: deciding(scene), 4000, 0.05)
        app.draw()
        coach = next(b for b in scene.buttons.buttons if b.key == ASK_KEY).rect
        model = scene.game.model
        assert model.action_rect.contains(coach), (coach, model.action_rect)
        things = {"buttons' room": model.buttons_rect}
        if variant == "base":
            things["die"] = model.die_rect
        else:
            things |= {
                "draw pile": model.deck_rect,
                "its word": model.deck_label,
                "discards": model.discard_rect,
                "their word": model.discard_label,
                "hand's word": model.hand_label,
            }
            things |= {f"card {i}": r for i, r in enumerate(model.hand_rects)}
        for name, rect in things.items():
            assert not coach.colliderect(rect), (name, rect, coach)
        for button in scene.buttons.buttons:
            if button.key != ASK_KEY:
                assert not coach.colliderect(button.rect), (button.key, button.rect, coach)
    finally:
        pygame.quit()
