"""The table protocol (issue #18): JSON text messages, each ``{"v": VERSION, "type": ...}``.

Headless and standard library only. Reading a message never evaluates anything: the
text is size-limited before it arrives (websockets ``max_size``), parsed by
``json.loads`` with limits (no NaN or Infinity, no number longer than 20 digits, no
nesting deeper than the parser allows), then checked against the schema of its type:
exactly the keys it may have, each of its type (a bool is not a number), every text
and number within its bounds. Anything else is a :class:`ProtocolError` that names the
problem, and the message changes nothing. docs/network.md lists every message.

A host is a stranger too (issue #36): the host's messages get the same checks with the
same functions (:func:`check_host_message`), down to every text inside a view, an event
or the options -- a lone surrogate, a control character or an overlong text is refused
before anything draws it or stores it. Headless: the standard library and the
settings' name check (game.settings, no pygame).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import queue
import secrets
from collections.abc import Callable, Mapping
from typing import Any

from game import record as record_reader
from game.record import RecordProblem
from game.registry import LEVELS  # the one list; without importing game.ai
from game.settings import char_problem, name_problem

# 2: typed events (issue #26): each game's event fields are its classes' fields, so some
# keys of an event's data changed; a version-1 app cannot read them and is told so.
VERSION = 2
# What a client may send in one message (websockets max_size on the host): the largest,
# a "create" with six seats, is under 1 KB.
MAX_INBOUND_BYTES = 8 * 1024
# What a host may send in one message (max_size on the client): a welcome carries the
# game's options (a Duck board, ~6 KB) and up to LOG_EVENTS events (~30 KB).
MAX_OUTBOUND_BYTES = 1024 * 1024
# The join code: 12 characters from 32 that cannot be mistaken for each other (no 0/O,
# 1/I), shown as three groups of four: 60 bits, not worth guessing over a rate limit.
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 12
TOKEN_BYTES = 24  # a seat's token: 192 bits from secrets, URL-safe base64 (32 characters)
TOKEN_MAX_CHARS = 64
ACTION_MAX_CHARS = record_reader.ACTION_MAX_CHARS  # notation is ~20 characters at most
MAX_ID = 2**53  # action message ids: whole numbers a JavaScript client could count too
MAX_NUMBER_DIGITS = 20
# The port a window hosts its table on (a free one when it is taken) and the one a typed
# address without a port means.
DEFAULT_PORT = 47474


class ProtocolError(ValueError):
    """A message that is not one the protocol allows. ``code`` is a short machine word
    ("json", "schema", "version", ...), ``reason`` the sentence a person reads."""

    def __init__(self, code: str, reason: str):
        super().__init__(reason)
        self.code = code
        self.reason = reason


# -- codes and tokens ------------------------------------------------------------------------
def new_code() -> str:
    """A table's join code, e.g. ``7KQ4-MX9P-2HRT``."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(raw[i : i + 4] for i in range(0, CODE_LENGTH, 4))


def normal_code(text: str) -> str | None:
    """A typed code as the table knows it (case, spaces and dashes do not matter), or
    None when it cannot be a code at all."""
    raw = "".join(text.split()).replace("-", "").upper()
    if len(raw) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in raw):
        return None
    return "-".join(raw[i : i + 4] for i in range(0, CODE_LENGTH, 4))


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


PHONE_TOKEN_LENGTH = 8  # a phone's seat key (issue #29): 40 bits, short enough to type


def new_phone_token() -> str:
    """A seat key for a phone at the host's screen: typed by hand where a QR code cannot
    be scanned ("ABCD-EF23"). 40 bits: a wrong guess ends its connection (``token``),
    and one address has 10 wrong keys checked at once, then one a second
    (limits.GuessLimit, issue #36): ~17,000 years on average to find a key."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(PHONE_TOKEN_LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


def token_digest(token: str) -> str:
    """What the host keeps of a token (the table file holds digests, never tokens)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, digest: str | None) -> bool:
    return digest is not None and hmac.compare_digest(token_digest(token), digest)


# -- writing and reading -----------------------------------------------------------------------
def encode(kind: str, **fields: Any) -> str:
    return json.dumps(
        {"v": VERSION, "type": kind, **fields},
        ensure_ascii=False,
        separators=(",", ":"),
        allow_nan=False,
    )


def _no_constant(name: str) -> Any:
    raise ProtocolError("json", f"{name} is not a JSON number")


