import subprocess
import sys
from pathlib import Path

import pytest

from game.__main__ import main
from tests.children import ended


def test_help_for_every_command(capsys):
    for command in (
        [],
        ["play"],
        ["simulate"],
        ["screenshot"],
        ["check-board"],
        ["tournament"],
        ["serve"],
    ):
        with pytest.raises(SystemExit) as exit_info:
            main(command + ["--help"])
        assert exit_info.value.code == 0
    assert "usage" in capsys.readouterr().out


def test_unknown_game_is_one_line_and_nonzero(capsys):
    assert main(["simulate", "chess", "--games", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown game" in err[0]


def test_screenshot_menu_in_both_languages(tmp_path):
    import pygame

    for lang in ("en", "ja"):
        out = tmp_path / f"menu-{lang}.png"
        assert (
            main(["screenshot", "menu", "--out", str(out), "--lang", lang, "--size", "1024x600"])
            == 0
        )
        image = pygame.image.load(str(out))
        assert image.get_size() == (1024, 600)
        # issue #38: the title band is the sky with the wordmark, not one slate colour
        top = image.get_at((512, 1))[:3]
        assert sum(abs(a - b) for a, b in zip(top, (63, 128, 176))) < 12, top


def test_screenshot_of_the_hosting_windows_waiting_room(tmp_path):
    """issue #38: ``screenshot hosting`` draws the hosting window with its waiting room
    (the example code big in the accent colour), without opening a port."""
    import pygame

    out = tmp_path / "hosting.png"
    assert main(["screenshot", "hosting", "--out", str(out), "--size", "1024x600"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 600)
    accent = (190, 78, 36)  # theme.ACCENT_DARK, the code's colour
    near = sum(
        1
        for x in range(0, 1024, 2)
        for y in range(0, 600, 2)
        if sum(abs(a - b) for a, b in zip(image.get_at((x, y))[:3], accent)) < 20
    )
    assert near > 500, near


def test_screenshot_of_join_a_table(tmp_path):
    import pygame

    out = tmp_path / "join.png"
    assert main(["screenshot", "join", "--out", str(out), "--lang", "ja"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
    # its panels, not only the background: more than one colour across the middle row
    assert len({tuple(image.get_at((x, 360))) for x in range(0, 1280, 8)}) > 2


def test_play_runs_n_frames_and_exits_zero(tmp_path):
    env = {
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "TABLETOP_DERBY_HOME": str(tmp_path),
        "PATH": "/usr/bin:/bin",
    }
    out = subprocess.run(
        [sys.executable, "main.py", "--frames", "30"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert out.returncode == 0, out.stderr


# -- issue #14: a bad command line is one line on stderr and exit 2, never a traceback ------
BAD_COMMAND_LINES = [
    # (argv, what the one line must say); {tmp} is a fresh temporary folder. The play
    # lines carry --frames 1 so that, were a check lost, the test fails instead of hanging.
    (["simulate", "duck", "--players", "9"], "Duck! Duck! Go! is for 2-6 players, not 9"),
    (["simulate", "duck", "--players", "0"], "--players: must be at least 1, not 0"),
    (["simulate", "duck", "--players", "-1"], "--players: must be at least 1, not -1"),
    (["simulate", "routes", "--players", "2"], "Eight Routes is for 3-5 players, not 2"),
    (["simulate", "duck", "--option", "foo=bar"], "duck has no option 'foo'"),
    (["simulate", "duck", "--option", "official=maybe"], "official is one of false|true"),
    (["simulate", "cluck", "--option", "start_player=false"], "start_player is one of"),
    (["simulate", "duck", "--option", "official"], "--option: wants KEY=VALUE"),
    (["simulate", "cluck", "--attack"], "cluck has no attack option"),
    (["simulate", "routes", "--variant", "hats"], "routes has no variants"),
    (["simulate", "verflixxt", "--variant", "both"], "verflixxt's variants are base|hats"),
    (["simulate", "cluck", "--board", "bathtub"], "cluck has no board option"),
    (["simulate", "duck", "--variant", "twoducks"], "variants are beginner|advanced|official"),
    (["simulate", "duck", "--board", "no-such-board"], "no such board"),
    (["simulate", "duck", "--games", "-5"], "--games: must be at least 1, not -5"),
    (["simulate", "duck", "--games", "0"], "--games: must be at least 1, not 0"),
    (["simulate", "duck", "--max-rounds", "0"], "--max-rounds: must be at least 1"),
    (["simulate", "duck", "--bot", "grandmaster"], "unknown level 'grandmaster'"),
    (["simulate", "duck", "--seed", "x"], "--seed: wants a whole number"),
    # a seed no save can hold would make a game that cannot be resumed (saves.SEED_LIMIT)
    (["play", "--new", "duck", "--seed", str(2**128), "--frames", "1"], "must be below 2**128"),
    (["simulate", "duck", "--seed", "9" * 5000], "--seed: wants a whole number"),
    (["simulate", "chess", "--games", "1"], "unknown game 'chess'"),
    (
        ["tournament", "duck", "--players", "2", "--bots", "hard,normal", "--games", "0"],
        "--games: must be at least 1, not 0",
    ),
    (
        ["tournament", "duck", "--players", "2", "--bots", "hard,normal", "--games", "-3"],
        "--games: must be at least 1, not -3",
    ),
    (["tournament", "chess", "--players", "2"], "unknown game 'chess'"),
    (["tournament", "duck", "--bots", "hard,normal"], "names 2 levels for 4 players"),
    (["tournament", "duck", "--players", "2", "--bots", "hard,wizard"], "unknown level"),
    (
        ["screenshot", "duck", "--players", "0", "--out", "{tmp}/x.png"],
        "--players: must be at least 1, not 0",
    ),
    (
        ["screenshot", "cluck", "--players", "5", "--out", "{tmp}/x.png"],
        "Cluck-peep! is for 2-4 players, not 5",
    ),
    (["screenshot", "menu", "--out", "{tmp}"], "is a folder, not a file name"),
    (["screenshot", "menu", "--out", "{tmp}/shot.txt"], "does not end in .png"),
    (["screenshot", "menu", "--out", "{tmp}/a-file/x.png"], "is a file, not a folder"),
    (
        ["screenshot", "menu", "--variant", "hats", "--out", "{tmp}/x.png"],
        "only a game scene has game options",
    ),
    (["screenshot", "chess", "--out", "{tmp}/x.png"], "unknown scene 'chess'"),
    (
        ["screenshot", "duck", "--rounds", "-1", "--out", "{tmp}/x.png"],
        "--rounds: must be at least 0",
    ),
    # a lesson at one of its steps (issue #19)
    (["screenshot", "lesson:chess-1", "--out", "{tmp}/x.png"], "unknown lesson 'chess-1'"),
    (["screenshot", "lesson:", "--out", "{tmp}/x.png"], "unknown lesson ''; known: lesson:"),
    (
        ["screenshot", "lesson:duck-1", "--step", "0", "--out", "{tmp}/x.png"],
        "--step: must be at least 1, not 0",
    ),
    (
        ["screenshot", "lesson:duck-1", "--step", "-3", "--out", "{tmp}/x.png"],
        "--step: must be at least 1, not -3",
    ),
    (
        ["screenshot", "lesson:duck-1", "--step", "two", "--out", "{tmp}/x.png"],
        "--step: wants a whole number, not 'two'",
    ),
    (
        ["screenshot", "lesson:duck-1", "--step", "999", "--out", "{tmp}/x.png"],
        "--step: duck-1 has 20 steps, not 999",
    ),
    (["screenshot", "menu", "--step", "2", "--out", "{tmp}/x.png"], "only a lesson scene has"),
    (["screenshot", "duck", "--refused", "--out", "{tmp}/x.png"], "only a lesson scene has"),
    (
        ["screenshot", "lesson:duck-1", "--players", "3", "--out", "{tmp}/x.png"],
        "--players: a lesson sets its own table",
    ),
    (
        ["screenshot", "lesson:duck-1", "--seed", "5", "--out", "{tmp}/x.png"],
        "--seed: a lesson sets its own table",
    ),
    (
        ["screenshot", "lesson:duck-1", "--rounds", "2", "--out", "{tmp}/x.png"],
        "--rounds: a lesson sets its own table",
    ),
    (
        ["screenshot", "lesson:routes-1", "--variant", "hats", "--out", "{tmp}/x.png"],
        "--variant: a lesson sets its own table",
    ),
    (["play", "--resume", "{tmp}/no/such/file.json", "--frames", "1"], "does not exist"),
    (["play", "--resume", "{tmp}", "--frames", "1"], "is a folder"),
    (["play", "--resume", "{tmp}/a-file", "--frames", "1"], "the file is empty"),
    (["play", "--players", "9", "--frames", "1"], "--players: needs --new GAME"),
    (["play", "--seed", "3", "--frames", "1"], "--seed: needs --new GAME"),
    (["play", "--computers", "--frames", "1"], "--computers: needs --new GAME"),
    (
        ["play", "--new", "routes", "--players", "2", "--frames", "1"],
        "Eight Routes is for 3-5 players",
    ),
    (["play", "--new", "chess", "--frames", "1"], "unknown game 'chess'"),
    (
        ["play", "--new", "duck", "--resume", "latest", "--frames", "1"],
        "not allowed with argument --new",
    ),
    (["play", "--frames", "0"], "--frames: must be at least 1"),
    (["--size", "10x10"], "out of range"),
    # serve (issue #18): every line here fails before anything listens
    (["serve", "--port", "70000"], "--port: a port is 0-65535"),
    (["serve", "--port", "http"], "--port: wants a port number"),
    (["serve", "--certfile", "{tmp}/a-file"], "give both"),
    (["serve", "--certfile", "{tmp}", "--keyfile", "{tmp}/a-file"], "is not a file"),
    (
        ["serve", "--certfile", "{tmp}/a-file", "--keyfile", "{tmp}/a-file"],
        "--certfile/--keyfile: cannot be used",
    ),
    (["serve", "--players", "3"], "--players: needs --new GAME"),
    (["serve", "--new", "routes", "--players", "2"], "Eight Routes is for 3-5 players"),
    (["serve", "--new", "duck", "--seats", "person,robot"], "each seat is person or computer"),
    (["serve", "--new", "duck", "--seats", "person,person", "--players", "3"], "names 2 seats"),
    (["serve", "--new", "cluck", "--attack"], "cluck has no attack option"),
    (["serve", "--bot-delay", "-1"], "--bot-delay: must be 0-60 seconds"),
]


@pytest.mark.parametrize(
    "argv,problem", BAD_COMMAND_LINES, ids=[" ".join(argv) for argv, _ in BAD_COMMAND_LINES]
)
def test_a_bad_command_line_is_one_line_and_exit_2(argv, problem, tmp_path, capsys):
    (tmp_path / "a-file").write_text("")
    argv = [part.replace("{tmp}", str(tmp_path)) for part in argv]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("tabletop-derby: error: ") and problem in lines[0], lines[0]
    assert out == ""  # no games ran: no JSON, no first_error
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "duck", "--players", "9"],
        ["simulate", "cluck", "--attack"],
        ["tournament", "duck", "--players", "2", "--bots", "hard,normal", "--games", "0"],
    ],
)
def test_a_bad_command_line_in_a_real_process(argv):
    """What a person sees in the terminal: exit code 2 and one line, no traceback."""
    out = subprocess.run(
        [sys.executable, "-m", "game", *argv],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert out.returncode == 2
    assert len(out.stderr.splitlines()) == 1 and "Traceback" not in out.stderr, out.stderr
    assert out.stdout == ""


def test_a_closed_output_pipe_is_not_an_error():
    """`simulate … | head -1`: the reader left; no 'Broken pipe' line on stderr."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "simulate", "cluck", "--games", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    with ended(proc):  # ended whatever fails (issue #36)
        proc.stdout.close()  # closed before the first line is written
        err = proc.stderr.read()
        assert proc.wait(timeout=60) == 1
    assert err == ""


def test_simulate_refuses_a_bad_setup_before_any_game():
    """The library call too: a bad setup is one ValueError, not a first_error per game."""
    from game.simulate import run

    with pytest.raises(ValueError, match="is for 2-3 players"):
        run("duck", 4, 3, 1, {"variant": "twoducks"})
    with pytest.raises(ValueError, match="games must be at least 1"):
        run("duck", 4, -5, 1, {})
    result = run("duck", 3, 2, 1, {"variant": "twoducks"})
    assert result["errors"] == 0 and "first_error" not in result


def test_tournament_refuses_zero_games():
    from game.tournament import run_tournament

    with pytest.raises(ValueError, match="games must be at least 1"):
        run_tournament("duck", 2, 0, 1, ["hard", "normal"], {})


def test_option_values_become_the_rules_values(capsys):
    from game.__main__ import build_parser, check_args

    args = build_parser().parse_args(
        [
            "simulate",
            "cluck",
            "--option",
            "start_player=2",
            "--option",
            "runaway=TRUE",
            "--variant",
            "long",
        ]
    )
    check_args(args)
    assert args.options == {"variant": "long", "start_player": 2, "runaway": True}
    assert main(["simulate", "cluck", "--games", "2", "--json", "--option", "start_player=2"]) == 0
    assert '"errors": 0' in capsys.readouterr().out


def test_a_fault_of_ours_is_one_line_naming_the_log(monkeypatch, capsys, tmp_path):
    """A bug is not a bad command line: exit 70, one line, the traceback in a log."""
    import game.simulate

    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(game.simulate, "run", broken)
    assert main(["simulate", "duck", "--games", "1"]) == 70
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "tabletop-derby: internal error: ZeroDivisionError: 'a bug'"
    )
    from game.settings import cache_dir

    log = cache_dir() / "last-error.log"
    assert str(log) in lines[0]
    assert "Traceback" in log.read_text() and "def broken" not in lines[0]


def test_an_image_that_cannot_be_saved_is_one_line(monkeypatch, tmp_path, capsys):
    import pygame

    def refuse(surface, path):
        raise pygame.error("Couldn't open " + str(path))

    monkeypatch.setattr(pygame.image, "save", refuse)
    assert main(["screenshot", "menu", "--out", str(tmp_path / "x.png")]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "x.png: cannot be written" in lines[0]


def test_screenshot_of_the_pause_scene(tmp_path):
    out = tmp_path / "pause.png"
    assert main(["screenshot", "pause", "--out", str(out), "--size", "640x360"]) == 0
    assert out.stat().st_size > 0


def test_screenshot_of_a_lesson_step_is_that_step_as_a_person_sees_it(tmp_path):
    """`screenshot lesson:ID --step N` (issue #19): the lesson played by its own steps on
    the real table up to step N, which is on screen with its ring and callout."""
    import pygame

    from game.app import App
    from game.lessons import lesson_ids, lesson_path, load_lesson, read_progress, save_progress
    from game.scenes.table import playing
    from game.screenshot import show_lesson_step
    from game.settings import Settings

    # the person's own place in a lesson: a screenshot neither moves nor forgets it
    save_progress("verflixxt-1", {"fingerprint": "kept", "step": 4, "actions": []})
    kept = read_progress()
    delay = playing.BOT_DELAY
    for lesson_id in lesson_ids():
        lesson = load_lesson(lesson_path(lesson_id))
        for step in (1, len(lesson.steps) // 2, len(lesson.steps)):
            app = App(size=(1024, 600), lang="ja", settings=Settings(), persist=False)
            scene = show_lesson_step(app, lesson_id, step, refused=step > 1)
            app.draw()
            shown = scene.guide.shown_step()
            assert shown is not None and shown.index == step - 1, (lesson_id, step)
            assert scene.guide.callout is not None  # drawn, over the table
            assert app.screen.get_rect().contains(scene.guide.place(shown.point))
            assert playing.BOT_DELAY == delay  # the computers' pause is the app's again
    pygame.quit()
    out = tmp_path / "step.png"
    assert main(["screenshot", "lesson:verflixxt-1", "--step", "3", "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
    assert read_progress() == kept


def test_play_new_fits_the_default_seats_to_the_game(monkeypatch):
    """Without --players, --new takes 4 seats, or the nearest count the game allows."""

    import game.app
    from game import registry

    seen = {}
    monkeypatch.setattr(game.app, "run_app", lambda **kwargs: seen.update(kwargs) or 0)
    assert main(["play", "--new", "routes", "--frames", "1"]) == 0
    assert seen["players"] == 4 and seen["new"] == "routes"
    monkeypatch.setitem(
        registry.GAMES,
        "cluck",
        registry.GAMES["cluck"].replaced(min_players=5, max_players=6),
    )
    assert main(["play", "--new", "cluck"]) == 0
    assert seen["players"] == 5


# -- help: every argument explained, allowed values listed, and the README kept in step ------
COMMANDS = (
    "play",
    "screenshot",
    "simulate",
    "tournament",
    "serve",
    "history",
    "stats",
    "export",
    "replay",
    "hint",
    "review",
    "check-board",
    "board",
)


def _help(capsys, *argv) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main([*argv, "--help"])
    assert exit_info.value.code == 0
    return capsys.readouterr().out


def test_every_argument_has_a_help_text():
    import argparse

    from game.__main__ import build_parser

    parser = build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(subparsers.choices) == set(COMMANDS)
    for name, sub in subparsers.choices.items():
        for action in sub._actions:
            assert action.help and action.help != argparse.SUPPRESS, (name, action.dest)


def test_play_alone_runs_with_its_parsers_defaults_and_builds_no_parser(monkeypatch, capsys):
    """issue #37 (start-up to the first frame): ``tabletop-derby`` with no arguments (and
    main.py's ``play``) starts the window without building the parser, with the parser's
    own defaults for ``play``: a flag added to the parser without its default in
    ``play.PLAIN`` fails here. No display is still one line and exit 2."""
    import gc

    import game.cli
    from game.__main__ import build_parser
    from game.cli import play

    parsed = vars(build_parser().parse_args(["play"]))
    assert parsed == {"command": "play", **play.PLAIN}

    def no_parser(*args, **kwargs):
        raise AssertionError("a parser was built for `play` alone")

    seen: list[dict] = []
    monkeypatch.setattr(game.cli, "build_parser", no_parser)
    monkeypatch.setattr(play, "run", lambda args: seen.append(vars(args)) or 0)
    monkeypatch.setattr(play, "display_problem", lambda: None)
    assert main([]) == 0 and main(["play"]) == 0
    assert seen == [parsed, parsed]
    assert gc.isenabled()  # held for the first frame only (tests/test_startup_imports.py)

    monkeypatch.setattr(play, "display_problem", lambda: "no display to open the window on")
    assert main([]) == 2 and seen == [parsed, parsed]
    err = capsys.readouterr().err.splitlines()
    assert err == ["tabletop-derby: error: no display to open the window on"]


def test_help_lists_what_each_game_allows(capsys):
    from game import registry, rules
    from game.cli.common import choice_text, variant_names
    from game.screenshot import SCENES

    text = " ".join(_help(capsys, "simulate").split())
    for info in registry.GAMES.values():
        assert f"{info.id} {info.min_players}-{info.max_players}" in text
        for spec in rules.load(info.id).OPTIONS:
            if spec.key == "board":
                continue  # a name or a file; the shipped names are listed
            assert f"{spec.key}={'|'.join(choice_text(c) for c in spec.choices)}" in text
        if variant_names(info.id):
            assert f"{info.id}: {'|'.join(variant_names(info.id))}" in text
    assert "official" in variant_names("duck") and "both" in variant_names("cluck")
    shot = " ".join(_help(capsys, "screenshot").split())
    assert ", ".join([*SCENES, *(i.id for i in registry.installed_games())]) in shot
    assert "pause" in SCENES


def test_top_level_help_names_every_command_in_its_first_lines(capsys):
    """issue #36: ``python -m game --help`` named 6 of its 10 commands in its opening
    sentence (the list under it is cut into a column with long names on lines of their
    own): the sentence names them all, as COMMANDS has them."""
    from game.cli import COMMANDS

    opening = " ".join(_help(capsys).split("positional arguments")[0].split())
    sentence = opening.split("tabletop-derby:", 1)[1].split(".")[0]
    assert [c for c in COMMANDS if c not in sentence] == [], sentence


def test_top_level_help_has_no_rest_markup(capsys):
    text = _help(capsys)
    assert "``" not in text and "python -m game / tabletop-derby" in text


def _readme_command_rows() -> dict[str, str]:
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Command line", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        for command in COMMANDS:
            if line.startswith(f"| `{command}"):
                rows[command] = line
    return rows


@pytest.mark.parametrize("command", COMMANDS)
def test_readme_lists_every_flag_of_the_help(command, capsys):
    """The README's command table and --help cannot drift apart."""
    import re

    rows = _readme_command_rows()
    assert command in rows, f"README's Command line table has no row for {command}"
    # `board` has one sub-command so far, whose flags the row lists (issue #41)
    text = _help(capsys, *((command, "random") if command == "board" else (command,)))
    options = text.split("options:", 1)[1]
    flags = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", options)) - {"--help"}
    assert flags or command == "check-board", text
    missing = sorted(
        flag
        for flag in flags
        if f"`{flag}" not in rows[command] and f" {flag}" not in rows[command]
    )
    assert not missing, f"README row for {command} lacks {missing}"


def test_resume_latest_with_nothing_to_resume_opens_the_menu_with_a_dialog():
    """`latest` is "go on where I left off", not a value that can be wrong: with no
    unfinished game the window opens (exit 0) and says so, as the Resume screen does."""
    import os

    root = Path(__file__).resolve().parents[1]
    out = subprocess.run(
        [sys.executable, "-m", "game", "play", "--resume", "latest", "--frames", "3"],
        capture_output=True,
        cwd=root,
        timeout=60,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
        check=False,
    )
    assert out.returncode == 0 and out.stderr == b"", out.stderr


def test_play_resume_file_reads_and_replays_the_save_once(tmp_path, monkeypatch):
    """`play --resume FILE` checks the save before the window opens and then opens that
    same loaded game: the file is read and replayed once, not twice."""
    import os

    from game import __main__ as cli
    from game import saves
    from game.session import Session
    from tests.scene_helpers import seats

    session = Session("verflixxt", seats("verflixxt", {0}, 2, "easy"), 5)
    path = saves.write_save(session, tmp_path / "game.json", "manual")
    calls = []
    real = saves.load_session

    def counting(*args, **kwargs):
        calls.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(saves, "load_session", counting)
    monkeypatch.setitem(os.environ, "SDL_VIDEODRIVER", "dummy")
    monkeypatch.setitem(os.environ, "SDL_AUDIODRIVER", "dummy")
    assert cli.main(["play", "--resume", str(path), "--frames", "2"]) == 0
    assert calls == [path]
