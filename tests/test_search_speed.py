"""issue #40 (a hint within 300 ms): the hard computers' searches were made cheaper, not
different. At a fixed set of positions of every game (``tests/search_record.py``) the
coach's search weighs the same candidates with the same samples and figures, and picks
the same move, as the commit before the speedups did (recorded by
``tools/record_hard_picks.py`` into ``tests/corpus/search/hard_picks.json``); where
recorded, the hard computer as the table makes it picks the same move too. So the hard
computers' strength is unchanged: only their speed is not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.search_record import CASES, decisions

RECORDED = json.loads(
    (Path(__file__).parent / "corpus/search/hard_picks.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_the_faster_search_decides_exactly_as_before(name):
    """issue #40: same positions, same seeds: the same candidates, samples, figures and
    picks as recorded before the speedups."""
    now = decisions(name)
    before = RECORDED[name]
    assert len(now) == len(before)
    for then, found in zip(before, now):
        where = f"{name} step {then['step']} seat {then['seat']}"
        assert (found["step"], found["seat"]) == (then["step"], then["seat"]), where
        assert found["candidates"] == then["candidates"], where
        assert found["chosen"] == then["chosen"], where
        assert found["digest"] == then["digest"], where
        assert found.get("table_pick") == then.get("table_pick"), where


class _CrawlingClock:
    """A clock on a machine so loaded that every look at it finds another second gone."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now

    def thread_time(self) -> float:  # the hats search's clock (issue #40)
        return self.perf_counter()


@pytest.mark.parametrize(
    "game_id,options", [("duck", {}), ("routes", {}), ("verflixxt", {"variant": "hats"})]
)
def test_a_hint_is_the_same_on_a_loaded_machine(game_id, options, monkeypatch):
    """issue #40, a hint repeats itself: the coach's search is bound by its work only, so
    however slow the machine (a clock racing ahead), the hint, and the look back that
    recomputes it, are the ones a quiet machine finds."""
    from game.ai import search as search_module
    from game.ai.coach import advise
    from tests.search_record import frozen_clock
    from tests.test_coach import positions

    state, seat, step = positions(game_id, options, most=1)[0]
    with frozen_clock():
        quiet = advise(game_id, state, seat, step).to_dict()
    monkeypatch.setattr(search_module, "time", _CrawlingClock())
    assert advise(game_id, state, seat, step).to_dict() == quiet
