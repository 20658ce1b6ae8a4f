"""How large can the Spa's board be with Duck!'s open hand tray clear of it? (issue #38)

    nice -n 19 python tools/duck_spa_room.py [--sizes 1280x720,...] [--texts 1.0,1.2,1.4]
        [--board spa] [--langs en,ja] [--json FILE] [--now-only]

The Spa's hexes reach every edge of the felt, so no room for the whole tray at its
usual card size is clear while its drawn extent fills 70% of the window (the layout
audit's ``extent_fill``). ``game/scenes/duck/tray.py``'s Decision: the tray then splits
(the hint, the cards and the tokens in one clear corner, the piles, the Coach and the
buttons in another) and its cards are drawn smaller, only as far as the board needs,
down to a floor; where even the floor leaves no room, the board gives way.

``now`` is the board's fill as the game lays it out (with ``tray``: "split" or the
band's corner, and ``card_w``, the split's card width against ``band_card_w``, a band's,
and ``floor``); ``--now-only`` measures that alone, each case's line then the least and
the median fill per text size and per seats and variant. The other figures are the
search that led to the Decision, each the largest ``extent_fill`` found:

* ``cards_only``: an upper bound. Only the hand's cards in a row (at the size a band's
  cards have on the Canals, the hand and a card on the table) must be clear of the
  hexes and what stands on them; nothing else of the tray needs room, the cards may lie
  anywhere on the felt and the board anywhere in it. Found on a grid of ``GRID`` px
  where a box counts as taken only on the cells it covers whole and the cards' row is
  a cell shorter each way, so no place the pixels allow is missed: a figure under 70%
  means no tray whatever that shows the whole hand reaches 70% at that table.
* ``split``: the split tray as issue #38 suggested it: the cards' row, the buttons with
  the token tray (advanced game), and the hint's two lines with the Coach and the piles,
  each in a corner of its own, the board at any of its six anchors (tray.py's
  ``fitted``), made 1% smaller at a time until every room is clear (``hex_boxes``).
* ``two``: the same with only the cards and the buttons with the token tray placed (the
  hint, the Coach and the piles left out): what a split could reach at most if they
  found room elsewhere.

They are printed beside ``now``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import statistics
import sys
from dataclasses import asdict, dataclass

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame

from game.scenes.duck.geometry import BoardGeometry
from game.scenes.duck.layout import BAND_HINT_W, CARD_ASPECT, LIFT
from game.scenes.duck.tray import SHRINK, extent_units, fitted, hex_boxes
from tests.scene_helpers import make_app, push_game
from tools.audit_layout import MIN_EXTENT_FILL as MIN_FILL  # issue #38's 70%

GRID = 4  # px: the cells of the cards-only search
LEAST_FILL = 0.4  # no smaller board is tried (a figure of 0: none as large fits)
CORNERS = ("topleft", "topright", "bottomleft", "bottomright")
# the seats and variants measured: two ducks each (the widest hand), the most seats
SETUPS = ((2, "advanced"), (4, "advanced"), (6, "advanced"), (3, "beginner"), (5, "beginner"))


@dataclass
class Room:
    """One table's figures (see the module's docstring)."""

    size: tuple[int, int]
    text: float
    players: int
    variant: str
    now: float
    cards_only: float
    split: float
    two: float
    cards: tuple[int, int]  # the cards' row (w, h) in px
    tray: str = ""  # how the game lays the tray: "split", or its band's corner
    card_w: int = 0  # the split's card width (0: not split)
    band_card_w: int = 0  # a band's card width
    floor: int = 0  # the split's least card width
    lang: str = "en"


@dataclass
class Felt:
    """What the search needs of a laid-out table: the board's hexes, the felt, the
    pixel measures of the tray's parts."""

    coords: frozenset
    felt: pygame.Rect
    inset: int  # the tray's rooms keep this far from the felt's edge
    area: pygame.Rect  # where the board is fitted (tray.py's place_tray)
    pad: int  # the board's padding in its box
    window: tuple[int, int]
    largest: float  # the board's hex size with no tray at all

    def fill(self, hex_size: float) -> float:
        """``extent_fill`` of the board at ``hex_size`` (tools/audit_layout.py)."""
        _l, _t, width, height = extent_units(self.coords)
        return max(width * hex_size / self.window[0], height * hex_size / self.window[1]) ** 2

    @property
    def inner(self) -> pygame.Rect:
        return self.felt.inflate(-2 * self.inset, -2 * self.inset)


