"""The one compositor of the four game tables (issue #26): how a frame of a table is put
on the screen, the same way in every game, for a person and for the layout tests alike.

A frame is two layers:

- the **still picture**, kept: what the game paints with ``paint_static`` (its board at
  rest, its bar, whatever stands still), painted again only when the game's
  ``static_key()`` or the window's size changes; over it the shared frame's header, seat
  panels and log (:meth:`~game.scenes.table.frame.TableFrame.panels`), each a picture the
  frame keeps, laid onto the still picture again only when that picture changed; and
  what the scene lays over the game's still picture while the game says only pieces move
  over its board (``over``: the last moves' marks, issue #38's frame benchmark), its key
  part of the still picture's;
- the **moving layer**, drawn over a blit of the still picture on every frame: the
  thinking cue with its dots, then the game's ``paint_moving`` (pieces, tweens, hover,
  the private hand);
- the frame's **overlays** over both and the table's buttons (:meth:`Compositor.overlay`,
  called by the scene once its buttons are drawn): the side column's drawer when it is
  open (issue #38: its seat panels and log over the board's right part).

Texts go through a :class:`~game.ui.widgets.TextSink` passed in: those of the still
picture are written down when it is painted and handed to the sink on every frame, those
of the moving layer as they are drawn, each where it lands on the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from contextlib import nullcontext
from typing import Protocol, runtime_checkable

import pygame

from game.ui.widgets import IconDrawn, Picture, TextDrawn, TextSink, recording


class StillAndMoving(Protocol):
    """What a game's table gives the compositor."""

    def static_key(self) -> Hashable:
        """Everything the still picture shows: equal keys, equal pictures."""
        ...

    def paint_static(self, surface: pygame.Surface) -> None:
        """The still picture, onto a window-sized opaque surface (all of it: the surface
        holds the previous still picture)."""
        ...

    def paint_moving(self, surface: pygame.Surface) -> None:
        """What moves, over the still picture, every frame."""
        ...


@runtime_checkable
class PaintsInPlaces(Protocol):
    """A game whose still picture may be painted again only where it changed."""

    def still_places(self, before: Hashable, now: Hashable) -> list[pygame.Rect] | None:
        """Where the still picture of the game's key ``now`` differs from that of
        ``before`` (window coordinates), or None: it may differ anywhere. Painting the
        whole picture clipped to these places must give the picture painted whole."""
        ...


class FramePanels(Protocol):
    """What the shared frame gives the compositor (game.scenes.table.frame.TableFrame)."""

    def panels(self) -> list[tuple[pygame.Rect, Picture]]: ...

    def hint_text(self) -> Hashable:
        """What the bar's hint line says (the game's ``paint_static`` paints it)."""
        ...

    def draw_thinking_cue(self, surface: pygame.Surface) -> None: ...

    def overlays(self) -> list[tuple[pygame.Rect, Picture]]:
        """What lies over the moving layer (the open drawer, issue #38)."""
        ...


# what the scene lays on the still picture when the game says nothing that moves lies
# under it (issue #38: the last moves' marks): (its key, how it is painted), or None
StillOver = Callable[[tuple[int, int]], tuple[Hashable, Callable[[pygame.Surface], None]] | None]


