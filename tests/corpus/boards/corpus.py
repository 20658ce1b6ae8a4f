"""Hostile (and a few honest but unusual) Duck! Duck! Go! board files, and what each one
guards (issue #15). The small ones are committed beside this file; the huge and the
special ones (FIFOs, links to /dev/zero, multi-megabyte maps) are made by
:func:`generate` at test time. Both the tests (tests/test_data_fuzz.py) and
tools/bench_hostile_files.py use this list.

Every entry: file name -> ``Case(expect, words, guards)``: ``expect`` is ``"loads"`` or
``"refused"`` (a DataFileError naming the file from ``game.boards.duck.checked_board``,
the lobby's and the Start button's loader), ``words`` a piece of the message (or of the
board's name when it loads).
"""

from __future__ import annotations

import base64
import os
import zlib
from pathlib import Path
from typing import NamedTuple

CORPUS_DIR = Path(__file__).resolve().parent
TILESET = (CORPUS_DIR / "duck.tsx").read_text(encoding="utf-8")


class Case(NamedTuple):
    expect: str  # "loads" or "refused"
    words: str  # in the problem, or the loaded board's name
    guards: str  # what went wrong before


COMMITTED = {
    "yaml-impossible-date.yaml": Case(
        "refused",
        "line 2: not valid YAML (unusable value: day is out of range",
        "name: 2024-02-30 quit the app (ValueError from the YAML constructor)",
    ),
    "yaml-5000-digits.yaml": Case(
        "refused",
        "unusable value: Exceeds the limit",
        "a 5000-digit number quit the app (ValueError)",
    ),
    "yaml-alias-bomb.yaml": Case(
        "refused",
        "more than 10,000 values",
        "a 342-byte billion laughs of anchors took 20 s and 1.6 GB, then printed the expansion",
    ),
    "yaml-alias-loop.yaml": Case(
        "refused",
        "inside its own anchor",
        "a list that holds itself: any walk over it recursed for ever",
    ),
    "yaml-deep.yaml": Case(
        "refused",
        "nested more than 50 deep",
        "2000 open brackets: the scanner is quadratic in them (0.5 s for 4 KB)",
    ),
    "board-no-drain.yaml": Case(
        "refused",
        "board-no-drain.yaml: hexes: the board has 0 drains",
        "listed in the lobby; Start failed with options.board.hexes and no file name",
    ),
    "tmx-two-starts.tmx": Case(
        "loads",
        "Two Starts",
        "the same, drawn in Tiled: refused while the lobby took only boards for 6 ducks; "
        "since issue #41 (Decision D-23, docs/rules) a board with 2 start spaces is a "
        "board for 2 players",
    ),
    "tmx-zlib-bomb.tmx": Case(
        "refused",
        "larger than its 72 hexes",
        "a zlib layer inflating to 4 MB for an 8 x 9 map (the 136 KB one: 11 s, 690 MB)",
    ),
    "tmx-gzip-bomb.tmx": Case("refused", "larger than its 72 hexes", "the same with gzip"),
    "tmx-zstd.tmx": Case(
        "refused",
        "'zstd' compression is not supported",
        "pytmx has no zstd: an empty reason before",
    ),
    "tmx-999x999-header.tmx": Case(
        "refused",
        "map.width: must be 1-64 hexes",
        "a 999 x 999 map was decoded whole (19 s, 1 GB in check-board)",
    ),
    "tmx-too-few-tiles.tmx": Case(
        "refused", "holds 4 tiles, not its width x height (72)", "layer data shorter than the layer"
    ),
    "tmx-gid-past-32-bits.tmx": Case(
        "refused", "not a tile number: '99999999999'", "a tile number no Tiled map can hold"
    ),
    "tmx-bad-base64.tmx": Case("refused", "not valid base64", "binascii.Error escaped"),
    "tmx-entity-bomb.tmx": Case("refused", "unsafe XML refused", "XML billion laughs"),
    "tmx-two-layers-in-a-group.tmx": Case(
        "refused", "one tile layer, not 2", "a second layer hidden in a group"
    ),
    "tmx-tileset-in-tileset.tmx": Case(
        "refused",
        "not a Tiled tileset",
        "a tileset inside the tileset: pytmx would open its source (/dev/zero) itself",
    ),
    "tmx-huge-tileset-image.tmx": Case(
        "loads",
        "Huge Image",
        "a tileset image declared "
        "10^9 x 10^9 pixels of 1 x 1 tiles: pytmx's image pass "
        "looped over 10^18 tiles",
    ),
    "tmx-hex-120-flags.tmx": Case(
        "loads",
        "Bathtub",
        "Tiled's hex 120° flag (0x10000000) and the three flips: the tile's kind was read as None",
    ),
    "tmx-hex-120-flags-zlib.tmx": Case(
        "loads", "Bathtub", "the same saved as Tiled's default base64 + zlib"
    ),
    "tmx-xml-tiles.tmx": Case("loads", "Bathtub", "Tiled's old <tile gid> layer format"),
}


def _map(
    width: int,
    height: int,
    data: str,
    tileset: str = '<tileset firstgid="1" source="duck.tsx"/>',
    name: str = "Generated",
) -> str:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation='
        f'"hexagonal" renderorder="right-down" width="{width}" height="{height}" '
        'tilewidth="64" tileheight="74" hexsidelength="37" staggeraxis="y" '
        'staggerindex="odd" infinite="0">\n <properties>\n'
        f'  <property name="name" value="{name}"/>\n'
        '  <property name="name_ja" value="生成"/>\n'
        '  <property name="level" value="advanced"/>\n </properties>\n'
        f' {tileset}\n <layer id="1" name="board" width="{width}" height="{height}">\n'
        f"  {data}\n </layer>\n</map>\n"
    )


