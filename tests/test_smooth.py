"""The anti-aliased primitives (issue #27: every edge smooth): they draw where the plain
ones do, and their edges carry in-between shades where the plain ones are stair-stepped."""

from __future__ import annotations

import pygame

from game.ui import smooth

BG, INK = (255, 255, 255), (0, 0, 0)


def _canvas() -> pygame.Surface:
    surface = pygame.Surface((60, 60))
    surface.fill(BG)
    return surface


def _shades(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    return {tuple(surface.get_at((x, y)))[:3] for x in range(60) for y in range(60)}


def test_a_thick_slanted_line_has_smooth_edges_where_the_plain_one_has_none():
    plain, soft = _canvas(), _canvas()
    pygame.draw.line(plain, INK, (5, 8), (52, 40), 6)
    smooth.line(soft, INK, (5, 8), (52, 40), 6)
    assert _shades(plain) == {BG, INK}
    assert len(_shades(soft)) > 4  # greys along the edges
    assert soft.get_at((28, 24))[:3] == INK  # the middle of the line is solid
    assert soft.get_at((5, 50))[:3] == BG  # nothing away from it


def test_a_polygon_fills_its_inside_and_softens_its_rim():
    soft = _canvas()
    hexagon = [(30, 5), (52, 17), (52, 43), (30, 55), (8, 43), (8, 17)]
    smooth.polygon(soft, INK, hexagon)
    assert soft.get_at((30, 30))[:3] == INK
    assert soft.get_at((2, 2))[:3] == BG
    assert len(_shades(soft)) > 3


def test_round_caps_reach_past_the_ends_and_an_arrowhead_points_where_asked():
    soft = _canvas()
    smooth.line(soft, INK, (20, 30), (40, 30), 10)
    assert soft.get_at((17, 30))[:3] == INK  # the cap: beyond the start point
    arrow = _canvas()
    smooth.arrowhead(arrow, INK, (50, 30), (10, 30), 12)
    assert arrow.get_at((46, 30))[:3] == INK and arrow.get_at((30, 30))[:3] == BG


def test_a_supersampled_picture_has_the_asked_size_and_soft_edges():
    def paint(surface: pygame.Surface, k: int) -> None:
        pygame.draw.circle(surface, INK, (20 * k, 20 * k), 15 * k)

    picture = smooth.supersampled((40, 40), paint)
    assert picture.get_size() == (40, 40)
    alphas = {picture.get_at((x, y)).a for x in range(40) for y in range(40)}
    assert 0 in alphas and 255 in alphas and len(alphas) > 2
