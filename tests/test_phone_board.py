"""Issue #39, "choices on a small board": Duck! Duck! Go!'s places are tapped on the tub
drawn on the phone, then the facing on arrows around the chosen place; no list of
places. Headless Chromium over 127.0.0.1 only, every wait bounded (a bound, not a
timing check); the host is pumped headless (no window), both seats phones.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from game.net.host import HostThread
from game.net.phone import phone_url
from game.session import Session
from tests.net_helpers import FAST, lobby_options, wait_listening
from tests.scene_helpers import seats
from tools import phone_browser

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(phone_browser.missing() is not None, reason=str(phone_browser.missing())),
]

LIMIT_S = 60.0
SHOTS = Path(__file__).resolve().parent.parent / "build" / "phone"
COORDINATE = re.compile(r"-?\d+\s*,\s*-?\d+")


def js(driver, expression: str):
    return driver.execute_script(f"var P = window.DerbyPhone; return {expression};")


def until(host, done, what: str) -> None:
    deadline = time.monotonic() + LIMIT_S
    while not done():
        assert time.monotonic() < deadline, f"never: {what}"
        host.pump()
        time.sleep(0.01)


@pytest.mark.parametrize(("width", "height", "lang"), [(360, 640, "en"), (768, 1024, "ja")])
def test_a_duck_is_placed_by_two_taps_on_the_small_board(width, height, lang):
    """issue #39: Duck -- tap a hex, then the facing (arrows around the duck): the tub's
    legal places glow and are the only place choices, each named as the big screen names
    it and at least 44 CSS px across; a place tapped shows the arrows the rules allow
    there; an arrow tapped is the placement the host applies (two taps in all)."""
    session = Session("duck", seats("duck", (0, 1), 2, "easy"), 7, lobby_options("duck"))
    host = HostThread(
        session, host="127.0.0.1", port=0, autosave=False, local_seats=(0, 1), phones=(0, 1)
    )
    host.server.rate = FAST
    host.start()
    phones: list = []
    try:
        port = wait_listening(host)
        for p in (0, 1):
            link = phone_url(f"127.0.0.1:{port}", host.code, p, host.phone_tokens[p])
            phones.append(phone_browser.open_phone(link, width, height, lang))
        table = host.table
        until(host, lambda: table.on_phone(0) and table.on_phone(1), "both phones joined")
        checked = 0
        deadline = time.monotonic() + LIMIT_S
        while checked < 2:
            assert time.monotonic() < deadline, "no placement came to the phones"
            host.pump()
            for seat, driver in enumerate(phones):
                info = phone_browser.state(driver)
                legal = info.get("legal") or []
                places = [a for a in legal if a.startswith("place ")]
                if info.get("sending") or not legal:
                    continue
                if not places:
                    phone_browser.make_choice(driver)
                    continue
                spots = js(
                    driver,
                    "Array.from(document.querySelectorAll('#board .spot'))"
                    ".map(g => [g.getAttribute('data-spot'), g.getAttribute('aria-label'),"
                    " g.getBoundingClientRect().width, g.getBoundingClientRect().height])",
                )
                assert {s for s, *_ in spots} == {a.split()[1] for a in places}
                assert not js(driver, "document.querySelectorAll('#choices button').length")
                for _spot, name, w, h in spots:
                    assert name and not COORDINATE.search(name), name
                    assert w >= 44 and h >= 44, (name, w, h)
                SHOTS.mkdir(parents=True, exist_ok=True)
                driver.save_screenshot(str(SHOTS / f"duck_board_{width}_{lang}_{seat}.png"))
                spot = places[-1].split()[1]
                faces = sorted(a.split()[3] for a in places if a.split()[1] == spot)
                driver.find_element("css selector", f'#board .spot[data-spot="{spot}"]').click()
                shown = js(
                    driver,
                    "Array.from(document.querySelectorAll('#board .face'))"
                    ".map(g => [g.getAttribute('data-face'), g.getBoundingClientRect().width])",
                )
                assert sorted(f for f, _ in shown) == faces
                assert all(w >= 44 for _, w in shown)
                driver.save_screenshot(str(SHOTS / f"duck_facing_{width}_{lang}_{seat}.png"))
                face = faces[-1]
                before = len(table.session.actions)
                driver.find_element("css selector", f'#board .face[data-face="{face}"]').click()
                until(
                    host, lambda n=before: len(table.session.actions) > n, "the placement applied"
                )
                assert table.session.actions[before] == (seat, f"place {spot} face {face}")
                checked += 1
            time.sleep(0.01)
    finally:
        for driver in phones:
            driver.quit()
        host.stop(timeout=5)


def test_a_verflixxt_move_is_two_taps_on_the_strip_of_track():
    """issue #39: Verflixxt! -- tap the pawn on a strip of the track around your pawns,
    the tiles' values shown: the movable pieces are the strip's only move choices, each
    >= 44 px and named by the tile's value; a first tap marks the tile the die reaches,
    a second sends the move, which the host applies."""
    session = Session(
        "verflixxt", seats("verflixxt", (0, 1), 2, "easy"), 3, lobby_options("verflixxt")
    )
    host = HostThread(
        session, host="127.0.0.1", port=0, autosave=False, local_seats=(0, 1), phones=(0, 1)
    )
    host.server.rate = FAST
    host.start()
    phones: list = []
    try:
        port = wait_listening(host)
        for p in (0, 1):
            link = phone_url(f"127.0.0.1:{port}", host.code, p, host.phone_tokens[p])
            phones.append(phone_browser.open_phone(link, 360, 640, ("en", "ja")[p]))
        table = host.table
        until(host, lambda: table.on_phone(0) and table.on_phone(1), "both phones joined")
        checked = 0
        deadline = time.monotonic() + LIMIT_S
        while checked < 3:
            assert time.monotonic() < deadline, "no move came to the phones"
            host.pump()
            for seat, driver in enumerate(phones):
                info = phone_browser.state(driver)
                legal = info.get("legal") or []
                moves = [a for a in legal if a.startswith("move ")]
                if info.get("sending") or not legal:
                    continue
                if not moves:
                    phone_browser.make_choice(driver)
                    continue
                pieces = js(
                    driver,
                    "Array.from(document.querySelectorAll('#board .piece.playable'))"
                    ".map(b => [b.getAttribute('data-action'), b.getAttribute('aria-label'),"
                    " b.getBoundingClientRect().width, b.getBoundingClientRect().height])",
                )
                assert sorted(a for a, *_ in pieces) == sorted(moves)
                assert not js(driver, "document.querySelectorAll('#choices button').length")
                values = js(
                    driver,
                    "Array.from(document.querySelectorAll('#board .vtile .value'))"
                    ".map(v => v.textContent)",
                )
                assert values and all(re.fullmatch(r"[+−±]\d+|\S+", v) for v in values)
                for _action, name, w, h in pieces:
                    assert name and w >= 44 and h >= 44, (name, w, h)
                    assert not re.search(r"square \d|マス \d", name), name
                action = moves[-1]
                button = f'#board .piece[data-action="{action}"]'
                driver.find_element("css selector", button).click()
                assert js(driver, "document.querySelectorAll('#board .vtile.reach').length") == 1
                SHOTS.mkdir(parents=True, exist_ok=True)
                driver.save_screenshot(str(SHOTS / f"verflixxt_strip_{seat}_{checked}.png"))
                before = len(table.session.actions)
                driver.find_element("css selector", button).click()
                until(host, lambda n=before: len(table.session.actions) > n, "the move applied")
                assert table.session.actions[before] == (seat, action)
                checked += 1
            time.sleep(0.01)
    finally:
        for driver in phones:
            driver.quit()
        host.stop(timeout=5)


def _strip_pieces(driver) -> list:
    """The strip's tappable pieces: [action, aria-label, width, height]."""
    return js(
        driver,
        "Array.from(document.querySelectorAll('#board .piece.playable'))"
        ".map(b => [b.getAttribute('data-action'), b.getAttribute('aria-label'),"
        " b.getBoundingClientRect().width, b.getBoundingClientRect().height])",
    )


