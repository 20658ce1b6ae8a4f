"""A player's own Duck! Duck! Go! boards as files (issue #41): what the builder saves,
renames, copies and deletes, and a friend's board file taken into the boards folder.

A board is saved as the shipped boards are written: YAML (``name``, ``name_ja``,
``level`` and its ``tiles`` by number, side, rotation and position) or, on request, a
Tiled map (game.boards.duck.board_to_tmx, with the shipped tileset copied beside it, as
the shipped maps have theirs). Every write is atomic (game.storage.atomic_write_text) and
goes to the player's boards folder (game.boards.duck.user_boards_dir) unless a folder is
named; every file read back goes through the loaders of every board file (bounded, one
DataFileError naming file, place and problem). A shipped board is never changed here.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from game.boards import DataFileError, read_yaml
from game.boards import duck as loader
from game.rules.duck.builder import Placed, assemble
from game.storage import atomic_write_text, clip

FORMATS = ("yaml", "tmx")
MAX_NAME = 40  # characters of a board's name (the lobby's list shows it whole)
MAX_COPIES = 99
MAX_LISTED = 200  # board files a chooser lists from its folders, newest first  # "name 2" .. "name 99": file names tried before a save gives up


@dataclass(frozen=True)
class BuiltBoard:
    """A board as the builder holds it: its names, level and the tiles as they lie."""

    name: str
    name_ja: str
    level: str
    placed: tuple[Placed, ...]


def check_name(name: str) -> str:
    """A board's name, trimmed: ValueError if empty or longer than MAX_NAME."""
    text = " ".join(str(name).split())
    if not text:
        raise ValueError("a board needs a name")
    if len(text) > MAX_NAME:
        raise ValueError(f"a board's name is at most {MAX_NAME} characters")
    return text


def to_yaml(board: BuiltBoard) -> str:
    """The board in the shipped boards' YAML shape. Names are JSON strings, which YAML
    reads as double-quoted scalars, so any name (quotes, colons, Japanese) survives."""

    def text(value: str) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = [
        "# A board built in Tabletop Derby's board builder (issue #41).",
        f"name: {text(board.name)}",
        f"name_ja: {text(board.name_ja)}",
        f"level: {board.level}",
        "tiles:",
    ]
    for t in board.placed:
        lines.append(
            f"  - {{tile: {t.tile}, side: {t.side}, rotation: {t.rotation}, "
            f"position: [{t.q}, {t.r}]}}"
        )
    return "\n".join(lines) + "\n"


def _slug(name: str) -> str:
    """A file stem for a board's name: letters, digits and dashes (Japanese kept)."""
    stem = re.sub(r"[^\w]+", "-", name.casefold(), flags=re.UNICODE).strip("-_")
    return stem[:MAX_NAME] or "board"


