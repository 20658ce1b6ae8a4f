"""Every kind of event a game's rules make has an animation handler on its composed table
and is described in both languages without a leftover placeholder (issue #26: the
handler maps replaced dispatch by name, which ignored an unknown kind in silence).

The kinds are the ones whole games by random computers make (several seeds and player
counts a game), so a kind the rules only make in a rare position may be missed here;
those that are made are all checked."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.rules.protocol import Event
from tests.scene_helpers import make_app
from tests.test_history import finished

PLAYS = {
    "duck": [(2, 1), (3, 2), (4, 3)],
    "verflixxt": [(2, 1), (3, 2), (4, 3)],
    "cluck": [(2, 1), (3, 2), (4, 3), (4, 4), (3, 5)],
    "routes": [(3, 1), (4, 2), (5, 3)],
}


def events_by_kind(game: str) -> dict[str, Event]:
    """One event of each kind whole games of ``game`` made (the opening's too)."""
    found: dict[str, Event] = {}
    for players, seed in PLAYS[game]:
        session = finished(game, players, seed=seed)
        state = session.module.new_game(players, session.seed, session.options)
        for event in state.opening_events:
            found.setdefault(event.kind, event)
        for player, text in session.actions:
            for event in state.apply(player, session.module.parse_action(text)):
                found.setdefault(event.kind, event)
    return found


@pytest.mark.parametrize("game", list(PLAYS))
def test_every_event_kind_has_a_handler_and_a_description_in_both_languages(game):
    kinds = events_by_kind(game)
    assert len(kinds) >= 5
    described: dict[str, dict[str, str | None]] = {}
    for lang in ("en", "ja"):
        app = make_app((1280, 720), lang)
        try:
            session = finished(game, 3 if game != "duck" else 2, seed=9)
            scene = app.router.table(game)(app, session)
            table = scene.game
            # the map is keyed by event class: every class of the game's family has a
            # handler, made in these games or not, and nothing else is in it
            keys = set(table.animations)
            family = session.module.EVENTS
            unhandled = sorted(k for k, c in family.kinds.items() if c not in keys)
            assert not unhandled, f"{game}: no animation handler for {unhandled}"
            assert keys <= set(family.kinds.values()), f"{game}: a handler for a stranger"
            assert {type(e) for e in kinds.values()} <= keys
            for kind, event in kinds.items():
                line = scene.describe(event)
                assert line is None or (line.strip() and "{" not in line), (kind, line)
                described.setdefault(kind, {})[lang] = line
        finally:
            pygame.quit()
    logged = [k for k, lines in described.items() if lines["en"] is not None]
    assert logged, f"{game}: no event is written to the log"
    for kind in logged:  # a line in English is a line in Japanese too, in other words
        en, ja = described[kind]["en"], described[kind]["ja"]
        assert ja is not None and ja != en, (kind, en, ja)
    assert registry.get(game).installed()
