"""What a table's parts and a game's parts may ask of the table's event player, its
screen-sharing policy and its keeping (issue #37): small protocols in a module of their
own, so that the frame and the contract name them without importing the parts that do
the work (:mod:`game.scenes.table.playing`, :mod:`game.scenes.table.sharing`,
:mod:`game.scenes.table.keeping`, which read the contract)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.rules.protocol import Event
from game.table.news import News
from game.ui.tween import Timeline


class TablePlayer(Protocol):
    """The events waiting to be played and the timeline playing them."""

    timeline: Timeline
    events: list[Event]  # waiting to be played
    skipping: bool  # the animations are being skipped (a game may keep quiet)
    last_round: int  # the round the table shows (a round's end is played when it moves)

    def busy(self) -> bool:
        """Something moves, or waits to be played."""
        ...

    def queue(self, events: list[Event]) -> None:
        """Events to play, those the screen's viewer may see."""
        ...

    def queue_others(self, events: list[Event]) -> None:
        """The events of an action not taken at this screen's seat: everybody watches."""
        ...

    def sync(self) -> None:
        """Every drawn piece where the state says."""
        ...


class TableSharing(Protocol):
    """Whose turn it is at this screen."""

    gave_up: int | None  # whose screen it was until everybody watched

    def active_human(self) -> int | None:
        """The person who must decide now."""
        ...

    def deciding(self) -> int | None:
        """The person whose controls are on screen now."""
        ...

    def shares(self) -> bool:
        """Two or more people share this screen in a game that hides things."""
        ...

    def give_up(self) -> None:
        """Everybody watches now: nobody's secrets on a shared screen."""
        ...

    def show(self, player: int) -> None:
        """Hand the screen to ``player`` (behind the curtain when others were looking)."""
        ...


class TableKeeping(Protocol):
    """What is kept of the table's game: the autosave, the history, the end."""

    def autosave(self) -> None:
        """The game saved as it is now (a failure said once, in the log and a dialog)."""
        ...

    def game_over(self) -> None:
        """The game has ended on the table: saved, into the history, the end screen."""
        ...


class TableNews(Protocol):
    """What the driver tells, shown at the table."""

    def take(self, news: Sequence[News]) -> bool:
        """Each item shown (events to play, log lines); True when events came to be played."""
        ...
