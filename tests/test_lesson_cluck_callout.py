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
from tests.lesson_helpers import lesson_app, open_lesson
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
