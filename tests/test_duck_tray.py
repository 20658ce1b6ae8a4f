"""Issue #38, "the board takes the table", on Duck! Duck! Go!: its seats, hound board and
log are in the frame's drawer as on the other tables, and the person's hand is a tray
on the felt (game/scenes/duck/tray.py, handtray.py): open while the person at this
screen decides, folded to a tab with the piles otherwise, one key (Y) or one click
away; hidden hands stay hidden when the screen is shared."""

from __future__ import annotations

import pygame
import pytest

from game.rules.duck import decisions as D
from game.scenes.duck.panels import Panels
from game.scenes.duck.tray import hex_boxes
from game.scenes.table.handoff import HandoffScene
from game.screenshot import fast_forward
from game.ui import widgets
from tests.scene_helpers import click, key, make_app, push_game, spy_private_drawing
from tests.test_duck_scene import Person, step_until
from tools.audit_layout import extent_fill, find_tray_over_board

pytestmark = pytest.mark.usefixtures("quick_bots")


def _deciding(scene) -> bool:
    return scene.game.decisions.decision() is not None and not scene.busy()


def _waiting(scene) -> bool:
    """Nothing for the person to decide (the others choose, the ducks swim)."""
    return scene.game.decisions.decision() is None


def _texts(app, scene) -> list:
    scene.compositor.forget()
    with widgets.recording(app.screen) as sink:
        scene.draw(app.screen)
    return list(sink.texts)


def _game(board: str = "grand-canal", players: int = 4, size=(1280, 720)):
    """A game on ``board`` whose person (seat 0) chooses this round's card now."""
    app = make_app(size)
    scene = push_game(app, "duck", (0,), players, 3, {"board": board}, "easy")
    person = Person(app, scene, 1)
    for _ in range(20):
        assert step_until(app, lambda: _deciding(scene))
        if scene.game.decisions.decision().ask == D.ChooseCards(0, "move"):
            break
        person.play()  # the duck placed, the order card shown
    app.draw()
    return app, scene


def _cards_shown(app, scene) -> set[str]:
    """The numbers of the person's cards drawn in the tray (not the piles' counts)."""
    hand = {str(c) for c in scene.game.model.shown.hand}
    room, piles = scene.game.model.hand_rect, scene.game.geometry.piles()
    return {
        t.text
        for t in _texts(app, scene)
        if t.text in hand and room.contains(t.rect) and not piles.colliderect(t.rect)
    }


@pytest.mark.parametrize("board", ["grand-canal", "bathtub"])
def test_issue_38_duck_has_the_drawer_and_its_tray_is_open_at_the_persons_choice(board):
    """The seats are a drawer (L opens it: every seat's name, the log); the person's
    hand is in the tray, over no hex, while they choose; once their card is down the
    tray folds to its tab (no card of theirs on the screen) and the board stays as it
    was (the same hexes: nothing is laid out again)."""
    app, scene = _game(board)
    try:
        drawer, model = scene.plan.drawer, scene.game.model
        assert drawer is not None and model.tray_place is not None
        assert model.hand_rect.collidelist(hex_boxes(model.geo, 0.0)) < 0
        assert scene.game.tray.is_open()
        assert _cards_shown(app, scene) == {str(c) for c in model.shown.hand}
        geo = model.geo
        Person(app, scene, 1).play()  # the card goes down, the others still choose
        assert step_until(app, lambda: _waiting(scene))
        assert not scene.game.tray.is_open()
        texts = _texts(app, scene)
        assert not _cards_shown(app, scene)
        label = scene.game.geometry.tab_label()
        tab = [t for t in texts if t.text == label]
        assert tab and model.tab_rect.contains(tab[0].rect)
        assert model.geo is geo
        key(app, pygame.K_l)  # the drawer: every seat's panel
        assert scene.frame.seat_drawer.open
        names = {t.text for t in _texts(app, scene)}
        assert {scene.seat_name(p) for p in range(scene.session.players)} <= names
    finally:
        pygame.quit()


def test_issue_38_the_folded_tray_opens_by_its_key_and_tab_and_folds_by_a_click_outside():
    """Y opens the folded tray (the person looks at their hand) and folds it again; a
    click on the tab opens it, a click on the board outside it folds it; while the
    person decides, Y leaves their hand in sight."""
    app, scene = _game("grand-canal")
    try:
        tray, model = scene.game.tray, scene.game.model
        key(app, pygame.K_y)
        assert tray.is_open()  # deciding: it stays open
        Person(app, scene, 1).play()
        assert step_until(app, lambda: _waiting(scene))
        assert not tray.is_open()
        key(app, pygame.K_y)
        assert tray.is_open() and _cards_shown(app, scene)
        key(app, pygame.K_y)
        assert not tray.is_open() and not _cards_shown(app, scene)
        click(app, model.tab_rect.center)
        assert tray.is_open()
        click(app, model.hand_rect.center)  # inside: it stays open
        assert tray.is_open()
        outside = (model.tub_rect.right - 20, model.tub_rect.y + 20)
        assert not model.tray_place.room.collidepoint(outside)
        click(app, outside)
        assert not tray.is_open()
    finally:
        pygame.quit()


