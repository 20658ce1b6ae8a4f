"""issue #36: the Undo button's reason, greyed. It read unfinished ("Hidden things were
turned up since") and its tooltip covered the first seat's panel."""

from __future__ import annotations

import pygame
import pytest

from game.ui import widgets
from game.ui.i18n import Translator, catalog
from tests.scene_helpers import make_app, push_game, text_problems

REASONS = sorted(k for k in catalog("en") if k.startswith("app.undo_why_"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_reason_says_after_what(lang):
    """A reason about something that happened after the person's move names the move:
    none ends on "since" or starts with a bare "after that" (そのあと)."""
    t = Translator(lang)
    assert len(REASONS) >= 8
    for key in REASONS:
        text = t(key)
        assert not text.rstrip(".").endswith(("since", "after")), (key, text)
        assert not text.startswith("そのあと"), (key, text)
    assert "your last move" in Translator("en")("app.undo_why_reveal")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_undo_reason_lies_clear_of_the_seat_panels(lang, size):
    """The reason of a greyed Undo (hovered, then focused) is whole, in the window and
    clear of every seat panel (it lies left of the seats' column, on the board's
    corner), for the longest reason."""
    app = make_app(size, lang)
    try:
        scene = push_game(app, "verflixxt", [0], 4, 3, {}, "easy")
        app.step(1 / 30)
        longest = max(REASONS, key=lambda k: len(app.t(k)))
        button = scene.undo.button
        scene.undo.refresh = lambda: None  # the reason stays the one set here
        button.enabled, button.why = False, app.t(longest)
        pos = button.rect.center
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.step(1 / 30)
        with widgets.recording(app.screen) as sink:
            app.draw()
        (tip,) = [t for t in sink.texts if t.text == button.why]
        assert not text_problems([tip], size)
        for seat in scene.plan.seats:
            assert not tip.container.colliderect(seat), (tip.container, seat)
    finally:
        pygame.quit()
