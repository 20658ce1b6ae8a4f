"""Tools for attacking a real ``python -m game serve`` on loopback (issue #25), shared by
tests/test_net_attacks.py and meant for a benchmark too.

- :class:`Serve`: a serve process with its own data folder (``TABLETOP_DERBY_HOME``),
  any flags and optionally an open-files limit; its stdout lines are kept (the
  "table CODE: ..., opened again" lines), its stderr goes to a file; its memory and
  limits are read from /proc. Stopped with SIGTERM (or SIGKILL) by :meth:`Serve.stop`.
- :func:`loopback`: 127.0.0.N, an address of its own per attacker (Linux routes all of
  127.0.0.0/8 to lo, so a socket may bind any of them as its source).
- :class:`RawWebSocket`: the websocket handshake done by hand on a plain socket, then
  masked frames (text, ping) sent without ever reading, or read when asked.
- :func:`table_client`: a game client (``TableClient``) connected from a given address.

Every wait here has a deadline; nothing loops for ever.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import resource
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from game.net.client import TableClient
from game.net.protocol import MAX_OUTBOUND_BYTES

ROOT = Path(__file__).resolve().parents[1]
START_S = 30.0  # the most serve may take to say where it listens
REOPENED = re.compile(r"^table (\S+): .*opened again")


def loopback(n: int) -> str:
    """127.0.0.N: the legitimate player is 1, attackers 2, 3, ..."""
    assert 1 <= n <= 254
    return f"127.0.0.{n}"


# -- a serve process -------------------------------------------------------------------------
class Serve:
    """``python -m game serve --port 0 FLAGS`` with its data folder in ``home``.
    ``nofile``: (soft, hard) open-files limit set in the child before it runs serve."""

    def __init__(self, home: Path, *flags: str, nofile: tuple[int, int] | None = None):
        self.home = Path(home)
        self.flags = [str(f) for f in flags]
        self.nofile = nofile
        self.process: subprocess.Popen | None = None
        self.lines: list[str] = []  # stdout, line by line, as it came
        self.stderr_path = self.home / f"serve-stderr-{time.monotonic_ns()}.txt"
        self.url = ""
        self.port = 0
        self._reader: threading.Thread | None = None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def start(self) -> Serve:
        self.home.mkdir(parents=True, exist_ok=True)
        env = {
            **os.environ,
            "TABLETOP_DERBY_HOME": str(self.home),
            "PYTHONUNBUFFERED": "1",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        }
        command = [sys.executable, "-m", "game", "serve", "--port", "0", *self.flags]
        if self.nofile is not None:  # set in a small parent that then becomes serve (exec)
            soft, hard = self.nofile
            command = [
                sys.executable,
                "-c",
                (
                    "import os, resource, sys; "
                    f"resource.setrlimit(resource.RLIMIT_NOFILE, ({soft}, {hard})); "
                    "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])"
                ),
                *command[1:],
            ]
        errors = self.stderr_path.open("ab")  # read after, never a full pipe
        try:
            self.process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=errors,
                text=True,
            )
        finally:
            errors.close()
        listening = threading.Event()

        def read() -> None:
            assert self.process is not None and self.process.stdout is not None
            for line in self.process.stdout:
                self.lines.append(line.rstrip("\n"))
                if line.startswith("serving on "):
                    listening.set()
            listening.set()  # ended: whoever waits stops waiting

        self._reader = threading.Thread(target=read, daemon=True)
        self._reader.start()
        listening.wait(START_S)
        found = [line for line in self.lines if line.startswith("serving on ")]
        if not found:
            self.stop()
            raise AssertionError(
                f"serve {' '.join(self.flags)} did not start: stdout {self.lines[-5:]!r}, "
                f"stderr {self.stderr_text()[-600:]!r}"
            )
        self.url = found[0].split()[-1]
        self.port = int(self.url.rsplit(":", 1)[1])
        return self

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 15.0) -> int | None:
        """Ends serve (SIGTERM: it saves and exits; SIGKILL: at once); its exit code."""
        process = self.process
        if process is None:
            return None
        if process.poll() is None:
            process.send_signal(sig)
            try:
                process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        if self._reader is not None:
            self._reader.join(5)
        # closing a pipe another thread still reads blocks on its lock: only when the
        # reader has seen its end (a process serve started may hold the pipe open longer)
        if process.stdout is not None and (self._reader is None or not self._reader.is_alive()):
            process.stdout.close()
        return process.returncode

    def kill(self) -> None:
        self.stop(signal.SIGKILL)

    def __enter__(self) -> Serve:  # noqa: PYI034 - Python 3.10 has no typing.Self
        return self.start() if self.process is None else self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- what it shows ------------------------------------------------------------------------
    def reopened(self) -> list[str]:
        """The codes of the tables serve said it opened again at start."""
        return [m.group(1) for line in self.lines if (m := REOPENED.match(line))]

    def stderr_bytes(self) -> int:
        try:
            return self.stderr_path.stat().st_size
        except OSError:
            return 0

    def stderr_text(self, since: int = 0) -> str:
        try:
            with self.stderr_path.open("rb") as handle:
                handle.seek(since)
                return handle.read().decode("utf-8", "replace")
        except OSError:
            return ""

    def rss_kb(self) -> int:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise AssertionError("no VmRSS in /proc/PID/status")

    def open_files_limit(self) -> tuple[int, int]:
        """(soft, hard) "Max open files" from /proc/PID/limits."""
        for line in Path(f"/proc/{self.pid}/limits").read_text().splitlines():
            if line.startswith("Max open files"):
                soft, hard = line.split()[3:5]
                return _limit(soft), _limit(hard)
        raise AssertionError("no 'Max open files' in /proc/PID/limits")

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None


def _limit(text: str) -> int:
    return resource.RLIM_INFINITY if text == "unlimited" else int(text)


# -- plain sockets ---------------------------------------------------------------------------
def raw_connect(port: int, source: str = "127.0.0.1", timeout: float = 2.0) -> socket.socket:
    """A TCP socket from ``source`` to 127.0.0.1:``port``, connected (OSError if not)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind((source, 0))
        sock.settimeout(timeout)
        sock.connect(("127.0.0.1", port))
    except BaseException:
        sock.close()
        raise
    return sock


