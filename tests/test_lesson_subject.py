"""issue #38: a lesson's callout covers nothing its step talks about — not only the
element it points at, but the pieces the step is about (duck-1's steps 5 and 6: the duck
and its facing arrows; step 15: the warp ring and the arrows around it)."""

from __future__ import annotations

import pygame
import pytest

from tests.lesson_helpers import do_step, lesson_app, open_lesson, wait_for_step

STEPS = (5, 6, 15)


def _pieces(scene) -> list[tuple[str, pygame.Rect]]:
    """The pieces on the board the steps above talk about, found here from the table's
    own targets (not from the hook that tells the callout): every facing arrow offered
    and the learner's duck with the wedge beside it that says where it faces."""
    out = []
    for target in scene.game.choosing.targets():
        if target.kind == "face":
            rect = target.rect or pygame.Rect(0, 0, 2 * target.radius, 2 * target.radius)
            if target.rect is None:
                rect.center = (round(target.center[0]), round(target.center[1]))
            out.append((f"face {target.value}", rect))
    duck = scene.guide.place("duck:0")
    if duck is not None:  # the wedge beside it stands about a hex out
        out.append(("duck 0", duck.inflate(duck.w * 0.7, duck.h * 0.7)))
    return out


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_callout_covers_neither_the_duck_nor_its_arrows_issue_38(size):
    """issue #38: at duck-1's steps 5, 6 and 15 the callout covers no facing arrow and
    not the duck with its wedge."""
    app = lesson_app(size=size)
    try:
        scene = open_lesson(app, "duck", "duck-1")
        seen = []
        while True:
            step = wait_for_step(app, scene)
            if step.index + 1 in STEPS:
                box = scene.guide.callout
                assert box is not None
                over = [name for name, rect in _pieces(scene) if box.colliderect(rect)]
                assert over == [], f"step {step.index + 1}: the callout covers {over}"
                seen.append(step.index + 1)
            if step.index + 1 >= max(STEPS):
                break
            do_step(app, scene, step)
        assert seen == list(STEPS)
    finally:
        pygame.quit()
