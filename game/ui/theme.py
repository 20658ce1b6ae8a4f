"""Colours and sizes shared by every scene (a warm, toy-box look)."""

from __future__ import annotations

BASE_SIZE = (1280, 720)
MIN_TEXT_PX = 14  # no text is drawn smaller (tests/test_screens_at_every_size.py)
# The smallest window a person's window may be made (issue #36: at 700x450 with Larger
# text, texts ran over each other). Every screen is laid out and audited down to it, with
# Normal and Larger text (tools/audit_layout.py's first size); on a smaller desktop, the
# desktop.
MIN_WINDOW = (1024, 600)
MIN_ICON_PX = 16  # no icon, piece or seat mark is drawn smaller (issue #27)

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
# the keyboard focus on every control (game.ui.widgets.draw_focus_ring, issue #27): a
# dark ring on the control's edge and a light one outside it, one of the two always
# standing out from the control (white, cream, orange) and from the felt around it
FOCUS_INNER = (24, 26, 40)
FOCUS_OUTER = (255, 255, 255)
BUTTON_DISABLED = (225, 222, 214)
GOOD = (70, 160, 90)
BAD = (200, 70, 60)
CURTAIN = (38, 52, 78)

# One identity per seat for the whole box (issue #16): seat i wears SEAT_COLOURS[i] and
# the mark game.ui.identity.SEAT_MARKS[i] in every game. Six of the eight Okabe-Ito
# colours; the two left out are black (the ink of every outline, and Captain Bill's duck)
# and yellow (every rubber duck's body, Duck's yellow buoys, Verflixxt!'s lucky and finish
# tiles, Cluck-peep!'s chicks and straw). The order makes the first seats the most
# distinct: every table is at least 2 seats, Cluck-peep! stops at 4 and Eight Routes at
# 5, so the closest pairs (orange/vermilion and green/purple under deuteranopia, ΔE 18)
# only meet at 5-6 seats, where the marks (circle vs star, square vs cross) still tell
# them apart. tests/test_identity.py measures it (Machado 2009 simulation, CIELAB ΔE76).
SEAT_COLOURS = (
    (230, 159, 0),  # orange
    (0, 114, 178),  # blue
    (0, 158, 115),  # bluish green
    (86, 180, 233),  # sky blue
    (213, 94, 0),  # vermilion
    (204, 121, 167),  # reddish purple
)
SEAT_COLOUR_NAMES = (
    ("Orange", "オレンジ"),
    ("Blue", "青"),
    ("Green", "緑"),
    ("Sky blue", "水色"),
    ("Vermilion", "朱色"),
    ("Purple", "紫"),
)


def seat_colour(seat: int) -> tuple[int, int, int]:
    """Seat ``seat``'s colour (seats past the sixth wrap round)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_ink(seat: int) -> tuple[int, int, int]:
    """Seat ``seat``'s colour darkened enough to be read as text on the cream panels
    (orange and sky blue as they are are too light for words)."""
    return mix(seat_colour(seat), INK, 0.35)


def scale_for(size: tuple[int, int]) -> float:
    """How much bigger than the 1280x720 design the window is (layout and fonts scale)."""
    return max(0.5, min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1]))


def mix(
    colour: tuple[int, int, int], other: tuple[int, int, int], amount: float
) -> tuple[int, int, int]:
    """``colour`` moved ``amount`` (0 to 1) of the way towards ``other``."""
    r, g, b = (round(c + (o - c) * amount) for c, o in zip(colour, other))
    return r, g, b
