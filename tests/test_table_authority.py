"""Seat authority in one network Table, in process with fake peers (issue #30, rows
"hello on a reconnecting seat", "hand-over of a connected seat", "a duplicate
character", "the 17th spectator"): every refusal the scripted end-to-end games never
reach, and that a refusal changes nothing."""

from __future__ import annotations

import pytest

from game.net.table import MAX_SPECTATORS, Refused, Table
from game.session import Seat, Session
from tests.net_helpers import RecordingPeer


def cluck_table(people: int = 3) -> tuple[Table, str]:
    keys = ["henrietta", "clucky", "pepper", "nugget"]
    seats = [Seat(f"P{i}", keys[i]) for i in range(people)]
    return Table.new(Session("cluck", seats, 12345))


def seated(
    table: Table, seat: int, name: str = "Aiko", character=None
) -> tuple[RecordingPeer, str]:
    """A person joined at ``seat``: their peer and the token their welcome carried."""
    peer = RecordingPeer(name)
    table.join(peer, seat, name, character)
    welcome = peer.sent[0]
    assert welcome["type"] == "welcome" and welcome["seat"] == seat
    return peer, welcome["token"]


# -- hello on a seat whose person dropped ------------------------------------------------------
def test_hello_cannot_take_a_reconnecting_seat_only_its_token_can():
    table, _ = cluck_table()
    aiko, token = seated(table, 0)
    table.leave(aiko)  # her line dropped
    assert table.status(0) == "reconnecting"
    digest = table.digests[0]
    stranger = RecordingPeer("stranger")
    with pytest.raises(Refused) as refused:
        table.join(stranger, 0, "Mallory")
    assert refused.value.code == "seat_taken"
    assert "reconnecting" in refused.value.reason
    # nothing changed: not a member, no welcome, the seat keeps its name and token
    assert stranger not in table.members and stranger.sent == []
    assert table.session.seats[0].name == "Aiko"
    assert table.digests[0] == digest and table.status(0) == "reconnecting"
    # her token brings her back
    back = RecordingPeer("back")
    assert table.rejoin(back, token) == 0
    assert table.status(0) == "connected" and table.seat_peer[0] is back


def test_hello_cannot_take_a_connected_local_or_computer_seat():
    keys = ["henrietta", "clucky", "pepper"]
    seats = [Seat("A", keys[0]), Seat("B", keys[1]), Seat("Bot", keys[2], human=False)]
    table = Table(Session("cluck", seats, 7), local_seats=[1])
    seated(table, 0)
    for seat, status in ((0, "connected"), (1, "local"), (2, "computer")):
        peer = RecordingPeer()
        with pytest.raises(Refused) as refused:
            table.join(peer, seat, "Mallory")
        assert refused.value.code == "seat_taken" and status in refused.value.reason
        assert peer not in table.members


def test_an_open_seat_is_free_and_a_seat_past_the_table_is_refused():
    table, _ = cluck_table()
    assert table.status(1) == "open"
    seated(table, 1, "Ben")
    assert table.status(1) == "connected" and table.digests[1] is not None
    with pytest.raises(Refused) as refused:
        table.join(RecordingPeer(), 3, "Chie")
    assert refused.value.code == "seat"


# -- seats handed to a computer by the owner -------------------------------------------------------
def test_the_owner_cannot_hand_over_a_seat_somebody_is_playing():
    table, _ = cluck_table()
    aiko, _token = seated(table, 0)
    before = len(aiko.sent)
    with pytest.raises(Refused) as refused:
        table.hand_to_computer(0)
    assert refused.value.code == "seat_busy" and "connected" in refused.value.reason
    assert table.session.seats[0].human and table.status(0) == "connected"
    assert len(aiko.sent) == before  # not even a seats message: nothing changed


def test_the_owner_cannot_hand_over_a_local_seat_or_a_computer():
    keys = ["henrietta", "clucky", "pepper"]
    seats = [Seat("A", keys[0]), Seat("B", keys[1]), Seat("Bot", keys[2], human=False)]
    table = Table(Session("cluck", seats, 7), local_seats=[1])
    for seat in (1, 2):
        with pytest.raises(Refused) as refused:
            table.hand_to_computer(seat)
        assert refused.value.code == "seat_busy"
    assert table.session.seats[1].human
    for seat in (3, -1):  # past the table: refused, not an IndexError on the host's thread
        with pytest.raises(Refused) as refused:
            table.hand_to_computer(seat)
        assert refused.value.code == "seat"


