"""A match in progress, as every game scene drives it (no pygame here).

It owns the rules state, the seats (people or computer levels), the record of actions
(what saves and replays keep), computer decisions on a worker thread so the window keeps
animating, and the hot-seat question "whose private things may the screen show now?".
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from game import rules
from game.ai import make_bot
from game.boards import prepare_options
from game.rules.protocol import Action, Event, GameState, Record


@dataclass
class Seat:
    name: str
    character: str
    human: bool = True
    level: str = "normal"

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping) -> Seat:
        return cls(
            name=str(data["name"]),
            character=str(data["character"]),
            human=bool(data["human"]),
            level=str(data.get("level", "normal")),
        )


@dataclass
class PendingDecision:
    player: int
    started: float
    thread: threading.Thread
    result: list = field(default_factory=list)  # [Action] or [Exception]


class Session:
    def __init__(
        self,
        game_id: str,
        seats: list[Seat],
        seed: int,
        options: Mapping[str, Any] | None = None,
        *,
        prepared: bool = False,
        bot_budget_ms: int = 50,
    ):
        self.game_id = game_id
        self.module = rules.load(game_id)
        self.seats = list(seats)
        self.seed = seed
        self.options = dict(options or {}) if prepared else prepare_options(game_id, options)
        self.state: GameState = self.module.new_game(len(seats), seed, self.options)
        self.actions: list[tuple[int, str]] = []
        self.bot_budget_ms = bot_budget_ms
        self._bots = {
            i: make_bot(game_id, s.level, bot_budget_ms) for i, s in enumerate(seats) if not s.human
        }
        self._bot_rng = random.Random(seed * 31 + 7)
        self.pending: dict[int, PendingDecision] = {}
        self.viewer: int | None = None  # the person the screen currently belongs to
        self._last_events: list[Event] = []
        self.save_id = f"{game_id}-{time.strftime('%Y%m%d-%H%M%S')}-{seed}"

    # -- who is to act ---------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.seats)

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def humans_to_act(self) -> list[int]:
        return [p for p in self.state.to_act() if self.seats[p].human]

    def bots_to_act(self) -> list[int]:
        return [p for p in self.state.to_act() if not self.seats[p].human]

    def needs_handoff(self, player: int) -> bool:
        """A curtain is needed before showing ``player``'s private things when somebody
        else's were on screen and more than one person shares the screen."""
        return len(self.humans()) > 1 and self.viewer != player

    # -- acting ----------------------------------------------------------------------------
    def apply(self, player: int, action: Action) -> list[Event]:
        events = self.state.apply(player, action)
        self.actions.append((player, str(action)))
        self._last_events = events
        return events

    # -- undo --------------------------------------------------------------------------------
    def can_undo(self, player: int | None) -> bool:
        """A person may take back their last choice while nobody else has seen anything
        of it: its only public trace is "a choice was made face down" (a secret card), and
        nothing was revealed or left to chance since."""
        if player is None or not self.actions or not self.seats[player].human:
            return False
        if self.actions[-1][0] != player:
            return False
        face_down: frozenset[str] = getattr(self.module, "FACE_DOWN_EVENTS", frozenset())
        return all(
            e.visible_to is not None or e.kind in face_down
            for e in getattr(self, "_last_events", [None])
            if e is not None
        ) and bool(getattr(self, "_last_events", None))

    def undo(self, player: int) -> None:
        """Back to the state before ``player``'s last choice, by replaying the record
        without it (same seed, same actions: exactly the earlier state)."""
        if not self.can_undo(player):
            raise ValueError("that choice can no longer be taken back")
        actions = self.actions[:-1]
        self.state = self.module.new_game(self.players, self.seed, self.options)
        self.actions = []
        for p, text in actions:
            self.state.apply(p, self.module.parse_action(text))
            self.actions.append((p, text))
        self._last_events = []

    def start_bot(self, player: int) -> None:
        """Start a computer decision on a worker thread (it sees only its view)."""
        if player in self.pending:
            return
        view = self.state.view(player)
        rng = random.Random(self._bot_rng.random())
        bot = self._bots[player]
        # the thread is set just below: it runs think(), which fills this decision
        decision = PendingDecision(player, time.perf_counter(), None)  # type: ignore[arg-type]

        def think():
            try:
                decision.result.append(bot.choose(view, player, rng))
            except Exception as exc:  # noqa: BLE001 - reported to the scene, which shows it
                decision.result.append(exc)

        decision.thread = threading.Thread(target=think, name=f"bot-{player}", daemon=True)
        self.pending[player] = decision
        decision.thread.start()

    def finished_bot(self, player: int, min_delay: float = 0.0) -> Action | None:
        """The bot's action once it has decided and ``min_delay`` seconds have passed
        (a natural pause so people can follow), else None."""
        decision = self.pending.get(player)
        if decision is None or not decision.result:
            return None
        if time.perf_counter() - decision.started < min_delay:
            return None
        del self.pending[player]
        result = decision.result[0]
        if isinstance(result, Exception):
            raise result
        return result

    def thinking(self) -> list[int]:
        return [p for p, d in self.pending.items() if not d.result]

    # -- saving ----------------------------------------------------------------------------
    def record(self) -> Record:
        return Record(self.game_id, self.players, self.seed, self.options, tuple(self.actions))

    def to_dict(self) -> dict:
        return {"record": self.record().to_dict(), "seats": [s.to_dict() for s in self.seats]}

    @classmethod
    def from_record(cls, record: Record, seats: list[Seat], bot_budget_ms: int = 50) -> Session:
        session = cls(
            record.game,
            seats,
            record.seed,
            record.options,
            prepared=True,
            bot_budget_ms=bot_budget_ms,
        )
        for player, text in record.actions:
            session.apply(player, session.module.parse_action(text))
        return session
