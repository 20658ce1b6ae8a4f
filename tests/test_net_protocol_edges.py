"""The table protocol's checks at their edges, in process (issue #30): every bound of a
message read on the host, the host's messages read on the client, join codes and tokens.
Each test names the rule it guards."""

from __future__ import annotations

import json
import queue
import re

import pytest

from game.net.protocol import (
    CODE_ALPHABET,
    MAX_NUMBER_DIGITS,
    VERSION,
    ProtocolError,
    check_client_message,
    check_host_message,
    decode,
    drain,
    encode,
    new_code,
    new_token,
    normal_code,
    token_digest,
    token_matches,
)


def client(kind: str, **fields) -> dict:
    return check_client_message({"v": 2, "type": kind, **fields})


def refusal(kind: str, **fields) -> str:
    with pytest.raises(ProtocolError) as error:
        client(kind, **fields)
    assert error.value.code == "schema"
    return error.value.reason


# -- reading any message ---------------------------------------------------------------------------
def test_a_number_of_twenty_characters_is_read_and_one_of_twenty_one_is_refused():
    """Rule: no number longer than MAX_NUMBER_DIGITS (20) characters is parsed (a huge
    integer costs the host time), a sign included."""
    assert MAX_NUMBER_DIGITS == 20
    assert decode('{"v": 2, "type": "x", "n": ' + "9" * 20 + "}")["n"] == int("9" * 20)
    assert decode('{"v": 2, "type": "x", "n": -' + "9" * 19 + "}")["n"] == -int("9" * 19)
    for number in ("9" * 21, "-" + "9" * 20):
        with pytest.raises(ProtocolError) as error:
            decode('{"v": 2, "type": "x", "n": ' + number + "}")
        assert error.value.code == "json" and "21 digits" in error.value.reason


def test_nan_and_infinity_are_not_numbers():
    """Rule: NaN, Infinity and -Infinity are refused as JSON ('json')."""
    for constant in ("NaN", "Infinity", "-Infinity"):
        with pytest.raises(ProtocolError) as error:
            decode('{"v": 2, "type": "x", "n": ' + constant + "}")
        assert error.value.code == "json" and constant in error.value.reason


def test_a_message_is_a_text_json_object_of_this_version_with_a_text_type():
    """Rule: each check of every message, with its code: binary, json, schema (not an
    object, no text type), version (each side's wording)."""
    cases = [
        (b'{"v": 2, "type": "look"}', "binary"),
        ("{", "json"),
        ("[1]", "schema"),
        ('"text"', "schema"),
        ('{"v": 2}', "schema"),
        ('{"v": 2, "type": 5}', "schema"),
        ('{"v": 3, "type": "look"}', "version"),
        ('{"v": "2", "type": "look"}', "version"),
        # a version is the whole number 1, not true or 1.0 (both were taken as 1)
        ('{"v": true, "type": "look"}', "version"),
        ('{"v": 2.0, "type": "look"}', "version"),
    ]
    for raw, code in cases:
        with pytest.raises(ProtocolError) as error:
            decode(raw)
        assert error.value.code == code, raw
    assert decode('{"v": 2, "type": "look"}') == {"v": 2, "type": "look"}


def test_a_version_mismatch_says_both_versions_from_the_side_that_reads_it():
    """Rule: the host says 'this table speaks protocol version 2 and your app version N';
    a client says 'the host speaks protocol version N and this app version 2'; a message
    without a version says 'none'."""
    with pytest.raises(ProtocolError) as on_host:
        decode('{"v": 7, "type": "look"}')
    assert "this table speaks protocol version 2 and your app version 7" in on_host.value.reason
    with pytest.raises(ProtocolError) as on_client:
        decode('{"v": 7, "type": "welcome"}', on_host=False)
    assert "the host speaks protocol version 7 and this app version 2" in on_client.value.reason
    with pytest.raises(ProtocolError) as missing:
        decode('{"type": "look"}')
    assert "your app version none" in missing.value.reason


