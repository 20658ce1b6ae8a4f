"""The Eight Routes events played as tweens on the display model (``model.table``):
dice tumbling from the dice roller's panel into the lid and sorted into their squares,
flying from the lid to the panel of who takes them, turned by C; markers walking along
their route a hop per space (from their owner's panel, or back to it) and stacking; the
round chip flying to the roller and turning face down; the route-by-route scoring."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.rules.protocol import Event
from game.rules.routes.events import (
    ChipDeclined,
    ChipOffered,
    ChipTaken,
    ChipTurned,
    D6Rolled,
    DiceSorted,
    DiceTaken,
    DieChanged,
    GameOver,
    MandatorySkipped,
    MarkerBlocked,
    MarkerMoved,
    PhaseEnded,
    PhaseStarted,
    Rolled,
    RoundEnded,
    RoundStarted,
    RouteScored,
)
from game.scenes.table.contract import TableHost
from game.ui.tween import Tween, ease_in_out

from .model import LooseDie, Point, RoutesModel, Walk
from .seats import Seats

# Seconds (at speed 1) for the main animations.
TUMBLE = 0.9
SORT = 0.5
WALK_BASE, WALK_PER_SPACE, WALK_MAX = 0.2, 0.09, 1.3  # a marker's walk
FROM_PANEL = 0.35  # a marker's flight between its owner's panel and the route


class Animator:
    """One handler per class of event (``animations``), each queuing tweens on the
    host's timeline."""

    def __init__(self, model: RoutesModel, host: TableHost, seats: Seats) -> None:
        self.model = model
        self.host = host
        self.seats = seats
        self.animations: dict[type[Event], Callable[[Any], None]] = {
            RoundStarted: self._round_start,
            ChipTaken: self._chip_taken,
            Rolled: self._roll,
            DiceSorted: self._dice_sorted,
            D6Rolled: self._d6_roll,
            PhaseStarted: self._phase_start,
            MandatorySkipped: self._mandatory_skipped,
            DiceTaken: self._dice_taken,
            MarkerMoved: self._marker_move,
            MarkerBlocked: self._marker_blocked,
            DieChanged: self._die_changed,
            ChipOffered: self._chip_offered,
            ChipTurned: self._chip_turned,
            ChipDeclined: self._chip_declined,
            PhaseEnded: self._phase_end,
            RoundEnded: self._round_end,
            RouteScored: self._route_scored,
            GameOver: self._game_over,
        }

    def _tween(self, duration: float, update=None, done=None, start=None, ease=ease_in_out) -> None:
        """One step of the timeline; ``start`` runs when it begins (after the steps
        queued before it), not when it is queued."""
        self.host.player.timeline.then(
            Tween(max(0.0, duration), update, done, ease, on_start=start)
        )

    def _sound(self, name: str) -> Callable[[], None]:
        return lambda: self.host.app.sound.play(name)

    def _round_start(self, event: RoundStarted) -> None:
        t = self.model.table

        def start():
            t.round, t.rounds, t.parent = event.round, event.rounds, event.player
            t.current = None
            t.banner = [
                self.host.t.round(event.round, event.rounds),
                self.host.t("routes.turn_roll", name=self.host.seat_name(event.player)),
                0.0,
            ]

        def show(v):
            t.banner[2] = min(1.0, v * 6, (1 - v) * 6)

        self._tween(1.1, show, lambda: setattr(t, "banner", None), start, ease=lambda v: v)

    def _chip_taken(self, event: ChipTaken) -> None:
        """The round chip flies from the round's label to the roller's panel, spinning."""
        player, chip = event.player, event.chip
        t = self.model.table

        def update(v):
            t.flying_chip = (player, chip, v)

        def done():
            t.flying_chip = None
            t.chips[player].append([chip, 1])

        self._tween(0.7, update, done, self._sound("pop"), ease=lambda v: v)

    def _roll(self, event: Rolled) -> None:
        player = event.player
        assert player is not None  # the dice roller's (ER-10)
        t = self.model.table
        faces = event.faces
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
            self.host.app.sound.play("dice")

        def update(v):
            for k, die in enumerate(dice):
                die.t = min(1.0, v * (1 + 0.02 * k))

        self._tween(TUMBLE, update, None, start, ease=lambda v: 1 - (1 - v) ** 2)

    def _hand_anchor(self, player: int) -> Callable[[], Point]:
        return lambda: self.seats.spot(player, "portrait")

    def _lid_anchor(self, u: float, v: float) -> Callable[[], Point]:
        def anchor():
            r = self.model.felt
            return (r.x + u * r.w, r.y + v * r.h)

        return anchor

    def _slot_anchor(self, face: int, index: int, count: int) -> Callable[[], Point]:
        return lambda: self.model.slot(face, index, count)[0]

    def _dice_sorted(self, event: DiceSorted) -> None:
        t = self.model.table
        lid = event.lid

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
                die.size1 = self.model.slot(f, index, lid[f - 1])[1] / max(self.host.s, 0.01)
                die.spin = -die.angle + self.model.rest_angle(f, index)
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

    def _d6_roll(self, event: D6Rolled) -> None:
        t = self.model.table

        def start():
            t.d6 = [event.face, 0.0, 1.0]
            self.host.app.sound.play("dice")

        def update(v):
            t.d6[1] = v

        self._tween(0.7, update, None, start)
        self._tween(0.35)

    def _phase_start(self, event: PhaseStarted) -> None:
        player = event.player
        t = self.model.table

        def start():
            t.current = player

        def fade(v):
            if t.d6 is not None:
                t.d6[2] = 1 - v

        def done():
            t.d6 = None

        self._tween(0.3 if t.d6 is not None else 0.15, fade, done, start)

    def _mandatory_skipped(self, _event: MandatorySkipped) -> None:
        self._tween(0.4)

    def _dice_taken(self, event: DiceTaken) -> None:
        player = event.player
        assert player is not None  # the taker's
        t = self.model.table
        face, count, lid = event.face, event.count, event.lid
        dice = []

        def start():
            old = t.lid[face - 1]
            for k in range(count):
                index = old - count + k
                first, count_then = max(0, index), max(old, 1)
                size = self.model.slot(face, first, count_then)[1]
                src = lambda i=first, n=count_then: self.model.slot(face, i, n)[0]
                dice.append(
                    LooseDie(
                        face,
                        src,
                        self._held_anchor(player),
                        size / max(self.host.s, 0.01),
                        26,
                        hop=30 + 6 * k,
                        spin=180,
                        angle=self.model.rest_angle(face, index),
                    )
                )
            t.loose.extend(dice)
            t.lid = list(lid)
            self.host.app.sound.play("click")

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
        return lambda: self.seats.spot(player, "held")

    def _marker_move(self, event: MarkerMoved) -> None:
        """The marker walks along its route a hop per space; one placed comes from its
        owner's panel, one leaving goes back to it; the markers above one that leaves a
        stack drop by one."""
        player = event.player
        t = self.model.table
        route, start_space, end_space = event.route, event.frm, event.to
        key = (route, player)
        to_stack = event.stack if event.stack is not None else 0
        from_stack = event.from_stack if event.from_stack is not None else 0
        dropping: list[list[float]] = []
        walk = Walk(start_space, from_stack, end_space, to_stack)

        def start():
            t.spots.pop(key, None)
            if start_space:
                # the markers above a leaving marker drop by one (the rules send no event)
                for (r, _), spot in t.spots.items():
                    if r == route and spot[0] == start_space and spot[1] > from_stack:
                        spot[1] -= 1
                        spot[2] += 1.0
                        dropping.append(spot)
            t.walks[key] = walk
            self.host.app.sound.play("slide")

        def update(v):
            walk.t = v
            for spot in dropping:
                spot[2] = max(0.0, 1.0 - v * 3)

        def done():
            t.walks.pop(key, None)
            for spot in dropping:
                spot[2] = 0.0
            if end_space:
                t.spots[key] = [end_space, to_stack, 0.0]

        spaces = (
            abs(end_space - start_space) if start_space and end_space else end_space or start_space
        )
        duration = min(WALK_MAX, WALK_BASE + WALK_PER_SPACE * spaces)
        if not start_space or not end_space:
            duration += FROM_PANEL
        self._tween(duration, update, done, start, ease=lambda v: v)

    def _marker_blocked(self, event: MarkerBlocked) -> None:
        player = event.player
        t = self.model.table

        def update(v):
            t.shake = (event.route, player, v)

        self._tween(
            0.4, update, lambda: setattr(t, "shake", None), self._sound("bonk"), ease=lambda v: v
        )

    def _die_changed(self, event: DieChanged) -> None:
        t = self.model.table
        old_face, new_face, lid = event.frm, event.to, event.lid
        die_box = []

        def start():
            old = t.lid[old_face - 1]
            index = max(0, old - 1)
            src = lambda: self.model.slot(old_face, index, max(old, 1))[0]
            size = self.model.slot(old_face, index, max(old, 1))[1] / max(self.host.s, 0.01)
            new_count = lid[new_face - 1]
            dst_index = new_count - 1
            dst = self._slot_anchor(new_face, dst_index, new_count)
            size1 = self.model.slot(new_face, dst_index, new_count)[1] / max(self.host.s, 0.01)
            die = LooseDie(
                old_face,
                src,
                dst,
                size,
                size1,
                hop=26,
                spin=360,
                angle=self.model.rest_angle(old_face, index),
                switch_to=new_face,
            )
            die_box.append(die)
            t.loose.append(die)
            t.lid[old_face - 1] -= 1
            self.host.app.sound.play("dice")

        def update(v):
            die_box[0].t = v

        def done():
            if die_box and die_box[0] in t.loose:
                t.loose.remove(die_box[0])
            t.lid = list(lid)

        self._tween(0.6, update, done, start)

    def _chip_offered(self, _event: ChipOffered) -> None:
        self._tween(0.2)

    def _chip_turned(self, event: ChipTurned) -> None:
        player, number = event.player, event.chip
        t = self.model.table

        def update(v):
            t.flip = (player, number, v)

        def done():
            t.flip = None
            for chip in t.chips[player]:
                if chip[0] == number:
                    chip[1] = 0

        self._tween(0.45, update, done, self._sound("click"))

    def _chip_declined(self, _event: ChipDeclined) -> None:
        self._tween(0.1)

    def _phase_end(self, _event: PhaseEnded) -> None:
        self._tween(0.15)

    def _round_end(self, _event: RoundEnded) -> None:
        t = self.model.table
        dice = []

        def start():
            for face in range(1, 9):
                count = t.lid[face - 1]
                for index in range(count):
                    size = self.model.slot(face, index, count)[1]
                    dice.append(
                        LooseDie(
                            face,
                            self._slot_anchor(face, index, count),
                            self.model.lid_centre,
                            size / max(self.host.s, 0.01),
                            16,
                            hop=10,
                            spin=90,
                            fade=True,
                            angle=self.model.rest_angle(face, index),
                        )
                    )
            for p, count in enumerate(t.held):
                for k in range(min(count, 6)):
                    dice.append(
                        LooseDie(
                            t.held_face[p] or 0,
                            self._held_anchor(p),
                            self.model.lid_centre,
                            26,
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

    def _route_scored(self, event: RouteScored) -> None:
        t = self.model.table
        route = event.route

        def start():
            t.scoring_route = route
            t.final[route] = list(event.points)
            t.current = None
            for p in event.order:
                points = event.points[p]
                if points:
                    t.pops.append([route, p, f"{points:+d}", 0.0])
            self.host.app.sound.play("pop")

        def update(v):
            for pop in t.pops:
                pop[3] = v

        def done():
            t.pops.clear()

        self._tween(0.9, update, done, start)

    def _game_over(self, event: GameOver) -> None:
        t = self.model.table

        def start():
            t.scoring_route = None
            t.totals = list(event.totals)
            t.winners = list(event.winners)

        self._tween(1.8, None, None, start)
