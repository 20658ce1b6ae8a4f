"""Duck! Duck! Go! at the table: the tub of hex tiles, six rubber ducks and the hound.

The table plays the rules' events as animations on a display model: ``duck_pos[duck]``
and ``hound_pos`` are ``(x, y, angle)`` in board units (geometry.py: a hex of size 1,
axial (0, 0) at the origin; the angle in degrees, 60 × heading), moved by tweens along
the hexes the ``step`` events name; the panels show :class:`model.Shown`. When no event
is left to play everything is rebuilt from the state (``sync``).

A person's decision (:class:`model.Decision`, read from the state's typed
``decision(player)`` and legal actions) becomes clickable targets: hand cards, route endings on the board, facing
arrows around a hex, empty life rings, hound patterns, action tokens, buttons; the arrow
keys walk the same targets and Enter takes one. While a card or a route is under the
pointer the rules' ``preview`` draws the exact path the duck would swim *from where it
stands now* (the hound's path from ``hound_walk``): hexes, bonk star, buoys touched, warp
points, the drain. Nothing here re-derives a rule.

Drawing is layered for speed: a static layer (table, board, panels, action bar, preview
and targets) is rebuilt only when something on it changes; per frame only the pieces,
effects, flying tokens, reveal and banner are drawn on it. Sprites turned to a heading
are cached per 5° (layout.py).

:class:`DuckTable` is what the shared table scene asks a game
(:class:`~game.scenes.table.contract.GameTable`), composed of plain objects around one
:class:`~.model.DuckModel` (issue #26): :class:`~.decisions.Decisions` (the person's
decision and steps), :class:`~.layout.Layout` (where things lie, turned sprites),
:class:`~.texts.Texts` (log lines, names, header, hint), :class:`~.targets.Targets`
(previews, targets, buttons, picks), :class:`~.lesson.Guide` (a lesson's names),
:class:`~.controls.Controls` (mouse and keys), :class:`~.panels.Panels` (the seat
panels, piles, hound board, action bar: the TableSeats), :class:`~.board.Board` (preview,
targets and marks on the board), :class:`~.draw.Drawing` (the two layers) and
:class:`~.animate.Animator` (events as tweens, over :class:`~.motion.Motion`). Each
takes the model, the scene as a :class:`~game.scenes.table.contract.TableHost` and the
parts it uses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.rules.duck.data import ALL_BUOYS, COLOURS
from game.rules.duck.events import (
    DuckPlaced,
    HoundMoveBegan,
    HoundPlaced,
    HoundStepped,
    HoundWarped,
    MoveBegan,
    Stepped,
    Warped,
)
from game.rules.duck.state import DuckState
from game.rules.protocol import Event
from game.scenes.table.contract import FrameCut, Resync, TableHost
from game.scenes.table.end_screen import Breakdown
from game.scenes.table.frame_plan import TablePlan
from game.scenes.table.news_marks import Mark, Point

from .animate import Animator
from .board import Board
from .controls import Controls
from .decisions import Decisions
from .draw import Drawing
from .geometry import heading_angle, unit
from .handtray import HandTray
from .layout import HINT_LINES, SEAT_H, TRAY_H, Layout
from .lesson import Guide
from .model import DuckModel, Shown
from .panels import Panels
from .targets import Targets
from .texts import Texts
from .tray import corner_rooms, hex_boxes

# the end screen's marks: a buoy colour touched by the player's best duck, or not
TOUCHED, UNTOUCHED = "✓", "·"


class DuckTable:
    """Duck! Duck! Go! for the shared table scene (a GameTable)."""

    cut = FrameCut(bar_h=TRAY_H, hint_lines=HINT_LINES, seat_h=SEAT_H)  # ``plan`` cuts it
    buttons_in_still = True  # the frame's buttons are kept on the still picture
    resync: Resync = "when_idle"  # once nothing is left to play after an event

    def __init__(self, host: TableHost[DuckState]) -> None:
        self.host = host
        state = host.state
        chars = Texts.duck_characters(host, state.per_player)
        self.model = model = DuckModel(
            per_player=state.per_player,
            duck_chars=chars,
            duck_sprites=[f"duck_{c}.svg" for c in chars],
            duck_rings=[state.owner(d) for d in range(state.ducks)],  # by seat: one ring
        )
        self.decisions = decisions = Decisions(model, host)
        self.tray = tray = HandTray(model, host, decisions)
        self.geometry = layout = Layout(model, host, tray)
        self.texts = texts = Texts(model, host, decisions)
        self.choosing = targets = Targets(model, host, decisions, layout, tray)
        self.guide = guide = Guide(model, host, decisions, targets)
        self.controls = Controls(model, host, decisions, targets, guide, tray)
        self.seats = self.panels = panels = Panels(model, host, decisions, texts, targets)
        self.board = board = Board(model, host, decisions, layout, texts, targets, panels)
        self.drawing = Drawing(model, host, decisions, layout, targets, panels, board)
        self.animator = Animator(model, host, layout, texts, panels)
        self.animations = self.animator.animations
        if host.session.actions:
            self.sync()
        else:
            # A new game: its deal and setup happened in new_game; play them for all to see.
            self._blank_table()
            host.player.queue(list(state.opening_events))

    def plan(self, size: tuple[int, int]) -> TablePlan | None:
        return self.geometry.plan(size)

    def layout(self, plan: TablePlan) -> None:
        self.geometry.cut(plan)

    def coach_place(self, w: int, h: int) -> pygame.Rect:
        """The Coach button in the hand tray (issue #40), clear of the cards."""
        return self.geometry.coach_place(w, h)

    def drawn_extent(self) -> pygame.Rect:
        """The box around the board's hexes (issue #38)."""
        return self.geometry.hexes_extent()

    def update(self, dt: float) -> None:
        self.animator.update(dt)

    def before_frame(self) -> None:
        """Before a frame: a lesson step's first picks (the decision follows the state as
        asked)."""
        self.guide.prepare()

    def plays_unseen(self, event: Event) -> bool:
        return False  # what the viewer sees, no more

    def log_empty(self) -> str | None:
        return None  # the frame's words

    def describe(self, event: Event) -> str | None:
        return self.texts.describe(event)

    def log_line(self, text: str) -> bool:
        return self.texts.log_line(text)

    def busy(self) -> bool:
        return self.animator.busy()

    def cut_short(self, land: bool) -> None:
        self.animator.cut_short(land)

    def focus(self, key: str) -> bool:
        return self.guide.focus(key)

    def element(self, name: str) -> pygame.Rect | None:
        return self.guide.lesson_game_element(name)

    def keep_clear(self) -> list[pygame.Rect]:
        return self.guide.lesson_keep_clear()

    def dropped_texts(self) -> list[str]:
        return []  # the board's words (hex names, bonk!/warp? tags) are always drawn

    def subject(self, name: str, expect: str | None = None) -> list[pygame.Rect]:
        return self.guide.lesson_subject(name)  # its arrows say where the action goes

    def marks_in_still(self) -> bool:
        return False  # the marks over what moves (the route preview, the hover)

    def clear_rooms(self) -> list[pygame.Rect]:
        """The tray's corner beside a long board when it holds no hex (tray.py's band):
        folded at the end, the result panel may take it (issue #38)."""
        place = self.model.tray_place
        if place is None or place.kind == "column":
            return []
        rooms = [room.copy() for room in place.rooms]
        if place.aside is not None:  # a split tray's rooms are cut to its parts: the
            # corners they lie in may hold more (the Spa's end in English: its buttons)
            px = self.host.px
            rooms += corner_rooms(self.model.geo, self.model.board_rect, px(8), px(60))
        return rooms

    def open_tray(self) -> list[pygame.Rect] | None:
        """The open hand tray's rooms on the felt (one, two when it is split; None:
        folded, or no tray on the felt): what the layout audit holds clear of
        :meth:`board_cells` (issue #38)."""
        place = self.model.tray_place
        if place is None or not self.tray.is_open():
            return None
        return [room.copy() for room in place.rooms]

    def board_cells(self) -> list[pygame.Rect]:
        """Each hex's box as drawn (the pieces on it stand inside it or its reach)."""
        return hex_boxes(self.model.geo, 0.0)

    def celebrate(self, player: int) -> list[pygame.Rect]:
        """Seat ``player``'s ducks where they swim (the winner's on the drain it went
        down), each the box of a hex around it (issue #38)."""
        geo, out = self.model.geo, []
        for d in self.host.state.ducks_of(player):
            pos = self.model.duck_pos.get(d)
            if pos is None:
                continue
            x, y = geo.px(pos[0], pos[1])
            side = round(geo.size * 1.7)
            out.append(pygame.Rect(round(x - side / 2), round(y - side / 2), side, side))
        return out

    def news_marks(self, event: Event) -> list[Mark]:
        """A duck's way hex by hex (its start, each step, a warp's far ring), a ring
        around the hex it stopped on; a duck placed at the start, ringed; the hound's way
        the same, its controller's (the advanced game, issue #38)."""

        def at(hex_: tuple[int, int]) -> Callable[[], Point | None]:
            return lambda: self.model.geo.hex_px(*hex_)

        def reach() -> float:  # around the duck standing on its hex
            return self.model.geo.size * 0.92

        match event:
            case MoveBegan() | Stepped() | DuckPlaced():
                trail = [at(event.hex)]
            case Warped():
                trail = [at(event.to)]
            case HoundPlaced() | HoundMoveBegan() | HoundStepped():
                return [Mark(event.player, "hound", [at(event.hex)], reach=reach)]
            case HoundWarped():
                return [Mark(event.player, "hound", [at(event.to)], reach=reach)]
            case _:
                return []
        return [Mark(event.player, f"duck:{event.duck}", trail, reach=reach)]

    def lesson_clicks(self, expect: str) -> list[str] | None:
        return None  # the one control whose action it is (the guide made the picks)

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        return []  # the decision's targets are in ``probe_points``, by their centres

    def coach_show(self, action: Any) -> bool:
        """The coach's option on the board (issue #40): the arrow keys' focus put on the
        card, start, route or facing ``action`` names, so the board previews it as after
        a key press (the card's route for a card); False when this step has no target
        for it."""
        d = self.decisions.decision()
        if d is None:
            return False
        wanted = _coach_target(action)
        if wanted is None:
            return False
        items = self.choosing.cycle(d)
        for index, target in enumerate(items):
            if (target.kind, target.value) == wanted:
                self.model.focus = index
                self.model.keyboard = True
                return True
        return False

    def coach_shown(self) -> list[pygame.Rect]:
        """Where the option :meth:`coach_show` put the focus on lies (a start's hex, a
        card, a route's end, a facing): the coach's panel keeps clear of it (POLISH3:
        at 1024x600 the panel hid the start it named). [] when nothing is focused."""
        d = self.decisions.decision()
        if d is None or not self.model.keyboard:
            return []
        target = self.choosing.focused_target(d)
        if target is None:
            return []
        if target.rect is not None:
            return [target.rect.copy()]
        r = max(1, round(target.radius))
        x, y = target.center
        return [pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r)]

    def best_duck(self, player: int) -> int:
        """The duck that speaks for ``player``: the one in the drain, else the first of
        those with the most buoys."""
        s = self.host.state
        ducks = list(s.ducks_of(player))
        return max(ducks, key=lambda d: (s.buoys[d] == ALL_BUOYS, s.buoys[d].bit_count()))

    def breakdown(self) -> Breakdown:
        buoys = self.host.state.buoys
        rows = []
        for p in range(self.host.session.players):
            mask = buoys[self.best_duck(p)]
            rows.append(
                tuple(TOUCHED if mask & (1 << c) else UNTOUCHED for c in range(len(COLOURS)))
            )
        return Breakdown(
            tuple(self.host.t(f"duck.col_buoy_{c}") for c in COLOURS),
            tuple(rows),
            self.host.t("duck.col_result"),
            summed=False,
        )

    def _blank_table(self) -> None:
        """A new game: nothing dealt or placed yet (its opening events play it)."""
        s = self.host.state
        n, ducks = s.players, s.ducks
        self.model.shown = Shown(
            round=s.round,
            buoys=[0] * ducks,
            hands=[0] * n,
            tokens=[0] * n,
            blue=list(s.blue) if s.advanced else [0] * n,
            cards=[None] * ducks,
            done=[False] * ducks,
            ghost=[False] * ducks,
            become=[False] * ducks,
            deck=54,
            pool=len(s.pool) + sum(len(t) for t in s.tokens),
        )
        self.model.duck_pos.clear()
        self.model.hound_pos = None

    def sync(self) -> None:
        s = self.host.state
        coords = s.board.coords
        for d in range(s.ducks):
            h = s.pos[d]
            if h >= 0:
                x, y = unit(*coords[h])
                self.model.duck_pos[d] = (x, y, heading_angle(s.head[d]))
                self.model.floating.discard(d)
                self.model.duck_lift.pop(d, None)
            elif d in s.knocks and s.phase != "over":
                self.model.floating.add(d)
                self.model.duck_lift[d] = 1.0
                if d not in self.model.duck_pos:
                    # resumed with the duck in the air: where it was hit is not kept in
                    # the state, so it hovers over the middle of the tub until placed
                    points = [unit(*coords[h]) for h in range(len(coords))]
                    self.model.duck_pos[d] = (
                        sum(x for x, _ in points) / len(points),
                        sum(y for _, y in points) / len(points),
                        0.0,
                    )
            else:
                self.model.duck_pos.pop(d, None)
                self.model.floating.discard(d)
            self.model.duck_scale.pop(d, None)
        if s.hound_pos >= 0:
            x, y = unit(*coords[s.hound_pos])
            self.model.hound_pos = (x, y, heading_angle(s.hound_head))
        else:
            self.model.hound_pos = None
        self.model.hound_scale, self.model.hound_lift = 1.0, 0.0
        sh = self.model.shown
        sh.round = s.round
        sh.buoys = list(s.buoys)
        sh.hands = [len(h) for h in s.hands]
        sh.tokens = [len(t) for t in s.tokens]
        sh.blue = list(s.blue)
        sh.ghost, sh.become = list(s.ghost), list(s.become)
        sh.controller = s.controller
        sh.deck, sh.pool = len(s.deck), len(s.pool)
        sh.winner = s.winner
        sh.cards, sh.done = self._table_cards()
        sh.mover = s.order[s.turn] if s.phase == "move" and s.turn < len(s.order) else None
        sh.hound_moving = s.phase == "hound"
        if s.phase != "hound":
            sh.patterns = ""
        p = self.host.private_player
        sh.hand = sorted(s.hands[p]) if p is not None else []
        sh.my_tokens = sorted(s.tokens[p]) if p is not None else []
        self.model.touch()

    def _table_cards(self) -> tuple[list, list]:
        """What lies in front of each duck: a face-down choice, the revealed card (dim
        once its move is over), or the order card during setup."""
        s = self.host.state
        cards: list = [None] * s.ducks
        done = [False] * s.ducks
        if s.phase in ("order", "choose"):
            for p in range(s.players):
                for i, _ in enumerate(s.secret[p]):
                    cards[p * self.model.per_player + i] = 0
        elif s.phase == "place":
            for p in range(s.players):
                if s.played[p]:
                    cards[p * self.model.per_player] = s.played[p][0]
        else:
            moved = set(s.order[: s.turn]) if s.phase == "move" else set(range(s.ducks))
            for p in range(s.players):
                for i, card in enumerate(s.played[p]):
                    d = p * self.model.per_player + i
                    cards[d] = card
                    done[d] = d in moved
        return cards, done

    def probe_points(self) -> dict[str, list[int]]:
        """For end-to-end drivers: the action-bar buttons and every target of the
        decision, by a stable name ("card:23", "route:23/1", "face:2", "start:3,4",
        "pattern:A", "token:blue", "duck:1", "table:23"), over the frame's."""
        out: dict[str, list[int]] = {}
        for target in self.choosing.targets():
            match target.kind, target.value:
                case "route", (card, index):
                    name = f"{card}/{index + 1}"
                case "start", (q, r):
                    name = f"{q},{r}"
                case _, value:
                    name = f"{value}"
            x, y = target.center
            out[f"{target.kind}:{name}"] = [int(x), int(y)]
        for b in self.model.action_buttons:
            if b.enabled:
                out[b.key] = [b.rect.centerx, b.rect.centery]
        return out


def _coach_target(action: Any) -> tuple[str, Any] | None:
    """The board target (kind, value) that stands for a move (the coach's, issue #40)."""
    from game.rules.duck import actions as A  # the move's kinds, when the coach asks

    if isinstance(action, A.ChooseCard):
        return ("card", action.card)
    if isinstance(action, A.ChooseCards):
        return ("card", action.first)
    if isinstance(action, A.Place):
        return ("start", (action.q, action.r))
    if isinstance(action, A.Route):
        return ("route", (action.card, action.index))
    if isinstance(action, A.Face):
        return ("face", action.facing)
    return None
