"""The box's title band (issue #38, "a brand of its own"): the wordmark (a hand-set SVG,
assets/sprites/wordmark.svg: round letters, Duck's buoy for the "o", Verflixxt!'s lucky
hat on the T) over key art made of the games' own pieces racing along a track of
Verflixxt! tiles to its finish: a duck and a chicken, a pawn and an Eight Routes marker
in the first four seats' colours and marks, an eight-sided die. Every piece is the
table's own sprite, so the title looks like the games it opens.

Everything is painted once per window size (cached, and kept on disk between runs:
game.ui.kept), never per frame."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import pygame

from game.ui import identity, kept, sprites, theme, widgets

WORDMARK = "wordmark.svg"
WORDMARK_ASPECT = 866 / 154  # the SVG's viewBox, width over height
# the band's sky: the duck pond's blue at the top, the slate of the old band at the foot
SKY_TOP = (63, 128, 176)
SKY_FOOT = (44, 66, 92)
# the seat pieces among the racers: where their seat's mark sits (a fraction of their height)
MARKED = {"verflixxt_pawn.svg": 0.71, "routes_marker.svg": 0.62}
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
    return _wordmark(w, max(4, round(w / WORDMARK_ASPECT)))


@lru_cache(maxsize=16)
def _wordmark(w: int, h: int) -> pygame.Surface:
    """Rasterised once per size and kept on disk (game.ui.kept: the menu's first frame)."""
    return kept.kept(
        f"wordmark-{w}x{h}",
        (w, h),
        lambda: widgets.Picture(sprites.svg(WORDMARK, w, h), ()),
        (__file__,),
    ).image


@lru_cache(maxsize=8)
def band(width: int, height: int, track_h: int) -> widgets.Picture:
    """The title band ``width`` x ``height``: the sky, and along its foot the track
    (``track_h`` tall) with the racers on it, each piece written down as an icon (the
    layout audit checks their sizes wherever the band is laid). The wordmark and
    subtitle are laid over it by the menu (their text is the language's). Kept on disk
    between runs (game.ui.kept), its icons with it."""
    return kept.kept(
        f"band-{width}x{height}-{track_h}",
        (width, height),
        lambda: _paint_band(width, height, track_h),
        (__file__,),
    )


def _paint_band(width: int, height: int, track_h: int) -> widgets.Picture:
    surf = pygame.Surface((width, height))
    for y in range(height):  # the sky: a vertical blend, one line at a time, once
        surf.fill(theme.mix(SKY_TOP, SKY_FOOT, y / max(1, height - 1)), (0, y, width, 1))
    top = height - track_h
    tile = track_h
    with widgets.recording(surf) as sink:
        for i, x in enumerate(range(0, width, tile)):
            last = x + 2 * tile > width
            name = "verflixxt_tile_finish.svg" if last else TRACK[i % len(TRACK)]
            widgets.draw_icon(surf, sprites.svg(name, tile), (x, top), name)
        for racer in RACERS:
            _paint_racer(surf, racer, width, top, tile)
    return widgets.Picture(surf, (), tuple(sink.icons))


def _racer(racer: Racer, width: int, top: int, tile: int) -> tuple[pygame.Surface, tuple]:
    """The racer's picture (in its seat's colour) and where it goes: standing on the
    track, its foot on the tiles' middle (a top-down duck sits on it)."""
    h = max(identity.MIN_MARK_PX * 2, round(tile * racer.height))
    image = sprites.svg(racer.sprite, h)
    if racer.seat is not None and racer.sprite in MARKED:
        image = sprites.tinted(image, theme.seat_colour(racer.seat))
    x = round(width * racer.at) - h // 2
    y = top + tile * 2 // 3 - h
    return image, (x, y)


def _paint_racer(surf: pygame.Surface, racer: Racer, width: int, top: int, tile: int) -> None:
    """The racer on ``surf``, and the seat's mark on a pawn's or marker's foot."""
    image, at = _racer(racer, width, top, tile)
    rect = widgets.draw_icon(surf, image, at, racer.sprite)
    if racer.seat is not None and racer.sprite in MARKED:
        h = rect.h
        spot = (rect.centerx, rect.y + h * MARKED[racer.sprite])
        identity.draw_seat_mark(surf, racer.seat, spot, max(16, h * 0.3))


def racer_rects(width: int, height: int, track_h: int) -> list[pygame.Rect]:
    """Where the racers stand on a band ``width`` x ``height`` (the menu keeps its words
    off them)."""
    top = height - track_h
    rects = []
    for racer in RACERS:
        image, at = _racer(racer, width, top, track_h)
        rects.append(image.get_bounding_rect().move(at))
    return rects
