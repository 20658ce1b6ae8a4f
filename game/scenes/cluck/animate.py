"""The rules' events played on the Cluck-peep! table: one handler per class of event
(``Animator.animations``) queues tweens on the scene's timeline that move the display
model (model.py): tiles slide in and flip, chicks fly between the supply, the ladder and
the stands, chickens walk the ``path`` their ``chicken_moved`` event carries."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any

from game.rules.cluck import MAX_ROUNDS
from game.rules.cluck.events import (
    ChickenMoved,
    ChickenPlaced,
    ChickPlaced,
    CleanedUp,
    GameOver,
    HiddenTileLaid,
    HiddenTileRevealed,
    NestOutcome,
    NestTilePlaced,
    NoChick,
    RoundStarted,
    StartPlayerChosen,
    TileDrawn,
    TileDrawnPrivate,
    TilePlaced,
    TilesShuffled,
)
from game.rules.cluck.ladder import ROW_HEIGHT, hole_point
from game.rules.protocol import Event
from game.scenes.table.contract import TableHost
from game.ui.tween import Tween, along, ease_in_out, ease_out_back, lerp

from .model import ChickenSprite, CluckModel, Flyer, TileSprite, sound


def _linear(t: float) -> float:
    return t


def _fraction_at(points, target) -> float:
    """How far along the polyline ``points`` the point ``target`` lies (0..1)."""
    lengths = [math.dist(points[i], points[i + 1]) for i in range(len(points) - 1)]
    total = sum(lengths) or 1.0
    done = 0.0
    for (a, b), seg in zip(itertools.pairwise(points), lengths):
        if seg and abs(math.dist(a, target) + math.dist(target, b) - seg) < 1e-6:
            return (done + math.dist(a, target)) / total
        done += seg
    return 1.0


class Animator:
    """One handler per class of event (``animations``), each queuing tweens on the
    host's timeline."""

    def __init__(self, model: CluckModel, host: TableHost) -> None:
        self.model = model
        self.host = host
        self.animations: dict[type[Event], Callable[[Any], None]] = {
            StartPlayerChosen: self._start_player,
            TilesShuffled: self._tiles_shuffled,
            HiddenTileLaid: self._hidden_tile_laid,
            TileDrawn: self._tile_drawn,
            TileDrawnPrivate: self._tile_drawn_private,
            ChickenPlaced: self._chicken_placed,
            RoundStarted: self._round_started,
            TilePlaced: self._tile_placed,
            ChickPlaced: self._chick_placed,
            NoChick: self._no_chick,
            HiddenTileRevealed: self._hidden_tile_revealed,
            NestTilePlaced: self._nest_tile_placed,
            ChickenMoved: self._chicken_moved,
            NestOutcome: self._nest_outcome,
            CleanedUp: self._clean_up,
            GameOver: self._game_over,
        }

    def _sound(self, name: str) -> None:
        sound(self.host, name)

    def _tween(
        self, duration: float, update=None, start=None, done=None, ease=ease_in_out
    ) -> Tween:
        """A tween whose ``start`` runs when its group begins (not when it is queued)."""
        return Tween(max(0.0, duration), update, done, ease, on_start=start)

    def _then(self, *args, **kwargs) -> None:
        self.host.player.timeline.then(self._tween(*args, **kwargs))

    def _fly(
        self,
        sprite: str,
        pairs: list[tuple[tuple, tuple]],
        duration: float,
        arrive=None,
        start=None,
        done=None,
        arc: float = 0.3,
        together: bool = False,
    ) -> None:
        """Several things fly one shortly after another; ``arrive(i)`` as each lands."""
        n = len(pairs)
        stagger = min(0.12, 0.45 / max(1, n - 1)) if n > 1 else 0.0
        flyers: list[Flyer] = []
        landed: set[int] = set()

        def begin():
            if start:
                start()
            for src, dst in pairs:
                flyers.append(Flyer(sprite, src, dst, arc=arc))
            self.model.table.flyers.extend(flyers)

        def update(t):
            for i, f in enumerate(flyers):
                span = 1.0 - stagger * (n - 1)
                f.t = max(0.0, min(1.0, (t - i * stagger) / span))
                if f.t >= 1.0 and i not in landed:
                    landed.add(i)
                    if f in self.model.table.flyers:
                        self.model.table.flyers.remove(f)
                    if arrive:
                        arrive(i)

        tween = self._tween(duration + stagger * max(0, n - 1), update, begin, done, _linear)
        if together:
            self.host.player.timeline.also(tween)
        else:
            self.host.player.timeline.then(tween)

    def _road(self, row: int) -> TileSprite | None:
        roads = self.model.table.roads
        return roads[row - 1] if 0 < row <= len(roads) else None

    def _start_player(self, e: StartPlayerChosen) -> None:
        m = self.model.table

        def start():
            m.start_player = e.player
            self._sound("click")

        self._then(0.25, start=start)

    def _tiles_shuffled(self, e: TilesShuffled) -> None:
        m = self.model.table

        def start():
            m.nest_stack = list(e.nest_stack)
            m.pile = e.pile_size
            m.start.tile = e.start_tile
            m.goal = TileSprite(
                "goal",
                m.nest_stack[0] if m.nest_stack else None,
                ghost=True,
                row=m.goal.row,
                alpha=0,
            )
            self._sound("slide")

        def update(t):
            m.goal.alpha = 255 * t

        self._then(0.4, update, start)

    def _hidden_tile_laid(self, e: HiddenTileLaid) -> None:
        m = self.model.table

        def start():
            m.pile = e.pile_size
            m.hidden = TileSprite("hidden", dx=5.0, alpha=0)
            m.hidden.row = self.model.rows()[1]
            self._sound("slide")

        def update(t):
            m.hidden.dx = 5.0 * (1 - t)
            m.hidden.alpha = 255 * min(1.0, t * 2)

        self._then(0.45, update, start)

    def _tile_drawn(self, e: TileDrawn) -> None:
        m = self.model.table
        p = e.player
        assert p is not None  # who drew it

        def start():
            m.pile = e.pile_size
            m.turn = p

        def arrive(_):
            m.hand_sizes[p] = e.hand_size

        self._fly(
            "back", [(("pile",), ("hand", p, m.hand_sizes[p]))], 0.35, arrive, start, arc=0.15
        )

    def _tile_drawn_private(self, e: TileDrawnPrivate) -> None:
        if not e.seen_by(self.host.private_player) or e.player != self.host.private_player:
            return
        m = self.model.table

        def start():
            m.hand = list(e.hand)
            if self.model.sel_tile not in m.hand:
                self.model.sel_tile = m.hand[0]

        self._then(0.15, start=start)

    def _chicken_placed(self, e: ChickenPlaced) -> None:
        m = self.model.table
        p, column = e.player, e.column

        def start():
            m.turn = p

        def arrive(_):
            m.chickens[p] = ChickenSprite(column, e.point[1])
            self._sound("pop")

        self._fly(
            f"chicken:{p}",
            [(("card", p), ("ladder", column, e.point[1]))],
            0.55,
            arrive,
            start,
            arc=0.35,
        )

    def _round_started(self, e: RoundStarted) -> None:
        m = self.model.table

        def start():
            m.round = e.round
            m.start_player = e.start_player
            m.stage = "place"
            m.banner = self.host.t.round(m.round, MAX_ROUNDS)

        def update(t):
            m.banner_alpha = 255 * min(1.0, t * 5, (1 - t) * 4)

        def done():
            m.banner = ""

        self._then(1.0, update, start, done, _linear)

    def _tile_placed(self, e: TilePlaced) -> None:
        m = self.model.table
        p = e.player
        assert p is not None  # who laid it
        turned = e.orientation == "turned"
        band = self.host.state.tiles.band(e.tile, turned)
        side = 5.0 if p == self.host.private_player else -5.0  # from the hand, or from the card
        sprite = TileSprite("road", e.tile, turned, band, p, row=e.row, dx=side, alpha=0)

        def start():
            m.turn = p
            if p == self.host.private_player and e.tile in m.hand:
                m.hand.remove(e.tile)
            m.hand_sizes[p] = max(0, m.hand_sizes[p] - 1)
            sprite.row = m.slot_row
            m.roads.append(sprite)
            self._sound("slide")

        def update(t):
            sprite.dx = side * (1 - t)
            sprite.alpha = 255 * min(1.0, 0.3 + t)

        def done():
            self._sound("click")

        self._then(0.45, update, start, done)

    def _chick_placed(self, e: ChickPlaced) -> None:
        m = self.model.table
        c, y = e.point
        tile = self._road(e.row)

        def start():
            m.supply = e.supply

        def arrive(_):
            if tile is not None:
                tile.chick = True
                tile.chick_scale = 0.0
            self._sound("pop")

        self._fly("chick", [(("supply",), ("ladder", c, y))], 0.45, arrive, start)

        def pop(t):
            if tile is not None:
                tile.chick_scale = t

        self._then(0.25, pop, ease=ease_out_back)

    def _no_chick(self, e: NoChick) -> None:
        m = self.model.table
        mark = (e.point, "×", 0.0)

        def start():
            m.marks.append(mark)

        def done():
            if mark in m.marks:
                m.marks.remove(mark)

        self._then(0.5, start=start, done=done)

    def _hidden_tile_revealed(self, e: HiddenTileRevealed) -> None:
        m = self.model.table
        turned = e.orientation == "turned"
        band = self.host.state.tiles.band(e.tile, turned)
        sprite = m.hidden or TileSprite("hidden")
        turned_up: list[TileSprite] = []

        def start():
            m.stage = "end"
            m.hidden = sprite
            self._sound("slide")

        def update(t):
            if t < 0.5:
                sprite.squash = 1 - 2 * t
            else:
                if not turned_up:
                    turned_up.append(True)
                    sprite.kind, sprite.tile, sprite.turned, sprite.band = (
                        "road",
                        e.tile,
                        turned,
                        band,
                    )
                    m.hidden = None
                    m.roads.append(sprite)
                sprite.squash = 2 * t - 1

        self._then(0.6, update, start)

    def _nest_tile_placed(self, e: NestTilePlaced) -> None:
        m = self.model.table

        def start():
            if m.nest_stack and m.nest_stack[0] == e.tile:
                m.nest_stack.pop(0)
            m.goal.tile, m.goal.ghost, m.goal.dx, m.goal.alpha = e.tile, False, 5.0, 0
            self._sound("slide")

        def update(t):
            m.goal.dx = 5.0 * (1 - t)
            m.goal.alpha = 255 * min(1.0, 0.3 + t)

        def done():
            self._sound("click")

        self._then(0.5, update, start, done)

    def _chicken_moved(self, e: ChickenMoved) -> None:
        m = self.model.table
        p = e.player
        assert p is not None  # whose chicken
        path = list(e.path)
        length = sum(math.dist(a, b) for a, b in itertools.pairwise(path))
        pickups = sorted((_fraction_at(path, point), row) for row, _tile, point in e.collected)
        taken: set[int] = set()
        last = [path[0]]

        def start():
            m.walker = p
            m.turn = p
            self._sound("click")

        def update(t):
            chicken = m.chickens[p]
            if chicken is None:
                return
            x, y = along(path, t)
            if abs(x - last[0][0]) > 1e-6:
                chicken.facing = 1 if x > last[0][0] else -1
            last[0] = (x, y)
            chicken.column, chicken.y = x, y
            chicken.hop = 0.08 * abs(math.sin(t * length * math.pi / 1.6)) if t < 1 else 0.0
            for frac, row in pickups:
                if t >= frac and row not in taken:
                    taken.add(row)
                    tile = self._road(row)
                    if tile is not None:
                        tile.chick = False
                    m.carried[p] += 1
                    self._sound("chirp")

        def done():
            m.walker = None
            if m.chickens[p] is not None:
                m.chickens[p].facing = 1

        self._then(0.4 + 0.05 * length, update, start, done, _linear)

    def _nest_outcome(self, e: NestOutcome) -> None:
        m = self.model.table
        p = e.player
        assert p is not None  # whose chicken
        chicken = m.chickens[p]
        if e.nest:

            def hop(t):
                if chicken is not None:
                    chicken.hop = 0.35 * abs(math.sin(t * 2 * math.pi))

            self._then(0.6, hop, start=lambda: self._sound("chirp"), ease=_linear)
            before = m.stands[p]

            def arrive(_):
                m.carried[p] = max(0, m.carried[p] - 1)
                m.stands[p] += 1
                self._sound("pop")

            pairs: list[tuple[tuple[Any, ...], tuple[Any, ...]]] = [
                (("chicken", p), ("stand", p, before + i)) for i in range(e.stood)
            ]
        else:

            def shake(t):
                if chicken is not None:
                    chicken.shake = 0.12 * math.sin(t * 6 * math.pi) * (1 - t)

            self._then(0.5, shake, ease=_linear)
            before = m.stands[p]
            pairs = [(("chicken", p), ("supply",)) for _ in range(e.returned)]
            pairs += [(("stand", p, before - 1 - i), ("supply",)) for i in range(e.lost)]
            returned = e.returned

            def arrive(i):
                if i < returned:
                    m.carried[p] = max(0, m.carried[p] - 1)
                else:
                    m.stands[p] = max(0, m.stands[p] - 1)
                m.supply += 1
                self._sound("pop")

        def done():
            m.carried[p] = 0
            m.stands[p] = e.stand
            m.supply = e.supply

        if pairs:
            self._fly("chick", pairs, 0.5, arrive, done=done)
        else:
            self._then(0.0, done=done)

    def _clean_up(self, e: CleanedUp) -> None:
        m = self.model.table
        pairs = [
            (("ladder", *hole_point(i + 1, t.band)), ("supply",))
            for i, t in enumerate(m.roads)
            if t.chick and t.band is not None
        ]

        lift_from = []

        def away():
            m.goal.pinned = True  # it stays with the chickens until it lifts
            lift_from.append(m.goal.row)
            m.leaving = list(m.roads) + [m.start]
            for t in m.roads:
                t.chick = False
            m.roads = []
            m.start = TileSprite("start", None)
            self._sound("slide")

        def slide(t):
            for tile in m.leaving:
                tile.dx = 7.0 * t
                tile.alpha = 255 * (1 - t)

        def gone():
            m.leaving = []
            m.supply = e.supply
            m.pile = e.pile_size

        def arrive(_):
            m.supply += 1

        self._then(0.5, slide, away, gone)
        if pairs:
            self._fly("chick", pairs, 0.4, arrive, together=True)

        def lift(t):
            row = lerp(lift_from[0], 0.0, t)
            m.goal.row = row
            for c in m.chickens:
                if c is not None:
                    c.y = row * ROW_HEIGHT + 2

        def settled():
            goal = m.goal
            goal.kind, goal.pinned, goal.ghost, goal.row = "start", False, False, 0.0
            m.start = goal
            m.nest_stack = list(e.nest_stack)
            m.goal = TileSprite(
                "goal",
                m.nest_stack[0] if m.nest_stack else None,
                ghost=True,
                row=self.model.rows()[2],
                alpha=255,
            )
            for p, column in enumerate(e.chickens):
                if column is not None:
                    m.chickens[p] = ChickenSprite(column, 2)

        self._then(0.7, lift, done=settled)

    def _game_over(self, e: GameOver) -> None:
        m = self.model.table
        winners = e.winners

        def hop(t):
            for p in winners:
                c = m.chickens[p]
                if c is not None:
                    c.hop = 0.4 * abs(math.sin(t * 3 * math.pi))

        self._then(0.9, hop, ease=_linear)
