"""Edges of game.lessons the other tests pass by (issue #30: one-line bugs a developer
could plant there): every loading rule at its edge, what a step allows, how a step is
done, and a place in a lesson kept, resumed or forgotten. Headless, in process."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path

import pytest

from game import lessons, registry
from game.lessons import (
    FRAME_ELEMENTS,
    MAX_STEPS,
    SEED_LIMIT,
    LessonError,
    LessonRun,
    Step,
    element_known,
    follow,
    lesson_path,
    lesson_seats,
    load_lesson,
)
from game.rules.verflixxt.events import Rolled

GOOD = {
    "game": "verflixxt",
    "title": {"en": "A lesson", "ja": "レッスン"},
    "players": 2,
    "seed": 30,
    "options": {},
    "seats": ["human", "easy"],
    "steps": [
        {"point": "board", "text": {"en": "Look.", "ja": "見てください。"}},
        {
            "point": "roll",
            "expect": "roll",
            "text": {"en": "Roll.", "ja": "振ります。"},
            "hint": {"en": "Roll first.", "ja": "先に振ります。"},
            "events": ["roll"],
        },
        {"point": "piece:a", "expect": "any", "text": {"en": "Move.", "ja": "動かします。"}},
    ],
}


def run_at(lesson_id: str, *steps: Step) -> LessonRun:
    lesson = load_lesson(lesson_path(lesson_id))
    return LessonRun(dataclasses.replace(lesson, steps=steps))


def text(words: str = "Do it.") -> dict[str, str]:
    return {"en": words, "ja": "やって。"}


def write(tmp_path: Path, data, name: str = "x-1.yaml") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")  # JSON is YAML
    return path


def good(change=None) -> dict:
    data = copy.deepcopy(GOOD)
    if change is not None:
        change(data)
    return data


def step(i: int, **fields):
    def change(data):
        data["steps"][i].update(fields)
        for key, value in fields.items():
            if value is ...:
                del data["steps"][i][key]

    return change


def top(**fields):
    def change(data):
        data.update(fields)
        for key, value in fields.items():
            if value is ...:
                del data[key]

    return change


# -- LessonRun.allows: the step's action exactly ------------------------------------------------
def test_a_step_allows_its_action_exactly_not_one_that_contains_its_text():
    """Rule: a step that waits for ``card 1`` refuses ``card 11`` (whose text contains
    ``card 1``), and a step waiting for ``card 11`` refuses ``card 1``."""
    run = run_at("duck-1", Step(0, text(), "hand", "card 1"))
    module = run.session.module
    human = run.lesson.human
    assert run.allows(human, module.parse_action("card 1"))
    assert not run.allows(human, module.parse_action("card 11"))
    assert not run.allows(human, module.parse_action("card 10"))

    run = run_at("duck-1", Step(0, text(), "hand", "card 11"))
    assert run.allows(human, module.parse_action("card 11"))
    assert not run.allows(human, module.parse_action("card 1"))


def test_what_each_kind_of_step_allows():
    """Rule: a free-choice step allows any action of the person, a step to read allows
    none, the computers are never held, and after the last step everything goes."""
    run = run_at("verflixxt-1", Step(0, text(), "board"), Step(1, text(), "board", "any"))
    module = run.session.module
    roll = module.parse_action("roll")
    assert not run.allows(0, roll) and run.allows(1, roll)
    assert run.next()
    assert run.allows(0, roll) and run.allows(0, module.parse_action("move b"))
    assert run.acted(0, roll) and run.done and run.step is None
    assert run.allows(0, module.parse_action("move b"))


def test_a_step_is_done_only_by_the_person_and_only_when_it_waits_for_an_action():
    """Rule: the computers' actions never finish a step; a step to read is finished by
    Next alone, a step with expect by the person's action alone; finishing a step
    forgets the events seen for it."""
    run = run_at(
        "verflixxt-1", Step(0, text(), "board"), Step(1, text(), "roll", "roll", events=("roll",))
    )
    roll = run.session.module.parse_action("roll")
    assert not run.acted(0, roll) and run.index == 0  # a step to read: Next only
    run.saw([Rolled(3, player=1)])
    assert run.next() and run.index == 1 and run.seen == []
    assert not run.next() and run.index == 1  # waits for the action
    assert not run.acted(1, roll) and run.index == 1  # a computer's roll is not the step
    run.saw([Rolled(4, player=0)])
    assert run.missing_events(run.lesson.steps[1]) == []
    assert run.acted(0, roll) and run.index == 2 and run.done and run.seen == []
    assert not run.acted(0, roll) and not run.next() and run.index == 2


def test_the_table_waits_for_the_step_only_when_the_person_is_to_act():
    lesson = load_lesson(lesson_path("verflixxt-1"))
    run = LessonRun(lesson)
    assert run.ready()  # the person opens the game
    run.session.apply(0, run.session.module.parse_action("roll"))
    while lesson.human in run.session.state.to_act():
        legal = run.session.state.legal_actions(0)
        run.session.apply(0, legal[0])
    assert not run.session.state.is_over() and not run.ready()


# -- loading: each rule at its edge ---------------------------------------------------------------
LOADS = {
    "the fewest players": top(players=2, seats=["human", "easy"]),
    "the most players": top(players=6, seats=["human", "random", "easy", "normal", "easy", "easy"]),
    "the person not first": top(seats=["easy", "human"]),
    "seed 0": top(seed=0),
    "the highest seed": top(seed=SEED_LIMIT - 1),
    "no options": top(options=...),
    "options null": top(options=None),
    "the last seat pointed at": step(0, point="seat:1"),
    "the first seat pointed at": step(0, point="seat:0"),
    "a hint with expect": step(2, hint={"en": "Any.", "ja": "どれでも。"}),
    "a null hint": step(0, hint=None),
    "null events": step(0, events=None),
    "an event with values": step(1, events=["roll", "move piece=0a to=l2"]),
    "max steps": lambda d: d.update(steps=[GOOD["steps"][0]] * MAX_STEPS),
    "ASCII marks in English": step(0, text={"en": "Look, here: (now)!", "ja": "見て。"}),
    "a game element": step(0, point="card:2"),
}


@pytest.mark.parametrize("case", sorted(LOADS))
def test_a_lesson_at_the_edge_of_each_rule_loads(case, tmp_path):
    data = good(LOADS[case])
    lesson = load_lesson(write(tmp_path, data))
    assert lesson.players == data["players"] and len(lesson.steps) == len(data["steps"])
    assert lesson.seats == tuple(data["seats"]) and lesson.human == data["seats"].index("human")
    assert lesson.seed == data["seed"] and lesson.options == (data.get("options") or {})


REFUSED = {
    "one player": (top(players=1, seats=["human"]), "players: Verflixxt! is for 2 to 6"),
    "seven players": (
        top(players=7, seats=["human"] + ["easy"] * 6),
        "players: Verflixxt! is for 2 to 6",
    ),
    "players true": (top(players=True), "players: "),
    "players as text": (top(players="2"), "players: "),
    "seed -1": (top(seed=-1), f"seed: a whole number from 0 to {SEED_LIMIT - 1}"),
    "seed at the limit": (top(seed=SEED_LIMIT), "seed: a whole number"),
    "seed true": (top(seed=True), "seed: a whole number"),
    "seed as text": (top(seed="30"), "seed: a whole number"),
    "a box file that is not there": (top(options={"box": "nope"}), "options: "),
    "a box the rules refuse": (top(options={"box": {"tiles": 1}}), "options: "),
    "options a list": (top(options=[1]), "options: a mapping of the game's options"),
    "seats not a list": (top(seats="human"), "seats: one entry per player (2)"),
    "one seat too many": (top(seats=["human", "easy", "easy"]), "seats: one entry per player (2)"),
    "an unknown seat": (top(seats=["human", "robot"]), "seats[1]: 'human' or a level"),
    "no person": (top(seats=["easy", "random"]), "seats: exactly one seat"),
    "two people": (top(seats=["human", "human"]), "seats: exactly one seat"),
    "no steps": (top(steps=[]), "steps: a list of steps"),
    "steps a mapping": (top(steps={"a": 1}), "steps: a list of steps"),
    "one step past max": (
        lambda d: d.update(steps=[GOOD["steps"][0]] * (MAX_STEPS + 1)),
        "steps: more than",
    ),
    "a step not a mapping": (top(steps=["Look."]), "steps[0]: a step is a mapping"),
    "a step without text": (step(1, text=...), "steps[1].text: missing"),
    "a step without point": (step(0, point=...), "steps[0].point: unknown element None"),
    "a seat past the last": (step(0, point="seat:2"), "steps[0].point: unknown element"),
    "another game's element": (step(0, point="hex:0,0"), "steps[0].point: unknown element"),
    "an element and more": (step(0, point="boards"), "steps[0].point: unknown element"),
    "expect a number": (step(1, expect=3), "steps[1].expect: an action's text, or 'any'"),
    "a hint without expect": (step(0, hint=text()), "steps[0].hint: a step without expect"),
    "events a text": (step(1, events="roll"), "steps[1].events: a list of events"),
    "an event a number": (step(1, events=["roll", 3]), "steps[1].events[1]: not an event"),
    "no game": (top(game=...), "game: missing"),
    "no title": (top(title=...), "title: missing"),
    "no players": (top(players=...), "players: missing"),
    "no seed": (top(seed=...), "seed: missing"),
    "no seats": (top(seats=...), "seats: missing"),
    "a game of another box": (top(game=3), "game: not a game of this box"),
    "a title as text": (top(title="A lesson"), "title: a mapping of en and ja texts"),
    "a title in German too": (
        top(title={"en": "A", "ja": "あ", "de": "A"}),
        "title.de: unknown key",
    ),
    "an empty English text": (
        step(0, text={"en": "  ", "ja": "見て。"}),
        "steps[0].text.en: not a text",
    ),
    "a Japanese text a number": (
        step(0, text={"en": "Look.", "ja": 3}),
        "steps[0].text.ja: not a text",
    ),
    "no English": (step(0, text={"ja": "見て。"}), "steps[0].text: no en translation"),
    "a comma in Japanese": (step(0, text={"en": "Look.", "ja": "見て,ください。"}), "ASCII ','"),
    "a full stop in Japanese": (step(0, text={"en": "Look.", "ja": "見てください."}), "ASCII '.'"),
    "a long hint": (
        step(1, hint={"en": "x" * 401, "ja": "あ"}),
        "steps[1].hint.en: longer than 400",
    ),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_lesson_one_past_each_rule_is_one_error_naming_the_place(case, tmp_path):
    change, message = REFUSED[case]
    path = write(tmp_path, good(change))
    with pytest.raises(LessonError) as info:
        load_lesson(path)
    assert str(info.value).startswith(f"{path}: "), str(info.value)
    assert message in str(info.value), str(info.value)


def test_a_lesson_that_is_not_a_mapping_is_refused(tmp_path):
    path = write(tmp_path, ["game", "verflixxt"])
    with pytest.raises(LessonError, match="a lesson is a mapping"):
        load_lesson(path)


def test_texts_are_kept_without_their_surrounding_spaces(tmp_path):
    lesson = load_lesson(write(tmp_path, good(step(0, text={"en": " Look. ", "ja": "見て。\n"}))))
    assert lesson.steps[0].text == {"en": "Look.", "ja": "見て。"}
    assert lesson.steps[1].hint_says("ja") == "先に振ります。"
    assert lesson.steps[1].hint_says("fr") == "Roll first."  # no such language: English
    assert lesson.steps[0].hint_says("en") is None
    assert lesson.title_in("ja") == "レッスン" and lesson.title_in("fr") == "A lesson"
    assert lesson.steps[0].says("fr") == "Look."


def test_elements_a_step_may_point_at():
    for name in FRAME_ELEMENTS:
        assert element_known(name, "verflixxt", 2)
    assert element_known("seat:3", "duck", 4) and not element_known("seat:4", "duck", 4)
    assert element_known("card:2", "verflixxt", 2) and not element_known("card:3", "verflixxt", 2)
    assert not element_known("roll", "chess", 2)


def test_a_games_own_elements_are_named_in_its_registry_entry(monkeypatch):
    """Rule: the names a game's lessons may point at are its registry entry's
    (``lesson_elements``): a game added to the box brings its own, lessons.py is not
    edited; a game with none has only the frame's parts."""
    info = registry.GAMES["routes"]
    monkeypatch.setitem(registry.GAMES, "routes", info.replaced(lesson_elements="bell|cup:[1-3]"))
    assert element_known("cup:2", "routes", 3) and element_known("bell", "routes", 3)
    assert not element_known("lid", "routes", 3) and not element_known("cup:4", "routes", 3)
    monkeypatch.setitem(registry.GAMES, "routes", info.replaced(lesson_elements=""))
    assert element_known("board", "routes", 3) and not element_known("bell", "routes", 3)
    assert all(g.lesson_elements for g in registry.GAMES.values() if g.id != "routes")


