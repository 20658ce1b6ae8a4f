"""The one place a computer seat's turn becomes an action (issue #26).

Every caller that plays computer seats goes through here: the window (a worker thread
per decision, shown no sooner than a minimum delay), lessons, a hosting window's thread,
``serve`` (worker processes: :mod:`game.net.computers` runs :func:`run_bot_job` and keeps
its own scheduling), ``simulate``, ``tournament`` and the screenshots' fast-forward (on
the caller's thread). :func:`think` is the only call of a bot's ``choose`` in the program;
:func:`settle` is the one policy for a decision that comes back:

- **stale**: the action is no longer legal because the position moved on since the
  decision was asked for (another seat acted, a person came back): it is not applied
  and the computer decides again on the position as it is now. A decision that is still
  legal is played although others acted meanwhile: in a simultaneous secret choice the
  others' choices show this seat nothing, so its decision stands (as before this module);
- **failed**: the bot raised, or answered with an action the rules refuse in the very
  position it was asked about (a bug, not staleness): the failure is logged with its
  traceback and the first legal action is played, so a bot's bug never stalls a table
  with people at it. The window and the host used to check ``is_legal`` and crash on an
  exception, ``serve`` fell back to ``legal[0]``: this is that one rule for all.
  :attr:`BotRunner.failures` keeps them for the tools that count them (``simulate``).

A decision taken back (undo) or for a seat handed back to its person is forgotten where
that happens (``Session.pending`` is cleared), so its answer is never read.
"""

from __future__ import annotations

import functools
import logging
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from game.ai import Bot, make_bot
from game.rules.protocol import Action, Event, GameState

log = logging.getLogger(__name__)

Decided = Action | Exception  # what a bot answered, or how it failed


@dataclass(frozen=True)
class BotJob:
    """One computer decision, as plain values another thread or process can be handed
    (``Session.bot_job`` makes it: the seat's view and a seed of the computers' own)."""

    game_id: str
    level: str
    budget_ms: int
    view: GameState
    player: int
    seed: float


@dataclass
class PendingDecision:
    """A decision under way on a worker thread, for the position after ``moves`` actions."""

    player: int
    started: float
    moves: int
    thread: threading.Thread | None = None
    result: list[Decided] = field(default_factory=list)  # filled once, by the thread


class ComputerSeats(Protocol):
    """What a :class:`BotRunner` needs of the game whose computer seats it plays (a
    :class:`game.session.Session` is one). Said here, by the runner that uses it, so this
    module never imports the session: the session imports this one for the jobs and
    decisions it makes and keeps, and a circle of the two (issue #37, through
    ``TYPE_CHECKING`` too) made either impossible to read or test without the other."""

    @property
    def state(self) -> GameState: ...

    @property
    def actions(self) -> Sequence[tuple[int, str]]: ...

    @property
    def pending(self) -> dict[int, PendingDecision]: ...

    def apply(self, player: int, action: Action) -> list[Event]: ...

    def bot_job(self, player: int) -> BotJob: ...

    def bots_to_act(self) -> list[int]: ...


@functools.lru_cache(maxsize=64)
def job_bot(game_id: str, level: str, budget_ms: int) -> Bot:
    return make_bot(game_id, level, budget_ms)  # bots keep no state between decisions


def think(bot: Bot, view: GameState, player: int, rng: random.Random) -> Decided:
    """The bot's answer about ``view``, or the exception it raised (as a value: what to
    do about it is :func:`settle`'s)."""
    try:
        return bot.choose(view, player, rng)
    except Exception as exc:  # noqa: BLE001 - settled by the failure policy
        return exc


def think_job(job: BotJob) -> Decided:
    return think(
        job_bot(job.game_id, job.level, job.budget_ms),
        job.view,
        job.player,
        random.Random(job.seed),
    )


def run_bot_job(job: BotJob) -> str:
    """The decision's action in the game's notation (run in a worker process; a failure
    is raised for the pool to hand to :func:`settle`)."""
    decided = think_job(job)
    if isinstance(decided, Exception):
        raise decided
    return str(decided)


def failure(
    state: GameState, player: int, decided: Decided, *, moved: bool = False
) -> Exception | None:
    """How a decision failed (the bot raised, or its action is illegal in the position it
    was asked about), or None: it is played, or it is stale (``moved``: the position
    changed since it was asked for, and its action is no longer legal)."""
    if isinstance(decided, Exception):
        return decided
    if moved or state.is_legal(player, decided):
        return None
    return ValueError(f"the computer answered an illegal action: {decided}")


