"""Saves: atomic, human-readable, replayed through the rules; every damaged file gives a
SaveError naming the file, the place and the problem (never a traceback)."""

import errno
import json
import os
import random
import resource
import shutil
import time
import tracemalloc
from pathlib import Path

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import saves, storage
from game.ai import RandomBot
from game.session import Seat, Session
from game.storage import printable
from tests import hostile
from tests.hostile import no_longer_than

GAME = "routes"


def _played_session(actions=25, seed=3):
    seats = [
        Seat("Aiko", "orange"),
        Seat("Ben", "sky", human=False),
        Seat("Chie", "green", human=False),
    ]
    session = Session(GAME, seats, seed)
    rng = random.Random(seed)
    bot = RandomBot()
    for _ in range(actions):
        if session.state.is_over():
            break
        p = session.state.to_act()[0]
        session.apply(p, bot.choose(session.state.view(p), p, rng))
    return session


def test_autosave_round_trip_restores_the_exact_state():
    session = _played_session()
    path = saves.autosave(session)
    restored = saves.load_session(path)
    assert restored.state.to_dict() == session.state.to_dict()
    assert [s.name for s in restored.seats] == ["Aiko", "Ben", "Chie"]
    # issue #30: the actions and the save's id too (a resumed game autosaves over its
    # own file, and a hosted table finds its table file by the id)
    assert restored.actions == session.actions and len(restored.actions) == 25
    assert restored.save_id == session.save_id
    assert [s.to_dict() for s in restored.seats] == [s.to_dict() for s in session.seats]
    assert restored.options == session.options and restored.seed == session.seed
    assert json.loads(path.read_text())["format"] == saves.FORMAT
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temp files left


def test_list_saves_shows_game_players_round_and_flags_damage():
    session = _played_session()
    saves.autosave(session)
    broken = saves.saves_dir() / "slot-9.json"
    broken.write_text("{ not json")
    entries = saves.list_saves()
    good = [e for e in entries if isinstance(e, saves.SaveInfo)]
    bad = [e for e in entries if isinstance(e, saves.SaveError)]
    assert good[0].game == GAME and good[0].players == 3 and good[0].round >= 1
    assert bad and "slot-9.json" in str(bad[0]) and "line 1" in str(bad[0])


def _payload():
    return saves.session_payload(_played_session(), "manual")


