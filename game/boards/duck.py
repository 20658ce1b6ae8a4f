"""Duck! Duck! Go! data: data/boards/duck -> the plain data the headless rules take.

- ``tiles.yaml``: the 16 double-sided tiles (DDG-2, DDG-40).
- ``<board>.yaml``: a board as tiles placed by position (axial centre), rotation and side.
- ``<board>.tmx``: a board drawn in Tiled: a hexagonal map (any stagger axis and index)
  whose one tile layer uses a tileset with a ``kind`` property (water/start/buoy/drain)
  and ``colour`` on buoys; the map properties ``name``, ``name_ja``, ``level``.
- ``deck.yaml`` (DDG-41) and ``hound.yaml`` (DDG-43).

Every problem with a file is a DataFileError(path, place, problem); nothing else escapes
on bad input. A board, from YAML or TMX, becomes ``{"name", "name_ja", "level",
"hexes": [[q, r, kind(, colour)], ...]}`` with its top row at r = 0 and its leftmost
column at 0 (hexes.normalise), so the same board gives the same data from either file.
TMX is read through pytmx (only here), after defusedxml has checked the XML (no DTD,
no entities). YAML through game.boards.read_yaml (``yaml.safe_load``, size-limited).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Mapping
from xml.sax.saxutils import escape

from game.boards import MAX_DATA_BYTES, DataFileError, read_yaml, rules_checked
from game.paths import BOARDS_DIR
from game.rules.duck.data import (COLOURS, KINDS, LEVELS, board_from_data, deck_from_data,
                                  is_int, patterns_from_data)
from game.rules.duck.hexes import TURNS, flower, normalise
from game.rules.duck.state import DEFAULT_BOARD, VARIANTS

DUCK_DIR = BOARDS_DIR / "duck"
TILES_FILE = DUCK_DIR / "tiles.yaml"
DECK_FILE = DUCK_DIR / "deck.yaml"
HOUND_FILE = DUCK_DIR / "hound.yaml"
TILESET_FILE = "duck.tsx"
DATA_FILES = {"tiles", "deck", "hound"}
BOARD_SUFFIXES = (".yaml", ".tmx")
TILE_IDS = range(1, 17)
# ``--variant`` names of the command line beyond the rules' own VARIANTS (D-19), as the
# options they stand for (the same shape as game.boards.cluck.VARIANTS).
VARIANT_SHORTHANDS = {"official": {"variant": "beginner", "official": True}}
STEP_NAMES = {name: turn for name, turn in TURNS.items() if name != "B"}   # no U-turn steps


# -- reading files ------------------------------------------------------------------------------
def _mapping(value: Any, path: Path, place: str, keys: tuple[str, ...]) -> Mapping:
    """``value`` as a mapping with exactly ``keys`` (none unknown, none missing)."""
    if not isinstance(value, Mapping):
        raise DataFileError(path, place, f"must be a mapping with {', '.join(keys)}")
    for key in value:
        if key not in keys:
            raise DataFileError(path, f"{place}.{key}" if place else str(key),
                                f"unknown key (known: {', '.join(keys)})")
    for key in keys:
        if key not in value:
            raise DataFileError(path, f"{place}.{key}" if place else key, "missing")
    return value


# -- tiles and YAML boards ----------------------------------------------------------------------
def _cell(text: Any, path: Path, place: str) -> list:
    """'water' | 'start' | 'drain' | 'buoy <colour>' -> [kind] or ['buoy', colour]."""
    words = text.split() if isinstance(text, str) else []
    if len(words) == 1 and words[0] in KINDS and words[0] != "buoy":
        return words
    if len(words) == 2 and words[0] == "buoy" and words[1] in COLOURS:
        return words
    raise DataFileError(path, place, "a hex is water, start, drain or buoy red/yellow/green, "
                                     f"not {text!r}")


def load_tiles(path: str | Path = TILES_FILE) -> dict[int, dict[str, list[list]]]:
    """``{tile id: {"A": [7 cells], "B": [7 cells]}}``, cells in face order (centre,
    sides 0-5), each ``[kind]`` or ``["buoy", colour]``."""
    path = Path(path)
    raw = _mapping(read_yaml(path), path, "", ("tiles",))
    tiles = raw["tiles"]
    if not isinstance(tiles, Mapping):
        raise DataFileError(path, "tiles", "must map tile numbers 1-16 to their two faces")
    out = {}
    for tid, faces in tiles.items():
        place = f"tiles.{tid}"
        if not is_int(tid) or tid not in TILE_IDS:
            raise DataFileError(path, place, "tiles are numbered 1-16")
        faces = _mapping(faces, path, place, ("A", "B"))
        out[tid] = {}
        for side in ("A", "B"):
            face = _mapping(faces[side], path, f"{place}.{side}", ("centre", "sides"))
            sides = face["sides"]
            if not isinstance(sides, list) or len(sides) != 6:
                raise DataFileError(path, f"{place}.{side}.sides", "must list 6 hexes")
            out[tid][side] = [_cell(face["centre"], path, f"{place}.{side}.centre")] + \
                [_cell(s, path, f"{place}.{side}.sides[{i}]") for i, s in enumerate(sides)]
    missing = [t for t in TILE_IDS if t not in out]
    if missing:
        raise DataFileError(path, "tiles", f"tiles missing: {', '.join(map(str, missing))}")
    return out


def _finish_board(path: Path, name, name_ja, level, cells: dict) -> dict:
    """Normalised, sorted plain board data, checked by the rules' own shape check."""
    if not cells:
        raise DataFileError(path, "", "the board has no hexes")
    dq, dr = normalise(cells)
    hexes = sorted(([q + dq, r + dr] + cell for (q, r), cell in cells.items()),
                   key=lambda h: (h[1], h[0]))
    data = {"name": name, "name_ja": name_ja, "level": level, "hexes": hexes}
    rules_checked(path, board_from_data, data)
    return data


