"""One table (issue #18): the host's Session, its seats and who sits at them.

The table is plain synchronous code, owned by one thread: the network thread of
``serve``, or the pygame thread of a desktop host (which calls
:meth:`game.net.host.HostThread.pump` each frame). It never waits: a :class:`Peer` is a
connection's non-blocking ``send``/``close``, whatever carries it.

Host-authoritative: the Session here is the only state. A client sends an action in
the rules' notation; the table parses it, applies it to the session (the rules refuse an
illegal one before anything changes), and sends every member the events they may see
and their fresh ``view(seat)``. Nothing derived from the seed leaves: no seed, no
``Session.save_id``, no Record, and no action text (a secret card choice is in it) --
only views and events filtered by ``Event.seen_by``.

Once the game is over, and never before, every member is sent the whole record in one
"record" message (issue #28): the game, its options, the seed and every action, so a
joiner can keep the game in its history and watch it again (nothing is secret then).
"""

from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from game import registry
from game.net.limits import REJOIN_BURST, REJOIN_RATE, SEATS_EVERY_S, RateBucket
from game.net.phone import legal_texts
from game.net.phone_coach import CoachRefusal, PhoneCoach
from game.net.protocol import (
    MAX_OUTBOUND_BYTES,
    REASON_MAX,
    RECORD_MAX_ACTIONS,
    encode,
    new_code,
    new_phone_token,
    new_token,
    token_digest,
    token_matches,
)
from game.rules.protocol import Action, Event, GameState, IllegalAction, NotationError
from game.session import Session
from game.settings import name_problem

LOG_EVENTS = 120  # the latest events a (re)joining member is sent, those it may see
MAX_SPECTATORS = 16
META_FORMAT = 1

# Close codes (4000-4999 are the application's own, RFC 6455 7.4.2).
CLOSE_ERROR = 4000  # a fatal problem, said in an "error" message just before
CLOSE_REPLACED = 4003  # a newer connection took the seat with its token
CLOSE_TABLE_GONE = 4004


class Peer(Protocol):
    """A connection as a table sees it: both calls return at once, from any thread."""

    def send(self, text: str) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


class Refused(Exception):
    """One message refused: a "refusal" goes back, nothing changed, the line stays open."""

    def __init__(self, code: str, reason: str):
        # a joiner refuses a reason past REASON_MAX (issue #36): an exception's text in it
        # (an action's notation, an option's problem) is cut rather than the line lost
        reason = reason[:REASON_MAX]
        super().__init__(reason)
        self.code, self.reason = code, reason


class Fatal(Refused):
    """A message after which the connection is closed (wrong code, unknown token)."""


Later = Callable[[float, Callable[[], None]], Any]