def settle(
    state: GameState, player: int, decided: Decided, *, moved: bool = False
) -> Action | None:
    """The action to play for ``player`` now, or None to decide again: the policy in the
    module's docstring."""
    failed = failure(state, player, decided, moved=moved)
    if failed is None:
        assert not isinstance(decided, Exception)
        return decided if state.is_legal(player, decided) else None  # stale: decide again
    log.error("computer player %d failed; it plays its first legal action", player, exc_info=failed)
    legal = state.legal_actions(player)
    return legal[0] if legal else None


class BotRunner:
    """Plays computer seats by the one policy. Without a session it decides for states
    it is handed (:meth:`decide`: simulate, tournament); with one it plays that
    session's computer seats, applying each action through ``apply`` (the session's own
    by default; a hosting window's goes through its table so every member is sent it):
    on this thread (:meth:`play_now`, :meth:`play_until_person`: lessons) or on worker
    threads shown no sooner than a minimum delay (:meth:`step`: the window).

    ``inline`` (a class attribute, normally False): :meth:`start` decides on the caller's
    thread, so :meth:`step` plays a computer's turn in the very call that starts it. The
    layout audit and the screenshots drive lessons this way: what a frame shows then never
    depends on how soon a worker thread got the CPU (a loaded machine saw other screens)."""

    inline = False

    def __init__(
        self,
        session: ComputerSeats | None = None,
        *,
        apply: Callable[[int, Action], list[Event]] | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ):
        self.session = session
        self._apply = apply
        self.clock = clock
        self.failures: list[tuple[int, Exception]] = []

    # -- states handed in --------------------------------------------------------------------
    def decide(self, bot: Bot, state: GameState, player: int, rng: random.Random) -> Action:
        """``bot``'s action for ``player`` in ``state`` (shown its view), on this thread."""
        action = self._settled(state, player, think(bot, state.view(player), player, rng))
        if action is None:
            raise ValueError(f"player {player} has no legal action")
        return action

    # -- a session's computer seats -----------------------------------------------------------
    def _session(self) -> ComputerSeats:
        if self.session is None:
            raise RuntimeError("this BotRunner plays no session")
        return self.session

    def _applied(self, player: int, action: Action) -> list[Event]:
        if self._apply is not None:
            return self._apply(player, action)
        return self._session().apply(player, action)

    def play_now(self, player: int) -> list[Event]:
        """Decide for ``player`` on this thread and play it; the events."""
        session = self._session()
        action = self._settled(session.state, player, think_job(session.bot_job(player)))
        if action is None:
            raise ValueError(f"player {player} has no legal action")
        return self._applied(player, action)

    def play_until_person(self) -> list[Event]:
        """Computer seats play until a person is to act or the game is over (the table's
        order: the first computer to act first); the events they caused."""
        session = self._session()
        events: list[Event] = []
        while not session.state.is_over() and session.bots_to_act():
            events += self.play_now(session.bots_to_act()[0])
        return events

    def start(self, player: int) -> None:
        """Start ``player``'s decision on a worker thread (it sees only its view)."""
        session = self._session()
        if player in session.pending:
            return
        job = session.bot_job(player)
        decision = PendingDecision(player, self.clock(), len(session.actions))
        if self.inline:
            decision.result.append(think_job(job))
            session.pending[player] = decision
            return

        def work() -> None:
            decision.result.append(think_job(job))

        decision.thread = threading.Thread(target=work, name=f"bot-{player}", daemon=True)
        session.pending[player] = decision
        decision.thread.start()

    def finished(self, player: int, min_delay: float = 0.0) -> Action | None:
        """``player``'s action once decided and ``min_delay`` seconds after it was asked
        for (a pause people can follow), settled by the policy; else None (not yet, or
        stale: the next :meth:`start` decides again)."""
        session = self._session()
        decision = session.pending.get(player)
        if decision is None or not decision.result:
            return None
        if self.clock() - decision.started < min_delay:
            return None
        del session.pending[player]
        moved = len(session.actions) != decision.moves
        return self._settled(session.state, player, decision.result[0], moved=moved)

    def step(self, min_delay: float = 0.0) -> tuple[int, list[Event]] | None:
        """Never waits: start a decision for each computer seat to act, and play the first
        one that is ready (at most one per call, so the screen shows each in turn)."""
        session = self._session()
        if session.state.is_over():
            return None
        for player in session.bots_to_act():
            self.start(player)
            action = self.finished(player, min_delay)
            if action is not None:
                return player, self._applied(player, action)
        return None

    def _settled(
        self, state: GameState, player: int, decided: Decided, *, moved: bool = False
    ) -> Action | None:
        failed = failure(state, player, decided, moved=moved)
        if failed is not None:
            self.failures.append((player, failed))
        return settle(state, player, decided, moved=moved)
