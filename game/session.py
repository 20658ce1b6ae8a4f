"""A match in progress, as every game scene drives it (no pygame here).

It owns the rules state, the seats (people or computer levels), the record of actions
(what saves and replays keep), the computer decisions under way (``pending``: made and
played by :class:`game.table.bots.BotRunner`, forgotten here on undo and hand-over),
and the hot-seat question "whose private things may the screen show now?".
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from game import registry, rules
from game.boards import prepare_options
from game.registry import LEVELS
from game.rules.protocol import Action, Event, GameState, Record
from game.table.bots import BotJob, PendingDecision

SEED_BITS = 128


def new_seed() -> int:
    """A new game's seed: 128 bits from the operating system's secure source (issue #18).

    Everything hidden in a game (hands, decks, tiles, hats, every future die) comes from
    ``random.Random(seed)``, so the seed is the whole secret: with 31 bits, one player's
    opening view was enough to search the seeds and find every other hand. 2**128 seeds
    cannot be searched. The same function seeds the computer players' generators, which
    must not be derivable from the game's seed either."""
    return secrets.randbits(SEED_BITS)


def shares_a_screen(secrets: bool, people: int) -> bool:
    """The one policy of secrets at one screen (issue #36, docs/secrecy.md): with two or
    more people at a screen, in a game that hides anything, the screen is one seat's at a
    time, and only behind a curtain does it pass to a seat (the table scene gives it up
    whenever everybody watches: another seat acts, the seat's own turn or a round ends;
    :meth:`game.scenes.table.sharing.ScreenSharing.give_up`). A game with nothing
    hidden never shows a curtain; one person at a screen has it to themselves."""
    return secrets and people > 1


def revealed_by(events: list[Event], actor: int, revealing: Mapping[str, str]) -> str | None:
    """Why the events of ``actor``'s action forbid taking it back, or None.

    ``revealing`` is a rules package's ``REVEALING_EVENTS`` (event kind -> "roll",
    "draw" or "reveal"). Besides those kinds, an event shown only to particular players
    other than the actor alone (a private twin: a card another seat drew) is a reveal.
    """
    for event in events:
        reason = revealing.get(event.kind)
        if reason is not None:
            return reason
        if event.visible_to is not None and set(event.visible_to) - {actor}:
            return "reveal"
    return None


def new_save_id(game_id: str) -> str:
    """A new game's autosave name: the time and a random tag, nothing derived from the
    seed (a copy of a game another window plays gets a new one too, issue #36)."""
    return f"{game_id}-{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(4)}"


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


def default_seats(info, count: int, t) -> list[Seat]:
    """The lobby's table for a new game of ``info`` (a ``registry.GameInfo``); ``t`` the
    app's translator. Seat 1 a person, the others computers; seat i plays the shared cast's member i,
    named after it (the same names in every game)."""
    seats = []
    for i in range(count):
        character = info.characters[i % len(info.characters)]
        seats.append(
            Seat(
                t("app.default_name", n=i + 1)
                if i == 0
                else t.pick(character.name_en, character.name_ja),
                character.key,
                human=i == 0,
                level="normal",
            )
        )
    return seats


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
        bot_seed: int | None = None,
    ):
        self.game_id = game_id
        self.module = rules.load(game_id)
        self.seats = list(seats)
        for seat in self.seats:
            if not seat.human and seat.level not in LEVELS:
                raise ValueError(f"unknown bot level {seat.level!r}; known: {', '.join(LEVELS)}")
        self.seed = seed
        self.options = dict(options or {}) if prepared else prepare_options(game_id, options)
        self.state: GameState = self.module.new_game(len(seats), seed, self.options)
        # the game hides things from some seats (a curtain between people at one screen)
        self.secrets = registry.get(game_id).hides_things(self.options)
        self.actions: list[tuple[int, str]] = []
        self.bot_budget_ms = bot_budget_ms
        # The computer players' chance (tie-breaks, sampled worlds, playouts) comes from a
        # seed of its own, never from the game's: a bot's choices must tell nothing about
        # the game's seed, and knowing the seed must not predict the bots. Tests and tools
        # that want the same bot choices again pass ``bot_seed``.
        self.bot_seed = new_seed() if bot_seed is None else bot_seed
        self._bot_rng = random.Random(self.bot_seed)
        self.pending: dict[int, PendingDecision] = {}
        # the seats whose person asked the coach (issue #40): kept in the save and marked
        # in the history, so a record says so
        self.coached: set[int] = set()
        self.viewer: int | None = None  # the person the screen currently belongs to
        self._last_events: list[Event] = []
        self.save_id = new_save_id(game_id)

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
        """A curtain is needed before showing ``player``'s private things when the screen
        is not theirs now (somebody else's, or nobody's since everybody watched) and more
        than one person shares it (:func:`shares_a_screen`)."""
        return shares_a_screen(self.secrets, len(self.humans())) and self.viewer != player

    # -- acting ----------------------------------------------------------------------------
    def apply(self, player: int, action: Action) -> list[Event]:
        events = self.state.apply(player, action)
        self.actions.append((player, str(action)))
        self._last_events = events
        return events

    # -- undo --------------------------------------------------------------------------------
    def undo_refusal(self, player: int | None) -> str | None:
        """None when ``player`` may take back their last action now, else why not:

        - ``"nothing"``: nobody (or a computer) is at the screen, or this person has not
          acted yet;
        - ``"over"``: the game has ended (its result stands);
        - ``"other"``: somebody else has acted since (a computer too: once its action is
          applied it has been seen);
        - ``"roll"`` / ``"draw"`` / ``"reveal"``: the action itself, or what the rules did
          at once after it, showed the result of chance or something hidden (the reason
          the game gives in ``REVEALING_EVENTS``, see :func:`revealed_by`).

        A computer that has only started thinking about the position after the action
        does not stand in the way: :meth:`undo` makes it forget that decision.
        """
        if player is None or not self.seats[player].human:
            return "nothing"
        if not any(p == player for p, _ in self.actions):
            return "nothing"
        if self.state.is_over():
            return "over"
        if self.actions[-1][0] != player:
            return "other"
        revealing: Mapping[str, str] = getattr(self.module, "REVEALING_EVENTS", {})
        return revealed_by(self._last_events, player, revealing)

    def can_undo(self, player: int | None) -> bool:
        return self.undo_refusal(player) is None

    def undo(self, player: int) -> None:
        """Back to the state before ``player``'s last action, by replaying the record
        without it (same seed, same actions: exactly the earlier state, chance included).
        The action before it may then be taken back too, on the same terms.

        Computer decisions under way are forgotten: each thinks on its own copy of an old
        view, so its worker thread finishes harmlessly and its answer is never read; the
        BotRunner starts them again on the restored position."""
        refusal = self.undo_refusal(player)
        if refusal is not None:
            raise ValueError(f"that action can no longer be taken back ({refusal})")
        actions = self.actions[:-1]
        self.pending.clear()
        self.state = self.module.new_game(self.players, self.seed, self.options)
        self.actions = []
        self._last_events = []
        for p, text in actions:
            self.apply(p, self.module.parse_action(text))

    def bot_job(self, player: int) -> BotJob:
        """A computer seat's decision about the position now, as plain values any thread
        or process can be handed (game.table.bots runs it): the seat's view, its level
        and a seed drawn from the bots' generator (one number per decision), never
        touching this session, so the session goes on while it is decided."""
        seat = self.seats[player]
        return BotJob(
            self.game_id,
            seat.level,
            self.bot_budget_ms,
            self.state.view(player),
            player,
            self._bot_rng.random(),
        )

    def ask_coach(self, player: int) -> Any:
        """The coach's view of ``player``'s decision now (:func:`game.ai.coach.advise`,
        on their view, at this position); the seat is marked as coached from then on."""
        from game.ai.coach import advise  # the search only when somebody asks

        advice = advise(self.game_id, self.state, player, len(self.actions))
        self.coached.add(player)
        return advice

    # -- seats handed over -------------------------------------------------------------------
    def hand_to_computer(self, player: int, level: str = "normal") -> None:
        """A person's seat played by a computer from now on (an online player who is
        gone: the host may hand the seat over rather than wait). Its record is kept."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
        seat = self.seats[player]
        seat.human, seat.level = False, level
        self.pending.pop(player, None)

    def hand_to_person(self, player: int) -> None:
        """The seat back to its person (they came back); a decision under way is forgotten."""
        self.seats[player].human = True
        self.pending.pop(player, None)

    def use_bot_budget(self, bot_budget_ms: int) -> None:
        """Give the computer seats this thinking budget (a session loaded before the app's
        settings were read gets the player's setting this way)."""
        if bot_budget_ms != self.bot_budget_ms and not self.pending:
            self.bot_budget_ms = bot_budget_ms

    def thinking(self) -> list[int]:
        return [p for p, d in self.pending.items() if not d.result]

    # -- saving ----------------------------------------------------------------------------
    def record(self) -> Record:
        return Record(self.game_id, self.players, self.seed, self.options, tuple(self.actions))

    def to_dict(self) -> dict:
        return {"record": self.record().to_dict(), "seats": [s.to_dict() for s in self.seats]}

    @classmethod
    def from_record(
        cls,
        record: Record,
        seats: list[Seat],
        bot_budget_ms: int = 50,
        bot_seed: int | None = None,
    ) -> Session:
        session = cls(
            record.game,
            seats,
            record.seed,
            record.options,
            prepared=True,
            bot_budget_ms=bot_budget_ms,
            bot_seed=bot_seed,
        )
        for player, text in record.actions:
            session.apply(player, session.module.parse_action(text))
        return session