def test_a_verflixxt_card_play_is_made_by_taps_on_the_strip():
    """issue #39 (PHONE2 item 1): expansion 2's card plays -- after a card with several
    plays is tapped, the pawn it moves is tapped on the strip of the track (no list of
    plays in words): the strip's pieces are exactly that card's plays, each >= 44 px, the
    first tap marks the tile it would reach (named by its value), the second sends, and
    the host applies exactly that play. A hat passed after a move is tapped there too."""
    options = dict(lobby_options("verflixxt"), variant="hats")
    session = Session("verflixxt", seats("verflixxt", (0, 1), 2, "easy"), 5, options)
    host = HostThread(
        session, host="127.0.0.1", port=0, autosave=False, local_seats=(0, 1), phones=(0, 1)
    )
    host.server.rate = FAST
    host.start()
    phones: list = []
    try:
        port = wait_listening(host)
        for p in (0, 1):
            link = phone_url(f"127.0.0.1:{port}", host.code, p, host.phone_tokens[p])
            phones.append(phone_browser.open_phone(link, 360, 640, ("en", "ja")[p]))
        table = host.table
        until(host, lambda: table.on_phone(0) and table.on_phone(1), "both phones joined")
        played = 0
        deadline = time.monotonic() + 2 * LIMIT_S
        while played < 3:
            assert time.monotonic() < deadline, "no card with several plays came to the phones"
            host.pump()
            for seat, driver in enumerate(phones):
                info = phone_browser.state(driver)
                legal = info.get("legal") or []
                if info.get("sending") or not legal:
                    continue
                by_card: dict[str, list[str]] = {}
                for a in legal:
                    if a.startswith("play ") and len(a.split()) >= 3:
                        by_card.setdefault(a.split()[1], []).append(a)
                several = sorted(c for c, plays in by_card.items() if len(plays) > 1)
                hats = [a for a in legal if a.startswith("hat ") and a != "hat keep"]
                if hats:  # the pawns on the mover's tile are the choices on the strip
                    pieces = _strip_pieces(driver)
                    assert sorted(a for a, *_ in pieces) == sorted(hats)
                    action = hats[0]
                elif several:
                    card = several[0]
                    driver.find_element(
                        "css selector", f'.card.playable[data-card="{card}"]'
                    ).click()
                    listed = js(
                        driver,
                        "Array.from(document.querySelectorAll('#choices button'))"
                        ".map(b => b.getAttribute('data-action'))",
                    )
                    assert not [a for a in listed if a.startswith("play ")], listed
                    pieces = _strip_pieces(driver)
                    first_way: dict[str, str] = {}  # the unlucky hat's pawn: fwd, back
                    for a in by_card[card]:
                        first_way.setdefault(a.split()[2], a)
                    assert sorted(a for a, *_ in pieces) == sorted(first_way.values())
                    for _a, name, w, h in pieces:
                        assert name and w >= 44 and h >= 44, (name, w, h)
                    action = pieces[-1][0]
                else:
                    phone_browser.make_choice(driver)
                    continue
                button = f'#board .piece[data-action="{action}"]'
                driver.find_element("css selector", button).click()
                if action.startswith("play "):
                    reach = js(
                        driver,
                        "Array.from(document.querySelectorAll('#board .vtile.reach .value'))"
                        ".map(v => v.textContent)",
                    )
                    assert len(reach) == 1, reach
                    said = js(driver, "document.getElementById('confirm').textContent")
                    assert said.endswith("→ " + reach[0]), (said, reach)
                SHOTS.mkdir(parents=True, exist_ok=True)
                driver.save_screenshot(str(SHOTS / f"verflixxt_card_{seat}_{played}.png"))
                before = len(table.session.actions)
                driver.find_element("css selector", button).click()
                until(host, lambda n=before: len(table.session.actions) > n, "the play applied")
                assert table.session.actions[before] == (seat, action)
                played += action.startswith("play ")
            time.sleep(0.01)
    finally:
        for driver in phones:
            driver.quit()
        host.stop(timeout=5)


