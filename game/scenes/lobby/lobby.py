"""The lobby: who plays (2–6 seats within the game's range), as which character, person
or computer and how strong, and the game's options and variants; or, for a game with a
lesson, "Learn to play" (a guided first game, game.scenes.lesson)."""

from __future__ import annotations

import importlib
import importlib.util
import threading

import pygame

from game.paths import lesson_ids
from game.registry import CAST_BY_KEY
from game.scenes.base import Scene
from game.session import Seat, Session, default_seats, new_seed
from game.settings import NAME_MAX, SEAT_LEVELS
from game.ui import fonts, identity, theme
from game.ui.widgets import Button, draw_panel, draw_text

LEVELS = SEAT_LEVELS


def default_count(info) -> int:
    """How many seats a new table has: four, within the game's range."""
    return min(4, info.max_players) if info.min_players <= 4 else info.min_players


def remembered_seats(info, remembered: list[dict], t) -> list[Seat]:
    """The last table (``settings.seats``, validated there) fitted to this game: as many
    seats as it had, within the game's range; each seat keeps its name, person/computer
    and level, and its cast member when this game has that member free. A seat whose
    member this game lacks (Cluck-peep! has four) takes the first free one, and a name
    that was the old member's own name (in either language) follows the new member.
    Seats added to reach the game's minimum are computers, as in a new table."""
    if not remembered:
        return default_seats(info, default_count(info), t)
    count = max(info.min_players, min(info.max_players, len(remembered)))
    by_cast = {c.cast.key: c for c in info.characters}
    chosen = []
    for entry in remembered[:count]:
        character = by_cast.get(entry["character"])
        chosen.append(None if character is None or character in chosen else character)
    chosen += [None] * (count - len(chosen))
    free = [c for c in info.characters if c not in chosen]
    seats = []
    for i, character in enumerate(chosen):
        character = character or free.pop(0)
        own_name = t.pick(character.name_en, character.name_ja)
        if i >= len(remembered):
            seats.append(Seat(own_name, character.key, human=False, level="normal"))
            continue
        entry = remembered[i]
        old = CAST_BY_KEY[entry["character"]]
        name = own_name if entry["name"] in (old.name_en, old.name_ja) else entry["name"]
        seats.append(Seat(name, character.key, human=entry["human"], level=entry["level"]))
    return seats


def seats_to_remember(info, seats: list[Seat]) -> list[dict]:
    """The table as ``settings.seats`` keeps it: characters by their cast key, so the
    next game (with other pieces) gives each seat the same cast member."""
    cast_of = {c.key: c.cast.key for c in info.characters}
    return [
        {"name": s.name, "character": cast_of[s.character], "human": s.human, "level": s.level}
        for s in seats
    ]


def _loader(info):
    name = f"game.boards.{info.id}"
    return importlib.import_module(name) if importlib.util.find_spec(name) else None


def option_choices(info, spec) -> tuple:
    """The values a lobby offers for an option; a game's loader may list data-driven
    choices (the shipped boards and the player's own) through ``lobby_choices(key)``."""
    loader = _loader(info)
    lister = getattr(loader, "lobby_choices", None) if loader else None
    if lister is not None:
        listed = lister(spec.key)
        if listed:
            return tuple(listed)
    return tuple(spec.choices)


def scanned_options(info) -> tuple[str, ...]:
    """The options whose choices come from data folders the lobby scans on entering (the
    game's loader says which)."""
    loader = _loader(info)
    return tuple(getattr(loader, "SCANNED_OPTIONS", ())) if loader else ()


# Share of the flexible width of a seat row: name, character, person/computer, level.
COLUMN_SHARES = (0.30, 0.26, 0.24, 0.20)
COLUMN_KEYS = ("app.col_name", "app.col_character", "app.col_kind", "app.col_level")


