"""Faults over the network (issue #18), on 127.0.0.1: a player's line dies and they
rejoin with their token; a waiting seat is handed to a computer; a client stops reading;
hostile and mistaken messages; a stolen token; a wrong code and a wrong version."""

import asyncio
import json
import socket

import pytest
from websockets.asyncio.client import connect
from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from game.net.client import ClientError, TableClient
from game.net.protocol import MAX_INBOUND_BYTES, encode
from tests.net_helpers import Player, check_wire, hosting, run


async def until(condition, timeout: float = 10.0) -> None:
    async def wait():
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(wait(), timeout)


async def new_table(url, tables, game, kinds, options=None):
    owner = TableClient(url)
    await owner.connect()
    code, token = await owner.create(game, [{"kind": k, "level": "random"} for k in kinds], options)
    await owner.close()
    return code, token, tables.by_code[code]


def test_a_dropped_player_rejoins_with_its_token_and_gets_its_hand_back():
    """Duck! Duck! Go! (hands are secret): seat 1's line dies mid-game; everybody sees
    it reconnecting; the owner hands the waiting seat to a computer, which plays on;
    the person rejoins with the token, gets the seat back with its hand as the host
    holds it, and the game goes on to its end."""

    async def scenario():
        async with hosting(bot_delay=0.0) as (url, tables, _):
            code, owner, table = await new_table(
                url, tables, "duck", ["person", "person", "person"], {"variant": "advanced"}
            )
            session = table.session
            p0, p1, p2 = (Player(url, i, seed=i) for i in range(3))
            for p in (p0, p1, p2):
                await p.join(code)
            token = p1.client.mirror.token
            assert token and len(token) >= 32
            await asyncio.gather(*(p.play(until_n=12) for p in (p0, p1, p2)))
            p1.client.ws.transport.abort()  # the line dies, no closing handshake
            await until(lambda: table.status(1) == "reconnecting")
            while p0.client.mirror.seats[1]["status"] != "reconnecting":
                await p0.step()
            # the table's owner hands the waiting seat to a computer player
            boss = TableClient(url)
            await boss.connect()
            await boss.hello(code, None, "Owner")
            await boss.hand_over(owner, 1, "random")
            await until(lambda: table.status(1) == "standing_in")
            # every member is told the seat is a stand-in, not a computer seat for good
            while p0.client.mirror.seats[1]["status"] != "standing_in":
                await p0.step()
            moved = len(session.actions)
            await asyncio.gather(p0.play(until_n=moved + 6), p2.play(until_n=moved + 6))
            back = Player(url, 1, seed=11)
            await back.client.connect()
            mirror = await back.client.rejoin(code, token)
            assert table.status(1) == "connected" and session.seats[1].human
            assert mirror.seat == 1 and mirror.view.hands[1] == session.state.hands[1]
            assert mirror.view_data["hands"][1] == list(session.state.hands[1])
            assert mirror.last_id == p1.client.next_id  # its message ids go on from there
            await asyncio.gather(p0.play(), back.play(), p2.play())
            await boss.close()
            return session, back

    session, back = run(scenario(), timeout=120)
    assert session.state.is_over()
    check_wire(session, 1, back.record)


def test_a_client_that_stops_reading_does_not_stall_the_others():
    """A spectator whose app stops reading: its own queue fills and the host closes it;
    the player and the computers play the whole game meanwhile."""

    async def scenario():
        async with hosting(bot_delay=0.0, queue_messages=32) as (url, tables, server):
            code, _, table = await new_table(url, tables, "duck", ["person", "computer"] * 2)
            host, port = url.removeprefix("ws://").split(":")
            sock = socket.create_connection((host, int(port)))
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            stuck = await connect(url, sock=sock, max_queue=1, compression=None)
            await stuck.send(encode("hello", code=code, seat=None, name="Stuck"))
            await until(lambda: None in table.members.values())
            for conn in server.connections:  # a slow link: small buffers on the host too
                if conn.table is table:
                    raw = conn.ws.transport.get_extra_info("socket")
                    raw.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
            players = [Player(url, 0, seed=1), Player(url, 2, seed=2)]
            for p in players:
                await p.join(code)
            await asyncio.gather(*(p.play() for p in players))
            await until(lambda: None not in table.members.values())
            return table

    table = run(scenario(), timeout=120)
    assert table.session.state.is_over()


