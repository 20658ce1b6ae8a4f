"""Driving a game scene under the dummy video driver, written once for the scene tests:
an app, seats and a game on top of it, synthetic mouse and key events, stepping until
something happens, and the checks every table's layout and log must pass."""
from __future__ import annotations

import pygame

from game import registry
from game.app import App
from game.session import Seat, Session
from game.settings import Settings


def make_app(size=(1280, 720), lang="en") -> App:
    app = App(size=size, lang=lang, settings=Settings(), persist=False)
    app.settings.animation_speed = 4.0
    return app


def seats(game_id: str, humans, players: int, level: str) -> list[Seat]:
    """"P1", "P2", ... with the game's characters in order: people at ``humans``, the
    other seats computers at ``level``."""
    characters = registry.get(game_id).characters
    return [Seat(f"P{i + 1}", characters[i].key, human=i in humans, level=level)
            for i in range(players)]


def push_game(app, game_id: str, humans, players: int, seed: int, options: dict,
              level: str):
    """A new game at its own scene, on top of the app (as the lobby starts one)."""
    session = Session(game_id, seats(game_id, humans, players, level), seed, options)
    scene = registry.get(game_id).scene_class()(app, session)
    app.push(scene)
    return scene


def motion(app, pos):
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def click(app, pos, button=1):
    motion(app, pos)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def key(app, k, mod=0):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def resize(app, size):
    w, h = size
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=w, h=h))


def run_until(app, done, steps: int, dt: float) -> None:
    """Step the app until ``done()``; the test fails when it never gets there."""
    for _ in range(steps):
        if done():
            return
        app.step(dt)
    raise AssertionError("the scene did not get there")


def deciding(scene) -> bool:
    """The scene is on top and shows a person's controls."""
    return scene.app.top is scene and scene.deciding() is not None


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
        scene.play_event(event)
        scene.timeline.update(0.05)
        app.draw()
        scene.timeline.finish_all()
