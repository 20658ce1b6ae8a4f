"""Cluck-peep! at the table: the ladder grows downward tile by tile, the chickens walk it.

The scene keeps a *display model* (:class:`Table`): which tiles lie where, which holes
hold a chick, where each chicken stands, the counts on the panels. Events from the rules
move it with tweens (a tile slides in, a chick pops into its hole, a chicken walks the
``path`` its ``chicken_moved`` event carries); once nothing is left to play it is
rebuilt from the state, so a skip can never leave it wrong. The rules' ``preview`` draws
where every chicken would go while a person holds a tile; nothing here re-derives a rule.

Ladder coordinates are the rules' (``column``, ``y``): 4 units per tile row, row 0 the
start tile. While tiles are being placed the table shows, top to bottom: the start tile,
the road tiles laid, the gap for the next tile, the face-down hidden tile and, faintly,
the next nest tile (public, K-3) — the same rows the preview traces.

The table stands on the shared table frame (game/scenes/frame.py: header, seat panels,
log, bar). The scene is put together from mixins (host.py declares what they share):
layout.py (where everything lies, zoom and scroll), animate.py (the events played),
log.py (their texts), controls.py (a person's choices), art.py (colours, tile pictures,
sprites), draw.py (the ladder, in layers), preview.py (where the chickens would go),
panels.py (the supply block, the hand), seats.py (what the frame shows of the game) and
guide.py (what a lesson points at); the display model is in model.py.
"""

from __future__ import annotations

from game.rules.cluck import PLACE
from game.rules.cluck.ladder import ROW_HEIGHT
from game.scenes.game_base import GameScene

from .animate import Animation
from .art import Art
from .controls import Controls
from .draw import Drawing
from .final import Final
from .guide import LessonParts
from .layout import Layout
from .log import EventLog
from .model import ChickenSprite, Table, TileSprite
from .panels import Panels
from .preview import Preview
from .seats import Seats

# What the table shows in each phase of the rules (CluckState.phase).
_STAGES = {"chickens": "setup", PLACE: "place", "over": "over"}


class CluckScene(
    Final,
    Layout,
    Animation,
    EventLog,
    Controls,
    Art,
    Drawing,
    Preview,
    Panels,
    Seats,
    LessonParts,
    GameScene,
):
    def __init__(self, app, table):
        # the types of the attributes the mixins share are declared in host.py
        super().__init__(app, table)
        self._skipping = False
        self._needs_sync = False
        self._tiles_cache = {}
        self._preview_key = None
        self._preview = {}
        self.sel_tile = None
        self.turned = {}
        self.spin = 1.0  # 0..1 while a hand tile turns over
        self.hole_cursor = None
        self.hover = None  # a hand tile's index, or "slot"
        self.scroll = 0.0
        self.scroll_goal = 0.0
        self.row_h = 0.0
        self.play_buttons = []
        self._ladder_seen = None
        self._ladder_still = False
        if self.session.actions:
            self.sync_from_state()
        else:
            # A new game: its setup happened in new_game; play it for everybody to see.
            self.table = self._blank_table()
            self.queue_events(self.state.opening)

    # == the display model ==================================================================
    def _blank_table(self) -> Table:
        s = self.state
        n = s.players
        return Table(
            start=TileSprite("start", s.tiles.start.id),
            goal=TileSprite("goal", ghost=True),
            roads=[],
            hidden=None,
            stage="setup",
            chickens=[None] * n,
            carried=[0] * n,
            stands=[0] * n,
            supply=s.supply,
            pile=len(s.tiles.road_ids),
            nest_stack=[],
            hand_sizes=[0] * n,
            hand=[],
            round=s.round,
            start_player=None,
            turn=None,
        )

    def sync_from_state(self) -> None:
        s = self.state
        roads = [
            TileSprite(
                "road",
                r.tile,
                r.turned,
                s.tiles.band(r.tile, r.turned),
                r.player,
                r.chick,
                row=i + 1,
            )
            for i, r in enumerate(s.ladder)
        ]
        goal_id = s.goal_tile or (s.nest_stack[0] if s.nest_stack else None)
        table = Table(
            start=TileSprite("start", s.start_tile),
            goal=TileSprite("goal", goal_id, ghost=s.goal_tile is None),
            roads=roads,
            hidden=TileSprite("hidden") if s.hidden is not None else None,
            stage=_STAGES.get(s.phase, "setup"),
            chickens=[],
            carried=[0] * s.players,
            stands=list(s.stands),
            supply=s.supply,
            pile=len(s.pile),
            nest_stack=list(s.nest_stack),
            hand_sizes=[len(h) for h in s.hands],
            hand=sorted(s.hands[self.private_player]) if self.private_player is not None else [],
            round=s.round,
            start_player=s.start_player,
            turn=s.to_act()[0] if s.to_act() else None,
        )
        self.table = table
        slot, hidden, goal = self._rows()
        table.slot_row = slot if slot is not None else goal
        if table.hidden is not None and hidden is not None:  # both there or both not
            table.hidden.row = hidden
        table.goal.row = goal
        if self.row_h:  # laid out: rows sized as they belong
            self.row_h = self._target_row_h()
        chicken_y = goal * ROW_HEIGHT + 2 if s.goal_tile is not None else 2
        table.chickens = [None if c is None else ChickenSprite(c, chicken_y) for c in s.chickens]
        self._needs_sync = False
        if self.sel_tile not in table.hand:
            self.sel_tile = table.hand[0] if table.hand else None

    def _rows(self) -> tuple[int | None, int | None, int]:
        """Where the gap for the next tile, the hidden tile and the goal tile belong."""
        m = self.table
        row = len(m.roads) + 1
        slot = hidden = None
        if m.stage == "place":
            slot, row = row, row + 1
        if m.hidden is not None:
            hidden, row = row, row + 1
        return slot, hidden, row

    def on_private_shown(self, player: int) -> None:
        self.table.hand = sorted(self.state.hands[player])
        self.sel_tile = self.table.hand[0] if self.table.hand else None
        self.hole_cursor = None

    # == per frame ==========================================================================
    def update(self, dt: float) -> None:
        super().update(dt)
        if self._needs_sync and not self.busy_animating():
            self.sync_from_state()
        self._settle(dt)

    # == playing events =====================================================================
    def _sound(self, name: str) -> None:
        if not self._skipping:
            self.app.sound.play(name)

    def skip_animation(self) -> None:
        self._skipping = True
        try:
            super().skip_animation()
        finally:
            self._skipping = False