def test_hostile_and_mistaken_messages_are_refused_and_change_nothing():
    async def scenario():
        async with hosting(bot_delay=0.0) as (url, tables, _):
            code, _, table = await new_table(url, tables, "verflixxt", ["person", "person"])
            session = table.session
            a, b = Player(url, 0, seed=1), Player(url, 1, seed=2)
            await a.join(code)
            await b.join(code)
            to_act = session.state.to_act()[0]
            actor, other = (a, b) if to_act == 0 else (b, a)
            before = json.dumps(session.state.to_dict())
            ws = actor.client.ws
            hostile = [
                ("not json {", "json"),
                (b"\x00\x01binary", "binary"),
                ("[1, 2]", "schema"),
                ('{"type": "action"}', "version"),  # answered, then closed: sent last
                (json.dumps({"v": 2, "type": "teleport"}), "schema"),
                (json.dumps({"v": 2, "type": "action", "id": 5}), "schema"),
                (json.dumps({"v": 2, "type": "action", "id": True, "action": "x"}), "schema"),
                (json.dumps({"v": 2, "type": "action", "id": 9, "action": "x", "x": 1}), "schema"),
                ('{"v": 2, "type": "action", "id": NaN, "action": "roll"}', "json"),
                ('{"v": 2, "type": "action", "id": ' + "9" * 30 + ', "action": "roll"}', "json"),
                ("[" * 3000 + "]" * 3000, "json"),
                (encode("action", id=1, action="fly to the moon"), "notation"),
                (encode("action", id=2, action="roll\n"), "schema"),
                (encode("hello", code=code, seat=1, name="Again"), "joined"),
            ]
            version_probe = hostile.pop(3)
            for raw, expected in hostile:
                await ws.send(raw)
                reply = await actor.client.expect("refusal")
                assert reply["code"] == expected, (raw[:40], reply)
            # out of turn, from the seat not to act: refused by the rules, nothing changed
            other_view = other.client.mirror.view
            legal = str(session.state.legal_actions(to_act)[0])
            await other.client.act(legal)
            reply = await other.client.expect("refusal")
            assert reply["code"] == "illegal" and "not to act" in reply["reason"]
            assert json.dumps(session.state.to_dict()) == before and not session.actions
            assert other_view.to_act() == (to_act,)
            # a replayed message: the same id again is refused
            actor.client.next_id = 2  # the raw "action" messages above used ids 1 and 2
            sent = await actor.client.act(legal)
            await actor.client.expect("update")
            after_one = json.dumps(session.state.to_dict())
            await actor.client.send("action", id=sent, action=legal)
            reply = await actor.client.expect("refusal")
            assert reply["code"] == "replayed" and json.dumps(session.state.to_dict()) == after_one
            # a message over the size limit closes that line (1009), the others carry on
            await ws.send(encode("action", id=99, action="x" * MAX_INBOUND_BYTES))
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await actor.client.receive(5)
            assert closed.value.rcvd.code == 1009
            await until(lambda: table.status(actor.seat) == "reconnecting")
            assert len(session.actions) == 1
            # a wrong version: one clear sentence, then the line is closed
            probe = TableClient(url)
            await probe.connect()
            await probe.ws.send(version_probe[0])
            with pytest.raises(ClientError) as error:
                await probe.receive(5)
            assert error.value.code == "version" and "protocol version 2" in error.value.reason
            # a wrong code
            stranger = TableClient(url)
            await stranger.connect()
            with pytest.raises(ClientError) as error:
                await stranger.hello("ZZZZ-ZZZZ-ZZZZ", 0, "Mallory")
            assert error.value.code == "code"
            # a spectator may not act
            watcher = TableClient(url)
            await watcher.connect()
            await watcher.hello(code, None, "Watcher")
            await watcher.act(legal)
            assert (await watcher.expect("refusal"))["code"] == "spectator"
            await watcher.close()

    run(scenario(), timeout=60)


