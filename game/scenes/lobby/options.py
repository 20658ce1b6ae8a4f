"""The lobby's options panel (issue #27): each option of the game (its name, the value
to click through), the explanation of the one under the pointer or the keyboard focus,
the online table's own options (shown on the local network, phones as hands) and a
picture of the board the options make."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

import pygame

from game.scenes.base import Scene
from game.scenes.shell import pictures
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_text


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


def board_limit(info, key: str, value: Any) -> int | None:
    """The most seats an option's value allows (a Duck board: its start spaces), from
    the game's loader's ``lobby_limit``; None when the value sets no limit."""
    loader = _loader(info)
    limiter = getattr(loader, "lobby_limit", None) if loader else None
    return limiter(key, value) if limiter is not None else None


def scanned_options(info) -> tuple[str, ...]:
    """The options whose choices come from data folders the lobby scans on entering (the
    game's loader says which)."""
    loader = _loader(info)
    return tuple(getattr(loader, "SCANNED_OPTIONS", ())) if loader else ()


OPTION_HELP = "lobby.{game}.{option}"  # each option's explanation (data/i18n/*/lobby.yaml)
ADVERTISE_HELP = "lobby.online.advertise"
PHONES_HELP = "lobby.online.phones"


def option_help_key(game_id: str, option: str) -> str:
    """The catalog key of the explanation of ``option`` of game ``game_id`` (issue #27)."""
    return OPTION_HELP.format(game=game_id, option=option)


class OptionsPanel(Scene):
    """The lobby's options: laid out in the right-hand panel (``_lay_options``), clicked
    through, explained. Part of :class:`game.scenes.lobby.lobby.LobbyScene`, which keeps
    the state below."""

    info: Any
    module: Any
    seats: list[Any]
    online: list[bool]
    options: dict[str, Any]
    advertise: bool
    phones: bool
    scanning: Any
    explained: str
    heading_size: int
    option_panel: pygame.Rect
    _previews: dict

    def here(self) -> tuple[int, ...]:
        raise NotImplementedError

    def _pointed(self, prefix: str) -> Button | None:
        raise NotImplementedError

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
            if spec.key == "board" and self.info.board_builder:  # issue #41: its files
                rect.w -= self._lay_board_files(rect, text)
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

    def _lay_board_files(self, rect: pygame.Rect, text: int) -> int:
        """Beside the board chosen, "Manage…": Edit (in the builder), Copy (into the
        player's boards) and Delete (the player's own, after a question; a shipped board
        says why not), in a small menu, so the board's picture keeps its room at every
        size. Issue #41. The width it takes from the board's button."""
        label = self.t("builder.manage")
        width = min(rect.w // 3, fonts.font(text).size(label)[0] + self.px(28))
        gap = self.px(8)
        at = pygame.Rect(rect.right - width, rect.y, width, rect.h)
        self.buttons.add(Button(at, label, self._manage_board, text, key="board:manage"))
        return width + gap

    def _manage_board(self) -> None:
        from game.boards import duck_files  # the builder's files: only for a game with one

        path = self._board_file()
        shipped = path is None or duck_files.is_shipped(path)
        name = self._option_label(next(s for s in self.module.OPTIONS if s.key == "board"))
        self.app.router.open(
            "board_menu",
            name,
            [
                ("board:edit", self.t("builder.edit"), self._edit_board, path is not None, ""),
                ("board:copy", self.t("builder.copy"), self._copy_board, path is not None, ""),
                (
                    "board:delete",
                    self.t("builder.delete"),
                    self._delete_board,
                    not shipped,
                    self.t("builder.shipped_stays") if shipped else "",
                ),
                (
                    "board:open",
                    self.t("builder.open_file"),
                    lambda: self.app.router.open("open_board_file"),
                    True,
                    "",
                ),
            ],
        )

    def _board_file(self):
        """The file of the board chosen (a shipped name or the player's path), or None."""
        loader = _loader(self.info)
        try:
            return loader.board_path(str(self.options.get("board"))) if loader else None
        except ValueError:  # a board gone since the scan
            return None

    def _after_board_change(self, chosen) -> None:
        """The boards folder changed: scan it again, choose ``chosen``, lay out."""
        loader = _loader(self.info)
        loader.scan_boards()
        self.options["board"] = chosen
        self._previews.clear()
        self.layout(self.size)

    def _edit_board(self) -> None:
        path = self._board_file()
        if path is not None:
            self.app.router.screen("edit_board")(self.app, path)

    def _copy_board(self) -> None:
        from game.boards import DataFileError, duck_files  # the builder's files (see above)

        path = self._board_file()
        if path is None:
            return
        try:
            copy = duck_files.copy(path)
        except (DataFileError, ValueError, OSError) as exc:
            self.app.show_error(str(exc), self.t("builder.broken_title"))
            return
        self._after_board_change(str(copy))

    def _delete_board(self) -> None:
        from game.boards import duck_files  # the builder's files (see above)

        path = self._board_file()
        if path is None or duck_files.is_shipped(path):
            return
        name = self._option_label(next(s for s in self.module.OPTIONS if s.key == "board"))

        def delete() -> None:
            try:
                duck_files.delete(path)
            except (ValueError, OSError) as exc:
                self.app.show_error(str(exc), self.t("builder.broken_title"))
                return
            self._after_board_change(self.module.DEFAULT_BOARD)

        self.app.router.open(
            "confirm",
            self.t("builder.delete_title"),
            self.t("builder.delete_question", name=name),
            self.t("builder.delete_yes"),
            self.t("builder.delete_no"),
            delete,
        )

    def _takes_the_table(self, spec, choices: tuple) -> tuple:
        """The choices that can take the seats at the table: a board with 4 start spaces
        is skipped while 5 or 6 sit (DDG-42; the seats come first, docs/rules/duck.md's
        Decision). Never empty: the choices as they are if none can."""
        fit = tuple(
            c
            for c in choices
            if (board_limit(self.info, spec.key, c) or len(self.seats)) >= len(self.seats)
        )
        return fit or choices

    def fit_options(self) -> None:
        """An option's value that cannot take the table (a remembered board for fewer
        ducks than sit, or one saved from the builder for fewer) becomes the first choice
        that can, so Start never meets the rules' own refusal."""
        for spec in self.module.OPTIONS:
            value = self.options.get(spec.key)
            limit = board_limit(self.info, spec.key, value)
            if limit is not None and limit < len(self.seats):
                fit = [
                    c
                    for c in option_choices(self.info, spec)
                    if (board_limit(self.info, spec.key, c) or 0) >= len(self.seats)
                ]
                if fit:
                    self.options[spec.key] = fit[0]

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

    def _cycle_option(self, spec):
        def cycle():
            if self.scanning is not None and spec.key in scanned_options(self.info):
                return  # its choices are still being read
            choices = self._takes_the_table(spec, option_choices(self.info, spec))
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
        return self.info.phone_hands and bool(self.here())

    def _toggle_phones(self):
        self.phones = not self.phones
        self.layout(self.size)

    def _toggle_advertise(self):
        self.advertise = not self.advertise
        self.layout(self.size)

    def uses_phones(self) -> bool:
        return self.phones and self.offers_phones()

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
