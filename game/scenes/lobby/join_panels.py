"""The right-hand panel of the "Join a table" screen (game/scenes/lobby/join.py): the tables
found on this network, or the table looked at with its seats ("Sit here" with a
character for each free one, "Watch"); and the one-line texts the screen lays out once
and draws every frame. A mixin of :class:`~game.scenes.lobby.join.JoinScene`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import registry
from game.net.join import LookedTable
from game.net.protocol import VERSION
from game.scenes.base import Scene
from game.ui import fonts, theme
from game.ui.widgets import Button

STATUS_KEYS = {
    "connected": "join.status_connected",
    "reconnecting": "join.status_reconnecting",
    "computer": "join.status_computer",
    "standing_in": "join.status_standing_in",
    "local": "join.status_local",
}


# How long the list says "Looking for tables…" before it says none was found: an mDNS
# browser asks at once, again after 1 s and 2 s, and a host answers within a second of a
# question (RFC 6762 section 6); the table's details take one more round trip
SEARCH_S = 5.0


class JoinPanels(Scene):
    """Laid out by the scene's ``layout``: ``texts`` and ``marks`` are drawn by it.
    The annotations name what :class:`~game.scenes.lobby.join.JoinScene` holds and does."""

    looked: LookedTable | None
    looked_at: tuple[str, str, str]
    found: list[dict[str, Any]]
    searched: float
    browse_problem: str | None
    choice: dict[int, str]
    texts: list[tuple[str, pygame.Rect, int, tuple, bool]]
    marks: list[tuple[int, pygame.Rect]]

    # the scene's (Scene and JoinScene), declared for the type checker only
    unlook: Callable[[], None]
    _watch: Callable[[], None]
    _pick_found: Callable[[dict[str, Any]], Callable[[], None]]
    _sit: Callable[[int], Callable[[], None]]

    def _heading(self, text: str, rect: pygame.Rect, y: int, size: int) -> int:
        high = fonts.render(text or " ", size, theme.INK, True).get_height() + 2
        self._text(text, (rect.x, y, rect.w, high), size, True)
        return y + high + self.px(8)

    def _layout_found(self, panel: pygame.Rect, pad: int, busy: bool) -> None:
        inner = panel.inflate(-2 * pad, -2 * pad)
        y = self._heading(self.t("join.found_title"), inner, inner.y, self.text_px(22))
        if self.browse_problem is not None or not self.found:
            note = self.browse_problem or self._searching_note()
            y = self._wrapped(note, pygame.Rect(inner.x, y, inner.w, inner.bottom - y), 16)
        rh, gap = self.px(48), self.px(8)
        lang = self.app.settings.language
        for i, entry in enumerate(self.found):
            if y + rh > inner.bottom:
                break
            info = registry.GAMES.get(entry["game"])
            name = str(entry.get("name", ""))
            host = name.rsplit(" on ", 1)[-1] if " on " in name else str(entry["address"])
            label = self.t(
                "join.found_entry",
                game=info.name(lang) if info else entry["game"],
                host=host,
                players=entry["players"],
            )
            same = entry.get("version") == str(VERSION)
            self.buttons.add(
                Button(
                    pygame.Rect(inner.x, y, inner.w, rh),
                    label,
                    self._pick_found(entry),
                    self.text_px(18),
                    enabled=same and not busy,
                    why="" if same else self.t("join.other_version"),
                    key=f"join:found:{i}",
                )
            )
            y += rh + gap

    def _searching_note(self) -> str:
        """ "Looking…" while a search can still find a table; then that none was found
        and how to join without the list, while the browser goes on looking."""
        if self.searched < SEARCH_S:
            return self.t("join.searching")
        return self.t("join_search.none_found")

    def _layout_table(self, panel: pygame.Rect, pad: int, busy: bool) -> None:
        table = self.looked
        assert table is not None
        inner = panel.inflate(-2 * pad, -2 * pad)
        lang = self.app.settings.language
        info = registry.get(table.game)
        names = {c.key: c for c in info.characters}
        title = self.t("join.table_title", game=info.name(lang), code=self.looked_at[2])
        y = self._heading(title, inner, inner.y, self.text_px(22))
        free = [i for i, s in enumerate(table.seats) if s["status"] == "open"]
        hint = self.t("join.pick_seat") if free else self.t("join.no_free_seat")
        if table.spectators:
            hint += "  " + self.t("join.spectators", n=table.spectators)
        y = self._wrapped(hint, pygame.Rect(inner.x, y, inner.w, self.px(60)), 16, soft=True)
        bh = self.px(44)
        rows_bottom = inner.bottom - bh - self.px(12)
        rh = min(self.px(50), (rows_bottom - y) // max(1, table.players))
        mark = self.px(26)
        # the last column holds "Sit here" or a seat's status: as wide as the widest
        # shown, but never more than a third of the row
        statuses = {
            self.t(STATUS_KEYS.get(s["status"], "join.status_computer")) for s in table.seats
        }
        status_face, sit_face = fonts.font(self.text_px(16)), fonts.font(self.px(18), True)
        widest = max(
            [sit_face.size(self.t("join.sit"))[0], *(status_face.size(t)[0] for t in statuses)]
        )
        sit_w = min(inner.w // 3, max(self.px(120), widest + pad))
        char_w = self.px(150)
        name_x = inner.x + mark + self.px(10)
        name_w = inner.right - sit_w - char_w - self.px(16) - name_x
        size = self.text_px(18)
        for i, seat in enumerate(table.seats):
            row = pygame.Rect(inner.x, y + i * rh, inner.w, rh - self.px(6))
            self.marks.append((i, pygame.Rect(inner.x, row.y, mark, row.h)))
            character = names.get(seat["character"])
            shown = self.t.pick(character.name_en, character.name_ja) if character else ""
            char_box = pygame.Rect(name_x + name_w + self.px(8), row.y, char_w, row.h)
            sit_box = pygame.Rect(inner.right - sit_w, row.y, sit_w, row.h)
            if seat["status"] == "open":
                self._text(self.t("join.open_seat"), (name_x, row.y, name_w, row.h), size, True)
                options = table.free_characters(i)
                chosen = self.choice.get(i)
                if chosen not in options:
                    chosen = self.choice[i] = options[0]
                picked = names[chosen]
                self.buttons.add(
                    Button(
                        char_box,
                        self.t.pick(picked.name_en, picked.name_ja),
                        self._cycle_character(i),
                        size,
                        enabled=not busy and len(options) > 1,
                        key=f"join:char:{i}",
                    )
                )
                self.buttons.add(
                    Button(
                        sit_box,
                        self.t("join.sit"),
                        self._sit(i),
                        self.px(18),
                        enabled=not busy,
                        primary=True,
                        key=f"join:seat:{i}",
                    )
                )
            else:
                self._text(seat["name"], (name_x, row.y, name_w, row.h), size, True)
                self._text(shown, char_box, size, False)
                status = self.t(STATUS_KEYS.get(seat["status"], "join.status_computer"))
                self._text(status, sit_box, self.text_px(16), False, soft=True)
        half = (inner.w - self.px(12)) // 2
        self.buttons.add(
            Button(
                pygame.Rect(inner.x, inner.bottom - bh, half, bh),
                self.t("join.other_tables"),
                self.unlook,
                self.px(20),
                enabled=not busy,
                key="join:list",
            )
        )
        self.buttons.add(
            Button(
                pygame.Rect(inner.right - half, inner.bottom - bh, half, bh),
                self.t("join.watch"),
                self._watch,
                self.px(20),
                enabled=not busy,
                key="join:watch",
            )
        )

    def _text(self, text, box, size: int, bold: bool, soft: bool = False) -> None:
        """One line of text, fitted to ``box`` (its middle left), drawn every frame."""
        box = pygame.Rect(box)
        label, fit = fonts.fit(text, size, box.w, theme.MIN_TEXT_PX, bold)
        high = fonts.render(label or " ", fit, theme.INK, bold).get_height() + 2
        if box.h < high:
            box = pygame.Rect(box.x, box.centery - high // 2, box.w, high)
        colour = theme.INK_SOFT if soft else theme.INK
        self.texts.append((label, box, fit, colour, bold))

    def _wrapped(self, text: str, box: pygame.Rect, size: float, soft: bool = True) -> int:
        """``text`` wrapped into ``box`` from its top; the y under its last line."""
        px = self.text_px(size)
        line_h = max(int(px * 1.35), fonts.render("Ag", px).get_height() + 2)
        y = box.y
        for line in fonts.wrap(text, px, box.w):
            if y + line_h > box.bottom and y > box.y:
                break
            colour = theme.INK_SOFT if soft else theme.INK
            self.texts.append((line, pygame.Rect(box.x, y, box.w, line_h), px, colour, False))
            y += line_h
        return y + self.px(6)

    # -- what the buttons do -----------------------------------------------------------------

    def _cycle_character(self, seat: int):
        def cycle():
            assert self.looked is not None
            options = self.looked.free_characters(seat)
            now = self.choice.get(seat, options[0])
            index = options.index(now) if now in options else -1
            self.choice[seat] = options[(index + 1) % len(options)]
            self.layout(self.size)

        return cycle