def _board_header(raw: Mapping, path: Path, place_of) -> tuple[str, str, str]:
    values = []
    for key in ("name", "name_ja"):
        value = raw.get(key)
        if not isinstance(value, str) or not value.strip():
            raise DataFileError(path, place_of(key), "must be a non-empty text")
        values.append(value)
    level = raw.get("level")
    if level not in LEVELS:
        raise DataFileError(path, place_of("level"),
                            f"must be one of {', '.join(LEVELS)}, not {level!r}")
    return values[0], values[1], level


def load_board_yaml(path: str | Path, tiles_path: str | Path = TILES_FILE) -> dict:
    path = Path(path)
    raw = _mapping(read_yaml(path), path, "", ("name", "name_ja", "level", "tiles"))
    name, name_ja, level = _board_header(raw, path, lambda key: key)
    placed = raw["tiles"]
    if not isinstance(placed, list) or not placed:
        raise DataFileError(path, "tiles", "must list the tiles placed")
    tiles = load_tiles(tiles_path)
    cells, owner, used = {}, {}, {}
    for i, entry in enumerate(placed):
        place = f"tiles[{i}]"
        entry = _mapping(entry, path, place, ("tile", "side", "rotation", "position"))
        tid, side, rotation, position = (entry["tile"], entry["side"], entry["rotation"],
                                         entry["position"])
        if not is_int(tid) or tid not in tiles:
            raise DataFileError(path, f"{place}.tile", f"no tile {tid!r} (tiles are 1-16)")
        if tid in used:
            raise DataFileError(path, f"{place}.tile", f"tile {tid} is already placed at "
                                                       f"tiles[{used[tid]}]; a tile shows "
                                                       "one face")
        used[tid] = i
        if side not in ("A", "B"):
            raise DataFileError(path, f"{place}.side", f"must be A or B, not {side!r}")
        if not is_int(rotation) or not 0 <= rotation <= 5:
            raise DataFileError(path, f"{place}.rotation",
                                f"must be 0-5 (60° steps), not {rotation!r}")
        if not isinstance(position, list) or len(position) != 2 \
                or not all(is_int(v) and abs(v) <= 999 for v in position):
            raise DataFileError(path, f"{place}.position", "must be [q, r], whole numbers")
        for hex_, cell in zip(flower(position[0], position[1], rotation), tiles[tid][side]):
            if hex_ in cells:
                raise DataFileError(path, f"{place}.position", f"tile {tid} overlaps "
                                                               f"tiles[{owner[hex_]}] at "
                                                               f"hex {hex_[0]},{hex_[1]}")
            cells[hex_], owner[hex_] = cell, i
    return _finish_board(path, name, name_ja, level, cells)


# -- Tiled TMX boards ---------------------------------------------------------------------------
def offset_to_axial(col: int, row: int, stagger_axis: str, stagger_index: str) -> tuple[int, int]:
    """Tiled's staggered offset (col, row) -> axial (q, r). Tiled shifts the odd (or even)
    rows (stagger axis y, pointy-top hexes) right, or columns (axis x, flat-top) down."""
    sign = -1 if stagger_index == "odd" else 1     # odd-r / odd-q, even-r / even-q
    if stagger_axis == "y":
        return col - (row + sign * (row & 1)) // 2, row
    return col, row - (col + sign * (col & 1)) // 2


