"""Issue #38's frame benchmark: the last-move marks are painted on a layer as big as their
own box (worked out from their shapes), not on a window-sized layer searched for its
drawn box every time a marked piece moves (9 ms a frame on Cluck-peep!). The picture
must be the same."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.table.news_marks import LastMoves


def _px(value: float) -> int:
    return round(value * 1.5)


SHAPES = [
    # a trail with a ring where it stopped, a ringed place, a trail near the window's edge
    ((200, 60, 60), ((100.0, 120.0), (180.5, 140.0), (260.0, 90.0)), 22.0, None),
    ((40, 90, 200), (), None, (500, 300, 60, 40)),
    ((30, 160, 80), ((5.0, 5.0), (60.0, 8.0)), 18.0, None),
]


@pytest.mark.parametrize("count", [1, 2, 3])
def test_issue_38_marks_paint_the_same_on_their_own_box(count):
    """issue #38: every pixel the window-sized layer painted lies inside the computed
    box and the small layer holds the same pixels there."""
    pygame.init()
    shapes = SHAPES[:count]
    size = (800, 450)
    full = LastMoves._paint(pygame.Rect((0, 0), size), shapes, _px)
    drawn = full.get_bounding_rect()
    box = LastMoves._bounds(shapes, _px).clip(pygame.Rect((0, 0), size))
    assert box.contains(drawn)
    part = LastMoves._paint(box, shapes, _px)
    assert part.get_size() == box.size
    for x in range(box.w):
        for y in range(0, box.h, 3):
            assert part.get_at((x, y)) == full.get_at((box.x + x, box.y + y)), (x, y)
    assert box.w * box.h < size[0] * size[1]
