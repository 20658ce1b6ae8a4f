"""Buttons and a focus ring that work the same with the mouse and the keyboard.

A scene keeps its buttons in a :class:`ButtonGroup`: the mouse hovers and clicks them,
arrow keys / Tab move the focus, Enter or Space presses the focused one.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Concatenate, NamedTuple, ParamSpec, TypeVar

import pygame

from game.ui import fonts, theme


class TextDrawn(NamedTuple):
    """One piece of text as it was drawn: for the layout tests (every screen, every size)."""

    text: str
    rect: pygame.Rect
    size: int
    container: pygame.Rect | None  # the box it belongs in (a button), if it has one


class IconDrawn(NamedTuple):
    """One picture drawn as a thing to see (issue #27's audit): an ``"icon"`` (a sprite, a
    seat mark, a badge: 16 px at least), a ``"piece"`` (something on the board that may
    stand on other things), a ``"value"`` (a tile's number or word: no piece drawn after
    it may cover it), a ``"valued"`` icon (a tile that bears a value: its ``"value"`` is
    drawn too, under the same name after the first ``:``, "tile:7" and "value:7"), a
    ``"hidden"`` value (not drawn: where it would lie, under a ``"cover"``) or a
    ``"cover"`` (a panel laid over the board, the hat draw: what lies under it is not
    seen)."""

    name: str
    rect: pygame.Rect
    kind: str = "icon"


ICON_KINDS = ("icon", "piece", "value", "valued", "hidden", "cover")


class TextSink:
    """The texts (and icons, :class:`IconDrawn`) drawn onto one surface, each where it
    landed on that surface; ``icons`` keep the order they were drawn in.

    Bound to a surface by :func:`recording`, it is written to by every ``draw_text``,
    ``draw_pill``, ``draw_tip`` and ``Button.draw`` onto that surface. The layout tests
    bind one to the screen and read what a frame drew where; the table's compositor binds
    one to each picture it keeps, so a kept picture's texts are written down once, when it
    is painted, and handed on wherever the picture is laid (:func:`lay`). Drawing takes
    the same path whether a surface has a sink or not.

    It also writes down whose secrets were drawn (``secrets``: the seats whose hand,
    tiles, cards, hats or a preview that depends on them are on the surface, issue #36,
    see :func:`draws_secrets`) and the hand-off curtains drawn (``curtains``: the seat
    each is for), which the secrecy audit (tools/audit_secrecy.py) reads per frame."""

    def __init__(self) -> None:
        self.texts: list[TextDrawn] = []
        self.icons: list[IconDrawn] = []
        self.secrets: set[int] = set()
        self.curtains: list[int | None] = []
        # drawn, then hidden under an overlay laid over them (issue #38: the open seats'
        # drawer): not on the screen, but drawn through the sink all the same
        self.hidden_texts: list[TextDrawn] = []
        self.hidden_icons: list[IconDrawn] = []

    def record_icon(self, name: str, rect: pygame.Rect, kind: str = "icon") -> None:
        self.icons.append(IconDrawn(name, pygame.Rect(rect), kind))

    def record(
        self, text: str, rect: pygame.Rect, size: int, container: pygame.Rect | None
    ) -> None:
        if text:
            self.texts.append(TextDrawn(text, pygame.Rect(rect), int(size), container))

    def extend(
        self,
        texts: Iterable[TextDrawn],
        at: tuple[int, int] = (0, 0),
        icons: Iterable[IconDrawn] = (),
        secrets: Iterable[int] = (),
    ) -> None:
        """``texts`` (and ``icons``) of a picture laid with its corner at ``at``: where
        they land here; whose ``secrets`` the picture shows, shown here too."""
        self.secrets.update(secrets)
        self.icons.extend(icon._replace(rect=icon.rect.move(at)) for icon in icons)
        if at == (0, 0):
            self.texts.extend(texts)
            return
        for entry in texts:
            box = entry.container
            moved = None if box is None else box.move(at)
            self.texts.append(entry._replace(rect=entry.rect.move(at), container=moved))


# Which sink each surface's texts go to while one is bound (:func:`recording`): a
# surface nobody records (a scratch picture) has none, and its texts are only counted
# where that picture is laid.
_SINKS: weakref.WeakKeyDictionary[pygame.Surface, TextSink] = weakref.WeakKeyDictionary()


@contextmanager
def recording(surface: pygame.Surface, sink: TextSink | None = None) -> Iterator[TextSink]:
    """Write down the texts drawn onto ``surface`` into ``sink`` (a new one if None) while
    in the block; the surface's earlier sink, if any, is bound again after it."""
    sink = TextSink() if sink is None else sink
    before = _SINKS.get(surface)
    _SINKS[surface] = sink
    try:
        yield sink
    finally:
        if before is None:
            _SINKS.pop(surface, None)
        else:
            _SINKS[surface] = before