def cards_clear_somewhere(felt: Felt, geo: BoardGeometry, cards: tuple[int, int]) -> bool:
    """Whether the cards' row fits anywhere in the felt clear of ``geo``'s hexes (on the
    grid: see the module's docstring; it errs towards yes, never towards no)."""
    inner = felt.inner
    cols, rows = inner.w // GRID, inner.h // GRID
    cw, ch = cards[0] // GRID - 1, cards[1] // GRID - 1
    if cw < 1 or ch < 1 or cw > cols or ch > rows:
        return cw <= cols and ch <= rows
    taken = pygame.Mask((cols, rows))
    for box in hex_boxes(geo):
        left = math.ceil((box.x - inner.x) / GRID)
        top = math.ceil((box.y - inner.y) / GRID)
        right = (box.right - inner.x) // GRID
        bottom = (box.bottom - inner.y) // GRID
        left, top = max(left, 0), max(top, 0)
        right, bottom = min(right, cols), min(bottom, rows)
        if right > left and bottom > top:
            taken.draw(pygame.Mask((right - left, bottom - top), fill=True), (left, top))
    # bit (i, j) of the convolution: the row with its bottom right cell at (i, j) overlaps
    hits = taken.convolve(pygame.Mask((cw, ch), fill=True))
    places = pygame.Mask((cols, rows))
    places.draw(pygame.Mask((cols - cw + 1, rows - ch + 1), fill=True), (cw - 1, ch - 1))
    return places.overlap_area(hits, (0, 0)) < places.count()


