"""tools/audit_layout.py (issue #27): its finders on texts made up for the purpose, and
the audit of one table at one size in both languages, as the full run does it."""

from __future__ import annotations

import json

import pygame
import pytest

from game.ui.widgets import TextDrawn
from tools import audit_layout as audit

WINDOW = (1024, 600)


@pytest.fixture(autouse=True)
def _pygame_font():
    pygame.font.init()
    yield


def text(s: str, x: int, y: int, size: int = 16, box: pygame.Rect | None = None) -> TextDrawn:
    return TextDrawn(s, pygame.Rect(x, y, 8 * len(s), size + 4), size, box)


def kinds(found) -> list[str]:
    return sorted(f.kind for f in found)


def test_a_clean_layout_has_no_finding():
    box = pygame.Rect(0, 0, 400, 100)
    drawn = [text("Round 3", 10, 10, box=box), text("Your turn", 10, 40), text("ルート1", 200, 10)]
    assert audit.find(drawn, WINDOW, rendered=[("Round 3", 16), ("Your turn", 16)]) == []


def test_a_text_under_14_px_is_found():
    found = audit.find([text("Dash", 10, 10, size=12)], WINDOW)
    assert kinds(found) == ["small"] and found[0].text == "Dash" and found[0].size == 12


def test_a_cut_text_is_found_but_not_a_text_that_ends_with_its_own_ellipsis():
    found = audit.find([text("Sniff ab…", 10, 10), text("Reading boards…", 10, 40)], WINDOW)
    assert [(f.kind, f.text) for f in found] == [("cut", "Sniff ab…")]


def test_overlapping_texts_are_found():
    found = audit.find([text("Waiting for", 10, 10), text("Player 1", 40, 12)], WINDOW)
    assert kinds(found) == ["overlap"]
    assert "Player 1" in found[0].detail


def test_texts_outside_the_window_or_their_box_are_found():
    box = pygame.Rect(0, 0, 50, 30)
    found = audit.find([text("a long label", 5, 5, box=box), text("edge", 1000, 590)], WINDOW)
    assert kinds(found) == ["outside_box", "outside_window"]


def test_texts_drawn_past_the_text_layer_are_found_with_their_size_and_cut():
    found = audit.find(
        [text("Hound board", 10, 10)], WINDOW, [("Sniff ab…", 8), ("Hound board", 16)]
    )
    assert kinds(found) == ["cut", "small", "unrecorded"]
    assert all(f.text == "Sniff ab…" and f.rect is None for f in found)


def test_a_character_the_font_lacks_is_found():
    found = audit.find([text("tofu \U0010fffd", 10, 10)], WINDOW)
    assert kinds(found) == ["missing_glyph"] and found[0].detail == "\U0010fffd"


def test_counts_over_the_baseline_are_named():
    counts = {"kinds": {"small": 3, "cut": 1}, "groups": {"duck": {"small": 3, "cut": 1}}}
    baseline = {"kinds": {"small": 3, "cut": 0}, "groups": {"duck": {"small": 4}}}
    assert audit.over_allowance(counts, baseline) == [
        "cut: 1 > 0 allowed",
        "duck cut: 1 > 0 allowed",
    ]
    assert audit.over_allowance({"kinds": {}, "groups": {}}, baseline) == []


def test_the_checked_in_baseline_names_every_kind():
    baseline = json.loads(audit.BASELINE.read_text(encoding="utf-8"))
    assert set(baseline["kinds"]) == set(audit.KINDS)


def test_one_table_is_audited_in_both_languages(tmp_path, monkeypatch):
    monkeypatch.setattr(audit, "TABLES", {"routes": [(3, {})]})
    monkeypatch.setattr(audit, "MOMENTS", {"end": (10_000, 0)})  # the table, its end screen
    report = audit.run(sizes=[WINDOW], langs=["en", "ja"], games=["routes"], screens=["tables"])
    assert report.screens == [
        "routes/3p/end@1024x600/en",
        "routes/3p/end_screen@1024x600/en",
        "routes/3p/end@1024x600/ja",
        "routes/3p/end_screen@1024x600/ja",
    ]
    assert report.skipped == 0
    assert all(f.kind in audit.KINDS and f.screen in report.screens for f in report.findings)
    counts = report.counts()
    assert set(counts["kinds"]) == set(audit.KINDS)
    assert "total" in audit.summary(report)
