"""``python -m game serve`` as a real process (issue #18), over TLS on 127.0.0.1: a table
is created, played, the host is killed (kill -9) mid-game, started again, reopens the
table from its autosave with the same code and seat tokens, and the players rejoin and
finish. Also: a window hosting its table (HostThread) with a ClientThread joining, and
LAN discovery on the loopback interface."""

import asyncio
import json
import os
import random
import shutil
import signal
import ssl
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.net.client import ClientThread, TableClient
from game.net.protocol import VERSION
from tests.children import end, ended
from tests.net_helpers import Player, check_wire, run

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def certificate(tmp_path):
    if shutil.which("openssl") is None:
        pytest.skip("openssl is needed to make a test certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key)]
        + ["-out", str(cert), "-days", "2", "-subj", "/CN=localhost"]
        + ["-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return cert, key


def start_serve(home: Path, cert: Path, key: Path) -> tuple[subprocess.Popen, str, list[str]]:
    env = {**os.environ, "TABLETOP_DERBY_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    errors = (home / "serve-stderr.txt").open("a")  # read after, never a full pipe
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "serve", "--port", "0", "--bot-delay", "0"]
        + ["--certfile", str(cert), "--keyfile", str(key)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=errors,
        text=True,
    )
    lines = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line.strip())
        if line.startswith("serving on "):
            return process, line.split()[-1], lines
    end(process)
    raise AssertionError(f"serve did not start: {lines}")


def test_serve_over_tls_survives_a_kill_and_the_players_rejoin(tmp_path, certificate):
    cert, key = certificate
    context = ssl.create_default_context(cafile=str(cert))
    with ended() as started:  # each serve ends, whatever fails (issue #36)
        play_over_tls_with_a_kill(tmp_path, cert, key, context, started)


def play_over_tls_with_a_kill(tmp_path, cert, key, context, started) -> None:
    process, url, _ = start_serve(tmp_path, cert, key)
    started.append(process)
    assert url.startswith("wss://127.0.0.1:")
    saves = tmp_path / "data" / "saves"

    def saved_actions():
        found = list(saves.glob("auto-*.json"))
        return len(json.loads(found[0].read_text())["actions"]) if found else -1

    async def first_half():
        owner = TableClient(url, ssl_context=context)
        await owner.connect()
        seats = [{"kind": "person"}, {"kind": "computer", "level": "random"}, {"kind": "person"}]
        code, _ = await owner.create("verflixxt", seats, {"variant": "hats"})
        await owner.close()
        players = [Player(url, 0, seed=5), Player(url, 2, seed=6)]
        for p in players:
            p.client.ssl = context
            await p.join(code)
        await asyncio.gather(*(p.play(until_n=20) for p in players))
        # until the autosave holds every action the players have seen (a computer seat
        # may move once more after they stop: they read on until that is saved too)
        while True:
            saved = saved_actions()
            if saved >= 20 and all(p.client.mirror.n == saved for p in players):
                return code, players, saved
            for p in players:
                if p.client.mirror.n < saved:
                    await p.client.receive(10)
            await asyncio.sleep(0.02)

    code, players, reached = run(first_half(), timeout=60)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)

    process, url, lines = start_serve(tmp_path, cert, key)
    started.append(process)
    try:
        assert any(line.startswith(f"table {code}: verflixxt, opened again") for line in lines)

        async def second_half():
            for p in players:
                token, hand = p.client.mirror.token, p.client.mirror.view.hands[p.seat]
                p.client = TableClient(url, ssl_context=context, record=p.record)
                p.pending = None
                await p.client.connect()
                mirror = await p.client.rejoin(code, token)
                assert mirror.n == reached and mirror.view.hands[p.seat] == hand
            await asyncio.gather(*(p.play() for p in players))
            return [p.client.mirror for p in players]

        mirrors = run(second_half(), timeout=90)
        assert all(m.view.is_over() for m in mirrors)
        assert mirrors[0].view.scores() == mirrors[1].view.scores()
        assert mirrors[0].view.winners() == mirrors[1].view.winners()
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=20)
        assert process.returncode == 0, err
        assert "stopped" in out
    finally:
        if process.poll() is None:
            process.kill()
    # the game as the host kept it: replayed from its autosave, every byte checked
    from game import saves as save_files

    session = save_files.load_session(next(saves.glob("auto-*.json")))
    assert session.state.is_over()
    for p in players:
        check_wire(session, p.seat, p.record)


