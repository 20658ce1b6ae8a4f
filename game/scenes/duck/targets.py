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
from game.rules.duck import decisions as D
from game.rules.duck.data import PATTERN_NAMES
from game.rules.duck.preview import Preview, hound_walk, preview
from game.rules.duck.state import DuckState
from game.scenes.table.contract import TableHost
from game.ui.widgets import Button

from .decisions import TOKEN_ORDER, Decisions
from .handtray import HandTray
from .layout import Layout
from .model import Decision, DuckModel, Target, play_sound


class Targets:
    """Lists the decision's targets and buttons, previews the moves, and takes a target's pick."""

    def __init__(
        self,
        model: DuckModel,
        host: TableHost[DuckState],
        decisions: Decisions,
        layout: Layout,
        tray: HandTray,
    ) -> None:
        self.model = model
        self.host = host
        self.decisions = decisions
        self.layout = layout
        self.tray = tray  # a folded tray shows no card and no token (issue #38)

    # -- taking a target -------------------------------------------------------------------------
    def pick(self, d: Decision, target: Target) -> None:
        match target.kind, target.value:
            case "card", int(card):
                self.pick_card(d, card)
            case "table", _:
                self.accept()
            case "route", (card, index):
                self.decisions.take(self.decisions.route_action(d, card, index))
            case "face", int(facing):
                self.decisions.take(self.decisions.face_action(d, facing))
            case "start", (_, _) as hex_:
                self._pick_start(d, hex_)
            case "duck", int(duck):
                cls = A.ghost_action if self.model.token_mode == "ghost" else A.become_action
                self.decisions.take(cls(duck))
            case "pattern", str(letter):
                self.pick_pattern(d, letter)
            case "token", str(kind):
                self.use_token(d, kind)

    def pick_card(self, d: Decision, card: int, by_key: bool = False) -> None:
        need = self.decisions.cards_needed(d)
        if need == 1:
            if self.model.sel == [card] and not by_key:
                self.accept()  # a second click on the picked card plays it
                return
            self.model.sel = [card]
        elif card in self.model.sel:
            self.model.sel.remove(card)
        elif len(self.model.sel) < need:
            self.model.sel.append(card)
        self.model.focus = 0
        items = self.cycle(d)
        for i, t in enumerate(items):
            if t.kind == "card" and t.value == card:
                self.model.focus = i
        play_sound(self.host, "click")
        self.model.touch_ui()

    def _pick_start(self, d: Decision, hex_) -> None:
        if isinstance(d.ask, D.SendKnocked):
            self.decisions.take(A.send_action(*hex_))
            return
        self.model.sel_hex = hex_
        self.model.focus = 0
        play_sound(self.host, "click")
        self.model.touch_ui()

    def pick_pattern(self, d: Decision, letter: str) -> None:
        if isinstance(d.ask, D.HoundPattern):
            self.decisions.take(A.patterns_action(letter))
            return
        self.model.picks += letter
        self.model.sel = []
        if len(self.model.picks) == 2:
            self.decisions.take(A.patterns_action(self.model.picks))
            if len(self.model.picks) == 2:  # refused (a lesson's step asks for another): the
                self.model.picks = self.model.picks[
                    :1
                ]  # first stays picked, the second is open again
        else:
            play_sound(self.host, "click")
            self.model.touch_ui()

    def use_token(self, d: Decision, kind: str) -> None:
        if kind == "blue":
            self.decisions.take(A.BLUE)
        elif kind == "step":
            self.decisions.take(A.STEP)
        elif kind == "swap":
            self.decisions.take(A.SWAP)
        elif kind in ("ghost", "become"):
            ducks = self.decisions.token_ducks(d, kind)
            if len(ducks) == 1:
                cls = A.ghost_action if kind == "ghost" else A.become_action
                self.decisions.take(cls(ducks[0]))
            else:
                self._enter_token(kind)
        else:
            self._enter_token(kind)  # rotate: a facing; keep going: a card and a route

    def _enter_token(self, kind: str) -> None:
        self.model.token_mode = kind
        self.model.sel = []
        self.model.focus = 0
        play_sound(self.host, "click")
        self.model.touch_ui()

    def accept(self) -> None:
        """Enter (or the confirm button): take what is picked or focused."""
        d = self.decisions.decision()
        if d is None:
            return
        step = self.decisions.step_of(d)
        focused = self.focused_target(d)
        if step == "card":
            need = self.decisions.cards_needed(d)
            if d.cards_only:
                if (
                    len(self.model.sel) < need
                    and focused is not None
                    and isinstance(focused.value, int)
                ):
                    self.pick_card(d, focused.value, by_key=True)
                    if need > 1 or isinstance(d.ask, D.DiscardCards):
                        return
                if len(self.model.sel) == need:
                    self.decisions.take(self._card_action(d))
            elif focused is not None and isinstance(focused.value, int):
                self.pick_card(d, focused.value, by_key=True)
        elif step in ("route", "face", "duck", "pattern", "start") and focused is not None:
            self.pick(d, focused)
        elif step == "none" and A.DONE in d.legal:
            self.decisions.take(A.DONE)

    def _card_action(self, d: Decision):
        match d.ask:
            case D.ChooseCards(why="order"):
                return A.order_action(self.model.sel[0])
            case D.DiscardCards():
                return A.discard_action(tuple(sorted(self.model.sel)))
        if self.model.per_player == 1:
            return A.card_action(self.model.sel[0])
        return A.cards_action(self.model.sel[0], self.model.sel[1])

    def duck_previews(self, player: int, card: int, duck: int) -> list[Preview]:
        key = ("duck", card, duck, len(self.host.session.actions))
        hit = self.model.preview_cache.get(key)
        if hit is None:
            hit = [
                preview(self.host.state, player, card, i, duck)
                for i in range(len(self.host.state.cards[card]))
            ]
            self.model.preview_cache[key] = hit
        return hit

    def hound_preview(self, routes: tuple) -> dict:
        """The hound's path along ``routes`` (step tuples), hex by hex, from the rules'
        ``hound_walk`` asked for every prefix of the steps."""
        key = ("hound", routes, len(self.host.session.actions))
        hit = self.model.preview_cache.get(key)
        if hit is not None:
            return hit
        s = self.host.state
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
        self.model.preview_cache[key] = hit
        return hit

    def preview_spec(self, d: Decision | None) -> tuple | None:
        """What the board previews now: ("duck", card, duck, emphasised route or None),
        ("hound", card, route or None), ("patterns", letters) or None."""
        if d is None:
            return None
        step = self.decisions.step_of(d)
        hover = self.model.hover
        hovered_card = hover.value if hover is not None and hover.kind == "card" else None
        focused = self.focused_target(d)
        if d.ask == D.ChooseCards(d.player, "move") and step == "card":
            card = hovered_card
            if card is None and self.model.keyboard and focused is not None:
                card = focused.value
            if card is None and self.model.sel:
                card = self.model.sel[-1]
            if card is None:
                return None
            index = self.model.sel.index(card) if card in self.model.sel else len(self.model.sel)
            duck = d.player * self.model.per_player + min(index, self.model.per_player - 1)
            return ("duck", card, duck, None)
        if d.of_hound and (
            self.model.picks or step == "pattern" or (hover is not None and hover.kind == "pattern")
        ):
            letter = hover.value if hover is not None and hover.kind == "pattern" else None
            if letter is None and step == "pattern" and self.model.keyboard and focused is not None:
                letter = focused.value
            letters = self.model.picks + (letter if isinstance(letter, str) else "")
            return ("patterns", letters) if letters else None
        moves = isinstance(d.ask, (D.PlayTurn, D.MoveAgain, D.AfterMove, D.MoveHound))
        if moves and step in ("card", "route"):
            if step == "card":
                card = hovered_card
                if card is None and self.model.keyboard and focused is not None:
                    card = focused.value
                route = None
            else:
                card = self.decisions.route_card(d)
                route = None
                marked = hover if hover is not None and hover.kind == "route" else focused
                if marked is not None and isinstance(marked.value, tuple):
                    route = marked.value[1]  # a route target's value: (card, index)
            if card is None:
                return None
            if isinstance(d.ask, D.MoveHound):
                return ("hound", card, route)
            return ("duck", card, d.duck, route)
        return None

    def bar_cards(self, d: Decision | None) -> list[tuple[int, pygame.Rect, str]]:
        """The cards in the action bar: (card, rect, "table" | "hand"); none while the
        tray is folded."""
        if self.host.private_player is None or not self.tray.is_open():
            return []
        table = None
        if d is not None and d.card:  # a turn's revealed card, an extra move's top card
            table = d.card
        hand = list(self.model.shown.hand)
        cards = ([table] if table else []) + hand
        rects = self.layout.card_rects(len(cards), first_gap=table is not None)
        out = []
        for i, (card, rect) in enumerate(zip(cards, rects)):
            out.append((card, rect, "table" if table and i == 0 else "hand"))
        return out

    def targets(self) -> list[Target]:
        d = self.decisions.decision()
        self.layout.place_hound(d is not None and d.of_hound)
        if d is None:
            self.model.action_buttons = []
            return []
        key = (
            self.tray.is_open(),
            self.model.hound_rect,
            self.model.dec_key,
            tuple(self.model.sel),
            self.model.sel_hex,
            self.model.token_mode,
            self.model.picks,
            id(self.model.geo),  # a new layout
            tuple(self.model.shown.hand),
            tuple(self.model.shown.my_tokens),
            tuple(self.model.shown.blue),
        )
        if key == self.model.targets_key:
            return self.model.targets
        self.model.targets_key = key
        self.model.targets = self._build_targets(d)
        self.model.action_buttons = self._build_buttons(d)
        return self.model.targets

    def _build_targets(self, d: Decision) -> list[Target]:
        geo = self.model.geo
        hs = geo.size
        step = self.decisions.step_of(d)
        out: list[Target] = []
        if step == "route" and (card := self.decisions.route_card(d)) is not None:
            for index, center in self._route_ends(d, card):
                out.append(Target("route", (card, index), center, max(self.host.px(13), hs * 0.42)))
        if step == "face":
            here = self.decisions.facing_hex(d)
            if here is not None:
                for f in self.decisions.facings(d):
                    out.append(
                        Target(
                            "face",
                            f,
                            geo.edge_point(*here, f, 1.2),
                            max(self.host.px(13), hs * 0.45),
                        )
                    )
        if step == "start" or (isinstance(d.ask, (D.PlaceDuck, D.WarpOrStay)) and step == "face"):
            for h in self.decisions.start_hexes(d):
                if h != self.model.sel_hex:
                    out.append(Target("start", h, geo.hex_px(*h), hs * 0.8))
        if step == "duck" and self.model.token_mode is not None:  # ghost or become
            coords = self.host.state.board.coords
            for duck in self.decisions.token_ducks(d, self.model.token_mode):
                at = self.host.state.pos[duck]
                if at >= 0:
                    out.append(Target("duck", duck, geo.hex_px(*coords[at]), hs * 0.85))
        if d.of_hound:
            for letter, rect in zip(PATTERN_NAMES, self.model.pattern_rects):
                if self.decisions.pattern_ok(d, letter):
                    out.append(Target("pattern", letter, rect.center, rect=rect))
        playable = self.decisions.playable_cards(d)
        for card, rect, role in self.bar_cards(d):
            if role == "table":
                out.append(Target("table", card, rect.center, rect=rect))
            elif (
                card in playable
                and step in ("card", "route")
                and d.card is None  # not while the duck's card is fixed
            ):
                out.append(Target("card", card, rect.center, rect=rect))
        if self.model.tray_rect is not None:
            usable = self.decisions.usable_tokens(d)
            for kind, rect in self.tray_tokens():
                if kind in usable and self.model.token_mode is None:
                    out.append(Target("token", kind, rect.center, rect=rect))
        return out

    def _route_ends(self, d: Decision, card: int | None) -> list[tuple[int, tuple]]:
        """Where each route of ``card`` would end on screen (markers nudged apart when
        two routes end on the same hex)."""
        if card is None:
            return []
        geo = self.model.geo
        indices = self.decisions.route_indices(d, card)
        ends = []
        for i in indices:
            if isinstance(d.ask, D.MoveHound):
                hp = self.hound_preview((self.host.state.cards[card][i][0],))
                end = hp["end"] or (hp["path"][-1] if hp["path"] else hp["start"])
            else:
                # a duck's route step (pre, extra, post) always names its duck
                assert d.duck is not None
                p = self.duck_previews(d.player, card, d.duck)[i]
                end = p.end or (
                    p.path[-1][:2]
                    if p.path
                    else self.host.state.board.coords[self.host.state.pos[d.duck]]
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
        p, tray = self.host.private_player, self.model.tray_rect
        if p is None or tray is None or not self.tray.is_open():
            return []
        if self.model.hound_rect == tray:  # the hound's patterns lie there now (issue #38)
            return []
        kinds = ["blue"] * self.model.shown.blue[p] + sorted(
            self.model.shown.my_tokens, key=TOKEN_ORDER.index
        )
        return list(zip(kinds, self.layout.token_rects(tray, len(kinds))))

    def cycle(self, d: Decision) -> list[Target]:
        """The targets ←/→ walk through in the current step."""
        step = self.decisions.step_of(d)
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
        return items[self.model.focus % len(items)]

    def _build_buttons(self, d: Decision) -> list[Button]:
        t = self.host.t
        specs = []
        step = self.decisions.step_of(d)
        need = self.decisions.cards_needed(d)
        if step == "card" and d.cards_only:
            match d.ask:
                case D.ChooseCards(why="order"):
                    label = "duck.button.show"
                case D.DiscardCards():
                    label = "duck.button.discard"
                case _:
                    label = "duck.button.play_two" if need == 2 else "duck.button.play"
            specs.append((t(label), self.accept, len(self.model.sel) == need, True, "confirm"))
        if step == "route" and self.decisions.route_card(d) is not None:
            label = "duck.button.hound" if isinstance(d.ask, D.MoveHound) else "duck.button.move"
            specs.append((t(label), self.accept, True, True, "confirm"))
        if A.TURN in d.legal and self.model.token_mode is None:
            specs.append(
                (t("duck.button.turn"), lambda: self.decisions.take(A.TURN), True, False, "turn")
            )
        if A.STAY in d.legal and self.model.sel_hex is None:
            specs.append(
                (t("duck.button.stay"), lambda: self.decisions.take(A.STAY), True, False, "stay")
            )
        if A.DONE in d.legal and self.model.token_mode is None:
            specs.append(
                (t("duck.button.done"), lambda: self.decisions.take(A.DONE), True, True, "done")
            )
        if self.decisions.can_go_back(d):
            specs.append((t("duck.button.back"), self.decisions.go_back, True, False, "back"))
        box, gap = self.model.buttons_rect, self.host.px(6)
        place = self.model.tray_place
        wrap = place is not None and place.wrap_buttons  # two rows (tray.py's Decision)
        rows = 2 if wrap else 3
        bh = min(self.host.px(42), (box.height - gap * (rows - 1)) // rows)
        bw = (box.width - gap) // 2 if wrap else box.width
        out = []
        for i, (label, action, enabled, primary, key) in enumerate(specs[:3]):
            if wrap:  # two on the first row, the third under the first
                x, y = box.x + (i % 2) * (bw + gap), box.y + (i // 2) * (bh + gap)
            else:
                x, y = box.x, box.y + i * (bh + gap)
            rect = pygame.Rect(x, y, bw, bh)
            out.append(
                Button(
                    rect,
                    label,
                    action,
                    self.host.text_px(16),
                    enabled=enabled,
                    primary=primary and enabled,
                    key=key,
                )
            )
        return out

    def button(self, key: str) -> Button:
        """An action-bar button by its key (for tests and for driving the UI by name)."""
        self.targets()
        for b in self.model.action_buttons:
            if b.key == key:
                return b
        raise KeyError(key)
