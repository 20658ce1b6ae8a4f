"""The coach's pick on the board (issue #40): beside the board, the coach's panel has the
table preview the option it shows — the hard computer's pick first, any ranked
alternative chosen with the arrows — through the game's own preview (Duck's focused card,
start or route; Cluck-peep!'s hole or held tile; Eight Routes' and Verflixxt!'s focused
control), as after the person's own key press."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.table.coach import board_choices
from tests.scene_helpers import deciding, make_app, push_game, run_until
from tests.test_coach_table import _ask

GAMES = {"duck": {}, "verflixxt": {}, "cluck": {}, "routes": {}}


def previewed(game: str, scene) -> list[str]:
    """The moves the table previews now, by its own state (what the board draws)."""
    table = scene.game
    if game == "duck":
        d = table.decisions.decision()
        target = table.choosing.focused_target(d) if table.model.keyboard else None
        return [] if target is None else [f"{target.kind}:{target.value}"]
    if game == "cluck":
        m = table.model
        if table.controls.my_turn() == "hole":
            return [f"hole {m.hole_cursor}"]
        return [f"place {m.sel_tile} {'turned' if m.turned.get(m.sel_tile) else 'up'}"]
    choices = board_choices(scene)
    focus = choices.attention()
    if focus is None:
        return []
    return [str(a) for a in (focus.action, *getattr(focus, "previews", ())) if a is not None]


def as_target(game: str, action) -> str:
    """How ``previewed`` names a move."""
    if game != "duck":
        return str(action)
    from game.scenes.duck.table import _coach_target

    kind, value = _coach_target(action)
    return f"{kind}:{value}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_coachs_pick_and_each_alternative_are_previewed_on_the_board(game):
    """issue #40: the coach's panel stands beside the board (the table drawn undimmed
    under it), the table previews the hard computer's pick, and ▶ shows the next ranked
    alternative on the board, ◀ the pick again."""
    app = make_app((1280, 720), "en")
    try:
        scene = push_game(app, game, [0], 4, seed=3, options=GAMES[game], level="easy")
        coach = _ask(app, scene)
        assert coach.table is scene and coach.problem is None
        assert coach.on_board, coach.board_words()
        pick = coach.advice.pick.action
        app.draw()
        assert as_target(game, pick) in previewed(game, scene)
        assert coach.board_words() == coach.t(
            "coach.board.shown", rank=1, action=coach.board_words().split("1. ", 1)[1]
        )
        # the panel is at the window's side, not centred over the table (the side with
        # more room beside the board: Duck's hand tray lies left of a tall board, #38)
        edge = coach.px(12)
        assert coach.panel.right >= app.screen.get_width() - edge or coach.panel.left <= edge
        options = coach.options_shown()
        if len(options) > 1:
            coach.buttons.by_key("shown:next").on_click()
            app.draw()
            assert coach.shown == 1 and coach.on_board
            assert as_target(game, options[1].action) in previewed(game, scene)
            coach.buttons.by_key("shown:prev").on_click()
            assert as_target(game, pick) in previewed(game, scene)
    finally:
        pygame.quit()


def test_a_hats_card_play_and_its_alternatives_are_previewed_on_the_board():
    """issue #40 (COACHSHOTS): with hats a move is a card played on a pawn, and the pawns
    are the table's controls only once the card is chosen; the coach chooses the card
    (and the pawn, for one that may go either way) as the person's clicks would, so the
    pick and each ranked alternative are previewed on the board, never "in words only"."""
    from game.rules.verflixxt import Play

    app = make_app((1280, 720), "en")
    try:
        scene = push_game(
            app, "verflixxt", [0], 4, seed=3, options={"variant": "hats"}, level="easy"
        )
        for _ in range(20):  # the person's first card play (a hat draw may come first)
            run_until(app, lambda: deciding(scene), 4000, 0.05)
            legal = scene.state.legal_actions(0)
            if sum(isinstance(a, Play) for a in legal) > 1:
                break
            scene.act(0, legal[0])
        coach = _ask(app, scene)
        options = coach.options_shown()
        assert len(options) > 1 and all(isinstance(o.action, Play) for o in options)
        for index, option in enumerate(options):
            assert coach.shown == index and coach.on_board, coach.board_words()
            app.draw()
            assert str(option.action) in previewed("verflixxt", scene)
            assert coach.board_words().startswith("On the board:")
            coach.buttons.by_key("shown:next").on_click()
    finally:
        pygame.quit()
