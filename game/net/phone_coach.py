"""The coach on a phone (issue #40): a person whose hand is on their phone asks, at their
decision, what the hard computer would play; the host searches as the big screen's
Coach button does and sends the answer back to that phone only.

The same engine as at the big screen (:func:`game.ai.coach.advise`, the hard computer's
search on ``state.view(seat)``: never another seat's secret), and the same words
(:func:`game.ai.coach_words.lines`, in the phone's language). Asking marks the seat as
coached (``Session.coached``: the save and the History keep it), exactly as the big
screen's button does.

A stranger must not make the host search without limit (a hint is hundreds of
milliseconds to seconds of a core), so:

- only a phone seat's own connection may ask, and only at that seat's decision, for
  the position it is at (``n``: the actions played; an older one is refused);
- one search in flight per seat, and at most :data:`IN_FLIGHT` on the whole table;
- each seat may start a search :data:`COACH_RATE` a second on average and
  :data:`COACH_BURST` at once (:class:`game.net.limits.RateBucket`);
- the answer is kept for the decision: asking again at the same position (another
  language, the page reopened) is answered from it, without a search and without
  spending the rate.

The search runs on a thread of its own (:class:`game.background.BackgroundAnswer`); the
table's thread never waits: it polls (:meth:`PhoneCoach.poll`, from the host's pump) and
sends what came. Headless: no pygame.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.background import BackgroundAnswer
from game.net.limits import RateBucket
from game.net.protocol import COACH_LINE_MAX, encode

COACH_RATE = 0.2  # searches a seat may start a second on average (one each 5 s) ...
COACH_BURST = 3  # ... and at once (a person stepping back and forth between decisions)
IN_FLIGHT = 2  # searches running at once on one table (this machine has 2 cores)
LINES_MAX = 8  # the whole say: the pick, why, what was measured, the alternatives
LANGS = ("en", "ja")
# The catalog keys (by their start) a phone may be sent the words of: what
# coach_words.lines and action_name say. The phone page's font is cut to the characters
# of these too (tools/phone_font.py), so the coach's words are drawn in the box's font.
SAID_KEYS = tuple(
    f"coach.{part}"
    for part in (
        "pick", "why.", "measured", "alternative", "dash", "list_sep", "fact.",
        "against.", "act.", "hex.", "kind.",
    )
) + ("duck.dir.",)  # fmt: skip


class CoachRefusal(Exception):
    """An ask refused (nothing searched, nothing marked): ``code`` says why to the page
    ("coach_turn", "coach_stale", "coach_busy", "coach_rate"), ``reason`` in words."""

    def __init__(self, code: str, reason: str):
        super().__init__(reason)
        self.code, self.reason = code, reason


@dataclass
class _Asked:
    """One seat's search: the position it answers and the language it was asked in."""

    n: int
    lang: str
    answer: BackgroundAnswer[Any]


def said_texts(lang: str) -> list[str]:
    """Every catalog text of ``lang`` a phone may be sent by the coach (SAID_KEYS)."""
    from game.ui.i18n import namespace  # the catalogs (no pygame)

    names = sorted({key.partition(".")[0] for key in SAID_KEYS})
    return [
        text
        for name in names
        for key, text in namespace(lang, name).items()
        if key.startswith(SAID_KEYS)
    ]


def coach_message(advice: Any, lang: str) -> str:
    """The "coach" message a phone is sent: the position (``n``), the coach's say in the
    phone's language (``lines``: the pick, why, what was measured, then each alternative
    ranked with what it gives up) and the options shown, the pick first (``options``:
    each move in the rules' notation, which the page shows on its small board, and its
    name and figures as ``text``). Bounded: at most LINES_MAX lines of COACH_LINE_MAX."""
    from game.ai.coach_words import action_name, facts, lines, telling  # only when asked
    from game.ui.i18n import Translator  # the catalogs (no pygame); only when asked

    say = Translator(lang)
    said = [line[:COACH_LINE_MAX] for line in lines(say, advice)][:LINES_MAX]
    figures = telling(advice)
    shown = [advice.pick, *advice.alternatives()]
    options = [
        {
            "action": str(option.action),
            "text": say(
                "coach.alternative",
                rank=rank,
                action=action_name(say, advice.game_id, option.action, advice.table),
                facts=facts(say, option, figures),
            )[:COACH_LINE_MAX],
        }
        for rank, option in enumerate(shown, start=1)
    ]
    return encode("coach", n=advice.step, lines=said, options=options)


