"""Colours and sizes shared by every scene (a warm, toy-box look)."""

from __future__ import annotations

BASE_SIZE = (1280, 720)

BG = (246, 238, 222)
BG_DARK = (52, 74, 96)
PANEL = (255, 250, 240)
PANEL_EDGE = (205, 190, 160)
INK = (38, 40, 52)
INK_SOFT = (100, 100, 116)
INK_LIGHT = (250, 248, 242)
ACCENT = (232, 110, 60)
ACCENT_DARK = (190, 78, 36)
BUTTON = (255, 255, 255)
BUTTON_HOVER = (255, 232, 200)
BUTTON_FOCUS = (70, 140, 210)
BUTTON_DISABLED = (225, 222, 214)
GOOD = (70, 160, 90)
BAD = (200, 70, 60)
CURTAIN = (38, 52, 78)

# Player colours: distinct for colour-blind players too (Okabe-Ito based).
PLAYER_COLOURS = (
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (0, 158, 115),  # green
    (204, 121, 167),  # pink
    (213, 94, 0),  # vermilion
    (120, 94, 200),  # violet
)
PLAYER_COLOUR_NAMES = (
    ("Orange", "オレンジ"),
    ("Sky", "水色"),
    ("Green", "緑"),
    ("Pink", "ピンク"),
    ("Red", "赤"),
    ("Violet", "紫"),
)


def scale_for(size: tuple[int, int]) -> float:
    """How much bigger than the 1280x720 design the window is (layout and fonts scale)."""
    return max(0.5, min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]))


def mix(
    colour: tuple[int, int, int], other: tuple[int, int, int], amount: float
) -> tuple[int, int, int]:
    """``colour`` moved ``amount`` (0 to 1) of the way towards ``other``."""
    r, g, b = (round(c + (o - c) * amount) for c, o in zip(colour, other))
    return r, g, b