def _advanced_verflixxt(seed: int, wanted) -> tuple[Session, int, list[str]]:
    """An expansion-2 game (with attacks) played by seeded random choices until the seat
    to act has legal actions ``wanted`` accepts (a hat to pass, the unlucky hat's two
    ways, an attack)."""
    import random

    options = dict(lobby_options("verflixxt"), variant="hats", attack=True)
    session = Session("verflixxt", seats("verflixxt", (0, 1), 2, "easy"), seed, options)
    rng = random.Random(seed)
    for _ in range(400):
        seat = session.state.to_act()[0]
        legal = session.state.legal_actions(seat)
        texts = [str(a) for a in legal]
        if wanted(texts):
            return session, seat, texts
        session.apply(seat, rng.choice(legal))
    raise AssertionError(f"seed {seed}: the position never came")


def _hat_passed(legal: list[str]) -> bool:
    return any(a.startswith("hat ") and a != "hat keep" for a in legal)


def _two_ways(legal: list[str]) -> bool:
    return any(a.endswith(" back") for a in legal)


def _attacks(legal: list[str]) -> bool:
    return sum(a.startswith("attack ") for a in legal) > 1


@pytest.mark.parametrize(("seed", "wanted"), [(3, _hat_passed), (4, _two_ways), (3, _attacks)])
def test_a_hat_and_the_unlucky_hat_s_way_are_tapped_on_the_strip(seed, wanted):
    """issue #39 (PHONE2 items 1 and 3): the other choices of expansion 2 that are a
    piece are taps on the strip too -- the pawn a hat goes to or comes from (the pawns on
    the mover's tile, 'hat keep' the one button left), and the unlucky hat's pawn: its
    card's forward tile is marked, the backward one tapped picks that way, the pawn tapped
    again sends it; an attack (VX-31) is the tile it is made on, marked with the pair,
    named by the tile's value (never its id), tapped twice; the host applies exactly the
    action tapped."""
    session, seat, legal = _advanced_verflixxt(seed, wanted)
    host = HostThread(
        session, host="127.0.0.1", port=0, autosave=False, local_seats=(0, 1), phones=(0, 1)
    )
    host.server.rate = FAST
    host.start()
    driver = None
    try:
        port = wait_listening(host)
        link = phone_url(f"127.0.0.1:{port}", host.code, seat, host.phone_tokens[seat])
        driver = phone_browser.open_phone(link, 360, 640, "en")
        table = host.table
        until(host, lambda: table.on_phone(seat), "the phone joined")
        until(host, lambda: phone_browser.state(driver).get("legal") == legal, "the choices shown")
        if wanted is _hat_passed:
            hats = [a for a in legal if a.startswith("hat ") and a != "hat keep"]
            assert sorted(a for a, *_ in _strip_pieces(driver)) == sorted(hats)
            listed = js(
                driver,
                "Array.from(document.querySelectorAll('#choices button'))"
                ".map(b => b.getAttribute('data-action'))",
            )
            assert listed == ["hat keep"]
            action = hats[-1]
            piece = f'#board .piece[data-action="{action}"]'
            driver.find_element("css selector", piece).click()
        elif wanted is _attacks:
            attacks = [a for a in legal if a.startswith("attack ")]
            tiles = js(
                driver,
                "Array.from(document.querySelectorAll('#board .vtile.attack'))"
                ".map(v => [v.getAttribute('data-action'), v.getAttribute('aria-label'),"
                " v.getBoundingClientRect().width, v.getBoundingClientRect().height])",
            )
            assert sorted(a for a, *_ in tiles) == sorted(attacks)
            for _a, name, w, h in tiles:
                assert name and not re.search(r"\b[pmnlr][0-9]", name), name
                assert w >= 44 and h >= 44, (name, w, h)
            listed = js(
                driver,
                "Array.from(document.querySelectorAll('#choices button'))"
                ".map(b => b.getAttribute('data-action'))",
            )
            assert not [a for a in listed if a.startswith("attack")], listed
            action = attacks[-1]
            piece = f'#board .vtile[data-action="{action}"]'
            driver.find_element("css selector", piece).click()
            assert js(driver, "P.page.picked") == action
        else:
            back = next(a for a in legal if a.endswith(" back"))
            card, pawn = back.split()[1:3]
            driver.find_element("css selector", f'.card.playable[data-card="{card}"]').click()
            driver.find_element("css selector", f'#board .piece[data-action="{back}"]').click()
            forward = f"play {card} {pawn} fwd"
            assert js(driver, "document.querySelectorAll('#board .vtile.reach').length") == 1
            way = js(
                driver,
                "Array.from(document.querySelectorAll('#board .vtile.way'))"
                ".map(v => v.getAttribute('data-action'))",
            )
            assert way == [forward], way  # the other way's tile picks that way
            driver.find_element("css selector", "#board .vtile.way").click()
            assert js(driver, "P.page.picked") == forward
            action = forward
            piece = f'#board .piece[data-action="{forward}"]'
        SHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SHOTS / f"verflixxt_strip{wanted.__name__}.png"))
        before = len(table.session.actions)
        driver.find_element("css selector", piece).click()
        until(host, lambda: len(table.session.actions) > before, "the choice applied")
        assert table.session.actions[before] == (seat, action)
    finally:
        if driver is not None:
            driver.quit()
        host.stop(timeout=5)


