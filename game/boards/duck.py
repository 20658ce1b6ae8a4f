"""Duck! Duck! Go! data: data/boards/duck -> the plain data the headless rules take.

- ``tiles.yaml``: the 16 double-sided tiles (DDG-2, DDG-40).
- ``<board>.yaml``: a board as tiles placed by position (axial centre), rotation and side.
- ``<board>.tmx``: a board drawn in Tiled: a hexagonal map (any stagger axis and index)
  whose one tile layer uses a tileset with a ``kind`` property (water/start/buoy/drain)
  and ``colour`` on buoys; the map properties ``name``, ``name_ja``, ``level``.
- ``deck.yaml`` (DDG-41) and ``hound.yaml`` (DDG-43).

Every problem with a file is a DataFileError(path, place, problem); nothing else escapes
on bad input, and an untrusted value is never printed whole (game.storage.clip). A board,
from YAML or TMX, becomes ``{"name", "name_ja", "level", "hexes": [[q, r, kind(,
colour)], ...]}`` with its top row at r = 0 and its leftmost column at 0
(hexes.normalise), so the same board gives the same data from either file.

Every file is read once, bounded (game.storage.read_bounded: no FIFO, no /dev/zero). YAML
goes through game.boards.read_yaml (``yaml.safe_load``'s loader with limits on size,
values, aliases and nesting). A TMX map is parsed by defusedxml (no DTD, no entities),
checked and made safe here (at most MAX_BOARD_SIDE square, judged from its header; its
layer decoded with the inflated size bounded; Tiled's four flag bits cleared; external
tilesets read here and put inline), then handed to pytmx as parsed XML: pytmx opens no
file and inflates nothing itself.

The lobby: :func:`scan_boards` reads both boards folders (the shipped one and the
player's), each board once per version of its files (game.boards.cached_load), checks
each against DDG-42, and keeps the result; :func:`lobby_choices` and :func:`lobby_label`
answer from it without touching the disk; :func:`lobby_problems` rescans.
"""

from __future__ import annotations

import base64
import binascii
import copy
import functools
import os
import re
import stat
import struct
import threading
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element
from xml.sax.saxutils import escape

from game.boards import DataFileError, cached_load, cut, read_data, read_yaml, rules_checked
from game.paths import BOARDS_DIR
from game.rules.duck.builder import MIN_DUCKS
from game.rules.duck.data import (
    COLOURS,
    DEFAULT_BOARD,
    KINDS,
    LEVELS,
    MAX_DUCKS,
    VARIANTS,
    board_from_data,
    board_problems,
    deck_from_data,
    is_int,
    patterns_from_data,
)
from game.rules.duck.hexes import TURNS, flower, normalise
from game.storage import PARSE_ERRORS, clip, data_dir

DUCK_DIR = BOARDS_DIR / "duck"
TILES_FILE = DUCK_DIR / "tiles.yaml"
DECK_FILE = DUCK_DIR / "deck.yaml"
HOUND_FILE = DUCK_DIR / "hound.yaml"
TILESET_FILE = "duck.tsx"
DATA_FILES = {"tiles", "deck", "hound"}
BOARD_SUFFIXES = (".yaml", ".yml", ".tmx")  # matched whatever their case (.TMX, .Yml)
# The largest shipped board is 13 x 12 hexes (whirlpool.tmx) and 112 hexes (16 tiles of 7);
# a Tiled board may be at most 64 x 64, five times that each way, so a 999 x 999 map is
# refused from its header before its layer is decoded.
MAX_BOARD_SIDE = 64
# A 64 x 64 layer as CSV of flagged tile numbers (10 digits each) is about 45 KB, as old
# <tile gid> elements about 90 KB; shipped maps are under 1 KB. Also the tileset's limit.
MAX_TMX_BYTES = 256_000
MAX_TILESETS = 8
# Tiled's flag bits on a tile number: flipped horizontally, vertically, diagonally, and
# (hexagonal maps) rotated 120°. A turned or flipped tile is still the same kind of hex.
TILED_FLAG_BITS = 0x80000000 | 0x40000000 | 0x20000000 | 0x10000000
TILE_IDS = range(1, 17)
# ``--variant`` names of the command line beyond the rules' own VARIANTS (D-19), as the
# options they stand for (the same shape as game.boards.cluck.VARIANTS).
VARIANT_SHORTHANDS = {"official": {"variant": "beginner", "official": True}}
STEP_NAMES = {name: turn for name, turn in TURNS.items() if name != "B"}  # no U-turn steps


