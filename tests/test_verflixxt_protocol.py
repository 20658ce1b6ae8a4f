"""Verflixxt! and the protocol: notation, options, the box data, saves, views, determinism."""

import json
import random

import pytest

import game.rules.verflixxt as vx
from game.boards import DataFileError, prepare_options
from game.boards.verflixxt import box_path, load_box
from game.rules.protocol import IllegalAction, NotationError, Record, RulesDataError, replay

NOTATIONS = [
    "roll",
    "move a",
    "move g3",
    "draw",
    "play y3 a",
    "play o-1 g2",
    "play o4 b back",
    "play o-1 c fwd",
    "play o0",
    "play y0",
    "stop",
    "hat take 2b",
    "hat give 1a",
    "hat swap 0c",
    "hat keep",
    "attack 4 m5",
    "attack -1 r5a",
]


def random_game(variant="hats", players=3, seed=4, steps=None, attack=False):
    s = vx.new_game(players, seed, {"variant": variant, "attack": attack})
    rng = random.Random(seed)
    actions, events = [], []
    while not s.is_over() and (steps is None or len(actions) < steps):
        p = s.to_act()[0]
        a = rng.choice(s.legal_actions(p))
        events += s.apply(p, a)
        actions.append((p, str(a)))
    return s, actions, events


@pytest.mark.parametrize("text", NOTATIONS)
def test_notation_round_trips(text):
    assert str(vx.parse_action(text)) == text
    assert vx.parse_action(text) == vx.parse_action(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "jump",
        "move",
        "move d",
        "move g0",
        "play",
        "play x3 a",
        "play o7 a",
        "play o3 a sideways",
        "play o3 z",
        "hat take",
        "hat take 2",
        "hat steal 1a",
        "attack 0 m5",
        "attack 7 m5",
        "attack 3",
        "roll now",
        "stop 1",
    ],
)
def test_bad_notation_raises(text):
    with pytest.raises(NotationError):
        vx.parse_action(text)


def test_options_defaults_and_checks():
    s = vx.new_game(2, 1)
    assert s.options == {"variant": "base", "track": "standard", "attack": False}
    assert vx.new_game(2, 1, {"variant": "hats"}).options["track"] == "random"
    assert vx.new_game(2, 1, {"attack": True}).options["attack"] is False  # base: no attack
    assert {o.key for o in vx.OPTIONS} == {"variant", "track", "attack"}
    assert all(o.name_ja and o.name_en for o in vx.OPTIONS)
    with pytest.raises(RulesDataError):
        vx.new_game(2, 1, {"variant": "expansion1"})
    with pytest.raises(RulesDataError):
        vx.new_game(2, 1, {"colour": "red"})
    for players in (1, 7):
        with pytest.raises(RulesDataError):
            vx.new_game(players, 1)
    assert (vx.MIN_PLAYERS, vx.MAX_PLAYERS, vx.GAME_ID) == (2, 6, "verflixxt")


def test_the_yaml_box_is_the_default_box():
    assert load_box(box_path("box")) == vx.DEFAULT_BOX
    prepared = prepare_options("verflixxt", {"variant": "hats"})
    assert prepared["box"] == vx.DEFAULT_BOX
    s = vx.new_game(4, 2, prepared)
    assert s.options["box"] == vx.DEFAULT_BOX
    again = vx.VerflixxtState.from_dict(json.loads(json.dumps(s.to_dict())))
    assert again.to_dict() == s.to_dict()


def _box(**changes):
    box = json.loads(json.dumps(vx.DEFAULT_BOX))
    for key, value in changes.items():
        box[key] = value
    return box


@pytest.mark.parametrize(
    "box, place",
    [
        (_box(path_tiles=[]), "path_tiles"),
        (_box(standard_track=["m1"]), "standard_track"),
        (_box(guardians_on=["x9"]), "guardians_on[0]"),
    ],
)
def test_a_bad_box_names_the_place(box, place):
    with pytest.raises(RulesDataError) as err:
        vx.new_game(2, 1, {"box": box})
    assert err.value.place == place


def test_bad_tile_values_and_cards_are_rejected():
    box = _box()
    box["path_tiles"][0]["value"] = -1  # a plus tile below zero
    with pytest.raises(RulesDataError) as err:
        vx.check_box(box)
    assert err.value.place == "path_tiles[0].value"
    box = _box()
    box["expansion"]["movement_cards"][2]["value"] = 9
    with pytest.raises(RulesDataError) as err:
        vx.check_box(box)
    assert err.value.place == "expansion.movement_cards[2].value"


