"""What the parts of the Verflixxt! scene need from one another, for the type checker.

VerflixxtScene (scene.py) is put together from mixins: :class:`~.layout.Layout` (where
things are), :class:`~.art.Art` (the images), :class:`~.animate.Animations` (events to
tweens), :class:`~.texts.Texts` (names and sentences), :class:`~.controls.Controls` (the
person's choices and keys), :class:`~.draw.Drawing` (the frame and the board) and
:class:`~.panels.Panels` (the players and action panels), over
:class:`~game.ui.choices.ChoiceControls` and :class:`~game.scenes.game_base.GameScene`.
Each mixin uses the scene's state (set up in ``VerflixxtScene.__init__``), its layout
(``Layout.layout``) and methods of the other parts; checked on its own, a mixin would
know none of them.

So every mixin derives from :class:`VerflixxtHost`. While type checking it is a
``ChoiceControls[Choice]`` game scene that *declares* those shared attributes and the
signatures of the methods one part calls in another (no bodies: the real methods live in
the mixins, which mypy checks against these declarations when VerflixxtScene combines
them, so a signature that drifts is an error, not a silent mismatch). At run time
VerflixxtHost is plain ``object``: the scene's classes and method order are exactly
``VerflixxtScene(Layout, Art, Animations, Texts, Controls, Drawing, Panels,
ChoiceControls[Choice], GameScene)``, and as no two parts define the same name, every
method resolves as it did when the scene was one class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    import pygame

    from game.rules.verflixxt.scoring import ScoreBreakdown
    from game.ui.choices import ChoiceControls

    from .model import Choice, Point, Walk, _Table

    class VerflixxtHost(ChoiceControls[Choice]):
        # -- the table's state (VerflixxtScene.__init__) --------------------------------
        mode: str  # main, card (a card chosen), dir, attack
        sel_card: str | None
        sel_piece: str | None
        _images: dict  # images per layout (art.py), keyed by what they show
        _static: pygame.Surface | None  # the meadow and the road (draw.py)
        _score_cache: dict[tuple[int, tuple, tuple, tuple], ScoreBreakdown]
        _synced: bool  # the display model is in line with the state
        clock: float  # seconds since the scene opened: pulses
        last_die: int | None  # the base game's die shows its last roll
        total_tiles: int  # the track's length at the start
        table: _Table  # the display model

        # -- the layout (Layout.layout) ---------------------------------------------------
        players_rect: pygame.Rect
        board: pygame.Rect
        action_rect: pygame.Rect
        log_rect: pygame.Rect
        header: pygame.Rect
        tile_px: int
        big_px: int  # the start and finish tiles
        row_pitch: float
        _pts: list[Point]  # the road, sampled
        _cum: list[float]  # the distance along the road to each sample
        s0: float  # where the start and the finish tiles sit along the road
        s1: float
        road_len: float
        row_h: int
        rows: list[pygame.Rect]  # one per player
        legend_rect: pygame.Rect | None
        card_w: int
        card_h: int
        deck_rect: pygame.Rect  # deck, discard and hand: the hats game only
        discard_rect: pygame.Rect
        hand_rects: list[pygame.Rect]
        die_rect: pygame.Rect  # the base game only
        prompt_rect: pygame.Rect

        # -- layout.py ----------------------------------------------------------------
        def _groups(self) -> dict[str, list[str]]: ...
        def _line_y(self, line: int) -> int: ...
        def chip_stack_pos(self) -> Point: ...
        def chips_anchor(self, player: int) -> Point: ...
        def contest_rect(self) -> pygame.Rect: ...
        def contest_row(self, player: int) -> pygame.Rect: ...
        def fan(self, tile: str, pieces: list[str]) -> dict[str, Point]: ...
        def fs(self, design: float, scaled: bool = True) -> int: ...
        def hand_anchor(self, player: int) -> Point: ...
        def hand_slot(self, index: int) -> Point: ...
        def hats_anchor(self, player: int) -> Point: ...
        def landing_spot(self, piece: str, tile: str, groups: dict | None = None) -> Point: ...
        def piece_rect(self, piece: str, feet: Point) -> pygame.Rect: ...
        def piece_spot(self, piece: str, groups: dict | None = None) -> Point | None: ...
        def pile_layout(self, player: int, count: int) -> tuple[float, float, float, int]: ...
        def pile_slot(self, player: int, index: int, count: int) -> Point: ...
        def point_at(self, s: float) -> Point: ...
        def tile_centre(self, tile: str) -> Point: ...
        def tile_rect(self, tile: str) -> pygame.Rect: ...
        def tile_size(self, tile: str) -> int: ...

        # -- art.py -------------------------------------------------------------------
        def _card_image(self, card: str | None, w: int, h: int) -> pygame.Surface: ...
        def _chip_image(self, value: int, size: int) -> pygame.Surface: ...
        def _die_image(self, face: int, size: int, angle: int = 0) -> pygame.Surface: ...
        def _halo(self, piece: str, colour) -> pygame.Surface: ...
        def _hat_image(self, hat: str, width: int | None = None) -> pygame.Surface: ...
        def _mini_tile(
            self, tile: str, size: int, turned: bool = False, risk_sign: int = 1
        ) -> pygame.Surface: ...
        def _pawn_icon(self, player: int, height: int) -> pygame.Surface: ...
        def _piece_image(self, piece: str, ghost: bool = False) -> pygame.Surface: ...
        def _tile_image(self, tile: str, size: int) -> pygame.Surface: ...

        # -- animate.py ---------------------------------------------------------------
        def _pawn_head(self, pawn: str) -> Callable[[], Point]: ...

        # -- texts.py -----------------------------------------------------------------
        def _explain(self, parts: ScoreBreakdown) -> str: ...
        def _preview_caption(self, shown) -> str: ...
        def _prompt_texts(self, player: int) -> tuple[str, str]: ...
        def hat_name(self, hat: str) -> str: ...
        def short_name(self, pawn: str) -> str: ...
        def tile_name(self, tile: str) -> str: ...

        # -- draw.py ------------------------------------------------------------------
        def _walk_pos(self, walk: Walk) -> Point: ...

        # -- panels.py ----------------------------------------------------------------
        def _draw_action_panel(self, surface, focus, shown) -> None: ...
        def _draw_players(self, surface) -> None: ...

        # -- scene.py -----------------------------------------------------------------
        @staticmethod
        def _spread(track: list[str]) -> dict[str, float]: ...
else:
    VerflixxtHost = object