def _free_path(folder: Path, name: str, suffix: str, keep: Path | None = None) -> Path:
    """A path in ``folder`` for a board called ``name`` that names no other file (a
    number added if needed; ``keep`` is the board's own file, free for it)."""
    stem = _slug(name)
    for n in range(1, MAX_COPIES + 1):
        path = folder / (f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
        if path == keep or not path.exists():
            return path
    raise ValueError(f"{MAX_COPIES} boards are already called {clip(name)}")


def is_shipped(path: Path) -> bool:
    """A board of the box (data/boards/duck): never renamed, changed or deleted."""
    try:
        return Path(path).resolve().parent == loader.DUCK_DIR.resolve()
    except OSError:
        return False


def save(
    board: BuiltBoard,
    faces,
    fmt: str = "yaml",
    folder: Path | None = None,
    path: Path | None = None,
) -> Path:
    """Write ``board`` (YAML or TMX) atomically to ``path``, or a new file in ``folder``
    (default the player's boards folder) named after it; the path written. The file is
    read back through the loader and refused (removed, DataFileError) if it does not
    load: what is saved always opens."""
    if fmt not in FORMATS:
        raise ValueError(f"a board is saved as {' or '.join(FORMATS)}, not {clip(fmt)}")
    if path is not None and is_shipped(path):
        raise ValueError("a shipped board cannot be changed; save a copy")
    name = check_name(board.name)
    board = BuiltBoard(name, check_name(board.name_ja or name), board.level, board.placed)
    suffix = ".yaml" if fmt == "yaml" else ".tmx"
    folder = folder if folder is not None else loader.user_boards_dir()
    target = path if path is not None else _free_path(folder, name, suffix)
    if fmt == "yaml":
        text = to_yaml(board)
    else:
        data = assemble(board.placed, faces, board.name, board.name_ja, board.level)
        # each tile's turn kept in the map (issue #41): the builder opens it again
        text = loader.board_to_tmx(data, [t.rotation for t in board.placed])
        tileset = target.parent / loader.TILESET_FILE
        if not tileset.exists():
            shipped = loader.DUCK_DIR / loader.TILESET_FILE
            atomic_write_text(tileset, shipped.read_text(encoding="utf-8"))
    atomic_write_text(target, text)
    loader.load_board(target)  # what is saved opens (a DataFileError says why not)
    return target


def load_built(path: Path, faces=None) -> BuiltBoard:
    """A board of box tiles back as the builder holds it (to edit it again): read and
    checked by the loader first, then its tiles with their rotations: a YAML board's
    ``tiles``, a Tiled map's ``tiles`` property with each tile's turn (what Save as
    Tiled writes). DataFileError, saying why, for a bad file or a map that cannot be
    edited (drawn hex by hex in Tiled, or its tile layer changed since: the tiles laid
    again must give the map's own hexes)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".tmx":
        return _load_built_tmx(path, faces if faces is not None else loader.load_tiles())
    if suffix not in (".yaml", ".yml"):
        raise DataFileError(path, "", "only a YAML or Tiled board of the box's tiles opens here")
    loader.load_board_yaml(path)  # every check of a board file, with its place
    raw = read_yaml(path)
    placed = tuple(
        Placed(e["tile"], e["side"], e["position"][0], e["position"][1], e["rotation"])
        for e in raw["tiles"]
    )
    return BuiltBoard(raw["name"], raw["name_ja"], raw["level"], placed)


def _load_built_tmx(path: Path, faces) -> BuiltBoard:
    data = loader.load_board_tmx(path)  # every check of a board file, with its place
    entries = loader.tmx_placement(path)
    # about the table's middle: the map's own origin is its top-left corner
    dq = -round(sum(e[2] for e in entries) / len(entries))
    dr = -round(sum(e[3] for e in entries) / len(entries))
    placed = tuple(Placed(n, side, q + dq, r + dr, turn) for n, side, q, r, turn in entries)
    try:
        laid = assemble(placed, faces, data["name"], data["name_ja"], data["level"])
    except ValueError as exc:  # tiles overlapping: the property was changed by hand
        raise DataFileError(path, "map.properties.tiles", f"{exc}: cannot be edited") from None
    if sorted(map(tuple, laid["hexes"])) != sorted(map(tuple, data["hexes"])):
        raise DataFileError(
            path,
            "map.properties.tiles",
            "the tile layer was changed in Tiled since the tiles were laid: the map plays "
            "as a board but cannot be edited in the builder",
        )
    return BuiltBoard(data["name"], data["name_ja"], data["level"], placed)


def rename(path: Path, name: str) -> Path:
    """Give the player's board at ``path`` a new name (both languages: a person's own
    board has one name) and a file named after it; the new path."""
    if is_shipped(path):
        raise ValueError("a shipped board cannot be renamed; copy it first")
    board = load_built(path)
    name = check_name(name)
    target = _free_path(path.parent, name, path.suffix, keep=path)
    save(BuiltBoard(name, name, board.level, board.placed), None, path=target)
    if target != path:
        path.unlink()
    return target


def copy(path: Path, folder: Path | None = None) -> Path:
    """A copy of any board of box tiles (a shipped one too) in the player's folder,
    called "<name> (copy)"; the copy's path."""
    board = load_built(path)
    name = check_name(f"{board.name[: MAX_NAME - 7]} (copy)")
    name_ja = check_name(f"{board.name_ja[: MAX_NAME - 5]}（コピー）")
    return save(BuiltBoard(name, name_ja, board.level, board.placed), None, folder=folder)


def delete(path: Path) -> None:
    """Remove the player's board file (the caller has asked for confirmation)."""
    if is_shipped(path):
        raise ValueError("a shipped board cannot be deleted")
    Path(path).unlink()


def take_in(path: Path, folder: Path | None = None) -> Path:
    """A friend's board file (dropped on the window, opened from the lobby): checked as
    every board file is (game.boards.duck.checked_board: bounded, DDG-42, one
    DataFileError), then written into the player's boards folder as YAML when it is
    made of box tiles, else as the Tiled map it is (with its tiles' turns if it keeps
    them); the path of the board kept."""
    path = Path(path)
    data = loader.checked_board(path)
    folder = folder if folder is not None else loader.user_boards_dir()
    if path.suffix.lower() in (".yaml", ".yml"):
        built = load_built(path)
        return save(built, None, folder=folder)
    try:  # a map of box tiles with their turns stays one the builder opens
        faces = loader.load_tiles()
        return save(load_built(path, faces), faces, "tmx", folder=folder)
    except DataFileError:
        pass  # drawn hex by hex: kept as the map it is (it plays, it is not edited)
    target = _free_path(folder, data["name"], ".tmx")
    tileset = folder / loader.TILESET_FILE
    if not tileset.exists():
        atomic_write_text(
            tileset, (loader.DUCK_DIR / loader.TILESET_FILE).read_text(encoding="utf-8")
        )
    atomic_write_text(target, loader.board_to_tmx(data))
    loader.load_board(target)
    return target


def listed(folders: list[Path]) -> list[Path]:
    """The board files (.yaml, .yml, .tmx in any case) in ``folders``, newest first, at
    most MAX_LISTED: what "Open a board file…" offers. A folder that is not there or
    cannot be read lists nothing; nothing is read but the names and dates."""
    found: dict[Path, float] = {}
    for folder in folders:
        try:
            for path in folder.iterdir():
                if loader.is_board_file(path) and path.is_file():
                    found[path.resolve()] = path.stat().st_mtime
        except OSError:
            continue
    return sorted(found, key=lambda p: (-found[p], p.name))[:MAX_LISTED]
