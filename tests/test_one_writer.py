"""issue #36, "One writer per game, nothing lost": a saved game has one writer. Tested
with two real processes (headless, bounded, every child ended in a ``finally``): the
first holds the game (a real window resumed on it, or ``serve``); a second cannot write
it; after the first is killed with SIGKILL -- its lock file still on disk -- the second
takes it. And in process, the second window's side: Resume and the save slots say the
game is open in another window; opening it gives the one dialog, whose two choices
(watch it read-only, open a copy) are followed through."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game import saves, storage
from game.session import Seat, Session

ROOT = Path(__file__).resolve().parents[1]
HANG_S = 60.0  # a bound on every wait for a child (never reached when things work)
GAME = "routes"

# A second process that wants to play the game on: one action, then its autosave.
WRITER = r"""
import sys
from pathlib import Path
from game import saves
from game.storage import HeldElsewhere
try:
    session = saves.open_for_writing(Path(sys.argv[1]))
except HeldElsewhere:
    print("held elsewhere", flush=True)
    sys.exit(3)
player = session.state.to_act()[0]
session.apply(player, session.state.legal_actions(player)[0])
saves.autosave(session)
print("written", len(session.actions), flush=True)
"""

# Another window's game, driven from the test: it holds the game, and on each line of
# its stdin plays one action and saves (what a window does at a round's end).
HOLDER = r"""
import sys
from pathlib import Path
from game import saves
session = saves.open_for_writing(Path(sys.argv[1]))
print("held", flush=True)
for _line in sys.stdin:
    player = session.state.to_act()[0]
    session.apply(player, session.state.legal_actions(player)[0])
    saves.autosave(session)
    print("saved", len(session.actions), flush=True)
