"""Typed events (issue #26): a game's events are frozen dataclasses under one family
base, registered by kind, written to JSON and read back with every field checked."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.rules.protocol import Event, EventDataError


class ToyEvent(Event, family=True):
    pass


@dataclass(frozen=True)
class Bonk(ToyEvent, kind="bonk"):
    duck: int
    hex: tuple[int, int] | None
    cards: tuple[int, ...] = ()
    why: str = "card"


@dataclass(frozen=True)
class Score(ToyEvent, kind="score"):
    points: dict[str, int]
    share: float


class OtherEvent(Event, family=True):
    pass


@dataclass(frozen=True)
class OtherBonk(OtherEvent, kind="bonk"):  # the same kind in another game is its own
    n: int


def test_a_family_registers_its_kinds_and_families_do_not_mix():
    assert ToyEvent.kinds == {"bonk": Bonk, "score": Score}
    assert OtherEvent.kinds == {"bonk": OtherBonk}
    assert Bonk.kind == "bonk" and Bonk(1, None).kind == "bonk"


def test_an_event_round_trips_through_json_as_its_own_class():
    event = Bonk(3, (1, -2), cards=(4, 5), player=0, visible_to=(0,))
    data = event.to_dict()
    assert data == {
        "kind": "bonk",
        "player": 0,
        "data": {"duck": 3, "hex": [1, -2], "cards": [4, 5], "why": "card"},
        "visible_to": [0],
    }
    back = ToyEvent.from_dict(data)
    assert back == event and type(back) is Bonk and back.hex == (1, -2)
    score = Score({"a": 2}, 1)
    assert ToyEvent.from_dict(score.to_dict()) == Score({"a": 2}, 1.0)


def test_a_defaulted_field_may_be_left_out_of_the_json():
    back = ToyEvent.from_dict({"kind": "bonk", "data": {"duck": 1, "hex": None}})
    assert back == Bonk(1, None) and back.player is None and back.visible_to is None


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ([], "not an object"),
        ({"kind": "zap"}, "unknown event kind 'zap'"),
        ({"kind": 5}, "unknown event kind"),
        ({"kind": "bonk", "data": []}, "data is not an object"),
        ({"kind": "bonk", "data": {"duck": 1}}, "hex is missing"),
        ({"kind": "bonk", "data": {"duck": True, "hex": None}}, "bonk.duck"),
        ({"kind": "bonk", "data": {"duck": 1, "hex": [1, 2, 3]}}, "bonk.hex"),
        ({"kind": "bonk", "data": {"duck": 1, "hex": ["a", 2]}}, "bonk.hex"),
        ({"kind": "bonk", "data": {"duck": 1, "hex": None, "x": 1}}, "unknown field 'x'"),
        ({"kind": "bonk", "data": {"duck": 1, "hex": None}, "player": "me"}, "bonk.player"),
        ({"kind": "bonk", "data": {"duck": 1, "hex": None}, "visible_to": 1}, "visible_to"),
        ({"kind": "score", "data": {"points": {"a": "b"}, "share": 1}}, "score.points.a"),
    ],
)
def test_json_that_is_not_an_event_of_the_game_is_refused_with_its_place(data, problem):
    with pytest.raises(EventDataError, match=problem.replace(".", r"\.").replace("[", r"\[")):
        ToyEvent.from_dict(data)


def test_another_games_kind_is_not_read_as_this_games():
    with pytest.raises(EventDataError):
        OtherEvent.from_dict({"kind": "score", "data": {"points": {}, "share": 0}})


def test_two_events_of_one_game_cannot_share_a_kind():
    with pytest.raises(TypeError, match="two events"):

        @dataclass(frozen=True)
        class Again(ToyEvent, kind="bonk"):
            pass
