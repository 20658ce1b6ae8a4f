"""CISPEED: the suite's long tests go to pytest-xdist's workers first (tests/conftest.py),
so the short ones fill in around them and none is left alone at the end."""

from __future__ import annotations

import pytest

from tests.conftest import long_first


class Item:
    """A stand-in for a collected test: its name and whether it is marked ``soak``."""

    def __init__(self, name: str, soak: bool) -> None:
        self.name, self.soak = name, soak

    def get_closest_marker(self, name: str) -> object | None:
        return pytest.mark.soak if name == "soak" and self.soak else None


def test_soaks_come_first_and_every_item_keeps_its_place_among_its_kind():
    """CISPEED: the soaks first, in their order; the others after them, in theirs; none
    lost or doubled."""
    items = [
        Item("a_rules", False),
        Item("b_soak", True),
        Item("c_scene", False),
        Item("d_kill", True),
        Item("e_net", False),
    ]
    assert [i.name for i in long_first(items)] == [
        "b_soak",
        "d_kill",
        "a_rules",
        "c_scene",
        "e_net",
    ]


def test_this_session_ran_its_soaks_before_the_rest(request):
    """CISPEED: the hook reorders the session's own items (a run with -m 'not soak' has
    none, and then keeps the file order)."""
    items = request.session.items
    marks = [item.get_closest_marker("soak") is not None for item in items]
    first_plain = marks.index(False) if False in marks else len(marks)
    assert not any(marks[first_plain:]), "a soak test came after a short one"
