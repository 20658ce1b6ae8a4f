"""A person's decisions at the Duck! Duck! Go! table, by mouse and by keyboard.

The decision is read from the state (its pending decision and the legal actions) and
walked in small steps: a card from the hand, a route ending on the board, a facing
arrow, an empty life ring, a hound pattern, a duck, or a token from the tray. Every step
lists its :class:`Target` s (targets.py); a click takes the one under the pointer, ←/→
move the focus along them and Enter takes the focused one. Only legal actions are ever
sent (they are looked up in ``legal_actions``, never built from clicks).

Keys: 1-9 a hand card (on a fixed card: its route), ←/→ the focus, Enter/Space take it,
Backspace (or a right click) goes back a step; tokens B blue, K keep going, S +1 step,
R rotate, W swap, G ghost, O become the hound; D done, T turn instead, S stay (warp),
A-D hound patterns.
"""

from __future__ import annotations

import pygame

from game.rules.duck import actions as A
from game.rules.duck.data import BUOY

from .host import DuckHost
from .model import HOUND, Decision, Target

TOKEN_KEYS = {
    pygame.K_b: "blue",
    pygame.K_k: "keep",
    pygame.K_s: "step",
    pygame.K_r: "rotate",
    pygame.K_w: "swap",
    pygame.K_g: "ghost",
    pygame.K_o: "become",
}
TOKEN_KEY_NAMES = {
    "blue": "B",
    "keep": "K",
    "step": "S",
    "rotate": "R",
    "swap": "W",
    "ghost": "G",
    "become": "O",
}
PATTERN_KEYS = {pygame.K_a: "A", pygame.K_b: "B", pygame.K_c: "C", pygame.K_d: "D"}
ACCEPT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
BACK_KEYS = (pygame.K_BACKSPACE, pygame.K_DELETE)
NEXT_KEYS = {
    pygame.K_RIGHT: 1,
    pygame.K_DOWN: 1,
    pygame.K_TAB: 1,
    pygame.K_LEFT: -1,
    pygame.K_UP: -1,
}
TOKEN_ORDER = ("blue", "keep", "step", "rotate", "swap", "ghost", "become")
# the keys the base scene keeps for itself (pause, help, full screen)
SCENE_KEYS = (pygame.K_ESCAPE, pygame.K_F1, pygame.K_h, pygame.K_F11)


