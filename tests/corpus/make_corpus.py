"""Writes the small hostile files of tests/corpus/ (run from the repository root:
``python tests/corpus/make_corpus.py``). Each save is a real save of a short game with
one thing broken, so the broken thing is what a test sees; files that would be huge or
special (5 MB names, FIFOs, links to /dev/zero) are made by the tests at run time.
See tests/corpus/README.md for what each file guards."""

from __future__ import annotations

import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent


def base_save() -> dict:
    from game import saves
    from game.ai import RandomBot
    from game.session import Seat, Session

    session = Session(
        "routes",
        [
            Seat("Aiko", "orange"),
            Seat("Ben", "sky", human=False),
            Seat("Chie", "green", human=False),
        ],
        3,
    )
    rng, bot = random.Random(3), RandomBot()
    for _ in range(12):
        p = session.state.to_act()[0]
        session.apply(p, bot.choose(session.state.view(p), p, rng))
    payload = saves.session_payload(session, "manual")
    payload["saved_at"] = 1_700_000_000.0
    return payload


def dump(value) -> str:
    return json.dumps(value, ensure_ascii=True, indent=1)


def with_raw(payload: dict, key: str, raw: str) -> str:
    """The save as text with ``key``'s value replaced by raw JSON text (for values json
    itself would not write, like a 5,000-digit number or NaN)."""
    marker = "__RAW__"
    return dump({**payload, key: marker}).replace(f'"{marker}"', raw)


def with_seat(payload: dict, **changes) -> dict:
    seats = [dict(s) for s in payload["seats"]]
    seats[0].update(changes)
    return {**payload, "seats": seats}


def main() -> None:
    base = base_save()
    nested: object = 1
    for _ in range(20):
        nested = [nested]
    saves = {
        "valid.json": dump(base),
        "saved_at_10e400.json": with_raw(base, "saved_at", "1" + "0" * 400),
        "saved_at_1e308.json": with_raw(base, "saved_at", "1e308"),
        "saved_at_1e400.json": with_raw(base, "saved_at", "1e400"),
        "saved_at_infinity.json": with_raw(base, "saved_at", "Infinity"),
        "saved_at_nan.json": with_raw(base, "saved_at", "NaN"),
        "saved_at_negative.json": with_raw(base, "saved_at", "-5"),
        "seed_5000_digits.json": with_raw(base, "seed", "7" * 5000),
        "seed_out_of_range.json": dump({**base, "seed": 2**129}),
        "round_huge.json": dump({**base, "round": 10**9}),
        "round_zero.json": dump({**base, "round": 0}),
        "name_nul.json": dump(with_seat(base, name="Ai\x00ko")),
        "name_lone_surrogate.json": dump(with_seat(base, name="Ai\ud800ko")),
        "name_newline.json": dump(with_seat(base, name="Ai\nko")),
        "name_17_characters.json": dump(with_seat(base, name="A" * 17)),
        "seat_unknown_key.json": dump(with_seat(base, cheat=True)),
        "character_unknown.json": dump(with_seat(base, character="dragon")),
        "options_nan.json": with_raw(base, "options", '{"scoring": NaN}'),
        "options_too_deep.json": dump({**base, "options": {"scoring": nested}}),
        "action_too_long.json": dump({**base, "actions": [[0, "x" * 201]]}),
        "action_control_character.json": dump({**base, "actions": [[0, "move\x001"]]}),
        "kind_unknown.json": dump({**base, "kind": "cheat"}),
        "app_other.json": dump({**base, "app": "other-game"}),
        "seats_more_than_players.json": dump(
            {**base, "seats": [*base["seats"], {**base["seats"][2], "character": "pink"}]}
        ),
        "seats_fewer_than_players.json": dump({**base, "seats": base["seats"][:2]}),
        "name_line_separator.json": dump(with_seat(base, name="Ai\u2028ko")),
    }
    for name, text in saves.items():
        (HERE / "saves" / name).write_text(text, encoding="utf-8")
    settings = {
        "valid.json": dump(
            {
                "language": "ja",
                "window_width": 1600,
                "window_height": 900,
                "volume": 0.3,
                "animation_speed": 2.0,
            }
        ),
        "number_5000_digits.json": '{"language": "ja", "window_width": ' + "9" * 5000 + "}",
        "bad_volume.json": dump(
            {
                "language": "ja",
                "window_width": 1600,
                "window_height": 900,
                "volume": "loud",
                "animation_speed": 2.0,
            }
        ),
        "volume_nan.json": '{"language": "ja", "volume": NaN}',
        "volume_infinity.json": '{"language": "ja", "volume": Infinity}',
        "volume_50.json": dump({"language": "ja", "volume": 50}),
        "volume_just_over_1.json": dump({"language": "ja", "volume": 1.0000001}),
        "speed_true.json": dump({"language": "ja", "animation_speed": True}),
        "unknown_key.json": dump({"language": "ja", "colour": "red"}),
    }
    for name, text in settings.items():
        (HERE / "settings" / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
