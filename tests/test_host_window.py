"""The hosting window's side of network play (issue #18), under the dummy video driver
with a real HostThread on 127.0.0.1 and real ClientThreads:

- a seat that waits for its person ("open": nobody joined; "reconnecting": the line
  dropped) has a "Computer plays" button in its panel, in all four games at every size
  in English and Japanese; pressing it lets the window's own computer driving play the
  seat (once: the host's ``pump`` never plays it too) until its person rejoins with the
  seat's token, which gives the seat back;
- a hosted game's autosave is the one the Resume screen offers; resuming it opens the
  table again (same code, same port), the client comes back by itself with its hand and
  the game plays on; a damaged table file is one dialog line and a game at this screen;
- the lobby's "Show on the local network" choice (off: the table is not advertised);
- the header's "Join code … · address:port" is whole and readable at every size.
"""

from __future__ import annotations

import random
import time

import pygame
import pytest

from game.ai import make_bot
from game.net.client import ClientThread
from game.net.host import HostThread
from game.net.protocol import token_digest
from game.scenes.online import hosted_scene
from game.session import Session
from game.ui import theme, widgets
from tests.net_helpers import FAST
from tests.scene_helpers import (
    BOT_SEED,
    LANGS,
    SIZES,
    click,
    make_app,
    resize,
    seats,
    text_problems,
)
from tests.test_online_scenes import lobby_options, wait_listening

LIMIT_S = 25.0  # a bound on each wait, not a timing check

# the most seats each game has (its panels at their smallest)
TABLES = {"duck": 6, "verflixxt": 6, "cluck": 4, "routes": 5}


def start_host(session: Session, local=(0,), autosave=False) -> HostThread:
    host = HostThread(session, host="127.0.0.1", port=0, autosave=autosave, local_seats=local)
    host.server.rate = FAST  # the scripted people act at once
    return host.start()


def steps_until(app, done, what: str, pump=None) -> None:
    deadline = time.monotonic() + LIMIT_S
    while not done():
        assert time.monotonic() < deadline, f"never: {what}"
        app.step(0.05)
        if pump is not None:
            pump()
        time.sleep(0.005)


def hand_buttons(scene) -> dict[int, widgets.Button]:
    return {
        int(b.key.rsplit(":", 1)[1]): b
        for b in scene.buttons.buttons
        if b.key.startswith("online:hand:")
    }


def recorded(app, scene) -> list[widgets.TextDrawn]:
    widgets.TEXT_LOG = []
    try:
        scene.layout(app.screen.get_size())  # cached pictures painted again, recorded
        scene.draw(app.screen)
        return list(widgets.TEXT_LOG)
    finally:
        widgets.TEXT_LOG = None


def welcomed(client: ClientThread) -> bool:
    """The client's welcome has come (polled, and kept as ``client.welcomes``)."""
    got = getattr(client, "welcomes", [])
    got += [value for kind, value in client.poll() if kind == "welcome"]
    client.welcomes = got  # type: ignore[attr-defined]
    return bool(got)


# -- the button and the header at every size ----------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list(TABLES))
def test_a_waiting_seat_has_its_button_and_the_header_its_code_at_every_size(game, lang):
    players = TABLES[game]
    # seat 0 a person here, seats 1 and 2 online, the others computers
    session = Session(
        game,
        seats(game, {0, 1, 2}, players, "easy"),
        7,
        lobby_options(game),
        bot_seed=BOT_SEED,
    )
    host = start_host(session)
    try:
        wait_listening(host)
        host.table.digests[2] = token_digest("a token of a person whose line dropped")
        app = make_app(SIZES[0], lang)
        scene = hosted_scene(app, host, (0,))
        app.push(scene)
        steps_until(app, lambda: scene.address, "the header shows the address")
        scene.seats_changed(host.table.seats_info())
        assert [scene.seat_status(p) for p in (1, 2)] == ["open", "reconnecting"]
        assert scene.seat_subtitle(1) == app.t("online.seat_open")
        assert scene.seat_subtitle(2) == app.t("online.seat_reconnecting")
        problems = []
        for size in SIZES:
            app.screen = pygame.display.set_mode(size)  # the dummy window does not resize
            resize(app, size)
            app.step(0.05)
            if scene.busy_animating():
                scene.skip_animation()
            app.draw()
            buttons = hand_buttons(scene)
            assert sorted(buttons) == [1, 2], (size, sorted(buttons))
            others = [b for b in scene.buttons.buttons if not b.key.startswith("online:hand:")]
            for p, button in buttons.items():
                assert scene.plan.seats[p].contains(button.rect), (size, p)
                assert button.label == app.t("online.hand") and button.enabled
                assert not any(button.rect.colliderect(o.rect) for o in others), (size, p)
                # its face is on the screen, not painted over by the seat's panel
                face = app.screen.get_at((button.rect.x + 5, button.rect.centery))[:3]
                assert face in (theme.BUTTON, theme.BUTTON_HOVER), (size, p, face)
            drawn = recorded(app, scene)
            problems += [f"{size}: {p}" for p in text_problems(drawn, size)]
            texts = [t.text for t in drawn]
            for p in (1, 2):
                assert texts.count(app.t("online.hand")) == 2, (size, texts)
            # the header: the join code and the address, each whole on its line
            header = scene.plan.header
            said = " ".join(t.text for t in drawn if header.contains(t.rect))
            assert host.code in said and scene.address in said, (size, said)
        assert not problems, "\n".join(problems[:40])
    finally:
        host.stop()
        pygame.quit()


