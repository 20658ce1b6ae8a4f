"""The games' covers on the title menu (issue #38): each drawn from the game's own sprites
as its table shows them, so a cover promises the game a person will see (the old covers
were a realistic duck while play has cartoon ducks, and a pentagon and bars for Eight
Routes).

- Duck! Duck! Go!: two ducks racing past a buoy towards the drain on the hex pond.
- Verflixxt!: the track's plus, minus and lucky tiles to the finish, two pawns in their
  seats' colours and marks, the lucky hat.
- Cluck-peep!: a ladder of road tiles, a hen at its top, chicks on its rungs, the nest.
- Eight Routes: route lanes with the seats' markers at their heights, two eight-sided
  dice, a reward chip and the dice roller's red die (as the table marks the roller: a
  crown read as the winner's, POLISH3, issue #38).

A cover is painted once per size (cached, and kept on disk between runs) on a rounded card
of the game's colour."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import pygame

from game import registry
from game.ui import identity, kept, smooth, sprites, theme, widgets

# each cover's ground: the colour of the game's table
GROUND = {
    "duck": (150, 212, 240),
    "verflixxt": (206, 232, 184),
    "cluck": (250, 226, 168),
    "routes": (222, 214, 244),
}


def cover(game_id: str, width: int, height: int) -> pygame.Surface:
    """The cover of ``game_id`` ``width`` x ``height`` (its picture file for a game this
    module does not draw)."""
    return _cover(game_id, max(32, int(width)), max(24, int(height)))


def cover_sprites(game_id: str) -> tuple[str, ...]:
    """The sprites ``game_id``'s cover is painted from, in order (its picture file for a
    game this module does not draw): what the tests check comes from the game's table."""
    return _painted(game_id, 240, 144)[1]


@lru_cache(maxsize=16)
def _cover(game_id: str, w: int, h: int) -> pygame.Surface:
    """Painted once per size and kept on disk (game.ui.kept: the title menu's first frame
    reads its covers back instead of rasterising 30 sprites)."""
    painted = kept.kept(
        f"cover-{game_id}-{w}x{h}",
        (w, h),
        lambda: widgets.Picture(_painted(game_id, w, h)[0], ()),
        (__file__,),
    )
    return painted.image


