"""What a table writes of its game into the history (issues #26-#28): whose point of
view a rebuilt log takes, and the finished game's entry. Plain functions of the parts
they read (the driver, the game, the app), never of the scene; the log itself, and its
rebuild from the record, is :class:`~game.scenes.table.frame_log.TableLog`'s.
"""

from __future__ import annotations

from typing import Any

from game.scenes.table.end_screen import Breakdown
from game.table.driver import TableDriver, TableRecord


def log_viewer(driver: TableDriver, session: TableRecord) -> int | None:
    """Whose point of view a rebuilt log takes: the one person at this screen, else
    nobody's (only what every seat saw)."""
    local = set(driver.local_seats())
    people = [p for p, seat in enumerate(session.seats) if seat.human and p in local]
    return people[0] if len(people) == 1 else None


def record_history(
    app: Any, driver: TableDriver, session: TableRecord, breakdown: Breakdown, lesson: Any
) -> None:
    """The finished game into the history (issue #28), with the end screen's
    ``breakdown``. A game at this screen or hosted from it has the whole record (the
    driver's ``history_source``); a game joined over the network has only its seat's
    view (its table's part keeps it: game.scenes.table.online_parts.RemotePart), a
    watched or replayed one is not this window's to keep. ``lesson``: the lesson the
    game was played in, or None."""
    source = driver.history_source()
    if source is None:
        return
    local = set(driver.local_seats()) if source == "hosted" else None
    kinds = [
        "computer" if not seat.human else "person" if local is None or i in local else "online"
        for i, seat in enumerate(session.seats)
    ]
    variant = session.options.get("variant")
    app.record_game(
        session,
        source=source,
        kinds=kinds,
        breakdown=[list(row) for row in breakdown.parts],
        variant=variant if isinstance(variant, str) else None,
        lesson=lesson is not None,
    )
