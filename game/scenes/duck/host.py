"""What the parts of the Duck scene need from one another, for the type checker.

DuckScene (scene.py: life cycle, display model, layout, per frame) is put together from
mixins over :class:`~game.scenes.game_base.GameScene`: :class:`~.lesson.LessonTable` (a
lesson's names for the table's things), :class:`~.controls.Controls` (the
decision and input), :class:`~.targets.Targets` (previews, targets, buttons),
:class:`~.draw.Drawing` (the layers, pieces, effects, header), :class:`~.panels.Panels`
(the right column and the action bar), :class:`~.board.Board` (preview, targets and
marks on the board), :class:`~.animate.Animation` (the events played, over the tweens of
:class:`~.motion.Motion`) and :class:`~.texts.Texts` (log lines, header, hint). Each
mixin uses the scene's state (set up in ``DuckScene.__init__``), its layout
(``DuckScene.layout``) and methods of the other parts; checked on its own, a mixin would
know none of them.

So the mixins derive from :class:`DuckHost` (Animation through Motion). While type
checking it is a GameScene that *declares* those shared attributes and the signatures of
the methods one part calls in another (no bodies: the real methods live in the modules
named below, which mypy checks against these declarations when DuckScene combines them,
so a signature that drifts is an error, not a silent mismatch). At run time DuckHost is
plain ``object``: the scene's method order is exactly DuckScene, LessonTable, Final,
Controls, Targets, Drawing, Panels, Board, Animation, Motion, Texts, then GameScene's.

The attributes' types are declared here once; ``DuckScene.__init__`` and ``layout`` only
assign them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from game.rules.duck.preview import Preview
    from game.scenes.game_base import GameScene
    from game.ui.widgets import Button

    from .geometry import BoardGeometry
    from .model import Banner, Decision, Effect, Flyer, Reveal, Shown, Target

    Colour = tuple[int, int, int]

    class DuckHost(GameScene):
        # -- the table's state (DuckScene.__init__) ----------------------------------------
        per_player: int  # ducks per player: 1, or 2 in the advanced game
        duck_chars: list[str]  # each duck's character key
        duck_sprites: list[str]
        duck_rings: list[int]  # each duck's seat: its ring's colour and mark
        duck_pos: dict[int, tuple[float, float, float]]  # (x, y, angle) in board units
        duck_scale: dict[int, float]
        duck_lift: dict[int, float]
        floating: set[int]  # knocked ducks waiting for a start space
        hound_pos: tuple[float, float, float] | None
        hound_scale: float
        hound_lift: float
        trail: list[tuple[float, float]]  # the hexes of the move being made
        trail_hound: bool
        shown: Shown
        effects: list[Effect]
        flyers: list[Flyer]
        banner: Banner | None
        reveal: Reveal | None
        _skipping: bool  # skip_animation is running: no sounds, flyers land at once
        _needs_sync: bool  # an event was played: rebuild from the state once idle
        _step_duck: int | None  # the mover of the step just described (texts.py)
        _quiet: bool  # the event just described stays out of the log (texts.py)
        # the person's decision and how far they got with it
        _dec_key: tuple[object, ...] | None
        _dec: Decision | None
        sel: list[int]  # the cards picked
        sel_hex: tuple[int, int] | None  # the start hex picked
        token_mode: str | None  # the token being played
        picks: str  # the hound patterns picked
        focus: int  # index of the keyboard focus in the targets
        mouse: tuple[int, int]
        hover: Target | None
        keyboard: bool  # the person is using the keys, not the mouse
        _ui_ver: int
        action_buttons: list[Button]
        _targets_key: tuple[object, ...] | None
        _targets: list[Target]
        _legend_text: str
        # caches
        _rot: dict[tuple[object, ...], pygame.Surface]  # turned sprites (draw.py _sprite)
        _ver: int
        _title_inputs: tuple[object, ...] | None
        _title_now: tuple[int | None, str]
        _preview_cache: dict  # duck previews (lists) and hound walks (dicts), per position

        # -- the layout (DuckScene.layout) ------------------------------------------------
        board_rect: pygame.Rect
        bar: pygame.Rect  # the action bar under the board
        hand_rect: pygame.Rect  # the person's hand, beside the board
        header: pygame.Rect
        info_rect: pygame.Rect
        rows: list[pygame.Rect]  # one per player
        hound_rect: pygame.Rect | None  # the hound board (advanced game only)
        log_rect: pygame.Rect
        pattern_rects: list[pygame.Rect]
        geo: BoardGeometry
        _hint_now: str
        buttons_rect: pygame.Rect
        tray_rect: pygame.Rect | None  # the token tray (advanced game only)
        cards_rect: pygame.Rect
        _background: pygame.Surface

        # -- scene.py ---------------------------------------------------------------------
        def duck_name(self, duck: int) -> str: ...
        def _short_duck(self, duck: int) -> str: ...
        def _char_name(self, key: str) -> str: ...
        def _sound(self, name: str) -> None: ...
        def _touch(self) -> None: ...
        def _card_rects(self, count: int, first_gap: bool = False) -> list[pygame.Rect]: ...
        def _token_rects(self, tray: pygame.Rect, count: int) -> list[pygame.Rect]: ...
        def _row_anchor(self, player: int, what: str) -> tuple[float, float]: ...
        def _deck_anchor(self) -> tuple[float, float]: ...
        def _pool_anchor(self) -> tuple[float, float]: ...

        # -- panels.py --------------------------------------------------------------------
        def card_image(self, card: int, width: int, height: int) -> pygame.Surface: ...

        # -- texts.py ---------------------------------------------------------------------
        def _setup_text(self, e) -> str: ...
        def _title(self) -> tuple[int | None, str]: ...
        def _hint(self, d: Decision | None) -> str: ...

        # -- controls.py ------------------------------------------------------------------
        def decision(self) -> Decision | None: ...
        def step_of(self, d: Decision) -> str: ...
        def cards_needed(self, d: Decision) -> int: ...
        def playable_cards(self, d: Decision) -> set[int]: ...
        def facing_hex(self, d: Decision) -> tuple[int, int] | None: ...
        def usable_tokens(self, d: Decision | None) -> set[str]: ...
        def pattern_ok(self, d: Decision, letter: str) -> bool: ...
        def route_card(self, d: Decision) -> int | None: ...
        def route_indices(self, d: Decision, card: int | None) -> list[int]: ...
        def facings(self, d: Decision) -> list[int]: ...
        def start_hexes(self, d: Decision) -> list[tuple[int, int]]: ...
        def token_ducks(self, d: Decision, kind: str) -> list[int]: ...
        def can_go_back(self, d: Decision) -> bool: ...
        def accept(self) -> None: ...
        def go_back(self) -> None: ...
        def _take(self, action) -> None: ...
        def _touch_ui(self) -> None: ...

        # -- targets.py -------------------------------------------------------------------
        def duck_previews(self, player: int, card: int, duck: int) -> list[Preview]: ...
        def hound_preview(self, routes: tuple) -> dict: ...
        def preview_spec(self, d: Decision | None) -> tuple | None: ...
        def bar_cards(self, d: Decision | None) -> list[tuple[int, pygame.Rect, str]]: ...
        def targets(self) -> list[Target]: ...
        def tray_tokens(self) -> list[tuple[str, pygame.Rect]]: ...
        def cycle(self, d: Decision) -> list[Target]: ...
        def focused_target(self, d: Decision) -> Target | None: ...

        # -- draw.py ----------------------------------------------------------------------
        def _sprite(
            self, name: str, size: int, angle: float, alpha: int = 255, ring=None
        ) -> pygame.Surface: ...

        # -- panels.py --------------------------------------------------------------------
        def _draw_info(self, surface) -> None: ...
        def _draw_hound_board(self, surface, rect: pygame.Rect, d) -> None: ...
        def _draw_bar(self, surface, d) -> None: ...
        def _draw_tooltip(self, surface) -> None: ...
        def _fit(self, text: str, size: int, width: int, bold: bool = False) -> str: ...
        def _tag(self, surface, text: str, center, colour, size: int | None = None) -> None: ...

        # -- board.py ---------------------------------------------------------------------
        def _draw_preview(self, surface, d, spec) -> None: ...
        def _draw_targets(self, surface, d, targets) -> None: ...
        def _draw_marks(self, surface) -> None: ...
else:
    DuckHost = object
