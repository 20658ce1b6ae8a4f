"""A lesson step's callout over the table (issue #19): the ring round the element the
step is about, the bubble with the step's text beside it (the lesson's title and the
step's number, the hint when something else was tried, Next on a step that is only
read), the line from the bubble to the ring, and where the bubble goes so that it hides
none of what the step is about (issue #27).

The guide (:class:`~game.scenes.table.lesson.LessonGuide`) says which step is shown,
what it points at and what is allowed; this module only lays that step out and draws it.
"""

from __future__ import annotations

import itertools
from typing import Any, Protocol

import pygame

from game.lessons import Lesson, Step
from game.scenes.table.frame_plan import TablePlan
from game.ui import fonts, theme
from game.ui.i18n import Translator
from game.ui.widgets import Button, draw_panel, draw_text


class KeepsClear(Protocol):
    def keep_clear(self) -> list[pygame.Rect]:
        """What a lesson's callout must not hide now, besides its element."""
        ...


class CalloutTable(Protocol):
    """What the callout reads of the table it is drawn over (a ``TableScene``)."""

    app: Any  # its screen: the window the callout stays inside
    t: Translator

    @property
    def plan(self) -> TablePlan: ...

    @property
    def game(self) -> KeepsClear: ...

    def px(self, value: float) -> int: ...

    def text_px(self, value: float) -> int: ...


class CalloutGuide(Protocol):
    """What the callout reads of the guide that shows it (a ``LessonGuide``)."""

    clock: float
    refused_at: float | None

    @property
    def scene(self) -> CalloutTable: ...

    @property
    def lesson(self) -> Lesson: ...

    def t(self, key: str, **fields: Any) -> str: ...

    def element(self, step: Step) -> pygame.Rect | None: ...

    def targets(self, step: Step) -> list[pygame.Rect]: ...

    def press_next(self) -> None: ...


NARROWER = (0.76, 0.6)  # a callout's narrower tries, of its width (issue #38)
GRID = 6  # a board's places tried for a callout, each way, besides its edges (issue #38)
REFUSAL_SECONDS = 4.0  # how long the hint stays after something else was tried
RING = (232, 110, 60)


