"""The screenshot command's ``--text-size`` (issue #38: every table is looked at with
Larger text too, so the pictures must be able to show it)."""

from __future__ import annotations

import argparse

from game.screenshot import _settings


def test_text_size_word_sets_the_settings_factor():
    """Issue #38: ``--text-size larger`` renders with the settings' Larger factor (1.4),
    ``normal`` (the default) with 1.0, so a picture shows what a person with that
    setting sees."""
    assert _settings(argparse.Namespace(text_size="larger")).text_size == 1.4
    assert _settings(argparse.Namespace(text_size="large")).text_size == 1.2
    assert _settings(argparse.Namespace(text_size="normal")).text_size == 1.0
    assert _settings(argparse.Namespace()).text_size == 1.0
