"""What the parts of the Eight Routes scene need from one another, for the type checker.

RoutesScene (scene.py) is put together from mixins over
:class:`~game.ui.choices.ChoiceControls` and :class:`~game.scenes.game_base.GameScene`:
:class:`~.controls.Controls`, :class:`~.animate.Animation`, :class:`~.texts.Texts`,
:class:`~.seats.Seats`, :class:`~.draw.Drawing`, :class:`~.board.BoardDrawing`,
:class:`~.panels.Panels` and :class:`~.art.Art`. Each mixin uses the scene's state (set up in ``RoutesScene.__init__``),
its layout (``RoutesScene.layout``) and methods of the other parts; checked on its own, a
mixin would know none of them.

So every mixin derives from :class:`RoutesHost`. While type checking it is a
ChoiceControls[Choice] and a GameScene that *declares* those shared attributes and the
signatures of the methods one part calls in another (no bodies: the real methods live in
the modules named below, which mypy checks against these declarations when RoutesScene
combines them, so a signature that drifts is an error, not a silent mismatch). At run time
RoutesHost is plain ``object``: the scene's classes and method order are exactly
``RoutesScene(Final, Controls, Animation, Texts, Seats, Drawing, BoardDrawing, Panels,
Art, ChoiceControls[Choice], GameScene)``, every mixin before ChoiceControls, so what a mixin
defines overrides ChoiceControls and GameScene as it did when it was all one class.

The attributes' types are declared here once; ``RoutesScene.__init__`` and ``layout`` only
assign them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from game.rules.protocol import Action
    from game.scenes.game_base import GameScene
    from game.ui.choices import ChoiceControls
    from game.ui.widgets import Picture

    from .model import Choice, Point, Table

    class RoutesHost(ChoiceControls[Choice], GameScene):
        # -- the table's state (RoutesScene.__init__) --------------------------------------
        table: Table  # what is drawn: changed by the events, resynced with the state
        mode: str  # "main", "C" (pick a die), "D" (pick a route) or "chip"
        _scores_shown: dict  # the points per route shown "now" (as of the last resync)
        _images: dict  # art.py's images, per layout
        _board_picture: Picture | None  # draw.py's board, lid and routes, per layout

        # -- the layout (RoutesScene.layout) ------------------------------------------------
        board: pygame.Rect  # the frame's board: the routes over the lid
        routes_rect: pygame.Rect
        lid_rect: pygame.Rect
        lid_title: pygame.Rect  # the lid's rim where its name is
        felt: pygame.Rect  # the lid's floor
        medal: int  # a rank's medal, across
        line_h: int  # a line of a route's head
        head_w: int  # a route's head: number, how it scores, its action
        cells_x: int  # the left edge of space 1
        cell_w: float
        row_h: float
        lanes: list[pygame.Rect]  # one per route
        heads: list[pygame.Rect]
        marker_w: float
        marker_h: float
        stack_dy: float  # the rise of a marker per stack level
        strip_h: int
        squares: list[pygame.Rect]  # the lid's 8 sorting squares
        badges: list[pygame.Rect]  # each square's number
        dice_areas: list[pygame.Rect]  # where the dice lie in each square
        strips: list[pygame.Rect]  # the buttons' strip at the bottom of each square

        # -- scene.py ---------------------------------------------------------------------
        def cell_x(self, space: float) -> float: ...
        def marker_pos(self, route: int, space: float, stack: float) -> Point: ...
        def slot(self, face: int, index: int, count: int) -> tuple[Point, float]: ...
        def lid_centre(self) -> Point: ...
        @staticmethod
        def _rest_angle(face: int, index: int) -> float: ...

        # -- art.py -----------------------------------------------------------------------
        def _marker_image(
            self, player: int, ghost: bool = False, width: float | None = None
        ) -> pygame.Surface: ...
        def _die_image(self, face: int, size: float, angle: float = 0.0) -> pygame.Surface: ...
        def _icon(self, name: str, w: float, h: float | None = None) -> pygame.Surface: ...
        def _route_icon(self, route: int, size: float) -> pygame.Surface | None: ...
        def _draw_chip(
            self,
            surface,
            number: int,
            up: bool,
            pos: Point,
            size: int,
            squash: float = 1.0,
            within: pygame.Rect | None = None,
        ) -> None: ...

        # -- texts.py ---------------------------------------------------------------------
        def _option_text(self, action: Action) -> str: ...

        # -- controls.py ------------------------------------------------------------------
        def _square_at(self, pos) -> int: ...
        def scores_now(self) -> dict: ...

        # -- seats.py ---------------------------------------------------------------------
        def _extras_layout(self, player: int, rect: pygame.Rect) -> dict: ...
        def _seat_spot(self, player: int, what: str, index: int = 0) -> Point: ...
        def _draw_seat_overlays(self, surface) -> None: ...

        # -- board.py ---------------------------------------------------------------------
        def _paint_routes(self, surface: pygame.Surface) -> None: ...
        def _paint_holders(self, surface, spots: dict) -> None: ...
        def _paint_markers(self, surface, items) -> None: ...
        def _resting(self) -> list[tuple[int, float, float, int]]: ...
        def _draw_moving(self, surface, shown: dict | None) -> None: ...

        # -- draw.py ----------------------------------------------------------------------
        def _draw_lid(self, surface, shown: dict | None = None) -> None: ...

        # -- panels.py --------------------------------------------------------------------
        def _text_w(self, text: str, size: int, bold: bool = False) -> int: ...
        def _control_prefix(self, prefix: str) -> bool: ...
        def _draw_bar_contents(self, surface, focus: Choice | None) -> None: ...
        def _draw_banner(self, surface) -> None: ...
        def _draw_tooltip(self, surface) -> None: ...
else:
    RoutesHost = object
