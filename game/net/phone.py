"""Phones as hands (issue #29): the phone page, served by the host on its table's port.

A window that hosts its table with *Phones as hands* answers plain HTTP GETs on the
websocket's own port (websockets' ``process_request`` hook) for a fixed allow-list of
static files packaged in ``game/web/phone/`` (the page, its script and its style) and
the few table sprites the page draws a hand with (``/phone/sprites/NAME``, from
``assets/sprites``: the same pictures the table uses, so the two never disagree). Any
other path is 404, any other method 405; a websocket upgrade (any path) goes on to the
protocol as from every client. The phone is a client of the same protocol: it sends
``rejoin`` with its seat's token, which travels in the URL's fragment
(``/phone/#code=...&seat=N&token=...``): a browser never sends a fragment, so the token
is never in a request line, and the server never logs a request's path or a frame.

Headless: no pygame here.
"""

from __future__ import annotations

import gzip
import http
import logging
from dataclasses import dataclass
from importlib import resources
from typing import Any
from urllib.parse import quote

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from game.paths import ASSETS_DIR, FONTS_DIR, SPRITES_DIR

PAGE_PATH = "/phone/"
# path -> (file in game/web/phone, content type); nothing else is ever served
FILES: dict[str, tuple[str, str]] = {
    "/phone/": ("index.html", "text/html; charset=utf-8"),
    "/phone/index.html": ("index.html", "text/html; charset=utf-8"),
    "/phone/phone.js": ("phone.js", "text/javascript; charset=utf-8"),
    "/phone/phone.css": ("phone.css", "text/css; charset=utf-8"),
    # added to a home screen (issue #39): the web app manifest and the box's own icon
    "/phone/manifest.webmanifest": ("manifest.webmanifest", "application/manifest+json"),
    "/phone/icon.svg": ("icon.svg", "image/svg+xml"),
    # the box's font cut to the page's characters (tools/phone_font.py) and its licence
    "/phone/derby-regular.woff": ("derby-regular.woff", "font/woff"),
    "/phone/derby-bold.woff": ("derby-bold.woff", "font/woff"),
    "/phone/OFL.txt": ("OFL.txt", "text/plain; charset=utf-8"),
}
SVG = "image/svg+xml"
# the table's own pictures a phone's hand is drawn with (Duck's tub and pieces,
# Verflixxt!'s cards and hats, Cluck-peep!'s meadow): served from assets/sprites,
# nothing else of that folder
SPRITES: tuple[str, ...] = (
    # Duck's small board (issue #39): the tub's rings, buoys and drain, each character's
    # duck and the hound, as the table draws them
    "duck.svg",
    "duck_ring.svg",
    "duck_drain.svg",
    "duck_hound.svg",
    *(f"duck_buoy_{colour}.svg" for colour in ("red", "yellow", "green")),
    *(f"duck_{key}.svg" for key in ("sparky", "cookie", "pirate", "daisy", "doc", "goldie")),
    "verflixxt_card_yellow.svg",
    "verflixxt_card_orange.svg",
    "verflixxt_hat_lucky.svg",
    "verflixxt_hat_unlucky.svg",
    "cluck_meadow.svg",
    # the chickens in their holes on Cluck-peep!'s start row (issue #39)
    *(f"cluck_{key}.svg" for key in ("henrietta", "clucky", "pepper", "nugget")),
    # Eight Routes' dice in the lid (issue #39)
    "routes_d8.svg",
)
FILES.update({f"/phone/sprites/{name}": (f"sprites/{name}", SVG) for name in SPRITES})
MAX_FILE_BYTES = 128 * 1024  # a packaged file past this is refused (500), never sent
PAGE_BUDGET = 250 * 1024  # issue #39: all a phone may load, fonts and sprites included
MAX_PATH_CHARS = 200
CSP = (
    "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
    "manifest-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
CACHE = "no-cache"  # revalidated each time: a new version of the app is never stale
HTTP_LOG = 64  # the latest request paths kept for tests (never a fragment: none arrives)


@dataclass(frozen=True)
class PageFile:
    """A page file as served: its bytes, its type, and ``packed``, the same bytes gzipped
    (made once, with no time stamp: the same file packs the same) for a browser that
    accepts gzip -- every browser does -- or None where packing saves nothing (the WOFF
    fonts are compressed already)."""

    body: bytes
    content_type: str
    packed: bytes | None = None

    def sent(self, gzip_ok: bool) -> bytes:
        """The bytes that go to a browser (packed when it accepts gzip and it helps)."""
        return self.packed if gzip_ok and self.packed is not None else self.body


def _packed(body: bytes) -> bytes | None:
    packed = gzip.compress(body, compresslevel=9, mtime=0)
    return packed if len(packed) < len(body) else None


_files: dict[str, PageFile] = {}


def page_file(name: str, content_type: str) -> PageFile | None:
    """A packaged file of the page (read once), or None if it is missing or too big."""
    if name not in _files:
        try:
            if name.startswith("sprites/"):
                body = (SPRITES_DIR / name.removeprefix("sprites/")).read_bytes()
            elif name == "icon.svg":  # the box's icon, the window's own
                body = (ASSETS_DIR / name).read_bytes()
            elif name == "OFL.txt":  # the font's licence travels with it
                body = (FONTS_DIR / name).read_bytes()
            else:
                body = resources.files("game.web").joinpath("phone").joinpath(name).read_bytes()
        except OSError:
            return None
        if len(body) > MAX_FILE_BYTES:
            return None
        _files[name] = PageFile(body, content_type, _packed(body))
    return _files[name]


def page_weight(packed: bool = True) -> int:
    """The bytes a phone may load (issue #39: at most ``PAGE_BUDGET``): the page, its
    script, style, manifest, icon, font and licence, and every sprite (each game's hand
    loads only its own: this is more than any one phone loads), as they are sent to a
    browser, which accepts gzip (issue #40); ``packed=False``: the files' own bytes."""
    names = {name: kind for name, kind in FILES.values()}
    return sum(len(f.sent(packed)) for n, k in names.items() if (f := page_file(n, k)) is not None)


def accepts_gzip(request: Request) -> bool:
    """The browser said it takes gzip (``Accept-Encoding``; a ``q=0`` refuses it)."""
    header = request.headers.get("Accept-Encoding", "")
    for part in str(header).lower().split(","):
        name, _, params = part.strip().partition(";")
        if name.strip() in ("gzip", "*"):
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def _headers(content_type: str, length: int) -> Headers:
    headers = Headers(
        [
            ("Content-Type", content_type),
            ("Content-Length", str(length)),
            ("Cache-Control", CACHE),
            ("Content-Security-Policy", CSP),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Connection", "close"),
        ]
    )
    return headers


def _plain(status: http.HTTPStatus, extra: tuple[tuple[str, str], ...] = ()) -> Response:
    body = f"{status.value} {status.phrase}\n".encode()
    headers = _headers("text/plain; charset=utf-8", len(body))
    for key, value in extra:
        headers[key] = value
    return Response(status.value, status.phrase, headers, body)


def is_upgrade(request: Request) -> bool:
    upgrade = request.headers.get("Upgrade", "")
    return isinstance(upgrade, str) and upgrade.strip().lower() == "websocket"


def gone() -> Response:
    """The page once no table is open here: 404 like any unknown path."""
    return _plain(http.HTTPStatus.NOT_FOUND)


def answer(request: Request) -> Response | None:
    """What the host answers a request with: None for a websocket upgrade (the protocol
    goes on), else a page file of the allow-list, 404 or 405."""
    if is_upgrade(request):
        return None
    if request.method != "GET":
        return _plain(http.HTTPStatus.METHOD_NOT_ALLOWED, (("Allow", "GET"),))
    path = request.path
    found = FILES.get(path) if len(path) <= MAX_PATH_CHARS else None
    if found is None:
        return _plain(http.HTTPStatus.NOT_FOUND)
    file = page_file(*found)
    if file is None:
        return _plain(http.HTTPStatus.INTERNAL_SERVER_ERROR)
    body = file.sent(accepts_gzip(request))
    headers = _headers(file.content_type, len(body))
    if file.packed is not None:
        headers["Vary"] = "Accept-Encoding"  # a cache keeps both forms apart
        if body is file.packed:
            headers["Content-Encoding"] = "gzip"
    return Response(200, "OK", headers, body)


class QuietLog(logging.Filter):
    """The server's websockets logger keeps only INFO and above: its DEBUG lines carry
    request lines and frames (a ``rejoin`` frame carries a token)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno >= logging.INFO


SOCKETS_LOG = logging.getLogger("game.net.sockets")
SOCKETS_LOG.addFilter(QuietLog())


def phone_url(address: str, code: str, seat: int, token: str, lang: str | None = None) -> str:
    """The link a seat's QR code holds: the page, and in its fragment (never sent to any
    server) the join code, the seat and its token."""
    fragment = f"code={quote(code)}&seat={int(seat)}&token={quote(token, safe='')}"
    if lang:
        fragment += f"&lang={quote(lang)}"
    return f"http://{address}{PAGE_PATH}#{fragment}"


def legal_texts(state: Any, seat: int) -> list[str]:
    """The seat's legal actions now, in the rules' notation (what a phone offers)."""
    if seat not in state.to_act():
        return []
    return [str(action) for action in state.legal_actions(seat)]