def test_a_waiting_seat_is_handed_over_and_its_person_gets_it_back():
    table, _ = cluck_table()
    aiko, token = seated(table, 0)
    watcher = RecordingPeer("watcher")
    table.join(watcher, None, "W")
    table.leave(aiko)
    table.hand_to_computer(0, "easy")
    assert table.status(0) == "standing_in" and not table.session.seats[0].human
    assert watcher.kinds()[-1] == "seats"
    assert watcher.sent[-1]["seats"][0]["status"] == "standing_in"
    table.hand_to_computer(1)  # an open seat may be handed over too
    assert table.status(1) == "computer"
    back = RecordingPeer("back")
    table.rejoin(back, token)
    assert table.session.seats[0].human and table.status(0) == "connected"


# -- characters ----------------------------------------------------------------------------------
def test_a_character_another_seat_holds_is_refused():
    table, _ = cluck_table()
    held = table.session.seats[0].character
    peer = RecordingPeer()
    with pytest.raises(Refused) as refused:
        table.join(peer, 1, "Ben", held)
    assert refused.value.code == "character"
    assert held not in refused.value.reason.split("are ", 1)[1]  # not offered as free
    assert table.session.seats[1].character == "clucky" and table.status(1) == "open"
    assert table.digests[1] is None and peer not in table.members
    characters = [s.character for s in table.session.seats]
    assert len(set(characters)) == len(characters)


def test_an_unknown_character_is_refused_and_a_free_or_ones_own_is_taken():
    table, _ = cluck_table()
    with pytest.raises(Refused) as refused:
        table.join(RecordingPeer(), 1, "Ben", "dragon")
    assert refused.value.code == "character"
    seated(table, 1, "Ben", "nugget")  # nobody holds it
    assert table.session.seats[1].character == "nugget"
    seated(table, 2, "Chie", "pepper")  # the seat's own
    assert [s.character for s in table.session.seats] == ["henrietta", "nugget", "pepper"]


# -- spectators -----------------------------------------------------------------------------------
def test_the_table_takes_exactly_its_spectators():
    table, _ = cluck_table()
    watchers = [RecordingPeer(f"w{i}") for i in range(MAX_SPECTATORS)]
    for peer in watchers:
        table.join(peer, None, "W")
        assert peer.kinds() == ["welcome"] and peer.sent[0]["seat"] is None
    assert table.spectators() == MAX_SPECTATORS == 16
    late = RecordingPeer("17th")
    with pytest.raises(Refused) as refused:
        table.join(late, None, "W")
    assert refused.value.code == "full"
    assert late not in table.members and late.sent == []
    assert table.spectators() == 16
    # seats are not spectators: a person may still sit down
    seated(table, 0)
    # one watcher leaves: there is room for one again
    table.leave(watchers[0])
    table.join(late, None, "W")
    assert table.spectators() == 16


def test_a_refused_hello_sends_the_other_members_nothing():
    table, _ = cluck_table()
    aiko, _ = seated(table, 0)
    seen, digests = len(aiko.sent), list(table.digests)
    for seat, character in ((0, None), (1, "henrietta"), (1, "dragon")):
        with pytest.raises(Refused):
            table.join(RecordingPeer(), seat, "X", character)
    with pytest.raises(Refused):
        table.join(RecordingPeer(), 1, "A" * 17)
    assert len(aiko.sent) == seen
    assert table.digests == digests and list(table.members) == [aiko]


# -- acting and rejoining ----------------------------------------------------------------------
def first_move(table: Table) -> tuple[int, str]:
    state = table.session.state
    player = state.to_act()[0]
    return player, str(state.legal_actions(player)[0])