def test_a_chicken_s_hole_is_tapped_on_the_start_row():
    """issue #39: Cluck-peep! -- the chicken's hole on the start row: the free holes are
    the row's targets (>= 44 px, numbered as on the big screen), a hole taken shows its
    chicken and is no target; a hole tapped twice is the choice the host applies."""
    session = Session("cluck", seats("cluck", (0, 1), 2, "easy"), 3, lobby_options("cluck"))
    host = HostThread(
        session, host="127.0.0.1", port=0, autosave=False, local_seats=(0, 1), phones=(0, 1)
    )
    host.server.rate = FAST
    host.start()
    phones: list = []
    try:
        port = wait_listening(host)
        for p in (0, 1):
            link = phone_url(f"127.0.0.1:{port}", host.code, p, host.phone_tokens[p])
            phones.append(phone_browser.open_phone(link, 360, 640, ("en", "ja")[p]))
        table = host.table
        until(host, lambda: table.on_phone(0) and table.on_phone(1), "both phones joined")
        chosen: list[int] = []
        deadline = time.monotonic() + LIMIT_S
        while len(chosen) < 2:
            assert time.monotonic() < deadline, "no hole was asked of the phones"
            host.pump()
            for seat, driver in enumerate(phones):
                info = phone_browser.state(driver)
                holes = [a for a in info.get("legal") or [] if a.startswith("hole ")]
                if info.get("sending") or not holes or seat in chosen:
                    continue
                shown = js(
                    driver,
                    "Array.from(document.querySelectorAll('#board .hole'))"
                    ".map(g => [g.getAttribute('data-action'), g.getAttribute('aria-label'),"
                    " g.getBoundingClientRect().width, g.getBoundingClientRect().height])",
                )
                assert sorted(a for a, *_ in shown) == sorted(holes)
                assert not js(driver, "document.querySelectorAll('#choices button').length")
                for action, name, w, h in shown:
                    assert name.endswith(str(int(action.split()[1]) + 1)) and w >= 44 and h >= 44
                chickens = js(
                    driver,
                    "document.querySelectorAll('#board image[href^=\"sprites/cluck_\"]:not([href*=meadow])').length",
                )
                assert chickens == len(chosen)  # each hole taken shows its chicken
                action = holes[-1]
                target = f'#board .hole[data-action="{action}"]'
                driver.find_element("css selector", target).click()
                SHOTS.mkdir(parents=True, exist_ok=True)
                driver.save_screenshot(str(SHOTS / f"cluck_start_row_{seat}.png"))
                before = len(table.session.actions)
                driver.find_element("css selector", target).click()
                until(host, lambda n=before: len(table.session.actions) > n, "the hole applied")
                assert table.session.actions[before] == (seat, action)
                chosen.append(seat)
            time.sleep(0.01)
    finally:
        for driver in phones:
            driver.quit()
        host.stop(timeout=5)


