"""Measure issue #27's presentation floors on every table and the screens around them:
the board's share of the window (>= 55 %), texts under 14 px, icons under 16 px, texts cut
with "…", texts outside their box or the window, texts over other texts, characters the
bundled font cannot draw, a piece drawn over a tile's value, a lesson's bubble over what
its step points at; issue #38's: the board's drawn extent filling < 70% of the window at
its shape, pieces under 32 px and their marks under 16 px (at 1280x720, scaled), a piece
clipped by its panel's edge, a text over a button, a hand tray open over the board's
cells, a Cluck-peep! lesson's bubble over any chick or chicken; and texts and icons drawn past the sink (``fonts.render`` without
``widgets.draw_text``, a sprite without ``widgets.draw_icon``: the layout cannot see them).

    python tools/audit_layout.py [--full] [--sizes 1024x600,...] [--langs en,ja]
        [--games duck,...] [--screens tables,replays,shell,lessons] [--json FILE] [--no-png]
        [--max-seconds N] [--write-baseline] [--fail-on-any] [--quiet] [--verbose]

What is audited (issue #27's list): each game's tables (``TABLES``: 2, 4 and the most
players, every variant) at the start, in the middle and at the end, with the end screen
over the last; each game's replay (issue #38: its first set-up's record opened in the
replay scene, at its middle and its end, with the table's checks on the table under
the controls); the screens around them (``SHELL``: menu, settings, the lobby and the
hosting lobby of each game, the hosting window (a table with its join code and seats
waiting; and one whose people all play from phones, issue #39: the board alone, no
bar), the rules help of each game, pause, hand-off, resume, join (empty and with
tables found), history, statistics); every step of every lesson. The default set (what
CI runs) audits them at 1024x600 and 1920x1080 in both languages at the Normal and
Larger text sizes (``Settings.text_size``); ``--full`` adds 1280x720 and 2560x1440 and
the Large text size. Renders headless (the dummy video driver), in this one process:
one app per size, language and text size, each game played once per set-up by computer
players and replayed on each, each lesson played once by its own steps with every step
audited.

Deterministic: two runs of a set find exactly the same, however loaded the machine.
Frames are stepped by a fixed time (never the wall clock), the games are played from
fixed seeds, and the lessons' computers decide on this thread in the frame that asks
them (``BotRunner.inline``), not on worker threads that a loaded machine made late.

Prints the figures of every screen (board share, smallest text, smallest icon, emptiest
panel), the counts by kind and by game/screen, the worst screens and the run time, and
keeps each screen's PNG under build/audit/. Exits 1 when a count of a game (or screen
group) is over its allowance in tools/audit_layout_baseline.json for the set run
(``default`` or ``full``), exactly: a count may only go down. A count under its
allowance is said (``UNDER``) with the command that writes it down:
``--write-baseline`` writes the counts of the run there (with ``--games``: those games'
only), so a count that went down cannot grow back. ``--fail-on-any`` ignores the
baseline and exits 1 on any finding at all (or a screen skipped by ``--max-seconds``):
issue #27's end state, "the audit passes everywhere".

For a test: :func:`find`, :func:`find_icons`, :func:`find_covered_values`, :func:`find_missing_values`,
:func:`find_icon_overlaps`,
:func:`find_board`, :func:`find_bubble` and :func:`emptiness` check made-up records;
:func:`audit_screen` one screen."""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import re
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.scene_helpers import FOUND_TABLES, ListedTables

BASELINE = ROOT / "tools" / "audit_layout_baseline.json"
PNG_DIR = ROOT / "build" / "audit"
SIZES = [(1024, 600), (1280, 720), (1920, 1080), (2560, 1440)]  # --full
DEFAULT_SIZES = [(1024, 600), (1920, 1080)]  # what CI runs
LANGS = ["en", "ja"]
MIN_PX = 14
MIN_ICON_PX = 16
MIN_BOARD_SHARE = 0.55
# issue #38: the board's drawn extent (its hexes, track, ladder, routes: not its panel) at
# its own shape fills >= 70% of the window; pieces >= 32 px and their marks >= 16 px at
# 1280x720 (scaled with the window as the tables scale: theme.scale_for)
MIN_EXTENT_FILL = 0.70
MIN_PIECE_PX = 32
MIN_MARK_PX = 16
KINDS = (
    "small",
    "cut",
    "outside_box",
    "outside_window",
    "overlap",
    "missing_glyph",
    "unrecorded",
    "board_share",
    "small_icon",
    "unrecorded_icon",
    "covered_value",
    "missing_value",
    "icon_overlap",
    "bubble_over",
    "board_extent",
    "small_piece",
    "small_mark",
    "clipped_piece",
    "text_over_button",
    "dropped_text",
    "header_order",
    "result_over_board",
    "tray_over_board",
)
SCREEN_SETS = ("tables", "replays", "shell", "lessons")

# Each game's tables (issue #27: 2, 4 and the most players, every variant): the most
# seats with the variant that draws the most (the busiest table: its first, the hosting
# window's), 4 seats as tools/shots.py draws them, the fewest, and what the other
# variants add: Duck's advanced rules at 2 players (two ducks each, the hound), Cluck's
# long road (the longest ladder) with runaway chicks, Eight Routes' long game (the most
# rounds in its results); Verflixxt!'s attack variant rides on its busiest table. A
# base game is what its variant draws less of (the same table without the hound, the
# hats or the runaways).
TABLES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "duck": [
        (6, {"variant": "advanced"}),
        (4, {"variant": "advanced"}),
        (2, {}),
        # two ducks each, on the Canal (issue #38: its open tray, the advanced game's
        # widest, lay over edge hexes: no bottom corner is clear, it takes the top
        # right)
        (2, {"variant": "advanced", "board": "canal"}),
        # issue #38: a long board, its hand tray a band in the corner it leaves empty
        (4, {"variant": "advanced", "board": "grand-canal"}),
        # issue #38: the Spa, whose hexes reach every edge of the felt: its tray splits,
        # its cards drawn smaller, and where no split fits with them its hint is said in
        # the header band and its buttons lie on two rows beside the cards (tray.py's
        # Decision), so that its board fills 70% at every size and text size. With two
        # ducks each, at the game's end in English at 1024x600, the short result's
        # buttons are padded less to fit a clear corner (it lay over the board along the
        # window's foot: result_over_board)
        (4, {"variant": "advanced", "board": "spa"}),
        (2, {"variant": "advanced", "board": "spa"}),
    ],
    "verflixxt": [(6, {"variant": "hats", "attack": True}), (4, {"variant": "hats"}), (2, {})],
    "cluck": [(4, {}), (2, {}), (4, {"long_road": True, "runaway": True})],
    "routes": [(5, {}), (4, {"rounds_per_player": 3}), (3, {})],
}
# the games the History and Statistics screens list (one busy, one small of each)
HISTORY: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "duck": [(4, {"variant": "advanced"}), (2, {})],
    "verflixxt": [(4, {"variant": "hats"}), (2, {})],
    "cluck": [(4, {}), (2, {})],
    "routes": [(5, {}), (3, {})],
}
MOMENTS = {"start": (0, 0), "mid": (2, 1), "end": (10_000, 0)}  # rounds, then actions
SEED = 1
# rendered only to measure a line's height, never drawn
MEASURED = {"Ag"}
SHELL = (
    "menu",
    "quit",
    "settings",
    "lobby",
    "host",
    "host_table",
    "phones_table",
    "waiting_room",
    "help",
    "pause",
    "handoff",
    "resume",
    "join",
    "join_found",
    "history",
    "stats",
    "builder",
    "builder_broken",
    "board_menu",
)


@dataclass(frozen=True)
class Finding:
    kind: str  # one of KINDS
    text: str
    size: int  # px
    rect: tuple[int, int, int, int] | None  # where it was drawn (None: not recorded)
    detail: str = ""
    screen: str = ""

    def line(self) -> str:
        where = "" if self.rect is None else f" at {self.rect}"
        extra = f" ({self.detail})" if self.detail else ""
        return f"{self.screen}: {self.kind}: {self.text!r} {self.size} px{where}{extra}"


# -- the finders ---------------------------------------------------------------------------


@functools.cache
def _by_design() -> re.Pattern[str]:
    """The catalog's texts that end with "…" themselves ("Reading boards…", "Waiting for
    {name}…"): a status, not a cut ({field} matches anything)."""
    from game.ui.i18n import catalog

    texts = {t for lang in LANGS for t in catalog(lang).values() if t.endswith("…")}
    patterns = [
        ".+".join(re.escape(piece) for piece in re.split(r"\{[^{}]*\}", text))
        for text in sorted(texts)
    ]
    return re.compile("|".join(f"(?:{p})" for p in patterns) or "(?!)")


@functools.lru_cache(maxsize=8192)
def _lacks(ch: str, size: int) -> bool:
    from game.ui import fonts

    return bool(fonts.missing_glyphs(ch, size))


