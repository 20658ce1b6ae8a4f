"""Edges of game.session the other tests pass by (issue #30: one-line bugs a developer
could plant there). Headless, in process, each test names the rule it guards."""

from __future__ import annotations

from game.session import Seat, Session
from game.table.bots import PendingDecision


def hot_seat(people: int = 2, computers: int = 0) -> Session:
    keys = ["henrietta", "clucky", "pepper", "nugget"]
    seats = [Seat(f"P{i}", keys[i]) for i in range(people)]
    seats += [Seat(f"C{i}", keys[people + i], human=False, level="easy") for i in range(computers)]
    return Session("cluck", seats, 5, bot_seed=1)


# -- needs_handoff: the curtain goes up only between two different people ----------------------
def test_no_curtain_before_the_same_persons_second_private_look():
    """Rule: with two people at one screen, the curtain is shown before a person's private
    things only when somebody else's were on screen; the person already looking sees
    theirs again without one."""
    session = hot_seat(people=2)
    session.viewer = 0
    assert session.needs_handoff(0) is False
    assert session.needs_handoff(1) is True
    session.viewer = 1
    assert session.needs_handoff(1) is False
    assert session.needs_handoff(0) is True


def test_the_first_private_look_of_a_shared_screen_has_a_curtain():
    """Rule: nobody has looked yet (viewer None) and two people share the screen: the
    first person's things are shown behind the curtain too."""
    session = hot_seat(people=2)
    assert session.viewer is None
    assert session.needs_handoff(0) is True and session.needs_handoff(1) is True


def test_one_person_against_computers_never_sees_a_curtain():
    """Rule: the curtain is for more than one person; a person alone with computer seats
    never gets one, whoever was last shown."""
    session = hot_seat(people=1, computers=2)
    assert session.needs_handoff(0) is False
    session.viewer = 2
    assert session.needs_handoff(0) is False


# -- computer decisions under way: forgotten when the seat changes hands -----------------------
def thinking_for(session: Session, player: int, done: bool = False) -> PendingDecision:
    decision = PendingDecision(player, 0.0, len(session.actions))
    if done:
        decision.result.append(session.state.legal_actions(player)[0])
    session.pending[player] = decision
    return decision


def test_a_seat_handed_back_to_its_person_forgets_the_computers_decision():
    """Rule: a person who comes back gets their seat without the computer's decision for
    it being played, and the seat is no longer shown as thinking."""
    session = hot_seat(people=1, computers=1)
    session.hand_to_computer(0, "easy")
    thinking_for(session, 0)
    assert session.thinking() == [0]
    session.hand_to_person(0)
    assert session.seats[0].human is True
    assert 0 not in session.pending and session.thinking() == []


def test_a_seat_handed_to_another_level_forgets_the_decision_of_the_old_one():
    """Rule: handing a seat to a computer (again, at another level) forgets a decision
    under way for it, so the new level decides; the other seats' decisions stay."""
    session = hot_seat(people=2, computers=1)
    thinking_for(session, 2)
    session.hand_to_computer(0, "hard")
    assert (session.seats[0].human, session.seats[0].level) == (False, "hard")
    assert 2 in session.pending  # another seat's decision is not touched
    thinking_for(session, 0)
    session.hand_to_computer(0, "easy")
    assert 0 not in session.pending and session.seats[0].level == "easy"
    assert session.bot_job(0).level == "easy"


def test_thinking_lists_the_decisions_not_yet_back():
    """Rule: the frame shows "thinking" for a computer whose decision has not come back,
    and not for one whose answer is waiting to be played."""
    session = hot_seat(people=1, computers=2)
    assert session.thinking() == []
    thinking_for(session, 1)
    thinking_for(session, 2, done=True)
    assert session.thinking() == [1]


def test_the_players_thinking_budget_is_used_when_no_decision_is_under_way():
    """Rule: a session loaded before the settings were read takes the player's thinking
    budget, unless a decision is under way (it keeps the budget it was asked with)."""
    session = hot_seat(people=1, computers=1)
    assert session.bot_budget_ms == 50
    session.use_bot_budget(400)
    assert session.bot_budget_ms == 400 and session.bot_job(1).budget_ms == 400
    thinking_for(session, 1)
    session.use_bot_budget(1000)
    assert session.bot_budget_ms == 400
    session.pending.clear()
    session.use_bot_budget(1000)
    assert session.bot_budget_ms == 1000


# -- seeds, budgets and levels -------------------------------------------------------------------
def test_a_new_seed_is_128_bits_and_fits_a_save():
    """Rule: a game's seed is drawn from 128 bits (issue #18: fewer can be searched), and
    every seed drawn is one a save may hold (saves.SEED_LIMIT), so a new game's autosave
    is never refused as damaged."""
    from game import saves
    from game.session import SEED_BITS, new_seed

    seeds = [new_seed() for _ in range(200)]
    assert SEED_BITS == 128
    assert all(0 <= s < 2**128 <= saves.SEED_LIMIT for s in seeds)
    assert max(seeds) >= 2**127  # the top bit is drawn too (chance of failing: 2**-200)
    assert len(set(seeds)) == len(seeds)


