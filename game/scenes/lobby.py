"""The lobby: who plays (2–6 seats within the game's range), as which character, person
or computer and how strong, and the game's options and variants."""
from __future__ import annotations

import random

import pygame

from game.scenes.base import Scene
from game.session import Seat, Session
from game.ui import theme
from game.ui.widgets import Button, draw_panel, draw_text

LEVELS = ("easy", "normal", "hard")


def default_seats(info, count: int, t) -> list[Seat]:
    seats = []
    for i in range(count):
        character = info.characters[i % len(info.characters)]
        seats.append(Seat(t("app.default_name", n=i + 1) if i == 0 else
                          t.pick(character.name_en, character.name_ja),
                          character.key, human=i == 0, level="normal"))
    return seats


def _loader(info):
    import importlib
    import importlib.util
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


class LobbyScene(Scene):
    def __init__(self, app, info):
        super().__init__(app)
        self.info = info
        self.module = info.rules()
        self.seats = default_seats(info, min(4, info.max_players) if info.min_players <= 4
                                   else info.min_players, app.t)
        self.options = {spec.key: spec.default for spec in self.module.OPTIONS}
        self.editing: int | None = None

    # layout -----------------------------------------------------------------------------
    def layout(self, size):
        super().layout(size)
        w, h = size
        self.buttons.clear()
        lang = self.app.settings.language
        left_w = min(self.px(760), int(w * 0.6))
        self.seat_panel = pygame.Rect(self.px(24), self.px(90), left_w, h - self.px(190))
        self.option_panel = pygame.Rect(self.seat_panel.right + self.px(20), self.px(90),
                                        w - self.seat_panel.right - self.px(44),
                                        h - self.px(190))
        row_h = min(self.px(66), (self.seat_panel.height - self.px(80)) // max(1, len(self.seats)))
        bh = min(self.px(44), row_h - self.px(10))
        x0 = self.seat_panel.x + self.px(16)
        y = self.seat_panel.y + self.px(16)
        characters = {c.key: c for c in self.info.characters}
        self.swatches = []
        for i, seat in enumerate(self.seats):
            character = characters[seat.character]
            self.swatches.append((pygame.Rect(x0, y, bh, bh), character.colour))
            name_rect = pygame.Rect(x0 + bh + self.px(8), y, self.px(190), bh)
            label = seat.name + ("|" if self.editing == i else "")
            self.buttons.add(Button(name_rect, label, self._edit_name(i), self.px(19),
                                    selected=self.editing == i, key=f"name:{i}"))
            char_rect = pygame.Rect(name_rect.right + self.px(8), y, self.px(170), bh)
            self.buttons.add(Button(char_rect, self.t.pick(character.name_en, character.name_ja),
                                    self._cycle_character(i), self.px(18), key=f"char:{i}"))
            kind_rect = pygame.Rect(char_rect.right + self.px(8), y, self.px(140), bh)
            self.buttons.add(Button(kind_rect, self.t("app.human") if seat.human
                                    else self.t("app.computer"), self._toggle_human(i),
                                    self.px(18), key=f"kind:{i}"))
            level_rect = pygame.Rect(kind_rect.right + self.px(8), y, self.px(110), bh)
            self.buttons.add(Button(level_rect, self.t(f"app.level_{seat.level}"),
                                    self._cycle_level(i), self.px(18), enabled=not seat.human,
                                    key=f"level:{i}"))
            if len(self.seats) > self.info.min_players:
                rm = pygame.Rect(level_rect.right + self.px(8), y, self.px(44), bh)
                if rm.right <= self.seat_panel.right - self.px(8):
                    self.buttons.add(Button(rm, "×", self._remove(i), self.px(18),
                                            key=f"remove:{i}"))
            y += row_h
        if len(self.seats) < self.info.max_players:
            add = pygame.Rect(x0, y + self.px(4), self.px(240), bh)
            self.buttons.add(Button(add, "+ " + self.t("app.add_seat"), self._add_seat,
                                    self.px(18), key="add"))
        # options
        oy = self.option_panel.y + self.px(56)
        ox = self.option_panel.x + self.px(16)
        ow = self.option_panel.width - self.px(32)
        self.option_labels = []
        for spec in self.module.OPTIONS:
            name = spec.name_ja if lang == "ja" else spec.name_en
            self.option_labels.append((name, (ox, oy)))
            rect = pygame.Rect(ox, oy + self.px(26), ow, self.px(40))
            self.buttons.add(Button(rect, self._option_label(spec), self._cycle_option(spec),
                                    self.px(18), key=f"option:{spec.key}"))
            oy += self.px(80)
        bw, bh2 = self.px(220), self.px(54)
        back = pygame.Rect(self.px(24), h - bh2 - self.px(24), bw, bh2)
        start = pygame.Rect(w - bw - self.px(24), h - bh2 - self.px(24), bw, bh2)
        self.buttons.add(Button(back, self.t("app.back"), self.app.pop, self.px(22), key="back"))
        self.buttons.add(Button(start, self.t("app.start"), self.start, self.px(22),
                                primary=True, key="start"))

    def _option_label(self, spec) -> str:
        value = self.options[spec.key]
        if isinstance(value, bool):
            return self.t("app.on") if value else self.t("app.off")
        loader = _loader(self.info)
        labeller = getattr(loader, "lobby_label", None) if loader else None
        label = labeller(spec.key, value, self.app.settings.language) if labeller else None
        return label or spec.label(value, self.app.settings.language)

    def enter(self):
        super().enter()
        loader = _loader(self.info)
        problems = getattr(loader, "lobby_problems", None) if loader else None
        lines = problems() if problems else []
        if lines:     # a board the player dropped in is broken: say so, keep going
            self.app.show_error("\n".join(lines[:4]))

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
        def toggle():
            self.seats[i].human = not self.seats[i].human
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
            del self.seats[i]
            self.editing = None
            self.layout(self.size)
        return remove

    def _add_seat(self):
        taken = {s.character for s in self.seats}
        character = next(c for c in self.info.characters if c.key not in taken)
        self.seats.append(Seat(self.t.pick(character.name_en, character.name_ja), character.key,
                               human=False, level="normal"))
        self.layout(self.size)

    def _cycle_option(self, spec):
        def cycle():
            choices = option_choices(self.info, spec)
            value = self.options[spec.key]
            index = choices.index(value) if value in choices else -1
            self.options[spec.key] = choices[(index + 1) % len(choices)]
            self.layout(self.size)
        return cycle

    def start(self):
        self._stop_editing()
        seed = random.SystemRandom().randrange(1, 2**31) if not self.app.fixed_seed \
            else self.app.fixed_seed
        try:
            session = Session(self.info.id, [Seat(**vars(s)) for s in self.seats], seed,
                              self.options, bot_budget_ms=self.app.settings.bot_budget_ms)
        except ValueError as exc:
            self.app.show_error(str(exc))
            return
        scene = self.info.scene_class()(self.app, session)
        self.app.replace(scene)

    def _stop_editing(self):
        if self.editing is not None:
            self.editing = None
            pygame.key.stop_text_input()

    def handle_event(self, event):
        if self.editing is not None:
            seat = self.seats[self.editing]
            if event.type == pygame.TEXTINPUT:
                if len(seat.name) < 16:
                    seat.name += event.text
                self.layout(self.size)
                return
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_BACKSPACE:
                    seat.name = seat.name[:-1]
                elif event.key in (pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_KP_ENTER,
                                   pygame.K_TAB):
                    if not seat.name.strip():
                        seat.name = self.t("app.default_name", n=self.editing + 1)
                    self._stop_editing()
                self.layout(self.size)
                return
        if self.key_back(event):
            self.app.pop()
            return
        super().handle_event(event)

    def draw(self, surface):
        w, _ = surface.get_size()
        draw_text(surface, self.t("app.lobby_title", game=self.info.name(self.app.settings.language)),
                  self.px(36), (w // 2, self.px(46)), theme.INK, bold=True, anchor="center")
        draw_panel(surface, self.seat_panel)
        draw_panel(surface, self.option_panel)
        for rect, colour in self.swatches:
            pygame.draw.circle(surface, colour, rect.center, rect.width // 2)
            pygame.draw.circle(surface, theme.INK, rect.center, rect.width // 2, 2)
        draw_text(surface, self.t("app.options"), self.px(24),
                  (self.option_panel.x + self.px(16), self.option_panel.y + self.px(14)),
                  theme.INK, bold=True)
        for label, pos in self.option_labels:
            draw_text(surface, label, self.px(17), pos, theme.INK_SOFT)
        super().draw(surface)
