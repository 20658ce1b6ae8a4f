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


# -- every game's views, every seat and a spectator (issue #18) ------------------------------
@pytest.mark.parametrize(
    "game_id,players,options",
    [
        ("duck", 3, {"variant": "advanced"}),
        ("verflixxt", 3, {"variant": "hats"}),
        ("cluck", 3, {}),
        ("routes", 3, {}),
    ],
)
def test_every_view_of_every_game_refuses_apply_and_stays_as_it_was(game_id, players, options):
    """Before views travel over the network: Eight Routes' views took moves (and crashed
    at the next roll, half changed); every game's view now refuses ``apply`` with
    IllegalAction the way Duck's and Verflixxt!'s do, a view rebuilt from its to_dict too.
    Checked through the conformance harness, at every step of a seeded game; the harness
    also asks each view for its own seat's view, as a client window's table does (a
    Cluck-peep! client's tile preview failed on it: a view's view asserted)."""
    from game.boards import prepare_options as prepare
    from game.rules import conformance, load

    module = load(game_id)
    state = module.new_game(players, 4242, prepare(game_id, options))
    rng = random.Random(1)
    steps = 0
    while not state.is_over() and steps < 150:
        for viewer in [*range(players), None]:
            conformance.check_view_refuses(state, viewer)
        player = rng.choice(state.to_act())
        state.apply(player, rng.choice(state.legal_actions(player)))
        steps += 1
    assert steps >= 10  # a whole game (Cluck-peep! can end in a dozen actions) or 150 steps
    # and the harness does it too, for every seat and a spectator after every action
    conformance.play_random(
        module.new_game, players, 7, prepare(game_id, options), max_actions=30, deep_every=10
    )
