"""Verflixxt!: one scenario per clause (VX-1..VX-7, VX-20..VX-31), named after it, and the
seed sheet's worked examples verbatim (Achim's risk tiles, Julia's unlucky hat)."""

import random
from collections import Counter

import pytest

import game.rules.verflixxt as vx
from game.rules.protocol import IllegalAction
from game.rules.verflixxt.actions import Attack, Draw, Hat, Move, Play, Roll, Stop
from game.rules.verflixxt.decisions import DrawForHats, MovePiece, PassHat, PlayCard, RollDie
from game.rules.verflixxt.events import HatMoved, TileTaken

START, FINISH = "start", "finish"


# -- scenario helpers -------------------------------------------------------------------------
def act(state, text):
    """Apply ``text`` for the player to act; return the events."""
    return state.apply(state.to_act()[0], state.parse_action(text))


def act_as(state, player, text):
    return state.apply(player, state.parse_action(text))


def legal(state, player=None):
    player = state.to_act()[0] if player is None else player
    return sorted(str(a) for a in state.legal_actions(player))


def kinds(events):
    return [e.kind for e in events]


def of_kind(events, kind):
    return [e for e in events if e.kind == kind]


def lay(state, tiles):
    """Put ``tiles`` first after the start, in this order; the rest keep their order."""
    rest = [t for t in state.track[1:-1] if t not in tiles]
    state.track = [START] + list(tiles) + rest + [FINISH]


def park_guardians(state, where=None):
    """Guardians out of the way: all on the last path tile (or on ``where``)."""
    state.guardians = [where or state.track[-2]] * len(state.guardians)


def base(players=2, seed=1, **options):
    return vx.new_game(players, seed, {"variant": "base", **options})


def base_at(players=2, die=None, tiles=(), pawns=None, guardians=None, current=0):
    """A base game with the first tiles laid out, pieces placed and (optionally) a die."""
    s = base(players)
    lay(s, tiles)
    if guardians is None:
        park_guardians(s)
    else:
        s.guardians = list(guardians) + [s.track[-2]] * (len(s.guardians) - len(guardians))
    for pawn, tile in (pawns or {}).items():
        p, i = vx.state.split_pawn(pawn)
        s.pawns[p][i] = tile
    s.current = current
    if die is not None:
        s.phase, s.die = "move", die
    s.touch()
    return s


def give_hand(state, player, cards):
    """Swap cards between the draw pile and a hand, keeping the deck whole."""
    state.deck.extend(state.hands[player])
    state.hands[player] = []
    for card in cards:
        state.deck.remove(card)
        state.hands[player].append(card)
    state.hands[player].sort()


def hats(players=2, seed=1, attack=False):
    """An expansion game after the hat draw."""
    s = vx.new_game(players, seed, {"variant": "hats", "attack": attack})
    while s.phase == "contest":
        act(s, "draw")
    return s


def hats_at(
    players=2,
    tiles=(),
    pawns=None,
    guardians=None,
    hands=None,
    hat_on=None,
    current=0,
    attack=False,
    seed=1,
):
    s = hats(players, seed, attack)
    lay(s, tiles)
    if guardians is None:
        park_guardians(s)
    else:
        guardians = [g if isinstance(g, str) else s.track[g] for g in guardians]
        s.guardians = guardians + [s.track[-2]] * (len(s.guardians) - len(guardians))
    for row in s.pawns:
        row[:] = [START] * len(row)
    for pawn, tile in (pawns or {}).items():
        p, i = vx.state.split_pawn(pawn)
        s.pawns[p][i] = tile if isinstance(tile, str) else s.track[tile]
    s.hat_on = {"lucky": None, "unlucky": None}
    s.hat_on.update(hat_on or {})
    s.hats_home = [[] for _ in range(players)]
    for hat in ("lucky", "unlucky"):  # keep both hats in the game
        if s.hat_on[hat] is None:
            s.hats_home[-1].append(hat)
    for p, cards in (hands or {}).items():
        give_hand(s, p, cards)
    s.current = s.first = current
    s.touch()
    return s


