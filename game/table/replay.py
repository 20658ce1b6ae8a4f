"""Watching a finished game again (issue #28), headless: :class:`Replay` holds a game's
record at any position, :class:`ReplayDriver` shows it on a table scene.

A position is the number of actions played (0: the opening, ``len(actions)``: the
end). Going forward applies the next action, so its events animate as in play; going
back or jumping rebuilds the position from the nearest snapshot (a copy of the state
every :data:`SNAPSHOT_EVERY` actions, made in the one pass that checks the record), so
any jump replays at most that many actions. The copies are deep: a state's ``clone``
(made for the computers' searches) shares its random generator with the original. The record comes from the history, a
``.derby`` file or a game just ended, as a :class:`game.derby_file.DerbyGame`; it is
replayed through the rules once when opened and refused at its first illegal action.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from game.rules.protocol import Action, Event, GameState, IllegalAction, NotationError
from game.session import Seat, Session
from game.table.driver import NotPlayedHere

SNAPSHOT_EVERY = 16  # actions between two kept copies of the state


class ReplayError(ValueError):
    """A record that does not replay: the action's number (from 1) and why."""


class Replay:
    def __init__(
        self,
        game_id: str,
        seats: Sequence[Seat],
        seed: int,
        options: dict[str, Any],
        actions: Sequence[tuple[int, str]],
    ):
        # the seats as recorded, none of them asked to decide (ReplayDriver has no
        # person at the screen and no computer to run)
        self.session = Session(
            game_id, [Seat(s.name, s.character, s.human, s.level) for s in seats], seed,
            options, prepared=True,
        )  # fmt: skip
        module = self.session.module
        self.actions = list(actions)
        self.parsed: list[Action] = []
        state = self.session.state
        self._snapshots: dict[int, GameState] = {0: copy.deepcopy(state)}
        self.rounds = [state.round_number]  # the round at each position
        self.events: list[list[Event]] = []  # what each action did (the log is made of it)
        for n, (player, text) in enumerate(self.actions, start=1):
            try:
                action = module.parse_action(text)
                self.events.append(state.apply(player, action))
            except (IllegalAction, NotationError, ValueError, IndexError) as exc:
                raise ReplayError(f"action {n} ({player} {text}) is refused: {exc}") from None
            self.parsed.append(action)
            self.rounds.append(state.round_number)
            if n % SNAPSHOT_EVERY == 0:
                self._snapshots[n] = copy.deepcopy(state)
        if not state.is_over():
            raise ReplayError("the record ends before the game does (only a finished game replays)")
        self.final = state
        self.position = len(self.actions)
        self.seek(0)

    @classmethod
    def of(cls, game: Any) -> Replay:
        """The replay of a :class:`game.derby_file.DerbyGame`."""
        seats = [
            Seat(s.name, s.character, human=s.kind != "computer", level=s.level or "normal")
            for s in game.seats
        ]
        return cls(game.game, seats, game.seed, game.options, game.actions)

    @classmethod
    def of_history(cls, record: Any) -> Replay:
        """The replay of a game of the history (a :class:`game.history.GameRecord`);
        ReplayError for a game joined over the network (it has only its seat's view)."""
        from game.derby_file import from_record  # the file format, only for this

        try:
            return cls.of(from_record(record))
        except ReplayError:
            raise
        except ValueError as exc:
            raise ReplayError(str(exc)) from None

    @property
    def length(self) -> int:
        return len(self.actions)

    @property
    def state(self) -> GameState:
        return self.session.state

    # -- moving ------------------------------------------------------------------------------
    def seek(self, position: int) -> None:
        """The game as it was after ``position`` actions (clamped to the record)."""
        position = max(0, min(self.length, position))
        base = max(k for k in self._snapshots if k <= position)
        if position == self.position:
            return
        if not (base <= self.position < position):  # else: go on from where it is
            self.session.state = copy.deepcopy(self._snapshots[base])
            self.session.actions = list(self.actions[:base])
            self.position = base
        while self.position < position:
            self.step()

    def step(self) -> list[Event]:
        """The next action played; its events (none at the end)."""
        if self.position >= self.length:
            return []
        player, _text = self.actions[self.position]
        events = self.session.apply(player, self.parsed[self.position])
        self.position += 1
        return events

    def round_start(self, position: int) -> int:
        """The first position of the round ``position`` is in."""
        round_ = self.rounds[position]
        while position > 0 and self.rounds[position - 1] == round_:
            position -= 1
        return position

    def next_round(self) -> int:
        """Where the next round begins (the end, in the last round)."""
        here = self.rounds[self.position]
        return next(
            (k for k in range(self.position + 1, self.length + 1) if self.rounds[k] != here),
            self.length,
        )

    def previous_round(self) -> int:
        """The start of this round, or of the one before when already at its start."""
        start = self.round_start(self.position)
        return start if start < self.position else self.round_start(max(0, start - 1))


class ReplayDriver(NotPlayedHere):
    """A :class:`~game.table.driver.TableDriver` over a :class:`Replay`: the replay's
    controls move the position; as in play, a recorded computer seat to act keeps the
    loop's frame rate."""

    def __init__(self, replay: Replay):
        super().__init__(lambda: replay.session, "a replay is watched, not played", True)
        self.replay = replay
