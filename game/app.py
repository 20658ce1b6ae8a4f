"""The pygame main loop: a scene stack, the window, settings, text and sound."""

from __future__ import annotations

import gc
import json
import os
import sys
import time
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import registry, saves, storage
from game import settings as settings_mod
from game.paths import ASSETS_DIR
from game.scenes.router import Router
from game.scenes.shell.screens import SCREENS
from game.settings import Settings, load_settings, save_settings
from game.storage import atomic_write_text, printable
from game.ui import fonts, identity, kept, kept_text, sprites, theme, widgets
from game.ui.i18n import Translator
from game.ui.sound import Sounds

if TYPE_CHECKING:
    from game.history import History, PreparedGame
    from game.history_writer import HistoryWriter


def _warn(message: str, *args: object) -> None:
    """A warning in the log, as the logger ``game.app``."""
    import logging  # start-up: the first frame logs nothing (logging is ms of imports)

    logging.getLogger(__name__).warning(message, *args)


FPS = 60
IDLE_POLL_MS = 30  # input is still picked up within 30 ms when nothing moves


class App:
    _icon_set = False  # the window's icon is set once, before the first window

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        lang: str | None = None,
        settings: Settings | None = None,
        persist: bool = True,
    ):
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        self.persist = persist
        warning = None
        if persist:
            _remove_stale_temp_files()
        if settings is None:
            settings, warning = load_settings() if persist else (Settings(), None)
        self.settings = settings
        if lang:
            self.settings.language = lang
        self.t = Translator(self.settings.language)
        pygame.display.init()
        pygame.font.init()

        fonts.reset()
        sprites.reset()
        identity.reset()
        pygame.display.set_caption(self.t("app.title"))
        self.size = size or (self.settings.window_width, self.settings.window_height)
        self.screen = self._make_window(self.size, self.settings.fullscreen and size is None)
        self.size = self.screen.get_size()

        self.sound = Sounds(self.settings.volume)
        self.clock = pygame.time.Clock()
        self.stack: list = []
        self.router = Router(self, SCREENS)  # scenes open each other by name through it
        self.running = True
        self.exit_code = 0
        self.frames = 0
        # seconds of play: the sum of the frames' steps (the wall clock in a window, the
        # given steps headless, so a screenshot draws the same picture on any machine)
        self.elapsed = 0.0
        self.dirty = True
        self._was_busy = False
        # The window's close button was pressed: SDL sends WINDOWCLOSE, then QUIT. A QUIT
        # without it is a SIGTERM (SDL turns it into QUIT), which never asks first.
        self._close_button = False
        # End-to-end tests: TABLETOP_DERBY_PROBE=file.json makes the app write what can be
        # clicked on the top scene after each drawn frame (a real window cannot be asked).
        self.probe_path = os.environ.get("TABLETOP_DERBY_PROBE") or None
        self._last_probe: dict[str, object] | None = None
        # A fixed seed for every new game (tests, bug reports): TABLETOP_DERBY_SEED=42.
        seed = os.environ.get("TABLETOP_DERBY_SEED", "")
        self.fixed_seed = int(seed) if seed.isdigit() else None
        self._pending_error: str | None = None
        if warning:
            self._pending_error = self.t("app.settings_damaged", details=warning)
        self._autosave_failing = False
        # the history's thread (game.history_writer), started when the history is
        # first wanted, or at once when a run before left games to write
        self._writer: HistoryWriter | None = None
        self._imported = False  # the old autosaves' import is queued (once a run)
        # the first frame's texts read from the run before's copy (game.ui.kept_text),
        # given up once that frame is shown
        self.first_texts: kept_text.KeptTexts | None = None
        if persist and _games_pending():
            self._history_writer()

    # window ---------------------------------------------------------------------------
    def _make_window(self, size, fullscreen: bool) -> pygame.Surface:
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        if not self._icon_set:
            self._set_icon()
        if fullscreen:
            return pygame.display.set_mode((0, 0), flags)
        least = self.least_window()
        size = (max(size[0], least[0]), max(size[1], least[1]))
        screen = pygame.display.set_mode(size, flags)
        if self.persist:
            self._hold_minimum(least)
        return screen

    def least_window(self) -> tuple[int, int]:
        """The smallest a person's window may be (theme.MIN_WINDOW, within the desktop);
        a window of pictures and tests (``persist`` off) is any size asked for."""
        if not self.persist:
            return (1, 1)
        desktops = pygame.display.get_desktop_sizes() or [theme.MIN_WINDOW]
        width, height = desktops[0]
        return (min(theme.MIN_WINDOW[0], width), min(theme.MIN_WINDOW[1], height))

    @staticmethod
    def _hold_minimum(least: tuple[int, int]) -> None:
        """Tell the window manager the window's least size, so a drag stops there."""
        try:
            with warnings.catch_warnings():
                # pygame-ce warns that this window object's own surface calls are
                # deprecated; only its minimum_size is used here
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.minimum_size = least
        except (AttributeError, pygame.error) as exc:  # an older pygame: no least size
            _warn("no least window size: %s", exc)

    def _set_icon(self) -> None:
        """The box's own icon in the title bar and task bar (set before the first window:
        pygame then never loads its default one, which was 2 ms of start-up)."""
        self._icon_set = True
        svg = str(ASSETS_DIR / "icon.svg")
        try:  # kept on disk between runs (game.ui.kept): no SVG before the first frame
            icon = kept.kept(
                "icon-64x64",
                (64, 64),
                lambda: widgets.Picture(pygame.image.load_sized_svg(svg, (64, 64)), ()),
                (svg,),
            ).image
        except (pygame.error, OSError, ValueError) as exc:  # a damaged install: pygame's
            _warn("no window icon: %s", exc)
            return
        pygame.display.set_icon(icon)

    def set_fullscreen(self, on: bool) -> None:
        self.settings.fullscreen = on
        size = (self.settings.window_width, self.settings.window_height)
        self.screen = self._make_window(size, on)
        self._resized(self.screen.get_size())

    def _resized(self, size) -> None:
        self.size = tuple(size)
        if not self.settings.fullscreen:
            # within what the settings file accepts, or saving it would fail (a window
            # 300 high was refused, and the language chosen with it lost)
            self.settings.window_width = settings_mod.window_side(self.size[0])
            self.settings.window_height = settings_mod.window_side(self.size[1])
        for scene in self.stack:
            scene.layout(self.size)
        self.dirty = True

    def set_language(self, lang: str) -> None:
        self.settings.language = lang
        self.t = Translator(lang)
        pygame.display.set_caption(self.t("app.title"))
        for scene in self.stack:
            scene.t = self.t
            scene.layout(self.size)
        self.dirty = True

    def save_settings(self) -> None:
        if self.persist:
            try:
                save_settings(self.settings)
            except (OSError, settings_mod.SettingsError) as exc:
                self.show_error(str(exc))

    # the scene stack ------------------------------------------------------------------
    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    def push(self, scene) -> None:
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.enter()
        self.dirty = True

    def pop(self):
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.stack[-1].resume()
        else:
            self.running = False
        self.dirty = True
        return scene

    def replace(self, scene) -> None:
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()
        self.dirty = True

    def pop_to_root(self) -> None:
        while len(self.stack) > 1:
            self.stack.pop().exit()
        self.stack[-1].resume()
        self.dirty = True

    def show_error(self, message: str, title: str | None = None) -> None:
        """A dialog over the current scene; the app keeps running."""
        self.router.open("dialog", title or self.t("app.error_title"), message)

    def report_autosave(self, error: OSError | None) -> None:
        """An autosave's outcome. A failure (full disk, read-only folder) is shown in a
        dialog once per streak of failures, not every round: the old save is still there,
        and saving is tried again each round; a success ends the streak. The dialog opens
        on the next frame, so that a scene change made with the save (quit to menu) does
        not close it unseen."""
        if error is None:
            self._autosave_failing = False
            return
        if self._autosave_failing:
            return
        self._autosave_failing = True
        self._pending_error = self.t("app.autosave_failed", error=printable(str(error)))

    def history_reader(self) -> HistoryWriter | None:
        """The history's thread (issue #36: nothing that touches the file runs on the
        window's thread), for a screen to ask questions of; the first time, the finished
        autosaves still on disk are imported (once: a mark in the file). None: this
        window keeps nothing (screenshots, tests) and no history exists yet."""
        if self._writer is None:
            from game.history import history_path  # start-up: sqlite3 when needed

            if not (self.persist or history_path().exists()):
                return None
        writer = self._history_writer()
        self._import_once()
        return writer

    def _history_writer(self) -> HistoryWriter:
        if self._writer is None:
            from game.history import History  # start-up: sqlite3 when the history is used
            from game.history_writer import (  # start-up: as game.history, its thread
                THREAD_BUSY_TIMEOUT_S,
                HistoryWriter,
                pending_dir,
            )

            self._writer = HistoryWriter(
                lambda: History.open(busy_timeout=THREAD_BUSY_TIMEOUT_S),
                pending_dir() if self.persist else None,
            )
            self._writer.resume_pending()  # what a run before could not write yet
        return self._writer

    def _import_once(self) -> None:
        """The finished autosaves still on disk into the history, after the games
        queued so far (their own autosaves have no end-screen breakdown; the import is
        idempotent by the save's id). Problems are reported as the history's notes."""
        if self._imported or not self.persist or self._writer is None:
            return
        self._imported = True
        writer = self._writer

        def import_old(history: History) -> int:
            count, problems = history.import_autosaves()  # once: marked in the file
            for problem in problems[:3]:
                writer.report(problem)
            return count

        writer.ask(import_old, writes=True)

    def record_game(self, session, **details) -> None:
        """A finished game into the history (issue #28), written by the history's
        thread (issue #36): this returns at once, the game kept in the data folder until
        it is written, even across quitting. Nothing when this window keeps nothing."""
        if not self.persist:
            return
        from game.history import prepare_session  # start-up: sqlite3 when the history is used

        self.write_history(prepare_session(session, **details))

    def write_history(self, prepared: PreparedGame) -> None:
        """A game made into its rows (:meth:`record_game`, or a game joined over the
        network: ``game.history.prepare_entry``) to be written when the file is free;
        then the old autosaves are imported once. Nothing when this window keeps
        nothing."""
        if not self.persist:
            return
        self._history_writer().record(prepared)
        self._import_once()

    def _history_reports(self) -> None:
        """What the history's thread found (a damaged file kept aside, a game that cannot
        be written now, a name stored with a replaced character): one dialog."""
        if self._writer is None or self._pending_error:
            return
        reports = self._writer.take_reports()
        if reports:
            self._pending_error = self.t(
                "app.history_notes", notes=printable("; ".join(reports[:4]), 600)
            )

    def quit(self) -> None:
        for scene in reversed(self.stack):
            scene.on_quit()
        self.save_settings()
        if self._writer is not None:
            # a game still waiting for a locked file is in the data folder: written at
            # the next start, so quitting never waits for another program
            self._writer.stop()
            self._history_reports()
        self.running = False
        if self._pending_error:  # e.g. the last autosave failed: say so somewhere
            print(self._pending_error, file=sys.stderr)
            self._pending_error = None

    def write_probe(self) -> None:
        top, path = self.top, self.probe_path
        if top is None or path is None:
            return
        game = next(
            (s for s in reversed(self.stack) if hasattr(s, "sharing")), None
        )  # a table (game.scenes.table.scene)
        targets = top.probe()
        guide = getattr(game, "guide", None)  # the table's (game.scenes.table.guide)
        if guide is not None and top is game:
            # a lesson's Next, and where a click takes its step's action (a table's own
            # probe may leave them out)
            targets.update(guide.probe(targets))
        info = {
            "scene": type(top).__name__,
            "stack": [type(s).__name__ for s in self.stack],
            "targets": targets,
            "frames": self.frames,
        }
        # what a screen says of itself beyond its targets (issue #41: the builder's
        # tiles, the lobby's board, a dialog's words), for a driver to check
        probe_info = getattr(top, "probe_info", None)
        if probe_info is not None:
            info.update(probe_info())
        if game is not None:
            state = game.session.state
            info["game"] = {
                "round": state.round_number,
                "over": state.is_over(),
                "to_act": list(state.to_act()),
                "humans_to_act": game.driver.local_deciders(),
                "animating": game.player.busy(),
                "actions": len(game.session.actions),
            }
            place = guide.probe_state() if guide is not None else None
            if place is not None:  # a guided lesson (game.scenes.table.lesson): its place
                info["game"]["lesson"] = place
            online = game.part.probe()
            if online is not None:  # a network table (game.scenes.table.online_parts)
                info["game"]["online"] = online
        key = {k: v for k, v in info.items() if k != "frames"}
        if key != self._last_probe:
            self._last_probe = key

            atomic_write_text(Path(path), json.dumps(info))

    # the loop -------------------------------------------------------------------------
    def busy(self) -> bool:
        return any(scene.busy() for scene in self.stack)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.WINDOWCLOSE:
            self._close_button = True
            return
        if event.type == pygame.QUIT:
            asked, self._close_button = self._close_button, False
            # the close button over a scene that asks first (the title menu, issue #36)
            if asked and self.top is not None and self.top.close_requested():
                self.dirty = True
                return
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = getattr(event, "size", None) or (event.x, event.y)
            self._resized(self.screen.get_size() if size is None else size)
            return
        if event.type in (
            pygame.WINDOWEXPOSED,
            pygame.WINDOWRESTORED,
            pygame.WINDOWSHOWN,
            pygame.ACTIVEEVENT,
            pygame.WINDOWFOCUSGAINED,
        ):
            self.dirty = True
            return
        if event.type == pygame.DROPFILE:
            # a board file (issue #41): checked and kept among the player's boards; a
            # .derby file: watch it
            if str(event.file).lower().endswith((".yaml", ".yml", ".tmx")):
                self.router.screen("open_board")(self, event.file)
            else:
                self.router.screen("open_derby")(self, event.file)
            self.dirty = True
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
            return
        if self.top is not None:
            self.top.handle_event(event)
            self.dirty = True

    def draw(self) -> None:
        start = len(self.stack) - 1
        while start > 0 and self.stack[start].overlay and not self.stack[start].opaque_overlay:
            start -= 1
        if not self.stack[start].covers_window:  # else the fill is painted over unseen
            self.screen.fill(theme.BG)
        for scene in self.stack[start:]:
            scene.draw(self.screen)

    def step(self, dt: float) -> None:
        """One frame: update every scene (animations below overlays keep going), draw."""
        self.elapsed += dt
        self._history_reports()
        if self._pending_error:
            message, self._pending_error = self._pending_error, None
            self.show_error(message)
        for scene in list(self.stack):
            scene.update(dt)
        busy = self.busy()
        # The frame an animation ends in is drawn too: it is the one that shows a person's
        # controls (until then the table showed whose turn it was), and nothing else would
        # draw it before the next input.
        if self.dirty or busy or self._was_busy:
            self.draw()
            pygame.display.flip()
            self.dirty = False
        self._was_busy = busy
        if self.probe_path:
            self.write_probe()  # every step, drawn or not: a driver waits on it
        self.frames += 1

    def run(self, frames: int | None = None) -> int:
        self.clock.tick()
        first_frame = True
        try:
            while self.running:
                if frames is not None and self.frames >= frames:
                    break
                if not self.busy() and not self.dirty and frames is None:
                    # Idle: sleep, then look for input. pygame.event.wait(timeout) polls
                    # inside SDL (2-3% of a core measured); this costs about 0.3%.
                    pygame.time.wait(IDLE_POLL_MS)
                for event in pygame.event.get():
                    self.handle(event)
                if not self.running:
                    break
                # the first frame is drawn at once; after it the loop keeps to 60 fps
                dt = self.clock.tick(FPS) / 1000.0 if not first_frame else 0.0
                self.step(min(dt, 0.1))
                if first_frame:
                    first_frame = False
                    stamp = os.environ.get("TABLETOP_DERBY_FIRST_FRAME_FILE")
                    if stamp:  # tools/bench_startup.py: when the first frame was shown
                        Path(stamp).write_text(repr(time.time()))
                    self.sound.start()
                    gc.enable()  # held until now by a plain start (game.cli, issue #37)
                    self._first_frame_shown()
        except KeyboardInterrupt:
            self.quit()
        finally:
            if self.first_texts is not None:  # no frame was shown: fonts answer again
                fonts.keep_texts(None)
            self.sound.stop()  # the synthesis thread ends before SDL does
            pygame.quit()
        return self.exit_code

    def keep_first_texts(self) -> None:
        """Draw the first frame's texts from the copy the run before kept, and keep
        them once it is shown (issue #37: the title menu of a plain start)."""
        name = f"menu-{self.settings.language}-{self.size[0]}x{self.size[1]}"
        self.first_texts = kept_text.first_frame(name)

    def _first_frame_shown(self) -> None:
        if self.first_texts is not None:
            self.first_texts.close()
            self.first_texts = None


