"""The lessons (issue #19), headless: the loader's checks and messages, every shipped
lesson played through by its own steps, the same game every time, and a place in a lesson
kept and resumed."""

from __future__ import annotations

import json
import random

import pytest

from game import lessons
from game.lessons import (
    LessonError,
    LessonRun,
    follow,
    lesson_ids,
    lesson_path,
    load_lesson,
    play_through,
)

SHIPPED = lesson_ids()

GOOD = {
    "game": "verflixxt",
    "title": {"en": "A lesson", "ja": "レッスン"},
    "players": 2,
    "seed": 30,
    "options": {},
    "seats": ["human", "easy"],
    "steps": [
        {"point": "board", "text": {"en": "Look.", "ja": "見てください。"}},
        {"point": "roll", "expect": "roll", "text": {"en": "Roll.", "ja": "振ります。"}},
        {"point": "piece:a", "expect": "any", "text": {"en": "Move.", "ja": "動かします。"}},
    ],
}


def _write(tmp_path, data, name="x-1.yaml"):
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")  # JSON is YAML
    return path


def _error(tmp_path, change) -> str:
    data = json.loads(json.dumps(GOOD))
    change(data)
    with pytest.raises(LessonError) as caught:
        load_lesson(_write(tmp_path, data))
    return str(caught.value)


def test_there_is_a_lesson_for_verflixxt():
    assert "verflixxt-1" in SHIPPED
    assert lesson_ids("verflixxt")[0] == "verflixxt-1"


@pytest.mark.parametrize("lesson_id", SHIPPED)
def test_each_shipped_lesson_loads_with_both_languages(lesson_id):
    lesson = load_lesson(lesson_path(lesson_id))
    assert lesson.id == lesson_id
    assert lesson.steps
    for step in lesson.steps:
        assert step.says("en") and step.says("ja")
        assert step.says("en") != step.says("ja")


@pytest.mark.parametrize("lesson_id", SHIPPED)
def test_each_shipped_lesson_reaches_its_end_by_its_own_steps(lesson_id):
    lesson = load_lesson(lesson_path(lesson_id))
    assert play_through(lesson) == []


def test_a_good_file_loads(tmp_path):
    lesson = load_lesson(_write(tmp_path, GOOD))
    assert lesson.id == "x-1" and lesson.human == 0
    assert [s.expect for s in lesson.steps] == [None, "roll", "any"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["steps"][2]["text"].pop("ja"), "steps[2].text: no ja translation"),
        (lambda d: d["title"].pop("en"), "title: no en translation"),
        (lambda d: d["steps"][0].update(point="moon"), "steps[0].point: unknown element 'moon'"),
        (lambda d: d["steps"][0].update(point="seat:2"), "steps[0].point: unknown element"),
        (lambda d: d["steps"][1].update(expect="fly a"), "steps[1].expect: not an action"),
        (lambda d: d["steps"][1].update(colour="red"), "steps[1].colour: unknown key"),
        (lambda d: d.update(colour="red"), "colour: unknown key"),
        (lambda d: d.update(game="chess"), "game: not a game of this box"),
        (lambda d: d.update(players=9), "players: Verflixxt! is for 2 to 6"),
        (lambda d: d.update(seats=["easy", "easy"]), "seats: exactly one seat"),
        (lambda d: d.update(seats=["human"]), "seats: one entry per player"),
        (lambda d: d.update(seats=["human", "hard"]), "seats[1]: 'human' or a level"),
        (lambda d: d.update(options={"variant": "moon"}), "options.variant:"),
        (lambda d: d.pop("steps"), "steps: missing"),
        (
            lambda d: d["steps"][0]["text"].update(ja="見て!"),
            "steps[0].text.ja: ASCII '!': Japanese text uses full-width punctuation",
        ),
        (
            lambda d: d["steps"][0].update(hint={"en": "x", "ja": "x"}),
            "steps[0].hint: a step without expect refuses nothing",
        ),
        (lambda d: d["steps"][1].update(events=["Take it"]), "steps[1].events[0]: not an event"),
    ],
)
def test_a_bad_file_is_one_clear_error_naming_the_file_and_the_step(tmp_path, change, message):
    text = _error(tmp_path, change)
    assert text.startswith(str(tmp_path / "x-1.yaml") + ": ")
    assert message in text