def test_encode_writes_the_version_and_type_first_and_refuses_nan():
    """Rule: every message sent carries ``v`` and ``type``; nothing that is not JSON
    (NaN) is ever sent."""
    text = encode("seats", seats=[])
    assert json.loads(text) == {"v": VERSION, "type": "seats", "seats": []}
    assert text.startswith(f'{{"v":{VERSION},"type":"seats"')
    with pytest.raises(ValueError):
        encode("x", n=float("nan"))


# -- the client's messages ----------------------------------------------------------------------------
def test_each_message_has_exactly_its_keys():
    """Rule: an unknown type, an unknown key or a missing required key is refused; an
    optional key may be left out."""
    with pytest.raises(ProtocolError) as unknown:
        client("teleport")
    assert "unknown message type 'teleport'" in unknown.value.reason
    assert "unknown key 'x'" in refusal("look", code="C", x=1)
    assert "missing 'code'" in refusal("look")
    assert "missing 'seat'" in refusal("hello", code="C", name="A")
    assert "missing 'name'" in refusal("hello", code="C", seat=0)
    assert "missing 'token'" in refusal("rejoin", code="C")
    assert "missing 'owner'" in refusal("hand_over", seat=0)
    assert "missing 'seats'" in refusal("create", game="cluck")
    assert client("hello", code="C", seat=None, name="A") == {
        "code": "C",
        "seat": None,
        "name": "A",
    }
    assert client("hand_over", owner="o", seat=0) == {"owner": "o", "seat": 0}
    assert client("create", game="cluck", seats=[{"kind": "person"}]) == {
        "game": "cluck",
        "seats": [{"kind": "person"}],
    }


def test_whole_numbers_are_not_bools_floats_or_null_unless_allowed():
    """Rule: a whole number is an int, not true/false or 1.0; only hello's seat may be
    null (a spectator), a hand-over's seat may not."""
    for seat in (True, 1.0, "1"):
        assert "whole number or null" in refusal("hello", code="C", seat=seat, name="A")
    for seat in (None, False, 1.5):
        reason = refusal("hand_over", owner="o", seat=seat)
        assert "must be a whole number" in reason and "null" not in reason
    assert "from 0 to 7" in refusal("hand_over", owner="o", seat=-1)
    assert client("hand_over", owner="o", seat=7)["seat"] == 7
    assert "from 0 to 7" in refusal("hand_over", owner="o", seat=8)
    assert client("hello", code="C", seat=0, name="A")["seat"] == 0
    assert "from 0 to 7" in refusal("hello", code="C", seat=-1, name="A")


def test_texts_are_text_of_their_length_without_control_characters():
    """Rule: a text must be a string of its bounds without control characters; a
    character's name is 1 to 40 characters."""
    assert "must be text" in refusal("look", code=5)
    assert "1 to 40 characters" in refusal("look", code="")
    assert "control characters" in refusal("look", code="AB\x00C")
    assert "control characters" in refusal("hello", code="C", seat=0, name="A\tB")
    assert client("hello", code="C", seat=0, name="A", character="c" * 40)["character"]
    assert "character must be 1 to 40" in refusal(
        "hello", code="C", seat=0, name="A", character="c" * 41
    )
    assert "character must be 1 to 40" in refusal("hello", code="C", seat=0, name="A", character="")
    assert "name must be 1 to 16" in refusal("hello", code="C", seat=0, name="")


def test_a_seat_spec_is_a_person_or_a_computer_at_a_known_level():
    """Rule: a create's seat is {"kind": person|computer, "level": LEVEL (optional)} and
    nothing else; one to eight of them."""
    for level in ("random", "easy", "normal", "hard"):
        assert client("create", game="g", seats=[{"kind": "computer", "level": level}])
    assert client("create", game="g", seats=[{"kind": "person"}] * 8)
    bad = [
        [{"kind": "robot"}],
        [{"kind": "computer", "level": "genius"}],
        [{"level": "easy"}],
        [{"kind": "person", "name": "x"}],
        ["person"],
        [],
        {"kind": "person"},
    ]
    for seats in bad:
        reason = refusal("create", game="g", seats=seats)
        assert "seats" in reason, seats
    assert "[1] must be one of" in refusal(
        "create", game="g", seats=[{"kind": "person"}, {"kind": "cyborg"}]
    )


