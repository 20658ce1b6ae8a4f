"""Verflixxt! at the table: the track winds across a meadow as a serpentine road of tiles
(plus green, minus red, lucky clovers, risk tiles showing both values) from the start tile
to the finish, with the guardians and the players' pawns fanned out on their tiles and the
lucky (green) and unlucky (red) hats on the pawns that wear them. Taken tiles fly to their
taker's pile and the track closes up; the die tumbles (base game); movement cards are
played from the hand and goal chips fly from the stack beside the finish (expansion 2).

The table draws a display model (:class:`~.model._Table`) that only the events change,
animated by tweens; once the table is idle after being busy it is put back in line with
the state (``sync``), so skipping an animation can never leave a piece astray. Where a
piece would land is never worked out here: the preview applies the action to a copy of the
state and reads the ``move`` events it gives. Clause ids (VX-n) refer to
``docs/rules/verflixxt.md``.

:class:`VerflixxtTable` is what the shared table scene asks a game
(:class:`~game.scenes.table.contract.GameTable`), composed of plain objects around one
:class:`~.model.VerflixxtModel` (issue #26): :class:`~.art.Art` (the images),
:class:`~.texts.Texts` (names and sentences), :class:`~.layout.Layout` (where things are),
:class:`~.controls.Controls` (the person's choices and keys, with their
:class:`~game.ui.choices.Choices`), :class:`~.seats.Seats` (the header, the seat panels,
the hint, the legend), :class:`~.bar.Bar` (the die or the cards under the prompt),
:class:`~.draw.Drawing` (the board and what flies over it, in two layers) and
:class:`~.animate.Animator` (events as tweens). Each takes the model, the scene as a
:class:`~game.scenes.table.contract.TableHost` and the parts it uses.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules.protocol import Action, Event
from game.rules.verflixxt import score_breakdown
from game.rules.verflixxt.data import FINISH, START
from game.rules.verflixxt.decisions import DrawForHats
from game.rules.verflixxt.events import CardDrawn, PieceMoved, TileTaken
from game.scenes.table.contract import FrameCut, Resync, TableDefaults, TableHost
from game.scenes.table.end_screen import Breakdown
from game.scenes.table.frame_plan import TablePlan
from game.scenes.table.news_marks import Mark, Point

from .animate import Animator
from .art import Art
from .bar import Bar
from .controls import Controls
from .draw import Drawing
from .layout import (
    BAR_H_BASE,
    BAR_H_HATS,
    BAR_H_SMALL,
    SEAT_H,
    SIDE_W,
    SIDE_W_SMALL,
    SMALL_S,
    Layout,
)
from .model import VerflixxtModel, _Table, asked_now, spread
from .seats import Seats
from .subject import LessonSubject
from .texts import Texts


class VerflixxtTable(TableDefaults):
    """Verflixxt! for the shared table scene (a GameTable)."""

    buttons_in_still = True  # the frame's buttons stand still with the board and the bar
    resync: Resync = "idle_after_busy"

    def __init__(self, host: TableHost) -> None:
        self.host = host
        state = host.state
        total_tiles = len(state.track) + sum(len(p) for p in state.taken)
        self.model = model = VerflixxtModel(self._table_from_state(), total_tiles)
        self.art = Art(model, host)
        self.texts = Texts(model, host)
        self.geometry = layout = Layout(model, host, self.art)
        self.controls = Controls(model, host, self.texts, layout)
        self.choices = choices = self.controls.choices
        self.seats = Seats(model, host, self.art, self.texts, choices)
        self.bar = Bar(model, host, self.art, layout, choices)
        self.drawing = Drawing(model, host, self.art, layout, choices, self.seats, self.bar)
        self.lesson_subject = LessonSubject(model, host, layout, self.controls)
        self.animations = Animator(
            model, host, self.texts, layout, self.seats, self.drawing
        ).animations
        if host.session.actions:
            self.sync()
        else:
            # The opening deal (VX-21) happened in new_game: deal it for everybody to see,
            # face down (nobody's hand is on screen before the first person is asked).
            dealt = sum(len(h) for h in state.hands)
            model.table.deck += dealt
            model.table.hand_counts = [0] * state.players
            # (queued here: the scene asks plays_unseen only once this table is made)
            viewer = host.private_player
            host.player.events.extend(
                e for e in state.opening_events if e.seen_by(viewer) or self.plays_unseen(e)
            )

    # -- what just happened (issue #38) ----------------------------------------------------
    def celebrate(self, player: int) -> list[pygame.Rect]:
        """Seat ``player``'s pawns where they stand on the road (issue #38)."""
        layout, out = self.geometry, []
        groups = layout.groups()
        for piece in sorted(self.model.table.pieces):
            if piece.startswith("g") or not piece.startswith(str(player)):
                continue
            feet = layout.piece_spot(piece, groups)
            if feet is not None:
                out.append(layout.piece_rect(piece, feet, layout.scale_of(piece, groups)))
        return out

    def news_marks(self, event: Event) -> list[Mark]:
        """A pawn's (or a guardian's) way along the road, a ring on the tile it stopped
        on; the tile just taken, newest in its seat's pile."""
        layout, table = self.geometry, self.model.table
        if isinstance(event, PieceMoved) and event.path:

            def at(tile: str) -> Callable[[], Point | None]:
                def where() -> Point | None:  # a tile taken since is no place any more
                    on_road = tile in (START, FINISH) or (
                        tile in table.u and tile not in table.gone
                    )
                    return layout.tile_centre(tile) if on_road else None

                return where

            def reach() -> float:  # around the tile it stopped on
                return self.model.tile_px * 0.78

            trail = [at(event.origin), *(at(tile) for tile in event.path)]
            return [Mark(event.player, f"piece:{event.piece}", trail, reach=reach)]
        if isinstance(event, TileTaken) and event.player is not None:
            player = event.player

            def newest() -> pygame.Rect | None:
                count = len(table.taken[player])
                if not count:
                    return None
                x, y = self.seats.pile_slot(player, count - 1, count)
                size = self.seats.pile_layout(player, count)[3]
                return pygame.Rect(round(x - size / 2), round(y - size / 2), size, size)

            return [Mark(player, f"taken:{player}", spot=newest)]
        return []

    # -- the frame -------------------------------------------------------------------------
    @property
    def cut(self) -> FrameCut:
        """The bar under the board: the prompt's line over the die (base game) or the
        cards and the buttons (hats game)."""
        bar_h = BAR_H_HATS if self.host.state.hats_variant else BAR_H_BASE
        if self.host.s < SMALL_S:
            bar_h = BAR_H_SMALL
        return FrameCut(bar_h=bar_h, hint_lines=1, seat_h=SEAT_H)

    def plan(self, size: tuple[int, int]) -> TablePlan | None:
        """The shared frame (issue #16) with its side column a drawer (issue #38: the
        board takes the table; the seats' tiles and the log open over it), and the "How
        it scores" legend under the seat panels, in the drawer, when the seats keep the
        room they want beside it (else it is the rules' help, F1, alone)."""
        host, cut = self.host, self.cut
        side_w = SIDE_W_SMALL if host.s < SMALL_S else SIDE_W
        shape = {"bar_h": cut.bar_h, "hint_lines": cut.hint_lines, "seat_h": cut.seat_h}
        # the base game's die is thrown in the bar: the whole table watches it, so the bar
        # stays on a table played from phones (issue #39); the hats game's bar is the
        # piles and a person's hand, gone there
        public = not host.state.hats_variant
        plan = host.plan_frame(size, side_w=side_w, drawer=True, public_bar=public, **shape)
        if plan.drawer is None:  # a lesson, the hosting window: their column as it was
            return plan
        legend = self.seats.legend_height(plan.drawer.side.w)
        if legend:
            with_legend = host.plan_frame(
                size,
                side_w=side_w,
                drawer=True,
                public_bar=public,
                extra_h=legend / host.s,
                **shape,
            )
            drawer = with_legend.drawer
            rows = drawer.seats if drawer is not None else with_legend.seats
            if rows[0].h < host.px(cut.seat_h[0]):  # the seats first: plan again
                host.plan_frame(size, side_w=side_w, drawer=True, public_bar=public, **shape)
        return host.plan

    def coach_place(self, w: int, h: int) -> pygame.Rect:
        """Where the Coach button (issue #40) stands: the place the bar keeps for it at
        its right end, right of the die's or the cards' buttons (playtest: placed left
        of them, at Larger text it lay over the die or the hand's label)."""
        slot = self.model.coach_slot
        rect = pygame.Rect(0, 0, min(w, slot.w), min(h, slot.h))
        rect.midright = slot.midright
        return rect

    def coach_show(self, action: Action) -> bool:
        """The coach's option on the board (issue #40): see Controls.coach_show."""
        return self.controls.coach_show(action)

    def drawn_extent(self) -> pygame.Rect:
        """The box around the road and its tiles (issue #38)."""
        return self.geometry.road_extent()

    def layout(self, plan: TablePlan) -> None:
        self.geometry.cut(plan)
        self.art.forget()
        self.seats.forget()
        self.drawing.forget()

    def update(self, dt: float) -> None:
        self.model.clock += dt  # the pulses

    def before_frame(self) -> None:
        """The controls follow the state, then what the option looked at would do: the
        bar's hint (still) and the preview (moving) both show it."""
        self.controls.rebuild()
        focus = self.choices.attention()
        shown: list[tuple[Action, list[Event]]] = []
        if focus is not None:
            for action in focus.previews:
                events = self.choices.preview(action)
                if events:
                    shown.append((action, events))
        self.model.shown = shown

    def plays_unseen(self, event: Event) -> bool:
        """Nobody's private things are on screen (computer seats only, or before the first
        person is asked): the face-down twin of a secret draw is shown (V-15)."""
        return (
            self.host.private_player is None and isinstance(event, CardDrawn) and event.card is None
        )

    def describe(self, event: Event) -> str | None:
        return self.texts.describe(event)

    def breakdown(self) -> Breakdown:
        """Each seat's score as the rules sum it (VX-30): track tiles, what the lucky tiles
        added, and with the hats variant the risk tiles, goal chips and hats."""
        state, t = self.host.state, self.host.t
        parts = ["track", "lucky"]
        if state.hats_variant:  # risk tiles, chips and hats exist only there
            parts += ["risk", "chips", "hats"]
        rows = score_breakdown(state)
        return Breakdown(
            tuple(t(f"verflixxt.col_{part}") for part in parts),
            tuple(tuple(int(row[part]) for part in parts) for row in rows),  # type: ignore[literal-required]
            t("verflixxt.col_total"),
        )

    # -- the display model -----------------------------------------------------------------
    def _table_from_state(self) -> _Table:
        s = self.host.state
        n = s.players
        viewer = self.host.private_player
        pieces = {}
        for p, row in enumerate(s.pawns):
            for i, tile in enumerate(row):
                pieces[f"{p}{'abc'[i]}"] = tile
        for j, tile in enumerate(s.guardians):
            pieces[f"g{j + 1}"] = tile
        contest: dict[int, list[str]] | None = None
        if isinstance(asked_now(s), DrawForHats) or s.contest_cards:
            contest = {p: [] for p in range(n)}
            for p, card in s.contest_cards:
                contest[p].append(card)
        return _Table(
            track=list(s.track),
            u=spread(s.track),
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

    def sync(self) -> None:
        self.model.table = self._table_from_state()
        self.choices.key = None  # the controls follow the table shown

    # -- for drivers and lessons -----------------------------------------------------------
    def lesson_clicks(self, expect: str) -> list[str] | None:
        """A pawn on a crowded tile is taken in two clicks: the tile, which opens its
        picker, then the pawn in it (issue #27); every other action is one control."""
        controls = self.choices.controls
        for choice in controls:
            if choice.spot != "piece" or str(choice.action) != expect or not choice.piece:
                continue
            pick = f"pick:{choice.key}"
            if any(c.key == pick for c in controls):
                return [pick]
            tile = self.model.table.pieces.get(choice.piece)
            crowd = f"crowd:{tile}"
            if any(c.key == crowd for c in controls):
                return [crowd, pick]
        return None

    def element(self, name: str) -> pygame.Rect | None:
        """A lesson's names for the table's things (its registry entry's
        ``lesson_elements``): a pawn of the person learning (``piece:a``), of another seat
        (``piece:1a``) or a guardian (``piece:g2``) where it stands, a track tile
        (``tile:l2``, ``start``, ``finish``), the die and the stack of goal chips beside
        the finish (``chips``, the hats game)."""
        host, model, layout = self.host, self.model, self.geometry
        kind, _, what = name.partition(":")
        if kind == "piece":
            piece = self.lesson_subject.piece_name(what)
            feet = layout.piece_spot(piece)
            return None if feet is None else layout.piece_rect(piece, feet, layout.scale_of(piece))
        if kind == "tile" or name in (START, FINISH):
            tile = what or name
            return layout.tile_rect(tile) if tile in model.table.track else None
        if name == "die":
            return model.die_rect
        if name == "chips" and host.state.hats_variant:
            x, y = layout.chip_stack_pos()
            size = int(model.tile_px * 0.56)  # as draw.py stacks them
            rise = max(0, len(model.table.chips) - 1) * max(2, int(model.tile_px * 0.06))
            rect = pygame.Rect(0, 0, size, size + rise)
            rect.center = (round(x), round(y))
            return rect
        return None

    def subject(self, name: str, expect: str | None = None) -> list[pygame.Rect]:
        """A step's pawns, their tiles and where its action takes them (issue #38:
        :class:`~.subject.LessonSubject`)."""
        return self.lesson_subject.subject(name, expect)

    def keep_clear(self) -> list[pygame.Rect]:
        return self.lesson_subject.keep_clear()

    def focus(self, key: str) -> bool:
        """A lesson's focus on the control that takes its step's action (issue #38: the
        bar's hint and the board's preview then say the step's move, not the first
        control's: verflixxt-1's step 7 asked for pawn a while they said pawn c)."""
        return self.choices.focus(key)
