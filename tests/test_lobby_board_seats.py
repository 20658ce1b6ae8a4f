"""Issue #41 (DDG-42: "start spaces for the number of ducks the board is for"): a board
built for fewer than six ducks is a board of the Duck lobby. The list says how many
players it takes, the seats are capped by the board chosen, a board that cannot take
the table is skipped, and a game never starts on a board with too few starts (the rules'
own check), online tables too."""

from __future__ import annotations

import pytest

from game import registry
from game.boards import duck as loader
from game.boards import duck_files
from game.net.table import Table
from game.rules.duck.builder import surprise
from game.session import Seat, Session, default_seats
from tests.scene_helpers import click, make_app

FACES = loader.load_tiles()
INFO = registry.get("duck")


def four_duck_board() -> str:
    """A "Surprise me" board with exactly 4 start spaces, saved in the player's boards."""
    board = surprise(FACES, 4, 13, "small")
    built = duck_files.BuiltBoard("Small tub", "小さな湯船", "beginner", tuple(board.placed))
    path = duck_files.save(built, FACES)
    data = loader.load_board(path)
    assert sum(1 for h in data["hexes"] if h[2] == "start") == 4
    return str(path)


def lobby_with(seat_count: int, lang: str = "en"):
    app = make_app(lang=lang)
    app.settings.seats = [
        {"name": s.name, "character": s.character, "human": s.human, "level": s.level}
        for s in default_seats(INFO, seat_count, app.t)
    ]
    lobby = app.router.screen("lobby")(app, INFO)
    app.push(lobby)
    lobby.wait_for_scan()
    assert len(lobby.seats) == seat_count
    return app, lobby


@pytest.mark.parametrize(("lang", "words"), [("en", "(beginner, up to 4)"), ("ja", "4人まで")])
def test_issue_41_the_board_list_says_how_many_players_a_board_takes(lang, words):
    """issue #41: the lobby lists a board for 4 ducks (it was refused as broken) and its
    label says it takes up to 4; a shipped board for 6 keeps its plain label."""
    path = four_duck_board()
    scan = loader.scan_boards()
    assert scan.problems == ()
    assert [b["players"] for b in scan.boards if b["stem"] == path] == [4]
    assert all(b["players"] == 6 for b in scan.boards if b["shipped"])
    label = loader.lobby_label("board", path, lang)
    assert label is not None and words in label
    assert "6" not in str(loader.lobby_label("board", "bathtub", lang))
    assert loader.lobby_limit("board", path) == 4 and loader.lobby_limit("deck", path) is None


def test_issue_41_choosing_a_board_for_4_caps_the_seats_and_says_why():
    """issue #41: with the 4-duck board chosen and 4 seated, "+ Add a player" is not
    offered (nor does its action add one) and the hint says the board takes 4."""
    path = four_duck_board()
    app, lobby = lobby_with(3)
    lobby.options["board"] = path
    lobby.layout(lobby.size)
    assert lobby.seat_limit() == 4
    click(app, lobby.probe()["add"])
    assert len(lobby.seats) == 4
    assert "add" not in lobby.probe()
    lobby._add_seat()
    assert len(lobby.seats) == 4
    assert "This board takes up to 4 players" in lobby.hint()
    lobby.options["board"] = "bathtub"
    lobby.layout(lobby.size)
    assert "add" in lobby.probe() and "takes up to" not in lobby.hint()


def test_issue_41_a_board_that_cannot_take_the_table_is_skipped_or_replaced():
    """issue #41: with 5 seated, clicking through the boards never lands on the 4-duck
    board; a remembered 4-duck board with 5 seated becomes a board that takes them."""
    path = four_duck_board()
    _app5, lobby = lobby_with(5)
    spec = next(s for s in lobby.module.OPTIONS if s.key == "board")
    seen = set()
    for _ in range(len(loader.current_scan().boards) + 1):
        lobby._cycle_option(spec)()
        seen.add(lobby.options["board"])
    assert path not in seen and "bathtub" in seen
    _app, four = lobby_with(4)  # with 4 seated the board is offered
    assert path in four._takes_the_table(
        spec, tuple(b["stem"] for b in loader.current_scan().boards)
    )
    lobby.options["board"] = path
    lobby.fit_options()
    assert lobby.options["board"] != path
    assert (loader.lobby_limit("board", lobby.options["board"]) or 0) >= 5


def test_issue_41_no_game_starts_on_a_board_with_too_few_starts_here_or_online():
    """issue #41: the rules' own DDG-42 check refuses 5 ducks on a board with 4 starts
    (the Session the lobby's Start and a hosted table both build); 4 ducks play, and a
    hosted table is made on it."""
    path = four_duck_board()
    characters = INFO.characters
    five = [Seat(f"P{i + 1}", characters[i].key, human=False) for i in range(5)]
    with pytest.raises(ValueError, match="4 start spaces; 5 ducks need at least 5"):
        Session("duck", five, 7, {"board": path})
    session = Session("duck", five[:4], 7, {"board": path})
    table, _owner = Table.new(session)
    assert table is not None


def test_issue_41_the_builder_from_a_4_seat_lobby_checks_for_4_and_its_board_is_chosen():
    """issue #41: "Build a board…" from a lobby with 4 seated checks the board for 4
    ducks; a board with 4 starts saved there is offered back in the lobby, chosen, and
    caps the table at 4 (it used to be listed as broken: too few starts for 6)."""
    from game.scenes.builder.scene import BuilderScene

    app, lobby = lobby_with(4)
    click(app, lobby.probe()["build"])
    scene = app.stack[-1]
    assert isinstance(scene, BuilderScene) and scene.model.ducks == 4
    scene.surprise_from(13)  # the seed of four_duck_board: "small" is the builder's first size
    assert scene.model.check().ok and scene.model.check().players == 4
    click(app, scene.probe()["save"])
    click(app, scene.probe()["back"])
    assert app.stack[-1] is lobby
    assert loader.current_scan().problems == ()
    lobby.options["board"] = str(scene.path)
    lobby.layout(lobby.size)
    assert lobby.seat_limit() == 4 and "add" not in lobby.probe()