def test_an_option_is_plain_text_a_whole_number_true_false_or_null():
    """Rule: a create's options are at most 16, each a name of 1 to 40 characters with a
    plain value: text up to 40 characters, a whole number, true/false or null."""
    plain = {"a": "x" * 40, "b": 3, "c": True, "d": None}
    assert client("create", game="g", seats=[{"kind": "person"}], options=plain)["options"] == plain
    for value in (1.5, [1], {"x": 1}):
        reason = refusal("create", game="g", seats=[{"kind": "person"}], options={"k": value})
        assert "an option is text" in reason
    assert "option names are 1 to 40" in refusal(
        "create", game="g", seats=[{"kind": "person"}], options={"": 1}
    )
    assert "at most 16 options" in refusal(
        "create", game="g", seats=[{"kind": "person"}], options=["k"]
    )


def test_a_hand_over_level_is_one_of_the_levels():
    """Rule: a hand-over's level, when given, is one of the computers' levels."""
    assert client("hand_over", owner="o", seat=1, level="hard")["level"] == "hard"
    assert "one of random, easy, normal, hard" in refusal(
        "hand_over", owner="o", seat=1, level="HARD"
    )


# -- the host's messages on the client ------------------------------------------------------------------
HOST_KEYS = {
    "created": ("code", "owner"),
    "welcome": ("seat", "game", "players", "options", "seats", "view", "to_act", "events", "n")
    + ("last_id",),
    "update": ("n", "events", "view", "to_act"),
    "refusal": ("code", "reason"),
    "seats": ("seats",),
    "table": ("game", "players", "seats", "options", "characters", "taken", "spectators"),
    "error": ("code", "reason"),
    "record": ("game", "options", "seed", "actions"),
}


@pytest.fixture(scope="module")
def real_host_messages():
    """One real text of each kind a host sends (issue #36: the client checks each key's
    value too, so a message of zeros is no longer a whole one)."""
    from tests.hostile_host import real_messages

    sent = real_messages("routes", 3, 7)
    return {kind: json.loads(sent["updates"][0] if kind == "update" else sent[kind])
            for kind in HOST_KEYS}  # fmt: skip


@pytest.mark.parametrize("kind", sorted(HOST_KEYS))
def test_a_host_message_without_one_of_its_keys_is_refused_by_the_client(kind, real_host_messages):
    """Rule: a client reads a host message only with every key of its type (a key it
    does not know is left out, not refused: issue #36, nothing unchecked is kept)."""
    full = {**real_host_messages[kind], "extra": 1}
    assert check_host_message(full) == real_host_messages[kind]
    for key in HOST_KEYS[kind]:
        partial = {k: v for k, v in full.items() if k != key}
        with pytest.raises(ProtocolError) as error:
            check_host_message(partial)
        assert error.value.code == "schema" and repr(key) in error.value.reason


def test_a_host_message_of_an_unknown_type_is_refused():
    with pytest.raises(ProtocolError) as error:
        check_host_message({"v": 2, "type": "hello", "code": "x"})
    assert "unknown message type 'hello' from the host" in error.value.reason


# -- codes and tokens ------------------------------------------------------------------------------------
def test_a_new_code_is_three_groups_of_four_from_the_alphabet():
    """Rule: a join code is 12 characters of the 32 that cannot be mistaken for each
    other (no 0/O, 1/I), shown as XXXX-XXXX-XXXX, and is its own normal form."""
    pattern = re.compile(f"[{CODE_ALPHABET}]{{4}}(-[{CODE_ALPHABET}]{{4}}){{2}}")
    assert len(CODE_ALPHABET) == 32 and not set("01OI") & set(CODE_ALPHABET)
    codes = {new_code() for _ in range(50)}
    assert len(codes) == 50
    for code in codes:
        assert pattern.fullmatch(code) and normal_code(code) == code


