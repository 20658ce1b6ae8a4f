"""End-to-end check in a real X window (Xvfb + xdotool + ImageMagick's import).

Starts ``python main.py`` on a virtual screen, finds its window with
``xdotool search --sync --pid``, clicks through the menu into Settings, switches the
language, comes back, takes screenshots and checks the pixels at known widgets, then
quits through the UI and demands exit code 0. Widget positions come from the very same
layout code, run headless at the same window size, so the clicks cannot drift from the UI.

Then each game in E2E_GAMES (default: all four) is played by clicks in a new app run by
``tools/e2e_<game>.py``, which finds what to click in the app's probe file
(TABLETOP_DERBY_PROBE); then the first lesson of each of those games that has one is
followed by clicks from the menu's "Learn to play" to its end (``tools/e2e_lessons.py``;
E2E_LESSONS=duck-1,routes-1 names the lessons instead, E2E_LESSONS= runs none); last,
a host window and a guest window play one game over the network (``tools/e2e_online.py``;
E2E_ONLINE=0 skips it, E2E_ONLINE_TYPED=1 joins by typing the address and code rather
than by mDNS, and rejoins from "Your seats" rather than by typing).
Before the games, the Duck board builder is driven by clicks and keys, its board saved
and played to the end by computers (``tools/e2e_builder.py``; E2E_BUILDER=0 skips it).
E2E_VERBOSE=1 prints every click; E2E_DISPLAY=:113 takes another X display than :97.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1280, 720)
GAMES = ("duck", "cluck", "routes", "verflixxt")  # each played by tools/e2e_<id>.py


def sh(*args: str, env=None, timeout=30) -> str:
    return subprocess.run(
        args, check=True, capture_output=True, text=True, env=env, timeout=timeout
    ).stdout.strip()


class Layout:
    """Button centres of each scene, from the real layout code under the dummy driver."""

    def __init__(self, home: Path) -> None:
        # The same home as the app under test: saves decide whether a Resume button shows.
        os.environ["TABLETOP_DERBY_HOME"] = str(home)
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        sys.path.insert(0, str(ROOT))
        from game.app import App
        from game.settings import Settings

        self.app = App(size=SIZE, settings=Settings(), persist=False)

    def shipped_boards(self) -> int:
        """How many shipped Duck! boards the lobby offers before the player's own."""
        from game.boards.duck import list_boards

        return len(list_boards())

    def centre(self, scene_name: str, key: str, lang: str = "en") -> tuple[int, int]:
        from game.scenes.shell.menu import MenuScene
        from game.scenes.shell.settings import SettingsScene

        self.app.set_language(lang)
        scene = {"menu": MenuScene, "settings": SettingsScene}[scene_name](self.app)
        scene.layout(SIZE)
        return scene.buttons.by_key(key).rect.center