def axial_to_offset(q: int, r: int) -> tuple[int, int]:
    """Axial -> Tiled offset (col, row) for stagger axis y, index odd (what we write)."""
    return q + (r - (r & 1)) // 2, r


def _check_xml(path: Path, place: str, source: Path | None = None) -> Any:
    """Parse ``source`` (default ``path``) with defusedxml first: no DTD, no entities, no
    external references. Problems are reported against ``path``."""
    import defusedxml.ElementTree as safe_et
    from defusedxml import DefusedXmlException
    source = source or path
    try:
        size = source.stat().st_size
        if size > MAX_DATA_BYTES:
            raise DataFileError(path, place, f"{size} bytes is too large for a data file")
        return safe_et.parse(str(source), forbid_dtd=True, forbid_entities=True,
                             forbid_external=True).getroot()
    except DefusedXmlException as exc:
        raise DataFileError(path, place, f"unsafe XML refused: {exc}") from None
    except (safe_et.ParseError, LookupError, ValueError, RecursionError) as exc:
        # LookupError: an unknown encoding in the XML declaration
        raise DataFileError(path, place, f"not valid XML: {exc}") from None
    except OSError as exc:
        raise DataFileError(path, place, f"cannot be read ({exc.strerror or exc})") from None


def _tiled_map(path: Path):
    root = _check_xml(path, "")
    if root.tag != "map":
        raise DataFileError(path, "map", f"not a Tiled map (root element {root.tag!r})")
    if root.get("orientation") != "hexagonal":
        raise DataFileError(path, "map.orientation",
                            f"must be hexagonal, not {root.get('orientation')!r}")
    if root.get("staggeraxis") not in ("x", "y"):
        raise DataFileError(path, "map.staggeraxis", "must be x or y")
    if root.get("staggerindex") not in ("odd", "even"):
        raise DataFileError(path, "map.staggerindex", "must be odd or even")
    if root.get("infinite", "0") != "0":
        raise DataFileError(path, "map.infinite", "infinite maps are not boards")
    for tileset in root.iter("tileset"):
        source = tileset.get("source")
        if source:
            _check_xml(path, f"tileset {source}", path.parent / source)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # pytmx imports pygame
    import pytmx
    try:
        return pytmx.TiledMap(str(path))
    except Exception as exc:  # pytmx raises anything on a broken map; report, never crash
        raise DataFileError(path, "", f"Tiled map cannot be read: {exc}") from None


def load_board_tmx(path: str | Path) -> dict:
    path = Path(path)
    tmx = _tiled_map(path)
    props = tmx.properties or {}
    name, name_ja, level = _board_header(props, path, lambda key: f"map.properties.{key}")
    layers = [layer for layer in tmx.layers if hasattr(layer, "iter_data")]
    if len(layers) != 1:
        raise DataFileError(path, "layers", f"a board has one tile layer, not {len(layers)}")
    layer = layers[0]
    cells = {}
    for col, row, gid in layer.iter_data():
        if not gid:
            continue
        place = f"layer {layer.name!r} col {col} row {row}"
        tile = tmx.get_tile_properties_by_gid(gid) or {}
        kind, colour = tile.get("kind"), tile.get("colour")
        if kind not in KINDS:
            raise DataFileError(path, place, f"the tile's kind must be one of "
                                             f"{', '.join(KINDS)}, not {kind!r}")
        if kind == "buoy":
            if colour not in COLOURS:
                raise DataFileError(path, place, f"a buoy tile needs colour "
                                                 f"{'/'.join(COLOURS)}, not {colour!r}")
            cell = ["buoy", colour]
        else:
            cell = [kind]
        cells[offset_to_axial(col, row, tmx.staggeraxis, tmx.staggerindex)] = cell
    return _finish_board(path, name, name_ja, level, cells)