"""


def child_env(home: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        TABLETOP_DERBY_HOME=str(home),
        PYTHONPATH=str(ROOT),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        **extra,
    )
    return env


def home() -> Path:
    return Path(os.environ["TABLETOP_DERBY_HOME"])


def saved_game(actions: int = 3) -> Path:
    """An unfinished game of people only (a window on it waits, saving nothing), saved
    by this process, which then lets it go as a window leaving it does."""
    seats = [Seat("Aiko", "orange"), Seat("Ben", "sky"), Seat("Chie", "green")]
    session = Session(GAME, seats, 7)
    for _ in range(actions):
        player = session.state.to_act()[0]
        session.apply(player, session.state.legal_actions(player)[0])
    path = saves.autosave(session)
    saves.let_go(session.save_id)
    return path


def run_child(code: str, *args: str, timeout: float = HANG_S) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        env=child_env(home()),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def end(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.kill()
    try:
        process.wait(timeout=HANG_S)
    except subprocess.TimeoutExpired:
        pass
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            stream.close()


def wait_for(condition, what: str, process: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + HANG_S
    while not condition():
        if process is not None and process.poll() is not None:
            raise AssertionError(f"{what}: the child ended ({process.returncode})")
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {HANG_S:g} s")
        time.sleep(0.05)


def window_on(path: Path, probe: Path) -> subprocess.Popen:
    """A real game window (``play --resume``, the dummy video driver) on the save,
    started and waited for until its table is up (its probe file says so)."""
    window = subprocess.Popen(
        [sys.executable, "-m", "game", "play", "--resume", str(path)],
        env=child_env(home(), TABLETOP_DERBY_PROBE=str(probe)),
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )

    def table_up() -> bool:
        try:
            return "game" in json.loads(probe.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return False

    wait_for(table_up, "the first window's table", window)
    return window


def test_a_second_process_cannot_write_a_game_a_window_holds_until_that_window_is_killed(
    tmp_path,
):
    """issue #36: process 1 (a real window resumed on the game) holds it; process 2 can
    neither write it nor resume it from the command line (one line on stderr, exit 2),
    and the file stays byte for byte; after process 1 is killed with SIGKILL its lock
    file is still on disk, and process 2 takes the game and saves it."""
    path = saved_game()
    before = path.read_bytes()
    window = window_on(path, tmp_path / "probe.json")
    try:
        second = run_child(WRITER, str(path))
        assert second.returncode == 3, second.stdout + second.stderr
        assert second.stdout.strip() == "held elsewhere"
        cli = subprocess.run(
            [sys.executable, "-m", "game", "play", "--resume", str(path), "--frames", "1"],
            env=child_env(home()),
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=HANG_S,
            check=False,
        )
        assert cli.returncode == 2, cli.stderr
        lines = cli.stderr.strip().splitlines()
        assert len(lines) == 1 and "open in another window" in lines[0], cli.stderr
        assert path.read_bytes() == before  # nothing overwritten
        os.kill(window.pid, signal.SIGKILL)
        window.wait(timeout=HANG_S)
    finally:
        end(window)
    assert saves.lock_path(saves.save_id_of(path)).exists()  # a crash's leftover lock file
    taken = run_child(WRITER, str(path))
    assert taken.returncode == 0, taken.stdout + taken.stderr
    assert taken.stdout.split() == ["written", "4"]
    assert len(saves.load_session(path).actions) == 4


def test_serve_does_not_open_a_table_whose_game_another_process_holds(tmp_path):
    """issue #36: ``serve`` on the data folder of a window that plays one of its tables'
    games: one line on stderr names the table file, the table is not opened (it would
    have been: the same files open once the holder is gone), its files stay as they
    are, and serve runs on."""
    from game.net import store
    from game.net.table import Table

    seats = [Seat("Aiko", "orange"), Seat("Ben", "sky"), Seat("Chie", "green")]
    table, _owner = Table.new(Session(GAME, seats, 11), local_seats=[])
    for file, text in store.table_files(table, "serve"):
        assert text is not None
        storage.atomic_write_text(file, text)
    save = saves.autosave_path(table.session)
    before = save.read_bytes()

    def serve_once() -> tuple[str, str]:
        serve = subprocess.Popen(
            [sys.executable, "-m", "game", "serve", "--port", "0", "--bot-workers", "1"],
            env=child_env(home()),
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            out = []
            deadline = time.monotonic() + HANG_S
            while time.monotonic() < deadline:
                line = serve.stdout.readline()
                assert line, f"serve ended: {serve.stderr.read()}"
                out.append(line)
                if line.startswith("serving on "):
                    break
            serve.send_signal(signal.SIGTERM)
            rest, err = serve.communicate(timeout=HANG_S)
            return "".join(out) + rest, err
        finally:
            end(serve)

    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(save)],
        env=child_env(home()),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        out, err = serve_once()
    finally:
        end(holder)
    problems = [line for line in err.splitlines() if "open in another window" in line]
    assert len(problems) == 1 and f"{table.session.save_id}.json" in problems[0], err
    assert f"table {table.code}" not in out
    assert save.read_bytes() == before
    out, err = serve_once()  # the holder gone (ended): serve opens it
    assert f"table {table.code}: {GAME}, opened again" in out, out + err


# -- the second window's side (in process, SDL dummy) ----------------------------------------
@pytest.fixture
def holder():
    """Another process holding a saved game and saving it when told (see HOLDER)."""
    path = saved_game()
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        env=child_env(home()),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout.readline().strip() == "held", process.stderr.read()

        def save_one() -> int:
            process.stdin.write("go\n")
            process.stdin.flush()
            word, count = process.stdout.readline().split()
            assert word == "saved"
            return int(count)

        yield path, save_one, process
    finally:
        end(process)


def keys(app) -> list[str]:
    return [button.key for button in app.top.buttons.buttons]


def click(app, key: str) -> None:
    """A person's click on the top scene's button ``key`` (down and up at its middle)."""
    button = app.top.buttons.by_key(key)
    assert button is not None, f"no {key} on {type(app.top).__name__}"
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, button=1, pos=button.rect.center))


def open_from_resume(app, path: Path, lang: str = "en"):
    from game.scenes.shell.open_elsewhere import OpenElsewhereScene
    from game.scenes.shell.resume import ResumeScene

    app.set_language(lang)
    app.router.open("resume")
    resume = app.top
    assert isinstance(resume, ResumeScene)
    index = next(i for i, e in enumerate(resume.entries) if Path(e.path) == path)
    label = resume.buttons.by_key(f"save:{index}").label
    assert label.endswith(app.t("app.elsewhere_tag")), label
    click(app, f"save:{index}")
    dialog = app.top
    assert isinstance(dialog, OpenElsewhereScene)
    assert resume in app.stack  # the dialog is over Resume; nothing opened to play
    app.step(0.0)  # drawn whole in this language
    return dialog


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_second_window_watches_the_game_read_only_and_follows_the_others_saves(
    app, holder, lang
):
    """issue #36: Resume marks the game open in another window; opening it gives the one
    dialog; Watch shows its table, which cannot act, saves nothing, and takes in each
    save the other window makes."""
    from game.rules.protocol import IllegalAction
    from game.scenes.table.watch import WatchBar
    from game.table.driver import WatchDriver

    path, save_one, _process = holder
    open_from_resume(app, path, lang)
    click(app, "watch")
    bar = app.top
    assert isinstance(bar, WatchBar)
    table = app.stack[-2]
    assert isinstance(table.driver, WatchDriver)
    assert len(table.session.actions) == 3
    assert table.driver.local_deciders() == [] and table.private_player is None
    with pytest.raises(IllegalAction):
        table.driver.submit(0, table.state.legal_actions(table.state.to_act()[0])[0])
    table.keeping.autosave()
    table.exit()  # leaving the watched table lets go of nothing: the other window's
    assert saves.open_elsewhere(saves.save_id_of(path))
    count = save_one()
    assert count == 4
    assert bar.refresh()  # the file changed: taken in
    assert len(table.session.actions) == 4 and bar.refreshes == 1
    for _ in range(200):  # its action is played on the table (bounded: a few frames)
        if not table.player.busy():
            break
        app.step(0.05)
    assert not table.player.busy()
    assert len(saves.load_session(path).actions) == 4  # written there, never here
    assert "watch:play_here" not in keys(app)  # the other window still plays it
    bar.close()
    assert not any(
        isinstance(s, WatchBar) or isinstance(getattr(s, "driver", None), WatchDriver)
        for s in app.stack
    )


def test_a_watched_game_may_be_played_here_once_the_other_window_is_killed(app, holder):
    """issue #36: the watch bar notices the other window is gone (killed: its lock
    dropped by the system) and offers Play here, which opens the game to play, this
    window now its one writer."""
    from game.scenes.table.scene import TableScene
    from game.scenes.table.watch import WatchBar
    from game.table.driver import WatchDriver

    path, _save_one, process = holder
    open_from_resume(app, path)
    click(app, "watch")
    bar = app.top
    assert isinstance(bar, WatchBar)
    bar.refresh()
    assert not bar.free and "watch:play_here" not in keys(app)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=HANG_S)
    bar.refresh()
    assert bar.free
    click(app, "watch:play_here")
    table = app.top
    assert isinstance(table, TableScene) and not isinstance(table.driver, WatchDriver)
    assert table.session.save_id == saves.save_id_of(path)
    assert storage.holds_writer_lock(saves.lock_path(table.session.save_id))
    assert not any(
        isinstance(s, WatchBar) or isinstance(getattr(s, "driver", None), WatchDriver)
        for s in app.stack
    )


def test_the_second_window_opens_a_copy_and_the_first_windows_file_is_untouched(app, holder):
    """issue #36: "Open a copy" plays the game on here under a new save id, this window
    its writer; the other window's file is not touched, and it keeps its game."""
    from game.scenes.table.scene import TableScene
    from game.table.driver import WatchDriver

    path, save_one, _process = holder
    before = path.read_bytes()
    open_from_resume(app, path)
    click(app, "copy")
    table = app.top
    assert isinstance(table, TableScene) and not isinstance(table.driver, WatchDriver)
    copy_id = table.session.save_id
    assert copy_id != saves.save_id_of(path)
    assert len(table.session.actions) == 3
    player = table.session.state.to_act()[0]
    table.session.apply(player, table.session.state.legal_actions(player)[0])
    table.keeping.autosave()
    copy = saves.autosave_path(table.session)
    assert len(saves.load_session(copy).actions) == 4
    assert path.read_bytes() == before
    assert save_one() == 4  # the other window still writes its own game
    assert storage.holds_writer_lock(saves.lock_path(copy_id))
    table.exit()
    assert not storage.holds_writer_lock(saves.lock_path(copy_id))