class PhoneCoach:
    """The coach's searches of one table's phone seats, their limits and their answers
    kept per decision. Called on the table's thread only (:class:`game.net.table.Table`)."""

    def __init__(
        self,
        *,
        rate: float = COACH_RATE,
        burst: int = COACH_BURST,
        in_flight: int = IN_FLIGHT,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.rate, self.burst, self.in_flight, self.clock = rate, burst, in_flight, clock
        self._buckets: dict[int, RateBucket] = {}
        self._asked: dict[int, _Asked] = {}  # seat -> its search under way
        self._kept: dict[int, tuple[int, Any]] = {}  # seat -> (position, its advice)
        self.searches = 0  # searches started (for the tests and the log)

    def kept(self, seat: int, n: int) -> Any:
        """The advice found for ``seat``'s decision at position ``n`` (None: not asked)."""
        found = self._kept.get(seat)
        return found[1] if found is not None and found[0] == n else None

    def running(self, seat: int | None = None) -> int:
        """Searches under way (of ``seat``, or on the table)."""
        return sum(1 for s in self._asked if seat is None or s == seat)

    def ask(self, session: Any, seat: int, n: int, lang: str) -> str | None:
        """``seat`` asks the coach at position ``n`` in ``lang``: the message to send at
        once (the answer kept for this decision), or None (a search started; its answer
        comes from :meth:`poll`). Raises :class:`CoachRefusal`, having changed nothing."""
        lang = lang if lang in LANGS else "en"
        state = session.state
        if state.is_over() or seat not in state.to_act():
            raise CoachRefusal("coach_turn", "the coach answers at your own decision only")
        if n != len(session.actions):
            raise CoachRefusal(
                "coach_stale", f"the game is at move {len(session.actions)}, not {n}: ask again"
            )
        kept = self._kept.get(seat)
        if kept is not None and kept[0] == n:
            return coach_message(kept[1], lang)
        if seat in self._asked:
            raise CoachRefusal("coach_busy", "the coach is still thinking about your last ask")
        if len(self._asked) >= self.in_flight:
            raise CoachRefusal("coach_busy", "the coach is thinking for other seats: ask again")
        bucket = self._buckets.setdefault(seat, RateBucket(self.rate, self.burst, self.clock))
        if not bucket.allow():
            raise CoachRefusal("coach_rate", "the coach was asked too often just now: wait a bit")
        game_id, view = session.game_id, state.view(seat)  # a copy: the seat's view only

        def work() -> Any:
            from game.ai.coach import advise  # the search only when somebody asks

            return advise(game_id, view, seat, n)

        self._asked[seat] = _Asked(n, lang, BackgroundAnswer("phone-coach").start(work))
        self.searches += 1
        session.coached.add(seat)  # asked: marked, as the big screen's button marks it
        return None

    def poll(self, session: Any) -> list[tuple[int, str]]:
        """The answers that came since the last poll, as (seat, message text): the coach's
        say while the seat is still at the decision it asked about, else a refusal the
        page reads as "that decision has passed" (the person played meanwhile)."""
        out: list[tuple[int, str]] = []
        for seat, asked in list(self._asked.items()):
            advice = asked.answer.poll()
            if advice is None and asked.answer.problem is None:
                continue  # still searching
            del self._asked[seat]
            still = len(session.actions) == asked.n and seat in session.state.to_act()
            if advice is not None:
                self._kept[seat] = (asked.n, advice)
            if advice is not None and still:
                out.append((seat, coach_message(advice, asked.lang)))
            elif advice is not None:
                out.append((seat, _refusal("coach_stale", "that decision has passed")))
            else:
                out.append((seat, _refusal("coach_none", "the coach has nothing to say here")))
        return out

    def wait(self, timeout: float) -> bool:
        """Wait for every search under way to end (tests; a table never waits)."""
        deadline = time.monotonic() + timeout
        return all(
            asked.answer.wait(max(0.0, deadline - time.monotonic()))
            for asked in list(self._asked.values())
        )


def _refusal(code: str, reason: str) -> str:
    return encode("refusal", code=code, reason=reason, id=None)