def _missing(text: str, size: int) -> list[str]:
    return sorted({ch for ch in text if not ch.isspace() and _lacks(ch, size)})


def _box(rect: Any) -> tuple[int, int, int, int]:
    return (rect.x, rect.y, rect.w, rect.h)


def _text_findings(text: str, size: int, rect: Any, min_px: int) -> list[Finding]:
    out = []
    at = None if rect is None else _box(rect)
    if size < min_px:
        out.append(Finding("small", text, size, at))
    if text.endswith("…") and not _by_design().fullmatch(text):
        out.append(Finding("cut", text, size, at))
    missing = _missing(text, size)
    if missing:
        out.append(Finding("missing_glyph", text, size, at, "".join(missing)))
    return out


def find(
    drawn: Iterable[Any],
    window: tuple[int, int],
    rendered: Iterable[tuple[str, int]] = (),
    min_px: int = MIN_PX,
) -> list[Finding]:
    """What breaks issue #27's floors among ``drawn`` (``widgets.TextDrawn``s of one
    screen, in a window of ``window`` pixels); ``rendered`` is every (text, px) the screen
    rendered, and those of them not in ``drawn`` are ``unrecorded`` (and checked for
    size, cuts and glyphs, without a place)."""
    import pygame

    texts = list(drawn)
    screen = pygame.Rect((0, 0), window)
    out: list[Finding] = []
    for t in texts:
        out += _text_findings(t.text, t.size, t.rect, min_px)
        if not screen.contains(t.rect):
            out.append(Finding("outside_window", t.text, t.size, _box(t.rect)))
        if t.container is not None and not t.container.contains(t.rect):
            box = _box(t.container)
            out.append(Finding("outside_box", t.text, t.size, _box(t.rect), f"box {box}"))
    # a glyph box holds the line's leading too: its inner part is compared (as the
    # layout tests do)
    inner = [(t, t.rect.inflate(-2, -max(2, int(t.rect.height * 0.3)))) for t in texts]
    for i, (a, ra) in enumerate(inner):
        for b, rb in inner[i + 1 :]:
            if ra.colliderect(rb):
                detail = f"over {b.text!r} {_box(b.rect)}"
                out.append(Finding("overlap", a.text, a.size, _box(a.rect), detail))
    recorded = {t.text for t in texts}
    for text, size in sorted(set(rendered) - {(t, s) for t, s in rendered if t in recorded}):
        if not text.strip() or text in MEASURED:
            continue
        out.append(Finding("unrecorded", text, size, None))
        out += _text_findings(text, size, None, min_px)
    return out


def hidden_under(texts: Iterable[Any], cover: Any | None) -> list[Any]:
    """``texts`` but those under ``cover`` (a lesson's bubble, drawn over the table): a text
    drawn before the bubble's own (those whose box is most of the bubble) that crosses the
    bubble is hidden by it, not over its texts."""
    texts = list(texts)
    if cover is None:
        return texts

    def own(t: Any) -> bool:
        box = t.container
        return box is not None and cover.contains(box) and box.w * 2 >= cover.w

    # the bubble drawn last: a frame may be drawn twice (a step's first pick shown at
    # once, TableScene._draw), and the second pass's table lies under the second bubble
    owned = [i for i, t in enumerate(texts) if own(t)]
    first = owned[-1] if owned else len(texts)
    while first - 1 in owned:
        first -= 1
    return [t for i, t in enumerate(texts) if i >= first or not t.rect.colliderect(cover)]


def find_icons(
    icons: Iterable[Any],
    made: Iterable[tuple[str, int, int]] = (),
    min_px: int = MIN_ICON_PX,
) -> list[Finding]:
    """Icons and pieces (``widgets.IconDrawn``s) under ``min_px`` on their short side; of
    the (name, width, height) the sprite helpers made for the screen (``made``), those no
    recorded icon has the size of are ``unrecorded_icon`` (and checked for size)."""
    out = []
    drawn = [i for i in icons if i.kind not in ("value", "hidden")]
    for icon in drawn:
        side = min(icon.rect.w, icon.rect.h)
        if side < min_px:
            out.append(Finding("small_icon", icon.name or icon.kind, side, _box(icon.rect)))
    sizes = {(i.rect.w, i.rect.h) for i in drawn}
    for name, w, h in sorted(set(made)):
        if (w, h) in sizes:
            continue
        out.append(Finding("unrecorded_icon", name, min(w, h), None, f"{w}x{h}"))
        if min(w, h) < min_px:
            out.append(Finding("small_icon", name, min(w, h), None, "unrecorded"))
    return out


def find_covered_values(icons: Iterable[Any]) -> list[Finding]:
    """A tile's value (an ``IconDrawn`` of kind ``"value"``) with a piece drawn after it
    over it (more than its outer 2 px: touching is not covering)."""
    out = []
    seq = list(icons)
    for i, value in enumerate(seq):
        if value.kind != "value":
            continue
        for piece in seq[i + 1 :]:
            if piece.kind == "piece" and piece.rect.inflate(-4, -4).colliderect(value.rect):
                detail = f"under {piece.name or 'a piece'} {_box(piece.rect)}"
                out.append(Finding("covered_value", value.name, 0, _box(value.rect), detail))
                break
    return out


def _suffix(name: str) -> str:
    return name.partition(":")[2]


def find_missing_values(icons: Iterable[Any]) -> list[Finding]:
    """A tile that bears a value (an ``IconDrawn`` of kind ``"valued"``) drawn without it:
    no ``"value"`` of the same name after its first ``:``, and no ``"hidden"`` one (a
    value left out where it would lie) under a ``"cover"`` drawn after it (the hat draw's
    panel) (issue #38)."""
    seq = list(icons)
    covers = [(i, c.rect) for i, c in enumerate(seq) if c.kind == "cover"]
    out = []
    for i, tile in enumerate(seq):
        if tile.kind != "valued":
            continue
        key = _suffix(tile.name)
        if any(v.kind == "value" and _suffix(v.name) == key for v in seq):
            continue
        hidden = [v.rect for v in seq if v.kind == "hidden" and _suffix(v.name) == key]
        if any(k > i and any(cover.colliderect(h) for h in hidden) for k, cover in covers):
            continue
        detail = "drawn without its value"
        out.append(Finding("missing_value", tile.name, 0, _box(tile.rect), detail))
    return out


# Icons that stand over another by design: a seat's mark on its portrait's corner, a
# turned tile's clover a little over the next tile of a pile, the dice roller's die on
# its disc (Eight Routes).
_BADGES = ("mark:", "clover", "routes_roller")


def find_icon_overlaps(
    icons: Iterable[Any], texts: Iterable[Any], panels: dict[str, Any]
) -> list[Finding]:
    """Inside each of ``panels`` (a seat panel), two icons over each other (more than
    their outer 2 px), or a text running into an icon (over it, its middle outside it: a
    number written on its coin or tile is the icon's own) (issue #38: the goal chips over
    each other, the hats and the pile's "+n more")."""
    out = []
    icons, texts = list(icons), list(texts)
    for name, panel in panels.items():
        inside = [
            i
            for i in icons
            if i.kind in ("icon", "valued")
            and panel.collidepoint(i.rect.center)
            and not i.name.startswith(_BADGES)
        ]
        for k, a in enumerate(inside):
            for b in inside[k + 1 :]:
                if a.rect.inflate(-4, -4).colliderect(b.rect.inflate(-4, -4)):
                    detail = f"{name}: over {b.name or b.kind} {_box(b.rect)}"
                    out.append(Finding("icon_overlap", a.name or a.kind, 0, _box(a.rect), detail))
        for t in texts:
            if not panel.collidepoint(t.rect.center):
                continue
            for i in inside:
                if i.rect.collidepoint(t.rect.center):
                    continue
                if t.rect.inflate(-4, -4).colliderect(i.rect.inflate(-4, -4)):
                    detail = f"{name}: runs into {i.name or i.kind} {_box(i.rect)}"
                    out.append(Finding("icon_overlap", t.text, t.size, _box(t.rect), detail))
    return out


def find_board(
    board: Any, window: tuple[int, int], least: float = MIN_BOARD_SHARE
) -> list[Finding]:
    """The board's rect taking less than ``least`` of the window."""
    share = board_share(board, window)
    if share >= least:
        return []
    return [Finding("board_share", "board", 0, _box(board), f"{share:.0%} < {least:.0%}")]


def board_share(board: Any, window: tuple[int, int]) -> float:
    return (board.w * board.h) / float(window[0] * window[1])


def extent_fill(extent: Any, window: tuple[int, int]) -> float:
    """How much of the window the board's drawn ``extent`` fills at its own shape: its
    area over the area of the biggest box of the same shape the window holds (the
    square of its larger share of the window's width or height). A square board in a
    16:9 window covers at most 56% of it by area; filled to 84% of its height, it is
    at 70% here, as a wide board filling 84% of the window's width is."""
    if extent.w <= 0 or extent.h <= 0:
        return 0.0
    return max(extent.w / window[0], extent.h / window[1]) ** 2