# -- base game ------------------------------------------------------------------------------
def test_vx_1_components_tiles_guardians_pawns_and_a_d6():
    s = base(4)
    path = s.track[1:-1]
    assert len(path) == 32
    values = Counter(s.box.values[t] for t in path if s.box.kinds[t] == "plus")
    assert sorted(values.elements()) == list(range(1, 9))
    minus = sorted(-s.box.values[t] for t in path if s.box.kinds[t] == "minus")
    assert minus == sorted(list(range(1, 9)) + list(range(1, 11)))
    assert sum(1 for t in path if s.box.kinds[t] == "lucky") == 6
    assert len(s.guardians) == 8
    assert s.track[0] == START and s.track[-1] == FINISH
    faces = set()
    for seed in range(60):
        g = base(2, seed)
        faces.add(of_kind(act(g, "roll"), "roll")[0].data["die"])
    assert faces == {1, 2, 3, 4, 5, 6}


def test_vx_2_standard_track_and_guardians_and_the_random_variant():
    s = base(3)
    expected = (
        [f"m{v}" for v in range(1, 9)]
        + [f"l{i}" for i in range(1, 7)]
        + [f"p{v}" for v in range(8, 0, -1)]
        + [f"n{v}" for v in range(1, 11)]
    )
    assert s.track == [START] + expected + [FINISH]
    assert sorted(s.guardians) == sorted(["l1", "l2", "l3", "l4", "l5", "l6", "p8", "p7"])
    r1, r2 = base(3, 1, track="random"), base(3, 2, track="random")
    assert sorted(r1.track) == sorted(s.track) and r1.track != s.track != r2.track
    assert r1.track[0] == START and r1.track[-1] == FINISH
    assert sorted(r1.guardians) == sorted(s.guardians)
    # guardians are numbered from the start: g1 is the one nearest the start
    assert [r1.track.index(g) for g in r1.guardians] == sorted(
        r1.track.index(g) for g in r1.guardians
    )


def test_vx_3_pawns_per_player_count_on_the_start_and_clockwise_turns():
    for players, each in ((2, 3), (3, 3), (4, 3), (5, 2), (6, 2)):
        s = base(players)
        assert [len(row) for row in s.pawns] == [each] * players
        assert all(pos == START for row in s.pawns for pos in row)
    s = base(3)
    order = []
    for _ in range(6):
        order.append(s.to_act()[0])
        act(s, "roll")
        act(s, "move a")
    assert order == [0, 1, 2, 0, 1, 2]


def test_vx_4_move_own_pawn_or_a_guardian_with_a_pawn_counting_every_tile():
    s = base_at(die=3, pawns={"1a": "m2"}, guardians=["m2", "m5"])
    # own pawns a, b, c; guardian g1 shares m2 with a pawn (of player 1); g2 is alone
    assert legal(s) == ["move a", "move b", "move c", "move g1"]
    ev = act(s, "move a")
    move = of_kind(ev, "move")[0]
    assert move.path == ("m1", "m2", "m3") and move.dest == "m3"  # occupied m2 counted
    s = base_at(die=6, pawns={"0a": "n9"}, tiles=[], current=0)
    ev = act(s, "move a")  # no exact count needed
    assert of_kind(ev, "move")[0].data["path"] == ["n10", FINISH]
    assert s.pawns[0][0] == FINISH
    s = base_at(pawns={"1a": "m2"}, guardians=["m2"])
    assert legal(s) == ["roll"]
    ev = act(s, "roll")
    assert kinds(ev) == ["roll"] and s.phase == "move" and 1 <= s.die <= 6
    s = base_at(die=2, pawns={"1a": "m2"}, guardians=["m2"])
    act(s, "move g1")
    assert s.guardians[0] == "m4"


