"""Issue #41: a board saved as a Tiled map keeps each tile's turn (the map's custom
property ``tiles``, "14B 3,8 r2", as Tiled keeps any custom property), is read back with
pytmx and reopens in the builder; a map drawn hex by hex in Tiled (or one from before the
turns, or whose layer was changed since) still loads as a board, checked, and says why it
cannot be edited."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.boards import DataFileError
from game.boards import duck as loader
from game.boards import duck_files as files
from game.rules.duck.builder import assemble, surprise
from game.scenes.builder.scene import BuilderScene, open_builder
from tests.scene_helpers import click, make_app

FACES = loader.load_tiles()
CORPUS_TMX = Path(__file__).resolve().parent / "corpus" / "boards"


def turned_board() -> files.BuiltBoard:
    """A "Surprise me" board with turned and flipped tiles (some B faces, rotations 1-5)."""
    placed = tuple(surprise(FACES, 4, 77, "medium").placed)
    assert any(p.rotation for p in placed) and any(p.side == "B" for p in placed)
    return files.BuiltBoard("Turned tub", "回した湯船", "moderate", placed)


def relative(placed) -> set[tuple]:
    """Tiles as laid, up to where the whole board sits: the builder may centre it."""
    first = min(placed, key=lambda p: p.tile)
    return {(p.tile, p.side, p.rotation, p.q - first.q, p.r - first.r) for p in placed}


def test_issue_41_a_tmx_keeps_the_turns_pytmx_reads_them_and_the_builder_reopens_it(tmp_path):
    """issue #41: Save as Tiled writes each tile's turn into the map's ``tiles``
    property; pytmx reads it as a custom property; load_built gives the same tiles,
    faces and turns (the same board, hex for hex)."""
    import pytmx

    board = turned_board()
    path = files.save(board, FACES, "tmx", folder=tmp_path)
    tiled = pytmx.TiledMap(str(path), image_loader=lambda *a, **k: lambda *b: None)
    entries = [part.strip() for part in tiled.properties["tiles"].split(";")]
    assert len(entries) == len(board.placed)
    assert all(re.fullmatch(r"\d{1,2}[AB] -?\d+,-?\d+ r[0-5]", e) for e in entries)
    back = files.load_built(path)
    assert (back.name, back.name_ja, back.level) == ("Turned tub", "回した湯船", "moderate")
    assert relative(back.placed) == relative(board.placed)
    assert assemble(back.placed, FACES)["hexes"] == assemble(board.placed, FACES)["hexes"]
    assert loader.tmx_placement(path)[0][4] in range(6)


def test_issue_41_a_tmx_drawn_by_hand_loads_as_a_board_and_says_why_it_is_not_edited(tmp_path):
    """issue #41: a map made in Tiled hex by hex (no ``tiles``) is still a board, checked
    by DDG-42 like every board file, and opening it in the builder is one dialog saying
    why it cannot be edited; no builder opens."""
    (tmp_path / "duck.tsx").write_bytes((CORPUS_TMX / "duck.tsx").read_bytes())
    hand = tmp_path / "hand.tmx"
    hand.write_bytes((CORPUS_TMX / "tmx-two-starts.tmx").read_bytes())
    assert loader.checked_board(hand)["name"] == "Two Starts"
    with pytest.raises(DataFileError, match="drawn hex by hex.*cannot be edited"):
        files.load_built(hand)
    app = make_app()
    open_builder(app, hand)
    assert type(app.top).__name__ == "DialogScene"
    assert "cannot be edited in the builder" in app.top.message
    assert not any(isinstance(scene, BuilderScene) for scene in app.stack)


def test_issue_41_a_tmx_without_turns_or_with_its_layer_changed_plays_but_is_not_edited(
    tmp_path,
):
    """issue #41: the shipped maps' ``tiles`` (from before the turns) and a map whose
    tile layer was changed in Tiled after saving: both load as boards; the builder refuses
    them, saying why (never opens a board other than the map's own)."""
    shipped = loader.DUCK_DIR / "bathtub.tmx"
    assert loader.checked_board(shipped)["name"] == "Bathtub"
    with pytest.raises(DataFileError, match="turns are missing"):
        files.load_built(shipped)
    path = files.save(turned_board(), FACES, "tmx", folder=tmp_path)
    text = path.read_text(encoding="utf-8")
    changed = re.sub(r" r([0-5])", lambda m: f" r{(int(m[1]) + 1) % 6}", text, count=1)
    assert changed != text
    path.write_text(changed, encoding="utf-8")
    assert loader.load_board(path)["name"] == "Turned tub"
    with pytest.raises(DataFileError, match="changed in Tiled"):
        files.load_built(path)


def test_issue_41_the_builder_reopens_a_saved_tmx_and_saves_over_it(tmp_path):
    """issue #41: the lobby's Edit (open_builder) on a Tiled board the builder saved lays
    its tiles as they were; Save as Tiled writes over the same map, Save a YAML of its
    own (never YAML text into the .tmx)."""
    board = turned_board()
    path = files.save(board, FACES, "tmx")
    app = make_app()
    open_builder(app, path)
    scene = app.top
    assert isinstance(scene, BuilderScene) and scene.path == path
    assert relative(scene.model.placed()) == relative(board.placed)
    assert scene.model.check().ok
    before = set(path.parent.iterdir())
    click(app, scene.probe()["save_tmx"])
    assert set(path.parent.iterdir()) == before  # the same map, written over
    assert relative(files.load_built(path).placed) == relative(board.placed)
    click(app, scene.probe()["save"])
    yaml_path = scene.path
    assert yaml_path.suffix == ".yaml" and yaml_path != path
    assert loader.load_board(path)["name"] == "Turned tub"  # the map is still a map


def test_issue_41_a_friends_tmx_with_turns_is_taken_in_editable(tmp_path):
    """issue #41: a Tiled board a friend saved in the builder, opened from the lobby or
    dropped on the window, is kept with its turns: it opens in the builder."""
    friend = tmp_path / "friend"
    friend.mkdir()
    board = turned_board()
    sent = files.save(board, FACES, "tmx", folder=friend)
    kept = files.take_in(sent)
    assert kept.parent == loader.user_boards_dir() and kept.suffix == ".tmx"
    assert relative(files.load_built(kept).placed) == relative(board.placed)


def test_issue_41_a_tmx_tiles_property_out_of_shape_is_one_problem(tmp_path):
    """issue #41: a turn past r5 in the ``tiles`` property is the file's problem, named
    with its place, never a traceback."""
    path = files.save(turned_board(), FACES, "tmx", folder=tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r" r[0-5]", " r9", text, count=1), encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        loader.load_board(path)
    assert caught.value.place == "map.properties.tiles"