def _bounded_int(text: str) -> int:
    if len(text) > MAX_NUMBER_DIGITS:
        raise ProtocolError("json", f"a number {len(text)} digits long")
    return int(text)


def decode(data: str | bytes, *, on_host: bool = True) -> dict[str, Any]:
    """A message's object after the checks every message passes (text, JSON, an object,
    the protocol version, a type). ``on_host``: who is reading (the wording of a version
    mismatch, which both sides show). Raises :class:`ProtocolError`."""
    if not isinstance(data, str):
        raise ProtocolError("binary", "messages are JSON text, not binary frames")
    try:
        message = json.loads(data, parse_constant=_no_constant, parse_int=_bounded_int)
    except ProtocolError:
        raise
    except RecursionError:
        raise ProtocolError("json", "nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError and int() limits
        raise ProtocolError("json", f"not JSON: {str(exc)[:80]}") from None
    if not isinstance(message, dict):
        raise ProtocolError("schema", "a message is a JSON object")
    version = message.get("v")
    if type(version) is not int or version != VERSION:  # not true, not 1.0
        shown = json.dumps(version)[:20] if version is not None else "none"
        if on_host:
            reason = (
                f"this table speaks protocol version {VERSION} and your app version "
                f"{shown}: join with the same version of Tabletop Derby as the host"
            )
        else:
            reason = (
                f"the host speaks protocol version {shown} and this app version "
                f"{VERSION}: join with the same version of Tabletop Derby as the host"
            )
        raise ProtocolError("version", reason)
    if not isinstance(message.get("type"), str):
        raise ProtocolError("schema", "a message needs a text 'type'")
    return message


# -- the client's messages, checked on the host --------------------------------------------------
Check = Callable[[Any], str | None]  # a value -> what is wrong with it, or None


def _int(low: int, high: int, *, none: bool = False) -> Check:
    def check(value: Any) -> str | None:
        if value is None and none:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            return "must be a whole number" + (" or null" if none else "")
        if not low <= value <= high:
            return f"must be from {low} to {high}"
        return None

    return check


def _text(low: int, high: int, *, printable: bool = True) -> Check:
    """Text of ``low`` to ``high`` characters. ``printable``: a machine word (a code, a
    key, an action), every character printable; otherwise a person's or a data file's
    text (a name, a board's name, which may hold a no-break or ideographic space), none
    of the characters no font draws or that break a line (game.settings.char_problem)."""

    def check(value: Any) -> str | None:
        if not isinstance(value, str):
            return "must be text"
        if not low <= len(value) <= high:
            return f"must be {low} to {high} characters"
        if printable and not value.isprintable():
            return "must not hold control characters"
        if not printable and char_problem(value) is not None:
            return "must not hold control characters or lone surrogates"
        return None

    return check


def _one_of(choices: tuple[str, ...]) -> Check:
    def check(value: Any) -> str | None:
        return None if value in choices else f"must be one of {', '.join(choices)}"

    return check


def _seat_spec(value: Any) -> str | None:
    if not isinstance(value, dict) or not set(value) <= {"kind", "level"} or "kind" not in value:
        return 'each seat is {"kind": "person"|"computer", "level": LEVEL}'
    problem = _one_of(("person", "computer"))(value["kind"])
    if problem is None and "level" in value:
        problem = _one_of(LEVELS)(value["level"])
    return problem


def _seat_specs(value: Any) -> str | None:
    if not isinstance(value, list) or not 1 <= len(value) <= 8:
        return "must be a list of 1 to 8 seats"
    for index, item in enumerate(value):
        problem = _seat_spec(item)
        if problem is not None:
            return f"[{index}] {problem}"
    return None


def _options(value: Any) -> str | None:
    """A game's lobby options: at most 16 keys, each a short name, each value a plain
    text, number, true/false or null (the rules check the choices)."""
    if not isinstance(value, dict) or len(value) > 16:
        return "must be an object of at most 16 options"
    for key, item in value.items():
        if _text(1, 40)(key) is not None:
            return f"option names are 1 to 40 characters, not {key[:40]!r}"
        if isinstance(item, float) or (item is not None and not isinstance(item, (str, int))):
            return f"{key}: an option is text, a whole number, true/false or null"
        if isinstance(item, str) and _text(0, 40, printable=False)(item) is not None:
            return f"{key}: an option's text is at most 40 characters, none of them control"
    return None


NAME_MAX = 16  # settings.NAME_MAX; the host checks names with settings.name_problem too

CLIENT_MESSAGES: Mapping[str, Mapping[str, tuple[Check, bool]]] = {
    # type -> key -> (check, required)
    "create": {
        "game": (_text(1, 20), True),
        "seats": (_seat_specs, True),
        "options": (_options, False),
    },
    "hello": {
        "code": (_text(1, 40), True),
        "seat": (_int(0, 7, none=True), True),
        "name": (_text(1, NAME_MAX), True),
        "character": (_text(1, 40), False),
    },
    "look": {
        "code": (_text(1, 40), True),
    },
    "rejoin": {
        "code": (_text(1, 40), True),
        "token": (_text(1, TOKEN_MAX_CHARS), True),
    },
    "action": {
        "id": (_int(1, MAX_ID), True),
        "action": (_text(1, ACTION_MAX_CHARS), True),
    },
    # a phone seat asks the coach at its decision (issue #40: game.net.phone_coach)
    "coach": {
        "n": (_int(0, MAX_ID), True),
        "lang": (_one_of(("en", "ja")), False),
    },
    "hand_over": {
        "owner": (_text(1, TOKEN_MAX_CHARS), True),
        "seat": (_int(0, 7), True),
        "level": (_one_of(LEVELS), False),
    },
}


def check_client_message(message: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a decoded client message after its schema check (``v`` and
    ``type`` left out). Raises :class:`ProtocolError` naming the first problem."""
    kind = message["type"]
    schema = CLIENT_MESSAGES.get(kind)
    if schema is None:
        raise ProtocolError("schema", f"unknown message type {str(kind)[:30]!r}")
    fields = {k: v for k, v in message.items() if k not in ("v", "type")}
    unknown = sorted(set(fields) - set(schema))
    if unknown:
        raise ProtocolError("schema", f"{kind}: unknown key {unknown[0][:30]!r}")
    for key, (check, required) in schema.items():
        if key not in fields:
            if required:
                raise ProtocolError("schema", f"{kind}: missing {key!r}")
            continue
        problem = check(fields[key])
        if problem is not None:
            raise ProtocolError("schema", f"{kind}: {key} {problem}")
    return fields


# -- the host's messages, checked on the client ---------------------------------------------------
# A finished game's record (issue #28) is read by the one record reader (issue #37:
# game.record, its limits). The longest game seen is ~700 actions; a host sends no record
# of more than this many (it would not fit in one message: MAX_OUTBOUND_BYTES), and the
# joiner keeps its entry without a replay.
RECORD_MAX_ACTIONS = 20_000

# A host is a stranger too (issue #36): everything it sends is checked as the host checks
# what it receives, with the same checks -- names with the host's name check, machine
# words with _text, numbers with _int, the lobby's options with _options -- and every text
# inside a view, an event or the prepared options (which the rules read and the scenes
# draw) as a data text: at most DATA_TEXT_MAX characters, none that no font draws or that
# breaks a line, at most DATA_DEPTH_MAX deep. A real host's longest such text is 32
# characters, its deepest data 6 levels (a Duck board's hexes in its options).
DATA_TEXT_MAX = ACTION_MAX_CHARS
DATA_DEPTH_MAX = 16
REASON_MAX = 300  # a refusal's or an error's sentence (the host's are under 250)
COACH_LINE_MAX = 400  # a sentence of the coach's (issue #40: game.net.phone_coach)
SEAT_STATUSES = ("open", "reconnecting", "connected", "local", "phone", "computer", "standing_in")
MAX_SEATS = 8


def _name(value: Any) -> str | None:
    """A seat's name, as the host checks a name it is sent (game.settings.name_problem)."""
    if not isinstance(value, str):
        return "must be text"
    return name_problem(value)


def _bool(value: Any) -> str | None:
    return None if isinstance(value, bool) else "must be true or false"


def _anything(value: Any) -> str | None:
    return None


def _list_of(check: Check, high: int, low: int = 0) -> Check:
    def checked(value: Any) -> str | None:
        if not isinstance(value, list) or not low <= len(value) <= high:
            return f"must be a list of {low} to {high}"
        for index, item in enumerate(value):
            problem = check(item)
            if problem is not None:
                return f"[{index}] {problem}"
        return None

    return checked


_data_text = _text(0, DATA_TEXT_MAX, printable=False)


def _data(value: Any) -> str | None:
    """Plain JSON data from the host (a view, an event, the options): every text in it,
    keys too, a data text (see DATA_TEXT_MAX), at most DATA_DEPTH_MAX deep. Walked
    without recursion: the parser allows far deeper nesting than a walk's stack."""
    text = _data_text
    todo: list[tuple[Any, int]] = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if depth > DATA_DEPTH_MAX:
            return f"is nested deeper than {DATA_DEPTH_MAX}"
        if isinstance(item, str):
            problem = text(item)
            if problem is not None:
                return f"holds a text that {problem}"
        elif isinstance(item, dict):
            for key, inner in item.items():
                problem = text(key)
                if problem is not None:
                    return f"holds a key that {problem}"
                todo.append((inner, depth + 1))
        elif isinstance(item, list):
            todo.extend((inner, depth + 1) for inner in item)
    return None


def _object(value: Any) -> str | None:
    return "must be an object" if not isinstance(value, dict) else _data(value)


_SEAT_INFO: Mapping[str, tuple[Check, bool]] = {
    "name": (_name, True),
    "character": (_text(1, 40), True),
    "human": (_bool, True),
    "level": (_one_of(LEVELS), False),
    "status": (_one_of(SEAT_STATUSES), True),
}


def _seat_info(value: Any) -> str | None:
    """One seat as the host lists it (game.net.table.Table.seats_info)."""
    if not isinstance(value, dict):
        return "is not an object"
    for key, (check, required) in _SEAT_INFO.items():
        if key not in value:
            if required:
                return f"lacks {key!r}"
            continue
        problem = check(value[key])
        if problem is not None:
            return f"{key} {problem}"
    return None


def _token_or_none(value: Any) -> str | None:
    return None if value is None else _text(1, TOKEN_MAX_CHARS)(value)


def _coach_option(value: Any) -> str | None:
    """One option the coach shows a phone: its move in the notation and its words."""
    if not isinstance(value, dict) or set(value) != {"action", "text"}:
        return 'is not {"action": NOTATION, "text": WORDS}'
    return _text(1, ACTION_MAX_CHARS)(value["action"]) or _text(1, COACH_LINE_MAX, printable=False)(
        value["text"]
    )


_seats_info = _list_of(_seat_info, MAX_SEATS, 1)
_to_act = _list_of(_int(0, MAX_SEATS - 1), MAX_SEATS)
_events = _list_of(_object, RECORD_MAX_ACTIONS)
_count = _int(0, MAX_ID)

HOST_MESSAGES: Mapping[str, Mapping[str, tuple[Check, bool]]] = {
    # type -> key -> (check, required); a client ignores keys it does not know
    "created": {"code": (_text(1, 40), True), "owner": (_text(1, TOKEN_MAX_CHARS), True)},
    "welcome": {
        "seat": (_int(0, MAX_SEATS - 1, none=True), True),
        "token": (_token_or_none, False),
        "game": (_text(1, 20), True),
        "players": (_int(1, MAX_SEATS), True),
        "options": (_object, True),
        "seats": (_seats_info, True),
        "view": (_object, True),
        "to_act": (_to_act, True),
        "events": (_events, True),
        "n": (_count, True),
        "last_id": (_count, True),
        "legal": (_data, False),  # a phone seat's (issue #29)
        "preview": (_data, False),
    },
    "update": {
        "n": (_count, True),
        "events": (_events, True),
        "view": (_object, True),
        "to_act": (_to_act, True),
        "ack": (_int(1, MAX_ID), False),
        "legal": (_data, False),
        "preview": (_data, False),
    },
    "refusal": {
        "code": (_text(1, 40), True),
        "reason": (_text(1, REASON_MAX), True),
        "id": (_int(1, MAX_ID, none=True), False),
    },
    "seats": {"seats": (_seats_info, True)},
    "table": {
        "game": (_text(1, 20), True),
        "players": (_int(1, MAX_SEATS), True),
        "seats": (_seats_info, True),
        "options": (_options, True),  # the lobby's plain choices, as a "create" sends them
        "characters": (_list_of(_text(1, 40), 40), True),
        "taken": (_list_of(_text(1, 40), MAX_SEATS), True),
        "spectators": (_int(0, 10_000), True),
    },
    "error": {"code": (_text(1, 40), True), "reason": (_text(1, REASON_MAX), True)},
    # the coach's say to a phone seat that asked (issue #40: game.net.phone_coach)
    "coach": {
        "n": (_count, True),
        "lines": (_list_of(_text(1, COACH_LINE_MAX, printable=False), 8, 1), True),
        "options": (_list_of(_coach_option, 8, 1), True),
    },
    # the finished game's record (issue #28), sent to every member once it is over: the
    # seed and actions are read by check_record (it needs the seats' count)
    "record": {
        "game": (_text(1, 20), True),
        "options": (_object, True),
        "seed": (_anything, True),
        "actions": (_anything, True),
    },
}
# What a joiner drops and goes on without (one line said, issue #36): a newer "seats"
# carries every seat again; a refusal only answers an action (its id still does, when it
# can be read); a record refused leaves the game kept without a replay. Anything else
# ends the connection cleanly: a view or a welcome cannot be half believed.
DROPPABLE = ("seats", "refusal", "record")


def check_host_message(message: Mapping[str, Any]) -> dict[str, Any]:
    """A decoded host message after its schema check (issue #36): every key it must
    have, each of its type and within its bounds, every text in it one a joiner can
    draw and store. Keys it does not know, of the message or of a seat, are left out,
    not refused (a newer host may send more; nothing unchecked is handed on). Raises
    :class:`ProtocolError` naming the first problem, never showing the bad text itself
    but as a repr."""
    kind = message["type"]
    schema = HOST_MESSAGES.get(kind)
    if schema is None:
        raise ProtocolError("schema", f"unknown message type {str(kind)[:30]!r} from the host")
    for key, (check, required) in schema.items():
        if key not in message:
            if required:
                raise ProtocolError("schema", f"{kind} from the host lacks {key!r}")
            continue
        problem = check(message[key])
        if problem is not None:
            raise ProtocolError("schema", f"{kind} from the host: {key} {problem}"[:REASON_MAX])
    checked = {key: message[key] for key in ("v", "type", *schema) if key in message}
    if "seats" in checked:
        checked["seats"] = [{k: s[k] for k in _SEAT_INFO if k in s} for s in checked["seats"]]
    return checked


def refusal_id(message: Mapping[str, Any]) -> int | None:
    """The action id a host's refusal answers, when that much of it can be read (a
    refusal refused for its reason still answers the action: issue #36), else None."""
    value = message.get("id")
    return value if _int(1, MAX_ID)(value) is None else None


_ADVERT: Mapping[str, Check] = {
    "name": _text(1, 63, printable=False),  # the host's label (a DNS label: 63 bytes)
    "address": _text(0, 64),
    "port": _int(0, 65535),
    "game": _text(1, 20),
    "players": _text(1, 1),
    "code": _text(1, 40),
    "tls": _bool,
    "version": _text(0, 20),
}


def advert_problem(entry: Mapping[str, Any]) -> str | None:
    """What is wrong with a table advertised on the local network (game.net.discovery:
    its name and TXT properties, decoded), or None: the words it holds checked as the
    host checks the same words it is sent (a game, a code), the label as a name-like
    text (issue #36: mDNS properties are text from strangers too)."""
    for key, check in _ADVERT.items():
        problem = check(entry.get(key))
        if problem is not None:
            return f"{key} {problem}"
    if not str(entry["players"]).isdigit():
        return "players must be a number"
    return None


def check_record(message: Mapping[str, Any], players: int) -> dict[str, Any]:
    """A "record" message's fields (issue #28) after the one record reader's checks
    (issue #37: :mod:`game.record`, as a save's, a history row's and a ``.derby`` file's
    record): the game, its prepared options, the seed (decimal text: a JavaScript client
    would lose its digits as a number) and the actions ``[[player, text], ...]`` of this
    table's ``players`` seats. The rules replay it afterwards (game.net.joined). Raises
    :class:`ProtocolError`, one line naming the place."""
    try:
        record = record_reader.from_dict(
            {
                "game": message["game"],
                "players": players,
                "seed": record_reader.seed_of_text(message["seed"]),
                "options": message["options"],
                "actions": message["actions"],
            }
        )
    except RecordProblem as exc:
        raise ProtocolError("schema", f"record: {exc.place} {exc.problem}"[:REASON_MAX]) from None
    return {
        "game": record.game,
        "options": message["options"],
        "seed": record.seed,
        "actions": list(record.actions),
    }


def drain(notes: queue.SimpleQueue | queue.Queue) -> list:
    """Everything waiting in ``notes`` now, without waiting for more (the pygame loop
    calls this once a frame and never blocks on the network)."""
    out = []
    while True:
        try:
            out.append(notes.get_nowait())
        except queue.Empty:
            return out
