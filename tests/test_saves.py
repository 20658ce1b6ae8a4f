"""Saves: atomic, human-readable, replayed through the rules; every damaged file gives a
SaveError naming the file, the place and the problem (never a traceback)."""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game import saves
from game.ai import RandomBot
from game.session import Seat, Session

GAME = "routes"


def _played_session(actions=25, seed=3):
    seats = [Seat("Aiko", "orange"), Seat("Ben", "sky", human=False),
             Seat("Chie", "green", human=False)]
    session = Session(GAME, seats, seed)
    rng = random.Random(seed)
    bot = RandomBot()
    for _ in range(actions):
        if session.state.is_over():
            break
        p = session.state.to_act()[0]
        session.apply(p, bot.choose(session.state.view(p), p, rng))
    return session


def test_autosave_round_trip_restores_the_exact_state():
    session = _played_session()
    path = saves.autosave(session)
    restored = saves.load_session(path)
    assert restored.state.to_dict() == session.state.to_dict()
    assert [s.name for s in restored.seats] == ["Aiko", "Ben", "Chie"]
    assert json.loads(path.read_text())["format"] == saves.FORMAT
    assert [p.name for p in path.parent.iterdir()] == [path.name]   # no temp files left


def test_list_saves_shows_game_players_round_and_flags_damage():
    session = _played_session()
    saves.autosave(session)
    broken = saves.saves_dir() / "slot-9.json"
    broken.write_text("{ not json")
    entries = saves.list_saves()
    good = [e for e in entries if isinstance(e, saves.SaveInfo)]
    bad = [e for e in entries if isinstance(e, saves.SaveError)]
    assert good[0].game == GAME and good[0].players == 3 and good[0].round >= 1
    assert bad and "slot-9.json" in str(bad[0]) and "line 1" in str(bad[0])


def _payload():
    return saves.session_payload(_played_session(), "manual")


HOSTILE = {
    "empty": lambda p: b"",
    "truncated": lambda p: json.dumps(p).encode()[: len(json.dumps(p)) // 2],
    "binary": lambda p: bytes(range(256)) * 4,
    "huge": lambda p: b" " * (saves.MAX_BYTES + 1),
    "deeply nested": lambda p: b"[" * 100_000 + b"]" * 100_000,
    "wrong type": lambda p: json.dumps({**p, "players": "three"}).encode(),
    "unknown key": lambda p: json.dumps({**p, "cheat": True}).encode(),
    "out of range": lambda p: json.dumps({**p, "players": 99}).encode(),
    "illegal action": lambda p: json.dumps({**p, "actions": p["actions"][:3] + [[0, "fly 9"]]}).encode(),
    "action by wrong seat": lambda p: json.dumps({**p, "actions": [[2, p["actions"][0][1]]] + p["actions"][1:]}).encode(),
    "newer format": lambda p: json.dumps({**p, "format": saves.FORMAT + 1}).encode(),
    "unknown game": lambda p: json.dumps({**p, "game": "chess"}).encode(),
    "seat not an object": lambda p: json.dumps({**p, "seats": [1, 2, 3]}).encode(),
    "bad options": lambda p: json.dumps({**p, "options": {"nonsense": 1}}).encode(),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_save_files_give_one_clear_error(case, tmp_path):
    path = tmp_path / f"{case}.json"
    path.write_bytes(HOSTILE[case](_payload()))
    with pytest.raises(saves.SaveError) as info:
        saves.load_session(path)
    message = str(info.value)
    assert str(path) in message and "Traceback" not in message
    assert info.value.problem


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_saves_never_escape_as_a_traceback(data, tmp_path):
    raw = bytearray(json.dumps(_FUZZ_BASE).encode())
    for _ in range(data.draw(st.integers(1, 6))):
        op = data.draw(st.sampled_from(["flip", "cut", "insert"]))
        i = data.draw(st.integers(0, max(0, len(raw) - 1)))
        if op == "flip" and raw:
            raw[i] = data.draw(st.integers(0, 255))
        elif op == "cut":
            del raw[i:i + data.draw(st.integers(1, 40))]
        else:
            raw[i:i] = data.draw(st.binary(min_size=1, max_size=8))
    path = tmp_path / "fuzz.json"
    path.write_bytes(bytes(raw))
    try:
        saves.load_session(path)
    except saves.SaveError:
        pass


_FUZZ_BASE = None


@pytest.fixture(autouse=True, scope="module")
def _fuzz_base():
    global _FUZZ_BASE
    _FUZZ_BASE = saves.session_payload(_played_session(actions=12), "auto")