def test_vx_5_a_tile_left_empty_is_taken_and_the_track_closes_up():
    s = base_at(die=2, pawns={"0a": "m3", "0b": "m2"})
    ev = act(s, "move a")
    assert kinds(ev)[:3] == ["move", "take", "close"]
    take = of_kind(ev, "take")[0]
    assert take == TileTaken("m3", "minus", -3, 3, player=0)
    assert of_kind(ev, "close")[0].track == tuple(s.track)
    assert "m3" not in s.track and s.taken[0] == ["m3"]
    # the gap no longer counts: from m2 one step now lands on m4
    s.current, s.phase, s.die = 0, "move", 1
    s.touch()
    ev = act(s, "move b")
    assert s.pawns[0][1] == "m4" and s.taken[0] == ["m3", "m2"]
    # not taken while a pawn or a guardian is left on it
    s = base_at(die=1, pawns={"0a": "m3", "1a": "m3"})
    assert "take" not in kinds(act(s, "move a"))
    s = base_at(die=1, pawns={"0a": "m3"}, guardians=["m3"])
    assert "take" not in kinds(act(s, "move a"))
    # the start is never taken
    s = base_at(die=1, pawns={"0a": "m5", "0b": "m5", "1a": "m5", "1b": "m5", "1c": "m5"})
    assert "take" not in kinds(act(s, "move c")) and s.track[0] == START


def test_vx_6_home_pieces_never_move_all_home_players_are_skipped_and_the_end():
    s = base_at(
        players=3,
        die=2,
        pawns={"0a": FINISH, "1a": FINISH, "1b": FINISH, "1c": FINISH},
        guardians=[FINISH],
    )
    assert "move a" not in legal(s) and "move g1" not in legal(s)
    ev = act(s, "move b")
    assert [e.player for e in of_kind(ev, "skip")] == [1]
    assert of_kind(ev, "turn")[0].player == 2 and s.to_act() == (2,)
    s = base_at(
        die=1,
        pawns={"0a": FINISH, "0b": FINISH, "0c": "n10", "1a": FINISH, "1b": FINISH, "1c": FINISH},
    )
    ev = act(s, "move c")
    assert s.is_over() and kinds(ev)[-1] == "end" and s.to_act() == ()
    with pytest.raises(IllegalAction):
        act_as(s, 0, "roll")


def test_vx_7_lucky_tiles_turn_the_largest_minus_tiles_and_ties_share():
    s = base()
    s.taken[0] = ["p5", "m8", "n3", "l1"]
    s.taken[1] = ["l2", "l3", "m1", "p2"]
    b = vx.score_breakdown(s)
    assert b[0]["track"] == 5 - 8 - 3 and b[0]["lucky"] == 16 and b[0]["turned"] == ["m8"]
    assert b[0]["total"] == 10
    assert b[1]["track"] == 1 and b[1]["lucky"] == 2 and b[1]["total"] == 3  # a spare lucky
    s = base_at(
        die=1,
        pawns={"0a": FINISH, "0b": FINISH, "0c": "n10", "1a": FINISH, "1b": FINISH, "1c": FINISH},
        guardians=["n10"],
    )
    ev = act(s, "move c")
    assert s.scores() == (0, 0) and s.winners() == (0, 1)
    assert of_kind(ev, "end")[0].data["winners"] == [0, 1]


# -- expansion 2 ----------------------------------------------------------------------------
def test_vx_20_removed_tiles_risk_tiles_chips_and_guardians_on_plus_or_lucky():
    for players, has_r3 in ((2, False), (3, True), (4, False), (5, True), (6, True)):
        s = vx.new_game(players, 7, {"variant": "hats"})
        path = s.track[1:-1]
        for tile in ("p1", "p2", "p3", "m4", "m5", "m6", "m7", "l6"):
            assert tile not in path and tile in s.removed
        assert ("r3" in path) == has_r3
        assert sum(1 for t in path if s.box.kinds[t] == "risk") == (8 if has_r3 else 7)
        assert len(path) == (32 if has_r3 else 31)
        assert s.chips == [2, 2, 3, 3, 4, 4, 5, 6]
        first_eight = [t for t in path if s.box.kinds[t] in ("plus", "lucky")][:8]
        assert s.guardians == first_eight
        assert s.options["track"] == "random"
    a = vx.new_game(3, 1, {"variant": "hats", "track": "standard"})
    b = vx.new_game(3, 2, {"variant": "hats"})
    assert a.track != b.track and a.options["track"] == "random"