def _zlib_layer(raw: bytes) -> str:
    return (
        '<data encoding="base64" compression="zlib">'
        + base64.b64encode(zlib.compress(raw, 9)).decode()
        + "</data>"
    )


def zlib_of_zeros(size: int, block: int = 1 << 20) -> bytes:
    """A valid zlib stream of ``size`` zero bytes (rounded down to ``block``s), made in
    milliseconds: after a full flush deflate starts afresh, so one compressed block
    repeats; the trailer is the Adler-32 of n zeros, (n mod 65521) << 16 | 1."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    one = deflate.compress(bytes(block)) + deflate.flush(zlib.Z_FULL_FLUSH)
    end = deflate.flush()
    blocks = size // block
    checksum = ((blocks * block % 65521) << 16) | 1
    return b"\x78\xda" + one * blocks + end + checksum.to_bytes(4, "big")


def largest_board(side: int = 64) -> str:
    """An honest side x side board, every hex used: water, with a drain in the middle,
    the three buoys around it and six starts along the top row."""
    gids = [1] * (side * side)
    middle = side // 2 * side + side // 2
    gids[middle] = 3
    for i, gid in enumerate((4, 5, 6)):
        gids[middle + 2 + 2 * i] = gid
    for i in range(6):
        gids[1 + 2 * i] = 2
    rows = [",".join(map(str, gids[r * side : (r + 1) * side])) for r in range(side)]
    return _map(
        side,
        side,
        '<data encoding="csv">\n' + ",\n".join(rows) + "\n</data>",
        name=f"Largest {side}",
    )


def generate(folder: Path) -> dict[str, Case]:
    """Write the huge and special corpus files into ``folder`` (with duck.tsx beside
    them) and return what each must give. Special files are skipped where the system
    cannot make them (no mkfifo, no /dev/zero)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "duck.tsx").write_text(TILESET, encoding="utf-8")
    cases: dict[str, Case] = {}

    def write(name: str, data: bytes | str, case: Case) -> None:
        raw = data.encode("utf-8") if isinstance(data, str) else data
        (folder / name).write_bytes(raw)
        cases[name] = case

    write(
        "largest-64x64.tmx",
        largest_board(),
        Case("loads", "Largest 64", "the largest board allowed must still load, fast"),
    )
    write(
        "honest-999x999.tmx",
        largest_board(999),
        Case(
            "refused",
            "larger than 256,000 bytes",
            "an honest 999 x 999 board froze the lobby 22 s on entry and 20 s per click",
        ),
    )
    write(
        "honest-65x64-small.tmx",
        largest_board(65),
        Case(
            "refused",
            "must be 1-64 hexes",
            "one column past the limit, under the byte limit: refused by its header",
        ),
    )
    # 136 KB and 3.9 MB of zlib: both under the old 4 MB limit
    for name, inflated in (("zlib-136k.tmx", 140_000_000), ("zlib-3.9m.tmx", 4_000_000_000)):
        payload = base64.b64encode(zlib_of_zeros(inflated)).decode()
        write(
            name,
            _map(8, 9, '<data encoding="base64" compression="zlib">' + payload + "</data>"),
            Case(
                "refused",
                "larger than its 72 hexes"
                if len(payload) < 256_000
                else "larger than 256,000 bytes",
                f"a zlib layer of {len(payload) // 1000} KB: 11 s / 690 MB (136 KB) and "
                "5½ min / 15.8 GB (3.9 MB) before",
            ),
        )
    write(
        "huge.yaml",
        b"# " + b"x" * 5_000_000 + b"\n",
        Case("refused", "larger than 64,000 bytes", "5 MB of YAML was parsed"),
    )
    write(
        "flow-60k.yaml",
        "[" + "0," * 30_000 + "0]\n",
        Case(
            "refused",
            "more than 10,000 values",
            "the most values a file under the byte limit can hold",
        ),
    )
    write(
        "tileset-fifo.tmx",
        _map(8, 9, _zlib_layer(bytes(8 * 9 * 4)), '<tileset firstgid="1" source="fifo.tsx"/>'),
        Case(
            "refused",
            "tileset 'fifo.tsx': cannot be read (not a regular file)",
            "pytmx opened the tileset itself: a FIFO hung the app",
        ),
    )
    if hasattr(os, "mkfifo"):
        for name in ("fifo.yaml", "fifo.tmx", "fifo.tsx"):
            os.mkfifo(folder / name)
        cases["fifo.yaml"] = cases["fifo.tmx"] = Case(
            "refused", "cannot be read (not a regular file)", "a board that is a FIFO hung the app"
        )
    else:
        del cases["tileset-fifo.tmx"]
    if os.path.exists("/dev/zero"):
        for name in ("zero.yaml", "zero.tmx"):
            os.symlink("/dev/zero", folder / name)
            cases[name] = Case(
                "refused",
                "cannot be read (not a regular file)",
                "a board linked to /dev/zero read until MemoryError",
            )
    return cases


def all_cases(folder: Path) -> dict[str, tuple[Path, Case]]:
    """The committed corpus and the generated one (made in ``folder``), by name."""
    out = {name: (CORPUS_DIR / name, case) for name, case in COMMITTED.items()}
    out.update({name: (folder / name, case) for name, case in generate(folder).items()})
    return out
