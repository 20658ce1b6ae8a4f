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
"""

from __future__ import annotations

import math

import pygame

from game.rules.duck.data import COLOURS, PATTERN_NAMES
from game.scenes.game_base import GameScene
from game.ui import sprites, theme
from game.ui.tween import Tween, ease_in_out, ease_out_back, lerp, lerp_angle
from game.ui.widgets import draw_panel

from . import art
from .controls import Controls
from .draw import Drawing
from .geometry import BoardGeometry, heading_angle, unit
from .model import Banner, Decision, Effect, Flyer, Reveal, Shown

HOUND = -1
FELT = (214, 230, 236)
FELT_EDGE = (170, 196, 208)

# Seconds (at animation speed 1) of each kind of motion.
T_STEP, T_HOUND_STEP, T_TURN, T_BONK, T_WARP = 0.26, 0.2, 0.22, 0.42, 0.5
T_PLACE, T_KNOCK, T_FLY, T_BANNER, T_REVEAL, T_HOLD = 0.35, 0.45, 0.6, 0.45, 0.7, 0.7


# Events that only move pieces: the panels stay as they are (no need to draw them again).
MOTION_ONLY = frozenset(
    {
        "step",
        "hound_step",
        "bonk",
        "hound_bonk",
        "face",
        "hound_face",
        "warp",
        "hound_warp",
        "knock",
        "knock_place",
        "place",
        "hound_move",
    }
)


def _paddle(t: float) -> float:
    """Position easing of one hex: mostly steady, a little bob at the ends."""
    return 0.55 * t + 0.45 * ease_in_out(t)


class DuckScene(Controls, Drawing, GameScene):
    log_lines = 12

    def __init__(self, app, session):
        # the types of the attributes the mixins share are declared in host.py
        super().__init__(app, session)
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
        self._step_duck: int | None = None  # the mover of the step just described
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
        # caches
        self._rot = {}
        self._layer = None
        self._layer_key = None
        self._ver = 0
        self._header_key = None
        self._title_inputs = None
        self._title_now = ("", theme.INK)
        self._log_key = None
        self._preview_cache = {}
        if session.actions:
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

    def _dir(self, heading: int) -> str:
        return self.t(f"duck.dir.{heading % 6}")

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
        w, h = size
        m, gap = self.px(10), self.px(8)
        top = self.px(56)
        right_w = self.px(336)
        self.right = pygame.Rect(w - m - right_w, top, right_w, h - top - m)
        bar_h = self.px(182)
        self.board_rect = pygame.Rect(m, top, self.right.x - gap - m, h - top - bar_h - gap - m)
        self.bar = pygame.Rect(m, self.board_rect.bottom + gap, self.board_rect.width, bar_h)
        # the header ends before the undo, menu and help buttons of the base scene
        self.header = pygame.Rect(m, self.px(6), w - m - self.px(236), self.px(44))
        # the right column: the table's piles, the players, the hound board, the log
        self.info_rect = pygame.Rect(self.right.x, top, right_w, self.px(34))
        hound_h = self.px(128) if self.state.advanced else 0
        n = self.state.players
        y = self.info_rect.bottom + gap
        avail = self.right.bottom - y - (hound_h + gap if hound_h else 0) - self.px(128) - gap
        self.row_h = max(self.px(50), min(self.px(78), (avail - self.px(4) * (n - 1)) // n))
        self.rows = [
            pygame.Rect(self.right.x, y + i * (self.row_h + self.px(4)), right_w, self.row_h)
            for i in range(n)
        ]
        self.players_rect = pygame.Rect(self.right.x, y, right_w, self.rows[-1].bottom - y)
        y = self.players_rect.bottom + gap
        self.hound_rect = pygame.Rect(self.right.x, y, right_w, hound_h) if hound_h else None
        if hound_h:
            y = self.hound_rect.bottom + gap
        self.log_rect = pygame.Rect(self.right.x, y, right_w, self.right.bottom - y)
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
        # the board, fitted and centred; a little room at the bottom for the thinking cue
        area = self.board_rect.inflate(-self.px(16), -self.px(16))
        area.height -= self.px(14)
        self.geo = BoardGeometry(self.state.board.coords, area, self.px(6))
        # the action bar: a hint line, the cards, the token tray, the buttons
        b = self.bar
        self.hint_pos = (b.x + self.px(14), b.y + self.px(6))
        self.legend_pos = (b.x + self.px(14), b.y + self.px(24))
        self.cards_top = b.y + self.px(48)
        self.card_h = b.bottom - self.px(10) - self.cards_top
        self.card_w = round(self.card_h * 0.72)
        bw = self.px(172)
        self.buttons_rect = pygame.Rect(
            b.right - self.px(10) - bw, self.cards_top, bw, b.bottom - self.px(10) - self.cards_top
        )
        self.tray_rect = None
        cards_right = self.buttons_rect.x - self.px(12)
        if self.state.advanced:
            tray_w = self.px(4 * 44 + 8)
            self.tray_rect = pygame.Rect(
                self.buttons_rect.x - self.px(12) - tray_w,
                self.cards_top - self.px(4),
                tray_w,
                self.buttons_rect.height + self.px(4),
            )
            cards_right = self.tray_rect.x - self.px(12)
        self.cards_rect = pygame.Rect(
            b.x + self.px(12),
            self.cards_top - self.px(12),
            cards_right - b.x - self.px(12),
            self.card_h + self.px(12),
        )
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
        draw_panel(surface, self.bar, radius=12)
        return surface

    def _card_rects(self, count: int, first_gap: bool = False) -> list[pygame.Rect]:
        """Where ``count`` cards lie in the action bar (smaller when many); with
        ``first_gap`` the first one (a card on the table) stands apart."""
        area = self.cards_rect
        gap = self.px(8)
        extra = self.px(14) if first_gap else 0
        w = min(self.card_w, (area.width - extra - gap * max(0, count - 1)) / max(1, count))
        h = min(self.card_h, w / 0.72)
        w = round(min(w, h * 0.72))
        h = round(h)
        bottom = self.cards_top + self.card_h
        rects = []
        x = area.x
        for i in range(count):
            rects.append(pygame.Rect(x, bottom - h, w, h))
            x += w + gap + (extra if i == 0 else 0)
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
        """Where things fly to in a player's row: 'buoys', 'hand', 'tokens', 'card'."""
        row = self.rows[player]
        if what == "buoys":
            return row.x + self.px(80), row.bottom - self.px(16)
        if what == "hand":
            return row.x + self.px(170), row.bottom - self.px(16)
        if what == "tokens":
            return row.x + self.px(230), row.bottom - self.px(16)
        return row.right - self.px(30), row.centery

    def _deck_anchor(self) -> tuple[float, float]:
        return self.info_rect.x + self.px(150), self.info_rect.centery

    def _pool_anchor(self) -> tuple[float, float]:
        return self.info_rect.right - self.px(60), self.info_rect.centery

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
        layer (drawn again only when one of them changes), not drawn every frame."""
        self.refresh_undo()
        self.draw_table(surface)
        self.draw_undo_tip(surface)

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

    # == tweens ==================================================================================
    def _sound(self, name: str) -> None:
        if not self._skipping:
            self.app.sound.play(name)

    def _tween(
        self, duration: float, update=None, start=None, done=None, ease=ease_in_out
    ) -> Tween:
        """A tween whose ``start`` runs when its group begins (not when it is queued)."""
        return Tween(max(0.0, duration), update, done, ease, on_start=start)

    def _then(self, duration, update=None, start=None, done=None, ease=ease_in_out) -> None:
        self.timeline.then(self._tween(duration, update, start, done, ease))

    def _get(self, piece: int):
        return self.hound_pos if piece == HOUND else self.duck_pos.get(piece)

    def _set(self, piece: int, value) -> None:
        if piece == HOUND:
            self.hound_pos = value
        else:
            self.duck_pos[piece] = value

    def _effect(self, kind: str, x: float, y: float, life: float) -> None:
        self.effects.append(Effect(kind, x, y, life))

    def _show_banner(self, text: str, life: float = 2.2, image=None) -> None:
        self.banner = Banner(text, life, image=image)

    def _fly(self, image: str, src, dst, arrive=None, life: float = T_FLY) -> None:
        if self._skipping:
            if arrive:
                arrive()
            return
        self.flyers.append(Flyer(image, src, dst, life, arrive=arrive))

    def _board_px(self, hex_) -> tuple[float, float]:
        return self.geo.hex_px(*hex_)

    def _glide(self, piece: int, hex_, heading: int, duration: float) -> None:
        """One hex: turn toward the step (quickly) and swim there."""
        x1, y1 = unit(*hex_)
        a1 = heading_angle(heading)
        held = {}

        def start():
            held["from"] = self._get(piece) or (x1, y1, a1)
            self.trail.append((x1, y1))

        def update(t):
            x0, y0, a0 = held["from"]
            turn = min(1.0, t * 3.0)
            self._set(piece, (lerp(x0, x1, t), lerp(y0, y1, t), lerp_angle(a0, a1, turn)))

        self._then(duration, update, start, ease=_paddle)

    def _turn_to(
        self, piece: int, heading: int, duration: float = T_TURN, wobble: float = 0.0
    ) -> None:
        a1 = heading_angle(heading)
        held = {}

        def start():
            held["from"] = self._get(piece)

        def update(t):
            if held["from"] is None:
                return
            x, y, a0 = held["from"]
            shake = wobble * math.sin(t * math.pi * 5) * (1 - t)
            self._set(piece, (x, y, lerp_angle(a0, a1, t) + shake))

        self._then(duration, update, start)

    def _bonk(self, piece: int, hex_, blocked, heading: int) -> None:
        """DDG-13: a push toward what it hit, a star, back, and turned round."""
        x0, y0 = unit(*hex_)
        bx, by = unit(*blocked)
        held = {}

        def start():
            held["angle"] = (self._get(piece) or (x0, y0, 0.0))[2]
            self._effect("star", (x0 + bx) / 2, (y0 + by) / 2, 0.9)
            self._sound("bonk")

        def update(t):
            k = math.sin(t * math.pi) * 0.3
            self._set(piece, (x0 + (bx - x0) * k, y0 + (by - y0) * k, held["angle"]))

        self._then(T_BONK * 0.6, update, start, ease=lambda t: t)
        self._turn_to(piece, heading, T_BONK, wobble=14.0)

    def _splash_move(self, piece: int, src, dst, heading: int) -> None:
        """A warp: down with a splash, up again on the other life ring."""
        sx, sy = unit(*src)
        dx, dy = unit(*dst)

        def start():
            self._effect("splash", sx, sy, 0.8)
            self._sound("splash")

        def shrink(t):
            self._scale(piece, 1.0 - t)

        def moved():
            self._set(piece, (dx, dy, heading_angle(heading)))
            self._effect("splash", dx, dy, 0.8)

        def grow(t):
            self._scale(piece, t)

        self._then(T_WARP * 0.45, shrink, start, moved)
        self._then(T_WARP * 0.55, grow, ease=ease_out_back)

    def _scale(self, piece: int, value: float) -> None:
        if piece == HOUND:
            self.hound_scale = value
        else:
            self.duck_scale[piece] = value

    # == playing events ==========================================================================
    def play_event(self, event) -> None:
        handler = getattr(self, f"_play_{event.kind}", None)
        if handler is not None:
            handler(event.data)
        self._needs_sync = True
        if event.kind not in MOTION_ONLY:
            self._touch()

    def _play_setup(self, e) -> None:
        self._show_banner(self._setup_text(e), 2.6)
        self._then(0.5)

    def _play_draw(self, e) -> None:
        p = e["player"]
        self.shown.deck = e["deck"]

        def arrive():
            self.shown.hands[p] += e["count"]

        self._fly("card", self._deck_anchor(), self._row_anchor(p, "hand"), arrive, 0.45)
        self._then(0.12)

    def _play_drawn(self, e) -> None:
        if e["player"] == self.private_player:
            self.shown.hand = sorted(self.shown.hand + list(e["cards"]))

    def _play_reshuffle(self, e) -> None:
        self.shown.deck = e["cards"]
        self._show_banner(self.t("duck.banner.reshuffle"), 1.6)
        self._then(0.4)

    def _play_order_cards(self, e) -> None:
        order = e["order"]
        for p, card in enumerate(e["cards"]):
            self.shown.cards[p * self.per_player] = card
        cards = [(e["cards"][p], p, self.seat_name(p)) for p in order]
        self._start_reveal(cards, self.t("duck.banner.order", name=self.seat_name(order[0])))

    def _start_reveal(self, cards, title: str) -> None:
        def start():
            self.reveal = Reveal(cards, title)
            self._sound("slide")

        def flip(t):
            self.reveal.flip = t

        def away():
            if self.reveal is not None:
                self.reveal.fading = True

        self._then(T_REVEAL, flip, start, ease=lambda t: t)
        self._then(T_HOLD, done=away)

    def _play_place(self, e) -> None:
        d = e["duck"]
        x, y = unit(*e["hex"])

        def start():
            self.duck_pos[d] = (x, y, heading_angle(e["heading"]))
            self.duck_scale[d] = 0.0
            self._effect("ripple", x, y, 0.7)
            self._sound("quack")

        def grow(t):
            self.duck_scale[d] = t

        self._then(T_PLACE, grow, start, lambda: self.duck_scale.pop(d, None), ease_out_back)

    def _play_discard(self, e) -> None:
        p = e["player"]
        if e["reason"] == "blue":
            self.shown.hands[p] -= len(e["cards"])
            if p == self.private_player:
                self.shown.hand = [c for c in self.shown.hand if c not in e["cards"]]
        elif e["reason"] == "order":
            self.shown.cards = [None] * self.state.ducks

    def _play_round(self, e) -> None:
        sh = self.shown
        sh.round = e["round"]
        sh.cards = [None] * self.state.ducks
        sh.done = [False] * self.state.ducks
        sh.mover = None
        sh.hound_moving = False
        sh.patterns = ""
        sh.ghost = [False] * self.state.ducks
        sh.become = [False] * self.state.ducks
        self.trail = []
        self._show_banner(self.t("duck.banner.round", n=e["round"]), 1.6)
        self._then(T_BANNER)

    def _play_choose(self, e) -> None:
        p = e["player"]
        count = e["count"]
        first = p * self.per_player
        for i in range(count if e["why"] == "move" else 1):
            self.shown.cards[first + i] = 0
        self.shown.hands[p] -= count
        self._sound("pop")
        self._then(0.15)

    def _play_chosen(self, e) -> None:
        if e["player"] == self.private_player:
            self.shown.hand = [c for c in self.shown.hand if c not in e["cards"]]

    def _play_reveal(self, e) -> None:
        cards = {c["duck"]: c for c in e["cards"]}
        for d, c in cards.items():
            self.shown.cards[d] = c["card"]
        shown = [(cards[d]["card"], cards[d]["player"], self._short_duck(d)) for d in e["order"]]
        self._start_reveal(shown, self.t("duck.banner.reveal"))

    def _play_turn(self, e) -> None:
        d = e["duck"]
        sh = self.shown
        if sh.mover is not None:
            sh.done[sh.mover] = True
        sh.mover = d
        self.trail = []
        self._show_banner(
            self.t("duck.banner.turn", name=self.duck_name(d), card=e["card"]),
            1.8,
            art.card_mini(e["card"], self.px(26), self.px(34)),
        )
        self._then(T_BANNER)

    def _play_turn_instead(self, e) -> None:
        self._show_banner(self.t("duck.banner.turn_instead", name=self.duck_name(e["duck"])))
        self._then(0.2)

    def _play_move(self, e) -> None:
        d = e["duck"]
        p = self.state.owner(d)
        x, y = unit(*e["hex"])
        self.trail = [(x, y)]
        self.trail_hound = False
        if e["source"] in ("extra", "keep"):
            self.shown.hands[p] -= 1
            if p == self.private_player and e["card"] in self.shown.hand:
                self.shown.hand.remove(e["card"])
            self._touch()
        self._sound("quack")
        self._then(0.08)

    def _play_step(self, e) -> None:
        self._glide(e["duck"], e["hex"], e["heading"], T_STEP)

    def _play_bonk(self, e) -> None:
        self._bonk(e["duck"], e["hex"], e["blocked"], e["heading"])

    def _play_buoy(self, e) -> None:
        d, p = e["duck"], e["player"]
        x, y = unit(*e["hex"])
        bit = 1 << COLOURS.index(e["colour"])

        def start():
            self._effect("ripple", x, y, 0.8)
            if e["new"]:
                self._sound("chirp")

                def arrive():
                    self.shown.buoys[d] |= bit

                self._fly(
                    "buoy_" + e["colour"],
                    self._board_px(e["hex"]),
                    self._row_anchor(p, "buoys"),
                    arrive,
                    0.8,
                )

        self._then(0.18 if e["new"] else 0.05, start=start)

    def _play_token_draw(self, e) -> None:
        p = e["player"]
        self.shown.pool = e["pool"]

        def arrive():
            self.shown.tokens[p] += 1

        self._fly("token_back", self._pool_anchor(), self._row_anchor(p, "tokens"), arrive)
        self._then(0.15)

    def _play_token_drawn(self, e) -> None:
        if e["player"] == self.private_player:
            self.shown.my_tokens = sorted(self.shown.my_tokens + [e["token"]])

    def _play_warp(self, e) -> None:
        self._splash_move(e["duck"], e["hex"], e["to"], e["heading"])

    def _play_face(self, e) -> None:
        self._turn_to(e["duck"], e["heading"])

    def _play_deck_top(self, e) -> None:
        self.shown.deck = max(0, self.shown.deck - 1)
        self._show_banner(
            self.t("duck.banner.deck_top", card=e["card"]),
            2.4,
            self._card_image(e["card"], self.px(40)),
        )
        self._then(0.7)

    def _play_extra_move(self, e) -> None:
        key = "duck.banner.extra_buoy" if e["reason"] == "buoy" else "duck.banner.extra_ghost"
        self._show_banner(self.t(key, name=self.duck_name(e["duck"])), 2.0)
        self._then(0.35)

    def _play_knock(self, e) -> None:
        d = e["duck"]
        x0, y0 = unit(*e["hex"])
        if e.get("into"):
            ix, iy = unit(*e["into"])

            def push(t):
                k = math.sin(t * math.pi) * 0.35
                a = (self.duck_pos.get(d) or (x0, y0, 0.0))[2]
                self.duck_pos[d] = (x0 + (ix - x0) * k, y0 + (iy - y0) * k, a)

            self._then(0.25, push, ease=lambda t: t)
        held = {}

        def start():
            held["from"] = self.duck_pos.get(d) or (x0, y0, 0.0)
            self._effect("star", x0, y0, 0.8)
            self._sound("bonk")

        def lift(t):
            x, y, a = held["from"]
            self.duck_pos[d] = (x, y, a + 360 * t)
            self.duck_lift[d] = t

        def floated():
            self.floating.add(d)

        self._then(T_KNOCK, lift, start, floated)

    def _play_knock_place(self, e) -> None:
        d = e["duck"]
        x1, y1 = unit(*e["hex"])
        held = {}

        def start():
            held["from"] = self.duck_pos.get(d) or (x1, y1, 0.0)
            self.floating.discard(d)

        def fly(t):
            x0, y0, a = held["from"]
            self.duck_pos[d] = (lerp(x0, x1, t), lerp(y0, y1, t), a)
            self.duck_lift[d] = 1.0 - t + math.sin(t * math.pi) * 0.6

        def landed():
            self.duck_lift.pop(d, None)
            self._effect("ripple", x1, y1, 0.7)

        self._then(T_FLY, fly, start, landed)

    def _play_token(self, e) -> None:
        p, kind = e["player"], e["token"]
        sh = self.shown
        if kind == "blue":
            sh.blue[p] = max(0, sh.blue[p] - 1)
        else:
            sh.tokens[p] = max(0, sh.tokens[p] - 1)
        if p == self.private_player and kind in sh.my_tokens:
            sh.my_tokens.remove(kind)
        text = self.t(f"duck.banner.token_{kind}", name=self.seat_name(p))
        self._show_banner(text, 2.0, sprites.svg(f"duck_token_{kind}.svg", self.px(40)))
        self._sound("pop")
        d = e.get("duck")
        if kind == "rotate":
            self._turn_to(d, e["heading"], 0.4)
        elif kind == "swap":
            self._swap(d, e)
        elif kind in ("ghost", "become"):

            def start():
                getattr(sh, kind)[d] = True
                pos = self.duck_pos.get(d)
                if pos:
                    self._effect("sparkle", pos[0], pos[1], 0.9)

            self._then(0.5, start=start)
        else:
            self._then(0.4)

    def _swap(self, d: int, e) -> None:
        dx, dy = unit(*e["hex"])
        hx, hy = unit(*e["hound_hex"])
        da, ha = heading_angle(e["heading"]), heading_angle(e["hound_heading"])
        held = {}

        def start():
            held["duck"] = self.duck_pos.get(d) or (hx, hy, ha)
            held["hound"] = self.hound_pos or (dx, dy, da)

        def update(t):
            x0, y0, a0 = held["duck"]
            x1, y1, a1 = held["hound"]
            self.duck_pos[d] = (lerp(x0, dx, t), lerp(y0, dy, t), lerp_angle(a0, da, t))
            self.duck_lift[d] = math.sin(t * math.pi) * 0.5
            self.hound_pos = (lerp(x1, hx, t), lerp(y1, hy, t), lerp_angle(a1, ha, t))

        self._then(0.7, update, start, lambda: self.duck_lift.pop(d, None))

    def _play_hound_control(self, e) -> None:
        p = e["player"]
        self.shown.hound_moving = True
        self.shown.mover = None
        self.trail = []

        def arrive():
            self.shown.controller = p

        self._fly("control", self.geo.area.center, self._row_anchor(p, "card"), arrive, 0.6)
        self._show_banner(
            self.t("duck.banner.hound_control", name=self.seat_name(p)),
            2.0,
            sprites.svg("duck_control.svg", self.px(40)),
        )
        self._sound("bark")
        self._then(0.6)

    def _play_hound_place(self, e) -> None:
        x, y = unit(*e["hex"])

        def start():
            self.hound_pos = (x, y, heading_angle(e["heading"]))
            self.hound_scale = 0.0
            self._effect("splash", x, y, 0.8)
            self._sound("bark")

        def grow(t):
            self.hound_scale = t

        self._then(T_PLACE, grow, start, ease=ease_out_back)

    def _play_hound_card(self, e) -> None:
        p = e["player"]
        self.shown.hands[p] -= 1
        if p == self.private_player and e["card"] in self.shown.hand:
            self.shown.hand.remove(e["card"])
        self._show_banner(
            self.t("duck.banner.hound_card", name=self.seat_name(p), card=e["card"]),
            2.2,
            self._card_image(e["card"], self.px(40)),
        )
        self._then(0.5)

    def _play_hound_patterns(self, e) -> None:
        self.shown.patterns = e["patterns"]
        self._show_banner(
            self.t(
                "duck.banner.hound_patterns",
                name=self.seat_name(e["player"]),
                patterns=" + ".join(e["patterns"]),
            ),
            2.0,
        )
        self._then(0.4)

    def _play_hound_move(self, e) -> None:
        x, y = unit(*e["hex"])
        self.trail = [(x, y)]
        self.trail_hound = True
        self._sound("bark")
        self._then(0.1)

    def _play_hound_step(self, e) -> None:
        self._glide(HOUND, e["hex"], e["heading"], T_HOUND_STEP)

    def _play_hound_bonk(self, e) -> None:
        self._bonk(HOUND, e["hex"], e["blocked"], e["heading"])

    def _play_hound_warp(self, e) -> None:
        self._splash_move(HOUND, e["hex"], e["to"], e["heading"])

    def _play_hound_face(self, e) -> None:
        self._turn_to(HOUND, e["heading"])

    def _play_hound_drain(self, e) -> None:
        x, y = unit(*e["hex"])
        held = {}

        def start():
            held["a"] = (self.hound_pos or (x, y, 0.0))[2]
            self._effect("swirl", x, y, 1.0)
            self._sound("splash")

        def spin(t):
            self.hound_pos = (x, y, held["a"] + 540 * t)
            self.hound_scale = 1.0 - t

        def gone():
            self.hound_pos = None
            self.hound_scale = 1.0

        self._then(0.6, spin, start, gone)

    def _play_hound_knocked(self, e) -> None:
        held = {}

        def start():
            held["from"] = self.hound_pos
            if self.hound_pos:
                self._effect("star", self.hound_pos[0], self.hound_pos[1], 0.9)
            self._sound("bark")

        def fly(t):
            if held["from"]:
                x, y, a = held["from"]
                self.hound_pos = (x, y - t * 2.0, a + 720 * t)
                self.hound_scale = 1.0 - t
                self.hound_lift = t

        def gone():
            self.hound_pos = None
            self.hound_scale, self.hound_lift = 1.0, 0.0

        self._then(0.6, fly, start, gone)

    def _play_hound_again(self, e) -> None:
        self._show_banner(self.t("duck.banner.hound_again"), 2.0)
        self._then(0.3)

    def _play_win(self, e) -> None:
        d = e["duck"]
        x, y = unit(*e["hex"])
        self.shown.winner = e["player"]
        held = {}

        def start():
            held["a"] = (self.duck_pos.get(d) or (x, y, 0.0))[2]
            self._effect("swirl", x, y, 1.6)
            self._effect("sparkle", x, y, 1.6)
            self._sound("splash")

        def spin(t):
            self.duck_pos[d] = (x, y, held["a"] + 720 * t)

        self._show_banner(self.t("duck.banner.win", name=self.duck_name(d)), 4.0)
        self._then(1.0, spin, start)

    def _card_image(self, card: int, width: int) -> pygame.Surface:
        return art.card_face(card, self.state.cards[card], width, round(width / 0.72))

    # == words ===================================================================================
    def _setup_text(self, e) -> str:
        variant = self.t(f"duck.variant.{e['variant']}")
        board = self.state.board
        text = self.t(
            "duck.log.setup",
            variant=variant,
            board=self.t.pick(board.name, board.name_ja),
            players=e["players"],
            ducks=e["ducks"],
        )
        if e["official"]:
            text += " " + self.t("duck.log.official")
        return text

    def _cards_text(self, cards) -> str:
        return ", ".join(str(c) for c in cards)

    def describe(self, event) -> str | None:
        e, kind, t = event.data, event.kind, self.t
        name = self.seat_name(e["player"]) if "player" in e and e["player"] is not None else None
        duck = self.duck_name(e["duck"]) if e.get("duck") is not None and e["duck"] >= 0 else None
        if kind == "setup":
            return self._setup_text(e)
        if kind == "draw":
            reason = e["reason"]
            key = f"duck.log.draw_{reason}" + ("_one" if e["count"] == 1 else "")
            return t(key, name=name, n=e["count"])
        if kind == "drawn":
            return t("duck.log.drawn", cards=self._cards_text(e["cards"]))
        if kind == "reshuffle":
            return t("duck.log.reshuffle", n=e["cards"])
        if kind == "order_cards":
            shown = ", ".join(f"{self.seat_name(p)} {c}" for p, c in enumerate(e["cards"]))
            return t("duck.log.order_cards", cards=shown, name=self.seat_name(e["order"][0]))
        if kind == "place":
            return t("duck.log.place", name=duck, dir=self._dir(e["heading"]))
        if kind == "discard":
            if e["reason"] == "blue":
                return t("duck.log.discard_blue", name=name)
            self._quiet = True
            return t("duck.log.discard", cards=self._cards_text(e["cards"]))
        if kind == "round":
            return t("duck.log.round", n=e["round"])
        if kind == "choose":
            if e["why"] == "order":
                return t("duck.log.choose_order", name=name)
            return t("duck.log.choose_two" if e["count"] == 2 else "duck.log.choose", name=name)
        if kind == "chosen":
            return t("duck.log.chosen", cards=self._cards_text(e["cards"]))
        if kind == "reveal":
            by_duck = {c["duck"]: c["card"] for c in e["cards"]}
            order = " → ".join(f"{self._short_duck(d)} {by_duck[d]}" for d in e["order"])
            return t("duck.log.reveal", order=order)
        if kind == "turn":
            return t("duck.log.turn", name=duck, card=e["card"])
        if kind == "turn_instead":
            return t(
                "duck.log.turn_instead", name=duck, card=e["card"], dir=self._dir(e["heading"])
            )
        if kind == "move":
            source = e["source"]
            if source in ("step-pre", "step-post"):
                return t("duck.log.move_step", name=duck)
            route = e["route"] + 1
            if source == "card":
                if len(self.state.cards[e["card"]]) > 1:
                    return t("duck.log.move_route", name=duck, card=e["card"], route=route)
                self._quiet = True  # the turn's line said it already
            return t(f"duck.log.move_{source}", name=duck, card=e["card"], route=route)
        if kind == "step":
            self._step_duck = e["duck"]
            return t("duck.log.steps_one", name=duck)
        if kind == "bonk":
            return t(f"duck.log.bonk_{e['reason']}", name=duck)
        if kind == "buoy":
            colour = t(f"duck.colour.{e['colour']}")
            if e["new"]:
                return t("duck.log.buoy_new", name=duck, colour=colour, n=e["tokens"])
            return t("duck.log.buoy_again", name=duck, colour=colour)
        if kind == "token_draw":
            return t("duck.log.token_draw", name=name, n=e["pool"])
        if kind == "token_drawn":
            return t("duck.log.token_drawn", token=t(f"duck.token.{e['token']}"))
        if kind == "warp":
            return t("duck.log.warp", name=duck, dir=self._dir(e["heading"]))
        if kind == "face":
            return t(f"duck.log.face_{e['why']}", name=duck, dir=self._dir(e["heading"]))
        if kind == "deck_top":
            return t("duck.log.deck_top", name=duck, card=e["card"])
        if kind == "extra_move":
            return t(f"duck.log.extra_{e['reason']}", name=duck)
        if kind == "knock":
            if e["by"] == "duck":
                return t("duck.log.knock_duck", name=duck, knocker=self.duck_name(e["knocker"]))
            if e.get("into"):
                return t("duck.log.knock_into", name=duck)
            return t("duck.log.knock_hound", name=duck)
        if kind == "knock_place":
            return t("duck.log.knock_place", name=duck)
        if kind == "token":
            token = e["token"]
            fields = {
                "name": name,
                "duck": duck or "",
                "dir": self._dir(e.get("heading") or 0),
                "card": e.get("card"),
            }
            return t(f"duck.log.token_{token}", **fields)
        if kind == "hound_control":
            key = "duck.log.hound_control_tie" if len(e["tied"]) > 1 else "duck.log.hound_control"
            return t(key, name=name, n=e["tokens"], card=e["card"])
        if kind == "hound_place":
            return t("duck.log.hound_place", dir=self._dir(e["heading"]))
        if kind == "hound_card":
            return t("duck.log.hound_card", name=name, card=e["card"])
        if kind == "hound_patterns":
            return t("duck.log.hound_patterns", name=name, patterns=" + ".join(e["patterns"]))
        if kind == "hound_move":
            if e["source"] == "pattern":
                return t("duck.log.hound_move_pattern", pattern=PATTERN_NAMES[e["route"]])
            return t("duck.log.hound_move_card", card=e["card"])
        if kind == "hound_step":
            self._step_duck = HOUND
            return t("duck.log.hound_steps_one")
        if kind == "hound_bonk":
            return t("duck.log.hound_bonk")
        if kind == "hound_warp":
            return t("duck.log.hound_warp", dir=self._dir(e["heading"]))
        if kind == "hound_face":
            return t("duck.log.hound_face", dir=self._dir(e["heading"]))
        if kind == "hound_drain":
            return t("duck.log.hound_drain")
        if kind == "hound_knocked":
            if e["duck"] >= 0:
                return t("duck.log.hound_knocked_by", name=self.duck_name(e["duck"]))
            return t("duck.log.hound_knocked")
        if kind == "hound_again":
            return t("duck.log.hound_again")
        if kind == "win":
            return t("duck.log.win", name=duck)
        return None

    def score_text(self, player: int, value) -> str:
        """The end screen: the winner went down the drain, the others had buoys."""
        if player in self.state.winners():
            return self.t("duck.score_drain")
        s = self.state
        best = max(s.buoys[d].bit_count() for d in s.ducks_of(player))
        return self.t("duck.score_buoys", n=best)

    def _ask(self, d: Decision) -> str:
        """The header's question to the person deciding."""
        t = self.t
        name = self.seat_name(d.player)
        duck = ""
        if d.duck is not None and d.duck >= 0:
            duck = self._short_duck(d.duck) if self.per_player > 1 else t("duck.ui.your_duck")
        token = self.token_mode
        if token == "rotate":
            return t("duck.ask.rotate", name=name, duck=duck)
        if token == "keep":
            return t("duck.ask.keep", name=name, duck=duck)
        if token in ("ghost", "become"):
            return t(f"duck.ask.{token}", name=name)
        mode = d.mode
        if mode == "choose" and self.per_player == 2:
            first = d.player * 2
            return t(
                "duck.ask.choose_two",
                name=name,
                a=self._short_duck(first),
                b=self._short_duck(first + 1),
            )
        if mode in ("place", "warp") and self.sel_hex is not None:
            return t(f"duck.ask.{mode}_face", name=name, duck=duck)
        if mode == "warp" and d.duck == HOUND:
            return t("duck.ask.hound_warp", name=name)
        if mode == "face":
            key = "duck.ask.face_hound" if d.duck == HOUND else f"duck.ask.face_{d.why}"
            return t(key, name=name, duck=duck)
        if mode == "extra":
            return t(f"duck.ask.extra_{d.why}", name=name, duck=duck)
        return t(f"duck.ask.{mode}", name=name, duck=duck, card=d.card)

    def _title(self) -> tuple[str, tuple]:
        d = self.decision()
        if d is not None:
            return self._ask(d), theme.ACCENT_DARK
        s, sh, t = self.state, self.shown, self.t
        if s.is_over() and not self.busy_animating() and s.winner is not None:
            return t("duck.status.won", name=self.seat_name(s.winner)), theme.GOOD
        if self.busy_animating():
            if sh.mover is not None:
                return t("duck.status.moving", name=self.duck_name(sh.mover)), theme.INK
            if sh.hound_moving and sh.controller >= 0:
                return t("duck.status.hound", name=self.seat_name(sh.controller)), theme.INK
            return t("duck.status.watch"), theme.INK
        waiting = [self.seat_name(p) for p in s.to_act()]
        if not waiting:
            return "", theme.INK
        if s.phase in ("order", "choose"):
            return t("duck.status.waiting_choose", names=", ".join(waiting)), theme.INK
        return t("duck.status.waiting", name=waiting[0]), theme.INK

    def _hint(self, d: Decision | None) -> str:
        """The action bar's line on how to answer (mouse and keys)."""
        t = self.t
        if d is None:
            if self.private_player is None or self.state.is_over():
                return ""
            return t("duck.hint.watching")
        n = len(self.shown.hand)
        step = self.step_of(d)
        mode = d.mode
        if step == "card" and mode == "choose":
            if self.per_player == 2:
                first = d.player * 2
                text = t(
                    "duck.hint.cards_two",
                    n=n,
                    a=self._short_duck(first),
                    b=self._short_duck(first + 1),
                )
            else:
                text = t("duck.hint.cards", n=n)
        elif step == "card" and mode in ("order", "discard"):
            text = t(f"duck.hint.{mode}", n=n)
        elif step == "card":
            text = t("duck.hint.card_then_route", n=n)
            if mode == "houndmove":
                text = t("duck.hint.houndmove", n=n)
        elif step == "route":
            routes = self.route_indices(d, self.route_card(d))
            text = t("duck.hint.route" if len(routes) > 1 else "duck.hint.route_one")
        elif step == "face":
            text = t("duck.hint.face")
        elif step == "start":
            text = t("duck.hint.warp" if mode == "warp" else "duck.hint.start")
        elif step == "duck":
            text = t("duck.hint.duck")
        elif step == "pattern":
            text = t("duck.hint.pattern_one")
        else:
            text = t("duck.hint.post")
        if self.token_mode is None and self.usable_tokens(d) and mode in ("pre", "choose"):
            text += " " + t("duck.hint.tokens")
        if self.can_go_back(d):
            text += " " + t("duck.hint.back")
        return text

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
