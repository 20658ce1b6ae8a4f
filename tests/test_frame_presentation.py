"""Issue #27, the parts every table shares: the hint is never cut, the header's status
keeps one line and its icon, the log shows at least eight whole lines with seats' names
in their colours and marks and a divider per round, a resumed game's log is its game so
far (never a hidden event), the end screen celebrates (confetti, the winner's hop, a
fanfare, one word for the winner), one focus ring suits every button."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.table.celebration import CELEBRATION, hop
from game.scenes.table.end_screen import GameOverScene
from game.scenes.table.frame import Hint, LogDivider, first_seat, split_names
from game.scenes.table.frame_plan import LOG_LINES, log_line_h, plan_table
from game.scenes.table.record import log_viewer
from game.screenshot import fast_forward
from game.ui import sound, theme, widgets
from game.ui.i18n import Translator, catalog
from tests.scene_helpers import make_app, open_drawer, push_game, push_resumed_game, seats
from tests.test_tables_at_every_size import VARIANTS

SIZES = [(1024, 600), (1280, 720), (1920, 1080), (2560, 1440)]

pytestmark = pytest.mark.usefixtures("quick_bots")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("extra_h", [0, 150])
def test_the_log_shows_eight_whole_lines_at_every_size(size, players, extra_h):
    """Issue #27: at least eight whole lines of the log at every size for 2-6 players
    (5-6 players at 1920x1080 left four, the top one cut)."""
    scale = size[1] / 720

    def px(v):
        return round(v * scale)

    plan = plan_table(size, px, players, bar_h=150, extra_h=extra_h)
    pad = 2 * px(6)
    assert (plan.log.h - pad) // log_line_h(px) >= LOG_LINES
    assert plan.log.bottom <= size[1]


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_every_table_shows_eight_whole_log_lines_at_its_most_players(game):
    """Issue #27: a full log shows at least eight lines, each whole inside the panel."""
    app = make_app((1920, 1080))
    try:
        n = {"cluck": 4, "routes": 5}.get(game, 6)
        scene = push_game(app, game, (0,), n, 3, {}, "easy")
        scene.layout(app.screen.get_size())
        for i in range(40):
            scene.log_line(f"entry {i}: " + "a long line of the log that wraps " * (i % 3 + 1))
        rows = scene.log.shown_rows(scene.plan.log)
        assert len(rows) >= LOG_LINES
        open_drawer(app, scene)  # issue #38: a drawer's log shows once it is open
        with widgets.recording(app.screen) as sink:
            scene.draw(app.screen)
        inside = [t for t in sink.texts if t.rect.colliderect(scene.plan.log)]
        assert len(inside) >= LOG_LINES
        assert all(scene.plan.log.contains(t.rect) for t in inside)
    finally:
        pygame.quit()


