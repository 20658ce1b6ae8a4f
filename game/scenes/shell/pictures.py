"""Pictures of each game drawn with its own art, for the screens around the tables (issue
#27): the rules help's section pictures, the lobby's seat pieces and portraits, and the
lobby's preview of the chosen board.

These are adapters: they call the games' art (their sprites in assets/sprites, Duck!'s
card and board painting in ``game.scenes.duck.art``, the colours of Cluck-peep!'s road and
Eight Routes' routes) and never change it. A game's art module is imported inside the
function that draws with it, so opening the help or the lobby of one game loads no other
game's table. Every picture is made once per layout and size (cached), never per frame.
A text that belongs on a picture (a card's number) is not painted into it: it is a
:class:`Label` the screen draws over the picture with the rest of its texts, so the
layout tests see it, and only where the picture is shown. The sprites painted into a
picture are written down with it (``icons``, as ``widgets.paint_picture`` does) and
handed on where the picture is laid (:func:`lay`), so the audit sees each at its size
(issue #27: icons at least 16 px)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, NamedTuple

import pygame

from game import registry
from game.paths import SPRITES_DIR
from game.ui import identity, smooth, sprites, theme, widgets


class Label(NamedTuple):
    """A text on a picture: ``pos`` (from the picture's corner) is its ``anchor``."""

    text: str
    size: int
    pos: tuple[int, int]
    colour: tuple[int, int, int]
    bold: bool = False
    anchor: str = "center"


class Picture(NamedTuple):
    """A picture, the texts to be drawn on it and the icons painted into it (where they
    are on it); ``name`` says what it shows when it is one thing (a sprite's file)."""

    image: pygame.Surface
    labels: tuple[Label, ...] = ()
    icons: tuple[widgets.IconDrawn, ...] = ()
    name: str = ""


def painted(
    image: pygame.Surface, paint: Callable[[pygame.Surface], None], labels: tuple = ()
) -> Picture:
    """``paint(image)``, the icons it draws (``widgets.draw_icon``) kept with the picture."""
    with widgets.recording(image) as sink:
        paint(image)
    return Picture(image, labels, tuple(sink.icons))


def lay(surface: pygame.Surface, picture: Picture, at: tuple[int, int] | pygame.Rect) -> None:
    """Blit ``picture`` with its corner at ``at``, the icons painted into it with it (its
    labels are the screen's to draw)."""
    widgets.lay(surface, widgets.Picture(picture.image, (), picture.icons), at)


def draw(
    surface: pygame.Surface, picture: Picture, at: tuple[float, float], anchor: str = "topleft"
) -> pygame.Rect:
    """Draw ``picture`` as one icon (named by what it shows) with its ``anchor`` at
    ``at``, or, a picture of several things, laid with the icons painted into it."""
    rect = picture.image.get_rect(**{anchor: (round(at[0]), round(at[1]))})
    if picture.icons:
        lay(surface, picture, rect)
        return rect
    return widgets.draw_icon(surface, picture.image, rect, picture.name or "picture")


ICON_PX = 16  # issue #27: no icon under 16 px, in a preview too
NEST_W = 28  # Cluck-peep!'s nest is wider than tall: 16 px tall
DRAIN_HEX = (150, 172, 190)
RING_HEX = (236, 140, 128)  # a life ring's hex in a preview too small for the ring


def reset() -> None:
    """Forget the pictures (a new display, or a new language)."""
    _piece.cache_clear()
    _help_pictures.cache_clear()


# -- seats ---------------------------------------------------------------------------------
def seat_piece(game_id: str, seat: int, character: str, size: int) -> Picture:
    """Seat ``seat``'s piece in this game, in the seat's colour and with its mark (the
    table's look: a duck, a chicken, a pawn or a route marker), ``size`` px square; its
    mark is 16 px at least (issue #27), so a piece is never smaller than 32 px."""
    return _piece(game_id, seat, character, max(32, int(size)))


# The art of each game's seat piece (looked up by the game's id, issue #37): where the
# seat's badge sits on a game's own piece sprite (a game whose piece is the character
# itself, GameInfo.piece_is_character), as fractions of its side ...
BADGE_SPOTS = {"duck": (0.5, 0.62), "cluck": (0.36, 0.66)}
# ... and, for the others, which of the box's pieces a seat has (a pawn, else a marker)
PAWN_GAMES = frozenset({"verflixxt"})


@lru_cache(maxsize=128)
def _piece(game_id: str, seat: int, character: str, size: int) -> Picture:
    if registry.get(game_id).piece_is_character:
        name = f"{game_id}_{character}.svg"
        if not (SPRITES_DIR / name).exists():
            name = f"{game_id}.svg"
        spot = BADGE_SPOTS[game_id]
        mark = max(0.3, 16 / size)  # the badge 16 px at least
        return Picture(identity.marked_sprite(name, size, seat, spot, mark), name=name)
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    colour = theme.seat_colour(seat)

    def paint_pawn(surf: pygame.Surface) -> None:
        h = size
        w = int(h * 0.667)
        pawn = sprites.tinted(sprites.svg("verflixxt_pawn.svg", w, h), colour)
        widgets.draw_icon(surf, pawn, ((size - w) // 2, 0), "verflixxt_pawn.svg")
        identity.draw_seat_mark(surf, seat, (size / 2, h * 0.71), max(16, h * 0.3))

    def paint_marker(surf: pygame.Surface) -> None:
        w, h = size, int(size * 0.75)
        marker = sprites.tinted(sprites.svg("routes_marker.svg", w, h), colour)
        widgets.draw_icon(surf, marker, (0, (size - h) // 2), "routes_marker.svg")
        mark = max(16, h * 0.46)
        identity.draw_seat_mark(surf, seat, (w / 2, (size - h) / 2 + h * 0.72), mark)

    return painted(image, paint_pawn if game_id in PAWN_GAMES else paint_marker)


# -- rules help ----------------------------------------------------------------------------
class Painter(NamedTuple):
    """A section's pictures ``h`` px tall: the boxes they fit in (``boxes``: to lay the
    page out without making a picture that may never be shown) and the pictures
    (``paint``: made when the section is on the page)."""

    boxes: Callable[[int], list[tuple[int, int]]]
    paint: Callable[[int], list[Picture]]


def _sprite(name: str, w: int, h: int | None = None) -> Picture:
    return Picture(sprites.svg(name, w, h or w), name=name)


def _row(*names: str, aspect: float = 1.0) -> Painter:
    def box(h: int) -> tuple[int, int]:
        return (max(8, int(h * aspect)), h)

    return Painter(
        lambda h: [box(h) for _ in names],
        lambda h: [_sprite(n, *box(h)) for n in names],
    )


def _duck_card(number: int, h: int) -> Picture:
    """One of Duck!'s movement cards from the deck data: its band, number and routes."""
    # Duck!'s card art and deck data, only when its rules help shows a card
    from game.boards.duck import load_deck  # lazy: see above
    from game.rules.duck.data import deck_from_data  # lazy: see above
    from game.scenes.duck import art as duck_art  # lazy: see above

    deck = deck_from_data(load_deck())
    routes = deck[number]
    w = int(h * 0.7)

    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(4, w // 10)
    pygame.draw.rect(surf, duck_art.CARD_FACE, rect, border_radius=radius)
    top = pygame.Rect(0, 0, w, max(6, round(h * 0.2)))
    pygame.draw.rect(
        surf,
        duck_art.band_colour(number),
        top,
        border_top_left_radius=radius,
        border_top_right_radius=radius,
    )
    size = max(theme.MIN_TEXT_PX, round(h * 0.15))
    label = Label(
        str(number), size, (max(4, w // 12), top.centery), (255, 255, 255), True, "midleft"
    )
    area = duck_art._diagram_area(w, h)
    duck_art.draw_diagram(surf, area, routes, numbered=False)
    pygame.draw.rect(surf, duck_art.CARD_EDGE, rect, width=max(1, w // 60), border_radius=radius)

    return Picture(surf, (label,), name=f"duck card {number}")


def _cards(*numbers: int) -> Painter:
    return Painter(
        lambda h: [(int(h * 0.7), h) for _ in numbers],
        lambda h: [_duck_card(n, h) for n in numbers],
    )


def _routes_dice(*faces: int) -> Painter:
    """Eight Routes' d8 in their routes' colours, their faces written on them."""

    def paint(h: int) -> list[Picture]:
        # Eight Routes' route colours, only when its rules help shows its dice
        from game.scenes.routes.model import ROUTE_COLOURS  # lazy: see above

        out = []
        for face in faces:
            tint = theme.mix(ROUTE_COLOURS[face - 1], (255, 255, 255), 0.55)
            die = sprites.tinted(sprites.svg("routes_d8.svg", h), tint)
            size = max(theme.MIN_TEXT_PX, int(h * 0.36))
            label = Label(str(face), size, (h // 2, int(h * 0.6)), (34, 28, 20), True)
            out.append(Picture(die, (label,), name="routes_d8.svg"))
        return out

    return Painter(lambda h: [(h, h) for _ in faces], paint)


def _both(*painters: Painter) -> Painter:
    return Painter(
        lambda h: [box for painter in painters for box in painter.boxes(h)],
        lambda h: [p for painter in painters for p in painter.paint(h)],
    )


DUCK_TOKENS = tuple(
    f"duck_token_{n}.svg" for n in ("blue", "keep", "step", "rotate", "swap", "ghost", "become")
)
BUOYS = ("duck_buoy_red.svg", "duck_buoy_yellow.svg", "duck_buoy_green.svg")
VX_TILES = tuple(f"verflixxt_tile_{n}.svg" for n in ("start", "minus", "lucky", "plus", "finish"))

# Each game's rules help, section by section (the order of data/help/<game>.<lang>.md,
# the same in every language): what its pictures show.
HELP_PICTURES: Mapping[str, tuple[Painter | None, ...]] = {
    "duck": (
        _row("duck_sparky.svg", *BUOYS, "duck_drain.svg"),
        _both(_row(*("duck_card_back.svg",) * 4, aspect=0.7), _row("duck_ring.svg")),
        _cards(7, 23, 41),
        _cards(12, 30),
        _row(*BUOYS),
        _row("duck_ring.svg", "duck_drain.svg"),
        _row("duck_hound.svg", "duck_control.svg"),
        _row(*DUCK_TOKENS),
        _row("duck_cookie.svg", "duck_cookie.svg"),
        _cards(18),
    ),
    "verflixxt": (
        _row("verflixxt_tile_start.svg", "verflixxt_pawn.svg", "verflixxt_tile_finish.svg"),
        _row(*VX_TILES, "verflixxt_guardian.svg"),
        _row(
            "verflixxt_die1.svg", "verflixxt_die4.svg", "verflixxt_die0.svg", "verflixxt_pawn.svg"
        ),
        _row("verflixxt_tile_plus.svg", "verflixxt_tile_minus.svg", "verflixxt_tile_lucky.svg"),
        _both(
            _row("verflixxt_hat_lucky.svg", "verflixxt_hat_unlucky.svg"),
            _row("verflixxt_card_orange.svg", "verflixxt_card_yellow.svg", aspect=0.7),
        ),
        _both(
            _row("verflixxt_card_orange.svg", "verflixxt_card_back.svg", aspect=0.7),
            _row("verflixxt_die6.svg"),
        ),
        _row("verflixxt_hat_lucky.svg", "verflixxt_hat_unlucky.svg", "verflixxt_clover.svg"),
        _row("verflixxt_tile_risk.svg", "verflixxt_chip.svg"),
        _both(
            _row("verflixxt_card_yellow.svg", "verflixxt_card_yellow.svg", aspect=0.7),
            _row("verflixxt_guardian.svg"),
        ),
        None,
    ),
    "cluck": (
        _row("cluck_henrietta.svg", "cluck_chick.svg", "cluck_nest.svg"),
        _row("cluck_back.svg", "cluck_nest.svg"),
        _row("cluck_basket.svg", "cluck_chick.svg"),
        _row("cluck_henrietta.svg", "cluck_clucky.svg", "cluck_pepper.svg", "cluck_nugget.svg"),
        _row("cluck_clucky.svg", "cluck_chick.svg", "cluck_nest.svg"),
        _row("cluck_meadow.svg", "cluck_back.svg"),
        _row("cluck_chick.svg", "cluck_chick.svg", "cluck_basket.svg"),
        _row("cluck_back.svg", "cluck_chick.svg"),
    ),
    "routes": (
        _both(_routes_dice(1, 4, 8), _row("routes_marker.svg")),
        _both(_row("routes_roller.svg", "routes_chip_up.svg", "routes_d6.svg")),
        _routes_dice(2, 2, 5, 7),
        _row("routes_chip_up.svg", "routes_chip_down.svg"),
        _row("routes_marker.svg", "routes_icon_push.svg", "routes_icon_change.svg"),
        _routes_dice(1, 2, 3, 4, 5, 6, 7, 8),
        None,
    ),
}


def _painter(game_id: str, section: int) -> Painter | None:
    painters = HELP_PICTURES.get(game_id, ())
    return painters[section] if section < len(painters) else None


def help_boxes(game_id: str, section: int, height: int) -> list[tuple[int, int]]:
    """The boxes (width, height) the pictures of section ``section`` fit in, ``height``
    px tall, made without making them: each picture is as big as its box or smaller."""
    painter = _painter(game_id, section)
    return painter.boxes(max(16, int(height))) if painter else []


def help_pictures(game_id: str, section: int, height: int) -> list[Picture]:
    """The pictures of section ``section`` of the game's rules help, ``height`` px tall
    (none for a section without, or one past the list)."""
    return list(_help_pictures(game_id, section, max(16, int(height))))


@lru_cache(maxsize=128)
def _help_pictures(game_id: str, section: int, height: int) -> tuple[Picture, ...]:
    painter = _painter(game_id, section)
    return tuple(painter.paint(height)) if painter else ()


# -- the lobby's board preview ----------------------------------------------------------------
def board_preview(
    game_id: str, options: Mapping[str, Any], players: int, size: tuple[int, int]
) -> Picture | None:
    """A small picture of the board these options make, ``size`` px at most: Duck!'s
    chosen board (its hexes from the board data), Cluck-peep!'s ladder (one row per tile
    laid in a round), Verflixxt!'s track (its tiles in the chosen order) or Eight Routes'
    sheet with the round chips the game lasts. None when the data cannot be had (a board
    still being read)."""
    w, h = max(16, size[0]), max(16, size[1])
    paint = {
        "duck": _duck_board,
        "cluck": _cluck_ladder,
        "verflixxt": _verflixxt_track,
        "routes": _routes_sheet,
    }.get(game_id)
    if paint is None:
        return None
    return paint(dict(options), players, w, h)


def _duck_board(options: dict, players: int, w: int, h: int) -> Picture | None:
    # Duck!'s boards and board painting, only when its lobby shows a board
    from game.boards import DataFileError, cached_load  # lazy: see above
    from game.boards import duck as duck_boards  # lazy: see above
    from game.rules.duck.data import COLOURS, board_from_data  # lazy: see above
    from game.rules.protocol import RulesDataError  # lazy: see above
    from game.scenes.duck import art as duck_art  # lazy: see above
    from game.scenes.duck.geometry import BoardGeometry  # lazy: see above

    scan = duck_boards.latest_scan()
    entry = (
        next((b for b in scan.boards if b["stem"] == options.get("board")), None) if scan else None
    )
    if entry is None:
        return None
    try:
        data = cached_load("duck board", entry["path"], duck_boards._load_and_check)
        board = board_from_data(data)
    except (DataFileError, RulesDataError):
        return None
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    # room at the edges for a 16 px icon on an edge hex
    geo = BoardGeometry(board.coords, image.get_rect(), pad=max(8, w // 40))
    # the table's hexes and pieces (duck_art.paint_board's look), without the tiles'
    # numbers in small print: at a preview's size they would be unreadable. The buoys
    # and the drain (the race's goals) are 16 px at least (issue #27); a life ring is
    # drawn where its hex has room for a 16 px one, else its hex is the ring's red
    size = geo.size
    rings = round(size * 1.3) >= ICON_PX

    def paint(surf: pygame.Surface) -> None:
        for i, (q, r) in enumerate(board.coords):
            kind = board.kind[i]
            fill = duck_art.WATER
            if kind == 3:
                fill = DRAIN_HEX
            elif kind == 1 and not rings:
                fill = RING_HEX
            smooth.polygon(surf, fill, geo.corners(q, r))
            smooth.outline(surf, duck_art.WATER_EDGE, geo.corners(q, r), max(1.0, size * 0.07))
        for i, (q, r) in enumerate(board.coords):
            kind = board.kind[i]
            if kind == 1 and rings:
                name, scale = "duck_ring.svg", 1.3
            elif kind == 2:
                name, scale = f"duck_buoy_{COLOURS[board.colour[i]]}.svg", 1.2
            elif kind == 3:
                name, scale = "duck_drain.svg", 1.45
            else:
                continue
            icon = sprites.svg(name, max(ICON_PX, round(size * scale)))
            widgets.draw_icon(surf, icon, geo.hex_px(q, r), name, anchor="center")

    return painted(image, paint)


def _cluck_ladder(options: dict, players: int, w: int, h: int) -> Picture:
    """The START tile, a row per road tile laid in a round (each player lays 1, or 2 on
    the long road) and the nest tile, as an amidakuji of 5 holes."""
    # Cluck-peep!'s road colours, only when its lobby shows the ladder
    from game.scenes.cluck import art as cluck_art  # lazy: see above

    rows = players * (2 if options.get("long_road") else 1)
    total = rows + 2  # START and the nest tile
    tile_h = h / total
    nest_w = max(NEST_W, int(tile_h * 0.9))  # the nest is wide: 16 px tall at least
    hen_w = max(ICON_PX, int(tile_h * 1.1))
    tile_h = min(tile_h, (w - 2 * max(nest_w, hen_w) - 8) / 3.2)
    tile_w = tile_h * 3.2
    x0 = (w - tile_w) / 2
    y0 = (h - tile_h * total) / 2
    rng = random.Random(rows)

    def paint(surf: pygame.Surface, factor: int) -> None:
        th, tw, left = tile_h * factor, tile_w * factor, x0 * factor
        for i in range(total):
            top = (y0 + i * tile_h) * factor
            rect = pygame.Rect(round(left), round(top), round(tw), round(th - factor))
            fill = cluck_art.STRAW if i in (0, total - 1) else cluck_art.ROAD
            pygame.draw.rect(surf, fill, rect, border_radius=max(2, int(th * 0.15)))
            pygame.draw.rect(
                surf,
                cluck_art.ROAD_EDGE,
                rect,
                max(1, factor),
                border_radius=max(2, int(th * 0.15)),
            )
            xs = [left + tw * (k + 0.5) / 5 for k in range(5)]
            for x in xs:
                pygame.draw.line(
                    surf, cluck_art.HOLE_RIM, (x, top + th * 0.1), (x, top + th * 0.9), factor
                )
            if 0 < i < total - 1:  # a rung or two between neighbouring holes
                for k in rng.sample(range(4), 1 + i % 2):
                    y = top + th * (0.35 + 0.3 * (k % 2))
                    pygame.draw.line(surf, cluck_art.HOLE, (xs[k], y), (xs[k + 1], y), 2 * factor)
            for x in xs if i in (0, total - 1) else ():
                pygame.draw.circle(surf, cluck_art.HOLE, (x, top + th / 2), th * 0.22)

    image = smooth.supersampled((w, h), paint)

    def paint_pieces(surf: pygame.Surface) -> None:
        # the hen at START and the nest at the end, 16 px at least (issue #27), beside
        # the ladder and inside the picture
        nest = sprites.svg("cluck_nest.svg", nest_w)
        spot = nest.get_rect(midleft=(x0 + tile_w + 2, y0 + tile_h * (total - 0.5)))
        widgets.draw_icon(surf, nest, spot.clamp(surf.get_rect()), "cluck_nest.svg")
        chicken = sprites.svg("cluck_henrietta.svg", hen_w)
        spot = chicken.get_rect(midright=(x0 - 2, y0 + tile_h / 2))
        widgets.draw_icon(surf, chicken, spot.clamp(surf.get_rect()), "cluck_henrietta.svg")

    return painted(image, paint_pieces)


def _verflixxt_track(options: dict, players: int, w: int, h: int) -> Picture:
    """The track from the start tile to the finish in the chosen order (the standard
    layout, or one shuffle of it: every game shuffles its own), snaking across."""
    # the box's data (the standard track), only when Verflixxt!'s lobby shows it
    from game.boards.verflixxt import box_path, load_box  # lazy: see above

    box = load_box(box_path("box"))
    kinds = {t["id"]: t["kind"] for t in box["path_tiles"]}
    track = [kinds.get(t, "plus") for t in box["standard_track"]]
    if options.get("track") == "random":
        random.Random(7).shuffle(track)
    names = ["start", *track, "finish"]

    def cell_of(per_row: int) -> float:
        return min(w / per_row, h / -(-len(names) // per_row))

    # as many tiles to a row as make them biggest (9 at the least)
    per_row = max(range(9, max(10, len(names) + 1)), key=cell_of)
    rows = (len(names) + per_row - 1) // per_row
    cell = cell_of(per_row)
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    x0 = (w - cell * per_row) / 2
    y0 = (h - cell * rows) / 2

    def paint(surf: pygame.Surface) -> None:
        for i, kind in enumerate(names):
            row, col = divmod(i, per_row)
            if row % 2:
                col = per_row - 1 - col  # a snake: each row comes back
            name = f"verflixxt_tile_{kind}.svg"
            tile = sprites.svg(name, max(ICON_PX, int(cell * 0.9)))
            widgets.draw_icon(surf, tile, (round(x0 + col * cell), round(y0 + row * cell)), name)

    return painted(image, paint)


def _routes_sheet(options: dict, players: int, w: int, h: int) -> Picture:
    """The eight routes of 20 spaces in their colours, and a round chip for each round
    the game lasts with this many players."""
    # Eight Routes' colours and scoring table, only when its lobby shows the sheet
    from game.boards import DataFileError  # lazy: see above
    from game.boards.routes import load_table, table_path  # lazy: see above
    from game.scenes.routes.model import ROUTE_COLOURS  # lazy: see above

    per = options.get("rounds_per_player", "table")
    if not isinstance(per, int):
        try:
            per = int(load_table(table_path("scoring")).get("rounds_per_player", 2))
        except (DataFileError, TypeError, ValueError):  # a broken table: the usual 2
            per = 2
    rounds = max(1, per * players)
    chip = max(ICON_PX, min(int(h * 0.12), int(w / (rounds + 1))))
    sheet_h = h - chip - 6
    col_w = w / 8

    def paint(surf: pygame.Surface, factor: int) -> None:
        cell = sheet_h / 20 * factor
        for r, colour in enumerate(ROUTE_COLOURS):
            left = (r * col_w + col_w * 0.12) * factor
            width = col_w * 0.76 * factor
            for s in range(20):
                top = (sheet_h * factor) - (s + 1) * cell
                rect = pygame.Rect(
                    round(left), round(top + factor), round(width), round(cell - factor)
                )
                shade = theme.mix(colour, (255, 255, 255), 0.15 + 0.5 * (s % 2))
                pygame.draw.rect(surf, shade, rect, border_radius=max(1, factor))

    image = smooth.supersampled((w, h), paint)

    def paint_chips(surf: pygame.Surface) -> None:
        icon = sprites.svg("routes_chip_up.svg", chip)
        for i in range(rounds):
            x = (w - rounds * (chip + 2)) / 2 + i * (chip + 2)
            widgets.draw_icon(surf, icon, (round(x), h - chip), "routes_chip_up.svg")

    return painted(image, paint_chips)
