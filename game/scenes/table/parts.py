"""What a table shows for how its game is run (issue #37): a part the scene owns.

One :class:`~game.scenes.table.scene.TableScene` shows every game, however it is run:
at this screen, hosted here, joined over the network, replayed, watched. What differs
beyond what the driver answers (:class:`game.table.driver.TableDriver`) -- a network
seat's status in its panel, a waiting seat's "Computer plays" button, the phones' QR
cards, the guard around a stranger's events, the replay's revealed hands -- is a part
given to the scene, asked at a few fixed points. :class:`TablePart` is the part of a
table that adds nothing (a game at this screen, a watched one); the others are
:class:`game.scenes.table.online_parts.HostedPart` and ``RemotePart``, and
:class:`game.scenes.table.replay.Revealed`.

A part is never a scene: it holds no frame, draws nothing of the table's own, and the
scene keeps its loop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import pygame

from game.scenes.table.frame import TableSeats

T = TypeVar("T")


class TablePart:
    """The points where a table asks its part; each says here what a plain table does."""

    # the game's bar lies across the window under the board (a replay's controls lie
    # over it: Duck! Duck! Go! then never lays its hand beside the board)
    bar_across = False
    # the end screen offers "Play again" (a network game is the host's: only the menu)
    plays_again = True
    # a hosted table's phone seats' QR cards (issue #29), drawn on the curtain too
    phone_cards: Any = None
    # a game may make its side column a drawer (issue #38); the hosting window keeps the
    # full seat panels (their join status and "Computer plays" buttons) in sight
    side_drawer = True

    def stops(self) -> bool:
        """The table must go before this frame (True: it was left)."""
        return False

    def frame(self, run: Callable[[], None]) -> None:
        """A frame's update (``run``), after the driver's news."""
        run()

    def paint(self, run: Callable[[], None]) -> None:
        """A frame's drawing (``run``)."""
        run()

    def ticked(self, dt: float) -> None:
        """After a frame's update."""

    def shield(self, event: Any, run: Callable[[], T], fallback: T) -> T:
        """``run`` on ``event``'s meaning (its log line, its animation)."""
        return run()

    def drawn(self, surface: pygame.Surface) -> None:
        """Over the table, once it is drawn."""

    def laid_out(self) -> None:
        """The table was laid out in a window of a new size."""

    def seats_changed(self) -> None:
        """The seats' people or statuses changed (:class:`game.table.news.SeatsChanged`)."""

    def hand_bar(self) -> bool:
        """The frame plans the game's hand/controls bar under the board (False: no person
        decides at this screen, every one plays from a phone: issue #39)."""
        return True

    def seats(self, inner: TableSeats) -> TableSeats:
        """The seats the frame asks (``inner``: the game's): a part that says more of
        them (a network seat's status, a replay's revealed hands) wraps them in a
        :class:`~game.scenes.table.frame.SeatsOver`."""
        return inner

    def open_pause(self) -> bool:
        """Open a pause screen of the part's own (True), or the table's (False)."""
        return False

    def game_over(self) -> None:
        """The game has ended on the table, before its end screen."""

    def leaving(self) -> None:
        """The table is being left (or the program ends)."""

    def probe(self) -> dict[str, Any] | None:
        """For an end-to-end driver's probe file: what the part knows (None: nothing)."""
        return None
