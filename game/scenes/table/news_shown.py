"""What the driver tells, shown at the table (issue #37: a part the table scene owns,
:class:`NewsShown`): the driver has done its own bookkeeping of its typed news
(:mod:`game.table.news`); the table plays its events, writes its log lines and paints
its seat panels again."""

from __future__ import annotations

from collections.abc import Sequence

from game.scenes.table.contract import TableOwner
from game.table.news import (
    Answered,
    Connection,
    Dropped,
    Ended,
    Failed,
    Listening,
    News,
    Played,
    PortMoved,
    RecordArrived,
    Refused,
    Rejoined,
    SeatsChanged,
)


class NewsShown:
    """Shows the news of the driver of the table owning it."""

    def __init__(self, table: TableOwner) -> None:
        self.table = table

    def take(self, news: Sequence[News]) -> bool:
        """Each item shown: events to play, log lines, the seat panels painted again.
        True when events came to be played."""
        table, t = self.table, self.table.t
        played = False
        for item in news:
            table.app.dirty = True
            match item:
                case Played(events):
                    table.player.queue_others(list(events))
                    played = played or bool(events)
                case SeatsChanged(moves):
                    for move in moves:  # a seat's person came, left, came back
                        key = move.log_key()
                        if key is not None:
                            table.log_line(t(key, name=move.name))
                    table.frame.reset()
                    table.part.seats_changed()
                case Connection(back):
                    table.log_line(t("app.online_back" if back else "app.online_lost"))
                    if not back:
                        table.frame.reset()  # this seat waits for its person at the host
                case Rejoined():  # the table as it is now: nothing waiting means anything
                    table.player.events.clear()
                    table.player.timeline.finish_all()
                    table.player.sync()
                case Refused(reason):
                    table.log_line(reason)
                case Dropped(problem):
                    table.log_line(t("online.message_refused", problem=problem))
                case Ended(reason):
                    table.log_line(t("app.online_ended", reason=reason))
                case Listening(address, code):
                    table.log_line(t("app.online_open", address=address, code=code))
                    table.frame.reset()
                case PortMoved(port):
                    table.log_line(t("online.port_moved", port=port))
                case Failed(reason):
                    table.app.show_error(reason)
                case Answered() | RecordArrived():
                    pass  # the driver's own bookkeeping: the screen is drawn again
        return played
