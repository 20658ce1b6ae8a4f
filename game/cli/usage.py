"""What the window's own start needs of the command line (issue #37): the one-line
:class:`UsageError` and :func:`display_problem`. Kept apart from ``game.cli.common`` (the
parser, argparse and what each game offers) so that ``tabletop-derby`` with no arguments
opens its window without importing argparse or building a parser."""

from __future__ import annotations

import os
import sys


class UsageError(Exception):
    """A command line that cannot be carried out; str() is the one line to print."""


def display_problem(environ=os.environ, platform: str = sys.platform) -> str | None:
    """Why a window cannot be shown here, or None. On Linux with neither an X nor a
    Wayland display, SDL opens an offscreen window nobody sees and the game runs for
    ever in the dark; say so instead (SDL_VIDEODRIVER set: the caller knows best)."""
    if not platform.startswith("linux") or environ.get("SDL_VIDEODRIVER"):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return (
        "no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set): "
        "start it from a desktop session, or set SDL_VIDEODRIVER=dummy to run it unseen"
    )
