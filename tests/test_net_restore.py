"""A ``serve`` host's tables after a restart, in process (issue #30, rows "seats' last
message ids not restored", "owner token not restored", "host kind ignored on
restore"): a table with an owner, last ids and a local seat is written as the host
writes it (``store.table_files`` + ``atomic_write_text``), a desktop window's table
beside it, and ``restore_tables("serve")`` opens only the first, with its owner's
authority and its replay protection."""

from __future__ import annotations

import json

import pytest

from game.net import store
from game.net.protocol import check_client_message
from game.net.server import Tables
from game.net.table import Table
from game.session import Seat, Session
from game.storage import atomic_write_text
from tests.net_helpers import RecordingPeer

FIRST_ID = 5  # the first action id the seat-1 person sends


def message(kind: str, **fields) -> dict:
    return check_client_message({"v": 2, "type": kind, **fields})


def write(table: Table, host: str) -> None:
    for path, text in store.table_files(table, host):
        assert text is not None  # a game under way: both files are written
        atomic_write_text(path, text)


def played_table() -> tuple[Table, str, str, int]:
    """A cluck table: seat 0 a person at the host's screen, seats 1 and 2 joined over the
    network; played until seat 1 has sent an action. (table, owner token, seat 1's
    token, seat 1's last id)."""
    seats = [Seat("Aiko", "henrietta"), Seat("Ben", "clucky"), Seat("Chie", "pepper")]
    table, owner = Table.new(Session("cluck", seats, 4242), local_seats=[0])
    tables = Tables("serve")
    tables.add(table)
    ben, chie = RecordingPeer(), RecordingPeer()
    tables.handle(ben, "hello", message("hello", code=table.code, seat=1, name="Ben"))
    tables.handle(chie, "hello", message("hello", code=table.code, seat=2, name="Chie"))
    token = ben.sent[0]["token"]
    assert token and chie.sent[0]["token"]
    next_id = {1: FIRST_ID, 2: 1}
    state = table.session.state
    while table.last_ids[1] == 0:
        player = state.to_act()[0]
        action = state.legal_actions(player)[0]
        if player == 0:
            table.apply(0, action)
        else:
            conn = ben if player == 1 else chie
            tables.handle(conn, "action", message("action", id=next_id[player], action=str(action)))
            assert conn.sent[-1]["type"] == "update", conn.sent[-1]
            next_id[player] += 1
        assert not state.is_over()
    assert table.last_ids[1] == FIRST_ID
    return table, owner, token, table.last_ids[1]


def app_table() -> Table:
    seats = [Seat("Dai", "henrietta"), Seat("Emi", "clucky")]
    table, _ = Table.new(Session("cluck", seats, 99), local_seats=[0])
    return table


def restored_serve() -> tuple[Tables, Table, Table, str, str, int]:
    table, owner, token, last = played_table()
    write(table, "serve")
    write(app_table(), "app")
    restored, problems = store.restore_tables("serve")
    assert problems == []
    tables = Tables("serve")
    for again in restored:
        tables.add(again)
    assert len(restored) == 1
    return tables, restored[0], table, owner, token, last


def test_serve_reopens_only_its_own_tables_not_a_windows():
    _tables, again, table, *_ = restored_serve()
    assert again.code == table.code
    assert again.session.save_id == table.session.save_id
    assert again.session.actions == table.session.actions
    apps, problems = store.restore_tables("app")
    assert problems == [] and len(apps) == 1 and apps[0].code != table.code


def test_restored_seats_keep_their_tokens_and_the_local_seat():
    tables, again, table, _owner, token, _last = restored_serve()
    assert again.digests == table.digests
    assert again.local_seats == {0}
    assert [again.status(i) for i in range(3)] == ["local", "reconnecting", "reconnecting"]
    ben = RecordingPeer()
    tables.handle(ben, "rejoin", message("rejoin", code=again.code, token=token))
    assert ben.sent[0]["type"] == "welcome" and ben.sent[0]["seat"] == 1
    assert ben.sent[0]["last_id"] == FIRST_ID


def test_an_old_action_id_is_refused_after_a_restart():
    tables, again, table, _owner, token, last = restored_serve()
    assert again.last_ids == table.last_ids and again.last_ids[1] == last
    ben = RecordingPeer()
    tables.handle(ben, "rejoin", message("rejoin", code=again.code, token=token))
    before = list(again.session.actions)
    # the same message sent again (a replay): refused, nothing changed
    for replayed in (last, 1):
        tables.handle(ben, "action", message("action", id=replayed, action="x"))
        refusal = ben.sent[-1]
        assert refusal["type"] == "refusal" and refusal["code"] == "replayed", refusal
        assert refusal["id"] == replayed
    assert again.session.actions == before and again.last_ids[1] == last


