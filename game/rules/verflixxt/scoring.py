"""Scores: track tiles with lucky conversions (VX-7), risk tiles (VX-25), goal chips
(VX-28) and hats (VX-29), summed in VX-30."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypedDict

from .data import LUCKY, MINUS, PLUS, RISK

HAT_POINTS = {"lucky": 10, "unlucky": -10}


class TilePoints(TypedDict):
    track: int  # the values of the taken track tiles
    lucky: int  # what the lucky tiles added by turning minus tiles (VX-7)
    turned: list[str]  # the minus tiles they turned
    risk: int  # VX-25


class ScoreBreakdown(TilePoints):
    chips: int  # VX-28
    hats: int  # VX-29
    total: int  # VX-30


def tile_points(
    taken: Iterable[str], kinds: Mapping[str, str], values: Mapping[str, int]
) -> TilePoints:
    """Track, lucky and risk points of a pile of taken tiles, and which minus tiles the
    lucky tiles turned (largest first, VX-7)."""
    plus = minus_sum = 0
    minus: list[tuple[int, str]] = []
    lucky = 0
    risk: list[int] = []
    for tile in taken:
        kind = kinds[tile]
        if kind == PLUS:
            plus += values[tile]
        elif kind == MINUS:
            minus_sum += values[tile]
            minus.append((values[tile], tile))
        elif kind == LUCKY:
            lucky += 1
        elif kind == RISK:
            risk.append(values[tile])
    minus.sort()
    turned = minus[:lucky]
    risk_sum = sum(risk)
    return {
        "track": plus + minus_sum,
        "lucky": -2 * sum(v for v, _ in turned),
        "turned": [t for _, t in turned],
        "risk": risk_sum if len(risk) % 2 == 0 else -risk_sum,
    }


def breakdown(
    taken: Iterable[str],
    kinds: Mapping[str, str],
    values: Mapping[str, int],
    chips: Iterable[int],
    hats: Iterable[str],
) -> ScoreBreakdown:
    """One player's score: ``track``, ``lucky``, ``risk``, ``chips``, ``hats``, ``total``
    (and ``turned``: the minus tiles the lucky tiles made plus)."""
    points = tile_points(taken, kinds, values)
    chip_sum = sum(chips)
    hat_sum = sum(HAT_POINTS[h] for h in hats)
    total = points["track"] + points["lucky"] + points["risk"] + chip_sum + hat_sum
    return {**points, "chips": chip_sum, "hats": hat_sum, "total": total}
