"""The game scenes at a network table (issue #18), under the dummy video driver: a host
(HostThread on 127.0.0.1) and a window whose game scene is a client of it, each of the
four games played to its end through the scene's own ``act``; a refused action changes
nothing; the hosting window's scene sends its person's actions to a client."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

from game.ai import make_bot
from game.net import remembered
from game.net.client import ClientThread
from game.net.host import HostThread
from game.net.remote import RemoteDriver
from game.scenes.cluck import CluckTable
from game.scenes.duck import DuckTable
from game.scenes.lobby.online import client_scene, hosted_scene
from game.scenes.routes import RoutesTable
from game.scenes.table.end_screen import GameOverScene
from game.scenes.table.online_parts import HostedPart, RemotePart
from game.scenes.table.scene import TableScene
from game.scenes.verflixxt import VerflixxtTable
from game.session import Session
from tests.net_helpers import lobby_options, start_host, wait_listening
from tests.scene_helpers import BOT_SEED, make_app, seats

STALL_S = 90.0  # a bound on a game that stopped moving on, not a timing check

GAMES = [
    ("duck", 3, {"variant": "advanced"}),
    ("verflixxt", 3, {"variant": "hats"}),
    ("cluck", 3, {}),
    ("routes", 4, {}),
]


class Stall:
    """A hang guard that waits for progress, not for a time (issue #37): on a loaded
    machine (two suites at once) a whole game takes as long as it takes; the test fails
    only when ``progress()`` has not changed for ``STALL_S`` seconds."""

    def __init__(self, progress: Callable[[], object]) -> None:
        self.progress = progress
        self.seen = progress()
        self.since = time.monotonic()

    def check(self, what: str) -> None:
        now = self.progress()
        if now != self.seen:
            self.seen, self.since = now, time.monotonic()
        assert time.monotonic() - self.since < STALL_S, f"{what}: nothing moved on"


def join(host: HostThread, seat: int | None, name: str, pump=None) -> tuple[ClientThread, object]:
    """A ClientThread at ``seat`` and its welcome (the host pumped meanwhile: by
    ``pump()``, the hosting window's frame, when given)."""
    client = ClientThread(f"ws://127.0.0.1:{host.port}", host.code, seat=seat, name=name).start()
    deadline = time.monotonic() + 10
    while True:
        assert time.monotonic() < deadline, "no welcome"
        (pump or host.pump)()
        for kind, value in client.poll():
            assert kind == "welcome", (kind, value)
            return client, value
        time.sleep(0.01)


@pytest.mark.parametrize("game,players,options", GAMES, ids=[g[0] for g in GAMES])
def test_a_client_scene_plays_a_whole_game_against_the_host(game, players, options):
    session = Session(
        game,
        seats(game, {0}, players, "easy"),
        7,
        {**lobby_options(game), **options},
        bot_seed=BOT_SEED,
    )
    host = start_host(session)
    client = None
    try:
        wait_listening(host)
        client, mirror = join(host, 0, "Ann")
        app = make_app(size=(1024, 600))
        scene = client_scene(app, client, mirror)
        app.push(scene)
        remote = scene.driver
        assert isinstance(remote, RemoteDriver) and scene.session is remote
        # every game is a composed table (issue #26): the one class, given its table
        composed = {
            "duck": DuckTable,
            "routes": RoutesTable,
            "cluck": CluckTable,
            "verflixxt": VerflixxtTable,
        }
        assert (
            type(scene) is TableScene
            and isinstance(scene.part, RemotePart)
            and isinstance(scene.game, composed[game])
        )
        assert not remote.needs_handoff(0) and remote.bots_to_act() == []
        assert scene.undo.refusal() == "network"
        # as Join a table keeps it, for "Your seats"
        assert client.token
        remembered.remember(f"127.0.0.1:{host.port}", host.code, 0, game, "Ann", client.token)
        bot, rng = make_bot(game, "random"), random.Random(3)
        refused = False
        played: list = []
        stall = Stall(lambda: (len(session.actions), len(remote.actions), len(scene.log)))
        while not (isinstance(app.top, GameOverScene) and not app.top.again):
            stall.check("the game did not end")
            host.pump(drive_computers=True)
            app.step(0.05)
            if scene.player.busy():
                scene.player.skip()
            state = scene.state
            if scene.sharing.active_human() == 0 and scene.private_player == 0:
                action = bot.choose(state, 0, rng)  # the seat's view is all it knows
                assert scene.act(0, action)
                played.append(action)
            elif (
                not refused
                and played
                and not remote.sent
                and not state.is_over()
                and 0 not in state.to_act()
            ):
                # out of turn: the host refuses, the log says why, nothing changes
                before = (len(remote.actions), state.to_dict(), len(session.actions))
                log = len(scene.log)
                remote.submit(0, played[-1])
                answer = time.monotonic() + STALL_S  # the host's refusal, however loaded
                while remote.sent and time.monotonic() < answer:
                    host.pump()
                    scene.news.take(scene.driver.poll())
                    time.sleep(0.005)
                assert not remote.sent
                # the refusal's line (news of other seats may follow it in the same poll)
                assert any("not" in scene.log[i] for i in range(log, len(scene.log)))
                assert len(session.actions) == before[2]
                refused = True
            time.sleep(0.002)
        assert refused
        assert session.state.is_over()
        assert remote.state.is_over()
        assert remote.state.winners() == session.state.winners()
        assert remote.state.scores() == session.state.scores()
        assert len(remote.actions) == len(session.actions)
        # the seat's own action texts are known; nobody else's ever crossed the wire
        mine = [text for p, text in session.actions if p == 0]
        assert [text for p, text in remote.actions if p == 0] == mine
        assert all(p in (-1, 0) for p, _ in remote.actions)
        assert remembered.for_code(host.code) is None  # a finished game's seat is forgotten
        app.draw()
    finally:
        if client is not None:
            client.stop()
        host.stop()


def test_the_hosting_window_plays_with_a_client_and_shows_the_code():
    game = "verflixxt"
    session = Session(
        game, seats(game, {0, 1}, 3, "easy"), 11, lobby_options(game), bot_seed=BOT_SEED
    )
    host = start_host(session, local=(0,))
    client = None
    try:
        app = make_app(size=(1024, 600))
        scene = hosted_scene(app, host, (0,))
        # a composed table (issue #26): the one class, given its table
        assert (
            type(scene) is TableScene
            and isinstance(scene.part, HostedPart)
            and isinstance(scene.game, VerflixxtTable)
        )
        app.push(scene)
        deadline = time.monotonic() + 10
        while not scene.driver.address:
            assert time.monotonic() < deadline
            app.step(0.05)
            time.sleep(0.01)
        assert host.code in scene.frame.variant_label()
        assert scene.frame.seat_subtitle(1) == app.t("online.seat_open")
        assert scene.driver.local_seats() == [0] and scene.undo.refusal() == "network"
        client, mirror = join(host, 1, "Bea", pump=lambda: app.step(0.05))
        app.step(0.05)
        assert scene.frame.seat_subtitle(1) == app.t("app.online_connected")
        bot, rng = make_bot(game, "random"), random.Random(5)
        theirs = random.Random(6)
        if 1 in mirror.view.to_act():
            client.act(str(bot.choose(mirror.view, 1, theirs)))
        mine = 0
        stall = Stall(lambda: (len(session.actions), len(scene.log)))
        while not (isinstance(app.top, GameOverScene) and not app.top.again):
            stall.check("the game did not end")
            app.step(0.05)
            if scene.player.busy():
                scene.player.skip()
            if scene.sharing.active_human() == 0 and scene.private_player == 0:
                assert scene.act(0, bot.choose(scene.state.view(0), 0, rng))
                mine += 1
            for kind, value in client.poll():
                if kind in ("update", "welcome"):
                    view = value[1] if kind == "update" else value.view
                    if not view.is_over() and 1 in view.to_act():
                        client.act(str(bot.choose(view, 1, theirs)))
            time.sleep(0.002)
        assert mine > 0 and session.state.is_over()
        assert any(p == 1 for p, _ in session.actions)
    finally:
        if client is not None:
            client.stop()
        host.stop()
