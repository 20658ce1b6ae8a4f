"""The Duck! Duck! Go! table in a lesson ("Learn to play", issue #19): where the things a
lesson step names are on screen, and the step's action one click away.

Names (its registry entry's ``lesson_elements``): ``card:23`` a card in the person's hand,
``route:23/1`` where route 1 of card 23 would end (a target now), ``face:2`` a facing
arrow, ``start:3,4`` a start space (a life ring), ``hex:3,4`` any hex of the tub,
``duck:1`` a duck where it swims, ``buoy:red`` (``yellow``, ``green``) the buoy of that
colour, ``drain``, ``hand`` the hand column, ``piles`` the deck and token piles, and the
action buttons ``confirm``, ``stay``, ``done``. The advanced game adds ``hound`` (the
hound where it stands), ``houndboard`` (the hound board) and its patterns ``pattern:A``
to ``pattern:D``, ``tray`` (the person's action tokens) and a token in it, ``token:blue``
(``keep``, ``step``, ``rotate``, ``swap``, ``ghost``, ``become``).

A Duck! Duck! Go! action is often two clicks: a card then a route, a life ring then a
facing. The guide (``game.scenes.table.lesson``) puts the focus on the control that takes the
step's action (``focus`` with the key of a :attr:`controls` entry); here that makes the
first of those picks for the person — the card is picked, the life ring chosen, the two
cards of a round or the three of a discard picked (the button then takes them), the
token being played, the hound's first pattern — so the board previews exactly that move
and one more click (the key's target) takes it.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.rules.duck import actions as A
from game.rules.duck import decisions as D
from game.rules.duck.data import COLOURS, PATTERN_NAMES
from game.rules.duck.state import DuckState
from game.rules.protocol import Action
from game.scenes.table.contract import TableHost

from .decisions import Decisions
from .model import DuckModel
from .targets import Targets

BUTTON_NAMES = ("confirm", "stay", "done")


@dataclass(eq=False)
class LessonControl:
    """One legal action of the person and the target whose click takes it (a probe key,
    as DuckTable.probe_points names them), once :meth:`Guide.focus` made the picks
    before it."""

    key: str
    action: Action
    on_click: Callable[[], None]


class Guide:
    """A lesson's names for the table's things, and the step's action one click away."""

    def __init__(
        self, model: DuckModel, host: TableHost[DuckState], decisions: Decisions, targets: Targets
    ) -> None:
        self.model = model
        self.host = host
        self.decisions = decisions
        self.targets = targets
        self.prepared: int | None = None  # the step whose picks :meth:`prepare` made

    def prepare(self) -> None:
        """Before a frame is composed: the first picks of the lesson's step now shown
        (what the guide's focus on its control makes, :meth:`focus`), so the step's first
        frame already shows them (issue #27: drawn once, not drawn and then drawn again
        when the guide, over the table, makes them; its focus then changes nothing)."""
        shown = getattr(self.host.guide, "shown_step", None)
        step = shown() if callable(shown) else None
        if step is None or step.expect in (None, "any") or step.index == self.prepared:
            return
        self.prepared = step.index
        for control in self.controls:
            if str(control.action) == step.expect:
                self.focus(control.key)
                return

    def lesson_game_element(self, name: str) -> pygame.Rect | None:
        kind, _, what = name.partition(":")
        if name == "hand":
            return self.model.hand_rect
        if name == "piles":
            return self.model.info_rect
        if name == "drain":
            drain = self.host.state.board.drain
            return self._hex_rect(self.host.state.board.coords[drain]) if drain >= 0 else None
        if name in BUTTON_NAMES:
            self.targets.targets()  # the action buttons of the decision now
            for button in self.model.action_buttons:
                if button.key == name and button.enabled:
                    return button.rect
            return None
        if kind == "card" and what.isdigit():
            for card, rect, _role in self.targets.bar_cards(self.decisions.decision()):
                if card == int(what):
                    return rect
            return None
        if kind in ("route", "face"):
            for target in self.targets.targets():
                if target.kind == kind and self._target_name(target) == what:
                    return target.rect or _round_rect(target.center, target.radius)
            return None
        if kind in ("start", "hex"):
            hex_ = _parse_hex(what)
            board = self.host.state.board
            if hex_ is None or hex_ not in board.index:
                return None
            if kind == "start" and board.index[hex_] not in board.starts:
                return None
            return self._hex_rect(hex_)
        if kind == "duck" and what.isdigit():
            pos = self.model.duck_pos.get(int(what))
            if pos is None or int(what) in self.model.floating:
                return None
            return _round_rect(self.model.geo.px(pos[0], pos[1]), self.model.geo.size * 0.9)
        if name == "hound":
            if self.model.hound_pos is None:
                return None
            return _round_rect(self.model.geo.px(*self.model.hound_pos[:2]), self.model.geo.size)
        if name == "houndboard":
            return self.model.hound_rect
        if kind == "pattern" and what in PATTERN_NAMES and self.model.pattern_rects:
            return self.model.pattern_rects[PATTERN_NAMES.index(what)]
        if name == "tray":
            return self.model.tray_rect
        if kind == "token":
            for token, rect in self.targets.tray_tokens():
                if token == what:
                    return rect
            return None
        if kind == "buoy" and what in COLOURS:
            buoys = self.host.state.board.buoys[COLOURS.index(what)]
            return self._hex_rect(self.host.state.board.coords[buoys[0]]) if buoys else None
        return None

    def lesson_keep_clear(self) -> list[pygame.Rect]:
        """What a lesson's callout must not hide (game.scenes.table.lesson_callout.place_callout
        weighs it): the cards picked, the buttons that take them, and the way the table
        previews — a duck's route from where it swims, or the hound's."""
        d = self.decisions.decision()
        if d is None:
            return []
        self.targets.targets()  # the action buttons of the decision now
        out = [rect for card, rect, _role in self.targets.bar_cards(d) if card in self.model.sel]
        out += [b.rect for b in self.model.action_buttons if b.enabled]
        spec = self.targets.preview_spec(d)
        hexes: list[tuple[int, int]] = []
        walks: list[tuple] = []  # the hound's ways previewed, as hound_preview takes them
        if spec is not None and spec[0] == "duck":
            _, card, duck, route = spec
            h = self.host.state.pos[duck]
            if h >= 0:
                hexes.append(self.host.state.board.coords[h])
            for i, p in enumerate(self.targets.duck_previews(d.player, card, duck)):
                if route is None or route == i:
                    hexes += [(q, r) for q, r, _heading in p.path]
        elif spec is not None and spec[0] == "patterns":  # one way, pattern after pattern
            walks = [tuple(self.host.state.patterns[PATTERN_NAMES.index(x)][0] for x in spec[1])]
        elif spec is not None and spec[0] == "hound":  # a card's routes, each on its own
            _, card, route = spec
            ways = self.host.state.cards[card]
            walks = [(ways[i][0],) for i in range(len(ways)) if route in (None, i)]
        for routes in walks:
            walk = self.targets.hound_preview(routes)
            hexes += [walk["start"], *walk["path"]]
        # the tray's hint says which keys take the step (issue #38: a callout moved off
        # the duck's arrows sat on it)
        hint = self.host.plan.hint
        out += [hint] if hint.w > 0 and hint.h > 0 else []
        return out + [self._hex_rect(h) for h in hexes]

    def lesson_subject(self, name: str) -> list[pygame.Rect]:
        """The pieces a step pointing at ``name`` talks about (issue #38: the callout hid
        the duck and its facing arrows at duck-1's steps 5-6, the warp ring at 15): a
        facing arrow's step is about every arrow offered and the duck or ring they stand
        around; a duck's step about the duck with the arrow that says where it faces."""
        kind, _, what = name.partition(":")
        if kind == "face":
            faces = [t for t in self.targets.targets() if t.kind == "face"]
            rects = [t.rect or _round_rect(t.center, t.radius) for t in faces]
            if not rects:
                return []
            around = rects[0].unionall(rects[1:])  # the arrows ring the hex they face from
            out = [*rects, around]
            # the duck they turn: among them, or (a warp) where it stands before it jumps
            geo, (cx, cy) = self.model.geo, around.center
            d = self.decisions.decision()
            turning = getattr(d, "duck", None)
            for duck, pos in self.model.duck_pos.items():
                x, y = geo.px(pos[0], pos[1])
                near = math.hypot(x - cx, y - cy) < geo.size * 2
                if duck not in self.model.floating and (near or duck == turning):
                    out.append(self._duck_with_wedge(duck))
            return out
        if kind == "duck" and what.isdigit():
            if int(what) not in self.model.duck_pos or int(what) in self.model.floating:
                return []
            return [self._duck_with_wedge(int(what))]
        return []

    def _duck_with_wedge(self, duck: int) -> pygame.Rect:
        """A duck on the board and the wedge beside it that says where it faces (about
        a hex out)."""
        pos = self.model.duck_pos[duck]
        return _round_rect(self.model.geo.px(pos[0], pos[1]), self.model.geo.size * 1.6)

    def _hex_rect(self, hex_: tuple[int, int]) -> pygame.Rect:
        return _round_rect(self.model.geo.hex_px(*hex_), self.model.geo.size * 0.9)

    @staticmethod
    def _target_name(target) -> str:
        """A target's name after its kind, as DuckTable.probe_points writes it."""
        if target.kind == "route":
            card, index = target.value
            return f"{card}/{index + 1}"
        if target.kind == "start":
            return "{},{}".format(*target.value)
        return str(target.value)

    # -- the step's action, one click away ---------------------------------------------------
    @property
    def controls(self) -> list[LessonControl]:
        """The person's legal actions now that a single click can take once the picks
        before it are made (see :meth:`focus`)."""
        d = self.decisions.decision()
        if d is None:
            return []
        out = []
        for action in d.legal:
            key = self._final_click(action)
            if key is not None:
                out.append(
                    LessonControl(key, action, functools.partial(self.decisions.take, action))
                )
        return out

    def _final_click(self, action: Action) -> str | None:
        match action:
            case A.Blue():  # the tokens taken by one click in the tray
                return "token:blue"
            case A.Step():
                return "token:step"
            case A.Swap():
                return "token:swap"
            case A.ChooseCard(card=card) | A.OrderCard(card=card):
                return f"card:{card}"  # picked first: a second click plays it
            case A.ChooseCards() | A.Discard():
                return "confirm"  # the cards picked first: the button takes them
            case A.Route(card=card, index=index) | A.Keep(card=card, index=index):
                return f"route:{card}/{index + 1}"
            case A.HoundCard(card=card, index=index):
                return f"route:{card}/{index + 1}"
            case (
                A.Place(facing=facing)
                | A.Warp(facing=facing)
                | A.Face(facing=facing)
                | A.Rotate(facing=facing)
                | A.HoundFace(facing=facing)
            ):
                return f"face:{facing}"
            case A.Ghost(duck=duck) | A.Become(duck=duck):
                return f"duck:{duck}"
            case A.HoundPatterns(patterns=patterns):
                return f"pattern:{patterns[-1]}"
            case A.Send(q=q, r=r):
                return f"start:{q},{r}"
            case A.Stay():
                return "stay"
            case A.Done():
                return "done"
            case A.Turn():
                return "turn"
        return None

    def focus(self, key: str) -> bool:
        """The guide's focus on the control ``key`` (game.scenes.table.lesson): the picks before
        its action made — the card of a card or a route from the hand, the life ring of a
        placing or a warp — so the board previews that move. Several actions may end with
        the same click ("face:2" after either life ring): the step's own action first."""
        d = self.decisions.decision()
        if d is None:
            return False
        before = self._picks()
        step = self.host.guide.step
        wanted = step.expect if step is not None else None
        matches = [c for c in self.controls if c.key == key]
        if not matches:
            return False
        control = next((c for c in matches if str(c.action) == wanted), matches[0])
        action = control.action
        match action:
            case A.ChooseCard(card=card) | A.OrderCard(card=card):
                self.model.sel = [card]
            case A.ChooseCards(first=first, second=second):
                self.model.sel = [first, second]
            case A.Discard(cards=cards):
                self.model.sel = list(cards)
            case A.Route(card=card) if isinstance(d.ask, D.MoveAgain) and d.card is None:
                self.model.sel = [card]
            case A.HoundCard(card=card):
                self.model.sel = [card]
            case A.Keep(card=card):
                self.model.token_mode, self.model.sel = "keep", [card]
            case A.Rotate():
                self.model.token_mode = "rotate"
            case A.Ghost() | A.Become():
                self.model.token_mode = "ghost" if isinstance(action, A.Ghost) else "become"
            case A.HoundPatterns(patterns=patterns) if len(patterns) == 2:
                self.model.picks = patterns[0]
            case A.Place(q=q, r=r) | A.Warp(q=q, r=r):
                self.model.sel_hex = (q, r)
        # the keyboard focus on the same target: Enter takes it too
        self.model.focus = 0
        for i, target in enumerate(self.targets.cycle(d)):
            if f"{target.kind}:{self._target_name(target)}" == key:
                self.model.focus = i
        if self._picks() == before:
            return False  # made before the frame (:meth:`prepare`): nothing to draw again
        self.model.touch_ui()
        return True

    def _picks(self) -> tuple:
        """What :meth:`focus` may change."""
        m = self.model
        return (list(m.sel), m.token_mode, m.picks, m.sel_hex, m.focus, m.keyboard)


def _round_rect(center: tuple[float, float], radius: float) -> pygame.Rect:
    r = max(4, math.ceil(radius))
    rect = pygame.Rect(0, 0, 2 * r, 2 * r)
    rect.center = (round(center[0]), round(center[1]))
    return rect


def _parse_hex(text: str) -> tuple[int, int] | None:
    q, sep, r = text.partition(",")
    try:
        return (int(q), int(r)) if sep else None
    except ValueError:
        return None