class XSession:
    def __init__(self, display: str, home: Path):
        self.display = display
        self.env = {
            **os.environ,
            "DISPLAY": display,
            "TABLETOP_DERBY_HOME": str(home),
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            "SDL_AUDIODRIVER": "dummy",
        }
        self.env.pop("SDL_VIDEODRIVER", None)
        self.shots = Path(tempfile.mkdtemp(prefix="derby-e2e-"))
        self.pointer = None
        CURRENT.append(self)

    def start(self, *args: str, command: list[str] | None = None) -> None:
        command = command or [sys.executable, str(ROOT / "main.py")]
        self.errors = self.shots / f"app-{len(list(self.shots.glob('app-*.err')))}.err"
        self.proc = subprocess.Popen(
            [*command, *args], env=self.env, cwd="/", stderr=self.errors.open("w")
        )
        # The app's mapped window: SDL may make and drop a window of its own while it
        # starts, which a search could find first and which is gone a moment later (seen
        # on a busy machine: getwindowgeometry then fails, or the search itself, asking a
        # window that has just gone for its pid, exits 1), so a vanished one is looked for
        # again, within the same minute as before, while the app runs.
        deadline = time.monotonic() + 60
        while True:
            try:
                self.window = sh(
                    "xdotool",
                    "search",
                    "--sync",
                    "--onlyvisible",
                    "--pid",
                    str(self.proc.pid),
                    env=self.env,
                    timeout=max(1.0, deadline - time.monotonic()),
                ).splitlines()[0]
                time.sleep(1.5)
                geometry = sh("xdotool", "getwindowgeometry", self.window, env=self.env)
                break
            except subprocess.CalledProcessError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise
                time.sleep(0.5)
        pos = geometry.split("Position:")[1].split()[0]
        self.origin = tuple(int(v) for v in pos.split(","))

    def click(self, point, pause=0.6) -> None:
        x, y = point[0] + self.origin[0], point[1] + self.origin[1]
        if (x, y) != self.pointer:
            # --sync waits for the pointer to move: to where it already is, that took
            # ~15 s (a card clicked twice, to pick it and then to play it)
            sh("xdotool", "mousemove", "--sync", str(x), str(y), env=self.env)
            self.pointer = (x, y)
            time.sleep(0.1)
        sh("xdotool", "click", "1", env=self.env)
        time.sleep(pause)

    def drag(self, start, end, pause=0.6) -> None:
        """Press at ``start``, move in steps (the app sees the motion), release at ``end``."""
        sx, sy = start[0] + self.origin[0], start[1] + self.origin[1]
        ex, ey = end[0] + self.origin[0], end[1] + self.origin[1]
        sh("xdotool", "mousemove", "--sync", str(sx), str(sy), env=self.env)
        time.sleep(0.1)
        sh("xdotool", "mousedown", "1", env=self.env)
        for step in range(1, 6):
            x, y = sx + (ex - sx) * step // 5, sy + (ey - sy) * step // 5
            sh("xdotool", "mousemove", "--sync", str(x), str(y), env=self.env)
            time.sleep(0.05)
        sh("xdotool", "mouseup", "1", env=self.env)
        self.pointer = (ex, ey)
        time.sleep(pause)

    def type_key(self, name: str, pause=0.4) -> None:
        """A key pressed as a person would (XTEST, to the window that has the focus):
        ``key`` sends a synthetic event to the window, which SDL takes for some keys
        (Escape) but not for Tab and Delete."""
        sh("xdotool", "windowfocus", "--sync", self.window, env=self.env)
        sh("xdotool", "key", name, env=self.env)
        time.sleep(pause)

    def type_text(self, text: str, pause=0.4) -> None:
        """Text typed on the keyboard into the focused field (XTEST: SDL's text input)."""
        sh("xdotool", "windowfocus", "--sync", self.window, env=self.env)
        sh("xdotool", "type", "--delay", "40", text, env=self.env)
        time.sleep(pause)

    def key(self, name: str, pause=0.4) -> None:
        sh("xdotool", "key", "--window", self.window, name, env=self.env)
        time.sleep(pause)

    def screenshot(self, name: str):
        path = self.shots / f"{name}.png"
        sh("import", "-window", "root", str(path), env=self.env)
        import pygame

        return pygame.image.load(str(path)), path

    def pixel(self, image, point):
        return tuple(image.get_at((point[0] + self.origin[0], point[1] + self.origin[1])))[:3]

    def wait_exit(self, timeout=20) -> int:
        return self.proc.wait(timeout=timeout)


CURRENT: list = []  # the session under test, whose stderr a failure shows


def expect(condition: bool, message: str) -> None:
    if not condition:
        fail(message)
    print(f"e2e ok: {message}")


def fail(message: str) -> None:
    """Stop the run, showing the stderr of the app under test (the newest session)."""
    for x in CURRENT[-1:]:
        tail = x.errors.read_text(errors="replace")[-3000:] if x.errors.exists() else ""
        if tail.strip():
            print(f"the app's stderr:\n{tail}", file=sys.stderr)
    raise SystemExit(f"e2e FAILED: {message}")


