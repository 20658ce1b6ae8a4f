"""The events tell everything: a shadow table fed only by the events (and the opening
state a scene starts from) matches the real state after every action."""

import random

import pytest

import game.rules.verflixxt as vx


class Shadow:
    """What a scene would keep: track, pieces, taken tiles, hats, chips, hand sizes."""

    def __init__(self, state, viewer):
        self.viewer = viewer
        self.track = state.track[:]
        self.pieces = {
            f"{p}{'abc'[i]}": pos for p, row in enumerate(state.pawns) for i, pos in enumerate(row)
        }
        self.pieces.update({f"g{j + 1}": pos for j, pos in enumerate(state.guardians)})
        self.taken = [[] for _ in range(state.players)]
        self.hat_on = {"lucky": None, "unlucky": None}
        self.hats_home = [[] for _ in range(state.players)]
        self.chips = [[] for _ in range(state.players)]
        self.hand_sizes = [0] * state.players
        self.current = state.current
        self.over = False
        self.feed(state.opening_events)

    def feed(self, events):
        for e in events:
            if not e.seen_by(self.viewer):
                continue
            d = e.data
            if e.kind == "move":
                start = self.track.index(d["from"])
                assert self.pieces[d["piece"]] == d["from"]
                steps = d["steps"]
                expected = (
                    self.track[start + 1 : start + steps + 1]
                    if steps > 0
                    else self.track[start + steps : start][::-1]
                )
                assert d["path"] == expected and (not d["path"] or d["path"][-1] == d["to"])
                self.pieces[d["piece"]] = d["to"]
            elif e.kind == "take":
                assert self.track[d["index"]] == d["tile"]
                assert d["tile"] not in self.pieces.values()
                self.taken[e.player].append(d["tile"])
            elif e.kind == "close":
                del self.track[d["index"]]
                assert self.track == d["track"]
            elif e.kind == "hat":
                if d["how"] == "home":
                    self.hat_on[d["hat"]] = None
                    self.hats_home[e.player].append(d["hat"])
                else:
                    if d["from"] is not None and d["how"] != "swap":
                        assert self.hat_on[d["hat"]] == d["from"]
                    self.hat_on[d["hat"]] = d["to"]
            elif e.kind == "chip":
                self.chips[e.player].append(d["value"])
            elif e.kind == "draw":
                self.hand_sizes[e.player] = d["hand"]
            elif e.kind == "play":
                self.hand_sizes[e.player] -= 1
            elif e.kind == "attack":
                self.hand_sizes[e.player] -= 2
            elif e.kind == "turn":
                self.current = e.player
            elif e.kind == "end":
                self.over = True

    def matches(self, state):
        assert self.track == state.track
        for piece, pos in self.pieces.items():
            assert state.position(piece) == pos, piece
        assert self.taken == state.taken
        assert self.hat_on == state.hat_on and self.hats_home == state.hats_home
        assert self.chips == state.chips_won
        if state.hats_variant and state.phase != "contest":
            assert self.hand_sizes == [len(h) for h in state.hands]
        if state.phase in ("roll", "play") and state.plays == 0:
            assert self.current == state.current
        assert self.over == state.is_over()


@pytest.mark.parametrize("variant, attack", [("base", False), ("hats", False), ("hats", True)])
def test_a_shadow_fed_by_events_matches_the_state(variant, attack):
    for seed in range(12):
        players = 2 + seed % 5
        s = vx.new_game(players, seed, {"variant": variant, "attack": attack, "track": "random"})
        shadows = [Shadow(s, p) for p in range(players)]
        rng = random.Random(seed)
        while not s.is_over():
            p = s.to_act()[0]
            events = s.apply(p, rng.choice(s.legal_actions(p)))
            for shadow in shadows:
                shadow.feed(events)
                shadow.matches(s)
        end = next(e for e in events if e.kind == "end")
        assert [b["total"] for b in end.data["scores"]] == list(s.scores())