# -- reading files ------------------------------------------------------------------------------
def _mapping(value: Any, path: Path, place: str, keys: tuple[str, ...]) -> Mapping:
    """``value`` as a mapping with exactly ``keys`` (none unknown, none missing)."""
    if not isinstance(value, Mapping):
        raise DataFileError(path, place, f"must be a mapping with {', '.join(keys)}")
    for key in value:
        if key not in keys:
            raise DataFileError(
                path,
                f"{place}.{key}" if place else str(key),
                f"unknown key (known: {', '.join(keys)})",
            )
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
    raise DataFileError(
        path, place, f"a hex is water, start, drain or buoy red/yellow/green, not {clip(text)}"
    )


def load_tiles(path: str | Path = TILES_FILE) -> dict[int, dict[str, list[list]]]:
    """``{tile id: {"A": [7 cells], "B": [7 cells]}}``, cells in face order (centre,
    sides 0-5), each ``[kind]`` or ``["buoy", colour]``."""
    path = Path(path)
    raw = _mapping(read_yaml(path), path, "", ("tiles",))
    tiles = raw["tiles"]
    if not isinstance(tiles, Mapping):
        raise DataFileError(path, "tiles", "must map tile numbers 1-16 to their two faces")
    out: dict[int, dict[str, list[list]]] = {}
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
            out[tid][side] = [_cell(face["centre"], path, f"{place}.{side}.centre")] + [
                _cell(s, path, f"{place}.{side}.sides[{i}]") for i, s in enumerate(sides)
            ]
    missing = [t for t in TILE_IDS if t not in out]
    if missing:
        raise DataFileError(path, "tiles", f"tiles missing: {', '.join(map(str, missing))}")
    return out


def _finish_board(path: Path, name, name_ja, level, cells: dict, tiles=()) -> dict:
    """Normalised, sorted plain board data, checked by the rules' own shape check.
    ``tiles``: (number, side, q, r) of the box's tiles it is built from, for the picture."""
    if not cells:
        raise DataFileError(path, "", "the board has no hexes")
    dq, dr = normalise(cells)
    hexes = sorted(
        ([q + dq, r + dr] + cell for (q, r), cell in cells.items()), key=lambda h: (h[1], h[0])
    )
    data = {"name": name, "name_ja": name_ja, "level": level, "hexes": hexes}
    if tiles:
        data["tiles"] = [[number, side, q + dq, r + dr] for number, side, q, r in tiles]
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
        raise DataFileError(
            path, place_of("level"), f"must be one of {', '.join(LEVELS)}, not {clip(level)}"
        )
    return values[0], values[1], level


def load_board_yaml(path: str | Path, tiles_path: str | Path = TILES_FILE) -> dict:
    path = Path(path)
    raw = _mapping(read_yaml(path), path, "", ("name", "name_ja", "level", "tiles"))
    name, name_ja, level = _board_header(raw, path, lambda key: key)
    placed = raw["tiles"]
    if not isinstance(placed, list) or not placed:
        raise DataFileError(path, "tiles", "must list the tiles placed")
    tiles = load_tiles(tiles_path)
    cells: dict[tuple[int, int], list] = {}  # hex: its cell
    owner: dict[tuple[int, int], int] = {}  # hex: the index of the tile placed on it
    used: dict[int, int] = {}  # tile id: the index it is placed at
    placed_tiles: list[tuple[int, str, int, int]] = []  # (tile, side, centre q, r)
    for i, entry in enumerate(placed):
        place = f"tiles[{i}]"
        entry = _mapping(entry, path, place, ("tile", "side", "rotation", "position"))
        tid, side, rotation, position = (
            entry["tile"],
            entry["side"],
            entry["rotation"],
            entry["position"],
        )
        if not is_int(tid) or tid not in tiles:
            raise DataFileError(path, f"{place}.tile", f"no tile {clip(tid)} (tiles are 1-16)")
        if tid in used:
            raise DataFileError(
                path,
                f"{place}.tile",
                f"tile {tid} is already placed at tiles[{used[tid]}]; a tile shows one face",
            )
        used[tid] = i
        if side not in ("A", "B"):
            raise DataFileError(path, f"{place}.side", f"must be A or B, not {clip(side)}")
        if not is_int(rotation) or not 0 <= rotation <= 5:
            raise DataFileError(
                path, f"{place}.rotation", f"must be 0-5 (60° steps), not {clip(rotation)}"
            )
        if (
            not isinstance(position, list)
            or len(position) != 2
            or not all(is_int(v) and abs(v) <= 999 for v in position)
        ):
            raise DataFileError(path, f"{place}.position", "must be [q, r], whole numbers")
        for hex_, cell in zip(flower(position[0], position[1], rotation), tiles[tid][side]):
            if hex_ in cells:
                raise DataFileError(
                    path,
                    f"{place}.position",
                    f"tile {tid} overlaps tiles[{owner[hex_]}] at hex {hex_[0]},{hex_[1]}",
                )
            cells[hex_], owner[hex_] = cell, i
        placed_tiles.append((tid, side, position[0], position[1]))
    return _finish_board(path, name, name_ja, level, cells, placed_tiles)


