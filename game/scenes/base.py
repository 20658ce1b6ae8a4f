"""The scene protocol (after Tuxemon, without its globals).

The app keeps a stack of scenes. Only the top one gets input; an *overlay* (pause menu,
rules help, hand-off curtain, a dialog) is drawn over the scene below it. A scene that
is animating says so with ``busy()`` and the loop runs at full frame rate; otherwise the
loop sleeps until the next input event, so an idle menu costs almost no CPU.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.scenes.router import Router
from game.settings import Settings
from game.ui import theme
from game.ui.i18n import Translator
from game.ui.sound import Sounds
from game.ui.widgets import ButtonGroup, draw_panel


class Host(Protocol):
    """What a scene sees of the app that runs it (``game.app.App`` is the one): the
    scene stack, the settings, the translator, the sounds and the router that opens
    other screens by name. Scenes are typed against this, not against App, so that
    neither module needs the other (#26)."""

    settings: Settings
    t: Translator
    sound: Sounds
    router: Router
    size: tuple[int, int]
    dirty: bool
    stack: list[Any]
    elapsed: float  # seconds the app has run (what pulses on a table follows it)

    def push(self, scene: Any) -> None: ...
    def pop(self) -> Any: ...
    def replace(self, scene: Any) -> None: ...
    def pop_to_root(self) -> None: ...
    def top(self) -> Any: ...
    def show_error(self, message: str, title: str | None = None) -> None: ...
    def report_autosave(self, error: OSError | None) -> None: ...
    def save_settings(self) -> None: ...
    def set_fullscreen(self, on: bool) -> None: ...
    def set_language(self, lang: str) -> None: ...
    def quit(self) -> None: ...
    def history_reader(self) -> Any: ...  # game.history_writer.HistoryWriter | None
    def write_history(self, prepared: Any) -> None: ...  # a game.history.PreparedGame


class Scene:
    overlay = False  # draw the scene below first
    opaque_overlay = False  # an overlay that hides everything below (the curtain)
    # draw() lays an opaque picture over the whole window first (a table's still picture):
    # the app's background fill under it would be painted over unseen, so it is skipped
    covers_window = False

    def __init__(self, app: Host):
        self.app = app
        self.t = app.t
        self.buttons = ButtonGroup()
        self.size = app.size
        self.s = theme.scale_for(self.size)

    # life cycle -------------------------------------------------------------------
    def enter(self) -> None:
        self.layout(self.app.size)

    def exit(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        self.t = self.app.t
        self.layout(self.app.size)

    def layout(self, size: tuple[int, int]) -> None:
        """Place widgets for this window size (called on enter, resume and resize)."""
        self.size = size
        self.s = theme.scale_for(size)

    # per frame ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self.buttons.handle_event(event)

    def update(self, dt: float) -> None:
        pass

    def busy(self) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.buttons.draw(surface)

    def close_requested(self) -> bool:
        """The window's close button was pressed with this scene on top: True when the
        scene took it (the title menu asks first, issue #36), False to close at once
        (a table saves itself in :meth:`on_quit`)."""
        return False

    def on_quit(self) -> None:
        """The app is closing (window closed, Ctrl+C): save what must be saved."""

    def probe(self) -> dict:
        """What an end-to-end driver may click now: {key: [x, y]} (see App.write_probe)."""
        return {
            b.key: [b.rect.centerx, b.rect.centery]
            for b in self.buttons.buttons
            if b.enabled and b.key
        }

    # helpers --------------------------------------------------------------------------
    def px(self, value: float) -> int:
        return round(value * self.s)

    def text_px(self, value: float) -> int:
        """A font size scaled with the window like :meth:`px`, and by the person's text
        size (issue #27: Normal, Large, Larger, for people who sit at a TV), never under
        :data:`theme.MIN_TEXT_PX` (text stays readable at 1024x600)."""
        return max(theme.MIN_TEXT_PX, round(value * self.s * self.text_scale))

    @property
    def text_scale(self) -> float:
        """The person's text size setting: one factor on every text (and the icons whose
        size follows their text's)."""
        return self.app.settings.text_size

    def key_back(self, event: pygame.event.Event) -> bool:
        return event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE)


class ModalScene(Scene):
    """An overlay with a panel over a dimmed scene (dialogs, pause, help, save slots):
    Esc or Backspace closes it."""

    overlay = True
    shade_alpha = 150

    def __init__(self, app: Host):
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._shade: pygame.Surface | None = None

    def close(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.key_back(event):
            self.close()
            return
        super().handle_event(event)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        if self._shade is None or self._shade.get_size() != surface.get_size():
            self._shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._shade.fill((20, 20, 30, self.shade_alpha))
        surface.blit(self._shade, (0, 0))
        draw_panel(surface, self.panel)
