"""Issue #39, "no coordinates anywhere": every text the phone page shows for a choice is
one the big screen shows too (Duck's tiles 3A/5A and their sides, card and route
numbers, tile numbers, hole numbers, seat names), never a hex's axial coordinates nor an
action's raw notation.

Many seeded positions of every game (all four have phones) (each variant) are played by the
rules at a headless table whose seats are all phones; every message a phone is sent
with choices in it is drawn by the real page in headless Chromium (one page, fed the
messages through its own ``receive``), in English and in Japanese, once as it comes and
once with each choice picked (the confirm line, Duck's route preview in words), and
the page's whole text (its visible text, its aria-labels and titles) is checked.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from game import registry
from game.net.table import Table
from game.session import Session
from tests.net_helpers import RecordingPeer, lobby_options, wait_listening
from tests.scene_helpers import seats
from tools import phone_browser

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(phone_browser.missing() is not None, reason=str(phone_browser.missing())),
]

# a hex's axial coordinates as the notation writes them ("-1,4"), in any spacing or comma
COORDINATE = re.compile(r"-?\d+\s*[,，、]\s*-?\d+")
PER_GAME = 40  # messages kept a game and variant: distinct choice sets, a bound
STEPS = 400  # actions a seeded game is played for, a bound

# every game with phone hands, under each option that changes what a hand holds
TABLES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("duck", 3, {}),
    ("duck", 2, {"variant": "advanced"}),  # two ducks a seat, the hound, the tokens
    ("duck", 4, {"variant": "advanced"}),
    ("verflixxt", 3, {}),
    ("verflixxt", 3, {"variant": "hats", "attack": True}),
    ("cluck", 3, {}),
    ("cluck", 2, {"long_road": True, "runaway": True}),
    ("routes", 3, {}),  # the draft from the phone (issue #39)
    ("routes", 5, {}),
)


def phone_messages(game: str, players: int, options: dict, seed: int) -> Iterator[dict]:
    """The messages a table whose seats are all phones sends them while the rules play
    a seeded game (random legal choices): each a welcome of the seat at that moment."""
    every = tuple(range(players))
    session = Session(
        game, seats(game, every, players, "easy"), seed, lobby_options(game) | options
    )
    table, _owner = Table.new(session, local_seats=every)
    peers = {}
    for p in every:
        peers[p] = RecordingPeer(f"phone{p}")
        assert table.rejoin(peers[p], table.phone_token(p)) == p
    rng = random.Random(seed)
    for _ in range(STEPS):
        state = table.session.state
        if state.is_over():
            break
        p = state.to_act()[0]
        table.apply(p, rng.choice(state.legal_actions(p)))
    welcome = {p: peers[p].sent[0] for p in every}
    for p in every:
        for message in peers[p].sent:
            if message.get("type") in ("welcome", "update") and message.get("legal"):
                yield welcome[p] | message | {"type": "welcome", "seat": p}


def positions() -> list[tuple[str, dict]]:
    out = []
    for game, players, options in TABLES:
        assert registry.get(game).phone_hands
        seen: set[str] = set()
        for seed in (3, 11, 29):
            for message in phone_messages(game, players, options, seed):
                key = json.dumps(sorted(message["legal"]))
                if key not in seen and len(seen) < PER_GAME:
                    seen.add(key)
                    out.append((game, message))
    return out


# The page's whole text for a message, as it comes and with each choice picked in turn
# (for a Verflixxt! card with several plays: the card picked, its plays listed).
SHOWN = """
var P = window.DerbyPhone, m = arguments[0], lang = arguments[1], out = [];
P.setLanguage(lang, false);
P.page.flip = {}; P.page.cardPick = null; P.page.picked = null; P.page.sending = false;
P.receive(m);
function grab(why) {
  var texts = [document.getElementById('play').innerText];
  document.querySelectorAll('#play [aria-label], #play [title], #top').forEach(function (n) {
    texts.push(n.getAttribute('aria-label') || '', n.getAttribute('title') || '', n.innerText || '');
  });
  out.push([why, texts.join('\\n')]);
}
grab('as it comes');
(m.legal || []).forEach(function (a) {
  P.page.picked = a; P.page.cardPick = a.split(' ')[1] || null; P.render(); grab(a);
});
P.page.picked = null; P.page.cardPick = null; P.render();
return out;
"""


@pytest.fixture(scope="module")
def page():
    from game.net.host import HostThread

    session = Session("duck", seats("duck", (0,), 2, "easy"), 1, lobby_options("duck"))
    host = HostThread(
        session, host="127.0.0.1", port=0, autosave=False, local_seats=(0,), phones=(0,)
    )
    host.start()
    port = wait_listening(host)
    driver = phone_browser.open_phone(f"http://127.0.0.1:{port}/phone/", 360, 640)
    try:
        yield driver
    finally:
        driver.quit()
        host.stop(timeout=5)


def test_no_phone_text_has_a_coordinate_or_a_raw_action(page):
    """issue #39: no coordinates anywhere -- every choice text of every game's phone, in
    both languages, for many seeded positions, names places as the big screen does."""
    found = positions()
    games = {game for game, _ in found}
    assert games == {"duck", "verflixxt", "cluck", "routes"}
    kinds = {a.split(" ")[0] for _, m in found for a in m["legal"]}
    assert {"place", "warp", "card", "route", "face", "hound", "hole", "move", "play"} <= kinds
    assert {"A", "B", "C", "D", "chip", "end"} <= kinds
    problems = []
    for game, message in found:
        raw = [a for a in message["legal"] if " " in a]
        for lang in ("en", "ja"):
            for why, text in page.execute_script(SHOWN, message, lang):
                where = f"{game} {lang} seat {message['seat']} ({why})"
                if hit := COORDINATE.search(text):
                    line = text[: hit.end()].rsplit("\n", 1)[-1] + text[hit.end() :].split("\n")[0]
                    problems.append(f"{where}: coordinate in {line!r}")
                problems += [f"{where}: raw action {a!r}" for a in raw if a in text]
    kinds_of = sorted({re.sub(r"seat \d+ \(.*?\)|\d", "", p) for p in problems})
    assert not problems, "\n".join(kinds_of[:30]) + f"\n... {len(problems)} in all"
