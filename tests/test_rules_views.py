"""A view hides what a move may need, so it cannot be played on until determinized:
GameState.apply refuses it with IllegalAction and leaves it as it was (issue #20: mypy
showed Cluck-peep!'s rules reaching a view's missing random generator and hidden tiles)."""

import random

import pytest

from game.boards.cluck import prepare_options
from game.rules import cluck
from game.rules.cluck.checks import invariants
from game.rules.protocol import IllegalAction

TILES = prepare_options({})["tiles"]


def test_a_cluck_view_refuses_a_move_and_stays_as_it_was():
    state = cluck.new_game(3, 7, {"tiles": TILES})
    player = state.to_act()[0]
    view = state.view(player)
    before = view.to_dict()
    action = view.legal_actions(player)[0]
    # Before the fix the view took its first moves and then crashed with a TypeError
    # (sorting a drawn hidden tile, None, into a hand), half changed.
    with pytest.raises(IllegalAction, match="view"):
        view.apply(player, action)
    assert view.to_dict() == before


def test_a_determinized_cluck_view_plays_on():
    state = cluck.new_game(3, 7, {"tiles": TILES})
    view = state.view(state.to_act()[0])
    world = view.determinize(random.Random(1))
    while world.round_number == 1:  # the chickens, the tiles, the end of a round
        player = world.to_act()[0]
        world.apply(player, world.legal_actions(player)[0])
        invariants(world)
    assert not world.is_view and world.ladder == [] and world.round_number == 2