def test_the_save_slots_say_a_slots_game_is_open_elsewhere_and_refuse_to_replace_it(app):
    """issue #36: a slot whose game another window resumed is marked, and saving this
    window's game into it is refused with a dialog (it would replace that game)."""
    from game.scenes.shell.save_slots import SaveSlotsScene

    seats = [Seat("Aiko", "orange"), Seat("Ben", "sky"), Seat("Chie", "green")]
    mine = Session(GAME, seats, 5)
    slot_game = Session(GAME, seats, 6)
    slot = saves.manual_save(slot_game, 2)
    saves.let_go(slot_game.save_id)
    before = slot.read_bytes()
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(slot)],
        env=child_env(home()),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout.readline().strip() == "held"
        app.push(SaveSlotsScene(app, mine))
        slots = app.top
        assert slots.buttons.by_key("slot:2").label.endswith(app.t("app.elsewhere_tag"))
        assert not slots.buttons.by_key("slot:1").label.endswith(app.t("app.elsewhere_tag"))
        click(app, "slot:2")
        app.step(0.0)  # the refusal's dialog opens
        assert app.top is not slots and app.top.message == app.t("app.slot_elsewhere", n=2)
        assert slot.read_bytes() == before
    finally:
        end(process)
    pygame.event.clear()


def test_a_hosts_saver_lets_a_forgotten_tables_lock_go_only_after_its_last_save(monkeypatch):
    """issue #36: a table the host forgets keeps its game's lock until the saver has
    written what was submitted for it (else another window could open the game and
    then have it overwritten by the host's late save)."""
    import threading

    from game.net import store

    gate = threading.Event()
    written: list[Path] = []

    def slow_write(path, text):
        assert gate.wait(HANG_S)
        written.append(path)

    monkeypatch.setattr(store, "atomic_write_text", slow_write)
    lock = saves.lock_path("routes-held")
    saves.claim("routes-held")
    saver = store.Saver()
    try:
        saver.submit([(home() / "data" / "saves" / "auto-routes-held.json", "{}")])
        saver.let_go_after("routes-held")
        assert storage.holds_writer_lock(lock) and not written  # the write waits
        gate.set()
        wait_for(lambda: not storage.holds_writer_lock(lock), "the lock let go")
        assert len(written) == 1
    finally:
        gate.set()
        saver.close()


