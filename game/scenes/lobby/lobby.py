"""The lobby: who plays (2–6 seats within the game's range), as which character, person
or computer and how strong, and the game's options and variants; or, for a game with a
lesson, "Learn to play" (a guided first game, game.scenes.table.lesson)."""

from __future__ import annotations

import threading

import pygame

from game.paths import lesson_ids
from game.scenes.lobby.options import OptionsPanel, _loader, option_help_key
from game.scenes.lobby.seats import SeatCards, remembered_seats, seats_to_remember, typed_names
from game.scenes.shell import pictures
from game.session import Seat, Session, default_seats, new_seed
from game.settings import NAME_MAX
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_panel, draw_text, draw_tip

# the parts the tests (and the screens) import from here, as before the lobby was split
__all__ = [
    "LobbyScene",
    "default_seats",
    "option_help_key",
    "remembered_seats",
    "seats_to_remember",
]


class LobbyScene(SeatCards, OptionsPanel):
    """The lobby: its seat cards (:mod:`game.scenes.lobby.seats`) on the left, its
    options (:mod:`game.scenes.lobby.options`) on the right, Back, Learn to play and
    Start at the bottom; the name being typed, the scan of the game's data folders."""

    def __init__(self, app, info):
        super().__init__(app)
        self.info = info
        self.module = info.rules()
        self.seats = remembered_seats(info, app.settings.seats, app.t)
        # names a person typed are kept as typed; the box's follow the language (#36)
        self.typed = typed_names(app.settings.seats, len(self.seats))
        # seats a person plays from their own computer (issue #18), beside self.seats
        self.online: list[bool] = [False] * len(self.seats)
        # a hosted table is shown in the others' "Join a table" lists (mDNS); off: only
        # its address and code let people in (not kept: each table chooses again)
        self.advertise = True
        # phones as hands (issue #29): the people here hold their hands on their phones
        # (the table hosts itself; a QR code beside each of their seats). Not kept.
        self.phones = False
        self.options = {spec.key: spec.default for spec in self.module.OPTIONS}
        self.editing: int | None = None
        # the name being edited is selected whole: typing replaces it (issue #27)
        self.select_all = False
        self.scanning: threading.Thread | None = None
        self.explained = f"option:{self.module.OPTIONS[0].key}" if self.module.OPTIONS else ""
        self._previews: dict = {}

    # layout -----------------------------------------------------------------------------
    def layout(self, size):
        super().layout(size)
        w, h = size
        self.buttons.clear()
        lang = self.app.settings.language
        left_w = min(self.px(760), int(w * 0.6))
        self.seat_panel = pygame.Rect(self.px(24), self.px(90), left_w, h - self.px(190))
        self.option_panel = pygame.Rect(
            self.seat_panel.right + self.px(20),
            self.px(90),
            w - self.seat_panel.right - self.px(44),
            h - self.px(190),
        )
        pad, gap = self.px(16), self.px(12)
        self.hint_size = self.text_px(16)
        self.heading_size = self.text_px(16)
        # the key hint wraps onto a second line rather than shrinking below 14 px
        self.hint_lines = fonts.wrap(self.hint(), self.hint_size, self.seat_panel.width - 2 * pad)
        self.hint_line_h = self.hint_size + max(3, self.px(5))
        hint_h = len(self.hint_lines) * self.hint_line_h + self.px(8)
        self.columns: list = []
        self._lay_seats(pad, gap, hint_h)
        self._lay_options(lang, pad)
        bw, bh2 = self.px(220), self.px(54)
        back = pygame.Rect(self.px(24), h - bh2 - self.px(24), bw, bh2)
        start = pygame.Rect(w - bw - self.px(24), h - bh2 - self.px(24), bw, bh2)
        self.buttons.add(Button(back, self.t("app.back"), self.app.pop, self.px(22), key="back"))
        start_label = self.t("app.host_online") if any(self.online) else self.t("app.start")
        self.buttons.add(
            Button(start, start_label, self.start, self.px(22), primary=True, key="start")
        )
        self._lay_builder(back)
        if lesson_ids(self.info.id):  # a guided first game instead (issue #19)
            learn = pygame.Rect(0, back.y, bw, bh2)
            learn.centerx = w // 2
            self.buttons.add(
                Button(learn, self.t("app.learn"), self._learn, self.px(22), key="learn")
            )

    def _lay_builder(self, back: pygame.Rect) -> None:
        """A game whose boards a person may build (issue #41) offers its builder beside
        Back, checking for as many ducks as sit at the table; a board file from a friend
        is opened by dropping it on the window."""
        if not self.info.board_builder:
            return
        build = back.move(back.w + self.px(16), 0)
        self.buttons.add(
            Button(
                build,
                self.t("builder.open"),
                lambda: self.app.router.open(self.info.board_builder, ducks=len(self.seats)),
                self.px(20),
                key="build",
            )
        )

    def probe_info(self) -> dict:
        """The board chosen and the people seated, for an end-to-end driver."""
        return {
            "lobby": {
                "board": str(self.options.get("board", "")),
                "humans": sum(1 for seat in self.seats if seat.human),
            }
        }

    def resume(self):
        """Back from the builder: a board saved there is offered now (a fresh scan)."""
        super().resume()
        loader = _loader(self.info)
        if loader is not None and hasattr(loader, "scan_boards"):
            loader.scan_boards()
            self.fit_options()
            self.layout(self.size)

    def enter(self):
        """Lay out at once, and read the game's data folders (the player's boards) on a
        worker thread: a big or broken folder never freezes the lobby, and no redraw or
        option click reads a file (the loader answers from the scan it keeps)."""
        loader = _loader(self.info)
        problems = getattr(loader, "lobby_problems", None) if loader else None
        if problems is not None:  # started before the first layout, which then reads nothing
            self.scan_result: list[list[str]] = []
            self.scanning = threading.Thread(
                target=lambda: self.scan_result.append(problems()), name="lobby-scan", daemon=True
            )
            self.scanning.start()
        super().enter()

    def update(self, dt):
        if self.scanning is not None and not self.scanning.is_alive():
            self.scanning = None
            self.fit_options()  # a remembered board that cannot take this table: one that can
            self.layout(self.size)  # the boards found are offered now
            lines = self.scan_result[0] if self.scan_result else []
            if lines:  # a board the player dropped in is broken: say so, keep going
                more = len(lines) - 4
                self.app.show_error(
                    "\n".join(lines[:4])
                    + ("\n" + self.t("app.more_problems", n=more) if more > 0 else ""),
                    self.t("app.boards_broken_title"),
                )

    def busy(self):
        return self.scanning is not None

    def wait_for_scan(self, timeout: float = 10.0) -> None:
        """Tests and the screenshot tool: let the scan finish and its result show."""
        if self.scanning is not None:
            self.scanning.join(timeout)
        self.update(0.0)

    # actions ----------------------------------------------------------------------------
    def start(self):
        self._stop_editing()
        seed = new_seed() if not self.app.fixed_seed else self.app.fixed_seed
        try:
            session = Session(
                self.info.id,
                [Seat(**vars(s)) for s in self.seats],
                seed,
                self.options,
                bot_budget_ms=self.app.settings.bot_budget_ms,
            )
        except ValueError as exc:
            self.app.show_error(str(exc))
            return
        self.app.settings.seats = seats_to_remember(self.info, self.seats, self.typed)
        self.app.save_settings()  # the next lobby shows this table
        if any(self.online) or self.uses_phones():
            scene = self._host(session)
        else:
            scene = self.app.router.table(self.info.id)(self.app, session)
        self.app.replace(scene)
        if any(self.online):  # issue #38: the code big, a QR code, the seats filling in
            self.app.router.screen("waiting_room")(self.app, scene)

    def _host(self, session):
        """The table opened to the network (issue #18): the people here play at this
        screen, the online seats wait for their players; the game scene shows the
        address and the join code, and the table is advertised on this network unless
        "Show on the local network" is off (then only the address and code let people
        in)."""
        from game.net.host import HostThread  # opens at once; websockets when online
        from game.net.protocol import DEFAULT_PORT  # with the host above

        local = self.here()
        # the port a typed address without one means (a free one if it is taken): the
        # game's header shows the address with the port either way
        host = HostThread(
            session,
            port=DEFAULT_PORT,
            any_port=True,
            local_seats=local,
            advertise=self.advertise and any(self.online),
            phones=local if self.uses_phones() else (),
        ).start()
        return self.app.router.screen("hosted")(self.app, host, local)

    def _learn(self):
        self._stop_editing()
        self.app.router.screen("lessons")(self.app, self.info.id)

    def _stop_editing(self):
        if self.editing is not None:
            self.editing = None
            pygame.key.stop_text_input()

    def handle_event(self, event):
        if self.editing is not None:
            seat = self.seats[self.editing]
            if event.type == pygame.TEXTINPUT:
                # an input method can send several characters at once: cut, never exceed;
                # the whole name selected (just clicked) is replaced by what is typed
                kept = "" if self.select_all else seat.name
                seat.name = (kept + event.text)[:NAME_MAX]
                self.typed[self.editing] = True
                self.select_all = False
                self.layout(self.size)
                return
            if event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.select_all:
                    seat.name = ""
                    self.typed[self.editing] = True
                    self.select_all = False
                elif event.key == pygame.K_BACKSPACE:
                    seat.name = seat.name[:-1]
                    self.typed[self.editing] = True
                elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                    self.select_all = False  # the cursor goes to the name's end
                elif event.key in (
                    pygame.K_RETURN,
                    pygame.K_ESCAPE,
                    pygame.K_KP_ENTER,
                    pygame.K_TAB,
                ):
                    if not seat.name.strip():  # the box's name again
                        seat.name = self.t("app.default_name", n=self.editing + 1)
                        self.typed[self.editing] = False
                    self._stop_editing()
                self.layout(self.size)
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE:
            row = self.focused_row()
            if row is not None:
                self._remove(row)()
            return
        if self.key_back(event):
            self.app.pop()
            return
        super().handle_event(event)

    def hint(self) -> str:
        """The key hint under the seats: what Delete does is only said when it can."""
        keys = [self.t("app.lobby_keys")]
        if len(self.seats) > self.info.min_players:
            keys.append(self.t("app.lobby_delete_key"))
        limit = self.seat_limit()
        if len(self.seats) >= limit and limit < self.info.max_players:
            keys.append(self.t("board_seats.board_full", n=limit))  # why no "+ Add"
        return " · ".join(keys)

    def visible_texts(self) -> list[str]:
        """Every text this screen shows (the tests look for translation keys in it)."""
        return (
            [self.title()]
            + [label for label, _ in self.option_labels]
            + [self.hint(), self.t("app.options")]
            + [b.label for b in self.buttons.buttons if not b.key.startswith("char:")]
            + self.explanations.get(self.explained, [])
            + [tip for tip in [self.tip_text()] if tip]
        )

    def tip_text(self) -> str:
        """The tooltip of the portrait under the pointer or the keyboard focus: whose
        character it is and that a click changes it."""
        button = self._pointed("char:")
        return self.t("app.lobby_character_tip", name=button.label) if button else ""

    def _pointed(self, prefix: str) -> Button | None:
        """The button whose key starts with ``prefix`` under the pointer, else the
        focused one."""
        for button in self.buttons.buttons:
            if button.hovered and button.key.startswith(prefix):
                return button
        key = self.buttons.focused_key() or ""
        return self.buttons.by_key(key) if key.startswith(prefix) else None

    def title(self) -> str:
        return self.t("app.lobby_title", game=self.info.name(self.app.settings.language))

    def draw(self, surface):
        w, _ = surface.get_size()
        title, size = fonts.fit(
            self.title(), self.px(36), w - self.px(48), self.text_px(20), bold=True
        )
        draw_text(
            surface, title, size, (w // 2, self.px(46)), theme.INK, bold=True, anchor="center"
        )
        draw_panel(surface, self.seat_panel)
        draw_panel(surface, self.option_panel)
        for seat, card in enumerate(self.cards):  # each seat's card in its colour
            tint = theme.mix(theme.seat_colour(seat), theme.PANEL, 0.82)
            draw_panel(surface, card, tint, theme.seat_colour(seat), radius=max(8, self.px(14)))
        x, y = self.hint_pos
        for line in self.hint_lines:
            draw_text(surface, line, self.hint_size, (x, y), theme.INK_SOFT, within=self.seat_panel)
            y += self.hint_line_h
        draw_text(
            surface,
            self.t("app.options"),
            self.text_px(24),
            (self.option_panel.x + self.px(16), self.option_panel.y + self.px(14)),
            theme.INK,
            bold=True,
        )
        for label, pos in self.option_labels:
            text, size = fonts.fit(label, self.heading_size, self.option_width, theme.MIN_TEXT_PX)
            draw_text(surface, text, size, pos, theme.INK_SOFT)
        self._draw_explanation(surface)
        if self.preview is not None:
            image = self.preview.image
            pictures.lay(surface, self.preview, image.get_rect(center=self.preview_rect.center))
        super().draw(surface)
        if self.editing is not None and self.select_all:  # the whole name is selected
            rect = self.buttons.by_key(f"name:{self.editing}").rect
            width = fonts.font(self.text_px(18)).size(self.seats[self.editing].name)[0]
            mark = pygame.Rect(0, 0, min(rect.w - 8, width + 8), int(self.text_px(18) * 1.3))
            mark.center = rect.center
            shade = pygame.Surface(mark.size, pygame.SRCALPHA)
            shade.fill((*theme.ACCENT, 90))
            surface.blit(shade, mark)
        tip = self.tip_text()
        if tip:
            button = self._pointed("char:")
            if button is not None:
                draw_tip(surface, tip, button.rect, self.text_px(16))