def closed_by_peer(sock: socket.socket, max_bytes: int = 1 << 20) -> bool:
    """Whether the other side has closed ``sock`` (EOF or reset), read without waiting;
    whatever it sent first (an HTTP error, a close frame) is read and dropped. A socket
    with a timeout is read without one (issue #36: its recv waited out the timeout and
    raised TimeoutError, an OSError, so every socket still open counted as closed)."""
    try:
        timeout = sock.gettimeout()
        sock.settimeout(0.0)
    except OSError:  # closed here already
        return True
    read = 0
    try:
        while read < max_bytes:
            try:
                # MSG_DONTWAIT, not select(): a test process may hold more than 1024 files
                data = sock.recv(65536, socket.MSG_DONTWAIT)
            except BlockingIOError:
                return False  # nothing to read, not closed
            except OSError:  # reset, or a socket that is closed here already
                return True
            if not data:
                return True
            read += len(data)
        return False
    finally:
        try:
            sock.settimeout(timeout)
        except OSError:
            pass


def eof_within(sock: socket.socket, seconds: float, max_bytes: int = 64 << 20) -> bool:
    """Reads (and drops) until the other side closes: True if it did within ``seconds``
    and ``max_bytes``."""
    deadline = time.monotonic() + seconds
    read = 0
    while read < max_bytes:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        sock.settimeout(left)
        try:
            data = sock.recv(1 << 20)
        except TimeoutError:
            return False
        except OSError:
            return True
        if not data:
            return True
        read += len(data)
    return False


# -- a websocket by hand ---------------------------------------------------------------------
OP_TEXT, OP_CLOSE, OP_PING, OP_PONG = 0x1, 0x8, 0x9, 0xA


def frame(opcode: int, payload: bytes, mask: bytes | None = None) -> bytes:
    """One final frame, masked as a client must (RFC 6455 5.2)."""
    mask = mask if mask is not None else os.urandom(4)
    size = len(payload)
    head = bytes([0x80 | opcode])
    if size < 126:
        head += bytes([0x80 | size])
    elif size < 1 << 16:
        head += bytes([0x80 | 126]) + struct.pack("!H", size)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", size)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return head + mask + masked


