"""The table's log (issues #16, #27): its entries wrapped into the lines they take, each
entry's first line after the mark of the seat it is about and every seat's name in its
colour, a round's divider drawn as a rule, as many whole lines as the panel holds (the
newest at the bottom) and a scroll bar when there are more.

One object, :class:`TableLog`, owns all of it (issue #37): the table scene keeps one and
writes to it, the frame (:class:`~game.scenes.table.frame.TableFrame`) paints it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, Protocol, overload

import pygame

from game.rules.protocol import Event
from game.scenes.table.frame_plan import LOG_PAD, LOG_TEXT, log_line_h
from game.ui import fonts, identity, theme
from game.ui.widgets import draw_panel, draw_text


class LogDivider(str):
    """A round's divider in the log (its words: "Round 3"), drawn as a rule."""


class LoggedGame(Protocol):
    """What a rebuilt log reads of the game: its rules, how it was set up, its record."""

    @property
    def module(self) -> Any:
        """The game's rules module (``new_game``, ``parse_action``)."""

    @property
    def players(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def options(self) -> Any: ...

    @property
    def actions(self) -> list[tuple[int, str]]: ...


class LogRow(NamedTuple):
    """One line of the log as it is drawn."""

    text: str
    seat: int | None  # the seat whose mark stands before it (an entry's first line)
    first: bool  # the first line of its entry
    divider: bool


def first_seat(text: str, names: tuple[str, ...] | list[str]) -> int | None:
    """The seat whose name comes first in ``text`` (the longest name where two start
    at the same place), or None."""
    best: tuple[int, int, int] | None = None
    for seat, name in enumerate(names):
        if not name:
            continue
        at = text.find(name)
        if at >= 0 and (best is None or (at, -len(name)) < (best[0], -best[1])):
            best = (at, len(name), seat)
    return None if best is None else best[2]


def split_names(text: str, names: list[str]) -> list[tuple[str, int | None]]:
    """``text`` in pieces, each seat's name a piece of its own with its seat."""
    pieces: list[tuple[str, int | None]] = []
    rest = text
    while rest:
        seat = first_seat(rest, names)
        if seat is None:
            pieces.append((rest, None))
            break
        at = rest.find(names[seat])
        if at:
            pieces.append((rest[:at], None))
        pieces.append((names[seat], seat))
        rest = rest[at + len(names[seat]) :]
    return pieces


# -- the log ------------------------------------------------------------------------------
class LogSizes(Protocol):
    """What the log asks of the window it is drawn in: sizes scaled with it."""

    def px(self, value: float) -> int: ...

    def text_px(self, value: float) -> int: ...


class TableLog(Sequence[str]):
    """The table's log, one object owning its entries (plain lines and round dividers),
    its scroll and its wrapped lines: written to as the game is played, rebuilt from the
    record after Resume, an undo or a replay's jump, drawn into the frame's log panel.

    A sequence of its entries (``log[-1]``, ``in``, ``len``): what tests and a game's
    merged line (Duck's steps, :meth:`rewrite_last`) read."""

    KEEP = 200  # entries kept: older ones go

    def __init__(
        self,
        sizes: LogSizes,
        names: Callable[[], tuple[str, ...]],
        round_name: Callable[[int], str],
    ) -> None:
        """``names``: the seats' names now (an entry's mark and colours follow them);
        ``round_name``: a round's divider's words ("Round 3")."""
        self.sizes = sizes
        self.names = names
        self.round_name = round_name
        self.entries: list[str] = []
        self.scroll = 0  # lines scrolled back from the newest
        self._rows: tuple[tuple, list[LogRow]] = ((), [])

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self.entries[index]

    def __len__(self) -> int:
        return len(self.entries)

    # -- writing ----------------------------------------------------------------------------
    def write(self, text: str, rect: pygame.Rect | None = None) -> None:
        """A new entry at the bottom. Someone reading back (scrolled, in the panel
        ``rect``) keeps their place: the new entry's lines come in under it."""
        self.entries.append(text)
        del self.entries[: -self.KEEP]
        if self.scroll and rect is not None:
            size, _line_h, width, _fit = self.geometry(rect)
            self.scroll_by(len(fonts.wrap(text, size, width)), rect)

    def rewrite_last(self, text: str) -> None:
        """The newest entry said again (a game merging a step into its last line)."""
        self.entries[-1] = text

    def divider(self, round_number: int) -> None:
        """A round's divider ("— Round 3 —"), unless that round's divider is already
        the latest one (a round-opening event put it before its own line)."""
        divider = LogDivider(self.round_name(round_number))
        latest = next((e for e in reversed(self.entries) if isinstance(e, LogDivider)), None)
        if latest != divider:
            self.entries.append(divider)

    def divide(self, event: Event) -> None:
        """A round-opening event's divider goes before its line."""
        round_number = event.begins_round()
        if round_number is not None:
            self.divider(round_number)

    def clear(self) -> None:
        """Nothing written, the newest lines shown (a replay's jump writes it again)."""
        self.entries.clear()
        self.scroll = 0

    def rebuild(
        self,
        session: LoggedGame,
        viewer: int | None,
        describe: Callable[[Event], str | None],
        write: Callable[[str], None],
    ) -> None:
        """The log of a game opened part-way (a resumed save, the language changed, a
        watched game taken back): its record replayed through the rules, each event
        ``viewer`` could see described as it was when it happened, with the rounds'
        dividers (issue #27). Never a hidden event. ``write`` writes a line (the game
        may merge it into the last one)."""
        module = session.module
        state = module.new_game(session.players, session.seed, dict(session.options))
        self.clear()
        self.entries.append(LogDivider(self.round_name(state.round_number)))

        def written(events: Iterable[Event]) -> None:
            for event in events:
                if event.seen_by(viewer):
                    self.divide(event)
                    line = describe(event)
                    if line:
                        write(line)

        written(state.opening_events)
        for player, text in session.actions:
            before = state.round_number
            written(state.apply(player, module.parse_action(text)))
            if state.round_number != before and not state.is_over():
                self.divider(state.round_number)
        self.scroll = 0

    # -- reading ----------------------------------------------------------------------------
    def geometry(self, rect: pygame.Rect) -> tuple[int, int, int, int]:
        """(text size, line height, the text's width, how many whole lines show)."""
        size, line_h = self.sizes.text_px(LOG_TEXT), self.line_h()
        width = rect.w - self.sizes.px(26) - self.gutter()
        fit = max(1, (rect.h - 2 * self.sizes.px(LOG_PAD)) // line_h)
        return size, line_h, width, fit

    def line_h(self) -> int:
        """The height of one of its lines: as high as its text at the Larger text size
        too (issue #27)."""
        return max(log_line_h(self.sizes.px), round(self.sizes.text_px(LOG_TEXT) * 1.35))

    def gutter(self) -> int:
        """Pixels at the left of each entry for the mark of the seat it is about."""
        return round(self.sizes.text_px(LOG_TEXT) * 1.2)

    def rows(self, rect: pygame.Rect) -> list[LogRow]:
        """The entries as the lines they take (wrapped to the log's width), each with the
        seat whose mark stands before its entry's first line."""
        size, _line_h, width, _fit = self.geometry(rect)
        names = self.names()
        entries = self.entries
        key = (len(entries), entries[-1] if entries else "", size, width, names)
        if self._rows[0] != key:
            rows: list[LogRow] = []
            for entry in entries:
                if isinstance(entry, LogDivider):
                    rows.append(LogRow(str(entry), None, True, True))
                    continue
                seat = first_seat(entry, names)
                for i, line in enumerate(fonts.wrap(entry, size, width)):
                    rows.append(LogRow(line, seat if i == 0 else None, i == 0, False))
            self._rows = (key, rows)
        return self._rows[1]

    def wrapped(self, rect: pygame.Rect) -> list[str]:
        return [row.text for row in self.rows(rect)]

    def scroll_by(self, lines: int, rect: pygame.Rect) -> None:
        """Move ``lines`` towards older entries (negative: towards the newest)."""
        _size, _line_h, _width, fit = self.geometry(rect)
        most = max(0, len(self.wrapped(rect)) - fit)
        self.scroll = max(0, min(most, self.scroll + lines))

    def shown_rows(self, rect: pygame.Rect) -> list[LogRow]:
        """The rows shown now: as many whole lines as the panel holds (never one clipped
        at its top or bottom: issue #27), the newest at the bottom."""
        _size, _line_h, _width, fit = self.geometry(rect)
        rows = self.rows(rect)
        self.scroll = min(self.scroll, max(0, len(rows) - fit))
        end = len(rows) - self.scroll
        return rows[max(0, end - fit) : end]

    def picture_key(self, rect: pygame.Rect) -> tuple:
        """What the panel's kept picture depends on (besides its size and language)."""
        lines = self.wrapped(rect)
        entries = self.entries
        return (len(entries), entries[-1] if entries else "", self.scroll, len(lines))

    # -- drawing ----------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        px = self.sizes.px
        draw_panel(surface, rect, radius=10)
        size, line_h, _width, fit = self.geometry(rect)
        rows = self.rows(rect)
        names = list(self.names())
        x0 = rect.x + px(10)
        y = rect.y + px(LOG_PAD)
        inner = pygame.Rect(x0, y, rect.w - px(20), fit * line_h)
        gutter = self.gutter()
        for row in self.shown_rows(rect):
            if row.divider:
                self._paint_divider(surface, row.text, size, pygame.Rect(x0, y, inner.w, line_h))
            else:
                if row.seat is not None:
                    centre = (x0 + gutter * 0.45, y + line_h / 2)
                    identity.draw_seat_mark(
                        surface, row.seat, centre, max(theme.MIN_ICON_PX, size * 0.9)
                    )
                _paint_line(surface, row.text, size, (x0 + gutter, y), names, inner)
            y += line_h
        if len(rows) > fit:  # a scroll bar: where the shown lines are in the whole log
            end = len(rows) - self.scroll
            track = pygame.Rect(rect.right - px(10), rect.y + px(8), px(4), 0)
            track.h = rect.h - px(16)
            pygame.draw.rect(surface, theme.BUTTON_DISABLED, track, border_radius=track.w // 2)
            thumb_h = max(px(16), track.h * fit // len(rows))
            start = max(0, end - fit) / max(1, len(rows) - fit)
            thumb = pygame.Rect(
                track.x, track.y + round((track.h - thumb_h) * start), track.w, thumb_h
            )
            pygame.draw.rect(surface, theme.INK_SOFT, thumb, border_radius=track.w // 2)

    def _paint_divider(
        self, surface: pygame.Surface, text: str, size: int, box: pygame.Rect
    ) -> None:
        """A round's divider: its name in the middle of a thin rule."""
        px = self.sizes.px
        face = fonts.font(size, True)
        tw = min(box.w, face.size(text)[0])
        label = pygame.Rect(0, box.y, tw, box.h)
        label.centerx = box.centerx
        y = box.centery
        thick = max(1, px(1))
        for a, b in ((box.x, label.x - px(8)), (label.right + px(8), box.right)):
            if b > a:
                pygame.draw.line(surface, theme.PANEL_EDGE, (a, y), (b, y), thick)
        draw_text(
            surface,
            text,
            size,
            label.midtop,
            theme.INK_SOFT,
            bold=True,
            anchor="midtop",
            within=box,
        )


def _paint_line(
    surface: pygame.Surface,
    line: str,
    size: int,
    at: tuple[int, int],
    names: list[str],
    within: pygame.Rect,
) -> None:
    """One line of the log, each seat's name in its seat's colour."""
    x, y = at
    face = fonts.font(size)
    for part, seat in split_names(line, names):
        colour = theme.INK if seat is None else theme.seat_ink(seat)
        draw_text(surface, part, size, (x, y), colour, within=within)
        x += face.size(part)[0]