# -- the seats of a lesson --------------------------------------------------------------------------
def test_a_lessons_seats_are_the_cast_with_the_person_where_the_lesson_puts_them(tmp_path):
    lesson = load_lesson(write(tmp_path, good(top(players=3, seats=["easy", "human", "random"]))))
    seats = lesson_seats(lesson)
    assert [s.human for s in seats] == [False, True, False]
    assert [s.level for s in seats] == ["easy", "normal", "random"]
    assert [s.character for s in seats] == ["orange", "sky", "green"]
    named = lesson_seats(lesson, ["A", "B", "C"])
    assert [s.name for s in named] == ["A", "B", "C"]


# -- the fingerprint: what a saved place depends on -------------------------------------------------
def test_the_fingerprint_follows_the_game_and_the_actions_not_the_texts(tmp_path):
    """Rule: correcting a text keeps everybody's place; changing the game set-up or any
    step's action makes the saved places another lesson's."""

    def fingerprint(change=None):
        return load_lesson(write(tmp_path, good(change))).fingerprint()

    base = fingerprint()
    lesson = load_lesson(write(tmp_path, GOOD))
    one = dataclasses.replace(lesson, options={"variant": "hats", "box": "base"})
    other = dataclasses.replace(lesson, options={"box": "base", "variant": "hats"})
    assert one.fingerprint() == other.fingerprint()  # the same options in another order
    assert fingerprint(step(0, text={"en": "See.", "ja": "見る。"})) == base
    assert fingerprint(step(1, hint={"en": "Roll!", "ja": "振る。"})) == base
    for change in (
        top(seed=31),
        top(seats=["easy", "human"]),
        top(options={"variant": "hats"}),
        step(1, expect="any"),
        top(players=3, seats=["human", "easy", "easy"]),
    ):
        assert fingerprint(change) != base


