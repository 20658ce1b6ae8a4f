"""The seat drawer (issue #38): on a board that leaves no side column, the seats are a
strip of tiles (character, mark, score) with the drawer's button, and the full seat
panels and the log lie in a drawer over the board, opened by its key (L), its button or
a tile and shut by the key, the button or a click outside. A part the
:class:`~game.scenes.table.frame.TableFrame` owns: the frame lays the strip among its
panels and the open drawer over the board; the drawer keeps whether it is open."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.scenes.table.frame_plan import tile_layout
from game.scenes.table.frame_seats import FrameBasics
from game.ui import fonts, theme
from game.ui.widgets import Picture, draw_panel, draw_text

if TYPE_CHECKING:
    from game.scenes.table.frame_plan import Drawer, SeatLayout, TablePlan

__all__ = ["DrawerFrame", "SeatDrawer"]


class DrawerFrame(FrameBasics, Protocol):
    """What the drawer asks of its frame (a :class:`~game.scenes.table.frame.TableFrame`):
    the plan, the seats' faces, whose screen it is, the sizes, its kept pictures and the
    seat panels and log it lays in the drawer."""

    plan: TablePlan | None

    def cached(self, name: Any, key: tuple, rect: pygame.Rect, paint) -> Picture: ...

    def seat_picture(self, player: int, row: pygame.Rect) -> Picture: ...

    def log_picture(self, rect: pygame.Rect) -> Picture: ...

    def seat_card(
        self,
        surface: pygame.Surface,
        player: int,
        row: pygame.Rect,
        colours: tuple[Any, Any, Any],
        highlight: str | None,
        parts: SeatLayout,
    ) -> None: ...


class SeatDrawer:
    """The strip's tiles and button, the open drawer's panels and its toggling."""

    def __init__(self, frame: DrawerFrame) -> None:
        self.frame = frame
        self.open = False  # the side column's drawer, when the plan has one

    def overlays(self) -> list[tuple[pygame.Rect, Picture]]:
        """What lies over the board and its moving pieces: the open drawer's seat panels
        and log (issue #38), each a kept picture; nothing while it is shut."""
        plan = self.frame.plan
        if plan is None or plan.drawer is None or not self.open:
            return []
        drawer = plan.drawer
        out = [(drawer.side, self.frame.cached("drawer", (), drawer.side, self._paint_back))]
        for p, row in enumerate(drawer.seats):
            out.append((row, self.frame.seat_picture(p, row)))
        if drawer.extra is not None:
            extra = drawer.extra
            key = self.frame.seats.drawer_extra_key()
            out.append(
                (
                    extra,
                    self.frame.cached(
                        "drawer_extra", key, extra, self.frame.seats.paint_drawer_extra
                    ),
                )
            )
        out.append((plan.log, self.frame.log_picture(plan.log)))
        return out

    def hides(self, rect: pygame.Rect) -> bool:
        """``rect`` lies under the open drawer (a button there has no tip to show)."""
        plan = self.frame.plan
        if plan is None or plan.drawer is None or not self.open:
            return False
        return plan.drawer.side.colliderect(rect)

    def _paint_back(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The drawer's own panel under its seat panels and log."""
        draw_panel(surface, rect, theme.BG, theme.PANEL_EDGE, radius=self.frame.px(12))

    def toggle(self, open_: bool | None = None) -> bool:
        """Open or shut the drawer (``None``: the other way); False when there is none."""
        plan = self.frame.plan
        if plan is None or plan.drawer is None:
            return False
        self.open = (not self.open) if open_ is None else open_
        return True

    def toggle_picture(self, drawer: Drawer) -> Picture:
        """The drawer's button: what it does and its key, on one line or two."""
        label = self.frame.t("drawer.close" if self.open else "drawer.open")
        key = self.frame.t("drawer.key")

        def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
            fill = theme.BG_DARK if self.open else theme.PANEL
            ink = theme.INK_LIGHT if self.open else theme.INK
            draw_panel(surface, rect, fill, theme.PANEL_EDGE, radius=self.frame.px(10))
            box = rect.inflate(-self.frame.px(8), -self.frame.px(4))
            size = self.frame.text_px(15)
            line, fitted = fonts.fit(f"{label} ({key})", size, box.w, theme.MIN_TEXT_PX, True)
            if not line.endswith("…"):
                draw_text(surface, line, fitted, box.center, ink, True, "center", within=box)
                return
            line, fitted = fonts.fit(label, size, box.w, theme.MIN_TEXT_PX, True)
            draw_text(surface, line, fitted, box.center, ink, True, "center", within=box)

        return self.frame.cached("toggle", (label, key, self.open), drawer.toggle, paint)

    def tile_picture(self, player: int, row: pygame.Rect) -> Picture:
        """Seat ``player``'s tile in the drawer's strip (issue #38)."""
        face = self.frame.seats.seat(player)
        key = (face.key, face.highlight, face.score, self.frame.private_player)

        def paint(layer, _rect):
            self.paint_tile(layer, player, layer.get_rect())

        return self.frame.cached(("tile", player), key, row, paint)

    def paint_tile(self, surface: pygame.Surface, player: int, row: pygame.Rect) -> None:
        """A seat's tile: its panel, colour stripe and highlight as its full panel has
        them, its character with its mark, its score under it."""
        face = self.frame.seats.seat(player)
        edge = {"moving": theme.ACCENT, "to_act": theme.BUTTON_FOCUS}.get(
            face.highlight or "", theme.PANEL_EDGE
        )
        fill = (255, 246, 226) if face.highlight == "moving" else theme.PANEL
        parts = tile_layout(row, self.frame.px, self.frame.text_px)
        self.frame.seat_card(
            surface, player, row, (fill, edge, theme.seat_colour(player)), face.highlight, parts
        )
        if face.score is not None and parts.score.h > 0:
            text, size = fonts.fit(
                face.score, self.frame.text_px(20), parts.score.w, theme.MIN_TEXT_PX, True
            )
            draw_text(
                surface,
                text,
                size,
                parts.score.center,
                theme.INK,
                bold=True,
                anchor="center",
                within=parts.score,
            )

    def handle_event(self, event: pygame.event.Event, drawer: Drawer) -> bool:
        """The drawer's input (``drawer``: where the plan lays it): its key (L), a click on
        its button or on a seat's tile opens it; the key, the button or a click outside
        shuts it; a click or the pointer inside it reaches nothing under it. True: taken."""
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_l
            and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
        ):
            return self.toggle()
        if event.type == pygame.MOUSEMOTION:  # no hover (nor its tip) under the drawer
            return self.open and drawer.side.collidepoint(event.pos)
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        if getattr(event, "button", 1) != 1:
            return False
        pos = event.pos
        opening = drawer.toggle.collidepoint(pos) or (
            not self.open and any(tile.collidepoint(pos) for tile in self.frame.cut.seats)
        )
        if opening:
            if event.type == pygame.MOUSEBUTTONUP:
                self.toggle(not self.open or not drawer.toggle.collidepoint(pos))
            return True
        if self.open:
            if drawer.side.collidepoint(pos):
                return True  # inside the drawer: nothing under it is clicked
            if event.type == pygame.MOUSEBUTTONUP:
                self.toggle(False)
            return True
        return False