def test_a_session_thinks_with_the_settings_default_budget():
    """Rule: a session made without a budget gives its computers the settings' default
    thinking time (the lowest choice), not some other number."""
    from game.settings import BOT_BUDGETS_MS, Settings

    session = hot_seat(people=1, computers=1)
    assert session.bot_budget_ms == Settings().bot_budget_ms == BOT_BUDGETS_MS[0]
    assert session.bot_job(1).budget_ms == Settings().bot_budget_ms
    loaded = Session.from_record(session.record(), session.seats)
    assert loaded.bot_budget_ms == Settings().bot_budget_ms
    loaded = Session.from_record(session.record(), session.seats, bot_budget_ms=400, bot_seed=9)
    assert loaded.bot_budget_ms == 400 and loaded.bot_seed == 9


def test_a_seat_is_never_handed_to_an_unknown_level():
    """Rule: an unknown level is refused, and the seat stays as it was."""
    import pytest

    session = hot_seat(people=2)
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        session.hand_to_computer(1, "expert")
    assert session.seats[1].human is True and session.seats[1].level == "normal"


def test_a_computer_seat_has_nothing_to_take_back_even_when_it_acted_last():
    """Rule: undo is a person's: a computer seat's own last action is never offered for
    taking back (its reason is "nothing"), while the person's refusal is "other"."""
    session = hot_seat(people=1, computers=1)
    acted = {p for p, _ in session.actions}
    while not (0 in acted and session.actions[-1][0] == 1):
        player = session.state.to_act()[0]
        session.apply(player, session.state.legal_actions(player)[0])
        acted.add(player)
    assert not session.state.is_over()
    assert session.undo_refusal(1) == "nothing" and not session.can_undo(1)
    assert session.undo_refusal(0) == "other"


def test_a_sessions_dict_holds_its_record_and_its_seats():
    """Rule: Session.to_dict is the whole match: the record (replayable) and the seats."""
    from game.rules.protocol import Record

    session = hot_seat(people=1, computers=1)
    for _ in range(3):
        player = session.state.to_act()[0]
        session.apply(player, session.state.legal_actions(player)[0])
    data = session.to_dict()
    assert set(data) == {"record", "seats"}
    assert data["record"] == session.record().to_dict()
    assert data["seats"] == [s.to_dict() for s in session.seats]
    record = session.record()
    assert isinstance(record, Record) and record.actions == tuple(session.actions)
    again = Session.from_record(record, [Seat.from_dict(s) for s in data["seats"]])
    assert again.state.to_dict() == session.state.to_dict()


# -- the lobby's default table -----------------------------------------------------------------
def test_the_default_table_is_one_person_then_computers_named_after_the_cast():
    """Rule: seat 1 is a person called "Player 1" (in the player's language), every other
    seat a computer at the normal level named after its member of the cast, the cast
    taken in order and again from the start when there are more seats than members."""
    from game import registry
    from game.session import default_seats
    from game.ui.i18n import Translator

    info = registry.get("duck")
    seats = default_seats(info, 6, Translator("en"))
    cast = info.characters
    assert [s.human for s in seats] == [True, False, False, False, False, False]
    assert [s.level for s in seats] == ["normal"] * 6
    assert seats[0].name == "Player 1"
    assert [s.name for s in seats[1:]] == [c.name_en for c in cast[1:6]]
    assert [s.character for s in seats] == [c.key for c in cast[:6]]
    ja = default_seats(info, 2, Translator("ja"))
    assert ja[0].name == "プレイヤー1" and ja[1].name == cast[1].name_ja
    routes = registry.get("routes")
    small = routes.characters[:2]
    wrapped = default_seats(routes.replaced(characters=small), 3, Translator("en"))
    assert [s.character for s in wrapped] == [small[0].key, small[1].key, small[0].key]


# -- levels: a computer's is checked, a person's is not --------------------------------------------
def test_a_computer_seat_at_an_unknown_level_is_refused():
    """Rule: a session never starts with a computer that has no bot to play it."""
    import pytest

    seats = [Seat("A", "henrietta"), Seat("B", "clucky", human=False, level="expert")]
    with pytest.raises(ValueError, match="unknown bot level 'expert'"):
        Session("cluck", seats, 5)


def test_a_persons_seat_keeps_whatever_level_it_had():
    """Rule: only a computer plays at a level; a person's seat is never refused for its
    (unused) level, e.g. one kept from before it was handed back."""
    seats = [Seat("A", "henrietta", level=""), Seat("B", "clucky", level="expert")]
    session = Session("cluck", seats, 5, bot_seed=1)
    assert [s.level for s in session.seats] == ["", "expert"]