def board_to_tmx(board: Mapping) -> str:
    """A board's plain data as a Tiled map (stagger axis y, index odd) using the shipped
    tileset duck.tsx: how the .tmx twins of the YAML boards are made."""
    tile_ids = {("water", None): 1, ("start", None): 2, ("drain", None): 3,
                ("buoy", "red"): 4, ("buoy", "yellow"): 5, ("buoy", "green"): 6}
    grid = {}
    for entry in board["hexes"]:
        col, row = axial_to_offset(entry[0], entry[1])
        grid[(col, row)] = tile_ids[(entry[2], entry[3] if len(entry) > 3 else None)]
    width = max(c for c, _ in grid) + 1
    height = max(r for _, r in grid) + 1
    rows = [",".join(str(grid.get((c, r), 0)) for c in range(width)) for r in range(height)]
    data = ",\n".join(rows)

    def attr(text: str) -> str:
        return escape(text, {'"': "&quot;"})

    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" '
        f'renderorder="right-down" width="{width}" height="{height}" tilewidth="64" '
        f'tileheight="74" hexsidelength="37" staggeraxis="y" staggerindex="odd" '
        f'infinite="0" nextlayerid="2" nextobjectid="1">\n'
        ' <properties>\n'
        f'  <property name="name" value="{attr(board["name"])}"/>\n'
        f'  <property name="name_ja" value="{attr(board["name_ja"])}"/>\n'
        f'  <property name="level" value="{attr(board["level"])}"/>\n'
        ' </properties>\n'
        f' <tileset firstgid="1" source="{TILESET_FILE}"/>\n'
        f' <layer id="1" name="board" width="{width}" height="{height}">\n'
        '  <data encoding="csv">\n'
        f'{data}\n'
        '</data>\n'
        ' </layer>\n'
        '</map>\n')


def load_board(path: str | Path) -> dict:
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix in (".yaml", ".yml"):
        return load_board_yaml(path)
    if suffix == ".tmx":
        return load_board_tmx(path)
    raise DataFileError(path, "", "a board is a .yaml or a Tiled .tmx file")


# -- the deck and the hound board -----------------------------------------------------------------
def _turns(text: Any, path: Path, place: str, names: Mapping[str, int]) -> list[int]:
    words = text.split() if isinstance(text, str) else []
    if not words or any(w not in names for w in words):
        raise DataFileError(path, place, f"must be names from {' '.join(names)}, "
                                         f"not {text!r}")
    return [names[w] for w in words]


def _route(route: Any, path: Path, place: str) -> dict:
    route = _mapping(route, path, place, ("steps", "facings"))
    return {"steps": _turns(route["steps"], path, f"{place}.steps", STEP_NAMES),
            "facings": _turns(route["facings"], path, f"{place}.facings", TURNS)}


def load_deck(path: str | Path = DECK_FILE) -> dict:
    """The 54 cards as ``{"cards": [{"number", "routes": [{"steps", "facings"}]}]}`` with
    turns and facings as 60° steps (+ to the left)."""
    path = Path(path)
    raw = _mapping(read_yaml(path), path, "", ("cards",))
    if not isinstance(raw["cards"], list):
        raise DataFileError(path, "cards", "must list the cards")
    cards = []
    for i, card in enumerate(raw["cards"]):
        card = _mapping(card, path, f"cards[{i}]", ("number", "routes"))
        routes = card["routes"]
        if not isinstance(routes, list):
            raise DataFileError(path, f"cards[{i}].routes", "must list the card's routes")
        cards.append({"number": card["number"],
                      "routes": [_route(r, path, f"cards[{i}].routes[{j}]")
                                 for j, r in enumerate(routes)]})
    data = {"cards": cards}
    rules_checked(path, deck_from_data, data)
    return data


def load_hound(path: str | Path = HOUND_FILE) -> dict:
    path = Path(path)
    raw = _mapping(read_yaml(path), path, "", ("patterns",))
    if not isinstance(raw["patterns"], list):
        raise DataFileError(path, "patterns", "must list the 4 patterns")
    patterns = []
    for i, pattern in enumerate(raw["patterns"]):
        place = f"patterns[{i}]"
        pattern = _mapping(pattern, path, place, ("name_en", "name_ja", "steps", "facings"))
        route = _route({"steps": pattern["steps"], "facings": pattern["facings"]}, path, place)
        patterns.append({"name_en": pattern["name_en"], "name_ja": pattern["name_ja"], **route})
    data = {"patterns": patterns}
    rules_checked(path, patterns_from_data, data)
    return data


# -- boards by name, the lobby, the options --------------------------------------------------------
def board_path(name: str) -> Path:
    """A board name (a file stem in data/boards/duck, YAML preferred over TMX, or with
    its suffix) or a path to a board file."""
    if not isinstance(name, str) or not name.strip():
        raise DataFileError(DUCK_DIR, "", f"not a board name: {name!r}")
    if "/" in name or "\\" in name:
        return Path(name)
    if name.endswith(BOARD_SUFFIXES) and (DUCK_DIR / name).exists():
        return DUCK_DIR / name
    for suffix in BOARD_SUFFIXES:
        candidate = DUCK_DIR / f"{name}{suffix}"
        if candidate.exists() and name not in DATA_FILES:
            return candidate
    if Path(name).exists():
        return Path(name)
    known = ", ".join(b["stem"] for b in list_boards())
    raise DataFileError(DUCK_DIR / name, "", f"no such board (shipped: {known})")