def test_a_window_hosts_with_host_thread_and_its_table_survives_the_window_closing():
    """The threads a window will use. The test is the host's window: it pumps each
    frame, a person at its screen plays seat 0 and its computer seat 1, while a
    ClientThread plays seat 2 from 'another computer'. Mid-game the window closes; its
    autosave is resumed (store.reopen) and the table opens again on the same port with
    the same code: the ClientThread comes back by itself with its token, and the game
    is played to its end. Nobody ever waits on the network."""
    from game.net import store
    from game.net.host import HostThread
    from game.session import Seat, Session, new_seed

    seats = [Seat("Aiko", "henrietta"), Seat("Bot", "clucky", human=False, level="random")]
    seats.append(Seat("Chie", "pepper"))
    session = Session("cluck", seats, new_seed())
    host = HostThread(session, host="127.0.0.1", local_seats=(0,)).start()
    rng = random.Random(3)
    client, view, notes = None, None, []
    deadline = time.monotonic() + 60

    def frame(host):
        """One frame of the window: the host's pump, its person, the client's poll."""
        nonlocal client, view
        for kind, value in host.pump(drive_computers=True):
            if kind == "listening" and client is None:
                url = f"ws://127.0.0.1:{value[1]}"
                client = ClientThread(url, host.code, seat=2, name="Chie").start()
        state = host.table.session.state
        if 0 in state.to_act():
            host.apply(0, rng.choice(state.legal_actions(0)))
        for kind, value in client.poll() if client else []:
            notes.append(value if kind == "connection" else kind)
            assert kind != "error", value
            if kind in ("welcome", "update"):
                view = value.view if kind == "welcome" else value[1]
                if 2 in view.to_act():
                    client.act(str(rng.choice(view.legal_actions(2))))
        time.sleep(0.002)

    try:
        while time.monotonic() < deadline and len(session.actions) < 8:
            frame(host)
        host.stop()  # the window closes; its autosave is on disk
        port = host.port
        table = store.reopen(session.save_id)
        assert table is not None and table.code == host.code and table.status(2) == "reconnecting"
        host = HostThread(table.session, host="127.0.0.1", port=port, table=table).start()
        session = table.session
        while time.monotonic() < deadline and not session.state.is_over():
            frame(host)
        while time.monotonic() < deadline and not (view is not None and view.is_over()):
            frame(host)
        assert session.state.is_over() and view.is_over()
        assert view.scores() == session.state.scores()
        assert notes.count("welcome") == 2 and "lost" in notes and "back" in notes
        assert host.table.status(2) == "connected" and host.table.status(0) == "local"
    finally:
        if client is not None:
            client.stop()
        host.stop()


def test_tables_are_found_on_the_local_network():
    """mDNS/DNS-SD on the loopback interface: an advertised table shows in a browser.
    Another suite on this machine may advertise its own tables on the loopback at the
    same time (issue #37): the browser waits for this test's table, by its code, and
    never takes the first table it sees for it."""
    from game.net.discovery import Advert, Browser
    from game.net.table import Table
    from game.session import Seat, Session, new_seed

    session = Session("cluck", [Seat("A", "henrietta"), Seat("B", "clucky")], new_seed())
    table, _ = Table.new(session)

    async def scenario():
        advert = Advert(4567, interfaces=["127.0.0.1"])
        await advert.register(table)
        browser = Browser(interfaces=["127.0.0.1"])
        try:
            while not (mine := [e for e in browser.tables() if e["code"] == table.code]):
                await asyncio.sleep(0.05)
            return mine
        finally:
            browser.close()
            await advert.close()

    found = run(scenario(), timeout=30)
    assert found[0]["code"] == table.code and found[0]["port"] == 4567
    assert found[0]["game"] == "cluck" and found[0]["version"] == str(VERSION)
