"""One identity per seat for the whole box (issue #16): one seat palette that colour-blind
players can tell apart, one mark per seat, the same colour and mark for seat i in every
game, one shared cast for computer names, and the lobby's last table kept in settings."""

from __future__ import annotations

import itertools
import json
import math

import pygame
import pytest

from game import registry
from game.scenes.lobby.lobby import LobbyScene, default_seats, remembered_seats, seats_to_remember
from game.settings import Settings, read_settings, save_settings
from game.ui import identity, theme
from game.ui.i18n import Translator
from tests.scene_helpers import click, key, make_app, push_game

GAMES = [info.id for info in registry.installed_games()]

# Machado, Oliveira & Fernandes (2009), "A physiologically-based model for simulation of
# color vision deficiency", severity 1.0; applied to linear RGB.
DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
PROTANOPIA = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
# The smallest CIELAB ΔE76 two seats may be apart, in normal vision and in each simulated
# deficiency (ΔE ~2.3 is a just-noticeable difference; 15 is clearly different at a glance
# on pieces this size). The palette's closest pair measures 17.9 (green/purple under
# deuteranopia).
MIN_DELTA_E = 15.0


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb_linear) -> tuple[float, float, float]:
    """CIELAB (D65) of a linear sRGB colour."""
    r, g, b = (min(1.0, max(0.0, v)) for v in rgb_linear)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def seen(colour, matrix=None) -> tuple[float, float, float]:
    """How ``colour`` looks (CIELAB), through ``matrix``'s colour-vision deficiency."""
    lin = [_linear(c) for c in colour]
    if matrix is not None:
        lin = [sum(row[j] * lin[j] for j in range(3)) for row in matrix]
    return _lab(lin)


def test_the_simulation_is_the_published_one():
    # a deuteranope and a protanope see red and green alike, yet yellow-blue differs:
    # the matrices are the right way round (white stays white)
    for matrix in (DEUTERANOPIA, PROTANOPIA):
        assert math.dist(seen((255, 255, 255), matrix), seen((255, 255, 255))) < 1.0
        assert math.dist(seen((200, 60, 40), matrix), seen((110, 100, 40), matrix)) < 25
        assert math.dist(seen((230, 200, 40), matrix), seen((40, 90, 220), matrix)) > 60


@pytest.mark.parametrize(
    "vision", [None, DEUTERANOPIA, PROTANOPIA], ids=["normal", "deuteranopia", "protanopia"]
)
def test_every_two_seat_colours_stay_apart_for_colour_blind_players(vision):
    assert len(theme.SEAT_COLOURS) == 6 == len(set(theme.SEAT_COLOURS))
    for (i, a), (j, b) in itertools.combinations(enumerate(theme.SEAT_COLOURS), 2):
        distance = math.dist(seen(a, vision), seen(b, vision))
        assert distance >= MIN_DELTA_E, (i, j, round(distance, 1))


def test_no_seat_colour_is_yellow_or_black_the_colours_of_the_pieces_and_ink():
    okabe_ito_yellow = (240, 228, 66)
    for colour in theme.SEAT_COLOURS:
        assert math.dist(seen(colour), seen(okabe_ito_yellow)) > 30, colour
        assert math.dist(seen(colour), seen(theme.INK)) > 40, colour


def test_a_duck_ring_is_edged_in_ink_so_it_reads_on_any_yellow_duck():
    # the orange seat is ΔE 14 from a rubber duck's yellow: the ring's edge carries it
    from game.scenes.duck import art

    for seat in range(6):
        ring = art.ring(seat, 30, 5)
        c = ring.get_width() // 2
        edge = ring.get_at((c, c - 31))  # just outside the white band
        assert math.dist(edge[:3], theme.INK) < 30 and edge[3] > 200, (seat, edge)
        band = ring.get_at((c, c - 27))
        assert math.dist(band[:3], theme.seat_colour(seat)) < 30, (seat, band)


def _mask(seat: int) -> set[tuple[int, int]]:
    """The pixels of seat ``seat``'s mark (shape alone) that are its colour."""
    image = identity.seat_mark_image(seat, 40, badge=False)
    colour = theme.seat_colour(seat)
    return {
        (x, y)
        for x in range(40)
        for y in range(40)
        if math.dist(image.get_at((x, y))[:3], colour) < 30 and image.get_at((x, y))[3] > 200
    }


def test_six_seats_have_six_marks_that_draw_six_different_shapes():
    assert len(set(identity.SEAT_MARKS)) == 6
    masks = [_mask(seat) for seat in range(6)]
    for mask in masks:
        assert len(mask) > 80  # a shape, not a speck
    for (i, a), (j, b) in itertools.combinations(enumerate(masks), 2):
        differ = len(a ^ b) / len(a | b)
        assert differ > 0.15, (identity.SEAT_MARKS[i], identity.SEAT_MARKS[j], differ)


