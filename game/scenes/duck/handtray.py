"""Whether Duck! Duck! Go!'s hand tray is open or folded to its tab (issue #38; where it
lies: tray.py), and the person's key and click that open and fold it."""

from __future__ import annotations

import pygame

from game.rules.duck.state import DuckState
from game.scenes.table.contract import TableHost

from .decisions import Decisions
from .model import DuckModel

TRAY_KEY = pygame.K_y  # the tray's key, as the drawer's is L ("Your hand")


class HandTray:
    """The tray is open while the person at this screen decides (their hand is always in
    sight then) and through a lesson (its steps point at the hand); otherwise folded to
    its tab, which the person opens to look at their hand (the key Y, a click on the
    tab) and folds again (the key, a click outside the tray). The open tray lies over
    no hex (tray.py), so nothing of the board is hidden while the person decides. A
    choice that begins or ends sets the tray as it should be."""

    def __init__(self, model: DuckModel, host: TableHost[DuckState], decisions: Decisions):
        self.model = model
        self.host = host
        self.decisions = decisions

    def folds(self) -> bool:
        """The tray can fold: it lies beside the seats' drawer, outside a lesson."""
        return self.model.tray_place is not None and self.host.guide.lesson is None

    def deciding(self) -> bool:
        """The person at this screen decides now (the tray is open unless turned)."""
        deciding = self.decisions.decision() is not None
        if deciding != self.model.tray_deciding:  # a choice began or ended
            self.model.tray_deciding = deciding
            self.model.tray_peek = False
        return deciding

    def is_open(self) -> bool:
        if not self.folds():
            return True
        # open while deciding, folded otherwise; the person's turn the other way
        return self.deciding() != self.model.tray_peek

    def turnable(self) -> bool:
        """The person may open or fold the tray now: it folds, and their hand stays in
        sight while they decide."""
        return self.folds() and not self.deciding()

    def toggle(self) -> bool:
        """Open the folded tray or fold the open one, as the person asks; False when it
        cannot be (see :meth:`turnable`)."""
        if not self.turnable():
            return False
        self.model.tray_peek = not self.model.tray_peek
        self.model.touch()
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """The tray's key and clicks (True: taken). A click outside the tray the person
        opened folds it and goes on to what it was on (a button of the table)."""
        if not self.turnable():
            return False
        if event.type == pygame.KEYDOWN and event.key == TRAY_KEY:
            if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
                return False
            return self.toggle()
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return False
        if getattr(event, "button", 1) != 1:
            return False
        place = self.model.tray_place
        assert place is not None  # it folds
        if not self.is_open():
            if not self.model.tab_rect.collidepoint(event.pos):
                return False
            if event.type == pygame.MOUSEBUTTONUP:
                self.toggle()
            return True
        if self.deciding():
            return False  # the open tray's clicks are the decision's
        if any(room.collidepoint(event.pos) for room in place.rooms):
            return True  # inside the opened tray: nothing under it is clicked
        if event.type == pygame.MOUSEBUTTONUP:
            self.toggle()
        return False
