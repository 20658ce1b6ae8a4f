"""History (issue #28): the finished games of this computer, newest first, a page at a
time, filtered by game and by player. Each row: the game, when it ended, how many
rounds, every seat with its score (the winners starred, computers with their level).

The rows come from :class:`game.history.History` in pages fetched by key (the last
row's end time and id), so the last page of 10,000 games costs what the first does; a
row whose stored values are not what this app writes is listed with its problem."""

from __future__ import annotations

import pygame

from game.history import (
    GameEntry,
    History,
    HistoryProblem,
    RowProblem,
)
from game.history_writer import HistoryWriter, Job
from game.scenes.base import Scene
from game.scenes.shell import chrome
from game.scenes.shell.history_filters import FilterBar, Filters
from game.scenes.shell.history_rows import RowPainter
from game.storage import printable
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_text

ROW_H = 66  # design px at 1280x720
ROW_GAP = 8
# How long a frame waits for the history's answer before drawing without it: an answer
# this quick (the file free) shows at once, with no blank frame; a file another program
# has locked never holds the window longer (issue #36: it froze for 10 s)
ANSWER_WAIT_S = 0.02


def reader_of(app, history: History | HistoryWriter | None) -> tuple[HistoryWriter | None, bool]:
    """The history's thread a screen asks (the app's, or one over a history handed in)
    and whether the screen made it (and ends it when it closes)."""
    if isinstance(history, History):
        return HistoryWriter.over(history), True
    return (history if history is not None else app.history_reader()), False