def test_vx_21_pawns_and_a_secret_hand_of_two_cards():
    for players, each in ((2, 3), (4, 3), (5, 2), (6, 2)):
        s = vx.new_game(players, 3, {"variant": "hats"})
        assert [len(row) for row in s.pawns] == [each] * players
        assert all(len(h) == 2 for h in s.hands)
        assert len(s.deck) == 60 - 2 * players
        view = s.view(0)
        assert view.hands[0] == s.hands[0] and all(h == ["?", "?"] for h in view.hands[1:])


def _contest(players, draws):
    """A hat draw where the pile gives ``draws`` in order."""
    s = vx.new_game(players, 5, {"variant": "hats"})
    for card in reversed(draws):  # the pile is drawn from its end
        s.deck.remove(card)
        s.deck.append(card)
    s.touch()
    return s


def test_vx_22_hat_draw_highest_lucky_second_unlucky_ties_draw_again():
    s = _contest(3, ["o6", "y6", "o2", "o3", "o5"])
    events = []
    for expected in (0, 1, 2):
        assert s.to_act() == (expected,)
        events += act(s, "draw")
    assert of_kind(events, "hat_tie")[0].data == {"players": [0, 1], "place": "first"}
    assert s.to_act() == (0,)
    events += act(s, "draw")
    events += act(s, "draw")
    # the event still says who tied once the tie's draws are done (it holds no list the
    # state goes on to change: an animation or a network client reads it later)
    assert of_kind(events, "hat_tie")[0].data == {"players": [0, 1], "place": "first"}
    assert s.hat_on == {"lucky": "1a", "unlucky": "0a"}  # 6,5 beats 6,3; both beat 2
    end = of_kind(events, "hat_draw_end")[0].data
    assert end["lucky"] == 1 and end["unlucky"] == 0
    assert sorted(end["cards"]) == sorted(["o6", "y6", "o2", "o3", "o5"])
    assert all(c in s.discard for c in end["cards"])
    assert s.to_act() == (1,) and s.phase == "play" and s.first == 1
    # a tie for second place: only those draw again
    s = _contest(3, ["y6", "o4", "y4", "o1", "o2"])
    events = [e for _ in range(3) for e in act(s, "draw")]
    assert of_kind(events, "hat_tie")[0].data == {"players": [1, 2], "place": "second"}
    act(s, "draw")
    act(s, "draw")
    assert s.hat_on == {"lucky": "0a", "unlucky": "2a"} and s.to_act() == (0,)
    # two players: both hats are given
    s = _contest(2, ["o-1", "o0"])
    act(s, "draw")
    act(s, "draw")
    assert s.hat_on == {"lucky": "1a", "unlucky": "0a"}


def test_vx_23_sixty_cards_values_and_minus_one_at_the_start():
    deck = Counter(vx.new_game(2, 1, {"variant": "hats"}).box.cards)
    assert sum(deck.values()) == 60 and sum(n for c, n in deck.items() if c[0] == "y") == 16
    for value, total in ((-1, 6), (0, 6), (1, 8), (2, 8), (3, 8), (4, 8), (5, 8), (6, 8)):
        assert deck[f"y{value}"] == 2 and deck[f"o{value}"] == total - 2
    s = hats_at(hands={0: ["o4", "o0"]})
    ev = act(s, "play o4 a")
    assert of_kind(ev, "move")[0].data["steps"] == 4 and s.pawns[0][0] == s.track[4]
    s = hats_at(hands={0: ["o0", "o3"]})
    assert "play o0" in legal(s) and not any(a.startswith("play o0 ") for a in legal(s))
    assert "move" not in kinds(act(s, "play o0"))
    s = hats_at(pawns={"0b": 3}, hands={0: ["o-1", "o3"]})
    ev = act(s, "play o-1 b")  # -1: one tile back
    assert s.pawns[0][1] == s.track[2] and of_kind(ev, "move")[0].data["steps"] == -1
    s = hats_at(pawns={"0a": 1, "0b": 3}, hands={0: ["o-1", "o3"]})
    ev = act(s, "play o-1 a")  # from the first tile back to the start
    assert s.pawns[0][0] == START and of_kind(ev, "move")[0].data["path"] == [START]
    s = hats_at(hands={0: ["o-1", "o3"]})
    ev = act(s, "play o-1 a")  # -1 on the start: the pawn stays
    move = of_kind(ev, "move")[0].data
    assert s.pawns[0][0] == START and move["path"] == [] and move["steps"] == 0


