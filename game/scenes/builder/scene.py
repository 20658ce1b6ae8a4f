"""The Duck! Duck! Go! board builder (issue #41): the box's 16 tiles in a tray on the
left, the table in the middle, the live check and the buttons on the right.

A tile is dragged from the tray onto the table and snaps beside the others (the nearest
free centre to the pointer); it is turned by the wheel, R (Shift+R the other way) or two
buttons, flipped by F or a button, dragged again, or picked up (right-click, or dragged
back to the tray); Ctrl+Z / Ctrl+Y undo and redo. With the keyboard alone: Tab to a tile
of the tray, Enter takes it (or the tile on the table), the arrows move it from snap
spot to snap spot, R/F turn and flip it, Enter drops it, Delete puts it back, Esc
cancels. The check (DDG-42) is run after every change (game.rules.duck.builder) and
drawn on the board: what fails is outlined where it is, and said in the side panel.

What the builder holds lives in :class:`game.scenes.builder.model.BuilderModel`; the
scene only turns input into its calls and draws it, with two parts of its own: the tray
of tiles (:class:`game.scenes.builder.tray.Tray`) and the side panel with the check and
the buttons (:class:`game.scenes.builder.check_panel.CheckPanel`), and the table in the
middle, the tiles laid and the carried one's ghost
(:class:`game.scenes.builder.board_view.BoardView`).
"""

from __future__ import annotations

import pygame

from game.boards import DataFileError, duck_files
from game.boards import duck as loader
from game.rules.duck.builder import SIZES, Placed, surprise
from game.rules.duck.data import MAX_DUCKS
from game.scenes.base import Scene
from game.scenes.builder.board_view import REGION, BoardView, moved
from game.scenes.builder.check_panel import CheckPanel
from game.scenes.builder.leaving import play_board, save_board
from game.scenes.builder.model import BuilderModel
from game.scenes.builder.tray import Tray
from game.session import new_seed
from game.ui import fonts, theme
from game.ui.textfield import TextField, start_typing
from game.ui.widgets import Button, draw_text

SIZE_ORDER = tuple(SIZES)