def find_extent(
    extent: Any, window: tuple[int, int], least: float = MIN_EXTENT_FILL
) -> list[Finding]:
    """Issue #38: the board's drawn ``extent`` filling less than ``least`` of the window
    (:func:`extent_fill`)."""
    fill = extent_fill(extent, window)
    if fill >= least:
        return []
    detail = f"fills {fill:.0%} < {least:.0%} (area {board_share(extent, window):.0%})"
    return [Finding("board_extent", "board", 0, _box(extent), detail)]


def _pieces_and_marks(icons: Iterable[Any]) -> tuple[list[Any], list[Any]]:
    """The pieces on a board (``IconDrawn`` of kind ``"piece"``; a hat is a pawn's, not
    a piece) and the seat marks drawn on them (a mark whose centre is on a piece)."""
    seq = list(icons)
    pieces = [i for i in seq if i.kind == "piece" and not i.name.startswith("hat:")]
    marks = [
        i
        for i in seq
        if i.name.startswith("mark:") and any(p.rect.collidepoint(i.rect.center) for p in pieces)
    ]
    return pieces, marks


def find_pieces(
    icons: Iterable[Any],
    window: tuple[int, int],
    least: float = MIN_PIECE_PX,
    mark: float = MIN_MARK_PX,
) -> list[Finding]:
    """Issue #38: a piece whose longer side (a pawn's height, a disc's width) is under
    ``least`` px, or a seat mark on a piece under ``mark`` px, both at 1280x720 and
    scaled with the window (``theme.scale_for``), stacks included (each piece of a stack
    is drawn and recorded)."""
    from game.ui import theme

    scale = theme.scale_for(window)
    piece_floor, mark_floor = least * scale, mark * scale
    pieces, marks = _pieces_and_marks(icons)
    out = []
    for piece in pieces:
        side = max(piece.rect.w, piece.rect.h)
        if side < piece_floor - 0.5:
            detail = f"< {piece_floor:.0f} px"
            out.append(Finding("small_piece", piece.name, side, _box(piece.rect), detail))
    for m in marks:
        side = min(m.rect.w, m.rect.h)
        if side < mark_floor - 0.5:
            detail = f"< {mark_floor:.0f} px"
            out.append(Finding("small_mark", m.name, side, _box(m.rect), detail))
    return out


def find_clipped(icons: Iterable[Any], panel: Any) -> list[Finding]:
    """Issue #38: a piece (or a seat mark on one) that crosses its panel's edge (the
    board's): part of it is cut off or drawn over the frame."""
    pieces, marks = _pieces_and_marks(icons)
    out = []
    for icon in pieces + marks:
        inner = icon.rect.inflate(-2, -2)  # an outline's pixel on the edge is not a cut
        if inner.colliderect(panel) and not panel.contains(inner):
            clip = inner.clip(panel)
            detail = f"{clip.w}x{clip.h} of {inner.w}x{inner.h} inside {_box(panel)}"
            out.append(Finding("clipped_piece", icon.name, 0, _box(icon.rect), detail))
    return out


def find_text_over_buttons(
    texts: Iterable[Any], buttons: Iterable[tuple[Any, str]]
) -> list[Finding]:
    """Issue #38: a text drawn over a button that is not its own label (neither in the
    button's box nor its label's words, which a callout may draw itself): one of the two
    cannot be read. ``buttons`` are (rect, label) pairs."""
    rects = [(b, label) for b, label in buttons if b.w > 0 and b.h > 0]
    out = []
    for t in texts:
        inner = t.rect.inflate(-2, -max(2, int(t.rect.height * 0.3)))
        for b, label in rects:
            if t.container == b or t.text == label or not inner.colliderect(b.inflate(-4, -4)):
                continue
            if t.container is not None and b.contains(t.container):
                continue  # a part of the button's own face (a subtitle's box)
            out.append(
                Finding("text_over_button", t.text, t.size, _box(t.rect), f"button {_box(b)}")
            )
            break
    return out


def find_result_over_board(scene: Any) -> list[Finding]:
    """The end screen's result panel over the board's drawn pieces (issue #38: at Larger
    text it covered the board's foot; the result lies beside the board, the whole
    breakdown over it only when asked for): one finding, with the covered box."""
    result = getattr(scene, "result", None)
    table = getattr(getattr(scene, "game", None), "game", None)
    extent = getattr(table, "drawn_extent", None)
    if result is None or extent is None or scene.details or scene.showing_table:
        return []
    board = extent()
    over = scene.panel.clip(board)
    if over.w <= 0 or over.h <= 0:
        return []
    if any(room.contains(scene.panel) for room in getattr(table, "clear_rooms", list)()):
        return []  # in a room inside the board's box that holds no hex (Duck's corner)
    detail = f"over the board's drawn extent {_box(board)} by {over.w}x{over.h}"
    return [Finding("result_over_board", "result panel", 0, _box(scene.panel), detail)]


def find_tray_over_board(scene: Any) -> list[Finding]:
    """A hand tray lying open over the board's cells (issue #38: on the Spa and the
    Canal's advanced game Duck!'s open tray hid a few edge hexes, and the ducks, buoys
    and tokens on them, from the person deciding): one finding per room over a cell,
    with the cells it hides. The table names its open tray's room or rooms (``open_tray``:
    a rect, or a list of them for a split tray; None when folded or off the board) and
    its cells' boxes (``board_cells``); a table without them has no tray on its board."""
    table = getattr(scene, "game", None)
    room_of, cells_of = getattr(table, "open_tray", None), getattr(table, "board_cells", None)
    rooms = room_of() if room_of is not None and cells_of is not None else None
    if rooms is None:
        return []
    found = []
    for room in rooms if isinstance(rooms, list) else [rooms]:
        inner = room.inflate(-2, -2)  # an outline's pixel on a cell's edge is not a cover
        hidden = [cell for cell in cells_of() if inner.colliderect(cell)]
        if hidden:
            detail = f"over {len(hidden)} of the board's cells, the first {_box(hidden[0])}"
            found.append(Finding("tray_over_board", "hand tray", 0, _box(room), detail))
    return found


def find_dropped(scene: Any) -> list[Finding]:
    """A table's words its board left out for lack of room (issue #38: Eight Routes
    dropped every route's rule text at Larger text): one finding each."""
    game = getattr(scene, "game", None)
    dropped = getattr(game, "dropped_texts", None)
    return [Finding("dropped_text", text, 0, None) for text in (dropped() if dropped else [])]


def find_header_order(scene: Any) -> list[Finding]:
    """A table header whose main line (whose turn, what happens) is smaller than the
    label beside it (the variant; issue #38: 15 px against 21 px in Japanese)."""
    frame = getattr(scene, "frame", None)
    main, label = getattr(getattr(frame, "header", None), "sizes", (0, 0))
    if main and label and main < label:
        return [Finding("header_order", "header", main, None, f"label {label} px")]
    return []


def find_bubble(bubble: Any, target: Any, board: Any | None = None) -> list[Finding]:
    """A lesson's bubble (``bubble``) over the element its step points at (``target``).
    A target that is most of the board (``board``: the step points at the board itself)
    leaves the bubble nowhere else: not counted."""
    if bubble is None or target is None or not bubble.colliderect(target):
        return []
    if board is not None and target.w * target.h > board.w * board.h // 2:
        return []
    clip = bubble.clip(target)
    detail = f"covers {clip.w}x{clip.h} of {_box(target)}"
    return [Finding("bubble_over", "bubble", 0, _box(bubble), detail)]


# the games whose lesson callouts hide no piece at all (issue #38: Cluck-peep!'s chicks
# and chickens; its ladder leaves a place for the callout, on the board or beside it)
CALLOUT_CLEAR_OF_PIECES = ("cluck",)


def find_bubble_over_pieces(bubble: Any, icons: Iterable[Any], game: str) -> list[Finding]:
    """A lesson's bubble over a piece on the board (an ``IconDrawn`` of kind ``"piece"``:
    a chick, a chicken), more than its outer 2 px, in a game of
    :data:`CALLOUT_CLEAR_OF_PIECES`: one finding each (issue #38: cluck-1's step 7 hid
    the chick of the tile it talks about)."""
    if bubble is None or game not in CALLOUT_CLEAR_OF_PIECES:
        return []
    out = []
    for piece in icons:
        if piece.kind == "piece" and bubble.colliderect(piece.rect.inflate(-4, -4)):
            clip = bubble.clip(piece.rect)
            detail = f"covers {clip.w}x{clip.h} of {piece.name} {_box(piece.rect)}"
            out.append(Finding("bubble_over", piece.name, 0, _box(bubble), detail))
    return out