class RawWebSocket:
    """A websocket client on a plain blocking socket from ``source``: the handshake by
    hand, then whatever frames the attack wants; it reads only when asked."""

    def __init__(self, port: int, source: str = "127.0.0.1", timeout: float = 5.0):
        self.sock = raw_connect(port, source, timeout)
        self.sock.settimeout(timeout)
        self.buffer = b""

    def handshake(self) -> None:
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                "Connection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        while b"\r\n\r\n" not in self.buffer:
            data = self.sock.recv(4096)
            if not data:
                raise ConnectionError(f"closed during the handshake: {self.buffer[:200]!r}")
            self.buffer += data
            if len(self.buffer) > 16384:
                raise ConnectionError("no end to the handshake's answer")
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        if " 101 " not in lines[0] + " ":
            raise ConnectionError(f"not switched to websocket: {lines[0]!r}")
        accept = base64.b64encode(
            hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()
        ).decode()
        headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines)}
        if headers.get("sec-websocket-accept") != accept:
            raise ConnectionError("the Sec-WebSocket-Accept does not match the key")

    def send_json(self, message: dict[str, Any]) -> None:
        self.sock.sendall(frame(OP_TEXT, json.dumps(message).encode()))

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def _fill(self, deadline: float) -> None:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no frame from the host in time")
        self.sock.settimeout(left)
        data = self.sock.recv(65536)
        if not data:
            raise ConnectionError("closed by the host")
        self.buffer += data

    def receive_frame(self, timeout: float = 5.0) -> tuple[int, bytes]:
        """The next frame from the host (unmasked, as a server sends): (opcode, payload)."""
        deadline = time.monotonic() + timeout
        while len(self.buffer) < 2:
            self._fill(deadline)
        size, at = self.buffer[1] & 0x7F, 2
        if size == 126:
            while len(self.buffer) < 4:
                self._fill(deadline)
            size, at = struct.unpack("!H", self.buffer[2:4])[0], 4
        elif size == 127:
            while len(self.buffer) < 10:
                self._fill(deadline)
            size, at = struct.unpack("!Q", self.buffer[2:10])[0], 10
        while len(self.buffer) < at + size:
            self._fill(deadline)
        opcode = self.buffer[0] & 0x0F
        payload = self.buffer[at : at + size]
        self.buffer = self.buffer[at + size :]
        return opcode, payload

    def receive_json(self, timeout: float = 5.0) -> dict[str, Any]:
        """The next text message (control frames skipped)."""
        deadline = time.monotonic() + timeout
        while True:
            opcode, payload = self.receive_frame(max(0.01, deadline - time.monotonic()))
            if opcode == OP_TEXT:
                return json.loads(payload)
            if opcode == OP_CLOSE:
                raise ConnectionError(f"closed by the host: {payload[2:]!r}")

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


def ping_burst(count: int = 256, payload_size: int = 125) -> bytes:
    """``count`` masked ping frames in one buffer (each answered by a pong)."""
    return b"".join(frame(OP_PING, os.urandom(payload_size)) for _ in range(count))


# -- the game's client from an address -------------------------------------------------------
async def table_client(url: str, source: str = "127.0.0.1", timeout: float = 5.0) -> TableClient:
    """A ``TableClient`` connected from ``source`` (as TableClient.connect does, bound)."""
    client = TableClient(url)
    client.ws = await connect(
        url,
        max_size=MAX_OUTBOUND_BYTES,
        max_queue=client.max_queue,
        open_timeout=timeout,
        close_timeout=2,
        compression=None,
        local_addr=(source, 0),
    )
    return client


def message(kind: str, **fields: Any) -> dict[str, Any]:
    return {"v": 2, "type": kind, **fields}


def wait_until(check: Callable[[], Any], seconds: float, step: float = 0.05) -> Any:
    """``check()``'s first true value within ``seconds`` (else its last value)."""
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value or time.monotonic() >= deadline:
            return value
        time.sleep(step)
