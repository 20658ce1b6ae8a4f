"""The QR cards of phone seats on the big screen (issue #29) cover nothing of the board:
over each seat's own panel, the whole card (QR code) where the panel is tall enough, a
compact card beside the portrait otherwise, which grows into the whole card while the
pointer is over its seat. For the three games with secrets, 1024x600 up to 2560x1440."""

from __future__ import annotations

import pytest

from tests.net_helpers import wait_listening
from tests.scene_helpers import make_app
from tests.test_phone_browser import phone_host, pump_app


@pytest.mark.parametrize("game", ["duck", "verflixxt", "cluck"])
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080), (2560, 1440)])
def test_the_qr_cards_lie_over_the_seat_panels(game, size):
    import pygame

    from game.scenes.lobby.online import hosted_scene

    host = phone_host(game=game)
    try:
        wait_listening(host)
        app = make_app(size)
        scene = hosted_scene(app, host, (0, 1))
        app.push(scene)
        pump_app(app, host, lambda: scene.driver.address, "the table listens")
        surface = pygame.Surface(size)
        cards = scene.part.phone_cards
        cards.pointer = (0, 0)  # on nothing
        scene.draw(surface)
        plan = scene.plan
        assert sorted(p for p, _, _ in cards.drawn) == [0, 1]
        screen = surface.get_rect()
        for p, kind, rect in cards.drawn:
            assert kind in ("qr", "compact")
            assert plan.seats[p].contains(rect), (p, rect, plan.seats[p])
            assert not rect.colliderect(plan.board)
            assert screen.contains(rect)
        if size[1] >= 1080:  # room for the QR code itself in the panel
            assert {kind for _, kind, _ in cards.drawn} == {"qr"}
        # the pointer over a compact card: the whole card, with its QR code, for a while
        compact = [(p, rect) for p, kind, rect in cards.drawn if kind == "compact"]
        if compact:
            p, rect = compact[0]
            cards.pointer = rect.center
            scene.draw(surface)
            hover = [r for q, kind, r in cards.drawn if kind == "hover"]
            assert len(hover) == 1 and screen.contains(hover[0])
            assert hover[0].h >= cards.modules(p) * 3
    finally:
        host.stop(timeout=5)