def emptiness(surface: Any, rect: Any, cell: int = 16, tolerance: int = 10) -> float:
    """The empty share of ``rect`` on ``surface``, approximately: the rect cut into
    ``cell``-pixel squares, a square is empty when its average colour is within
    ``tolerance`` of the colour most squares have (the panel's own fill); so art, text,
    icons and pieces all count as content, a plain fill or felt as empty."""
    import pygame

    area = rect.clip(surface.get_rect())
    if area.w < cell or area.h < cell:
        return 0.0
    columns, rows = area.w // cell, area.h // cell
    # each square's average colour: the squares' part of the rect shrunk by ``cell``
    # (a box filter at a whole ratio), read as bytes; then each colour once
    squares = area.x, area.y, columns * cell, rows * cell
    small = pygame.transform.smoothscale(surface.subsurface(squares), (columns, rows))
    raw = pygame.image.tobytes(small, "RGB")
    colours = Counter(raw[i : i + 3] for i in range(0, len(raw), 3))
    fill = colours.most_common(1)[0][0]
    empty = sum(
        n for c, n in colours.items() if max(abs(a - b) for a, b in zip(c, fill)) <= tolerance
    )
    return empty / (columns * rows)


@dataclass(frozen=True)
class Figures:
    """What issue #27 asks to see of one screen."""

    board_share: float | None = None  # of the window (a table)
    extent_fill: float | None = None  # the board's drawn extent at its shape (issue #38)
    smallest_text: int | None = None  # px
    smallest_icon: int | None = None  # px, the short side
    emptiest: tuple[str, float] | None = None  # a panel's name and empty share

    def line(self) -> str:
        board = "-" if self.board_share is None else f"{self.board_share:.0%}"
        if self.extent_fill is not None:
            board += f" drawn {self.extent_fill:.0%}"
        text = "-" if self.smallest_text is None else f"{self.smallest_text}px"
        icon = "-" if self.smallest_icon is None else f"{self.smallest_icon}px"
        empty = "-" if self.emptiest is None else f"{self.emptiest[0]} {self.emptiest[1]:.0%}"
        return f"board {board:>4}  text {text:>5}  icon {icon:>5}  emptiest {empty}"


# -- drawing a screen ----------------------------------------------------------------------


@contextmanager
def _rendering() -> Iterator[list[tuple[str, int]]]:
    """Every (text, px) given to ``fonts.render`` in the block."""
    from game.ui import fonts

    seen: list[tuple[str, int]] = []
    original = fonts.render

    def spy(text: str, size: int, *args: Any, **kwargs: Any) -> Any:
        seen.append((text, int(size)))
        return original(text, size, *args, **kwargs)

    fonts.render = spy  # type: ignore[assignment]
    try:
        yield seen
    finally:
        fonts.render = original  # type: ignore[assignment]


@contextmanager
def _making_icons() -> Iterator[list[tuple[str, int, int]]]:
    """Every (name, width, height) the shared sprite helpers made in the block (the
    outermost call only: a marked sprite is one icon, not its sprite and its mark)."""
    from game.ui import identity, sprites

    made: list[tuple[str, int, int]] = []
    depth = [0]  # calls inside the watched helpers (and _unwatched blocks) are not counted
    spied = [
        (sprites, "svg", lambda a: str(a[0])),
        (sprites, "rotated", lambda a: str(a[0])),
        (identity, "seat_mark_image", lambda a: f"mark:{a[0]}"),
        (identity, "marked_sprite", lambda a: str(a[0])),
    ]
    originals = [(module, attr, getattr(module, attr)) for module, attr, _ in spied]

    def spy(original: Callable[..., Any], name: Callable[[tuple], str]) -> Callable[..., Any]:
        def made_one(*args: Any, **kwargs: Any) -> Any:
            depth[0] += 1
            try:
                image = original(*args, **kwargs)
            finally:
                depth[0] -= 1
            if depth[0] == 0 and not _UNWATCHED:
                made.append((name(args), *image.get_size()))
            return image

        return made_one

    for (module, attr, name), (_m, _a, original) in zip(spied, originals):
        setattr(module, attr, spy(original, name))
    try:
        yield made
    finally:
        for module, attr, original in originals:
            setattr(module, attr, original)


_UNWATCHED: list[bool] = []  # non-empty while a scene under the audited one is built


@contextmanager
def _unwatched() -> Iterator[None]:
    """Icons made in the block (the menu under a table) are not the audited screen's."""
    _UNWATCHED.append(True)
    try:
        yield
    finally:
        _UNWATCHED.pop()


def _fresh_caches() -> None:
    """Art kept from an earlier screen is painted again (its texts seen again)."""
    from game.scenes.duck import art as duck_art
    from game.ui import fonts, identity, sprites

    fonts.reset()
    sprites.reset()
    identity.reset()
    duck_art.reset()  # its cards and hound board, kept per size


def board_rect(scene: Any) -> Any:
    """Where a table's board is: its game's own ``board_rect`` if it names one, else the
    frame's board panel (``scene.plan.board``); None for a screen that is no table."""
    game, plan = getattr(scene, "game", None), getattr(scene, "plan", None)
    if game is None or plan is None or not hasattr(plan, "board"):
        return None
    own = getattr(game, "board_rect", None)
    return own if own is not None else plan.board


def drawn_extent(scene: Any) -> Any:
    """The box around what a table's board draws (its game's ``drawn_extent``, issue
    #38); None for a screen that is no table."""
    game, plan = getattr(scene, "game", None), getattr(scene, "plan", None)
    own = getattr(game, "drawn_extent", None)
    if own is None or plan is None:
        return None
    return own()


def under(rect: Any, cover: Any | None) -> bool:
    """``rect`` lies (in part) under ``cover`` (a lesson's bubble; None: nothing)."""
    return cover is not None and rect.colliderect(cover)


def keeps_column(scene: Any) -> bool:
    """A table that keeps its full side column by design, not measured against issue
    #38's 70% (its figure is still printed): the hosting window (its seats fill in as
    people join, with their "Computer plays" buttons) and a lesson (its steps point at
    the seat panels and speak of what they show)."""
    part, guide = getattr(scene, "part", None), getattr(scene, "guide", None)
    return not getattr(part, "side_drawer", True) or getattr(guide, "lesson", None) is not None


def _button_rects(scene: Any) -> list[tuple[Any, str]]:
    """Where a screen's labelled buttons are (a button without a label is a hit area over
    something the game draws itself, a pawn to pick: its own marks are its face)."""
    group = getattr(scene, "buttons", None)
    return [(b.rect, b.label) for b in getattr(group, "buttons", ()) if b.label]


def _replay_table(app: Any, scene: Any) -> Any | None:
    """The table a replay's controls lie over, the scene under them; None for any other
    screen (the waiting room over its table is audited as the dialog it is)."""
    from game.scenes.table.replay import ReplayControls

    if not isinstance(scene, ReplayControls) or len(app.stack) < 2:
        return None
    table = scene.table
    return table if app.stack[-2] is table and app.stack[-1] is scene else None


def _covers(controls: Any) -> list[Any]:
    """What a replay's controls paint over the table: their panel and the header's
    corner where the table's Undo, menu and rules buttons were (Close lies there)."""
    corner = getattr(controls, "corner", None)
    return [controls.panel] + ([corner] if corner is not None else [])


def _laid_over(sink: Any, over: Any, covers: list[Any]) -> set[tuple[int, int]]:
    """The table's record (``sink``) as the screen shows it with a replay's controls
    drawn over it (``over``): what they paint over (``covers``) is hidden by them, the
    controls' own texts and icons are added. The sizes of the icons hidden (drawn
    through the sink, so no sprite of theirs went unrecorded)."""
    hidden = {(i.rect.w, i.rect.h) for i in sink.icons if i.rect.collidelist(covers) >= 0}
    sink.texts[:] = [t for t in sink.texts if t.rect.collidelist(covers) < 0] + list(over.texts)
    sink.icons[:] = [i for i in sink.icons if i.rect.collidelist(covers) < 0] + list(over.icons)
    return hidden


def _panels(scene: Any, texts: list[Any], window: tuple[int, int]) -> dict[str, Any]:
    """The panels of a screen, by name: a table's frame (board, bar, seats, log, side
    column); any other screen's boxes its texts belong in that are 5 % of the window or
    more (its panels, not its buttons)."""
    import pygame

    plan = getattr(scene, "plan", None)
    if getattr(scene, "game", None) is not None and plan is not None:
        out = {"board": plan.board, "bar": plan.bar, "log": plan.log}
        out.update({f"seat{i + 1}": r for i, r in enumerate(plan.seats)})
        if plan.extra is not None:
            out["extra"] = plan.extra
        return {k: r for k, r in out.items() if r.w > 0 and r.h > 0}
    least = window[0] * window[1] * 0.05
    boxes = {_box(t.container) for t in texts if t.container is not None}
    big = sorted((b for b in boxes if b[2] * b[3] >= least), key=lambda b: (b[1], b[0]))
    return {f"panel{i + 1}": pygame.Rect(b) for i, b in enumerate(big)}


