"""The screens around the tables at publisher grade (issue #27): the settings speak a
family's words (Computer speed: Quick ... Thoughtful, the same thinking times underneath)
and offer a text size (Normal, Large, Larger) that every scene's text follows; the pause
menu is the same from the hand-off curtain as at the table; a language changed mid-game
renames the computers still under their characters' names and writes the log again."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.shell.menu import MenuScene
from game.scenes.shell.settings import SettingsScene
from game.scenes.table.handoff import HandoffScene
from game.session import Session
from game.settings import BOT_BUDGETS_MS, TEXT_SIZES, Settings
from tests.scene_helpers import click, key, make_app, seats, step_until

pytestmark = pytest.mark.usefixtures("quick_bots")


def test_the_computer_speed_is_said_in_words_over_the_same_thinking_times():
    """Issue #27: no "50 ms" on the settings screen; one word per thinking time."""
    app = make_app()
    app.push(MenuScene(app))
    app.push(SettingsScene(app))
    labels = {b.key: b.label for b in app.top.buttons.buttons}
    speeds = [labels[f"bot_speed:{ms}"] for ms in BOT_BUDGETS_MS]
    assert speeds == ["Quick", "Normal", "Careful", "Thoughtful"]
    assert not any("ms" in label for label in labels.values())
    assert app.t("app.bot_speed") in [label for label, _y in app.top.rows]
    click(app, app.top.probe()["bot_speed:400"])
    assert app.settings.bot_budget_ms == 400


def test_the_text_size_scales_every_scenes_text_and_is_kept():
    """Issue #27: Normal / Large / Larger, one factor on Scene.text_px (never under the
    floor), applied at once to the scenes under the settings, and a valid setting."""
    app = make_app()
    app.push(MenuScene(app))
    app.push(SettingsScene(app))
    menu = app.stack[0]
    normal = menu.text_px(20)
    labels = {b.key: b.label for b in app.top.buttons.buttons}
    assert [labels[f"text_size:{v}"] for v in TEXT_SIZES] == ["Normal", "Large", "Larger"]
    click(app, app.top.probe()["text_size:1.4"])
    assert app.settings.text_size == 1.4
    assert menu.text_px(20) == round(20 * 1.4) and normal == 20
    assert menu.text_px(5) >= 14
    assert Settings(text_size=1.4).validated().text_size == 1.4
    with pytest.raises(ValueError):
        Settings(text_size=3.0).validated()


def test_the_pause_menu_from_the_curtain_is_the_tables():
    """Issue #27: Esc at the hand-off curtain opens the same menu as at the table."""
    app = make_app()
    app.push(MenuScene(app))
    session = Session("duck", seats("duck", (0, 1), 2, "easy"), 3, {"variant": "beginner"})
    table = app.router.table("duck")(app, session)
    app.push(table)
    table.open_pause()
    at_table = [b.key for b in app.top.buttons.buttons]
    app.pop()
    assert step_until(app, lambda: isinstance(app.top, HandoffScene), 600, 1 / 30)
    key(app, pygame.K_ESCAPE)
    assert [b.key for b in app.top.buttons.buttons] == at_table
    assert "save" in at_table and len(at_table) == 5


def test_a_language_changed_mid_game_renames_the_computers_and_rewrites_the_log():
    """Issue #27: computer seats under their characters' default names and "Player 1"
    take the new language's names, and the log is written again in it."""
    app = make_app(lang="ja")
    app.push(MenuScene(app))
    from game import registry
    from game.session import default_seats

    session = Session("duck", default_seats(registry.get("duck"), 3, app.t), 5, {})
    session.seats[2].name = "Aiko"  # a name somebody gave: kept
    table = app.router.table("duck")(app, session)
    app.push(table)
    assert step_until(app, lambda: not table.player.busy() and len(table.log) > 2, 600, 1 / 30)
    names = [s.name for s in session.seats]
    assert names[0] == "プレイヤー1" and names[1] == "クッキー"
    before = " ".join(str(getattr(line, "text", line)) for line in table.log)
    assert "クッキー" in before
    app.push(SettingsScene(app))
    click(app, app.top.probe()["language:en"])
    app.step(1 / 60)
    assert [s.name for s in session.seats] == ["Player 1", "Cookie", "Aiko"]
    text = " ".join(str(getattr(line, "text", line)) for line in table.log)
    assert "クッキー" not in text and "プレイヤー" not in text and "Cookie" in text
