"""The "Join a table" screen (issue #18): a person on another computer joins a hosted
table, picks a free seat and its character or watches, or goes back to a seat they hold.

Three ways in: the tables advertised on this network (``discovery.Browser``, polled
once a frame; clicking one fills the address and code and looks at it), an address and
join code typed by hand (a free seat or watching, after a ``look`` at the table), and
"Your seats", the seats this computer holds (``game.net.remembered``): a seat there, or a
typed code that is one of them, rejoins with its token. Everything on the network runs
on threads of its own (a :class:`~game.net.join.Looker`, then a
:class:`~game.net.client.ClientThread`); the screen polls them and never waits. Once the
host welcomes the person, the game's own scene takes over (``online.client_scene``).
A problem is one line at the bottom; nothing typed is lost.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pygame

from game import registry
from game.net import remembered
from game.net.client import ClientThread, Mirror
from game.net.join import LookedTable, Looker, error_key, read_join_link, table_url
from game.net.protocol import NAME_MAX, normal_code
from game.scenes.lobby.join_panels import SEARCH_S, JoinPanels
from game.scenes.shell import chrome
from game.settings import name_problem
from game.ui import fonts, theme
from game.ui.textfield import TextField, start_typing
from game.ui.widgets import Button, draw_text

FIELDS = ("address", "code", "name")

# What starting zeroconf may raise: sockets (OSError), its own errors, a bad choice
DISCOVERY_ERRORS: tuple[type[Exception], ...] = (OSError, RuntimeError, ValueError, TypeError)
try:
    from zeroconf import Error as _ZeroconfError

    DISCOVERY_ERRORS += (_ZeroconfError,)
except ImportError:  # pragma: no cover - zeroconf is a dependency
    pass


def _browser() -> Any:
    from game.net.discovery import Browser  # opens at once; zeroconf when looking

    return Browser()


class JoinScene(JoinPanels):
    def __init__(self, app, browser_factory: Callable[[], Any] | None = None):
        super().__init__(app)
        self.browser_factory = browser_factory
        self.browser: Any = None
        self.browse_problem: str | None = None
        self.found: list[dict[str, Any]] = []
        self.adverts_refused = 0  # adverts the browser left out, said so far
        self.searched = 0.0  # seconds the browser has looked with nothing found
        self.fields = {
            key: TextField(pygame.Rect(0, 0, 10, 10), key=f"join:{key}", max_chars=limit)
            for key, limit in (("address", 200), ("code", 20), ("name", NAME_MAX))
        }
        self.fields["name"].text = self._default_name()
        self.focus: TextField | None = self.fields["address"]
        self.mine: list[remembered.RememberedSeat] = []
        self.mine_note: str | None = None
        self.looker: Looker | None = None
        self.looked: LookedTable | None = None
        self.looked_at: tuple[str, str, str] = ("", "", "")  # (address typed, url, code)
        self.choice: dict[int, str] = {}  # open seat -> the character chosen for it
        self.client: ClientThread | None = None
        self.joining: tuple[str, Any] | None = None  # ("hello", seat) or ("rejoin", entry)
        self.message = ""
        self.message_bad = False
        self.panels = (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        self.labels: list[tuple[str, pygame.Rect]] = []  # (text, its box)
        self.texts: list[tuple[str, pygame.Rect, int, tuple, bool]] = []
        self.marks: list[tuple[int, pygame.Rect]] = []  # (seat, where its colour goes)
        self.joining_url = ("", "", "")

    def _default_name(self) -> str:
        for seat in self.app.settings.seats:
            if seat.get("human") and isinstance(seat.get("name"), str) and seat["name"].strip():
                return str(seat["name"])[:NAME_MAX]
        return self.t("join.default_name")

    # -- life cycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        self.mine, note = remembered.load()
        self.mine_note = self.t("join.seats_damaged") if note else None
        try:
            self.browser = (self.browser_factory or _browser)()
        except DISCOVERY_ERRORS as exc:  # no network, no multicast, ...: one line
            self.browse_problem = self.t("join.no_discovery", error=str(exc)[:60] or "?")
        super().enter()
        start_typing(self.focus)

    def exit(self) -> None:
        start_typing(None)
        self._close_browser()
        if self.client is not None:  # left while joining: the seat stays free
            self.client.stop(timeout=0.0)
            self.client = None

    def on_quit(self) -> None:
        self.exit()

    def _close_browser(self) -> None:
        browser, self.browser = self.browser, None
        if browser is not None:  # zeroconf says goodbye on its own time, not the frame's
            threading.Thread(target=browser.close, name="browser-close", daemon=True).start()

    # -- layout ------------------------------------------------------------------------------
    def layout(self, size):
        super().layout(size)
        w, h = size
        self.buttons.clear()
        self.labels, self.texts, self.marks = [], [], []
        m, pad = self.px(20), self.px(14)
        bh = self.px(52)
        bottom_y = h - m - bh
        top = chrome.content_top(self)  # under the header band (issue #38)
        left_w = int((w - 3 * m) * 0.47)
        left = pygame.Rect(m, top, left_w, bottom_y - self.px(14) - top)
        right = pygame.Rect(left.right + m, top, w - 2 * m - left.right, left.h)
        self.panels = (left, right)
        busy = self.joining is not None
        self.buttons.add(
            Button(
                pygame.Rect(m, bottom_y, self.px(170), bh),
                self.t("app.back"),
                self.app.pop,
                self.px(22),
                key="join:back",
            )
        )
        self.message_box = pygame.Rect(m + self.px(170) + m, bottom_y, w - 3 * m - self.px(170), bh)
        self._layout_form(left, pad, busy)
        if self.looked is not None:
            self._layout_table(right, pad, busy)
        else:
            self._layout_found(right, pad, busy)

    def _layout_form(self, panel: pygame.Rect, pad: int, busy: bool) -> None:
        inner = panel.inflate(-2 * pad, -2 * pad)
        y = self._heading(self.t("join.by_address"), inner, inner.y, self.text_px(22))
        size = self.text_px(18)
        label_w = min(
            inner.w * 2 // 5,
            max(fonts.font(size).size(self.t(f"join.{k}"))[0] for k in FIELDS) + pad,
        )
        fh, gap = self.px(44), self.px(10)
        hints = {"address": "join.address_hint", "code": "join.code_hint", "name": ""}
        for key in FIELDS:
            field = self.fields[key]
            field.rect = pygame.Rect(inner.x + label_w, y, inner.w - label_w, fh)
            field.size = self.text_px(18)
            field.placeholder = self.t(hints[key]) if hints[key] else ""
            self.labels.append((self.t(f"join.{key}"), pygame.Rect(inner.x, y, label_w, fh)))
            y += fh + gap
        look_w = min(
            inner.w,
            max(self.px(170), fonts.font(self.px(22)).size(self.t("join.look"))[0] + pad * 2),
        )
        self.buttons.add(
            Button(
                pygame.Rect(inner.right - look_w, y, look_w, fh),
                self.t("join.look"),
                self.look,
                self.px(22),
                enabled=not busy and self.looker is None,
                primary=True,
                key="join:look",
            )
        )
        y += fh + self.px(18)
        y = self._heading(self.t("join.your_seats"), inner, y, self.text_px(20))
        rh, rgap = self.px(40), self.px(8)
        if self.mine_note is not None or not self.mine:
            note = self.mine_note or self.t("join.no_seats")
            self._wrapped(note, pygame.Rect(inner.x, y, inner.w, inner.bottom - y), 16)
            y += self.px(28) * (2 if self.mine_note else 1)
        for i, entry in enumerate(self.mine):
            if y + rh > inner.bottom:
                break
            info = registry.GAMES.get(entry.game)
            game = info.name(self.app.settings.language) if info else entry.game
            label = self.t("join.rejoin", game=game, seat=entry.seat + 1, code=entry.code)
            self.buttons.add(
                Button(
                    pygame.Rect(inner.x, y, inner.w, rh),
                    label,
                    self._rejoin(entry),
                    self.text_px(17),
                    enabled=not busy,
                    key=f"join:rejoin:{i}",
                )
            )
            y += rh + rgap

    def _say(self, text: str, bad: bool = True) -> None:
        self.message, self.message_bad = text, bad
        self.app.dirty = True

    def _say_error(self, code: str, reason: str, address: str) -> None:
        self._say(self.t(error_key(code), address=address, reason=str(reason)[:120]))

    def _checked(self) -> tuple[str, str, str] | None:
        """(address as typed, its URL, the code) from the fields, or None (said why). A
        join link in the address field (the hosting window's QR code, issue #38) fills
        the address and the code."""
        link = read_join_link(self.fields["address"].text)
        if link is not None:
            self.fields["address"].text, self.fields["code"].text = link
        address = self.fields["address"].text.strip()
        if not address:
            self._say(self.t("join.need_address"))
            return None
        url = table_url(address)
        if url is None:
            self._say(self.t("join.bad_address"))
            return None
        code = normal_code(self.fields["code"].text)
        if code is None:
            self._say(self.t("join.bad_code"))
            return None
        return address, url, code

    def look(self) -> None:
        """Look at the typed table; a code this computer holds a seat at rejoins it."""
        if self.joining is not None:
            return
        checked = self._checked()
        if checked is None:
            return
        url, code = checked[1:]
        entry = next((e for e in self.mine if e.code == code), None)
        if entry is not None:
            self._start_client(("rejoin", entry), url, code, token=entry.token)
            return
        self.looked_at = checked
        self.looker = Looker(url, code)
        self.focus = None
        start_typing(None)
        self._say(self.t("join.looking"), bad=False)
        self.layout(self.size)

    def unlook(self) -> None:
        self.looked, self.choice = None, {}
        self.message = ""
        self.layout(self.size)

    def _pick_found(self, entry: dict[str, Any]):
        def pick():
            host = str(entry["address"])
            shown = f"[{host}]" if ":" in host else host
            scheme = "wss://" if entry.get("tls") else ""
            self.fields["address"].text = f"{scheme}{shown}:{entry['port']}"
            self.fields["code"].text = str(entry["code"])
            self.look()

        return pick

    def _sit(self, seat: int):
        def sit():
            name = self.fields["name"].text.strip()
            if not name or name_problem(name) is not None:
                self._say(self.t("join.bad_name"))
                self.focus = self.fields["name"]
                start_typing(self.focus)
                return
            _, url, code = self.looked_at
            self._start_client(
                ("hello", seat), url, code, seat=seat, name=name, character=self.choice.get(seat)
            )

        return sit

    def _watch(self) -> None:
        name = self.fields["name"].text.strip() or self.t("join.default_name")
        if name_problem(name) is not None:
            self._say(self.t("join.bad_name"))
            return
        _, url, code = self.looked_at
        self._start_client(("hello", None), url, code, seat=None, name=name)

    def _rejoin(self, entry: remembered.RememberedSeat):
        def rejoin():
            url = table_url(entry.address)
            if url is None:
                self._say(self.t("join.bad_address"))
                return
            self.fields["address"].text = entry.address
            self.fields["code"].text = entry.code
            self._start_client(("rejoin", entry), url, entry.code, token=entry.token)

        return rejoin

    def _start_client(self, joining: tuple[str, Any], url: str, code: str, **kwargs: Any) -> None:
        self.joining = joining
        self.joining_url = (self.fields["address"].text.strip(), url, code)
        self.client = ClientThread(url, code, **kwargs).start()
        key = "join.rejoining" if joining[0] == "rejoin" else "join.joining"
        self._say(self.t(key), bad=False)
        self.layout(self.size)

    # -- every frame ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.browser is not None:
            found = self.browser.tables()  # a snapshot under a lock: never waits
            if not found and self.searched < SEARCH_S:  # the browser keeps looking after
                self.searched += dt
                if self.searched >= SEARCH_S:  # "none found" replaces "Looking…"
                    self.layout(self.size)
                    self.app.dirty = True
            if found != self.found:
                self.found = found
                self.layout(self.size)
                self.app.dirty = True
            refused = list(getattr(self.browser, "refused", ()))
            if len(refused) > self.adverts_refused:  # issue #36: an advert left out, said
                self.adverts_refused = len(refused)
                self._say(self.t("join.advert_refused", reason=refused[-1][:120]))
                self.app.dirty = True
        if self.looker is not None:
            answer = self.looker.poll()
            if answer is not None:
                self.looker = None
                kind, value = answer
                if kind == "table":
                    self.looked, self.choice = value, {}
                    if not self.message_bad:  # "Looking…" goes; why a seat failed stays
                        self.message = ""
                else:
                    code, reason = value
                    self._say_error(code, reason, self.looked_at[0])
                self.layout(self.size)
                self.app.dirty = True
        if self.client is not None:
            self._poll_client()

    def _poll_client(self) -> None:
        assert self.client is not None
        notes = self.client.poll()
        for index, (kind, value) in enumerate(notes):
            if kind == "welcome":
                self.client.unread(notes[index + 1 :])  # the game's scene reads them
                self._welcomed(value)
                return
            if kind == "error":
                code, reason = value
                self._refused(code, reason)
                return
            if kind == "dropped":  # a host's message refused (issue #36): said, and waited on
                self._say(self.t("online.message_refused", problem=str(value)[:120]))

    def _welcomed(self, mirror: Mirror) -> None:
        client, self.client = self.client, None
        assert client is not None
        address, _, code = self.joining_url
        detail = self.joining[1] if self.joining else None
        if mirror.seat is not None and client.token:
            if isinstance(detail, remembered.RememberedSeat):  # a rejoin: its name
                name = detail.name
            else:
                name = self.fields["name"].text.strip()
            try:
                remembered.remember(address, code, mirror.seat, mirror.game, name, client.token)
            except OSError:
                pass  # the seat is taken all the same; only a later rejoin needs the file
        self.joining = None
        self.app.replace(self.app.router.screen("client")(self.app, client, mirror))

    def _refused(self, code: str, reason: str) -> None:
        self.client = None
        kind, detail = self.joining or ("hello", None)
        self.joining = None
        address = self.joining_url[0]
        self._say_error(code, reason, address)
        if isinstance(detail, remembered.RememberedSeat) and remembered.answered(detail, code):
            self.mine, _ = remembered.load()
        if kind == "hello" and code in ("seat_taken", "character", "seat"):
            self.looker = Looker(self.looked_at[1], self.looked_at[2])  # the seats as now
        self.layout(self.size)

    # -- input ----------------------------------------------------------------------------------
    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = next((f for f in self.fields.values() if f.hit(event.pos)), None)
            if hit is not None or self.focus is not None:
                self._focus(hit)
            if hit is not None:
                return
        if self.focus is not None:
            if event.type == pygame.KEYDOWN and event.key in (
                pygame.K_TAB,
                pygame.K_DOWN,
                pygame.K_UP,
            ):
                back = event.key == pygame.K_UP or bool(event.mod & pygame.KMOD_SHIFT)
                order = [self.fields[k] for k in FIELDS]
                at = order.index(self.focus) + (-1 if back else 1)
                if 0 <= at < len(order):
                    self._focus(order[at])
                else:  # past the fields: the buttons
                    self._focus(None)
                    self.buttons.focus_key("join:look" if not back else "join:back")
                return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.look()
                return
            if self.focus.handle_event(event) or event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
                self.app.dirty = True
                return  # every key is the field's while it has the focus
        elif self.key_back(event):
            self.app.pop()
            return
        elif (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_TAB
            and self._tab_to_fields(event)
        ):
            return
        super().handle_event(event)

    def _tab_to_fields(self, event) -> bool:
        """Tab past the last button (Shift+Tab before the first) comes back to a field."""
        reachable = [i for i, b in enumerate(self.buttons.buttons) if b.reachable]
        if not reachable or self.buttons.focus is None:
            return False
        back = bool(event.mod & pygame.KMOD_SHIFT)
        if self.buttons.focus == (reachable[0] if back else reachable[-1]):
            self._focus(self.fields["name" if back else "address"])
            return True
        return False

    def _focus(self, field: TextField | None) -> None:
        if self.focus is not None:
            self.focus.focused = False
        self.focus = field
        if field is not None:
            field.focused = True
            self.buttons.focus = None
        start_typing(field)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface):
        chrome.draw_header(self, surface, self.t("join.title"))
        for panel in self.panels:
            chrome.draw_card(surface, panel, self.px(14))
        for field in self.fields.values():
            field.focused = field is self.focus
            field.draw(surface)
        for text, box in self.labels:
            draw_text(
                surface,
                text,
                self.text_px(18),
                box.midleft,
                theme.INK_SOFT,
                anchor="midleft",
                within=box,
            )
        for seat, box in self.marks:  # each seat's colour, as at the table
            radius = min(box.w, box.h) // 2 - 1
            pygame.draw.circle(surface, theme.seat_colour(seat), box.center, radius)
            pygame.draw.circle(surface, theme.INK, box.center, radius, 2)
        for text, box, size, colour, bold in self.texts:
            draw_text(surface, text, size, box.midleft, colour, bold, "midleft", within=box)
        if self.message:
            box = self.message_box
            px = self.text_px(17)
            lines = fonts.wrap(self.message, px, box.w)[:2]
            colour = theme.BAD if self.message_bad else theme.INK_SOFT
            # two lines apart (POLISH3), as far as the box holds them (Larger text)
            line_h = min(
                fonts.line_step(px), max(box.h // len(lines), fonts.render("Ag", px).get_height())
            )
            y = box.centery - line_h * len(lines) // 2
            for line in lines:
                draw_text(surface, line, px, (box.x, y), colour, within=box)
                y += line_h
        super().draw(surface)

    def probe(self) -> dict:
        out = super().probe()
        for field in self.fields.values():
            out[field.key] = [field.rect.centerx, field.rect.centery]
        return out

    def probe_info(self) -> dict:
        """The join code of each table found on the network, by its button's key: an
        end-to-end driver sits at its own host's table by the code, as other tables may be
        advertised on the same network (a test suite's, beside CI's end-to-end run)."""
        return {"found": {f"join:found:{i}": str(e["code"]) for i, e in enumerate(self.found)}}
