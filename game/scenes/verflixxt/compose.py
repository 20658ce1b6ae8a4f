"""The Verflixxt! table's two layers for the compositor (game/scenes/table/compose.py):
everything that stands still — the board at rest (meadow, road, tiles, chips, the pieces
not moving), the hat draw, the bar, the legend, with the shared frame's header, seat
panels and log laid over by the compositor — is one picture, laid down with a single blit
and made again only when something in it changes (a piece lands, a turn passes). What
moves or pulses is drawn over it on every frame: the thinking dots, the preview, the
pieces the person may move, walking pieces, the die or the cards in the bar, things in
flight, pops and banners.

A frame costs about one window-sized blit (tools/bench_frames.py: within 2x its floor)."""

from __future__ import annotations

import pygame

from game.rules.protocol import Action, Event
from game.rules.verflixxt import Attack
from game.ui import theme
from game.ui.widgets import lay, paint_picture

from .host import VerflixxtHost


def _opaque(cached, key: tuple, size: tuple[int, int], paint):
    """``cached`` if it was made for ``key``, else a new opaque picture of ``size`` made by
    ``paint``, with its texts."""
    if cached is not None and cached[0] == key:
        return cached
    return (key, paint_picture(pygame.Surface(size), paint))  # opaque: the fastest to lay down


class Composer(VerflixxtHost):
    """The still picture and what moves, for the compositor (game.scenes.table.compose)."""

    def draw_table(self, surface: pygame.Surface) -> None:
        # the controls and what the option looked at would do follow the state first:
        # the bar's hint (still) and the preview (moving) both show them
        self._rebuild_controls()
        focus = self.attention()
        shown: list[tuple[Action, list[Event]]] = []
        if focus is not None:
            for action in focus.previews:
                events = self.preview(action)
                if events:
                    shown.append((action, events))
        self._shown = shown
        super().draw_table(surface)

    def _board_looks(self) -> tuple[dict, tuple, str | None]:
        """The pieces that may move, the tiles an attack may start from, the one looked at."""
        focus = self.attention()
        movable = {c.piece: c for c in self.controls if c.spot == "piece" and c.piece}
        attack = tuple(sorted(c.tile or "" for c in self.controls if c.spot == "tile"))
        looked = (
            focus.action.tile if focus is not None and isinstance(focus.action, Attack) else None
        )
        return movable, attack, looked

    def static_key(self) -> tuple:
        movable, attack, looked = self._board_looks()
        return (
            self._board_key(movable, attack, looked),
            self._contest_key(),
            self.t.lang,
            self.private_player,
            self.hint_text(),
        )

    def paint_static(self, surface: pygame.Surface) -> None:
        """The board at rest (its own kept picture), the hat draw, the bar, the legend."""
        movable, attack, looked = self._board_looks()

        def paint_board(layer: pygame.Surface, _area: pygame.Rect) -> None:
            self._paint_board(layer, movable, attack, looked)

        board_key = self._board_key(movable, attack, looked)
        self._board_layer = _opaque(self._board_layer, board_key, self.board.size, paint_board)
        surface.fill(theme.BG)
        lay(surface, self._board_layer[1], self.board)
        if self.table.contest is not None:
            self._draw_contest(surface)
        self.draw_bar(surface)
        self.draw_legend(surface)

    def paint_moving(self, surface: pygame.Surface) -> None:
        focus = self.attention()
        movable = self._board_looks()[0]
        shown = self._shown
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

    def _contest_key(self) -> tuple | None:
        """What the hat draw shows, if it is on."""
        t = self.table
        if t.contest is None:
            return None
        return (
            tuple(tuple(cards) for cards in t.contest.values()),
            t.current,
            self.state.phase,
            t.contest_alpha,
        )