class Compositor:
    """Puts ``table``'s frames on the screen with ``frame`` around the board; ``over``
    says what lies over the game's still picture, if anything, painted into it."""

    def __init__(
        self, table: StillAndMoving, frame: FramePanels, over: StillOver = lambda size: None
    ) -> None:
        self.table = table
        self.frame = frame
        self.over = over
        self.folded = False  # ``over`` lies in the still picture of the last frame
        self._key: Hashable = None
        self._still: pygame.Surface | None = None
        self._texts: tuple[TextDrawn, ...] = ()
        self._icons: tuple[IconDrawn, ...] = ()
        self._secrets: tuple[int, ...] = ()  # whose secrets the still picture shows
        self._laid: dict[tuple[int, int], Picture] = {}
        self._panels: list[tuple[pygame.Rect, Picture]] = []
        # how often the still picture was painted, and what of its key changed the last
        # time (issue #38: tools/bench_frames.py counts the frames that paint it, and why)
        self.repaints = 0
        self.why = ""
        self.places: list[pygame.Rect] = []  # where the last repaint painted ([]: whole)

    def forget(self) -> None:
        """The still picture is painted again at the next frame (a new layout)."""
        self._still = None

    def still(self, size: tuple[int, int]) -> pygame.Surface:
        """The still picture, up to date, for a window of ``size``. Its key holds the
        bar's hint as the frame says it, beside the game's own key: a lesson's step to
        read puts its own hint there, which no game's key knows (issue #36: the step
        after it, waiting for a roll, still said "Press Next")."""
        static = self.table.static_key()  # first: the game works out what stands still
        over = self.over(size)
        key = (size, static, self.frame.hint_text(), None if over is None else over[0])
        self.folded = over is not None
        still = self._still
        if still is None or key != self._key:
            self.repaints += 1
            self.why = "new" if still is None else changed_part(self._key, key)
            places = None if still is None else self._places(self._key, key)
            if still is None or still.get_size() != size:
                # opaque, in the window's format: laying it down is one plain blit
                still = pygame.Surface(size)
                if pygame.display.get_init() and pygame.display.get_surface() is not None:
                    still = still.convert()
            self.places = places or []
            clips: list[pygame.Rect | None] = list(places) if places else [None]
            for place in clips:
                # the whole picture painted, clipped to where it changed (issue #38: a
                # whole-window repaint was the slowest frame at 2560x1440): the same
                # pixels, and every text and icon of it written down
                still.set_clip(place)
                with recording(still) as sink:
                    self.table.paint_static(still)
                    if over is not None:
                        over[1](still)
            still.set_clip(None)
            self._still, self._key, self._texts = still, key, tuple(sink.texts)
            self._icons = tuple(sink.icons)
            self._secrets = tuple(sorted(sink.secrets))
            self._laid = {}
        self._panels = self.frame.panels()
        for rect, picture in self._panels:
            where = (rect.x, rect.y)
            if self._laid.get(where) is not picture:
                still.blit(picture.image, rect)
                self._laid[where] = picture
        return still

    def _places(self, before: Hashable, now: Hashable) -> list[pygame.Rect] | None:
        """Where the still picture of key ``now`` differs from that of ``before``: the
        game's places when only the game's own key changed and it knows them; None:
        anywhere."""
        if not isinstance(before, tuple) or not isinstance(now, tuple):
            return None
        if before[0] != now[0] or before[2:] != now[2:]:  # the size, the hint, the marks
            return None
        if not isinstance(self.table, PaintsInPlaces):
            return None
        return self.table.still_places(before[1], now[1])

    def compose(self, surface: pygame.Surface, sink: TextSink | None) -> None:
        """One frame onto ``surface``; its texts into ``sink`` (None: not written down)."""
        surface.blit(self.still(surface.get_size()), (0, 0))
        if sink is not None:
            sink.extend(self._texts, icons=self._icons, secrets=self._secrets)
            for rect, picture in self._panels:
                sink.extend(picture.texts, (rect.x, rect.y), picture.icons, picture.secrets)
        with nullcontext() if sink is None else recording(surface, sink):
            self.frame.draw_thinking_cue(surface)
            self.table.paint_moving(surface)

    def overlay(self, surface: pygame.Surface, sink: TextSink | None) -> None:
        """The frame's overlays (the open drawer) onto ``surface``, over everything of the
        table and its buttons; their texts into ``sink``, in place of those they hide (a
        text or an icon they touch cannot be read: it is not on the screen)."""
        overlays = self.frame.overlays()
        if sink is not None and overlays:
            covers = [rect for rect, _picture in overlays]
            sink.hidden_texts += [t for t in sink.texts if t.rect.collidelist(covers) >= 0]
            sink.hidden_icons += [i for i in sink.icons if i.rect.collidelist(covers) >= 0]
            sink.texts[:] = [t for t in sink.texts if t.rect.collidelist(covers) < 0]
            sink.icons[:] = [i for i in sink.icons if i.rect.collidelist(covers) < 0]
        for rect, picture in overlays:
            surface.blit(picture.image, rect)
            if sink is not None:
                sink.extend(picture.texts, (rect.x, rect.y), picture.icons, picture.secrets)


KEY_PARTS = ("size", "game", "hint", "marks")  # the still picture's key, part by part


def changed_part(old: Hashable, new: Hashable) -> str:
    """Where ``new`` first differs from ``old``, as a path into the still picture's key:
    "game[0][8]" is the ninth item of the first item of the game's own key (issue #38:
    the frame benchmark names what made a slow frame paint the still picture)."""
    path: list[str] = []
    while isinstance(old, tuple) and isinstance(new, tuple) and len(old) == len(new):
        at = next((i for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b), None)
        if at is None:
            break
        path.append(KEY_PARTS[at] if not path and at < len(KEY_PARTS) else f"[{at}]")
        old, new = old[at], new[at]
    return "".join(path) or "key"
