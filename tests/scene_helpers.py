"""Driving a game scene under the dummy video driver, written once for the scene tests:
an app, seats and a game on top of it, synthetic mouse and key events, stepping until
something happens, and the checks every table's layout and log must pass."""

from __future__ import annotations

import functools
import random
import time

import pygame

from game import registry
from game.ai import make_bot
from game.app import App
from game.scenes.table.handoff import HandoffScene
from game.session import Seat, Session
from game.settings import Settings

# The window sizes and languages every screen is checked at (the text layout tests)
SIZES = [(1024, 600), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440)]
LANGS = ["en", "ja"]
# issue #27: the text size setting (Normal, Large, Larger) at every size the layout tests
# check: Normal at each, Large at the tightest window, Larger at two common ones
SIZED = [(size, 1.0) for size in SIZES] + [
    ((1024, 600), 1.2),
    ((1280, 720), 1.4),
    ((1920, 1080), 1.4),
]


def sized_id(case) -> str:
    (w, h), text = case
    return f"{w}x{h}" if text == 1.0 else f"{w}x{h}-text{text:g}"


def make_app(size=(1280, 720), lang="en") -> App:
    app = App(size=size, lang=lang, settings=Settings(), persist=False)
    app.settings.animation_speed = 4.0
    return app


def seats(game_id: str, humans, players: int, level: str) -> list[Seat]:
    """ "P1", "P2", ... with the game's characters in order: people at ``humans``, the
    other seats computers at ``level``."""
    characters = registry.get(game_id).characters
    return [
        Seat(f"P{i + 1}", characters[i].key, human=i in humans, level=level) for i in range(players)
    ]


def push_resumed_game(app, game_id: str, seats_: list[Seat], seed: int, options: dict, rounds: int):
    """A game played by easy computer seats until round ``rounds``, saved as a record,
    resumed from it (as the Resume screen does) and pushed at its own scene."""
    first = Session(game_id, seats_, seed, options)
    bot, rng = make_bot(game_id, "easy"), random.Random(2)
    while first.state.round_number < rounds:
        p = first.state.to_act()[0]
        first.apply(p, bot.choose(first.state.view(p), p, rng))
    resumed = Session.from_record(first.record(), first.seats, bot_seed=BOT_SEED)
    app.settings.animation_speed = 4.0
    scene = app.router.table(game_id)(app, resumed)
    app.push(scene)
    return scene


# The computer players' seed of every test game, so their choices (and fast_forward's)
# are the same every run. A constant of its own: the app never derives the bots' chance
# from the game's seed (issue #18), and neither do the tests.
BOT_SEED = 2024


def push_game(app, game_id: str, humans, players: int, seed: int, options: dict, level: str):
    """A new game at its own scene, on top of the app (as the lobby starts one)."""
    session = Session(
        game_id, seats(game_id, humans, players, level), seed, options, bot_seed=BOT_SEED
    )
    scene = app.router.table(game_id)(app, session)
    app.push(scene)
    return scene


def motion(app, pos):
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def click(app, pos, button=1):
    motion(app, pos)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def key(app, k, mod=0):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def open_drawer(app, scene) -> None:
    """Open a table's side drawer (issue #38) with its key, as a person does; a table
    whose side column is no drawer is left as it is."""
    if scene.plan.drawer is not None and not scene.frame.seat_drawer.open:
        key(app, pygame.K_l)
        assert scene.frame.seat_drawer.open


def resize(app, size):
    w, h = size
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=w, h=h))


def step_until(app, done, frames: int, dt: float) -> bool:
    """Step the app until ``done()``, at most ``frames`` steps; whether it got there.
    A computer still deciding on its thread when the steps run out is waited for (up to
    30 s of wall-clock): it takes time the steps do not measure, so on a fast machine the
    steps ran out before a slow decision landed (a lesson test failed alone, passed in a
    busy parallel run)."""
    deadline = time.monotonic() + THINKING_WAIT_S
    while True:
        for _ in range(frames):
            if done():
                return True
            app.step(dt)
        if done() or not _thinking(app):
            return done()
        # the steps ran out while a computer decides: wait for it, then step on afresh
        while _thinking(app) and time.monotonic() < deadline:
            time.sleep(0.002)
            app.step(dt)
        if time.monotonic() >= deadline:
            return done()


THINKING_WAIT_S = 30.0


def _thinking(app) -> bool:
    """Whether a scene's computer is deciding on its thread now."""
    return any(getattr(getattr(s, "session", None), "pending", None) for s in app.stack)


def run_until(app, done, steps: int, dt: float) -> None:
    """Step the app until ``done()`` (waiting for a computer still deciding, as
    :func:`step_until` does); the test fails when it never gets there."""
    if not step_until(app, done, steps, dt):
        raise AssertionError("the scene did not get there")


def deciding(scene) -> bool:
    """The scene is on top and shows a person's controls."""
    return scene.app.top is scene and scene.sharing.deciding() is not None


def draw_frames(app, count: int) -> None:
    """``count`` frames at 30 a second, each one drawn (animations caught midway)."""
    for _ in range(count):
        app.step(1 / 30)
        app.draw()