def _games_pending() -> bool:
    """Whether a run before left finished games to write into the history (the
    folder's name as game.history_writer.PENDING_DIR: that module imports sqlite3)."""
    try:  # os rather than glob: its pattern was a regular expression compiled at start-up
        return any(
            name.endswith(".json") for name in os.listdir(storage.data_dir() / "history-pending")
        )
    except OSError:
        return False


def _remove_stale_temp_files() -> None:
    """Temporary files of saves and settings writes a kill (or power cut) interrupted.
    Only files older than a minute go, so another instance of the app running now never
    loses a write in flight (see game.settings.STALE_TEMP_AGE_S)."""
    saves.remove_stale_temp_files()
    settings_mod.remove_stale_settings_temp_files()


def run_app(
    frames: int | None = None,
    size=None,
    lang: str | None = None,
    new: str | None = None,
    players: int = 4,
    seed: int | None = None,
    computers: bool = False,
    resume: str | None = None,
    resumed=None,
    until_end: bool = False,
    replay=None,
) -> int:
    """The game window. ``resumed``: a game the command line already loaded from the
    save ``resume`` names (it is not read again). ``until_end``: the new game (computers
    only) is played to its end without drawing, recorded, and the app exits."""
    app = App(size=size, lang=lang)
    if replay is not None:
        # python -m game replay: the replay alone, so its Close (or Esc) ends the app and
        # the person is back at their terminal (issue #36: it closed into the title menu)
        app.router.screen("replay")(app, replay)
        return app.run(frames)
    if not (new or resume or resumed is not None):
        app.keep_first_texts()  # the first frame is the title menu
    app.router.open("menu")
    if new:
        start_new_game(app, new, players, seed, computers)
        if until_end:
            return play_until_end(app)
    elif resumed is not None:
        resumed.use_bot_budget(app.settings.bot_budget_ms)
        app.router.screen("resumed")(
            app, resumed
        )  # a hosted game opens its table again (issue #18)
    elif resume:
        resume_game(app, resume)
    return app.run(frames)