def draw_callout(
    guide: CalloutGuide, surface: pygame.Surface, step: Step
) -> tuple[pygame.Rect, Button | None]:
    """The step's ring, bubble and pointer over the table; the bubble's place and its
    Next button (None on a step that waits for an action)."""
    scene = guide.scene
    target = guide.element(step)
    if target is not None:
        draw_ring(scene, surface, target, guide.clock)
    targets = guide.targets(step)
    lang = scene.t.lang
    size = scene.text_px(18)
    small = scene.text_px(15)
    board = scene.plan.board
    pad = scene.px(14)
    refusing = (
        step is not None
        and guide.refused_at is not None
        and guide.clock - guide.refused_at < REFUSAL_SECONDS
    )
    hint = ""
    if refusing:
        hint = step.hint_says(lang) or guide.t(
            "app.lesson_refused_next" if step.expect is None else "app.lesson_refused"
        )
    line_h = round(size * 1.3)
    small_h = round(small * 1.3)
    head = guide.t(
        "app.lesson_step",
        title=guide.lesson.title_in(lang),
        n=step.index + 1,
        total=len(guide.lesson.steps),
    )
    button_h = scene.px(40) if step.expect is None else 0

    def laid(width: int) -> tuple[pygame.Rect, list[str], list[str], list[str], int]:
        """The bubble at ``width``: its box (placed) and its head, text and hint lines,
        the head's size."""
        text_w = width - 2 * pad
        lines = fonts.wrap(step.says(lang), size, text_w)
        hint_lines = fonts.wrap(hint, small, text_w) if hint else []
        # the heading in bold on one line, smaller down to the floor, else on two lines:
        # never cut, never past the bubble's edge (issue #27)
        head_size = next(
            (
                s
                for s in range(small, theme.MIN_TEXT_PX - 1, -1)
                if fonts.font(s, True).size(head)[0] <= text_w
            ),
            None,
        )
        head_lines = [head] if head_size is not None else fonts.wrap(head, small, text_w, True)
        height = (
            pad
            + small_h * len(head_lines)  # the lesson's title and the step number
            + scene.px(4)
            + line_h * len(lines)
            + (scene.px(6) + small_h * len(hint_lines) if hint_lines else 0)
            + (scene.px(10) + button_h if button_h else 0)
            + pad
        )
        box = place_callout(scene, pygame.Rect(0, 0, width, height), targets, board)
        return box, head_lines, lines, hint_lines, head_size or small

    width = min(scene.px(470), board.w - scene.px(24))
    bubble = laid(width)
    keep = scene.game.keep_clear()
    beside = beside_board(scene)
    for narrower in NARROWER if beside else NARROWER[:1]:
        if not any(bubble[0].colliderect(k) for k in keep):
            break
        # issue #38: a narrower bubble (more lines) may find a place that hides none of
        # the pieces and labels the wide one had to (Cluck-peep!'s step 14 on the board;
        # at Larger text, steps 4 and 11 beside it)
        narrow = laid(round(width * narrower))
        if not any(narrow[0].colliderect(k) for k in keep) and (
            beside or board.contains(narrow[0])
        ):
            bubble = narrow
    box, head_lines, lines, hint_lines, head_size = bubble
    if target is not None:
        draw_pointer(scene, surface, box, target)
    draw_panel(surface, box, fill=(255, 252, 236), edge=RING, radius=scene.px(12))
    inner = box.inflate(-2 * pad, -2 * pad)
    y = box.y + pad
    for line in head_lines:
        draw_text(
            surface, line, head_size, (inner.x, y), theme.ACCENT_DARK, bold=True, within=inner
        )
        y += small_h
    y += scene.px(4)
    for line in lines:
        draw_text(surface, line, size, (inner.x, y), theme.INK, within=inner)
        y += line_h
    if hint_lines:
        y += scene.px(6)
        for line in hint_lines:
            draw_text(surface, line, small, (inner.x, y), theme.BAD, bold=True, within=inner)
            y += small_h
    next_button = None
    if button_h:
        y += scene.px(10)
        rect = pygame.Rect(0, y, scene.px(140), button_h)
        rect.right = inner.right
        next_button = Button(
            rect,
            guide.t("app.lesson_next"),
            guide.press_next,
            scene.text_px(17),
            primary=True,
            key="lesson:next",
        )
        next_button.draw(surface, focused=True)
    return box, next_button


def beside_board(scene: CalloutTable) -> bool:
    """The table's callout may lie beside its board, over the side column, where every
    place on the board hides a piece (a game table's ``callout_beside``: Cluck-peep!'s
    ladder, issue #38); elsewhere it stays on the board, hiding as little as it can."""
    return bool(getattr(scene.game, "callout_beside", False))


