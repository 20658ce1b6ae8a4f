"""What one stranger may cost a host (issues #18, #25): rates and quotas, headless and
standard library only, each with a clock that tests pass in.

The numbers live here so that ``serve --help``, docs/network.md and the tests read the
same ones; docs/network.md says why each is what it is.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

# -- messages and frames ---------------------------------------------------------------------
RATE = 10.0  # messages (and control frames) a second a connection may send on average ...
BURST = 30  # ... and at once
FLOOD = 200  # messages over the limit after which the connection is closed

# -- what waits to be sent to one connection -------------------------------------------------
QUEUE_MESSAGES = 256  # messages waiting for a slow reader before it is closed
QUEUE_BYTES = 2 * 1024 * 1024  # bytes waiting, the queue and the socket's buffer together
STALL_S = 5.0  # a socket buffer that has not emptied for this long: the reader is gone

# -- sockets ---------------------------------------------------------------------------------
MAX_PER_ADDRESS = 16  # open sockets from one address (an IPv6 /64), counted from accept
MAX_CONNECTIONS = 1000  # open sockets in all (under a usual limit of 1024 open files)
BUSY_GRACE = 4  # sockets past a limit that are told "busy" before closing; more: cut at once
# Open files (issue #36): every socket is a file, and asyncio accepts up to its backlog of
# sockets at a time before the host's admission has seen any; at the open-files limit an
# accept fails and asyncio stops accepting for a second (nobody gets in). So the sockets
# held, those being accepted and the host's own files must fit under the limit.
ACCEPT_BATCH = 8  # sockets asyncio accepts in one go (its ``backlog``) ...
ACCEPT_IN_FLIGHT = 4  # ... batches of which may be open before admission closes them
LISTEN_QUEUE = 1024  # the kernel's queue of connections waiting (no file until accepted)
RESERVE_FILES = 24  # beside those open at start: autosaves being written, a new worker
MIN_CONNECTIONS = 2 * MAX_PER_ADDRESS  # below this serve is not worth starting
HANDSHAKE_S = 3.0  # the websocket opening handshake; a slowloris socket is closed after it
JOIN_TIMEOUT = 15.0  # seconds a connection has to join (or create) a table

# -- tables ----------------------------------------------------------------------------------
MAX_TABLES = 500  # tables a host holds at once
TABLES_PER_ADDRESS = 8  # live tables created from one address
COMPUTERS_PER_ADDRESS = 24  # computer seats at the live tables created from one address
UNJOINED_EXPIRY_S = 600.0  # a table nobody ever joined is closed and forgotten
ABANDONED_EXPIRY_S = 86_400.0  # a table without a member this long is closed (autosave kept)
REJOIN_RATE = 0.5  # rejoins of one seat a second on average ...
REJOIN_BURST = 6  # ... and at once (a flaky line comes back a few times in a row)
SEATS_EVERY_S = 0.25  # seat statuses sent to a table's members at most this often

# -- seat keys (issue #36) ---------------------------------------------------------------------
# A ``rejoin`` is a guess at a seat's key (a phone's is 40 bits: protocol.new_phone_token).
# One address may have a key checked this often on average ... and this many at once (a
# person mistyping a key, a family's phones coming back after the Wi-Fi dropped); a wrong
# key spends one, a right one nothing. With none left, a rejoin from that address is
# refused unchecked. At 1 a second, finding one 40-bit key takes 2**39 s (~17,000 years).
GUESS_RATE = 1.0
GUESS_BURST = 10
GUESS_ADDRESSES = 4096  # addresses remembered at once; those with a full bucket go first


class RateBucket:
    """A token bucket: ``burst`` messages at once, refilled at ``rate`` a second and never
    past ``burst`` (a client that idled may not save up a flood). ``over_limit`` counts
    the messages refused; the server closes a connection once it is :meth:`flooded`.
    ``clock`` is the time source (tests pass their own)."""

    def __init__(
        self, rate: float = RATE, burst: int = BURST, clock: Callable[[], float] = time.monotonic
    ):
        self.rate, self.burst = rate, burst
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()
        self.over_limit = 0

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.over_limit += 1
        return False

    def flooded(self) -> bool:
        """Past the refusals after which the line is closed."""
        return self.over_limit > FLOOD


class GuessLimit:
    """The wrong keys each address may send (issue #36): a :class:`RateBucket`'s rule per
    address (``burst`` at once, refilled at ``rate`` a second), checked *before* a key
    is compared (:meth:`allow`) and spent only by a wrong one (:meth:`wrong`). An
    address whose bucket is full again is forgotten first when more than ``addresses``
    are remembered, so a flood of addresses costs a bounded dict."""

    def __init__(
        self,
        rate: float = GUESS_RATE,
        burst: int = GUESS_BURST,
        clock: Callable[[], float] = time.monotonic,
        addresses: int = GUESS_ADDRESSES,
    ):
        self.rate, self.burst, self.clock, self.addresses = rate, burst, clock, addresses
        self._left: dict[str, tuple[float, float]] = {}  # address -> (tokens, stamp)
        self.refused = 0  # rejoins refused unchecked (for the log and the tests)

    def _tokens(self, address: str) -> float:
        now = self.clock()
        tokens, stamp = self._left.get(address, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - stamp) * self.rate)
        self._left[address] = (tokens, now)
        return tokens

    def allow(self, address: str) -> bool:
        """May a key from ``address`` be checked now? (spends nothing)"""
        if self._tokens(address) >= 1.0:
            return True
        self.refused += 1
        return False

    def wrong(self, address: str) -> None:
        """A key from ``address`` was wrong: one guess spent."""
        tokens = self._tokens(address)
        self._left[address] = (max(0.0, tokens - 1.0), self.clock())
        if len(self._left) > self.addresses:
            self._forget()

    def _forget(self) -> None:
        now = self.clock()
        for address, (tokens, stamp) in list(self._left.items()):
            if tokens + (now - stamp) * self.rate >= self.burst:
                del self._left[address]
        while len(self._left) > self.addresses:  # all still spending: the oldest goes
            del self._left[next(iter(self._left))]


def connection_room(open_files_limit: int, open_now: int) -> int:
    """The sockets a host may hold (its ``max_connections``) under an open-files limit
    (issue #36): the limit less the files open now and RESERVE_FILES, the sockets being
    accepted (ACCEPT_IN_FLIGHT batches of ACCEPT_BATCH) and the BUSY_GRACE sockets let in
    past the limit to be told "busy". Below 1: not even one."""
    return (
        open_files_limit - open_now - RESERVE_FILES - ACCEPT_IN_FLIGHT * ACCEPT_BATCH - BUSY_GRACE
    )


def open_files() -> tuple[int | None, int]:
    """(the soft open-files limit, the files open now); (None, 0) where neither can be
    read (Windows has no such limit)."""
    try:
        import resource  # start-up: POSIX only (Windows has no open-files limit)
    except ImportError:
        return None, 0
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft == resource.RLIM_INFINITY:
        return None, 0
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return int(soft), len(os.listdir(folder))
        except OSError:
            continue
    return int(soft), 0