def sink_of(surface: pygame.Surface) -> TextSink | None:
    """The sink bound to ``surface``, or None."""
    return _SINKS.get(surface)


class Picture(NamedTuple):
    """A kept picture and the texts (and icons) painted on it (where they are on it), and
    whose secrets it shows (issue #36: a kept picture of a hand shows it wherever laid)."""

    image: pygame.Surface
    texts: tuple[TextDrawn, ...]
    icons: tuple[IconDrawn, ...] = ()
    secrets: tuple[int, ...] = ()


def paint_picture(
    image: pygame.Surface, paint: Callable[[pygame.Surface, pygame.Rect], None]
) -> Picture:
    """``paint(image, image.get_rect())``, its texts written down with the picture."""
    with recording(image) as sink:
        paint(image, image.get_rect())
    return Picture(image, tuple(sink.texts), tuple(sink.icons), tuple(sorted(sink.secrets)))


def lay(surface: pygame.Surface, picture: Picture, at: tuple[int, int] | pygame.Rect) -> None:
    """Blit ``picture`` at ``at`` (a corner or a rect's corner), its texts with it."""
    corner = (at[0], at[1])
    surface.blit(picture.image, corner)
    sink = _SINKS.get(surface)
    if sink is not None:
        sink.extend(picture.texts, corner, picture.icons, picture.secrets)


def record_secret(surface: pygame.Surface, seat: int) -> None:
    """Write down that seat ``seat``'s secrets (its hand, tiles, cards, hats, a chosen
    card, a preview that depends on them) are drawn onto ``surface`` (issue #36). A
    game's painters call it through :func:`draws_secrets`, never by hand."""
    sink = _SINKS.get(surface)
    if sink is not None:
        sink.secrets.add(seat)


def record_curtain(surface: pygame.Surface, seat: int | None) -> None:
    """Write down that the hand-off curtain for ``seat`` covers ``surface`` (issue #36)."""
    sink = _SINKS.get(surface)
    if sink is not None:
        sink.curtains.append(seat)


_P = ParamSpec("_P")
_R = TypeVar("_R")


def draws_secrets(
    paint: Callable[Concatenate[Any, pygame.Surface, int, _P], _R],
) -> Callable[Concatenate[Any, pygame.Surface, int, _P], _R]:
    """A painter of one seat's secrets, ``paint(self, surface, seat, ...)``: every call
    writes down that ``seat``'s secrets are on ``surface`` (:func:`record_secret`) before
    it paints them, so the secrecy audit sees every frame that shows them (issue #36).
    Every part of a table that draws a hand, a seat's tiles, cards or hats, its chosen
    card or a preview worked out from them is such a painter (tests/test_secrecy.py
    checks each game's are)."""

    @functools.wraps(paint)
    def painter(
        self: Any, surface: pygame.Surface, seat: int, *args: _P.args, **kwargs: _P.kwargs
    ) -> _R:
        record_secret(surface, seat)
        return paint(self, surface, seat, *args, **kwargs)

    painter.draws_secrets = True  # type: ignore[attr-defined]
    return painter


