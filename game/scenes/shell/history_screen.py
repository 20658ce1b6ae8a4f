"""History (issue #28): the finished games of this computer, newest first, a page at a
time, filtered by game and by player. Each row: the game, when it ended, how many
rounds, every seat with its score (the winners starred, computers with their level).

The rows come from :class:`game.history.History` in pages fetched by key (the last
row's end time and id), so the last page of 10,000 games costs what the first does; a
row whose stored values are not what this app writes is listed with its problem."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

import pygame

from game import registry
from game.history import (
    GameEntry,
    History,
    HistoryProblem,
    RowProblem,
    SeatResult,
    counted_score,
)
from game.history_writer import HistoryWriter, Job
from game.scenes.base import Scene
from game.scenes.shell import chrome
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


@dataclass
class Filters:
    game: str | None = None  # a game id, or every game
    player: str | None = None  # a person's name, or everybody
    fair: bool = False  # only the games in which nobody asked the coach (issue #40)


def score_words(game: str, score: float) -> str:
    """A recorded score as people count it (game.history.counted_score: Duck! Duck!
    Go!'s buoys, without the fraction that orders the seats)."""
    return f"{counted_score(game, score):g}"


def seat_words(t, game: str, seat: SeatResult) -> str:
    """A seat as a row shows it: "★ Hana 42", "Cookie (hard) 30"."""
    name = printable(seat.name, 16)
    if seat.kind == "computer" and seat.level:
        name = f"{name} ({t('app.level_' + seat.level)})"
    elif seat.kind == "online":
        name = f"{name} ({t('app.history_online')})"
    score = score_words(game, seat.score)
    return f"★ {name} {score}" if seat.place == 1 else f"{name} {score}"


def when_words(t, ended: float) -> str:
    return time.strftime(t("app.history_date"), time.localtime(ended))


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

    def _restart(self) -> None:
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

    def _pick_game(self, game: str | None):
        def pick() -> None:
            self.filters.game = game
            self._restart()

        return pick

    def _step_player(self, step: int):
        def pick() -> None:
            choices: list[str | None] = [None, *self.players]
            at = choices.index(self.filters.player) if self.filters.player in choices else 0
            self.filters.player = choices[(at + step) % len(choices)]
            self._restart()

        return pick

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

    def _toggle_fair(self) -> None:
        """All games, or only the fair ones (nobody asked the coach, issue #40)."""
        self.filters.fair = not self.filters.fair
        self._restart()

    def open_stats(self) -> None:
        player = self.filters.player or (self.players[0] if self.players else None)
        if player is not None and self.history is not None:
            self.app.router.open("stats", self.history, player, self.players)

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
        self.per_page = max(3, (bottom - top + self.px(ROW_GAP)) // self.px(ROW_H + ROW_GAP))
        reserved = bool(self.unreadable)
        self._fetch()
        if self.unreadable and not reserved:  # this page found the first: room for the count
            self.layout(size)
            return
        # the games, as chips
        games = [None, *registry.GAMES]
        gap = self.px(10)
        chip_w = min(self.px(210), (w - 2 * margin - gap * (len(games) - 1)) // len(games))
        chip_h = self.px(46)
        x = (w - (chip_w * len(games) + gap * (len(games) - 1))) // 2
        for game in games:
            label = (
                self.t("app.history_all_games")
                if game is None
                else registry.GAMES[game].name(self.app.settings.language)
            )
            rect = pygame.Rect(x, chrome.content_top(self) + self.px(10), chip_w, chip_h)
            button = Button(
                rect, label, self._pick_game(game), self.text_px(18), key=f"filter:{game or 'all'}"
            )
            button.selected = game == self.filters.game
            self.buttons.add(button)
            x += chip_w + gap
        # the player: ◂ name ▸, and their statistics
        row = self.px(142)
        arrow = self.px(46)
        self.player_box = pygame.Rect(margin + arrow + gap, row, self.px(300), chip_h)
        people = bool(self.players)
        for step, rect, mark in (
            (-1, pygame.Rect(margin, row, arrow, chip_h), "◀"),
            (1, pygame.Rect(self.player_box.right + gap, row, arrow, chip_h), "▶"),
        ):
            self.buttons.add(
                Button(
                    rect,
                    mark,
                    self._step_player(step),
                    self.text_px(18),
                    enabled=people,
                    key=f"player:{'prev' if step < 0 else 'next'}",
                )
            )
        stats = pygame.Rect(w - margin - self.px(260), row, self.px(260), chip_h)
        # a .derby file to watch (python -m game export writes them), and the filter of
        # the fair games (issue #40) beside the player's arrows: they share the room left
        room = stats.x - gap - (self.player_box.right + gap + arrow + gap)
        open_w = min(self.px(240), (room - gap) // 2)
        opener = pygame.Rect(stats.x - gap - open_w, row, open_w, chip_h)
        fair_w = min(self.px(240), room - gap - open_w)
        fair = pygame.Rect(self.player_box.right + gap + arrow + gap, row, fair_w, chip_h)
        fair_button = Button(
            fair,
            self.t("coach.fair_only" if self.filters.fair else "coach.all_games"),
            self._toggle_fair,
            self.text_px(18),
            key="fair",
        )
        fair_button.selected = self.filters.fair
        self.buttons.add(fair_button)
        self.buttons.add(
            Button(
                opener,
                self.t("app.history_open_file"),
                lambda: self.app.router.open("open_file"),
                self.text_px(20),
                key="open_file",
            )
        )
        self.buttons.add(
            Button(
                stats,
                self.t("app.stats"),
                self.open_stats,
                self.text_px(20),
                enabled=people,
                primary=people,
                key="stats",
            )
        )
        # the rows' places, each with its Watch button
        self.row_rects = [
            pygame.Rect(margin, top + i * self.px(ROW_H + ROW_GAP), w - 2 * margin, self.px(ROW_H))
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
        who = self.filters.player or self.t("app.history_everybody")
        text, size = fonts.fit(who, self.text_px(20), self.player_box.w - self.px(16), 14, True)
        pygame.draw.rect(surface, theme.PANEL, self.player_box, border_radius=self.px(10))
        pygame.draw.rect(
            surface, theme.PANEL_EDGE, self.player_box, width=2, border_radius=self.px(10)
        )
        draw_text(
            surface,
            text,
            size,
            self.player_box.center,
            theme.INK,
            bold=True,
            anchor="center",
            within=self.player_box,
        )
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
            self._draw_row(surface, rect, row)
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

    def _draw_row(self, surface, rect: pygame.Rect, row: GameEntry | RowProblem) -> None:
        chrome.draw_card(surface, rect, self.px(12), self.px(3))
        pad = self.px(16)
        if isinstance(row, RowProblem):
            text, size = fonts.fit(f"! {row}", self.text_px(18), rect.w - 2 * pad, 14)
            draw_text(
                surface, text, size, (rect.x + pad, rect.centery), theme.BAD, anchor="midleft"
            )
            return
        lang = self.app.settings.language
        info = registry.GAMES.get(row.game)
        # the game's colour band, its name and when
        band = pygame.Rect(rect.x, rect.y, self.px(10), rect.h)
        pygame.draw.rect(
            surface,
            theme.ACCENT if row.source == "local" else theme.BUTTON_FOCUS,
            band,
            border_top_left_radius=self.px(12),
            border_bottom_left_radius=self.px(12),
        )
        left_w = self.px(300)
        name = info.name(lang) if info else row.game
        if row.lesson:
            name = f"{name} · {self.t('app.history_lesson')}"
        text, size = fonts.fit(name, self.text_px(20), left_w - pad, 14, True)
        draw_text(surface, text, size, (rect.x + pad + self.px(6), rect.y + self.px(8)), bold=True)
        sub = when_words(self.t, row.ended)
        text, size = fonts.fit(sub, self.text_px(16), left_w - pad, 14)
        draw_text(
            surface,
            text,
            size,
            (rect.x + pad + self.px(6), rect.bottom - self.px(8)),
            theme.INK_SOFT,
            anchor="bottomleft",
        )
        # the seats, as pills: the winners filled
        x = rect.x + left_w + pad
        rounds = self.t("app.history_rounds", n=row.rounds)
        size = self.text_px(16)
        # an honest record (issue #40): a game in which a person asked the coach says
        # so under its rounds, in the accent's colour
        marks = [(rounds, theme.INK_SOFT)]
        if row.coached:
            marks.append((self.t("coach.asked"), theme.ACCENT_DARK))
        line_h = fonts.font(size).get_linesize()
        y = rect.centery - line_h * (len(marks) - 1) // 2
        right = rect.right
        for words, colour in marks:
            at = draw_text(
                surface,
                words,
                size,
                (rect.right - 2 * self.watch_w - self.px(18) - pad, y),
                colour,
                anchor="midright",
                within=rect,
            )
            right = min(right, at.x - pad)
            y += line_h
        self._draw_pills(surface, row, pygame.Rect(x, rect.y, right - x, rect.h))

    def _pill_lines(
        self, row: GameEntry, width: int, size: int
    ) -> list[list[tuple[int, str, int]]]:
        """The seats' pills (seat, words, width) in lines that fit ``width``: as few as
        can be; a computer's level is left out when the pills need more than two lines."""
        gap = self.px(8)
        for with_level in (True, False):
            lines: list[list[tuple[int, str, int]]] = [[]]
            used = 0
            for i, seat in enumerate(row.seats):
                shown = seat if with_level else replace(seat, level=None)
                words = seat_words(self.t, row.game, shown)
                pill_w = fonts.font(size, seat.place == 1).size(words)[0] + self.px(20)
                if lines[-1] and used + gap + pill_w > width:
                    lines.append([])
                    used = 0
                lines[-1].append((i, words, pill_w))
                used += (gap if used else 0) + pill_w
            if len(lines) <= 2:
                break
        return lines

    def _draw_pills(self, surface, row: GameEntry, area: pygame.Rect) -> None:
        """The seats as pills, one line or two: the winners filled in their colour."""
        size = self.text_px(17)
        lines = self._pill_lines(row, area.w, size)
        if len(lines) > 1:
            size = max(14, self.text_px(15))
            lines = self._pill_lines(row, area.w, size)
        gap = self.px(6)
        pill_h = min(self.px(40), (area.h - self.px(12) - gap * (len(lines) - 1)) // len(lines))
        y = area.centery - (len(lines) * pill_h + gap * (len(lines) - 1)) // 2
        for line in lines[:3]:
            x = area.x
            for i, words, pill_w in line:
                winner = row.seats[i].place == 1
                text, tsize = fonts.fit(words, size, area.right - x - self.px(20), 14, winner)
                pill = pygame.Rect(x, y, min(pill_w, area.right - x), pill_h)
                pygame.draw.rect(
                    surface,
                    theme.mix(theme.seat_colour(i), (255, 255, 255), 0.55) if winner else theme.BG,
                    pill,
                    border_radius=pill_h // 2,
                )
                pygame.draw.rect(
                    surface, theme.seat_colour(i), pill, width=2, border_radius=pill_h // 2
                )
                draw_text(
                    surface,
                    text,
                    tsize,
                    pill.center,
                    theme.INK,
                    bold=winner,
                    anchor="center",
                    within=pill,
                )
                x = pill.right + self.px(8)
            y += pill_h + gap