def test_the_loader_reports_file_place_and_problem(tmp_path):
    bad_yaml = tmp_path / "broken.yaml"
    bad_yaml.write_text("path_tiles: [\n", encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        load_box(bad_yaml)
    assert err.value.path == str(bad_yaml)
    bad_data = tmp_path / "odd.yaml"
    text = (
        box_path("box")
        .read_text(encoding="utf-8")
        .replace("[2, 2, 3, 3, 4, 4, 5, 6]", "[2, 2, 3, 0]")
    )
    bad_data.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        prepare_options("verflixxt", {"box": str(bad_data)})
    assert err.value.place == "expansion.goal_chips[3]"
    with pytest.raises(DataFileError):
        load_box(tmp_path / "missing.yaml")


@pytest.mark.parametrize("variant", ["base", "hats"])
def test_saves_round_trip_and_play_on_identically(variant):
    s, _, _ = random_game(variant, steps=60)
    data = json.loads(json.dumps(s.to_dict()))
    loaded = vx.VerflixxtState.from_dict(data)
    assert loaded.to_dict() == s.to_dict()
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(40):
        if s.is_over():
            break
        p = s.to_act()[0]
        a = rng_a.choice(s.legal_actions(p))
        b = rng_b.choice(loaded.legal_actions(p))
        assert a == b
        assert [e.to_dict() for e in s.apply(p, a)] == [e.to_dict() for e in loaded.apply(p, b)]


@pytest.mark.parametrize("variant", ["base", "hats"])
def test_same_seed_same_actions_same_events(variant):
    s, actions, events = random_game(variant, attack=variant == "hats")
    again, replayed = replay(vx, Record(vx.GAME_ID, 3, 4, dict(s.options), tuple(actions)))
    assert again.to_dict() == s.to_dict()
    assert [e.to_dict() for e in replayed] == [e.to_dict() for e in events]
    json.dumps([e.to_dict() for e in events])  # JSON-compatible data


def test_views_hide_hands_deck_and_dice():
    s, _, _ = random_game("hats", steps=20)
    for p in range(3):
        view = s.view(p)
        vx.leak_check(s, view, p)
        assert view.to_dict()["rng"] is None
        assert view.legal_actions(p) == s.legal_actions(p)
        sample = view.determinize(random.Random(p))
        assert sample.view(p).to_dict() == view.to_dict()
        vx.invariants(sample)
        with pytest.raises(IllegalAction):
            view.apply(p, vx.parse_action("stop"))
    spectator = s.view(None)
    assert all(set(h) <= {"?"} for h in spectator.hands)
    base_view = random_game("base", steps=5)[0].view(0)
    assert base_view.rng is None


def test_an_illegal_action_changes_nothing():
    s, _, _ = random_game("hats", steps=10)
    before = s.to_dict()
    p = s.to_act()[0]
    for text in ("roll", "move a", "attack 3 m1", "hat keep", "play y6 g8 back"):
        action = vx.parse_action(text)
        if action not in s.legal_actions(p):
            with pytest.raises(IllegalAction):
                s.apply(p, action)
    with pytest.raises(IllegalAction):
        s.apply((p + 1) % 3, s.legal_actions(p)[0])
    assert s.to_dict() == before


def test_rounds_count_from_the_first_player():
    s = vx.new_game(3, 2)
    assert s.round_number == 1
    for _ in range(3):
        s.apply(s.to_act()[0], vx.parse_action("roll"))
        s.apply(s.to_act()[0], vx.parse_action("move a"))
    assert s.round_number == 2


def test_the_opening_deal_is_in_opening_events():
    s = vx.new_game(3, 6, {"variant": "hats"})
    private = [e for e in s.opening_events if e.visible_to and len(e.visible_to) == 1]
    assert len(s.opening_events) == 12 and len(private) == 6
    for p in range(3):
        assert sorted(e.data["card"] for e in private if e.player == p) == s.hands[p]
    assert all(e.data["card"] is None for e in s.opening_events if e not in private)
    assert vx.new_game(3, 6).opening_events == []


def test_the_attack_option_is_stored_as_a_boolean():
    assert vx.new_game(3, 1, {"variant": "hats", "attack": 1}).options["attack"] is True