class Controls(DuckHost):
    """Mixed into DuckScene: reads the decision, lists the targets, handles input."""

    # == the decision ===========================================================================
    def decision(self) -> Decision | None:
        """What the person on screen must decide now (None while something moves, while
        the computer plays, or when it is somebody else's turn)."""
        p = self.private_player
        if p is None or self.state.is_over() or self.active_human() != p:
            return None
        legal = self.state.legal_actions(p)
        if not legal:
            return None
        key = (p, self.state.phase, self.state.pending, legal)
        if key != self._dec_key:
            self._dec_key = key
            self._dec = self._read_decision(p, legal)
            self._reset_choice()
        return self._dec

    def deciding(self) -> int | None:
        """The person whose decision is on screen (as ChoiceControls.deciding does in the
        other tables; tests/scene_helpers.py asks it)."""
        d = self.decision()
        return None if d is None else d.player

    def _read_decision(self, p: int, legal) -> Decision:
        s = self.state
        pending = s.pending
        if p in s.discarding or (pending and pending[0] == "discard"):
            return Decision(p, "discard", legal)
        if s.phase in ("order", "choose"):
            return Decision(p, s.phase, legal)
        kind, rest = pending[0], pending[2:]
        if kind in ("place", "post", "send"):
            return Decision(p, kind, legal, duck=rest[0])
        if kind == "pre":
            duck = rest[0]
            return Decision(p, kind, legal, duck=duck, card=s.played[p][duck - p * self.per_player])
        if kind == "extra":
            duck, top = rest
            why = "buoy" if s.board.kind[s.pos[duck]] == BUOY else "ghost"
            return Decision(p, kind, legal, duck=duck, why=why, card=top or None)
        if kind == "warp":
            return Decision(p, kind, legal, duck=rest[0])
        if kind == "face":
            return Decision(p, kind, legal, duck=rest[0], why=rest[2])
        return Decision(p, kind, legal, duck=HOUND)

    def _reset_choice(self) -> None:
        self.hover = None
        self.sel = []
        self.sel_hex = None
        self.token_mode = None
        self.picks = ""
        self.focus = 0
        self._targets_key = None
        self._preview_cache.clear()

    def step_of(self, d: Decision) -> str:
        """Which kind of target the decision waits for now."""
        mode, token = d.mode, self.token_mode
        if token == "rotate":
            return "face"
        if token in ("ghost", "become"):
            return "duck"
        if token == "keep":
            return "route" if self.sel else "card"
        if mode in ("order", "choose", "discard"):
            return "card"
        if mode in ("place", "warp"):
            return "face" if self.sel_hex else "start"
        if mode == "send":
            return "start"
        if mode in ("face", "houndface"):
            return "face"
        if mode == "pre":
            return "route"
        if mode == "extra":
            return "route" if d.card or self.sel else "card"
        if mode == "houndmove":
            return "route" if self.sel else "card"
        if mode == "houndpattern":
            return "pattern"
        return "none"

    def cards_needed(self, d: Decision) -> int:
        if d.mode == "discard":
            return 3
        if d.mode == "choose":
            return self.per_player
        return 1

    # -- what the legal actions allow -------------------------------------------------------------
    def _of(self, d: Decision, cls) -> list:
        return [a for a in d.legal if isinstance(a, cls)]

    def playable_cards(self, d: Decision) -> set[int]:
        """The hand cards the current card step may take."""
        mode = d.mode
        if self.token_mode == "keep":
            return {a.card for a in self._of(d, A.Keep)}
        if mode == "order":
            return {a.card for a in self._of(d, A.OrderCard)}
        if mode == "choose":
            if self.per_player == 1:
                return {a.card for a in self._of(d, A.ChooseCard)}
            return {a.first for a in self._of(d, A.ChooseCards)}
        if mode == "discard":
            return set(self.state.hands[d.player])
        if mode == "extra" and not d.card:
            return {a.card for a in self._of(d, A.Route)}
        if mode == "houndmove":
            return {a.card for a in self._of(d, A.HoundCard)}
        return set()

    def route_card(self, d: Decision) -> int | None:
        """The card whose routes the route step offers."""
        if d.mode in ("pre",) or (d.mode == "extra" and d.card):
            return d.card
        return self.sel[0] if self.sel else None

    def _route_cls(self, d: Decision):
        if self.token_mode == "keep":
            return A.Keep
        return A.HoundCard if d.mode == "houndmove" else A.Route

    def route_indices(self, d: Decision, card: int | None) -> list[int]:
        if card is None:
            return []
        cls = self._route_cls(d)
        return sorted(a.index for a in self._of(d, cls) if a.card == card)

    def route_action(self, d: Decision, card: int, index: int):
        cls = self._route_cls(d)
        return next((a for a in self._of(d, cls) if a.card == card and a.index == index), None)

    def facing_hex(self, d: Decision) -> tuple[int, int] | None:
        """The hex whose facing is being chosen."""
        s = self.state
        coords = s.board.coords
        if self.token_mode == "rotate" or (d.mode == "face" and d.duck is not None and d.duck >= 0):
            h = s.pos[d.duck]
            return coords[h] if h >= 0 else None
        if d.mode in ("place", "warp"):
            return self.sel_hex
        if d.mode == "face":
            return coords[s.hound_pos] if s.hound_pos >= 0 else None
        if d.mode == "houndface":
            return coords[s.board.drain]
        return None

    def facings(self, d: Decision) -> list[int]:
        if self.token_mode == "rotate":
            return [a.facing for a in self._of(d, A.Rotate)]
        if d.mode == "place":
            return [a.facing for a in self._of(d, A.Place) if (a.q, a.r) == self.sel_hex]
        if d.mode == "warp":
            return [a.facing for a in self._of(d, A.Warp) if (a.q, a.r) == self.sel_hex]
        if d.mode == "face":
            return [a.facing for a in self._of(d, A.Face)]
        if d.mode == "houndface":
            return [a.facing for a in self._of(d, A.HoundFace)]
        return []

    def face_action(self, d: Decision, facing: int):
        if self.token_mode == "rotate":
            pool = self._of(d, A.Rotate)
        elif d.mode == "place":
            pool = [a for a in self._of(d, A.Place) if (a.q, a.r) == self.sel_hex]
        elif d.mode == "warp":
            pool = [a for a in self._of(d, A.Warp) if (a.q, a.r) == self.sel_hex]
        elif d.mode == "houndface":
            pool = self._of(d, A.HoundFace)
        else:
            pool = self._of(d, A.Face)
        return next((a for a in pool if a.facing == facing), None)

    def start_hexes(self, d: Decision) -> list[tuple[int, int]]:
        cls = {"place": A.Place, "warp": A.Warp, "send": A.Send}.get(d.mode)
        if cls is None:
            return []
        return sorted({(a.q, a.r) for a in self._of(d, cls)}, key=lambda h: (h[1], h[0]))

    def token_ducks(self, d: Decision, kind: str) -> list[int]:
        cls = A.Ghost if kind == "ghost" else A.Become
        return [a.duck for a in self._of(d, cls)]

    def usable_tokens(self, d: Decision | None) -> set[str]:
        if d is None:
            return set()
        out = set()
        for a in d.legal:
            name = {
                A.Blue: "blue",
                A.Keep: "keep",
                A.Step: "step",
                A.Rotate: "rotate",
                A.Swap: "swap",
                A.Ghost: "ghost",
                A.Become: "become",
            }.get(type(a))
            if name:
                out.add(name)
        return out

    def pattern_ok(self, d: Decision, letter: str) -> bool:
        if d.mode == "houndpattern":
            return A.patterns_action(letter) in d.legal
        if d.mode == "houndmove":
            return any(
                isinstance(a, A.HoundPatterns) and a.patterns.startswith(self.picks + letter)
                for a in d.legal
            )
        return False

    def can_go_back(self, d: Decision) -> bool:
        if self.sel_hex or self.token_mode or self.picks:
            return True
        return bool(self.sel) and (d.mode in ("extra", "houndmove") or self.token_mode == "keep")

    # == input ================================================================================================
    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        # A lesson's step to read takes Enter (Next) before the person's choice does.
        if (
            event.type == pygame.KEYDOWN
            and self.lesson is not None
            and self.lesson.handle_event(event)
        ):
            return
        # The game's own keys reach the person's choice before the pause/help buttons take
        # arrows and Enter for their focus ring.
        if (
            event.type == pygame.KEYDOWN
            and event.key not in SCENE_KEYS
            and not (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL)
            and (d := self.decision()) is not None
        ):
            self.human_event(event, d.player)  # the private player's decision
            return
        super().handle_event(event)

    def human_event(self, event, player: int) -> None:
        d = self.decision()
        if d is None or d.player != player:
            return
        if event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            self._hover_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.keyboard = False
            self._click(d, event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.go_back()
        elif event.type == pygame.KEYDOWN:
            self.keyboard = True
            self._key(d, event.key)

    def _hover_at(self, pos) -> None:
        over = None
        for b in self.action_buttons:
            b.hovered = b.enabled and b.rect.collidepoint(pos)
        for target in self.targets():
            if target.hit(pos):
                over = target
                break
        if (over and (over.kind, over.value)) != (
            self.hover and (self.hover.kind, self.hover.value)
        ):
            self.hover = over
            self._touch_ui()

    def _touch_ui(self) -> None:
        self._ui_ver += 1

    def _click(self, d: Decision, pos) -> None:
        for b in self.action_buttons:
            if b.enabled and b.rect.collidepoint(pos):
                b.on_click()
                return
        for target in self.targets():
            if target.hit(pos):
                self._pick(d, target)
                return

    def _key(self, d: Decision, key: int) -> None:
        step = self.step_of(d)
        if key in BACK_KEYS:
            self.go_back()
        elif key in NEXT_KEYS:
            items = self.cycle(d)
            if items:
                self.focus = (self.focus + NEXT_KEYS[key]) % len(items)
                self._touch_ui()
        elif key in ACCEPT_KEYS:
            self.accept()
        elif d.mode in ("houndmove", "houndpattern") and key in PATTERN_KEYS:
            letter = PATTERN_KEYS[key]
            if self.pattern_ok(d, letter):
                self._pick_pattern(d, letter)
        elif key == pygame.K_s and A.STAY in d.legal:
            self._take(A.STAY)
        elif key == pygame.K_d and A.DONE in d.legal:
            self._take(A.DONE)
        elif key == pygame.K_t and A.TURN in d.legal:
            self._take(A.TURN)
        elif key in TOKEN_KEYS and TOKEN_KEYS[key] in self.usable_tokens(d):
            self.use_token(d, TOKEN_KEYS[key])
        elif pygame.K_1 <= key <= pygame.K_9:
            self._number(d, key - pygame.K_1, step)

    def _number(self, d: Decision, index: int, step: str) -> None:
        fixed = d.mode == "pre" or (d.mode == "extra" and d.card)
        if step == "route" and fixed:
            items = self.cycle(d)
            if index < len(items):
                self.focus = index
                self._touch_ui()
            return
        hand = list(self.shown.hand)
        if (
            index < len(hand)
            and hand[index] in self.playable_cards(d)
            and step in ("card", "route")
        ):
            self.pick_card(d, hand[index], by_key=True)

    # -- taking a target -------------------------------------------------------------------------
    def _pick(self, d: Decision, target: Target) -> None:
        match target.kind, target.value:
            case "card", int(card):
                self.pick_card(d, card)
            case "table", _:
                self.accept()
            case "route", (card, index):
                self._take(self.route_action(d, card, index))
            case "face", int(facing):
                self._take(self.face_action(d, facing))
            case "start", (_, _) as hex_:
                self._pick_start(d, hex_)
            case "duck", int(duck):
                cls = A.ghost_action if self.token_mode == "ghost" else A.become_action
                self._take(cls(duck))
            case "pattern", str(letter):
                self._pick_pattern(d, letter)
            case "token", str(kind):
                self.use_token(d, kind)

    def pick_card(self, d: Decision, card: int, by_key: bool = False) -> None:
        need = self.cards_needed(d)
        if need == 1:
            if self.sel == [card] and not by_key:
                self.accept()  # a second click on the picked card plays it
                return
            self.sel = [card]
        elif card in self.sel:
            self.sel.remove(card)
        elif len(self.sel) < need:
            self.sel.append(card)
        self.focus = 0
        items = self.cycle(d)
        for i, t in enumerate(items):
            if t.kind == "card" and t.value == card:
                self.focus = i
        self._sound("click")
        self._touch_ui()

    def _pick_start(self, d: Decision, hex_) -> None:
        if d.mode == "send":
            self._take(A.send_action(*hex_))
            return
        self.sel_hex = hex_
        self.focus = 0
        self._sound("click")
        self._touch_ui()

    def _pick_pattern(self, d: Decision, letter: str) -> None:
        if d.mode == "houndpattern":
            self._take(A.patterns_action(letter))
            return
        self.picks += letter
        self.sel = []
        if len(self.picks) == 2:
            self._take(A.patterns_action(self.picks))
            if len(self.picks) == 2:  # refused (a lesson's step asks for another): the
                self.picks = self.picks[:1]  # first stays picked, the second is open again
        else:
            self._sound("click")
            self._touch_ui()

    def use_token(self, d: Decision, kind: str) -> None:
        if kind == "blue":
            self._take(A.BLUE)
        elif kind == "step":
            self._take(A.STEP)
        elif kind == "swap":
            self._take(A.SWAP)
        elif kind in ("ghost", "become"):
            ducks = self.token_ducks(d, kind)
            if len(ducks) == 1:
                cls = A.ghost_action if kind == "ghost" else A.become_action
                self._take(cls(ducks[0]))
            else:
                self._enter_token(kind)
        else:
            self._enter_token(kind)  # rotate: a facing; keep going: a card and a route

    def _enter_token(self, kind: str) -> None:
        self.token_mode = kind
        self.sel = []
        self.focus = 0
        self._sound("click")
        self._touch_ui()

    def accept(self) -> None:
        """Enter (or the confirm button): take what is picked or focused."""
        d = self.decision()
        if d is None:
            return
        step = self.step_of(d)
        focused = self.focused_target(d)
        if step == "card":
            need = self.cards_needed(d)
            if d.mode in ("order", "choose", "discard"):
                if len(self.sel) < need and focused is not None and isinstance(focused.value, int):
                    self.pick_card(d, focused.value, by_key=True)
                    if need > 1 or d.mode == "discard":
                        return
                if len(self.sel) == need:
                    self._take(self._card_action(d))
            elif focused is not None and isinstance(focused.value, int):
                self.pick_card(d, focused.value, by_key=True)
        elif step in ("route", "face", "duck", "pattern", "start") and focused is not None:
            self._pick(d, focused)
        elif step == "none" and A.DONE in d.legal:
            self._take(A.DONE)

    def _card_action(self, d: Decision):
        if d.mode == "order":
            return A.order_action(self.sel[0])
        if d.mode == "discard":
            return A.discard_action(tuple(sorted(self.sel)))
        if self.per_player == 1:
            return A.card_action(self.sel[0])
        return A.cards_action(self.sel[0], self.sel[1])

    def go_back(self) -> None:
        if self.sel_hex is not None:
            self.sel_hex = None
        elif self.picks:
            self.picks = self.picks[:-1]
        elif self.sel:
            self.sel.pop()
        elif self.token_mode is not None:
            self.token_mode = None
        else:
            return
        self.focus = 0
        self._touch_ui()

    def _take(self, action) -> None:
        d = self.decision()
        if d is None or action is None or action not in d.legal:
            return
        self._sound("click")
        self.hover = None
        if self.act(d.player, action):
            self._reset_choice()
            self._touch_ui()