def test_the_owner_may_hand_over_a_waiting_seat_after_a_restart():
    tables, again, _table, owner, token, _last = restored_serve()
    assert again.owner_may(owner)
    ben = RecordingPeer()
    tables.handle(ben, "rejoin", message("rejoin", code=again.code, token=token))
    # somebody without the owner's token may not
    tables.handle(ben, "hand_over", message("hand_over", owner=token, seat=2))
    assert ben.sent[-1]["type"] == "refusal" and ben.sent[-1]["code"] == "owner"
    assert again.session.seats[2].human
    tables.handle(ben, "hand_over", message("hand_over", owner=owner, seat=2, level="easy"))
    assert ben.sent[-1]["type"] == "seats", ben.sent[-1]
    assert again.status(2) == "standing_in" and again.session.seats[2].level == "easy"


def test_a_table_file_of_an_unknown_host_kind_is_a_problem_and_is_left_on_disk():
    table, *_ = played_table()
    write(table, "serve")
    path = store.meta_path(table.session.save_id)
    data = json.loads(path.read_text())
    path.write_text(json.dumps({**data, "host": "other"}))
    restored, problems = store.restore_tables("serve")
    assert restored == [] and len(problems) == 1 and "host" in problems[0]
    assert path.exists()


def test_a_table_files_port_is_from_1_to_65535():
    table, *_ = played_table()
    write(table, "app")
    path = store.meta_path(table.session.save_id)
    data = json.loads(path.read_text())
    for port in (1, 65535):
        path.write_text(json.dumps({**data, "port": port}))
        again = store.reopen(table.session.save_id)
        assert again is not None and again.port == port
    for port in (0, 65536, True):
        path.write_text(json.dumps({**data, "port": port}))
        with pytest.raises(ValueError, match="port"):
            store.reopen(table.session.save_id)


def test_a_tables_autosave_text_is_the_ordinary_save_with_its_options_set_in():
    """serve makes a table's options text once and sets it into each autosave (issue
    #25's load): the file reads back as the ordinary save of the session, options and all,
    also after more actions and for a name that looks like the options key."""
    from game import registry, saves
    from game.net.store import table_files

    info = registry.get("duck")
    seats = [Seat('"options": null', info.characters[0].key)]
    seats += [Seat(f"P{i}", info.characters[i].key) for i in range(1, 3)]
    session = Session("duck", seats, 11, {})
    table, _ = Table.new(session)
    for _ in range(2):
        (path, text), _meta = table_files(table, "serve")
        written = json.loads(text)
        expected = saves.session_payload(session, "auto")
        written.pop("saved_at"), expected.pop("saved_at")
        assert written == json.loads(json.dumps(expected))
        assert path == saves.autosave_path(session)
        player = session.state.to_act()[0]
        session.apply(player, session.state.legal_actions(player)[0])


def test_a_table_files_ids_are_whole_numbers_below_two_to_the_63():
    """The last ids read back are bounded exactly: 2**63 - 1 is kept, 2**63, -1 and a
    bool are refused (a plant of issue #30's second fresh set)."""
    table, *_ = played_table()
    write(table, "app")
    path = store.meta_path(table.session.save_id)
    data = json.loads(path.read_text())
    players = len(data["last_ids"])
    for good in (0, 2**63 - 1):
        path.write_text(json.dumps({**data, "last_ids": [good] * players}))
        again = store.reopen(table.session.save_id)
        assert again is not None and again.last_ids == [good] * players
    for bad in (2**63, -1, True):
        path.write_text(json.dumps({**data, "last_ids": [bad] * players}))
        with pytest.raises(ValueError, match="last_ids"):
            store.reopen(table.session.save_id)


def test_a_failing_write_is_retried_with_a_backoff_that_stops_growing(monkeypatch, tmp_path):
    """While the disk is full the saver tries again after 0.1 s, doubling up to
    RETRY_MAX_S and no further (a disk with room again is written within seconds); once
    the disk has room the pending text is written. The clock jumps 10 s a look, so no
    wait is real (a plant of issue #30's second fresh set)."""
    import itertools

    full = {"on": True}
    tries: list[float] = []
    real_write = store.atomic_write_text

    def write(path, text):
        if full["on"]:
            tries.append(saver._backoff)
            raise OSError(28, "No space left on device")
        real_write(path, text)

    monkeypatch.setattr(store, "atomic_write_text", write)
    ticks = itertools.count(0.0, 10.0)
    saver = store.Saver(clock=lambda: next(ticks))
    target = tmp_path / "t.json"
    saver.submit([(target, "kept")])
    import time as real_time

    deadline = real_time.monotonic() + 10
    while len(tries) < 12 and real_time.monotonic() < deadline:
        real_time.sleep(0.01)
    assert len(tries) >= 12
    assert max(tries) == store.RETRY_MAX_S and tries[1] == store.RETRY_FIRST_S
    full["on"] = False
    assert saver.flush(10) and target.read_text() == "kept"
    saver.close()


