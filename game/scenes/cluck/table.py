"""Cluck-peep! at the table: the ladder grows downward tile by tile, the chickens walk it.

The table keeps a *display model* (:class:`~.model.Table`): which tiles lie where, which
holes hold a chick, where each chicken stands, the counts on the panels. Events from the
rules move it with tweens (a tile slides in, a chick pops into its hole, a chicken walks
the ``path`` its ``chicken_moved`` event carries); once nothing is left to play it is
rebuilt from the state (``sync``), so a skip can never leave it wrong. The rules'
``preview`` draws where every chicken would go while a person holds a tile; nothing here
re-derives a rule.

Ladder coordinates are the rules' (``column``, ``y``): 4 units per tile row, row 0 the
start tile. While tiles are being placed the table shows, top to bottom: the start tile,
the road tiles laid, the gap for the next tile, the face-down hidden tile and, faintly,
the next nest tile (public, K-3) — the same rows the preview traces.

:class:`CluckTable` is what the shared table scene asks a game
(:class:`~game.scenes.table.contract.GameTable`), composed of plain objects around one
:class:`~.model.CluckModel` (issue #26): :class:`~.log.Texts` (the log, the tiles'
names), :class:`~.art.Art` (tile pictures, sprites), :class:`~.layout.Layout` (where
everything lies, zoom and scroll), :class:`~.controls.Controls` (a person's choices),
:class:`~.preview.Preview` (where the chickens would go), :class:`~.panels.Panels` (the
supply block, the hand), :class:`~.seats.Seats` (the header, the seat panels, the hint),
:class:`~.draw.Drawing` (the ladder, in layers), :class:`~.animate.Animator` (events as
tweens) and :class:`~.guide.Guide` (what a lesson points at). Each takes the model, the
scene as a :class:`~game.scenes.table.contract.TableHost` and the parts it uses.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules.cluck import PLACE
from game.rules.cluck.events import ChickenMoved, CleanedUp, TilePlaced
from game.rules.cluck.ladder import ROW_HEIGHT
from game.rules.protocol import Action, Event
from game.scenes.table.contract import FrameCut, Resync, TableDefaults, TableHost
from game.scenes.table.end_screen import Breakdown
from game.scenes.table.frame_plan import TablePlan
from game.scenes.table.news_marks import Mark, Point

from .animate import Animator
from .art import Art
from .controls import Controls
from .draw import Drawing
from .guide import Guide
from .layout import BAR_H, SIDE_W, Layout
from .log import Texts
from .model import ChickenSprite, CluckModel, Table, TileSprite
from .panels import Panels
from .preview import Preview
from .seats import Seats

# What the table shows in each phase of the rules (CluckState.phase).
_STAGES = {"chickens": "setup", PLACE: "place", "over": "over"}


class CluckTable(TableDefaults):
    """Cluck-peep! for the shared table scene (a GameTable)."""

    # one line of hint (its keys go first when it is long) and the rest of the bar for the
    # hand: tiles about 50 px high at 1024x600 (issue #27)
    cut = FrameCut(bar_h=BAR_H, hint_lines=1, seat_h=(96, 112))
    buttons_in_still = True  # the frame's buttons stand still with the felt and the ladder
    resync: Resync = "when_idle"  # events that come meanwhile play on from what is shown
    # the ladder fills the board from its hens to its nests: a lesson's callout that can
    # hide none of its chicks and chickens there lies beside it (issue #38)
    callout_beside = True

    def __init__(self, host: TableHost) -> None:
        self.host = host
        self.model = model = CluckModel(self._blank_table())
        self.texts = Texts(host)
        self.art = Art(model, host)
        self.geometry = layout = Layout(model, host, self.texts)
        self.controls = controls = Controls(model, host, layout)
        self.preview = Preview(model, host, layout, controls)
        self.panels = Panels(model, host, (layout, self.art, self.texts, controls))
        self.seats = Seats(model, host, (layout, self.art, controls))
        self.drawing = Drawing(
            model,
            host,
            (layout, self.art, self.texts, controls, self.preview, self.panels, self.seats),
        )
        self.guide = Guide(model, host, (layout, controls))
        self.animations = Animator(model, host).animations
        if host.session.actions:
            self.sync()
        else:
            # A new game: its setup happened in new_game; play it for everybody to see.
            host.player.queue(host.state.opening_events)

    def coach_place(self, w: int, h: int) -> pygame.Rect:
        """Where the Coach button (issue #40) stands: at the foot of the stock column,
        under the nest tiles' order (the bar's right is Turn over and Place while a tile
        is held, its left the hand, as long as the long road's)."""
        stock = self.model.stock_rect
        rect = pygame.Rect(0, 0, min(w, stock.w - self.host.px(8)), h)
        rect.midbottom = (stock.centerx, stock.bottom - self.host.px(6))
        return rect

    def celebrate(self, player: int) -> list[pygame.Rect]:
        """Seat ``player``'s chicken where it stands on the ladder (issue #38)."""
        rect = self.guide.chicken_rect(player)
        return [] if rect is None else [rect]

    def marks_in_still(self) -> bool:
        """A walking chicken goes over the trails (see Drawing.marks_in_still)."""
        return self.drawing.marks_in_still()

    def news_marks(self, event: Event) -> list[Mark] | None:
        """A chicken's way down the ladder, corner by corner, a ring where it stopped;
        the tile just laid on the road, ringed (issue #38). A round's clean-up lays the
        road anew: its marks go with it."""
        layout = self.geometry
        if isinstance(event, CleanedUp):
            return None
        if isinstance(event, ChickenMoved) and event.path:

            def at(point: tuple[int, int]) -> Callable[[], Point | None]:
                return lambda: layout.to_screen(point[0], point[1])

            def reach() -> float:  # around the chicken standing there
                return layout.chicken_size() * 0.62

            trail = [at(point) for point in event.path]
            return [Mark(event.player, f"chicken:{event.player}", trail, reach=reach)]
        if isinstance(event, TilePlaced):
            row = event.row
            return [Mark(event.player, f"tile:{row}", spot=lambda: layout.band_rect(row))]
        return []

    def plan(self, size: tuple[int, int]) -> TablePlan | None:
        """The frame as ``cut`` says, with a narrower side column (issue #27: the board
        first) that is a drawer (issue #38: the board takes the table; the seats' details
        and the log open over it)."""
        cut = self.cut
        return self.host.plan_frame(
            size,
            bar_h=cut.bar_h,
            hint_lines=cut.hint_lines,
            seat_h=cut.seat_h,
            side_w=SIDE_W,
            drawer=True,
        )

    def coach_show(self, action: Action) -> bool:
        """The coach's option on the board (issue #40): see Controls.coach_show."""
        return self.controls.coach_show(action)

    def drawn_extent(self) -> pygame.Rect:
        """The box around the ladder as it shows (its labels, the hens over START, the
        rows down to the goal, within the board) and the supply block (issue #38)."""
        return self.geometry.ladder_extent().union(self.model.stock_rect)

    def layout(self, plan: TablePlan) -> None:
        self.art.forget()
        self.drawing.forget()
        self.geometry.cut(plan)
        self.controls.lay_buttons()
        self.model.background = self.art.paint_background(self.host.size)

    def update(self, dt: float) -> None:
        self.geometry.settle(dt, lambda: self.controls.my_turn() == "place")
        self.drawing.paint_ahead()

    def before_frame(self) -> None:
        """Nothing to work out before a frame: the controls follow the state."""

    def plays_unseen(self, event: Event) -> bool:
        return False  # what the viewer sees, no more

    def log_empty(self) -> str | None:
        return self.host.t("cluck.log_empty")

    def describe(self, event: Event) -> str | None:
        return self.texts.describe(event)

    def breakdown(self) -> Breakdown:
        """The chicks on each stand, all the rules count (CP-10: most chicks wins, more
        than 5 count in full): no parts, one column."""
        players = self.host.session.players
        return Breakdown((), ((),) * players, self.host.t("cluck.col_chicks"), summed=False)

    # -- the display model -----------------------------------------------------------------
    def _blank_table(self) -> Table:
        s = self.host.state
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

    def sync(self) -> None:
        s = self.host.state
        model = self.model
        private = self.host.private_player
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
            hand=sorted(s.hands[private]) if private is not None else [],
            round=s.round,
            start_player=s.start_player,
            turn=s.to_act()[0] if s.to_act() else None,
        )
        model.table = table
        slot, hidden, goal = model.rows()
        table.slot_row = slot if slot is not None else goal
        if table.hidden is not None and hidden is not None:  # both there or both not
            table.hidden.row = hidden
        table.goal.row = goal
        if model.row_h:  # laid out: rows sized as they belong
            model.row_h = self.geometry.target_row_h()
        chicken_y = goal * ROW_HEIGHT + 2 if s.goal_tile is not None else 2
        table.chickens = [None if c is None else ChickenSprite(c, chicken_y) for c in s.chickens]
        if model.sel_tile not in table.hand:
            model.sel_tile = table.hand[0] if table.hand else None

    # -- for drivers and lessons -------------------------------------------------------------
    def targets(self) -> list[tuple[str, pygame.Rect]]:
        return self.controls.targets()

    def lesson_clicks(self, expect: str) -> list[str] | None:
        return self.controls.lesson_clicks(expect)

    def keep_clear(self) -> list[pygame.Rect]:
        return self.guide.keep_clear()

    def element(self, name: str) -> pygame.Rect | None:
        return self.guide.element(name)

    def subject(self, name: str, expect: str | None = None) -> list[pygame.Rect]:
        return self.guide.subject(name, expect)