# -- Tiled TMX boards ---------------------------------------------------------------------------
def offset_to_axial(col: int, row: int, stagger_axis: str, stagger_index: str) -> tuple[int, int]:
    """Tiled's staggered offset (col, row) -> axial (q, r). Tiled shifts the odd (or even)
    rows (stagger axis y, pointy-top hexes) right, or columns (axis x, flat-top) down."""
    sign = -1 if stagger_index == "odd" else 1  # odd-r / odd-q, even-r / even-q
    if stagger_axis == "y":
        return col - (row + sign * (row & 1)) // 2, row
    return col, row - (col + sign * (col & 1)) // 2


def axial_to_offset(q: int, r: int) -> tuple[int, int]:
    """Axial -> Tiled offset (col, row) for stagger axis y, index odd (what we write)."""
    return q + (r - (r & 1)) // 2, r


def _parse_xml(path: Path, place: str, data: bytes) -> Any:
    """XML bytes parsed with defusedxml: no DTD, no entities, no external references.
    Problems are reported against ``path`` at ``place``."""
    import defusedxml.ElementTree as safe_et  # only .tmx boards need it
    from defusedxml import DefusedXmlException  # with defusedxml above

    try:
        return safe_et.fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:
        raise DataFileError(path, place, f"unsafe XML refused: {cut(str(exc))}") from None
    except (safe_et.ParseError, LookupError, *PARSE_ERRORS) as exc:
        # LookupError: an unknown encoding in the XML declaration
        raise DataFileError(path, place, f"not valid XML: {cut(str(exc))}") from None


def _read_xml(path: Path, place: str, source: Path | None = None) -> Any:
    """The XML of ``source`` (default ``path``), read once and bounded
    (game.storage.read_bounded: regular files only, at most MAX_TMX_BYTES)."""
    try:
        data = read_data(source or path, MAX_TMX_BYTES)
    except DataFileError as exc:  # a tileset's problem belongs to the map
        raise DataFileError(path, place, exc.problem) from None
    return _parse_xml(path, place, data)


def _side(path: Path, place: str, text: Any) -> int:
    """A map or layer width/height: a whole number from 1 to MAX_BOARD_SIDE."""
    word = text.strip() if isinstance(text, str) else ""
    if (
        not (word.isascii() and word.isdigit())
        or len(word) > 4
        or not 1 <= int(word) <= MAX_BOARD_SIDE
    ):
        raise DataFileError(
            path,
            place,
            f"must be 1-{MAX_BOARD_SIDE} hexes (a board is at "
            f"most {MAX_BOARD_SIDE} x {MAX_BOARD_SIDE}), not "
            f"{clip(text)}",
        )
    return int(word)


def _inflate(path: Path, place: str, data: bytes, compression: str | None, size: int) -> bytes:
    """A layer's base64-decoded bytes, decompressed to at most ``size`` bytes (width x
    height x 4, known before a byte is inflated): a zlib bomb stops at ``size + 1``."""
    if not compression:
        return data
    if compression not in ("zlib", "gzip"):
        raise DataFileError(
            path,
            place,
            f"{clip(compression)} compression is not supported "
            "(save the map with zlib, gzip or no compression)",
        )
    wbits = zlib.MAX_WBITS | (16 if compression == "gzip" else 0)
    try:
        inflater = zlib.decompressobj(wbits)
        out = inflater.decompress(data, size + 1)
    except zlib.error as exc:
        raise DataFileError(path, place, f"the {compression} data is damaged ({exc})") from None
    if len(out) > size or inflater.unconsumed_tail:
        raise DataFileError(path, place, f"the layer's data is larger than its {size // 4} hexes")
    return out