# -- handing a dropped seat to the computer, and back --------------------------------------------
def test_the_computer_plays_a_dropped_seat_until_its_person_rejoins(monkeypatch):
    game = "verflixxt"
    session = Session(
        game, seats(game, {0, 1}, 3, "easy"), 11, lobby_options(game), bot_seed=BOT_SEED
    )
    host = start_host(session)
    driven: list[bool] = []
    pump = host.pump

    def spy(drive_computers: bool = False, bot_delay: float = 0.0):
        driven.append(drive_computers)
        return pump(drive_computers, bot_delay)

    monkeypatch.setattr(host, "pump", spy)
    clients: list[ClientThread] = []
    try:
        app = make_app((1024, 600))
        scene = hosted_scene(app, host, (0,))
        app.push(scene)
        steps_until(app, lambda: scene.address, "listening")
        assert sorted(hand_buttons(scene)) == [1]  # nobody has taken seat 1 yet
        first = ClientThread(f"ws://127.0.0.1:{host.port}", host.code, seat=1, name="Bea")
        clients.append(first.start())
        steps_until(app, lambda: welcomed(first) and scene.seat_status(1) == "connected", "Bea")
        assert hand_buttons(scene) == {}
        token = first.token
        assert token
        first.stop()  # the line drops: the seat waits for her
        steps_until(app, lambda: scene.seat_status(1) == "reconnecting", "Bea's seat waits")
        button = hand_buttons(scene)[1]
        click(app, button.rect.center)
        assert not session.seats[1].human and session.seats[1].level == "normal"
        assert scene.seat_status(1) == "computer" and scene.handed(1)
        assert scene.seat_subtitle(1) == app.t("online.seat_handed")
        assert hand_buttons(scene) == {}
        assert scene.log[-1] == app.t("online.handed_log", name="Bea")
        # the game plays on: the person here and the window's computer for seat 1
        bot, rng = make_bot(game, "random"), random.Random(5)
        before = sum(1 for p, _ in session.actions if p == 1)
        deadline = time.monotonic() + 60
        while sum(1 for p, _ in session.actions if p == 1) < before + 2:
            assert time.monotonic() < deadline, "the computer never played seat 1"
            assert not session.state.is_over()
            app.step(0.05)
            if scene.busy_animating():
                scene.skip_animation()
            if scene.active_human() == 0 and scene.private_player == 0:
                assert scene.act(0, bot.choose(scene.state.view(0), 0, rng))
            time.sleep(0.002)
        # the window's scene drives the handed seat; the host's pump never does too
        assert driven and not any(driven)
        assert len(session.pending) <= 1
        # Bea comes back with her token: the seat is hers again, hand and all
        back = ClientThread(f"ws://127.0.0.1:{host.port}", host.code, token=token)
        clients.append(back.start())
        steps_until(app, lambda: welcomed(back) and scene.seat_status(1) == "connected", "back")
        assert session.seats[1].human and not scene.handed(1)
        assert scene.seat_subtitle(1) == app.t("app.online_connected")
        assert 1 not in session.bots_to_act() and 1 not in session.pending
        assert scene.log[-1] == app.t("app.online_seat_back", name="Bea")
        mirror = back.welcomes[0]
        assert mirror.seat == 1
        assert mirror.view.to_dict() == session.state.view(1).to_dict()
        # and she plays her seat: her next action is the table's
        theirs = random.Random(6)
        view = mirror.view
        played = len(session.actions)
        deadline = time.monotonic() + 60
        acted = False
        while not any(p == 1 for p, _ in session.actions[played:]):
            assert time.monotonic() < deadline, "Bea's action never arrived"
            app.step(0.05)
            if scene.busy_animating():
                scene.skip_animation()
            if scene.active_human() == 0 and scene.private_player == 0:
                scene.act(0, bot.choose(scene.state.view(0), 0, rng))
            for kind, value in back.poll():
                if kind == "update":
                    view = value[1]
                    acted = False
            if not acted and not view.is_over() and 1 in view.to_act():
                back.act(str(bot.choose(view, 1, theirs)))
                acted = True
            time.sleep(0.002)
    finally:
        for client in clients:
            client.stop(timeout=1.0)
        host.stop()
        pygame.quit()
