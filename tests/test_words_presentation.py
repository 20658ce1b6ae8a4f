"""The words on the tables (issue #27, publisher-grade presentation): one label of a
round per language in every game's header, log and banner; every game names its rules
in the header, the base game too; no log line reads a number into a seat's name ("Player
1 5"); no hint says a word or a sentence twice, in any decision of a random game."""

from __future__ import annotations

import itertools
import random
import re
import time

import pygame
import pytest

from game.ai import make_bot
from game.scenes.table.frame import Hint, LogDivider
from game.screenshot import fast_forward
from game.session import Session
from game.ui.i18n import LANGUAGES, Translator, namespace
from tests.scene_helpers import LANGS, key, make_app, motion, push_game, seats
from tests.test_tables_at_every_size import MOMENTS, VARIANTS, _record

GAMES = list(VARIANTS)

pytestmark = pytest.mark.usefixtures("quick_bots")  # computers act at once

# a round named in a catalog string other than the two labels: "Round {n}", "round {n}",
# 第{n}ラウンド, ラウンド {n}, ラウンド{n}
_ROUND_WORDS = re.compile(r"round \{|第\{[a-z_]+\}ラウンド|ラウンド ?\{", re.IGNORECASE)


def _scene_at(app, game: str, variant: int, moment: str):
    record, seats_ = _record(game, variant, moment)
    scene = app.router.table(game)(app, Session.from_record(record, seats_))
    app.stack.clear()
    app.push(scene)
    fast_forward(scene, 0)
    return scene


def _labels(t: Translator) -> set[str]:
    return {t.round(n) for n in range(1, 80)} | {
        t.round(n, total) for total in range(1, 40) for n in range(1, total + 1)
    }


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_round_has_one_label_in_each_language(lang):
    """Issue #27: "Round 5", "Round 1 of 4" and "Round 4 of 8" (第5ラウンド, 第3ラウンド(全4),
    ラウンド 5 / 8) were three forms; now the two labels of app.yaml are the only
    strings of any catalog that name a round by its number (the others take the label)."""
    t = Translator(lang)
    assert t.round(3) == t("app.frame_round", n=3)
    assert t.round(3, 8) == t("app.frame_round_of", n=3, total=8)
    labels = {"app.frame_round", "app.frame_round_of"}
    from game.ui.i18n import I18N_DIR

    others = {}
    for path in sorted((I18N_DIR / lang).glob("*.yaml")):
        for k, text in namespace(lang, path.stem).items():
            if k not in labels and isinstance(text, str) and _ROUND_WORDS.search(text):
                others[k] = text
    assert not others, others


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_game_header_and_log_use_the_round_labels_and_name_the_rules(game, lang):
    """Issue #27: each game's header pill and log dividers are the round labels, and the
    header's right-hand label names the variant (the base game too) at the start, in a
    round and at the end, for the smallest and the largest player counts."""
    app = make_app((1280, 720), lang)
    try:
        labels = _labels(app.t)
        for variant in range(len(VARIANTS[game])):
            for moment in MOMENTS:
                scene = _scene_at(app, game, variant, moment)
                header = scene.game.seats.header()
                where = f"{game} {VARIANTS[game][variant]} {moment}"
                assert header.round in labels, (where, header.round)
                assert header.variant.strip(), f"{where}: no rules in the header"
                dividers = [e for e in scene.log if isinstance(e, LogDivider)]
                assert dividers, where
                assert all(str(d) in labels for d in dividers), (where, dividers)
    finally:
        pygame.quit()


def _played_events(game: str, players: int, options: dict, seed: int) -> list:
    session = Session(game, seats(game, {0}, players, "easy"), seed, dict(options))
    bot, rng = make_bot(game, "easy"), random.Random(seed)
    state = session.state
    events = list(state.opening_events)
    while not state.is_over():
        p = state.to_act()[0]
        events += session.apply(p, bot.choose(state.view(p), p, rng))
    return events


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_no_log_line_reads_a_number_into_a_name(game, lang):
    """Issue #27: Eight Routes' log said "P1 27" (read as "P127"): a seat's name is
    never followed straight by a number, in any line of a whole game's log (the seats
    are "P1", "P2", … here, the hardest case), in all four games and both languages."""
    app = make_app((1280, 720), lang)
    try:
        bad = []
        for players, options in (VARIANTS[game][0], VARIANTS[game][-1]):
            events = _played_events(game, players, options, 11)
            scene = push_game(app, game, (0,), players, 11, dict(options), "easy")
            names = [scene.seat_name(p) for p in range(players)]
            assert all(re.search(r"\d$", n) for n in names)  # the hard case indeed
            glued = re.compile(
                "(" + "|".join(re.escape(n) for n in names) + r")\s*[+\-−]?\d", re.UNICODE
            )
            lines = [scene.describe(e) for e in events]
            bad += [line for line in lines if line and glued.search(line)]
            assert sum(1 for line in lines if line) > 10
        assert not bad, bad[:10]
    finally:
        pygame.quit()


def _hint_words(hint) -> str:
    return " ".join(p for p in Hint.of(hint).parts() if p) if isinstance(hint, Hint) else hint


def said_twice(text: str) -> list[str]:
    """A word twice in a row within a clause ("nothing nothing", "clover → clover"), or
    a sentence whose words another sentence already says ("… moves nothing. nothing
    moves")."""
    problems = []
    for clause in re.split(r"[.。!?！？:：]", text.lower()):
        words = re.findall(r"\w+", clause)
        problems += [f"{a} {b}" for a, b in itertools.pairwise(words) if a == b and not a.isdigit()]
    sentences = [set(re.findall(r"\w+", s)) for s in re.split(r"[.。!?！？]", text.lower())]
    sentences = [words for words in sentences if words]
    for i, words in enumerate(sentences):
        others = [other for j, other in enumerate(sentences) if j != i]
        if words in others or (len(words) >= 2 and any(words <= other for other in others)):
            problems.append(f"said again: {' '.join(sorted(words))}")
    return problems