def _layer_gids(path: Path, place: str, data_node: Any, cells: int) -> list[int]:
    """The ``cells`` tile numbers of a layer's <data> (CSV, base64 with or without
    zlib/gzip, or the old <tile gid> elements), Tiled's flag bits cleared."""
    if data_node is None:
        raise DataFileError(path, place, "the layer has no data")
    if data_node.find("chunk") is not None:
        raise DataFileError(path, place, "infinite maps (chunked layers) are not boards")
    encoding = data_node.get("encoding")
    text = data_node.text or ""
    try:
        if encoding is None:
            words = [tile.get("gid", "0") for tile in data_node.findall("tile")]
        elif encoding == "csv":
            words = text.split(",")
        elif encoding == "base64":
            raw = _inflate(
                path,
                place,
                base64.b64decode("".join(text.split()), validate=True),
                data_node.get("compression"),
                cells * 4,
            )
            if len(raw) != cells * 4:
                raise DataFileError(
                    path,
                    place,
                    f"the layer holds {len(raw) // 4} tiles, not its width x height ({cells})",
                )
            words = [str(gid) for gid in struct.unpack(f"<{cells}I", raw)]
        else:
            raise DataFileError(
                path, place, f"{clip(encoding)} layer encoding is not supported (use CSV or Base64)"
            )
    except binascii.Error as exc:
        raise DataFileError(path, place, f"not valid base64 ({exc})") from None
    if len(words) != cells:
        raise DataFileError(
            path, place, f"the layer holds {len(words)} tiles, not its width x height ({cells})"
        )
    gids = []
    for word in words:
        word = word.strip()
        if not (word.isascii() and word.isdigit()) or len(word) > 10 or int(word) > 0xFFFFFFFF:
            raise DataFileError(path, place, f"not a tile number: {clip(word)}")
        gids.append(int(word) & ~TILED_FLAG_BITS)
    return gids


def _board_xml(path: Path) -> Any:
    """The map's XML, checked and made safe for pytmx: the map at most MAX_BOARD_SIDE
    square, one tile layer whose data is decoded here (bounded) and handed on as plain
    CSV without Tiled's flag bits, and each external tileset read here (bounded) and
    put inline, so that pytmx never reads a file or inflates a byte itself."""
    root = _read_xml(path, "")
    if root.tag != "map":
        raise DataFileError(path, "map", f"not a Tiled map (root element {clip(root.tag)})")
    if root.get("orientation") != "hexagonal":
        raise DataFileError(
            path, "map.orientation", f"must be hexagonal, not {clip(root.get('orientation'))}"
        )
    if root.get("staggeraxis") not in ("x", "y"):
        raise DataFileError(path, "map.staggeraxis", "must be x or y")
    if root.get("staggerindex") not in ("odd", "even"):
        raise DataFileError(path, "map.staggerindex", "must be odd or even")
    if root.get("infinite", "0") != "0":
        raise DataFileError(path, "map.infinite", "infinite maps are not boards")
    _side(path, "map.width", root.get("width"))
    _side(path, "map.height", root.get("height"))
    layers = list(root.iter("layer"))
    if len(layers) != 1:
        raise DataFileError(path, "layers", f"a board has one tile layer, not {len(layers)}")
    layer = layers[0]
    place = f"layer {clip(layer.get('name'))}"
    cells = _side(path, f"{place}.width", layer.get("width")) * _side(
        path, f"{place}.height", layer.get("height")
    )
    data_node = layer.find("data")
    gids = _layer_gids(path, place, data_node, cells)
    data_node.clear()  # drops encoding, compression, <tile>s
    data_node.set("encoding", "csv")
    data_node.text = ",".join(map(str, gids))
    external = [
        (parent, i, child)
        for parent in root.iter()
        for i, child in enumerate(parent)
        if child.tag == "tileset" and child.get("source") is not None
    ]
    if len(external) > MAX_TILESETS:
        raise DataFileError(path, "tilesets", f"more than {MAX_TILESETS} tilesets")
    for parent, i, child in external:
        source = child.get("source")
        where = f"tileset {clip(source)}"
        tileset = _read_xml(path, where, path.parent / source)
        if tileset.tag != "tileset" or sum(1 for _ in tileset.iter("tileset")) != 1:
            raise DataFileError(path, where, "not a Tiled tileset (one <tileset> element)")
        inline = Element("tileset", {k: v for k, v in tileset.attrib.items() if k != "source"})
        inline.set("firstgid", child.get("firstgid", "1"))
        inline.extend(list(tileset))
        parent[i] = inline
    return root