def record_icon(
    surface: pygame.Surface, rect: pygame.Rect, name: str = "", kind: str = "icon"
) -> pygame.Rect:
    """Write down that an icon (a piece, a value: :class:`IconDrawn`) of ``rect`` was drawn
    onto ``surface`` (for what is drawn with lines rather than blitted); returns ``rect``."""
    sink = _SINKS.get(surface)
    if sink is not None:
        sink.record_icon(name, rect, kind)
    return rect


def draw_icon(
    surface: pygame.Surface,
    image: pygame.Surface,
    at: tuple[float, float] | pygame.Rect,
    name: str = "",
    kind: str = "icon",
    anchor: str = "topleft",
) -> pygame.Rect:
    """Blit ``image`` (a sprite, a seat mark, a badge) with its ``anchor`` at ``at`` (a
    point, or a rect's corner), written down as an :class:`IconDrawn`; where it went."""
    point = (at[0], at[1])
    rect = image.get_rect(**{anchor: (round(point[0]), round(point[1]))})
    surface.blit(image, rect)
    return record_icon(surface, rect, name, kind)


def _record(
    surface: pygame.Surface, text: str, rect: pygame.Rect, size: int, container: pygame.Rect | None
) -> None:
    sink = _SINKS.get(surface)
    if sink is not None:
        sink.record(text, rect, size, container)


