"""The person's controls in Eight Routes: who decides and in which step (``mode``: the
main choice, C picking a die, D picking a route, the route-6 chip), the controls that
stand for each legal action (:class:`~.model.Choice`), and the mouse and keys."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.rules.protocol import Action
from game.rules.routes import (
    ChangeDie,
    DeclineChip,
    EndPhase,
    PushMarker,
    TakeAll,
    TakeOne,
    TurnChip,
)
from game.scenes.table.contract import TableHost
from game.ui import choices, theme

from .model import ROUTES, Choice, RoutesModel
from .texts import text_w


class Controls:
    """What :class:`~game.ui.choices.Choices` asks a game for, and the input."""

    steps_draw_attention = False  # C, D and Back have nothing to preview
    rebuild_before_input = False

    def __init__(self, model: RoutesModel, host: TableHost) -> None:
        self.model = model
        self.host = host
        self.choices: choices.Choices[Choice] = choices.Choices(host, self)

    def offered(self) -> list[Choice]:
        return self.choices.controls

    def rebuild(self, force: bool = False) -> None:
        self.choices.rebuild(force)

    def track(self, event: pygame.event.Event) -> bool:
        self.choices.track(event)
        return False

    # -- who decides, and what ---------------------------------------------------------
    def shown(self, player: int) -> None:
        self.model.mode = "main"
        self.choices.key = None

    def settle_mode(self, legal) -> None:
        self.model.mode = self._current_mode(legal)

    def _current_mode(self, legal) -> str:
        if any(isinstance(a, DeclineChip) for a in legal):
            return "chip"  # ER-13, R-8: decided right after the pick-up
        forced = self._lesson_mode(legal)
        if forced is not None:
            return forced
        if self.model.mode == "C" and any(isinstance(a, ChangeDie) for a in legal):
            return "C"
        if self.model.mode == "D" and any(isinstance(a, PushMarker) for a in legal):
            return "D"
        return "main"

    def _lesson_mode(self, legal) -> str | None:
        """In a lesson (issue #19), a step that asks for a change of a die (C) or a push
        (D) opens that choice at once: the step rings the die's +1/−1 or the route to pick,
        not the bar's button that leads there (a lesson step is one action)."""
        step = self.host.guide.step
        expect = step.expect if step is not None else None
        if expect is None or expect[:2] not in ("C ", "D "):
            return None
        return expect[0] if any(str(a) == expect for a in legal) else None

    def steps_taken(self) -> tuple:
        return (self.model.mode,)

    def make_controls(self, player: int, legal) -> None:
        add = self.choices.controls.append
        small = self.host.text_px(14)
        strip_px = self.strip_size()
        mode = self.model.mode
        if mode in ("chip", "D"):
            cls = TurnChip if mode == "chip" else PushMarker
            for action in legal:
                if isinstance(action, cls):
                    rect = self.model.lanes[action.route - 1].copy()
                    add(
                        Choice(
                            rect,
                            "",
                            self.choices.chooser(action),
                            key=f"route:{action.route}",
                            action=action,
                            spot=True,
                        )
                    )
        if mode == "C":
            for action in legal:
                if isinstance(action, ChangeDie):
                    strip = self.model.strips[action.face - 1]
                    half = strip.w // 2 - self.host.px(2)
                    x = strip.x if action.delta < 0 else strip.right - half
                    rect = pygame.Rect(x, strip.y, half, strip.h)
                    label = "−1" if action.delta < 0 else "+1"
                    add(
                        Choice(
                            rect,
                            label,
                            self.choices.chooser(action),
                            small,
                            key=f"change:{action}",
                            action=action,
                        )
                    )
        if mode == "main":
            for action in legal:
                if isinstance(action, TakeAll):
                    all_rect, one_rect = self._strip_parts(
                        action.face, TakeOne(action.face) in legal
                    )
                    add(
                        Choice(
                            all_rect,
                            self.host.t("routes.btn_all"),
                            self.choices.chooser(action),
                            strip_px,
                            key=f"take:{action.face}",
                            action=action,
                            primary=True,
                        )
                    )
                elif isinstance(action, TakeOne):
                    _all, one_rect = self._strip_parts(action.face, True)
                    add(
                        Choice(
                            one_rect,
                            self.host.t("routes.btn_one"),
                            self.choices.chooser(action),
                            strip_px,
                            key=f"one:{action.face}",
                            action=action,
                        )
                    )
        # the row of buttons in the bar
        row: list[tuple[str, str, Callable[[], None], Action | None]] = []
        if mode == "main":
            if any(isinstance(a, ChangeDie) for a in legal):
                row.append(("mode:C", self.host.t("routes.btn_c"), self._set_mode("C"), None))
            if any(isinstance(a, PushMarker) for a in legal):
                row.append(("mode:D", self.host.t("routes.btn_d"), self._set_mode("D"), None))
            if EndPhase() in legal:
                row.append(
                    (
                        "end",
                        self.host.t("routes.btn_end"),
                        self.choices.chooser(EndPhase()),
                        EndPhase(),
                    )
                )
        elif mode == "chip":
            row.append(
                (
                    "pass",
                    self.host.t("routes.btn_pass"),
                    self.choices.chooser(DeclineChip()),
                    DeclineChip(),
                )
            )
        elif self._lesson_mode(legal) is None:  # the lesson's C or D step has no way back
            row.append(("back", self.host.t("routes.btn_back"), self._set_mode("main"), None))
        area = self.host.plan.controls
        gap = self.host.px(8)
        bh = min(self.host.px(40), area.h - self.host.px(8))
        size = self.host.text_px(16)
        x = area.x + self.host.px(10)
        for key, label, callback, action in row:
            bw = max(self.host.px(120), text_w(label, size, key == "end") + self.host.px(32))
            rect = pygame.Rect(x, 0, bw, bh)
            rect.centery = area.centery - self.host.px(2)
            add(Choice(rect, label, callback, size, key=key, action=action, primary=key == "end"))
            x += bw + gap

    # a button's label keeps this much of its width as air (game.ui.widgets.Button)
    LABEL_AIR = 12

    def strip_size(self) -> int:
        """The text size of the All and One buttons: the largest from the table's (down
        to 14 px) at which both labels fit side by side in a square's strip (issue #27:
        a button's word is never shrunk under the floor)."""
        strip_w = self.model.strips[0].w if self.model.strips else 0
        size = self.host.text_px(14)
        while size > theme.MIN_TEXT_PX and self._strip_need(size) > strip_w:
            size -= 1
        return size

    def _strip_need(self, size: int) -> int:
        air = self.LABEL_AIR
        all_w = text_w(self.host.t("routes.btn_all"), size, True) + air  # (primary: bold)
        one_w = text_w(self.host.t("routes.btn_one"), size) + air
        return all_w + self.host.px(3) + one_w

    def _strip_parts(self, face: int, has_one: bool) -> tuple[pygame.Rect, pygame.Rect]:
        """The All and One buttons in the strip of square ``face`` (One is as wide as its
        word needs, with a little more air when there is room; All takes the rest)."""
        strip = self.model.strips[face - 1]
        size = self.strip_size()
        if not has_one:
            return strip.copy(), pygame.Rect(strip.right, strip.y, 0, strip.h)
        gap = self.host.px(3)
        one_need = text_w(self.host.t("routes.btn_one"), size) + self.LABEL_AIR
        all_need = text_w(self.host.t("routes.btn_all"), size, True) + self.LABEL_AIR
        spare = max(0, strip.w - gap - one_need - all_need)
        one_w = one_need + min(spare // 2, max(0, self.host.px(16) - self.LABEL_AIR))
        one = pygame.Rect(strip.right - one_w, strip.y, one_w, strip.h)
        return pygame.Rect(strip.x, strip.y, strip.w - one_w - gap, strip.h), one

    def clear_steps(self) -> None:
        self.model.mode = "main"

    def _set_mode(self, mode: str) -> Callable[[], None]:
        def set_mode():
            self.model.mode = mode

        return self.choices.step(set_mode)

    # -- input -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, player: int) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.choices.armed = None
            face = self.model.square_at(event.pos)
            if face and self.model.mode == "main":
                button = self.choices.control(f"take:{face}")
                if button is not None:
                    button.on_click()
            return
        if event.type != pygame.KEYDOWN:
            return
        digit = choices.digit_key(event, ROUTES)  # faces and routes alike go 1 to 8
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if self.model.mode == "main" and digit:
            key = f"{'one' if shift else 'take'}:{digit}"
            self.choices.press_or_focus(key)
        elif self.model.mode in ("D", "chip") and digit:
            self.choices.press_or_focus(f"route:{digit}")
        elif self.model.mode == "C" and digit:
            if not self.choices.focus(f"change:C {digit}+"):
                self.choices.focus(f"change:C {digit}-")
        elif self.model.mode == "C" and event.key in (
            pygame.K_PLUS,
            pygame.K_EQUALS,
            pygame.K_KP_PLUS,
            pygame.K_MINUS,
            pygame.K_KP_MINUS,
        ):
            face = self._focused_face()
            if face:
                sign = "-" if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS) else "+"
                button = self.choices.control(f"change:C {face}{sign}")
                if button is not None:
                    button.on_click()
        elif (
            event.key == pygame.K_c and self.model.mode == "main" and self.choices.control("mode:C")
        ):
            self.choices.click_control("mode:C")
        elif (
            event.key == pygame.K_d and self.model.mode == "main" and self.choices.control("mode:D")
        ):
            self.choices.click_control("mode:D")
        elif event.key == pygame.K_e and self.choices.control("end"):
            self.choices.press_or_focus("end")
        elif event.key in (pygame.K_p, pygame.K_0, pygame.K_KP0) and self.choices.control("pass"):
            self.choices.press_or_focus("pass")
        elif event.key == pygame.K_BACKSPACE and self.choices.control("back"):
            self.choices.click_control("back")

    def _focused_face(self) -> int:
        action = getattr(self.choices.focused_button(), "action", None)
        return action.face if isinstance(action, ChangeDie) else 0

    def pointed_at(self) -> Choice | None:
        """A lid square under the mouse stands for taking all its dice (A)."""
        face = self.model.square_at(self.choices.mouse)
        if face and self.model.mode == "main":
            return self.choices.control(f"take:{face}")
        return None

    def preview_of(self, player: int, action: Action) -> dict:
        return self.host.state.preview(player, [action])
