"""Issue #16, for the game tables: every text each of the four tables draws — at the
start, in the middle of a round and at the end, in each variant, with the end screen over
the last — is inside the window and inside the box it belongs in, overlaps no other
text, is at least 14 px and is not cut, at every size from 1024x600 to 2560x1440 (a
fullscreen window is one of these sizes), in English and Japanese.

The games are played once per variant and moment by computer players (cached as action
records) and replayed for each size and language."""

from __future__ import annotations

import functools
import random

import pygame
import pytest

from game.ai import make_bot
from game.scenes.table.end_screen import GameOverScene
from game.screenshot import fast_forward
from game.session import Session
from game.ui import widgets
from tests.scene_helpers import LANGS, SIZED, make_app, seats, sized_id, text_problems

# (players, options) of each variant a table looks different in
VARIANTS = {
    "duck": [
        (6, {"variant": "beginner"}),
        (4, {"variant": "advanced"}),
        (3, {"variant": "advanced"}),  # DDG-26: two ducks each
        (2, {"variant": "beginner", "official": True}),
    ],
    "verflixxt": [
        (6, {"variant": "base"}),
        (4, {"variant": "hats"}),
        (3, {"variant": "hats", "attack": True}),
    ],
    "cluck": [
        (4, {"variant": "base"}),
        (2, {"variant": "both"}),
    ],
    "routes": [(5, {}), (4, {}), (3, {})],
}
# issue #27: every game's boxes grow with their text, so every text size must pass
TEXT_SIZED = [
    pytest.param(case, game, id=f"{game}-{sized_id(case)}") for game in VARIANTS for case in SIZED
]

# rounds played, then actions more: the opening, a round under way, the end
MOMENTS = {"start": (0, 0), "mid": (2, 1), "end": (10_000, 0)}


@functools.cache
def _record(game: str, variant: int, moment: str):
    players, options = VARIANTS[game][variant]
    rounds, actions = MOMENTS[moment]
    # seat 1 is a person: the table shows a person's private things, the others play
    session = Session(game, seats(game, {0}, players, "easy"), 7, dict(options))
    bot, rng = make_bot(game, "easy"), random.Random(3)
    state = session.state
    while not state.is_over() and (state.round_number <= rounds or actions > 0):
        if state.round_number > rounds:
            actions -= 1
        p = state.to_act()[0]
        session.apply(p, bot.choose(state.view(p), p, rng))
    return session.record(), session.seats


def _drawn(app, game: str, variant: int, moment: str) -> list[list[widgets.TextDrawn]]:
    """The texts the table draws and, at the end, those of the end screen over it: each
    checked on its own (the end screen covers the table)."""
    record, seats_ = _record(game, variant, moment)
    session = Session.from_record(record, seats_)
    scene = app.router.table(game)(app, session)
    app.stack.clear()
    app.push(scene)
    fast_forward(scene, 0)  # nothing more to play: shows seat 1's point of view
    app.draw()
    with widgets.recording(app.screen) as sink:
        scene.draw(app.screen)
        parts = [list(sink.texts)]
        if moment == "end":
            assert session.state.is_over()
            end = GameOverScene(app, scene)
            app.push(end)
            sink.texts.clear()
            end.draw(app.screen)
            assert sink.texts, "the end screen drew no text"
            parts.append(list(sink.texts))
        return parts


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("sized", "game"), TEXT_SIZED)
def test_every_text_of_every_table_is_whole_and_readable(game, sized, lang):
    """At each size, in each language, and at the text sizes (issue #27: Normal
    everywhere, Large and Larger at some sizes)."""
    size, text_size = sized
    app = make_app(size, lang)
    app.settings.text_size = text_size
    try:
        problems = []
        for variant in range(len(VARIANTS[game])):
            for moment in MOMENTS:
                parts = _drawn(app, game, variant, moment)
                assert parts[0], f"{game} {moment} drew no text"
                for part in parts:
                    problems += [
                        f"{game} {VARIANTS[game][variant]} {moment}: {p}"
                        for p in text_problems(part, size)
                    ]
        assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:60])
    finally:
        pygame.quit()
