"""Start-up to the first frame (issue #37): what the first frame does not need is loaded
after it is shown. The window's first flip happens before ``logging`` (only a warning
needs it), ``platformdirs`` (only without ``$TABLETOP_DERBY_HOME``), ``yaml`` (the
catalogs come from their JSON cache) or any game's rules or table are imported."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# at the first flip, the names of the modules loaded that the first frame should not need
# (argv[1], comma-separated), for the command line argv[2:]; a window that would run on is
# closed after its first frame (a QUIT, as the window manager sends)
FIRST_FRAME = """
import gc
import os
import re
import sys
import pygame

flip = pygame.display.flip
svg = pygame.image.load_sized_svg
font = pygame.font.Font
LATER = tuple(sys.argv[1].split(","))
rasterised = []
opened = []  # the fonts opened before the frame
expressions = set()  # the game's files that compiled a regular expression before it
compile_re = re.compile


def game_file(frame):  # the game's file nearest up the stack from frame (None: none)
    while frame is not None:
        name = frame.f_code.co_filename.replace(os.sep, "/")
        if "/game/" in name:
            return name[name.rindex("/game/") + 1 :]
        frame = frame.f_back
    return None


def counted_compile(*args, **kwargs):
    # the game's own expressions, and the patterns of its globs (pathlib, fnmatch);
    # not those a module of Python's compiles when the game imports it (json's)
    caller = sys._getframe(1)
    name = caller.f_code.co_filename.replace(os.sep, "/")
    if "/game/" in name or name.endswith(("/fnmatch.py", "/pathlib.py", "/glob.py")):
        where = game_file(caller)
        if where is not None:
            expressions.add(where)
    return compile_re(*args, **kwargs)
compiled = set()  # the game's files that compiled code from a string before the frame


def audit(event, args):
    if event != "compile" or args[1] != "<string>":
        return
    where = game_file(sys._getframe(1))
    if where is not None:
        compiled.add(where)


def counted_svg(*args, **kwargs):
    rasterised.append(args[0])
    return svg(*args, **kwargs)


def counted_font(*args, **kwargs):
    opened.append(args)
    return font(*args, **kwargs)


def first_flip(*args):
    later = sorted(m for m in sys.modules if m in LATER or m.startswith(LATER))
    print("first frame:", ",".join(later))
    print("svg before it:", len(rasterised))
    print("collecting garbage:", gc.isenabled())
    print("compiled by:", ",".join(sorted(compiled)))
    print("fonts opened:", len(opened))
    print("expressions compiled by:", ",".join(sorted(expressions)))
    sys.stdout.flush()
    pygame.display.flip = flip
    pygame.font.Font = font
    re.compile = compile_re
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    return flip(*args)


pygame.display.flip = first_flip
pygame.image.load_sized_svg = counted_svg
pygame.font.Font = counted_font
re.compile = counted_compile  # glob's patterns too (fnmatch compiles with re.compile)
sys.addaudithook(audit)
from game.__main__ import main

