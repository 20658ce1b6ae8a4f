"""issue #36: a game's tie-break is an ordering key, never shown as a score. Statistics
showed "Best 2, Average 2.1" (Duck! Duck! Go!'s score carries a fraction that orders the
seats: the best was shown without it, the average with it) and the command line printed
scores like "2.1286". Over random histories: the best is at least the average, a Duck
score is whole wherever it is shown, and the highest score is still found by the whole
ordering key."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import registry
from game.__main__ import main
from game.history import History, SeatResult, history_path
from game.scenes.shell.history_rows import score_words
from game.scenes.shell.stats_screen import average_words


def _score(game: str, whole: int, part: int) -> float:
    """A score as the game's ``scores()`` gives it: Duck's buoys plus a fraction under
    one (rounded to four places, as its state does), the others whole."""
    return round(whole + part / 10_000, 4) if game == "duck" else float(whole)


def _write(history: History, games: list[tuple[str, int, int, int]]) -> None:
    """Each game: Ann (a person) against a computer; Ann's score, the computer's 0."""
    for i, (game, whole, part, place) in enumerate(games):
        chars = [c.key for c in registry.get(game).characters]
        history.record_entry(
            uid=f"g{i}",
            game=game,
            variant=None,
            options={},
            seed=None,
            actions=(),
            rounds=3,
            source="local",
            viewer=None,
            seats=[
                SeatResult("Ann", "person", None, chars[0], _score(game, whole, part), place),
                SeatResult("Cpu", "computer", "easy", chars[1], 0.0, 3 - place),
            ],
            ended=1_000_000.0 + i,
        )


GAMES = st.lists(
    st.tuples(
        st.sampled_from(["duck", "verflixxt"]),
        st.integers(0, 3),
        st.integers(0, 9999),
        st.sampled_from([1, 2]),
    ),
    min_size=1,
    max_size=12,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(games=GAMES)
def test_the_best_is_at_least_the_average_and_a_tie_break_is_never_shown(tmp_path_factory, games):
    history = History.open(tmp_path_factory.mktemp("h") / "history.sqlite")
    try:
        _write(history, games)
        stats = history.stats("Ann")
        for found in stats.games:
            mine = [(w, p) for g, w, p, _ in games if g == found.game]
            assert found.best == max(w for w, _ in mine)  # the counted score: the whole part
            assert found.best >= found.average
            assert found.average == pytest.approx(sum(w for w, _ in mine) / len(mine))
            # as the statistics screen shows them
            best, average = score_words(found.game, found.best), average_words(found.average)
            assert float(best) >= float(average), (best, average)
        for game in {g for g, *_ in games}:
            record = history.records(game)
            assert record.highest is not None
            assert record.highest[1] == max(w for g, w, _, _ in games if g == game)
    finally:
        history.close()


def test_the_command_line_prints_counted_scores(capsys):
    """``stats`` and ``history`` print Duck's buoys, not "2.1286"; the highest raw score
    still decides the order of the seats (the history's places)."""
    history = History.open(history_path())
    try:
        _write(history, [("duck", 2, 1286, 1), ("duck", 2, 9000, 2), ("verflixxt", 7, 0, 1)])
    finally:
        history.close()
    assert main(["stats", "--player", "Ann"]) == 0
    text = capsys.readouterr().out
    assert "best 2, average 2.0" in text and "best 7, average 7.0" in text, text
    assert main(["stats", "--player", "Ann", "--json"]) == 0
    (ann,) = json.loads(capsys.readouterr().out)
    assert ann["games"]["duck"] == {"played": 2, "won": 1, "best": 2.0, "average": 2.0}
    assert main(["history"]) == 0
    listed = capsys.readouterr().out
    assert not re.search(r"\d\.\d", listed), listed  # no fraction anywhere
    assert "Ann 2," in listed
    assert main(["history", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {s["score"] for row in rows for s in row["seats"]} == {0.0, 2.0, 7.0}, rows


def test_play_until_end_prints_counted_scores(capsys):
    """``play --until-end`` printed "scores 2.15, 4, 2.3" for a game of Duck! Duck! Go!:
    the buoys, as the history keeps them for the statistics."""
    argv = ["play", "--new", "duck", "--players", "3", "--computers", "--until-end"]
    assert main([*argv, "--seed", "5"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert line.startswith("game 1 recorded: Duck! Duck! Go!, scores "), line
    scores = line.split("scores ")[1].split(", ")
    assert len(scores) == 3 and all(s.isdigit() for s in scores), line
