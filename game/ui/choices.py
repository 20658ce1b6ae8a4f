"""A person's choice at a game table, offered as controls that work the same with the
mouse and the keyboard: written once for the games whose every legal action, or step
towards one, is a :class:`Choice` (a button, or an area of the table: a route, a piece,
a card in the hand).

The controls are rebuilt only when what they answer changes: whose choice it is, the
actions taken, the steps picked on the way, the window, the language. The last input
says what the person is looking at (``attention``): the focused control after a key, the
one under the mouse after a mouse move; the table previews it. A key shows an option and
the same key again, or Enter, takes it (``press_or_focus``).

:class:`Choices` is the plain object a composed table holds (issue #26): it asks the
scene (:class:`ChoiceHost`) who decides and to act, and the game (:class:`ChoiceGame`)
which controls there are.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import pygame

from game.rules.protocol import Action
from game.ui.i18n import Translator
from game.ui.widgets import Button, ButtonGroup

PREVIEWS_KEPT = 64  # a person looks at a few options over and over, then acts


@dataclass(eq=False)
class Choice(Button):
    """A control standing for one legal action, or for a step towards one (``action``
    None: a mode, a card picked first)."""

    action: Action | None = None


# The scene's own kind of Choice (with its table areas: a route, a piece, a card).
C = TypeVar("C", bound=Choice)
C_co = TypeVar("C_co", bound=Choice, covariant=True)


def digit_key(event: pygame.event.Event, highest: int) -> int:
    """1 to ``highest`` for a digit key (number row or keypad), 0 for any other key."""
    for base in (pygame.K_1, pygame.K_KP1):
        if base <= event.key <= base + highest - 1:
            return event.key - base + 1
    return 0


class Turns(Protocol):
    """Whose controls are on the screen (the table's screen sharing)."""

    def deciding(self) -> int | None: ...


class ChoiceHost(Protocol):
    """What the choices need of the scene that shows them."""

    app: Any  # its sounds
    t: Translator
    size: tuple[int, int]
    buttons: ButtonGroup
    base_buttons: list[Button]  # the scene's own (menu, undo, help): kept across rebuilds

    @property
    def session(self) -> Any:
        """The record of actions taken."""
        ...

    @property
    def state(self) -> Any: ...

    @property
    def sharing(self) -> Turns:
        """Whose screen it is: the person whose controls are on it now (their turn)."""
        ...

    def act(self, player: int, action: Action) -> bool: ...


class ChoiceGame(Protocol[C_co]):
    """What the choices ask the game: which controls there are, and the steps towards
    an action (a mode, a card picked first)."""

    # A step (a control without an action of its own) can be what the person looks at
    # where the table shows something for it (Verflixxt!: a card in the hand is ringed, a
    # pawn that may go either way previews both), not where only an action has a preview
    # (Eight Routes: C, D and Back).
    @property
    def steps_draw_attention(self) -> bool: ...

    # Every input rebuilds the controls first, not only every frame.
    @property
    def rebuild_before_input(self) -> bool: ...

    def make_controls(self, player: int, legal: tuple[Action, ...]) -> None:
        """Add a Choice to the choices' ``controls`` for every option on offer now."""

    def settle_mode(self, legal: tuple[Action, ...]) -> None:
        """Keep the steps taken only while they still lead to a legal action."""

    def steps_taken(self) -> tuple:
        """The steps picked on the way to an action (a mode, a card): controls follow them."""
        ...

    def clear_steps(self) -> None:
        """An action is being chosen: forget the steps that led to it."""

    def preview_of(self, player: int, action: Action) -> Any:
        """What ``action`` would do, from the rules (ValueError when they cannot say)."""

    def pointed_at(self) -> C_co | None:
        """An option the mouse points at on the table besides the controls themselves."""


class Choices(Generic[C]):
    """The controls of the person deciding, their focus and what they look at."""

    def __init__(self, host: ChoiceHost, game: ChoiceGame[C]) -> None:
        self.host = host
        self.game = game
        self.keyboard = True  # last input came from the keyboard: preview the focus
        self.mouse: tuple[float, float] = (-1, -1)
        self.armed: str | None = None  # the option a key showed; the same key takes it
        self.controls: list[C] = []
        self.key: tuple | None = None  # what the controls answer (None: rebuild them)
        self.preview_cache: dict = {}

    # -- who decides, and what -------------------------------------------------------------
    def legal(self, player: int) -> tuple[Action, ...]:
        return self.host.state.legal_actions(player)

    def rebuild(self, force: bool = False) -> None:
        host = self.host
        player = host.sharing.deciding()
        legal = self.legal(player) if player is not None else ()
        if player is not None:
            self.game.settle_mode(legal)
        key = (player, len(host.session.actions), *self.game.steps_taken(), host.size, host.t.lang)
        if key == self.key and not force:
            return
        self.key = key
        focused_button = self.focused_button()
        focused = focused_button.key if focused_button is not None else None
        self.controls = []
        if player is not None:
            self.game.make_controls(player, legal)
        for button in self.controls:
            button.hovered = not self.keyboard and button.rect.collidepoint(self.mouse)
        buttons = host.buttons
        buttons.buttons = list(host.base_buttons) + list(self.controls)
        keys = [b.key for b in buttons.buttons]
        if focused in keys and focused not in ("pause", "help"):
            buttons.focus = keys.index(focused)
        elif self.controls:
            buttons.focus = keys.index(self.controls[0].key)
        else:
            buttons.focus = None

    def chooser(self, action: Action) -> Callable[[], None]:
        """A control's callback: ``action`` for the person deciding, when still legal."""

        def choose():
            host = self.host
            player = host.sharing.deciding()
            if player is None or action not in self.legal(player):
                return
            host.app.sound.play("click")
            self.game.clear_steps()
            if host.act(player, action):
                self.key = None

        return choose

    def step(
        self, take: Callable[[], None], then: Callable[[], object] | None = None
    ) -> Callable[[], None]:
        """A control that is a step towards an action (a mode, a card picked first): only
        for the person deciding; the controls follow at once, then ``then`` runs."""

        def step():
            if self.host.sharing.deciding() is None:
                return
            self.host.app.sound.play("click")
            take()
            self.rebuild(force=True)
            if then is not None:
                then()

        return step

    # -- focus and keys --------------------------------------------------------------------
    def focused_button(self) -> Button | None:
        buttons = self.host.buttons
        focus = buttons.focus
        if focus is None or focus >= len(buttons.buttons):
            return None
        return buttons.buttons[focus]

    def focus(self, key: str) -> bool:
        buttons = self.host.buttons
        for i, button in enumerate(buttons.buttons):
            if button.key == key and button.enabled:
                buttons.focus = i
                self.keyboard = True
                return True
        return False

    def focus_action(self, action: Action) -> bool:
        """Focus the control that takes ``action`` or previews it (a pawn that may go
        either way previews both), as the arrow keys would; False when none is on offer.
        The coach's option on the board (issue #40), by the notation of the move."""
        wanted = str(action)
        for control in self.controls:
            acts = [control.action, *getattr(control, "previews", ())]
            if any(a is not None and str(a) == wanted for a in acts) and self.focus(control.key):
                return True
        return False

    def control(self, key: str) -> C | None:
        for button in self.controls:
            if button.key == key:
                return button
        return None

    def has_prefix(self, prefix: str) -> bool:
        """A control whose key starts with ``prefix`` is on offer."""
        return any(b.key.startswith(prefix) for b in self.controls)

    def click_control(self, key: str) -> None:
        """Take the control ``key`` at once, as a click on it does (when it is on offer)."""
        button = self.control(key)
        if button is not None:
            button.on_click()

    def press_or_focus(self, key: str) -> None:
        """A key shows an option (focus and preview); the same key again, or Enter,
        chooses it."""
        button = self.control(key)
        if button is None:
            return
        if self.armed == key and self.focused_button() is button:
            self.armed = None
            button.on_click()
        elif self.focus(key):
            self.armed = key

    def track(self, event: pygame.event.Event) -> None:
        """Every input, before the scene's: where the mouse is, whether keys are used."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.keyboard = False
        elif event.type == pygame.KEYDOWN:
            self.keyboard = True
        if self.game.rebuild_before_input:
            self.rebuild()

    # -- what the person looks at ------------------------------------------------------------
    def attention(self) -> C | None:
        """The option the person is looking at: the focused one after a key, the one
        under the mouse after a mouse move."""
        if self.host.sharing.deciding() is None:
            return None
        if self.keyboard:
            button = self.focused_button()  # one of the controls, or a base button
            for choice in self.controls:
                if choice is button and self.worth_a_look(choice):
                    return choice
            return None
        for button in self.controls:
            if button.hovered and self.worth_a_look(button):
                return button
        return self.game.pointed_at()

    def worth_a_look(self, choice: Choice) -> bool:
        return self.game.steps_draw_attention or choice.action is not None

    def preview(self, action: Action):
        """What ``action`` would do for the person deciding (``preview_of``), kept until
        the next action; None when the rules cannot say."""
        player = self.host.sharing.deciding()
        if player is None:
            return None
        key = (len(self.host.session.actions), player, str(action))
        cache = self.preview_cache
        if key not in cache:
            if len(cache) > PREVIEWS_KEPT:
                cache.clear()
            try:
                cache[key] = self.game.preview_of(player, action)
            except ValueError:
                cache[key] = None
        return cache[key]
