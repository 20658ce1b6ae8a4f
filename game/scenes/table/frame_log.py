"""The table's log (issues #16, #27): its entries wrapped into the lines they take, each
entry's first line after the mark of the seat it is about and every seat's name in its
colour, a round's divider drawn as a rule, as many whole lines as the panel holds (the
newest at the bottom) and a scroll bar when there are more.

Plain functions of the frame (:class:`~game.scenes.table.frame.TableFrame`), which keeps
the log itself, its scroll and its cached lines, and offers those a scene or a test asks
for (``log_geometry``, ``log_wrapped``, ``shown_log_rows``, ``log_divider``,
``scroll_log``) as methods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.scenes.table.frame_plan import LOG_PAD, LOG_TEXT, log_line_h
from game.ui import fonts, identity, theme
from game.ui.widgets import Picture, draw_panel, draw_text

if TYPE_CHECKING:
    from game.scenes.table.frame import TableFrame


class LogDivider(str):
    """A round's divider in the log (its words: "Round 3"), drawn as a rule."""


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
def log_geometry(frame: TableFrame, rect: pygame.Rect) -> tuple[int, int, int, int]:
    """(text size, line height, the text's width, how many whole lines show)."""
    size = frame.text_px(LOG_TEXT)
    # a line as high as its text at the Larger text size too (issue #27)
    line_h = max(log_line_h(frame.px), round(size * 1.35))
    width = rect.w - frame.px(26) - log_gutter(frame)
    fit = max(1, (rect.h - 2 * frame.px(LOG_PAD)) // line_h)
    return size, line_h, width, fit


def log_gutter(frame: TableFrame) -> int:
    """Pixels at the left of each entry for the mark of the seat it is about."""
    return round(frame.text_px(LOG_TEXT) * 1.2)


def log_rows(frame: TableFrame, rect: pygame.Rect) -> list[LogRow]:
    """The log's entries as the lines they take (wrapped to the log's width), each
    with the seat whose mark stands before its entry's first line."""
    size, _line_h, width, _fit = log_geometry(frame, rect)
    names = tuple(frame.seat_name(p) for p in range(frame.session.players))
    key = (len(frame.log), frame.log[-1] if frame.log else "", size, width, names)
    cached: tuple[tuple, list[LogRow]] = getattr(frame, "_log_lines", ((), []))
    if cached[0] != key:
        rows: list[LogRow] = []
        for entry in frame.log:
            if isinstance(entry, LogDivider):
                rows.append(LogRow(str(entry), None, True, True))
                continue
            seat = first_seat(entry, names)
            for i, line in enumerate(fonts.wrap(entry, size, width)):
                rows.append(LogRow(line, seat if i == 0 else None, i == 0, False))
        cached = (key, rows)
        frame._log_lines = cached
    return cached[1]


def log_wrapped(frame: TableFrame, rect: pygame.Rect) -> list[str]:
    return [row.text for row in log_rows(frame, rect)]


def log_divider(frame: TableFrame, round_number: int) -> None:
    """A round's divider in the log ("— Round 3 —"), unless that round's divider is
    already the latest one (a round-opening event put it before its own line)."""
    divider = LogDivider(frame.t.round(round_number))
    latest = next((e for e in reversed(frame.log) if isinstance(e, LogDivider)), None)
    if latest == divider:
        return
    frame.log.append(divider)


def scroll_log(frame: TableFrame, lines: int) -> None:
    """Move the log ``lines`` towards older entries (negative: towards the newest)."""
    _size, _line_h, _width, fit = log_geometry(frame, frame.plan.log)
    most = max(0, len(log_wrapped(frame, frame.plan.log)) - fit)
    frame.log_scroll = max(0, min(most, frame.log_scroll + lines))


def log_picture(frame: TableFrame, rect: pygame.Rect) -> Picture:
    lines = log_wrapped(frame, rect)
    key = (len(frame.log), frame.log[-1] if frame.log else "", frame.log_scroll, len(lines))

    def paint(layer, area):
        paint_log(frame, layer, area)

    return frame._cached("log", key, rect, paint)


def shown_log_rows(frame: TableFrame, rect: pygame.Rect) -> list[LogRow]:
    """The rows the log shows now: as many whole lines as its height holds (never
    one clipped at its top or bottom: issue #27), the newest at the bottom."""
    _size, _line_h, _width, fit = log_geometry(frame, rect)
    rows = log_rows(frame, rect)
    frame.log_scroll = min(frame.log_scroll, max(0, len(rows) - fit))
    end = len(rows) - frame.log_scroll
    return rows[max(0, end - fit) : end]


def paint_log(frame: TableFrame, surface: pygame.Surface, rect: pygame.Rect) -> None:
    draw_panel(surface, rect, radius=10)
    size, line_h, _width, fit = log_geometry(frame, rect)
    rows = log_rows(frame, rect)
    names = [frame.seat_name(p) for p in range(frame.session.players)]
    x0 = rect.x + frame.px(10)
    y = rect.y + frame.px(LOG_PAD)
    inner = pygame.Rect(x0, y, rect.w - frame.px(20), fit * line_h)
    gutter = log_gutter(frame)
    for row in shown_log_rows(frame, rect):
        if row.divider:
            paint_divider(frame, surface, row.text, size, pygame.Rect(x0, y, inner.w, line_h))
        else:
            if row.seat is not None:
                centre = (x0 + gutter * 0.45, y + line_h / 2)
                identity.draw_seat_mark(
                    surface, row.seat, centre, max(theme.MIN_ICON_PX, size * 0.9)
                )
            paint_log_line(frame, surface, row.text, size, (x0 + gutter, y), names, inner)
        y += line_h
    if len(rows) > fit:  # a scroll bar: where the shown lines are in the whole log
        end = len(rows) - frame.log_scroll
        track = pygame.Rect(rect.right - frame.px(10), rect.y + frame.px(8), frame.px(4), 0)
        track.h = rect.h - frame.px(16)
        pygame.draw.rect(surface, theme.BUTTON_DISABLED, track, border_radius=track.w // 2)
        thumb_h = max(frame.px(16), track.h * fit // len(rows))
        start = max(0, end - fit) / max(1, len(rows) - fit)
        thumb = pygame.Rect(track.x, track.y + round((track.h - thumb_h) * start), track.w, thumb_h)
        pygame.draw.rect(surface, theme.INK_SOFT, thumb, border_radius=track.w // 2)


def paint_divider(
    frame: TableFrame, surface: pygame.Surface, text: str, size: int, box: pygame.Rect
):
    """A round's divider: its name in the middle of a thin rule."""
    face = fonts.font(size, True)
    tw = min(box.w, face.size(text)[0])
    label = pygame.Rect(0, box.y, tw, box.h)
    label.centerx = box.centerx
    y = box.centery
    thick = max(1, frame.px(1))
    for a, b in ((box.x, label.x - frame.px(8)), (label.right + frame.px(8), box.right)):
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


def paint_log_line(
    frame: TableFrame,
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
