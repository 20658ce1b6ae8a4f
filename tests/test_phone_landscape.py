"""Issue #39, "portrait and landscape": every game's small board on a phone held sideways
(640x360) and a tablet held sideways (1024x768) -- nothing wider than the screen, every
target at least 44 CSS px either way, and the board's targets really under the finger
(the point at a target's centre, once it is scrolled into sight, is that target, not
something drawn over it). Headless Chromium over 127.0.0.1 only, every wait bounded (a
bound, not a timing check); the host is pumped headless, both seats phones.
"""

from __future__ import annotations

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

LIMIT_S = 90.0  # a bound on the wait, not a timing check
SHOTS = Path(__file__).resolve().parent.parent / "build" / "phone"
# the small board's targets, per game (Cluck-peep!'s ladder row is a target too)
BOARD = {
    "duck": "#board .spot",
    "verflixxt": "#board .piece.playable",
    "cluck": "#board .hole, #board .freerow",
    "routes": "#board .die.playable",
}
# every target a person may tap on the page
TARGETS = (
    "button:not([disabled]), #board .spot, #board .face, #board .hole, #board .freerow,"
    " #board [role=button]"
)
MEASURE = """
var W = window.innerWidth, out = {wide: [], small: [], covered: [], below: []};
window.scrollTo(0, 0);
var board = document.getElementById('board').getBoundingClientRect();
if (arguments[2] && board.bottom > window.innerHeight + 1) out.below.push(board.bottom);
if (document.documentElement.scrollWidth > W + 1) out.wide.push('page ' + document.documentElement.scrollWidth);
Array.from(document.querySelectorAll('#play > *')).forEach(function (e) {
  if (e.hidden || !e.offsetParent) return;
  var r = e.getBoundingClientRect();
  if (r.right > W + 1 || r.left < -1) out.wide.push((e.id || e.className) + ' ' + r.left + '..' + r.right);
});
Array.from(document.querySelectorAll(arguments[0])).forEach(function (e) {
  var r = e.getBoundingClientRect();
  if (!r.width && !r.height) return;
  if (r.width < 44 || r.height < 44) out.small.push([e.getAttribute('data-action') || e.textContent.slice(0, 30), r.width, r.height]);
});
Array.from(document.querySelectorAll(arguments[1])).forEach(function (e) {
  e.scrollIntoView({block: 'center', inline: 'center'});
  var r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  var hit = document.elementFromPoint(x, y);
  if (!hit || !(hit === e || e.contains(hit))) out.covered.push([e.getAttribute('data-action') || e.getAttribute('data-spot') || '?', hit ? (hit.id || hit.className.baseVal || hit.className || hit.tagName) : null]);
});
window.scrollTo(0, 0);
return out;
"""


@pytest.mark.parametrize("game", ["duck", "verflixxt", "cluck", "routes"])
@pytest.mark.parametrize(("width", "height"), [(640, 360), (1024, 768)])
def test_every_small_board_fits_a_landscape_screen(game, width, height):
    """issue #39 (PHONE2 item 2): portrait and landscape -- sideways on a phone and a
    tablet, each game's small board shows whole (nothing past the screen's side), every
    target is >= 44 px and the board's targets are not covered by anything; on the tablet
    the whole board is in sight without scrolling; the choice is then made by taps, and
    the host applies it."""
    whole = height >= 600  # a tablet: the small board whole in sight, unscrolled
    people = (0, 1, 2) if game == "routes" else (0, 1)  # Eight Routes is for 3-5
    session = Session(game, seats(game, people, len(people), "easy"), 7, lobby_options(game))
    host = HostThread(
        session, host="127.0.0.1", port=0, autosave=False, local_seats=people, phones=people
    )
    host.server.rate = FAST
    host.start()
    phones: list = []
    try:
        port = wait_listening(host)
        for p in people:
            link = phone_url(f"127.0.0.1:{port}", host.code, p, host.phone_tokens[p])
            phones.append(phone_browser.open_phone(link, width, height, ("en", "ja")[p % 2]))
        table = host.table
        deadline = time.monotonic() + LIMIT_S
        while not all(table.on_phone(p) for p in people):
            assert time.monotonic() < deadline, "the phones never joined"
            host.pump()
            time.sleep(0.01)
        checked = 0
        while checked < 2:
            assert time.monotonic() < deadline, f"{game}: no small board came to the phones"
            host.pump()
            for seat, driver in enumerate(phones):
                info = phone_browser.state(driver)
                if info.get("sending") or not info.get("legal"):
                    continue
                shown = driver.execute_script(
                    "return document.querySelectorAll(arguments[0]).length;", BOARD[game]
                )
                if shown:
                    found = driver.execute_script(MEASURE, TARGETS, BOARD[game], whole)
                    SHOTS.mkdir(parents=True, exist_ok=True)
                    name = f"landscape_{game}_{width}x{height}_{seat}_{checked}.png"
                    driver.save_screenshot(str(SHOTS / name))
                    assert found == {"wide": [], "small": [], "covered": [], "below": []}, (
                        name,
                        found,
                    )
                    checked += 1
                before = len(table.session.actions)
                if phone_browser.make_choice(driver) and shown:
                    stop = time.monotonic() + LIMIT_S
                    while len(table.session.actions) <= before:
                        assert time.monotonic() < stop, f"{game}: the tapped choice never applied"
                        host.pump()
                        time.sleep(0.01)
            time.sleep(0.01)
    finally:
        for driver in phones:
            driver.quit()
        host.stop(timeout=5)
