"""The Verflixxt! table put together for each frame, cheaply: everything that stands
still — the board at rest (meadow, road, tiles, chips, the pieces not moving), the hat
draw, the shared frame's header, seat panels, log and bar, the legend — is one picture,
laid down with a single blit and made again only when something in it changes (a piece
lands, a log line comes, a turn passes, the thinking dots step). What moves or pulses is
drawn over it on every frame: the preview, the pieces the person may move, walking
pieces, the die or the cards in the bar, things in flight, pops and banners.

A frame costs about one window-sized blit (tools/bench_frames.py: within 2x its floor)."""

from __future__ import annotations

import pygame

from game.rules.protocol import Action, Event
from game.rules.verflixxt import Attack
from game.ui import theme, widgets

from .host import VerflixxtHost


def _opaque(cached, key: tuple, size: tuple[int, int], paint):
    """``cached`` if it was made for ``key``, else a new opaque picture of ``size`` made by
    ``paint`` (its texts are recorded where the picture is laid, not here)."""
    if cached is not None and cached[0] == key:
        return cached
    recording, widgets.TEXT_LOG = widgets.TEXT_LOG, None
    try:
        layer = pygame.Surface(size)  # opaque: the fastest to lay down
        paint(layer, layer.get_rect())
    finally:
        widgets.TEXT_LOG = recording
    return (key, layer)


class Composer(VerflixxtHost):
    """``draw_table``: the still picture, then what moves."""

    def draw_table(self, surface: pygame.Surface) -> None:
        self._rebuild_controls()
        focus = self.attention()
        shown: list[tuple[Action, list[Event]]] = []
        if focus is not None:
            for action in focus.previews:
                events = self.preview(action)
                if events:
                    shown.append((action, events))
        self._shown = shown
        movable = {c.piece: c for c in self.controls if c.spot == "piece" and c.piece}
        attack = tuple(sorted(c.tile or "" for c in self.controls if c.spot == "tile"))
        looked = (
            focus.action.tile if focus is not None and isinstance(focus.action, Attack) else None
        )
        board_key = self._board_key(movable, attack, looked)

        def paint_board(layer: pygame.Surface, _area: pygame.Rect) -> None:
            self._paint_board(layer, movable, attack, looked)

        def paint(layer: pygame.Surface, _area: pygame.Rect) -> None:
            self._board_layer = _opaque(self._board_layer, board_key, self.board.size, paint_board)
            layer.fill(theme.BG)
            self.draw_with_record(layer, self._board_layer[1], self.board, paint_board)
            if self.table.contest is not None:
                self._draw_contest(layer)
            self.draw_frame(layer)
            self.draw_legend(layer)

        key = (board_key, self._frame_key(), surface.get_size(), self.t.lang)
        self._table_layer = _opaque(self._table_layer, key, surface.get_size(), paint)
        self.draw_with_record(surface, self._table_layer[1], surface.get_rect(), paint)
        self._draw_preview_under(surface, shown)
        self._draw_spot_glows(surface, focus)
        self._draw_movers(surface, focus, movable)
        self._draw_preview_over(surface, shown)
        self._draw_action_panel(surface, focus)
        self._draw_flyers(surface)
        self._draw_pops(surface)
        self._draw_banner(surface)

    def _board_key(self, movable, attack, looked) -> tuple:
        """What the board at rest shows."""
        t = self.table
        return (
            tuple(t.track),
            tuple(t.u.get(tile) for tile in t.track),
            tuple(sorted(t.gone)),
            t.shake,
            tuple(t.chips),
            attack,
            looked,
            self.keyboard,
            tuple(sorted(t.pieces.items())),
            tuple(sorted((hat, wearer or "") for hat, wearer in t.hats.items())),
            tuple(sorted(t.wiggle.items())),
            tuple(sorted(movable)),
        )

    def _frame_key(self) -> tuple:
        """What the shared frame shows (:meth:`~game.scenes.frame.TableFrame.frame_key`)
        and the hat draw."""
        t = self.table
        contest = None
        if t.contest is not None:
            contest = (
                tuple(tuple(cards) for cards in t.contest.values()),
                t.current,
                self.state.phase,
                t.contest_alpha,
            )
        return (self.frame_key(), contest)
