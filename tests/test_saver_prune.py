"""A host's saver prunes finished autosaves at most every PRUNE_EVERY_S (issue #25's
benchmark: pruning reads every autosave in the folder, ~65 ms at 200 tables, and a
busy host ends ten games a second, so pruning after each held the interpreter lock
against the network loop for most of every second)."""

from __future__ import annotations

import time

from game.net import store


def _wait_for(check, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_pruning_runs_once_per_interval_however_many_games_end(monkeypatch, tmp_path):
    prunes: list[float] = []
    now = [1000.0]
    monkeypatch.setattr(store.saves, "prune_finished", lambda: prunes.append(now[0]))
    saver = store.Saver(clock=lambda: now[0])
    try:
        for n in range(5):  # five games end within the interval
            saver.submit([(tmp_path / f"auto-{n}.json", "{}")], prune=True)
            assert saver.flush(10)
        assert _wait_for(lambda: len(prunes) == 1)
        assert all((tmp_path / f"auto-{n}.json").exists() for n in range(5))  # written
        time.sleep(0.05)
        assert prunes == [1000.0]
        # the interval passes: the prune asked for meanwhile runs without another game
        # ending (the saver is woken by any submit or flush; here a flush)
        now[0] += store.PRUNE_EVERY_S
        saver.flush(10)
        assert _wait_for(lambda: len(prunes) == 2)
        assert prunes[1] == 1000.0 + store.PRUNE_EVERY_S
        # nothing asked since: no further prune however much time passes
        now[0] += 10 * store.PRUNE_EVERY_S
        saver.submit([(tmp_path / "auto-x.json", "{}")])
        assert saver.flush(10)
        time.sleep(0.05)
        assert len(prunes) == 2
    finally:
        saver.close()


def test_a_prune_waits_for_the_writes_before_it(monkeypatch, tmp_path):
    """The finished game's own autosave is on disk before pruning looks at the folder
    (it is the newest finished game: a prune before it would count it out)."""
    seen: list[bool] = []
    target = tmp_path / "auto-last.json"
    monkeypatch.setattr(store.saves, "prune_finished", lambda: seen.append(target.exists()))
    saver = store.Saver()
    try:
        saver.submit([(tmp_path / "auto-a.json", "{}"), (target, "{}")], prune=True)
        assert _wait_for(lambda: bool(seen))
        assert seen == [True]
    finally:
        saver.close()
