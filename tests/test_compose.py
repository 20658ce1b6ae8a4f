"""The one compositor of the tables (game/scenes/table/compose.py) and the text sink it
records through (issue #26)."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.table.compose import Compositor
from game.ui import theme, widgets
from game.ui.widgets import Picture, draw_text, paint_picture
from tests.scene_helpers import make_app, push_game

GAMES = ("duck", "verflixxt", "cluck", "routes")


class _Table:
    """A game with a still word and a moving word, counting its paints."""

    def __init__(self) -> None:
        self.key = 1
        self.static_paints = 0
        self.moving_paints = 0

    def static_key(self):
        return self.key

    def paint_static(self, surface: pygame.Surface) -> None:
        self.static_paints += 1
        surface.fill(theme.BG)
        draw_text(surface, f"still {self.key}", 16, (10, 10))

    def paint_moving(self, surface: pygame.Surface) -> None:
        self.moving_paints += 1
        draw_text(surface, "moving", 16, (10, 60))


class _Frame:
    """One frame panel, a picture kept until it is told to change."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(100, 20, 80, 30)
        self.panel = self._paint("panel")
        self.hint = ""  # the bar's hint, painted by the table's paint_static

    def _paint(self, text: str) -> Picture:
        def paint(layer: pygame.Surface, area: pygame.Rect) -> None:
            layer.fill((200, 0, 0))
            draw_text(layer, text, 14, (2, 4), within=area)

        return paint_picture(pygame.Surface(self.rect.size), paint)

    def panels(self):
        return [(self.rect, self.panel)]

    def hint_text(self) -> str:
        return self.hint

    def draw_thinking_cue(self, surface: pygame.Surface) -> None:
        pass


def test_the_still_picture_is_painted_again_only_when_its_key_changes():
    pygame.init()
    table, frame = _Table(), _Frame()
    compositor = Compositor(table, frame)
    screen = pygame.Surface((320, 200))
    for _ in range(3):
        compositor.compose(screen, None)
    assert (table.static_paints, table.moving_paints) == (1, 3)
    frame.panel = frame._paint("changed")  # a panel changed: laid again, not repainted
    compositor.compose(screen, None)
    assert table.static_paints == 1 and screen.get_at(frame.rect.topleft)[:3] == (200, 0, 0)
    table.key = 2
    compositor.compose(screen, None)
    compositor.compose(pygame.Surface((300, 200)), None)  # another size
    assert table.static_paints == 3
    frame.hint = "Roll the die."  # issue #36: the bar's hint is in the still picture
    compositor.compose(pygame.Surface((300, 200)), None)
    assert table.static_paints == 4


def test_every_text_of_a_frame_goes_to_the_sink_where_it_landed_kept_or_not():
    pygame.init()
    table, frame = _Table(), _Frame()
    compositor = Compositor(table, frame)
    screen = pygame.Surface((320, 200))
    compositor.compose(screen, None)  # painted once, unrecorded: its texts are kept anyway
    for _ in range(2):  # and handed on in every frame, once
        sink = widgets.TextSink()
        compositor.compose(screen, sink)
        drawn = {t.text: t for t in sink.texts}
        assert sorted(drawn) == ["moving", "panel", "still 1"]
        assert drawn["still 1"].rect.topleft == (10, 10)
        assert drawn["moving"].rect.topleft == (10, 60)
        assert drawn["panel"].rect.topleft == (102, 24)  # on the screen, not on the panel
        assert drawn["panel"].container == frame.rect
    assert table.static_paints == 1


def test_a_sink_is_bound_to_one_surface_and_unbound_after():
    pygame.init()
    screen, scratch = pygame.Surface((100, 50)), pygame.Surface((100, 50))
    with widgets.recording(screen) as sink:
        draw_text(screen, "seen", 14, (0, 0))
        draw_text(scratch, "a scratch picture", 14, (0, 0))
        with widgets.recording(screen) as inner:
            draw_text(screen, "inner", 14, (0, 0))
        draw_text(screen, "again", 14, (0, 0))
    draw_text(screen, "after", 14, (0, 0))
    assert [t.text for t in sink.texts] == ["seen", "again"]
    assert [t.text for t in inner.texts] == ["inner"]
    assert widgets.sink_of(screen) is None


@pytest.mark.parametrize("game", GAMES)
def test_a_table_draws_the_same_pixels_with_a_sink_as_without(game):
    """One path for people and for the layout tests: recording changes nothing drawn."""
    app = make_app((1024, 600))
    try:
        scene = push_game(app, game, (0,), 4 if game != "routes" else 3, 3, {}, "easy")
        app.draw()
        app.draw()
        plain = pygame.image.tobytes(app.screen, "RGB")
        with widgets.recording(app.screen) as sink:
            scene.draw(app.screen)
        assert pygame.image.tobytes(app.screen, "RGB") == plain
        texts = [t.text for t in sink.texts]
        assert app.t("app.undo") in texts  # the buttons, on the still picture or not
        # a frame panel: the log, or a drawer's button while it is shut (issue #38)
        panel = scene.plan.log if scene.plan.drawer is None else scene.plan.drawer.toggle
        assert any(panel.contains(t.rect) for t in sink.texts)
    finally:
        pygame.quit()


@pytest.mark.parametrize("game", GAMES)
def test_a_table_covers_every_pixel_so_the_app_skips_its_background_fill(game):
    """A table says it covers the window (``covers_window``), so ``App.draw`` does not fill
    the background under it (issue #27's frame cost: the fill cost more than the blit of
    the still picture at 1024x600). Safe only if the table does paint every pixel: a
    screen filled with a colour no table uses comes out without one pixel of it."""
    app = make_app((1024, 600))
    try:
        push_game(app, game, (0,), 4 if game != "routes" else 3, 3, {}, "easy")
        assert app.top.covers_window
        app.draw()
        reference = pygame.image.tobytes(app.screen, "RGB")
        magenta = (255, 0, 255)
        app.screen.fill(magenta)
        app.draw()
        assert pygame.image.tobytes(app.screen, "RGB") == reference  # no magenta left
    finally:
        pygame.quit()
