"""Undo (issue 9): a person's secret choice can be taken back until anything of it is
seen; never past a reveal or a chance event."""

import pytest

from game.session import Seat, Session


def _duck_session():
    seats = [Seat("Aiko", "sparky"), Seat("Ben", "cookie"), Seat("Chie", "pirate", human=False)]
    session = Session("duck", seats, seed=4)
    state = session.state
    while state.to_act() and not {"card"} & {
        str(a).split()[0] for a in state.legal_actions(state.to_act()[0])
    }:
        p = state.to_act()[0]  # setup: placements
        session.apply(p, state.legal_actions(p)[0])
    return session


def test_a_secret_card_choice_can_be_taken_back_exactly():
    session = _duck_session()
    before = session.state.to_dict()
    card = session.state.legal_actions(0)[0]
    session.apply(0, card)
    assert session.can_undo(0) and not session.can_undo(1)
    session.undo(0)
    assert session.state.to_dict() == before
    assert not session.can_undo(0)


def test_no_undo_once_the_cards_are_revealed():
    session = _duck_session()
    for p in (0, 1, 2):
        session.apply(p, session.state.legal_actions(p)[0])
    assert not session.can_undo(2) and not session.can_undo(0)
    with pytest.raises(ValueError):
        session.undo(0)


def test_no_undo_of_a_public_move():
    session = Session("routes", [Seat("A", "orange"), Seat("B", "sky"), Seat("C", "green")], 2)
    p = session.state.to_act()[0]
    session.apply(p, session.state.legal_actions(p)[0])
    assert not session.can_undo(p)
