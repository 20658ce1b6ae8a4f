"""Limits on the host's connections (issue #18), on 127.0.0.1: the open connections per
address and in all (past them a new connection is told ``busy`` and closed), and the
rate limit's refusal naming the action it dropped."""

import asyncio

import pytest

from game.net.client import ClientError, TableClient
from game.net.server import address_key
from tests.net_helpers import hosting, run


async def connected(url: str) -> TableClient:
    client = TableClient(url)
    await client.connect()
    return client


async def turned_away(url: str) -> str:
    """The reason a new connection is given before the host closes it."""
    client = await connected(url)
    with pytest.raises(ClientError) as refused:
        await client.receive(10)
    await client.close()
    assert refused.value.code == "busy"
    return refused.value.reason


def test_one_address_may_hold_only_so_many_connections():
    """Loopback is not exempt: the fourth connection from 127.0.0.1 to a host that
    allows three is told 'busy' and closed; once one of the three closes, a new one is
    let in (and can join a table)."""

    async def scenario():
        async with hosting(max_per_address=3) as (url, tables, server):
            owner = await connected(url)
            code, _ = await owner.create("cluck", [{"kind": "person"}, {"kind": "person"}])
            others = [await connected(url) for _ in range(2)]
            reason = await turned_away(url)
            assert "3 connections from your address" in reason
            assert server.per_address == {"127.0.0.1": 3}
            await owner.close()
            while server.per_address["127.0.0.1"] > 2:
                await asyncio.sleep(0.01)
            late = await connected(url)
            mirror = await late.hello(code, 0, "Late")
            assert mirror.seat == 0
            for client in [*others, late]:
                await client.close()
            while server.per_address:
                await asyncio.sleep(0.01)
            return tables

    run(scenario(), timeout=30)


def test_the_host_holds_only_so_many_connections_in_all():
    async def scenario():
        async with hosting(max_connections=2) as (url, _tables, server):
            held = [await connected(url) for _ in range(2)]
            reason = await turned_away(url)
            assert "its 2 connections already" in reason
            assert len(server.connections) == 2
            for client in held:
                await client.close()

    run(scenario(), timeout=30)


def test_connections_are_counted_by_address_and_an_ipv6_home_by_its_64():
    assert address_key(("127.0.0.1", 5000)) == "127.0.0.1"
    assert address_key(("::ffff:10.0.0.7", 5000, 0, 0)) == "10.0.0.7"
    one = address_key(("2001:db8:1:2::1", 5000, 0, 0))
    assert one == address_key(("2001:db8:1:2:ffff:1:2:3", 1, 0, 0)) == "2001:db8:1:2::/64"
    assert one != address_key(("2001:db8:1:3::1", 5000, 0, 0))
    assert address_key(("fe80::1%eth0", 1, 0, 2)) == "fe80::/64"


def test_an_action_dropped_by_the_rate_limit_is_refused_with_its_id():
    """A bucket of 2 refilled at one a second: the hello and the first action use it,
    the next actions are dropped, each refused with code 'rate' and its own id (the
    client knows which to send again); a dropped message that is not an action is
    refused without one. Nothing was played."""

    async def scenario():
        async with hosting(rate=(1.0, 2)) as (url, tables, _):
            owner = await connected(url)
            code, _ = await owner.create("cluck", [{"kind": "person"}, {"kind": "person"}])
            await owner.close()
            table = tables.by_code[code]
            client = await connected(url)
            await client.hello(code, 0, "Quick")
            for message_id in (1, 2, 3):
                await client.send("action", id=message_id, action="no such action")
            await client.send("rejoin", code=code, token="x" * 32)
            refusals = []
            while len(refusals) < 4:
                message = await client.receive(10)
                if message["type"] == "refusal":
                    refusals.append((message["code"], message["id"]))
            await client.close()
            return refusals, len(table.session.actions)

    refusals, played = run(scenario(), timeout=30)
    assert refusals == [("notation", 1), ("rate", 2), ("rate", 3), ("rate", None)]
    assert played == 0
