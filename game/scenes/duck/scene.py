"""Duck! Duck! Go! at the table: the tub of hex tiles, six rubber ducks and the hound.

The scene plays the rules' events as animations on a display model: ``duck_pos[duck]``
and ``hound_pos`` are ``(x, y, angle)`` in board units (geometry.py: a hex of size 1,
axial (0, 0) at the origin; the angle in degrees, 60 × heading), moved by tweens along
the hexes the ``step`` events name; the panels show :class:`model.Shown`. When no event
is left to play everything is rebuilt from the state (``sync_from_state``).

A person's decision (:class:`model.Decision`, read from the state's pending decision and
legal actions) becomes clickable targets: hand cards, route endings on the board, facing
arrows around a hex, empty life rings, hound patterns, action tokens, buttons; the arrow
keys walk the same targets and Enter takes one. While a card or a route is under the
pointer the rules' ``preview`` draws the exact path the duck would swim *from where it
stands now* (the hound's path from ``hound_walk``): hexes, bonk star, buoys touched, warp
points, the drain. Nothing here re-derives a rule.

Drawing is layered for speed: a static layer (table, board, panels, action bar, preview
and targets) is rebuilt only when something on it changes, its log and header regions on
their own; per frame only the pieces, effects, flying tokens, reveal and banner are drawn
on it. Sprites turned to a heading are cached per 5° (draw.py).

This module holds the scene's life cycle, display model, layout and per-frame update;
the other parts are mixins, listed in host.py's docstring.
"""

from __future__ import annotations

import pygame

from game.scenes.game_base import GameScene
from game.ui import theme

from . import art
from .animate import Animation
from .board import Board
from .controls import Controls
from .draw import Drawing
from .final import Final
from .geometry import BoardGeometry, heading_angle, unit
from .lesson import LessonTable
from .model import HOUND, Flyer, Shown
from .panels import Panels
from .targets import Targets
from .texts import Texts

FELT = (214, 230, 236)
FELT_EDGE = (170, 196, 208)