UNTIL_END_SPEED = 1000.0  # animations and the computers' pause, as good as none
UNTIL_END_STEP_S = 0.1  # the time each update is told has passed
UNTIL_END_HISTORY_WAIT_S = 30.0  # a history locked longer: written at the next start


def play_until_end(app: App) -> int:
    """``play --until-end``: update the game's table (its computers, its events, its end
    and the end screen, which records it in the history) until the game is over, as
    fast as the computers decide; nothing is drawn. Prints the recorded game."""
    scene = app.top
    player = getattr(scene, "player", None)  # a table's (game.scenes.table.playing)
    speed = app.settings.animation_speed
    app.settings.animation_speed = UNTIL_END_SPEED  # the person's setting is put back
    try:
        while app.running and not (player is not None and player.end_shown):
            for event in pygame.event.get():
                app.handle(event)
            for each in list(app.stack):
                each.update(UNTIL_END_STEP_S)
            if scene.busy() and not scene.player.busy():
                pygame.time.wait(1)  # a computer is deciding on its thread
    finally:
        app.settings.animation_speed = speed
    state = scene.session.state
    writer = app.history_reader()
    latest = None if writer is None else writer.ask(lambda history: history.latest_id())
    recorded = False
    if state.is_over() and latest is not None and latest.wait(UNTIL_END_HISTORY_WAIT_S):
        from game.history import (  # start-up: sqlite3 when the history is used
            HistoryProblem,
            counted_score,
        )

        try:
            game = latest.result()
            recorded = game is not None
        except HistoryProblem as exc:
            print(f"the history: {printable(str(exc))}", file=sys.stderr)
        if recorded:
            game_id = scene.session.game_id
            # the scores as counted: a tie-break orders, it is never shown (issue #36)
            scores = ", ".join(f"{counted_score(game_id, x):g}" for x in state.scores())
            print(f"game {game} recorded: {registry.get(game_id).name_en}, scores {scores}")
    elif state.is_over():
        print("the history is in use by another program: the game is written at the next start")
    app.quit()
    pygame.quit()
    return 0 if recorded else 1


