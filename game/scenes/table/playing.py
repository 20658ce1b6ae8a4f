"""The table's events played in order as animations (issue #37: a part the table scene
owns, :class:`EventPlayer`): what waits to be played, the timeline playing it, skipping
it, and the table at rest -- a round's end, the game's end, a computer seat's action, the
screen handed to the person who decides next."""

from __future__ import annotations

from collections.abc import Callable

from game.rules.protocol import Event
from game.scenes.table.contract import TableOwner
from game.ui.tween import Timeline, Tween, ease_in_out

BOT_DELAY = 0.7  # seconds a computer seat "thinks" at least, so people can follow


class EventPlayer:
    """Plays the events of the table owning it, in order, one animation at a time; input
    is locked only while something moves (:meth:`busy`)."""

    def __init__(self, table: TableOwner) -> None:
        self.table = table
        self.timeline = Timeline()
        self.events: list[Event] = []  # waiting to be animated
        self.skipping = False  # skip is running
        self.last_round = table.session.state.round_number
        self.end_shown = False
        self.resync_due = False  # resync once idle (see ``GameTable.resync``)
        # events the viewer does not see that the table plays anyway: none while the game
        # is being made (its opening queued from its constructor), then as the game says
        self.plays_unseen: Callable[[Event], bool] = lambda _event: False

    def busy(self) -> bool:
        return self.timeline.busy() or bool(self.events)

    def waiting(self) -> tuple[Event, ...]:
        """The events still waiting to be played, in order."""
        return tuple(self.events)

    def play(self, event: Event) -> None:
        """Start the event's animation on the timeline."""
        game = self.table.game
        handler = game.animations.get(type(event))
        self.table.last_moves.saw(game.news_marks(event))
        if handler is not None:
            self.table.part.shield(event, lambda: handler(event), None)
        if game.resync == "when_idle":
            self.resync_due = True  # see advance
        elif game.resync == "after_last_event" and not self.events:
            # The last event queued: nobody acts while events play, so once it has played
            # the state is what the table shows. Resync then (robust to anything skipped).
            self.timeline.then(Tween(0.0, None, None, ease_in_out, on_start=self.sync))

    def queue(self, events: list[Event]) -> None:
        """Events to play: those the screen's viewer sees, and those the game plays anyway."""
        viewer = self.table.private_player
        for event in events:
            if event.seen_by(viewer) or self.plays_unseen(event):
                self.events.append(event)

    def queue_others(self, events: list[Event]) -> None:
        """The events of an action not taken at this screen's seat (a computer's, a seat
        elsewhere on the network): everybody watches them, so the screen is given up
        first (:meth:`ScreenSharing.give_up <game.scenes.table.sharing.ScreenSharing.give_up>`)."""
        if events:
            self.table.sharing.give_up()
        self.queue(events)

    def log_of(self, event: Event) -> str | None:
        """The log's line for an event played now: on a shared screen only what every
        seat saw (issue #36: the log stays on screen after its seat's curtain has gone,
        as the rebuilt log of a resumed game, ``record.log_viewer``)."""
        if event.visible_to is not None and self.table.sharing.shares():
            return None
        return self.table.describe(event)

    def sync(self) -> None:
        """Put every drawn piece where the state says (after a skip, a jump, an undo)."""
        self.resync_due = False
        self.table.game.sync()

    def resync_when_idle(self) -> None:
        """Put the table in line with the state once nothing moves (see :meth:`advance`)."""
        self.resync_due = True

    def settle(self, viewer: int | None) -> None:
        """Nothing left to play: what waits is dropped, the table shows the state as it
        is (from ``viewer``'s seat, if given) and the round as the state's (a game played
        forward at once, :func:`game.screenshot.fast_forward`)."""
        self.events.clear()
        self.timeline = Timeline()
        self.table.last_moves.clear()
        self.last_round = self.table.state.round_number
        if viewer is not None:
            self.table.private_player = viewer
            self.table.session.viewer = viewer
        self.sync()
        self.table.game.cut_short(land=False)

    def skip(self) -> None:
        """Every waiting event played at once (a click or Space while pieces move)."""
        self.skipping = True
        try:
            self.timeline.finish_all()
            while self.events:
                event = self.events.pop(0)
                line = self.log_of(event)
                if line:
                    self.table.log_line(line)
                self.play(event)
                self.timeline.finish_all()
            self.sync()
            self.table.game.cut_short(land=True)
        finally:
            self.skipping = False

    def advance(self, dt: float) -> None:
        """A frame's worth of playing, then the table at rest (:meth:`play_on`) and the
        game's resync as it asks."""
        self.play_on(dt)
        if self.table.game.resync == "idle_after_busy" and self.busy():
            self.resync_due = True
        elif self.resync_due and not self.busy():
            self.sync()

    def play_on(self, dt: float) -> None:
        """The events in order, then at rest: a round's end, the game's end, a computer
        seat's action, the screen handed to the person to decide."""
        table = self.table
        self.timeline.update(dt * table.speed)
        while not self.timeline.busy() and self.events:
            event = self.events.pop(0)
            table.log.divide(event)
            line = self.log_of(event)
            if line:
                table.log_line(line)
            self.play(event)
        if self.busy() or table.app.top is not table:
            return
        state = table.state
        if state.round_number != self.last_round:
            table.sharing.give_up()  # a round's end is for everybody
            self.last_round = state.round_number
            if not state.is_over():
                table.log.divider(state.round_number)
            table.keeping.autosave()
        if state.is_over():
            # a lesson's steps about the end are shown on the table before the end screen
            if not self.end_shown and not table.guide.blocks_end():
                self.end_shown = True
                table.keeping.game_over()
            return
        if table.news.take(table.driver.poll(BOT_DELAY / table.speed)):  # a computer's action
            return
        human = table.sharing.active_human()
        if human is not None and human != table.private_player:
            table.sharing.show(human)
