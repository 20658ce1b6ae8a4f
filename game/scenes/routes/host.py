"""What the parts of the Eight Routes scene need from one another, for the type checker.

RoutesScene (scene.py) is put together from mixins over
:class:`~game.ui.choices.ChoiceControls` and :class:`~game.scenes.game_base.GameScene`:
:class:`~.controls.Controls`, :class:`~.animate.Animation`, :class:`~.texts.Texts`,
:class:`~.draw.Drawing`, :class:`~.board.BoardDrawing`, :class:`~.panels.Panels` and
:class:`~.art.Art`. Each mixin uses the scene's state (set up in ``RoutesScene.__init__``),
its layout (``RoutesScene.layout``) and methods of the other parts; checked on its own, a
mixin would know none of them.

So every mixin derives from :class:`RoutesHost`. While type checking it is a
ChoiceControls[Choice] and a GameScene that *declares* those shared attributes and the
signatures of the methods one part calls in another (no bodies: the real methods live in
the modules named below, which mypy checks against these declarations when RoutesScene
combines them, so a signature that drifts is an error, not a silent mismatch). At run time
RoutesHost is plain ``object``: the scene's classes and method order are exactly
``RoutesScene(Controls, Animation, Texts, Drawing, BoardDrawing, Panels, Art,
ChoiceControls[Choice], GameScene)``, every mixin before ChoiceControls, so what a mixin
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

    from .model import Choice, Point, Table

    class RoutesHost(ChoiceControls[Choice], GameScene):
        # -- the table's state (RoutesScene.__init__) --------------------------------------
        table: Table  # what is drawn: changed by the events, resynced with the state
        mode: str  # "main", "C" (pick a die), "D" (pick a route) or "chip"
        _scores_shown: dict  # the points per route shown "now" (as of the last resync)
        _images: dict  # art.py's images, per layout
        _static: pygame.Surface | None  # the board's static layer (board.py), per layout

        # -- the layout (RoutesScene.layout) ------------------------------------------------
        board: pygame.Rect
        log_rect: pygame.Rect
        header: pygame.Rect
        lid_rect: pygame.Rect
        players_rect: pygame.Rect
        action_rect: pygame.Rect
        board_head: int  # the board's head row: space numbers, the score column's head
        label_w: int  # the route labels' column
        score_w: int  # the score column
        score_x: int
        cells_x: int  # the left edge of space 1
        cell_w: float
        row_h: float
        lanes: list[pygame.Rect]  # one per route
        marker_w: float
        marker_h: float
        stack_dy: float  # the rise of a marker per stack level
        strip_h: int
        squares: list[pygame.Rect]  # the lid's 8 sorting squares
        dice_areas: list[pygame.Rect]  # where the dice lie in each square
        strips: list[pygame.Rect]  # the buttons' strip at the bottom of each square
        player_row_h: int

        # -- scene.py ---------------------------------------------------------------------
        def player_row(self, player: int) -> pygame.Rect: ...
        def chip_pos(self, player: int, index: int) -> Point: ...
        def held_pos(self, player: int) -> Point: ...
        def cell_x(self, space: float) -> float: ...
        def marker_pos(self, route: int, space: float, stack: float) -> Point: ...
        def slot(self, face: int, index: int, count: int) -> tuple[Point, float]: ...
        def lid_centre(self) -> Point: ...
        @staticmethod
        def _rest_angle(face: int, index: int) -> float: ...

        # -- art.py -----------------------------------------------------------------------
        def _marker_image(self, player: int, ghost: bool = False) -> pygame.Surface: ...
        def _die_image(self, face: int, size: float, angle: float = 0.0) -> pygame.Surface: ...
        def _icon(self, name: str, w: float, h: float | None = None) -> pygame.Surface: ...
        def _draw_chip(
            self, surface, number: int, up: bool, pos: Point, size: int, squash: float = 1.0
        ) -> None: ...

        # -- texts.py ---------------------------------------------------------------------
        def _route_label(self, route: int, scorer) -> tuple[str, str]: ...
        def _option_text(self, action: Action) -> str: ...

        # -- controls.py ------------------------------------------------------------------
        def _square_at(self, pos) -> int: ...
        def scores_now(self) -> dict: ...

        # -- board.py ---------------------------------------------------------------------
        def _draw_board(self, surface, shown: dict | None) -> None: ...

        # -- panels.py --------------------------------------------------------------------
        def _draw_action_panel(self, surface, focus: Choice | None) -> None: ...
        def _wrapped(self, surface, text, size, pos, width, colour, bold, max_lines) -> None: ...
        def _fit_text(self, surface, text, size, pos, width, colour, bold, anchor) -> None: ...
        def _draw_banner(self, surface) -> None: ...
else:
    RoutesHost = object
