"""A person's decisions at the Duck! Duck! Go! table: what is to be decided and the steps
taken towards it (the input is controls.py's, the targets targets.py's).

The decision is read from the state (its typed ``decision(player)`` and the legal actions) and
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
from game.rules.duck import decisions as D
from game.rules.duck.state import DuckState
from game.scenes.table.contract import TableHost

from .model import Decision, DuckModel, play_sound

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


class Decisions:
    """Reads the person's decision from the state and keeps the steps taken towards it
    (the cards, the hex, the token, the patterns picked), sending only legal actions."""

    def __init__(self, model: DuckModel, host: TableHost[DuckState]) -> None:
        self.model = model
        self.host = host

    def decision(self) -> Decision | None:
        """What the person on screen must decide now (None while something moves, while
        the computer plays, or when it is somebody else's turn)."""
        p = self.host.private_player
        if p is None or self.host.state.is_over() or self.host.sharing.active_human() != p:
            return None
        legal = self.host.state.legal_actions(p)
        if not legal:
            return None
        key = (p, self.host.state.phase, self.host.state.decision(p), legal)
        if key != self.model.dec_key:
            self.model.dec_key = key
            ask = self.host.state.decision(p)
            assert ask is not None, f"player {p} has legal actions but no decision"
            self.model.dec = Decision(ask, legal)
            self._reset_choice()
        return self.model.dec

    def deciding(self) -> int | None:
        """The person whose decision is on screen (None: nobody's; the table scene's
        ``deciding``, which tests/scene_helpers.py asks)."""
        d = self.decision()
        return None if d is None else d.player

    def _reset_choice(self) -> None:
        self.model.hover = None
        self.model.sel = []
        self.model.sel_hex = None
        self.model.token_mode = None
        self.model.picks = ""
        self.model.focus = 0
        self.model.targets_key = None
        self.model.preview_cache.clear()

    def step_of(self, d: Decision) -> str:
        """Which kind of target the decision waits for now."""
        token = self.model.token_mode
        if token == "rotate":
            return "face"
        if token in ("ghost", "become"):
            return "duck"
        if token == "keep":
            return "route" if self.model.sel else "card"
        match d.ask:
            case D.ChooseCards() | D.DiscardCards():
                return "card"
            case D.PlaceDuck() | D.WarpOrStay():
                return "face" if self.model.sel_hex else "start"
            case D.SendKnocked():
                return "start"
            case D.FacePiece() | D.FaceHound():
                return "face"
            case D.PlayTurn():
                return "route"
            case D.MoveAgain(card=card):
                return "route" if card or self.model.sel else "card"
            case D.MoveHound():
                return "route" if self.model.sel else "card"
            case D.HoundPattern():
                return "pattern"
        return "none"

    def cards_needed(self, d: Decision) -> int:
        match d.ask:
            case D.DiscardCards():
                return 3
            case D.ChooseCards(why="move"):
                return self.model.per_player
        return 1

    # -- what the legal actions allow -------------------------------------------------------------
    def _of(self, d: Decision, cls) -> list:
        return [a for a in d.legal if isinstance(a, cls)]

    def playable_cards(self, d: Decision) -> set[int]:
        """The hand cards the current card step may take."""
        if self.model.token_mode == "keep":
            return {a.card for a in self._of(d, A.Keep)}
        match d.ask:
            case D.ChooseCards(why="order"):
                return {a.card for a in self._of(d, A.OrderCard)}
            case D.ChooseCards():
                if self.model.per_player == 1:
                    return {a.card for a in self._of(d, A.ChooseCard)}
                return {a.first for a in self._of(d, A.ChooseCards)}
            case D.DiscardCards():
                return set(self.host.state.hands[d.player])
            case D.MoveAgain(card=None):
                return {a.card for a in self._of(d, A.Route)}
            case D.MoveHound():
                return {a.card for a in self._of(d, A.HoundCard)}
        return set()

    def route_card(self, d: Decision) -> int | None:
        """The card whose routes the route step offers."""
        if d.card is not None:
            return d.card
        return self.model.sel[0] if self.model.sel else None

    def _route_cls(self, d: Decision):
        if self.model.token_mode == "keep":
            return A.Keep
        return A.HoundCard if isinstance(d.ask, D.MoveHound) else A.Route

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
        s = self.host.state
        coords = s.board.coords
        ask = d.ask
        piece = d.duck
        if piece is not None and (
            self.model.token_mode == "rotate" or (isinstance(ask, D.FacePiece) and piece >= 0)
        ):
            h = s.pos[piece]
            return coords[h] if h >= 0 else None
        match ask:
            case D.PlaceDuck() | D.WarpOrStay():
                return self.model.sel_hex
            case D.FacePiece():
                return coords[s.hound_pos] if s.hound_pos >= 0 else None
            case D.FaceHound():
                return coords[s.board.drain]
        return None

    def _starts(self, d: Decision) -> list:
        """The legal actions that put the piece on the picked start space (with a facing)."""
        cls = A.Warp if isinstance(d.ask, D.WarpOrStay) else A.Place
        return [a for a in self._of(d, cls) if (a.q, a.r) == self.model.sel_hex]

    def facings(self, d: Decision) -> list[int]:
        if self.model.token_mode == "rotate":
            return [a.facing for a in self._of(d, A.Rotate)]
        match d.ask:
            case D.PlaceDuck() | D.WarpOrStay():
                return [a.facing for a in self._starts(d)]
            case D.FacePiece():
                return [a.facing for a in self._of(d, A.Face)]
            case D.FaceHound():
                return [a.facing for a in self._of(d, A.HoundFace)]
        return []

    def face_action(self, d: Decision, facing: int):
        if self.model.token_mode == "rotate":
            pool = self._of(d, A.Rotate)
        else:
            match d.ask:
                case D.PlaceDuck() | D.WarpOrStay():
                    pool = self._starts(d)
                case D.FaceHound():
                    pool = self._of(d, A.HoundFace)
                case _:
                    pool = self._of(d, A.Face)
        return next((a for a in pool if a.facing == facing), None)

    def start_hexes(self, d: Decision) -> list[tuple[int, int]]:
        cls: type[A.Place | A.Warp | A.Send]
        match d.ask:
            case D.PlaceDuck():
                cls = A.Place
            case D.WarpOrStay():
                cls = A.Warp
            case D.SendKnocked():
                cls = A.Send
            case _:
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
        match d.ask:
            case D.HoundPattern():
                return A.patterns_action(letter) in d.legal
            case D.MoveHound():
                return any(
                    isinstance(a, A.HoundPatterns)
                    and a.patterns.startswith(self.model.picks + letter)
                    for a in d.legal
                )
        return False

    def can_go_back(self, d: Decision) -> bool:
        if self.model.sel_hex or self.model.token_mode or self.model.picks:
            return True
        return bool(self.model.sel) and (
            isinstance(d.ask, (D.MoveAgain, D.MoveHound)) or self.model.token_mode == "keep"
        )

    def go_back(self) -> None:
        if self.model.sel_hex is not None:
            self.model.sel_hex = None
        elif self.model.picks:
            self.model.picks = self.model.picks[:-1]
        elif self.model.sel:
            self.model.sel.pop()
        elif self.model.token_mode is not None:
            self.model.token_mode = None
        else:
            return
        self.model.focus = 0
        self.model.touch_ui()

    def take(self, action) -> None:
        d = self.decision()
        if d is None or action is None or action not in d.legal:
            return
        play_sound(self.host, "click")
        self.model.hover = None
        if self.host.act(d.player, action):
            self._reset_choice()
            self.model.touch_ui()
