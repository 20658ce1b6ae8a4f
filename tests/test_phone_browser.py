"""Phones as hands (issue #29) in a real browser: headless Chromium (Debian's chromium and
chromedriver, driven by selenium), over 127.0.0.1 only, every wait bounded.

- the page's logic (its fragment, keys, language, back-off, prompts, labels, the card
  pictures drawn from the deck's data) run in the browser;
- end to end: a Duck! Duck! Go! table hosted by a window (dummy video driver) with two
  phone seats and a computer; two pages (360x640 in English, 414x896 in Japanese) join
  by their links, choose their cards in secret, the round resolves on the big screen (the
  host's session moves on); a phone closed mid-game hands its seat back to the screen,
  and reopened by its link it has its seat again. The pages are screenshotted at both
  sizes and in both languages into build/phone/. A card picked by a first tap shows
  where the seat's duck would go (the host's preview, the rules' own), and the big
  screen previews nothing for a phone seat.
- the same for a round of Verflixxt! with hats and one of Cluck-peep!: the cards and
  hats, the road tiles (turned over on the phone) drawn from the table's data, played
  from the two pages, no curtain on the big screen; a phone closed and reopened keeps
  its seat and hand.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from game.net.host import HostThread
from game.net.phone import phone_url
from game.session import Session
from tests.net_helpers import FAST, lobby_options, wait_listening
from tests.scene_helpers import make_app, seats
from tools import phone_browser

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(phone_browser.missing() is not None, reason=str(phone_browser.missing())),
]

LIMIT_S = 60.0  # a bound on each wait, not a timing check
SHOTS = Path(__file__).resolve().parent.parent / "build" / "phone"


def phone_host(local=(0, 1), game: str = "duck", **options) -> HostThread:
    session = Session(game, seats(game, local, 3, "easy"), 11, lobby_options(game) | options)
    host = HostThread(
        session, host="127.0.0.1", port=0, autosave=False, local_seats=local, phones=local
    )
    host.server.rate = FAST
    return host.start()


@pytest.fixture
def page():
    host = phone_host()
    port = wait_listening(host)
    driver = phone_browser.open_phone(f"http://127.0.0.1:{port}/phone/", 360, 640)
    try:
        yield driver, host
    finally:
        driver.quit()
        host.stop(timeout=5)


def js(driver, expression: str):
    return driver.execute_script(f"var P = window.DerbyPhone; return {expression};")


def test_the_page_logic_in_the_browser(page):
    driver, _host = page
    assert js(driver, "!document.getElementById('join').hidden")  # no fragment: the form
    assert js(driver, "P.parseFragment('#code=7KQ4-MX9P-2HRT&seat=1&token=AB%2DCD&lang=ja')") == {
        "code": "7KQ4-MX9P-2HRT",
        "seat": 1,
        "token": "AB-CD",
        "lang": "ja",
    }
    odd = js(driver, "P.parseFragment('#seat=9&lang=fr&evil=1&token=' + 'x'.repeat(80))")
    assert odd == {}
    assert js(driver, "P.parseFragment('#token=%E0%A4%A')") == {}  # a broken escape: ignored
    assert js(driver, "P.normalKey(' abcd ef23 ')") == "ABCD-EF23"
    assert js(driver, "P.normalKey('abc')") is None
    assert js(driver, "P.normalCode('7kq4 mx9p 2hrt')") == "7KQ4-MX9P-2HRT"
    assert js(driver, "P.pickLanguage(undefined, null, 'ja-JP')") == "ja"
    assert js(driver, "P.pickLanguage('en', 'ja', 'ja-JP')") == "en"
    assert js(driver, "P.pickLanguage(undefined, 'ja', 'en-GB')") == "ja"
    assert js(driver, "P.pickLanguage(undefined, null, 'de')") == "en"
    assert js(driver, "[0, 1, 2, 3, 10].map(P.backoff)") == [500, 1000, 2000, 4000, 5000]
    assert js(driver, "P.promptKey(['card 3', 'card 5'], [0, 1], 0, false)") == "card"
    assert js(driver, "P.promptKey(['place 1,2 face 0'], [0], 0, false)") == "place"
    assert js(driver, "P.promptKey(['face 1', 'face 2'], [0], 0, false)") == "face"
    assert js(driver, "P.promptKey(['card 3'], [1], 0, false)") == "wait"
    assert js(driver, "P.promptKey([], [0], 0, true)") == "over"
    # issue #39: a hex is named by the box's tile printed on the tub and its side there,
    # or (a board drawn hex by hex) by its kind and its place among them, row by row
    tiled = "{board: {tiles: [[5, 'A', 0, 4], [3, 'B', 3, 1]]}}"
    assert js(driver, f"P.describe('place -1,4 face 3', P.texts.en, {tiled})") == (
        "5A, west · facing ← west"
    )
    assert js(driver, f"P.hexName(3, 1, {tiled}, P.texts.en)") == "3B, centre"
    assert js(driver, f"P.hexName(4, 0, {tiled}, P.texts.en)") == "3B, north-east"
    plain = "{board: {hexes: [[-1, 4, 'start'], [2, 1, 'start'], [0, 0, 'water']]}}"
    assert js(driver, f"P.describe('warp -1,4 face 0', P.texts.en, {plain})") == (
        "life ring 2 · facing → east"
    )
    assert js(driver, "P.describe('route 42/2', P.texts.en)") == "Card 42 · Route 2"
    assert js(driver, "P.describe('face 1', P.texts.ja)") == "向き ↗ 北東"
    assert js(driver, "P.describe('stay', P.texts.en)") == "Stay"
    from game.scenes.duck.art import _route_cells  # the table's own drawing of a route

    for steps in ([0, 1, -1], [2, 2, -1, 0], [-2, 1, 1, 1]):
        assert js(driver, f"P.routeCells({steps})") == [list(c) for c in _route_cells(steps)]
    assert js(driver, "P.bandColour(8) + P.bandColour(9) + P.bandColour(54)") == (
        "#40a8be#52aa5c#a054be"
    )
    svg = "P.cardSvg(17, [{steps: [0, 1], facings: [0, 1]}, {steps: [-1], facings: [0]}])"
    assert js(driver, f"{svg}.querySelectorAll('polyline').length") == 2  # a line a route
    assert js(driver, f"{svg}.querySelector('text').textContent") == "17"
    assert js(driver, f"{svg}.getAttribute('aria-label')") == "Card 17"
    # Duck's route preview: the host's entries of the picked card (a duck's each for
    # "cards A B"), its outcomes in words; never anything for another action
    pv = "{'5': [{duck: 0, route: 0}, {duck: 1, route: 0}], '7': [{duck: 1, route: 0}]}"
    assert js(driver, f"P.previewEntries({pv}, 'card 5').length") == 2
    assert js(driver, f"P.previewEntries({pv}, 'cards 5 7').map(e => e.duck)") == [0, 1]
    assert js(driver, f"P.previewEntries({pv}, 'stay')") == []
    assert js(driver, "P.previewEntries(null, 'card 5')") == []
    assert js(driver, "P.previewLines({drain: true, end: [0, 0]}, P.texts.en)") == [
        "Into the drain: your duck wins!"
    ]
    bonk = "{end: [2, 3], bonk: 'edge', buoys: ['red'], new_buoys: ['red'], again: true}"
    assert js(
        driver, f"P.previewLines({bonk}, P.texts.en, {{board: {{hexes: [[2, 3, 'start']]}}}})"
    ) == [
        "Bonk! The edge: stops on life ring 1",
        "Touches a buoy: red (new token)",
        "Must move again (ends on a buoy or a piece)",
    ]
    # Verflixxt!: card faces and labels; Cluck-peep!: a band turned over as tiles.py turns it
    assert js(driver, "['y3', 'o-1', 'o0'].map(P.cardFace)") == ["3", "−1", "0"]
    # issue #39: a tile is named by its value as printed, never by its place in the track
    driver.execute_script(
        "window.DerbyPhone.page.options = {box: {path_tiles: [{id: 't1', kind: 'minus', value: 4},"
        " {id: 't2', kind: 'plus', value: 6}, {id: 'l1', kind: 'lucky', value: 0}],"
        " expansion: {risk_tiles: [{id: 'r5a', value: 5}]}}};"
    )
    assert js(driver, "['t1', 't2', 'l1', 'r5a', 'start'].map(x => P.tileFace(x, P.texts.en))") == [
        "−4",
        "+6",
        "clover",
        "±5",
        "start",
    ]
    view = "{track: ['start', 't1', 't2', 'finish'], pawns: [['t2', 'start', 'finish'], ['t1']],"
    view += " guardians: ['t1'], hat_on: {lucky: '1a', unlucky: null}}"
    assert js(driver, f"P.describeVx('play y3 a fwd', {view}, 0, P.texts.en)") == (
        "Play Yellow 3 on Pawn A · on +6 (forward)"
    )
    assert js(driver, f"P.describeVx('move g1', {view}, 0, P.texts.en)") == (
        "Move: Guardian 1 · on −4"
    )
    assert js(driver, f"P.describeVx('hat take 1a', {view}, 0, P.texts.en, q => 'Bo')") == (
        "Take the hat of Bo’s pawn A · on −4"
    )
    assert (
        js(driver, f"P.describeVx('play o0', {view}, 0, P.texts.ja)")
        == "出す オレンジ 0 (移動なし)"
    )
    from game.boards.cluck import prepare_options
    from game.rules.cluck import tile_set_from_data

    tiles = prepare_options({})["tiles"]
    tile_set = tile_set_from_data(tiles)
    driver.execute_script("window.TILES = arguments[0];", tiles)
    for tile in tile_set.road_ids:
        for turned in (False, True):
            band = tile_set.band(tile, turned)
            assert js(driver, f"P.bandOf(window.TILES, {tile}, {str(turned).lower()})") == {
                "rungs": list(band.rungs),
                "hole": band.hole_column,
                "above": band.hole_above,
            }
    assert (
        js(
            driver,
            "P.tileSvg(P.bandOf(window.TILES, 1, false), 't').querySelectorAll('line').length",
        )
        > 5
    )
    # nothing the host sends is run: a text with markup is shown as text
    driver.execute_script(
        "window.DerbyPhone.receive({v: 2, type: 'welcome', seat: 0, game: 'duck', options: {deck: {cards: []}},"
        " seats: [{name: '<img src=x onerror=alert(1)>'}], view: {hands: [[5]], winner: null},"
        " to_act: [0], legal: ['card 5'], last_id: 3});"
    )
    assert js(driver, "document.getElementById('seat-name').textContent").startswith("<img")
    assert js(driver, "document.querySelectorAll('#top img').length") == 0
    assert js(driver, "P.page.nextId") == 4
    assert js(driver, "document.querySelectorAll('.card.playable').length") == 1
    assert js(driver, "document.getElementById('ask').textContent") == (
        "Choose your card in secret"
    )
    # every target at least 44 CSS pixels either way
    sizes = js(
        driver,
        "Array.from(document.querySelectorAll('button')).filter(b => b.offsetParent)"
        ".map(b => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])",
    )
    assert sizes and all(w >= 44 and h >= 44 for w, h in sizes), sizes


def pump_app(app, host, done, what: str) -> None:
    deadline = time.monotonic() + LIMIT_S
    while not done():
        assert time.monotonic() < deadline, f"never: {what}"
        app.step(0.05)
        time.sleep(0.005)


def play_phones(app, phones, done, what: str) -> int:
    """Step the window; on each phone, make the first choice it offers (two taps)."""
    taps = 0
    deadline = time.monotonic() + LIMIT_S
    while not done():
        assert time.monotonic() < deadline, f"never: {what}"
        app.step(0.05)
        if done():
            break
        for driver in phones:
            if driver is None:
                continue
            info = phone_browser.state(driver)
            if info.get("legal") and not info.get("sending") and phone_browser.make_choice(driver):
                taps += 1
        time.sleep(0.005)
    return taps


def fits(driver) -> bool:
    """Nothing wider than the page (nothing cut at its side). A part of a box that
    scrolls sideways (Verflixxt!'s strip, Duck's tub on a narrow phone) is in the page
    when its box is: it is scrolled into sight, not cut."""
    return bool(
        driver.execute_script(
            "var W = window.innerWidth + 1;"
            "var inside = function (e) {"
            "  for (var a = e.parentElement; a && a.id !== 'play'; a = a.parentElement) {"
            "    var o = getComputedStyle(a).overflowX;"
            "    if ((o === 'auto' || o === 'scroll') && a.getBoundingClientRect().right <= W) return true;"
            "  }"
            "  return false;"
            "};"
            "return document.documentElement.scrollWidth <= W &&"
            " Array.from(document.querySelectorAll('#play *')).every("
            " e => e.getBoundingClientRect().right <= W || inside(e));"
        )
    )


def test_two_phones_play_a_round_and_a_phone_reopened_keeps_its_seat():
    from game.scenes.lobby.online import hosted_scene

    host = phone_host()
    phones: list = [None, None]
    try:
        port = wait_listening(host)
        app = make_app((1024, 600))
        scene = hosted_scene(app, host, (0, 1))
        app.push(scene)
        pump_app(app, host, lambda: scene.driver.address, "the table listens")
        table = host.table
        links = [phone_url(f"127.0.0.1:{port}", host.code, p, host.phone_tokens[p]) for p in (0, 1)]
        assert scene.part.phone_cards.seats() == [0, 1]  # a QR card beside each seat
        phones[0] = phone_browser.open_phone(links[0], 360, 640, "en")
        phones[1] = phone_browser.open_phone(links[1], 414, 896, "ja")
        pump_app(app, host, lambda: table.on_phone(0) and table.on_phone(1), "phones joined")
        assert scene.part.phone_cards.seats() == []  # the cards go once the phones hold the seats
        assert [scene.driver.seat_status(p) for p in (0, 1)] == ["phone", "phone"]
        session = table.session
        # the placements, then the first secret choice of cards: all on the phones
        taps = play_phones(
            app,
            phones,
            lambda: session.state.round_number >= 2 and {0, 1} <= set(session.state.to_act()),
            "the first round resolves and the second asks both phones",
        )
        assert taps >= 4
        chosen = [text for player, text in session.actions if text.startswith("card ")]
        assert {p for p, text in session.actions if text.startswith("card ")} >= {0, 1}
        assert chosen
        from game.scenes.table.handoff import HandoffScene

        assert not any(isinstance(s, HandoffScene) for s in app.stack)  # never a curtain
        assert scene.private_player is None  # the screen never showed a phone's hand
        for p, driver in enumerate(phones):
            # a card picked by a first tap, not yet confirmed: what the person sees
            deadline = time.monotonic() + LIMIT_S
            while True:
                info = phone_browser.state(driver)
                if info.get("legal") and not info.get("sending") and phone_browser.choices(driver):
                    break
                assert time.monotonic() < deadline, (
                    f"no choice offered: {info} {session.state.to_act()} "
                    f"{session.actions[-6:]} {driver.execute_script('return window.derbyUpdates')}"
                )
                app.step(0.05)
            phone_browser.choices(driver)[0].click()
            assert driver.find_element("id", "confirm").is_displayed()
            route_preview_shown(driver, session, scene, p)
            assert fits(driver)
            lang = "en" if p == 0 else "ja"
            size = "360x640" if p == 0 else "414x896"
            driver.save_screenshot(str(SHOTS / f"phone-{size}-{lang}.png"))
            driver.find_element("id", "lang").click()  # the other language, chosen here
            other = "ja" if lang == "en" else "en"
            assert driver.execute_script("return document.documentElement.lang") == other
            assert fits(driver)
            driver.save_screenshot(str(SHOTS / f"phone-{size}-{other}.png"))
        # the same hand turned to landscape and on a tablet: nothing cut, targets >= 44 px
        driver = phones[0]
        for width, height in ((640, 360), (1024, 768)):
            metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
            assert driver.execute_script("return [innerWidth, innerHeight]") == [width, height]
            assert fits(driver) and targets_are_big(driver), (width, height)
            driver.save_screenshot(str(SHOTS / f"phone-{width}x{height}-ja.png"))
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        # a phone closed mid-game: its seat is played at the screen again ...
        phones[0].quit()
        phones[0] = None
        pump_app(app, host, lambda: not table.on_phone(0), "the seat falls back to the screen")
        assert scene.driver.seat_status(0) == "local"
        assert scene.part.phone_cards.seats() == [0]  # its code is shown again
        # ... and reopened by its link: the seat is its own again, hand and all
        n = len(session.actions)
        phones[0] = phone_browser.open_phone(links[0], 360, 640, "en")
        pump_app(app, host, lambda: table.on_phone(0), "the phone is back")
        info = phone_browser.state(phones[0])
        deadline = time.monotonic() + LIMIT_S
        while info.get("seat") != 0:
            assert time.monotonic() < deadline
            app.step(0.05)
            info = phone_browser.state(phones[0])
        hand = session.state.view(0).to_dict()["hands"][0]
        shown = phones[0].execute_script(
            "return Array.from(document.querySelectorAll('.card')).map(c => +c.dataset.card)"
        )
        assert sorted(c for c in hand if c) == sorted(c for c in shown if c in hand)
        play_phones(app, phones, lambda: len(session.actions) >= n + 4, "play goes on")
    finally:
        for driver in phones:
            if driver is not None:
                driver.quit()
        host.stop(timeout=5)


def route_preview_shown(driver, session, scene, seat: int) -> None:
    """Duck: the card picked by a first tap, the phone shows where the seat's duck would
    go -- drawn from the host's preview (the rules' own), one picture and list a route --
    and the big screen previews nothing for a phone seat (no decision of it there)."""
    from game.rules.duck.preview import preview

    picked = driver.execute_script("return window.DerbyPhone.page.picked")
    assert picked and picked.startswith("card "), picked
    card = int(picked.split()[1])
    routes = session.state.cards[card]
    shown = driver.execute_script(
        "var box = document.getElementById('preview');"
        "return {hidden: box.hidden, items: box.querySelectorAll('.pv').length,"
        " lines: Array.from(box.querySelectorAll('.pv'))"
        ".map(i => i.querySelectorAll('li').length),"
        " routes: Array.from(box.querySelectorAll('polyline.route'))"
        ".map(l => l.getAttribute('points').split(' ').length)};"
    )
    assert not shown["hidden"] and shown["items"] == len(routes), shown
    assert all(n >= 1 for n in shown["lines"])  # the outcome in words
    walked = [preview(session.state, seat, card, i) for i in range(len(routes))]
    assert shown["routes"] == [len(w.path) + 1 for w in walked if w.path]  # start + each hex
    scene.app.step(0.05)
    game = scene.game
    assert game.decisions.decision() is None  # the screen asks nothing of the phone seats
    assert not game.model.legend_text  # and its board previews no route


def close_and_reopen(app, host, scene, phones, size=(360, 640)) -> None:
    """The first phone closed mid-game: its seat is played at the screen again, its QR
    card back; reopened by its link, the seat and its hand are its own again, and the
    phones play on."""
    table, session = host.table, host.table.session
    link = phone_url(f"127.0.0.1:{host.port}", host.code, 0, host.phone_tokens[0])
    phones[0].quit()
    phones[0] = None
    pump_app(app, host, lambda: not table.on_phone(0), "the seat falls back to the screen")
    assert scene.driver.seat_status(0) == "local"
    assert scene.part.phone_cards.seats() == [0]
    n = len(session.actions)
    phones[0] = phone_browser.open_phone(link, *size, "en")
    pump_app(app, host, lambda: table.on_phone(0), "the phone is back")
    pump_app(app, host, lambda: phone_browser.state(phones[0]).get("seat") == 0, "welcomed again")
    hand = [c for c in session.state.view(0).to_dict()["hands"][0] if c not in (0, None, "?")]
    shown = phones[0].execute_script(
        "return Array.from(document.querySelectorAll('#hand .card')).map(c => c.dataset.card)"
    )
    assert sorted(map(str, hand)) == sorted(shown)
    assert scene.part.phone_cards.seats() == []
    play_phones(app, phones, lambda: len(session.actions) >= n + 3, "play goes on")
    no_curtain(app, scene)


def shoot(driver, name: str, size: str, lang: str) -> None:
    """The page in its language and in the other one (switched on the page), fitting."""
    assert fits(driver)
    driver.save_screenshot(str(SHOTS / f"{name}-{size}-{lang}.png"))
    driver.find_element("id", "lang").click()
    other = "ja" if lang == "en" else "en"
    assert driver.execute_script("return document.documentElement.lang") == other
    assert fits(driver)
    driver.save_screenshot(str(SHOTS / f"{name}-{size}-{other}.png"))
    driver.find_element("id", "lang").click()


def targets_are_big(driver) -> bool:
    sizes = driver.execute_script(
        "return Array.from(document.querySelectorAll('#play button')).filter(b => b.offsetParent)"
        ".map(b => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])"
    )
    return all(w >= 44 and h >= 44 for w, h in sizes)


def hosted_phones(game: str, **options):
    """A hosted window of ``game`` (phones for seats 0 and 1, a computer at 2) and the two
    pages joined by their links (360x640 English, 414x896 Japanese)."""
    from game.scenes.lobby.online import hosted_scene

    host = phone_host(game=game, **options)
    port = wait_listening(host)
    app = make_app((1024, 600))
    scene = hosted_scene(app, host, (0, 1))
    app.push(scene)
    pump_app(app, host, lambda: scene.driver.address, "the table listens")
    assert scene.part.phone_cards.seats() == [0, 1]
    links = [phone_url(f"127.0.0.1:{port}", host.code, p, host.phone_tokens[p]) for p in (0, 1)]
    phones = [
        phone_browser.open_phone(links[0], 360, 640, "en"),
        phone_browser.open_phone(links[1], 414, 896, "ja"),
    ]
    table = host.table
    pump_app(app, host, lambda: table.on_phone(0) and table.on_phone(1), "phones joined")
    assert scene.part.phone_cards.seats() == []
    return host, app, scene, phones


def no_curtain(app, scene) -> None:
    from game.scenes.table.handoff import HandoffScene

    assert not any(isinstance(s, HandoffScene) for s in app.stack)
    assert scene.private_player is None


def shoot_when_asked(app, phones, check, name: str) -> None:
    """Play on; each phone, the first time it is asked something, is checked by
    ``check(seat, driver)`` (which may pick a choice by a first tap) and screenshot at
    its size in both languages, then makes its choice. Turns come one seat at a time."""
    done: set[int] = set()
    deadline = time.monotonic() + LIMIT_S
    while len(done) < len(phones):
        assert time.monotonic() < deadline, f"never asked: {set(range(len(phones))) - done}"
        app.step(0.05)
        for p, driver in enumerate(phones):
            info = phone_browser.state(driver)
            if not info.get("legal") or info.get("sending") or not phone_browser.choices(driver):
                continue
            if p not in done:
                check(p, driver)
                size, lang = ("360x640", "en") if p == 0 else ("414x896", "ja")
                shoot(driver, name, size, lang)
                done.add(p)
                driver.refresh()  # the page as a person opens it again: nothing picked
                continue
            phone_browser.make_choice(driver)
        time.sleep(0.005)


def test_verflixxt_with_hats_played_from_two_phones():
    host, app, scene, phones = hosted_phones("verflixxt", variant="hats")
    try:
        session = host.table.session
        seen_multi = False
        deadline = time.monotonic() + LIMIT_S
        while session.state.round_number < 2:
            assert time.monotonic() < deadline, "never: a round of Verflixxt! with hats"
            app.step(0.05)
            for driver in phones:
                info = phone_browser.state(driver)
                if info.get("legal") and not info.get("sending"):
                    found = phone_browser.choices(driver)
                    seen_multi |= any((f.get_attribute("data-plays") or "1") != "1" for f in found)
                    phone_browser.make_choice(driver)
            time.sleep(0.005)
        actors = {p for p, text in session.actions if text.startswith(("draw", "play"))}
        assert {0, 1} <= actors  # both phones turned up and played cards
        assert seen_multi  # a card with several plays: its pawns listed on the phone
        no_curtain(app, scene)

        def check(p, driver):
            view = session.state.view(p).to_dict()
            shown = driver.execute_script(
                "return Array.from(document.querySelectorAll('.vcard')).map(c => c.dataset.card)"
            )
            assert sorted(shown) == sorted(view["hands"][p])  # the hand, as the table has it
            assert (
                driver.execute_script(
                    "return document.querySelectorAll('.chip img[src*=verflixxt_hat]').length"
                )
                >= 2
            )  # both hats, where they are
            assert targets_are_big(driver)
            card = driver.find_elements("css selector", ".vcard.playable")
            if card:
                card[0].click()  # a first tap: picked (or its plays listed)

        shoot_when_asked(app, phones, check, "verflixxt")
        no_curtain(app, scene)
        close_and_reopen(app, host, scene, phones)
    finally:
        for driver in phones:
            if driver is not None:
                driver.quit()
        host.stop(timeout=5)


def test_cluck_played_from_two_phones():
    host, app, scene, phones = hosted_phones("cluck")
    try:
        session = host.table.session
        # the holes at START, then each phone lays a tile (one of them turned over first)
        turned = False
        deadline = time.monotonic() + LIMIT_S
        while session.state.round_number < 2:
            assert time.monotonic() < deadline, "never: a round of Cluck-peep!"
            app.step(0.05)
            for driver in phones:
                info = phone_browser.state(driver)
                if not info.get("legal") or info.get("sending"):
                    continue
                flip = driver.find_elements("css selector", "button.turn")
                if flip and not turned:
                    before = driver.execute_script(
                        "return document.querySelector('.card.tile').dataset.card"
                    )
                    flip[0].click()  # turned over on the phone: the picture turns
                    assert (
                        "turned over"
                        in driver.find_element("css selector", ".card.tile .caption").text
                        or "裏返し"
                        in driver.find_element("css selector", ".card.tile .caption").text
                    )
                    assert before
                    turned = True
                phone_browser.make_choice(driver)
            time.sleep(0.005)
        placed = [(p, text) for p, text in session.actions if text.startswith("place ")]
        assert {0, 1} <= {p for p, _ in placed}
        assert any(text.endswith(" turned") and p in (0, 1) for p, text in placed)
        assert {0, 1} <= {p for p, text in session.actions if text.startswith("hole ")}
        no_curtain(app, scene)

        def check(p, driver):
            hand = session.state.view(p).to_dict()["hands"][p]
            shown = driver.execute_script(
                "return Array.from(document.querySelectorAll('.card.tile'))"
                ".map(c => +c.dataset.card)"
            )
            assert sorted(shown) == sorted(hand)
            assert driver.execute_script(
                "return document.querySelectorAll('.card.tile svg line').length"
            ) >= 5 * len(hand)  # lanes and rungs from the tile data
            assert targets_are_big(driver)
            driver.find_elements("css selector", ".card.tile.playable")[0].click()
            assert driver.find_element("id", "confirm").is_displayed()

        shoot_when_asked(app, phones, check, "cluck")
        no_curtain(app, scene)
        close_and_reopen(app, host, scene, phones)
    finally:
        for driver in phones:
            if driver is not None:
                driver.quit()
        host.stop(timeout=5)
