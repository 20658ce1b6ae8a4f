"""The lesson checks a play-through alone does not catch (issue #30, rows "event_is
ignores key=value", "a step's expect not normalised", "!= 1 -> < 1 people"): an
event's fields must match, a step's ``expect`` written loosely (``move  a``) is the
action the real table compares with, and a lesson has exactly one person."""

from __future__ import annotations

import json

import pytest

from game.boards import read_yaml
from game.lessons import (
    MAX_LESSON_BYTES,
    MAX_STEPS,
    MAX_TEXT_CHARS,
    LessonError,
    LessonRun,
    Step,
    event_is,
    follow,
    lesson_path,
    load_lesson,
)
from game.rules.duck.events import BuoyTouched as Buoy
from game.rules.verflixxt.events import PieceMoved, Rolled


def write(tmp_path, data, name="verflixxt-9.yaml"):
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")  # JSON is YAML
    return path


def shipped(lesson_id: str = "verflixxt-1") -> dict:
    return read_yaml(lesson_path(lesson_id), MAX_LESSON_BYTES)


# -- event_is --------------------------------------------------------------------------------------
def test_event_is_checks_the_kind_and_every_field():
    event = Buoy(0, "yellow", (2, 0), True, 1, player=0)
    assert event_is(event, "buoy")
    assert event_is(event, "buoy duck=0")
    assert event_is(event, "buoy duck=0 colour=yellow new=True")
    assert not event_is(event, "reveal")
    assert not event_is(event, "buoy duck=1")
    assert not event_is(event, "buoy colour=red")
    assert not event_is(event, "buoy duck=0 colour=yellow new=False")  # the last one wrong
    assert not event_is(event, "buoy size=3")  # a field the event does not have
    assert not event_is(event, "buoy duck")  # a field without a value is not any value
    assert event_is(event, "buoy player=0")  # the event's player, kept out of its data
    assert not event_is(event, "buoy player=1")


def _move(piece: str) -> PieceMoved:
    return PieceMoved(piece, "start", "m1", ("m1",), 1, "die", player=0)


def test_a_step_whose_event_happened_with_other_values_still_misses_it():
    lesson = load_lesson(lesson_path("verflixxt-1"))
    run = LessonRun(lesson)
    step = Step(0, {"en": "x", "ja": "x"}, "board", None, None, ("move piece=a", "roll"))
    run.saw([_move("b"), Rolled(3, player=0)])
    assert run.missing_events(step) == ["move piece=a"]
    run.saw([_move("a")])
    assert run.missing_events(step) == []


# -- expect as the table compares it --------------------------------------------------------------
@pytest.mark.parametrize("loose", ["move  a", " move a", "move a "])
def test_a_loosely_written_expect_is_the_action_the_table_allows(tmp_path, loose):
    data = shipped()
    index = next(i for i, s in enumerate(data["steps"]) if s.get("expect") == "move a")
    data["steps"][index]["expect"] = loose
    lesson = load_lesson(write(tmp_path, data))
    run = LessonRun(lesson)
    assert follow(run, until=index) == []
    assert run.index == index and run.ready()
    module = run.session.module
    # what the real table does with the person's click: allowed, and the step is done
    assert run.allows(lesson.human, module.parse_action("move a"))
    assert not run.allows(lesson.human, module.parse_action("move b"))
    assert run.acted(lesson.human, module.parse_action("move a")) and run.index == index + 1
    # and the whole lesson still plays through
    assert follow(LessonRun(lesson)) == []
    assert lesson.steps[index].expect == "move a"


# -- one person ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "seats", [["human", "human"], ["human", "human", "easy"], ["easy", "easy"]]
)
def test_a_lesson_has_exactly_one_person(tmp_path, seats):
    data = shipped()
    data["players"] = len(seats)
    data["seats"] = seats
    with pytest.raises(LessonError) as error:
        load_lesson(write(tmp_path, data))
    assert "seats: exactly one seat is the person learning" in str(error.value)


def test_one_person_and_computers_load(tmp_path):
    data = shipped()
    lesson = load_lesson(write(tmp_path, data))
    assert list(lesson.seats).count("human") == 1


# -- the lesson's own limits, at the limit and one past ---------------------------------------
def test_a_lesson_has_at_most_max_steps_and_texts_of_at_most_max_text_chars(tmp_path):
    data = shipped()
    read = {"point": "board", "text": {"en": "Look.", "ja": "見てください。"}}
    data["steps"] = [read] * MAX_STEPS
    assert len(load_lesson(write(tmp_path, data)).steps) == MAX_STEPS
    data["steps"] = [read] * (MAX_STEPS + 1)
    with pytest.raises(LessonError, match=f"steps: more than {MAX_STEPS} steps"):
        load_lesson(write(tmp_path, data))
    data["steps"] = [{"point": "board", "text": {"en": "x" * MAX_TEXT_CHARS, "ja": "あ"}}]
    assert load_lesson(write(tmp_path, data)).steps[0].text["en"] == "x" * MAX_TEXT_CHARS
    data["steps"][0]["text"]["en"] += "x"
    with pytest.raises(LessonError, match=r"steps\[0\]\.text\.en: longer than"):
        load_lesson(write(tmp_path, data))


def test_next_passes_only_a_step_to_read():
    lesson = load_lesson(lesson_path("verflixxt-1"))
    run = LessonRun(lesson)
    assert run.step is not None and run.step.expect is None
    while run.step is not None and run.step.expect is None:
        assert run.next()
    index = run.index
    assert run.step is not None and run.step.expect == "roll"
    assert not run.next() and run.index == index  # an action step waits for its action
