"""Duck! Duck! Go! on a seat's phone (issue #29): where each card the seat may choose in
secret would take its duck, sent to that seat's phone only (the route preview is on the
phone, never on the big screen). The registry names this module (``GameInfo.
phone_preview_module``) and a host looks it up by name when one of its seats is a phone,
so the network never compares a game's id nor loads Duck's rules for another game.
"""

from __future__ import annotations

from typing import Any

from game.rules.duck.actions import ChooseCard, ChooseCards
from game.rules.duck.preview import preview

MAX_PREVIEW_CARDS = 12  # a hand is 3 (4 with a blue token's draw): a bound, not a limit met


def phone_preview(state: Any, seat: int) -> dict[str, list[dict[str, Any]]] | None:
    """Where each card the seat may choose in secret now would take its duck (or each of
    its ducks), by the rules' own ``preview`` from where it stands now: {"N": [one
    entry a duck and route]}; None when no card is asked of the seat."""
    if seat not in state.to_act():
        return None
    cards: list[int] = []
    for action in state.legal_actions(seat):
        if isinstance(action, ChooseCard):
            cards.append(action.card)
        elif isinstance(action, ChooseCards):
            cards.extend((action.first, action.second))
    if not cards:
        return None
    board = state.board
    per = state.per_player
    out: dict[str, list[dict[str, Any]]] = {}
    for card in sorted(set(cards))[:MAX_PREVIEW_CARDS]:
        if not 0 < card < len(state.cards):  # the deck's routes, by card number
            continue
        entries = []
        for mine in range(per):
            duck = seat * per + mine
            at = state.pos[duck]
            if at < 0:
                continue  # not on the board (knocked off, not placed yet): nothing to show
            for index in range(len(state.cards[card])):
                p = preview(state, seat, card, index, duck)
                entries.append(
                    {
                        "duck": mine,
                        "route": index,
                        "start": [*board.coords[at], state.head[duck]],
                        "path": [list(cell) for cell in p.path],
                        "end": list(p.end) if p.end is not None else None,
                        "heading": p.heading,
                        "bonk": p.bonk[5] if p.bonk is not None else None,
                        "blocked": list(p.bonk[2:4]) if p.bonk is not None else None,
                        "buoys": list(p.buoys),
                        "new_buoys": list(p.new_buoys),
                        "drain": p.drain,
                        "hound": p.hits_hound,
                        "again": p.must_move_again,
                        "facings": list(p.facings),
                        "knocks": len(p.knocks),
                    }
                )
        out[str(card)] = entries
    return out
