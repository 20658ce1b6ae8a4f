"""Verflixxt! at the table: the track winds across a meadow as a serpentine road of tiles
(plus green, minus red, lucky clovers, risk tiles showing both values) from the start tile
to the finish, with the guardians and the players' pawns fanned out on their tiles and the
lucky (green) and unlucky (red) hats on the pawns that wear them. Taken tiles fly to their
taker's pile and the track closes up; the die tumbles (base game); movement cards are
played from the hand and goal chips fly from the stack beside the finish (expansion 2).

The scene draws a display model (``_Table``) that only the events change, animated by
tweens; when nothing is queued it is put back in line with the state
(``sync_from_state``), so skipping an animation can never leave a piece astray. Where a
piece would land is never worked out here: the preview applies the action to a copy of the
state and reads the ``move`` events it gives. Clause ids (VX-n) refer to
``docs/rules/verflixxt.md``.

This module holds the scene's life cycle: what it shows of the events, the display model
kept in line with the state, the clock. The rest is in mixins, one concern each (see
host.py for what they share): layout.py (where things are), art.py (the images),
animate.py (events to tweens), texts.py (names and sentences), controls.py (the person's
choices and keys), draw.py (the board and what flies over it), seats.py (the shared
frame's header, seat panels and legend) and bar.py (the die or the cards under the
prompt); model.py holds the display model and the other small types they all use.
"""

from __future__ import annotations

import pygame

from game.rules.protocol import Event
from game.rules.verflixxt.box import FINISH, START
from game.scenes.game_base import GameScene
from game.ui import choices

from .animate import Animations
from .art import Art
from .bar import Bar
from .compose import Composer
from .controls import Controls
from .draw import Drawing
from .final import Final
from .layout import Layout
from .model import Choice, _Table
from .seats import Seats
from .texts import Texts


class VerflixxtScene(
    Final,
    Layout,
    Art,
    Animations,
    Texts,
    Controls,
    Composer,
    Drawing,
    Seats,
    Bar,
    choices.ChoiceControls[Choice],
    GameScene,
):
    steps_draw_attention = True  # a hand card is ringed; a two-way pawn previews both
    rebuild_before_input = True  # the controls always match the state being answered

    def __init__(self, app, table):
        super().__init__(app, table)
        self.mode = "main"  # main, card (a card chosen), dir, attack
        self.sel_card = None
        self.sel_piece = None
        self._images: dict = {}
        self._static = None
        self._score_cache = {}
        self._synced = True
        self.clock = 0.0
        self._board_layer = None
        self._shown: list = []  # what the option looked at would do (draw_table)
        self._lesson_picked: int | None = None  # the lesson step whose card was picked
        state = self.state
        self.total_tiles = len(state.track) + sum(len(p) for p in state.taken)
        self.table = self._table_from_state()
        if self.session.actions:
            self.sync_from_state()
        else:
            # The opening deal (VX-21) happened in new_game: deal it for everybody to see,
            # face down (nobody's hand is on screen before the first person is asked).
            dealt = sum(len(h) for h in state.hands)
            self.table.deck += dealt
            self.table.hand_counts = [0] * state.players
            self.queue_events(list(state.opening_events))

    def queue_events(self, events: list[Event]) -> None:
        viewer = self.private_player
        for event in events:
            if event.seen_by(viewer):
                self.events.append(event)
            elif viewer is None and event.kind == "draw" and event.data.get("card") is None:
                # Nobody's private things are on screen (computer seats only, or before the
                # first person is asked): show the face-down twin of a secret draw (V-15).
                self.events.append(event)

    # == the display model ========================================================
    def _table_from_state(self) -> _Table:
        s = self.state
        n = s.players
        viewer = self.private_player
        pieces = {}
        for p, row in enumerate(s.pawns):
            for i, tile in enumerate(row):
                pieces[f"{p}{'abc'[i]}"] = tile
        for j, tile in enumerate(s.guardians):
            pieces[f"g{j + 1}"] = tile
        contest: dict[int, list[str]] | None = None
        if s.phase == "contest" or s.contest_cards:
            contest = {p: [] for p in range(n)}
            for p, card in s.contest_cards:
                contest[p].append(card)
        return _Table(
            track=list(s.track),
            u=self._spread(s.track),
            pieces=pieces,
            hats=dict(s.hat_on),
            taken=[list(t) for t in s.taken],
            chips=list(s.chips),
            chips_won=[list(c) for c in s.chips_won],
            hats_home=[list(h) for h in s.hats_home],
            hand=sorted(s.hands[viewer]) if viewer is not None else [],
            hand_counts=[len(h) for h in s.hands],
            deck=len(s.deck),
            discard=s.discard[-1] if s.discard else None,
            die=s.die,
            current=None if s.is_over() else s.to_act()[0],
            round=s.round,
            contest=contest,
            winners=list(s.winners()) if s.is_over() else None,
        )

    @staticmethod
    def _spread(track: list[str]) -> dict[str, float]:
        last = max(1, len(track) - 1)
        return {tile: i / last for i, tile in enumerate(track)}

    def sync_from_state(self) -> None:
        self.table = self._table_from_state()
        self._synced = True
        self._controls_key = None

    def on_private_shown(self, player: int) -> None:
        self.table.hand = sorted(self.state.hands[player])
        self.mode, self.sel_card, self.sel_piece = "main", None, None
        self._lesson_picked = None
        self._controls_key = None

    def lesson_game_element(self, name: str):
        """A lesson's names for the table's things (game.lessons.GAME_ELEMENTS): a pawn of
        the person learning (``piece:a``) or a guardian (``piece:g2``) where it stands,
        a track tile (``tile:l2``, ``start``, ``finish``), the die and the stack of goal
        chips beside the finish (``chips``, the hats game)."""
        kind, _, what = name.partition(":")
        if kind == "piece":
            seat = self.lesson.lesson.human if self.lesson is not None else 0
            piece = what if what.startswith("g") else f"{seat}{what}"
            feet = self.piece_spot(piece)
            return None if feet is None else self.piece_rect(piece, feet)
        if kind == "tile" or name in (START, FINISH):
            tile = what or name
            return self.tile_rect(tile) if tile in self.table.track else None
        if name == "die":
            return getattr(self, "die_rect", None)
        if name == "chips" and self.state.hats_variant:
            x, y = self.chip_stack_pos()
            size = int(self.tile_px * 0.56)  # as draw.py stacks them
            rise = max(0, len(self.table.chips) - 1) * max(2, int(self.tile_px * 0.06))
            rect = pygame.Rect(0, 0, size, size + rise)
            rect.center = (round(x), round(y))
            return rect
        return None

    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)
        if self.busy_animating():
            self._synced = False
        elif not self._synced:
            self.sync_from_state()
        self._rebuild_controls()
