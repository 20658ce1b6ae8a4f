"""Cluck-peep!'s typed events (issue #26): every event the rules make is JSON that reads
back as the same class, a save's opening events come back typed, and what a network
table sends each seat still hides the tiles only their drawer may see."""

import json
import random

from game import registry
from game.boards.cluck import prepare_options
from game.net.client import event_from
from game.net.table import Table
from game.rules import cluck
from game.rules.cluck.events import CluckEvent, TileDrawn, TileDrawnPrivate
from game.session import Seat, Session
from tests.net_helpers import check_wire, frames

TILES = prepare_options({})["tiles"]
VARIANTS = [{}, {"long_road": True}, {"runaway": True}, {"long_road": True, "runaway": True}]


def _games(count):
    """Every event (opening ones included) of ``count`` seeded random full games."""
    for seed in range(count):
        players = 2 + seed % 3
        state = cluck.new_game(players, 700 + seed, {"tiles": TILES, **VARIANTS[seed % 4]})
        events = list(state.opening_events)
        rng = random.Random(seed)
        while not state.is_over():
            p = state.to_act()[0]
            events += state.apply(p, rng.choice(state.legal_actions(p)))
        yield events


def test_every_event_round_trips_through_json_as_its_own_class():
    """Every event of random full games (CP-3 setup, CP-4 draws and placements, CP-5
    reveals, CP-6 the amidakuji, CP-7/CP-13 nest outcomes, CP-8 clean-up, CP-9 the end,
    CP-12 long road) comes back from its JSON equal and of the same class through the
    package's ``EVENTS``, as a network client rebuilds it."""
    seen = set()
    for events in _games(16):
        for event in events:
            assert isinstance(event, cluck.EVENTS)
            back = cluck.EVENTS.from_dict(json.loads(json.dumps(event.to_dict())))
            assert back == event and type(back) is type(event), event
            seen.add(type(event))
    # all but no_chick (CP-11, an empty supply, rare in play: tests/test_cluck_rules.py)
    assert len(seen) >= len(CluckEvent.kinds) - 1, sorted(c.kind for c in seen)


def test_a_saved_game_keeps_its_opening_events_typed():
    """CP-3: the setup's events (the private draws among them) survive a save and load."""
    state = cluck.new_game(3, 5, {"tiles": TILES})
    loaded = cluck.CluckState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert loaded.opening_events == state.opening_events
    assert [type(e) for e in loaded.opening_events] == [type(e) for e in state.opening_events]
    view = state.view(1)
    assert cluck.CluckState.from_dict(view.to_dict()).opening_events == view.opening_events


def test_revealing_events_name_the_draw_and_reveal_classes():
    assert set(cluck.REVEALING_EVENTS) <= set(CluckEvent.kinds)
    assert cluck.REVEALING_EVENTS[TileDrawnPrivate.kind] == "draw"


class Recorder:
    """A member of a network table: keeps every text it is sent."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def send(self, text: str) -> None:
        self.texts.append(text)

    def close(self, code: int, reason: str) -> None:
        pass


def test_each_seat_is_sent_only_its_own_private_draws_and_reads_them_back_typed():
    """CP-4: a drawn tile is seen by its drawer only. Over a whole game at a network table
    each seat's bytes hold its own ``tile_drawn_private`` twins and nobody else's, every
    view is the seat's own (tests/net_helpers.check_wire), and every event sent rebuilds
    as the typed event of the game."""
    info = registry.get("cluck")
    players = 3
    seats = [Seat(f"C{i}", info.characters[i].key, human=False) for i in range(players)]
    session = Session("cluck", seats, 918_273_645, {"long_road": True})  # not in any text
    table = Table(session)
    members = {seat: Recorder() for seat in [*range(players), None]}
    for seat, member in members.items():
        table.members[member] = seat
    rng = random.Random(11)
    while not session.state.is_over():
        p = session.state.to_act()[0]
        table.apply(p, rng.choice(session.state.legal_actions(p)))
    for seat, member in members.items():
        assert check_wire(session, seat, member.texts) == len(session.actions)
        sent = [event_from(e, "cluck") for m in frames(member.texts) for e in m.get("events", [])]
        private = [e for e in sent if isinstance(e, TileDrawnPrivate)]
        drawn = [e for e in sent if isinstance(e, TileDrawn)]
        assert all(isinstance(e, CluckEvent) for e in sent)
        assert drawn and all(e.player == seat for e in private)
        assert len(private) == (0 if seat is None else sum(e.player == seat for e in drawn))