def start_new_game(app: App, game_id: str, players: int, seed: int | None, computers: bool) -> None:
    """Straight into a game with default seats (seat 1 a person unless ``computers``)."""
    from game.session import (  # start-up: rules and bots, for --new only
        Session,
        default_seats,
        new_seed,
    )

    info = registry.get(game_id)
    if not info.installed():
        raise ValueError(f"{game_id} cannot be played yet")
    if not info.min_players <= players <= info.max_players:
        raise ValueError(f"{info.name_en} is for {info.min_players}–{info.max_players} players")
    seats = default_seats(info, players, app.t)
    for index, seat in enumerate(seats):
        seat.human = index == 0 and not computers
    seed = seed if seed is not None else new_seed()
    session = Session(game_id, seats, seed, {}, bot_budget_ms=app.settings.bot_budget_ms)
    app.push(app.router.table(game_id)(app, session))


def resume_game(app: App, which: str) -> None:
    if which == "latest":
        listed = saves.list_saves()
        unreadable = [e for e in listed if isinstance(e, saves.SavesFolderError)]
        if unreadable:  # not "no saved game": the saves could not be looked at
            app.show_error(app.t("app.saves_unreadable", error=str(unreadable[0])))
            return
        entries = [e for e in listed if isinstance(e, saves.SaveInfo) and not e.over]
        if not entries:
            app.show_error(app.t("app.no_saves"))
            return
        path = entries[0].path
    else:
        path = Path(which)
    # as its one writer; another window's game: the dialog of the Resume screen (#36)
    app.router.screen("open_saved")(app, path)
