"""Phones as hands (issue #29): the host serves the phone page on its table's port, and a
phone is a client of the same protocol with its seat's short token. Over 127.0.0.1 only,
every wait bounded."""

from __future__ import annotations

import http.client
import json
import logging
import time

import pytest
from websockets.sync.client import connect

from game.net import phone
from game.net.host import HostedDriver, HostThread
from game.net.protocol import VERSION
from game.session import Seat, Session
from tests.net_helpers import FAST, lobby_options, wait_listening

PHONES = (0, 1)


def duck_session(seed: int = 7) -> Session:
    seats = [Seat("Ann", "a", human=True), Seat("Bea", "b", human=True)]
    seats.append(Seat("Cy", "c", human=False))
    return Session("duck", seats, seed, lobby_options("duck"))


@pytest.fixture
def hosted():
    host = HostThread(
        duck_session(),
        host="127.0.0.1",
        port=0,
        autosave=False,
        local_seats=PHONES,
        phones=PHONES,
    )
    host.server.rate = FAST
    host.start()
    port = wait_listening(host)
    HOST[:] = [host]
    try:
        yield host, port
    finally:
        HOST.clear()
        host.stop(timeout=5)


def get(port: int, path: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request(method, path)
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def pumped(host: HostThread, until, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "the host never got there"
        host.pump()
        time.sleep(0.01)


HOST: list[HostThread] = []  # the host the test pumps while it waits (as its window would)


def receive(ws, kind: str, timeout: float = 5.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        assert time.monotonic() < deadline, f"no {kind} came"
        for host in HOST:
            host.pump()
        try:
            message = json.loads(ws.recv(timeout=0.02))
        except TimeoutError:
            continue
        if message["type"] == kind:
            return message


def test_the_page_files_are_served_with_their_types_and_headers(hosted):
    _host, port = hosted
    for path, (name, kind) in phone.FILES.items():
        status, headers, body = get(port, path)
        assert status == 200, path
        assert headers["Content-Type"] == kind
        assert headers["Content-Security-Policy"].startswith(
            "default-src 'self'; connect-src 'self' ws: wss:"
        )
        assert headers["Cache-Control"] == "no-cache"
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert int(headers["Content-Length"]) == len(body)
        assert body == phone.page_file(name, kind).body  # type: ignore[union-attr]
        assert 0 < len(body) <= phone.MAX_FILE_BYTES


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/phone",
        "/phone/index.htm",
        "/phone/../game/net/table.py",
        "/phone/%2e%2e/pyproject.toml",
        "/phone/phone.js?x=1",
        "/phone/PHONE.JS",
        "/etc/passwd",
        "/phone/" + "a" * 400,
        "//phone/",
        "/phone/sprites/duck_control.svg",  # a sprite the page does not draw with
        "/phone/sprites/../phone.js",
        "/phone/sprites/",
    ],
)
def test_anything_else_is_404(hosted, path):
    _host, port = hosted
    status, headers, body = get(port, path)
    assert status == 404
    assert headers["Content-Type"].startswith("text/plain")
    assert len(body) < 100


@pytest.mark.parametrize("method", ["POST", "HEAD", "PUT", "DELETE", "OPTIONS"])
def test_other_methods_are_refused(hosted, method):
    _host, port = hosted
    status, headers, _body = get(port, "/phone/", method)
    assert status in (405, 400)
    if status == 405:
        assert headers["Allow"] == "GET"


def test_the_table_sprites_a_hand_is_drawn_with_are_served(hosted):
    """Verflixxt!'s cards and hats and Cluck-peep!'s meadow: the table's own pictures."""
    from game.paths import SPRITES_DIR

    _host, port = hosted
    for name in phone.SPRITES:
        status, headers, body = get(port, f"/phone/sprites/{name}")
        assert status == 200
        assert headers["Content-Type"] == "image/svg+xml"
        assert body == (SPRITES_DIR / name).read_bytes()


def test_page_weight_is_small():
    """issue #39: the page, its script, style, sprites and font in all, <= 250 KB, as a
    browser is sent them (issue #40: gzipped where that helps; every browser takes it)."""
    assert phone.page_weight() <= phone.PAGE_BUDGET
    assert phone.page_weight() < phone.page_weight(packed=False)


def get_packed(port: int, path: str, accept: str) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", path, headers={"Accept-Encoding": accept})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def test_a_browser_that_takes_gzip_is_sent_the_text_files_packed(hosted):
    """issue #40 (the coach's words made the page heavier): the script, style, page and
    sprites go gzipped to a browser that accepts gzip, the same bytes once unpacked,
    with ``Vary: Accept-Encoding``; the WOFF fonts (compressed already) go as they are;
    a browser that does not take gzip, or refuses it (q=0), gets the files' own bytes."""
    import gzip

    _host, port = hosted
    for path, (name, kind) in phone.FILES.items():
        file = phone.page_file(name, kind)
        assert file is not None
        status, headers, body = get_packed(port, path, "gzip, deflate")
        assert status == 200 and int(headers["Content-Length"]) == len(body)
        if name.endswith(".woff"):
            assert "Content-Encoding" not in headers and body == file.body
            continue
        if file.packed is None:  # too small to pack
            assert body == file.body
            continue
        assert headers["Content-Encoding"] == "gzip" and headers["Vary"] == "Accept-Encoding"
        assert gzip.decompress(body) == file.body and len(body) < len(file.body)
        for refused in ("identity", "gzip;q=0", "br"):
            _status, plain_headers, plain = get_packed(port, path, refused)
            assert "Content-Encoding" not in plain_headers and plain == file.body, refused


def test_no_page_without_phones_nor_once_the_table_is_closed():
    host = HostThread(duck_session(), host="127.0.0.1", port=0, autosave=False, local_seats=(0,))
    host.start()
    try:
        status, _headers, _body = get(wait_listening(host), "/phone/")
        assert status != 200  # a websocket-only host: websockets' own refusal
    finally:
        host.stop(timeout=5)
    host = HostThread(
        duck_session(), host="127.0.0.1", port=0, autosave=False, local_seats=PHONES, phones=PHONES
    )
    host.start()
    try:
        port = wait_listening(host)
        assert get(port, "/phone/")[0] == 200
        host.table.closed = True  # closed: the server stops right after; nothing served
        assert get(port, "/phone/")[0] == 404
    finally:
        host.stop(timeout=5)


class Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_a_phone_holds_its_seat_and_the_token_is_never_logged(hosted):
    host, port = hosted
    kept = Kept()
    root = logging.getLogger()
    level = root.level
    root.addHandler(kept)
    root.setLevel(logging.DEBUG)
    try:
        played_from_a_phone(host, port)
    finally:
        root.removeHandler(kept)
        root.setLevel(level)
    token = host.phone_tokens[0]
    # the host's own logs (this test's client logs its own frames: not the host's)
    mine = [r for r in kept.records if not r.name.startswith("websockets.client")]
    every = " ".join(r.getMessage() for r in mine)
    assert token not in every and token.replace("-", "") not in every
    assert host.server.http_paths and all(token not in p for p in host.server.http_paths)
    assert any(r.name == "game.net.sockets" for r in mine)  # it did log, without tokens
    assert not [r for r in mine if r.levelno >= logging.ERROR], [r.getMessage() for r in mine]


def played_from_a_phone(host: HostThread, port: int) -> None:
    token = host.phone_tokens[0]
    assert len(token) == 9 and token[4] == "-"
    url = phone.phone_url(f"127.0.0.1:{port}", host.code, 0, token)
    assert url.startswith(f"http://127.0.0.1:{port}/phone/#code=")
    assert "token=" + token in url.split("#", 1)[1]
    for path in phone.FILES:
        get(port, path)
    driver = HostedDriver(host, PHONES)
    with connect(f"ws://127.0.0.1:{port}/", open_timeout=5) as ws:
        ws.send(json.dumps({"v": VERSION, "type": "rejoin", "code": host.code, "token": token}))
        pumped(host, lambda: host.table.on_phone(0))
        welcome = receive(ws, "welcome")
        assert welcome["seat"] == 0 and welcome["token"] is None
        assert welcome["options"]["deck"]["cards"]  # the page draws the cards from it
        state = host.table.session.state
        assert welcome["legal"] == phone.legal_texts(state, 0)
        assert host.table.status(0) == "phone" and host.table.status(1) == "local"
        pumped(host, lambda: 0 not in driver.local_deciders() or 0 not in state.to_act())
        # the computer places its duck first; then each person, seat 0 from its phone
        deadline = time.monotonic() + 10
        while 0 not in host.table.session.state.to_act():
            assert time.monotonic() < deadline
            host.pump(drive_computers=True)
            if 1 in host.table.session.state.to_act():
                local = host.table.session.state.legal_actions(1)[0]
                host.apply(1, local)
            time.sleep(0.01)
        assert 0 not in driver.local_deciders()  # decided on the phone, not at the screen
        update = receive(ws, "update")
        while not update["legal"]:
            update = receive(ws, "update")
        choice = update["legal"][0]
        ws.send(json.dumps({"v": VERSION, "type": "action", "id": 1, "action": choice}))
        n = len(host.table.session.actions)
        pumped(host, lambda: len(host.table.session.actions) > n)
        assert host.table.session.actions[n] == (0, choice)
        acked = receive(ws, "update")
        while acked.get("ack") is None:
            acked = receive(ws, "update")
        assert acked["ack"] == 1
        # a second phone with the same token takes the seat over
        with connect(f"ws://127.0.0.1:{port}/", open_timeout=5) as second:
            second.send(
                json.dumps({"v": VERSION, "type": "rejoin", "code": host.code, "token": token})
            )
            assert receive(second, "welcome")["seat"] == 0
            assert receive(ws, "error")["code"] == "replaced"
    # the phone gone: the seat is played at the screen again (behind the curtain)
    pumped(host, lambda: not host.table.on_phone(0))
    assert host.table.status(0) == "local"


def test_a_wrong_key_closes_the_line(hosted):
    host, port = hosted
    with connect(f"ws://127.0.0.1:{port}/", open_timeout=5) as ws:
        ws.send(
            json.dumps({"v": VERSION, "type": "rejoin", "code": host.code, "token": "AAAA-AAAA"})
        )
        deadline = time.monotonic() + 5
        found = None
        while found is None and time.monotonic() < deadline:
            host.pump()
            try:
                found = json.loads(ws.recv(timeout=0.05))
            except TimeoutError:
                continue
        assert found is not None and found["type"] == "error" and found["code"] == "token"


def test_only_people_at_the_screen_get_phone_tokens():
    session = duck_session()
    with pytest.raises(Exception, match="not a person at the host's screen"):
        HostThread(session, host="127.0.0.1", autosave=False, local_seats=(0,), phones=(2,))


def test_the_real_key_as_a_second_guess_on_the_same_line_takes_nothing(hosted):
    """issue #36 (phone keys): a wrong key ends the connection at once and nothing it
    sent after is carried out, though the window's thread finds both guesses queued: the
    real key as guess #2 does not take the seat, and the real phone is not told
    "replaced"."""
    host, port = hosted
    token = host.phone_tokens[0]
    with connect(f"ws://127.0.0.1:{port}/", open_timeout=5) as real:
        real.send(json.dumps({"v": VERSION, "type": "rejoin", "code": host.code, "token": token}))
        assert receive(real, "welcome")["seat"] == 0
        held = host.table.seat_peer[0]
        with connect(f"ws://127.0.0.1:{port}/", open_timeout=5) as guesser:
            for guess in ("2222-2222" if token != "2222-2222" else "3333-3333", token):
                guesser.send(
                    json.dumps({"v": VERSION, "type": "rejoin", "code": host.code, "token": guess})
                )
            # both guesses wait in the window's queue before its next frame handles them
            deadline = time.monotonic() + 5
            while host.inbox.qsize() < 2:
                assert time.monotonic() < deadline, "the guesses never reached the host"
                time.sleep(0.01)
            host.pump()
            told = receive(guesser, "error")
            assert told["code"] == "token"
            assert host.table.seat_peer[0] is held and host.table.on_phone(0)
        # the real phone's next message is the one sent now: no "replaced" came before it
        host.table._send_seats()
        first = json.loads(real.recv(timeout=5))
        while first["type"] == "update":  # (none is due; a computer's move would be one)
            first = json.loads(real.recv(timeout=5))
        assert first["type"] == "seats", first
        assert host.table.seat_peer[0] is held


def test_an_address_has_few_key_guesses_checked():
    """issue #36 (phone keys): the guesses one address may have checked are bounded
    (limits.GuessLimit): a burst, then one a second; past them a rejoin is refused
    unchecked ("guesses"), even with the real key, while another address is not held up
    and a right key spends nothing."""
    from game.net.limits import GUESS_BURST, GUESS_RATE, GuessLimit
    from game.net.server import Tables
    from game.net.table import Table
    from tests.net_helpers import RecordingPeer

    now = [100.0]
    tables = Tables("app")
    tables.guesses = GuessLimit(GUESS_RATE, GUESS_BURST, clock=lambda: now[0])
    table, _owner = Table.new(duck_session(), local_seats=PHONES)
    tables.add(table)
    key = table.phone_token(0)

    def rejoin(token: str, address: str = "127.0.0.1") -> RecordingPeer:
        peer = RecordingPeer(address=address)
        tables.handle(peer, "rejoin", {"code": table.code, "token": token})  # type: ignore[arg-type]
        return peer

    right = rejoin(key)  # a right key spends nothing
    assert right.table is table
    table.leave(right)
    for _ in range(GUESS_BURST):
        assert (
            rejoin("2222-2222" if key != "2222-2222" else "3333-3333").sent[-1]["code"] == "token"
        )
    refused = rejoin(key)
    assert refused.sent[-1]["code"] == "guesses" and refused.closed and refused.table is None
    assert rejoin(key, address="127.0.0.2").table is table  # another address: checked
    now[0] += 1.0 / GUESS_RATE
    assert rejoin(key).table is table  # a guess a second comes back


def test_no_phone_key_for_a_person_who_is_not_at_the_host_screen():
    """issue #36 (tests that would notice: "a phone key is issued for a seat that is not
    at the host's screen"): a person's seat that is online (not in ``local_seats``) gets
    no phone key, neither from the host nor from its table, and keeps no digest of one."""
    session = duck_session()
    with pytest.raises(Exception, match="not a person at the host's screen"):
        HostThread(session, host="127.0.0.1", autosave=False, local_seats=(0,), phones=(0, 1))
    from game.net.table import Refused, Table

    table, _owner = Table.new(duck_session(), local_seats=(0,))
    assert table.digests[1] is None
    with pytest.raises(Refused, match="not a person at the host's screen"):
        table.phone_token(1)
    assert table.digests[1] is None and 1 not in table.phone_seats
    assert table.status(1) == "open"  # still a seat somebody online may take
    key = table.phone_token(0)
    assert len(key) == 9 and table.phone_seats == {0}


def test_the_page_can_be_added_to_a_home_screen(hosted):
    """issue #39: a web app manifest (standalone, its start at the page, which comes back
    to the seat kept on the phone) and the box's own icon, linked from the page."""
    import json

    from game.paths import ASSETS_DIR

    _host, port = hosted
    status, headers, body = get(port, "/phone/manifest.webmanifest")
    assert status == 200 and headers["Content-Type"] == "application/manifest+json"
    manifest = json.loads(body)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    assert [icon["src"] for icon in manifest["icons"]] == ["icon.svg"]
    status, headers, body = get(port, "/phone/icon.svg")
    assert status == 200 and headers["Content-Type"] == "image/svg+xml"
    assert body == (ASSETS_DIR / "icon.svg").read_bytes()
    _status, _headers, page = get(port, "/phone/")
    assert b'rel="manifest" href="manifest.webmanifest"' in page
    assert "manifest-src 'self'" in headers["Content-Security-Policy"]
