"""issue #38: cluck-1's step 14 callout covered the row label "N1" and step 7's Cookie's
chicken: neither is the step's subject, but a callout prefers a place that hides no
piece and no label of the ladder when one is free (as Verflixxt!'s and Eight Routes'
callouts hide as few pawns and markers as they can). The chickens are found from the
table's own parts and the labels as drawn (the icons the table records), not from the
``keep_clear`` hook that tells the callout."""

from __future__ import annotations

import pygame
import pytest

from game.ui import widgets
from tests.lesson_helpers import do_step, lesson_app, open_lesson, wait_for_step
from tests.test_lesson_subject_games import _walk


def _chickens_and_labels(scene, step) -> list[tuple[str, pygame.Rect]]:
    """Every chicken where it stands, and every row label drawn at the ladder's left
    (a tile's name, "?", a seat's disc with the tile's number)."""
    table = scene.game
    out = []
    for p in range(len(table.model.table.chickens)):
        rect = table.guide.chicken_rect(p)
        if rect is not None:
            out.append((f"chicken {p}", rect))
    scene.compositor.forget()  # the ladder drawn again, not its kept picture
    with widgets.recording(scene.app.screen) as sink:
        scene.draw(scene.app.screen)
    ladder_x = table.model.band_x
    labels = [
        (f"label {icon.name}", icon.rect)
        for icon in sink.icons
        if icon.kind == "value" and icon.name.startswith("tile ") and icon.rect.right <= ladder_x
    ]
    assert labels, "no row label found"
    return out + labels


@pytest.mark.parametrize("n", [7, 14])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_issue_38_cluck_callouts_hide_no_chicken_or_row_label_where_a_place_is_free(size, n):
    """issue #38: at cluck-1's steps 7 and 14 a place hiding no chicken and no row label
    is free: the callout takes it (step 7 hid Cookie's chicken, step 14 the label
    "N1"; at 14 only a narrower bubble finds such a place on the board)."""
    app = lesson_app(size=size)
    try:
        scene = open_lesson(app, "cluck")
        assert _walk(app, scene, "cluck-1", {n: _chickens_and_labels}) == [n]
    finally:
        pygame.quit()


def _pieces_under_callout(scene, seen: set[str]) -> list[str]:
    """The chicks and chickens drawn on the table (the icons it records) that the
    step's callout covers more than the outer 2 px of (``seen`` gathers their names)."""
    box = scene.guide.callout
    assert box is not None
    scene.compositor.forget()
    with widgets.recording(scene.app.screen) as sink:
        scene.draw(scene.app.screen)
    pieces = [i for i in sink.icons if i.kind == "piece"]
    seen.update(i.name for i in pieces)
    return [f"{i.name} {tuple(i.rect)}" for i in pieces if box.colliderect(i.rect.inflate(-4, -4))]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080), (2560, 1440)])
def test_issue_38_no_cluck_callout_covers_a_chick_or_a_chicken(size, lang):
    """issue #38: at cluck-1's step 7 ("the dotted line shows where yours would walk with
    the picked tile laid now") the callout covered the chick that tile would get, drawn
    faint in its hole; steps 4-6, 9, 10 and 13 hid a chick too and step 5 the hens. At
    every step, size and language the callout now hides no chick and no chicken (on
    the board, or beside it over the side column when the ladder leaves no place), and
    the audit's lesson check, which counts each, finds none."""
    from tools.audit_layout import find_bubble_over_pieces

    app = lesson_app(lang=lang, size=size)
    try:
        scene = open_lesson(app, "cluck")
        steps, seen = len(scene.guide.lesson.steps), set()
        while True:
            step = wait_for_step(app, scene)
            n = step.index + 1
            assert _pieces_under_callout(scene, seen) == [], f"step {n} at {size} {lang}"
            scene.compositor.forget()
            with widgets.recording(app.screen) as sink:
                scene.draw(app.screen)
            assert find_bubble_over_pieces(scene.guide.callout, sink.icons, "cluck") == []
            if n >= steps:
                break
            do_step(app, scene, step)
        assert {"cluck_chick.svg", "cluck_clucky.svg", "cluck_henrietta.svg"} <= seen
    finally:
        pygame.quit()
