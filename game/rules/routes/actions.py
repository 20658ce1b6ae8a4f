"""The actions of Eight Routes and their notation.

=============  ==========================================================  ==========
notation       meaning                                                     clause
=============  ==========================================================  ==========
``A 2``        mandatory A: take every die showing 2 from the lid           ER-12 A
``B 2``        mandatory B: take one die showing 2                          ER-12 B
``C 1+``       route-3 action: route-3 marker back 1, a 1 in the lid -> 2   ER-12 C
``C 8-``       route-3 action: route-3 marker back 1, an 8 -> 7             ER-12 C
``D 2``        route-5 action: route-5 marker back 2, route-2 marker +1     ER-12 D
``chip 4``     route-6 power: turn a round chip, route-4 marker +1          ER-13
``chip pass``  route-6 power declined                                       ER-13
``end``        end the pick-up phase although C or D is still possible      ER-12
=============  ==========================================================  ==========

The action space is small and finite, so every action exists once (``ALL_ACTIONS``),
sorted as the protocol sorts (type name, then notation); parsing is a lookup.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..protocol import Action, NotationError

FACES = range(1, 9)
ROUTE_NUMBERS = range(1, 9)


@dataclass(frozen=True)
class TakeAll(Action):
    """Mandatory action A (ER-12): every die of one face."""

    face: int

    def __str__(self) -> str:
        return f"A {self.face}"


@dataclass(frozen=True)
class TakeOne(Action):
    """Mandatory action B (ER-12): a single die of one face."""

    face: int

    def __str__(self) -> str:
        return f"B {self.face}"


@dataclass(frozen=True)
class ChangeDie(Action):
    """Optional action C (ER-12): route-3 marker back 1, one die in the lid +1 or -1."""

    face: int
    delta: int

    def __str__(self) -> str:
        return f"C {self.face}{'+' if self.delta > 0 else '-'}"


@dataclass(frozen=True)
class PushMarker(Action):
    """Optional action D (ER-12): route-5 marker back 2, a marker on ``route`` +1."""

    route: int

    def __str__(self) -> str:
        return f"D {self.route}"


@dataclass(frozen=True)
class TurnChip(Action):
    """Route-6 power (ER-13): turn a face-up round chip, a marker on ``route`` +1."""

    route: int

    def __str__(self) -> str:
        return f"chip {self.route}"


@dataclass(frozen=True)
class DeclineChip(Action):
    """Route-6 power (ER-13) not used this time."""

    def __str__(self) -> str:
        return "chip pass"


@dataclass(frozen=True)
class EndPhase(Action):
    """End the pick-up phase while an optional action is still possible (ER-12)."""

    def __str__(self) -> str:
        return "end"


def _all_actions() -> list[Action]:
    found: list[Action] = []
    for face in FACES:
        found += [TakeAll(face), TakeOne(face)]
        if face < 8:
            found.append(ChangeDie(face, +1))
        if face > 1:
            found.append(ChangeDie(face, -1))
    for route in ROUTE_NUMBERS:
        found += [PushMarker(route), TurnChip(route)]
    found += [DeclineChip(), EndPhase()]
    found.sort(key=lambda a: (type(a).__name__, str(a)))
    return found


ALL_ACTIONS: tuple[Action, ...] = tuple(_all_actions())
ORDER: dict[Action, int] = {a: i for i, a in enumerate(ALL_ACTIONS)}
_BY_TEXT: dict[str, Action] = {str(a): a for a in ALL_ACTIONS}


def parse_action(text: str) -> Action:
    """Inverse of ``str(action)`` (surrounding and doubled blanks are forgiven)."""
    if not isinstance(text, str):
        raise NotationError(f"not a notation: {text!r}")
    action = _BY_TEXT.get(" ".join(text.split()))
    if action is None:
        raise NotationError(
            f"not an Eight Routes action: {text!r} (try 'A 2', 'B 2', 'C 1+', "
            "'D 2', 'chip 4', 'chip pass' or 'end')"
        )
    return action