HOSTILE = {
    "empty": lambda p: b"",
    "truncated": lambda p: json.dumps(p).encode()[: len(json.dumps(p)) // 2],
    "binary": lambda p: bytes(range(256)) * 4,
    "huge": lambda p: b" " * (saves.MAX_BYTES + 1),
    "deeply nested": lambda p: b"[" * 100_000 + b"]" * 100_000,
    "wrong type": lambda p: json.dumps({**p, "players": "three"}).encode(),
    "unknown key": lambda p: json.dumps({**p, "cheat": True}).encode(),
    "out of range": lambda p: json.dumps({**p, "players": 99}).encode(),
    "illegal action": lambda p: json.dumps(
        {**p, "actions": p["actions"][:3] + [[0, "fly 9"]]}
    ).encode(),
    "action by wrong seat": lambda p: json.dumps(
        {**p, "actions": [[2, p["actions"][0][1]]] + p["actions"][1:]}
    ).encode(),
    "newer format": lambda p: json.dumps({**p, "format": saves.FORMAT + 1}).encode(),
    "unknown game": lambda p: json.dumps({**p, "game": "chess"}).encode(),
    "seat not an object": lambda p: json.dumps({**p, "seats": [1, 2, 3]}).encode(),
    "bad options": lambda p: json.dumps({**p, "options": {"nonsense": 1}}).encode(),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_save_files_give_one_clear_error(case, tmp_path):
    path = tmp_path / f"{case}.json"
    path.write_bytes(HOSTILE[case](_payload()))
    with pytest.raises(saves.SaveError) as info:
        saves.load_session(path)
    message = str(info.value)
    assert str(path) in message and "Traceback" not in message
    assert info.value.problem


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_fuzzed_saves_never_escape_as_a_traceback(data, tmp_path):
    raw = bytearray(json.dumps(_FUZZ_BASE).encode())
    for _ in range(data.draw(st.integers(1, 6))):
        op = data.draw(st.sampled_from(["flip", "cut", "insert"]))
        i = data.draw(st.integers(0, max(0, len(raw) - 1)))
        if op == "flip" and raw:
            raw[i] = data.draw(st.integers(0, 255))
        elif op == "cut":
            del raw[i : i + data.draw(st.integers(1, 40))]
        else:
            raw[i:i] = data.draw(st.binary(min_size=1, max_size=8))
    path = tmp_path / "fuzz.json"
    path.write_bytes(bytes(raw))
    try:
        saves.load_session(path)
    except saves.SaveError:
        pass


_FUZZ_BASE = None


@pytest.fixture(autouse=True, scope="module")
def _fuzz_base():
    global _FUZZ_BASE
    _FUZZ_BASE = saves.session_payload(_played_session(actions=12), "auto")


# == issue #15: every screen opens whatever is on disk; nothing a person made is lost ==========
CORPUS = hostile.CORPUS / "saves"
# Each committed hostile save (tests/corpus/make_corpus.py wrote them) and the place its
# error must name: the one thing broken in an otherwise real save.
CORPUS_PLACES = {
    "saved_at_10e400.json": "saved_at",  # was OverflowError at start-up
    "saved_at_1e308.json": "saved_at",  # was a Resume screen crash (localtime)
    "saved_at_1e400.json": "saved_at",
    "saved_at_infinity.json": "saved_at",  # was a Resume screen crash
    "saved_at_nan.json": "saved_at",  # was a Resume screen crash
    "saved_at_negative.json": "saved_at",
    "seed_5000_digits.json": "seed",  # was exit 2 at start-up (int digit limit)
    "seed_out_of_range.json": "seed",
    "round_huge.json": "round",
    "round_zero.json": "round",
    "name_nul.json": "seats[0].name",  # was the Resume screen quitting the app
    "name_lone_surrogate.json": "seats[0].name",  # was the Resume screen quitting the app
    "name_newline.json": "seats[0].name",
    "name_17_characters.json": "seats[0].name",
    "seat_unknown_key.json": "seats[0].cheat",
    "character_unknown.json": "seats[0].character",
    "options_nan.json": "options.scoring",
    "options_too_deep.json": "options.scoring",
    "action_too_long.json": "actions[0]",
    "action_control_character.json": "actions[0]",
    "kind_unknown.json": "kind",
    "app_other.json": "app",
    # issue #30: one seat per player, exactly (more seats loaded as another game)
    "seats_more_than_players.json": "seats",
    "seats_fewer_than_players.json": "seats",
    "name_line_separator.json": "seats[0].name",  # U+2028 breaks a line of text
}


def _base_payload() -> dict:
    return json.loads((CORPUS / "valid.json").read_text())


def _runtime_hostile(folder: Path) -> dict[str, str]:
    """The hostile saves too big or too special to commit, made in ``folder``; each
    file's name and the words its error must hold."""
    base = _base_payload()
    made = {}
    # a 5 MB name in a file of exactly MAX_BYTES (the worst a save may be): was the
    # Resume screen quitting the app
    name5mb = dict(base, seats=[dict(base["seats"][0], name="é" * 2_500_000)] + base["seats"][1:])
    text = json.dumps(name5mb, ensure_ascii=False).encode()
    (folder / "name_5mb.json").write_bytes(text + b" " * (saves.MAX_BYTES - len(text)))
    made["name_5mb.json"] = "2,500,000 characters long"
    # a Duck-sized 50,000-character name: was a table that hung for minutes
    long_name = dict(base, seats=[dict(base["seats"][0], name="W" * 50_000)] + base["seats"][1:])
    (folder / "name_50000.json").write_text(json.dumps(long_name))
    made["name_50000.json"] = "50,000 characters long"
    # an unknown key 100,000 characters long: the message must not print it whole
    (folder / "key_100k.json").write_text(json.dumps({**base, "k" * 100_000: 1}))
    made["key_100k.json"] = "unknown key"
    # special files: a FIFO hung the app forever, /dev/zero and /dev/urandom read until
    # MemoryError
    os.mkfifo(folder / "fifo.json")
    made["fifo.json"] = "not a regular file"
    for device in ("zero", "urandom"):
        (folder / f"dev_{device}.json").symlink_to(f"/dev/{device}")
        made[f"dev_{device}.json"] = "not a regular file"
    (folder / "a_folder.json").mkdir()
    made["a_folder.json"] = "a folder"
    (folder / "too_big.json").write_bytes(b" " * (saves.MAX_BYTES + 1))
    made["too_big.json"] = "larger than"
    # a file name that is not UTF-8: its name comes back with a lone surrogate in it
    undecodable = os.fsdecode(b"bad-\xff.json")
    shutil.copy(CORPUS / "name_nul.json", folder / undecodable)
    made[undecodable] = "which a name cannot have"
    return made


def test_corpus_base_save_is_valid_so_each_hostile_file_fails_for_its_one_flaw():
    data = saves.read_payload(CORPUS / "valid.json")
    assert data["game"] == GAME and len(data["seats"]) == 3
    assert set(CORPUS_PLACES) | {"valid.json"} == {p.name for p in CORPUS.glob("*.json")}


@pytest.mark.parametrize("name", sorted(CORPUS_PLACES))
def test_hostile_corpus_save_is_refused_at_its_place_with_a_short_message(name):
    with pytest.raises(saves.SaveError) as info:
        saves.read_payload(CORPUS / name)
    assert info.value.place.startswith(CORPUS_PLACES[name]), str(info.value)
    message = str(info.value)
    assert len(message) < 200 + len(str(CORPUS)) and message.isprintable()


def test_runtime_hostile_saves_are_refused_quickly_and_messages_stay_short(tmp_path):
    made = _runtime_hostile(tmp_path)
    for name, words in made.items():
        with no_longer_than(10), pytest.raises(saves.SaveError) as info:
            saves.read_payload(tmp_path / name)
        message = str(info.value)
        assert words in message, (name, message)
        assert len(message) < 300 + len(str(tmp_path)), name  # never the value whole
        assert message.isprintable(), name


def _fill_saves_folder() -> tuple[Path, int]:
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    for path in CORPUS.glob("*.json"):
        shutil.copy(path, folder / path.name)
    made = _runtime_hostile(folder)
    return folder, len(list(CORPUS.glob("*.json"))) + len(made)


def test_list_saves_lists_every_hostile_save_as_damaged_and_leaves_it_on_disk():
    folder, count = _fill_saves_folder()
    before = sorted(os.listdir(folder))
    with no_longer_than(30):
        entries = saves.list_saves()
    assert len(entries) == count
    good = [e for e in entries if isinstance(e, saves.SaveInfo)]
    assert [e.path.name for e in good] == ["valid.json"]
    assert sorted(os.listdir(folder)) == before  # nothing deleted, nothing added


def test_resume_screen_opens_and_draws_over_every_hostile_save(app):
    """Was: 1e308/Infinity/NaN times crashed it, a NUL, lone surrogate or 5 MB name quit
    the app. Every page is drawn and every damaged entry opens its dialog."""
    from game.scenes.shell.dialog import DialogScene
    from game.scenes.shell.menu import MenuScene
    from game.scenes.shell.resume import PER_PAGE, ResumeScene

    _, count = _fill_saves_folder()
    app.push(MenuScene(app))
    app.push(ResumeScene(app))
    scene = app.top
    assert len(scene.entries) == count and scene.folder_error is None
    for page in range((count + PER_PAGE - 1) // PER_PAGE):
        app.step(1 / 60)
        app.draw()
        for i in range(len(scene.entries[page * PER_PAGE : (page + 1) * PER_PAGE])):
            entry = scene.entries[page * PER_PAGE + i]
            if isinstance(entry, saves.SaveError):
                scene.buttons.by_key(f"save:{i}").on_click()
                assert isinstance(app.top, DialogScene)
                app.step(1 / 60)
                app.draw()
                app.pop()
        scene.buttons.by_key("next").on_click()
    assert app.running


def test_start_up_and_resume_latest_survive_every_hostile_save(tmp_path):
    """Was: a 10^400 time (OverflowError) or a 5,000-digit seed (exit 2) stopped the app
    before its first frame. The real app, started over the corpus, runs and exits 0."""
    import subprocess
    import sys

    home = tmp_path / "derby"
    folder = home / "data" / "saves"
    folder.mkdir(parents=True)
    for path in CORPUS.glob("*.json"):
        if path.name != "valid.json":
            shutil.copy(path, folder / path.name)
    _runtime_hostile(folder)
    env = {
        **os.environ,
        "TABLETOP_DERBY_HOME": str(home),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    root = Path(__file__).resolve().parents[1]
    for args in ([], ["--resume", "latest"]):
        out = subprocess.run(
            [sys.executable, str(root / "main.py"), *args, "--frames", "5"],
            env=env,
            cwd="/",
            capture_output=True,
            timeout=120,
            check=False,
        )
        assert out.returncode == 0, out.stderr.decode()[-2000:]
        assert b"Traceback" not in out.stderr


def test_listing_the_worst_save_is_fast_and_bounded_in_memory(tmp_path, capsys):
    """The measurement the issue asks for: list_saves over a folder holding the worst
    file (a 5 MB name in an 8 MB file)."""
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    base = _base_payload()
    worst = dict(base, seats=[dict(base["seats"][0], name="x" * 5_000_000)] + base["seats"][1:])
    text = json.dumps(worst).encode()
    (folder / "worst.json").write_bytes(text + b" " * (saves.MAX_BYTES - len(text)))
    tracemalloc.start()
    start = time.perf_counter()
    entries = saves.list_saves()
    elapsed = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(entries) == 1 and isinstance(entries[0], saves.SaveError)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    with capsys.disabled():
        print(
            f"\nlist_saves over an 8 MB save with a 5 MB name: {elapsed * 1000:.0f} ms, "
            f"traced peak {peak / 1e6:.1f} MB (process max RSS so far {rss_mb:.0f} MB)"
        )
    # no timing asserted here (a busy machine must not fail the suite): the printed
    # figure is the measurement, and the memory bound below is what guards the work
    assert peak < 8 * saves.MAX_BYTES  # a few copies of the file at most, never more


def _unreadable_saves_folder(monkeypatch):
    """What a chmod 000 saves folder does for a person: every look inside it (listing,
    stat, open) is refused. Running as root here, chmod 000 stops nothing, so the os
    calls are made to refuse paths in the saves folder instead."""
    folder = saves.saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(CORPUS / "valid.json", folder / "valid.json")
    shutil.copy(CORPUS / "valid.json", folder / "slot-1.json")

    def refusing(real, inside_only: bool):
        def call(path, *args, **kwargs):
            target = Path(os.fsdecode(path)) if not isinstance(path, int) else None
            if target is not None and (
                target.parent == folder or (not inside_only and target == folder)
            ):
                raise PermissionError(errno.EACCES, "Permission denied", str(path))
            return real(path, *args, **kwargs)

        return call

    monkeypatch.setattr(os, "scandir", refusing(os.scandir, inside_only=False))
    for name in ("stat", "lstat", "open"):
        monkeypatch.setattr(os, name, refusing(getattr(os, name), inside_only=True))


def test_an_unreadable_saves_folder_is_reported_not_taken_for_no_saves(monkeypatch, app):
    """Was: a chmod 000 saves folder said "There is no saved game to resume"."""
    from game.app import resume_game
    from game.scenes.shell.dialog import DialogScene
    from game.scenes.shell.menu import MenuScene
    from game.scenes.shell.resume import ResumeScene

    _unreadable_saves_folder(monkeypatch)
    entries = saves.list_saves()
    assert len(entries) == 1 and isinstance(entries[0], saves.SavesFolderError)
    assert "Permission denied" in str(entries[0])
    app.push(MenuScene(app))
    assert app.top.buttons.by_key("resume").enabled  # the menu still offers Resume
    app.push(ResumeScene(app))
    assert isinstance(app.top.folder_error, saves.SavesFolderError)
    assert app.top.entries == []
    app.draw()
    app.pop()
    resume_game(app, "latest")
    app.step(1 / 60)
    assert isinstance(app.top, DialogScene)
    assert "cannot be read" in app.top.message and "Permission denied" in app.top.message
    assert app.t("app.no_saves") not in app.top.message


@pytest.mark.skipif(
    os.geteuid() == 0,
    reason="root reads a chmod 000 folder anyway; "
    "test_an_unreadable_saves_folder_is_reported_not_taken_for_no_saves "
    "covers it with os.scandir refusing",
)
def test_a_chmod_000_saves_folder_is_reported_not_taken_for_no_saves():
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    shutil.copy(CORPUS / "valid.json", folder / "valid.json")
    folder.chmod(0)
    try:
        entries = saves.list_saves()
    finally:
        folder.chmod(0o755)
    assert len(entries) == 1 and isinstance(entries[0], saves.SavesFolderError)


def _autosave_file(folder: Path, name: str, saved_at: float, over: bool, **changes) -> Path:
    payload = {**_base_payload(), "kind": "auto", "over": over, "saved_at": saved_at, **changes}
    path = folder / name
    path.write_text(json.dumps(payload))
    os.utime(path, (saved_at, saved_at))
    return path


def test_prune_removes_only_finished_readable_autosaves_of_this_version():
    """Was: the 12 newest auto-*.json kept, older ones deleted whatever they were."""
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    t0 = 1_700_000_000.0
    finished = [
        _autosave_file(folder, f"auto-done{i:02d}.json", t0 + 100 + i, True)
        for i in range(saves.KEEP_AUTOSAVES + 3)
    ]
    # all older than every finished one, so an mtime-based prune would take them first
    unfinished = [_autosave_file(folder, f"auto-open{i}.json", t0 + i, False) for i in range(3)]
    damaged = folder / "auto-damaged.json"
    damaged.write_text("{ not json")
    os.utime(damaged, (t0, t0))
    newer = folder / "auto-newer.json"
    newer.write_text(
        json.dumps({**_base_payload(), "format": saves.FORMAT + 1, "kind": "auto", "over": True})
    )
    os.utime(newer, (t0, t0))
    manual = _autosave_file(folder, "slot-1.json", t0, True, kind="manual")
    removed = saves._prune()
    assert sorted(removed) == sorted(finished[:3])  # the three oldest finished
    for path in finished[3:] + unfinished + [damaged, newer, manual]:
        assert path.exists(), path.name


def test_autosave_prunes_when_a_game_ends_and_never_during_one():
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    old = [
        _autosave_file(folder, f"auto-done{i:02d}.json", 1_700_000_000.0 + i, True)
        for i in range(saves.KEEP_AUTOSAVES)
    ]
    running = _played_session(actions=5)
    saves.autosave(running)
    assert all(p.exists() for p in old)
    over = _played_session(actions=10_000)
    assert over.state.is_over()
    over.save_id = "finished-now"
    path = saves.autosave(over)
    assert path.exists() and not old[0].exists() and all(p.exists() for p in old[1:])


def test_stale_temp_files_of_killed_writes_are_removed_at_start_up_and_only_those():
    """Was: a kill mid-save left .auto-*.json.*.tmp files forever. Only ours by name,
    only regular files, only older than a minute (another running instance may be
    writing one now)."""
    from game.app import App

    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    config = storage.config_dir()
    config.mkdir(parents=True)
    old = time.time() - 2 * storage.STALE_TEMP_AGE_S
    stale = [
        folder / ".auto-abc.json.k2j4_x9a.tmp",
        folder / ".slot-2.json.a1b2c3d4.tmp",
        config / ".settings.json.zz99yy88.tmp",
    ]
    fresh = folder / ".auto-abc.json.q1w2e3r4.tmp"  # another instance, mid-write
    foreign = [
        folder / ".notes.txt.a1b2c3d4.tmp",
        folder / "mine.tmp",
        folder / ".auto-abc.json.tmp",
        config / ".other.json.a1b2c3d4.tmp",
    ]
    link = folder / ".auto-xyz.json.a1b2c3d4.tmp"  # a link is never ours
    for path in stale + [fresh] + foreign:
        path.write_text("{")
    link.symlink_to(folder / "mine.tmp")
    for path in stale + foreign:
        os.utime(path, (old, old))
    os.utime(link, (old, old), follow_symlinks=False)
    App(size=(640, 360), settings=None, persist=True)  # the start-up clean-up
    try:
        assert not any(p.exists() for p in stale)
        assert fresh.exists() and link.is_symlink() and all(p.exists() for p in foreign)
    finally:
        pygame.quit()


def _routes_scene(app):

    session = _played_session(actions=5)
    scene = app.router.table(GAME)(app, session)
    app.push(scene)
    return scene


def _dialogs(app) -> int:
    from game.scenes.shell.dialog import DialogScene

    return sum(isinstance(s, DialogScene) for s in app.stack)


def test_a_failing_autosave_shows_one_dialog_per_streak_and_keeps_the_old_save(monkeypatch, app):
    """Was: a full disk or read-only folder only wrote a log line that scrolled away."""

    scene = _routes_scene(app)
    scene.keeping.autosave()
    path = saves.saves_dir() / f"auto-{scene.session.save_id}.json"
    kept = path.read_bytes()
    real_write = storage.atomic_write_text

    def full_disk(target, text):
        raise OSError(errno.ENOSPC, "No space left on device", str(target))

    monkeypatch.setattr(saves, "atomic_write_text", full_disk)
    for _ in range(3):  # three rounds fail
        scene.keeping.autosave()
        app.step(1 / 60)
    assert _dialogs(app) == 1
    assert "No space left on device" in app.top.message
    assert path.read_bytes() == kept
    app.pop()
    monkeypatch.setattr(saves, "atomic_write_text", real_write)
    scene.keeping.autosave()  # works again: the streak ends
    monkeypatch.setattr(saves, "atomic_write_text", full_disk)
    scene.keeping.autosave()
    app.step(1 / 60)
    assert _dialogs(app) == 1


def test_a_failing_autosave_on_quit_to_menu_is_still_shown(monkeypatch, app):
    from game.scenes.shell.menu import MenuScene
    from game.scenes.table.pause import PauseScene

    app.push(MenuScene(app))
    scene = _routes_scene(app)

    def read_only(target, text):
        raise OSError(errno.EROFS, "Read-only file system", str(target))

    monkeypatch.setattr(saves, "atomic_write_text", read_only)
    scene.open_pause()
    assert isinstance(app.top, PauseScene)
    app.top._menu()  # autosave, then back to the menu
    app.step(1 / 60)
    assert _dialogs(app) == 1 and "Read-only file system" in app.top.message


def test_duck_name_fitting_measures_log_n_times_and_cuts_where_a_full_search_would():
    """Was: cutting one character at a time measured a 50,000-character name 50,000
    times (the Duck table hung for minutes)."""
    from game.ui import fonts
    from game.ui.fonts import ellipsize

    class CountingFace:
        calls = 0

        def size(self, text):
            CountingFace.calls += 1
            return (7 * len(text), 10)

    face = CountingFace()
    assert ellipsize(face, "W" * 50_000, 700) == "W" * 99 + "…"
    assert CountingFace.calls <= 20
    real = fonts.font(16, True)
    for text in ("Aiko", "Wolfgang Amadeus", "あいうえおかきくけこさしす", "iiiiiiiiWWWWWWWW"):
        for width in (5, 30, 60, 90, 400):
            expected = text
            if real.size(text)[0] > width:  # the old loop, as the reference
                expected = text
                while len(expected) > 1 and real.size(expected + "…")[0] > width:
                    expected = expected[:-1]
                expected += "…"
            assert ellipsize(real, text, width) == expected, (text, width)


def test_printable_escapes_what_no_font_draws():
    assert printable("a\x00b\ud800c") == "a\\x00b\\ud800c"
    assert len(printable("x" * 10_000, 50)) == 50


def test_save_slots_over_an_unreadable_folder_say_so(monkeypatch, app):
    """Was: Path.exists() raised PermissionError inside the Save slots screen's layout."""
    from game.scenes.shell.save_slots import SaveSlotsScene

    _unreadable_saves_folder(monkeypatch)
    scene_ = SaveSlotsScene(app, _played_session(actions=3))
    app.push(scene_)
    app.draw()
    assert "Permission denied" in scene_.buttons.by_key("slot:1").label


def test_save_slots_show_a_damaged_or_special_slot_file_as_such(app):
    from game.scenes.shell.save_slots import SaveSlotsScene

    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    shutil.copy(CORPUS / "saved_at_1e308.json", folder / "slot-1.json")
    os.mkfifo(folder / "slot-2.json")
    (folder / "slot-3.json").symlink_to("/dev/zero")
    with no_longer_than(10):
        scene_ = SaveSlotsScene(app, _played_session(actions=3))
        app.push(scene_)
        app.draw()
    labels = [scene_.buttons.by_key(f"slot:{n}").label for n in (1, 2, 3)]
    assert (
        "saved_at" in labels[0]
        and "not a regular file" in labels[1]
        and "not a regular file" in labels[2]
    )