def assert_on_screen(scene, size, panels) -> None:
    """Every button and every one of the table's ``panels`` lies inside the window."""
    screen = pygame.Rect((0, 0), size)
    for button in scene.buttons.buttons:
        assert screen.contains(button.rect), button.key
    for rect in panels:
        assert screen.contains(rect)


def hover_every_control(app, scene) -> None:
    """The mouse over each control in turn: each preview draws."""
    for button in list(scene.controls):
        motion(app, button.rect.center)
        app.step(1 / 60)
        app.draw()


def play_every_event(app, scene, events) -> None:
    """Every event animates without error, whether it plays out or is skipped."""
    for event in events:
        scene.player.play(event)
        scene.player.timeline.update(0.05)
        app.draw()
        scene.player.timeline.finish_all()


def spy_private_drawing(monkeypatch, cls, names) -> list:
    """Record the viewer each time one of ``cls``'s painters of private parts (a hand,
    face-down tokens) runs; returns the list they are appended to."""
    drawn_for: list = []
    for name in names:
        original = getattr(cls, name)

        def spy(self, surface, viewer, *args, _original=original):
            drawn_for.append(viewer)
            _original(self, surface, viewer, *args)

        monkeypatch.setattr(cls, name, spy)
    return drawn_for


def play_through_curtains(
    app, scene, drawn_for, step_until, ready, play, people=(0, 1), handoffs=6, turns=40
) -> list:
    """Two or more people share one screen. Behind each hand-off curtain nothing private
    is drawn for anybody (the table is drawn as if seen through it too); once a person
    lifts it, only that person's own. ``ready()`` says a person may decide; ``play(person)``
    decides through the UI. Stops after ``handoffs`` curtains or ``turns`` decisions and
    returns whom each curtain was lifted for."""
    seen: list = []
    for _ in range(turns):
        if len(seen) >= handoffs:
            break
        assert step_until(app, lambda: isinstance(app.top, HandoffScene) or ready())
        if isinstance(app.top, HandoffScene):
            assert scene.private_player is None
            drawn_for.clear()
            app.draw()
            scene.draw_table(app.screen.copy())  # the table itself, as if seen through
            assert drawn_for == [], "something private was drawn behind the curtain"
            key(app, pygame.K_SPACE)
            seen.append(scene.private_player)
            assert step_until(app, ready)
        person = scene.private_player
        assert person in people
        drawn_for.clear()
        app.draw()
        assert drawn_for and set(drawn_for) == {person}
        play(person)
    return seen


@functools.cache
def _legit_ellipsis():
    """A pattern matching the catalog's texts that end with "…" themselves ("Reading
    boards…", "Looking for tables…"), with anything in place of a {field}."""
    import re

    from game.ui.i18n import catalog

    texts = {t for lang in ("en", "ja") for t in catalog(lang).values() if t.endswith("…")}
    patterns = []
    for text in sorted(texts):
        pieces = re.split(r"\{[^{}]*\}", text)
        patterns.append(".+".join(re.escape(piece) for piece in pieces))
    return re.compile("|".join(f"(?:{p})" for p in patterns) or "(?!)")


def text_problems(drawn, size, min_px: int = 14) -> list[str]:
    """What is wrong with the texts a screen drew (issue #16): outside the window or its
    box, under ``min_px``, cut with "…", or overlapping another text."""
    legit = _legit_ellipsis()
    window = pygame.Rect((0, 0), size)
    out = []
    for t in drawn:
        if not window.contains(t.rect):
            out.append(f"outside the window: {t.text!r} {t.rect}")
        if t.container is not None and not t.container.contains(t.rect):
            out.append(f"outside its box {t.container}: {t.text!r} {t.rect}")
        if t.size < min_px:
            out.append(f"{t.size} px: {t.text!r}")
        if t.text.endswith("…") and not legit.fullmatch(t.text):
            out.append(f"cut: {t.text!r}")
    # glyph boxes include the line's leading: compare their inner part
    inner = [(t, t.rect.inflate(-2, -max(2, int(t.rect.height * 0.3)))) for t in drawn]
    for i, (a, ra) in enumerate(inner):
        for b, rb in inner[i + 1 :]:
            if ra.colliderect(rb):
                out.append(f"overlap: {a.text!r} {a.rect} and {b.text!r} {b.rect}")
    return out


class ListedTables:
    """For the layout only: what discovery.Browser.tables() gives, without the network
    (tests/test_join_scene.py finds a table over real mDNS)."""

    def __init__(self, found):
        self.found = found

    def tables(self):
        return list(self.found)

    def close(self):
        pass


FOUND_TABLES = [
    {
        "name": f"{game} {code[:4]} on {host}",
        "address": address,
        "port": 47474,
        "game": game,
        "players": players,
        "code": code,
        "tls": False,
        "version": version,
    }
    for game, host, address, players, code, version in (
        ("duck", "kitchen-pc", "192.168.1.20", "4", "7KQ4-MX9P-2HRT", "2"),
        ("verflixxt", "attic", "192.168.1.31", "6", "ABCD-EFGH-JKLM", "2"),
        # an app of another protocol version: the list says so
        ("routes", "old-laptop", "192.168.1.7", "3", "WXYZ-2345-6789", "1"),
    )
]