def test_said_twice_finds_what_it_is_for():
    assert said_twice("Your orange 0: a 0 moves nothing. nothing moves")
    assert said_twice("Your orange 0: a 0 moves nothing nothing.")
    assert said_twice("guardian 3: clover → clover")
    assert said_twice("Roll. Roll.")
    assert not said_twice("Move a pawn or a guardian. Guardian 3 moves 2 forward.")


def _hints_of_a_game(app, game: str, players: int, options: dict, seed: int) -> dict:
    """Every hint the bar shows along a random game played by seat 1: at each decision
    as it opens, with the mouse over each control (its preview), after each step
    control (a card picked first) and over the controls that step shows."""
    scene = push_game(app, game, (0,), players, seed, dict(options), "easy")
    rng = random.Random(seed)
    seen: dict[str, str] = {}

    def look(where: str) -> None:
        seen.setdefault(_hint_words(scene.frame.hint_text()), where)

    def hover_all(prefix: str) -> None:
        for c in list(scene.game.controls.offered()):
            rect = getattr(c, "rect", None)
            if rect is not None:
                motion(app, rect.center)
                app.step(0.01)
                look(f"{prefix} hover {c.key}")

    decisions = 0
    for _ in range(6000):
        if scene.state.is_over() or decisions >= 60:
            break
        app.step(0.1)
        if app.top is not scene:
            key(app, pygame.K_RETURN)
            continue
        p = scene.sharing.deciding()
        if p is None:
            time.sleep(0.002)  # a computer decides on its own thread, in real time
            continue
        decisions += 1
        look("open")
        hover_all("open")
        steps = [
            c
            for c in scene.game.controls.offered()
            if c.action is None and getattr(c, "rect", None) is not None
        ]
        for c in steps[:3]:
            motion(app, c.rect.center)
            app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=c.rect.center, button=1))
            app.step(0.01)
            look(f"step {c.key}")
            hover_all(f"step {c.key}")
            key(app, pygame.K_BACKSPACE)
            app.step(0.01)
        if scene.sharing.deciding() == p:
            scene.act(p, rng.choice(scene.state.legal_actions(p)))
    assert decisions >= 4, f"{game}: only {decisions} decisions"
    return seen


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_no_hint_says_a_word_or_a_sentence_twice(game, lang):
    """Issue #27: Verflixxt!'s bar said "Your orange 0: a 0 moves nothing. nothing
    moves" and previews "guardian 3: clover → clover". Every hint of every decision
    of random games (the smallest and the largest table, each control looked at)
    says each thing once."""
    app = make_app((1280, 720), lang)
    try:
        bad = {}
        for seed, (players, options) in enumerate((VARIANTS[game][0], VARIANTS[game][-1]), 5):
            seen = _hints_of_a_game(app, game, players, options, seed)
            bad.update({h: w for h, w in seen.items() if said_twice(h)})
            assert all("…" not in h for h in seen), [h for h in seen if "…" in h]
        assert not bad, list(bad.items())[:10]
    finally:
        pygame.quit()


JOIN_GAMES = [("cluck", 3), ("duck", 3), ("routes", 4), ("verflixxt", 3)]


@pytest.mark.parametrize("game,players", JOIN_GAMES, ids=[g for g, _ in JOIN_GAMES])
def test_a_joiner_sees_the_welcome_as_it_is_from_the_first_frame(game, players):
    """Issue #27: for ~2 s after "Sit here" the joiner saw the opening played again from
    an empty table (another seat's turn in the header, no tile counts) and its log told
    the setup twice. Now (a host on 127.0.0.1, a client at seat 2 of a fresh table) the
    first frame shows whose turn the welcome says and the counts of the view, which the
    table keeps while nothing happens, and the log tells each opening event once."""
    from game.net.host import HostThread
    from game.scenes.lobby.online import client_scene
    from tests.net_helpers import lobby_options, start_host, wait_listening
    from tests.scene_helpers import BOT_SEED
    from tests.test_online_scenes import join

    session = Session(
        game, seats(game, {0, 1}, players, "easy"), 7, lobby_options(game), bot_seed=BOT_SEED
    )
    host: HostThread = start_host(session, local=(0,))
    client = None
    try:
        wait_listening(host)
        client, mirror = join(host, 1, "Ann")
        assert mirror.n == 0 and mirror.seat == 1
        app = make_app((1024, 600))
        scene = client_scene(app, client, mirror)
        app.push(scene)
        app.step(1 / 30)
        first = scene.game.seats.header()
        keys = [scene.game.seats.seat(p).key for p in range(players)]
        assert not scene.player.busy() and not scene.player.events
        assert first.who == (mirror.to_act[0] if len(mirror.to_act) == 1 else None)
        opening = [
            line
            for e in (mirror.events or mirror.view.opening_events)
            if e.seen_by(1) and (line := scene.describe(e))
        ]
        lines = [str(entry) for entry in scene.log if not isinstance(entry, LogDivider)]
        assert lines == opening, (lines, opening)
        for _ in range(60):  # the host is not pumped: nothing happens at the table
            app.step(1 / 30)
            assert scene.game.seats.header() == first
            assert [scene.game.seats.seat(p).key for p in range(players)] == keys
        assert [str(e) for e in scene.log if not isinstance(e, LogDivider)] == lines
    finally:
        if client is not None:
            client.stop()
        host.stop()
        pygame.quit()
