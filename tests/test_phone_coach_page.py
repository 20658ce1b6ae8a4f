"""Issue #40, "the coach on a phone", on the real page: at a phone seat's decision the page
has a Coach control; tapped, the host's answer is shown in the page's language -- the
pick, why, what was measured, the alternatives ranked -- and the pick is shown on the
small board as the person's own first tap would show it; another option tapped is shown
instead, and the pick tapped on the board plays it. All four games, headless Chromium
over 127.0.0.1 only, every wait bounded (a bound, not a timing check).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from game.ai.coach_words import lines
from game.net.host import HostThread
from game.net.phone import phone_url
from game.session import Session
from game.ui.i18n import Translator
from tests.net_helpers import FAST, lobby_options, wait_listening
from tests.scene_helpers import seats
from tools import phone_browser

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(phone_browser.missing() is not None, reason=str(phone_browser.missing())),
]

LIMIT_S = 90.0
SHOTS = Path(__file__).resolve().parent.parent / "build" / "phone"

# game -> (players, options, the decision asked about: a word its legal moves start with)
GAMES = {
    "duck": (2, {}, "place"),
    "verflixxt": (2, {"variant": "hats"}, "play"),
    "cluck": (2, {}, "hole"),
    "routes": (3, {}, "A"),
}


def js(driver, expression: str):
    return driver.execute_script(f"var P = window.DerbyPhone; return {expression};")


def until(host, done, what: str) -> None:
    deadline = time.monotonic() + LIMIT_S
    while not done():
        assert time.monotonic() < deadline, f"never: {what}"
        host.pump()
        time.sleep(0.01)


def _host(game: str) -> HostThread:
    players, options, _word = GAMES[game]
    chosen = {**lobby_options(game), **options}
    people = tuple(range(players))
    session = Session(game, seats(game, people, players, "easy"), 7, chosen)
    host = HostThread(
        session, host="127.0.0.1", port=0, autosave=False, local_seats=people, phones=(0,)
    )
    host.server.rate = FAST
    return host.start()


def _to_decision(host: HostThread, word: str) -> None:
    """The others (and seat 0, where its move is not the one asked about) play their
    first legal move at the host until seat 0 chooses among several ``word`` moves."""
    session = host.table.session
    deadline = time.monotonic() + LIMIT_S
    while True:
        assert time.monotonic() < deadline, f"seat 0 never chose a {word}"
        state = session.state
        to_act = state.to_act()
        mine = [str(a) for a in state.legal_actions(0)] if 0 in to_act else []
        if sum(1 for a in mine if a.split()[0] == word) > 1:
            return
        p = next(q for q in to_act if q != 0) if any(q != 0 for q in to_act) else 0
        host.apply(p, state.legal_actions(p)[0])
        host.pump()


@pytest.mark.parametrize(
    ("game", "lang"), [("duck", "en"), ("verflixxt", "ja"), ("cluck", "en"), ("routes", "ja")]
)
def test_the_coach_on_the_phone_shows_the_pick_on_the_small_board(game, lang):
    """issue #40 coach on a phone: Coach tapped at the decision shows the hard
    computer's say in the page's language and the pick on the small board; the seat is
    marked; another option tapped is shown instead; the pick's words name no
    coordinate."""
    host = _host(game)
    driver = None
    try:
        port = wait_listening(host)
        _to_decision(host, GAMES[game][2])
        link = phone_url(f"127.0.0.1:{port}", host.code, 0, host.phone_tokens[0])
        driver = phone_browser.open_phone(link, 360, 640, lang)
        table, session = host.table, host.table.session
        until(host, lambda: table.on_phone(0), "the phone joined")
        until(host, lambda: js(driver, "!!document.getElementById('coach-ask')"), "Coach shown")
        assert session.coached == set()  # shown, not asked: nothing marked
        n = len(session.actions)
        driver.find_element("css selector", "#coach-ask").click()
        until(host, lambda: js(driver, "!!(P.page.coach && P.page.coach.n === P.page.n)"), "says")
        assert session.coached == {0}
        # what the host's search found (a Duck! search may stop on its clock guard under
        # load, so it is not searched again here: tests/test_phone_coach.py checks the
        # search is the coach's on the seat's view)
        expected = table.coach.kept(0, n)
        assert expected is not None and expected.step == n and expected.seat == 0
        said = js(driver, "P.page.coach.lines")
        assert said == lines(Translator(lang), expected)
        shown = js(
            driver, "Array.from(document.querySelectorAll('#coach p')).map(p => p.textContent)"
        )
        assert shown[0] == said[0]  # the pick, first
        options = js(
            driver,
            "Array.from(document.querySelectorAll('#coach [data-coach]'))"
            ".map(b => b.getAttribute('data-coach'))",
        )
        pick = str(expected.pick.action)
        assert options == [pick, *(str(o.action) for o in expected.alternatives())]
        assert js(driver, "P.page.coachShown") == pick
        if game == "duck":  # a place: the tub's spot chosen and the coach's arrow marked
            spot, face = pick.split()[1], pick.split()[3]
            assert js(driver, "P.page.spot") == spot
            marked = js(
                driver,
                "Array.from(document.querySelectorAll('#board .face.coached'))"
                ".map(g => g.getAttribute('data-face'))",
            )
            assert marked == [face]
        elif game == "routes":  # a die of the lid picked, its ways offered
            assert js(driver, "P.page.dieFace") == pick.split()[1]
            assert js(driver, "P.page.picked") == pick
        else:
            assert js(driver, "P.page.picked") == pick
        assert not phone_browser.coordinates(driver)
        SHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SHOTS / f"coach_{game}_{lang}.png"))
        js(driver, "document.getElementById('coach').scrollIntoView({block: 'start'})")
        driver.save_screenshot(str(SHOTS / f"coach_{game}_{lang}_panel.png"))
        if len(options) > 1:
            driver.find_element("css selector", f'#coach [data-coach="{options[1]}"]').click()
            assert js(driver, "P.page.coachShown") == options[1]
            assert (
                js(driver, "document.querySelector('#coach .picked').getAttribute('data-coach')")
                == options[1]
            )
        assert not phone_browser.coordinates(driver)
    finally:
        if driver is not None:
            driver.quit()
        host.stop(timeout=5)


def test_the_coachs_pick_is_played_by_a_second_tap_on_it():
    """issue #40 coach on a phone: the page switched to the other language shows the same
    say in it (kept for the decision: no second search); the pick shown on the small
    board is the person's first tap, and a second tap on it plays exactly that move
    (Cluck-peep!'s hole)."""
    host = _host("cluck")
    driver = None
    try:
        port = wait_listening(host)
        _to_decision(host, "hole")
        link = phone_url(f"127.0.0.1:{port}", host.code, 0, host.phone_tokens[0])
        driver = phone_browser.open_phone(link, 360, 640, "en")
        table, session = host.table, host.table.session
        until(host, lambda: js(driver, "!!document.getElementById('coach-ask')"), "Coach shown")
        driver.find_element("css selector", "#coach-ask").click()
        until(host, lambda: js(driver, "!!(P.page.coach && P.page.coach.n === P.page.n)"), "says")
        pick = js(driver, "P.page.coachShown")
        english = js(driver, "P.page.coach.lines")
        # the page switched to Japanese: the same say in Japanese, kept by the host for
        # this decision (no second search)
        driver.find_element("css selector", "#lang").click()
        until(host, lambda: js(driver, "P.page.coach && P.page.coach.lines[0]") != english[0], "ja")
        assert js(driver, "P.page.coach.options[0].action") == pick
        assert table.coach.searches == 1
        japanese = js(driver, "P.page.coach.lines")
        assert japanese == lines(Translator("ja"), table.coach.kept(0, len(session.actions)))
        assert js(driver, "P.page.coachShown") == pick
        before = len(session.actions)
        driver.find_element("css selector", f'[data-action="{pick}"]').click()
        until(host, lambda: len(session.actions) > before, "the pick played")
        assert session.actions[before] == (0, pick)
        assert table.session.coached == {0}
    finally:
        if driver is not None:
            driver.quit()
        host.stop(timeout=5)
