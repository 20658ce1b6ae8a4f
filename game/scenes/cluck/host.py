"""What the parts of the Cluck-peep! scene need from one another, for the type checker.

CluckScene (scene.py) is put together from mixins: :class:`~.layout.Layout` (where
everything lies, zoom and scroll), :class:`~.animate.Animation` (the events played),
:class:`~.log.EventLog` (their texts), :class:`~.controls.Controls` (a person's
choices), :class:`~.art.Art` (tile pictures, sprites), :class:`~.draw.Drawing` (the
ladder, in layers), :class:`~.preview.Preview` (where the chickens would go),
:class:`~.panels.Panels` (the supply block, the hand) and :class:`~.seats.Seats` (what
the shared table frame shows of the game), over
:class:`~game.scenes.game_base.GameScene`. Each mixin uses the scene's state (set up in
``CluckScene.__init__``), its layout (``Layout.layout``) and methods of the other parts;
checked on its own, a mixin would know none of them.

So every mixin derives from :class:`CluckHost`. While type checking it is a GameScene
that *declares* those shared attributes and the signatures of the methods one part calls
in another (no bodies: the real methods live in the parts, which mypy checks against
these declarations when CluckScene combines them, so a signature that drifts is an
error, not a silent mismatch). At run time CluckHost is plain ``object``: the scene's
method order is exactly ``CluckScene(Layout, Animation, …, Panels, GameScene)``.

The attributes' types are declared here once; ``CluckScene.__init__`` and ``layout`` only
assign them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from game.scenes.game_base import GameScene
    from game.ui.widgets import Button

    from .model import Table, TileSprite

    class CluckHost(GameScene):
        # -- the table's state (CluckScene.__init__) -------------------------------------
        table: Table  # the display model
        _skipping: bool  # skip_animation is running: no sounds
        _needs_sync: bool  # events were played: rebuild the model once they are done
        _tiles_cache: dict  # tile pictures per look and size (art.py _tile_surface)
        _preview_key: tuple | None
        _preview: dict  # the rules' preview of the picked tile (controls.py)
        sel_tile: int | None  # the hand tile picked
        turned: dict[int, bool]  # hand tiles the person turned over
        spin: float  # 0..1 while a hand tile turns over
        hole_cursor: int | None
        hover: int | str | None  # a hand tile's index, or "slot"
        scroll: float
        scroll_goal: float
        row_h: float  # the height of a tile row on screen

        # -- the layout (Layout.layout) ---------------------------------------------------
        board: pygame.Rect  # the frame's board: the felt with the ladder and the supply
        stock_rect: pygame.Rect  # the supply block, at the board's right
        area: pygame.Rect  # the ladder's part of the board
        label_box: pygame.Rect  # the row labels' column, left of the ladder
        label_px: int
        label_r: int  # the radius of a road tile's number disc
        band_w: int
        col_w: float
        band_x: float
        pad_top: int
        pad_bottom: int
        hand_title: pygame.Rect  # "Your tiles", at the bar's left
        caption_h: int  # the line over each hand tile
        hand_rects: list[pygame.Rect]
        play_buttons: list[Button]  # "turn" and "place"
        supply_title: pygame.Rect
        supply_count: pygame.Rect
        supply_pos: tuple[int, int]
        pile_title: pygame.Rect
        pile_count: pygame.Rect
        pile_pos: tuple[int, int]
        nest_title: pygame.Rect
        nest_rect: pygame.Rect
        nest_order: pygame.Rect
        _background: pygame.Surface
        _ladder_seen: tuple | None  # the ladder as last drawn (draw.py)
        _ladder_still: bool  # ... and it stood still since: it is in the still picture

        # -- scene.py ---------------------------------------------------------------------
        def _rows(self) -> tuple[int | None, int | None, int]: ...
        def _sound(self, name: str) -> None: ...

        # -- layout.py --------------------------------------------------------------------
        def _target_row_h(self) -> float: ...
        def _max_scroll(self) -> float: ...
        def to_screen(self, column: float, y: float) -> tuple[float, float]: ...
        def band_rect(self, row: float, dx: float = 0.0) -> pygame.Rect: ...
        def hole_rect(self, column: int) -> pygame.Rect: ...
        def slot_rect(self) -> pygame.Rect: ...
        def hand_rect(self, index: int) -> pygame.Rect: ...
        def _anchor(self, anchor: tuple) -> tuple[float, float]: ...
        def _extras_lines(self, extras: pygame.Rect) -> tuple[int, int]: ...
        def _back_size(self, line: int) -> tuple[int, int]: ...
        def _hand_back_at(self, extras: pygame.Rect, index: int) -> tuple[float, float]: ...
        def _hand_back_pos(self, player: int, index: int) -> tuple[float, float]: ...
        def _chick_px(self, line: int) -> int: ...
        def _stand_at(
            self, extras: pygame.Rect, player: int, index: int
        ) -> tuple[float, float]: ...
        def _stand_pos(self, player: int, index: int) -> tuple[float, float]: ...
        def _chick_size(self) -> int: ...
        def _chicken_size(self) -> int: ...
        def _settle(self, dt: float) -> None: ...
        def scroll_by(self, amount: float) -> None: ...

        # -- controls.py ------------------------------------------------------------------
        def _my_turn(self) -> str | None: ...
        def _me(self) -> int: ...
        def _free_holes(self, player: int) -> list[int]: ...
        def _is_turned(self, tile: int | None) -> bool: ...
        def _turn_selected(self) -> None: ...
        def _place_selected(self) -> None: ...
        def _current_preview(self, player: int) -> dict: ...

        # -- log.py -----------------------------------------------------------------------
        def _tile_name(self, tile_id) -> str: ...

        # -- art.py -----------------------------------------------------------------------
        def _paint_background(self, size) -> pygame.Surface: ...
        def _tile_surface(
            self, kind: str, tile, turned: bool, w: int, h: int, ground=None
        ) -> pygame.Surface: ...
        def _blit_tile(
            self, surface, sprite: TileSprite, rect: pygame.Rect, alpha=None
        ) -> None: ...
        def _dashed_rect(self, surface, rect: pygame.Rect, colour, width: int = 2) -> None: ...
        def _chicken_image(self, player: int, size: int, left: bool = False) -> pygame.Surface: ...
        def _chicken_name(self, player: int) -> str: ...
        def _badge(self, surface, text: str, center, colour) -> None: ...

        # -- preview.py -------------------------------------------------------------------
        def _draw_preview(self, surface) -> None: ...

        # -- panels.py --------------------------------------------------------------------
        def _draw_stock(self, surface) -> None: ...
        def _draw_hand_bar(self, surface, mode) -> None: ...

        # -- the frame (game/scenes/frame.py) ------------------------------------------
        def thinking_seat(self) -> int | None: ...
else:
    CluckHost = object
