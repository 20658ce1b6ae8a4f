"""A person's choice at a game table, offered as controls that work the same with the
mouse and the keyboard: written once for the games whose every legal action, or step
towards one, is a :class:`Choice` (a button, or an area of the table: a route, a piece,
a card in the hand).

The controls are rebuilt only when what they answer changes: whose choice it is, the
actions taken, the steps picked on the way, the window, the language. The last input
says what the person is looking at (``attention``): the focused control after a key, the
one under the mouse after a mouse move; the table previews it. A key shows an option and
the same key again, or Enter, takes it (``_press_or_focus``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from game.rules.protocol import Action
from game.ui.widgets import Button

PREVIEWS_KEPT = 64  # a person looks at a few options over and over, then acts

if TYPE_CHECKING:
    # The mixin's host, for the type checker: ChoiceControls uses the game scene's state,
    # seats, buttons and methods. At run time it derives from object (and Generic, which
    # adds no behaviour), so the scene's methods resolve as ``(ChoiceControls, GameScene)``.
    from game.scenes.game_base import GameScene as _Host
else:
    _Host = object


@dataclass(eq=False)
class Choice(Button):
    """A control standing for one legal action, or for a step towards one (``action``
    None: a mode, a card picked first)."""

    action: Action | None = None


# The scene's own kind of Choice (with its table areas: a route, a piece, a card).
C = TypeVar("C", bound=Choice)


def digit_key(event: pygame.event.Event, highest: int) -> int:
    """1 to ``highest`` for a digit key (number row or keypad), 0 for any other key."""
    for base in (pygame.K_1, pygame.K_KP1):
        if base <= event.key <= base + highest - 1:
            return event.key - base + 1
    return 0


class ChoiceControls(Generic[C], _Host):  # noqa: PYI059 (at run time _Host is object: last)
    """Mixed into a game scene, before it, with the scene's kind of Choice:
    ``class RoutesScene(ChoiceControls[Choice], GameScene)``.

    The scene implements ``_make_controls``, ``_settle_mode``, ``_steps_taken``,
    ``_clear_steps`` and ``_preview_of``, and says how it differs from the others in
    ``steps_draw_attention`` and ``rebuild_before_input`` (no default: each game says)."""

    # A step (a control without an action of its own) can be what the person looks at
    # where the table shows something for it (Verflixxt!: a card in the hand is ringed, a
    # pawn that may go either way previews both), not where only an action has a preview
    # (Eight Routes: C, D and Back).
    steps_draw_attention: bool
    # Every input rebuilds the controls first, not only every frame.
    rebuild_before_input: bool

    def __init__(self, app, session):
        super().__init__(app, session)
        self.keyboard = True  # last input came from the keyboard: preview the focus
        self.mouse: tuple[float, float] = (-1, -1)
        self._armed: str | None = None  # the option a key showed; the same key takes it
        self.controls: list[C] = []
        self._controls_key = None
        self._base_buttons: list[Button] = []  # the shell's: menu, undo, rules help
        self._preview_cache: dict = {}

    # -- to implement --------------------------------------------------------------------
    def _make_controls(self, player: int, legal: tuple[Action, ...]) -> None:
        """Add a Choice to ``self.controls`` for every option on offer now."""
        raise NotImplementedError

    def _settle_mode(self, legal: tuple[Action, ...]) -> None:
        """Keep the steps taken only while they still lead to a legal action."""
        raise NotImplementedError

    def _steps_taken(self) -> tuple:
        """The steps picked on the way to an action (a mode, a card): controls follow them."""
        raise NotImplementedError

    def _clear_steps(self) -> None:
        """An action is being chosen: forget the steps that led to it."""
        raise NotImplementedError

    def _preview_of(self, player: int, action: Action):
        """What ``action`` would do, from the rules (ValueError when they cannot say)."""
        raise NotImplementedError

    def _pointed_at(self) -> C | None:
        """An option the mouse points at on the table besides the controls themselves."""
        return None

    # -- who decides, and what -------------------------------------------------------------
    def deciding(self) -> int | None:
        """The person whose controls are on screen now (their turn, their screen)."""
        if self.state.is_over():
            return None
        human = self.active_human()
        return human if human is not None and human == self.private_player else None

    def _legal(self, player: int) -> tuple[Action, ...]:
        return self.state.legal_actions(player)

    def layout(self, size):
        super().layout(size)
        self._base_buttons = list(self.buttons.buttons)

    def _rebuild_controls(self, force: bool = False) -> None:
        player = self.deciding()
        legal = self._legal(player) if player is not None else ()
        if player is not None:
            self._settle_mode(legal)
        key = (player, len(self.session.actions), *self._steps_taken(), self.size, self.t.lang)
        if key == self._controls_key and not force:
            return
        self._controls_key = key
        focused_button = self._focused_button()
        focused = focused_button.key if focused_button is not None else None
        self.controls = []
        if player is not None:
            self._make_controls(player, legal)
        for button in self.controls:
            button.hovered = not self.keyboard and button.rect.collidepoint(self.mouse)
        self.buttons.buttons = list(self._base_buttons) + list(self.controls)
        keys = [b.key for b in self.buttons.buttons]
        if focused in keys and focused not in ("pause", "help"):
            self.buttons.focus = keys.index(focused)
        elif self.controls:
            self.buttons.focus = keys.index(self.controls[0].key)
        else:
            self.buttons.focus = None

    def _choose(self, action: Action) -> Callable[[], None]:
        def choose():
            player = self.deciding()
            if player is None or action not in self._legal(player):
                return
            self.app.sound.play("click")
            self._clear_steps()
            if self.act(player, action):
                self._controls_key = None

        return choose

    def _step(
        self, take: Callable[[], None], then: Callable[[], object] | None = None
    ) -> Callable[[], None]:
        """A control that is a step towards an action (a mode, a card picked first): only
        for the person deciding; the controls follow at once, then ``then`` runs."""

        def step():
            if self.deciding() is None:
                return
            self.app.sound.play("click")
            take()
            self._rebuild_controls(force=True)
            if then is not None:
                then()

        return step

    # -- focus and keys --------------------------------------------------------------------
    def _focused_button(self) -> Button | None:
        focus = self.buttons.focus
        if focus is None or focus >= len(self.buttons.buttons):
            return None
        return self.buttons.buttons[focus]

    def _focus(self, key: str) -> bool:
        for i, button in enumerate(self.buttons.buttons):
            if button.key == key and button.enabled:
                self.buttons.focus = i
                self.keyboard = True
                return True
        return False

    def _control(self, key: str) -> C | None:
        for button in self.controls:
            if button.key == key:
                return button
        return None

    def _click_control(self, key: str) -> None:
        """Take the control ``key`` at once, as a click on it does (when it is on offer)."""
        button = self._control(key)
        if button is not None:
            button.on_click()

    def _press_or_focus(self, key: str) -> None:
        """A key shows an option (focus and preview); the same key again, or Enter,
        chooses it."""
        button = self._control(key)
        if button is None:
            return
        if self._armed == key and self._focused_button() is button:
            self._armed = None
            button.on_click()
        elif self._focus(key):
            self._armed = key

    def handle_event(self, event):
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.keyboard = False
        elif event.type == pygame.KEYDOWN:
            self.keyboard = True
        if self.rebuild_before_input:
            self._rebuild_controls()
        super().handle_event(event)

    # -- what the person looks at ------------------------------------------------------------
    def attention(self) -> C | None:
        """The option the person is looking at: the focused one after a key, the one
        under the mouse after a mouse move."""
        if self.deciding() is None:
            return None
        if self.keyboard:
            button = self._focused_button()  # one of the controls, or a base button
            for choice in self.controls:
                if choice is button and self._worth_a_look(choice):
                    return choice
            return None
        for button in self.controls:
            if button.hovered and self._worth_a_look(button):
                return button
        return self._pointed_at()

    def _worth_a_look(self, choice: Choice) -> bool:
        return self.steps_draw_attention or choice.action is not None

    def preview(self, action: Action):
        """What ``action`` would do for the person deciding (``_preview_of``), kept until
        the next action; None when the rules cannot say."""
        player = self.deciding()
        if player is None:
            return None
        key = (len(self.session.actions), player, str(action))
        if key not in self._preview_cache:
            if len(self._preview_cache) > PREVIEWS_KEPT:
                self._preview_cache.clear()
            try:
                self._preview_cache[key] = self._preview_of(player, action)
            except ValueError:
                self._preview_cache[key] = None
        return self._preview_cache[key]
