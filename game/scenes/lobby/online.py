"""The game's table at a network table (issue #18), without changing the game.

Every game's table runs through a driver (:class:`game.table.driver.TableDriver`). Two
drivers run the same table over the network: :class:`~game.net.remote.RemoteDriver` (a
client's window: actions sent to the host, events back with its update) and
:class:`~game.net.host.HostedDriver` (the host's window: actions through the
:class:`~game.net.host.HostThread`, so every member is sent them; only the seats at this
screen are people the scene asks to decide). Each polls the network once a frame (never
waiting) and tells the scene typed news (issue #37).

:func:`client_scene` and :func:`hosted_scene` open the one
:class:`~game.scenes.table.scene.TableScene` over such a driver with the network's part
(:mod:`game.scenes.table.online_parts`: the seats' online status, the join code in the
header, the online end screen); leaving the table ends the connection.
"""

from __future__ import annotations

from typing import Any

from game.net.client import ClientThread, Mirror
from game.net.host import HostedDriver, HostThread
from game.net.remote import RemoteDriver
from game.net.store import reopen
from game.rules.protocol import GameState
from game.scenes.table.online_parts import HostedPart, RemotePart
from game.scenes.table.scene import TableScene
from game.session import Session
from game.table.driver import LocalDriver

# Where a table this window opens again listens: every address of this computer (the
# others reach it over their network); tests put 127.0.0.1 here.
BIND_ADDRESS = "0.0.0.0"


def client_scene(app: Any, client: ClientThread, mirror: Mirror, view: GameState | None = None):
    """The game's own scene for the seat a welcome gave (``mirror``), over ``client``."""
    view = view if view is not None else mirror.view
    driver = RemoteDriver(client, mirror, view)
    table_of = app.router.table(mirror.game).table_of
    scene = TableScene(app, driver, table_of, lambda scene: RemotePart(scene, driver))
    scene.private_player = mirror.seat  # no curtain: this screen is the seat's own
    if mirror.n == 0:
        # A fresh table (issue #27): the welcome's view as it is from the first frame --
        # whose turn it is, the counts -- and its opening told once in the log. The game
        # queued the view's opening to play it from an empty table (as nobody's: the
        # seat was not known yet): it is told instead, the seat's own events included.
        scene.player.events.clear()
        opening = list(mirror.events) or list(getattr(view, "opening_events", ()))
        for event in opening:
            if event.seen_by(mirror.seat):
                line = scene.describe(event)
                if line:
                    scene.log_line(line)
        scene.player.sync()
    return scene


def hosted_scene(app: Any, host: HostThread, local: tuple[int, ...]):
    """The game's own scene for the host's Session, opened to the network by ``host``
    (started by the caller). ``local``: the seats of people at this screen."""
    table_of = app.router.table(host.table.session.game_id).table_of
    driver = HostedDriver(host, local)
    return TableScene(app, driver, table_of, lambda scene: HostedPart(scene, driver))


def open_resumed(app: Any, session: Session, *, replace: bool = False) -> Any:
    """Open a resumed game (the Resume screen, ``play --resume``) on top of the app, or
    in place of the top scene (``replace``), and return its scene. A game this window
    hosted opens its table again -- the same join code, the seats' tokens and the port
    it had, so the others' clients rejoin their seats by themselves; any other game is
    a game at this screen. A table file that cannot be used is one dialog line over the
    game, which goes on at this screen (its autosave is the game: nothing is lost). A
    table opened again is not advertised on the local network (whether it was is not
    kept): its members need no advert to come back."""
    problem = None
    scene = None
    try:
        table = reopen(session.save_id)
    except (ValueError, OSError) as exc:
        table, problem = None, str(exc)
    if table is not None:
        table.session.use_bot_budget(app.settings.bot_budget_ms)
        here = tuple(sorted(table.local_seats))
        # phones as hands (issue #29): the seats that held theirs on phones get new keys
        # (the old ones are not kept): their QR cards are on the table again
        phones = tuple(p for p in table.phones_before if table.session.seats[p].human)
        host = HostThread(
            table.session, host=BIND_ADDRESS, table=table, local_seats=here, phones=phones
        ).start()
        scene = hosted_scene(app, host, here)
    else:
        scene = app.router.table(session.game_id)(app, LocalDriver(session))
    (app.replace if replace else app.push)(scene)
    if problem is not None:
        app.show_error(app.t("online.table_damaged", problem=problem))
    return scene
