"""``python -m game screenshot SCENE --out FILE.png``: render a scene headless.

Scenes: menu, lobby, settings, handoff, help, pause, or a game id (duck, verflixxt,
cluck, routes) — a game is set up with computer seats, played ``--rounds`` rounds and
then ``--actions`` more actions by them, and shown from the first seat's point of view."""

from __future__ import annotations

import os

# The scenes that are not a game table (the command line adds the installed game ids).
SCENES = ("menu", "lobby", "settings", "handoff", "help", "pause")


def _headless_env() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def build_scene(app, name: str, args):
    from game import registry
    from game.scenes.menu import MenuScene

    app.push(MenuScene(app))
    if name == "menu":
        return
    if name == "settings":
        from game.scenes.settings import SettingsScene

        app.push(SettingsScene(app))
        return
    if name == "handoff":
        from game.scenes.handoff import HandoffScene
        from game.ui import theme

        # seat 2's curtain: its colour and mark on the disc
        app.push(HandoffScene(app, app.t("app.default_name", n=2), theme.seat_colour(1), seat=1))
        return
    games = registry.installed_games()
    if name in ("lobby", "help", "pause"):
        if not games:
            raise ValueError(f"no game is installed, so there is no {name} to show")
        info = games[0]
        if name == "lobby":
            from game.scenes.lobby import LobbyScene

            lobby = LobbyScene(app, info)
            app.push(lobby)
            lobby.wait_for_scan()  # the boards read, as a person sees it a moment later
        elif name == "help":
            from game.scenes.help import HelpScene

            app.push(HelpScene(app, info))
        else:
            from game.scenes.pause import PauseScene

            app.push(PauseScene(app, info))
        return
    info = registry.get(name)
    if not info.installed():
        raise ValueError(f"{name} has no scene yet")
    from game.scenes.lobby import default_seats
    from game.session import Session

    seats = default_seats(info, args.players, app.t)
    for seat in seats:
        seat.human = False
    seats[0].human = True
    # the computers' own seed fixed too: the same command draws the same picture
    session = Session(info.id, seats, args.seed, args.options, bot_seed=args.seed)
    scene_class = info.scene_class()
    scene = scene_class(app, session)
    app.push(scene)
    scene.fast_forward(args.rounds, args.actions)


def screenshot(args) -> int:
    """Render ``args.scene`` to ``args.out``. The command line has checked the scene, the
    seats and options (``args.options``) and that ``args.out`` can be written; a game
    scene's set-up is tried before the window exists, so a bad one is a ValueError."""
    _headless_env()
    if args.scene not in SCENES:
        from game.simulate import checked_setup

        checked_setup(args.scene, args.players, args.seed, args.options)
    import pygame

    from game.app import App
    from game.settings import Settings

    app = App(size=args.size, lang=args.lang, settings=Settings(), persist=False)
    build_scene(app, args.scene, args)
    for _ in range(3):
        app.step(1 / 60)
    app.draw()
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    try:
        pygame.image.save(app.screen, args.out)
    except pygame.error as exc:  # SDL's own error: name the file, keep it one line
        raise OSError(f"{args.out}: cannot be written ({exc})") from None
    print(f"wrote {args.out} ({args.size[0]}x{args.size[1]}, {args.scene}, {args.lang})")
    pygame.quit()
    return 0
