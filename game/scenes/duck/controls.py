"""A person's input at the Duck! Duck! Go! table, by mouse and by keyboard.

The decision (decisions.py) is read from the state (its typed ``decision(player)`` and the
legal actions) and walked in small steps: a card from the hand, a route ending on the board, a facing
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

from collections.abc import Sequence

import pygame

from game.rules.duck import actions as A
from game.rules.duck.state import DuckState
from game.scenes.table.contract import Offered, TableHost

from .decisions import (
    ACCEPT_KEYS,
    BACK_KEYS,
    NEXT_KEYS,
    PATTERN_KEYS,
    SCENE_KEYS,
    TOKEN_KEYS,
    Decisions,
)
from .handtray import HandTray
from .lesson import Guide
from .model import Decision, DuckModel
from .targets import Targets


class Controls:
    """The person's input at the table (a TableControls): the mouse and keys walk the
    decision's targets and take them."""

    def __init__(
        self,
        model: DuckModel,
        host: TableHost[DuckState],
        decisions: Decisions,
        targets: Targets,
        guide: Guide,
        tray: HandTray,
    ) -> None:
        self.model = model
        self.host = host
        self.decisions = decisions
        self.targets = targets
        self.guide = guide
        self.tray = tray

    def offered(self) -> Sequence[Offered]:
        """The person's legal actions a single click takes (see Guide.controls)."""
        return self.guide.controls

    def rebuild(self, force: bool = False) -> None:
        """Nothing to rebuild: the decision and its targets follow the state as asked."""

    def shown(self, player: int) -> None:
        """``player``'s hand and tokens are on screen now."""
        self.model.shown.hand = sorted(self.host.state.hands[player])
        self.model.shown.my_tokens = sorted(self.host.state.tokens[player])
        self.model.dec_key = None
        self.model.touch()

    def track(self, event: pygame.event.Event) -> bool:
        """Every input first: where the mouse is; the hand tray's key and tab (issue
        #38); a lesson's Enter; the game's own keys (True: taken here)."""
        if event.type == pygame.MOUSEMOTION:
            self.model.mouse = event.pos
        if self.tray.handle(event):
            return True
        # A lesson's step to read takes Enter (Next) before the person's choice does.
        if event.type == pygame.KEYDOWN and self.host.guide.handle_event(event):
            return True
        # The game's own keys reach the person's choice before the pause/help buttons take
        # arrows and Enter for their focus ring.
        if (
            event.type == pygame.KEYDOWN
            and event.key not in SCENE_KEYS
            and not (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL)
            and (d := self.decisions.decision()) is not None
        ):
            self.handle(event, d.player)  # the private player's decision
            return True
        return False

    def handle(self, event: pygame.event.Event, player: int) -> None:
        """Input while ``player`` decides at this screen."""
        d = self.decisions.decision()
        if d is None or d.player != player:
            return
        if event.type == pygame.MOUSEMOTION:
            self.model.keyboard = False
            self._hover_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.model.keyboard = False
            self._click(d, event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.decisions.go_back()
        elif event.type == pygame.KEYDOWN:
            self.model.keyboard = True
            self._key(d, event.key)

    def _hover_at(self, pos) -> None:
        over = None
        for b in self.model.action_buttons:
            b.hovered = b.enabled and b.rect.collidepoint(pos)
        for target in self.targets.targets():
            if target.hit(pos):
                over = target
                break
        if (over and (over.kind, over.value)) != (
            self.model.hover and (self.model.hover.kind, self.model.hover.value)
        ):
            self.model.hover = over
            self.model.touch_ui()

    def _click(self, d: Decision, pos) -> None:
        for b in self.model.action_buttons:
            if b.enabled and b.rect.collidepoint(pos):
                b.on_click()
                return
        for target in self.targets.targets():
            if target.hit(pos):
                self.targets.pick(d, target)
                return

    def _key(self, d: Decision, key: int) -> None:
        step = self.decisions.step_of(d)
        if key in BACK_KEYS:
            self.decisions.go_back()
        elif key in NEXT_KEYS:
            items = self.targets.cycle(d)
            if items:
                self.model.focus = (self.model.focus + NEXT_KEYS[key]) % len(items)
                self.model.touch_ui()
        elif key in ACCEPT_KEYS:
            self.targets.accept()
        elif d.of_hound and key in PATTERN_KEYS:
            letter = PATTERN_KEYS[key]
            if self.decisions.pattern_ok(d, letter):
                self.targets.pick_pattern(d, letter)
        elif key == pygame.K_s and A.STAY in d.legal:
            self.decisions.take(A.STAY)
        elif key == pygame.K_d and A.DONE in d.legal:
            self.decisions.take(A.DONE)
        elif key == pygame.K_t and A.TURN in d.legal:
            self.decisions.take(A.TURN)
        elif key in TOKEN_KEYS and TOKEN_KEYS[key] in self.decisions.usable_tokens(d):
            self.targets.use_token(d, TOKEN_KEYS[key])
        elif pygame.K_1 <= key <= pygame.K_9:
            self._number(d, key - pygame.K_1, step)

    def _number(self, d: Decision, index: int, step: str) -> None:
        fixed = d.card is not None
        if step == "route" and fixed:
            items = self.targets.cycle(d)
            if index < len(items):
                self.model.focus = index
                self.model.touch_ui()
            return
        hand = list(self.model.shown.hand)
        if (
            index < len(hand)
            and hand[index] in self.decisions.playable_cards(d)
            and step in ("card", "route")
        ):
            self.targets.pick_card(d, hand[index], by_key=True)
