"""The "Join a table" screen (issue #18) under the dummy video driver, against a real host
(HostThread on 127.0.0.1): the address and code typed as key events, Look, a free seat
with a chosen character taken and the game's own scene reached at that seat; watching;
the one-line messages of a wrong code, of no host at an address and of a seat taken
meanwhile; and back at one's seat from "Your seats" after the window's client stopped,
hand and all. Discovery: one real mDNS round trip on the loopback interface into the list.
"""

from __future__ import annotations

import socket
import time

import pygame
import pytest

from game.net import remembered
from game.net.client import ClientThread
from game.net.host import HostThread
from game.scenes.lobby.join import JoinScene
from game.scenes.shell.menu import MenuScene
from game.scenes.table.online_parts import RemotePart
from game.session import Seat, Session, new_seed
from tests.net_helpers import FAST
from tests.scene_helpers import click, key, make_app

LIMIT_S = 20.0  # a bound on each wait, not a timing check


def no_discovery() -> None:
    raise OSError("no multicast here")


@pytest.fixture
def host():
    """A Duck table hosted by a window: seat 0 a person at the host's screen, seats 1 and
    2 open for people online, seat 3 a computer."""
    seats = [
        Seat("Hana", "sparky", human=True),
        Seat("Guest", "cookie", human=True),
        Seat("Guest", "pirate", human=True),
        Seat("Cookie", "daisy", human=False),
    ]
    session = Session("duck", seats, new_seed(), {"variant": "beginner"})
    thread = HostThread(session, host="127.0.0.1", port=0, autosave=False, local_seats=(0,))
    thread.server.rate = FAST
    thread.start()
    deadline = time.monotonic() + LIMIT_S
    while thread.port is None:
        assert time.monotonic() < deadline, "the host never listened"
        thread.pump()
        time.sleep(0.01)
    yield thread
    thread.stop()


@pytest.fixture
def app():
    application = make_app(size=(1024, 600))
    application.push(MenuScene(application))
    yield application
    for scene in list(application.stack):
        scene.exit()
    pygame.quit()


def open_join(app, monkeypatch, factory=no_discovery) -> JoinScene:
    """The title menu's "Join a table" button, pressed where the probe says it is."""
    monkeypatch.setattr("game.scenes.lobby.join._browser", factory)
    click(app, tuple(app.top.probe()["menu:join"]))
    assert isinstance(app.top, JoinScene)
    return app.top


def type_into(app, scene, field: str, text: str) -> None:
    click(app, tuple(scene.probe()[f"join:{field}"]))
    for _ in range(40):  # a field that has text: erase it first
        key(app, pygame.K_BACKSPACE)
    app.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))


def press(app, scene, name: str) -> None:
    assert name in scene.probe(), (name, sorted(scene.probe()))
    click(app, tuple(scene.probe()[name]))


def run_until(app, done, host=None) -> None:
    deadline = time.monotonic() + LIMIT_S
    while not done():
        assert time.monotonic() < deadline, "the screen did not get there"
        if host is not None:
            host.pump()
        app.step(0.02)
        time.sleep(0.005)


def look_at(app, scene, host, address=None, code=None) -> None:
    type_into(app, scene, "address", address or f"127.0.0.1:{host.port}")
    key(app, pygame.K_TAB)  # on to the code field
    for _ in range(40):
        key(app, pygame.K_BACKSPACE)
    app.handle(
        pygame.event.Event(pygame.TEXTINPUT, text=code or host.code.lower().replace("-", " "))
    )
    key(app, pygame.K_RETURN)  # Enter looks
    run_until(app, lambda: scene.looker is None, host)