def test_eight_routes_is_drafted_from_the_phones():
    """issue #39: Eight Routes from the phone -- the lid's dice drawn in their routes'
    colours, a die tapped offers take all / take one, the routes' actions in words; three
    phones draft a whole phase of picks by taps, applied by the host, no coordinate or
    raw notation shown."""
    session = Session("routes", seats("routes", (0, 1, 2), 3, "easy"), 3, lobby_options("routes"))
    host = HostThread(
        session,
        host="127.0.0.1",
        port=0,
        autosave=False,
        local_seats=(0, 1, 2),
        phones=(0, 1, 2),
    )
    host.server.rate = FAST
    host.start()
    phones: list = []
    try:
        port = wait_listening(host)
        for p in (0, 1, 2):
            link = phone_url(f"127.0.0.1:{port}", host.code, p, host.phone_tokens[p])
            phones.append(phone_browser.open_phone(link, 360, 640, ("en", "ja", "en")[p]))
        table = host.table
        until(host, lambda: all(table.on_phone(p) for p in (0, 1, 2)), "the phones joined")
        kinds: set[str] = set()
        deadline = time.monotonic() + LIMIT_S
        while len(table.session.actions) < 12:
            assert time.monotonic() < deadline, f"the draft stalled: {table.session.actions}"
            host.pump()
            for seat, driver in enumerate(phones):
                info = phone_browser.state(driver)
                legal = info.get("legal") or []
                if info.get("sending") or not legal:
                    continue
                assert not phone_browser.coordinates(driver)
                if any(a.split()[0] in ("A", "B") for a in legal):
                    faces = {a.split()[1] for a in legal if a.split()[0] in ("A", "B")}
                    shown = js(
                        driver,
                        "Array.from(document.querySelectorAll('#board .die.playable'))"
                        ".map(d => [d.getAttribute('data-face'), d.getBoundingClientRect().width,"
                        " d.getBoundingClientRect().height])",
                    )
                    assert {f for f, *_ in shown} == faces
                    assert all(w >= 44 and h >= 44 for _, w, h in shown)
                    SHOTS.mkdir(parents=True, exist_ok=True)
                    driver.save_screenshot(str(SHOTS / f"routes_lid_{seat}.png"))
                before = len(table.session.actions)
                if phone_browser.make_choice(driver):
                    until(host, lambda n=before: len(table.session.actions) > n, "applied")
                    kinds.add(table.session.actions[before][1].split()[0])
            time.sleep(0.01)
        assert kinds & {"A", "B"}, kinds
        assert {p for p, _ in table.session.actions} == {0, 1, 2}
    finally:
        for driver in phones:
            driver.quit()
        host.stop(timeout=5)