def read_probe(path: Path) -> dict:
    """What the app under test says can be clicked now (TABLETOP_DERBY_PROBE)."""
    for _ in range(50):
        try:
            return json.loads(path.read_text())
        except (OSError, ValueError):
            time.sleep(0.1)
    fail(f"no probe file at {path}")


def wait_for(path: Path, test, what: str, timeout: float = 30.0) -> dict:
    deadline = time.time() + timeout
    while time.time() < deadline:
        probe = read_probe(path)
        if test(probe):
            return probe
        time.sleep(0.2)
    fail(f"timed out waiting for {what}; last probe {probe}")


def use_settings(home: Path, **changes) -> None:
    """Settings a player could choose in the Settings screen, written before the app
    starts (a faster animation speed keeps a whole game within the time CI allows)."""
    from game.settings import Settings, load_settings, save_settings, settings_path

    os.environ["TABLETOP_DERBY_HOME"] = str(home)
    settings, _ = load_settings(settings_path())
    save_settings(Settings(**{**settings.__dict__, **changes}))


def open_game(x: XSession, game_id: str, scene: str, seed: int) -> Path:
    """Start the app and click from the title menu through the lobby (its default seats:
    one person, then computers) into a new game; the probe file's path."""
    probe_path = x.shots / "probe.json"
    x.env["TABLETOP_DERBY_PROBE"] = str(probe_path)
    x.env["TABLETOP_DERBY_SEED"] = str(seed)
    x.start("--size", f"{SIZE[0]}x{SIZE[1]}", "--lang", "en")
    probe = wait_for(
        probe_path,
        lambda p: p["scene"] == "MenuScene" and f"game:{game_id}" in p["targets"],
        "the menu",
    )
    x.click(probe["targets"][f"game:{game_id}"])
    probe = wait_for(probe_path, lambda p: p["scene"] == "LobbyScene", "the lobby")
    x.click(probe["targets"]["start"])
    wait_for(probe_path, lambda p: p["scene"] == scene, f"the {game_id} table")
    return probe_path


class Clicker:
    """A person at one window: whenever they may act at ``scene``, click the target
    ``choose(probe)`` names (None: nothing to click yet); pass the hand-off curtain. A
    target clicked over and over while no action is taken is a stuck screen."""

    def __init__(self, x: XSession, probe_path: Path, scene: str, choose, patience: int = 6):
        self.x, self.probe_path, self.scene, self.choose = x, probe_path, scene, choose
        self.patience = patience
        self.clicks = 0
        self.last = None
        self.repeats = 0
        self.started = time.time()

    def step(self) -> tuple[dict, bool]:
        """One look at the window, and at most one click: the probe, and whether it
        clicked."""
        probe = read_probe(self.probe_path)
        game = probe.get("game") or {}
        if probe["scene"] == "HandoffScene":
            self.x.click(probe["targets"]["ready"])
            return probe, True
        if probe["scene"] != self.scene or game.get("animating") or not game.get("humans_to_act"):
            return probe, False
        key = self.choose(probe)
        if key is None:
            return probe, False
        if key not in probe["targets"]:
            fail(f"{self.scene}: {key} is not on the screen to click; probe {probe}")
        self.repeats = self.repeats + 1 if (key, game.get("actions")) == self.last else 0
        if self.repeats > self.patience:
            fail(f"{self.scene}: clicking {key} changes nothing; probe {probe}")
        self.last = (key, game.get("actions"))
        self.x.click(probe["targets"][key], pause=0.3)
        self.clicks += 1
        if os.environ.get("E2E_VERBOSE"):
            print(
                f"  {time.time() - self.started:5.1f} s, round {game.get('round')}, "
                f"action {game.get('actions')}: clicked {key} at {probe['targets'][key]}"
            )
        return probe, True


