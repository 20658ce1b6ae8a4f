"""A person's choices at the Cluck-peep! table: a START hole for their chicken, then
each round a hand tile, upright or turned, laid in the gap; by mouse or keys. Also the
probe's targets for end-to-end drivers and the cached rules' preview of the picked tile."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.rules.cluck import ChooseHole, PlaceTile, preview
from game.rules.protocol import Action
from game.scenes.table.contract import TableHost
from game.ui.choices import Choice
from game.ui.widgets import Button

from .layout import Layout
from .model import CluckModel, sound


class Controls:
    """The person's controls: the START holes, the hand, Turn over and Place (the
    table's own targets, not the scene's buttons: they answer clicks and keys here)."""

    _GAME_KEYS = (
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_RETURN,
        pygame.K_KP_ENTER,
        pygame.K_r,
        pygame.K_1,
        pygame.K_2,
        pygame.K_3,
        pygame.K_4,
        pygame.K_5,
    )

    def __init__(self, model: CluckModel, host: TableHost, layout: Layout) -> None:
        self.model = model
        self.host = host
        self.layout = layout
        self._preview_key: tuple | None = None
        self._preview: dict = {}  # the rules' preview of the picked tile

    # -- what the table scene asks of a game's controls ----------------------------------------
    def offered(self) -> Sequence[Choice]:
        return ()  # no Choice stands for an action: the hand and the holes are the table's

    def rebuild(self, force: bool = False) -> None:
        """Nothing to rebuild: the holes, the hand and the buttons follow the state."""

    def lay_buttons(self) -> None:
        """Turn over and Place where the layout put them (a new window size)."""
        turn, place = self.model.play_rects
        size = self.host.px(17)
        labels = (self.host.t("cluck.turn_button"), self.host.t("cluck.place_button"))
        self.model.play_buttons = [
            Button(turn, labels[0], self.turn_selected, size, key="turn"),
            Button(place, labels[1], self.place_selected, size, primary=True, key="place"),
        ]

    def shown(self, player: int) -> None:
        m = self.model
        m.table.hand = sorted(self.host.state.hands[player])
        m.sel_tile = m.table.hand[0] if m.table.hand else None
        m.hole_cursor = None

    # -- who decides, and what ---------------------------------------------------------------
    def my_turn(self) -> str | None:
        """ "hole" or "place" when the person looking at the screen must decide now."""
        host = self.host
        player = host.private_player
        if player is None or host.player.busy() or host.sharing.active_human() != player:
            return None
        actions = host.state.legal_actions(player)
        if not actions:
            return None
        return "hole" if isinstance(actions[0], ChooseHole) else "place"

    def me(self) -> int:
        """The person at the screen, asked for only while ``my_turn()`` says they decide
        (which it says only when the curtain has set who is looking)."""
        player = self.host.private_player
        assert player is not None, "asked for the person at the screen while nobody decides"
        return player

    def free_holes(self, player: int) -> list[int]:
        return [
            a.column for a in self.host.state.legal_actions(player) if isinstance(a, ChooseHole)
        ]

    def hand_tiles(self, player: int) -> list[int]:
        return sorted(
            {a.tile for a in self.host.state.legal_actions(player) if isinstance(a, PlaceTile)}
        )

    def is_turned(self, tile: int | None) -> bool:
        return tile is not None and bool(self.model.turned.get(tile, False))

    def turn_selected(self) -> None:
        m = self.model
        if self.my_turn() != "place" or m.sel_tile is None:
            return
        m.turned[m.sel_tile] = not self.is_turned(m.sel_tile)
        m.spin = 0.0
        sound(self.host, "click")

    def place_selected(self) -> None:
        m = self.model
        if self.my_turn() != "place" or m.sel_tile is None:
            return
        if self.host.act(self.me(), PlaceTile(m.sel_tile, self.is_turned(m.sel_tile))):
            m.turned.pop(m.sel_tile, None)

    def coach_show(self, action: Action) -> bool:
        """The coach's option on the board (issue #40): the hole under the cursor, or the
        tile held the way it would be placed (its place on the ladder previewed, as when
        the person picks it up); False when this decision has no such move."""
        mode = self.my_turn()
        m = self.model
        if mode == "hole" and isinstance(action, ChooseHole):
            if action.column not in self.free_holes(self.me()):
                return False
            m.hole_cursor = action.column
            return True
        if mode == "place" and isinstance(action, PlaceTile):
            if action not in self.host.state.legal_actions(self.me()):
                return False
            m.sel_tile = action.tile
            m.turned[action.tile] = action.turned
            return True
        return False

    def choose_hole(self, column: int) -> None:
        if self.my_turn() == "hole" and column in self.free_holes(self.me()):
            self.host.act(self.me(), ChooseHole(column))
            self.model.hole_cursor = None

    # -- for drivers ---------------------------------------------------------------------------
    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """For end-to-end drivers, after the scene's buttons: on the person's turn, what a
        click chooses, in the order ``_place_event`` tries it: "turn", "place", "tile:ID"
        (a hand tile: a click picks it, a click on the picked one turns it), "slot" (the
        gap: a click places the picked tile); or "hole:N", a free START hole. Only the part
        of the ladder in view counts."""
        layout, area = self.layout, self.model.area
        mode = self.my_turn()
        if mode == "hole":
            return [
                (f"hole:{c}", layout.hole_rect(c).clip(area)) for c in self.free_holes(self.me())
            ]
        if mode != "place":
            return []
        targets = [(b.key, b.rect) for b in self.model.play_buttons]
        targets += [
            (f"tile:{tile}", layout.hand_rect(i))
            for i, tile in enumerate(self.hand_tiles(self.me()))
        ]
        targets.append(("slot", layout.slot_rect().clip(area)))
        return targets

    def lesson_clicks(self, expect: str) -> list[str]:
        """For drivers of a lesson (issue #19): the probe's keys to click, in order, to
        take the action a step expects, as a person would from what the table shows now:
        the hole; or the tile (when another is picked), Turn over (when it lies the other
        way up) and Place."""
        action = self.host.state.parse_action(expect)
        if isinstance(action, ChooseHole):
            return [f"hole:{action.column}"]
        assert isinstance(action, PlaceTile), action
        keys = [] if action.tile == self.model.sel_tile else [f"tile:{action.tile}"]
        if self.is_turned(action.tile) != action.turned:
            keys.append("turn")
        return [*keys, "place"]

    # -- input ---------------------------------------------------------------------------------
    def track(self, event: pygame.event.Event) -> bool:
        """Before the scene: a lesson's Next, the ladder's scrolling and the person's own
        keys (ahead of the focus ring of the pause and help buttons)."""
        host = self.host
        if host.guide.handle_event(event):
            return True  # a lesson's step to read takes Enter and the arrow as Next first
        if event.type == pygame.MOUSEWHEEL:  # the log scrolls under the pointer, else the ladder
            if not host.frame.handle_event(event):
                self.layout.scroll_by(-event.y * self.model.row_h * 0.6)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.layout.scroll_by(
                (-1 if event.key == pygame.K_PAGEUP else 1) * self.model.row_h * 2
            )
            return True
        # The game's own keys reach the person's choice before the pause/help buttons
        # take arrows and Enter for their focus ring.
        if event.type == pygame.KEYDOWN and event.key in self._GAME_KEYS and self.my_turn():
            self.handle(event, self.me())
            return True
        return False

    def handle(self, event: pygame.event.Event, player: int) -> None:
        mode = self.my_turn()
        if mode == "hole":
            self._hole_event(event, player)
        elif mode == "place":
            self._place_event(event, player)

    def _hole_event(self, event, player: int) -> None:
        m, layout = self.model, self.layout
        free = self.free_holes(player)
        if not free:
            return
        if event.type == pygame.MOUSEMOTION:
            for c in free:
                if layout.hole_rect(c).collidepoint(event.pos):
                    m.hole_cursor = c
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for c in free:
                if layout.hole_rect(c).collidepoint(event.pos):
                    self.choose_hole(c)
                    return
        elif event.type == pygame.KEYDOWN:
            cursor = m.hole_cursor if m.hole_cursor in free else None
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
                step = -1 if event.key in (pygame.K_LEFT, pygame.K_UP) else 1
                if cursor is None:
                    m.hole_cursor = free[0] if step > 0 else free[-1]
                else:
                    m.hole_cursor = free[(free.index(cursor) + step) % len(free)]
            elif pygame.K_1 <= event.key <= pygame.K_5 and event.key - pygame.K_1 in free:
                m.hole_cursor = event.key - pygame.K_1
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose_hole(cursor if cursor is not None else free[0])

    def _place_event(self, event, player: int) -> None:
        m, layout = self.model, self.layout
        hand = self.hand_tiles(player)
        if not hand:
            return
        if m.sel_tile not in hand:
            m.sel_tile = hand[0]
        if event.type == pygame.MOUSEMOTION:
            for button in m.play_buttons:
                button.hovered = button.rect.collidepoint(event.pos)
            m.hover = next(
                (i for i in range(len(hand)) if layout.hand_rect(i).collidepoint(event.pos)), None
            )
            if m.hover is None and layout.slot_rect().collidepoint(event.pos):
                m.hover = "slot"
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.turn_selected()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for button in m.play_buttons:
                if button.rect.collidepoint(event.pos):
                    button.on_click()
                    return
            for i, tile in enumerate(hand):
                if layout.hand_rect(i).collidepoint(event.pos):
                    if tile == m.sel_tile:
                        self.turn_selected()
                    else:
                        m.sel_tile = tile
                        sound(self.host, "click")
                    return
            if layout.slot_rect().collidepoint(event.pos):
                self.place_selected()
        elif event.type == pygame.KEYDOWN:
            index = hand.index(m.sel_tile)
            if event.key in (pygame.K_UP, pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT):
                step = -1 if event.key in (pygame.K_UP, pygame.K_LEFT) else 1
                m.sel_tile = hand[(index + step) % len(hand)]
            elif pygame.K_1 <= event.key <= pygame.K_3 and event.key - pygame.K_1 < len(hand):
                m.sel_tile = hand[event.key - pygame.K_1]
            elif event.key == pygame.K_r:
                self.turn_selected()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.place_selected()

    # -- the rules' preview --------------------------------------------------------------------
    def current_preview(self, player: int) -> dict:
        tile = self.model.sel_tile
        key = (len(self.host.session.actions), player, tile, self.is_turned(tile))
        if key != self._preview_key:
            self._preview_key = key
            try:
                self._preview = preview(
                    self.host.state.view(player), player, tile, self.is_turned(tile)
                )
            except ValueError:
                self._preview = {}
        return self._preview