@functools.cache
def _board_map_class() -> type:
    """pytmx's TiledMap without its image pass: a board needs tile properties only, and
    that pass walks a tileset image by its declared pixel size (a hostile size would
    loop for ever) and names files to load."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pytmx imports pygame
    import pytmx  # only .tmx boards need it

    class BoardMap(pytmx.TiledMap):
        def reload_images(self) -> None:
            self.images = [None] * self.maxgid

    return BoardMap


def _tiled_map(path: Path):
    """The map as pytmx reads it, from the XML :func:`_board_xml` read once, bounded."""
    root = _board_xml(path)
    tmx = _board_map_class()()
    tmx.filename = str(path)
    try:
        tmx.parse_xml(root)
    except Exception as exc:  # noqa: BLE001 - pytmx raises anything on a broken map; report
        reason = cut(str(exc)) or type(exc).__name__
        raise DataFileError(path, "", f"Tiled map cannot be read: {reason}") from None
    return tmx


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
        place = f"layer {clip(layer.name)} col {col} row {row}"
        tile = tmx.get_tile_properties_by_gid(gid) or {}
        kind, colour = tile.get("kind"), tile.get("colour")
        if kind not in KINDS:
            raise DataFileError(
                path, place, f"the tile's kind must be one of {', '.join(KINDS)}, not {clip(kind)}"
            )
        if kind == "buoy":
            if colour not in COLOURS:
                raise DataFileError(
                    path, place, f"a buoy tile needs colour {'/'.join(COLOURS)}, not {clip(colour)}"
                )
            cell = ["buoy", colour]
        else:
            cell = [kind]
        cells[offset_to_axial(col, row, tmx.staggeraxis, tmx.staggerindex)] = cell
    tiles = _tmx_tiles(path, props.get("tiles"), tmx.staggeraxis, tmx.staggerindex)
    return _finish_board(path, name, name_ja, level, cells, tiles)


TMX_TILE = re.compile(r"\s*(\d{1,2})([AB])\s+(-?\d{1,3}),(-?\d{1,3})(?:\s+r([0-5]))?\s*")


def _tmx_tiles(path: Path, text: Any, axis: str, index: str) -> list[tuple[int, str, int, int]]:
    """The map property ``tiles`` (optional): the box's tiles the board is built from,
    "14B 3,8; 1A 5,6", each tile's number and face and its centre as Tiled's column,row;
    for the board's picture only (DDG-2)."""
    return [entry[:4] for entry in _tmx_tile_entries(path, text, axis, index)]


def _tmx_tile_entries(
    path: Path, text: Any, axis: str, index: str
) -> list[tuple[int, str, int, int, int | None]]:
    """The ``tiles`` property's entries with the turn each tile lies at: "14B 3,8 r2"
    (r0-r5, 60° steps clockwise, as the YAML boards' ``rotation``; issue #41: what the
    builder needs to open the map again), None where the entry has none."""
    if text is None or text == "":
        return []
    place = "map.properties.tiles"
    if not isinstance(text, str) or len(text) > 400:  # 16 tiles "16B 12,12 r5" fit in 250
        raise DataFileError(path, place, "must be a short text like '14B 3,8 r2; 1A 5,6 r0'")
    out: list[tuple[int, str, int, int, int | None]] = []
    for part in text.split(";"):
        match = TMX_TILE.fullmatch(part)
        if match is None or not 1 <= int(match[1]) <= 16:
            raise DataFileError(
                path, place, f"{clip(part.strip())!s} is not a tile like '14B 3,8 r2' (tiles 1-16)"
            )
        q, r = offset_to_axial(int(match[3]), int(match[4]), axis, index)
        turn = int(match[5]) if match[5] is not None else None
        out.append((int(match[1]), match[2], q, r, turn))
    return out


def tmx_placement(path: str | Path) -> list[tuple[int, str, int, int, int]]:
    """The box's tiles a Tiled board lies as, each (number, side, q, r, rotation) in the
    board's axial coordinates before normalising, from the map property ``tiles`` with
    every tile's turn (what the builder writes). A DataFileError says why a map has none:
    drawn hex by hex in Tiled, or an older map without the turns; such a map still plays
    as a board, it only cannot be edited in the builder."""
    path = Path(path)
    tmx = _tiled_map(path)
    props = tmx.properties or {}
    place = "map.properties.tiles"
    entries = _tmx_tile_entries(path, props.get("tiles"), tmx.staggeraxis, tmx.staggerindex)
    if not entries:
        raise DataFileError(
            path,
            place,
            "the map is drawn hex by hex, not laid from the box's tiles: it plays as a board "
            "but cannot be edited in the builder",
        )
    if any(turn is None for *_, turn in entries):
        raise DataFileError(
            path,
            place,
            "the tiles' turns are missing (r0-r5 after each tile): the map plays as a board "
            "but cannot be edited in the builder",
        )
    return [(n, side, q, r, int(turn or 0)) for n, side, q, r, turn in entries]


