"""Where things are on a table, found by name or for a click: the element a lesson step
names (the frame's parts, a button, else the game's own) and, for end-to-end drivers, a
point where a click reaches each target (:func:`reachable`). Plain functions of the
table's parts (its plan, its buttons, its game, its guide), never of the scene.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from game.scenes.table.frame_plan import TablePlan
from game.ui.widgets import ButtonGroup


class Targets(Protocol):
    """What a game's table says of where things are (its ``GameTable``)."""

    def targets(self) -> Sequence[tuple[str, pygame.Rect]]: ...

    def probe_points(self) -> dict[str, list[int]]: ...

    def element(self, name: str) -> pygame.Rect | None: ...


class Guided(Protocol):
    """The guide's points to click (its ``TableGuide``)."""

    def probe(self, targets: dict) -> dict: ...


FRAME_PARTS: tuple[str, ...] = ("header", "board", "bar", "hint", "controls", "log")
# a lesson's name for a frame button -> its key
BUTTON_NAMES: dict[str, str] = {"menu": "pause"}


def table_probe(buttons: ButtonGroup, game: Targets, guide: Guided) -> dict:
    """For end-to-end drivers: a point where a click reaches each enabled button and
    each of the game's own targets (see :func:`reachable`, in the order a click is
    offered to them), the guide's and the game's own points."""
    offered = [(b.key, b.rect) for b in buttons.buttons if b.enabled]
    targets = reachable([*offered, *game.targets()])
    targets.update(guide.probe(targets))
    targets.update(game.probe_points())
    return targets


def lesson_element(
    plan: TablePlan | None, buttons: ButtonGroup, game: Targets, name: str
) -> pygame.Rect | None:
    """Where the element a lesson step names is on screen, or None when it is not
    there now: the frame's parts (``board``, ``log``, ``seat:1``...), a button or a
    choice by its key (``undo``, ``roll``), else the game's own (its table's
    ``element``). See ``game.lessons`` for the names."""
    if plan is None:
        return None
    if name in FRAME_PARTS:
        rect = getattr(plan, name)
        return rect if rect.w > 0 and rect.h > 0 else None
    if name.startswith("seat:"):
        index = int(name[5:])
        return plan.seats[index] if index < len(plan.seats) else None
    key = BUTTON_NAMES.get(name, name)
    for button in buttons.buttons:
        if button.key == key:
            return button.rect
    return game.element(name)


def reachable(targets) -> dict:
    """``{key: [x, y]}``: for each ``(key, rect)``, in the order a click is offered to
    them, a point where a click reaches it — not merely its centre: the first target under
    the pointer takes a click and targets on a table overlap (fanned pawns), so a centre
    may belong to the piece in front. A target no click can reach is left out; one with
    an empty key only stands in front of the others."""
    out = {}
    earlier: list[pygame.Rect] = []
    for key, rect in targets:
        if key:
            point = next(
                (
                    p
                    for p in _points_in(rect)
                    if rect.collidepoint(p) and not any(r.collidepoint(p) for r in earlier)
                ),
                None,
            )
            if point is not None:
                out[key] = list(point)
        earlier.append(rect)
    return out


def _points_in(rect: pygame.Rect):
    """The centre of ``rect``, then a grid over it from the middle outwards."""
    yield rect.center
    steps = [i / 8 for i in range(1, 8)]
    grid = [(int(rect.x + rect.w * fx), int(rect.y + rect.h * fy)) for fx in steps for fy in steps]
    grid.sort(key=lambda p: (p[0] - rect.centerx) ** 2 + (p[1] - rect.centery) ** 2)
    yield from grid
