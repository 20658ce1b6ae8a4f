"""issue #38 (frame benchmark, tools/bench_frames.py): Duck! Duck! Go!'s still picture was
keyed on the model's version, which every event bumps (a duck turning, a banner, a card
shown on a seat panel), and 19 of its 20 repaints for it in the benchmark's 600 frames
painted the very picture it had. It is keyed on what it shows (the pieces at rest, the
piles, the hound board, the person's hand and tokens, the bar's hint): a repaint paints
something new, and the picture kept is pixel for pixel the picture painted afresh, frame
after frame, through computers' games and a person's (cards, routes, tokens, the hound).
(Timings are the benchmark's figures, never asserted here.)"""

from __future__ import annotations

import time

import pygame
import pytest

from game.scenes.table import playing
from game.ui import fonts, sprites
from tests.scene_helpers import key, make_app, push_game
from tests.test_duck_scene import play_person


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch):
    """Computer seats answer at once; afterwards no dead font or image stays cached."""
    monkeypatch.setattr(playing, "BOT_DELAY", 0.0)
    yield
    fonts.reset()
    sprites.reset()


def _painted_pictures(compositor) -> list[bytes]:
    """The game's still picture as each repaint left it (before the frame's panels are
    laid on it): recorded from now on, one entry per repaint."""
    pictures: list[bytes] = []
    own = compositor.frame.panels
    counted = [compositor.repaints]

    def panels():  # asked for on every frame, after the repaint if there was one
        if compositor.repaints != counted[0]:
            counted[0] = compositor.repaints
            pictures.append(pygame.image.tobytes(compositor._still, "RGB"))
        return own()

    compositor.frame.panels = panels
    return pictures


def test_issue_38_duck_paints_its_still_picture_again_only_when_it_shows_something_new():
    """issue #38 (frame benchmark): a table of six computers in the advanced game (the
    benchmark's), 600 animated frames: every repaint of the still picture paints a picture
    other than the one before it (before: 19 of 20 repaints for the model's version
    painted the same picture)."""
    app = make_app((1024, 600))
    try:
        scene = push_game(app, "duck", [], 6, 21, {"variant": "advanced"}, "easy")
        compositor = scene.compositor
        app.step(1 / 60)
        pictures = _painted_pictures(compositor)
        animated = 0
        deadline = time.monotonic() + 120  # computers decide on their threads
        while animated < 600 and not scene.session.state.is_over():
            assert time.monotonic() < deadline, "the table stood still"
            animated += scene.player.busy()
            app.step(1 / 60)
            if not scene.player.busy():
                time.sleep(0.001)
        assert len(pictures) >= 10  # pieces came to rest and set off: painted again
        same = [i for i in range(1, len(pictures)) if pictures[i] == pictures[i - 1]]
        assert same == [], f"{len(same)} of {len(pictures)} repaints painted the same picture"
    finally:
        pygame.quit()


def _checked_every_frame(compositor) -> list[int]:
    """From now on each still picture the compositor hands out without painting it is
    compared with the picture painted afresh (its key said nothing changed: the picture
    must not have); returns the list of frames so compared, one 1 each."""
    compared: list[int] = []
    own = compositor.still

    def still(size):
        repaints = compositor.repaints
        kept = own(size)
        if compositor.repaints != repaints:
            return kept
        kept_bytes = pygame.image.tobytes(kept, "RGB")
        texts, icons = compositor._texts, compositor._icons
        compositor.forget()
        fresh = own(size)
        assert pygame.image.tobytes(fresh, "RGB") == kept_bytes, (
            f"the kept still picture is stale (frame {len(compared)})"
        )
        assert compositor._texts == texts and compositor._icons == icons
        compared.append(1)
        return fresh

    compositor.still = still
    return compared


@pytest.mark.parametrize(
    ("players", "variant", "seed", "rounds"),
    [(3, "beginner", 11, 3), (3, "advanced", 4, 2)],
)
def test_issue_38_duck_keeps_a_still_picture_only_while_it_is_what_painting_it_gives(
    players, variant, seed, rounds
):
    """issue #38 (frame benchmark): a person plays through the UI against computers (the
    hand, the route preview, the targets, the tokens and the hound board in the tray),
    and every frame whose still picture was kept shows what painting it afresh shows,
    pixel for pixel, text for text."""
    app = make_app((1024, 600))
    try:
        app.settings.animation_speed = 4.0
        scene = push_game(app, "duck", [0], players, seed, {"variant": variant}, "easy")
        compared = _checked_every_frame(scene.compositor)
        tray = scene.game.controls.tray
        peeked: list[int] = []

        def until() -> bool:
            # while the others play, the person opens the folded tray (the key Y) to
            # look at their hand: its cards and tokens come and go on the still picture
            if tray.turnable() and not tray.is_open():
                key(app, pygame.K_y)
                peeked.append(1)
            state = scene.session.state
            return state.is_over() or state.round > rounds

        play_person(app, scene, seed, until, limit=60)
        assert len(compared) >= 100 and peeked
    finally:
        pygame.quit()
