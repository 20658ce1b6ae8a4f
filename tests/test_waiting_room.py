"""The hosting window as a waiting room (issue #38): the join code big, a QR code of the
table's join link for those on the same network, the seats filling in as people join;
it closes by itself once nobody is waited for. The Join screen reads the link."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.net.host import HostThread
from game.net.join import join_link, read_join_link
from game.scenes.lobby.lobby import LobbyScene
from game.scenes.lobby.online import hosted_scene
from game.scenes.lobby.waiting_room import WaitingRoom, open_waiting_room
from game.scenes.table.phones import qr_matrix
from game.session import Session
from game.ui import widgets
from tests.net_helpers import lobby_options
from tests.scene_helpers import LANGS, SIZES, make_app, resize, seats, text_problems

CODE, ADDRESS = "7KQ4-MX9P-2HRT", "192.168.100.200:58765"  # the longest a LAN gives


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


def _hosting(app, game="verflixxt", players=4, online=(1, 2)):
    """A hosting window (the host not started: no network) with seat 0 here and the
    ``online`` seats waiting for their people, the waiting room opened over it."""
    session = Session(game, seats(game, {0, *online}, players, "easy"), 7, lobby_options(game))
    host = HostThread(session, host="127.0.0.1", local_seats=(0,), autosave=False)
    host.table.code = CODE
    table = hosted_scene(app, host, (0,))
    table.driver.address = ADDRESS
    app.push(table)
    open_waiting_room(app, table)
    return table


def _drawn(app):
    """The texts the room draws (over the table, drawn first)."""
    app.draw()
    with widgets.recording(app.screen) as sink:
        app.top.draw(app.screen)
    return sink.texts


def test_the_room_shows_the_code_big_the_address_and_the_qr_of_the_join_link():
    """issue #38: "the join code is small grey text": in the room it is the biggest
    text on the screen (twice the header's at least), with the address, and the QR
    code is the join link's, which reads back as the address and the code."""
    app = make_app((1280, 720), "en")
    table = _hosting(app)
    room = app.top
    assert isinstance(room, WaitingRoom)
    drawn = _drawn(app)
    code = [t for t in drawn if t.text == CODE]
    with widgets.recording(app.screen) as sink:
        table.draw(app.screen)
    header = [t for t in sink.texts if CODE in t.text]  # the table's header
    assert header
    assert len(code) == 1 and room.panel.contains(code[0].rect)
    assert code[0].size == max(t.size for t in drawn)
    assert code[0].size >= 2 * max(t.size for t in header)
    assert any(t.text == ADDRESS and room.panel.contains(t.rect) for t in drawn)
    assert room.link() == join_link(ADDRESS, CODE)
    assert read_join_link(room.link()) == (ADDRESS, CODE)
    # the drawn QR code is the link's: its modules, whole pixels each
    image = room.qr(room.qr_rect.w)
    rows = qr_matrix(room.link())
    scale = image.get_width() // len(rows)
    assert scale >= 3
    for y in (0, len(rows) // 2, len(rows) - 1):
        for x in range(len(rows)):
            dark = image.get_at((x * scale + scale // 2, y * scale + scale // 2))[0] < 128
            assert dark == rows[y][x], (x, y)
    assert table.part.waiting_seats() == [1, 2]


def test_the_seats_fill_in_as_people_join_and_the_room_closes_when_all_have():
    """issue #38: each seat's card says whether its person is here, joined, awaited or
    a computer; a seat that joins changes its card on the next frame, and when the last
    awaited person joins the room closes by itself, leaving the table."""
    app = make_app((1280, 720), "en")
    table = _hosting(app)
    room = app.top

    def says(p: int) -> str:
        rect = room.seat_rects[p]
        return " ".join(t.text for t in _drawn(app) if rect.contains(t.rect))

    assert app.t("brand.room_here") in says(0)
    assert app.t("brand.room_waiting") in says(1) and app.t("brand.room_waiting") in says(2)
    assert app.t("brand.room_computer") in says(3)
    assert table.seat_name(1) in says(1)
    table.driver.status[1] = "connected"
    app.step(0.02)
    assert app.top is room and app.t("brand.room_joined") in says(1)
    table.driver.status[2] = "connected"
    app.step(0.02)
    assert app.top is table


def test_to_the_table_closes_the_room_and_a_table_with_no_one_to_wait_for_has_none():
    app = make_app((1280, 720), "en")
    table = _hosting(app)
    room = app.top
    room.buttons.by_key("room:table").on_click()
    assert app.top is table
    app2 = make_app((1280, 720), "en")
    table2 = _hosting(app2, online=())
    assert app2.top is table2


def test_the_lobby_opens_the_room_when_a_seat_is_online(monkeypatch):
    """issue #38: Host online opens the table and the waiting room over it."""
    app = make_app((1280, 720), "en")
    lobby = LobbyScene(app, registry.get("verflixxt"))
    app.push(lobby)
    lobby.wait_for_scan()
    lobby.online[1] = True
    lobby.seats[1].human = True

    def host(session):  # the lobby's own hosting, without opening a port
        h = HostThread(session, host="127.0.0.1", local_seats=lobby.here(), autosave=False)
        table = hosted_scene(app, h, lobby.here())
        table.driver.address = ADDRESS
        return table

    monkeypatch.setattr(lobby, "_host", host)
    lobby.start()
    assert isinstance(app.top, WaitingRoom) and app.top.waiting() == [1]


@pytest.mark.parametrize("lang", LANGS)
def test_the_room_is_whole_at_every_size_and_text_size(lang):
    """Every text of the room inside the window and its box, none under 14 px, none cut
    or over another, with six seats, at every size, Normal and Larger text."""
    app = make_app(SIZES[0], lang)
    _hosting(app, players=6, online=(1, 2, 3, 4))
    room = app.top
    problems = []
    for text_size in (1.0, 1.4):
        app.settings.text_size = text_size
        for size in SIZES:
            app.screen = pygame.display.set_mode(size)
            resize(app, size)
            drawn = [
                t
                for t in _drawn(app)
                if room.panel.contains(t.rect) or t.rect.colliderect(room.panel)
            ]
            problems += [f"{text_size} {size}: {p}" for p in text_problems(drawn, size)]
            assert any(t.text == CODE for t in drawn), (text_size, size)
            for rect in room.seat_rects:
                assert room.panel.contains(rect), (text_size, size)
            assert room.panel.contains(room.buttons.by_key("room:table").rect)
            assert room.qr_rect.w >= 90, (text_size, size, room.qr_rect)
    assert not problems, "\n".join(problems[:20])


def test_a_pasted_join_link_fills_the_address_and_the_code():
    """issue #38: what the room's QR code says, pasted into the Join screen's address
    field, gives the address and the code; anything else is left to the address
    checks."""
    assert read_join_link(f"  tabletop-derby://{ADDRESS}/7kq4mx9p2hrt/ ") == (ADDRESS, CODE)
    assert read_join_link(ADDRESS) is None
    assert read_join_link("tabletop-derby://no address/7KQ4-MX9P-2HRT") is None
    assert read_join_link(f"tabletop-derby://{ADDRESS}/NOT-A-CODE") is None
    from game.scenes.lobby.join import JoinScene
    from tests.scene_helpers import ListedTables

    app = make_app((1280, 720), "en")
    scene = JoinScene(app, browser_factory=lambda: ListedTables([]))
    app.push(scene)
    scene.fields["address"].text = join_link(ADDRESS, CODE)
    assert scene._checked() == (ADDRESS, f"ws://{ADDRESS}/", CODE)
    assert scene.fields["code"].text == CODE
