"""The ``look`` message (issue #18, the "Join a table" screen): a client asks what a table
is before joining it and the host answers ``table`` with what is public (the game, the
seats, the lobby's plain choices, the characters), joining nothing; the same connection
may then say ``hello``. A wrong code is the same error as a wrong code in a ``hello``.
All on 127.0.0.1."""

from __future__ import annotations

import asyncio
import time

import pytest
from websockets.exceptions import ConnectionClosed

from game.net.client import ClientError, TableClient
from game.net.host import HostThread
from game.net.protocol import ProtocolError, check_client_message, check_host_message, decode
from game.session import Seat, Session, new_seed
from tests.net_helpers import FAST, hosting, run


async def _new_table(url: str, tables, game: str, kinds: list[str], options=None):
    owner = TableClient(url)
    await owner.connect()
    code, _ = await owner.create(game, [{"kind": k} for k in kinds], options or {})
    await owner.close()
    return code, tables.by_code[code]


def test_look_shows_the_table_without_joining_and_the_same_line_may_then_join():
    async def scenario():
        async with hosting() as (url, tables, _):
            code, table = await _new_table(
                url, tables, "duck", ["person", "person", "computer"], {"variant": "advanced"}
            )
            first = TableClient(url)
            await first.connect()
            await first.hello(code, 0, "Ann", "doc")
            record: list[str] = []
            looker = TableClient(url, record=record)
            await looker.connect()
            typed = code.lower().replace("-", " ")  # case, spaces and dashes do not matter
            seen = await looker.look(typed)
            assert table.members.get(looker) is None and len(table.members) == 1
            # the same connection takes a seat after looking
            mirror = await looker.hello(code, 1, "Bo", seen["characters"][5])
            statuses = [s["status"] for s in table.seats_info()]
            await asyncio.gather(first.close(), looker.close())
            return seen, mirror, statuses, record, table

    seen, mirror, statuses, record, table = run(scenario(), timeout=30)
    assert seen["type"] == "table" and seen["game"] == "duck" and seen["players"] == 3
    assert [s["status"] for s in seen["seats"]] == ["connected", "open", "computer"]
    assert seen["seats"][0]["name"] == "Ann" and seen["seats"][0]["character"] == "doc"
    assert set(seen["seats"][0]) == {"name", "character", "human", "level", "status"}
    assert seen["characters"] == ["sparky", "cookie", "pirate", "daisy", "doc", "goldie"]
    assert seen["taken"] == [s["character"] for s in seen["seats"]]
    assert seen["spectators"] == 0
    # the lobby's plain choices; the prepared board, deck and hound stay at the host
    assert seen["options"]["variant"] == "advanced"
    assert not {"board", "deck", "hound"} & set(seen["options"])
    assert set(seen) == {
        *("v", "type", "game", "players", "seats", "options"),
        *("characters", "taken", "spectators"),
    }
    assert mirror.seat == 1 and mirror.token and statuses == ["connected", "connected", "computer"]
    assert table.session.seats[1].character == "goldie"
    # nothing derived from the seed, and no token, went over the wire with the look
    text = record[0]
    assert str(table.session.seed) not in text and table.session.save_id not in text
    assert mirror.token not in text


def test_a_wrong_code_in_a_look_is_the_same_error_as_in_a_hello():
    async def scenario():
        async with hosting() as (url, tables, _):
            await _new_table(url, tables, "cluck", ["person", "person"])
            answers = []
            for ask in ("look", "hello"):
                client = TableClient(url)
                await client.connect()
                with pytest.raises(ClientError) as caught:
                    if ask == "look":
                        await client.look("2222-2222-2222")
                    else:
                        await client.hello("2222-2222-2222", None, "Eve")
                answers.append((caught.value.code, caught.value.reason))
                # the host closes the line after the error
                with pytest.raises(ConnectionClosed):
                    await client.receive(timeout=5)
            return answers

    look, hello = run(scenario(), timeout=30)
    assert look == hello and look[0] == "code"


def test_look_is_schema_checked_like_every_message():
    assert check_client_message(decode('{"v":2,"type":"look","code":"ABCD-EFGH-JKLM"}')) == {
        "code": "ABCD-EFGH-JKLM"
    }
    for bad in (
        '{"v":2,"type":"look"}',
        '{"v":2,"type":"look","code":7}',
        '{"v":2,"type":"look","code":""}',
        '{"v":2,"type":"look","code":"ABCD-EFGH-JKLM","seat":0}',
        '{"v":2,"type":"look","code":"' + "A" * 41 + '"}',
    ):
        with pytest.raises(ProtocolError) as caught:
            check_client_message(decode(bad))
        assert caught.value.code == "schema"
    with pytest.raises(ProtocolError):  # a "table" from a host lacking what it must have
        check_host_message(decode('{"v":2,"type":"table","game":"duck"}'))


def test_a_window_host_answers_a_look_on_its_own_thread():
    """HostThread: the look goes through the window's queue like every message (the
    window's thread owns the table) and is answered when the window pumps."""
    seats = [Seat("Hana", "henrietta", human=True), Seat("Guest", "clucky", human=True)]
    session = Session("cluck", seats, new_seed(), {"runaway": True})
    host = HostThread(session, host="127.0.0.1", port=0, autosave=False, local_seats=(0,))
    host.server.rate = FAST
    host.start()
    try:
        deadline = time.monotonic() + 10
        while host.port is None:
            assert time.monotonic() < deadline
            host.pump()
            time.sleep(0.01)

        async def look():
            client = TableClient(f"ws://127.0.0.1:{host.port}")
            await client.connect()
            answer = asyncio.ensure_future(client.look(host.code))
            while not answer.done():
                host.pump()  # the window's frame
                await asyncio.sleep(0.01)
            await client.close()
            return answer.result()

        seen = run(look(), timeout=20)
    finally:
        host.stop()
    assert [s["status"] for s in seen["seats"]] == ["local", "open"]
    assert seen["options"]["runaway"] is True and "tiles" not in seen["options"]
    assert seen["taken"] == ["henrietta", "clucky"]


def test_a_window_hosts_on_the_default_port_or_a_free_one_when_it_is_taken():
    """The lobby hosts on protocol.DEFAULT_PORT (what a typed address without a port
    means); a second table on the same computer falls back to a free port."""
    import socket

    with socket.socket() as probe:  # a port free now, standing in for DEFAULT_PORT
        probe.bind(("127.0.0.1", 0))
        wanted = probe.getsockname()[1]
    hosts = []
    try:
        for _ in range(2):
            seats = [Seat("A", "henrietta"), Seat("B", "clucky")]
            host = HostThread(
                Session("cluck", seats, new_seed()),
                host="127.0.0.1",
                port=wanted,
                any_port=True,
                autosave=False,
            ).start()
            hosts.append(host)
            deadline = time.monotonic() + 10
            while host.port is None:
                assert time.monotonic() < deadline
                time.sleep(0.01)
        ports = [h.port for h in hosts]
    finally:
        for host in hosts:
            host.stop()
    assert ports[0] == wanted and ports[1] not in (0, wanted)