def test_a_watched_table_follows_an_undo_there_and_keeps_its_last_state_over_a_bad_save(app):
    """issue #36: a save that does not carry the shown record further (the other window
    took an action back) puts the watched table in line at once; a save that cannot be
    read leaves the last state shown, with one line saying so."""
    from game.scenes.table.watch import WatchBar

    path = saved_game(actions=4)
    app.router.screen("watch")(app, path)
    bar = app.top
    assert isinstance(bar, WatchBar)
    table = app.stack[-2]
    assert len(table.session.actions) == 4
    earlier = saves.load_session(path)  # the other window's game after its undo
    earlier.actions = earlier.actions[:3]
    earlier.state = earlier.module.new_game(earlier.players, earlier.seed, earlier.options)
    for player, text in earlier.actions:
        earlier.state.apply(player, earlier.module.parse_action(text))
    saves.write_save(earlier, path, "auto")
    assert bar.refresh()
    assert table.session.actions == earlier.actions
    assert table.session.state.to_dict() == earlier.state.to_dict()
    assert not table.player.busy()  # in line at once, nothing played
    storage.atomic_write_text(path, "{ not a save")
    assert not bar.refresh()
    assert bar.message().startswith("The save cannot be read now (line 1"), bar.message()
    assert table.session.actions == earlier.actions  # the last state read stays


def test_a_windows_claim_outlives_a_damaged_table_file_and_serve_keeps_no_lock_it_cannot_use():
    """issue #36: a window that resumed a game it once hosted keeps the game's lock when
    the table file beside it cannot be used (the game goes on at its screen, still its
    one writer); a table serve cannot open leaves no lock behind in serve."""
    from game.net import store
    from game.net.table import Table

    seats = [Seat("Aiko", "orange"), Seat("Ben", "sky"), Seat("Chie", "green")]
    table, _owner = Table.new(Session(GAME, seats, 13), local_seats=[0])
    save_id = table.session.save_id
    meta_file = store.meta_path(save_id)
    for file, text in store.table_files(table, "app"):
        assert text is not None
        if file == meta_file:
            meta = json.loads(text)
            meta["seats"] = meta["seats"][:2]  # two seats' digests for a game of three
            text = json.dumps(meta)
        storage.atomic_write_text(file, text)
    lock = saves.lock_path(save_id)
    assert not storage.holds_writer_lock(lock)
    saves.open_for_writing(saves.autosave_path(table.session))  # the window's Resume
    with pytest.raises(ValueError, match="seats"):
        store.reopen(save_id)
    assert storage.holds_writer_lock(lock)
    saves.let_go(save_id)
    meta["host"] = "serve"
    storage.atomic_write_text(meta_file, json.dumps(meta))
    tables, problems = store.restore_tables("serve")
    assert tables == [] and len(problems) == 1 and "seats" in problems[0]
    assert not storage.holds_writer_lock(lock)


def test_a_folder_that_cannot_be_locked_is_said_once_and_its_saves_still_written(
    monkeypatch, caplog
):
    """issue #36: on a file system without locks (flock answers ENOSYS: some network
    drives) saving goes on unguarded, said once in the log -- never the soft marker lock
    a crash would leave blocking."""
    import errno

    import filelock

    def no_locks(self, *args, **kwargs):
        raise OSError(errno.ENOSYS, "Function not implemented")

    monkeypatch.setattr(filelock.FileLock, "acquire", no_locks)
    if "fallback_to_soft" in storage._lock_options():
        assert storage._lock_options()["fallback_to_soft"] is False
    monkeypatch.setattr(storage, "_unlockable_told", False)
    with caplog.at_level("WARNING", logger="game.storage"):
        first, second = saved_game(actions=1), saved_game(actions=2)
    assert len(saves.load_session(first).actions) == 1
    assert len(saves.load_session(second).actions) == 2
    told = [r for r in caplog.records if "cannot be locked" in r.getMessage()]
    assert len(told) == 1