def test_an_action_id_is_used_once_and_only_the_seat_to_act_changes_the_game():
    table, _ = cluck_table()
    peers = {seat: seated(table, seat, f"P{seat}")[0] for seat in range(3)}
    player, text = first_move(table)
    peer = peers[player]
    table.act(peer, 3, text)
    assert table.session.actions == [(player, text)] and table.last_ids[player] == 3
    assert peer.sent[-1]["type"] == "update" and peer.sent[-1]["ack"] == 3
    for old in (3, 2):
        with pytest.raises(Refused) as refused:
            table.act(peer, old, text)
        assert refused.value.code == "replayed"
    assert len(table.session.actions) == 1
    watcher = RecordingPeer("watcher")
    table.join(watcher, None, "W")
    with pytest.raises(Refused) as refused:
        table.act(watcher, 1, text)
    assert refused.value.code == "spectator"
    with pytest.raises(Refused) as refused:
        table.act(RecordingPeer("stranger"), 1, text)
    assert refused.value.code == "not_joined"
    with pytest.raises(Refused) as refused:
        table.act(peer, 4, "fly away")
    assert refused.value.code == "notation"
    assert len(table.session.actions) == 1


def test_a_newer_connection_with_the_token_takes_the_seat_and_the_older_is_closed():
    from game.net.table import CLOSE_REPLACED, Fatal

    table, _ = cluck_table()
    old, token = seated(table, 0)
    new = RecordingPeer("new")
    assert table.rejoin(new, token) == 0
    assert old.sent[-1]["type"] == "error" and old.sent[-1]["code"] == "replaced"
    assert old.closed and old.closed[0][0] == CLOSE_REPLACED
    assert old not in table.members and table.seat_peer[0] is new
    assert new.sent[0]["type"] == "welcome" and new.sent[0]["token"] is None
    with pytest.raises(Fatal) as fatal:
        table.rejoin(RecordingPeer(), "not-the-token")
    assert fatal.value.code == "token"
    # the old connection's leaving does not free the seat the new one holds
    table.leave(old)
    assert table.status(0) == "connected"


def test_one_connection_joins_once():
    table, _ = cluck_table()
    aiko, _ = seated(table, 0)
    for seat in (1, None):
        with pytest.raises(Refused) as refused:
            table.join(aiko, seat, "Aiko")
        assert refused.value.code == "joined"
    assert table.status(1) == "open" and table.spectators() == 0
    assert table.members == {aiko: 0}


def test_seat_statuses_are_batched_one_message_per_interval_with_the_newest():
    """Issue #25's rejoin amplification: seat changes within SEATS_EVERY_S of the last
    "seats" message wait for one batch (scheduled once, through ``later``) that carries
    the newest statuses; after the interval a change goes out at once."""
    from game.net.limits import SEATS_EVERY_S

    now = [100.0]
    keys = ["henrietta", "clucky", "pepper"]
    table = Table(
        Session("cluck", [Seat(f"P{i}", keys[i]) for i in range(3)], 5), clock=lambda: now[0]
    )
    scheduled: list[tuple[float, object]] = []
    table.later = lambda delay, call: scheduled.append((delay, call))
    aiko, ben, cy = RecordingPeer("aiko"), RecordingPeer("ben"), RecordingPeer("cy")
    table.join(aiko, 0, "Aiko")  # the first change goes out at once
    assert [m["type"] for m in aiko.sent] == ["welcome", "seats"] and scheduled == []
    table.join(ben, 1, "Ben")
    table.join(cy, 2, "Cy")
    table.leave(cy)
    assert len(scheduled) == 1, "three changes in the interval: one batch"
    assert scheduled[0][0] == pytest.approx(SEATS_EVERY_S)
    assert [m["type"] for m in aiko.sent].count("seats") == 1
    now[0] += SEATS_EVERY_S
    scheduled[0][1]()
    batch = [m for m in aiko.sent if m["type"] == "seats"][-1]
    assert [s["status"] for s in batch["seats"]] == ["connected", "connected", "reconnecting"]
    now[0] += 1.0
    table.leave(ben)  # long after the batch: at once
    assert len(scheduled) == 1
    assert [s["status"] for s in aiko.sent[-1]["seats"]] == [
        "connected",
        "reconnecting",
        "reconnecting",
    ]
