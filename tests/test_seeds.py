"""No secret can be computed (issue #18): a new game's seed is 128 bits from ``secrets``,
saves keep such seeds whole, nothing else the app names a game by (the autosave's name)
is derived from it, and computer players draw their chance from a seed of their own."""

import random

from game import saves
from game.ai import make_bot
from game.session import SEED_BITS, Seat, Session, new_seed
from game.simulate import run
from game.tournament import run_tournament


def test_new_seeds_have_128_random_bits():
    seeds = [new_seed() for _ in range(64)]
    assert SEED_BITS >= 128
    assert all(0 <= s < 2**SEED_BITS for s in seeds)
    # 64 draws all below 2**127 would happen once in 2**64 runs: the top bit is used
    assert any(s >= 2**127 for s in seeds)
    assert len(set(seeds)) == 64


def _session(seed, bot_seed=None):
    seats = [Seat("Aiko", "orange"), Seat("Ben", "sky", human=False), Seat("Chie", "green")]
    return Session("verflixxt", seats, seed, bot_seed=bot_seed)


def test_a_128_bit_seed_round_trips_through_a_save():
    seed = 2**128 - 12345
    session = _session(seed)
    bot = make_bot("verflixxt", "random")
    rng = random.Random(1)
    for _ in range(30):
        player = session.state.to_act()[0]
        session.apply(player, bot.choose(session.state.view(player), player, rng))
    path = saves.autosave(session)
    restored = saves.load_session(path)
    assert restored.seed == seed and restored.record() == session.record()
    assert restored.state.to_dict() == session.state.to_dict()
    # the file's name (sent nowhere, but shown in folders) says nothing of the seed
    assert str(seed) not in path.name and str(seed) not in session.save_id


def test_a_seed_beyond_128_bits_is_a_damaged_save():
    session = _session(5)
    payload = saves.session_payload(session, "manual")
    payload["seed"] = 2**128
    path = saves.saves_dir() / "slot-1.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    import json

    path.write_text(json.dumps(payload))
    entries = saves.list_saves()
    assert len(entries) == 1 and isinstance(entries[0], saves.SaveError)
    assert "seed" in str(entries[0])


def test_computer_players_do_not_draw_from_the_games_seed():
    one, two = _session(77), _session(77)
    assert one.bot_seed != two.bot_seed  # fresh each session, whatever the game's seed
    assert one.bot_seed != one.seed
    again = _session(77, bot_seed=one.bot_seed)  # given on purpose: the same bot choices
    assert again.bot_seed == one.bot_seed


def test_simulate_and_tournament_take_the_bots_seed_apart_from_the_games():
    first = run("verflixxt", 3, 3, seed=10, options={}, bot="random", bot_seed=5)
    again = run("verflixxt", 3, 3, seed=10, options={}, bot="random", bot_seed=5)
    other = run("verflixxt", 3, 3, seed=10, options={}, bot="random", bot_seed=6)
    assert first["bot_seed"] == 5 and first["mean_rounds"] == again["mean_rounds"]
    assert other["mean_rounds"] != first["mean_rounds"]  # same games, other bot choices
    fresh = run("verflixxt", 3, 1, seed=10, options={}, bot="random")
    assert fresh["bot_seed"] not in (None, 10) and fresh["bot_seed"] >= 0
    tour = run_tournament("duck", 2, 1, 3, ["random", "random"], {}, bot_seed=9)
    assert tour["bot_seed"] == 9