class DuckScene(
    LessonTable, Final, Controls, Targets, Drawing, Panels, Board, Animation, Texts, GameScene
):
    def __init__(self, app, table):
        # the types of the attributes the mixins share are declared in host.py
        super().__init__(app, table)
        state = self.state
        self.per_player = state.per_player
        self.duck_chars = self._duck_characters()
        self.duck_sprites = [f"duck_{c}.svg" for c in self.duck_chars]
        self.duck_rings = [state.owner(d) for d in range(state.ducks)]  # by seat: one ring
        self.duck_pos = {}
        self.duck_scale = {}
        self.duck_lift = {}
        self.floating = set()  # knocked ducks waiting for a start space
        self.hound_pos = None
        self.hound_scale = 1.0
        self.hound_lift = 0.0
        self.trail = []  # the hexes of the move being made
        self.trail_hound = False
        self.shown = Shown()
        self.effects = []
        self.flyers = []
        self.banner = None
        self.reveal = None
        self._skipping = False
        self._needs_sync = False
        self._step_duck = None  # the mover of the step just described
        self._last_step: tuple | None = None  # (mover, count) of the log's last line
        self._quiet = False  # the event just described stays out of the log
        # the person's decision and how far they got with it
        self._dec_key = None
        self._dec = None
        self.sel = []
        self.sel_hex = None
        self.token_mode = None
        self.picks = ""
        self.focus = 0
        self.mouse = (-1, -1)
        self.hover = None
        self.keyboard = False
        self._ui_ver = 0
        self.action_buttons = []
        self._targets_key = None
        self._targets = []
        self._legend_text = ""  # what the preview on the board shows
        self._hint_now = ""  # the bar's hint line, as last painted
        # caches
        self._rot = {}
        self._ver = 0
        self._title_inputs = None
        self._title_now = (None, "")
        self._preview_cache = {}
        if self.session.actions:
            self.sync_from_state()
        else:
            # A new game: its deal and setup happened in new_game; play them for all to see.
            self._blank_table()
            self.queue_events(list(state.opening_events))

    # == who is who ============================================================================
    def _duck_characters(self) -> list[str]:
        """The character of each duck: a player's first duck is the seat's character; a
        second duck (two ducks each) is one no seat plays with."""
        keys = [c.key for c in self.info.characters]
        seats = [s.character for s in self.session.seats]
        spare = [k for k in keys if k not in seats]
        out = []
        for d in range(self.state.ducks):
            p, i = divmod(d, self.per_player)
            char = seats[p] if seats[p] in keys else keys[p % len(keys)]
            if i == 1:
                char = spare[p % len(spare)] if spare else keys[(p + 3) % len(keys)]
            out.append(char)
        return out

    def _char_name(self, key: str) -> str:
        for c in self.info.characters:
            if c.key == key:
                return self.t.pick(c.name_en, c.name_ja)
        return key

    def duck_name(self, duck: int) -> str:
        p = self.state.owner(duck)
        if self.per_player == 1:
            return self.seat_name(p)
        return self.t(
            "duck.duck_of", player=self.seat_name(p), duck=self._char_name(self.duck_chars[duck])
        )

    def _short_duck(self, duck: int) -> str:
        return (
            self._char_name(self.duck_chars[duck])
            if self.per_player > 1
            else self.seat_name(self.state.owner(duck))
        )

    # == the display model =====================================================================
    def _blank_table(self) -> None:
        s = self.state
        n, ducks = s.players, s.ducks
        self.shown = Shown(
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
        self.duck_pos.clear()
        self.hound_pos = None

    def sync_from_state(self) -> None:
        s = self.state
        coords = s.board.coords
        for d in range(s.ducks):
            h = s.pos[d]
            if h >= 0:
                x, y = unit(*coords[h])
                self.duck_pos[d] = (x, y, heading_angle(s.head[d]))
                self.floating.discard(d)
                self.duck_lift.pop(d, None)
            elif d in s.knocks and s.phase != "over":
                self.floating.add(d)
                self.duck_lift[d] = 1.0
                if d not in self.duck_pos:
                    # resumed with the duck in the air: where it was hit is not kept in
                    # the state, so it hovers over the middle of the tub until placed
                    points = [unit(*coords[h]) for h in range(len(coords))]
                    self.duck_pos[d] = (
                        sum(x for x, _ in points) / len(points),
                        sum(y for _, y in points) / len(points),
                        0.0,
                    )
            else:
                self.duck_pos.pop(d, None)
                self.floating.discard(d)
            self.duck_scale.pop(d, None)
        if s.hound_pos >= 0:
            x, y = unit(*coords[s.hound_pos])
            self.hound_pos = (x, y, heading_angle(s.hound_head))
        else:
            self.hound_pos = None
        self.hound_scale, self.hound_lift = 1.0, 0.0
        sh = self.shown
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
        p = self.private_player
        sh.hand = sorted(s.hands[p]) if p is not None else []
        sh.my_tokens = sorted(s.tokens[p]) if p is not None else []
        self._needs_sync = False
        self._touch()

    def _table_cards(self) -> tuple[list, list]:
        """What lies in front of each duck: a face-down choice, the revealed card (dim
        once its move is over), or the order card during setup."""
        s = self.state
        cards: list = [None] * s.ducks
        done = [False] * s.ducks
        if s.phase in ("order", "choose"):
            for p in range(s.players):
                for i, _ in enumerate(s.secret[p]):
                    cards[p * self.per_player + i] = 0
        elif s.phase == "place":
            for p in range(s.players):
                if s.played[p]:
                    cards[p * self.per_player] = s.played[p][0]
        else:
            moved = set(s.order[: s.turn]) if s.phase == "move" else set(range(s.ducks))
            for p in range(s.players):
                for i, card in enumerate(s.played[p]):
                    d = p * self.per_player + i
                    cards[d] = card
                    done[d] = d in moved
        return cards, done

    def on_private_shown(self, player: int) -> None:
        self.shown.hand = sorted(self.state.hands[player])
        self.shown.my_tokens = sorted(self.state.tokens[player])
        self._dec_key = None
        self._touch()

    def _touch(self) -> None:
        """Something on the static layer or the panels changed: draw them again."""
        self._ver += 1

    def log_line(self, text: str) -> None:
        step, self._step_duck = self._step_duck, None
        quiet, self._quiet = self._quiet, False
        if quiet:
            return
        if step is not None and self._last_step and self._last_step[0] == step and self.log:
            n = self._last_step[1] + 1
            self._last_step = (step, n)
            self.log[-1] = (
                self.t("duck.log.hound_steps", n=n)
                if step == HOUND
                else self.t("duck.log.steps", name=self.duck_name(step), n=n)
            )
        else:
            self._last_step = (step, 1) if step is not None else None
            super().log_line(text)

    # == geometry ================================================================================
    def layout(self, size):
        super().layout(size)
        # the shared frame: header, seat panels (and the hound board under them), log, and
        # a bar for the hint lines under the board
        plan = self.plan_frame(
            size,
            bar_h=76,
            hint_lines=3,
            seat_h=(56, 86),
            extra_h=128 if self.state.advanced else 0,
        )
        self.header, self.rows = plan.header, plan.seats
        self.hound_rect, self.log_rect = plan.extra, plan.log
        gap = self.px(8)
        # the person's hand stands beside the tub, from its top to the bar's bottom: cards
        # big enough to compare their routes, the token tray, the buttons (issue #17)
        hand_w = min(self.px(300), plan.board.w // 3)
        self.hand_rect = pygame.Rect(
            plan.board.right - hand_w, plan.board.y, hand_w, plan.bar.bottom - plan.board.y
        )
        self.board_rect = plan.board.copy()
        self.board_rect.w -= hand_w + gap
        self.bar = plan.bar
        self.bar.w = self.board_rect.w
        plan.hint.w = self.bar.w - self.px(24)
        # the table's piles (deck, token pool) in the tub's bottom-right corner
        piles_w = self.px(130 if self.state.advanced else 70)
        self.info_rect = pygame.Rect(0, 0, piles_w, self.px(34))
        self.info_rect.bottomright = (
            self.board_rect.right - self.px(10),
            self.board_rect.bottom - self.px(10),
        )
        right_w = plan.side.w
        tw = (right_w - self.px(20) - 3 * self.px(8)) // 4
        self.pattern_rects = []
        if self.hound_rect:
            for i in range(4):
                self.pattern_rects.append(
                    pygame.Rect(
                        self.hound_rect.x + self.px(10) + i * (tw + self.px(8)),
                        self.hound_rect.y + self.px(30),
                        tw,
                        self.hound_rect.height - self.px(38),
                    )
                )
        # the board, fitted and centred; its piles keep the bottom-right corner
        area = self.board_rect.inflate(-self.px(16), -self.px(16))
        area.height -= self.px(14)
        self.geo = BoardGeometry(self.state.board.coords, area, self.px(6))
        # the hand column: the cards at the top, then the token tray, the buttons below
        h = self.hand_rect.inflate(-self.px(20), -self.px(20))
        button_h = max(32, self.px(42))
        self.buttons_rect = pygame.Rect(h.x, 0, h.w, 3 * button_h + 2 * self.px(6))
        self.buttons_rect.bottom = h.bottom
        bottom = self.buttons_rect.y - self.px(10)
        self.tray_rect = None
        if self.state.advanced:
            tray_h = self.text_px(14) + self.px(12) + 2 * self.px(44)
            self.tray_rect = pygame.Rect(h.x, bottom - tray_h, h.w, tray_h)
            bottom = self.tray_rect.y - self.px(10)
        self.cards_top = h.y + self.px(12)
        self.cards_rect = pygame.Rect(h.x, h.y, h.w, bottom - h.y)
        self.card_h = self.cards_rect.h - self.px(12)
        self.card_w = round(self.card_h * 0.72)
        self._rot.clear()
        self._preview_cache.clear()
        self._targets_key = None
        self._background = self._paint_background(size)
        self._touch()

    def _paint_background(self, size) -> pygame.Surface:
        surface = pygame.Surface(size)
        surface.fill(theme.BG)
        tub = self.board_rect
        radius = self.px(22)
        pygame.draw.rect(surface, FELT, tub, border_radius=radius)
        # bathroom tiles on the wall behind the tub
        tile = max(8, self.px(34))
        line = (200, 220, 228)
        clip = surface.get_clip()
        surface.set_clip(tub.inflate(-self.px(4), -self.px(4)))
        for x in range(tub.x, tub.right, tile):
            pygame.draw.line(surface, line, (x, tub.y), (x, tub.bottom))
        for y in range(tub.y, tub.bottom, tile):
            pygame.draw.line(surface, line, (tub.x, y), (tub.right, y))
        surface.set_clip(clip)
        pygame.draw.rect(surface, FELT_EDGE, tub, width=2, border_radius=radius)
        art.paint_board(surface, self.geo, self.state.board)
        return surface

    def _card_rects(self, count: int, first_gap: bool = False) -> list[pygame.Rect]:
        """Where ``count`` cards lie in the hand column: the biggest cards for which a
        grid of them fits (a card on the table, ``first_gap``, is the first of them)."""
        area = self.cards_rect.copy()
        area.y += self.px(12)  # room for a chosen card to lift
        area.h -= self.px(12)
        gap = self.px(8)
        best: tuple[float, int] = (0.0, 1)
        for cols in range(1, max(1, count) + 1):
            rows = -(-max(1, count) // cols)
            w = min((area.w - gap * (cols - 1)) / cols, ((area.h - gap * (rows - 1)) / rows) * 0.72)
            if w > best[0]:
                best = (w, cols)
        w, cols = best
        w = max(8, round(min(w, self.px(150))))
        h = round(w / 0.72)
        rects = []
        for i in range(count):
            row, col = divmod(i, cols)
            rects.append(pygame.Rect(area.x + col * (w + gap), area.y + row * (h + gap), w, h))
        return rects

    def _token_rects(self, tray: pygame.Rect, count: int) -> list[pygame.Rect]:
        size, step = self.px(38), self.px(44)
        return [
            pygame.Rect(
                tray.x + self.px(6) + (i % 4) * step,
                tray.y + self.px(26) + (i // 4) * step,
                size,
                size,
            )
            for i in range(count)
        ]

    def _row_anchor(self, player: int, what: str) -> tuple[float, float]:
        """Where things fly to in a player's panel: 'buoys', 'hand', 'tokens', 'card'."""
        parts = self.seat_parts(player)
        x, y = parts.extras.x, parts.extras.centery
        if what == "buoys":
            return x + self.px(30), y
        if what == "hand":
            return x + self.px(100), y
        if what == "tokens":
            return x + self.px(150), y
        side = parts.side if parts.side.w else parts.extras
        return side.center

    def _deck_anchor(self) -> tuple[float, float]:
        return self.info_rect.x + self.px(20), self.info_rect.centery

    def _pool_anchor(self) -> tuple[float, float]:
        return self.info_rect.right - self.px(20), self.info_rect.centery

    # == per frame ===============================================================================
    def update(self, dt: float) -> None:
        super().update(dt)
        if self._needs_sync and not self.busy_animating():
            self.sync_from_state()
        step = dt * self.speed
        if self.effects:
            for e in self.effects:
                e.age += step
            self.effects = [e for e in self.effects if e.age < e.life]
        if self.flyers:
            for f in list(self.flyers):
                f.age += step
                if f.age >= f.life:
                    self._land(f)
        if self.banner is not None:
            self.banner.age += step
            if self.banner.age >= self.banner.life:
                self.banner = None
        if self.reveal is not None and self.reveal.fading:
            self.reveal.alpha -= step * 1500
            if self.reveal.alpha <= 0:
                self.reveal = None

    def draw(self, surface) -> None:
        """As GameScene.draw, but the undo, menu and help buttons are kept on the static
        layer (drawn again only when one of them changes), not drawn every frame; a
        lesson's guide over everything."""
        self.refresh_undo()
        self.draw_table(surface)
        self.draw_undo_tip(surface)
        if self.lesson is not None:
            picks = self._ui_ver
            self.lesson.draw(surface)
            if self._ui_ver != picks:  # the guide made a step's first pick: show it now
                self.draw_table(surface)
                self.draw_undo_tip(surface)
                self.lesson.draw(surface)

    def busy(self) -> bool:
        return super().busy() or bool(self.effects or self.flyers or self.banner or self.reveal)

    def _land(self, flyer: Flyer) -> None:
        if flyer in self.flyers:
            self.flyers.remove(flyer)
        if flyer.arrive:
            flyer.arrive()
            self._touch()

    def skip_animation(self) -> None:
        self._skipping = True
        try:
            super().skip_animation()
            for f in list(self.flyers):
                self._land(f)
            self.effects.clear()
            self.reveal = None
        finally:
            self._skipping = False

    def fast_forward(self, rounds: int, actions: int = 0) -> None:
        super().fast_forward(rounds, actions)
        self.banner = None
        self.reveal = None
        self.effects.clear()
        self.flyers.clear()

    # == sounds ==================================================================================
    def _sound(self, name: str) -> None:
        if not self._skipping:
            self.app.sound.play(name)

    def probe(self) -> dict:
        """For end-to-end drivers: the base buttons, the action-bar buttons and every
        target of the decision, by a stable name ("card:23", "route:23/1", "face:2",
        "start:3,4", "pattern:A", "token:blue", "duck:1", "table:23")."""
        out = super().probe()
        for target in self.targets():
            match target.kind, target.value:
                case "route", (card, index):
                    name = f"{card}/{index + 1}"
                case "start", (q, r):
                    name = f"{q},{r}"
                case _, value:
                    name = f"{value}"
            x, y = target.center
            out[f"{target.kind}:{name}"] = [int(x), int(y)]
        for b in self.action_buttons:
            if b.enabled:
                out[b.key] = [b.rect.centerx, b.rect.centery]
        return out
