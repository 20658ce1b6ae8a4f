"""Each game's own pieces in its lobby (issue #38): the seat cards pasted duck heads on
Verflixxt! pawns and Eight Routes discs; now each seat card shows the game's own piece
(a duck, a chicken, a pawn, a marker) in the seat's colour with the seat's mark, and no
other game's sprite."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.scenes.lobby.lobby import LobbyScene
from game.ui import theme, widgets
from tests.scene_helpers import LANGS, make_app

GAMES = [info.id for info in registry.installed_games()]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_each_seat_card_shows_the_games_own_piece_in_the_seats_colour_and_mark(game_id, lang):
    info = registry.get(game_id)
    for size in ((1024, 600), (1280, 720)):
        app = make_app(size, lang)
        try:
            lobby = LobbyScene(app, info)
            app.push(lobby)
            lobby.wait_for_scan()
            while len(lobby.seats) < info.max_players:
                lobby._add_seat()
            with widgets.recording(app.screen) as sink:
                lobby.draw(app.screen)
            for i, _ in enumerate(lobby.seats):
                portrait = lobby.buttons.by_key(f"char:{i}").rect
                names = [icon.name for icon in sink.icons if portrait.contains(icon.rect)]
                sprites = [n for n in names if n.endswith(".svg")]
                assert sprites and all(n.startswith(f"{game_id}_") for n in sprites), (
                    size,
                    i,
                    names,
                )
                # a duck's or a chicken's badge is painted into its sprite (marked_sprite)
                assert f"mark:{i}" in names or info.piece_is_character, (size, i, names)
                pieces = [
                    icon.rect
                    for icon in sink.icons
                    if portrait.contains(icon.rect) and icon.name.endswith(".svg")
                ]
                assert max(max(r.size) for r in pieces) >= 32, (size, i, pieces)
            # seat 2's piece (or its badge) wears the seat's blue
            card = lobby.buttons.by_key("char:1").rect
            colours = {
                app.screen.get_at((x, y))[:3]
                for x in range(card.left, card.right)
                for y in range(card.top, card.bottom)
            }
            blue = theme.seat_colour(1)
            assert any(sum(abs(a - b) for a, b in zip(c, blue)) < 30 for c in colours)
        finally:
            pygame.quit()
