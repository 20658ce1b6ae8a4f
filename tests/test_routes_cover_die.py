"""issue #38 (the covers in the games' style, POLISH3's roller): at the table Eight
Routes' dice roller wears their red die (a crown there read as the winner's), but the
title menu's Eight Routes cover still showed the crown. The cover shows the roller's red
die, and a cover kept on disk by the code that drew the crown is never shown for it."""

from __future__ import annotations

import shutil

import pygame
import pytest

from game.scenes.shell import covers
from game.ui import kept
from game.ui.widgets import Picture

W, H = 240, 144
RED = (211, 60, 60)  # the die's face (#d33c3c)
GOLD = (242, 182, 50)  # the crown's (#f2b632)


@pytest.fixture(autouse=True)
def _fresh():
    covers._cover.cache_clear()
    kept._art_checksum.cache_clear()
    kept._checksum_of.cache_clear()
    pygame.init()
    yield
    covers._cover.cache_clear()
    kept._art_checksum.cache_clear()
    kept._checksum_of.cache_clear()
    pygame.quit()


def _near(surface: pygame.Surface, colour, centre, reach: int) -> int:
    """How many pixels within ``reach`` of ``centre`` are close to ``colour``."""
    cx, cy = centre
    return sum(
        1
        for x in range(cx - reach, cx + reach)
        for y in range(cy - reach, cy + reach)
        if sum(abs(a - b) for a, b in zip(surface.get_at((x, y))[:3], colour, strict=False)) < 40
    )


def test_issue_38_the_eight_routes_cover_shows_the_rollers_red_die_not_a_crown():
    """issue #38: the cover is painted from the table's own roller mark; where the crown
    stood, the red die (its face, no gold)."""
    painted = covers.cover_sprites("routes")
    assert "routes_roller.svg" in painted and not any("parent" in n for n in painted)
    image = covers.cover("routes", W, H)
    where = (round(W * 0.89), round(H * 0.78))
    assert _near(image, RED, where, round(H * 0.12)) > 120
    assert _near(image, GOLD, where, round(H * 0.12)) == 0


def test_issue_38_a_cover_kept_by_the_crowns_code_is_never_shown(tmp_path):
    """issue #38: a cover kept in the cache folder by the code that drew the crown (its
    key made from that code) is another file: the cover is painted afresh with the die."""
    old_code = tmp_path / "old" / "covers.py"
    old_code.parent.mkdir()
    shutil.copy(covers.__file__, old_code)
    old_code.write_text(old_code.read_text().replace("routes_roller.svg", "routes_parent.svg"))
    name = f"cover-routes-{W}x{H}"
    stale = pygame.Surface((W, H), pygame.SRCALPHA)
    stale.fill(GOLD)  # what the old code kept: nothing of it may be shown
    old_path = kept._path(name, (str(old_code),))
    assert old_path is not None
    kept._write(old_path, Picture(stale, ()))
    assert old_path.exists()
    now = kept._path(name, (covers.__file__,))
    assert now != old_path
    image = covers.cover("routes", W, H)
    assert _near(image, GOLD, (W // 2, H // 2), 20) == 0  # not the stale copy
    assert _near(image, RED, (round(W * 0.89), round(H * 0.78)), round(H * 0.12)) > 120