def list_boards() -> list[dict]:
    """The shipped boards for the lobby: stem, name, name_ja, level, path (the YAML, or the
    TMX when there is no YAML) and tmx (the Tiled twin, or None); beginner boards first."""
    out = {}
    for path in sorted(DUCK_DIR.iterdir()):
        if path.suffix not in BOARD_SUFFIXES or path.stem in DATA_FILES:
            continue
        entry = out.setdefault(path.stem, {"stem": path.stem, "path": None, "tmx": None})
        if path.suffix == ".tmx":
            entry["tmx"] = path
        if entry["path"] is None or path.suffix == ".yaml":
            entry["path"] = path
    boards = []
    for entry in out.values():
        data = load_board(entry["path"])
        boards.append({**entry, "name": data["name"], "name_ja": data["name_ja"],
                       "level": data["level"]})
    boards.sort(key=lambda b: (LEVELS.index(b["level"]), b["stem"] != DEFAULT_BOARD, b["name"]))
    return boards


def user_boards_dir() -> Path:
    """Where a player drops boards of their own (YAML or Tiled TMX): they appear in the
    lobby after the shipped ones."""
    from game.settings import data_dir
    return data_dir() / "boards"


def user_boards() -> tuple[list[dict], list[DataFileError]]:
    """The player's own boards that load and pass DDG-42, and the problems of the rest."""
    folder = user_boards_dir()
    boards, problems = [], []
    if not folder.is_dir():
        return boards, problems
    for path in sorted(folder.iterdir()):
        if path.suffix not in BOARD_SUFFIXES:
            continue
        try:
            data = load_board(path)
        except DataFileError as exc:
            problems.append(exc)
            continue
        boards.append({"stem": str(path), "path": path, "tmx": None, "name": data["name"],
                       "name_ja": data["name_ja"], "level": data["level"]})
    return boards, problems


def lobby_choices(key: str):
    """Data-driven lobby choices: the shipped boards by name, then the player's own by
    path (None for other options)."""
    if key == "board":
        return [b["stem"] for b in list_boards()] + [b["stem"] for b in user_boards()[0]]
    return None


LEVEL_NAMES = {"beginner": ("beginner", "初級"), "moderate": ("moderate", "中級"),
               "advanced": ("advanced", "上級")}


def lobby_label(key: str, value: Any, lang: str) -> str | None:
    """A board's name in the player's language, with its level."""
    if key != "board":
        return None
    for board in list_boards() + user_boards()[0]:
        if board["stem"] == value:
            name = board["name_ja"] if lang == "ja" and board["name_ja"] else board["name"]
            level = LEVEL_NAMES.get(board["level"], (board["level"],) * 2)[lang == "ja"]
            return f"{name}（{level}）" if lang == "ja" else f"{name} ({level})"
    return None


def lobby_problems() -> list[str]:
    """One line per board of the player's that cannot be used (shown as a dialog)."""
    return [str(exc) for exc in user_boards()[1]]


def prepare_options(options: Mapping[str, Any]) -> dict:
    """Lobby/command-line options -> rules options: ``board`` (a name or path, default
    the beginner board "bathtub") becomes its data; the deck and hound board are loaded.
    ``variant: official`` (the command line's shorthand) means beginner + official."""
    out = dict(options)
    variant = out.get("variant")
    if isinstance(variant, str) and variant in VARIANT_SHORTHANDS:   # a save may hold anything
        shorthand = VARIANT_SHORTHANDS[variant]
        out["variant"] = shorthand["variant"]
        for key, value in shorthand.items():
            out.setdefault(key, value)
    if "variant" in out and out["variant"] not in VARIANTS:
        raise ValueError(f"Duck! Duck! Go! variant must be one of {', '.join(VARIANTS)} "
                         f"or {', '.join(VARIANT_SHORTHANDS)}, not {out['variant']!r}")
    board = out.get("board", DEFAULT_BOARD)
    if isinstance(board, (str, Path)):
        out["board"] = load_board(board_path(str(board)))
    if not isinstance(out.get("deck"), Mapping):
        out["deck"] = load_deck()
    if not isinstance(out.get("hound"), Mapping):
        out["hound"] = load_hound()
    return out
