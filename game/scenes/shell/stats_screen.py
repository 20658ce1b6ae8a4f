"""Statistics of one person (issue #28): four big numbers (games, wins and their share,
the longest run of wins, the favourite character), wins per game as bars, the latest
results as a line (a win at the top), how they fare against each computer level, a
table per game (played, won, best, average) and each game's records in the history.
Lessons are not counted (game.history leaves them out)."""

from __future__ import annotations

import pygame

from game import registry
from game.history import GameRecords, History, HistoryProblem, PlayerStats
from game.history_writer import HistoryWriter, Job
from game.registry import LEVELS as COMPUTER_LEVELS
from game.scenes.base import Scene
from game.scenes.shell import chrome, history_screen
from game.scenes.shell.history_rows import score_words
from game.scenes.shell.history_screen import reader_of
from game.storage import printable
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_panel, draw_text


def character_name(key: str | None, lang: str) -> str | None:
    """A piece's cast name, whichever game's piece it is."""
    for info in registry.GAMES.values():
        for character in info.characters:
            if character.key == key:
                return character.name_ja if lang == "ja" else character.name_en
    return None


def average_words(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


class StatsScene(Scene):
    def __init__(
        self,
        app,
        history: History | HistoryWriter,
        player: str,
        players: list[str] | None = None,
    ):
        super().__init__(app)
        reader, self._own_reader = reader_of(app, history)
        assert reader is not None
        self.history = reader
        self.job: Job | None = None  # the numbers asked for, not answered yet
        self.players = list(players or [player])
        if player not in self.players:
            self.players.insert(0, player)
        self.player = player
        self.stats: PlayerStats | None = None
        self.records: list[GameRecords] = []
        self.problem: str | None = None
        self.fair = False  # only the games in which the person did not ask the coach
        self.coached = 0  # of the person's games, those where they asked the coach
        self._load()

    def _load(self) -> None:
        """Ask for the person's numbers on the history's thread (issue #36: a file
        another program has locked never holds the window); shown when answered."""
        player, want_records, fair = self.player, not self.records, self.fair

        def numbers(history: History) -> tuple[PlayerStats, int, list[GameRecords] | None]:
            every = history.stats(player)
            stats = history.stats(player, fair=True) if fair else every
            records = [history.records(g) for g in registry.GAMES] if want_records else None
            return stats, every.coached, records

        self.stats, self.problem = None, None
        self.job = self.history.ask(numbers)
        self.job.wait(history_screen.ANSWER_WAIT_S)
        self._take()

    def _take(self) -> bool:
        job = self.job
        if job is None or not job.done():
            return False
        self.job = None
        try:
            self.stats, self.coached, records = job.result()
        except HistoryProblem as exc:
            self.stats, self.problem = None, str(exc)
            return True
        if records is not None:
            self.records = records
        return True

    def wait_for_answer(self, timeout: float = 60.0) -> None:
        """As :meth:`HistoryScene.wait_for_answer`."""
        if self.job is not None and self.job.wait(timeout):
            self._take()
            self.layout(self.size)

    def update(self, dt: float) -> None:
        if self.job is not None:
            waiting = self.job.waiting
            if self._take():
                self.layout(self.size)
                self.app.dirty = True
            elif waiting != (self.job is not None and self.job.waiting):
                self.app.dirty = True

    def exit(self) -> None:
        super().exit()
        if self._own_reader:
            self.history.stop()

    def _step(self, step: int):
        def pick() -> None:
            at = self.players.index(self.player)
            self.player = self.players[(at + step) % len(self.players)]
            self._load()
            self.layout(self.size)

        return pick

    def _toggle_fair(self) -> None:
        """Every game of the person, or only those they played without the coach
        (issue #40: an honest record)."""
        self.fair = not self.fair
        self._load()
        self.layout(self.size)

    def coach_words(self) -> str | None:
        """What the row under the title says of the coach: in how many of the games it
        was asked, or how many the fair filter leaves out (None: never asked)."""
        if not self.coached:
            return None
        return self.t("coach.stats_fair" if self.fair else "coach.stats_asked", n=self.coached)

    # -- layout ------------------------------------------------------------------------------
    def layout(self, size):
        super().layout(size)
        w, h = size
        self.buttons.clear()
        margin, gap = self.px(32), self.px(16)
        arrow, row_h = self.px(46), self.px(46)
        name_w = self.px(360)
        x = (w - name_w) // 2
        self.name_box = pygame.Rect(x, chrome.content_top(self), name_w, row_h)
        many = len(self.players) > 1
        for step, rect, mark in (
            (-1, pygame.Rect(x - arrow - self.px(10), chrome.content_top(self), arrow, row_h), "◀"),
            (
                1,
                pygame.Rect(
                    self.name_box.right + self.px(10), chrome.content_top(self), arrow, row_h
                ),
                "▶",
            ),
        ):
            self.buttons.add(
                Button(
                    rect,
                    mark,
                    self._step(step),
                    self.text_px(18),
                    enabled=many,
                    key=f"player:{'prev' if step < 0 else 'next'}",
                )
            )
        # the filter of the fair games at the row's right, what it says at its left
        right = self.name_box.right + self.px(10) + arrow + gap
        fair_w = min(self.px(260), w - margin - right)
        fair = pygame.Rect(w - margin - fair_w, chrome.content_top(self), fair_w, row_h)
        fair_button = Button(
            fair,
            self.t("coach.fair_only" if self.fair else "coach.all_games"),
            self._toggle_fair,
            self.text_px(18),
            key="fair",
        )
        fair_button.selected = self.fair
        self.buttons.add(fair_button)
        left = x - arrow - self.px(10) - gap
        self.coach_box = pygame.Rect(margin, chrome.content_top(self), left - margin, row_h)
        nav_h = self.px(52)
        back = pygame.Rect(margin, h - self.px(16) - nav_h, self.px(200), nav_h)
        self.buttons.add(
            Button(back, self.t("app.back"), self.app.pop, self.text_px(22), key="back")
        )
        # the records across the window over the back button; above them two columns
        top = self.name_box.bottom + gap
        self.records_box = pygame.Rect(
            margin, back.y - gap - self.px(166), w - 2 * margin, self.px(166)
        )
        bottom = self.records_box.y - self.px(10)
        col_w = (w - 2 * margin - gap) // 2
        self.left = pygame.Rect(margin, top, col_w, bottom - top)
        self.right = pygame.Rect(margin + col_w + gap, top, col_w, bottom - top)
        # left: four tiles, against the computers, the table per game; right: the charts
        tile_h = self.px(80)
        tile_w = (col_w - 3 * self.px(10)) // 4
        self.tiles = [
            pygame.Rect(self.left.x + i * (tile_w + self.px(10)), top, tile_w, tile_h)
            for i in range(4)
        ]
        self.against_box = pygame.Rect(self.left.x, top + tile_h + self.px(8), col_w, self.px(38))
        self.table_box = pygame.Rect(
            self.left.x,
            self.against_box.bottom + self.px(8),
            col_w,
            self.left.bottom - self.against_box.bottom - self.px(8),
        )
        chart_h = (self.right.h - self.px(10)) // 2
        self.bars_box = pygame.Rect(self.right.x, top, col_w, chart_h)
        self.line_box = pygame.Rect(
            self.right.x,
            self.bars_box.bottom + self.px(10),
            col_w,
            self.right.bottom - self.bars_box.bottom - self.px(10),
        )

    def handle_event(self, event):
        if self.key_back(event):
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            if len(self.players) > 1:
                self._step(-1 if event.key == pygame.K_LEFT else 1)()
            return
        super().handle_event(event)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface):
        w = surface.get_width()
        chrome.draw_header(self, surface, self.t("app.stats"))
        draw_panel(surface, self.name_box, radius=self.px(10))
        name, size = fonts.fit(
            printable(self.player, 16), self.text_px(22), self.name_box.w - self.px(16), 14, True
        )
        draw_text(
            surface,
            name,
            size,
            self.name_box.center,
            bold=True,
            anchor="center",
            within=self.name_box,
        )
        said = self.coach_words()
        if said and self.coach_box.w > self.px(40):
            size, lines = self._coach_lines(said)
            line_h = fonts.line_step(size)  # a paragraph's lines apart (issue #38)
            y = self.coach_box.centery - self._lines_h(size, len(lines)) // 2
            for line in lines:
                text, fitted = fonts.fit(line, size, self.coach_box.w, 12)
                draw_text(
                    surface,
                    text,
                    fitted,
                    (self.coach_box.x, y),
                    theme.INK_SOFT,
                    within=self.coach_box,
                )
                y += line_h
        stats = self.stats
        if stats is None or not stats.played:
            if self.problem:
                message = self.t("app.history_failed_open", error=printable(self.problem, 300))
            elif self.job is not None:
                busy = self.job.waiting or self.history.locked()
                message = self.t("app.history_busy" if busy else "app.history_reading")
            else:
                message = self.t("app.stats_none")
            y = self.left.y + self.px(20)
            for line in fonts.wrap(message, self.text_px(22), w - self.px(160))[:5]:
                draw_text(surface, line, self.text_px(22), (w // 2, y), anchor="midtop")
                y += self.px(34)
            super().draw(surface)
            return
        self._draw_tiles(surface, stats)
        self._draw_against(surface, stats)
        self._draw_table(surface, stats)
        self._draw_bars(surface, stats)
        self._draw_line(surface, stats)
        self._draw_records(surface)
        super().draw(surface)

    def _coach_lines(self, said: str) -> tuple[int, list[str]]:
        """The coach's words in the row under the title: their size and at most two
        lines, a paragraph's step apart within the row's height (issue #38: at Larger
        text two lines one line height apart touched); smaller, down to the 14 px
        floor, where two lines do not fit it."""
        box = self.coach_box
        size = max(14, self.text_px(15))
        while True:
            lines = fonts.wrap(said, size, box.w)[:2]
            if size <= 14 or self._lines_h(size, len(lines)) <= box.h:
                return size, lines
            size -= 1

    @staticmethod
    def _lines_h(size: int, count: int) -> int:
        """The height of ``count`` lines of a paragraph at ``size``."""
        return fonts.line_step(size) * (count - 1) + fonts.font(size).size("Ag")[1]

    def _heading(self, surface, text: str, box: pygame.Rect) -> int:
        """A box's small heading; the y under it."""
        text, size = fonts.fit(text, self.text_px(17), box.w - self.px(24), 14, True)
        draw_text(
            surface,
            text,
            size,
            (box.x + self.px(12), box.y + self.px(8)),
            theme.INK_SOFT,
            bold=True,
            within=box,
        )
        return box.y + self.px(8) + fonts.font(size, True).get_linesize()

    def _draw_tiles(self, surface, stats: PlayerStats) -> None:
        lang = self.app.settings.language
        share = round(100 * stats.won / stats.played)
        favourite = character_name(stats.favourite, lang) or "—"
        tiles = [
            (str(stats.played), self.t("app.stats_played")),
            (f"{stats.won} · {share}%", self.t("app.stats_won")),
            (str(stats.longest_streak), self.t("app.stats_streak")),
            (favourite, self.t("app.stats_favourite")),
        ]
        for rect, (value, label) in zip(self.tiles, tiles):
            chrome.draw_card(surface, rect, self.px(12), self.px(3))
            label, label_size = fonts.fit(label, self.text_px(15), rect.w - self.px(10), 14)
            # the value over its label, a paragraph's step apart (issue #38: at Larger
            # text they touched): smaller where the tile is too short for both
            room = rect.h - self.px(18) - fonts.line_step(label_size)
            text, size = fonts.fit(value, self.text_px(28), rect.w - self.px(12), 14, True)
            while size > 14 and fonts.font(size, True).get_linesize() > room:
                text, size = fonts.fit(value, size - 1, rect.w - self.px(12), 14, True)
            draw_text(
                surface,
                text,
                size,
                (rect.centerx, rect.y + self.px(10)),
                theme.ACCENT_DARK,
                bold=True,
                anchor="midtop",
                within=rect,
            )
            draw_text(
                surface,
                label,
                label_size,
                (rect.centerx, rect.bottom - self.px(8)),
                theme.INK_SOFT,
                anchor="midbottom",
                within=rect,
            )

    def _draw_against(self, surface, stats: PlayerStats) -> None:
        box = self.against_box
        draw_panel(surface, box, radius=self.px(10))
        parts = [
            self.t("app.stats_against", level=self.t(f"app.level_{level}"), won=won, played=n)
            for level in COMPUTER_LEVELS
            if level in stats.against
            for n, won in [stats.against[level]]
        ]
        words = " · ".join(parts) if parts else self.t("app.stats_no_computers")
        text, size = fonts.fit(words, self.text_px(17), box.w - self.px(24), 14)
        draw_text(
            surface,
            text,
            size,
            (box.x + self.px(12), box.centery),
            anchor="midleft",
            within=box,
        )

    def _draw_table(self, surface, stats: PlayerStats) -> None:
        lang = self.app.settings.language
        heads = [
            self.t("app.stats_game"),
            self.t("app.stats_played"),
            self.t("app.stats_won"),
            self.t("app.stats_best"),
            self.t("app.stats_average"),
        ]
        rows = [
            [
                registry.GAMES[game.game].name(lang),
                str(game.played),
                str(game.won),
                score_words(game.game, game.best or 0.0),
                average_words(game.average),
            ]
            for game in stats.games
        ]
        self._grid(surface, self.table_box, heads, rows, [0.40, 0.15, 0.15, 0.15, 0.15])

    def _draw_records(self, surface) -> None:
        lang = self.app.settings.language
        heads = [
            self.t("app.stats_records"),
            self.t("app.stats_highest"),
            self.t("app.stats_fastest"),
        ]
        rows = []
        for found in self.records:
            if not found.games:
                continue
            high = (
                f"{score_words(found.game, found.highest[1])} · {printable(found.highest[0], 16)}"
                if found.highest is not None
                else "—"
            )
            quick = (
                self.t(
                    "app.stats_fastest_cell",
                    n=found.fastest[1],
                    name=printable(found.fastest[0], 16),
                )
                if found.fastest is not None
                else "—"
            )
            rows.append([registry.GAMES[found.game].name(lang), high, quick])
        self._grid(surface, self.records_box, heads, rows, [0.30, 0.30, 0.40])

    def _grid(
        self,
        surface,
        box: pygame.Rect,
        heads: list[str],
        rows: list[list[str]],
        shares: list[float],
    ) -> None:
        """A table in a panel: a bold head row, then the rows under rules; every cell
        at one size (the largest at which each fits, 14 px at least, else cut)."""
        chrome.draw_card(surface, box, self.px(12), self.px(3))
        pad, gap = self.px(12), self.px(14)
        inner = box.w - 2 * pad - gap * (len(heads) - 1)
        line = min(self.px(40), (box.h - self.px(12)) // max(1, len(rows) + 1))
        cells = [heads, *rows]
        # the columns as wide as their widest cell, at the largest size at which the
        # whole table fits (the room left shared out); past 14 px, by ``shares`` and cut
        widths = [int(inner * share) for share in shares]
        size = 14
        for size in range(min(self.text_px(17), max(14, line - self.px(8))), 13, -1):
            need = [
                max(fonts.font(size, True).size(row[c])[0] for row in cells)
                for c in range(len(heads))
            ]
            if sum(need) <= inner:
                spare = (inner - sum(need)) // len(need)
                widths = [n + spare for n in need]
                break
        xs, x = [], box.x + pad
        for width in widths:
            xs.append(x)
            x += width + gap
        y = box.y + self.px(8)
        for i, (x, width, head) in enumerate(zip(xs, widths, heads)):
            text, _ = fonts.fit(head, size, width, size, True)
            draw_text(surface, text, size, (x, y), theme.INK_SOFT, bold=True, within=box)
        for row in rows:
            y += line
            pygame.draw.line(
                surface,
                theme.PANEL_EDGE,
                (box.x + self.px(10), y - self.px(4)),
                (box.right - self.px(10), y - self.px(4)),
            )
            for i, (x, width, cell) in enumerate(zip(xs, widths, row)):
                text, _ = fonts.fit(cell, size, width, size, i == 0)
                draw_text(surface, text, size, (x, y), bold=i == 0, within=box)

    def _draw_bars(self, surface, stats: PlayerStats) -> None:
        box = self.bars_box
        chrome.draw_card(surface, box, self.px(12), self.px(3))
        y0 = self._heading(surface, self.t("app.stats_wins_per_game"), box)
        lang = self.app.settings.language
        games = list(stats.games)
        if not games:
            return
        most = max(g.played for g in games)
        label_w = int(box.w * 0.36)
        bar_x = box.x + label_w
        bar_w = box.right - self.px(64) - bar_x
        each = (box.bottom - self.px(8) - y0) // max(1, len(games))
        bar_h = max(self.px(8), min(self.px(22), each - self.px(8)))
        # the rows' words a paragraph's step apart (issue #38: at Larger text they
        # touched): smaller where the rows are close, never under the 14 px floor
        size = self.text_px(16)
        while size > 14 and fonts.line_step(size) > each:
            size -= 1
        for i, game in enumerate(games):
            cy = y0 + i * each + each // 2
            name = registry.GAMES[game.game].name(lang)
            text, tsize = fonts.fit(name, size, label_w - self.px(20), 14)
            draw_text(surface, text, tsize, (box.x + self.px(12), cy), anchor="midleft", within=box)
            played = pygame.Rect(bar_x, cy - bar_h // 2, max(2, bar_w * game.played // most), bar_h)
            won = pygame.Rect(bar_x, played.y, bar_w * game.won // most, bar_h)
            pygame.draw.rect(surface, theme.BUTTON_DISABLED, played, border_radius=bar_h // 3)
            if won.w:
                pygame.draw.rect(surface, theme.GOOD, won, border_radius=bar_h // 3)
            draw_text(
                surface,
                f"{game.won}/{game.played}",
                tsize,
                (played.right + self.px(8), cy),
                anchor="midleft",
                within=box,
            )

    def _draw_line(self, surface, stats: PlayerStats) -> None:
        box = self.line_box
        chrome.draw_card(surface, box, self.px(12), self.px(3))
        y0 = self._heading(surface, self.t("app.stats_recent"), box)
        recent = stats.recent
        if not recent:
            return
        worst = max(2, max(place for _game, place in recent))
        area = pygame.Rect(
            box.x + self.px(20),
            y0 + self.px(12),
            box.w - self.px(40),
            box.bottom - self.px(14) - y0 - self.px(12),
        )
        if area.h < self.px(10):
            return
        step = area.w / max(1, len(recent) - 1)
        points = [
            (
                round(area.x + i * step) if len(recent) > 1 else area.centerx,
                round(area.y + (place - 1) * area.h / (worst - 1)),
            )
            for i, (_game, place) in enumerate(recent)
        ]
        pygame.draw.line(surface, theme.PANEL_EDGE, area.topleft, area.topright, 1)
        if len(points) > 1:
            pygame.draw.aalines(surface, theme.INK_SOFT, False, points)
        r = max(3, self.px(6))
        for (x, y), (_game, place) in zip(points, recent):
            pygame.draw.circle(surface, theme.GOOD if place == 1 else theme.BAD, (x, y), r)