class BuilderScene(Scene):
    """The builder. ``board``: a saved board to edit again (its file is saved over)."""

    def __init__(
        self, app, board: duck_files.BuiltBoard | None = None, path=None, ducks: int = MAX_DUCKS
    ):
        super().__init__(app)
        self.faces = loader.load_tiles()
        # checked for the lobby's table (``ducks``: its seats when opened from there, six
        # from the title card): the lobby takes a board for as many ducks as it has starts
        self.model = BuilderModel(self.faces, ducks)
        self.tray = Tray(self, self.model, self.faces)
        self.check = CheckPanel(self)
        self.view = BoardView(self.model, self.faces, self.px)
        self.name = board.name if board else self.t("builder.default_name")
        self.level = board.level if board else "beginner"
        self.path = path  # the file being edited (saved over), or None: a new board
        if board:
            self.model.lay(board.placed)
            self.model.forget_history()  # opening a board is not a step to undo
        self.selected: int | None = None
        self.size_choice = "small"
        self.seed: int | None = None
        self.message = ""
        self.drag: int | None = None  # a tile carried by the pointer
        self.drag_moved = False
        self.pointer = (0, 0)
        self.carry: int | None = None  # a tile carried by the keyboard
        self.cursor: tuple[int, int] | None = None

    # layout -------------------------------------------------------------------------
    def layout(self, size):
        super().layout(size)
        w, h = size
        pad = self.px(16)
        self.title_size = self.text_px(26)
        self.body_size = self.text_px(16)
        top = pad + self.title_size + self.px(14)
        hint_h = self.body_size + self.px(14)
        tray = pygame.Rect(pad, top, max(self.px(250), int(w * 0.22)), h - top - pad - hint_h)
        side_w = max(self.px(290), int(w * 0.25))
        side = pygame.Rect(w - pad - side_w, top, side_w, h - top - pad - hint_h)
        self.tray.rect, self.check.rect = tray, side
        table = pygame.Rect(tray.right + pad, top, side.left - tray.right - 2 * pad, side.h)
        self.view.rect = table
        self.hint_at = (table.centerx, h - pad - hint_h // 2)
        title_w = fonts.font(self.title_size, True).size(self.t("builder.title"))[0]
        field_h = self.title_size + self.px(8)
        name_rect = pygame.Rect(
            pad + title_w + self.px(16),
            pad + self.title_size // 2 - field_h // 2 + self.px(2),
            min(self.px(420), side.left - pad - title_w - self.px(32)),
            field_h,
        )
        focused = self.field.focused if hasattr(self, "field") else False
        text = self.field.text if hasattr(self, "field") else self.name
        self.field = TextField(
            name_rect,
            text,
            key="name",
            size=self.text_px(20),
            max_chars=duck_files.MAX_NAME,
            placeholder=self.t("builder.default_name"),
        )
        self.field.focused = focused
        self.view.refresh()
        self._lay_buttons()

    def _lay_buttons(self) -> None:
        self.buttons.clear()
        t = self.t
        # the tray: 16 tiles in 4 columns, each its face as it is now
        self.tray.add_buttons(self.buttons, self.body_size, (self.selected, self.carry), self._take)
        # the side panel: the check above, the buttons below in two columns
        rows = [
            [
                ("ducks", t("builder.ducks", n=self.model.ducks), self._ducks, True),
                ("flip", t("builder.flip"), self._flip, self._target() is not None),
            ],
            [
                (
                    "rotate_left",
                    t("builder.rotate_left"),
                    self._turn(1),
                    self._target() is not None,
                ),
                (
                    "rotate_right",
                    t("builder.rotate_right"),
                    self._turn(-1),
                    self._target() is not None,
                ),
            ],
            [
                ("undo", t("builder.undo"), self._undo, self.model.can_undo()),
                ("redo", t("builder.redo"), self._redo, self.model.can_redo()),
            ],
            [
                ("surprise", t("builder.surprise"), self._surprise, True),
                ("size", t(f"builder.size.{self.size_choice}"), self._cycle_size, True),
            ],
            [
                ("save", t("builder.save"), self._save("yaml"), bool(self.model.placed())),
                ("save_tmx", t("builder.save_tmx"), self._save("tmx"), bool(self.model.placed())),
            ],
            [
                ("back", t("builder.back"), self.app.pop, True),
                ("play", t("builder.play"), self._play, self.model.check().ok),
            ],
        ]
        self.check.add_buttons(self.buttons, self.body_size, rows)
        clear = pygame.Rect(0, 0, self.px(110), self.check.button_h(self.body_size))
        clear.topright = (self.view.rect.right, self.view.rect.y)
        self.buttons.add(
            Button(
                clear,
                t("builder.clear"),
                self._clear,
                self.body_size,
                enabled=bool(self.model.placed()),
                key="clear",
            )
        )

    # what a key or button acts on -------------------------------------------------------------
    def _target(self) -> int | None:
        """The tile being carried, else the one last touched."""
        if self.drag is not None:
            return self.drag
        if self.carry is not None:
            return self.carry
        return self.selected

    def _changed(self) -> None:
        self.view.refresh()
        self._lay_buttons()
        self.app.dirty = True

    def _take(self, number: int):
        def take():
            self.selected = number
            self.carry = number
            tile = self.model.tile(number)
            spots = self.model.spots(number)
            if tile.at is not None:
                self.cursor = tile.at
            else:
                self.cursor = min(
                    spots, key=lambda s: (abs(s[0]) + abs(s[1]) + abs(s[0] + s[1]), s)
                )
            self.message = ""
            self._changed()

        return take

    def _flip(self) -> None:
        target = self._target()
        if target is not None and self.model.flip(target):
            self._changed()

    def _turn(self, steps: int):
        def turn():
            target = self._target()
            if target is not None and self.model.turn(target, steps):
                self._changed()

        return turn

    def _undo(self) -> None:
        if self.model.undo():
            self._changed()

    def _redo(self) -> None:
        if self.model.redo():
            self._changed()

    def _clear(self) -> None:
        if self.model.clear():
            self.carry = self.drag = None
            self._changed()

    def _ducks(self) -> None:
        self.model.set_ducks(self.model.ducks + 1 if self.model.ducks < 6 else 2)
        self._changed()

    def _cycle_size(self) -> None:
        i = SIZE_ORDER.index(self.size_choice)
        self.size_choice = SIZE_ORDER[(i + 1) % len(SIZE_ORDER)]
        self._changed()

    def _surprise(self, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else new_seed() % 1_000_000
        board = surprise(self.faces, self.model.ducks, self.seed, self.size_choice)
        self.model.lay(board.placed)
        self.level = SIZES[self.size_choice][1]
        self.carry = self.drag = None
        self.message = self.t("builder.seed", seed=self.seed)
        self._changed()

    def surprise_from(self, seed: int) -> None:
        """A "Surprise me" board from ``seed`` (the screenshot tool, a driver)."""
        self._surprise(seed % 1_000_000)

    def show_broken(self) -> None:
        """A board the check refuses, as a person might lay it (the screenshot tool):
        too few start spaces for 6 ducks, and tile 8 laid against the drain of tile 2, so
        its start space reaches the other buoys only through the drain (DDG-13)."""
        self.model.set_ducks(6)
        self.model.lay(
            [
                Placed(2, "A", 0, 0, 0),
                Placed(14, "B", -2, -1, 0),
                Placed(3, "B", -1, 3, 0),
                Placed(8, "A", 3, 0, 0),
            ]
        )
        self._changed()

    def built(self) -> duck_files.BuiltBoard:
        return duck_files.BuiltBoard(self.name, self.name, self.level, tuple(self.model.placed()))

    def _save(self, fmt: str):
        def save():
            if self.field.focused:
                self._typing(False)
            path = save_board(self.app, self.built(), self.faces, fmt, self.path)
            if path is None:
                return
            if fmt == "yaml":
                self.path = path
            self.message = self.t("builder.saved", file=path.name)
            self.app.sound.play("click")
            self._changed()

        return save

    def _play(self) -> None:
        play_board(self.app, self.model, self.faces, self.name, self.level)

    # input --------------------------------------------------------------------------------
    def _tray_tile_at(self, pos) -> int | None:
        return self.tray.tile_at(self.buttons, pos)

    def exit(self) -> None:
        if self.field.focused:
            start_typing(None)  # the name field's text input ends with the screen

    def _typing(self, on: bool) -> None:
        """The name field takes the keys (or gives them back to the builder)."""
        self.field.focused = on
        start_typing(self.field if on else None)
        if not on:
            self.name = " ".join(self.field.text.split()) or self.t("builder.default_name")
            self.field.text = self.name
        self.app.dirty = True

    def handle_event(self, event):
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.field.hit(event.pos) != self.field.focused
        ):
            self._typing(self.field.hit(event.pos))
            if self.field.focused:
                return
        if self.field.focused:
            if event.type == pygame.KEYDOWN and event.key in (
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
                pygame.K_ESCAPE,
                pygame.K_TAB,
            ):
                self._typing(False)
                return
            if self.field.handle_event(event):
                self.app.dirty = True
                return
            if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
                return  # typed letters are the name's, never R or F
        if event.type == pygame.KEYDOWN and self._key(event):
            self.app.dirty = True
            return
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self.drag is not None:
                self.drag_moved = True
                self.app.dirty = True
        if event.type == pygame.MOUSEWHEEL:
            target = self._target()
            if target is not None and event.y:
                self._turn(1 if event.y > 0 else -1)()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.carry is not None and self.view.rect.collidepoint(event.pos):
                spot = self.view.snap(event.pos, self.carry)
                if spot is not None:
                    self._drop(self.carry, spot)
                    return
            number = self._tray_tile_at(event.pos)
            if number is None:
                number = self.view.tile_at(event.pos)
            if number is not None:
                self.drag, self.drag_moved, self.pointer = number, False, event.pos
                self.selected = number
                self.carry = None
                self._changed()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            number = self.view.tile_at(event.pos)
            if number is not None and self.model.pick_up(number):
                self.selected = number
                self._changed()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            number, self.drag = self.drag, None
            if not self.drag_moved and self._tray_tile_at(event.pos) == number:
                self._take(number)()  # a click on a tray tile: carry it with the keys
                return
            spot = self.view.snap(event.pos, number)
            if spot is not None:
                self._drop(number, spot)
            elif self.tray.rect.collidepoint(event.pos) and self.model.pick_up(number):
                self._changed()
            else:
                self._changed()
            return
        super().handle_event(event)

    def _drop(self, number: int, spot: tuple[int, int]) -> None:
        if self.model.drop(number, spot):
            self.app.sound.play("click")
            self.message = ""
            self.carry = None
        else:  # a carried tile stays carried: the person moves it on
            self.message = self.t("builder.not_here")
        self.selected = number
        self._changed()

    def _key(self, event) -> bool:
        """The builder's keys; True when one was used."""
        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl and event.key == pygame.K_z:
            self._undo()
            return True
        if ctrl and event.key == pygame.K_y:
            self._redo()
            return True
        if event.key == pygame.K_r:
            self._turn(-1 if event.mod & pygame.KMOD_SHIFT else 1)()
            return True
        if event.key == pygame.K_f:
            self._flip()
            return True
        if self.carry is None:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
            return False
        number = self.carry
        if event.key == pygame.K_ESCAPE:
            self.carry = None
            self._changed()
            return True
        if event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.carry = None
            if self.model.pick_up(number):
                self._changed()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.cursor is not None:
                self._drop(number, self.cursor)
            return True
        step = {
            pygame.K_RIGHT: (1, 0),
            pygame.K_LEFT: (-1, 0),
            pygame.K_UP: "up",
            pygame.K_DOWN: "down",
        }.get(event.key)
        if step is not None and self.cursor is not None:
            self.cursor = moved(self.cursor, step)
            return True
        return False

    # drawing ------------------------------------------------------------------------------
    def draw(self, surface):
        t = self.t
        draw_text(
            surface,
            t("builder.title"),
            self.title_size,
            (self.px(16), self.px(16)),
            theme.INK,
            bold=True,
        )
        self.field.draw(surface)
        self.tray.draw(surface, self.body_size)
        self.view.draw(surface, self.size, self.selected, self._carried())
        if not self.model.placed():
            draw_text(
                surface,
                t("builder.table_empty"),
                self.body_size,
                (self.view.rect.centerx, self.view.rect.bottom - self.px(30)),
                theme.INK_SOFT,
                anchor="center",
                within=self.view.rect,
            )
        self.check.draw(surface, self.body_size, self.model.check(), self.message)
        super().draw(surface)
        hint = t("builder.hint_carry") if self.carry is not None else t("builder.hint")
        text, size = fonts.fit(hint, self.body_size, self.size[0] - self.px(32), theme.MIN_TEXT_PX)
        draw_text(surface, text, size, self.hint_at, theme.INK_SOFT, anchor="center")

    def _carried(self) -> tuple[int, tuple[int, int]] | None:
        """The tile on the pointer (once moved) or the keyboard's cursor, and where it
        would drop; None when none is carried or it has no spot."""
        number = self.drag if self.drag is not None else self.carry
        if number is None:
            return None
        if self.drag is not None:
            if not self.drag_moved:
                return None
            spot = self.view.snap(self.pointer, number)
        else:
            spot = self.cursor
        return None if spot is None else (number, spot)

    def probe(self) -> dict:
        """The buttons, and each table hex's centre as ``hex:q,r`` (for a driver that
        drags tiles there)."""
        out = super().probe()
        for q, r in REGION:
            x, y = self.view.geo.hex_px(q, r)
            out[f"hex:{q},{r}"] = [round(x), round(y)]
        return out

    def probe_info(self) -> dict:
        """The tiles, the carried one, the focus and the check, for an end-to-end driver
        (game.app.App.write_probe)."""
        check = self.model.check()
        return {
            "builder": {
                "tiles": {
                    str(t.number): {
                        "side": t.side,
                        "rotation": t.rotation,
                        "at": list(t.at) if t.at else None,
                    }
                    for t in self.model.tiles
                },
                "focus": self.buttons.focused_key(),
                "carry": self.carry,
                "cursor": list(self.cursor) if self.cursor else None,
                "ducks": self.model.ducks,
                "ok": check.ok,
                "players": check.players,
                "saved": str(self.path) if self.path else "",
            }
        }


def open_builder(app, path=None) -> None:
    """The builder, new or on a saved board, YAML or a Tiled map that keeps its tiles'
    turns (one dialog if that board is bad or cannot be edited, saying why)."""
    if path is None:
        app.push(BuilderScene(app))
        return
    try:
        board = duck_files.load_built(path)
    except DataFileError as exc:
        app.show_error(str(exc), app.t("builder.broken_title"))
        return
    app.push(BuilderScene(app, board, None if duck_files.is_shipped(path) else path))


def open_board_file(app, path) -> bool:
    """A board file dropped on the window or chosen in the lobby: checked as every board
    file is, kept in the player's boards folder; one dialog either way. True if kept."""
    try:
        kept = duck_files.take_in(path)
    except (DataFileError, ValueError, OSError) as exc:
        app.show_error(str(exc), app.t("builder.broken_title"))
        return False
    name = loader.load_board(kept)["name"]
    app.show_error(app.t("builder.opened", name=name), app.t("builder.opened_title"))
    return True
