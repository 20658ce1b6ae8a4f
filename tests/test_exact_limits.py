"""Every limit at the limit itself and one past it (issue #30, rows "text upper bound
<= -> < in the protocol", "name maximum > -> >= in settings", "U+2028/U+2029 no
longer refused in names", "volume upper bound dropped", "seat count != -> < in
saves"): the tests before only used values far past a limit, so an off-by-one went
unnoticed. Names of 16 and 17 characters through the lobby, the settings, saves and the
network schema; join codes; action texts; line and paragraph separators."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game import registry, saves
from game.net.protocol import (
    ACTION_MAX_CHARS,
    CODE_ALPHABET,
    MAX_ID,
    NAME_MAX,
    TOKEN_MAX_CHARS,
    ProtocolError,
    check_client_message,
    normal_code,
)
from game.net.server import Tables
from game.net.table import Table
from game.session import Seat, Session
from game.settings import (
    CHECKS,
    Settings,
    load_settings,
    name_problem,
    read_settings,
    save_settings,
    settings_path,
)
from tests import hostile

SIXTEEN = "Abcdefghijklmnop"
SEVENTEEN = SIXTEEN + "q"
SEPARATORS = ["\u2028", "\u2029"]


def test_the_limits_agree_on_sixteen():
    from game import settings

    assert len(SIXTEEN) == NAME_MAX == settings.NAME_MAX == 16 and len(SEVENTEEN) == 17
    assert ACTION_MAX_CHARS == saves.ACTION_MAX_CHARS == 200


# -- the network schema ------------------------------------------------------------------------
def client(kind: str, **fields) -> dict:
    return check_client_message({"v": 2, "type": kind, **fields})


def refused(kind: str, **fields) -> str:
    with pytest.raises(ProtocolError) as error:
        client(kind, **fields)
    assert error.value.code == "schema"
    return error.value.reason


def test_hello_takes_a_name_of_one_to_sixteen_characters():
    for name in ("A", SIXTEEN, "é" * 16, "鶏" * 16):
        assert client("hello", code="X", seat=0, name=name)["name"] == name
    for name in ("", SEVENTEEN, "鶏" * 17):
        assert "name" in refused("hello", code="X", seat=0, name=name)


def test_hello_refuses_line_breaking_names():
    for bad in [*SEPARATORS, "\n", "\x00", "\x85"]:
        assert "name" in refused("hello", code="X", seat=0, name=f"Ai{bad}ko")


def test_each_text_and_number_of_the_schema_at_its_bound_and_one_past():
    assert client("action", id=1, action="x" * ACTION_MAX_CHARS)["action"]
    refused("action", id=1, action="x" * (ACTION_MAX_CHARS + 1))
    refused("action", id=1, action="")
    assert client("action", id=MAX_ID, action="x")["id"] == MAX_ID
    refused("action", id=MAX_ID + 1, action="x")
    refused("action", id=0, action="x")
    assert client("rejoin", code="C" * 40, token="t" * TOKEN_MAX_CHARS)
    refused("rejoin", code="C" * 41, token="t")
    refused("rejoin", code="C", token="t" * (TOKEN_MAX_CHARS + 1))
    assert client("hello", code="X", seat=7, name="A")["seat"] == 7
    refused("hello", code="X", seat=8, name="A")
    assert client("create", game="g" * 20, seats=[{"kind": "person"}] * 8)
    refused("create", game="g" * 21, seats=[{"kind": "person"}])
    refused("create", game="cluck", seats=[{"kind": "person"}] * 9)
    options = {"k" * 40: "v" * 40}
    assert client("create", game="cluck", seats=[{"kind": "person"}], options=options)
    refused("create", game="cluck", seats=[{"kind": "person"}], options={"k" * 41: 1})
    refused("create", game="cluck", seats=[{"kind": "person"}], options={"k": "v" * 41})
    sixteen = {f"o{i}": i for i in range(16)}
    assert client("create", game="cluck", seats=[{"kind": "person"}], options=sixteen)
    refused("create", game="cluck", seats=[{"kind": "person"}], options={**sixteen, "x": 1})


class FakeConnection:
    def __init__(self) -> None:
        self.created = False
        self.table = None
        self.address = "127.0.0.1"
        self.sent: list[dict] = []

    def send(self, text: str) -> None:
        self.sent.append(json.loads(text))

    def close(self, code: int, reason: str) -> None:
        pass


def test_a_sixteen_character_name_sits_down_at_a_table():
    seats = [Seat("Aiko", "henrietta"), Seat("Ben", "clucky")]
    table, _ = Table.new(Session("cluck", seats, 3))
    tables = Tables("serve")
    tables.add(table)
    conn = FakeConnection()
    tables.handle(conn, "hello", client("hello", code=table.code, seat=1, name=SIXTEEN))
    assert conn.sent[0]["type"] == "welcome", conn.sent[0]
    assert table.session.seats[1].name == SIXTEEN
    # the table checks names itself too (a window's table has no schema in front of it)
    for name in (SEVENTEEN, *(f"A{s}B" for s in SEPARATORS)):
        other = FakeConnection()
        tables.handle(other, "hello", {"code": table.code, "seat": 0, "name": name})
        assert other.sent[0]["type"] == "refusal" and other.sent[0]["code"] == "name"
    assert table.status(0) == "open"


# -- join codes ----------------------------------------------------------------------------------
def test_a_join_code_is_exactly_twelve_characters_of_its_alphabet():
    assert normal_code("7KQ4MX9P2HRT") == "7KQ4-MX9P-2HRT"
    assert normal_code(" 7kq4-mx9p 2hrt ") == "7KQ4-MX9P-2HRT"
    assert normal_code("7KQ4MX9P2HR") is None  # 11
    assert normal_code("7KQ4MX9P2HRTA") is None  # 13
    for odd in "01OI":
        assert odd not in CODE_ALPHABET
        assert normal_code("7KQ4MX9P2HR" + odd) is None


# -- names in the settings -----------------------------------------------------------------------
def test_name_problem_at_sixteen_and_seventeen():
    assert name_problem(SIXTEEN) is None
    assert name_problem("鶏" * 16) is None
    assert "17 characters" in (name_problem(SEVENTEEN) or "")


@pytest.mark.parametrize("separator", SEPARATORS)
def test_names_that_break_lines_are_refused(separator):
    problem = name_problem(f"Ai{separator}ko")
    assert problem is not None and "which a name cannot have" in problem
    assert name_problem(separator) is not None


def remembered(name: str) -> list[dict]:
    return [{"name": name, "character": "sparky", "human": True, "level": "normal"}]


def test_the_lobbys_remembered_seats_keep_a_sixteen_character_name(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "ja", "seats": remembered(SIXTEEN)}))
    loaded, notes = read_settings(path)
    assert notes == [] and loaded.seats == remembered(SIXTEEN)
    for name in (SEVENTEEN, *(f"A{s}B" for s in SEPARATORS)):
        path.write_text(json.dumps({"language": "ja", "seats": remembered(name)}))
        loaded, notes = read_settings(path)
        assert loaded.seats == [] and loaded.language == "ja"
        assert len(notes) == 1 and notes[0].startswith("seats: seat 1: name"), notes


def test_settings_with_a_sixteen_character_name_are_written_and_read_back():
    save_settings(Settings(seats=remembered(SIXTEEN)))
    loaded, warning = load_settings(settings_path())
    assert warning is None and loaded.seats[0]["name"] == SIXTEEN


# -- the volume ------------------------------------------------------------------------------------
def test_the_volume_is_a_number_from_zero_to_one():
    check = CHECKS["volume"]
    for fine in (0, 0.0, 0.5, 1, 1.0):
        assert check(fine) is None, fine
    for bad in (1.0000001, 2, 50, -0.0001, -1, True, "1", None):
        assert check(bad) is not None, bad


def test_a_volume_past_one_falls_back_alone(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "ja", "volume": 50}))
    loaded, notes = read_settings(path)
    assert loaded == Settings(language="ja") and loaded.volume == Settings().volume
    assert len(notes) == 1 and notes[0].startswith("volume: ")
    path.write_text(json.dumps({"language": "ja", "volume": 1}))
    assert read_settings(path) == (Settings(language="ja", volume=1), [])


# -- names, actions and seats in saves ----------------------------------------------------------------
def base_save() -> dict:
    return json.loads((hostile.CORPUS / "saves" / "valid.json").read_text())


def written(folder: Path, payload: dict, name: str = "slot-1.json") -> Path:
    path = folder / name
    path.write_text(json.dumps(payload, ensure_ascii=False))
    return path


def with_name(payload: dict, name: str) -> dict:
    seats = [dict(s) for s in payload["seats"]]
    seats[0]["name"] = name
    return {**payload, "seats": seats}


def test_a_save_with_a_sixteen_character_name_loads_and_seventeen_is_refused(tmp_path):
    path = written(tmp_path, with_name(base_save(), SIXTEEN))
    assert saves.read_payload(path)["seats"][0]["name"] == SIXTEEN
    assert saves.load_session(path).seats[0].name == SIXTEEN
    for name in (SEVENTEEN, *(f"A{s}B" for s in SEPARATORS)):
        path = written(tmp_path, with_name(base_save(), name))
        with pytest.raises(saves.SaveError) as error:
            saves.read_payload(path)
        assert error.value.place == "seats[0].name"


def test_a_game_saved_with_a_sixteen_character_name_resumes():
    seats = [Seat(SIXTEEN, "orange"), Seat("Ben", "sky", human=False), Seat("C", "green")]
    session = Session("routes", seats, 8)
    path = saves.autosave(session)
    assert saves.load_session(path).seats[0].name == SIXTEEN


def test_a_saved_action_text_at_its_limit_is_read_and_one_past_is_refused(tmp_path):
    base = base_save()
    longest = {**base, "actions": [[0, "x" * ACTION_MAX_CHARS]]}
    assert saves.read_payload(written(tmp_path, longest))["actions"][0][1] == "x" * 200
    with pytest.raises(saves.SaveError) as error:
        saves.read_payload(written(tmp_path, {**base, "actions": [[0, "x" * 201]]}))
    assert error.value.place == "actions[0]"


def test_a_save_has_exactly_one_seat_per_player(tmp_path):
    base = base_save()
    assert base["players"] == 3 and len(base["seats"]) == 3
    free = [c.key for c in registry.get("routes").characters]
    extra = {"name": "Dai", "character": free[3], "human": False, "level": "normal"}
    for seats in (base["seats"] + [extra], base["seats"][:2], []):
        path = written(tmp_path, {**base, "seats": seats})
        with pytest.raises(saves.SaveError) as error:
            saves.read_payload(path)
        assert error.value.place == "seats", (len(seats), str(error.value))
        with pytest.raises(saves.SaveError):
            saves.load_session(path)


# -- the lobby: typing a long name ----------------------------------------------------------------
def test_the_lobby_cuts_a_typed_name_at_sixteen_and_remembers_it():
    from game.scenes.lobby.lobby import LobbyScene
    from tests.scene_helpers import click, key, make_app

    app = make_app((1280, 720))
    app.persist = True  # the lobby writes its table to the (temporary) settings
    try:
        lobby = LobbyScene(app, registry.get("cluck"))
        app.push(lobby)
        lobby.wait_for_scan()
        click(app, lobby.buttons.by_key("name:0").rect.center)
        assert lobby.editing == 0
        lobby.seats[0].name = ""
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=SEVENTEEN))
        key(app, pygame.K_RETURN)
        assert lobby.seats[0].name == SIXTEEN
        click(app, lobby.buttons.by_key("start").rect.center)
        assert app.top is not lobby  # the game started
        loaded, warning = load_settings(settings_path())
        assert warning is None, warning
        assert loaded.seats and loaded.seats[0]["name"] == SIXTEEN
        again = LobbyScene(app, registry.get("cluck"))
        assert again.seats[0].name == SIXTEEN
    finally:
        pygame.quit()


def test_the_lobby_remembers_at_most_six_seats(tmp_path):
    from game.settings import MAX_SEATS

    path = tmp_path / "settings.json"
    six = [remembered(f"P{i}")[0] for i in range(MAX_SEATS)]
    path.write_text(json.dumps({"seats": six}))
    assert read_settings(path) == (Settings(seats=six), [])
    path.write_text(json.dumps({"seats": [*six, remembered("P7")[0]]}))
    loaded, notes = read_settings(path)
    assert loaded.seats == [] and notes[0].startswith("seats: 7 seats")


def test_a_saved_action_names_a_player_of_the_game(tmp_path):
    base = base_save()
    last = {**base, "actions": [[base["players"] - 1, "A 4"]]}
    assert saves.read_payload(written(tmp_path, last))["actions"] == [[2, "A 4"]]
    for player in (base["players"], -1):
        with pytest.raises(saves.SaveError) as error:
            saves.read_payload(written(tmp_path, {**base, "actions": [[player, "A 4"]]}))
        assert error.value.place == "actions[0]"


def test_the_window_size_is_from_320_to_7680():
    check = CHECKS["window_width"]
    for fine in (320, 1280, 7680):
        assert check(fine) is None and CHECKS["window_height"](fine) is None
    for bad in (319, 7681, 0, 1280.0, True):
        assert check(bad) is not None and CHECKS["window_height"](bad) is not None


def test_a_save_holds_at_most_max_actions(tmp_path):
    base = base_save()
    most = {**base, "actions": [[0, "A 4"]] * saves.MAX_ACTIONS}
    assert len(saves.read_payload(written(tmp_path, most))["actions"]) == saves.MAX_ACTIONS
    over = {**base, "actions": [[0, "A 4"]] * (saves.MAX_ACTIONS + 1)}
    with pytest.raises(saves.SaveError) as error:
        saves.read_payload(written(tmp_path, over))
    assert error.value.place == "actions"
