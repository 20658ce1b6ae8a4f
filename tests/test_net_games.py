"""Whole games over the network (issue #18), on 127.0.0.1: each of the four games with
scripted people on their own connections, a computer seat played by the host and a
spectator. Every client ends where the host ends, and what crossed the wire to each
never held another seat's hidden card, tile or hand (nor the seed)."""

import asyncio

import pytest

from game.net.client import TableClient
from tests.net_helpers import Player, check_wire, hosting, run

GAMES = [
    # game, seats (people play on their own connection), options
    ("duck", ["person", "person", "computer", "person"], {"variant": "advanced"}),
    ("verflixxt", ["person", "computer", "person"], {"variant": "hats", "attack": True}),
    ("cluck", ["person", "person", "computer"], {}),
    ("routes", ["computer", "person", "person"], {}),
]


@pytest.mark.parametrize("game,kinds,options", GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_ends_the_same_everywhere_and_leaks_nothing(game, kinds, options):
    async def scenario():
        async with hosting(bot_delay=0.0) as (url, tables, _server):
            owner = TableClient(url)
            await owner.connect()
            seats = [{"kind": k, "level": "random"} for k in kinds]
            code, _ = await owner.create(game, seats, options)
            await owner.close()
            table = tables.by_code[code]
            session = table.session
            people = [Player(url, i, seed=100 + i) for i, k in enumerate(kinds) if k == "person"]
            watcher = Player(url, None, seed=0, name="Watcher")
            for member in [*people, watcher]:
                await member.join(code)
            await asyncio.gather(*(p.play() for p in people))
            # the spectator reads until it has seen the last action too
            await watcher.play()
            while watcher.client.mirror.n < len(session.actions):
                await watcher.step()
            return session, people, watcher

    session, people, watcher = run(scenario(), timeout=120)
    state = session.state
    assert state.is_over() and state.winners()
    for member in [*people, watcher]:
        mirror = member.client.mirror
        shown = dict(state.view(member.seat).to_dict())
        shown.pop("options")
        assert mirror.n == len(session.actions)
        assert mirror.view_data == shown  # the same final state as the host, as it may see it
        assert mirror.view.is_over() and mirror.view.winners() == state.winners()
        assert mirror.view.scores() == state.scores()
        assert not [r for r in member.refusals if r["code"] != "illegal"], member.refusals
        checked = check_wire(session, member.seat, member.record)
        assert checked >= len(session.actions)  # a welcome, then an update per action