def test_vx_24_yellow_leads_a_double_turn_then_refill_and_reshuffle():
    s = hats_at(hands={0: ["y2", "o3"]})
    act(s, "play y2 a")
    assert s.to_act() == (0,) and "stop" in legal(s)
    assert all(a.startswith("play o3") or a == "stop" for a in legal(s))
    ev = act(s, "play o3 b")
    assert of_kind(ev, "play")[0].data["second"] is True
    assert [e.data["hand"] for e in of_kind(ev, "draw") if e.visible_to == (0,)] == [1, 2]
    assert len(s.hands[0]) == 2 and s.to_act() == (1,)
    # stop after the yellow card: one card is drawn
    s = hats_at(hands={0: ["y2", "o3"]})
    act(s, "play y2 a")
    ev = act(s, "stop")
    assert kinds(ev)[0] == "stop" and len(of_kind(ev, "draw")) == 2 and s.to_act() == (1,)
    # an orange lead gives no second move, nor does a yellow second card
    s = hats_at(hands={0: ["y2", "o3"]})
    act(s, "play o3 a")
    assert s.to_act() == (1,)
    s = hats_at(hands={0: ["y2", "y5"]})
    act(s, "play y2 a")
    act(s, "play y5 b")
    assert s.to_act() == (1,)
    # an empty pile: the discards are shuffled into a new one
    s = hats_at(hands={0: ["o2", "o3"]})
    s.discard.extend(s.deck)
    s.deck = []
    ev = act(s, "play o2 a")
    reshuffle = of_kind(ev, "reshuffle")[0]
    assert reshuffle.data["cards"] == len(s.deck) + 1 and len(s.hands[0]) == 2
    # draws are secret: the others see a twin without the card
    private, public = of_kind(ev, "draw")
    assert private.visible_to == (0,) and private.data["card"] in s.hands[0]
    assert public.visible_to == (1,) and public.data["card"] is None


def test_vx_25_achim_three_risk_tiles_score_minus_14_and_lucky_never_helps():
    s = hats(3)
    s.taken[0] = ["r3", "r5a", "r6a"]  # -3/+3, -5/+5, -6/+6
    assert vx.score_breakdown(s)[0]["risk"] == -14
    s.taken[0] = ["r3", "r5a", "r6a", "l1"]
    b = vx.score_breakdown(s)[0]
    assert b["risk"] == -14 and b["lucky"] == 0 and b["total"] == -14
    s.taken[0] = ["r4a", "r7"]
    assert vx.score_breakdown(s)[0]["risk"] == 11  # even: all plus
    # risk tiles are taken like any tile
    s = hats_at(tiles=["r7", "p8"], pawns={"0a": "r7"}, hands={0: ["o1", "o2"]})
    ev = act(s, "play o1 a")
    assert of_kind(ev, "take")[0] == TileTaken("r7", "risk", 7, 1, player=0)