def routes_table(seed: int, actions: int) -> Table:
    """An Eight Routes table of three people at the host's screen, ``actions`` played."""
    seats = [Seat("Aiko", "a"), Seat("Ben", "b"), Seat("Chie", "c")]
    from game import registry

    keys = [c.key for c in registry.get("routes").characters]
    for seat, key in zip(seats, keys, strict=False):
        seat.character = key
    table, _ = Table.new(Session("routes", seats, seed), local_seats=[0, 1, 2])
    state = table.session.state
    for _ in range(actions):
        player = state.to_act()[0]
        table.apply(player, state.legal_actions(player)[0])
    return table


@pytest.mark.parametrize("edit", ["seed", "options", "action"])
def test_a_table_file_whose_game_was_edited_is_refused_and_kept_aside(edit):
    """issue #36: a table's autosave whose seed was changed (someone with write access to
    the data folder) used to reopen silently with another deal whenever its recorded
    actions stayed legal. The table file keeps a digest of the game, seed and options and
    of the actions played; a file that does not match is refused, named in the problem's
    line and kept aside (``<name>.damaged-<time>``, nothing deleted), and the other
    tables open."""
    edited, kept = routes_table(seed=31, actions=4), routes_table(seed=77, actions=4)
    write(edited, "serve")
    write(kept, "serve")
    autosave = store.saves.autosave_path(edited.session)
    payload = json.loads(autosave.read_text(encoding="utf-8"))
    if edit == "seed":
        payload["seed"] += 1
    elif edit == "options":
        payload["options"]["scoring"]["routes"]["2"]["min_space"] += 1  # still a table
    else:  # the last action replaced by another legal one: the same deal, another game
        module = edited.session.module
        state = module.new_game(3, edited.session.seed, edited.session.options)
        for seat, text in payload["actions"][:-1]:
            state.apply(seat, module.parse_action(text))
        seat, text = payload["actions"][-1]
        others = [str(a) for a in state.legal_actions(seat) if str(a) != text]
        payload["actions"][-1][1] = others[0]
    atomic_write_text(autosave, json.dumps(payload))
    table_file = store.meta_path(edited.session.save_id)
    restored, problems = store.restore_tables("serve")
    assert [t.code for t in restored] == [kept.code]  # the other table opens
    assert len(problems) == 1 and str(table_file) in problems[0], problems
    assert ("digest" if edit != "action" else "actions") in problems[0], problems
    assert not table_file.exists()
    aside = list(table_file.parent.glob(f"{table_file.name}.damaged-*"))
    assert len(aside) == 1 and f"kept as {aside[0].name}" in problems[0]
    assert autosave.exists()  # the game so far: nothing deleted
    assert store.restore_tables("serve")[1] == []  # kept aside: not read as a table again


def test_a_table_file_checks_its_autosave_even_one_behind_after_a_crash():
    """issue #36: an autosave with fewer actions than the table file recorded (a crash
    between the two writes) is checked on its deal and opens; one with more actions than
    recorded (the table file's write was lost) is checked on the actions it recorded."""
    table = routes_table(seed=5, actions=2)
    (save2, save2_text), (meta2, meta2_text) = store.table_files(table, "serve")
    state = table.session.state
    player = state.to_act()[0]
    table.apply(player, state.legal_actions(player)[0])
    (save3, save3_text), (meta3, meta3_text) = store.table_files(table, "serve")
    assert save2 == save3 and meta2 == meta3
    atomic_write_text(meta3, meta3_text)  # the table file after 3 actions ...
    atomic_write_text(save2, save2_text)  # ... its autosave after 2
    restored, problems = store.restore_tables("serve")
    assert problems == [] and len(restored) == 1 and len(restored[0].session.actions) == 2
    atomic_write_text(meta2, meta2_text)  # the table file after 2 actions ...
    atomic_write_text(save3, save3_text)  # ... its autosave after 3
    restored, problems = store.restore_tables("serve")
    assert problems == [] and len(restored) == 1 and len(restored[0].session.actions) == 3
