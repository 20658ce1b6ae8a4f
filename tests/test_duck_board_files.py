"""Issue #41: a built Duck! Duck! Go! board as a file: saved as YAML (the shipped shape)
or TMX (pytmx reads it back), renamed, copied, deleted (never a shipped board), a
friend's file taken in and checked like every board file; ``python -m game board random``
and ``check-board --ducks``."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.__main__ import main
from game.boards import DataFileError
from game.boards import duck as loader
from game.boards import duck_files as files
from game.rules.duck.builder import Placed, assemble, surprise

FACES = loader.load_tiles()
BATHTUB = (
    Placed(1, "A", 0, 0, 0),
    Placed(2, "B", 2, 1, 0),
    Placed(3, "A", -3, 2, 0),
    Placed(4, "A", 1, -3, 0),
    Placed(5, "A", -1, 3, 0),
    Placed(6, "A", -2, -1, 1),
    Placed(7, "A", 3, -2, 0),
)


def built(name='Tub: "mine"', placed=BATHTUB) -> files.BuiltBoard:
    return files.BuiltBoard(name, "わたしの湯船", "beginner", placed)


def test_issue_41_a_board_saved_as_yaml_lands_in_the_boards_folder_and_loads_back():
    """issue #41: saved atomically into the data folder's boards, in the shipped shape
    (quotes and Japanese survive), listed by the lobby's scan, and opens in the builder."""
    path = files.save(built(), FACES)
    assert path.parent == loader.user_boards_dir() and path.suffix == ".yaml"
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    data = loader.load_board(path)
    assert data["name"] == 'Tub: "mine"' and data["name_ja"] == "わたしの湯船"
    assert data["hexes"] == loader.load_board(loader.DUCK_DIR / "bathtub.yaml")["hexes"]
    assert files.load_built(path).placed == BATHTUB
    assert str(path) in [b["stem"] for b in loader.scan_boards().boards]
    second = files.save(built(), FACES)
    assert second != path and second.stem.endswith("-2")  # never over another board


def test_issue_41_a_board_saved_as_tmx_is_read_back_by_pytmx(tmp_path):
    """issue #41: the TMX on request: pytmx reads the map (its tileset beside it) and the
    loader gives the same board as the YAML."""
    import pytmx

    path = files.save(built(), FACES, "tmx", folder=tmp_path)
    assert (tmp_path / loader.TILESET_FILE).exists()
    tiled = pytmx.TiledMap(str(path), image_loader=lambda *a, **k: lambda *b: None)
    assert tiled.orientation == "hexagonal" and tiled.properties["name"] == 'Tub: "mine"'
    assert loader.load_board(path)["hexes"] == assemble(BATHTUB, FACES)["hexes"]


def test_issue_41_rename_copy_and_delete_and_shipped_boards_stay_put(tmp_path):
    """issue #41: rename moves the file to the new name; copy of a shipped board goes to
    the player's folder; a shipped board is never renamed or deleted."""
    path = files.save(built("Old"), FACES, folder=tmp_path)
    renamed = files.rename(path, "New name")
    assert not path.exists() and renamed.name == "new-name.yaml"
    assert loader.load_board(renamed)["name"] == "New name"
    shipped = loader.DUCK_DIR / "bathtub.yaml"
    copy = files.copy(shipped, folder=tmp_path)
    assert copy.parent == tmp_path and loader.load_board(copy)["name"] == "Bathtub (copy)"
    with pytest.raises(ValueError, match="shipped"):
        files.delete(shipped)
    with pytest.raises(ValueError, match="shipped"):
        files.rename(shipped, "Mine")
    assert shipped.exists()
    files.delete(copy)
    assert not copy.exists()
    with pytest.raises(ValueError, match="name"):
        files.save(built("   "), FACES, folder=tmp_path)


def test_issue_41_a_friends_board_is_checked_like_every_board_file(tmp_path):
    """issue #41: a good file is taken into the boards folder; a hostile one (too big, a
    broken tile) is one DataFileError naming file, place and problem, and nothing kept."""
    friend = tmp_path / "friend.yaml"
    friend.write_text(files.to_yaml(built("From Ann")), encoding="utf-8")
    kept = files.take_in(friend)
    assert kept.parent == loader.user_boards_dir() and loader.load_board(kept)["name"] == "From Ann"
    tmx = files.take_in(loader.DUCK_DIR / "harbour.tmx")
    assert tmx.suffix == ".tmx" and loader.checked_board(tmx)["name"] == "Harbour"
    before = sorted(loader.user_boards_dir().iterdir())
    bad = tmp_path / "bad.yaml"
    bad.write_text(files.to_yaml(built()).replace("tile: 3,", "tile: 99,"), encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        files.take_in(bad)
    assert caught.value.place == "tiles[2].tile" and "bad.yaml" in str(caught.value)
    huge = tmp_path / "huge.yaml"
    huge.write_text("name: x\n" + "#" * 2_000_000, encoding="utf-8")
    with pytest.raises(DataFileError, match="huge.yaml"):
        files.take_in(huge)
    assert sorted(loader.user_boards_dir().iterdir()) == before


def test_issue_41_board_random_writes_a_board_check_board_passes(tmp_path, capsys):
    """issue #41: `python -m game board random --ducks N --seed S --size --out FILE`."""
    out = tmp_path / "s.yaml"
    assert (
        main(
            [
                "board",
                "random",
                "--ducks",
                "4",
                "--seed",
                "7",
                "--size",
                "medium",
                "--out",
                str(out),
            ]
        )
        == 0
    )
    again = tmp_path / "t.yaml"
    assert (
        main(
            [
                "board",
                "random",
                "--ducks",
                "4",
                "--seed",
                "7",
                "--size",
                "medium",
                "--out",
                str(again),
            ]
        )
        == 0
    )
    assert out.read_text(encoding="utf-8") == again.read_text(encoding="utf-8")
    assert main(["check-board", str(out), "--ducks", "4"]) == 0
    assert main(["board", "random", "--ducks", "9", "--seed", "1", "--out", str(out)]) == 2
    assert main(["board", "random", "--ducks", "3", "--seed", "1", "--out", "x.txt"]) == 2
    tmx = tmp_path / "s.tmx"
    assert main(["board", "random", "--ducks", "6", "--seed", "3", "--out", str(tmx)]) == 0
    assert main(["check-board", str(tmx)]) == 0
    capsys.readouterr()


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    ducks=st.integers(2, 6),
    size=st.sampled_from(["small", "medium", "large"]),
)
def test_issue_41_surprise_boards_written_as_yaml_pass_check_board(seed, ducks, size):
    """issue #41: Surprise me over many seeds passes `check-board --ducks N` once saved."""
    import tempfile

    board = surprise(FACES, ducks, seed, size)
    with tempfile.TemporaryDirectory() as folder:
        path = files.save(
            files.BuiltBoard("S", "S", "beginner", board.placed), FACES, folder=Path(folder)
        )
        from game.cli.check import check_board_cli

        assert check_board_cli(str(path), ducks) == 0