def play_until(x: XSession, probe_path: Path, scene: str, choose, done, seconds: float):
    """Play ``scene`` as a :class:`Clicker` until ``done(probe)``: the probe that was
    done, and the number of clicks."""
    deadline = time.time() + seconds
    person = Clicker(x, probe_path, scene, choose)
    while time.time() < deadline:
        probe = read_probe(probe_path)
        if done(probe):
            return probe, person.clicks
        _, clicked = person.step()
        if not clicked:
            time.sleep(0.15)
    fail(f"{scene}: not done within {seconds:.0f} s; last probe {read_probe(probe_path)}")


def count_colour(
    x: XSession, image, box: tuple[int, int, int, int], near, step: int = 8, tolerance: int = 24
) -> int:
    """How many points of a grid over ``box`` (x, y, w, h in the window) are within
    ``tolerance`` of any colour in ``near``."""
    bx, by, bw, bh = box
    hits = 0
    for px in range(bx, bx + bw, step):
        for py in range(by, by + bh, step):
            pixel = x.pixel(image, (px, py))
            if any(max(abs(a - b) for a, b in zip(pixel, colour)) <= tolerance for colour in near):
                hits += 1
    return hits


def dimmed(colour, alpha: int = 140) -> tuple[int, int, int]:
    """``colour`` under an overlay's shade (ModalScene: (20, 20, 30) at ``alpha``)."""
    return tuple(
        round(c * (255 - alpha) / 255 + s * alpha / 255) for c, s in zip(colour, (20, 20, 30))
    )


