"""What a person can point at while deciding at the Duck! Duck! Go! table.

The previews (the rules' own ``preview`` and ``hound_walk``, cached per position), the
targets of the decision's current step (hand cards, route endings, facing arrows, life
rings, hound patterns, tray tokens, ducks) with where they are on the screen, the
keyboard focus among them, and the action bar's buttons. controls.py reads the decision
and turns clicks and keys into picks of these targets.
"""

from __future__ import annotations

import pygame

from game.rules.duck import actions as A
from game.rules.duck.data import PATTERN_NAMES
from game.rules.duck.preview import Preview, hound_walk, preview
from game.ui.widgets import Button

from .controls import TOKEN_ORDER
from .host import DuckHost
from .model import Decision, Target


class Targets(DuckHost):
    """The previews, targets and buttons of a decision (mixed into DuckScene)."""

    # == previews (the rules' own query) =================================================================
    def duck_previews(self, player: int, card: int, duck: int) -> list[Preview]:
        key = ("duck", card, duck, len(self.session.actions))
        hit = self._preview_cache.get(key)
        if hit is None:
            hit = [
                preview(self.state, player, card, i, duck)
                for i in range(len(self.state.cards[card]))
            ]
            self._preview_cache[key] = hit
        return hit

    def hound_preview(self, routes: tuple) -> dict:
        """The hound's path along ``routes`` (step tuples), hex by hex, from the rules'
        ``hound_walk`` asked for every prefix of the steps."""
        key = ("hound", routes, len(self.session.actions))
        hit = self._preview_cache.get(key)
        if hit is not None:
            return hit
        s = self.state
        coords = s.board.coords
        start = s.hound_pos if s.hound_pos >= 0 else s.board.drain
        flat = tuple(step for steps in routes for step in steps)
        path, prev = [], start
        bonk = drain = off = False
        for k in range(1, len(flat) + 1):
            end, heading, _, knocked_off = hound_walk(s, [flat[:k]])
            if end < 0:
                off, drain = knocked_off, not knocked_off
                break
            if end == prev:
                bonk = True
                break
            path.append(coords[end])
            prev = end
        end, heading, knocked, _ = hound_walk(s, [flat])
        hit = {
            "start": coords[start],
            "path": path,
            "end": coords[end] if end >= 0 else None,
            "heading": heading,
            "knocked": knocked,
            "bonk": bonk,
            "drain": drain,
            "off": off,
        }
        self._preview_cache[key] = hit
        return hit

    def preview_spec(self, d: Decision | None) -> tuple | None:
        """What the board previews now: ("duck", card, duck, emphasised route or None),
        ("hound", card, route or None), ("patterns", letters) or None."""
        if d is None:
            return None
        step = self.step_of(d)
        hover = self.hover
        hovered_card = hover.value if hover is not None and hover.kind == "card" else None
        focused = self.focused_target(d)
        if d.mode == "choose" and step == "card":
            card = hovered_card
            if card is None and self.keyboard and focused is not None:
                card = focused.value
            if card is None and self.sel:
                card = self.sel[-1]
            if card is None:
                return None
            index = self.sel.index(card) if card in self.sel else len(self.sel)
            duck = d.player * self.per_player + min(index, self.per_player - 1)
            return ("duck", card, duck, None)
        if d.mode in ("houndmove", "houndpattern") and (
            self.picks or step == "pattern" or (hover is not None and hover.kind == "pattern")
        ):
            letter = hover.value if hover is not None and hover.kind == "pattern" else None
            if letter is None and step == "pattern" and self.keyboard and focused is not None:
                letter = focused.value
            letters = self.picks + (letter if isinstance(letter, str) else "")
            return ("patterns", letters) if letters else None
        if d.mode in ("pre", "extra", "post", "houndmove") and step in ("card", "route"):
            if step == "card":
                card = hovered_card
                if card is None and self.keyboard and focused is not None:
                    card = focused.value
                route = None
            else:
                card = self.route_card(d)
                route = None
                marked = hover if hover is not None and hover.kind == "route" else focused
                if marked is not None and isinstance(marked.value, tuple):
                    route = marked.value[1]  # a route target's value: (card, index)
            if card is None:
                return None
            if d.mode == "houndmove":
                return ("hound", card, route)
            return ("duck", card, d.duck, route)
        return None

    # == targets ============================================================================================
    def bar_cards(self, d: Decision | None) -> list[tuple[int, pygame.Rect, str]]:
        """The cards in the action bar: (card, rect, "table" | "hand")."""
        if self.private_player is None:
            return []
        table = None
        if d is not None and d.card and d.mode in ("pre", "extra"):
            table = d.card
        hand = list(self.shown.hand)
        cards = ([table] if table else []) + hand
        rects = self._card_rects(len(cards), first_gap=table is not None)
        out = []
        for i, (card, rect) in enumerate(zip(cards, rects)):
            out.append((card, rect, "table" if table and i == 0 else "hand"))
        return out

    def targets(self) -> list[Target]:
        d = self.decision()
        if d is None:
            self.action_buttons = []
            return []
        key = (
            self._dec_key,
            tuple(self.sel),
            self.sel_hex,
            self.token_mode,
            self.picks,
            id(self._background),
            tuple(self.shown.hand),
            tuple(self.shown.my_tokens),
            tuple(self.shown.blue),
        )
        if key == self._targets_key:
            return self._targets
        self._targets_key = key
        self._targets = self._build_targets(d)
        self.action_buttons = self._build_buttons(d)
        return self._targets

    def _build_targets(self, d: Decision) -> list[Target]:
        geo = self.geo
        hs = geo.size
        step = self.step_of(d)
        out: list[Target] = []
        if step == "route" and (card := self.route_card(d)) is not None:
            for index, center in self._route_ends(d, card):
                out.append(Target("route", (card, index), center, max(self.px(13), hs * 0.42)))
        if step == "face":
            here = self.facing_hex(d)
            if here is not None:
                for f in self.facings(d):
                    out.append(
                        Target(
                            "face", f, geo.edge_point(*here, f, 1.2), max(self.px(13), hs * 0.45)
                        )
                    )
        if step == "start" or (d.mode in ("place", "warp") and step == "face"):
            for h in self.start_hexes(d):
                if h != self.sel_hex:
                    out.append(Target("start", h, geo.hex_px(*h), hs * 0.8))
        if step == "duck" and self.token_mode is not None:  # ghost or become
            coords = self.state.board.coords
            for duck in self.token_ducks(d, self.token_mode):
                h = self.state.pos[duck]
                if h >= 0:
                    out.append(Target("duck", duck, geo.hex_px(*coords[h]), hs * 0.85))
        if d.mode in ("houndmove", "houndpattern"):
            for letter, rect in zip(PATTERN_NAMES, self.pattern_rects):
                if self.pattern_ok(d, letter):
                    out.append(Target("pattern", letter, rect.center, rect=rect))
        playable = self.playable_cards(d)
        for card, rect, role in self.bar_cards(d):
            if role == "table":
                out.append(Target("table", card, rect.center, rect=rect))
            elif (
                card in playable
                and step in ("card", "route")
                and not (d.mode == "pre" or (d.mode == "extra" and d.card))
            ):
                out.append(Target("card", card, rect.center, rect=rect))
        if self.tray_rect is not None:
            usable = self.usable_tokens(d)
            for kind, rect in self.tray_tokens():
                if kind in usable and self.token_mode is None:
                    out.append(Target("token", kind, rect.center, rect=rect))
        return out

    def _route_ends(self, d: Decision, card: int | None) -> list[tuple[int, tuple]]:
        """Where each route of ``card`` would end on screen (markers nudged apart when
        two routes end on the same hex)."""
        if card is None:
            return []
        geo = self.geo
        indices = self.route_indices(d, card)
        ends = []
        for i in indices:
            if d.mode == "houndmove":
                hp = self.hound_preview((self.state.cards[card][i][0],))
                end = hp["end"] or (hp["path"][-1] if hp["path"] else hp["start"])
            else:
                # a duck's route step (pre, extra, post) always names its duck
                assert d.duck is not None
                p = self.duck_previews(d.player, card, d.duck)[i]
                end = p.end or (
                    p.path[-1][:2] if p.path else self.state.board.coords[self.state.pos[d.duck]]
                )
            ends.append((i, end))
        out = []
        for i, end in ends:
            same = [j for j, e in ends if e == end]
            x, y = geo.hex_px(*end)
            if len(same) > 1:
                k = same.index(i) - (len(same) - 1) / 2
                x += k * geo.size * 0.9
                y -= geo.size * 0.35
            out.append((i, (x, y)))
        return out

    def tray_tokens(self) -> list[tuple[str, pygame.Rect]]:
        """The private player's tokens in the tray, blue first."""
        p, tray = self.private_player, self.tray_rect
        if p is None or tray is None:
            return []
        kinds = ["blue"] * self.shown.blue[p] + sorted(self.shown.my_tokens, key=TOKEN_ORDER.index)
        return list(zip(kinds, self._token_rects(tray, len(kinds))))

    def cycle(self, d: Decision) -> list[Target]:
        """The targets ←/→ walk through in the current step."""
        step = self.step_of(d)
        kind = {
            "card": "card",
            "route": "route",
            "face": "face",
            "start": "start",
            "duck": "duck",
            "pattern": "pattern",
        }.get(step)
        return [t for t in self.targets() if t.kind == kind] if kind else []

    def focused_target(self, d: Decision) -> Target | None:
        items = self.cycle(d)
        if not items:
            return None
        return items[self.focus % len(items)]

    # == buttons ============================================================================================
    def _build_buttons(self, d: Decision) -> list[Button]:
        t = self.t
        specs = []
        step = self.step_of(d)
        need = self.cards_needed(d)
        if step == "card" and d.mode in ("order", "choose", "discard"):
            label = {"order": "duck.button.show", "discard": "duck.button.discard"}.get(
                d.mode, "duck.button.play_two" if need == 2 else "duck.button.play"
            )
            specs.append((t(label), self.accept, len(self.sel) == need, True, "confirm"))
        if step == "route" and self.route_card(d) is not None:
            label = "duck.button.hound" if d.mode == "houndmove" else "duck.button.move"
            specs.append((t(label), self.accept, True, True, "confirm"))
        if A.TURN in d.legal and self.token_mode is None:
            specs.append((t("duck.button.turn"), lambda: self._take(A.TURN), True, False, "turn"))
        if A.STAY in d.legal and self.sel_hex is None:
            specs.append((t("duck.button.stay"), lambda: self._take(A.STAY), True, False, "stay"))
        if A.DONE in d.legal and self.token_mode is None:
            specs.append((t("duck.button.done"), lambda: self._take(A.DONE), True, True, "done"))
        if self.can_go_back(d):
            specs.append((t("duck.button.back"), self.go_back, True, False, "back"))
        box = self.buttons_rect
        bh = min(self.px(42), (box.height - self.px(6) * 2) // 3)
        out = []
        for i, (label, action, enabled, primary, key) in enumerate(specs[:3]):
            rect = pygame.Rect(box.x, box.y + i * (bh + self.px(6)), box.width, bh)
            out.append(
                Button(
                    rect,
                    label,
                    action,
                    self.text_px(16),
                    enabled=enabled,
                    primary=primary and enabled,
                    key=key,
                )
            )
        return out

    def button(self, key: str) -> Button:
        """An action-bar button by its key (for tests and for driving the UI by name)."""
        self.targets()
        for b in self.action_buttons:
            if b.key == key:
                return b
        raise KeyError(key)