def test_a_road_tile_is_turned_and_laid_on_the_ladder_s_free_row():
    """issue #39: Cluck-peep! -- the ladder's free row with the tile turned as it would
    lie: a hand tile tapped shows in the free row, the free row tapped turns it over,
    "Lay it here" lays it as shown (the host applies that tile, that way up)."""
    session = Session("cluck", seats("cluck", (0, 1), 2, "easy"), 5, lobby_options("cluck"))
    host = HostThread(
        session, host="127.0.0.1", port=0, autosave=False, local_seats=(0, 1), phones=(0, 1)
    )
    host.server.rate = FAST
    host.start()
    phones: list = []
    try:
        port = wait_listening(host)
        for p in (0, 1):
            link = phone_url(f"127.0.0.1:{port}", host.code, p, host.phone_tokens[p])
            phones.append(phone_browser.open_phone(link, 360, 640, ("en", "ja")[p]))
        table = host.table
        until(host, lambda: table.on_phone(0) and table.on_phone(1), "both phones joined")
        laid = 0
        deadline = time.monotonic() + LIMIT_S
        while laid < 2:
            assert time.monotonic() < deadline, "no tile was asked of the phones"
            host.pump()
            for seat, driver in enumerate(phones):
                info = phone_browser.state(driver)
                legal = info.get("legal") or []
                places = [a for a in legal if a.startswith("place ")]
                if info.get("sending") or not legal:
                    continue
                if not places:
                    phone_browser.make_choice(driver)
                    continue
                tile = places[-1].split()[1]
                driver.find_element("css selector", f'.card.playable[data-card="{tile}"]').click()
                free = "#board .freerow"
                assert (
                    js(driver, f"document.querySelector('{free}').getAttribute('data-turn')")
                    == tile
                )
                shown = js(driver, "P.page.flip[" + tile + "] ? 'turned' : 'up'")
                driver.find_element("css selector", free).click()  # turned over in the free row
                now = "turned" if shown == "up" else "up"
                assert js(driver, "P.page.flip[" + tile + "] ? 'turned' : 'up'") == now
                lay = js(
                    driver, "document.querySelector('#board .lay').getAttribute('data-action')"
                )
                assert lay == f"place {tile} {now}"
                SHOTS.mkdir(parents=True, exist_ok=True)
                driver.save_screenshot(str(SHOTS / f"cluck_ladder_{seat}_{laid}.png"))
                if f"place {tile} {now}" not in legal:  # that way up is not allowed here
                    driver.find_element("css selector", free).click()
                    now = shown
                before = len(table.session.actions)
                driver.find_element("css selector", "#board .lay").click()
                until(host, lambda n=before: len(table.session.actions) > n, "the tile applied")
                assert table.session.actions[before] == (seat, f"place {tile} {now}")
                laid += 1
            time.sleep(0.01)
    finally:
        for driver in phones:
            driver.quit()
        host.stop(timeout=5)


