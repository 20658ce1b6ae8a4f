"""POLISH3 item 3 (issue #40's coach, issue #38's look): at 1024x600 in Japanese the
Duck! Duck! Go! coach's panel stood over the very start it named (6A). The panel keeps
clear of the option it shows on the board, the pick and each alternative stepped to."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.table.coach import shown_places
from tests.scene_helpers import make_app, push_game
from tests.test_coach_table import _ask


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_duck_coach_never_covers_the_option_it_shows(lang):
    """issue #40: the start the coach shows (and each alternative stepped to) lies
    outside its panel, at the small window where the panel is widest for the board."""
    app = make_app((1024, 600), lang)
    try:
        scene = push_game(app, "duck", [0], 4, seed=3, options={}, level="easy")
        coach = _ask(app, scene)
        checked = 0
        for index in range(len(coach.options_shown())):
            coach.show(index)
            places = shown_places(scene)
            if not coach.on_board or not places:
                continue
            for place in places:
                assert not coach.panel.colliderect(place), (index, coach.panel, place)
            assert coach.panel.w >= coach.px(260)
            checked += 1
        assert checked
    finally:
        pygame.quit()
