"""Eight Routes at the table: the box lid with its 8 sorting squares and the d8 that are
rolled into it, the board of 8 routes x 20 spaces with stacked markers, the players'
totals and round chips, and the controls of a pick-up phase (A/B on the lid, C, D, the
route-6 chip power, End) with a preview of every option (ghost markers and the points
each route would give then, from ``state.preview``).

The scene draws a display model (``_Table``) that only the events change, animated by
tweens; when nothing is queued it is put back in line with the state
(``sync_from_state``), so skipping an animation can never leave a piece astray.
Clause ids (ER-n) refer to ``docs/rules/routes.md``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.rules.protocol import Action, Event
from game.rules.routes import (
    ChangeDie,
    DeclineChip,
    EndPhase,
    PushMarker,
    TakeAll,
    TakeOne,
    TurnChip,
)
from game.scenes.game_base import GameScene
from game.ui import choices, fonts, sprites, theme
from game.ui.tween import Tween, ease_in_out, ease_out_back, lerp
from game.ui.widgets import draw_panel, draw_text

ROUTES = 8
SPACES = 20
Point = tuple[float, float]

# One colour per route (and per die face: a face N die belongs to route N).
ROUTE_COLOURS = (
    (226, 176, 52),
    (231, 111, 81),
    (42, 157, 143),
    (69, 123, 200),
    (140, 98, 196),
    (214, 96, 150),
    (96, 160, 72),
    (96, 108, 128),
)
# The routes with something besides scoring (ER-12 C/D, ER-13, ER-34).
SPECIAL = {3: "label_c", 4: "label_d6", 5: "label_d", 6: "label_chip"}
FELT = (47, 106, 88)
FELT_LIGHT = (64, 128, 108)
FELT_EDGE = (34, 82, 66)

# Seconds (at speed 1) for the main animations.
TUMBLE = 0.9
SORT = 0.5
HOP_BASE, HOP_PER_SPACE, HOP_MAX = 0.25, 0.05, 0.8


@dataclass(eq=False)
class Choice(choices.Choice):
    """A button (or an area of the table: a route) standing for one legal action,
    or for a step towards one (``mode``). The preview follows it on hover or focus."""

    spot: bool = False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        if not self.spot:
            super().draw(surface, focused)
            return
        r = self.rect
        radius = max(4, r.height // 6)
        if focused or self.hovered:
            glow = pygame.Surface(r.size, pygame.SRCALPHA)
            glow.fill((255, 214, 120, 70))
            surface.blit(glow, r.topleft)
        colour = (
            theme.BUTTON_FOCUS if focused else (theme.ACCENT_DARK if self.hovered else theme.ACCENT)
        )
        pygame.draw.rect(
            surface, colour, r, width=4 if focused or self.hovered else 2, border_radius=radius
        )


@dataclass(eq=False)
class LooseDie:
    """A die on its way somewhere (tumbling into the lid, sliding to its square, into a
    player's hand): drawn between two anchors that follow the layout."""

    face: int
    src: Callable[[], Point]
    dst: Callable[[], Point]
    size0: float
    size1: float
    t: float = 0.0
    hop: float = 0.0  # arc height, design pixels
    spin: float = 0.0  # degrees turned over the flight
    angle: float = 0.0  # resting angle
    bounces: int = 0  # a tumbling roll bounces on the felt
    tumble_from: int = 0  # shows changing faces while tumbling (its seed), 0 = never
    fade: bool = False
    switch_to: int = 0  # a die changed by C shows its new face from halfway

    def shown_face(self) -> int:
        if self.switch_to and self.t >= 0.5:
            return self.switch_to
        if self.tumble_from and self.t < 0.85:
            return (self.tumble_from + int(self.t * 14)) % 8 + 1
        return self.face


@dataclass
class _Table:
    """What is drawn: the display model, changed by events (and by sync_from_state)."""

    round: int = 0
    rounds: int = 0
    parent: int | None = None
    current: int | None = None
    lid: list[int] = field(default_factory=lambda: [0] * 8)
    held: list[int] = field(default_factory=list)
    # the face of the dice each player took this round (one pick-up a round: one face);
    # None when not known (a game resumed mid-round)
    held_face: list[int | None] = field(default_factory=list)
    chips: list[list[list[int]]] = field(default_factory=list)  # per player [round, up]
    # (route, player) -> [space, stack, lift]: a marker at rest (lift: stack levels it
    # still has to drop after a marker below it left)
    spots: dict[tuple[int, int], list[float]] = field(default_factory=dict)
    flights: dict[tuple[int, int], list[float]] = field(default_factory=dict)
    loose: list[LooseDie] = field(default_factory=list)
    d6: list | None = None  # [face, t (tumble 0..1), alpha 0..1]
    banner: list | None = None  # [title, subtitle, alpha]
    flip: tuple | None = None  # (player, chip round, t): a chip turning face down
    shake: tuple | None = None  # (route, player, t): a marker on the goal that stays
    flying_chip: tuple | None = None  # (chip round, position): a new round chip
    pops: list = field(default_factory=list)  # [(route, player, text, t)]
    scoring_route: int | None = None
    final: dict[int, list[int]] = field(default_factory=dict)  # route -> points
    totals: list[int] | None = None
    winners: list[int] | None = None


class RoutesScene(choices.ChoiceControls[Choice], GameScene):
    log_lines = 8
    steps_draw_attention = False  # C, D and Back have nothing to preview
    rebuild_before_input = False

    def __init__(self, app, session):
        super().__init__(app, session)
        n = session.players
        self.table = _Table(held=[0] * n, held_face=[None] * n, chips=[[] for _ in range(n)])
        self.mode = "main"  # "main", "C" (pick a die) or "D" (pick a route)
        # the points per route shown "now": the state's as of the last resync (the state
        # itself runs ahead of the animation while events play)
        self._scores_shown: dict = self.state.route_scores()
        self._images: dict = {}
        self._static: pygame.Surface | None = None
        if session.actions:
            self.sync_from_state()
        else:
            # The first round was rolled inside new_game: play it when the scene starts.
            self.queue_events(list(self.state.opening_events))

    # == geometry ================================================================
    def layout(self, size):
        super().layout(size)
        w, h = size
        m, gap = self.px(12), self.px(8)
        top = self.px(56)
        right_w = min(self.px(420), int(w * 0.4))
        bottom_h = self.px(176)
        right_x = w - m - right_w
        self.board = pygame.Rect(m, top, right_x - gap - m, h - top - bottom_h - gap - m)
        self.log_rect = pygame.Rect(
            m, self.board.bottom + gap, self.board.w, h - self.board.bottom - gap - m
        )
        self.header = pygame.Rect(m, self.px(6), w - m - self.px(130) - m, self.px(44))
        self.lid_rect = pygame.Rect(right_x, top, right_w, self.px(232))
        self.players_rect = pygame.Rect(
            right_x,
            self.lid_rect.bottom + gap,
            right_w,
            self.board.bottom - self.lid_rect.bottom - gap,
        )
        self.action_rect = pygame.Rect(right_x, self.log_rect.y, right_w, self.log_rect.h)
        self.final_rect = pygame.Rect(right_x, top, right_w, self.board.bottom - top)
        # the board: a label column, 20 spaces, the per-route score column
        pad = self.px(6)
        inner = self.board.inflate(-2 * pad, -2 * pad)
        self.board_head = self.px(34)
        self.label_w = self.px(166)
        self.score_w = self.px(128)
        self.score_x = inner.right - self.score_w
        self.cells_x = inner.x + self.label_w
        self.cell_w = (self.score_x - self.px(8) - self.cells_x) / SPACES
        self.row_h = (inner.h - self.board_head) / ROUTES
        self.lanes = [
            pygame.Rect(
                inner.x,
                int(inner.y + self.board_head + r * self.row_h),
                self.score_x - self.px(4) - inner.x,
                int(self.row_h) - self.px(3),
            )
            for r in range(ROUTES)
        ]
        self.marker_w = min(self.cell_w * 0.92, self.px(24))
        self.marker_h = self.marker_w * 0.65
        self.stack_dy = min(self.marker_h * 0.5, (self.row_h - self.marker_h - self.px(16)) / 4)
        # the lid: 8 sorting squares, 4 x 2
        lid_in = pygame.Rect(
            self.lid_rect.x + self.px(16),
            self.lid_rect.y + self.px(18),
            self.lid_rect.w - self.px(32),
            self.lid_rect.h - self.px(32),
        )
        sq_w = (lid_in.w - 3 * gap) / 4
        sq_h = (lid_in.h - gap) / 2
        self.strip_h = self.px(24)
        self.squares, self.dice_areas, self.strips = [], [], []
        for i in range(8):
            sq = pygame.Rect(
                int(lid_in.x + (i % 4) * (sq_w + gap)),
                int(lid_in.y + (i // 4) * (sq_h + gap)),
                int(sq_w),
                int(sq_h),
            )
            self.squares.append(sq)
            self.dice_areas.append(
                pygame.Rect(
                    sq.x + self.px(24),
                    sq.y + self.px(4),
                    sq.w - self.px(28),
                    sq.h - self.strip_h - self.px(8),
                )
            )
            self.strips.append(
                pygame.Rect(
                    sq.x + self.px(3),
                    sq.bottom - self.strip_h - self.px(2),
                    sq.w - self.px(6),
                    self.strip_h,
                )
            )
        n = self.session.players
        self.player_row_h = min(self.px(46), self.players_rect.h // n)
        self._images.clear()
        self._static = None
        self._controls_key = None
        self._rebuild_controls()

    def player_row(self, player: int) -> pygame.Rect:
        return pygame.Rect(
            self.players_rect.x,
            self.players_rect.y + player * self.player_row_h,
            self.players_rect.w,
            self.player_row_h - self.px(4),
        )

    def chip_pos(self, player: int, index: int) -> Point:
        row = self.player_row(player)
        return (row.x + self.px(50) + index * self.px(20), row.bottom - self.px(10))

    def held_pos(self, player: int) -> Point:
        row = self.player_row(player)
        return (row.x + self.px(130), row.bottom - self.px(10))

    def cell_x(self, space: float) -> float:
        """Centre x of a space; space 0 is just before space 1 (off the route)."""
        return (
            self.cells_x + (space - 0.5) * self.cell_w
            if space
            else self.cells_x - self.cell_w * 0.55
        )

    def marker_pos(self, route: int, space: float, stack: float) -> Point:
        """Centre x and bottom y of a marker on route 1-8 at a space and stack level."""
        lane = self.lanes[route - 1]
        return (self.cell_x(space), lane.bottom - self.px(4) - stack * self.stack_dy)

    def slot(self, face: int, index: int, count: int) -> tuple[Point, float]:
        """Where the ``index``-th of ``count`` dice lies on the square of ``face``, and the
        die size there."""
        area = self.dice_areas[face - 1]
        cols = (
            1 if count <= 1 else 2 if count <= 4 else 3 if count <= 9 else 4 if count <= 16 else 5
        )
        rows = max(1, math.ceil(count / cols))
        step = min(area.w / cols, area.h / rows)
        size = min(step * 0.94, self.px(30))
        row, col = divmod(index, cols)
        in_row = min(cols, count - row * cols)
        x = area.centerx + (col - (in_row - 1) / 2) * step
        y = area.centery + (row - (rows - 1) / 2) * step
        return (x, y), size

    def lid_centre(self) -> Point:
        return self.lid_rect.center

    # == images (cached per layout) ==============================================
    def _marker_image(self, player: int, ghost: bool = False) -> pygame.Surface:
        key = ("marker", player, ghost)
        image = self._images.get(key)
        if image is None:
            base = sprites.svg("routes_marker.svg", int(self.marker_w), int(self.marker_h))
            image = sprites.tinted(base, self.seat_colour(player))
            if ghost:
                image.set_alpha(120)
            self._images[key] = image
        return image

    def _die_image(self, face: int, size: float, angle: float = 0.0) -> pygame.Surface:
        size = max(8, int(size))
        angle = round(angle / 10.0) * 10 % 360
        key = ("die", face, size, angle)
        image = self._images.get(key)
        if image is None:
            if angle:
                image = pygame.transform.rotate(self._die_image(face, size), angle)
            else:  # face 0: a die whose face is not known
                image = sprites.svg("routes_d8.svg", size).copy()
                if face:
                    number = fonts.render(str(face), max(7, int(size * 0.44)), (40, 32, 20), True)
                    image.blit(number, number.get_rect(center=(size / 2, size * 0.64)))
            self._images[key] = image
        return image

    def _icon(self, name: str, w: float, h: float | None = None) -> pygame.Surface:
        return sprites.svg(name, int(w), int(h or w))

    # == the display model ========================================================
    def sync_from_state(self) -> None:
        state = self.state
        t = self.table
        t.round, t.rounds = state.round, state.total_rounds
        t.parent, t.current = state.parent, (None if state.is_over() else state.current)
        t.lid = list(state.lid)
        t.held = list(state.held)
        t.held_face = [face if count else None for face, count in zip(t.held_face, t.held)]
        t.chips = [[list(c) for c in mine] for mine in state.chips]
        t.spots = {}
        for r, stack in enumerate(state.markers()):
            for m in stack:
                t.spots[(r + 1, m["player"])] = [m["space"], m["stack"], 0.0]
        t.flights.clear()
        t.loose.clear()
        t.d6 = t.banner = t.flip = t.shake = t.flying_chip = None
        t.pops.clear()
        t.scoring_route = None
        self._scores_shown = state.route_scores()
        if state.is_over():
            scored = state.route_scores()
            t.final = {r + 1: list(points) for r, points in enumerate(scored["routes"])}
            t.totals = list(scored["totals"])
            t.winners = list(state.winners())
        else:
            t.final, t.totals, t.winners = {}, None, None

    def update(self, dt: float) -> None:
        super().update(dt)
        self._rebuild_controls()

    # == events -> tweens ==========================================================
    def _tween(self, duration: float, update=None, done=None, start=None, ease=ease_in_out) -> None:
        """One step of the timeline; ``start`` runs when it begins (after the steps
        queued before it), not when it is queued."""
        self.timeline.then(Tween(max(0.0, duration), update, done, ease, on_start=start))

    def _sound(self, name: str) -> Callable[[], None]:
        return lambda: self.app.sound.play(name)

    def play_event(self, event: Event) -> None:
        handler = getattr(self, f"_play_{event.kind}", None)
        if handler is not None:
            handler(event.player, event.data)
        if not self.events:
            # The last event queued: nobody acts while events play, so once it has played
            # the state is what the table shows. Resync then (robust to anything skipped).
            self._tween(0.0, start=self.sync_from_state)

    def _play_round_start(self, player, data) -> None:
        t = self.table

        def start():
            t.round, t.rounds, t.parent = data["round"], data["rounds"], data["parent"]
            t.current = None
            t.banner = [
                self.t("routes.round", n=data["round"], total=data["rounds"]),
                self.t("routes.parent", name=self.seat_name(data["parent"])),
                0.0,
            ]

        def show(v):
            t.banner[2] = min(1.0, v * 6, (1 - v) * 6)

        self._tween(1.1, show, lambda: setattr(t, "banner", None), start, ease=lambda v: v)

    def _play_chip_taken(self, player, data) -> None:
        t = self.table
        index = len(t.chips[player])

        def update(v):
            x0, y0 = self.header.x + self.px(60), self.header.centery
            x1, y1 = self.chip_pos(player, index)
            t.flying_chip = (
                data["chip"],
                (lerp(x0, x1, v), lerp(y0, y1, v) - math.sin(math.pi * v) * self.px(40)),
            )

        def done():
            t.flying_chip = None
            t.chips[player].append([data["chip"], 1])

        self._tween(0.55, update, done, self._sound("pop"))

    def _play_roll(self, player, data) -> None:
        t = self.table
        faces = data["faces"]
        rng = random.Random(len(faces) * 7919 + sum((i + 1) * f for i, f in enumerate(faces)))
        spots = []
        for _ in faces:  # resting places on the felt, spread out
            spots.append((rng.uniform(0.1, 0.9), rng.uniform(0.18, 0.82)))
        dice = []
        for i, face in enumerate(faces):
            u, v = spots[i]
            die = LooseDie(
                face,
                self._hand_anchor(player),
                self._lid_anchor(u, v),
                26,
                26,
                hop=0,
                spin=rng.choice((-1, 1)) * 720,
                angle=rng.uniform(-30, 30),
                bounces=rng.choice((2, 3)),
                tumble_from=rng.randint(1, 8),
            )
            dice.append(die)

        def start():
            t.loose.extend(dice)
            self.app.sound.play("dice")

        def update(v):
            for k, die in enumerate(dice):
                die.t = min(1.0, v * (1 + 0.02 * k))

        self._tween(TUMBLE, update, None, start, ease=lambda v: 1 - (1 - v) ** 2)

    def _hand_anchor(self, player: int) -> Callable[[], Point]:
        return lambda: self.player_row(player).midleft

    def _lid_anchor(self, u: float, v: float) -> Callable[[], Point]:
        def anchor():
            r = self.lid_rect
            return (r.x + u * r.w, r.y + v * r.h)

        return anchor

    def _slot_anchor(self, face: int, index: int, count: int) -> Callable[[], Point]:
        return lambda: self.slot(face, index, count)[0]

    def _play_dice_sorted(self, player, data) -> None:
        t = self.table
        lid = data["lid"]

        def start():
            seen = [0] * 8
            for die in t.loose:
                f = die.face
                index = seen[f - 1]
                seen[f - 1] += 1
                here = die.dst
                die.src = here
                die.dst = self._slot_anchor(f, index, lid[f - 1])
                die.size0 = die.size1
                die.size1 = self.slot(f, index, lid[f - 1])[1] / max(self.s, 0.01)
                die.spin = -die.angle + self._rest_angle(f, index)
                die.bounces = 0
                die.tumble_from = 0
                die.hop = 6
                die.t = 0.0

        def update(v):
            for die in t.loose:
                die.t = v

        def done():
            t.loose.clear()
            t.lid = list(lid)

        self._tween(SORT, update, done, start)

    @staticmethod
    def _rest_angle(face: int, index: int) -> float:
        return ((face * 7 + index * 13) % 5 - 2) * 6.0

    def _play_d6_roll(self, player, data) -> None:
        t = self.table

        def start():
            t.d6 = [data["face"], 0.0, 1.0]
            self.app.sound.play("dice")

        def update(v):
            t.d6[1] = v

        self._tween(0.7, update, None, start)
        self._tween(0.35)

    def _play_phase_start(self, player, data) -> None:
        t = self.table

        def start():
            t.current = player

        def fade(v):
            if t.d6 is not None:
                t.d6[2] = 1 - v

        def done():
            t.d6 = None

        self._tween(0.3 if t.d6 is not None else 0.15, fade, done, start)

    def _play_mandatory_skipped(self, player, data) -> None:
        self._tween(0.4)

    def _play_dice_taken(self, player, data) -> None:
        t = self.table
        face, count, lid = data["face"], data["count"], data["lid"]
        dice = []

        def start():
            old = t.lid[face - 1]
            for k in range(count):
                index = old - count + k
                first, count_then = max(0, index), max(old, 1)
                size = self.slot(face, first, count_then)[1]
                src = lambda i=first, n=count_then: self.slot(face, i, n)[0]
                dice.append(
                    LooseDie(
                        face,
                        src,
                        self._held_anchor(player),
                        size / max(self.s, 0.01),
                        18,
                        hop=30 + 6 * k,
                        spin=180,
                        angle=self._rest_angle(face, index),
                    )
                )
            t.loose.extend(dice)
            t.lid = list(lid)
            self.app.sound.play("click")

        def update(v):
            for k, die in enumerate(dice):
                die.t = max(0.0, min(1.0, v * (1 + 0.08 * count) - 0.08 * k))

        def done():
            for die in dice:
                if die in t.loose:
                    t.loose.remove(die)
            t.held[player] += count
            t.held_face[player] = face

        self._tween(0.5 + 0.04 * count, update, done, start)

    def _held_anchor(self, player: int) -> Callable[[], Point]:
        return lambda: self.held_pos(player)

    def _play_marker_move(self, player, data) -> None:
        t = self.table
        route, start_space, end_space = data["route"], data["from"], data["to"]
        key = (route, player)
        to_stack = data["stack"] if data["stack"] is not None else 0
        from_stack = data["from_stack"] if data["from_stack"] is not None else 0
        dropping: list[list[float]] = []

        def start():
            t.spots.pop(key, None)
            if start_space:
                # the markers above a leaving marker drop by one (the rules send no event)
                for (r, _), spot in t.spots.items():
                    if r == route and spot[0] == start_space and spot[1] > from_stack:
                        spot[1] -= 1
                        spot[2] += 1.0
                        dropping.append(spot)
            t.flights[key] = [start_space, from_stack, end_space, to_stack, 0.0]
            self.app.sound.play("slide")

        def update(v):
            t.flights[key][4] = v
            for spot in dropping:
                spot[2] = max(0.0, 1.0 - v * 2)

        def done():
            t.flights.pop(key, None)
            for spot in dropping:
                spot[2] = 0.0
            if end_space:
                t.spots[key] = [end_space, to_stack, 0.0]

        distance = abs(end_space - start_space) if start_space and end_space else 1
        self._tween(min(HOP_MAX, HOP_BASE + HOP_PER_SPACE * distance), update, done, start)

    def _play_marker_blocked(self, player, data) -> None:
        t = self.table

        def update(v):
            t.shake = (data["route"], player, v)

        self._tween(
            0.4, update, lambda: setattr(t, "shake", None), self._sound("bonk"), ease=lambda v: v
        )

    def _play_die_changed(self, player, data) -> None:
        t = self.table
        old_face, new_face, lid = data["from"], data["to"], data["lid"]
        die_box = []

        def start():
            old = t.lid[old_face - 1]
            index = max(0, old - 1)
            src = lambda: self.slot(old_face, index, max(old, 1))[0]
            size = self.slot(old_face, index, max(old, 1))[1] / max(self.s, 0.01)
            new_count = lid[new_face - 1]
            dst_index = new_count - 1
            dst = self._slot_anchor(new_face, dst_index, new_count)
            size1 = self.slot(new_face, dst_index, new_count)[1] / max(self.s, 0.01)
            die = LooseDie(
                old_face,
                src,
                dst,
                size,
                size1,
                hop=26,
                spin=360,
                angle=self._rest_angle(old_face, index),
                switch_to=new_face,
            )
            die_box.append(die)
            t.loose.append(die)
            t.lid[old_face - 1] -= 1
            self.app.sound.play("dice")

        def update(v):
            die_box[0].t = v

        def done():
            if die_box and die_box[0] in t.loose:
                t.loose.remove(die_box[0])
            t.lid = list(lid)

        self._tween(0.6, update, done, start)

    def _play_chip_offered(self, player, data) -> None:
        self._tween(0.2)

    def _play_chip_turned(self, player, data) -> None:
        t = self.table

        def update(v):
            t.flip = (player, data["chip"], v)

        def done():
            t.flip = None
            for chip in t.chips[player]:
                if chip[0] == data["chip"]:
                    chip[1] = 0

        self._tween(0.45, update, done, self._sound("click"))

    def _play_chip_declined(self, player, data) -> None:
        self._tween(0.1)

    def _play_phase_end(self, player, data) -> None:
        self._tween(0.15)

    def _play_round_end(self, player, data) -> None:
        t = self.table
        dice = []

        def start():
            for face in range(1, 9):
                count = t.lid[face - 1]
                for index in range(count):
                    size = self.slot(face, index, count)[1]
                    dice.append(
                        LooseDie(
                            face,
                            self._slot_anchor(face, index, count),
                            self.lid_centre,
                            size / max(self.s, 0.01),
                            16,
                            hop=10,
                            spin=90,
                            fade=True,
                            angle=self._rest_angle(face, index),
                        )
                    )
            for p, count in enumerate(t.held):
                for k in range(min(count, 6)):
                    dice.append(
                        LooseDie(
                            t.held_face[p] or 0,
                            self._held_anchor(p),
                            self.lid_centre,
                            18,
                            16,
                            hop=20 + 4 * k,
                            spin=90,
                            fade=True,
                        )
                    )
            t.lid = [0] * 8
            t.held = [0] * len(t.held)
            t.held_face = [None] * len(t.held)
            t.current = None
            t.loose.extend(dice)

        def update(v):
            for die in dice:
                die.t = v

        def done():
            for die in dice:
                if die in t.loose:
                    t.loose.remove(die)

        self._tween(0.6, update, done, start)

    def _play_route_scored(self, player, data) -> None:
        t = self.table
        route = data["route"]

        def start():
            t.scoring_route = route
            t.final[route] = list(data["points"])
            t.current = None
            for p in data["order"]:
                points = data["points"][p]
                if points:
                    t.pops.append([route, p, f"{points:+d}", 0.0])
            self.app.sound.play("pop")

        def update(v):
            for pop in t.pops:
                pop[3] = v

        def done():
            t.pops.clear()

        self._tween(0.9, update, done, start)

    def _play_game_over(self, player, data) -> None:
        t = self.table

        def start():
            t.scoring_route = None
            t.totals = list(data["totals"])
            t.winners = list(data["winners"])

        self._tween(1.8, None, None, start)

    # == the log ===================================================================
    def describe(self, event: Event) -> str | None:
        d = event.data
        name = self.seat_name(event.player) if event.player is not None else ""
        kind = event.kind
        tr = self.t
        if kind == "round_start":
            return tr(
                "routes.ev_round_start",
                n=d["round"],
                total=d["rounds"],
                name=self.seat_name(d["parent"]),
            )
        if kind == "chip_taken":
            return tr("routes.ev_chip_taken", name=name, chip=d["chip"])
        if kind == "roll":
            return tr("routes.ev_roll", name=name, count=len(d["faces"]))
        if kind == "dice_sorted":
            groups = "  ".join(f"{face}×{n}" for face, n in enumerate(d["lid"], 1) if n)
            return tr("routes.ev_dice_sorted", groups=groups)
        if kind == "d6_roll":
            return tr("routes.ev_d6_roll", name=name, face=d["face"], route=d["route"])
        if kind == "phase_start":
            return tr(
                "routes.ev_phase_start_last" if d.get("last") else "routes.ev_phase_start",
                name=name,
            )
        if kind == "mandatory_skipped":
            return tr("routes.ev_mandatory_skipped", name=name)
        if kind == "dice_taken":
            key = (
                "routes.ev_taken_one"
                if d["action"] == "B"
                else "routes.ev_taken_single"
                if d["count"] == 1
                else "routes.ev_taken_all"
            )
            return tr(key, name=name, face=d["face"], count=d["count"])
        if kind == "marker_move":
            cause = tr(f"routes.cause_{d['cause']}")
            if not d["from"]:
                return tr(
                    "routes.ev_marker_placed", name=name, route=d["route"], to=d["to"], cause=cause
                )
            if not d["to"]:
                return tr("routes.ev_marker_left", name=name, route=d["route"], cause=cause)
            return tr(
                "routes.ev_marker_move",
                name=name,
                route=d["route"],
                frm=d["from"],
                to=d["to"],
                cause=cause,
            )
        if kind == "marker_blocked":
            return tr("routes.ev_marker_blocked", name=name, route=d["route"], space=d["space"])
        if kind == "die_changed":
            return tr("routes.ev_die_changed", name=name, frm=d["from"], to=d["to"])
        if kind == "chip_offered":
            return tr("routes.ev_chip_offered", name=name)
        if kind == "chip_turned":
            return tr("routes.ev_chip_turned", name=name, chip=d["chip"], route=d["route"])
        if kind == "chip_declined":
            return tr("routes.ev_chip_declined", name=name)
        if kind == "phase_end":
            return tr("routes.ev_phase_end", name=name)
        if kind == "round_end":
            return tr("routes.ev_round_end", n=d["round"], left=d["left_in_lid"])
        if kind == "route_scored":
            results = tr("routes.list_sep").join(
                tr("routes.result", name=self.seat_name(p), points=d["points"][p])
                for p in d["order"]
                if d["points"][p]
            )
            if not results:
                return tr("routes.ev_route_scored_none", route=d["route"])
            return tr("routes.ev_route_scored", route=d["route"], results=results)
        if kind == "game_over":
            names = tr("routes.list_sep").join(self.seat_name(p) for p in d["winners"])
            totals = tr("routes.list_sep").join(
                tr("routes.result", name=self.seat_name(p), points=v)
                for p, v in enumerate(d["totals"])
            )
            return tr("routes.ev_game_over", names=names, totals=totals)
        return None

    # == who decides, and what ======================================================
    def on_private_shown(self, player: int) -> None:
        self.mode = "main"
        self._controls_key = None

    def _settle_mode(self, legal) -> None:
        self.mode = self._current_mode(legal)

    def _current_mode(self, legal) -> str:
        if any(isinstance(a, DeclineChip) for a in legal):
            return "chip"  # ER-13, R-8: decided right after the pick-up
        if self.mode == "C" and any(isinstance(a, ChangeDie) for a in legal):
            return "C"
        if self.mode == "D" and any(isinstance(a, PushMarker) for a in legal):
            return "D"
        return "main"

    def _steps_taken(self) -> tuple:
        return (self.mode,)

    def _make_controls(self, player: int, legal) -> None:
        add = self.controls.append
        small = self.px(14)
        mode = self.mode
        if mode in ("chip", "D"):
            cls = TurnChip if mode == "chip" else PushMarker
            for action in legal:
                if isinstance(action, cls):
                    lane = self.lanes[action.route - 1]
                    rect = pygame.Rect(lane.x, lane.y, self.score_x - lane.x + self.score_w, lane.h)
                    add(
                        Choice(
                            rect,
                            "",
                            self._choose(action),
                            key=f"route:{action.route}",
                            action=action,
                            spot=True,
                        )
                    )
        if mode == "C":
            for action in legal:
                if isinstance(action, ChangeDie):
                    strip = self.strips[action.face - 1]
                    half = strip.w // 2 - self.px(2)
                    x = strip.x if action.delta < 0 else strip.right - half
                    rect = pygame.Rect(x, strip.y, half, strip.h)
                    label = "−1" if action.delta < 0 else "+1"
                    add(
                        Choice(
                            rect,
                            label,
                            self._choose(action),
                            small,
                            key=f"change:{action}",
                            action=action,
                        )
                    )
        if mode == "main":
            for action in legal:
                if isinstance(action, (TakeAll, TakeOne)):
                    strip = self.strips[action.face - 1]
                    has_one = TakeOne(action.face) in legal
                    one_w = int(strip.w * 0.42)
                    if isinstance(action, TakeAll):
                        rect = pygame.Rect(
                            strip.x,
                            strip.y,
                            strip.w - (one_w + self.px(3) if has_one else 0),
                            strip.h,
                        )
                        label = self.t("routes.btn_all", n=self.state.lid[action.face - 1])
                        add(
                            Choice(
                                rect,
                                label,
                                self._choose(action),
                                small,
                                key=f"take:{action.face}",
                                action=action,
                                primary=True,
                            )
                        )
                    else:
                        rect = pygame.Rect(strip.right - one_w, strip.y, one_w, strip.h)
                        add(
                            Choice(
                                rect,
                                self.t("routes.btn_one"),
                                self._choose(action),
                                small,
                                key=f"one:{action.face}",
                                action=action,
                            )
                        )
        # the row of buttons in the action panel
        row: list[tuple[str, str, Callable[[], None], Action | None]] = []
        if mode == "main":
            if any(isinstance(a, ChangeDie) for a in legal):
                row.append(("mode:C", self.t("routes.btn_c"), self._set_mode("C"), None))
            if any(isinstance(a, PushMarker) for a in legal):
                row.append(("mode:D", self.t("routes.btn_d"), self._set_mode("D"), None))
            if EndPhase() in legal:
                row.append(("end", self.t("routes.btn_end"), self._choose(EndPhase()), EndPhase()))
        elif mode == "chip":
            row.append(
                ("pass", self.t("routes.btn_pass"), self._choose(DeclineChip()), DeclineChip())
            )
        else:
            row.append(("back", self.t("routes.btn_back"), self._set_mode("main"), None))
        if row:
            a = self.action_rect
            gap = self.px(8)
            bw = min(self.px(150), (a.w - self.px(20) - gap * (len(row) - 1)) // len(row))
            bh = self.px(36)
            y = a.y + self.px(104)
            x = a.x + self.px(10)
            for key, label, callback, action in row:
                add(
                    Choice(
                        pygame.Rect(x, y, bw, bh),
                        label,
                        callback,
                        self.px(16),
                        key=key,
                        action=action,
                        primary=key == "end",
                    )
                )
                x += bw + gap

    def _clear_steps(self) -> None:
        self.mode = "main"

    def _set_mode(self, mode: str) -> Callable[[], None]:
        def set_mode():
            self.mode = mode

        return self._step(set_mode)

    # == input ======================================================================
    def human_event(self, event: pygame.event.Event, player: int) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._armed = None
            face = self._square_at(event.pos)
            if face and self.mode == "main":
                button = self._control(f"take:{face}")
                if button is not None:
                    button.on_click()
            return
        if event.type != pygame.KEYDOWN:
            return
        digit = choices.digit_key(event, ROUTES)  # faces and routes alike go 1 to 8
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if self.mode == "main" and digit:
            key = f"{'one' if shift else 'take'}:{digit}"
            self._press_or_focus(key)
        elif self.mode in ("D", "chip") and digit:
            self._press_or_focus(f"route:{digit}")
        elif self.mode == "C" and digit:
            if not self._focus(f"change:C {digit}+"):
                self._focus(f"change:C {digit}-")
        elif self.mode == "C" and event.key in (
            pygame.K_PLUS,
            pygame.K_EQUALS,
            pygame.K_KP_PLUS,
            pygame.K_MINUS,
            pygame.K_KP_MINUS,
        ):
            face = self._focused_face()
            if face:
                sign = "-" if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS) else "+"
                button = self._control(f"change:C {face}{sign}")
                if button is not None:
                    button.on_click()
        elif event.key == pygame.K_c and self.mode == "main" and self._control("mode:C"):
            self._click_control("mode:C")
        elif event.key == pygame.K_d and self.mode == "main" and self._control("mode:D"):
            self._click_control("mode:D")
        elif event.key == pygame.K_e and self._control("end"):
            self._press_or_focus("end")
        elif event.key in (pygame.K_p, pygame.K_0, pygame.K_KP0) and self._control("pass"):
            self._press_or_focus("pass")
        elif event.key == pygame.K_BACKSPACE and self._control("back"):
            self._click_control("back")

    def _focused_face(self) -> int:
        action = getattr(self._focused_button(), "action", None)
        return action.face if isinstance(action, ChangeDie) else 0

    def _square_at(self, pos) -> int:
        for i, sq in enumerate(self.squares):
            if sq.collidepoint(pos) and not self.strips[i].collidepoint(pos):
                return i + 1
        return 0

    def _pointed_at(self) -> Choice | None:
        """A lid square under the mouse stands for taking all its dice (A)."""
        face = self._square_at(self.mouse)
        if face and self.mode == "main":
            return self._control(f"take:{face}")
        return None

    def _preview_of(self, player: int, action: Action) -> dict:
        return self.state.preview(player, [action])

    def scores_now(self) -> dict:
        return self._scores_shown

    # == drawing =====================================================================
    def draw_table(self, surface: pygame.Surface) -> None:
        focus = self.attention()
        action = focus.action if focus is not None else None  # (steps are never a focus here)
        shown = self.preview(action) if action is not None else None
        self._draw_header(surface)
        self._draw_board(surface, shown)
        if self.table.final:
            self._draw_final(surface)
        else:
            self._draw_lid(surface, shown)
            self._draw_players(surface, shown)
            if self.table.d6 is not None:
                self._draw_d6(surface)
        self._draw_loose(surface)
        self._draw_action_panel(surface, focus)
        self.draw_log(surface, self.log_rect)
        self._draw_banner(surface)

    # -- header ----------------------------------------------------------------------
    def _draw_header(self, surface) -> None:
        t = self.table
        if not t.round:
            return
        x, cy = self.header.x, self.header.centery
        pill = fonts.render(
            self.t("routes.round", n=t.round, total=t.rounds), self.px(20), theme.INK_LIGHT, True
        )
        box = pill.get_rect(midleft=(x + self.px(14), cy)).inflate(self.px(24), self.px(10))
        pygame.draw.rect(surface, theme.BG_DARK, box, border_radius=box.h // 2)
        surface.blit(pill, pill.get_rect(center=box.center))
        x = box.right + self.px(18)
        if t.parent is not None:
            crown = self._icon("routes_parent.svg", self.px(28), self.px(22))
            surface.blit(crown, crown.get_rect(midleft=(x, cy)))
            x = draw_text(
                surface,
                self.t("routes.parent", name=self.seat_name(t.parent)),
                self.px(18),
                (x + self.px(34), cy),
                theme.INK,
                anchor="midleft",
            ).right
            x += self.px(22)
        if t.current is not None:
            marker = self._marker_image(t.current)
            surface.blit(marker, marker.get_rect(midleft=(x, cy)))
            draw_text(
                surface,
                self.t("routes.phase", name=self.seat_name(t.current)),
                self.px(18),
                (x + marker.get_width() + self.px(8), cy),
                theme.INK,
                bold=True,
                anchor="midleft",
            )

    # -- board -----------------------------------------------------------------------
    def _static_board(self) -> pygame.Surface:
        if self._static is not None:
            return self._static
        board = self.board
        layer = pygame.Surface(board.size, pygame.SRCALPHA)
        ox, oy = -board.x, -board.y
        draw_panel(layer, layer.get_rect(), radius=self.px(12))
        scorer = self.state.scorer
        head_y = board.y + self.px(6) + oy + self.px(14)  # the second line of the head
        draw_text(
            layer,
            self.t("routes.route_head"),
            self.px(12),
            (self.lanes[0].x + ox + self.px(4), head_y + self.board_head // 2 - self.px(7)),
            theme.INK_SOFT,
            anchor="midleft",
        )
        for space in range(1, SPACES + 1):
            bold = space in (1, 5, 10, 15, 20)
            draw_text(
                layer,
                str(space),
                self.px(11),
                (self.cell_x(space) + ox, head_y + self.board_head // 2 - self.px(7)),
                theme.INK if bold else theme.INK_SOFT,
                bold=bold,
                anchor="center",
            )
        # the score column head: what it is, and a marker per player
        draw_text(
            layer,
            self.t("routes.score_head"),
            self.px(12),
            (self.score_x + ox + self.score_w // 2, board.y + oy + self.px(5)),
            theme.INK_SOFT,
            bold=True,
            anchor="midtop",
        )
        n = self.session.players
        cw = self.score_w / n
        for p in range(n):
            image = sprites.tinted(
                sprites.svg("routes_marker.svg", self.px(18), self.px(12)), self.seat_colour(p)
            )
            layer.blit(
                image,
                image.get_rect(
                    center=(
                        self.score_x + ox + (p + 0.5) * cw,
                        head_y + self.board_head // 2 - self.px(7),
                    )
                ),
            )
        for r in range(ROUTES):
            route = r + 1
            lane = self.lanes[r].move(ox, oy)
            colour = ROUTE_COLOURS[r]
            pygame.draw.rect(
                layer, theme.mix(colour, (255, 255, 255), 0.72), lane, border_radius=self.px(8)
            )
            # label: badge, how it scores, its special power
            badge_c = (lane.x + self.px(17), lane.centery)
            pygame.draw.circle(layer, colour, badge_c, self.px(13))
            pygame.draw.circle(
                layer, theme.mix(colour, (0, 0, 0), 0.35), badge_c, self.px(13), max(1, self.px(2))
            )
            draw_text(
                layer, str(route), self.px(16), badge_c, theme.INK_LIGHT, bold=True, anchor="center"
            )
            text_x = lane.x + self.px(36)
            text_w = self.label_w - self.px(40)
            line1, line2 = self._route_label(route, scorer)
            self._fit_text(
                layer,
                line1,
                self.px(13),
                (text_x, lane.centery - self.px(1)),
                text_w,
                theme.INK,
                True,
                "bottomleft",
            )
            self._fit_text(
                layer,
                line2,
                self.px(12),
                (text_x, lane.centery + self.px(1)),
                text_w,
                theme.mix(colour, (0, 0, 0), 0.45),
                False,
                "topleft",
            )
            threshold = scorer.min_space[r]
            values = scorer.spaces[r]
            for space in range(1, SPACES + 1):
                cx = self.cell_x(space) + ox
                cell = pygame.Rect(0, 0, int(self.cell_w) - self.px(2), lane.h - self.px(6))
                cell.center = (int(cx), lane.centery)
                below = space < threshold
                fill = (228, 226, 222) if below else (255, 253, 248)
                pygame.draw.rect(layer, fill, cell, border_radius=self.px(4))
                edge = theme.mix(colour, (255, 255, 255), 0.35)
                if space == SPACES:
                    edge = (200, 150, 30)
                pygame.draw.rect(
                    layer,
                    edge,
                    cell,
                    width=max(1, self.px(2) if space == SPACES else 1),
                    border_radius=self.px(4),
                )
                if values is not None:
                    value = values[space - 1]
                    tint = (
                        theme.BAD
                        if value < 0
                        else (theme.INK_SOFT if value == 0 else (40, 110, 60))
                    )
                    draw_text(
                        layer,
                        str(value),
                        self.px(10),
                        (cell.centerx, cell.y + self.px(2)),
                        tint,
                        bold=True,
                        anchor="midtop",
                    )
            if threshold > 1:
                bar_x = int(self.cell_x(threshold) + ox - self.cell_w / 2)
                pygame.draw.line(
                    layer,
                    theme.ACCENT_DARK,
                    (bar_x, lane.y + self.px(2)),
                    (bar_x, lane.bottom - self.px(3)),
                    max(2, self.px(3)),
                )
            # the score column of this route
            col = pygame.Rect(self.score_x + ox, lane.y, self.score_w, lane.h)
            pygame.draw.rect(
                layer, theme.mix(colour, (255, 255, 255), 0.85), col, border_radius=self.px(8)
            )
        self._static = layer
        return layer

    def _route_label(self, route: int, scorer) -> tuple[str, str]:
        """How a route scores (ER-30..ER-38, from the table) and what else it does."""
        r = route - 1
        values = scorer.spaces[r]
        notes = []
        if values is not None:
            line1 = self.t("routes.label_position")
            notes.append(self.t("routes.label_values", low=min(values), high=max(values)))
        else:
            ranks = scorer.ranks[r]
            line1 = (
                self.t("routes.label_first_only", points=ranks[0])
                if len(ranks) == 1
                else self.t("routes.label_ranks", points="·".join(map(str, ranks)))
            )
            if scorer.min_space[r] > 1:
                notes.append(self.t("routes.label_from", n=scorer.min_space[r]))
        if route in SPECIAL:
            notes.append(self.t(f"routes.{SPECIAL[route]}"))
        return line1, " · ".join(notes)

    def _fit_text(self, surface, text, size, pos, width, colour, bold, anchor) -> None:
        """Text shrunk to fit ``width``, down to a readable size; beyond that, cut with …"""
        text, size = fonts.fit(text, size, width, max(9, self.px(10)), bold)
        draw_text(surface, text, size, pos, colour, bold=bold, anchor=anchor)

    def _draw_board(self, surface, shown: dict | None) -> None:
        surface.blit(self._static_board(), self.board.topleft)
        t = self.table
        if t.scoring_route is not None:
            lane = self.lanes[t.scoring_route - 1]
            pygame.draw.rect(
                surface,
                theme.ACCENT,
                lane.inflate(self.px(4), self.px(4)),
                width=max(2, self.px(3)),
                border_radius=self.px(9),
            )
        self._draw_score_column(surface, shown)
        self._draw_markers(surface)
        if shown is not None:
            self._draw_ghosts(surface, shown)
        for route, player, text, v in t.pops:
            spot = t.spots.get((route, player))
            if spot is None:
                continue
            x, y = self.marker_pos(route, spot[0], spot[1] + 1)
            image = fonts.render(text, self.px(18), theme.ACCENT_DARK, True)
            surface.blit(
                image,
                image.get_rect(midbottom=(x, y - self.px(24) * ease_out_back(min(1.0, v * 2)))),
            )

    def _draw_score_column(self, surface, shown) -> None:
        now = self.scores_now()["routes"]
        then = shown["routes"] if shown is not None else None
        n = self.session.players
        cw = self.score_w / n
        for r in range(ROUTES):
            lane = self.lanes[r]
            for p in range(n):
                value = now[r][p]
                colour = theme.INK if value else theme.INK_SOFT
                bold = False
                if then is not None and then[r][p] != value:
                    colour = theme.GOOD if then[r][p] > value else theme.BAD
                    value = then[r][p]
                    bold = True
                cx = self.score_x + (p + 0.5) * cw
                if bold:
                    box = pygame.Rect(0, 0, int(cw) - self.px(4), lane.h - self.px(14))
                    box.center = (int(cx), lane.centery)
                    pygame.draw.rect(surface, (255, 255, 255), box, border_radius=self.px(6))
                    pygame.draw.rect(
                        surface, colour, box, width=max(1, self.px(2)), border_radius=self.px(6)
                    )
                draw_text(
                    surface,
                    str(value) if value or bold else "·",
                    self.px(16),
                    (cx, lane.centery),
                    colour,
                    bold=bold or p == self.table.current,
                    anchor="center",
                )

    def _draw_markers(self, surface) -> None:
        t = self.table
        by_route: dict[int, list] = {}
        for (route, player), (space, stack, lift) in t.spots.items():
            by_route.setdefault(route, []).append((space, stack + lift, player))
        for route, items in by_route.items():
            items.sort()
            for space, level, player in items:
                x, y = self.marker_pos(route, space, level)
                if t.shake is not None and t.shake[:2] == (route, player):
                    x += math.sin(t.shake[2] * math.pi * 6) * self.px(4) * (1 - t.shake[2])
                image = self._marker_image(player)
                surface.blit(image, image.get_rect(midbottom=(x, y)))
        for (route, player), (a, a_stack, b, b_stack, v) in t.flights.items():
            x0, y0 = self.marker_pos(route, a, a_stack)
            x1, y1 = self.marker_pos(route, b, b_stack)
            e = ease_in_out(v)
            x = lerp(x0, x1, e)
            y = lerp(y0, y1, e) - math.sin(math.pi * v) * (self.px(14) + abs(x1 - x0) * 0.08)
            image = self._marker_image(player)
            if not a or not b:  # placed from the supply, or leaving the route
                image = image.copy()
                image.set_alpha(int(255 * (v if not a else 1 - v)))
            surface.blit(image, image.get_rect(midbottom=(x, y)))

    def _draw_ghosts(self, surface, shown) -> None:
        player = self.deciding()
        if player is None:  # (no preview is shown then)
            return
        before = self.state.markers()
        for r in range(ROUTES):
            old = {m["player"]: m for m in before[r]}
            for m in shown["markers"][r]:
                if m["player"] != player:
                    continue
                was = old.get(player)
                if was is not None and was["space"] == m["space"]:
                    continue
                x1, y1 = self.marker_pos(r + 1, m["space"], m["stack"])
                ghost = self._marker_image(player, ghost=True)
                surface.blit(ghost, ghost.get_rect(midbottom=(x1, y1)))
                pygame.draw.rect(
                    surface,
                    theme.ACCENT_DARK,
                    ghost.get_rect(midbottom=(x1, y1)).inflate(self.px(4), self.px(4)),
                    width=max(1, self.px(2)),
                    border_radius=self.px(5),
                )
                x0 = self.marker_pos(r + 1, was["space"] if was else 0, 0)[0]
                self._arrow(
                    surface,
                    (x0, y1 - self.marker_h - self.px(6)),
                    (x1, y1 - self.marker_h - self.px(6)),
                )
            now = {m["player"] for m in shown["markers"][r]}
            if player in old and player not in now:  # it would leave the route
                m = old[player]
                x, y = self.marker_pos(r + 1, m["space"], m["stack"])
                size = self.px(7)
                cy = y - self.marker_h / 2
                pygame.draw.line(
                    surface,
                    theme.BAD,
                    (x - size, cy - size),
                    (x + size, cy + size),
                    max(2, self.px(3)),
                )
                pygame.draw.line(
                    surface,
                    theme.BAD,
                    (x - size, cy + size),
                    (x + size, cy - size),
                    max(2, self.px(3)),
                )

    def _arrow(self, surface, a: Point, b: Point) -> None:
        if abs(b[0] - a[0]) < 2:
            return
        colour = theme.ACCENT_DARK
        width = max(2, self.px(2))
        pygame.draw.line(surface, colour, a, b, width)
        d = 1 if b[0] > a[0] else -1
        head = self.px(6)
        pygame.draw.polygon(
            surface,
            colour,
            [b, (b[0] - d * head, b[1] - head * 0.7), (b[0] - d * head, b[1] + head * 0.7)],
        )

    # -- lid -------------------------------------------------------------------------
    def _draw_lid(self, surface, shown: dict | None = None) -> None:
        """The lid's eight squares; with a preview (``shown``), the dice the option would
        take away fade and the die it would turn (C) shows in its new square, faint, with
        both squares outlined."""
        t = self.table
        after = shown["lid"] if shown is not None else t.lid
        lid = self.lid_rect
        image = self._images.get("lid")
        if image is None:  # the SVG keeps its aspect ratio: stretch it to the layout's lid
            image = pygame.transform.smoothscale(
                self._icon("routes_lid.svg", lid.w, lid.h), lid.size
            )
            self._images["lid"] = image
        surface.blit(image, lid.topleft)
        draw_text(
            surface,
            self.t("routes.lid"),
            self.px(12),
            (lid.centerx, lid.y + self.px(2)),
            (255, 236, 200),
            bold=True,
            anchor="midtop",
        )
        deciding = self.deciding() is not None
        for i, sq in enumerate(self.squares):
            face = i + 1
            count = t.lid[i]
            pygame.draw.rect(surface, FELT_LIGHT if count else FELT, sq, border_radius=self.px(8))
            pygame.draw.rect(
                surface, FELT_EDGE, sq, width=max(1, self.px(2)), border_radius=self.px(8)
            )
            badge = pygame.Rect(sq.x + self.px(4), sq.y + self.px(4), self.px(18), self.px(18))
            pygame.draw.rect(surface, ROUTE_COLOURS[i], badge, border_radius=self.px(4))
            draw_text(
                surface,
                str(face),
                self.px(14),
                badge.center,
                theme.INK_LIGHT,
                bold=True,
                anchor="center",
            )
            if count:
                draw_text(
                    surface,
                    f"×{count}",
                    self.px(13),
                    (badge.centerx, badge.bottom + self.px(3)),
                    (235, 245, 235),
                    bold=True,
                    anchor="midtop",
                )
            then = after[i]
            room = max(count, then)
            for index in range(room):
                pos, size = self.slot(face, index, room)
                image = self._die_image(face, size, self._rest_angle(face, index))
                if index >= min(count, then):  # leaving, or arriving, if chosen
                    image = image.copy()
                    image.set_alpha(110)
                surface.blit(image, image.get_rect(center=pos))
            if then != count:
                pygame.draw.rect(
                    surface,
                    theme.GOOD if then > count else theme.BAD,
                    sq,
                    width=max(2, self.px(3)),
                    border_radius=self.px(8),
                )
            if deciding and self.mode == "main" and self._control(f"take:{face}") is not None:
                hot = self._square_at(self.mouse) == face and not self.keyboard
                pygame.draw.rect(
                    surface,
                    theme.ACCENT_DARK if hot else (255, 214, 120),
                    sq,
                    width=max(2, self.px(4 if hot else 2)),
                    border_radius=self.px(8),
                )

    def _draw_d6(self, surface) -> None:
        """The parent's personal d6 (ER-10), rolled in front of the parent."""
        face, v, alpha = self.table.d6
        size = self.px(30)
        start = self.lid_rect.midbottom
        parent = self.table.parent if self.table.parent is not None else 0
        row = self.player_row(parent)
        end = (row.x + self.px(196), row.centery)
        e = 1 - (1 - v) ** 2
        x = lerp(start[0], end[0], e)
        y = lerp(start[1], end[1], e) - abs(math.sin(v * math.pi * 2.5)) * self.px(30) * (1 - v)
        shown = face if v >= 0.85 else (int(v * 17) % 6) + 1
        image = self._icon("routes_d6.svg", size).copy()
        pip = max(2, size // 10)
        spots = {
            1: [(0.5, 0.5)],
            2: [(0.28, 0.28), (0.72, 0.72)],
            3: [(0.28, 0.28), (0.5, 0.5), (0.72, 0.72)],
            4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
            5: [(0.28, 0.28), (0.72, 0.28), (0.5, 0.5), (0.28, 0.72), (0.72, 0.72)],
            6: [(0.28, 0.25), (0.72, 0.25), (0.28, 0.5), (0.72, 0.5), (0.28, 0.75), (0.72, 0.75)],
        }[shown]
        for sx, sy in spots:
            pygame.draw.circle(
                image, (255, 255, 255), (int(size * sx), int(size * (0.05 + sy * 0.82))), pip
            )
        image = pygame.transform.rotate(image, int((1 - v) * 540) // 10 * 10)
        image.set_alpha(int(255 * alpha))
        surface.blit(image, image.get_rect(center=(x, y)))
        if v >= 1:
            label = fonts.render(
                self.t("routes.d6_label", route=face), self.px(14), theme.INK_LIGHT, True
            )
            box = label.get_rect(midleft=(x + size * 0.7, y)).inflate(self.px(10), self.px(4))
            pygame.draw.rect(surface, (150, 40, 40), box, border_radius=self.px(6))
            label.set_alpha(int(255 * alpha))
            surface.blit(label, label.get_rect(center=box.center))

    def _draw_loose(self, surface) -> None:
        for die in self.table.loose:
            v = die.t
            e = ease_in_out(v) if not die.bounces else v
            x0, y0 = die.src()
            x1, y1 = die.dst()
            x, y = lerp(x0, x1, e), lerp(y0, y1, e)
            if die.bounces:
                y -= abs(math.sin(v * math.pi * die.bounces)) * self.px(40) * (1 - v)
            y -= math.sin(math.pi * v) * self.px(die.hop)
            size = self.px(lerp(die.size0, die.size1, e))
            angle = die.angle + die.spin * (1 - v) if die.bounces else die.angle + die.spin * v
            image = self._die_image(die.shown_face(), size, angle)
            if die.fade:
                image = image.copy()
                image.set_alpha(int(255 * (1 - v)))
            surface.blit(image, image.get_rect(center=(x, y)))
        chip = self.table.flying_chip
        if chip is not None:
            number, pos = chip
            self._draw_chip(surface, number, True, pos, self.px(22))

    # -- players ---------------------------------------------------------------------
    def _draw_chip(
        self, surface, number: int, up: bool, pos: Point, size: int, squash: float = 1.0
    ) -> None:
        image = self._icon("routes_chip_up.svg" if up else "routes_chip_down.svg", size)
        if up:
            image = image.copy()
            label = fonts.render(str(number), max(8, int(size * 0.5)), (110, 70, 10), True)
            image.blit(label, label.get_rect(center=(size / 2, size * 0.48)))
        if squash < 1.0:
            image = pygame.transform.smoothscale(image, (max(1, int(size * squash)), size))
        surface.blit(image, image.get_rect(center=pos))

    def _draw_players(self, surface, shown) -> None:
        t = self.table
        totals = self.scores_now()["totals"]
        then = shown["totals"] if shown is not None else None
        for p in range(self.session.players):
            row = self.player_row(p)
            current = p == t.current
            fill = (255, 240, 214) if current else theme.PANEL
            draw_panel(
                surface,
                row,
                fill=fill,
                edge=theme.ACCENT if current else theme.PANEL_EDGE,
                radius=self.px(10),
            )
            if current:
                pygame.draw.rect(
                    surface, theme.ACCENT, row, width=max(2, self.px(3)), border_radius=self.px(10)
                )
            marker = self._marker_image(p)
            surface.blit(marker, marker.get_rect(center=(row.x + self.px(22), row.centery)))
            name_pos = (row.x + self.px(40), row.y + self.px(2))
            name_rect = draw_text(
                surface, self.seat_name(p), self.px(15), name_pos, theme.INK, bold=current
            )
            if p == t.parent:
                crown = self._icon("routes_parent.svg", self.px(22), self.px(17))
                surface.blit(
                    crown, crown.get_rect(midleft=(name_rect.right + self.px(6), name_rect.centery))
                )
                draw_text(
                    surface,
                    self.t("routes.parent_short"),
                    self.px(12),
                    (name_rect.right + self.px(31), name_rect.centery),
                    theme.INK_SOFT,
                    anchor="midleft",
                )
            # round chips (face up / face down) and dice taken this round; the chip the
            # person may turn now is ringed
            offer = self.mode == "chip" and self.deciding() == p
            for k, (number, up) in enumerate(t.chips[p]):
                if offer and up:
                    offer = False
                    pygame.draw.circle(
                        surface, theme.ACCENT, self.chip_pos(p, k), self.px(12), max(2, self.px(3))
                    )
                squash = 1.0
                if t.flip is not None and t.flip[:2] == (p, number):
                    squash = max(0.08, abs(math.cos(math.pi * t.flip[2])))
                    up = up and t.flip[2] < 0.5
                pos = self.chip_pos(p, k)
                self._draw_chip(surface, number, bool(up), pos, self.px(17), squash)
            if t.held[p]:
                hx, hy = self.held_pos(p)
                die = self._die_image(t.held_face[p] or 0, self.px(19))
                surface.blit(die, die.get_rect(center=(hx, hy)))
                draw_text(
                    surface,
                    f"×{t.held[p]}",
                    self.px(13),
                    (hx + self.px(11), hy),
                    theme.INK_SOFT,
                    anchor="midleft",
                )
            # the total now, and with the option looked at
            right = row.right - self.px(12)
            if then is not None and then[p] != totals[p]:
                colour = theme.GOOD if then[p] > totals[p] else theme.BAD
                r = draw_text(
                    surface,
                    str(then[p]),
                    self.px(22),
                    (right, row.centery),
                    colour,
                    bold=True,
                    anchor="midright",
                )
                draw_text(
                    surface,
                    f"{totals[p]} →",
                    self.px(16),
                    (r.x - self.px(6), row.centery),
                    theme.INK_SOFT,
                    anchor="midright",
                )
            else:
                draw_text(
                    surface,
                    str(totals[p]),
                    self.px(22),
                    (right, row.centery),
                    theme.INK,
                    bold=True,
                    anchor="midright",
                )

    # -- the person's controls ---------------------------------------------------------
    def _draw_action_panel(self, surface, focus: Choice | None) -> None:
        a = self.action_rect
        draw_panel(surface, a, radius=self.px(12))
        x, w = a.x + self.px(12), a.w - self.px(24)
        player = self.deciding()
        t = self.table
        if t.final:
            draw_text(
                surface,
                self.t("routes.final_title"),
                self.px(17),
                (x, a.y + self.px(8)),
                theme.ACCENT_DARK,
                bold=True,
            )
            self._wrapped(
                surface,
                self.t("routes.final_rule"),
                self.px(14),
                (x, a.y + self.px(34)),
                w,
                theme.INK,
                False,
                3,
            )
            return
        if player is None:
            current = t.current
            if current is not None:
                self._wrapped(
                    surface,
                    self.t("routes.prompt_wait", name=self.seat_name(current)),
                    self.px(17),
                    (x, a.y + self.px(12)),
                    w,
                    theme.INK,
                    True,
                    2,
                )
            self.draw_thinking(surface, (a.centerx, a.bottom - self.px(14)))
            return
        prompt = {
            "main": "routes.prompt_take"
            if self._control_prefix("take:")
            else "routes.prompt_optional",
            "C": "routes.prompt_c",
            "D": "routes.prompt_d",
            "chip": "routes.prompt_chip",
        }[self.mode]
        title = self.t("routes.your_phase", name=self.seat_name(player))
        draw_text(surface, title, self.px(17), (x, a.y + self.px(8)), theme.ACCENT_DARK, bold=True)
        self._wrapped(
            surface, self.t(prompt), self.px(14), (x, a.y + self.px(32)), w, theme.INK, False, 2
        )
        if focus is not None and focus.action is not None:
            # what the option looked at does (its totals show in the players' panel)
            self._wrapped(
                surface,
                self._option_text(focus.action),
                self.px(14),
                (x, a.y + self.px(68)),
                w,
                theme.BUTTON_FOCUS,
                True,
                2,
            )
        keys = {
            "main": "routes.keys_main",
            "C": "routes.keys_c",
            "D": "routes.keys_route",
            "chip": "routes.keys_chip",
        }[self.mode]
        self._wrapped(
            surface,
            self.t(keys),
            self.px(12),
            (x, a.bottom - self.px(28)),
            w,
            theme.INK_SOFT,
            False,
            1,
        )

    def _control_prefix(self, prefix: str) -> bool:
        return any(b.key.startswith(prefix) for b in self.controls)

    def _wrapped(self, surface, text, size, pos, width, colour, bold, max_lines) -> None:
        lines = fonts.wrap(text, size, width, bold)
        while len(lines) > max_lines and size > self.px(9):
            size -= 1
            lines = fonts.wrap(text, size, width, bold)
        x, y = pos
        for line in lines[:max_lines]:
            draw_text(surface, line, size, (x, y), colour, bold=bold)
            y += int(size * 1.3)

    def _option_text(self, action: Action) -> str:
        tr = self.t
        if isinstance(action, TakeAll):
            count = self.state.lid[action.face - 1]
            return tr(
                "routes.opt_all_single" if count == 1 else "routes.opt_all",
                face=action.face,
                count=count,
            )
        if isinstance(action, TakeOne):
            return tr("routes.opt_one", face=action.face)
        if isinstance(action, ChangeDie):
            return tr("routes.opt_change", frm=action.face, to=action.face + action.delta)
        if isinstance(action, PushMarker):
            return tr("routes.opt_push", route=action.route)
        if isinstance(action, TurnChip):
            return tr("routes.opt_chip", route=action.route)
        if isinstance(action, DeclineChip):
            return tr("routes.opt_pass")
        return tr("routes.opt_end")

    # -- banner and the final table ------------------------------------------------------
    def _draw_banner(self, surface) -> None:
        banner = self.table.banner
        if banner is None or banner[2] <= 0:
            return
        title, subtitle, alpha = banner
        box = pygame.Rect(0, 0, self.px(420), self.px(110))
        box.center = self.board.center
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*theme.BG_DARK, 235), layer.get_rect(), border_radius=self.px(16))
        draw_text(
            layer,
            title,
            self.px(34),
            (box.w // 2, self.px(38)),
            theme.INK_LIGHT,
            bold=True,
            anchor="center",
        )
        draw_text(
            layer,
            subtitle,
            self.px(20),
            (box.w // 2, self.px(80)),
            (255, 214, 150),
            anchor="center",
        )
        layer.set_alpha(int(255 * alpha))
        surface.blit(layer, box.topleft)

    def _winner_line(self) -> str:
        winners = self.table.winners or []
        names = [self.seat_name(p) for p in winners]
        if len(names) == 1:
            return self.t("app.winner", name=names[0])
        return self.t("app.winners", names=", ".join(names))

    def _draw_final(self, surface) -> None:
        t = self.table
        box = self.final_rect
        draw_panel(surface, box, radius=self.px(12))
        x = box.x + self.px(12)
        draw_text(
            surface,
            self.t("routes.final_title"),
            self.px(22),
            (x, box.y + self.px(10)),
            theme.INK,
            bold=True,
        )
        n = self.session.players
        first_w = self.px(96)
        cw = (box.w - self.px(24) - first_w) / n
        rows = ROUTES + 2
        top = box.y + self.px(44)
        row_h = min(self.px(36), (box.bottom - self.px(56) - top) / rows)
        for p in range(n):
            cx = x + first_w + (p + 0.5) * cw
            marker = self._marker_image(p)
            surface.blit(marker, marker.get_rect(midbottom=(cx, top + row_h * 0.55)))
            self._fit_text(
                surface,
                self.seat_name(p),
                self.px(12),
                (cx, top + row_h * 0.55),
                cw - self.px(4),
                theme.INK,
                p in (t.winners or []),
                "midtop",
            )
        top += row_h
        for r in range(ROUTES):
            route = r + 1
            y = top + r * row_h
            cell = pygame.Rect(x - self.px(4), int(y), box.w - self.px(16), int(row_h) - 2)
            if route == t.scoring_route:
                pygame.draw.rect(surface, (255, 228, 190), cell, border_radius=self.px(6))
            elif r % 2 == 0:
                pygame.draw.rect(surface, (246, 240, 228), cell, border_radius=self.px(6))
            badge_c = (x + self.px(12), cell.centery)
            pygame.draw.circle(surface, ROUTE_COLOURS[r], badge_c, self.px(11))
            draw_text(
                surface,
                str(route),
                self.px(14),
                badge_c,
                theme.INK_LIGHT,
                bold=True,
                anchor="center",
            )
            draw_text(
                surface,
                self.t("routes.route_n", n=route),
                self.px(14),
                (x + self.px(28), cell.centery),
                theme.INK,
                anchor="midleft",
            )
            points = t.final.get(route)
            if points is None:
                continue
            for p in range(n):
                cx = x + first_w + (p + 0.5) * cw
                value = points[p]
                draw_text(
                    surface,
                    str(value) if value else "–",
                    self.px(16),
                    (cx, cell.centery),
                    theme.INK if value > 0 else (theme.BAD if value < 0 else theme.INK_SOFT),
                    bold=bool(value),
                    anchor="center",
                )
        y = top + ROUTES * row_h + self.px(4)
        pygame.draw.line(
            surface, theme.PANEL_EDGE, (x, y), (box.right - self.px(12), y), max(1, self.px(2))
        )
        draw_text(
            surface,
            self.t("routes.total"),
            self.px(16),
            (x + self.px(4), y + row_h / 2),
            theme.INK,
            bold=True,
            anchor="midleft",
        )
        totals = t.totals or [sum(points[p] for points in t.final.values()) for p in range(n)]
        for p in range(n):
            cx = x + first_w + (p + 0.5) * cw
            won = t.winners is not None and p in t.winners
            if won:
                pill = pygame.Rect(0, 0, int(cw) - self.px(6), int(row_h) - self.px(4))
                pill.center = (int(cx), int(y + row_h / 2))
                pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=pill.h // 2)
            draw_text(
                surface,
                str(totals[p]),
                self.px(19),
                (cx, y + row_h / 2),
                theme.INK_LIGHT if won else theme.INK,
                bold=True,
                anchor="center",
            )
        if t.winners is not None:
            self._wrapped(
                surface,
                self._winner_line(),
                self.px(20),
                (x, y + row_h + self.px(8)),
                box.w - self.px(24),
                theme.ACCENT_DARK,
                True,
                1,
            )
