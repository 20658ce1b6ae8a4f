"""Issue #38, "Larger text breaks tables": the table's header keeps its main line (whose
turn it is, what happens) at least as big as the label beside it (the game's variant, the
join code), at every size, in both languages, at every text size."""

from __future__ import annotations

import pygame
import pytest

from game.ui import widgets
from tests.scene_helpers import make_app, push_game

GAMES = {"duck": 4, "verflixxt": 4, "cluck": 4, "routes": 5}

pytestmark = pytest.mark.usefixtures("quick_bots")


def _statuses(scene) -> list[str]:
    """The header's own status now, a longer one (the dice roller's tip: a sentence) and a
    mid-length one (the Japanese status that was squeezed to 15 px beside a 21 px label)."""
    _who, status = scene.frame.turn_status()
    status = status or scene.t("routes.tip_roller")[:24]  # (none while the dice roll)
    return [status, scene.t("routes.tip_roller"), status + status[: len(status) // 2]]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("text_size", [1.0, 1.4], ids=["normal", "larger"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_issue_38_the_headers_main_line_is_never_smaller_than_its_label(
    game, size, text_size, lang
):
    """issue #38: Duck's header main line was smaller than the variant label beside it
    with Larger text (Japanese, 1280x720: 15 px against 21 px): the label took its 30% of
    the bar at full size first and the status got what was left. Now the label gives
    way first; every line of the main text is at least as big as every label line."""
    app = make_app(size, lang=lang)
    app.settings.text_size = text_size
    try:
        scene = push_game(app, game, (0,), GAMES[game], 3, {}, "easy")
        app.draw()
        frame = scene.frame
        rect = frame.cut.header
        variant = frame.variant_label()
        assert variant
        who = frame.turn_status()[0]
        for status in _statuses(scene):
            frame.turn_status = lambda status=status: (who, status)  # type: ignore[method-assign]
            surface = pygame.Surface(app.screen.get_size())
            with widgets.recording(surface) as sink:
                frame.header.paint(surface, rect)
            label = [t for t in sink.texts if t.text in variant]
            main = [t for t in sink.texts if t.text in status and t.text not in variant]
            assert label and main, (status, sink.texts)
            assert min(t.size for t in main) >= max(t.size for t in label), (
                status,
                [(t.text, t.size) for t in main],
                [(t.text, t.size) for t in label],
            )
            assert min(t.size for t in main) >= 14
    finally:
        pygame.quit()
