"""Issue #30's fresh exercise: one test per planted bug the suite did not notice (30
fresh one-line bugs in game/net/, session, saves, settings, lessons and files, planted one
at a time). Each test fails with the planted change named above it and passes without.
Headless and in process."""

from __future__ import annotations

from game.net.table import Table
from game.session import Seat, Session
from tests.net_helpers import RecordingPeer


def cluck_table(people: int = 2) -> tuple[Table, str]:
    keys = ["henrietta", "clucky", "pepper", "nugget"]
    seats = [Seat(f"P{i}", keys[i]) for i in range(people)]
    return Table.new(Session("cluck", seats, 5))


# -- store.open_table: `active` restored from `created` (a busy table closed as abandoned) -----
def test_a_restored_table_keeps_when_it_was_made_joined_and_last_active():
    from game.net import store
    from game.storage import atomic_write_text

    seats = [Seat("Aiko", "henrietta"), Seat("Ben", "clucky")]
    table = Table(Session("cluck", seats, 77), created=1_000.0, joined=True, active=5_000.0)
    for path, text in store.table_files(table, "serve"):
        atomic_write_text(path, text)
    restored, problems = store.restore_tables("serve")
    assert problems == [] and len(restored) == 1
    again = restored[0]
    assert (again.created, again.joined, again.active) == (1_000.0, True, 5_000.0)


# (ComputerPool._next: `appendleft` for `append` is caught by
# tests/test_computer_pool.py::test_tables_take_turns_by_address_and_an_empty_table_waits)


# -- files.clip: `text[:limit]` for `text[: limit - 1]` (one character past its limit) ---------
def test_clip_keeps_a_value_within_its_limit():
    from game.storage import clip

    for limit in (5, 40):
        for length in (limit - 3, limit - 2, limit - 1, limit + 5, 1000):
            text = clip("x" * length, limit)
            assert len(text) <= limit, (limit, length, text)
        assert clip("x" * 1000, limit).endswith("…")
    assert clip("abc", 40) == "'abc'"


# -- Table.leave: broadcast_seats() dropped (the others never see the seat waiting) -------------
def test_the_others_see_a_dropped_seat_waiting():
    table, _ = cluck_table()
    aiko, ben = RecordingPeer("aiko"), RecordingPeer("ben")
    table.join(aiko, 0, "Aiko")
    table.join(ben, 1, "Ben")
    before = len(aiko.sent)
    table.leave(ben)
    seats = [m for m in aiko.sent[before:] if m["type"] == "seats"]
    assert seats, aiko.sent[before:]
    assert [s["status"] for s in seats[-1]["seats"]] == ["connected", "reconnecting"]


# -- LessonRun.resumed: `index <= len(steps)` -> `<` (a finished lesson's place refused) --------
def test_a_lesson_followed_to_its_end_is_resumed_at_its_end():
    from game.lessons import LessonRun, follow, lesson_path, load_lesson

    lesson = load_lesson(lesson_path("verflixxt-1"))
    run = LessonRun(lesson)
    assert follow(run) == [] and run.done
    again = LessonRun.resumed(lesson, run.progress())
    assert again is not None and again.done and again.index == len(lesson.steps)
    assert again.session.actions == run.session.actions
    assert LessonRun.resumed(lesson, {**run.progress(), "step": len(lesson.steps) + 1}) is None


# -- HostThread._changed: `not self._local` -> `self._local` (network actions not animated) -----
def test_the_window_is_told_of_network_actions_not_of_its_own():
    from game.net.host import HostThread
    from game.net.protocol import check_client_message, drain

    seats = [Seat("Aiko", "henrietta"), Seat("Ben", "clucky")]
    host = HostThread(Session("cluck", seats, 11), port=0, local_seats=(0,), autosave=False)
    ben = RecordingPeer("ben")
    hello = {"v": 2, "type": "hello", "code": host.code, "seat": 1, "name": "Ben"}
    host.tables.handle(ben, "hello", check_client_message(hello))
    drain(host.notes)
    state = host.table.session.state
    next_id = 1
    for _ in range(6):
        player = state.to_act()[0]
        action = state.legal_actions(player)[0]
        if player == 0:
            host.apply(0, action)
            assert [k for k, _ in drain(host.notes)] == []
        else:
            message = {"v": 2, "type": "action", "id": next_id, "action": str(action)}
            host.tables.handle(ben, "action", check_client_message(message))
            next_id += 1
            notes = drain(host.notes)
            assert [k for k, _ in notes] == ["applied"] and notes[0][1][0] == 1
    host.stop()


# -- protocol._options: the float check dropped (a fraction accepted as an option value) --------
def test_a_create_option_may_not_be_a_fraction():
    import pytest

    from game.net.protocol import ProtocolError, check_client_message

    base = {"v": 2, "type": "create", "game": "cluck", "seats": [{"kind": "person"}] * 2}
    for value in ("x", 3, True, None):
        assert check_client_message({**base, "options": {"k": value}})["options"] == {"k": value}
    for value in (1.5, 2.0, [1], {"a": 1}):
        with pytest.raises(ProtocolError) as error:
            check_client_message({**base, "options": {"k": value}})
        assert error.value.code == "schema" and "option" in error.value.reason


# -- Seat.from_dict: `level` not restored (a saved hard computer comes back normal) -------------
def test_a_saved_computer_comes_back_at_its_level():
    from game import saves

    seats = [
        Seat("Aiko", "orange"),
        Seat("Hard", "sky", human=False, level="hard"),
        Seat("Easy", "green", human=False, level="easy"),
    ]
    path = saves.autosave(Session("routes", seats, 8))
    loaded = saves.load_session(path)
    assert [(s.human, s.level) for s in loaded.seats] == [
        (True, "normal"),
        (False, "hard"),
        (False, "easy"),
    ]
