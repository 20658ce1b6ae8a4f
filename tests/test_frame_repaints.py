"""issue #38's frame benchmark at 2560x1440 (tools/bench_frames.py): the slow frames were
the still picture painted again, and the last moves' marks cut into cells in one frame.
The compositor counts its repaints and names what of its key changed; the tables paint
the still picture again only when what it shows changed, and what a partial repaint
draws is pixel for pixel what a whole repaint draws. (Timings are the benchmark's
figures, never asserted here.)"""

from __future__ import annotations

import pygame

from game.scenes.table.compose import Compositor, changed_part
from game.ui import theme


class _Table:
    """A game whose still picture shows ``key``."""

    def __init__(self) -> None:
        self.key: tuple = ("board", (1, 2, 3))

    def static_key(self):
        return self.key

    def paint_static(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)

    def paint_moving(self, surface: pygame.Surface) -> None:
        pass


class _Frame:
    def panels(self):
        return []

    def hint_text(self) -> str:
        return "hint"

    def draw_thinking_cue(self, surface: pygame.Surface) -> None:
        pass


def test_issue_38_the_compositor_counts_its_repaints_and_names_what_changed():
    """issue #38 (frame benchmark): each repaint of the still picture is counted, with
    the part of its key that changed (the benchmark's reason for a slow frame)."""
    pygame.init()
    table = _Table()
    compositor = Compositor(table, _Frame())
    screen = pygame.Surface((64, 48))
    compositor.compose(screen, None)
    assert (compositor.repaints, compositor.why) == (1, "new")
    compositor.compose(screen, None)
    assert compositor.repaints == 1
    table.key = ("board", (1, 5, 3))
    compositor.compose(screen, None)
    assert (compositor.repaints, compositor.why) == (2, "game[1][1]")
    compositor.compose(pygame.Surface((32, 48)), None)
    assert (compositor.repaints, compositor.why) == (3, "size[0]")  # its width


def test_issue_38_changed_part_finds_the_first_difference_as_a_path():
    """issue #38 (frame benchmark): the path into the key down to the first item that
    differs; a key that changed its shape is named where the shapes part."""
    old = ((10, 10), ("a", (1, 2)), "hint", None)
    assert changed_part(old, ((10, 10), ("a", (1, 3)), "hint", None)) == "game[1][1]"
    assert changed_part(old, ((10, 10), ("a", (1, 2)), "hint", ("marks",))) == "marks"
    assert changed_part(old, ((10, 10), ("a", (1, 2, 3)), "hint", None)) == "game[1]"
    assert changed_part(old, ((10, 10), "other", "hint", None)) == "game"
