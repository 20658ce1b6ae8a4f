"""Navigation by name: a scene that opens another asks the app's router for "pause",
"help", "lobby", ... instead of importing it, so scenes never import each other (the
circle help -> lesson_choice -> lesson -> lobby -> online -> pause -> help, #26), and a
screen's module is loaded the first time it is opened, not on the way to the menu's first
frame. The app makes one Router at start with the table of ``game.scenes.shell.screens``; only
the app imports that table."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


class Router:
    def __init__(self, app: Any, screens: Mapping[str, str]):
        self.app = app
        self.screens = screens  # name -> "module:attribute"

    def screen(self, name: str) -> Callable[..., Any]:
        """The class or opening function of the screen called ``name``."""
        module, _, attr = self.screens[name].partition(":")
        opener: Callable[..., Any] = getattr(import_module(module), attr)
        return opener

    def table(self, game_id: str) -> Callable[..., Any]:
        """The table scene class of the game ``game_id``: ``Table(app, session)``."""
        return self.screen(f"table:{game_id}")

    def open(self, name: str, *args: Any, **kwargs: Any) -> None:
        """Push the screen class ``name`` over the top scene: ``Screen(app, *args)``."""
        self.app.push(self.screen(name)(self.app, *args, **kwargs))