# -- a place in a lesson ------------------------------------------------------------------------------
def test_a_resumed_place_is_refused_for_each_kind_of_damage():
    lesson = load_lesson(lesson_path("verflixxt-1"))
    run = LessonRun(lesson)
    follow(run, until=4)
    saved = run.progress()
    assert LessonRun.resumed(lesson, saved) is not None
    assert LessonRun.resumed(lesson, {**saved, "step": 0}).index == 0
    for bad in (
        {**saved, "step": -1},
        {**saved, "step": len(lesson.steps) + 1},
        {**saved, "step": "4"},
        {**saved, "step": None},
        {k: v for k, v in saved.items() if k != "fingerprint"},
        {**saved, "actions": None},
        {**saved, "actions": [["0", "roll"]]},
        {**saved, "actions": [[0]]},
        {**saved, "actions": [[0, "roll", 1]]},
        {**saved, "actions": [[0, 5]]},
        {**saved, "actions": [[True, "roll"]]},
        {**saved, "actions": [[0, "r" * 201]]},
        {**saved, "actions": [[0, "roll"]] * 10_001},
        {**saved, "actions": [[7, "roll"]]},
        None,
    ):
        assert LessonRun.resumed(lesson, bad) is None, str(bad)[:80]


def test_a_resumed_place_plays_on_as_if_it_had_never_stopped(tmp_path):
    """Rule: the computers decide after a resume as they would have without the break."""
    lesson = load_lesson(lesson_path("verflixxt-1"))
    whole = LessonRun(lesson)
    assert follow(whole) == []
    run = LessonRun(lesson)
    assert follow(run, until=8) == []
    again = LessonRun.resumed(lesson, json.loads(json.dumps(run.progress())))
    assert again is not None and follow(again) == []
    assert again.session.actions == whole.session.actions