def test_a_shipped_lessons_error_names_it_by_its_place_in_the_box(tmp_path, monkeypatch):
    data_dir = tmp_path / "data"
    (data_dir / "lessons").mkdir(parents=True)
    monkeypatch.setattr(lessons, "DATA_DIR", data_dir)
    bad = json.loads(json.dumps(GOOD))
    del bad["steps"][1]["text"]["ja"]
    path = _write(data_dir / "lessons", bad, "verflixxt-9.yaml")
    with pytest.raises(
        LessonError, match=r"^data/lessons/verflixxt-9.yaml: steps\[1\].text: no ja"
    ):
        load_lesson(path)


def test_not_yaml_or_too_large_is_a_lesson_error(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text("a: [" * 10, encoding="utf-8")
    with pytest.raises(LessonError, match="not valid YAML"):
        load_lesson(path)
    path.write_text("x" * (lessons.MAX_LESSON_BYTES + 1), encoding="utf-8")
    with pytest.raises(LessonError, match="larger than"):
        load_lesson(path)


def test_an_unexpected_action_is_refused_and_a_step_to_read_allows_none():
    lesson = load_lesson(lesson_path("verflixxt-1"))
    run = LessonRun(lesson)
    module = run.session.module
    assert run.step is not None and run.step.expect is None  # the welcome
    assert not run.allows(0, module.parse_action("roll"))
    assert run.next()
    follow(run, until=3)  # up to "move this one" (move a)
    assert run.step is not None and run.step.expect == "move a"
    assert not run.allows(0, module.parse_action("move b"))
    assert run.allows(0, module.parse_action("move a"))
    assert run.allows(1, module.parse_action("move b"))  # the computers are not taught


def test_the_same_lesson_is_the_same_game_every_time():
    """Computer seats draw their decisions from the seed (Session): same seed, same
    person's actions, same game, chance and computers' choices included."""
    lesson = load_lesson(lesson_path("verflixxt-1"))
    games = []
    for _ in range(2):
        run = LessonRun(lesson)
        assert follow(run) == []
        games.append(list(run.session.actions))
    assert games[0] == games[1]
    assert sum(p == 1 for p, _ in games[0]) >= 6  # the computer played in between


def test_a_place_in_a_lesson_is_resumed_to_the_same_game(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DERBY_HOME", str(tmp_path))
    lesson = load_lesson(lesson_path("verflixxt-1"))
    whole = LessonRun(lesson)
    assert follow(whole) == []
    for stop in (3, 6, 10):
        run = LessonRun(lesson)
        assert follow(run, until=stop) == []
        lessons.save_progress(lesson.id, run.progress())
        saved = lessons.read_progress()[lesson.id]
        again = LessonRun.resumed(lesson, saved)
        assert again is not None and again.index == stop
        assert again.session.actions == run.session.actions
        assert follow(again) == []
        assert again.session.actions == whole.session.actions
    lessons.save_progress(lesson.id, None)
    assert lesson.id not in lessons.read_progress()


def test_a_place_from_another_version_of_the_lesson_or_damaged_is_not_resumed(tmp_path):
    lesson = load_lesson(lesson_path("verflixxt-1"))
    run = LessonRun(lesson)
    follow(run, until=4)
    good = run.progress()
    assert LessonRun.resumed(lesson, good) is not None
    for bad in (
        {**good, "fingerprint": "0"},
        {**good, "step": 999},
        {**good, "step": True},
        {**good, "actions": [[0, "fly"]]},
        {**good, "actions": [[1, "roll"]]},
        {**good, "actions": "roll"},
        [],
    ):
        assert LessonRun.resumed(lesson, bad) is None


def test_a_damaged_progress_file_is_no_progress(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DERBY_HOME", str(tmp_path))
    path = lessons.progress_path()
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    assert lessons.read_progress() == {}
    lessons.save_progress("verflixxt-1", {"step": 1})
    assert lessons.read_progress() == {"verflixxt-1": {"step": 1}}


def test_a_free_choice_step_takes_any_legal_action(tmp_path):
    lesson = load_lesson(_write(tmp_path, GOOD))
    assert play_through(lesson, random.Random(3)) == []