def _figures(app: Any, scene: Any, sink: Any, board: Any) -> Figures:
    window = app.screen.get_size()
    icons = [i for i in sink.icons if i.kind not in ("value", "hidden")]
    extent = drawn_extent(scene)
    empty = [
        (name, emptiness(app.screen, r)) for name, r in _panels(scene, sink.texts, window).items()
    ]
    return Figures(
        board_share=None if board is None else board_share(board, window),
        extent_fill=None if extent is None else extent_fill(extent, window),
        smallest_text=min((t.size for t in sink.texts), default=None),
        smallest_icon=min((min(i.rect.w, i.rect.h) for i in icons), default=None),
        emptiest=max(empty, key=lambda e: e[1]) if empty else None,
    )


def _save_png(app: Any, screen: str, png_dir: Path | None) -> None:
    import pygame

    if png_dir is None:
        return
    name, _, tag = screen.rpartition("@")
    path = png_dir / tag.replace("/", "-") / (name.replace("/", "_") + ".png")
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(path))


def audit_screen(
    app: Any,
    screen: str,
    build: Callable[[Any], Any],
    png_dir: Path | None = None,
) -> tuple[list[Finding], Figures]:
    """The findings and figures of one screen: ``build(app)`` puts it on top of ``app``'s
    stack (and returns it). The scenes below are drawn, then the screen twice: the first
    time (and while it is built: a table paints its kept layers as it is laid out) with
    what it renders watched, the second with its texts and icons recorded, as the layout
    tests record them. Its PNG goes under ``png_dir`` (None: none kept)."""
    _fresh_caches()
    app.stack.clear()
    with _rendering() as rendered, _making_icons() as made:
        scene = build(app)
    return _audit_top(app, screen, scene, rendered, made, png_dir)


def _audit_top(
    app: Any,
    screen: str,
    scene: Any,
    rendered: list[tuple[str, int]],
    made: list[tuple[str, int, int]],
    png_dir: Path | None,
) -> tuple[list[Finding], Figures]:
    from game.ui import theme, widgets

    app.screen.fill(theme.BG)
    controls = scene if _replay_table(app, scene) is not None else None
    if controls is not None:  # a replay: its table is audited, with the controls over it
        scene = controls.table
    start = app.stack.index(scene)
    while start > 0 and app.stack[start].overlay and not app.stack[start].opaque_overlay:
        start -= 1
    for lower in app.stack[start : app.stack.index(scene)]:
        lower.draw(app.screen)
    with (
        _rendering() as drawing,
        _making_icons() as drawn_icons,
        widgets.recording(app.screen) as first,
    ):
        scene.draw(app.screen)
        if controls is not None:
            controls.draw(app.screen)
    with widgets.recording(app.screen) as sink:
        scene.draw(app.screen)
    if controls is not None:
        with widgets.recording(app.screen) as over:
            controls.draw(app.screen)
        hidden = _laid_over(sink, over, _covers(controls))
        drawn_icons = [m for m in drawn_icons if (m[1], m[2]) not in hidden]
        made = [m for m in made if (m[1], m[2]) not in hidden]
    # what an overlay (the open seats' drawer, issue #38) hides was drawn through the
    # sink all the same: not unrecorded (nor, hidden, checked as on the screen)
    covered = {(i.rect.w, i.rect.h) for i in first.hidden_icons + sink.hidden_icons}
    drawn_icons = [m for m in drawn_icons if (m[1], m[2]) not in covered]
    made = [m for m in made if (m[1], m[2]) not in covered]
    recorded = {t.text for t in first.texts + first.hidden_texts}
    unrecorded = [(text, px) for text, px in rendered + drawing if text not in recorded]
    window = app.screen.get_size()
    guide = getattr(scene, "guide", None)
    bubble = getattr(guide, "callout", None)
    found = find(hidden_under(sink.texts, bubble), window, unrecorded)
    found += find_icons(sink.icons, made + drawn_icons)
    found += find_covered_values(sink.icons)
    found += find_missing_values(sink.icons)
    seats = {k: r for k, r in _panels(scene, [], window).items() if k.startswith("seat")}
    if getattr(scene, "game", None) is not None:
        # what a lesson's bubble lies over is hidden by it, icons as texts (a bubble
        # beside the board over the seat panels: issue #38, Cluck-peep!'s steps)
        shown = [i for i in sink.icons if not under(i.rect, bubble)]
        found += find_icon_overlaps(shown, hidden_under(sink.texts, bubble), seats)
    board = board_rect(scene)
    # a button under a lesson's bubble is hidden by it, as the texts there are
    buttons = _button_rects(scene)
    if controls is not None:  # the table's buttons under the controls are hidden by them
        covers = _covers(controls)
        buttons = [(r, label) for r, label in buttons if r.collidelist(covers) < 0]
        buttons += _button_rects(controls)
    shown_buttons = [(r, label) for r, label in buttons if not under(r, bubble)]
    found += find_text_over_buttons(hidden_under(sink.texts, bubble), shown_buttons)
    if board is not None:
        found += find_pieces(sink.icons, window)
        found += find_clipped(sink.icons, board)
    found += find_dropped(scene) + find_header_order(scene)
    found += find_result_over_board(scene) + find_tray_over_board(scene)
    extent = drawn_extent(scene)
    if extent is not None and guide is not None and not keeps_column(scene):
        found += find_extent(extent, window)
    if board is not None and guide is not None:
        found += find_board(board, window)
        step = guide.shown_step() if guide.lesson is not None else None
        if step is not None:  # what it points at and every piece it talks about (#38)
            for target in guide.targets(step) or [guide.element(step)]:
                found += find_bubble(bubble, target, board)
            found += find_bubble_over_pieces(bubble, sink.icons, guide.lesson.game)
    figures = _figures(app, scene, sink, board)
    _save_png(app, screen, png_dir)
    return [Finding(**{**asdict(f), "screen": screen}) for f in found], figures


# -- the screens ---------------------------------------------------------------------------


@functools.cache
def _played(game: str, players: int, options_json: str, moment: str) -> tuple[Any, Any]:
    """A game played by computer players up to ``moment``: (its record, its seats)."""
    from game import registry
    from game.ai import make_bot
    from game.session import Seat, Session

    info = registry.get(game)
    seats = [
        Seat(f"P{i + 1}", info.characters[i].key, human=i == 0, level="easy")
        for i in range(players)
    ]
    session = Session(game, seats, SEED, json.loads(options_json), bot_seed=SEED)
    rounds, actions = MOMENTS[moment]
    bot, rng = make_bot(game, "easy"), random.Random(3)
    state = session.state
    while not state.is_over() and (state.round_number <= rounds or actions > 0):
        if state.round_number > rounds:
            actions -= 1
        p = state.to_act()[0]
        session.apply(p, bot.choose(state.view(p), p, rng))
        state = session.state
    return session.record(), session.seats


def _session(app: Any, game: str, players: int, options: dict[str, Any], moment: str) -> Any:
    """The played game with the names a person sees ("Player 1", the cast's names)."""
    from game import registry
    from game.session import Session, default_seats

    record, _seats = _played(game, players, json.dumps(options, sort_keys=True), moment)
    seats = default_seats(registry.get(game), players, app.t)
    return Session.from_record(record, seats)


def _table(game: str, players: int, options: dict[str, Any], moment: str, end: bool):
    def build(app: Any) -> Any:

        from game.scenes.table.end_screen import GameOverScene
        from game.screenshot import fast_forward

        with _unwatched():
            app.push(app.router.screen("menu")(app))
        scene = app.router.table(game)(app, _session(app, game, players, options, moment))
        app.push(scene)
        fast_forward(scene, 0)  # nothing more to play: seat 1's point of view
        if end:
            over = GameOverScene(app, scene)
            app.push(over)
            return over
        return scene

    return build


# a replay (issue #38): each game's first set-up, its record opened in the replay scene
# and jumped to its middle and to its end; and at its middle with the seats' drawer open
# (its seat panels and log cut above the controls)
REPLAY_MOMENTS = ("mid", "end", "drawer")


