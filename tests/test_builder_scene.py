"""Issue #41: the board builder: its model (tray, table, undo/redo, the live check) and
its scene driven by the mouse and by the keys under the dummy video driver, its screens
at every size in both languages, a board file dropped on the window, Play now."""

from __future__ import annotations

import pygame
import pytest

from game.boards import duck as loader
from game.boards import duck_files
from game.rules.duck.builder import Placed
from game.scenes.builder.model import BuilderModel
from game.scenes.builder.scene import BuilderScene
from game.ui.widgets import recording
from tests.scene_helpers import LANGS, SIZES, click, key, make_app, motion

FACES = loader.load_tiles()
BATHTUB = [
    Placed(1, "A", 0, 0, 0),
    Placed(2, "B", 2, 1, 0),
    Placed(3, "A", -3, 2, 0),
    Placed(4, "A", 1, -3, 0),
    Placed(5, "A", -1, 3, 0),
    Placed(6, "A", -2, -1, 1),
    Placed(7, "A", 3, -2, 0),
]


def builder(size=(1280, 720), lang="en") -> tuple:
    app = make_app(size, lang)
    app.router.open("builder")
    scene = app.stack[-1]
    assert isinstance(scene, BuilderScene)
    return app, scene


def press(app, pos, button=1):
    motion(app, pos)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))


def drag(app, start, end):
    press(app, start)
    motion(app, ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2))
    motion(app, end)
    click(app, end)


# -- the model ----------------------------------------------------------------------------
def test_issue_41_the_model_lays_turns_flips_picks_up_and_undoes_every_step():
    """issue #41: every change is one undo step; redo gives it back; a tile only drops
    beside the others."""
    model = BuilderModel(FACES, 4)
    assert model.drop(1, (0, 0)) and model.on_table(1)
    assert not model.drop(2, (1, 0))  # onto tile 1
    assert not model.drop(2, (9, 9))  # far from it
    assert model.drop(2, (2, 1))
    assert model.turn(2, 1) and model.tile(2).rotation == 1
    assert model.flip(2) and model.tile(2).side == "B"
    assert model.pick_up(2) and not model.on_table(2)
    for _ in range(3):
        assert model.undo()
    assert model.tile(2).at == (2, 1) and model.tile(2).rotation == 0
    assert model.redo() and model.tile(2).rotation == 1
    model.lay(BATHTUB)
    assert model.check().ok and model.check().players == 6
    model.set_ducks(7)
    assert model.ducks == 6


# -- the scene ----------------------------------------------------------------------------
def test_issue_41_tiles_dragged_from_the_tray_snap_beside_the_others(tmp_path):
    """issue #41: drag from the tray to the table, snap, wheel turns, F flips, a drag
    back to the tray picks it up, Ctrl+Z undoes it."""
    app, scene = builder()
    probe = scene.probe()
    drag(app, probe["tile:1"], probe["hex:0,0"])
    assert scene.model.tile(1).at == (0, 0)
    probe = scene.probe()
    # dropped a little off a free centre, the tile snaps to the nearest one
    x, y = probe["hex:2,1"]
    drag(app, probe["tile:2"], (x + 3, y + 2))
    assert scene.model.tile(2).at == (2, 1)
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert scene.model.tile(2).rotation == 1
    key(app, pygame.K_f)
    assert scene.model.tile(2).side == "B"
    drag(app, scene.probe()["hex:2,1"], scene.tray.rect.center)
    assert not scene.model.on_table(2)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.model.tile(2).at == (2, 1)
    press(app, scene.probe()["hex:2,1"], button=3)  # right-click picks it up
    assert not scene.model.on_table(2)


def test_issue_41_a_board_built_by_keys_alone(tmp_path):
    """issue #41: Tab to a tile, Enter takes it, arrows move it from spot to spot, R
    turns it, Enter drops it; the Bathtub's seven tiles laid so pass the check."""
    app, scene = builder()
    for tile in BATHTUB:
        scene.buttons.focus_key(f"tile:{tile.tile}")
        key(app, pygame.K_RETURN)
        assert scene.carry == tile.tile
        while scene.model.tile(tile.tile).side != tile.side:
            key(app, pygame.K_f)
        while scene.model.tile(tile.tile).rotation != tile.rotation:
            key(app, pygame.K_r)
        # walk the cursor to the tile's place the way a person would: arrows only
        for _ in range(40):
            if scene.cursor == (tile.q, tile.r):
                break
            cq, cr = scene.cursor
            if cr > tile.r:
                key(app, pygame.K_UP)
            elif cr < tile.r:
                key(app, pygame.K_DOWN)
            elif cq < tile.q:
                key(app, pygame.K_RIGHT)
            else:
                key(app, pygame.K_LEFT)
        assert scene.cursor == (tile.q, tile.r), tile
        key(app, pygame.K_RETURN)
        assert scene.model.tile(tile.tile).at == (tile.q, tile.r)
    assert scene.model.check().ok
    assert scene.buttons.by_key("play").enabled