def board_to_tmx(board: Mapping, rotations: list[int] | None = None) -> str:
    """A board's plain data as a Tiled map (stagger axis y, index odd) using the shipped
    tileset duck.tsx: how the .tmx twins of the YAML boards are made. ``rotations``: each
    of ``board["tiles"]``'s turn, in its order (the builder's boards): written after the
    tile in the map's ``tiles`` property ("14B 3,8 r2") so the builder reopens the map."""
    tile_ids = {
        ("water", None): 1,
        ("start", None): 2,
        ("drain", None): 3,
        ("buoy", "red"): 4,
        ("buoy", "yellow"): 5,
        ("buoy", "green"): 6,
    }
    grid = {}
    for entry in board["hexes"]:
        col, row = axial_to_offset(entry[0], entry[1])
        grid[(col, row)] = tile_ids[(entry[2], entry[3] if len(entry) > 3 else None)]
    width = max(c for c, _ in grid) + 1
    height = max(r for _, r in grid) + 1
    rows = [",".join(str(grid.get((c, r), 0)) for c in range(width)) for r in range(height)]
    data = ",\n".join(rows)
    placed = list(board.get("tiles", ()))
    turns = [f" r{turn}" for turn in rotations] if rotations is not None else [""] * len(placed)
    if len(turns) != len(placed):
        raise ValueError(f"{len(turns)} rotations for {len(placed)} tiles")
    tiles = "; ".join(
        "{}{} {},{}{}".format(number, side, *axial_to_offset(q, r), turn)
        for (number, side, q, r), turn in zip(placed, turns, strict=True)
    )
    tiles_line = f'  <property name="tiles" value="{tiles}"/>\n' if tiles else ""

    def attr(text: str) -> str:
        return escape(text, {'"': "&quot;"})

    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" '
        f'renderorder="right-down" width="{width}" height="{height}" tilewidth="64" '
        f'tileheight="74" hexsidelength="37" staggeraxis="y" staggerindex="odd" '
        f'infinite="0" nextlayerid="2" nextobjectid="1">\n'
        " <properties>\n"
        f'  <property name="name" value="{attr(board["name"])}"/>\n'
        f'  <property name="name_ja" value="{attr(board["name_ja"])}"/>\n'
        f'  <property name="level" value="{attr(board["level"])}"/>\n'
        f"{tiles_line}"
        " </properties>\n"
        f' <tileset firstgid="1" source="{TILESET_FILE}"/>\n'
        f' <layer id="1" name="board" width="{width}" height="{height}">\n'
        '  <data encoding="csv">\n'
        f"{data}\n"
        "</data>\n"
        " </layer>\n"
        "</map>\n"
    )


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
        raise DataFileError(path, place, f"must be names from {' '.join(names)}, not {clip(text)}")
    return [names[w] for w in words]


def _route(route: Any, path: Path, place: str) -> dict:
    route = _mapping(route, path, place, ("steps", "facings"))
    return {
        "steps": _turns(route["steps"], path, f"{place}.steps", STEP_NAMES),
        "facings": _turns(route["facings"], path, f"{place}.facings", TURNS),
    }


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
        cards.append(
            {
                "number": card["number"],
                "routes": [
                    _route(r, path, f"cards[{i}].routes[{j}]") for j, r in enumerate(routes)
                ],
            }
        )
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
def is_board_file(path: Path) -> bool:
    """A name the boards folders offer: .yaml, .yml or .tmx in any case (``Pond.TMX``)."""
    return path.suffix.lower() in BOARD_SUFFIXES


def checked_board(path: str | Path) -> dict:
    """A board fit for a race: :func:`load_board`, then the rules' DDG-42 check for the
    fewest ducks of a race (MIN_DUCKS: a board built for 4 ducks is a board; how many it
    takes is :func:`board_players`, and the rules check the table's own count again when
    a game starts), its first problem (and how many more) as a DataFileError naming the
    file. Read and checked once per version of the file
    and of what it uses (:func:`game.boards.cached_load`); the result is a copy, the
    caller's to change."""
    return copy.deepcopy(cached_load("duck board", path, _load_and_check))


def _load_and_check(path: Path) -> dict:
    data = load_board(path)
    problems = board_problems(board_from_data(data), MIN_DUCKS)
    if problems:
        place, problem = problems[0]
        more = (
            f" (and {len(problems) - 1} more: python -m game check-board lists them)"
            if len(problems) > 1
            else ""
        )
        raise DataFileError(path, place, problem + more)
    return data


