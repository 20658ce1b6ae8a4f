"""The lobby's seat cards (issue #27): a card per seat with the game's own piece in the
seat's colour and mark (issue #38), the name (selected whole when clicked), person / computer /
online and the computer's level; adding and removing seats; and the table remembered
from the last game (``settings.seats``) fitted to this game."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Any

import pygame

from game.registry import CAST, SEAT_LEVELS
from game.scenes.base import Scene
from game.scenes.lobby.options import board_limit, scanned_options
from game.scenes.shell import pictures
from game.session import Seat, default_seats
from game.ui import i18n, smooth, theme
from game.ui.widgets import Button

LEVELS = SEAT_LEVELS


def default_count(info) -> int:
    """How many seats a new table has: four, within the game's range."""
    return min(4, info.max_players) if info.min_players <= 4 else info.min_players


@cache
def _player_patterns() -> tuple[re.Pattern[str], ...]:
    """ "Player {n}" of each language, as patterns whose group is the number."""
    out = []
    for lang in i18n.LANGUAGES:
        template = i18n.Translator(lang)("app.default_name", n="\0")
        before, _, after = template.partition("\0")
        out.append(re.compile(re.escape(before) + r"(\d{1,2})" + re.escape(after)))
    return tuple(out)


def player_number(name: str) -> int | None:
    """n when ``name`` is the box's "Player n" in any language (プレイヤー2: 2)."""
    for pattern in _player_patterns():
        found = pattern.fullmatch(name)
        if found:
            return int(found.group(1))
    return None


def is_box_name(name: str) -> bool:
    """A name the box gave a seat, in any language: a cast member's or "Player n"."""
    return any(name in (m.name_en, m.name_ja) for m in CAST) or player_number(name) is not None


def box_name(name: str, character, t) -> str:
    """A seat's name the box gave it, in the language of the moment (issue #36): "Player
    n" keeps its number, any other is the seat's character's own name (a seat whose
    character was changed follows it)."""
    n = player_number(name)
    return (
        t("app.default_name", n=n)
        if n is not None
        else t.pick(character.name_en, character.name_ja)
    )


def typed_names(remembered: list[dict], count: int) -> list[bool]:
    """Which of the first ``count`` seats of the last table have a name a person typed
    (``typed`` in ``settings.seats``; a setting written before it had the flag: any name
    that is not one the box gives). Seats added past the remembered ones are the box's."""
    return [
        i < len(remembered)
        and bool(remembered[i].get("typed", not is_box_name(remembered[i]["name"])))
        for i in range(count)
    ]


def remembered_seats(info, remembered: list[dict], t) -> list[Seat]:
    """The last table (``settings.seats``, validated there) fitted to this game: as many
    seats as it had, within the game's range; each seat keeps its person/computer and
    level, and its cast member when this game has that member free. A seat whose member
    this game lacks (Cluck-peep! has four) takes the first free one. A name a person
    typed is kept as typed; a name the box gave is given again in the language of the
    moment (issue #36: a Japanese cast name stayed Japanese in English, and was saved
    so for every later table), following the seat's member.
    Seats added to reach the game's minimum are computers, as in a new table."""
    if not remembered:
        return default_seats(info, default_count(info), t)
    count = max(info.min_players, min(info.max_players, len(remembered)))
    typed = typed_names(remembered, count)
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
        if i >= len(remembered):
            own_name = t.pick(character.name_en, character.name_ja)
            seats.append(Seat(own_name, character.key, human=False, level="normal"))
            continue
        entry = remembered[i]
        name = entry["name"] if typed[i] else box_name(entry["name"], character, t)
        seats.append(Seat(name, character.key, human=entry["human"], level=entry["level"]))
    return seats


def seats_to_remember(info, seats: list[Seat], typed: Sequence[bool] | None = None) -> list[dict]:
    """The table as ``settings.seats`` keeps it: characters by their cast key, so the
    next game (with other pieces) gives each seat the same cast member; ``typed``: which
    names a person typed (a name the box never gives is one either way)."""
    cast_of = {c.key: c.cast.key for c in info.characters}
    typed = [bool(typed and typed[i]) or not is_box_name(s.name) for i, s in enumerate(seats)]
    return [
        {
            "name": s.name,
            "character": cast_of[s.character],
            "human": s.human,
            "level": s.level,
            "typed": bool(typed[i]),
        }
        for i, s in enumerate(seats)
    ]