def test_issue_41_the_check_is_drawn_where_it_fails_in_both_languages():
    """issue #41: the broken board says what fails (2 more start spaces for 6 ducks, the
    cut-off buoys) and Play now is greyed."""
    for lang, words in (("en", "Needs 2 more start spaces for 6 ducks."), ("ja", "あと2つ")):
        app, scene = builder(lang=lang)
        scene.show_broken()
        surface = pygame.Surface(app.size)
        with recording(surface) as sink:
            scene.draw(surface)
        texts = " ".join(t.text for t in sink.texts)
        assert words in texts
        codes = [p.code for p in scene.model.check().problems]
        assert codes == ["starts", "unreachable", "unreachable"]
        assert not scene.buttons.by_key("play").enabled


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_issue_41_builder_texts_fit_at_every_size(size, lang):
    """issue #41: every text of the builder inside its box, never under the floor."""
    _app, scene = builder(size, lang)
    scene.show_broken()
    surface = pygame.Surface(size)
    with recording(surface) as sink:
        scene.draw(surface)
    window = surface.get_rect()
    assert sink.texts
    for text in sink.texts:
        assert text.size >= 14, text
        assert window.contains(text.rect), text
        if text.container is not None:
            assert text.container.contains(text.rect), text


def test_issue_41_surprise_save_and_play_now(tmp_path):
    """issue #41: Surprise me lays a passing board from its seed, Save writes it to the
    boards folder (the lobby lists it), Play now opens a table on it."""
    app, scene = builder()
    scene.surprise_from(1234)
    assert scene.model.check().ok and scene.seed == 1234
    click(app, scene.probe()["save"])
    saved = scene.path
    assert saved is not None and saved.parent == loader.user_boards_dir()
    assert duck_files.load_built(saved).placed == tuple(scene.model.placed())
    click(app, scene.probe()["play"])
    table = app.stack[-1]
    assert type(table).__name__ == "TableScene"
    assert table.session.options["board"]["name"] == scene.name


def test_issue_41_a_board_file_dropped_on_the_window_is_kept_or_refused(tmp_path):
    """issue #41: a friend's board dropped on the window is checked like every board
    file: a good one is kept (one dialog says so), a hostile one is one dialog naming the
    file, the place and the problem."""
    app = make_app()
    good = tmp_path / "friend.yaml"
    good.write_text(
        duck_files.to_yaml(duck_files.BuiltBoard("Ann's", "Ann's", "beginner", tuple(BATHTUB))),
        encoding="utf-8",
    )
    app.handle(pygame.event.Event(pygame.DROPFILE, file=str(good)))
    assert (loader.user_boards_dir() / "ann-s.yaml").exists()
    bad = tmp_path / "hostile.tmx"
    bad.write_text('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><map/>', encoding="utf-8")
    depth = len(app.stack)
    app.handle(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    assert len(app.stack) == depth + 1
    dialog = app.stack[-1]
    assert "hostile.tmx" in dialog.message


def test_issue_41_the_builder_opens_from_the_duck_lobby_and_the_title_card():
    """issue #41: "Build a board…" in the Duck lobby and under the Duck card of the
    title menu; Back returns, and the lobby then offers a board saved meanwhile."""
    from game import registry

    app = make_app()
    app.router.open("menu")
    click(app, app.stack[-1].probe()["build:duck"])
    assert isinstance(app.stack[-1], BuilderScene)
    assert not any(k.startswith("build:") and k != "build:duck" for k in app.stack[-2].probe())
    app.pop()
    app.push(app.router.screen("lobby")(app, registry.get("duck")))
    lobby = app.stack[-1]
    lobby.wait_for_scan()
    click(app, lobby.probe()["build"])
    scene = app.stack[-1]
    assert isinstance(scene, BuilderScene)
    scene.surprise_from(5)
    click(app, scene.probe()["save"])
    click(app, scene.probe()["back"])
    assert app.stack[-1] is lobby
    from game.scenes.lobby.options import option_choices

    spec = next(spec for spec in lobby.module.OPTIONS if spec.key == "board")
    assert str(scene.path) in option_choices(lobby.info, spec)


def test_issue_41_the_name_is_typed_and_a_new_name_renames_the_saved_file():
    """issue #41: a click on the name field takes the keys (R and F are letters of the
    name then); Enter ends; saving a saved board under a new name renames its file."""
    app, scene = builder()
    scene.surprise_from(9)
    click(app, scene.probe()["save"])
    first = scene.path
    assert first is not None and first.name == "my-tub.yaml"
    press(app, scene.field.rect.center)
    assert scene.field.focused
    for _ in range(len(scene.field.text)):
        key(app, pygame.K_BACKSPACE)
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text="Reef Fun"))
    before = scene.model.tiles
    key(app, pygame.K_r)  # typed into the name, the tiles stay as they are
    assert scene.model.tiles == before
    key(app, pygame.K_RETURN)
    assert not scene.field.focused and scene.name == "Reef Fun"
    click(app, scene.probe()["save"])
    assert scene.path is not None and scene.path.name == "reef-fun.yaml"
    assert not first.exists()
    assert loader.load_board(scene.path)["name"] == "Reef Fun"