def test_names_in_the_log_are_told_apart_with_their_seat():
    names = ["Ann", "Anna", "Bob"]
    assert first_seat("Bob passes to Anna.", names) == 2
    assert first_seat("Anna rolls.", names) == 1  # the longer name where both start
    assert split_names("Anna gives Bob 3.", names) == [
        ("Anna", 1),
        (" gives ", None),
        ("Bob", 2),
        (" 3.", None),
    ]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_the_hint_never_ends_in_an_ellipsis_at_1024x600(game, lang, monkeypatch):
    """Issue #27: every game's longest hint (every string of its catalog, as a hint)
    wraps and shrinks, then drops its secondary clause: it is never cut with "…"."""
    app = make_app((1024, 600), lang)
    try:
        players = {"cluck": 4, "routes": 5}.get(game, 6)
        scene = push_game(app, game, (0,), players, 3, {}, "easy")
        scene.layout(app.screen.get_size())
        texts = sorted(
            (v for k, v in catalog(lang).items() if k.startswith(f"{game}.") and "{" not in v),
            key=len,
        )[-12:]
        for text in texts:
            lines, size, _h = scene.frame.hint_layout(text, scene.plan.hint)
            assert size >= theme.MIN_TEXT_PX
            assert not any(line.endswith("…") for line in lines), text
            joined = "".join(lines).replace(" ", "")
            main = Hint(text).parts()[0].replace(" ", "").replace("\n", "")
            assert joined.startswith(main[: len(main) // 2])  # the instruction is kept
            if lang == "ja":
                assert "  " not in "".join(lines)
        monkeypatch.setattr(scene.frame, "hint_text", lambda: texts[-1])
        with widgets.recording(app.screen) as sink:
            scene.draw(app.screen)
        assert not any(
            t.text.endswith("…") for t in sink.texts if t.rect.colliderect(scene.plan.bar)
        )
    finally:
        pygame.quit()


def test_a_hint_drops_its_secondary_clause_before_anything_is_cut():
    app = make_app((1024, 600))
    try:
        scene = push_game(app, "routes", (0,), 3, 3, {}, "easy")
        scene.layout(app.screen.get_size())
        box = pygame.Rect(0, 0, 300, 22)
        main = "Enter: place the tile on the lowest row"
        hint = Hint(main, "(lower cards move first, the others wait their turn)")
        lines, size, _h = scene.frame.hint_layout(hint, box)
        assert " ".join(lines) == main and size >= theme.MIN_TEXT_PX
        # a plain string's bracketed end is its secondary clause
        assert Hint(main + " (lower cards move first)").parts() == (
            main,
            "(lower cards move first)",
        )
        assert Hint("手札を置く（Enter）").parts() == ("手札を置く", "（Enter）")
    finally:
        pygame.quit()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_header_status_keeps_one_line_and_is_never_cut_mid_word(lang):
    app = make_app((1024, 600), lang)
    try:
        scene = push_game(app, "verflixxt", (0,), 6, 3, {}, "easy")
        scene.layout(app.screen.get_size())
        text, size = scene.frame.header.one_line("Expansion 2 · hats and cards", 15, 120)
        assert text == "Expansion 2" and size >= theme.MIN_TEXT_PX
        status = scene.frame.turn_status()[1]
        text, size = scene.frame.header.one_line(
            status, scene.text_px(20), scene.plan.header.w // 2, True
        )
        assert not text.endswith("…") and status.startswith(text)
    finally:
        pygame.quit()


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_a_resumed_game_shows_its_log_so_far_from_its_seats_view(game):
    """Issue #27: after Resume the log is the game so far (it was empty), rebuilt from
    the record: the rounds' dividers, the events the person's seat saw, nothing hidden."""
    players, options = VARIANTS[game][0]
    app = make_app((1280, 720))
    try:
        scene = push_resumed_game(app, game, seats(game, {0}, players, "easy"), 5, options, 3)
        dividers = [line for line in scene.log if isinstance(line, LogDivider)]
        assert len(dividers) >= 2 and dividers[0] == scene.t("app.frame_round", n=1)
        assert len(scene.log) > len(dividers) + 3
        assert log_viewer(scene.driver, scene.session) == 0
    finally:
        pygame.quit()


def test_a_resumed_log_never_tells_a_hidden_event():
    """Two people at one screen: the rebuilt log says only what every seat saw."""
    app = make_app((1280, 720))
    try:
        scene = push_resumed_game(app, "duck", seats("duck", {0, 1}, 4, "easy"), 5, {}, 3)
        assert log_viewer(scene.driver, scene.session) is None
        hidden = []
        from game.rules.protocol import replay

        _state, events = replay(scene.session.module, scene.session.record())
        for event in events:
            if event.visible_to is not None:
                line = scene.describe(event)
                if line and line not in scene.log:
                    hidden.append(line)
        shown = set(map(str, scene.log))
        assert not any(h in shown for h in hidden)
    finally:
        pygame.quit()


def test_the_end_screen_celebrates_then_rests():
    """Confetti and the winner's hop for a few seconds, then still; the fanfare is one
    of the synthesized sounds; one word for the winner in both languages."""
    app = make_app((1280, 720))
    try:
        scene = push_game(app, "routes", (), 3, 5, {}, "normal")
        fast_forward(scene, 10**6)
        end = GameOverScene(app, scene)
        app.push(end)
        assert end.celebrating() and end.celebration.pieces
        assert hop(0.3) > 0.9 and hop(CELEBRATION + 1) == 0
        before = app.screen.copy()
        for _ in range(20):
            app.step(1 / 20)
        assert end.celebration.age == pytest.approx(1.0)
        app.draw()
        assert app.screen.get_at((640, 20)) is not None and before is not None
        while end.celebrating():
            app.step(1 / 10)
        assert end.celebration.age >= CELEBRATION and not end.celebrating()
        app.settings.reduced_motion = True  # type: ignore[attr-defined]
        assert not GameOverScene(app, scene).celebration.pieces
    finally:
        pygame.quit()
    assert "fanfare" in sound.synthesize()
    assert Translator("en")("app.winner_word") == "Winner!"
    assert Translator("ja")("app.winner_word") == "勝ち！"
    assert Translator("en")("verflixxt.winner_mark") == "Winner!"
    assert Translator("ja")("duck.ui.winner") == "勝ち！"


def test_one_focus_ring_for_every_button():
    """A dark ring on the button's edge and a light one outside it, on a white, an
    orange (primary) and a cream button alike."""
    surface = pygame.Surface((200, 100))
    for primary in (False, True):
        surface.fill(theme.BG)
        button = widgets.Button(pygame.Rect(40, 30, 120, 40), "Go", lambda: None, primary=primary)
        button.draw(surface, focused=True)
        assert surface.get_at((100, 30))[:3] == theme.FOCUS_INNER
        band = widgets.focus_ring_width(button.rect)
        assert surface.get_at((100, 30 - band))[:3] == theme.FOCUS_OUTER


@pytest.mark.parametrize("game", ["duck", "verflixxt", "cluck", "routes"])
def test_a_rounds_divider_comes_before_the_rounds_first_line(game):
    """Issue #27: the divider "Round 3" used to land after "Round 3: everybody chooses a
    card in secret."; a round-opening event (``Event.begins_round``) now puts it first."""
    import re

    from game.session import Session
    from tests.test_tables_at_every_size import _record

    record, seats = _record(game, 0, "mid")
    session = Session(game, seats, record.seed, dict(record.options))
    for player, text in record.actions:
        session.apply(player, session.module.parse_action(text))
    app = make_app((1280, 720), "en")
    try:
        log = app.router.table(game)(app, session).log
        dividers = [e for e in log if isinstance(e, LogDivider)]
        assert len(dividers) >= 3 and len(set(dividers)) == len(dividers), dividers
        seen: set[str] = set()
        for entry in log:
            if isinstance(entry, LogDivider):
                seen.add(str(entry))
                continue
            for n in re.findall(r"\bRound (\d+)\b", entry):
                assert f"Round {n}" in seen, (entry, sorted(seen))
    finally:
        pygame.quit()