def test_draw_seat_mark_draws_centred_and_the_badge_reads_on_the_seat_colour():
    surface = pygame.Surface((60, 60), pygame.SRCALPHA)
    rect = identity.draw_seat_mark(surface, 2, (30, 30), 24)
    assert rect.center == (30, 30) and rect.size == (24, 24)
    # the badge's rim is ink and its disc light, so a seat-coloured pawn never hides it
    assert math.dist(surface.get_at((30, 18))[:3], theme.INK) < 60
    assert math.dist(surface.get_at((30, 21))[:3], theme.INK_LIGHT) < 40
    assert surface.get_at((30, 30))[:3] != (0, 0, 0)


@pytest.fixture
def app():
    app = make_app()
    yield app
    pygame.quit()


@pytest.mark.parametrize("seat", range(6))
def test_seat_i_has_the_same_colour_in_every_game(app, seat):
    colours = {}
    for game_id in GAMES:
        info = registry.get(game_id)
        players = info.max_players
        scene = push_game(app, game_id, [0], players, 3, {}, "easy")
        if seat < players:
            colours[game_id] = scene.seat_colour(seat)
        app.pop()
    assert set(colours.values()) == {theme.SEAT_COLOURS[seat]}, colours
    assert len(colours) >= 2


def test_the_seat_colour_follows_the_seat_not_the_character(app):
    from game.session import Seat, Session

    info = registry.get("duck")
    # seat 0 plays the sixth duck, seat 5 the first: colours stay by seat
    keys = [c.key for c in info.characters][::-1]
    seats = [Seat(f"P{i}", keys[i], human=i == 0) for i in range(6)]
    scene = app.router.table(info.id)(app, Session("duck", seats, 5, {}))
    assert [scene.seat_colour(p) for p in range(6)] == list(theme.SEAT_COLOURS)


def test_a_two_duck_players_ducks_share_one_ring(app):
    scene = push_game(app, "duck", [0], 3, 4, {"variant": "advanced"}, "easy")
    assert scene.game.model.per_player == 2
    for player in range(3):
        ducks = list(scene.state.ducks_of(player))
        assert len(ducks) == 2
        assert {scene.game.model.duck_rings[d] for d in ducks} == {player}
    # and the pictures of both ducks' rings are the very same one
    a, b = (
        scene.game.geometry.turned.image(
            "duck_sparky.svg", 40, 0.0, ring=scene.game.model.duck_rings[d]
        )
        for d in scene.state.ducks_of(1)
    )
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


COLOUR_WORDS_EN = {
    "red",
    "orange",
    "amber",
    "yellow",
    "gold",
    "green",
    "blue",
    "sky",
    "teal",
    "pink",
    "violet",
    "purple",
    "vermilion",
    "black",
    "white",
    "grey",
    "gray",
    "brown",
}
COLOUR_WORDS_JA = {
    "赤",
    "橙",
    "オレンジ",
    "黄",
    "金",
    "緑",
    "青",
    "水色",
    "ピンク",
    "紫",
    "朱",
    "黒",
    "白",
    "茶",
}


def _colour_words(name: str) -> set[str]:
    words = set(name.lower().replace("-", " ").split())
    found = {w for w in COLOUR_WORDS_EN if w in words or name.lower().startswith(w)}
    return found | {w for w in COLOUR_WORDS_JA if w in name}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_computers_have_the_same_names_in_every_game_and_none_is_a_colour(lang):
    t = Translator(lang)
    names_by_seat: dict[int, set[str]] = {}
    for game_id in GAMES:
        info = registry.get(game_id)
        for i, seat in enumerate(default_seats(info, info.max_players, t)):
            if not seat.human:
                names_by_seat.setdefault(i, set()).add(seat.name)
                own = theme.SEAT_COLOUR_NAMES[i][0 if lang == "en" else 1]
                assert _colour_words(seat.name) <= _colour_words(own), (game_id, i, seat.name)
    assert len(names_by_seat) == 5
    for i, names in names_by_seat.items():
        assert len(names) == 1, (i, names)
    for member in registry.CAST:  # Goldie, Sky, Red... are gone from the cast
        assert not _colour_words(member.name_en) and not _colour_words(member.name_ja)


def test_the_colour_word_check_catches_the_old_names():
    assert _colour_words("Sky") and _colour_words("Red") and _colour_words("Goldie")
    assert _colour_words("水色") and not _colour_words("Cookie")


