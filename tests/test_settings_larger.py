"""Playtest: Settings at Larger text. The panel was capped at 1100 px of a 1280 px window
and the labels' column at 330 px: "Thoughtful" was shrunk against its button's edges and
"Animation speed" ran into its first button, with room left on both sides."""

from __future__ import annotations

import pytest

from game.scenes.shell.settings import SettingsScene
from game.ui import fonts
from tests.scene_helpers import make_app

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("text_size", [1.0, 1.4], ids=["normal", "larger"])
def test_playtest_settings_labels_keep_their_size_and_room(size, lang, text_size):
    """playtest (issue #27's text floors, at Larger text): every choice's label fits its
    button at the button's own size (not shrunk), every row's name ends at least 16 px
    (scaled) before its first button, and the panel stays inside the window."""
    app = make_app(size, lang)
    app.settings.text_size = text_size
    scene = SettingsScene(app)
    scene.layout(size)
    assert 0 <= scene.panel.x and scene.panel.right <= size[0]
    for button in scene.buttons.buttons:
        if button.key == "back":
            continue
        width = fonts.font(button.size, button.primary).size(button.label)[0]
        assert width <= button.rect.w - 12, (button.key, button.label, button.rect)
        assert scene.panel.contains(button.rect), button.key
    firsts = {}
    for button in scene.buttons.buttons:
        row = button.key.split(":")[0]
        if row != "back" and row not in firsts:
            firsts[row] = button.rect
    for (label, cy), (row, first) in zip(scene.rows, firsts.items()):
        assert first.top <= cy <= first.bottom, row
        label_right = scene.panel.x + scene.px(30) + fonts.font(scene.text_px(22)).size(label)[0]
        assert label_right + scene.px(16) <= first.x, (row, label)