def test_a_stolen_token_used_from_a_second_connection_takes_the_seat_from_the_first():
    """The decision (docs/network.md): the newer connection with a seat's token gets the
    seat, the older is told and closed -- and only the holder of the seat may act."""

    async def scenario():
        async with hosting(bot_delay=0.0) as (url, tables, _):
            code, _, table = await new_table(url, tables, "cluck", ["person", "person"])
            first = Player(url, 0, seed=1)
            await first.join(code)
            thief = TableClient(url)
            await thief.connect()
            with pytest.raises(ClientError) as error:
                await thief.rejoin(code, "not-the-token-" + "x" * 20)
            assert error.value.code == "token"
            thief = TableClient(url)
            await thief.connect()
            mirror = await thief.rejoin(code, first.client.mirror.token)
            assert mirror.seat == 0 and table.status(0) == "connected"
            with pytest.raises(ClientError) as error:
                await first.client.expect("update")
            assert error.value.code == "replaced"
            assert table.seat_peer[0] is not None and len(table.members) == 1
            # a second hello cannot take an occupied seat either
            other = TableClient(url)
            await other.connect()
            with pytest.raises(ClientError) as error:
                await other.hello(code, 0, "Eve")
            assert error.value.code == "seat_taken"

    run(scenario(), timeout=30)


def test_a_client_hears_a_host_of_another_protocol_version_clearly():
    """The other side of a version mismatch: a host that speaks version 2."""

    async def newer_host(ws):
        await ws.recv()
        await ws.send(json.dumps({"v": 3, "type": "welcome"}))
        await ws.wait_closed()

    async def scenario():
        async with serve(newer_host, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            client = TableClient(f"ws://127.0.0.1:{port}")
            await client.connect()
            with pytest.raises(ClientError) as error:
                await client.hello("AAAA-BBBB-CCCC", 0, "Aiko")
            await client.close()
            return error.value

    error = run(scenario(), timeout=20)
    assert error.code == "version"
    assert "the host speaks protocol version 3 and this app version 2" in error.reason


OPTIONLESS = [("duck", 4), ("verflixxt", 3), ("cluck", 3), ("routes", 3)]


@pytest.mark.parametrize("game,players", OPTIONLESS, ids=[g for g, _ in OPTIONLESS])
def test_a_table_whose_session_was_made_without_options_is_joinable_and_playable(game, players):
    """A host's Session made with ``options={}`` (no variant, no board named: the rules
    fill their defaults) once sent those empty options in the welcome, and a client's
    from_dict failed on them (Verflixxt!: KeyError('variant')). The welcome carries the
    options the rules play by; the game is played to its end by clients and a computer."""
    from game import registry
    from game.net.table import Table
    from game.session import Seat, Session, new_seed

    async def scenario():
        async with hosting(bot_delay=0.0) as (url, tables, _):
            info = registry.get(game)
            seats = [Seat(f"P{i}", info.characters[i].key) for i in range(players)]
            seats[-1] = Seat("Bot", info.characters[players - 1].key, human=False, level="random")
            session = Session(game, seats, new_seed(), options={})
            table, _owner = Table.new(session)
            tables.add(table)
            people = [Player(url, i, seed=40 + i) for i in range(players - 1)]
            for p in people:
                await p.join(table.code)
                assert p.client.mirror.options == session.state.to_dict()["options"]
            await asyncio.gather(*(p.play() for p in people))
            return session, people

    session, people = run(scenario(), timeout=120)
    assert session.state.is_over()
    for p in people:
        shown = session.state.view(p.seat).to_dict()
        shown.pop("options")
        assert p.client.mirror.view_data == shown and p.client.mirror.view.is_over()
        check_wire(session, p.seat, p.record)