def draw_ring(
    scene: CalloutTable, surface: pygame.Surface, target: pygame.Rect, clock: float
) -> None:
    """A pulsing ring round the element the step is about (``clock``: the guide's)."""
    px = scene.px
    pulse = 0.5 + 0.5 * abs(((clock * 1.6) % 2.0) - 1.0)
    ring = target.inflate(px(8) + round(px(6) * pulse), px(8) + round(px(6) * pulse))
    radius = min(px(14), ring.w // 2, ring.h // 2)
    pygame.draw.rect(
        surface,
        theme.INK_LIGHT,
        ring.inflate(px(4), px(4)),
        width=px(3),
        border_radius=radius + px(2),
    )
    pygame.draw.rect(surface, RING, ring, width=max(3, px(4)), border_radius=radius)


def draw_pointer(
    scene: CalloutTable, surface: pygame.Surface, box: pygame.Rect, target: pygame.Rect
) -> None:
    """A line with a dot from the callout's nearest edge to the ring's."""
    if box.colliderect(target):
        return
    tx = min(max(box.centerx, target.left), target.right)
    ty = min(max(box.centery, target.top), target.bottom)
    bx = min(max(tx, box.left), box.right)
    by = min(max(ty, box.top), box.bottom)
    width = max(2, scene.px(3))
    pygame.draw.line(surface, RING, (bx, by), (tx, ty), width)
    pygame.draw.circle(surface, RING, (tx, ty), max(3, scene.px(5)))


def place_callout(
    scene: CalloutTable, box: pygame.Rect, targets: list[pygame.Rect], board: pygame.Rect
) -> pygame.Rect:
    """Where the callout goes (issue #27): beside its element, trying its sides (the
    one with more room first: far from an element on the board, so that what the
    step's action would do beside it stays in sight; towards the board from an
    element outside it), then the board's edges and corners, in the board and then
    anywhere in the window; the first place that covers none of the step's targets
    (and, of those, the one that hides least of what the scene keeps clear). A
    target as big as the board (a step about the whole board) cannot be avoided: the
    callout then goes to the board's top."""
    px = scene.px
    gap = px(18)
    area = board.inflate(-px(12), -px(12))
    window = scene.app.screen.get_rect().inflate(-px(8), -px(8))
    avoid = [t for t in targets if not (t.contains(area) or t.w * t.h > area.w * area.h // 2)]
    places: list[pygame.Rect] = []
    for room in (area, window):
        for target in avoid[:1]:
            below, above = room.bottom - target.bottom, target.top - room.top
            right, left = room.right - target.right, target.left - room.left
            sides = []
            for name, space in (("below", below), ("above", above)):
                sides.append((space, 1, name))
            for name, space in (("right", right), ("left", left)):
                sides.append((space, 0, name))
            for _space, _kind, name in sorted(sides, key=lambda s: (-s[1], -s[0])):
                place = box.copy()
                if name in ("below", "above"):
                    place.centerx = target.centerx
                    if name == "below":
                        place.top = target.bottom + gap
                    else:
                        place.bottom = target.top - gap
                else:
                    place.centery = target.centery
                    if name == "right":
                        place.left = target.right + gap
                    else:
                        place.right = target.left - gap
                places.append(place.clamp(room))
        for edge in ("midtop", "midbottom", "topleft", "topright", "bottomleft", "bottomright"):
            place = box.copy()
            setattr(place, edge, getattr(room, edge))
            places.append(place.clamp(room))
    keep = scene.game.keep_clear()
    if keep:
        # a board the game fills may leave a place hiding none of what it keeps clear
        # away from its edges and the target's sides (issue #38: Cluck-peep!'s step 14
        # hid the label "N1", step 7 Cookie's chicken): a grid across the board, tried
        # after the places above (of equals, those come first)
        for i, j in itertools.product(range(GRID + 1), repeat=2):
            place = box.copy()
            place.topleft = (
                area.x + (area.w - box.w) * i // GRID,
                area.y + (area.h - box.h) * j // GRID,
            )
            places.append(place.clamp(area))

    def covered(place: pygame.Rect, rects: list[pygame.Rect]) -> int:
        return sum(place.clip(r).w * place.clip(r).h for r in rects)

    free = [p for p in places if not any(p.colliderect(t) for t in avoid)]
    if not free:  # nowhere clear of them all: where it hides least of them
        return min(places, key=lambda p: covered(p, avoid))
    if not keep:
        return free[0]
    # a board the game fills (Cluck-peep!'s ladder) has no empty edge: of the places
    # clear of the targets, the one hiding least of what the scene keeps clear (the
    # chicken's way the table previews), of equals the first
    in_board = [p for p in free if area.contains(p)] or free
    best = min(in_board, key=lambda p: covered(p, keep))
    if covered(best, keep) == 0 or not beside_board(scene):
        return best
    # issue #38: every place on the board hides a piece (Cluck-peep!'s steps 4-5, the
    # ladder from its hens to its nests): one beside the board hiding none of them, nor
    # the header's line and buttons nor the hand's bar (the side column's panels may lie
    # under a step's words), before a piece hidden
    plan = scene.plan
    top = pygame.Rect(0, 0, scene.app.screen.get_width(), plan.header.bottom)  # its buttons
    ui = [top, plan.bar, plan.hint, plan.controls]
    beside = [
        p
        for p in free
        if not area.contains(p)
        and covered(p, keep) == 0
        and not any(p.colliderect(r) for r in ui if r.w and r.h)
    ]
    return beside[0] if beside else best