def test_sitting_at_a_free_seat_with_a_chosen_character_then_rejoining_it(app, host, monkeypatch):
    scene = open_join(app, monkeypatch)
    assert "no multicast here" in scene.browse_problem  # one line; the typed path works
    type_into(app, scene, "name", "Mia")
    look_at(app, scene, host)
    assert scene.looked is not None and not scene.message, scene.message
    targets = scene.probe()
    assert {"join:seat:1", "join:seat:2", "join:watch", "join:char:1"} <= set(targets)
    assert "join:seat:0" not in targets and "join:seat:3" not in targets
    assert scene.choice[1] == "cookie"  # the seat's own character first
    press(app, scene, "join:char:1")  # the next character no other seat holds
    assert scene.choice[1] == "doc"
    press(app, scene, "join:seat:1")
    run_until(app, lambda: isinstance(getattr(app.top, "part", None), RemotePart), host)
    game = app.top
    assert game.session.seat == 1 and game.private_player == 1
    assert host.table.status(1) == "connected"
    assert host.table.session.seats[1].name == "Mia"
    assert host.table.session.seats[1].character == "doc"
    seats, _ = remembered.load()
    assert [(s.code, s.seat, s.game, s.name) for s in seats] == [(host.code, 1, "duck", "Mia")]
    assert seats[0].address == f"127.0.0.1:{host.port}"

    # the window's client stops (a closed window): the seat waits for its token
    app.pop_to_root()
    run_until(app, lambda: host.table.status(1) == "reconnecting", host)
    scene = open_join(app, monkeypatch)
    press(app, scene, "join:rejoin:0")
    run_until(app, lambda: isinstance(getattr(app.top, "part", None), RemotePart), host)
    game = app.top
    assert game.session.seat == 1 and host.table.status(1) == "connected"
    back = game.session.state.to_dict()
    back.pop("options", None)
    assert back == host.table.view_dict(1)  # its hand and all, as the host has it
    assert host.table.session.seats[1].character == "doc"

    # typed again, the code this computer holds a seat at rejoins it (no new seat)
    app.pop_to_root()
    run_until(app, lambda: host.table.status(1) == "reconnecting", host)
    scene = open_join(app, monkeypatch)
    type_into(app, scene, "address", f"127.0.0.1:{host.port}")
    type_into(app, scene, "code", host.code)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(getattr(app.top, "part", None), RemotePart), host)
    assert app.top.session.seat == 1 and host.table.status(2) == "open"
    app.pop_to_root()


def test_watching_as_a_spectator(app, host, monkeypatch):
    scene = open_join(app, monkeypatch)
    look_at(app, scene, host)
    press(app, scene, "join:watch")
    run_until(app, lambda: isinstance(getattr(app.top, "part", None), RemotePart), host)
    assert app.top.session.seat is None and app.top.private_player is None
    assert None in host.table.members.values()
    assert remembered.load()[0] == []  # a spectator holds no seat to go back to
    app.pop_to_root()


def test_a_wrong_code_and_no_host_are_one_line_each_and_keep_what_was_typed(app, host, monkeypatch):
    scene = open_join(app, monkeypatch)
    look_at(app, scene, host, code="2222-3333-4444")
    assert scene.looked is None
    address = f"127.0.0.1:{host.port}"
    assert scene.message == app.t("join.error_code", address=address)
    assert scene.fields["address"].text == address
    assert scene.fields["code"].text == "2222-3333-4444"

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    look_at(app, scene, host, address=f"127.0.0.1:{closed}", code=host.code)
    assert scene.message == app.t("join.error_connect", address=f"127.0.0.1:{closed}")
    assert scene.fields["code"].text == host.code

    type_into(app, scene, "code", "not a code")
    key(app, pygame.K_RETURN)
    assert scene.message == app.t("join.bad_code") and scene.looker is None
    type_into(app, scene, "address", "no such host/here")
    key(app, pygame.K_RETURN)
    assert scene.message == app.t("join.bad_address")
    app.draw()