class PortraitButton(Button):
    """A seat's character: the game's own piece in the seat's colour and mark, and a
    small turning arrow saying a click changes it (its name is said by the tooltip, not
    written twice beside the player's name)."""

    art: pictures.Picture | None = None

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        r = self.rect
        radius = max(6, r.w // 8)
        fill = theme.BUTTON_HOVER if self.hovered else theme.BUTTON
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        edge = theme.BUTTON_FOCUS if focused else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, r, width=3 if focused else 2, border_radius=radius)
        if self.art is not None:
            pictures.draw(surface, self.art, (r.centerx, r.centery + r.h // 20), "center")
        # the turning arrow: a ring with an arrowhead, top right
        c = (r.right - r.w * 0.16, r.top + r.w * 0.16)
        rad = max(5.0, r.w * 0.09)
        smooth.disc(surface, theme.PANEL, c, rad * 1.45)
        smooth.ring(surface, theme.INK_SOFT, c, rad, max(2.0, rad / 3))
        tip = (c[0] + rad, c[1] + rad * 0.6)
        smooth.arrowhead(surface, theme.INK_SOFT, tip, (c[0] + rad, c[1] - rad), rad * 0.9)


class SeatCards(Scene):
    """The lobby's seats: laid out as cards (``_lay_seats``) and changed by their
    controls. Part of :class:`game.scenes.lobby.lobby.LobbyScene`, which keeps the state
    below."""

    info: Any
    module: Any
    seats: list[Seat]
    online: list[bool]
    typed: list[bool]  # a seat's name was typed by a person (else the box's: translated)
    options: dict[str, Any]
    editing: int | None
    select_all: bool
    seat_panel: pygame.Rect
    hint_pos: tuple[int, int]
    scanning: Any  # the worker reading the boards folders, or None once done

    def _stop_editing(self) -> None:
        raise NotImplementedError

    def _lay_seats(self, pad: int, gap: int, hint_h: int) -> None:
        """A card per seat, two to a row (issue #27): the seat's piece as the game draws
        it (click: the next character), the name, person or computer and
        the computer's level; "+ Add a player" takes the next card's place. As many rows
        as one more seat needs, so nothing moves when a seat is added."""
        x0 = self.seat_panel.x + pad
        inner = self.seat_panel.width - 2 * pad
        top = self.seat_panel.y + pad
        area_h = self.seat_panel.height - 2 * pad - hint_h
        cells = min(len(self.seats) + 1, self.seat_limit())
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
            # the game's own piece in the seat's colour and mark: a duck, a chicken, a
            # pawn, a marker (issue #38: duck heads were pasted on pawns and discs)
            art_side = int(min(side, card_h - 2 * m) * 0.72)
            button.art = pictures.seat_piece(self.info.id, i, seat.character, art_side)
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
        if len(self.seats) < self.seat_limit():
            row, col = divmod(len(self.seats), 2)
            add = pygame.Rect(x0 + col * (card_w + gap), top + row * (card_h + gap), card_w, card_h)
            add = add.inflate(-2 * m, -2 * m)
            self.buttons.add(
                Button(add, "+ " + self.t("app.add_seat"), self._add_seat, text, key="add")
            )
        self.hint_pos = (x0, self.seat_panel.bottom - pad // 2 - hint_h + self.px(8))

    def _kind_label(self, i: int) -> str:
        if self.online[i]:
            return self.t("app.online")
        return self.t("app.human") if self.seats[i].human else self.t("app.computer")

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
                    if not self.typed[i]:  # the box's name follows the character
                        new = next(c for c in self.info.characters if c.key == candidate)
                        self.seats[i].name = box_name(self.seats[i].name, new, self.t)
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
            del self.typed[i]
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

    def seat_limit(self) -> int:
        """The most seats this table may have: the game's, or fewer if an option's value
        allows fewer (a Duck board with 4 start spaces takes 4 ducks, DDG-42; its
        loader's ``lobby_limit``). "+ Add a player" is not offered beyond it. While the
        folders are read the scanned options set no limit (no file is read here)."""
        limit = self.info.max_players
        scanned = scanned_options(self.info) if self.scanning is not None else ()
        for key, value in self.options.items():
            if key in scanned:
                continue
            allowed = board_limit(self.info, key, value)
            if allowed is not None:
                limit = min(limit, max(self.info.min_players, allowed))
        return limit

    def _add_seat(self):
        if len(self.seats) >= self.seat_limit():
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
        self.typed.append(False)
        self.layout(self.size)

    def here(self) -> tuple[int, ...]:
        """The seats of people at this screen."""
        return tuple(i for i, s in enumerate(self.seats) if s.human and not self.online[i])
