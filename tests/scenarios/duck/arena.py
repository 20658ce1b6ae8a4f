"""Scenario helpers for the Duck! Duck! Go! clause tests: an open hexagonal arena board,
and a way to set a race up exactly (ducks, hands, hound, tokens) without breaking the
conservation of cards and tokens the soak checks."""

from __future__ import annotations

from game.boards.duck import prepare_options
from game.rules import duck
from game.rules.duck.checks import invariants

OPTIONS = prepare_options({})
RADIUS = 5
SPECIALS = {
    "drain": [(0, -5)],
    "red": [(5, -5)],
    "yellow": [(-5, 5)],
    "green": [(5, 0)],
    "start": [(-5, 0), (-5, 1), (-5, 2), (-5, 3), (-5, 4), (-4, 5), (-3, 5)],
}


def arena(**specials) -> dict:
    """A hexagon of radius 5 (91 hexes) of water; ``specials`` replace the default places
    of drain/red/yellow/green/start (lists of (q, r)); ``holes`` removes hexes."""
    places = {**SPECIALS, **specials}
    holes = set(places.pop("holes", ()))
    kind = {}
    for name, hexes in places.items():
        for h in hexes:
            kind[tuple(h)] = ["buoy", name] if name in ("red", "yellow", "green") else [name]
    hexes = []
    for r in range(-RADIUS, RADIUS + 1):
        for q in range(-RADIUS, RADIUS + 1):
            if max(abs(q), abs(r), abs(q + r)) <= RADIUS and (q, r) not in holes:
                hexes.append([q, r] + kind.get((q, r), ["water"]))
    return {"name": "Arena", "name_ja": "アリーナ", "level": "beginner", "hexes": hexes}


def new(players=2, variant="beginner", official=False, board=None, seed=1):
    options = {**OPTIONS, "variant": variant, "official": official, "board": board or arena()}
    return duck.new_game(players, seed, options)


def _take(state, card):
    for pile in (state.deck, state.discard, state.table):
        if card in pile:
            pile.remove(card)
            return
    for p in range(state.players):
        if card in state.hands[p]:
            state.hands[p] = tuple(c for c in state.hands[p] if c != card)
            return
    raise AssertionError(f"card {card} is nowhere")


def race(
    state,
    ducks,
    hands=None,
    hound=None,
    tokens=None,
    deck_top=(),
    controller=None,
    round_=1,
    full_hands=True,
):
    """Put ``state`` at the start of a round: ``ducks`` {duck: ((q, r), heading[, buoy
    colours])}, ``hands`` {player: cards} (the others' hands are brought to the hand
    size), ``hound`` ((q, r), heading) or None, ``tokens`` {player: kinds} taken
    from the face-down pool, ``deck_top`` cards on top of the deck (first = top).
    ``full_hands=False`` allows hands smaller than the rules would deal."""
    index = state.board.index
    for c in state.table + [c for s in state.secret for c in s]:
        state.discard.append(c)
    state.table = []
    state.secret = [()] * state.players
    state.played = [()] * state.players
    for d, spec in ducks.items():
        (q, r), heading = spec[0], spec[1]
        state.pos[d], state.head[d] = index[(q, r)], heading
        for colour in spec[2] if len(spec) > 2 else ():
            bit = duck.COLOURS.index(colour)
            state.buoys[d] |= 1 << bit
            state.supply[bit] -= 1
    for p, cards in (hands or {}).items():
        for c in cards:
            _take(state, c)
        back = list(state.hands[p])
        state.discard.extend(back)
        state.hands[p] = tuple(sorted(cards))
    for p in range(state.players):
        if hands and p in hands:
            continue
        hand = list(state.hands[p])
        while len(hand) > state.hand_size:
            state.discard.append(hand.pop())
        while len(hand) < state.hand_size:
            hand.append(state.deck.pop())
        state.hands[p] = tuple(sorted(hand))
    for c in reversed(deck_top):
        _take(state, c)
        state.deck.append(c)
    if hound is not None:
        (q, r), heading = hound
        state.hound_pos, state.hound_head = index[(q, r)], heading
    if controller is not None:
        state.controller = controller
    for p, kinds in (tokens or {}).items():
        for kind in kinds:
            state.pool.remove(kind)
        state.tokens[p] = tuple(sorted(state.tokens[p] + tuple(kinds)))
    state.phase, state.pending, state.mv = "choose", None, None
    state.order, state.turn, state.round = (), 0, round_
    state.discarding = []
    state.touch()
    if full_hands:
        invariants(state)
    return state


def act(state, player, text):
    """Apply one action by notation; returns its events."""
    return state.apply(player, duck.parse_action(text))


def kinds(events, kind):
    """The data of the events of one kind (its JSON form: hexes as lists)."""
    return [e.data for e in events if e.kind == kind]


def typed(events, cls):
    """The events of one class (typed, ``player`` and all)."""
    return [e for e in events if type(e) is cls]


def at(state, d):
    """Where duck d stands, as (q, r), and its heading."""
    h = state.pos[d]
    return (state.board.coords[h] if h >= 0 else None), state.head[d]