def test_a_typed_code_is_read_whatever_its_case_spaces_and_dashes_but_not_its_letters():
    """Rule: case, spaces and dashes do not matter in a typed code; a character outside
    the alphabet, or one too few or too many, is no code at all."""
    assert normal_code(" abcd efgh-jkmn ") == "ABCD-EFGH-JKMN"
    assert normal_code("ABCDEFGHJKMN") == "ABCD-EFGH-JKMN"
    assert normal_code("ABCD-EFGH-JKM") is None
    assert normal_code("ABCD-EFGH-JKMNP") is None
    assert normal_code("ABCD-EFGH-JKM0") is None
    assert normal_code("ABCD-EFGH-JKMI") is None
    assert normal_code("") is None


def test_a_token_matches_only_its_own_digest():
    """Rule: a seat's token is 32 URL-safe characters (192 bits); only its own digest
    matches it, and a seat without a digest matches no token."""
    token = new_token()
    assert re.fullmatch(r"[A-Za-z0-9_-]{32}", token)
    digest = token_digest(token)
    assert re.fullmatch(r"[0-9a-f]{64}", digest)
    assert token_matches(token, digest)
    assert not token_matches(token + "x", digest)
    assert not token_matches(token, None)
    assert not token_matches("", token_digest("x"))


def test_drain_takes_everything_waiting_and_never_waits():
    """Rule: the window's loop gets every note waiting, in order, and an empty list when
    there is none (it never blocks)."""
    notes: queue.SimpleQueue = queue.SimpleQueue()
    assert drain(notes) == []
    for n in range(3):
        notes.put(n)
    assert drain(notes) == [0, 1, 2]
    assert drain(notes) == []


def test_the_message_size_limits_are_the_documented_ones():
    """Rule: a client's message is at most 8 KiB (docs/network.md: websockets max_size on
    the host) and the largest a client may send fits in it; a host's at most 1 MiB."""
    from pathlib import Path

    from game.net.protocol import MAX_INBOUND_BYTES, MAX_OUTBOUND_BYTES

    docs = (Path(__file__).resolve().parent.parent / "docs" / "network.md").read_text("utf-8")
    assert MAX_INBOUND_BYTES == 8 * 1024 and "`max_size` 8 KiB" in docs
    assert MAX_OUTBOUND_BYTES == 1024 * 1024
    largest = encode(
        "create",
        game="g" * 20,
        seats=[{"kind": "computer", "level": "normal"}] * 8,
        options={f"{i:02d}" + "k" * 38: "v" * 40 for i in range(16)},
    )
    assert client(
        "create", **{k: v for k, v in json.loads(largest).items() if k not in ("v", "type")}
    )
    assert len(largest.encode()) < MAX_INBOUND_BYTES


VALID = {
    "create": {"game": "cluck", "seats": [{"kind": "person"}], "options": {}},
    "hello": {"code": "C", "seat": 0, "name": "A", "character": "c"},
    "look": {"code": "C"},
    "rejoin": {"code": "C", "token": "t"},
    "action": {"id": 1, "action": "x"},
    "hand_over": {"owner": "o", "seat": 0, "level": "easy"},
}
OPTIONAL = {"create": {"options"}, "hello": {"character"}, "hand_over": {"level"}}


@pytest.mark.parametrize("kind", sorted(VALID))
def test_each_required_key_is_required_and_only_the_documented_ones_are_optional(kind):
    """Rule (docs/network.md's table of messages): every key of a message is required
    except create's options, hello's character and hand_over's level."""
    assert client(kind, **VALID[kind]) == VALID[kind]
    for key in VALID[kind]:
        rest = {k: v for k, v in VALID[kind].items() if k != key}
        if key in OPTIONAL.get(kind, set()):
            assert client(kind, **rest) == rest
        else:
            assert f"missing {key!r}" in refusal(kind, **rest)
