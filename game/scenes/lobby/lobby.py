"""The lobby: who plays (2–6 seats within the game's range), as which character, person
or computer and how strong, and the game's options and variants; or, for a game with a
lesson, "Learn to play" (a guided first game, game.scenes.table.lesson)."""

from __future__ import annotations

import importlib
import importlib.util
import threading

import pygame

from game.paths import lesson_ids
from game.registry import CAST_BY_KEY
from game.scenes.base import Scene
from game.scenes.shell import pictures
from game.session import Seat, Session, default_seats, new_seed
from game.settings import NAME_MAX, SEAT_LEVELS
from game.ui import fonts, smooth, theme
from game.ui.widgets import Button, draw_panel, draw_text, draw_tip

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


OPTION_HELP = "lobby.{game}.{option}"  # each option's explanation (data/i18n/*/lobby.yaml)
ADVERTISE_HELP = "lobby.online.advertise"
PHONES_HELP = "lobby.online.phones"
PHONE_GAMES = ("duck", "verflixxt", "cluck")  # the games with secrets (issue #29): not routes


def option_help_key(game_id: str, option: str) -> str:
    """The catalog key of the explanation of ``option`` of game ``game_id`` (issue #27)."""
    return OPTION_HELP.format(game=game_id, option=option)


class PortraitButton(Button):
    """A seat's character: the portrait with the seat's piece on it, and a small turning
    arrow saying a click changes it (its name is said by the tooltip, not written twice
    beside the player's name)."""

    art: pictures.Picture | None = None
    piece: pictures.Picture | None = None

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        r = self.rect
        radius = max(6, r.w // 8)
        fill = theme.BUTTON_HOVER if self.hovered else theme.BUTTON
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        edge = theme.BUTTON_FOCUS if focused else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, r, width=3 if focused else 2, border_radius=radius)
        if self.art is not None:
            pictures.draw(surface, self.art, (r.centerx, r.centery - r.h // 10), "center")
        if self.piece is not None:
            pictures.draw(surface, self.piece, (r.right - 3, r.bottom - 3), "bottomright")
        # the turning arrow: a ring with an arrowhead, top right
        c = (r.right - r.w * 0.16, r.top + r.w * 0.16)
        rad = max(5.0, r.w * 0.09)
        smooth.disc(surface, theme.PANEL, c, rad * 1.45)
        smooth.ring(surface, theme.INK_SOFT, c, rad, max(2.0, rad / 3))
        tip = (c[0] + rad, c[1] + rad * 0.6)
        smooth.arrowhead(surface, theme.INK_SOFT, tip, (c[0] + rad, c[1] - rad), rad * 0.9)


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
        if lesson_ids(self.info.id):  # a guided first game instead (issue #19)
            learn = pygame.Rect(0, back.y, bw, bh2)
            learn.centerx = w // 2
            self.buttons.add(
                Button(learn, self.t("app.learn"), self._learn, self.px(22), key="learn")
            )

    def _lay_seats(self, pad: int, gap: int, hint_h: int) -> None:
        """A card per seat, two to a row (issue #27): the character's portrait with the
        seat's piece on it (click: the next character), the name, person or computer and
        the computer's level; "+ Add a player" takes the next card's place. As many rows
        as one more seat needs, so nothing moves when a seat is added."""
        x0 = self.seat_panel.x + pad
        inner = self.seat_panel.width - 2 * pad
        top = self.seat_panel.y + pad
        area_h = self.seat_panel.height - 2 * pad - hint_h
        cells = min(len(self.seats) + 1, self.info.max_players)
        rows = (cells + 1) // 2
        card_w = (inner - gap) // 2
        card_h = min(self.px(190), (area_h - gap * (rows - 1)) // rows)
        m = max(6, self.px(10))
        step = max(4, m // 2)
        line = max(24, min(self.px(44), (card_h - 2 * m - 2 * step) // 3))
        side = min(card_h - 2 * m, int(card_w * 0.36))
        characters = {c.key: c for c in self.info.characters}
        removable = len(self.seats) > self.info.min_players
        text = self.text_px(18)
        self.cards: list[pygame.Rect] = []
        self.swatches = []
        self.name_rects: list[pygame.Rect] = []
        for i, seat in enumerate(self.seats):
            row, col = divmod(i, 2)
            card = pygame.Rect(
                x0 + col * (card_w + gap), top + row * (card_h + gap), card_w, card_h
            )
            self.cards.append(card)
            character = characters[seat.character]
            portrait_rect = pygame.Rect(card.x + m, card.y + m, side, card_h - 2 * m)
            self.swatches.append(portrait_rect)
            button = PortraitButton(
                portrait_rect,
                self.t.pick(character.name_en, character.name_ja),
                self._cycle_character(i),
                text,
                key=f"char:{i}",
            )
            art_side = int(min(side, card_h - 2 * m) * 0.78)
            if self.info.id in ("duck", "cluck"):  # the piece is the character itself
                button.art = pictures.seat_piece(self.info.id, i, seat.character, art_side)
            else:  # the cast member's face, and the seat's pawn or marker on it
                button.art = pictures.portrait(
                    self.info.id, seat.character, character.cast.key, art_side
                )
                button.piece = pictures.seat_piece(self.info.id, i, seat.character, side // 2)
            self.buttons.add(button)
            rx = portrait_rect.right + m
            rw = card.right - m - rx
            y = card.y + m
            name_w = rw - (line + step if removable else 0)
            editing = self.editing == i
            label = seat.name + ("|" if editing and not self.select_all else "")
            name_rect = pygame.Rect(rx, y, name_w, line)
            self.name_rects.append(name_rect)
            self.buttons.add(
                Button(
                    name_rect, label, self._edit_name(i), text, selected=editing, key=f"name:{i}"
                )
            )
            if removable:
                self.buttons.add(
                    Button(
                        pygame.Rect(card.right - m - line, y, line, line),
                        "×",
                        self._remove(i),
                        text,
                        key=f"remove:{i}",
                    )
                )
            y += line + step
            self.buttons.add(
                Button(
                    pygame.Rect(rx, y, rw, line),
                    self._kind_label(i),
                    self._toggle_human(i),
                    text,
                    key=f"kind:{i}",
                )
            )
            y += line + step
            if not seat.human:  # a person has no level: no control at all
                level = self.t(f"app.level_{seat.level}")
                self.buttons.add(
                    Button(
                        pygame.Rect(rx, y, rw, line),
                        self.t("app.lobby_level", level=level),
                        self._cycle_level(i),
                        text,
                        key=f"level:{i}",
                    )
                )
        if len(self.seats) < self.info.max_players:
            row, col = divmod(len(self.seats), 2)
            add = pygame.Rect(x0 + col * (card_w + gap), top + row * (card_h + gap), card_w, card_h)
            add = add.inflate(-2 * m, -2 * m)
            self.buttons.add(
                Button(add, "+ " + self.t("app.add_seat"), self._add_seat, text, key="add")
            )
        self.hint_pos = (x0, self.seat_panel.bottom - pad // 2 - hint_h + self.px(8))

    def _lay_options(self, lang: str, pad: int) -> None:
        """Each option (its name, the value to click through), the explanation of the one
        under the pointer or the keyboard focus, and a picture of the board they make."""
        oy = self.option_panel.y + self.px(56)
        ox = self.option_panel.x + pad
        ow = self.option_panel.width - 2 * pad
        self.option_labels = []
        self.option_width = ow
        option_h = max(30, self.px(40))
        text = self.text_px(18)
        step = self.heading_size + self.px(6) + option_h + self.px(12)
        explained: dict[str, str] = {}
        for spec in self.module.OPTIONS:
            name = spec.name_ja if lang == "ja" else spec.name_en
            self.option_labels.append((name, (ox, oy)))
            rect = pygame.Rect(ox, oy + self.heading_size + self.px(6), ow, option_h)
            self.buttons.add(
                Button(
                    rect,
                    self._option_label(spec),
                    self._cycle_option(spec),
                    text,
                    key=f"option:{spec.key}",
                )
            )
            explained[f"option:{spec.key}"] = self.t(option_help_key(self.info.id, spec.key))
            oy += step
        if any(self.online):  # issue #18: an invited-only table is not advertised
            self.option_labels.append((self.t("online.advertise"), (ox, oy)))
            rect = pygame.Rect(ox, oy + self.heading_size + self.px(6), ow, option_h)
            self.buttons.add(
                Button(
                    rect,
                    self.t("app.on") if self.advertise else self.t("app.off"),
                    self._toggle_advertise,
                    text,
                    key="online:advertise",
                )
            )
            explained["online:advertise"] = self.t(ADVERTISE_HELP)
            oy += step
        if self.offers_phones():
            # in the panel's title row, right of "Options": a whole row more would take
            # the board preview's room at every size
            label = f"{self.t('online.phones')}: " + (
                self.t("app.on") if self.phones else self.t("app.off")
            )
            size = self.text_px(16)
            title_w = fonts.font(self.text_px(24), True).size(self.t("app.options"))[0]
            free = self.option_panel.w - self.px(16) - title_w - self.px(12) - pad // 2
            width = min(free, fonts.font(size, True).size(label)[0] + self.px(24))
            rect = pygame.Rect(0, 0, width, max(30, self.px(36)))
            rect.topright = (self.option_panel.right - pad // 2, self.option_panel.y + self.px(10))
            self.buttons.add(Button(rect, label, self._toggle_phones, size, key="online:phones"))
            explained["online:phones"] = self.t(PHONES_HELP)
        # the explanation: room for the longest, so nothing moves when another shows
        # at a large text size (issue #27) smaller, down to the floor, to stay in the panel
        for size in range(self.text_px(16), theme.MIN_TEXT_PX - 1, -1):
            self.explain_size = size
            self.explain_line_h = int(size * 1.35)
            self.explanations = {
                key: fonts.wrap(text_, size, ow - self.px(20)) for key, text_ in explained.items()
            }
            most = max((len(lines) for lines in self.explanations.values()), default=0)
            tall = most * self.explain_line_h + self.px(16) if most else 0
            if oy + tall <= self.option_panel.bottom - pad:
                break
        self.explain_box = pygame.Rect(
            ox, oy, ow, most * self.explain_line_h + self.px(16) if most else 0
        )
        if self.explained not in self.explanations:
            self.explained = next(iter(self.explanations), "")
        below = self.explain_box.bottom + self.px(12)
        room = pygame.Rect(ox, below, ow, self.option_panel.bottom - pad - below)
        self.preview = None
        self.preview_rect = room
        if room.height >= max(48, self.px(70)) and self.scanning is None:
            key = (tuple(sorted(map(str, self.options.items()))), len(self.seats), room.size)
            if key not in self._previews:
                self._previews[key] = pictures.board_preview(
                    self.info.id, self.options, len(self.seats), room.size
                )
            self.preview = self._previews[key]

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
            self.select_all = self.editing is not None  # typing replaces the whole name
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

    def offers_phones(self) -> bool:
        """Phones as hands (issue #29): for a game whose phone page draws its hand, at a
        table with somebody at this screen."""
        return self.info.id in PHONE_GAMES and bool(self.here())

    def here(self) -> tuple[int, ...]:
        """The seats of people at this screen."""
        return tuple(i for i, s in enumerate(self.seats) if s.human and not self.online[i])

    def _toggle_phones(self):
        self.phones = not self.phones
        self.layout(self.size)

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
        if any(self.online) or self.uses_phones():
            scene = self._host(session)
        else:
            scene = self.app.router.table(self.info.id)(self.app, session)
        self.app.replace(scene)

    def uses_phones(self) -> bool:
        return self.phones and self.offers_phones()

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
                self.select_all = False
                self.layout(self.size)
                return
            if event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.select_all:
                    seat.name = ""
                    self.select_all = False
                elif event.key == pygame.K_BACKSPACE:
                    seat.name = seat.name[:-1]
                elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                    self.select_all = False  # the cursor goes to the name's end
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

    def _draw_explanation(self, surface) -> None:
        """What the option under the pointer (or the keyboard focus) does; the last one
        explained stays until another is pointed at."""
        pointed = self._pointed("option:") or self._pointed("online:")
        if pointed is not None and pointed.key in self.explanations:
            self.explained = pointed.key
        lines = self.explanations.get(self.explained)
        box = self.explain_box
        if not lines or not box.height:
            return
        pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.ACCENT, 0.12), box, border_radius=8)
        pygame.draw.rect(
            surface,
            theme.ACCENT,
            pygame.Rect(box.x, box.y, max(3, self.px(4)), box.h),
            border_radius=2,
        )
        y = box.y + self.px(8)
        for line in lines:
            draw_text(
                surface, line, self.explain_size, (box.x + self.px(14), y), theme.INK, within=box
            )
            y += self.explain_line_h