def test_the_place_shown_in_the_menu(tmp_path, monkeypatch):
    """Rule: a place is offered when it is past the first step (or has actions) and the
    lesson is not finished; otherwise the lesson starts from the beginning."""
    lesson = load_lesson(lesson_path("verflixxt-1"))
    assert lessons.saved_place(lesson) is None
    run = LessonRun(lesson)
    lessons.save_progress(lesson.id, run.progress())
    assert lessons.saved_place(lesson) is None  # the first step, nothing played
    assert run.next()
    lessons.save_progress(lesson.id, run.progress())
    assert lessons.saved_place(lesson) == 1
    follow(run, until=5)
    lessons.save_progress(lesson.id, run.progress())
    assert lessons.saved_place(lesson) == 5
    follow(run)
    lessons.save_progress(lesson.id, run.progress())
    assert run.done and lessons.saved_place(lesson) is None
    lessons.save_progress(lesson.id, {**run.progress(), "fingerprint": "0"})
    assert lessons.saved_place(lesson) is None


def test_a_place_with_actions_at_the_first_step_is_offered():
    lesson = load_lesson(lesson_path("verflixxt-1"))
    run = LessonRun(lesson)
    run.session.apply(0, run.session.module.parse_action("roll"))
    lessons.save_progress(lesson.id, run.progress())
    assert lessons.saved_place(lesson) == 0