def _painted(game_id: str, w: int, h: int) -> tuple[pygame.Surface, tuple[str, ...]]:
    painter = PAINTERS.get(game_id)
    if painter is None:
        picture = registry.get(game_id).picture
        return sprites.svg(picture, w, h), (picture,)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    smooth.rounded_rect(surf, GROUND[game_id], surf.get_rect(), max(6, h // 10))
    used: list[str] = []
    painter(surf, w, h, used)
    return surf, tuple(used)


def _put(
    surf: pygame.Surface,
    used: list[str],
    name: str,
    size: int,
    centre: tuple[float, float],
    seat: int | None = None,
) -> None:
    """Sprite ``name`` ``size`` px square centred on ``centre`` (in seat ``seat``'s
    colour and mark: a pawn or a marker), written down in ``used``."""
    if seat is None:
        image = sprites.svg(name, size)
    else:
        image = _seat_piece(name, seat, size, 0.71 if name == "verflixxt_pawn.svg" else 0.62)
    used.append(name)
    surf.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


def _seat_piece(name: str, seat: int, size: int, mark_at: float) -> pygame.Surface:
    """A pawn or marker in seat ``seat``'s colour with its mark, as the tables draw it."""
    image = sprites.tinted(sprites.svg(name, size), theme.seat_colour(seat))
    mark = max(identity.MIN_MARK_PX, round(size * 0.3))
    spot = image.get_rect().centerx, round(size * mark_at)
    badge = identity.seat_mark_image(seat, mark)
    image.blit(badge, badge.get_rect(center=spot))
    return image


def _duck(surf: pygame.Surface, w: int, h: int, used: list[str]) -> None:
    """The pond's hexes, the drain, a red buoy and two ducks heading for the drain."""
    r = h / 5.2
    edge = theme.mix(GROUND["duck"], (255, 255, 255), 0.45)
    for row in range(-1, 5):
        for col in range(-1, int(w / (r * 1.5)) + 2):
            cx = col * r * 1.5
            cy = row * r * math.sqrt(3) + (r * math.sqrt(3) / 2 if col % 2 else 0)
            points = [
                (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
                for a in range(0, 360, 60)
            ]
            smooth.outline(surf, edge, points, max(1.5, h / 80))
    _put(surf, used, "duck_drain.svg", round(h * 0.42), (w * 0.84, h * 0.34))
    _put(surf, used, "duck_buoy_red.svg", round(h * 0.26), (w * 0.52, h * 0.74))
    _put(surf, used, "duck_daisy.svg", round(h * 0.5), (w * 0.26, h * 0.36))
    _put(surf, used, "duck_pirate.svg", round(h * 0.5), (w * 0.62, h * 0.44))
    _put(surf, used, "duck_goldie.svg", round(h * 0.44), (w * 0.18, h * 0.76))


def _verflixxt(surf: pygame.Surface, w: int, h: int, used: list[str]) -> None:
    """A bend of the track to the finish tile, two pawns on it, the lucky hat."""
    tile = round(h * 0.26)
    track = [
        ("verflixxt_tile_start.svg", 0.1, 0.78),
        ("verflixxt_tile_plus.svg", 0.26, 0.78),
        ("verflixxt_tile_minus.svg", 0.42, 0.78),
        ("verflixxt_tile_lucky.svg", 0.58, 0.78),
        ("verflixxt_tile_plus.svg", 0.74, 0.78),
        ("verflixxt_tile_minus.svg", 0.9, 0.78),
        ("verflixxt_tile_lucky.svg", 0.9, 0.5),
        ("verflixxt_tile_finish.svg", 0.9, 0.22),
    ]
    for name, x, y in track:
        _put(surf, used, name, tile, (w * x, h * y))
    pawn = round(h * 0.46)
    _put(surf, used, "verflixxt_pawn.svg", pawn, (w * 0.42, h * 0.6), seat=0)
    _put(surf, used, "verflixxt_pawn.svg", pawn, (w * 0.74, h * 0.6), seat=1)
    _put(surf, used, "verflixxt_hat_lucky.svg", round(h * 0.4), (w * 0.3, h * 0.26))
    _put(surf, used, "verflixxt_guardian.svg", round(h * 0.34), (w * 0.62, h * 0.22))


def _cluck(surf: pygame.Surface, w: int, h: int, used: list[str]) -> None:
    """Three poles of a ghost-leg ladder with rungs, a hen at the top, chicks, a nest."""
    wood, width = (150, 104, 60), max(3.0, h / 22)
    poles = (w * 0.2, w * 0.5, w * 0.8)
    for x in poles:
        smooth.line(surf, wood, (x, h * 0.22), (x, h * 0.86), width)
    for a, b, y in ((0, 1, 0.42), (1, 2, 0.58), (0, 1, 0.74)):
        smooth.line(surf, wood, (poles[a], h * y), (poles[b], h * y), width)
    _put(surf, used, "cluck_henrietta.svg", round(h * 0.36), (poles[1], h * 0.16))
    chick = round(h * 0.2)
    _put(surf, used, "cluck_chick.svg", chick, ((poles[1] + poles[2]) / 2, h * 0.5))
    _put(surf, used, "cluck_chick.svg", chick, ((poles[0] + poles[1]) / 2, h * 0.66))
    _put(surf, used, "cluck_nest.svg", round(h * 0.3), (poles[0], h * 0.86))
    _put(surf, used, "cluck_clucky.svg", round(h * 0.3), (poles[2], h * 0.8))


def _routes(surf: pygame.Surface, w: int, h: int, used: list[str]) -> None:
    """Four route lanes with the seats' markers at their heights, dice, a chip and the
    dice roller's red die."""
    lane_w = round(w * 0.11)
    heights = (0.55, 0.3, 0.7, 0.42)
    for i, at in enumerate(heights):
        x = w * (0.1 + i * 0.14)
        lane = pygame.Rect(0, 0, lane_w, round(h * 0.8))
        lane.center = (round(x), h // 2)
        smooth.rounded_rect(surf, (255, 255, 255), lane, lane_w // 2)
        smooth.rounded_rect(surf, (120, 110, 160), lane, lane_w // 2, max(1, h // 60))
        centre = (x, h * (0.1 + 0.8 * at))
        _put(surf, used, "routes_marker.svg", round(lane_w * 1.55), centre, seat=i)
    _put(surf, used, "routes_d8.svg", round(h * 0.34), (w * 0.72, h * 0.28))
    _put(surf, used, "routes_d8.svg", round(h * 0.3), (w * 0.9, h * 0.46))
    _put(surf, used, "routes_chip_up.svg", round(h * 0.26), (w * 0.7, h * 0.74))
    _put(surf, used, "routes_roller.svg", round(h * 0.24), (w * 0.89, h * 0.78))


PAINTERS: dict[str, Callable[[pygame.Surface, int, int, list[str]], None]] = {
    "duck": _duck,
    "verflixxt": _verflixxt,
    "cluck": _cluck,
    "routes": _routes,
}