def test_old_character_keys_stay_valid_for_old_saves():
    keys = {game_id: [c.key for c in registry.get(game_id).characters] for game_id in GAMES}
    assert keys["duck"] == ["sparky", "cookie", "pirate", "daisy", "doc", "goldie"]
    assert keys["verflixxt"] == ["orange", "sky", "green", "pink", "red", "violet"]
    assert keys["routes"] == ["orange", "sky", "green", "pink", "red"]
    assert keys["cluck"] == ["henrietta", "clucky", "pepper", "nugget"]
    for game_id in GAMES:
        info = registry.get(game_id)
        assert [c.cast for c in info.characters] == list(registry.CAST[: len(info.characters)])
        assert info.max_players <= len(info.characters)


# -- the lobby's last table, kept in settings ---------------------------------------------------
TABLE = [
    {"name": "Ann", "character": "doc", "human": True, "level": "normal"},
    {"name": "Cookie", "character": "cookie", "human": False, "level": "hard"},
    {"name": "Bea", "character": "bill", "human": True, "level": "easy"},
    {"name": "Nugget", "character": "nugget", "human": False, "level": "easy"},
    {"name": "Daisy", "character": "daisy", "human": False, "level": "normal"},
]


def test_the_seats_setting_round_trips(tmp_path):
    path = tmp_path / "settings.json"
    save_settings(Settings(seats=TABLE), path)
    settings, notes = read_settings(path)
    assert notes == [] and settings.seats == TABLE


@pytest.mark.parametrize(
    ("seats", "problem"),
    [
        ("Ann", "is not a list of seats"),
        ([TABLE[0]] * 7, "7 seats; a table has at most 6"),
        ([{"name": "Ann"}], "seat 1: "),
        ([{**TABLE[0], "name": "A" * 17}], "seat 1: name 17 characters long"),
        ([{**TABLE[0], "name": "a\nb"}], "which a name cannot have"),
        ([{**TABLE[0], "name": "  "}], "is not a name"),
        ([TABLE[0], {**TABLE[1], "character": "sky"}], "seat 2: character 'sky' is not one of"),
        ([{**TABLE[0], "human": 1}], "human 1 is not true or false"),
        ([{**TABLE[0], "level": "random"}], "level 'random' is not one of"),
        ([{**TABLE[0], "level": []}], "level [] is not one of"),
    ],
)
def test_a_bad_seats_setting_falls_back_to_none_with_a_note(tmp_path, seats, problem):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"seats": seats, "volume": 0.3}))
    settings, notes = read_settings(path)
    assert settings.seats == [] and settings.volume == 0.3
    assert len(notes) == 1 and notes[0].startswith("seats: ") and problem in notes[0], notes
    with pytest.raises(ValueError, match="seats"):
        Settings(seats=seats).validated()


def test_the_next_game_maps_the_table_by_cast_member_and_seat():
    t = Translator("en")
    # Cluck-peep! seats 4 and lacks Doc Quackers and Nugget: seat 1 (Doc) takes the first
    # free member (Sparky), seat 4 (Nugget) the next (Daisy); seat 4's name "Nugget" was
    # its member's own, so it follows the new one, while Ann stays Ann
    seats = remembered_seats(registry.get("cluck"), TABLE, t)
    assert [s.name for s in seats] == ["Ann", "Cookie", "Bea", "Daisy"]
    assert [s.character for s in seats] == ["henrietta", "clucky", "pepper", "nugget"]
    assert [(s.human, s.level) for s in seats] == [
        (True, "normal"),
        (False, "hard"),
        (True, "easy"),
        (False, "easy"),
    ]
    # Duck! has every member: each seat keeps its own
    duck = remembered_seats(registry.get("duck"), TABLE, t)
    assert [s.character for s in duck] == ["doc", "cookie", "pirate", "goldie", "daisy"]
    kept = seats_to_remember(registry.get("duck"), duck)
    assert [{k: v for k, v in seat.items() if k != "typed"} for seat in kept] == TABLE
    assert [seat["typed"] for seat in kept] == [True, False, True, False, False]
    # Eight Routes needs three seats: a one-seat table gets two new computers
    routes = remembered_seats(registry.get("routes"), TABLE[:1], t)
    assert [s.name for s in routes] == ["Ann", "Sparky", "Cookie"]
    assert [s.human for s in routes] == [True, False, False]
    # in Japanese a cast member's name is its Japanese name
    ja = remembered_seats(registry.get("duck"), TABLE, Translator("ja"))
    assert ja[1].name == "クッキー" and ja[0].name == "Ann"
    # nothing remembered: the game's defaults
    assert remembered_seats(registry.get("routes"), [], t) == default_seats(
        registry.get("routes"), 4, t
    )


