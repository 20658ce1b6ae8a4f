"""issue #37: the value classes read before the first frame (the registry's GameInfo,
Character and CastMember, the saves' SaveInfo, the readers' BadNumber) are written out
instead of ``@dataclass(frozen=True)`` (whose methods are compiled from source when the
module is imported). They behave as the frozen dataclasses they were: each is checked
here against a dataclass of the same fields."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game import registry
from game.registry import CastMember, Character, GameInfo
from game.saves import SaveInfo
from game.settings import Settings
from game.storage import BadNumber


def _twin(cls: type, compared_out: tuple[str, ...] = ()) -> type:
    """A frozen dataclass with ``cls``'s fields, in order (``compared_out``: not compared)."""
    return dataclasses.make_dataclass(
        cls.__name__,
        [
            (name, object, dataclasses.field(compare=name not in compared_out))
            for name in cls.__match_args__  # type: ignore[attr-defined]
        ],
        frozen=True,
    )


def _values(obj: object) -> dict[str, object]:
    return {name: getattr(obj, name) for name in obj.__match_args__}  # type: ignore[attr-defined]


SAMPLES = [
    registry.CAST[0],
    registry.DUCKS[2],
    registry.get("duck"),
    registry.get("routes"),
    SaveInfo(Path("a.json"), "duck", 3, ("Ann", "Bo", "Cy"), 4, 12.5, "auto", False),
    BadNumber("NaN"),
]


@pytest.mark.parametrize("value", SAMPLES, ids=lambda v: type(v).__name__)
def test_a_written_out_value_reads_and_compares_as_its_dataclass_did(value):
    """issue #37: the same repr, equality and hash as a frozen dataclass of its fields,
    and no field can be set or deleted afterwards."""
    cls = type(value)
    out = ("extra",) if cls is GameInfo else ()
    twin = _twin(cls, out)(**_values(value))
    assert repr(value) == repr(twin)
    copy = cls(**_values(value))
    assert copy == value and hash(copy) == hash(value)
    assert hash(value) == hash(twin)  # the tuple of its compared fields, as the dataclass
    assert value != twin  # another class is never equal, as between dataclasses
    first = cls.__match_args__[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, first, None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        delattr(value, first)
    with pytest.raises(TypeError):
        cls()  # every field without a default is required


def test_two_fields_apart_are_two_values():
    """issue #37: a field that differs makes the values differ (each field is compared)."""
    for info in registry.GAMES.values():
        for name in info.__match_args__:
            if name == "extra":
                continue
            changed = info.replaced(**{name: ("other",)})
            assert changed != info, name
    assert CastMember("a", "A", "エー") != CastMember("a", "A", "ビー")
    assert Character("k", registry.CAST[0]) != Character("k", registry.CAST[1])
    assert BadNumber("NaN") != BadNumber("Infinity")


def test_a_games_extra_is_its_own_and_not_compared():
    """issue #37: ``extra`` is a new dict for each GameInfo (the dataclass's
    default_factory) and is neither compared nor hashed."""
    a = GameInfo("x", "X", "エックス", 2, 4, 10, "game.rules.x", "x.svg")
    b = GameInfo("x", "X", "エックス", 2, 4, 10, "game.rules.x", "x.svg", extra={"k": 1})
    assert a.extra == {} and a.extra is not GameInfo(*_positional(a)).extra
    assert a == b and hash(a) == hash(b)
    assert a.bot_levels == registry.SEAT_LEVELS and a.secrets and a.phone_hands


def test_replaced_changes_only_what_it_is_given():
    """issue #37: GameInfo.replaced stands for ``dataclasses.replace``: the other fields
    are kept, and a name that is no field is refused."""
    duck = registry.get("duck")
    fewer = duck.replaced(max_players=4)
    assert fewer.max_players == 4 and fewer.replaced(max_players=6) == duck
    with pytest.raises(TypeError, match="no field colour"):
        duck.replaced(colour="red")


def _positional(info: GameInfo) -> list[object]:
    return [info.id, info.name_en, info.name_ja, info.min_players, info.max_players] + [
        info.minutes,
        info.rules_module,
        info.picture,
    ]


def test_the_settings_read_compare_and_write_as_their_dataclass_did():
    """issue #37: Settings is written out too (mutable, compared by value, unhashable);
    ``as_dict`` gives what ``dataclasses.asdict`` gave: a deep copy, every setting."""
    seats = [{"kind": "computer", "level": "easy", "cast": "cookie"}]
    mine = Settings(language="ja", text_size=1.4, seats=seats)
    twin_class = dataclasses.make_dataclass(
        "Settings", [(name, object) for name in Settings.__match_args__]
    )
    twin = twin_class(**_values(mine))
    assert repr(mine) == repr(twin)
    assert mine.as_dict() == dataclasses.asdict(twin)
    assert mine.as_dict()["seats"] is not seats and mine.as_dict()["seats"][0] is not seats[0]
    assert Settings() == Settings() and Settings().seats is not Settings().seats
    assert mine != Settings() and mine != twin
    mine.volume = 0.2  # settings change in place, as the settings screen does
    assert mine.volume == 0.2
    with pytest.raises(TypeError, match="unhashable"):
        hash(mine)