def test_a_seat_taken_meanwhile_is_said_and_the_table_looked_at_again(app, host, monkeypatch):
    scene = open_join(app, monkeypatch)
    look_at(app, scene, host)
    url = f"ws://127.0.0.1:{host.port}"
    other = ClientThread(url, host.code, seat=1, name="Quick").start()
    try:
        deadline = time.monotonic() + LIMIT_S
        while host.table.status(1) != "connected":
            assert time.monotonic() < deadline
            host.pump()
            time.sleep(0.01)
        press(app, scene, "join:seat:1")  # the screen still shows it free
        run_until(app, lambda: scene.client is None and scene.looker is None, host)
        assert scene.message == app.t("join.error_seat_taken")
        assert isinstance(app.top, JoinScene)
        assert scene.looked.seats[1]["status"] == "connected"
        assert "join:seat:1" not in scene.probe() and "join:seat:2" in scene.probe()
    finally:
        other.stop()


def test_a_remembered_seat_of_a_table_gone_is_forgotten(app, host, monkeypatch):
    remembered.remember(f"127.0.0.1:{host.port}", host.code, 2, "duck", "Old", "x" * 32)
    scene = open_join(app, monkeypatch)
    assert "join:rejoin:0" in scene.probe()
    press(app, scene, "join:rejoin:0")
    run_until(app, lambda: scene.client is None, host)
    assert scene.message == app.t("join.error_token")
    assert remembered.load()[0] == [] and "join:rejoin:0" not in scene.probe()


def test_esc_goes_back_to_the_menu_and_a_field_keeps_its_keys(app, monkeypatch):
    scene = open_join(app, monkeypatch)
    type_into(app, scene, "name", "日本語の名前")  # an input method sends whole strings
    key(app, pygame.K_BACKSPACE)
    assert scene.fields["name"].text == "日本語の名"
    key(app, pygame.K_SPACE)  # a key in a field never presses a button
    assert app.top is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_a_table_advertised_on_this_network_fills_the_list(app, monkeypatch):
    """A window hosting with advertise=True and the join screen's Browser, both over
    mDNS on this machine; clicking the entry fills the address and code and looks; the
    probe names the entry's code (CISPEED: the e2e guest picks its host's table by it)."""
    from game.net import discovery
    from game.net.discovery import Browser

    advert = discovery.Advert  # the host's advert on the loopback interface only
    monkeypatch.setattr(
        discovery,
        "Advert",
        lambda port, tls=False: advert(port, tls=tls, interfaces=["127.0.0.1"]),
    )
    seats = [Seat("Hana", "henrietta", human=True), Seat("Guest", "clucky", human=True)]
    session = Session("cluck", seats, new_seed())
    host = HostThread(
        session, host="127.0.0.1", port=0, autosave=False, local_seats=(0,), advertise=True
    )
    host.server.rate = FAST
    host.start()
    try:
        scene = open_join(app, monkeypatch, lambda: Browser(interfaces=["127.0.0.1"]))
        run_until(app, lambda: any(e["code"] == host.code for e in scene.found), host)
        index = next(i for i, e in enumerate(scene.found) if e["code"] == host.code)
        # the probe names each found table's code by its button (tools/e2e_online.py
        # picks its own host's table by it: other tables may be advertised meanwhile)
        assert scene.probe_info()["found"][f"join:found:{index}"] == host.code
        assert f"join:found:{index}" in scene.probe()
        press(app, scene, f"join:found:{index}")
        assert scene.fields["code"].text == host.code
        assert scene.fields["address"].text.endswith(f":{host.port}")
        run_until(app, lambda: scene.looker is None, host)
        assert scene.looked is not None and scene.looked.game == "cluck", scene.message
    finally:
        host.stop()


def test_an_address_as_typed_becomes_the_tables_url():
    from game.net.join import table_url

    assert table_url(" 192.168.1.20 ") == "ws://192.168.1.20:47474/"
    assert table_url("kitchen-pc.local:8765") == "ws://kitchen-pc.local:8765/"
    assert table_url("[::1]:9000") == "ws://[::1]:9000/"
    assert table_url("fe80::1") == "ws://[fe80::1]:47474/"
    assert table_url("wss://derby.example.org:8765/") == "wss://derby.example.org:8765/"
    for bad in ("", "host:port", "host:70000", "no such/host", "[::1", "a b", "-x-"):
        assert table_url(bad) is None, bad