def test_reopening_the_lobby_shows_the_last_table(app):
    app.settings.seats = []
    lobby = LobbyScene(app, registry.get("verflixxt"))
    app.push(lobby)
    lobby.wait_for_scan()
    lobby.seats[1].name = "Zed"
    lobby._add_seat()
    click(app, lobby.buttons.by_key("start").rect.center)
    assert app.top is not lobby
    remembered = app.settings.seats
    assert len(remembered) == 5 and remembered[1]["name"] == "Zed"
    app.pop()
    again = LobbyScene(app, registry.get("duck"))
    app.push(again)
    again.wait_for_scan()
    assert [s.name for s in again.seats] == [r["name"] for r in remembered]
    assert [s.character for s in again.seats] == ["sparky", "cookie", "pirate", "daisy", "doc"]


def _lobby(app, game: str) -> LobbyScene:
    lobby = LobbyScene(app, registry.get(game))
    app.push(lobby)
    lobby.wait_for_scan()
    return lobby


def _start(app, lobby) -> None:
    click(app, lobby.buttons.by_key("start").rect.center)
    assert app.top is not lobby
    app.pop()


def test_the_box_names_follow_the_language_and_a_typed_name_stays_as_typed(app):
    """issue #36: computer seats named in Japanese stayed Japanese after switching back to
    English (a seat whose character was changed kept the old one's name, "プレイヤー1"
    was never translated), and the Japanese name was saved for every later table. In
    Japanese: seat 2's character changed, seat 3 renamed by typing; in English the next
    table names seats 1, 2 and 4 in English, keeps the typed name, and saves them so."""
    app.settings.seats = []
    app.set_language("ja")
    lobby = _lobby(app, "duck")
    click(app, lobby.buttons.by_key("char:1").rect.center)  # the next free member
    changed = next(c for c in lobby.info.characters if c.key == lobby.seats[1].character)
    assert lobby.seats[1].name == changed.name_ja  # the box's name follows it at once
    click(app, lobby.buttons.by_key("name:2").rect.center)
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="ハナ"))
    key(app, pygame.K_RETURN)
    assert [s.name for s in lobby.seats][:3] == ["プレイヤー1", changed.name_ja, "ハナ"]
    _start(app, lobby)
    app.set_language("en")
    again = _lobby(app, "duck")
    fourth = next(c for c in again.info.characters if c.key == again.seats[3].character)
    assert [s.name for s in again.seats] == ["Player 1", changed.name_en, "ハナ", fourth.name_en]
    _start(app, again)
    assert [s["name"] for s in app.settings.seats] == [s.name for s in again.seats]
    assert [s["typed"] for s in app.settings.seats] == [False, False, True, False]


def test_a_table_remembered_before_the_typed_flag_is_translated_too():
    """issue #36: settings written before ``typed`` existed: a name the box gives (in
    either language, on any seat) is the box's, any other was typed."""
    table = [
        {"name": "プレイヤー1", "character": "doc", "human": True, "level": "normal"},
        {"name": "クッキー", "character": "bill", "human": False, "level": "hard"},
        {"name": "ハナ", "character": "cookie", "human": False, "level": "easy"},
    ]
    seats = remembered_seats(registry.get("duck"), table, Translator("en"))
    assert [s.name for s in seats] == ["Player 1", "Captain Bill", "ハナ"]
    assert Settings(seats=[{**table[0], "typed": False}]).validated().seats
    with pytest.raises(ValueError, match="typed"):
        Settings(seats=[{**table[0], "typed": "no"}]).validated()


def test_the_hand_off_curtain_shows_the_seats_colour_and_mark(app, monkeypatch):
    from game.scenes.table.handoff import HandoffScene

    scene = push_game(app, "verflixxt", [0, 1], 2, 3, {}, "easy")
    monkeypatch.setattr(scene.session, "needs_handoff", lambda player: True)
    scene.sharing.show(1)
    curtain = app.top
    assert isinstance(curtain, HandoffScene) and curtain.seat == 1
    assert curtain.colour == theme.SEAT_COLOURS[1]
    surface = pygame.Surface(app.size)
    curtain.draw(surface)
    w, h = app.size
    centre = (w // 2, h // 2 - curtain.px(120))
    # the disc is the seat colour, with the seat's badge (a light ring round the mark)
    assert (
        math.dist(
            surface.get_at((centre[0], centre[1] - curtain.px(42)))[:3], theme.SEAT_COLOURS[1]
        )
        < 30
    )
    assert (
        math.dist(surface.get_at((centre[0], centre[1] - curtain.px(22)))[:3], theme.INK_LIGHT) < 40
    )