def test_issue_41_manage_copies_edits_and_deletes_with_a_question_never_a_shipped_board():
    """issue #41: the lobby's "Manage…" beside the board: a shipped board can be copied
    and edited, not deleted (the button says why); the copy is chosen, and deleted
    only after the question is answered Delete."""
    from game import registry
    from game.scenes.builder.board_menu import BoardMenuScene

    app = make_app()
    lobby = app.router.screen("lobby")(app, registry.get("duck"))
    app.push(lobby)
    lobby.wait_for_scan()
    click(app, lobby.probe()["board:manage"])
    menu = app.stack[-1]
    assert isinstance(menu, BoardMenuScene)
    delete = menu.buttons.by_key("board:delete")
    assert not delete.enabled and "cannot be deleted" in delete.why
    click(app, menu.probe()["board:copy"])
    assert app.stack[-1] is lobby
    copy = loader.user_boards_dir() / "bathtub-copy.yaml"
    assert copy.exists() and lobby.options["board"] == str(copy)
    click(app, lobby.probe()["board:manage"])
    click(app, app.stack[-1].probe()["board:edit"])
    editor = app.stack[-1]
    assert isinstance(editor, BuilderScene) and editor.path == copy
    assert editor.name == "Bathtub (copy)" and editor.model.check().ok
    click(app, editor.probe()["back"])
    click(app, lobby.probe()["board:manage"])
    click(app, app.stack[-1].probe()["board:delete"])
    question = app.stack[-1]
    click(app, question.probe()["no"])
    assert copy.exists()
    click(app, lobby.probe()["board:manage"])
    click(app, app.stack[-1].probe()["board:delete"])
    click(app, app.stack[-1].probe()["yes"])
    assert not copy.exists() and lobby.options["board"] == "bathtub"
    assert (loader.DUCK_DIR / "bathtub.yaml").exists()


def test_issue_41_a_friends_board_opens_from_the_lobby_checked_like_every_board(tmp_path):
    """issue #41: "Open a board file…" in the lobby's Manage menu lists the board files of
    its folders; a good one is kept and then offered by the lobby, a hostile one is one
    dialog naming the file, and nothing is kept."""
    from game import registry
    from game.scenes.builder.board_menu import open_board_files
    from game.scenes.lobby.options import option_choices

    folder = tmp_path / "Downloads"
    folder.mkdir()
    good = folder / "from-ann.yaml"
    good.write_text(
        duck_files.to_yaml(
            duck_files.BuiltBoard("From Ann", "アンから", "beginner", tuple(BATHTUB))
        ),
        encoding="utf-8",
    )
    app = make_app()
    lobby = app.router.screen("lobby")(app, registry.get("duck"))
    app.push(lobby)
    lobby.wait_for_scan()
    app.push(open_board_files(app, [folder]))
    click(app, app.stack[-1].probe()["file:0"])
    assert "From Ann" in app.stack[-1].message
    click(app, app.stack[-1].probe()["ok"])
    assert app.stack[-1] is lobby
    spec = next(s for s in lobby.module.OPTIONS if s.key == "board")
    kept = loader.user_boards_dir() / "from-ann.yaml"
    assert str(kept) in option_choices(lobby.info, spec)
    (folder / "from-ann.yaml").unlink()
    (folder / "bomb.tmx").write_text("<map>" * 10, encoding="utf-8")
    app.push(open_board_files(app, [folder]))
    click(app, app.stack[-1].probe()["file:0"])
    dialog = app.stack[-1]
    assert "bomb.tmx" in dialog.message and dialog.title == "This board cannot be used"
    assert sorted(p.name for p in loader.user_boards_dir().iterdir()) == ["from-ann.yaml"]