sys.exit(main(sys.argv[2:]))
"""
LATER = ("logging", "platformdirs", "yaml", "game.rules.duck", "game.ai", "game.boards")
LATER += ("game.scenes.table", "array")  # array: the sounds' samples, made after it
LATER += ("threading",)  # the sounds' thread and the history's start after it


def first_frame(home: Path, argv: list[str], later: tuple[str, ...] = LATER) -> tuple[str, int]:
    """The modules of ``later`` loaded when the first frame flips, and how many SVG files
    were rasterised before it."""
    return _first_frame(home, argv, later)[:2]


def _first_frame(
    home: Path, argv: list[str], later: tuple[str, ...]
) -> tuple[str, int, str, str, int, str]:
    env = {
        **os.environ,
        "TABLETOP_DERBY_HOME": str(home),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "PYTHONPATH": str(ROOT),
    }
    out = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME, ",".join(later), *argv],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,  # a bound: a hang is killed, not a timing check
    )
    lines = out.stdout.splitlines()
    shown = [line for line in lines if line.startswith("first frame:")]
    assert shown, f"no frame was shown: {out.stdout!r} {out.stderr!r}"
    svgs = next(line for line in lines if line.startswith("svg before it:"))
    collecting = next(line for line in lines if line.startswith("collecting garbage:"))
    compiled = next(line for line in lines if line.startswith("compiled by:"))
    fonts = next(line for line in lines if line.startswith("fonts opened:"))
    patterns = next(line for line in lines if line.startswith("expressions compiled by:"))
    modules = shown[0].removeprefix("first frame:").strip()
    compilers = compiled.split(":", 1)[1].strip()
    collects = collecting.split(":")[1].strip()
    found = patterns.split(":", 1)[1].strip()
    return modules, int(svgs.split(":")[1]), collects, compilers, int(fonts.split(":")[1]), found


def first_frame_modules(home: Path, argv: list[str], later: tuple[str, ...] = LATER) -> str:
    return first_frame(home, argv, later)[0]


def test_the_first_frame_is_shown_before_what_it_does_not_need_is_imported(tmp_path):
    """issue #37: start-up to the first frame within 1.3x a bare window: logging,
    threading (~2 million instructions: the sounds' thread starts after the frame) and
    platformdirs (and yaml, and the games' rules, the bots, the boards and the tables) come after the
    first flip (and array, the sounds' samples): the command line's checks import the bots
    and boards only when asked."""
    first_frame_modules(tmp_path, ["play", "--frames", "1"])  # writes the JSON caches
    assert first_frame_modules(tmp_path, ["play", "--frames", "1"]) == ""


def test_the_window_alone_builds_no_command_line_parser(tmp_path):
    """issue #37: ``tabletop-derby`` with no arguments (a double-click, main.py) shows its
    first frame without argparse or the commands' shared parts (game.cli.common: the
    parser, what each game offers): the command line is parsed only when there is one."""
    later = (*LATER, "argparse", "game.cli.common")
    first_frame_modules(tmp_path, [])  # the first run writes the JSON caches
    assert first_frame_modules(tmp_path, [], later) == ""
    assert first_frame_modules(tmp_path, ["play"], later) == ""
    # with a flag the parser is built (and argparse imported) as before
    assert first_frame_modules(tmp_path, ["--frames", "1"], later) == "argparse,game.cli.common"


def test_the_first_frame_rasterises_no_svg_once_its_pictures_are_kept(tmp_path):
    """issue #37: the title menu's covers, band and wordmark and the window's icon were
    34 SVG files rasterised before the first frame; the first start keeps them
    (game.ui.kept), and every start after it reads them back: none is rasterised."""
    assert first_frame(tmp_path, [])[1] >= 30  # the first start paints and keeps them
    assert first_frame(tmp_path, []) == ("", 0)


def test_a_plain_start_collects_no_garbage_before_its_first_frame(tmp_path):
    """issue #37: the window alone holds the garbage collector until its first frame is
    shown (the collector's passes over the start-up's imports were ~3 ms); a command
    line with flags (a test's, a tool's) is not touched."""
    assert _first_frame(tmp_path, [], LATER)[2] == "False"
    assert _first_frame(tmp_path, ["--frames", "1"], LATER)[2] == "True"


def test_the_first_frame_shown_collects_again(monkeypatch):
    """issue #37: App.run enables the collector again once its first frame is shown,
    for the rest of the run."""
    import gc

    import pygame

    from game.scenes.shell.menu import MenuScene
    from tests.scene_helpers import make_app

    app = make_app((1024, 600), "en")
    app.push(MenuScene(app))
    seen: list[bool] = []
    flip = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: seen.append(gc.isenabled()) or flip())
    gc.disable()
    try:
        app.run(frames=2)
        assert seen[:1] == [False] and gc.isenabled()
    finally:
        gc.enable()


def test_the_first_frame_compiles_no_value_class_of_the_registry_saves_or_settings(tmp_path):
    """issue #37: ``@dataclass`` compiles each class's methods from source text when its
    module is imported (~0.3 ms a class); the registry's three (GameInfo, Character,
    CastMember), SaveInfo, BadNumber and Settings are written out (game.frozen), so none
    of those modules compiles any code before the first frame. (What still does: the
    Button stays a dataclass, its subclasses being dataclasses; a NamedTuple evaluates its
    small ``__new__``.)"""
    _first_frame(tmp_path, [], LATER)  # the first run writes the caches
    compiled = set(_first_frame(tmp_path, [], LATER)[3].split(","))
    written_out = {"game/registry.py", "game/saves.py", "game/storage.py", "game/settings.py"}
    written_out.add("game/frozen.py")
    assert compiled & written_out == set()
    left = {"game/ui/widgets.py", "game/scenes/shell/title_art.py"}
    assert compiled <= left


def test_the_first_frame_opens_no_font_once_its_texts_are_kept(tmp_path):
    """issue #37: the title menu's texts (rendering and fitting them opened six sizes of
    the font, ~27 million instructions) are kept by the first start (game.ui.kept_text);
    every start after it reads them back and opens no font before its first frame. A
    start in the other language keeps its own."""
    assert _first_frame(tmp_path, [], LATER)[4] >= 2  # the first start renders and keeps
    assert _first_frame(tmp_path, [], LATER)[4] == 0
    assert _first_frame(tmp_path, ["--lang", "ja"], LATER)[4] >= 2
    assert _first_frame(tmp_path, ["--lang", "ja"], LATER)[4] == 0
    assert _first_frame(tmp_path, [], LATER)[4] == 0


def test_the_first_frame_compiles_no_regular_expression_of_the_game(tmp_path):
    """issue #37: the expressions of storage, saves and settings were compiled when their
    modules were imported, and the menu's look for lessons and the app's for pending
    games were globs (each pattern a regular expression): ~6 million instructions before
    the first frame. They are compiled when first used (storage.compiled), which a plain
    start's first frame never does; json's own stay (the settings are JSON)."""
    _first_frame(tmp_path, [], LATER)  # the first run writes the caches
    assert _first_frame(tmp_path, [], LATER)[5] == ""
