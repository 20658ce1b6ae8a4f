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


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_coach_leaves_out_a_line_past_its_room_whole_never_cut(lang, monkeypatch):
    """issue #40's words, issue #38's look: in the narrow panel beside the board at
    1024x600 the fourth alternative ended "— 2.1" with the rest cut off below. Each of
    the coach's lines is drawn whole or left out (the stepper still shows every option
    on the board)."""
    import game.scenes.table.coach as coach_module
    from game.ui import fonts

    drawn: list[str] = []
    real = coach_module.draw_text

    def recording(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    app = make_app((1024, 600), lang)
    try:
        scene = push_game(app, "duck", [0], 4, seed=3, options={}, level="easy")
        coach = _ask(app, scene)
        monkeypatch.setattr(coach_module, "draw_text", recording)
        coach.draw(app.screen)
        size, width = coach.text_px(17), coach.panel.w - 2 * coach.px(24)
        whole = 0
        for index, line in enumerate(coach.lines()):
            pieces = fonts.wrap(line, size, width, bold=index == 0)
            shown = [p for p in pieces if p in drawn]
            assert shown in ([], pieces), (index, shown, pieces)
            whole += shown == pieces
        assert whole >= 3  # the pick, why and its figures at least
    finally:
        pygame.quit()