def check_end_screen(x: XSession, image, path, targets: dict, game_name: str) -> None:
    """The end screen (GameOverScene at 1280x720, issue #38: the finish on the board): its
    result panel with Play again beside the board, clear of the board's drawn pieces, and
    nothing dimmed: the board stays in sight."""
    from game.ui import theme

    again = targets["again"]
    # above the label, inside the button (the result's buttons are 36 px tall at 1280x720)
    pixel = x.pixel(image, (again[0], again[1] - 13))
    expect(
        pixel in (theme.ACCENT, theme.ACCENT_DARK),
        f"{game_name}: the end screen shows Play again (pixel {pixel}; {path})",
    )
    left, top, width, height = targets["panel"]
    b_left, b_top, b_width, b_height = targets["board"]
    apart = (
        left >= b_left + b_width
        or left + width <= b_left
        or top >= b_top + b_height
        or top + height <= b_top
    )
    expect(
        apart,
        f"{game_name}: the result panel {targets['panel']} is clear of the board "
        f"{targets['board']} ({path})",
    )
    inside = (left + 8, top + 8, max(8, width - 16), max(8, height - 16))
    panel = count_colour(x, image, inside, [theme.PANEL], tolerance=2)
    board = (b_left, b_top, b_width, b_height)
    dim = count_colour(x, image, board, [dimmed(theme.BG), dimmed(theme.PANEL)], tolerance=3)
    grid = (inside[2] // 8 + 1) * (inside[3] // 8 + 1)  # count_colour's points in it
    expect(
        panel > grid // 8 and dim == 0,
        f"{game_name}: the result panel beside the undimmed board ({panel} panel, {dim} "
        f"dimmed samples on the board)",
    )


def leave_game_and_quit(
    x: XSession, probe_path: Path, game_id: str, game_name: str, over: bool
) -> None:
    """From the end screen (or the pause menu: both have a "menu" button) back to the
    title menu, quit through the UI, and demand exit code 0 and an autosave of the game
    (of a finished game when ``over``)."""
    probe = read_probe(probe_path)
    x.click(probe["targets"]["menu"])
    probe = wait_for(probe_path, lambda p: p["scene"] == "MenuScene", "back at the menu")
    expect(probe["stack"] == ["MenuScene"], f"{game_name}: the title menu is all that is left")
    x.click(probe["targets"]["quit"], pause=0.2)
    code = x.wait_exit()
    expect(code == 0, f"{game_name}: quitting through the UI exits with 0 (got {code})")
    saves = Path(x.env["TABLETOP_DERBY_HOME"]) / "data" / "saves"
    saved = [json.loads(p.read_text()) for p in saves.glob("auto-*.json")]
    mine = [s for s in saved if s.get("game") == game_id and s.get("over") == over]
    expect(bool(mine), f"{game_name}: the game was autosaved" + (" at its end" if over else ""))


def run_shell_checks(x: XSession, layout: Layout) -> None:
    """The title menu drawn, Settings opened by a click, Japanese chosen there and kept
    (the settings file says so once Back is clicked), back at the menu, quit by a click.
    Which screen is up comes from the probe (issue #38 gave the menu and Settings the same
    header band, so a pixel no longer tells them apart)."""
    from game.settings import Settings, load_settings, save_settings, settings_path
    from game.ui import theme

    probe_path = x.shots / "probe-shell.json"
    x.env["TABLETOP_DERBY_PROBE"] = str(probe_path)
    x.start("--size", f"{SIZE[0]}x{SIZE[1]}", "--lang", "en")
    probe = wait_for(probe_path, lambda p: p["scene"] == "MenuScene", "the title menu")
    image, path = x.screenshot("menu")
    band = x.pixel(image, (SIZE[0] // 2, 20))
    expect(band != theme.BG, f"the menu's title band is drawn (pixel {band}, {path})")
    x.click(probe["targets"]["settings"])
    probe = wait_for(
        probe_path,
        lambda p: p["scene"] == "SettingsScene" and "language:ja" in p["targets"],
        "Settings after a click",
    )
    ja = probe["targets"]["language:ja"]
    image, path = x.screenshot("settings")
    expect(x.pixel(image, ja) != theme.BG, f"the language buttons are drawn ({path})")
    x.click(ja)
    x.screenshot("settings-ja")
    probe = wait_for(probe_path, lambda p: "back" in p["targets"], "Settings in Japanese")
    x.click(probe["targets"]["back"])
    probe = wait_for(probe_path, lambda p: p["scene"] == "MenuScene", "Back returned to the menu")
    os.environ["TABLETOP_DERBY_HOME"] = x.env["TABLETOP_DERBY_HOME"]
    settings, _ = load_settings(settings_path())
    expect(settings.language == "ja", f"日本語 was kept (settings say {settings.language!r})")
    save_settings(Settings(**{**settings.__dict__, "language": "en"}))  # the next runs' own
    x.click(probe["targets"]["quit"], pause=0.2)
    code = x.wait_exit()
    expect(code == 0, f"quitting through the UI exits with 0 (got {code})")


def run_lobby_checks(x: XSession) -> None:
    """Issue #14: a table can be set up from its minimum to its maximum in a real
    window: a seat removed by its × (mouse) and one by Delete on the focused row
    (keyboard), seats added to the maximum, back to the menu, quit."""
    probe_path = x.shots / "probe-lobby.json"
    x.env["TABLETOP_DERBY_PROBE"] = str(probe_path)
    x.start("--size", f"{SIZE[0]}x{SIZE[1]}", "--lang", "en")
    probe = wait_for(
        probe_path,
        lambda p: p["scene"] == "MenuScene" and "game:verflixxt" in p["targets"],
        "the menu",
    )
    x.click(probe["targets"]["game:verflixxt"])
    probe = wait_for(
        probe_path,
        lambda p: p["scene"] == "LobbyScene" and "remove:3" in p["targets"],
        "the lobby with 4 seats",
    )
    x.click(probe["targets"]["remove:3"])
    probe = wait_for(
        probe_path,
        lambda p: "remove:2" in p["targets"] and "remove:3" not in p["targets"],
        "3 seats after a click on ×",
    )
    # the focus stayed on the × of the row that took the removed one's place (row 2):
    # Delete removes that row, and Up then Delete would go on upwards
    x.type_key("Delete")
    probe = wait_for(
        probe_path,
        lambda p: (
            "name:1" in p["targets"]
            and "name:2" not in p["targets"]
            and not any(k.startswith("remove:") for k in p["targets"])
        ),
        "2 seats, none removable, after Delete",
    )
    for seats in range(3, 7):
        x.click(probe["targets"]["add"])
        probe = wait_for(
            probe_path,
            lambda p, n=seats: f"name:{n - 1}" in p["targets"],
            f"{seats} seats after a click on Add",
        )
    expect("add" not in probe["targets"], "no Add button at 6 seats, Verflixxt!'s maximum")
    x.screenshot("lobby-six-seats")
    x.click(probe["targets"]["back"])
    probe = wait_for(probe_path, lambda p: p["scene"] == "MenuScene", "the menu again")
    x.click(probe["targets"]["quit"], pause=0.2)
    code = x.wait_exit()
    expect(
        code == 0, f"set a table from 2 to 6 seats by mouse and keyboard, quit with 0 (got {code})"
    )
    del x.env["TABLETOP_DERBY_PROBE"]


def start_xvfb(display: str) -> subprocess.Popen:
    for tool in ("Xvfb", "xdotool", "import"):
        if shutil.which(tool) is None:
            raise SystemExit(f"e2e needs {tool} (apt-get install -y xvfb xdotool imagemagick)")
    xvfb = subprocess.Popen(
        # wide enough for two windows side by side (tools/e2e_online.py)
        ["Xvfb", display, "-screen", "0", "2600x800x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(1.0)
    return xvfb


def main() -> int:
    games = [g for g in os.environ.get("E2E_GAMES", ",".join(GAMES)).split(",") if g]
    unknown = sorted(set(games) - set(GAMES))
    if unknown:  # a typo must not pass as a game that was played
        raise SystemExit(f"e2e: no driver for {', '.join(unknown)}; known: {', '.join(GAMES)}")
    from tools.e2e_lessons import lessons_to_run, run_lesson

    lessons = lessons_to_run(games)  # an unknown lesson stops the run before it starts
    display = os.environ.get("E2E_DISPLAY", ":97")
    xvfb = start_xvfb(display)
    home = Path(tempfile.mkdtemp(prefix="derby-home-"))
    try:
        layout = Layout(home)
        x = XSession(display, home)
        run_shell_checks(x, layout)
        run_lobby_checks(XSession(display, home))
        if os.environ.get("E2E_BUILDER", "1") == "1":  # issue #41: build, save, play
            from tools.e2e_builder import run as run_builder

            started = time.time()
            # a home of its own: the all-computer table it starts is remembered by the
            # lobby, and the game drivers after it play a person's seat by clicks
            (home / "builder").mkdir()
            run_builder(XSession(display, home / "builder"), layout)
            print(f"e2e builder took {time.time() - started:.0f} s")
        for game_id in games:
            module = __import__(f"tools.e2e_{game_id}", fromlist=["run"])
            started = time.time()
            module.run(XSession(display, home), layout)
            print(f"e2e {game_id} took {time.time() - started:.0f} s")
        for index, lesson_id in enumerate(lessons):
            started = time.time()
            # the first lesson is also left half-way and gone on with (the place kept)
            run_lesson(XSession(display, home), lesson_id, leave_half_way=index == 0)
            print(f"e2e lesson {lesson_id} took {time.time() - started:.0f} s")
        if os.environ.get("E2E_ONLINE", "1") == "1":
            from tools.e2e_online import run as run_online

            started = time.time()
            run_online(display, home / "online")
            print(f"e2e online took {time.time() - started:.0f} s")
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
        made = [home, *(session.shots for session in CURRENT)]
        if os.environ.get("E2E_KEEP") == "1":
            print("e2e kept its folders (E2E_KEEP=1): " + " ".join(map(str, made)))
        else:  # leave nothing behind in /tmp (issue #14)
            for folder in made:
                shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    # Run as the module tools.e2e_xvfb, so the game drivers that import it share its state.
    sys.path.insert(0, str(ROOT))
    import importlib

    sys.exit(importlib.import_module("tools.e2e_xvfb").main())
