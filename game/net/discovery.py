"""Tables on the same network find each other by themselves (issue #18): DNS-SD over
multicast DNS (``zeroconf``), service type ``_tabletopderby._tcp.local.``.

A host that advertises registers one service instance per table, with TXT properties
``v`` (protocol version), ``game``, ``players``, ``tls`` ("1" for wss) and ``code``:
on the local network anybody who can see the advert can join (that is what advertising
means; a table meant for invited friends only is not advertised, and they type the
address and code instead). ``serve`` advertises only with ``--advertise``.

An advert is text from a stranger too (issue #36): :func:`read_advert` checks its name and
properties with the protocol's own checks before the join screen lists it; one that
fails is left out with one line in the log (and on the join screen: :attr:`Browser.refused`).
"""

from __future__ import annotations

import logging
import socket
import threading
from typing import Any

from zeroconf import (
    InterfaceChoice,
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
)
from zeroconf.asyncio import AsyncZeroconf

from game.net.protocol import VERSION, ProtocolError, advert_problem
from game.net.table import Table

SERVICE_TYPE = "_tabletopderby._tcp.local."
log = logging.getLogger(__name__)


def read_advert(name: str, props: dict[bytes, bytes | None], address: str, port: Any) -> dict:
    """The join screen's entry for an advertised table: its service name (the part
    before the type) and its TXT properties decoded, each checked by
    protocol.advert_problem (the checks the host gives the same words it receives).
    Raises :class:`ProtocolError` naming the first problem."""
    decoded: dict[str, str] = {}
    for key, value in props.items():
        decoded[key.decode("utf-8", "replace")] = (value or b"").decode("utf-8", "replace")
    entry = {
        "name": name.removesuffix("." + SERVICE_TYPE),
        "address": address,
        "port": port,
        "game": decoded.get("game", ""),
        "players": decoded.get("players", ""),
        "code": decoded.get("code", ""),
        "tls": decoded.get("tls") == "1",
        "version": decoded.get("v", ""),
    }
    problem = advert_problem(entry)
    if problem is not None:
        raise ProtocolError("schema", f"the advert {entry['name'][:40]!r} {problem}")
    return entry


def _local_addresses(interfaces: list[str] | None) -> list[bytes]:
    if interfaces:
        return [socket.inet_aton(ip) for ip in interfaces]
    try:
        ip = socket.gethostbyname(socket.gethostname())
    except OSError:
        ip = "127.0.0.1"
    return [socket.inet_aton(ip)]


class Advert:
    """The tables of one host, advertised (asyncio, on the host's network thread)."""

    def __init__(self, port: int, *, tls: bool = False, interfaces: list[str] | None = None):
        self.port = port
        self.tls = tls
        self.interfaces = interfaces
        self.zc = AsyncZeroconf(
            interfaces=interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only
        )
        self.infos: dict[str, ServiceInfo] = {}

    def info(self, table: Table) -> ServiceInfo:
        session = table.session
        host = socket.gethostname().split(".")[0] or "host"
        label = f"{session.game_id} {table.code[:4]} on {host}"[:60]
        return ServiceInfo(
            SERVICE_TYPE,
            f"{label}.{SERVICE_TYPE}",
            addresses=_local_addresses(self.interfaces),
            port=self.port,
            properties={
                "v": str(VERSION),
                "game": session.game_id,
                "players": str(session.players),
                "tls": "1" if self.tls else "0",
                "code": table.code,
            },
            server=f"{host}.local.",
        )

    async def register(self, table: Table) -> None:
        info = self.info(table)
        self.infos[table.code] = info
        await (await self.zc.async_register_service(info, allow_name_change=True))

    async def close(self) -> None:
        for code in list(self.infos):
            info = self.infos.pop(code)
            await (await self.zc.async_unregister_service(info))
        await self.zc.async_close()


class Browser:
    """The tables advertised on the network, for a "Join a table" list: zeroconf's own
    thread listens; :meth:`tables` returns a snapshot at once (never waits)."""

    def __init__(self, interfaces: list[str] | None = None):
        self.zc = Zeroconf(
            interfaces=interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only
        )
        self._found: dict[str, dict[str, Any]] = {}
        # adverts left out (issue #36): why, newest last, for the join screen's line
        self.refused: list[str] = []
        self._lock = threading.Lock()
        self.browser = ServiceBrowser(self.zc, SERVICE_TYPE, handlers=[self._on_change])

    def _on_change(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=2000)
        if info is None:
            return
        addresses = info.parsed_addresses()
        try:
            entry = read_advert(name, info.properties, addresses[0] if addresses else "", info.port)
        except ProtocolError as exc:
            log.warning("left out a table advertised on this network: %s", exc.reason)
            with self._lock:
                self._found.pop(name, None)
                self.refused.append(exc.reason)
            return
        with self._lock:
            self._found[name] = entry

    def tables(self) -> list[dict[str, Any]]:
        with self._lock:
            return sorted(self._found.values(), key=lambda e: e["name"])

    def close(self) -> None:
        self.browser.cancel()
        self.zc.close()
