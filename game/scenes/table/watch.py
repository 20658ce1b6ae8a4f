"""Watching a saved game another window is playing (issue #36): its table, read-only,
brought up to date whenever that window saves.

The table is the one :class:`~game.scenes.table.scene.TableScene` over a
:class:`~game.table.driver.WatchDriver` (nobody here decides, nothing is saved, no
history is written, the game's lock is untouched, no computer is run), with the
:class:`WatchBar` over it: a line saying the game is watched, Close, and -- once the
other window has left the game -- Play here. The bar looks at the save file every
:data:`POLL_S`; a save that carries the shown record further has its new actions played
on the table with their animations, any other (an undo there) puts the table in line at
once. Nobody's hidden things are drawn: the watched table has no viewer."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game import saves
from game.scenes.base import Scene
from game.scenes.table.scene import TableScene
from game.session import Session
from game.table.driver import WatchDriver
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_text

POLL_S = 0.5  # how often the save file is looked at (a stat; read only when it changed)


def open_watch(app, path: Path, *, replace: bool = False):
    """The watched table of the save at ``path`` with its bar; returns the bar (None: the
    save does not load, which a dialog says)."""
    try:
        session = saves.load_session(path, app.settings.bot_budget_ms)
    except saves.SaveError as exc:
        app.show_error(str(exc))
        return None
    table_of = app.router.table(session.game_id).table_of
    table = TableScene(app, WatchDriver(session), table_of)
    (app.replace if replace else app.push)(table)
    bar = WatchBar(app, table, Path(path))
    app.push(bar)
    return bar


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """What changes when the file is written again (atomic writes: a new inode)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_ino, info.st_mtime_ns, info.st_size)


class WatchBar(Scene):
    overlay = True

    def __init__(self, app, table: TableScene, path: Path):
        super().__init__(app)
        self.table = table
        self.path = path
        self.save_id = saves.save_id_of(path)
        self.stamp = _stamp(path)
        self.wait = POLL_S
        self.problem: str | None = None
        self.free = False  # the other window has left the game: it may be played here
        self.refreshes = 0  # saves taken in (tests wait for it)
        self.corner = pygame.Rect(0, 0, 0, 0)

    # -- following the other window ---------------------------------------------------------
    def update(self, dt: float) -> None:
        self.wait -= dt
        if self.wait > 0:
            return
        self.wait = POLL_S
        self.refresh()

    def refresh(self) -> bool:
        """Take in the save if it changed since the last look (True when it did), and
        note whether the other window still has the game."""
        free = not saves.open_elsewhere(self.save_id)
        if free != self.free:
            self.free = free
            self.layout(self.size)
        stamp = _stamp(self.path)
        if stamp is None or stamp == self.stamp:
            return False
        self.stamp = stamp
        try:
            newer = saves.load_session(self.path, self.app.settings.bot_budget_ms)
        except saves.SaveError as exc:
            self.problem = self.t("app.watch_unreadable", problem=exc.reason)
            self.layout(self.size)
            return False
        self.problem = None
        self._take(newer)
        self.refreshes += 1
        self.layout(self.size)
        return True

    def _take(self, newer: Session) -> None:
        shown: Session = self.table.session
        table = self.table
        played = len(shown.actions)
        if (
            newer.game_id == shown.game_id
            and newer.seed == shown.seed
            and newer.actions[:played] == shown.actions
        ):
            # the game went on: its new actions, animated as they were played there
            shown.seats[:] = newer.seats
            for player, text in newer.actions[played:]:
                table.player.queue(shown.apply(player, shown.module.parse_action(text)))
            return
        # taken back there (an undo) or another game under this name: in line at once
        table.player.timeline.finish_all()
        table.player.events.clear()
        shown.seats[:] = newer.seats
        shown.state = newer.state
        shown.actions = list(newer.actions)
        table.player.last_round = shown.state.round_number
        table.log.clear()
        table.relog.rebuild()
        table.player.sync()
        table.frame.reset()

    def play_here(self) -> None:
        """The other window has left: this one opens the game to play (its lock is
        claimed as from Resume; taken meanwhile by a third window: the dialog again)."""
        self.app.pop()  # the bar
        self.app.router.screen("open_saved")(self.app, self.path, replace=True)

    def close(self) -> None:
        self.app.pop()  # the bar
        self.app.pop()  # the table

    # -- layout and drawing -----------------------------------------------------------------
    def layout(self, size):
        super().layout(size)
        self.buttons.clear()
        w, _h = size
        # Close (and Play here) where the table has its Undo, menu and rules buttons
        wide = self.px(236) + (self.px(170) if self.free else 0)
        self.corner = pygame.Rect(w - wide, 0, wide, self.px(54))
        close = pygame.Rect(w - self.px(160), self.px(8), self.px(150), self.px(40))
        self.buttons.add(
            Button(
                close,
                self.t("app.replay_close"),
                self.close,
                self.text_px(20),
                primary=not self.free,
                key="watch:close",
            )
        )
        if self.free:
            here = pygame.Rect(close.x - self.px(170), self.px(8), self.px(160), self.px(40))
            self.buttons.add(
                Button(
                    here,
                    self.t("app.watch_play_here"),
                    self.play_here,
                    self.text_px(18),
                    primary=True,
                    key="watch:play_here",
                )
            )

    def message(self) -> str:
        if self.problem:
            return self.problem
        if self.free:
            return self.t("app.watch_free")
        over = self.table.session.state.is_over()
        return self.t("app.watch_over" if over else "app.watch_banner")

    def handle_event(self, event):
        if self.key_back(event):
            self.close()
            return
        super().handle_event(event)

    def draw(self, surface):
        pygame.draw.rect(surface, theme.BG, self.corner)
        # the note lies at the foot of the table's bar (where a person's controls would be)
        bar = self.table.plan.bar
        room = bar.w - self.px(24)
        text, size = fonts.fit(self.message(), self.text_px(18), room, 12)
        box = pygame.Rect(0, 0, fonts.font(size).size(text)[0] + self.px(24), size + self.px(14))
        box.midbottom = (bar.centerx, bar.bottom - self.px(6))
        pygame.draw.rect(surface, theme.BG, box, border_radius=self.px(8))
        pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=self.px(8))
        draw_text(surface, text, size, box.center, theme.INK, anchor="center")
        super().draw(surface)
