"""A person's choices at the Cluck-peep! table: a START hole for their chicken, then
each round a hand tile, upright or turned, laid in the gap; by mouse or keys. Also the
probe for end-to-end drivers and the cached rules' preview of the picked tile."""

from __future__ import annotations

import pygame

from game.rules.cluck import ChooseHole, PlaceTile, preview
from game.scenes.game_base import reachable

from .host import CluckHost


class Controls(CluckHost):
    """The person's controls of :class:`~.scene.CluckScene`."""

    def _my_turn(self) -> str | None:
        """ "hole" or "place" when the person looking at the screen must decide now."""
        player = self.private_player
        if player is None or self.busy_animating() or self.active_human() != player:
            return None
        actions = self.state.legal_actions(player)
        if not actions:
            return None
        return "hole" if isinstance(actions[0], ChooseHole) else "place"

    def _me(self) -> int:
        """The person at the screen, asked for only while ``_my_turn()`` says they decide
        (which it says only when the curtain has set who is looking)."""
        player = self.private_player
        assert player is not None, "asked for the person at the screen while nobody decides"
        return player

    def _free_holes(self, player: int) -> list[int]:
        return [a.column for a in self.state.legal_actions(player) if isinstance(a, ChooseHole)]

    def _hand_tiles(self, player: int) -> list[int]:
        return sorted(
            {a.tile for a in self.state.legal_actions(player) if isinstance(a, PlaceTile)}
        )

    def _is_turned(self, tile: int | None) -> bool:
        return tile is not None and bool(self.turned.get(tile, False))

    def _turn_selected(self) -> None:
        if self._my_turn() != "place" or self.sel_tile is None:
            return
        self.turned[self.sel_tile] = not self._is_turned(self.sel_tile)
        self.spin = 0.0
        self._sound("click")

    def _place_selected(self) -> None:
        if self._my_turn() != "place" or self.sel_tile is None:
            return
        if self.act(self._me(), PlaceTile(self.sel_tile, self._is_turned(self.sel_tile))):
            self.turned.pop(self.sel_tile, None)

    def _choose_hole(self, column: int) -> None:
        if self._my_turn() == "hole" and column in self._free_holes(self._me()):
            self.act(self._me(), ChooseHole(column))
            self.hole_cursor = None

    def probe(self) -> dict:
        """For end-to-end drivers: the base buttons and, on the person's turn, what a click
        chooses, in the order ``_place_event`` tries it: "turn", "place", "tile:ID" (a hand
        tile: a click picks it, a click on the picked one turns it), "slot" (the gap: a
        click places the picked tile); or "hole:N", a free START hole. Only the part of
        the ladder in view counts."""
        targets = [(b.key, b.rect) for b in self.buttons.buttons if b.enabled]
        mode = self._my_turn()
        if mode == "hole":
            targets += [
                (f"hole:{c}", self.hole_rect(c).clip(self.area))
                for c in self._free_holes(self._me())
            ]
        elif mode == "place":
            targets += [(b.key, b.rect) for b in self.play_buttons]
            targets += [
                (f"tile:{tile}", self.hand_rect(i))
                for i, tile in enumerate(self._hand_tiles(self._me()))
            ]
            targets.append(("slot", self.slot_rect().clip(self.area)))
        found = reachable(targets)
        if self.lesson is not None:  # a lesson's Next button (game.scenes.lesson)
            found.update(self.lesson.probe())
        return found

    def lesson_clicks(self, expect: str) -> list[str]:
        """For drivers of a lesson (issue #19): the ``probe`` keys to click, in order, to
        take the action a step expects, as a person would from what the table shows now:
        the hole; or the tile (when another is picked), Turn over (when it lies the other
        way up) and Place."""
        action = self.session.module.parse_action(expect)
        if isinstance(action, ChooseHole):
            return [f"hole:{action.column}"]
        assert isinstance(action, PlaceTile), action
        keys = [] if action.tile == self.sel_tile else [f"tile:{action.tile}"]
        if self._is_turned(action.tile) != action.turned:
            keys.append("turn")
        return [*keys, "place"]

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

    def handle_event(self, event) -> None:
        if self.lesson is not None and self.lesson.handle_event(event):
            return  # a lesson's step to read takes Enter and the arrow as Next first
        if event.type == pygame.MOUSEWHEEL:  # the log scrolls under the pointer, else the ladder
            if not self.frame_event(event):
                self.scroll_by(-event.y * self.row_h * 0.6)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_by((-1 if event.key == pygame.K_PAGEUP else 1) * self.row_h * 2)
            return
        # The game's own keys reach the person's choice before the pause/help buttons
        # take arrows and Enter for their focus ring.
        if event.type == pygame.KEYDOWN and event.key in self._GAME_KEYS and self._my_turn():
            self.human_event(event, self._me())
            return
        super().handle_event(event)

    def human_event(self, event, player: int) -> None:
        mode = self._my_turn()
        if mode == "hole":
            self._hole_event(event, player)
        elif mode == "place":
            self._place_event(event, player)

    def _hole_event(self, event, player: int) -> None:
        free = self._free_holes(player)
        if not free:
            return
        if event.type == pygame.MOUSEMOTION:
            for c in free:
                if self.hole_rect(c).collidepoint(event.pos):
                    self.hole_cursor = c
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for c in free:
                if self.hole_rect(c).collidepoint(event.pos):
                    self._choose_hole(c)
                    return
        elif event.type == pygame.KEYDOWN:
            cursor = self.hole_cursor if self.hole_cursor in free else None
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
                step = -1 if event.key in (pygame.K_LEFT, pygame.K_UP) else 1
                if cursor is None:
                    self.hole_cursor = free[0] if step > 0 else free[-1]
                else:
                    self.hole_cursor = free[(free.index(cursor) + step) % len(free)]
            elif pygame.K_1 <= event.key <= pygame.K_5 and event.key - pygame.K_1 in free:
                self.hole_cursor = event.key - pygame.K_1
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._choose_hole(cursor if cursor is not None else free[0])

    def _place_event(self, event, player: int) -> None:
        hand = self._hand_tiles(player)
        if not hand:
            return
        if self.sel_tile not in hand:
            self.sel_tile = hand[0]
        if event.type == pygame.MOUSEMOTION:
            for button in self.play_buttons:
                button.hovered = button.rect.collidepoint(event.pos)
            self.hover = next(
                (i for i in range(len(hand)) if self.hand_rect(i).collidepoint(event.pos)), None
            )
            if self.hover is None and self.slot_rect().collidepoint(event.pos):
                self.hover = "slot"
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self._turn_selected()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for button in self.play_buttons:
                if button.rect.collidepoint(event.pos):
                    button.on_click()
                    return
            for i, tile in enumerate(hand):
                if self.hand_rect(i).collidepoint(event.pos):
                    if tile == self.sel_tile:
                        self._turn_selected()
                    else:
                        self.sel_tile = tile
                        self._sound("click")
                    return
            if self.slot_rect().collidepoint(event.pos):
                self._place_selected()
        elif event.type == pygame.KEYDOWN:
            index = hand.index(self.sel_tile)
            if event.key in (pygame.K_UP, pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT):
                step = -1 if event.key in (pygame.K_UP, pygame.K_LEFT) else 1
                self.sel_tile = hand[(index + step) % len(hand)]
            elif pygame.K_1 <= event.key <= pygame.K_3 and event.key - pygame.K_1 < len(hand):
                self.sel_tile = hand[event.key - pygame.K_1]
            elif event.key == pygame.K_r:
                self._turn_selected()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._place_selected()

    def _current_preview(self, player: int) -> dict:
        tile = self.sel_tile
        key = (len(self.session.actions), player, tile, self._is_turned(tile))
        if key != self._preview_key:
            self._preview_key = key
            try:
                self._preview = preview(
                    self.state.view(player), player, tile, self._is_turned(tile)
                )
            except ValueError:
                self._preview = {}
        return self._preview
