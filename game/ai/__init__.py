"""Computer players. They see only the protocol: a bot is handed ``state.view(player)``
and returns one of ``view.legal_actions(player)``; hidden parts are sampled with
``view.determinize(rng)``, never read.

Levels: ``random`` (uniform legal), ``easy``, ``normal`` (greedy: a per-game evaluation)
and ``hard`` (search). A game's own knowledge lives in ``game/ai/<game>.py`` as
``greedy(view, player, rng) -> Action`` and ``evaluate(state, player) -> float``.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import random
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Protocol, TypeVar

from game.registry import LEVELS

if TYPE_CHECKING:  # annotations only: the rules load when a bot first decides
    from game.ai.search import Weighed
    from game.rules.protocol import Action, GameState

S = TypeVar("S", bound="GameState")


def state_of(cls: type[S], state: GameState) -> S:
    """``state`` as the game's own state class ``cls``. A bot is generic over games (it
    is handed a ``GameState``), but a game's knowledge only ever gets that game's states:
    anything else is a programming error, said plainly rather than as an AttributeError."""
    if not isinstance(state, cls):
        raise TypeError(f"expected a {cls.__name__}, not a {type(state).__name__}")
    return state


class Bot(Protocol):
    level: str

    def choose(self, view: GameState, player: int, rng: random.Random) -> Action: ...


class RandomBot:
    """Uniformly random legal actions: the baseline the soak tests and 'easy' build on."""

    level = "random"

    def choose(self, view: GameState, player: int, rng: random.Random) -> Action:
        legal = view.legal_actions(player)
        if not legal:
            raise ValueError(f"player {player} has no legal action")
        return rng.choice(legal)


class FunctionBot:
    """A level backed by a game module's function ``f(view, player, rng) -> Action``."""

    def __init__(self, level: str, func: Callable[[GameState, int, random.Random], Action]):
        self.level = level
        self._func = func

    def choose(self, view: GameState, player: int, rng: random.Random) -> Action:
        return self._func(view, player, rng)


def game_knowledge(game_id: str) -> ModuleType | None:
    """The module ``game.ai.<game_id>`` with the game's evaluation, or None."""
    name = f"game.ai.{game_id}"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


BOT_ALIASES = {"greedy": "normal", "search": "hard"}  # older names of the levels


def make_bot(game_id: str, level: str, budget_ms: float = 150.0, max_iterations: int = 400) -> Bot:
    """The bot of ``level`` for a game. 'hard' is the generic search over the game's
    evaluation (``game.ai.search``) unless the game brings its own."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    if level == "random":
        return RandomBot()
    knowledge = game_knowledge(game_id)
    if knowledge is None:
        raise ValueError(f"{game_id} has no computer player knowledge (game/ai/{game_id}.py)")
    if level == "hard" and getattr(knowledge, "hard", None) is not None:
        # a game's own search: the thinking time (a setting) scales its work
        return FunctionBot(
            "hard",
            functools.partial(knowledge.hard, budget_ms=budget_ms, max_iterations=max_iterations),
        )
    if level == "hard":
        from game.ai.search import SearchBot  # start-up: it brings the rules

        return SearchBot(
            knowledge.evaluate,
            knowledge.normal,
            budget_ms=budget_ms,
            max_iterations=max_iterations,
            evaluate_all=getattr(knowledge, "evaluate_all", None),
            horizon=getattr(knowledge, "SEARCH_HORIZON", "round"),
        )
    func = getattr(knowledge, level, None)
    if func is None:
        raise ValueError(f"{game_id} has no {level!r} computer player")
    return FunctionBot(level, func)


def analyse_hard(
    game_id: str,
    view: GameState,
    player: int,
    rng: random.Random,
    budget_ms: float = 150.0,
    max_iterations: int = 400,
    extra: Sequence[Action] = (),
) -> Weighed:
    """The hard computer's decision as data, measured (issue #40, the coach): the same
    search ``make_bot(game_id, "hard", budget_ms, max_iterations)`` runs, drawing the
    same numbers from ``rng``, so its choice is the hard computer's; each candidate
    carries the game's measures of its playouts. ``extra``: actions to weigh besides the
    search's own candidates (the review adds the move that was played)."""
    knowledge = game_knowledge(game_id)
    if knowledge is None:
        raise ValueError(f"{game_id} has no computer player knowledge (game/ai/{game_id}.py)")
    own = getattr(knowledge, "analyse_hard", None)
    if own is not None:
        weighed: Weighed = own(
            view, player, rng, budget_ms, max_iterations, measure=True, extra=extra
        )
        return weighed
    from game.ai.search import SearchBot  # start-up: it brings the rules

    bot = SearchBot(
        knowledge.evaluate,
        knowledge.normal,
        budget_ms=budget_ms,
        max_iterations=max_iterations,
        evaluate_all=getattr(knowledge, "evaluate_all", None),
        horizon=getattr(knowledge, "SEARCH_HORIZON", "round"),
    )
    return bot.analyse(view, player, rng, getattr(knowledge, "measure", None), extra)
