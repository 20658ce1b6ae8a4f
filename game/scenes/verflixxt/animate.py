"""The Verflixxt! scene's animations: each event becomes tweens on the display model
(an event class -> handler map, ``animations``, for the table scene), never on the state."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from game.rules.protocol import Event
from game.rules.verflixxt.data import FINISH
from game.rules.verflixxt.events import (
    Attacked,
    CardDrawn,
    CardPlayed,
    ChipWon,
    GameEnded,
    HatDrawCard,
    HatDrawEnded,
    HatDrawTied,
    HatKept,
    HatMoved,
    PieceHome,
    PieceMoved,
    Reshuffled,
    Rolled,
    Skipped,
    Stopped,
    TileTaken,
    TrackClosed,
    TurnBegan,
)
from game.scenes.table.contract import TableHost
from game.ui import theme
from game.ui.tween import Tween, ease_in_out, lerp

from .draw import Drawing
from .layout import Layout
from .model import BAD, GOOD, Flyer, Point, VerflixxtModel, Walk, _face, _signed, spread
from .seats import Seats
from .texts import Texts

# Seconds (at speed 1) of the main animations.
HOP_PER_TILE, HOP_MIN, HOP_MAX = 0.16, 0.3, 1.5
CLOSE = 0.45
TUMBLE = 0.8


def _who(event: Event) -> int:
    """The seat an event is about (every event whose handler moves a seat's things names it)."""
    assert event.player is not None, f"{event.kind} names no player"
    return event.player


class Animator:
    """Events to tweens: the pieces walk, tiles and cards fly, the die tumbles."""

    def __init__(
        self,
        model: VerflixxtModel,
        host: TableHost,
        texts: Texts,
        layout: Layout,
        seats: Seats,
        drawing: Drawing,
    ) -> None:
        self.model = model
        self.host = host
        self.texts = texts
        self.layout = layout
        self.seats = seats
        self.drawing = drawing
        self.animations: dict[type[Event], Callable[[Any], None]] = {
            Rolled: self._play_roll,
            CardPlayed: self._play_play,
            PieceMoved: self._play_move,
            TileTaken: self._play_take,
            TrackClosed: self._play_close,
            PieceHome: self._play_home,
            HatMoved: self._play_hat,
            HatKept: self._play_hat_keep,
            ChipWon: self._play_chip,
            Stopped: self._play_stop,
            Attacked: self._play_attack,
            Reshuffled: self._play_reshuffle,
            CardDrawn: self._play_draw,
            HatDrawCard: self._play_hat_draw,
            HatDrawTied: self._play_hat_tie,
            HatDrawEnded: self._play_hat_draw_end,
            Skipped: self._play_skip,
            TurnBegan: self._play_turn,
            GameEnded: self._play_end,
        }

    # == events -> tweens ==========================================================
    def _tween(
        self,
        duration: float,
        update=None,
        done=None,
        start=None,
        ease=ease_in_out,
        together: bool = False,
    ) -> None:
        tween = Tween(max(0.0, duration), update, done, ease, on_start=start)
        if together:
            self.host.player.timeline.also(tween)
        else:
            self.host.player.timeline.then(tween)

    def _sound(self, name: str) -> Callable[[], None]:
        return lambda: self.host.app.sound.play(name)

    def _fly(
        self,
        flyer: Flyer,
        duration: float,
        done=None,
        start=None,
        sound: str = "",
        together: bool = False,
    ) -> None:
        t = self.model.table

        def begin():
            if start:
                start()
            t.flyers.append(flyer)
            if sound:
                self.host.app.sound.play(sound)

        def update(v):
            flyer.t = v

        def end():
            if flyer in t.flyers:
                t.flyers.remove(flyer)
            if done:
                done()

        self._tween(duration, update, end, begin, together=together)

    def _pop(
        self,
        text: str,
        anchor: Callable[[], Point],
        colour=theme.INK,
        duration: float = 0.9,
        together: bool = True,
    ) -> None:
        t = self.model.table
        pop = [text, anchor, 0.0, colour]

        def update(v):
            pop[2] = v

        def done():
            if pop in t.pops:
                t.pops.remove(pop)

        self._tween(
            duration, update, done, lambda: t.pops.append(pop), ease=lambda v: v, together=together
        )

    def _row_anchor(self, player: int) -> Callable[[], Point]:
        return lambda: self.seats.seat_anchor(player)

    def _play_roll(self, event: Rolled) -> None:
        t = self.model.table

        def start():
            t.tumble = 0.0
            t.die = event.die
            self.host.app.sound.play("dice")

        def update(v):
            t.tumble = v

        def done():
            t.tumble = None

        self._tween(TUMBLE, update, done, start, ease=lambda v: 1 - (1 - v) ** 2)

    def _play_play(self, event: CardPlayed) -> None:
        player = _who(event)
        t = self.model.table
        card = event.card
        viewer_hand = player == self.host.private_player and card in t.hand
        index = t.hand.index(card) if viewer_hand else 0
        src = (lambda: self.layout.hand_slot(index)) if viewer_hand else self.hand_anchor_fn(player)
        flyer = Flyer(
            "card",
            card,
            src,
            lambda: self.model.discard_rect.center,
            self.model.card_w / self.host.s if viewer_hand else 24,
            46,
            hop=30,
        )

        def start():
            if viewer_hand and card in t.hand:
                t.hand.remove(card)
            t.hand_counts[player] = max(0, t.hand_counts[player] - 1)

        self._fly(flyer, 0.4, lambda: setattr(t, "discard", card), start, "click")
        if event.piece is None:
            self._pop(self.host.t("verflixxt.pop_zero"), lambda: self.model.discard_rect.midtop)

    def hand_anchor_fn(self, player: int) -> Callable[[], Point]:
        return lambda: self.seats.hand_anchor(player)

    def _play_move(self, event: PieceMoved) -> None:
        t = self.model.table
        piece, origin, dest, path = event.piece, event.origin, event.dest, list(event.path)
        if not path:

            def wiggle(v):
                t.wiggle[piece] = v

            self._tween(0.3, wiggle, lambda: t.wiggle.pop(piece, None), ease=lambda v: v)
            return
        walk = Walk(piece, [])

        def start():
            groups = self.layout.groups()
            here = self.layout.piece_spot(piece, groups) or self.layout.tile_centre(origin)
            ox, oy = self.layout.tile_centre(origin)
            size = self.layout.tile_size(origin)
            offset = ((here[0] - ox) / size, (here[1] - oy) / size)
            t.pieces.pop(piece, None)
            groups = self.layout.groups()
            land = self.layout.landing_spot(piece, dest, groups)
            dx, dy = self.layout.tile_centre(dest)
            dsize = self.layout.tile_size(dest)
            land_offset = ((land[0] - dx) / dsize, (land[1] - dy) / dsize)

            def at(tile, off):
                def point():
                    cx, cy = self.layout.tile_centre(tile)
                    size = self.layout.tile_size(tile)
                    return (cx + off[0] * size, cy + off[1] * size)

                return point

            walk.points = [at(origin, offset)]
            for tile in path[:-1]:
                walk.points.append(at(tile, (0.0, -0.02)))
            walk.points.append(at(dest, land_offset))
            t.walks[piece] = walk
            self.host.app.sound.play("bonk" if event.cause == "attack" else "slide")

        def update(v):
            walk.t = v

        def done():
            t.walks.pop(piece, None)
            t.pieces[piece] = dest

        duration = min(HOP_MAX, max(HOP_MIN, HOP_PER_TILE * len(path) + 0.1))
        self._tween(duration, update, done, start, ease=lambda v: v)

    def _play_take(self, event: TileTaken) -> None:
        player = _who(event)
        t = self.model.table
        tile = event.tile
        pile = len(t.taken[player])
        here = self.layout.tile_centre(tile)

        def start():
            t.gone.add(tile)

        def done():
            t.taken[player].append(tile)

        flyer = Flyer(
            "tile",
            tile,
            lambda: here,
            lambda: self.seats.pile_slot(player, pile, pile + 1),
            self.model.tile_px / self.host.s,
            self.seats.pile_layout(player, pile + 1)[3] / self.host.s,
            hop=60,
        )
        self._fly(flyer, 0.55, done, start, "pop")

    def _play_close(self, event: TrackClosed) -> None:
        t = self.model.table
        track = list(event.track)
        target = spread(track)
        before: dict[str, float] = {}

        def start():
            before.update({tile: t.u.get(tile, target[tile]) for tile in track})
            t.track = track

        def update(v):
            for tile in track:
                t.u[tile] = lerp(before[tile], target[tile], v)

        def done():
            t.u = dict(target)
            t.gone.discard(event.tile)

        self._tween(CLOSE, update, done, start)

    def _play_home(self, event: PieceHome) -> None:
        key = "verflixxt.pop_exact" if event.exact else "verflixxt.pop_home"
        self._pop(
            self.host.t(key),
            lambda: self.layout.tile_rect(FINISH).midtop,
            GOOD,
            together=False,
            duration=0.5,
        )
        self._tween(0.0, start=self._sound("chirp"), together=True)

    def _play_hat(self, event: HatMoved) -> None:
        player = _who(event)
        t = self.model.table
        hat, how = event.hat, event.how
        size = self.model.tile_px * 0.42 / self.host.s
        if event.origin is None:  # dealt (VX-22)
            src = (
                (lambda: self.layout.contest_row(player).midleft)
                if t.contest is not None
                else self._row_anchor(player)
            )
        else:
            src = self.drawing.pawn_head(event.origin)
        if event.dest is None:  # home (VX-29)
            dst = self.hats_anchor_fn(player)
        else:
            dst = self.drawing.pawn_head(event.dest)

        def start():
            if t.hats.get(hat) is not None:
                t.hats[hat] = None

        def done():
            if how == "home":
                t.hats_home[player].append(hat)
            else:
                t.hats[hat] = event.dest

        flyer = Flyer("hat", hat, src, dst, size, size if how != "home" else 26, hop=50)
        self._fly(flyer, 0.55, done, start, "pop")
        if how == "home":
            points = event.points
            self._pop(
                _signed(points) if points else "",
                self.hats_anchor_fn(player),
                GOOD if points > 0 else BAD,
            )

    def hats_anchor_fn(self, player: int) -> Callable[[], Point]:
        return lambda: self.seats.hats_anchor(player)

    def _play_hat_keep(self, event: HatKept) -> None:
        self._tween(0.15)

    def _play_chip(self, event: ChipWon) -> None:
        player = _who(event)
        t = self.model.table
        value = event.value
        count = len(t.chips_won[player])

        def start():
            if t.chips:
                t.chips.pop(0)

        def done():
            t.chips_won[player].append(value)

        def dst():
            x, y = self.seats.chips_anchor(player)
            return (x + count * self.host.px(20) + self.host.px(10), y)

        flyer = Flyer(
            "chip",
            value,
            self.layout.chip_stack_pos,
            dst,
            self.model.tile_px * 0.52 / self.host.s,
            18,
            hop=50,
        )
        self._fly(flyer, 0.6, done, start, "pop")
        self._pop(f"+{value}", self.layout.chip_stack_pos, GOOD)

    def _play_stop(self, event: Stopped) -> None:
        self._tween(0.2)

    def _play_attack(self, event: Attacked) -> None:
        player = _who(event)
        t = self.model.table
        tile = event.tile
        cards = list(event.cards)
        viewer_hand = player == self.host.private_player

        def start():
            if viewer_hand:
                for card in cards:
                    if card in t.hand:
                        t.hand.remove(card)
            t.hand_counts[player] = 0
            t.banner = [
                self.host.t("verflixxt.banner_attack", name=self.host.seat_name(player)),
                self.host.t(
                    "verflixxt.banner_attack_sub",
                    value=_face(event.value),
                    tile=self.texts.tile_name(tile),
                ),
                0.0,
            ]
            self.host.app.sound.play("bonk")

        def update(v):
            t.shake = (tile, v)
            t.banner[2] = min(1.0, v * 5, (1 - v) * 5)

        def done():
            t.shake = None
            t.banner = None
            t.discard = cards[-1] if cards else t.discard

        self._tween(0.9, update, done, start, ease=lambda v: v)
        for k, card in enumerate(cards):
            src = partial(self.layout.hand_slot, k) if viewer_hand else self.hand_anchor_fn(player)
            self._fly(
                Flyer(
                    "card",
                    card,
                    src,
                    lambda: self.model.discard_rect.center,
                    self.model.card_w / self.host.s if viewer_hand else 24,
                    46,
                    hop=30,
                ),
                0.4,
                together=True,
            )

    def _play_reshuffle(self, event: Reshuffled) -> None:
        t = self.model.table

        def done():
            t.deck = event.cards
            t.discard = None

        self._fly(
            Flyer(
                "back",
                None,
                lambda: self.model.discard_rect.center,
                lambda: self.model.deck_rect.center,
                46,
                46,
                hop=20,
            ),
            0.35,
            done,
            sound="slide",
        )

    def _play_draw(self, event: CardDrawn) -> None:
        player = _who(event)
        t = self.model.table
        card = event.card
        mine = card is not None and player == self.host.private_player
        index = min(1, max(0, event.hand - 1))
        dst = (lambda: self.layout.hand_slot(index)) if mine else self.hand_anchor_fn(player)

        def start():
            t.deck = max(0, t.deck - 1)

        def done():
            t.hand_counts[player] = event.hand
            if mine:
                t.hand.append(card)
                t.hand.sort()

        self._fly(
            Flyer(
                "card" if mine else "back",
                card,
                lambda: self.model.deck_rect.center,
                dst,
                46,
                self.model.card_w / self.host.s if mine else 20,
                hop=24,
            ),
            0.3,
            done,
            start,
        )

    def _play_hat_draw(self, event: HatDrawCard) -> None:
        player = _who(event)
        t = self.model.table
        card = event.card

        def start():
            t.deck = max(0, t.deck - 1)
            if t.contest is None:
                t.contest = {p: [] for p in range(self.host.session.players)}
            t.contest_alpha = 1.0
            t.current = player

        def dst():
            row = self.layout.contest_row(player)
            k = len((t.contest or {}).get(player, []))
            return (self.layout.contest_cards_x() + k * self.host.px(34), row.centery)

        def done():
            if t.contest is not None:
                t.contest[player].append(card)

        self._fly(
            Flyer("card", card, lambda: self.model.deck_rect.center, dst, 46, 28, hop=40),
            0.45,
            done,
            start,
            "click",
        )

    def _play_hat_tie(self, event: HatDrawTied) -> None:
        names = self.host.t("verflixxt.list_sep").join(
            self.host.seat_name(p) for p in event.players
        )
        self._banner(
            self.host.t(f"verflixxt.banner_tie_{event.place}"),
            self.host.t("verflixxt.banner_tie_sub", names=names),
            1.3,
        )

    def _banner(self, title: str, subtitle: str, duration: float) -> None:
        t = self.model.table

        def start():
            t.banner = [title, subtitle, 0.0]

        def update(v):
            if t.banner is not None:
                t.banner[2] = min(1.0, v * 6, (1 - v) * 6)

        self._tween(duration, update, lambda: setattr(t, "banner", None), start, ease=lambda v: v)

    def _play_hat_draw_end(self, event: HatDrawEnded) -> None:
        t = self.model.table
        self._banner(
            self.host.t("verflixxt.banner_hats", lucky=self.host.seat_name(event.lucky)),
            self.host.t("verflixxt.banner_hats_sub", unlucky=self.host.seat_name(event.unlucky)),
            1.6,
        )

        def fade(v):
            t.contest_alpha = 1 - v

        def done():
            t.contest = None
            t.contest_alpha = 1.0
            if event.cards:
                t.discard = event.cards[-1]

        self._tween(0.4, fade, done)

    def _play_skip(self, event: Skipped) -> None:
        player = _who(event)
        self._pop(
            self.host.t("verflixxt.pop_skip"),
            self._row_anchor_mid(player),
            theme.INK_SOFT,
            duration=0.5,
            together=False,
        )

    def _row_anchor_mid(self, player: int) -> Callable[[], Point]:
        return lambda: self.host.plan.seats[player].center

    def _play_turn(self, event: TurnBegan) -> None:
        player = _who(event)
        t = self.model.table

        def start():
            t.current = player
            t.round = event.round
            if not self.host.state.hats_variant:
                t.die = None

        self._tween(0.1, start=start)

    def _play_end(self, event: GameEnded) -> None:
        t = self.model.table
        names = self.host.t("verflixxt.list_sep").join(
            self.host.seat_name(p) for p in event.winners
        )

        def start():
            t.current = None
            t.winners = list(event.winners)

        self._tween(0.0, start=start)
        self._banner(
            self.host.t("verflixxt.banner_end"),
            self.host.t("verflixxt.banner_end_sub", names=names),
            1.6,
        )
