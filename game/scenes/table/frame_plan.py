"""Where the parts of the shared table frame (:mod:`game.scenes.table.frame`) are: the window
cut into header, board, bar, seat panels, a game's own block and the log
(:func:`plan_table`), and the parts of one seat panel (:func:`seat_layout`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui import fonts, theme

# design sizes at 1280x720 (scaled with the window by Scene.px)
HEADER_H = 44
TOP = 56  # where the panels start
MARGIN = 10
GAP = 8
SIDE_W = 340
SIDE_MIN_PX = 262  # window px, not design px: see plan_table
BUTTONS_W = 236  # the base scene's Undo, menu and rules buttons at the header's right
LOG_MIN_H = 120
LOG_TEXT = 15  # the log's text size (design pixels, never under the floor)
LOG_LINES = 8  # whole lines the log shows at least, at every size (issue #27)
LOG_PAD = 6  # design pixels above and under the log's lines
STRIP_W = 96  # the seat strip's width when the side column is a drawer (issue #38)
STRIP_MIN_PX = 78  # window px: a portrait over its score, at the 14-px text floor
TOGGLE_H = 40  # the drawer's button at the strip's foot


def log_line_h(px) -> int:
    """The height of one line of the log for a window scaled by ``px``."""
    return round(max(theme.MIN_TEXT_PX, px(LOG_TEXT)) * 1.35)


def log_min_h(px) -> int:
    """The least height of the log: :data:`LOG_LINES` whole lines and its padding."""
    return max(px(LOG_MIN_H), LOG_LINES * log_line_h(px) + 2 * px(LOG_PAD))


@dataclass
class TablePlan:
    """Where everything of the frame is, for one window size."""

    header: pygame.Rect
    board: pygame.Rect
    bar: pygame.Rect
    hint: pygame.Rect  # the bar's hint line(s); empty when the game has no hint line
    controls: pygame.Rect  # the rest of the bar: the game's hand and buttons
    side: pygame.Rect
    seats: list[pygame.Rect]
    extra: pygame.Rect | None
    log: pygame.Rect
    seat_h: int = 0
    details: dict[str, Any] = field(default_factory=dict)
    drawer: Drawer | None = None  # the side column as a drawer over the board (issue #38)
    # the bar is a replay's band lowered so that the board keeps 70% of the window (Duck!
    # on the Spa, issue #38): the replay's controls lie in it as low as it is
    bar_lowered: bool = False
    # the bar's hint is said in the header band, under whose turn it is (Duck! on the Spa
    # where no split tray fits with it, issue #38): ``hint`` is then empty
    hint_up: bool = False


@dataclass
class Drawer:
    """The side column when it is a drawer (issue #38, "the board takes the table"): shut,
    a narrow ``strip`` of seat tiles (``TablePlan.seats``) at the window's right edge with
    its ``toggle`` button at the foot; open, the full seat panels (``seats``) and the log
    (``TablePlan.log``) in ``side``, laid over the board's right part."""

    side: pygame.Rect
    seats: list[pygame.Rect]
    strip: pygame.Rect
    toggle: pygame.Rect
    # a game's own block under the seat panels (Verflixxt!'s "How it scores"), shown
    # with them when the drawer is open (issue #38); None: none
    extra: pygame.Rect | None = None


def plan_table(
    size: tuple[int, int],
    px,
    players: int,
    *,
    bar_h: float,
    hint_lines: int = 1,
    seat_h: tuple[float, float] = (64, 104),
    extra_h: float = 0,
    side_w: float = SIDE_W,
    side_min: int = SIDE_MIN_PX,
    drawer: bool = False,
    hand_bar: bool = True,
) -> TablePlan:
    """Cut a window of ``size`` into the frame's parts. ``px`` scales a design size
    (1280x720) to the window; ``bar_h`` is the height of the game's hand/controls bar,
    ``seat_h`` the least and most height a seat panel wants, ``extra_h`` a game's own
    block in the side column (0: none). With ``drawer`` the side column is a drawer
    (:class:`Drawer`): the board and the bar take the window's width but a strip of
    seat tiles, and the seat panels and the log open over the board when wanted.
    Without ``hand_bar`` (issue #39: every person at this screen plays from a phone, so
    nobody's hand or choice is ever shown here) no bar is planned: ``bar``, ``hint`` and
    ``controls`` are empty rects at the window's foot and the board takes their room."""
    if not hand_bar:
        bar_h, hint_lines = 0, 0
    full = _plan_columns(size, px, players, bar_h, hint_lines, seat_h, extra_h, side_w, side_min)
    if not drawer:
        return full
    return _with_drawer(full, size, px, players, bar_h, hint_lines)


def drawer_above_bar(plan: TablePlan, px, line_h: int) -> None:
    """The open drawer's panel and log cut above the bar where the bar lies under them
    (a replay's controls are drawn over the bar after the table: POLISH3, they hid the
    log's newest lines); a bar beside the drawer (Duck's tray column) leaves it as it
    is. ``line_h`` is the height of a line of the log.

    Cut above the bar, the room under the seat panels kept about two lines of the log
    (issue #38: three at 1280x720, one with Larger text; the seat panels had been given
    the column down to the window's foot). Where it keeps fewer than :data:`LOG_LINES`
    lines, the log lies beside the seat panels instead, at their left, as wide as they
    are and as tall as the drawer: the seat panels stay as at the table (a replay shows
    everyone's hidden things in their subtitles, which a shorter panel drops), the
    drawer's panel behind both."""
    drawer = plan.drawer
    if drawer is None or plan.bar.h <= 0 or plan.bar.right <= drawer.side.x:
        return
    bottom = plan.bar.y - px(GAP)
    pad = 2 * px(LOG_PAD)
    if (bottom - plan.log.y - pad) // line_h >= LOG_LINES:
        drawer.side.h = bottom - drawer.side.y
        plan.log.h = bottom - plan.log.y
        return
    side = drawer.side
    plan.log = pygame.Rect(side.x - px(GAP) - side.w, side.y, side.w, bottom - side.y)
    drawer.side = pygame.Rect(plan.log.x, side.y, side.right - plan.log.x, bottom - side.y)


def has_bar(plan: TablePlan) -> bool:
    """The plan has a hand/controls bar (not a phones-only table's, issue #39)."""
    return plan.bar.h > 0


def _bar_parts(
    px, m: int, left_w: int, h: int, bar_h: float, hint_lines: int
) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """The bar under the board ``left_w`` wide, its hint line(s) and its controls; with
    ``bar_h`` 0 (no bar, issue #39) all three are empty at the window's foot."""
    bar = pygame.Rect(m, 0, left_w, px(bar_h))
    bar.bottom = h - m
    if bar_h <= 0:
        return bar, pygame.Rect(bar.x, bar.y, 0, 0), pygame.Rect(bar.x, bar.y, left_w, 0)
    line = max(theme.MIN_TEXT_PX, px(15)) * 1.3
    hint_h = round(line * hint_lines + px(10)) if hint_lines else 0
    hint = pygame.Rect(bar.x + px(12), bar.y + px(5), bar.w - px(24), hint_h - px(5))
    controls = pygame.Rect(bar.x, bar.y + hint_h, bar.w, bar.h - hint_h)
    return bar, hint, controls


def _board(px, m: int, top: int, left_w: int, bar: pygame.Rect) -> pygame.Rect:
    """The board's panel from the panels' top to the bar (a gap above it), or down to the
    window's margin when there is no bar (issue #39)."""
    bottom = bar.y - px(GAP) if bar.h > 0 else bar.bottom
    return pygame.Rect(m, top, left_w, bottom - top)


def _with_drawer(
    full: TablePlan, size: tuple[int, int], px, players: int, bar_h: float, hint_lines: int
) -> TablePlan:
    """``full`` (the side column beside the board) with the side column made a drawer:
    shut, a strip of one tile per seat and the drawer's button stand at the window's
    right edge; open, the seat panels and the log, as wide as in ``full``, lie over the
    board's right part beside the strip."""
    w, h = size
    m, gap, top = px(MARGIN), px(GAP), px(TOP)
    strip_w = min(max(px(STRIP_W), STRIP_MIN_PX), full.side.w)
    strip = pygame.Rect(w - m - strip_w, top, strip_w, h - top - m)
    toggle = pygame.Rect(strip.x, 0, strip.w, max(px(TOGGLE_H), theme.MIN_TEXT_PX * 2 + px(8)))
    toggle.bottom = strip.bottom
    step = px(6)
    room = toggle.y - gap - strip.y
    tile_h = min(px(120), (room - step * (players - 1)) // max(1, players))
    tiles = [
        pygame.Rect(strip.x, strip.y + i * (tile_h + step), strip.w, tile_h) for i in range(players)
    ]
    left_w = strip.x - gap - m
    bar, hint, controls = _bar_parts(px, m, left_w, h, bar_h, hint_lines)
    board = _board(px, m, top, left_w, bar)
    # open, the drawer lies beside the strip (its tiles and its button stay in sight)
    shift = strip.x - gap - full.side.right
    side = full.side.move(shift, 0)
    seats = [row.move(shift, 0) for row in full.seats]
    extra = None if full.extra is None else full.extra.move(shift, 0)
    drawer = Drawer(side, seats, strip, toggle, extra)
    return TablePlan(
        full.header,
        board,
        bar,
        hint,
        controls,
        strip,
        tiles,
        None,
        full.log.move(shift, 0),
        tile_h,
        dict(full.details),
        drawer,
    )


def _plan_columns(
    size: tuple[int, int],
    px,
    players: int,
    bar_h: float,
    hint_lines: int,
    seat_h: tuple[float, float],
    extra_h: float,
    side_w: float,
    side_min: int,
) -> TablePlan:
    """The side column beside the board: seat panels, a game's block, the log."""
    w, h = size
    m, gap, top = px(MARGIN), px(GAP), px(TOP)
    # a game may ask for a narrower column (the board first, issue #27), but never under
    # ``side_min`` window px: a seat's status line ("Awaiting player", at the 14-px floor,
    # beside the portrait and the score) must fit in small windows
    side_width = min(max(px(side_w), side_min), int(w * 0.34))
    side = pygame.Rect(w - m - side_width, top, side_width, h - top - m)
    header = pygame.Rect(m, px(6), w - m - px(BUTTONS_W), px(HEADER_H))
    left_w = side.x - gap - m
    bar, hint, controls = _bar_parts(px, m, left_w, h, bar_h, hint_lines)
    board = _board(px, m, top, left_w, bar)
    extra_px = px(extra_h) if extra_h else 0
    room = side.h - log_min_h(px) - gap - (extra_px + gap if extra_px else 0)
    step = px(4)
    each = (room - step * (players - 1)) // max(1, players)
    row_h = max(min(px(seat_h[0]), each), min(px(seat_h[1]), each))
    seats = [
        pygame.Rect(side.x, side.y + i * (row_h + step), side.w, row_h) for i in range(players)
    ]
    y = seats[-1].bottom + gap
    extra = None
    if extra_px:
        extra = pygame.Rect(side.x, y, side.w, extra_px)
        y = extra.bottom + gap
    log = pygame.Rect(side.x, y, side.w, side.bottom - y)
    return TablePlan(header, board, bar, hint, controls, side, seats, extra, log, row_h)


@dataclass
class SeatLayout:
    """The parts of one seat panel."""

    portrait: pygame.Rect
    name: pygame.Rect
    subtitle: pygame.Rect
    score: pygame.Rect
    extras: pygame.Rect  # the game's private counts, pieces, cards
    side: pygame.Rect  # a game's column at the panel's right (cards on the table); may be empty


def seat_layout(
    row: pygame.Rect,
    px,
    text_px,
    side_w: int = 0,
    score: bool = True,
    subtitle: bool = True,
    may_drop: bool = False,
) -> SeatLayout:
    """Character at the left, name and who plays beside it, the score at the right (then
    a game's own column, ``side_w`` wide, if it has one), the game's own things under the
    name. Without a ``subtitle`` (a game hides its secondary line when the panel is short,
    issue #27) the game's things come right under the name; with ``may_drop`` the layout
    hides it itself when no row of icons is left under it (a drawer's panels, whose games
    leave the subtitle to the frame)."""
    pad = px(8)
    size = min(row.h - 2 * pad, px(52))
    portrait = pygame.Rect(row.x + px(12), row.centery - size // 2, size, size)
    if row.h >= px(84):  # room: the portrait stands at the top, the extras below it
        portrait.y = row.y + pad
    side = pygame.Rect(row.right - pad - side_w, row.y + pad, side_w, row.h - 2 * pad)
    right = side.x - (px(6) if side_w else 0)
    x = portrait.right + px(8)
    score_w = px(64) if score else 0
    name_h = round(text_px(18) * 1.25)
    sub_h = round(text_px(14) * 1.25)
    name = pygame.Rect(x, row.y + px(5), right - score_w - x, name_h)
    score_rect = pygame.Rect(right - score_w, row.y + px(4), score_w, name_h + sub_h)
    if not subtitle:
        # the name's line as high as its text (not a line and a quarter): in a short
        # panel the game's things under it keep the room their content needs (issue #27)
        name.y, name.h = row.y + px(3), fonts.font(text_px(18), True).size("Ag")[1]
        below = pygame.Rect(x, name.bottom, name.w, 0)
        # beside the score (as high as the name and the line that went): never under it
        extras = pygame.Rect(x, name.bottom, right - score_w - x, row.bottom - px(2) - name.bottom)
        return SeatLayout(portrait, name, below, score_rect, extras, side)
    below = pygame.Rect(x, name.bottom, name.w, sub_h)
    top = below.bottom + px(2)
    extras = pygame.Rect(x, top, right - x, row.bottom - px(5) - top)
    # the game's things need a line of 14 px words (scaled) under the subtitle: on a
    # short panel (six seats, Larger text) the name and the subtitle take lines as high
    # as their text, and when even that leaves no row of icons the subtitle goes (issue #38:
    # Verflixxt!'s "no tiles yet" lay over "Normal" at 1024x600 with Larger text)
    need = round(text_px(14) * 1.3)
    if extras.h < need:
        name.h = fonts.font(text_px(18), True).size("Ag")[1]
        below = pygame.Rect(x, name.bottom, name.w, fonts.font(text_px(14)).size("Ag")[1])
        top = below.bottom + px(1)
        extras = pygame.Rect(x, top, right - x, row.bottom - px(3) - top)
        if may_drop and extras.h < theme.MIN_ICON_PX:  # not even a row of 16 px icons
            return seat_layout(row, px, text_px, side_w, score, subtitle=False)
    return SeatLayout(portrait, name, below, score_rect, extras, side)


def tile_layout(row: pygame.Rect, px, text_px) -> SeatLayout:
    """The parts of a seat's tile in the drawer's strip (issue #38): the character at the
    top, the score under it, the rest (the thinking dots, where a flight lands) below.
    No name and no subtitle: the tile's colour, mark and character say whose it is, the
    drawer says the rest."""
    pad = px(6)
    score_h = round(text_px(18) * 1.25)
    inner_w = row.w - 2 * pad - px(8)  # the seat's colour stripe at the left
    size = max(1, min(inner_w, row.h - 2 * pad - score_h, px(56)))
    portrait = pygame.Rect(0, 0, size, size)
    portrait.midtop = (row.centerx + px(4), row.y + pad)
    score = pygame.Rect(row.x + px(10), portrait.bottom + px(1), row.w - px(14), score_h)
    score.bottom = min(score.bottom, row.bottom - px(2))
    rest = pygame.Rect(score.x, score.bottom, score.w, max(0, row.bottom - pad - score.bottom))
    name = pygame.Rect(score.x, score.y, score.w, 0)
    side = pygame.Rect(row.right, row.y, 0, 0)
    return SeatLayout(portrait, name, rest, score, rest, side)