class Table:
    # Where a window's table listens (kept in its table file: a resumed host listens there
    # again, so the others' clients find it by themselves); None on ``serve``.
    port: int | None = None
    # The address key of the connection that created the table on ``serve`` (its quotas
    # and its turn for the computers are counted by it); None: the host's own table.
    creator: str | None = None
    # The options' JSON text, made once by the autosave (game.net.store.table_files)
    options_json: str | None = None
    # The digest of the game, seat count, seed and options (issue #36), made once by the
    # autosave too (game.net.store.deal_digest): kept in the table file, checked on opening
    deal_digest: str | None = None
    # A table opened again from its file: the seats at the host's screen whose hands were
    # on phones (issue #29; game.net.store.open_table), to be given new phone keys
    phones_before: tuple[int, ...] = ()

    def __init__(
        self,
        session: Session,
        *,
        code: str | None = None,
        owner_digest: str | None = None,
        seat_digests: list[str | None] | None = None,
        last_ids: list[int] | None = None,
        local_seats: Iterable[int] = (),
        events: Iterable[Event | str] | None = None,
        created: float | None = None,
        joined: bool = False,
        active: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        players = session.players
        self.session = session
        self.code = code or new_code()
        self.owner_digest = owner_digest
        self.digests: list[str | None] = list(seat_digests or [None] * players)
        self.last_ids: list[int] = list(last_ids or [0] * players)
        self.local_seats = set(local_seats)
        self.members: dict[Peer, int | None] = {}  # connection -> seat (None: spectator)
        self.seat_peer: dict[int, Peer] = {}
        # The latest events as JSON text, each written the moment it happened (a game may
        # change a list it put in an event's data later: Verflixxt!'s hat_tie "players").
        self.log: deque[str] = deque(maxlen=LOG_EVENTS)
        if events is None and not session.actions:
            events = opening_events(session.state)
        self.log.extend(e if isinstance(e, str) else event_text(e) for e in events or ())
        # Called after every change with what changed: "action", "seats", "tokens" or
        # "members" (somebody came or went: no seat changed hands) -- the server
        # autosaves and starts computer decisions from it.
        self.on_change: Callable[[str], None] | None = None
        self.thinking: set[int] = set()  # computer decisions under way (the driver's)
        self.deciding: set[int] = set()  # ... of which those in the computers' pool now
        self.last_events: list[Event] = []
        self.closed = False
        # For the host's expiry (wall-clock seconds, kept in the table file): when the
        # table was made, whether anybody ever joined it, when it last had a member.
        self.created = time.time() if created is None else created
        self.joined = joined
        self.active = self.created if active is None else active
        # Seat statuses go to the members at most every SEATS_EVERY_S (a rejoin loop must
        # not become a flood to everybody else): ``later`` schedules the next batch (the
        # host's loop, or a window's pump); without it every change is sent at once.
        self.clock = clock
        self.later: Later | None = None
        self._seats_sent = -SEATS_EVERY_S
        self._seats_due = False
        self._rejoins = [RateBucket(REJOIN_RATE, REJOIN_BURST, clock) for _ in range(players)]
        self._record: str | None = None  # the record message, made once the game is over
        # Phones as hands (issue #29): seats at the host's screen whose person may hold
        # their hand on a phone (a client with the seat's token); each such member is
        # sent its legal actions in the rules' notation with every view ("legal").
        self.phone_seats: set[int] = set()
        # the coach on a phone (issue #40): its searches, their limits, answers kept
        self.coach = PhoneCoach(clock=clock)

    @classmethod
    def new(cls, session: Session, **kwargs: Any) -> tuple[Table, str]:
        """A new table and its owner's token (the one who may hand seats over)."""
        owner = new_token()
        return cls(session, owner_digest=token_digest(owner), **kwargs), owner

    # -- seats -----------------------------------------------------------------------------
    def phone_token(self, seat: int) -> str:
        """A new short token for a seat at the host's screen held on a phone (issue #29):
        the person scans or types it; any earlier phone token of the seat stops working."""
        if seat not in self.local_seats or not self.session.seats[seat].human:
            raise Refused("seat", f"seat {seat} is not a person at the host's screen")
        token = new_phone_token()
        self.digests[seat] = token_digest(token)
        self.phone_seats.add(seat)
        self._changed("tokens")
        return token

    def on_phone(self, seat: int) -> bool:
        """A phone holds this seat now (its person's hand is on it, not on the screen)."""
        return seat in self.phone_seats and seat in self.seat_peer

    def status(self, seat: int) -> str:
        """ "computer", "standing_in" (a computer plays a person's seat until its person
        rejoins with the token), "local" (a person at the host's screen), "phone" (a
        person at the host's screen whose hand is on their phone, issue #29), "connected",
        "reconnecting" (its person's line dropped: the seat waits) or "open"."""
        if not self.session.seats[seat].human:
            if self.digests[seat] is not None and seat not in self.local_seats:
                return "standing_in"
            return "computer"
        if seat in self.local_seats:
            return "phone" if self.on_phone(seat) else "local"
        if seat in self.seat_peer:
            return "connected"
        return "reconnecting" if self.digests[seat] is not None else "open"

    def seats_info(self) -> list[dict[str, Any]]:
        return [
            {
                "name": s.name,
                "character": s.character,
                "human": s.human,
                "level": s.level,
                "status": self.status(i),
            }
            for i, s in enumerate(self.session.seats)
        ]

    def spectators(self) -> int:
        return sum(1 for seat in self.members.values() if seat is None)

    # -- what members are sent --------------------------------------------------------------
    def view_dict(self, seat: int | None) -> dict[str, Any]:
        """``view(seat)`` as sent: without the options (sent once, in the welcome) and
        refused outright if the rules ever left the seed or the generator in a view."""
        return self._view_and_options(seat)[0]

    def _view_and_options(self, seat: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
        shown = self.session.state.view(seat).to_dict()
        if shown.get("seed") is not None or shown.get("rng") is not None:
            raise AssertionError(f"{self.session.game_id}'s view({seat}) carries the seed")
        return shown, shown.pop("options", None) or {}

    def welcome(self, seat: int | None, token: str | None) -> str:
        # The options the rules play by (their defaults filled in: a Session made with
        # options={} leaves Verflixxt!'s "variant" out of Session.options), which is
        # what a client's from_dict needs; the public table data, no secret.
        view, options = self._view_and_options(seat)
        return encode(
            "welcome",
            seat=seat,
            token=token,
            game=self.session.game_id,
            players=self.session.players,
            options=options,
            seats=self.seats_info(),
            view=view,
            to_act=list(self.session.state.to_act()),
            events=[e for e in map(json.loads, self.log) if _seen(e, seat)],
            n=len(self.session.actions),
            last_id=0 if seat is None else self.last_ids[seat],
            **self._legal(seat),
        )

    def _legal(self, seat: int | None) -> dict[str, Any]:
        """A phone seat's legal actions (``legal``) for its welcome and updates: what its
        page offers, in the rules' notation (its own view would give the same)."""
        if seat is None or seat not in self.phone_seats:
            return {}
        state = self.session.state
        legal = legal_texts(state, seat)
        # where each choice would take the seat's pieces: on its phone only (issue #29)
        preview = registry.get(self.session.game_id).phone_preview(state, seat)
        return {"legal": legal} if preview is None else {"legal": legal, "preview": preview}

    def look(self) -> str:
        """The "table" answer to a ``look``: what anybody with the join code may see
        before joining (a spectator's welcome shows as much and more): the game, the
        seats, the lobby's choices (only plain values: the prepared board, deck and tiles
        stay out, the game names them), the game's characters and those held by a seat
        (a person sitting down may pick a character no other seat holds)."""
        session = self.session
        characters = [c.key for c in registry.get(session.game_id).characters]
        return encode(
            "table",
            game=session.game_id,
            players=session.players,
            seats=self.seats_info(),
            options={
                key: value
                for key, value in session.options.items()
                if value is None
                or isinstance(value, (bool, int))
                or (isinstance(value, str) and len(value) <= 40)
            },
            characters=characters,
            taken=[s.character for s in session.seats],
            spectators=self.spectators(),
        )

    def broadcast_seats(self) -> None:
        """The seats' statuses to every member: now, or with the next batch when the
        last went out less than SEATS_EVERY_S ago (the newest statuses then)."""
        if self._seats_due:
            return  # a batch is coming: it will carry this change too
        wait = self._seats_sent + SEATS_EVERY_S - self.clock()
        if self.later is None or wait <= 0:
            self._send_seats()
        else:
            self._seats_due = True
            self.later(wait, self._send_seats)

    def _send_seats(self) -> None:
        self._seats_due = False
        if self.closed:
            return
        self._seats_sent = self.clock()
        text = encode("seats", seats=self.seats_info())
        for peer in list(self.members):
            peer.send(text)

    def _changed(self, what: str) -> None:
        if what != "action":
            self.joined = self.joined or bool(self.members)
            self.active = time.time()
        if self.on_change is not None:
            self.on_change(what)

    # -- joining -------------------------------------------------------------------------
    def join(self, peer: Peer, seat: int | None, name: str, character: str | None = None) -> None:
        """A person takes a free seat (or watches, ``seat`` None): their welcome carries
        the seat's new token, the only key that may act for it or rejoin it."""
        if peer in self.members:
            raise Refused("joined", "this connection is already at the table")
        if seat is None:
            if self.spectators() >= MAX_SPECTATORS:
                raise Refused("full", f"this table has its {MAX_SPECTATORS} spectators already")
            self.members[peer] = None
            peer.send(self.welcome(None, None))
            self._send_record(peer)
            self._changed("members")
            return
        if not 0 <= seat < self.session.players:
            raise Refused("seat", f"this table has seats 0 to {self.session.players - 1}")
        if self.status(seat) != "open":
            raise Refused("seat_taken", f"seat {seat} is not free ({self.status(seat)})")
        problem = name_problem(name)
        if problem is not None:
            raise Refused("name", f"that name {problem}")
        if character is not None:
            self._check_character(seat, character)
            self.session.seats[seat].character = character
        token = new_token()
        self.digests[seat] = token_digest(token)
        self.session.seats[seat].name = name
        self.members[peer] = seat
        self.seat_peer[seat] = peer
        peer.send(self.welcome(seat, token))
        self._send_record(peer)
        self.broadcast_seats()
        self._changed("tokens")

    def _check_character(self, seat: int, character: str) -> None:
        keys = [c.key for c in registry.get(self.session.game_id).characters]
        taken = {s.character for i, s in enumerate(self.session.seats) if i != seat}
        if character not in keys or character in taken:
            free = [k for k in keys if k not in taken]
            raise Refused("character", f"the free characters are {', '.join(free)}")

    def rejoin(self, peer: Peer, token: str) -> int:
        """Back at one's seat with its token, hand and all. A newer connection with the
        token takes the seat: the older one is told and closed (a dropped line is often
        noticed only after its person has come back on a new one)."""
        if peer in self.members:
            raise Refused("joined", "this connection is already at the table")
        seat = next((i for i, d in enumerate(self.digests) if token_matches(token, d)), None)
        if seat is None:
            raise Fatal("token", "no seat at this table has that token")
        if not self._rejoins[seat].allow():
            raise Fatal("rate", "this seat rejoined too often just now: wait a few seconds")
        old = self.seat_peer.pop(seat, None)
        if old is not None:
            self.members.pop(old, None)
            old.send(
                encode(
                    "error",
                    code="replaced",
                    reason="your seat was taken over by a newer connection with its token",
                )
            )
            old.close(CLOSE_REPLACED, "seat taken over by a newer connection")
        if not self.session.seats[seat].human and not self.session.state.is_over():
            self.session.hand_to_person(seat)  # handed to a computer while away: back
            self.thinking.discard(seat)
        self.members[peer] = seat
        self.seat_peer[seat] = peer
        peer.send(self.welcome(seat, None))
        self._send_record(peer)
        self.broadcast_seats()
        self._changed("seats")
        return seat

    def leave(self, peer: Peer) -> None:
        """A connection is gone: its seat waits ("reconnecting") for its token."""
        if peer not in self.members:
            return
        seat = self.members.pop(peer)
        if seat is not None and self.seat_peer.get(seat) is peer:
            del self.seat_peer[seat]
            self.broadcast_seats()
        self._changed("members")

    # -- acting ----------------------------------------------------------------------------
    def act(self, peer: Peer, message_id: int, text: str) -> None:
        """A member's action message. Refused (and nothing changed) unless it comes from
        the connection holding the seat, is newer than every earlier message of that
        seat (a replayed message is refused), is notation of this game and is legal."""
        if peer not in self.members:
            raise Refused("not_joined", "join the table before acting")
        seat = self.members[peer]
        if seat is None:
            raise Refused("spectator", "a spectator cannot act")
        if message_id <= self.last_ids[seat]:
            raise Refused(
                "replayed",
                f"message {message_id} is not newer than {self.last_ids[seat]}, the last "
                "this seat sent: a replay is refused and nothing changed",
            )
        self.last_ids[seat] = message_id
        if not self.session.seats[seat].human:
            raise Refused("computer", "a computer plays this seat now")
        try:
            action = self.session.module.parse_action(text)
        except NotationError as exc:
            raise Refused("notation", f"not an action of this game: {exc}") from None
        try:
            self.apply(seat, action, ack=(peer, message_id))
        except IllegalAction as exc:
            raise Refused("illegal", f"{exc}; nothing changed") from None

    def apply(
        self, player: int, action: Action, ack: tuple[Peer, int] | None = None
    ) -> list[Event]:
        """Apply an action of ``player`` (a member's, a local person's or a computer's)
        and send every member what it may see; the member whose message it was gets
        its id back as ``ack``. IllegalAction changes nothing."""
        events = self.session.apply(player, action)
        self.last_events = events
        written = [event_text(e) for e in events]
        self.log.extend(written)
        happened = [json.loads(text) for text in written]  # a deep copy, as it was now
        n = len(self.session.actions)
        to_act = list(self.session.state.to_act())
        texts: dict[int | None, str] = {}  # one text a seat, however many watch it
        for peer, seat in list(self.members.items()):
            if seat not in texts:
                seen = [e for e in happened if _seen(e, seat)]
                view = self.view_dict(seat)
                texts[seat] = encode(
                    "update", n=n, events=seen, view=view, to_act=to_act, **self._legal(seat)
                )
            if ack is not None and ack[0] is peer:
                # the same update with the message's id: set into its text (an object's
                # last "}"), not encoded again with its whole view
                peer.send(f'{texts[seat][:-1]},"ack":{int(ack[1])}}}')
            else:
                peer.send(texts[seat])
        if self.session.state.is_over():
            for peer in list(self.members):
                self._send_record(peer)
        self._changed("action")
        return events

    # -- the coach on a phone (issue #40) -------------------------------------------------------
    def ask_coach(self, peer: Peer, n: int, lang: str) -> None:
        """A phone seat's "coach" message: the coach's say at its decision, now (kept for
        this decision) or once the search ends (:meth:`coach_answers`). Refused, nothing
        searched and nothing marked, unless it comes from the connection holding a seat
        on a phone at that seat's decision, within the coach's limits."""
        seat = self.members.get(peer)
        if seat is None or seat not in self.phone_seats or self.seat_peer.get(seat) is not peer:
            raise Refused("coach_seat", "the coach answers a seat's phone only")
        try:
            text = self.coach.ask(self.session, seat, n, lang)
        except CoachRefusal as exc:
            raise Refused(exc.code, exc.reason) from None
        if text is not None:
            peer.send(text)

    def coach_answers(self) -> None:
        """The coach's answers that came (called by the host's pump, never waits): each
        to the phone holding its seat now (a phone that reconnected meanwhile too)."""
        for seat, text in self.coach.poll(self.session):
            peer = self.seat_peer.get(seat)
            if peer is not None:
                peer.send(text)

    # -- the finished game's record (issue #28) ------------------------------------------------
    def record_text(self) -> str | None:
        """The "record" message of the finished game: None while it is not over (until
        then the seed is the whole secret, and an action text may be a secret choice),
        or when the record is past the protocol's bounds."""
        session = self.session
        if not session.state.is_over() or len(session.actions) > RECORD_MAX_ACTIONS:
            return None
        if self._record is None:
            self._record = encode(
                "record",
                game=session.game_id,
                options=session.options,
                seed=str(session.seed),
                actions=[[player, text] for player, text in session.actions],
            )
            if len(self._record.encode("utf-8")) > MAX_OUTBOUND_BYTES:
                self._record = ""
        return self._record or None

    def _send_record(self, peer: Peer) -> None:
        text = self.record_text()
        if text is not None:
            peer.send(text)

    # -- seats handed over ---------------------------------------------------------------
    def owner_may(self, owner_token: str) -> bool:
        return token_matches(owner_token, self.owner_digest)

    def hand_to_computer(self, seat: int, level: str = "normal") -> None:
        """A waiting seat ("open" or "reconnecting") played by a computer; its person
        gets it back by rejoining with the token."""
        if not 0 <= seat < self.session.players:
            raise Refused("seat", f"this table has seats 0 to {self.session.players - 1}")
        status = self.status(seat)
        if status not in ("open", "reconnecting"):
            raise Refused("seat_busy", f"only a waiting seat can be handed over, not a {status}")
        self.session.hand_to_computer(seat, level)
        self.broadcast_seats()
        self._changed("seats")

    # -- the end of a table ------------------------------------------------------------------
    def close(self, reason: str) -> None:
        self.closed = True
        text = encode("error", code="closed", reason=reason[:REASON_MAX])
        for peer in list(self.members):
            peer.send(text)
            peer.close(CLOSE_TABLE_GONE, "table closed")
        self.members.clear()
        self.seat_peer.clear()

    def meta(self, host: str) -> dict[str, Any]:
        """What a restarted host needs beside the autosave to open the table again: the
        code, the digests of the seat tokens (never the tokens) and the seats' last ids."""
        return {
            "format": META_FORMAT,
            "host": host,
            "code": self.code,
            "save_id": self.session.save_id,
            "owner": self.owner_digest,
            "seats": list(self.digests),
            "last_ids": list(self.last_ids),
            "local": sorted(self.local_seats),
            # seats held on phones (issue #29): a resumed table gives them new keys
            "phones": sorted(self.phone_seats),
            "creator": self.creator,
            "created": self.created,
            "joined": self.joined,
            "active": time.time() if self.members else self.active,
        }


def event_text(event: Event) -> str:
    return json.dumps(event.to_dict(), ensure_ascii=False, separators=(",", ":"))


def _seen(event: dict[str, Any], seat: int | None) -> bool:
    """Event.seen_by for an event as sent."""
    shown_to = event["visible_to"]
    return shown_to is None or (seat is not None and seat in shown_to)


def opening_events(state: GameState) -> list[Event]:
    """What new_game did before any action (a deal, a roll), as the scenes play it."""
    return list(state.opening_events)