def test_vx_26_take_give_swap_hats_never_forced():
    tiles = ["p4", "p5", "p6"]
    # take: the bare mover lands on a hatted pawn
    s = hats_at(
        tiles=tiles,
        pawns={"0a": "p4", "1a": "p5", "1b": "p5"},
        hat_on={"lucky": "1a"},
        hands={0: ["o1", "o2"]},
    )
    act(s, "play o1 a")
    assert s.phase == "hat" and legal(s) == ["hat keep", "hat take 1a"]
    ev = act(s, "hat take 1a")
    assert of_kind(ev, "hat")[0] == HatMoved("lucky", "take", "1a", "0a", player=0)
    assert s.hat_on["lucky"] == "0a" and s.to_act() == (1,)
    # give: the hatted mover lands on bare pawns
    s = hats_at(
        tiles=tiles,
        pawns={"0a": "p4", "1a": "p5", "1b": "p5"},
        hat_on={"unlucky": "0a"},
        hands={0: ["o1", "o2"]},
    )
    act(s, "play o1 a fwd")
    assert legal(s) == ["hat give 1a", "hat give 1b", "hat keep"]
    act(s, "hat give 1b")
    assert s.hat_on["unlucky"] == "1b"
    # swap, or put the own hat on another (bare) pawn there; or keep it
    s = hats_at(
        tiles=tiles,
        pawns={"0a": "p4", "1a": "p5", "0b": "p5"},
        hat_on={"lucky": "0a", "unlucky": "1a"},
        hands={0: ["o1", "o2"]},
    )
    act(s, "play o1 a")
    assert legal(s) == ["hat give 0b", "hat keep", "hat swap 1a"]
    ev = act(s, "hat swap 1a")
    assert s.hat_on == {"lucky": "1a", "unlucky": "0a"} and len(of_kind(ev, "hat")) == 2
    s = hats_at(
        tiles=tiles,
        pawns={"0a": "p4", "1a": "p5"},
        hat_on={"lucky": "0a", "unlucky": "1a"},
        hands={0: ["o1", "o2"]},
    )
    act(s, "play o1 a")
    ev = act(s, "hat keep")
    assert kinds(ev)[0] == "hat_keep" and s.hat_on == {"lucky": "0a", "unlucky": "1a"}
    # no hats change hands after a 0, a -1 on the start, a guardian, or alone on a tile
    s = hats_at(tiles=tiles, pawns={"1a": START}, hat_on={"lucky": "1a"}, hands={0: ["o0", "o-1"]})
    act(s, "play o0")
    assert s.to_act() == (1,)
    s = hats_at(tiles=tiles, pawns={"1a": START}, hat_on={"lucky": "1a"}, hands={0: ["o-1", "o2"]})
    act(s, "play o-1 a")
    assert s.to_act() == (1,)
    s = hats_at(
        tiles=tiles,
        pawns={"0a": "p4", "1a": "p6"},
        guardians=["p4"],
        hat_on={"lucky": "1a"},
        hands={0: ["o2", "o3"]},
    )
    act(s, "play o2 g1")
    assert s.to_act() == (1,)
    # a pawn wears at most one hat: a hatted mover cannot take another
    s = hats_at(
        tiles=tiles,
        pawns={"0a": "p4", "1a": "p5"},
        hat_on={"lucky": "0a", "unlucky": "1a"},
        hands={0: ["o1", "o2"]},
    )
    act(s, "play o1 a")
    assert not any(a.startswith("hat take") for a in legal(s))


def test_vx_27_lucky_hat_last_home_and_julia_unlucky_hat_forward_or_back():
    # the lucky-hat pawn may not reach the finish before its owner's other pawns
    s = hats_at(
        pawns={"0a": -2, "0b": -2, "0c": FINISH}, hat_on={"lucky": "0a"}, hands={0: ["o6", "o1"]}
    )
    assert "play o6 a" not in legal(s) and "play o1 a" not in legal(s)
    assert "play o6 b" in legal(s)
    act(s, "play o6 b")
    s.current = 0
    give_hand(s, 0, ["o5", "o2"])
    s.touch()
    ev = act(s, "play o5 a")  # now it is the last one
    assert s.pawns[0][0] == FINISH and of_kind(ev, "hat")[0].data["points"] == 10

    # Julia: her unlucky-hat pawn on the third tile from the start
    def julia(cards):
        s = hats_at(
            tiles=["p4", "p5", "p6"], pawns={"0a": "p6"}, hat_on={"unlucky": "0a"}, hands={0: cards}
        )
        assert s.track.index("p6") == 3
        return s

    s = julia(["o3", "o4"])
    assert "play o3 a back" in legal(s) and "play o3 a fwd" in legal(s)
    assert "play o4 a back" not in legal(s) and "play o4 a fwd" in legal(s)
    assert "play o3 a" not in legal(s)  # the hatted pawn names a direction
    ev = act(s, "play o3 a back")
    assert s.pawns[0][0] == START
    assert of_kind(ev, "move")[0].data["path"] == ["p5", "p4", START]
    for card in ("o5", "o6"):
        s = julia([card, "o1"])
        assert f"play {card} a back" not in legal(s) and f"play {card} a fwd" in legal(s)
    # -1: one back or one forward; from the start only forward
    s = julia(["o-1", "o1"])
    assert {"play o-1 a back", "play o-1 a fwd"} <= set(legal(s))
    ahead = s.track[4]
    act(s, "play o-1 a fwd")
    assert s.pawns[0][0] == ahead and "p6" in s.taken[0]
    s = hats_at(
        tiles=["p4"], pawns={"0a": START}, hat_on={"unlucky": "0a"}, hands={0: ["o-1", "o1"]}
    )
    assert [a for a in legal(s) if a.startswith("play o-1 a")] == ["play o-1 a fwd"]
    act(s, "play o-1 a fwd")
    assert s.pawns[0][0] == "p4"


