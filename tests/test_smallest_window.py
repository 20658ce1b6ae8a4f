"""issue #36: at the smallest window the app allowed, with Larger text, texts ran over
each other (found at 700x450: nothing stopped a window being dragged that small). A
person's window is never made smaller than ``theme.MIN_WINDOW`` (the window manager is
told, and a smaller size asked for is raised to it), and every screen at that size
with Larger text passes the layout audit (``tools/audit_layout.py``, whose first size it
is: CI runs it on every table and lesson step there with ``--fail-on-any``)."""

from __future__ import annotations

import warnings

import pygame
import pytest

from game.app import App
from game.settings import TEXT_SIZES
from game.ui import theme
from tools import audit_layout as audit


def test_a_persons_window_is_never_smaller_than_the_least():
    try:
        app = App(size=(700, 450), persist=True)
        assert app.size == theme.MIN_WINDOW == app.least_window()
        with warnings.catch_warnings():  # the window object's surface calls are deprecated
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
        assert window.minimum_size == theme.MIN_WINDOW
        pictures = App(size=(700, 450), persist=False)  # a screenshot, a test: any size
        assert pictures.size == (700, 450)
    finally:
        pygame.quit()


def test_the_audit_runs_at_the_least_window_with_larger_text():
    assert audit.DEFAULT_SIZES[0] == theme.MIN_WINDOW
    assert max(TEXT_SIZES) in audit.text_sizes()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_screens_around_the_tables_at_the_least_window_with_larger_text(lang):
    """The menu (its Play pills, the quit question), settings, lobbies, help, pause,
    curtain, resume, join, history and statistics: no finding at all."""
    report = audit.run(
        sizes=[theme.MIN_WINDOW], langs=[lang], screens=["shell"], texts=[max(TEXT_SIZES)]
    )
    assert report.skipped == 0 and len(report.screens) >= len(audit.SHELL)
    assert report.findings == [], "\n".join(f.line() for f in report.findings)