def board_players(data: Mapping[str, Any]) -> int:
    """How many ducks a checked board takes: one per start space, at most MAX_DUCKS."""
    starts = sum(1 for hex_ in data["hexes"] if hex_[2] == "start")
    return min(starts, MAX_DUCKS)


def board_path(name: str) -> Path:
    """A board name (a file stem in data/boards/duck, YAML preferred over TMX, or with
    its suffix) or a path to a board file."""
    if not isinstance(name, str) or not name.strip():
        raise DataFileError(DUCK_DIR, "", f"not a board name: {clip(name)}")
    if "/" in name or "\\" in name:
        return Path(name)
    if is_board_file(Path(name)) and (DUCK_DIR / name).exists():
        return DUCK_DIR / name
    for suffix in BOARD_SUFFIXES:
        candidate = DUCK_DIR / f"{name}{suffix}"
        if candidate.exists() and name not in DATA_FILES:
            return candidate
    if Path(name).exists():
        return Path(name)
    known = ", ".join(b["stem"] for b in current_scan().boards if b["shipped"])
    raise DataFileError(DUCK_DIR / name, "", f"no such board (shipped: {known})")


@dataclass(frozen=True)
class BoardScan:
    """The boards folders as the lobby shows them. ``boards``: the boards fit for a race,
    the shipped ones first (beginner boards first, the default board first among them),
    then the player's own by file name; each ``{"stem", "path", "tmx", "name", "name_ja",
    "level", "players", "shipped"}`` (``players``: the most ducks it takes) (``stem``: what the lobby offers and prepare_options takes, a
    shipped board's file stem or the path of the player's file). ``problems``: one
    ``file: place: problem`` line per board or folder that cannot be used. ``folder``:
    the player's boards folder scanned."""

    boards: tuple[dict, ...]
    problems: tuple[str, ...]
    folder: Path


MAX_USER_BOARDS = 100  # board files read from the player's folder, in name order
_SCAN_LOCK = threading.Lock()
_latest_scan: BoardScan | None = None


def scan_boards() -> BoardScan:
    """Look at both boards folders now: each board file is read and checked (DDG-42)
    only if it is new or changed since it was last read (a stat of the file and what it
    uses otherwise). Meant for the lobby's entry, in a background thread if wished:
    thread-safe (one scan at a time), never raises for a bad file or folder."""
    global _latest_scan
    with _SCAN_LOCK:
        problems: list[DataFileError] = []
        folder = user_boards_dir()
        boards = _shipped_boards(problems) + _user_boards(folder, problems)
        scan = BoardScan(tuple(boards), tuple(str(exc) for exc in problems), folder)
        _latest_scan = scan
    return scan


def latest_scan() -> BoardScan | None:
    """The last scan's result, without touching the disk (None before the first)."""
    return _latest_scan


def current_scan() -> BoardScan:
    """The last scan (if it was of today's player folder), or a first one now."""
    scan = _latest_scan
    return scan if scan is not None and scan.folder == user_boards_dir() else scan_boards()


def _folder_files(folder: Path, problems: list[DataFileError], missing_ok: bool) -> list[Path]:
    """The board files in ``folder`` by name; an unreadable folder is one problem."""
    try:
        if not stat.S_ISDIR(folder.stat().st_mode):
            problems.append(DataFileError(folder, "", "not a folder"))
            return []
        return sorted(path for path in folder.iterdir() if is_board_file(path))
    except FileNotFoundError:
        if not missing_ok:
            problems.append(DataFileError(folder, "", "the boards folder is missing"))
        return []
    except OSError as exc:
        problems.append(
            DataFileError(folder, "", f"the folder cannot be read ({exc.strerror or exc})")
        )
        return []


def _entry(path: Path, problems: list[DataFileError], **fields) -> dict | None:
    try:
        data = cached_load("duck board", path, _load_and_check)
    except DataFileError as exc:
        problems.append(exc)
        return None
    return {
        "path": path,
        "name": data["name"],
        "name_ja": data["name_ja"],
        "level": data["level"],
        "players": board_players(data),
        **fields,
    }


def _shipped_boards(problems: list[DataFileError]) -> list[dict]:
    stems: dict[str, dict] = {}
    for path in _folder_files(DUCK_DIR, problems, missing_ok=False):
        if path.stem in DATA_FILES:
            continue
        files = stems.setdefault(path.stem, {"yaml": None, "tmx": None})
        files["tmx" if path.suffix.lower() == ".tmx" else "yaml"] = path
    boards = []
    for stem, files in stems.items():
        entry = _entry(
            files["yaml"] or files["tmx"], problems, stem=stem, tmx=files["tmx"], shipped=True
        )
        if entry:
            boards.append(entry)
    boards.sort(key=lambda b: (LEVELS.index(b["level"]), b["stem"] != DEFAULT_BOARD, b["name"]))
    return boards


