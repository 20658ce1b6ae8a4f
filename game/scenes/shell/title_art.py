"""The box's title band (issue #38, "a brand of its own"): the wordmark (a hand-set SVG,
assets/sprites/wordmark.svg: round letters, Duck's buoy for the "o", Verflixxt!'s lucky
hat on the T) over key art made of the games' own pieces racing along a track of
Verflixxt! tiles to its finish: a duck and a chicken, a pawn and an Eight Routes marker
in the first four seats' colours and marks, an eight-sided die. Every piece is the
table's own sprite, so the title looks like the games it opens.

Everything is painted once per window size (cached), never per frame."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import pygame

from game.ui import identity, sprites, theme

WORDMARK = "wordmark.svg"
WORDMARK_ASPECT = 866 / 154  # the SVG's viewBox, width over height
# the band's sky: the duck pond's blue at the top, the slate of the old band at the foot
SKY_TOP = (63, 128, 176)
SKY_FOOT = (44, 66, 92)
TRACK = ("verflixxt_tile_plus.svg", "verflixxt_tile_minus.svg", "verflixxt_tile_lucky.svg")


class Racer(NamedTuple):
    """A piece on the track: its sprite, the seat whose colour and mark it wears (None:
    its own colours), where it stands (a fraction of the band's width) and its height (a
    fraction of the track's tile)."""

    sprite: str
    seat: int | None
    at: float
    height: float


# the left group chases the right group to the finish tile at the band's right end; the
# middle of the band is left to the subtitle
RACERS = (
    Racer("duck_daisy.svg", 0, 0.05, 2.5),
    Racer("cluck_henrietta.svg", None, 0.12, 2.6),
    Racer("routes_d8.svg", None, 0.19, 1.5),
    Racer("verflixxt_pawn.svg", 1, 0.81, 2.6),
    Racer("routes_marker.svg", 2, 0.88, 1.6),
    Racer("duck_pirate.svg", 3, 0.95, 2.5),
)


def wordmark(width: int, height: int) -> pygame.Surface:
    """The wordmark, as large as fits ``width`` x ``height`` with its own proportions."""
    w = max(16, min(int(width), int(height * WORDMARK_ASPECT)))
    return sprites.svg(WORDMARK, w, max(4, round(w / WORDMARK_ASPECT)))


@lru_cache(maxsize=8)
def band(width: int, height: int, track_h: int) -> pygame.Surface:
    """The title band ``width`` x ``height``: the sky, and along its foot the track
    (``track_h`` tall) with the racers on it. The wordmark and subtitle are laid over it
    by the menu (their text is the language's)."""
    surf = pygame.Surface((width, height))
    for y in range(height):  # the sky: a vertical blend, one line at a time, once
        surf.fill(theme.mix(SKY_TOP, SKY_FOOT, y / max(1, height - 1)), (0, y, width, 1))
    top = height - track_h
    tile = track_h
    for i, x in enumerate(range(0, width, tile)):
        name = "verflixxt_tile_finish.svg" if x + 2 * tile > width else TRACK[i % len(TRACK)]
        surf.blit(sprites.svg(name, tile), (x, top))
    for racer in RACERS:
        surf.blit(*_racer(racer, width, top, tile))
    return surf


def _racer(racer: Racer, width: int, top: int, tile: int) -> tuple[pygame.Surface, tuple]:
    """The racer's picture and where it goes: standing on the track, its foot on the
    tiles' middle (a top-down duck sits on it)."""
    h = max(identity.MIN_MARK_PX * 2, round(tile * racer.height))
    image = sprites.svg(racer.sprite, h)
    if racer.seat is not None and racer.sprite in ("verflixxt_pawn.svg", "routes_marker.svg"):
        image = sprites.tinted(image, theme.seat_colour(racer.seat))
        image = image.copy()
        spot = (h / 2, h * (0.71 if racer.sprite == "verflixxt_pawn.svg" else 0.62))
        identity.draw_seat_mark(image, racer.seat, spot, max(16, h * 0.3))
    x = round(width * racer.at) - h // 2
    y = top + tile * 2 // 3 - h
    return image, (x, y)


def racer_rects(width: int, height: int, track_h: int) -> list[pygame.Rect]:
    """Where the racers stand on a band ``width`` x ``height`` (the menu keeps its words
    off them)."""
    top = height - track_h
    rects = []
    for racer in RACERS:
        image, at = _racer(racer, width, top, track_h)
        rects.append(image.get_bounding_rect().move(at))
    return rects