def _replay(game: str, moment: str) -> Callable[[Any], Any]:
    """The replay of the game's first set-up played to its end (as History's Watch
    again opens it: every seat's hidden things shown to nobody), at its ``moment``; the
    screen is the controls over the table (both audited)."""

    def build(app: Any) -> Any:
        from game.table.replay import Replay

        players, options = TABLES[game][0]
        session = _session(app, game, players, options, "end")
        replay = Replay(game, session.seats, session.seed, session.options, session.actions)
        with _unwatched():
            app.push(app.router.screen("menu")(app))
        app.router.screen("replay")(app, replay)
        controls = app.top
        controls.jump(replay.length if moment == "end" else replay.length // 2)
        if moment == "drawer":
            controls.table.frame.seat_drawer.toggle(True)
        return controls

    return build


def replay_screens(games: Iterable[str]) -> list[tuple[str, str, Callable[[Any], Any]]]:
    """(group, name, build) of each game's replay at each of :data:`REPLAY_MOMENTS`."""
    return [
        ("replay", f"replay/{game}/{setup_name(*TABLES[game][0])}/{moment}", _replay(game, moment))
        for game in games
        for moment in REPLAY_MOMENTS
    ]


def setup_name(players: int, options: dict[str, Any]) -> str:
    """A set-up in a screen's name: "4p-hats", "6p-hats-attack", "4p-rounds_per_player3"
    (a choice's own word, an option switched on by its name, else the name and value)."""
    words = [
        value if isinstance(value, str) else key if value is True else f"{key}{value}"
        for key, value in options.items()
    ]
    return "-".join([f"{players}p", *words])


def table_screens(games: Iterable[str]) -> list[tuple[str, str, Callable[[Any], Any]]]:
    """(group, name, build) of each table screen: every set-up at every moment, the end
    screen over the last."""
    out = []
    for game in games:
        for players, options in TABLES[game]:
            setup = setup_name(players, options)
            for moment in MOMENTS:
                build = _table(game, players, options, moment, False)
                out.append((game, f"{game}/{setup}/{moment}", build))
            build = _table(game, players, options, "end", True)
            out.append((game, f"{game}/{setup}/end_screen", build))
    return out


@functools.cache
def _history_file(folder: str) -> Path:
    """A history of finished games of the four games (for History and Statistics)."""
    from game.history import History
    from game.session import Seat, Session

    path = Path(folder) / "audit-history.sqlite"
    history = History.open(path)
    names = ["Hana", "Wolfgang Amadeus", "はなこ", "Ren", "Mia"]
    for i, game in enumerate(HISTORY):
        for players, options in HISTORY[game]:
            record, seats = _played(game, players, json.dumps(options, sort_keys=True), "end")
            seats = [Seat(names[j], s.character, s.human, s.level) for j, s in enumerate(seats)]
            session = Session.from_record(record, seats)
            kinds = ["person"] + ["computer"] * (players - 1)
            history.record(session, kinds=kinds, ended=1_700_000_000.0 + i * 600)
    history.close()
    return path


HOST_CODE = "K7QX-M2PD"  # a join code and address as the hosting window shows them
HOST_ADDRESS = "192.168.100.200:58765"  # (the longest a LAN gives), the same every run


def _host_table(game: str) -> Callable[[Any], Any]:
    """The hosting window (issue #27's "host window"): the game's busiest table in the
    middle of a game opened to the network, its join code and address in the header,
    two seats waiting for their people (each with its "Computer plays" button). The
    host's server is never started: the window is drawn as it is once it listens."""

    def build(app: Any) -> Any:
        from game.net.host import HostThread
        from game.scenes.lobby.online import hosted_scene
        from game.screenshot import fast_forward

        players, options = TABLES[game][0]
        session = _session(app, game, players, options, "mid")
        for seat in session.seats[1:3]:
            seat.human = True  # joined by nobody yet
        host = HostThread(session, host="127.0.0.1", local_seats=(0,), autosave=False)
        host.table.code = HOST_CODE
        with _unwatched():
            app.push(app.router.screen("menu")(app))
        scene = hosted_scene(app, host, (0,))
        scene.driver.address = HOST_ADDRESS
        app.push(scene)
        fast_forward(scene, 0)
        scene.frame.reset()  # the header says the code and address
        return scene

    return build


class _HeldPhone:
    """A phone holding its seat, as the table sees its connection (a Peer): it takes
    what it is sent and keeps nothing (the audit's server is never started)."""

    def send(self, text: str) -> None:
        """Nothing: the audit draws the big screen only."""

    def close(self, code: int, reason: str) -> None:
        """Nothing: the audit never drops it."""


def _phones_table(game: str) -> Callable[[Any], Any]:
    """The hosting window (issue #39) when every person at it plays from a phone: the
    game's busiest table in the middle of a game, its two people's seats held on their
    phones (the others computers), so the big screen is the board alone, with no hand
    bar. The host's server is never started: the phones hold their seats by their keys
    through the table, as a phone's rejoin does."""

    def build(app: Any) -> Any:
        from game.net.host import HostThread
        from game.scenes.lobby.online import hosted_scene
        from game.screenshot import fast_forward

        players, options = TABLES[game][0]
        session = _session(app, game, players, options, "mid")
        for i, seat in enumerate(session.seats):
            seat.human = i < 2
        people = (0, 1)
        host = HostThread(
            session, host="127.0.0.1", local_seats=people, autosave=False, phones=people
        )
        host.table.code = HOST_CODE
        for p in people:
            host.table.rejoin(_HeldPhone(), host.phone_tokens[p])
        with _unwatched():
            app.push(app.router.screen("menu")(app))
        scene = hosted_scene(app, host, people)
        scene.driver.address = HOST_ADDRESS
        app.push(scene)
        fast_forward(scene, 0)
        scene.frame.reset()
        return scene

    return build


def _waiting_room(game: str) -> Callable[[Any], Any]:
    """The hosting window's waiting room (issue #38) over :func:`_host_table`'s window:
    the code big, the QR code, the seats (two waiting for their people)."""

    def build(app: Any) -> Any:
        table = _host_table(game)(app)
        app.router.screen("waiting_room")(app, table)
        return app.top

    return build


def _shell(name: str, game: Any, folder: str) -> Callable[[Any], Any]:
    def build(app: Any) -> Any:
        with _unwatched():
            app.push(app.router.screen("menu")(app))
        scene = _open(app, name, game, folder)
        app.push(scene)
        if hasattr(scene, "wait_for_scan"):
            scene.wait_for_scan()
        if hasattr(scene, "wait_for_answer"):  # History, Statistics: the history's thread
            scene.wait_for_answer()
        while app.top is not scene and len(app.stack) > 1:  # a dialog it opened
            app.pop()
        return scene

    return build


def _open(app: Any, name: str, game: Any, folder: str) -> Any:
    from game.history import History

    screen = app.router.screen
    if name in ("menu", "settings", "resume"):
        return screen(name)(app)
    if name == "quit":  # the question Esc or the close button asks at the title
        return screen("confirm")(app, *app.top.quit_question())
    if name in ("lobby", "host"):
        lobby = screen("lobby")(app, game)
        if name == "host":  # every seat but the first online: the longest labels
            lobby.online = [i > 0 for i in range(len(lobby.seats))]
            for seat in lobby.seats[1:]:
                seat.human = True
        return lobby
    if name in ("help", "pause"):
        return screen(name)(app, game)
    if name == "handoff":
        from game.ui import theme

        return screen("handoff")(app, "Wolfgang Amadeus", theme.seat_colour(1), seat=1)
    if name in ("builder", "builder_broken"):  # issue #41: a board passing, one failing
        builder = screen("builder")(app)
        builder.layout(app.size)
        if name == "builder":
            builder.surprise_from(SEED)
        else:
            builder.show_broken()
        return builder
    if name == "board_menu":  # issue #41: a shipped board's menu (Delete says why not)
        from game import registry

        lobby = screen("lobby")(app, registry.get("duck"))
        with _unwatched():  # the lobby under it is audited on its own
            app.push(lobby)
            lobby.wait_for_scan()
            lobby._manage_board()
            menu = app.pop()
        menu.buttons.focus_key("board:delete")  # its reason shown, the longest text
        return menu
    if name in ("join", "join_found"):
        found = FOUND_TABLES if name == "join_found" else []
        join = screen("join")(app, lambda: ListedTables(found))
        join.found = list(found)
        return join
    history = History.open(_history_file(folder))
    if name == "history":
        return screen("history")(app, history)
    players = history.players()
    return screen("stats")(app, history, players[0], players)


def shell_screens(
    names: Iterable[str], games: Iterable[str], folder: str
) -> list[tuple[str, str, Callable[[Any], Any]]]:
    """(group, name, build) of each screen around the tables (one a game where it
    differs by game)."""
    from game import registry

    infos = [registry.get(g) for g in games]
    out = []
    for name in names:
        if name in ("lobby", "host", "help"):
            out += [(name, f"{name}/{info.id}", _shell(name, info, folder)) for info in infos]
        elif name == "host_table":
            out += [(name, f"{name}/{info.id}", _host_table(info.id)) for info in infos]
        elif name == "phones_table":
            out += [(name, f"{name}/{info.id}", _phones_table(info.id)) for info in infos]
        elif name == "waiting_room":
            out += [(name, f"{name}/{info.id}", _waiting_room(info.id)) for info in infos]
        elif name == "pause":
            out.append((name, name, _shell(name, registry.installed_games()[0], folder)))
        else:
            out.append((name, name, _shell(name, None, folder)))
    return out


def lesson_ids(games: Iterable[str]) -> list[str]:
    """The lessons of ``games`` (data/lessons)."""
    from game.paths import lesson_ids as ids

    return [i for g in games for i in ids(g)]


MAX_LESSON_FRAMES = 40_000  # frames of 1/30 s through a lesson (one takes ~3000)


FRAME_S = 1 / 30  # the time each frame through a lesson is told has passed


def _frame(app: Any) -> None:
    """One frame of ``app`` as ``App.step`` makes it (every scene updated by
    ``FRAME_S``), not drawn: the audit draws the frames it captures, and drawing the
    others was a third of its time."""
    app.elapsed += FRAME_S
    for scene in list(app.stack):
        scene.update(FRAME_S)
    app.frames += 1


def _lesson_steps(
    app: Any, lesson_id: str
) -> Iterator[tuple[int, Any, list[tuple[str, int]], list[tuple[str, int, int]]]]:
    """Play lesson ``lesson_id`` from its start by its own steps (as ``python -m game
    screenshot lesson:<id> --step N`` does), yielding (step index, table, the texts
    rendered and the sprites made when the step's frame was drawn) as each step first
    shows. Frames go by a fixed time (``FRAME_S``) and only the frames a step is taken in
    are drawn; the computers decide in the frame that asks them (``BotRunner.inline``)."""
    from game.screenshot import computers_at_once, take_lesson_step

    app.stack.clear()
    app.push(app.router.screen("menu")(app))
    speed, app.settings.animation_speed = app.settings.animation_speed, 50.0
    scene = app.router.screen("lesson_start")(app, lesson_id, fresh=True, keep_place=False)
    if scene is None or scene.guide.lesson is None:
        raise ValueError(f"lesson {lesson_id} could not be opened")
    guide = scene.guide
    seen: set[int] = set()
    # the computers decide on this thread, in the frame that asks them: every run steps
    # through the same frames (on worker threads, a loaded machine saw a decision a frame
    # or more later, and a lesson's steps caught the table at other moments)
    try:
        with computers_at_once():
            for _ in range(MAX_LESSON_FRAMES):
                _frame(app)
                if guide.run.done or app.top is not scene and guide.shown_step() is None:
                    break
                shown = guide.shown_step()
                if shown is None:
                    continue
                if shown.index not in seen:
                    seen.add(shown.index)
                    for _ in range(3):
                        _frame(app)
                    # the step's frame as the window draws it, watched: the texts and sprites
                    # it paints anew since the last step's (the audit draws it again)
                    with _rendering() as rendered, _making_icons() as made:
                        app.draw()
                    yield shown.index, scene, rendered, made
                if shown.expect is None:
                    guide.press_next()
                    continue
                take_lesson_step(app, scene, lesson_id, shown.index, shown.expect)
    finally:
        app.settings.animation_speed = speed


# -- the run -------------------------------------------------------------------------------


@dataclass
class Report:
    findings: list[Finding]
    groups: dict[str, str]  # screen -> its game or screen group
    screens: list[str]  # audited, with size and language
    skipped: int  # screens left out by --max-seconds
    seconds: float
    figures: dict[str, Figures] = field(default_factory=dict)  # screen -> its figures

    def counts(self) -> dict[str, Any]:
        kinds = Counter(f.kind for f in self.findings)
        groups: dict[str, Counter[str]] = {}
        for f in self.findings:
            groups.setdefault(self.groups[f.screen], Counter())[f.kind] += 1
        return {
            "kinds": {k: kinds[k] for k in KINDS},
            "groups": {g: {k: c[k] for k in KINDS if c[k]} for g, c in sorted(groups.items())},
        }


def text_sizes(every: bool = False) -> list[Any]:
    """The text sizes to audit: the smallest and largest of the settings' ``TEXT_SIZES``
    (issue #27's Normal and Larger; ``every``: Large between them too, as ``--full``
    does) when the settings have a ``text_size``, else [None] (the one size there is)."""
    from game import settings

    if "text_size" not in settings.Settings.__match_args__:
        return [None]
    choices = list(getattr(settings, "TEXT_SIZES", ()))
    if not choices:
        return [settings.Settings().text_size]  # type: ignore[attr-defined]
    if every or len(choices) < 2:
        return choices
    return [choices[0], choices[-1]]


def run(
    sizes: Iterable[tuple[int, int]] = SIZES,
    langs: Iterable[str] = LANGS,
    games: Iterable[str] = tuple(TABLES),
    screens: Iterable[str] = SCREEN_SETS,
    max_seconds: float | None = None,
    shell: Iterable[str] = SHELL,
    png_dir: Path | None = None,
    texts: Iterable[Any] | None = None,
) -> Report:
    """Audit every chosen screen at every size, language and text size (stopping when
    ``max_seconds`` have gone by: the rest is counted as skipped); PNGs under
    ``png_dir`` (None: none kept)."""
    import pygame

    from game.app import App
    from game.settings import Settings

    start = time.monotonic()
    games, screens = list(games), list(screens)
    text_choices = text_sizes() if texts is None else list(texts)
    findings: list[Finding] = []
    figures: dict[str, Figures] = {}
    groups: dict[str, str] = {}
    audited: list[str] = []
    skipped = 0
    lessons = lesson_ids(games) if "lessons" in screens else []

    def late() -> bool:
        return max_seconds is not None and time.monotonic() - start > max_seconds

    def add(screen: str, group: str, result: tuple[list[Finding], Figures]) -> None:
        nonlocal findings
        groups[screen] = group
        audited.append(screen)
        findings += result[0]
        figures[screen] = result[1]

    with tempfile.TemporaryDirectory(prefix="audit-layout-") as folder:
        plan = table_screens(games) if "tables" in screens else []
        plan += replay_screens(games) if "replays" in screens else []
        plan += shell_screens(shell, games, folder) if "shell" in screens else []
        for size in sizes:
            for lang in langs:
                for text in text_choices:
                    if late():
                        skipped += len(plan) + len(lessons)
                        continue
                    settings = Settings()
                    if text is not None:
                        settings.text_size = text  # type: ignore[attr-defined]
                    app = App(size=size, lang=lang, settings=settings, persist=False)
                    app.settings.animation_speed = 4.0
                    # Normal text is the plain name; a larger text size says so
                    larger = "" if text in (None, 1.0) else f"/text{text}"
                    tag = f"@{size[0]}x{size[1]}/{lang}{larger}"
                    try:
                        for group, name, build in plan:
                            if late():
                                skipped += 1
                                continue
                            add(
                                f"{name}{tag}",
                                group,
                                audit_screen(app, f"{name}{tag}", build, png_dir),
                            )
                            _leave(app)
                        for lesson in lessons:
                            if late():
                                skipped += 1
                                continue
                            _fresh_caches()
                            for index, scene, painted, made in _lesson_steps(app, lesson):
                                screen = f"lesson/{lesson}/step{index + 1:02d}{tag}"
                                result = _audit_top(app, screen, scene, painted, made, png_dir)
                                add(screen, f"lesson/{scene.guide.lesson.game}", result)
                            _leave(app)
                    finally:
                        pygame.quit()
        _history_file.cache_clear()
    return Report(findings, groups, audited, skipped, time.monotonic() - start, figures)


def _leave(app: Any) -> None:
    """Screens that hold something open (the Join screen's browser) let it go."""
    for scene in app.stack:
        exit_ = getattr(scene, "exit", None)
        if type(scene).__name__ == "JoinScene" and exit_ is not None:
            exit_()
    app.stack.clear()


def set_name(sizes: list[tuple[int, int]]) -> str | None:
    """The baseline's section for a run at ``sizes``: "default", "full" or None."""
    if sizes == DEFAULT_SIZES:
        return "default"
    if sizes == SIZES:
        return "full"
    return None


def allowances(baseline: dict[str, Any], section: str | None) -> dict[str, dict[str, int]]:
    """A game's (or screen group's) allowance per kind for the set run (``section``);
    a run of other sizes is held to the full set's."""
    return dict(baseline.get(section or "full", {}))


def over_allowance(counts: dict[str, Any], allowed: dict[str, dict[str, int]]) -> list[str]:
    """Each count of a game (or screen group) over its allowance in ``allowed`` (a
    section of the baseline: group -> kind -> count). Exactly: every run of a set sees
    the same screens (the computers decide on the audit's own thread, the frames are
    stepped by a fixed time), so a count never varies between runs and one more finding
    is one more finding."""
    out = []
    for group, kinds in counts["groups"].items():
        for kind, n in kinds.items():
            most = allowed.get(group, {}).get(kind, 0)
            if n > most:
                out.append(f"{group} {kind}: {n} > {most} allowed")
    return out


def under_allowance(counts: dict[str, Any], allowed: dict[str, dict[str, int]]) -> list[str]:
    """Each allowance in ``allowed`` the run's count is under (a kind fixed, a group with
    none left): to be written down with ``--write-baseline``, so it cannot grow back."""
    out = []
    for group, kinds in sorted(allowed.items()):
        for kind, most in sorted(kinds.items()):
            n = counts["groups"].get(group, {}).get(kind, 0)
            if n < most:
                out.append(f"{group} {kind}: {n} < {most} allowed")
    return out


def updated_baseline(
    baseline: dict[str, Any], section: str, counts: dict[str, Any], groups: Iterable[str]
) -> dict[str, Any]:
    """``baseline`` with ``section``'s allowances of ``groups`` set to ``counts`` (a group
    without findings is allowed none); the other groups and sections as they were."""
    out = {
        k: dict(v) for k, v in baseline.items() if isinstance(v, dict) and k in ("default", "full")
    }
    part = out.setdefault(section, {})
    for group in groups:
        part.pop(group, None)
        kinds = counts["groups"].get(group)
        if kinds:
            part[group] = dict(kinds)
    out[section] = dict(sorted(part.items()))
    return dict(sorted(out.items()))


SHORT = {
    "small": "<14px",
    "cut": "cut…",
    "outside_box": "outbox",
    "outside_window": "outwin",
    "overlap": "overlap",
    "missing_glyph": "glyph",
    "unrecorded": "unrec",
    "board_share": "board",
    "small_icon": "<16icon",
    "unrecorded_icon": "unrecI",
    "covered_value": "covered",
    "missing_value": "novalue",
    "icon_overlap": "iconovr",
    "bubble_over": "bubble",
    "board_extent": "drawn",
    "small_piece": "<32pc",
    "small_mark": "<16mk",
    "clipped_piece": "clipped",
    "text_over_button": "onbtn",
    "dropped_text": "dropped",
    "header_order": "hdr<sub",
    "result_over_board": "result",
    "tray_over_board": "tray",
}


def figures_table(report: Report) -> str:
    """One line of figures per screen (issue #27's "measured, not assumed")."""
    if not report.figures:
        return ""
    width = max(len(s) for s in report.figures)
    return "\n".join(f"{s:<{width}}  {f.line()}" for s, f in report.figures.items())


def summary(report: Report, worst: int = 12) -> str:
    counts = report.counts()
    head = f"{'game/screen':<16}" + "".join(f"{SHORT[k]:>8}" for k in KINDS) + f"{'all':>7}"
    lines = [head, "-" * len(head)]
    for group, kinds in counts["groups"].items():
        row = "".join(f"{kinds.get(k, 0):>8}" for k in KINDS)
        lines.append(f"{group:<16}{row}{sum(kinds.values()):>7}")
    total = counts["kinds"]
    lines += ["-" * len(head)]
    row = "".join(f"{total[k]:>8}" for k in KINDS)
    lines.append(f"{'total':<16}{row}{sum(total.values()):>7}")
    per_screen = Counter(f.screen for f in report.findings)
    if per_screen:
        lines += ["", f"worst screens (of {len(report.screens)}):"]
        for screen, n in per_screen.most_common(worst):
            kinds = Counter(f.kind for f in report.findings if f.screen == screen)
            lines.append(f"  {n:>4}  {screen}  " + ", ".join(f"{k} {c}" for k, c in kinds.items()))
    shares = [f.board_share for f in report.figures.values() if f.board_share is not None]
    texts = [f.smallest_text for f in report.figures.values() if f.smallest_text is not None]
    icons = [f.smallest_icon for f in report.figures.values() if f.smallest_icon is not None]
    empty = [f.emptiest for f in report.figures.values() if f.emptiest is not None]
    lines.append("")
    if shares:
        lines.append(f"board share: least {min(shares):.0%}, most {max(shares):.0%}")
    if texts:
        lines.append(f"smallest text: {min(texts)} px; smallest icon: {min(icons, default=0)} px")
    if empty:
        name, share = max(empty, key=lambda e: e[1])
        where = next(s for s, f in report.figures.items() if f.emptiest == (name, share))
        lines.append(f"emptiest panel: {name} {share:.0%} empty ({where})")
    left = f", {report.skipped} skipped (--max-seconds)" if report.skipped else ""
    lines += [f"{len(report.screens)} screens in {report.seconds:.1f} s{left}"]
    return "\n".join(lines)


def _sizes(text: str) -> list[tuple[int, int]]:
    out = []
    for part in text.split(","):
        w, _, h = part.partition("x")
        out.append((int(w), int(h)))
    return out


def main(argv: list[str] | None = None) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--full",
        action="store_true",
        help="all four sizes and all three text sizes (default: two and two)",
    )
    parser.add_argument("--sizes", help="e.g. 1024x600,1920x1080 (instead of the set's)")
    parser.add_argument("--langs", default=",".join(LANGS))
    parser.add_argument("--games", default=",".join(TABLES))
    parser.add_argument(
        "--screens", default=",".join(SCREEN_SETS), help="tables, replays, shell, lessons (any of)"
    )
    parser.add_argument("--json", metavar="FILE", help="write every finding there")
    parser.add_argument("--baseline", default=str(BASELINE), metavar="FILE")
    parser.add_argument(
        "--write-baseline",
        action="store_true",
        help="write this run's counts as the allowances of its set (default or full): "
        "every group, or with --games those games' only",
    )
    parser.add_argument("--no-png", action="store_true", help=f"keep no PNGs ({PNG_DIR})")
    parser.add_argument("--quiet", action="store_true", help="no line of figures per screen")
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=300.0,
        help="stop starting screens after this long (the default set takes ~1 min)",
    )
    parser.add_argument("--verbose", action="store_true", help="print every finding")
    parser.add_argument(
        "--fail-on-any",
        action="store_true",
        help="exit 1 on any finding at all (or a skipped screen), ignoring the baseline: "
        "issue #27's end state, the audit passes everywhere",
    )
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    unknown = sorted(set(games) - set(TABLES))
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)}")
    chosen = [s for s in args.screens.split(",") if s]
    if set(chosen) - set(SCREEN_SETS):
        parser.error(f"--screens: any of {', '.join(SCREEN_SETS)}")
    sizes = _sizes(args.sizes) if args.sizes else SIZES if args.full else DEFAULT_SIZES
    langs = args.langs.split(",")
    # a home of its own: nothing of the person's settings, saves or history is read
    home = tempfile.mkdtemp(prefix="audit-layout-home-")
    os.environ["TABLETOP_DERBY_HOME"] = home
    report = run(
        sizes,
        langs,
        games,
        chosen,
        args.max_seconds,
        png_dir=None if args.no_png else PNG_DIR,
        texts=text_sizes(every=args.full),
    )
    if args.verbose:
        for finding in report.findings:
            print(finding.line())
        print()
    if not args.quiet:
        print(figures_table(report))
        print()
    print(summary(report))
    if not args.no_png:
        print(f"PNGs: {PNG_DIR}")
    counts = report.counts()
    if args.json:
        by_screen: dict[str, Counter[str]] = {}  # one pass: --full has ~50000 findings
        for f in report.findings:
            by_screen.setdefault(f.screen, Counter())[f.kind] += 1
        Path(args.json).write_text(
            json.dumps(
                {
                    **counts,
                    "seconds": round(report.seconds, 1),
                    "screens": {
                        screen: {
                            **asdict(report.figures[screen]),
                            **by_screen.get(screen, Counter()),
                        }
                        for screen in report.screens
                    },
                    "skipped": report.skipped,
                    "findings": [asdict(f) for f in report.findings],
                },
                ensure_ascii=False,
                indent=1,
            ),
            encoding="utf-8",
        )
    if args.fail_on_any:  # issue #27's end state: the audit passes everywhere
        if report.skipped:
            print(f"FAIL: {report.skipped} screens skipped (--max-seconds): not checked")
        if report.findings:
            print(f"FAIL: {len(report.findings)} findings (--fail-on-any: none is allowed)")
        return 1 if report.findings or report.skipped else 0
    section = set_name(sizes)
    path = Path(args.baseline)
    baseline = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    whole = section is not None and langs == LANGS and set(chosen) == set(SCREEN_SETS)
    # the groups this run saw whole: with --games the shell's screens were seen for
    # those games only, so only those games' groups (tables, lessons) count
    seen = set(report.groups.values())
    if games != list(TABLES):
        seen = {g for g in seen if g in games or g.partition("/")[2] in games}
    if args.write_baseline:
        if not whole or report.skipped:
            print(
                "--write-baseline: only after a run of a whole set (the default or --full, "
                "both languages, every kind of screen, nothing skipped; --games may pick games)"
            )
            return 2
        written = seen if games != list(TABLES) else seen | set(allowances(baseline, section))
        new = updated_baseline(baseline, section, counts, sorted(written))
        path.write_text(json.dumps(new, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {path} ({section}: {', '.join(sorted(written))})")
        return 0
    allowed = allowances(baseline, section)
    over = over_allowance(counts, allowed)
    for line in over:
        print(f"OVER: {line}")
    if whole and not report.skipped:
        if games == list(TABLES):
            seen |= set(allowed)  # a group with no screen left is under its allowance too
        under = under_allowance(counts, {g: k for g, k in allowed.items() if g in seen})
        for line in under:
            print(f"UNDER: {line}")
        if under:
            which = "" if section == "default" else " --full"
            print(
                f"NOTE: {len(under)} counts went down: write them with "
                f"`python tools/audit_layout.py{which} --write-baseline` (and commit "
                f"{path.name}), so they cannot grow back"
            )
    if report.skipped:
        print(f"NOTE: {report.skipped} screens skipped (--max-seconds): not checked")
    if over:
        print(
            "FAIL: counts over the baseline (exact: every run sees the same screens, so "
            "each is a new finding; --verbose or --json lists them)"
        )
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