def test_vx_28_goal_chip_for_an_exact_count_pawn_or_guardian():
    s = hats_at(pawns={"0a": -2}, hands={0: ["o2", "o1"]})
    ev = act(s, "play o1 a")
    chip = of_kind(ev, "chip")[0]
    assert chip.player == 0 and chip.data == {"value": 2, "piece": "0a", "left": 7}
    assert s.chips_won[0] == [2] and s.chips == [2, 3, 3, 4, 4, 5, 6]
    s = hats_at(pawns={"0a": -2}, hands={0: ["o2", "o1"]})
    ev = act(s, "play o2 a")  # overshoot: home, but no chip
    assert s.pawns[0][0] == FINISH and "chip" not in kinds(ev)
    s = hats_at(pawns={"1a": -3}, guardians=[-3], hands={0: ["o2", "o3"]})
    ev = act(s, "play o2 g1")  # a guardian counts too
    assert s.guardians[0] == FINISH and of_kind(ev, "chip")[0].player == 0
    s = hats_at(pawns={"0a": -2}, hands={0: ["o2", "o1"]})
    s.chips_won[1], s.chips = s.chips, []
    assert "chip" not in kinds(act(s, "play o1 a"))  # the stack is empty


def test_vx_29_a_hatted_pawn_home_gives_its_player_the_hat():
    s = hats_at(
        pawns={"0a": -2, "0b": FINISH, "0c": FINISH},
        hat_on={"unlucky": "0a"},
        hands={0: ["o6", "o1"]},
    )
    ev = act(s, "play o6 a fwd")
    hat = of_kind(ev, "hat")[0]
    assert hat.player == 0 and hat.data["how"] == "home" and hat.data["points"] == -10
    assert s.hat_on["unlucky"] is None and s.hats_home[0] == ["unlucky"]
    assert vx.score_breakdown(s)[0]["hats"] == -10


def test_vx_30_the_end_sums_tiles_risk_chips_and_hats():
    s = hats_at(
        tiles=["p8", "m8", "l1", "r4a"],
        pawns={"0a": -2, "0b": FINISH, "0c": FINISH, "1a": FINISH, "1b": FINISH, "1c": FINISH},
        hands={0: ["o6", "o1"]},
    )
    del s.track[1:5]
    s.taken[0] = ["p8", "m8", "l1", "r4a"]
    s.chips_won[0] = s.chips[:2]
    s.chips = s.chips[2:]
    s.hats_home = [["lucky"], ["unlucky"]]
    s.touch()
    ev = act(s, "play o6 a")
    assert s.is_over()
    scores = of_kind(ev, "end")[0].data["scores"]
    zero = scores[0]
    assert zero["track"] == 8 - 8 and zero["lucky"] == 16 and zero["risk"] == -4
    assert zero["chips"] == 2 + 2 and zero["hats"] == 10
    assert zero["total"] == 0 + 16 - 4 + 4 + 10
    assert scores[1]["total"] == -10
    assert s.winners() == (0,)


