"""Where things are on a table, found by name or for a click: the element a lesson step
names (the frame's parts, a button, else the game's own) and, for end-to-end drivers, a
point where a click reaches each target (:func:`reachable`). Plain functions the
:class:`~game.scenes.table.scene.TableScene` calls from its ``lesson_element`` and ``probe``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.scenes.table.scene import TableScene

FRAME_PARTS: tuple[str, ...] = ("header", "board", "bar", "hint", "controls", "log")
# a lesson's name for a frame button -> its key
BUTTON_NAMES: dict[str, str] = {"menu": "pause"}


def lesson_element(scene: TableScene, name: str) -> pygame.Rect | None:
    """Where the element a lesson step names is on screen, or None when it is not
    there now: the frame's parts (``board``, ``log``, ``seat:1``...), a button or a
    choice by its key (``undo``, ``roll``), else the game's own (its table's
    ``element``). See ``game.lessons`` for the names."""
    plan = getattr(scene, "plan", None)
    if plan is None:
        return None
    if name in FRAME_PARTS:
        rect = getattr(plan, name)
        return rect if rect.w > 0 and rect.h > 0 else None
    if name.startswith("seat:"):
        index = int(name[5:])
        return plan.seats[index] if index < len(plan.seats) else None
    key = BUTTON_NAMES.get(name, name)
    for button in scene.buttons.buttons:
        if button.key == key:
            return button.rect
    return scene.game.element(name)


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
