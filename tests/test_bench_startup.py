"""tools/bench_startup.py's figures (issue #37): besides the ratio of the medians, the
median of each round's own ratio, robust to a round the machine slowed as a whole."""

from __future__ import annotations

import pytest

from tools.bench_startup import paired, summary


def test_the_paired_ratio_is_the_median_of_each_rounds_own_ratio():
    """issue #37: a round where the machine slowed both launches (the third) and one where
    it slowed the game's alone (the fourth, 3x) move neither the paired median nor its
    middle half."""
    bare = [0.070, 0.080, 0.210, 0.075, 0.072]
    game = [0.084, 0.096, 0.252, 0.225, 0.0864]
    mid, low, high = paired(bare, game)
    assert mid == pytest.approx(1.2)
    assert low == pytest.approx(1.2) and high == pytest.approx(1.2)
    line = summary("Tabletop Derby", bare, game)
    assert "ratio of medians 1.28" in line  # the slowed launch moved this one
    assert "median of paired ratios 1.20 (middle half 1.20-1.20)" in line
    assert "ratio of the fastest 1.20" in line  # 0.084 / 0.070


def test_the_paired_ratio_of_one_round_and_of_uneven_rounds():
    """issue #37: one round is its own ratio; rounds that differ give their middle half."""
    assert paired([0.1], [0.13]) == pytest.approx((1.3, 1.3, 1.3))
    mid, low, high = paired([1.0, 1.0, 1.0, 1.0], [1.1, 1.2, 1.3, 1.4])
    assert (low, mid, high) == pytest.approx((1.175, 1.25, 1.325))
    with pytest.raises(ValueError):
        paired([1.0, 1.0], [1.0])  # every round times both