def _advanced_duck(players: int, seed: int, kind: str) -> tuple[Session, int, list[str]]:
    """An advanced Duck game (the hound and its tokens) played by seeded random choices
    until a person's seat (0 or 1) may play its ``kind`` token ("ghost", "become")."""
    import random

    options = dict(lobby_options("duck"), variant="advanced")
    session = Session("duck", seats("duck", (0, 1), players, "easy"), seed, options)
    rng = random.Random(seed)
    for _ in range(800):
        seat = session.state.to_act()[0]
        legal = session.state.legal_actions(seat)
        texts = [str(a) for a in legal]
        if seat in (0, 1) and any(a.startswith(kind + " ") for a in texts):
            return session, seat, texts
        session.apply(seat, rng.choice(legal))
    raise AssertionError(f"seed {seed}: no {kind} token came")


@pytest.mark.parametrize(
    ("players", "seed", "kind", "lang"),
    [(2, 2, "ghost", "en"), (4, 1, "become", "ja"), (2, 4, "become", "en")],
)
def test_a_duck_s_ghost_or_hound_token_is_a_tap_on_the_tub(players, seed, kind, lang):
    """issue #39 (PHONE3 item 2): Duck's "Ghost" and "Become the hound" (advanced game)
    name no duck by number any more: the ducks they may go to glow on the tub, each named
    as the big screen names it (its seat's name; with two ducks a seat, which of the
    two), at least 44 CSS px; the list keeps no button of theirs; a duck tapped, then
    tapped again, is exactly the action the host applies."""
    session, seat, legal = _advanced_duck(players, seed, kind)
    host = HostThread(
        session, host="127.0.0.1", port=0, autosave=False, local_seats=(0, 1), phones=(0, 1)
    )
    host.server.rate = FAST
    host.start()
    driver = None
    try:
        port = wait_listening(host)
        link = phone_url(f"127.0.0.1:{port}", host.code, seat, host.phone_tokens[seat])
        driver = phone_browser.open_phone(link, 360, 640, lang)
        table = host.table
        until(host, lambda: table.on_phone(seat), "the phone joined")
        until(host, lambda: phone_browser.state(driver).get("legal") == legal, "the choices shown")
        tokens = sorted(a for a in legal if a.startswith(kind + " "))
        ducks = js(
            driver,
            f"Array.from(document.querySelectorAll('.duck-pick[data-kind=\"{kind}\"] .duck-spot'))"
            ".map(g => [g.getAttribute('data-action'), g.getAttribute('aria-label'),"
            " g.getBoundingClientRect().width, g.getBoundingClientRect().height])",
        )
        assert sorted(a for a, *_ in ducks) == tokens
        name = session.seats[seat].name
        for _a, label, w, h in ducks:
            assert name in label and not re.search(r"\d\s*,\s*-?\d", label), label
            assert w >= 44 and h >= 44, (label, w, h)
        if players == 2:  # two ducks a seat: the two labels differ
            assert len({label for _a, label, *_ in ducks}) == len(ducks)
        listed = js(
            driver,
            "Array.from(document.querySelectorAll('#choices button'))"
            ".map(b => b.getAttribute('data-action'))",
        )
        assert not [a for a in listed if a.startswith(kind + " ")], listed
        text = js(driver, "document.body.innerText")
        assert not re.search(r"(Ghost|Become the hound): duck \d|アヒル\s*\d", text), text
        action = tokens[-1]
        spot = f'.duck-pick .duck-spot[data-action="{action}"]'
        driver.find_element("css selector", spot).click()
        assert js(driver, "P.page.picked") == action
        SHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SHOTS / f"duck_{kind}_{players}p_{lang}.png"))
        before = len(table.session.actions)
        driver.find_element("css selector", spot).click()
        until(host, lambda: len(table.session.actions) > before, "the token played")
        assert table.session.actions[before] == (seat, action)
    finally:
        if driver is not None:
            driver.quit()
        host.stop(timeout=5)