def test_vx_31_attack_pushes_the_others_back_and_draws_two():
    tiles = ["p4", "p5", "p6", "p7"]
    s = hats_at(
        tiles=tiles,
        pawns={"0a": "p6", "0b": "p6", "1a": "p6", "1b": "p7"},
        guardians=["p6"],
        hands={0: ["o2", "y2"]},
        attack=True,
    )
    assert "attack 2 p6" in legal(s) and "attack 2 p7" not in legal(s)
    ev = act(s, "attack 2 p6")
    attack = of_kind(ev, "attack")[0].data
    assert attack["targets"] == ["1a", "g1"] and attack["value"] == 2
    assert s.pawns[1][0] == "p4" and s.guardians[0] == "p4"
    assert s.pawns[0][:2] == ["p6", "p6"]  # the attacker's own pawns stay
    assert len(s.hands[0]) == 2 and len(of_kind(ev, "draw")) == 4
    assert s.to_act() == (1,)  # no double turn
    # without a pair, without the variant, with a pair of 0s, or alone: no attack
    for hands, on in ((["o2", "o3"], True), (["o2", "y2"], False), (["o0", "y0"], True)):
        s = hats_at(tiles=tiles, pawns={"0a": "p6", "1a": "p6"}, hands={0: hands}, attack=on)
        assert not any(a.startswith("attack") for a in legal(s))
    s = hats_at(tiles=tiles, pawns={"0a": "p6", "0b": "p6"}, hands={0: ["o3", "o3"]}, attack=True)
    assert not any(a.startswith("attack") for a in legal(s))
    # pushed past the start: they stop on it
    s = hats_at(tiles=tiles, pawns={"0a": "p5", "1a": "p5"}, hands={0: ["o6", "y6"]}, attack=True)
    act(s, "attack 6 p5")
    assert s.pawns[1][0] == START
    # a pair of -1s pushes one tile forward, but never into the finish
    s = hats_at(tiles=tiles, pawns={"0a": "p5", "1a": "p5"}, hands={0: ["o-1", "y-1"]}, attack=True)
    act(s, "attack -1 p5")
    assert s.pawns[1][0] == "p6"
    s = hats_at(tiles=tiles, pawns={"0a": "p5", "1a": "p5"}, hands={0: ["o-1", "y-1"]}, attack=True)
    s.pawns[0][0] = s.pawns[1][0] = s.track[-2]
    s.touch()
    assert not any(a.startswith("attack") for a in legal(s))


def test_decision_names_what_is_asked_of_the_player_to_act_and_nothing_of_the_others():
    """VX-4 roll then move, VX-22 the hat draw, VX-23/VX-24 a card (the second after a
    yellow lead), VX-26 a hat to pass: the decision matches the legal actions."""
    allowed = {
        RollDie: (Roll,),
        MovePiece: (Move,),
        DrawForHats: (Draw,),
        PlayCard: (Play, Stop, Attack),
        PassHat: (Hat,),
    }
    seen = set()
    for seed, options in enumerate(
        [{"variant": "base"}, {"variant": "hats"}, {"variant": "hats", "attack": True}] * 2
    ):
        s = vx.new_game(3, seed, options)
        rng = random.Random(seed)
        while not s.is_over():
            p = s.to_act()[0]
            asked = s.decision(p)
            seen.add(type(asked))
            legal_now = s.legal_actions(p)
            assert all(isinstance(a, allowed[type(asked)]) for a in legal_now), asked
            assert all(s.decision(q) is None for q in range(3) if q != p)
            if isinstance(asked, MovePiece):
                assert asked.die == s.die
            if isinstance(asked, PlayCard):
                assert asked.second == (Stop() in legal_now)
            if isinstance(asked, PassHat):
                assert all(a.how == "keep" or a.pawn != asked.pawn for a in legal_now)
            s.apply(p, rng.choice(legal_now))
        assert all(s.decision(q) is None for q in range(3))
    assert seen == set(allowed)