def focus_ring_width(rect: pygame.Rect) -> int:
    """How thick each of the focus ring's two bands is for a control of ``rect``'s size."""
    return max(2, min(4, min(rect.w, rect.h) // 16))


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 0) -> None:
    """The keyboard focus, the same on every control (issue #27): a double ring, dark
    (:data:`theme.FOCUS_INNER`) on the control's edge and light (:data:`theme.FOCUS_OUTER`)
    just outside it, so it shows on an orange button, a cream one and the felt alike."""
    band = focus_ring_width(rect)
    pygame.draw.rect(surface, theme.FOCUS_INNER, rect, width=band, border_radius=radius)
    outer = rect.inflate(2 * band, 2 * band)
    pygame.draw.rect(
        surface, theme.FOCUS_OUTER, outer, width=band, border_radius=radius + band if radius else 0
    )


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    on_click: Callable[[], None]
    size: int = 22
    enabled: bool = True
    selected: bool = False
    primary: bool = False
    key: str = ""  # a stable name, for tests and for driving the UI by name
    picture: pygame.Surface | None = None
    subtitle: str = ""
    # Why a disabled button cannot be pressed now. A disabled button with a reason stays
    # under the pointer and in the keyboard focus order (it is still never pressed), so
    # the scene can show the reason on hover and on focus (see ButtonGroup.tip).
    why: str = ""
    hovered: bool = field(default=False, repr=False)

    @property
    def reachable(self) -> bool:
        """Hover and focus may land on it: it is enabled, or it can say why not."""
        return self.enabled or bool(self.why)

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        r = self.rect
        if not self.enabled:
            fill = theme.BUTTON_DISABLED
        elif self.primary:
            fill = theme.ACCENT_DARK if self.hovered else theme.ACCENT
        elif self.selected:
            fill = (255, 214, 160)
        else:
            fill = theme.BUTTON_HOVER if self.hovered else theme.BUTTON
        radius = max(6, r.height // 5)
        shadow = r.move(0, max(2, r.height // 16))
        pygame.draw.rect(
            surface,
            (0, 0, 0, 40) if surface.get_flags() & pygame.SRCALPHA else (200, 186, 160),
            shadow,
            border_radius=radius,
        )
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        edge = theme.ACCENT if self.selected else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, r, width=3 if self.selected else 2, border_radius=radius)
        if focused:
            draw_focus_ring(surface, r, radius)
        colour = (
            theme.INK_LIGHT
            if self.primary and self.enabled
            else (theme.INK if self.enabled else theme.INK_SOFT)
        )
        if self.picture is not None:
            pic = self.picture
            draw_icon(surface, pic, (r.centerx, r.top + r.height // 14), self.key, anchor="midtop")
            text = fonts.render(self.label, self.size, colour, bold=True)
            y = r.top + r.height // 14 + pic.get_height() + self.size // 3
            at = text.get_rect(midtop=(r.centerx, y))
            surface.blit(text, at)
            _record(surface, self.label, at, self.size, r)
            if self.subtitle:
                for i, line in enumerate(self.subtitle.split("\n")):
                    sub_size = max(theme.MIN_TEXT_PX, int(self.size * 0.7))  # readable at 1024x600
                    sub = fonts.render(line, sub_size, theme.INK_SOFT)
                    at = sub.get_rect(
                        midtop=(r.centerx, y + text.get_height() + 4 + i * int(sub_size * 1.35))
                    )
                    surface.blit(sub, at)
                    _record(surface, line, at, sub_size, r)
            return
        # shrink a long label a little, then cut it with "…": never below a readable size
        label, size = fonts.fit(
            self.label,
            self.size,
            r.width - 12,
            min(self.size, max(12, int(self.size * 0.6))),
            self.primary,
        )
        text = fonts.render(label, size, colour, bold=self.primary)
        at = text.get_rect(center=r.center)
        surface.blit(text, at)
        _record(surface, label, at, size, r)


class ButtonGroup:
    """A scene's buttons. A scene rebuilds them on every layout (``clear`` then ``add``);
    the keyboard focus follows the focused button's ``key`` across such a rebuild, so
    pressing Enter on a toggle does not throw the focus away."""

    def __init__(self) -> None:
        self.buttons: list[Button] = []
        self.focus: int | None = None
        self._refocus: str = ""

    def clear(self) -> None:
        self._refocus = self.focused_key() or ""
        self.buttons.clear()
        self.focus = None

    def add(self, button: Button) -> Button:
        self.buttons.append(button)
        if self._refocus and button.key == self._refocus and button.reachable:
            self.focus = len(self.buttons) - 1
        return button

    def focused_key(self) -> str | None:
        if self.focus is not None and self.focus < len(self.buttons):
            return self.buttons[self.focus].key or None
        return None

    def focus_key(self, key: str) -> bool:
        """Put the focus on the button named ``key``; False if there is none."""
        for index, button in enumerate(self.buttons):
            if button.key == key and button.reachable:
                self.focus = index
                return True
        return False

    def tip(self) -> Button | None:
        """The disabled button whose reason is to be shown: the one under the pointer,
        else the focused one; None when neither is a disabled button with a reason."""
        for button in self.buttons:
            if button.hovered and not button.enabled and button.why:
                return button
        if self.focus is not None and self.focus < len(self.buttons):
            button = self.buttons[self.focus]
            if not button.enabled and button.why:
                return button
        return None

    def by_key(self, key: str) -> Button:
        for button in self.buttons:
            if button.key == key:
                return button
        raise KeyError(key)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was used (a click, a hover change, a focus key)."""
        if event.type == pygame.MOUSEMOTION:
            changed = False
            for button in self.buttons:
                over = button.reachable and button.rect.collidepoint(event.pos)
                if over != button.hovered:
                    button.hovered = over
                    changed = True
            return changed
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for index, button in enumerate(self.buttons):
                if button.enabled and button.rect.collidepoint(event.pos):
                    self.focus = index
                    button.on_click()
                    return True
            return False
        if event.type == pygame.KEYDOWN:
            enabled = [i for i, b in enumerate(self.buttons) if b.reachable]
            if not enabled:
                return False
            if event.key in (
                pygame.K_TAB,
                pygame.K_DOWN,
                pygame.K_RIGHT,
                pygame.K_UP,
                pygame.K_LEFT,
            ):
                backwards = event.key in (pygame.K_UP, pygame.K_LEFT) or (
                    event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
                )
                self.focus = self._next_focus(enabled, backwards, event.key)
                return True
            if (
                event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
                and self.focus is not None
                and self.focus < len(self.buttons)
                and self.buttons[self.focus].reachable
            ):
                # a greyed button with the focus takes the key and does nothing: Enter
                # must not fall through to the table behind it
                if self.buttons[self.focus].enabled:
                    self.buttons[self.focus].on_click()
                return True
        return False

    def _next_focus(self, enabled: list[int], backwards: bool, key: int) -> int:
        if self.focus is None or self.focus not in enabled:
            return enabled[-1] if backwards else enabled[0]
        if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            spatial = self._spatial(self.focus, enabled, key)
            if spatial is not None:
                return spatial
        pos = enabled.index(self.focus)
        return enabled[(pos + (-1 if backwards else 1)) % len(enabled)]

    def _spatial(self, focus: int, enabled: list[int], key: int) -> int | None:
        """The nearest button in the arrow's direction from ``focus`` (grids feel natural)."""
        here = self.buttons[focus].rect.center
        dx, dy = {
            pygame.K_UP: (0, -1),
            pygame.K_DOWN: (0, 1),
            pygame.K_LEFT: (-1, 0),
            pygame.K_RIGHT: (1, 0),
        }[key]
        best, best_cost = None, None
        for i in enabled:
            if i == focus:
                continue
            cx, cy = self.buttons[i].rect.center
            ox, oy = cx - here[0], cy - here[1]
            along = ox * dx + oy * dy
            if along <= 0:
                continue
            across = abs(ox * dy) + abs(oy * dx)
            cost = along + 2 * across
            if best_cost is None or cost < best_cost:
                best, best_cost = i, cost
        return best

    def draw(self, surface: pygame.Surface) -> None:
        for index, button in enumerate(self.buttons):
            button.draw(surface, focused=index == self.focus)


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill=theme.PANEL,
    edge=theme.PANEL_EDGE,
    radius: int = 14,
) -> None:
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, width=2, border_radius=radius)


def draw_tip(
    surface: pygame.Surface,
    text: str,
    under: pygame.Rect,
    size: int,
    above: bool = False,
    right: int | None = None,
) -> pygame.Rect:
    """A small tooltip with ``text`` just below ``under`` (``above``: just over it, for a
    button at the window's foot), kept inside ``surface``; ``right``: its right edge at
    most there (clear of a column beside it)."""
    image = fonts.render(text, size, theme.INK)
    pad = max(4, size // 3)
    box = image.get_rect().inflate(2 * pad, 2 * pad)
    if above:
        box.midbottom = (under.centerx, under.top - pad)
    else:
        box.midtop = (under.centerx, under.bottom + pad)
    if right is not None:
        box.right = min(box.right, right)
    box.clamp_ip(surface.get_rect())
    draw_panel(surface, box, radius=max(4, size // 3))
    at = image.get_rect(center=box.center)
    surface.blit(image, at)
    _record(surface, text, at, size, box)
    return box


def draw_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    pos,
    colour=theme.INK,
    bold: bool = False,
    anchor: str = "topleft",
    within: pygame.Rect | None = None,
) -> pygame.Rect:
    """Draw ``text``; ``within`` names the box it belongs in, for the layout tests."""
    image = fonts.render(text, size, colour, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    _record(surface, text, rect, size, within)
    return rect


def draw_pill(
    surface: pygame.Surface,
    rect: pygame.Rect,
    text: str,
    size: int,
    fill,
    ink=theme.INK_LIGHT,
    edge=None,
) -> pygame.Rect:
    """A rounded label: ``rect`` filled (and edged), ``text`` bold in its middle."""
    radius = rect.h // 2
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width=2, border_radius=radius)
    return draw_text(surface, text, size, rect.center, ink, bold=True, anchor="center", within=rect)