def cards_only(felt: Felt, cards: tuple[int, int]) -> float:
    """The largest fill with the cards' row clear somewhere, the board slid anywhere."""
    size = felt.largest
    while felt.fill(size) >= LEAST_FILL:
        hexes = felt.area.inflate(-2 * felt.pad, -2 * felt.pad)  # where the hexes may lie
        centred = BoardGeometry(felt.coords, hexes, 0)
        centred.size = size
        left, top, width, height = extent_units(felt.coords)
        ox0, oy0 = hexes.x - left * size, hexes.y - top * size
        slack_x = max(0.0, hexes.w - width * size)
        slack_y = max(0.0, hexes.h - height * size)
        steps_x = int(slack_x // GRID) + 1
        steps_y = int(slack_y // GRID) + 1
        for i, j in itertools.product(range(steps_x), range(steps_y)):
            centred.ox, centred.oy = ox0 + i * GRID, oy0 + j * GRID
            if cards_clear_somewhere(felt, centred, cards):
                return felt.fill(size)
        size *= SHRINK
    return 0.0


def corner_room(felt: Felt, size: tuple[int, int], corner: str) -> pygame.Rect:
    inner = felt.inner
    room = pygame.Rect(0, 0, min(size[0], inner.w), min(size[1], inner.h))
    setattr(room, corner, getattr(inner, corner))
    return room


def split(felt: Felt, parts: list[tuple[int, int]]) -> float:
    """The largest fill with each of ``parts`` in a corner of its own, all clear."""
    best = 0.0
    for anchor, bottom in itertools.product(("left", "right", "middle"), (False, True)):
        for corners in itertools.permutations(CORNERS, len(parts)):
            rooms = [corner_room(felt, p, c) for p, c in zip(parts, corners, strict=True)]
            if any(a.colliderect(b) for a, b in itertools.combinations(rooms, 2)):
                continue
            size = felt.largest
            while felt.fill(size) > best and felt.fill(size) >= LEAST_FILL:
                boxes = hex_boxes(fitted(felt.coords, felt.area, size, felt.pad, anchor, bottom))
                if all(room.collidelist(boxes) < 0 for room in rooms):
                    best = felt.fill(size)
                    break
                size *= SHRINK
    return best


@dataclass
class Table:
    """A new game's table as the game lays it out, and the tray's parts' least rooms
    (w, h) in px: the cards' row, the buttons with the token tray, the hint's line with
    the Coach and the piles; ``now``: the board's fill today; ``room``: today's tray."""

    felt: Felt
    cards: tuple[int, int]
    buttons: tuple[int, int]
    line: tuple[int, int]
    now: float
    room: pygame.Rect
    tray: str  # "split", or the band's corner (tray.py's kinds)
    card_w: int  # the split's card width (0: not split)
    band_card_w: int
    floor: int


def laid_out(
    size: tuple[int, int], text: float, players: int, variant: str, board: str, lang: str = "en"
) -> Table:
    """The table of a new game (``board``, ``players`` seats, one person) at ``size`` and
    text size ``text`` in ``lang``, its tray open."""
    app = make_app(size, lang)
    app.settings.text_size = text
    try:
        scene = push_game(
            app, "duck", (0,), players, 1, {"variant": variant, "board": board}, "easy"
        )
        game, px = scene.game, scene.game.host.px
        if not game.tray.is_open():
            game.tray.toggle()
        model, layout, state = game.model, game.geometry, game.host.state
        row_h = layout.band_row_h()
        card_w = round((row_h - px(LIFT)) * CARD_ASPECT)  # a band's card (the Canals')
        count = state.hand_size + 1
        cards = (px(16) + count * card_w + (count - 1) * px(8), px(12) + row_h)
        slot = layout.slot_w() + px(12) if state.advanced else 0
        buttons = (px(16) + layout.buttons_w() + slot, px(12) + row_h)
        coach_w, coach_h = layout.coach_size()
        line_w = px(16) + px(BAND_HINT_W) + coach_w + layout.piles_w() + 2 * px(12)
        line = (line_w, px(12) + max(layout.band_hint_h(), coach_h, px(34)))
        area = model.board_rect.inflate(-px(12), -px(12))
        largest = BoardGeometry(model.geo.coords, area, px(4)).size
        felt = Felt(model.geo.coords, model.board_rect.copy(), px(8), area, px(4), size, largest)
        place = model.tray_place
        tray = "split" if place.aside is not None else place.kind
        return Table(
            felt,
            cards,
            buttons,
            line,
            felt.fill(model.geo.size),
            place.room.copy(),
            tray,
            place.card_w,
            layout.split.band_card_w(),
            layout.split.card_floor(),
        )
    finally:
        pygame.quit()


def measure(
    size: tuple[int, int],
    text: float,
    players: int,
    variant: str,
    board: str,
    search: bool = True,
    lang: str = "en",
) -> Room:
    """The figures of one table (see the module's docstring); the game's own alone
    (the searches' figures 0) unless ``search``."""
    table = laid_out(size, text, players, variant, board, lang)
    felt, cards = table.felt, table.cards
    return Room(
        size,
        text,
        players,
        variant,
        table.now,
        cards_only(felt, cards) if search else 0.0,
        split(felt, [cards, table.buttons, table.line]) if search else 0.0,
        split(felt, [cards, table.buttons]) if search else 0.0,
        cards,
        table.tray,
        table.card_w,
        table.band_card_w,
        table.floor,
        lang,
    )


def summary(rooms: list[Room]) -> list[str]:
    """The least and the median fill the game reaches, per text size and per seats and
    variant, and the tables under issue #38's 70%."""
    lines = []
    groups: dict[str, list[Room]] = {}
    for room in rooms:
        groups.setdefault(f"text {room.text}", []).append(room)
        groups.setdefault(room.lang, []).append(room)
        groups.setdefault(f"{room.players}p {room.variant}", []).append(room)
    for name, group in groups.items():
        fills = [room.now for room in group]
        lines.append(
            f"{name:<14} fill least {min(fills):.1%} median {statistics.median(fills):.1%}"
            f"  split {sum(room.tray == 'split' for room in group)} of {len(group)}"
        )
    under = [room for room in rooms if room.now < MIN_FILL]
    lines.append(f"under {MIN_FILL:.0%}: {len(under)} of {len(rooms)} tables")
    for room in under:
        w, h = room.size
        lines.append(
            f"  {w}x{h} {room.lang} text {room.text} {room.players}p {room.variant}: {room.now:.1%}"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1024x600,1280x720,1920x1080,2560x1440")
    parser.add_argument("--texts", default="1.0,1.2,1.4")  # Normal, Large, Larger
    parser.add_argument("--board", default="spa")
    parser.add_argument("--json", default=None)
    parser.add_argument("--langs", default="en")
    parser.add_argument("--now-only", action="store_true", help="the game's own fill alone")
    args = parser.parse_args(argv)
    sizes = [tuple(int(n) for n in s.split("x")) for s in args.sizes.split(",")]
    rooms = []
    texts = [float(t) for t in args.texts.split(",")]
    for lang, (w, h), text in itertools.product(args.langs.split(","), sizes, texts):
        for players, variant in SETUPS:
            room = measure((w, h), text, players, variant, args.board, not args.now_only, lang)
            rooms.append(room)
            split_cards = (
                f" cards {room.card_w} px (a band's {room.band_card_w}, floor {room.floor})"
                if room.card_w
                else ""
            )
            found = (
                ""
                if args.now_only
                else f"  cards only <= {room.cards_only:.0%}  split {room.split:.0%}"
                f" (cards and buttons only {room.two:.0%})"
                f"  (cards {room.cards[0]}x{room.cards[1]})"
            )
            print(
                f"{w}x{h} {lang} text {text} {players}p {variant:<8} now {room.now:.1%}"
                f" {room.tray}{split_cards}{found}",
                flush=True,
            )
    if not args.now_only:
        reached = sum(room.split >= MIN_FILL for room in rooms)
        print(f"three corners leave the board {MIN_FILL:.0%} at {reached} of {len(rooms)} tables")
    print("\n".join(summary(rooms)))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump([asdict(room) for room in rooms], out, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