def test_places_of_several_lessons_are_kept_side_by_side_and_forgotten_alone():
    lessons.save_progress("a-1", {"step": 1})
    lessons.save_progress("b-1", {"step": 2})
    assert lessons.read_progress() == {"a-1": {"step": 1}, "b-1": {"step": 2}}
    lessons.save_progress("a-1", None)
    assert lessons.read_progress() == {"b-1": {"step": 2}}
    text = lessons.progress_path().read_text(encoding="utf-8")
    lessons.save_progress("zzz", None)  # nothing to forget: the file is not rewritten
    assert lessons.progress_path().read_text(encoding="utf-8") == text


def test_forgetting_a_place_when_none_was_kept_writes_no_file():
    lessons.save_progress("a-1", None)
    assert not lessons.progress_path().exists()


def test_a_progress_file_that_is_not_an_object_is_no_progress():
    lessons.progress_path().parent.mkdir(parents=True)
    lessons.progress_path().write_text("[1, 2]", encoding="utf-8")
    assert lessons.read_progress() == {}
    lessons.save_progress("a-1", {"step": 1})
    assert lessons.read_progress() == {"a-1": {"step": 1}}


def test_a_place_is_kept_as_readable_text():
    lessons.save_progress("a-1", {"name": "あいこ"})
    assert "あいこ" in lessons.progress_path().read_text(encoding="utf-8")


# -- following a lesson: the problems a play-through reports --------------------------------------
def test_a_step_whose_action_is_not_legal_then_is_reported(tmp_path):
    lesson = load_lesson(write(tmp_path, good(step(1, expect="move a", events=...))))
    problems = lessons.play_through(lesson)
    assert len(problems) == 1
    assert problems[0].startswith(
        f"{tmp_path / 'x-1.yaml'}: steps[1].expect: 'move a' is not legal then"
    )
    assert "(legal: roll)" in problems[0]


def test_a_step_whose_events_did_not_happen_is_reported(tmp_path):
    lesson = load_lesson(write(tmp_path, good(step(1, events=["roll", "move"]))))
    problems = lessons.play_through(lesson)
    assert problems == [f"{tmp_path / 'x-1.yaml'}: steps[1].events: move did not happen"]


def test_a_step_to_read_whose_events_did_not_happen_is_reported(tmp_path):
    lesson = load_lesson(write(tmp_path, good(step(0, events=["roll"]))))
    problems = lessons.play_through(lesson)
    assert problems == [f"{tmp_path / 'x-1.yaml'}: steps[0].events: roll did not happen"]


def test_follow_stops_at_the_step_asked_for(tmp_path):
    lesson = load_lesson(write(tmp_path, GOOD))
    run = LessonRun(lesson)
    assert follow(run, until=1) == [] and run.index == 1
    assert follow(run, until=1) == [] and run.index == 1
    assert follow(run) == [] and run.done


def test_the_lesson_limits_by_their_numbers(tmp_path):
    """Rule: a lesson has at most 80 steps, texts of at most 400 characters, seeds below
    2**31 and files of at most 64,000 bytes (30 steps in two languages are about 10 KB)."""
    many = good(lambda d: d.update(steps=[GOOD["steps"][0]] * 80))
    assert len(load_lesson(write(tmp_path, many)).steps) == 80
    with pytest.raises(LessonError, match="steps: more than 80 steps"):
        load_lesson(write(tmp_path, good(lambda d: d.update(steps=[GOOD["steps"][0]] * 81))))
    assert load_lesson(write(tmp_path, good(top(seed=2**31 - 1)))).seed == 2**31 - 1
    with pytest.raises(LessonError, match="seed: a whole number from 0 to 2147483647"):
        load_lesson(write(tmp_path, good(top(seed=2**31))))
    longest = good(step(0, text={"en": "x" * 400, "ja": "あ" * 400}))
    assert load_lesson(write(tmp_path, longest)).steps[0].says("ja") == "あ" * 400
    with pytest.raises(LessonError, match=r"steps\[0\]\.text\.ja: longer than 400"):
        load_lesson(write(tmp_path, good(step(0, text={"en": "x", "ja": "あ" * 401}))))
    text = json.dumps(GOOD, ensure_ascii=False)
    path = tmp_path / "x-1.yaml"
    path.write_bytes(text.encode() + b" " * (64_000 - len(text.encode())))
    assert load_lesson(path).steps
    path.write_bytes(text.encode() + b" " * (64_001 - len(text.encode())))
    with pytest.raises(LessonError, match="larger than 64,000 bytes"):
        load_lesson(path)