class LobbyScene(Scene):
    def __init__(self, app, info):
        super().__init__(app)
        self.info = info
        self.module = info.rules()
        self.seats = remembered_seats(info, app.settings.seats, app.t)
        # seats a person plays from their own computer (issue #18), beside self.seats
        self.online: list[bool] = [False] * len(self.seats)
        # a hosted table is shown in the others' "Join a table" lists (mDNS); off: only
        # its address and code let people in (not kept: each table chooses again)
        self.advertise = True
        self.options = {spec.key: spec.default for spec in self.module.OPTIONS}
        self.editing: int | None = None
        self.scanning: threading.Thread | None = None

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
        pad, gap = self.px(16), self.px(8)
        self.hint_size = self.text_px(16)
        self.heading_size = self.text_px(16)
        heading_h = self.heading_size + self.px(10)
        # the key hint wraps onto a second line rather than shrinking below 14 px
        self.hint_lines = fonts.wrap(self.hint(), self.hint_size, self.seat_panel.width - 2 * pad)
        self.hint_line_h = self.hint_size + max(3, self.px(5))
        hint_h = len(self.hint_lines) * self.hint_line_h + self.px(8)
        # Rows for every seat plus the "add" row, so nothing moves when a seat is added.
        rows_area = self.seat_panel.height - 2 * pad - heading_h - hint_h
        row_h = min(self.px(66), rows_area // (len(self.seats) + 1))
        bh = min(self.px(44), row_h - self.px(8))
        x0 = self.seat_panel.x + pad
        inner = self.seat_panel.width - 2 * pad
        flex = inner - 2 * bh - 5 * gap  # a swatch and a remove button are square
        widths = [int(flex * share) for share in COLUMN_SHARES]
        xs = [x0 + bh + gap]
        for width in widths[:-1]:
            xs.append(xs[-1] + width + gap)
        remove_x = xs[-1] + widths[-1] + gap
        self.columns = [
            (self.t(k), pygame.Rect(x, self.seat_panel.y + pad, wd, heading_h))
            for k, x, wd in zip(COLUMN_KEYS, xs, widths)
        ]
        y = self.seat_panel.y + pad + heading_h
        characters = {c.key: c for c in self.info.characters}
        removable = len(self.seats) > self.info.min_players
        self.swatches = []
        text = self.text_px(18)
        for i, seat in enumerate(self.seats):
            character = characters[seat.character]
            self.swatches.append(pygame.Rect(x0, y, bh, bh))
            label = seat.name + ("|" if self.editing == i else "")
            self.buttons.add(
                Button(
                    pygame.Rect(xs[0], y, widths[0], bh),
                    label,
                    self._edit_name(i),
                    text,
                    selected=self.editing == i,
                    key=f"name:{i}",
                )
            )
            self.buttons.add(
                Button(
                    pygame.Rect(xs[1], y, widths[1], bh),
                    self.t.pick(character.name_en, character.name_ja),
                    self._cycle_character(i),
                    text,
                    key=f"char:{i}",
                )
            )
            self.buttons.add(
                Button(
                    pygame.Rect(xs[2], y, widths[2], bh),
                    self._kind_label(i),
                    self._toggle_human(i),
                    text,
                    key=f"kind:{i}",
                )
            )
            if not seat.human:  # a person has no level: no control at all
                self.buttons.add(
                    Button(
                        pygame.Rect(xs[3], y, widths[3], bh),
                        self.t(f"app.level_{seat.level}"),
                        self._cycle_level(i),
                        text,
                        key=f"level:{i}",
                    )
                )
            if removable:
                self.buttons.add(
                    Button(
                        pygame.Rect(remove_x, y, bh, bh),
                        "×",
                        self._remove(i),
                        text,
                        key=f"remove:{i}",
                    )
                )
            y += row_h
        if len(self.seats) < self.info.max_players:
            add = pygame.Rect(x0, y, xs[1] + widths[1] - x0, bh)
            self.buttons.add(
                Button(add, "+ " + self.t("app.add_seat"), self._add_seat, text, key="add")
            )
        self.hint_pos = (x0, self.seat_panel.bottom - pad // 2 - hint_h + self.px(8))
        # options
        oy = self.option_panel.y + self.px(56)
        ox = self.option_panel.x + pad
        ow = self.option_panel.width - 2 * pad
        self.option_labels = []
        option_h = self.px(40)
        rows = len(self.module.OPTIONS) + (1 if any(self.online) else 0)
        step = min(self.px(80), (self.option_panel.bottom - oy - pad) // max(1, rows))
        for spec in self.module.OPTIONS:
            name = spec.name_ja if lang == "ja" else spec.name_en
            self.option_labels.append((name, (ox, oy)))
            rect = pygame.Rect(ox, oy + self.heading_size + self.px(8), ow, option_h)
            self.buttons.add(
                Button(
                    rect,
                    self._option_label(spec),
                    self._cycle_option(spec),
                    text,
                    key=f"option:{spec.key}",
                )
            )
            oy += step
        if any(self.online):  # issue #18: an invited-only table is not advertised
            self.option_labels.append((self.t("online.advertise"), (ox, oy)))
            rect = pygame.Rect(ox, oy + self.heading_size + self.px(8), ow, option_h)
            self.buttons.add(
                Button(
                    rect,
                    self.t("app.on") if self.advertise else self.t("app.off"),
                    self._toggle_advertise,
                    text,
                    key="online:advertise",
                )
            )
        self.option_width = ow
        bw, bh2 = self.px(220), self.px(54)
        back = pygame.Rect(self.px(24), h - bh2 - self.px(24), bw, bh2)
        start = pygame.Rect(w - bw - self.px(24), h - bh2 - self.px(24), bw, bh2)
        self.buttons.add(Button(back, self.t("app.back"), self.app.pop, self.px(22), key="back"))
        start_label = self.t("app.host_online") if any(self.online) else self.t("app.start")
        self.buttons.add(
            Button(start, start_label, self.start, self.px(22), primary=True, key="start")
        )
        if lesson_ids(self.info.id):  # a guided first game instead (issue #19)
            learn = pygame.Rect(0, back.y, bw, bh2)
            learn.centerx = w // 2
            self.buttons.add(
                Button(learn, self.t("app.learn"), self._learn, self.px(22), key="learn")
            )

    def _kind_label(self, i: int) -> str:
        if self.online[i]:
            return self.t("app.online")
        return self.t("app.human") if self.seats[i].human else self.t("app.computer")

    def _option_label(self, spec) -> str:
        value = self.options[spec.key]
        if self.scanning is not None and spec.key in scanned_options(self.info):
            return self.t("app.reading_files")
        if spec.seat_choice and isinstance(value, int) and value < len(self.seats):
            return self.seats[value].name
        if isinstance(value, bool) and value not in spec.choice_names:
            return self.t("app.on") if value else self.t("app.off")
        loader = _loader(self.info)
        labeller = getattr(loader, "lobby_label", None) if loader else None
        label = labeller(spec.key, value, self.app.settings.language) if labeller else None
        return label or spec.label(value, self.app.settings.language)

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
    def _edit_name(self, i):
        def edit():
            self.editing = None if self.editing == i else i
            if self.editing is not None:
                pygame.key.start_text_input()
            self.layout(self.size)

        return edit

    def _cycle_character(self, i):
        def cycle():
            keys = [c.key for c in self.info.characters]
            taken = {s.character for j, s in enumerate(self.seats) if j != i}
            k = keys.index(self.seats[i].character)
            for step in range(1, len(keys) + 1):
                candidate = keys[(k + step) % len(keys)]
                if candidate not in taken:
                    self.seats[i].character = candidate
                    break
            self.layout(self.size)

        return cycle

    def _toggle_human(self, i):
        def toggle():  # a person here, a computer, someone online, a person here...
            seat = self.seats[i]
            if self.online[i]:
                self.online[i] = False
            elif seat.human:
                seat.human = False
            else:
                seat.human, self.online[i] = True, True
            self.layout(self.size)

        return toggle

    def _cycle_level(self, i):
        def cycle():
            seat = self.seats[i]
            seat.level = LEVELS[(LEVELS.index(seat.level) + 1) % len(LEVELS)]
            self.layout(self.size)

        return cycle

    def _remove(self, i):
        def remove():
            if len(self.seats) <= self.info.min_players:
                return
            self._stop_editing()
            del self.seats[i]
            del self.online[i]
            for spec in self.module.OPTIONS:  # an option naming a seat follows it
                value = self.options[spec.key]
                if spec.seat_choice and isinstance(value, int):
                    self.options[spec.key] = (
                        spec.default if value == i else value - 1 if value > i else value
                    )
            self.layout(self.size)
            # the focus stays on the row that took the removed one's place
            row = min(i, len(self.seats) - 1)
            if not self.buttons.focus_key(f"remove:{row}"):
                self.buttons.focus_key(f"name:{row}")

        return remove

    def focused_row(self) -> int | None:
        """The seat row the keyboard focus is on (any of its controls), if any."""
        key = self.buttons.focused_key() or ""
        kind, _, index = key.partition(":")
        if kind in ("name", "char", "kind", "level", "remove") and index.isdigit():
            return int(index)
        return None

    def _add_seat(self):
        if len(self.seats) >= self.info.max_players:
            return
        taken = {s.character for s in self.seats}
        character = next(c for c in self.info.characters if c.key not in taken)
        self.seats.append(
            Seat(
                self.t.pick(character.name_en, character.name_ja),
                character.key,
                human=False,
                level="normal",
            )
        )
        self.online.append(False)
        self.layout(self.size)

    def _cycle_option(self, spec):
        def cycle():
            if self.scanning is not None and spec.key in scanned_options(self.info):
                return  # its choices are still being read
            choices = option_choices(self.info, spec)
            if spec.seat_choice:
                choices = tuple(c for c in choices if not isinstance(c, int) or c < len(self.seats))
            value = self.options[spec.key]
            index = choices.index(value) if value in choices else -1
            self.options[spec.key] = choices[(index + 1) % len(choices)]
            self.layout(self.size)

        return cycle

    def _toggle_advertise(self):
        self.advertise = not self.advertise
        self.layout(self.size)

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
        self.app.settings.seats = seats_to_remember(self.info, self.seats)
        self.app.save_settings()  # the next lobby shows this table
        if any(self.online):
            scene = self._host(session)
        else:
            scene = self.app.router.table(self.info.id)(self.app, session)
        self.app.replace(scene)

    def _host(self, session):
        """The table opened to the network (issue #18): the people here play at this
        screen, the online seats wait for their players; the game scene shows the
        address and the join code, and the table is advertised on this network unless
        "Show on the local network" is off (then only the address and code let people
        in)."""
        from game.net.host import HostThread  # opens at once; websockets when online
        from game.net.protocol import DEFAULT_PORT  # with the host above

        local = tuple(i for i, s in enumerate(self.seats) if s.human and not self.online[i])
        # the port a typed address without one means (a free one if it is taken): the
        # game's header shows the address with the port either way
        host = HostThread(
            session, port=DEFAULT_PORT, any_port=True, local_seats=local, advertise=self.advertise
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
                # an input method can send several characters at once: cut, never exceed
                seat.name = (seat.name + event.text)[:NAME_MAX]
                self.layout(self.size)
                return
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_BACKSPACE:
                    seat.name = seat.name[:-1]
                elif event.key in (
                    pygame.K_RETURN,
                    pygame.K_ESCAPE,
                    pygame.K_KP_ENTER,
                    pygame.K_TAB,
                ):
                    if not seat.name.strip():
                        seat.name = self.t("app.default_name", n=self.editing + 1)
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
        return " · ".join(keys)

    def visible_texts(self) -> list[str]:
        """Every text this screen shows (the tests look for translation keys in it)."""
        return (
            [self.title()]
            + [label for label, _ in self.columns]
            + [label for label, _ in self.option_labels]
            + [self.hint(), self.t("app.options")]
            + [b.label for b in self.buttons.buttons]
        )

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
        for label, rect in self.columns:
            text, size = fonts.fit(label, self.heading_size, rect.width, theme.MIN_TEXT_PX)
            draw_text(
                surface,
                text,
                size,
                (rect.centerx, rect.bottom - self.px(6)),
                theme.INK_SOFT,
                anchor="midbottom",
            )
        for seat, rect in enumerate(self.swatches):  # the seat's colour and mark
            identity.draw_seat_mark(surface, seat, rect.center, rect.width)
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
        super().draw(surface)