def test_issue_38_the_spas_open_tray_hides_no_hex_while_the_person_decides():
    """issue #38: the Spa leaves no corner clear of its hexes at 70% of the window; its
    open tray lay over a few edge hexes (Y folded it). The board now gives way (tray.py's
    Decision): while the person chooses, their hand is in sight and every hex, duck and
    buoy too; Y leaves the hand where it is."""
    app, scene = _game("spa")
    try:
        tray, model = scene.game.tray, scene.game.model
        assert tray.is_open() and _deciding(scene)
        assert model.tray_place.room.collidelist(hex_boxes(model.geo)) < 0
        assert find_tray_over_board(scene) == []
        key(app, pygame.K_y)
        assert tray.is_open() and scene.game.choosing.bar_cards(None)
    finally:
        pygame.quit()


def test_issue_38_the_hound_board_is_in_the_drawer_and_in_the_tray_while_moving_the_hound():
    """The advanced game's hound board is in the open drawer (its patterns, whose the
    hound is); while the person moves the hound, its patterns are in the tray, where
    they are picked (the targets lie there)."""
    app = make_app((1280, 720))
    try:
        scene = push_game(app, "duck", (0,), 2, 5, {"variant": "advanced"}, "easy")
        person = Person(app, scene, 4)
        extra = scene.plan.drawer.extra
        assert extra is not None
        key(app, pygame.K_l)
        texts = _texts(app, scene)
        assert scene.t("duck.ui.hound_board") in {t.text for t in texts if extra.contains(t.rect)}
        key(app, pygame.K_l)
        for _ in range(80):
            assert step_until(app, lambda: _deciding(scene) or scene.state.is_over())
            d = scene.game.decisions.decision()
            if d is None:
                break
            if d.of_hound:
                model = scene.game.model
                assert model.hound_rect == model.tray_rect and scene.game.tray.is_open()
                patterns = [t for t in scene.game.choosing.targets() if t.kind == "pattern"]
                assert patterns and all(model.hand_rect.contains(t.rect) for t in patterns)
                return
            person.play()
        pytest.skip("no hound move for the person in this game")  # the seed has one
    finally:
        pygame.quit()


def test_issue_38_a_folded_or_opened_tray_never_shows_a_hand_behind_the_curtain(monkeypatch):
    """Two people share the screen: behind the hand-off curtain the tray opened by its
    key draws nobody's hand; once a person lifted it, only their own."""
    app = make_app((1280, 720))
    try:
        scene = push_game(app, "duck", (0, 1), 4, 7, {"board": "grand-canal"}, "easy")
        drawn_for = spy_private_drawing(monkeypatch, Panels, ("_draw_hand",))
        assert step_until(app, lambda: isinstance(app.top, HandoffScene))
        assert scene.private_player is None
        scene.game.tray.toggle()  # the tray opened by whoever sits there
        drawn_for.clear()
        scene.compositor.forget()
        scene.draw_table(app.screen.copy())
        assert drawn_for == []
        key(app, pygame.K_SPACE)  # the curtain lifted for its person
        person = scene.private_player
        assert person is not None
        assert step_until(app, lambda: _deciding(scene))
        drawn_for.clear()
        _texts(app, scene)
        assert drawn_for and set(drawn_for) == {person}
    finally:
        pygame.quit()


# the Spa's board where it gives way to the tray (tray.py's Decision: with two ducks
# each, five cards, not even the floor's smaller cards leave two clear corners; measured
# 49-52% of the window at its shape, 46% at Larger text; this test runs Normal; with six
# seats its tray splits and the board fills 70%: tests/test_duck_spa_split.py)
SPA_FILL = 0.46
BOARDS = [
    "bathtub",
    "sink",
    "paddling-pool",
    "canal",
    "duck-pond",
    "spa",
    "grand-canal",
    "harbour",
    "whirlpool",
]


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (2560, 1440)])
@pytest.mark.parametrize("board", BOARDS)
def test_issue_38_every_board_fills_the_window_at_every_seat_count(board, size):
    """The board's drawn extent fills >= 70% of the window at its shape (the audit's
    measure) on every shipped board, with two ducks each (the advanced game's widest
    tray) and with six seats; the tray lies on the felt, over no hex (both rooms of a
    split tray). The Spa alone has no two rooms clear of its hexes at 70% with two ducks
    each (tray.py's Decision): its board gives way, to no less than SPA_FILL."""
    for players, options in ((2, {"variant": "advanced"}), (6, {})):
        app = make_app(size)
        try:
            scene = push_game(app, "duck", (0,), players, 1, {**options, "board": board}, "easy")
            fast_forward(scene, 0)
            app.draw()
            model = scene.game.model
            least = SPA_FILL if board == "spa" and players == 2 else 0.70
            assert extent_fill(scene.game.drawn_extent(), size) >= least, (players, board)
            for room in model.tray_place.rooms:
                assert model.board_rect.contains(room)
                assert room.collidelist(hex_boxes(model.geo)) < 0
        finally:
            pygame.quit()