def _user_boards(folder: Path, problems: list[DataFileError]) -> list[dict]:
    paths = _folder_files(folder, problems, missing_ok=True)
    if len(paths) > MAX_USER_BOARDS:
        problems.append(
            DataFileError(
                folder,
                "",
                f"{len(paths)} board files: only the first {MAX_USER_BOARDS} by name are read",
            )
        )
        paths = paths[:MAX_USER_BOARDS]
    entries = (_entry(path, problems, stem=str(path), tmx=None, shipped=False) for path in paths)
    return [entry for entry in entries if entry]


def list_boards() -> list[dict]:
    """The shipped boards fit for a race, as a fresh :func:`scan_boards` lists them."""
    return [board for board in scan_boards().boards if board["shipped"]]


def user_boards_dir() -> Path:
    """Where a player drops boards of their own (YAML or Tiled TMX): they appear in the
    lobby after the shipped ones."""
    return data_dir() / "boards"


# The lobby options whose choices come from the scan of the boards folders (the lobby shows
# "Reading boards…" for them while the scan runs).
SCANNED_OPTIONS = ("board",)


def lobby_choices(key: str):
    """Data-driven lobby choices: the shipped boards by name, then the player's own by
    path (None for other options). From the last scan: no disk access after the first."""
    if key == "board":
        return [board["stem"] for board in current_scan().boards]
    return None


LEVEL_NAMES = {
    "beginner": ("beginner", "初級"),
    "moderate": ("moderate", "中級"),
    "advanced": ("advanced", "上級"),
}


def lobby_label(key: str, value: Any, lang: str) -> str | None:
    """A board's name in the player's language, with its level and, for a board that
    takes fewer than the game's six, how many players it takes ("up to 4") (from the
    last scan)."""
    if key != "board":
        return None
    for board in current_scan().boards:
        if board["stem"] == value:
            name = board["name_ja"] if lang == "ja" and board["name_ja"] else board["name"]
            level = LEVEL_NAMES.get(board["level"], (board["level"],) * 2)[lang == "ja"]
            players = board["players"]
            if players < MAX_DUCKS:
                return (
                    f"{name}（{level}・{players}人まで）"
                    if lang == "ja"
                    else f"{name} ({level}, up to {players})"
                )
            return f"{name}（{level}）" if lang == "ja" else f"{name} ({level})"
    return None


def lobby_limit(key: str, value: Any) -> int | None:
    """The most seats an option's value allows (a board: its start spaces, DDG-42), from
    the last scan; None for other options and unknown values. The lobby caps its seats
    by it and skips, when a board is chosen, the boards that cannot take the table."""
    if key != "board":
        return None
    for board in current_scan().boards:
        if board["stem"] == value:
            return int(board["players"])
    return None


def lobby_problems() -> list[str]:
    """One line per board or boards folder that cannot be used (shown as a dialog): a
    fresh :func:`scan_boards`, so entering the lobby sees boards added since."""
    return list(scan_boards().problems)


def prepare_options(options: Mapping[str, Any]) -> dict:
    """Lobby/command-line options -> rules options: ``board`` (a name or path, default
    the beginner board "bathtub") becomes its data; the deck and hound board are loaded.
    ``variant: official`` (the command line's shorthand) means beginner + official."""
    out = dict(options)
    variant = out.get("variant")
    if isinstance(variant, str) and variant in VARIANT_SHORTHANDS:  # a save may hold anything
        shorthand = VARIANT_SHORTHANDS[variant]
        out["variant"] = shorthand["variant"]
        for key, value in shorthand.items():
            out.setdefault(key, value)
    if "variant" in out and out["variant"] not in VARIANTS:
        raise ValueError(
            f"Duck! Duck! Go! variant must be one of {', '.join(VARIANTS)} "
            f"or {', '.join(VARIANT_SHORTHANDS)}, not {out['variant']!r}"
        )
    board = out.get("board", DEFAULT_BOARD)
    if isinstance(board, (str, Path)):
        out["board"] = checked_board(board_path(str(board)))
    if not isinstance(out.get("deck"), Mapping):
        out["deck"] = load_deck()
    if not isinstance(out.get("hound"), Mapping):
        out["hound"] = load_hound()
    return out