class HistoryScene(Scene):
    def __init__(self, app, history: History | HistoryWriter | None = None):
        super().__init__(app)
        self.history, self._own_reader = reader_of(app, history)
        self.job: Job | None = None  # the page asked for, not answered yet
        self.unreadable: dict[int, RowProblem] = {}  # the bad rows met so far, by id
        self.last_key: tuple[float, int] | None = None  # where the next page starts
        self.shown = 0  # the rows of this page, good and bad
        self._locked_shown = False  # whether the last frame knew the file locked
        self.filters = Filters()
        self.players: list[str] = []
        self.cursors: list[tuple[float, int] | None] = [None]  # where each page starts
        self.rows: list[GameEntry | RowProblem] = []
        self.more = False  # an older page exists
        self.total = 0
        self.problem: str | None = None
        self.per_page = 6
        self._fetched_for: tuple | None = None
        self.row_painter = RowPainter(self)  # the rows' drawing (history_rows.py)
        self.filter_bar = FilterBar(self)  # its controls (history_filters.py)

    # -- data --------------------------------------------------------------------------------
    def _fetch(self) -> None:
        """Ask for the page shown now (one query for it, one for the count) on the
        history's thread; it is shown when answered (see :meth:`update`)."""
        key = (
            self.filters.game,
            self.filters.player,
            self.filters.fair,
            self.cursors[-1],
            self.per_page,
        )
        if key == self._fetched_for:
            return
        self._fetched_for = key
        self.rows, self.more, self.total, self.shown, self.last_key = [], False, 0, 0, None
        self.problem = None
        if self.history is None:
            return
        want_players = not self.players
        game, player, fair = self.filters.game, self.filters.player, self.filters.fair
        before, limit = self.cursors[-1], self.per_page + 1

        def page(history: History) -> tuple[list[str] | None, list[GameEntry | RowProblem], int]:
            players = history.players() if want_players else None
            found = history.games(game, player, before=before, limit=limit, fair=fair)
            return players, found, history.count(game, player, fair=fair)

        self.job = self.history.ask(page)
        self.job.wait(ANSWER_WAIT_S)
        self._take(relayout=False)

    def _take(self, *, relayout: bool = True) -> None:
        """The page, when the history has answered: the rows it could read listed, the
        others counted (each was logged by its id)."""
        job = self.job
        if job is None or not job.done():
            return
        self.job = None
        try:
            players, found, self.total = job.result()
        except HistoryProblem as exc:
            self.problem = str(exc)
            return
        if players is not None:
            self.players = players
        self.more = len(found) > self.per_page
        page = found[: self.per_page]
        self.shown = len(page)
        self.rows = [row for row in page if isinstance(row, GameEntry)]
        for row in page:
            if isinstance(row, RowProblem):
                self.unreadable[row.game_id] = row
        last = page[-1] if page else None
        self.last_key = (
            (last.ended, last.id)
            if isinstance(last, GameEntry)
            else None
            if last is None
            else last.key
        )
        if self.last_key is None:
            self.more = False  # the last row's place is unreadable: no page after it
        if relayout:
            self.layout(self.size)
            self.app.dirty = True

    def wait_for_answer(self, timeout: float = 60.0) -> None:
        """Wait for the history's answer (screenshots and the layout audit draw the page
        as a person sees it a moment later; the window itself never waits)."""
        if self.job is not None and self.job.wait(timeout):
            self._take()

    def update(self, dt: float) -> None:
        if self.job is not None:
            waiting = self.job.waiting
            self._take()
            if waiting != (self.job is not None and self.job.waiting):
                self.app.dirty = True  # "in use by another program" shows, or goes
        if self.history is not None and self.history.locked() != self._locked_shown:
            self._locked_shown = not self._locked_shown
            self.app.dirty = True

    def exit(self) -> None:
        super().exit()
        if self._own_reader and self.history is not None:
            self.history.stop()

    def restart(self) -> None:
        """The first page again (the filters changed)."""
        self.cursors = [None]
        self.layout(self.size)

    def _older(self) -> None:
        if self.last_key is not None:
            self.cursors.append(self.last_key)
            self.layout(self.size)

    def _newer(self) -> None:
        if len(self.cursors) > 1:
            self.cursors.pop()
            self.layout(self.size)

    def _replay_of(self, entry: GameEntry):
        """The game's replay from its record (None: said in a dialog, as a click that
        cannot open it is)."""
        from game.table.replay import Replay, ReplayError  # the rules, when watched

        assert self.history is not None
        job = self.history.ask(lambda history: history.load(entry.id))
        if not job.wait(ANSWER_WAIT_S * 25):  # a click: a moment, never 10 s
            self.app.show_error(self.t("app.history_busy"))
            return None
        try:
            record = job.result()
            if isinstance(record, RowProblem):
                raise ReplayError(str(record))
            return Replay.of_history(record)
        except (HistoryProblem, ReplayError) as exc:
            self.app.show_error(self.t("app.replay_failed", error=printable(str(exc), 300)))
            return None

    def _watch(self, entry: GameEntry):
        def watch() -> None:
            replay = self._replay_of(entry)
            if replay is not None:
                self.app.router.screen("replay")(self.app, replay)

        return watch

    def _look_back(self, entry: GameEntry):
        """Its row's Look back (issue #40): the costliest decisions of each person."""

        def look() -> None:
            replay = self._replay_of(entry)
            if replay is not None:
                self.app.router.open("look_back", replay)

        return look

    # -- layout ------------------------------------------------------------------------------
    def layout(self, size):
        super().layout(size)
        w, h = size
        self.buttons.clear()
        margin = self.px(40)
        top = self.px(196)
        bottom = h - self.px(92)
        # the count of the games that could not be read, under the rows (issue #36)
        self.bad_at = pygame.Rect(margin, 0, w - 2 * margin, self.px(30))
        if self.unreadable:
            bottom -= self.bad_at.h
            self.bad_at.bottom = h - self.px(92) + self.px(4)
        # a row as high as its two lines need at this text size (issue #38)
        row_h = max(self.px(ROW_H), self.row_painter.least_height())
        self.per_page = max(3, (bottom - top + self.px(ROW_GAP)) // (row_h + self.px(ROW_GAP)))
        reserved = bool(self.unreadable)
        self._fetch()
        if self.unreadable and not reserved:  # this page found the first: room for the count
            self.layout(size)
            return
        self.filter_bar.lay_out(w, margin)  # the games, the player, the fair ones
        gap = self.px(10)
        # the rows' places, each with its Watch button
        self.row_rects = [
            pygame.Rect(margin, top + i * (row_h + self.px(ROW_GAP)), w - 2 * margin, row_h)
            for i in range(len(self.rows))
        ]
        self.watch_w = self.px(118)
        for i, (rect, row) in enumerate(zip(self.row_rects, self.rows)):
            # a game kept without its record (joined, the host's record never came) is
            # listed without a Watch button
            if isinstance(row, GameEntry) and row.replayable:
                button = pygame.Rect(0, 0, self.watch_w, rect.h - self.px(16))
                button.midright = (rect.right - self.px(10), rect.centery)
                self.buttons.add(
                    Button(
                        button,
                        self.t("app.watch"),
                        self._watch(row),
                        self.text_px(18),
                        key=f"watch:{i}",
                    )
                )
                look = button.move(-(self.watch_w + self.px(8)), 0)
                self.buttons.add(
                    Button(
                        look,
                        self.t("coach.look.button"),
                        self._look_back(row),
                        self.text_px(18),
                        key=f"look:{i}",
                    )
                )
        # back and the pages
        nav_y = h - self.px(72)
        nav_h = self.px(52)
        back = pygame.Rect(margin, nav_y, self.px(200), nav_h)
        self.buttons.add(
            Button(back, self.t("app.back"), self.app.pop, self.text_px(22), key="back")
        )
        older = pygame.Rect(w - margin - self.px(180), nav_y, self.px(180), nav_h)
        newer = pygame.Rect(older.x - gap - self.px(180), nav_y, self.px(180), nav_h)
        self.buttons.add(
            Button(
                newer,
                self.t("app.history_newer"),
                self._newer,
                self.text_px(20),
                enabled=len(self.cursors) > 1,
                key="newer",
            )
        )
        self.buttons.add(
            Button(
                older,
                self.t("app.history_older"),
                self._older,
                self.text_px(20),
                enabled=self.more,
                key="older",
            )
        )
        self.page_at = pygame.Rect(back.right + gap, nav_y, newer.x - gap - back.right - gap, nav_h)

    # -- input -------------------------------------------------------------------------------
    def handle_event(self, event):
        if self.key_back(event):
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_PAGEDOWN and self.more:
            self._older()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_PAGEUP:
            self._newer()
            return
        if event.type == pygame.MOUSEWHEEL:
            if event.y < 0 and self.more:
                self._older()
            elif event.y > 0:
                self._newer()
            return
        super().handle_event(event)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface):
        w = surface.get_width()
        chrome.draw_header(self, surface, self.t("app.history"))
        self.filter_bar.draw(surface)
        message = self._message()
        if message:
            y = self.px(230)
            for line in fonts.wrap(message, self.text_px(22), w - self.px(160))[:5]:
                draw_text(
                    surface,
                    line,
                    self.text_px(22),
                    (w // 2, y),
                    theme.BAD if self.problem else theme.INK_SOFT,
                    anchor="midtop",
                )
                y += self.px(34)
        for rect, row in zip(self.row_rects, self.rows):
            self.row_painter.draw(surface, rect, row)
        bad = self.unreadable_words()
        if bad:
            text, size = fonts.fit(bad, self.text_px(16), self.bad_at.w, 14)
            draw_text(
                surface,
                text,
                size,
                self.bad_at.center,
                theme.BAD,
                anchor="center",
                within=self.bad_at,
            )
        if self.total:
            first = (len(self.cursors) - 1) * self.per_page + 1
            page = self.t(
                "app.history_page",
                first=first,
                last=first + self.shown - 1,
                total=self.total,
            )
            text, size = fonts.fit(page, self.text_px(18), self.page_at.w, 14)
            draw_text(
                surface,
                text,
                size,
                self.page_at.center,
                theme.INK_SOFT,
                anchor="center",
                within=self.page_at,
            )
        super().draw(surface)

    def _message(self) -> str | None:
        if self.problem:
            return self.t("app.history_failed_open", error=printable(self.problem, 300))
        locked = self.history is not None and self.history.locked()
        if self.job is not None:
            busy = self.job.waiting or locked
            return self.t("app.history_busy" if busy else "app.history_reading")
        if not self.rows and locked:  # a game that ended meanwhile waits to be written
            return self.t("app.history_busy")
        if not self.rows and self.shown:
            return None  # only rows that could not be read: counted below
        if not self.rows:
            if self.filters.game or self.filters.player or self.filters.fair:
                return self.t("app.history_none_match")
            return self.t("app.history_empty")
        return None

    def unreadable_words(self) -> str | None:
        """ "1 game could not be read (id 7)": the rows met so far whose stored values this
        app cannot read (each logged by its id when read), left out of the list."""
        if not self.unreadable:
            return None
        ids = sorted(self.unreadable)
        shown = ", ".join(str(i) for i in ids[:5]) + (", …" if len(ids) > 5 else "")
        key = "app.history_unreadable_one" if len(ids) == 1 else "app.history_unreadable"
        return self.t(key, n=len(ids), ids=shown)
