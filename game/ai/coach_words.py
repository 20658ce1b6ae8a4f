"""The coach's words (issue #40): sentences built from what the search measured, in
English and Japanese (data/i18n/*/coach.yaml). No tip is canned: every sentence names a
move and a figure of the search, and which sentence is said follows from the figures.

How a sentence is built (docs/coach.md tells it with examples):

1. Each option's *facts*: its measured figures (``Option.figures``, averaged over the
   playouts), in the game's order (``FIGURES``), each said by ``coach.fact.<figure>``
   ("1.2 buoy tokens at the round's end", "a bonk in 40% of the playouts").
2. The *why* of the pick: of the figures, the one where the pick is ahead of the best
   alternative by the most steps (``Quantity.step``: a difference worth saying) is said
   by ``coach.why.<figure>`` with both values. When the pick is ahead on none by a whole
   step, ``coach.why.level`` says they measure alike; when an alternative scored higher
   but not clearly beyond chance, ``coach.why.kept`` says so with the playouts' count
   (the hard computer keeps its first choice then, ``game.ai.search.clear_winner``).
3. Each alternative's *against*: the figure where it falls furthest behind the pick,
   said by ``coach.against.<figure>`` with the difference.

A move is named by ``coach.act.*`` from the action's own fields (card 17, hole 3, take
all the 4s); an action with no name of its own is quoted in the game's notation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from game.ai.coach import Advice, Option
from game.rules.protocol import Action

if TYPE_CHECKING:
    from game.ai.review import Moment


class Say(Protocol):
    """A translator (game.ui.i18n.Translator): a key and fields to a sentence."""

    lang: str

    def __call__(self, key: str, **fields: object) -> str: ...


@dataclass(frozen=True)
class Quantity:
    """A measured figure: ``better`` +1 when more is better, -1 when less is; ``chance``
    when it is a share of playouts (said as a percentage); ``step`` the difference
    worth a sentence."""

    better: int
    chance: bool
    step: float


QUANTITIES: dict[str, Quantity] = {
    "buoys": Quantity(+1, False, 0.15),
    "hexes": Quantity(-1, False, 0.5),
    "bonk": Quantity(-1, True, 0.1),
    "knocked": Quantity(-1, True, 0.1),
    "win": Quantity(+1, True, 0.03),
    "points": Quantity(+1, False, 0.5),
    "points_now": Quantity(+1, False, 0.5),
    "minus": Quantity(-1, True, 0.1),
    "lead": Quantity(+1, False, 0.5),
    "chicks": Quantity(+1, False, 0.15),
}
# the figures of each game, in the order they are said
FIGURES: dict[str, tuple[str, ...]] = {
    "duck": ("buoys", "hexes", "bonk", "knocked", "win"),
    "routes": ("points", "lead"),
    "verflixxt": ("win", "points_now", "minus", "points"),
    "cluck": ("win", "chicks", "lead"),
}


def value_text(name: str, value: float) -> str:
    """A figure as said: a share as a whole percentage, else one decimal."""
    if QUANTITIES[name].chance:
        return f"{round(100 * value)}%"
    return f"{value:.1f}"


def _order(game_id: str, option: Option) -> list[str]:
    return [q for q in FIGURES.get(game_id, ()) if q in option.figures]


def telling(advice: Advice) -> list[str]:
    """The figures worth saying of the pick and the alternatives shown."""
    return telling_of(advice.game_id, [advice.pick, *advice.alternatives()])


def telling_of(game_id: str, shown: list[Option]) -> list[str]:
    """The figures worth saying: those that tell the ``shown`` options apart by half a
    step or more (a figure every option shares, "wins 0%", says nothing); the first of
    the game's figures when none does."""
    return apart(game_id, shown) or _order(game_id, shown[0])[:1]


def apart(game_id: str, shown: list[Option]) -> list[str]:
    """The figures that tell the ``shown`` options apart by half a step or more (none:
    they measure alike, and only the search's whole score ranks them)."""
    out = []
    for q in _order(game_id, shown[0]):
        values = [o.figures[q] for o in shown if q in o.figures]
        if values and max(values) - min(values) >= QUANTITIES[q].step / 2:
            out.append(q)
    return out


def facts(say: Say, option: Option, figures: list[str]) -> str:
    """The option's ``figures`` in words, joined as the language joins a list."""
    parts = [
        say(f"coach.fact.{q}", v=value_text(q, option.figures[q]))
        for q in figures
        if q in option.figures
    ]
    return say("coach.list_sep").join(parts)


def sentence(text: str) -> str:
    """A sentence begins with a capital (a move's name may begin one: "card 17 …")."""
    return text[:1].upper() + text[1:]


def _lead(
    game_id: str, ahead: Option, behind: Option, among: list[str] | None = None
) -> tuple[str, float] | None:
    """The figure where ``ahead`` leads ``behind`` by the most steps, and by how many
    (of ``among`` only, when given: the figures the coach says)."""
    best: tuple[str, float] | None = None
    for q in _order(game_id, ahead):
        if q not in behind.figures or (among is not None and q not in among):
            continue
        quantity = QUANTITIES[q]
        steps = quantity.better * (ahead.figures[q] - behind.figures[q]) / quantity.step
        if best is None or steps > best[1]:
            best = (q, steps)
    return best


def why(say: Say, advice: Advice) -> str:
    """Why the hard computer plays its pick, from the figures (see the module)."""
    game_id, pick = advice.game_id, advice.pick
    name = action_name(say, game_id, pick.action, advice.table)
    others = advice.alternatives(1)
    if not others:
        return sentence(say("coach.why.only", action=name))
    other = others[0]
    other_name = action_name(say, game_id, other.action, advice.table)
    if other.score > pick.score:
        return sentence(say("coach.why.kept", action=name, other=other_name, n=pick.playouts))
    lead = _lead(game_id, pick, other)
    if lead is None or lead[1] < 1.0:
        return sentence(say("coach.why.level", action=name, other=other_name, n=pick.playouts))
    q = lead[0]
    return sentence(
        say(
            f"coach.why.{q}",
            action=name,
            other=other_name,
            mine=value_text(q, pick.figures[q]),
            theirs=value_text(q, other.figures[q]),
        )
    )


def against(say: Say, advice: Advice, option: Option) -> str:
    """What an alternative gives up against the pick: its figure furthest behind. Where
    it is behind on none by a whole step, why it still ranks below the pick: its score
    was higher but not clearly beyond chance over the playouts (the hard computer keeps
    its first choice then), or it leads on a figure said while the search scored the
    whole position lower (a person reading "more buoys, no bonk" must not be left
    wondering why it was not the pick); empty when the two are level."""
    lead = _lead(advice.game_id, advice.pick, option)
    if lead is None or lead[1] < 1.0:
        if option.score > advice.pick.score:
            return say("coach.against.chance", n=option.playouts)
        ahead = _lead(advice.game_id, option, advice.pick, telling(advice))
        if ahead is not None and ahead[1] >= 1.0:
            return say("coach.against.overall")
        return ""
    q = lead[0]
    difference = abs(advice.pick.figures[q] - option.figures[q])
    return say(f"coach.against.{q}", d=value_text(q, difference))


def lines(say: Say, advice: Advice) -> list[str]:
    """The coach's whole say: the pick, why, its facts, then each alternative ranked
    with its facts and what it gives up."""
    game_id = advice.game_id
    pick = advice.pick
    figures = telling(advice)
    out = [
        say("coach.pick", action=action_name(say, game_id, pick.action, advice.table)),
        why(say, advice),
    ]
    if pick.figures:
        # the base game of Verflixxt! weighs the die's faces in a tree: one value, no playouts
        key = "coach.measured" if pick.playouts > 1 else "coach.measured_tree"
        out.append(say(key, facts=facts(say, pick, figures), n=pick.playouts))
    for rank, option in enumerate(advice.alternatives(), start=2):
        text = say(
            "coach.alternative",
            rank=rank,
            action=action_name(say, game_id, option.action, advice.table),
            facts=facts(say, option, figures),
        )
        gives_up = against(say, advice, option)
        out.append(text + (say("coach.dash") + gives_up if gives_up else ""))
    return out


def moment_text(say: Say, game_id: str, moment: Moment) -> str:
    """A look back's moment: the move played and what it measured, the best the search
    found and what that measured ("you played card 5: 0.4 buoy tokens…; card 17 would
    have given 1.0…"), with the figures that tell the two apart. Where none does, the
    sentence says the cost is the search's score of the whole position, never "2.0
    buoy tokens; … would have given 2.0 buoy tokens" as if it cost nothing."""
    shown = [moment.best, moment.played]
    telling = apart(game_id, shown)
    figures = telling or _order(game_id, shown[0])[:1]  # as telling_of says it
    return say(
        "coach.review.moment" if telling else "coach.review.moment_overall",
        step=moment.step + 1,
        played=action_name(say, game_id, moment.played.action, moment.advice.table),
        mine=facts(say, moment.played, figures),
        best=action_name(say, game_id, moment.best.action, moment.advice.table),
        theirs=facts(say, moment.best, figures),
    )


# -- naming a move ---------------------------------------------------------------------------
def action_name(
    say: Say, game_id: str, action: Action, table: Mapping[str, Any] | None = None
) -> str:
    """A move in words from its own fields (``coach.act.*``), else its notation quoted; a
    place named as the big screen names it, from the game's options ``table`` (issue #39:
    no coordinates in anything a person reads)."""
    namer = _NAMERS.get(game_id)
    name = namer(say, action, table or {}) if namer is not None else None
    return name if name is not None else say("coach.act.notation", notation=str(action))


def _duck(say: Say, action: Action, table: Mapping[str, Any]) -> str | None:
    from game.rules.duck import actions as A  # the game's rules, only when named

    def facing(f: int) -> str:
        return say(f"duck.dir.{f}")

    if isinstance(action, A.ChooseCard):
        return say("coach.act.card", card=action.card)
    if isinstance(action, A.ChooseCards):
        return say("coach.act.cards", first=action.first, second=action.second)
    if isinstance(action, A.Route):
        return say("coach.act.route", card=action.card, n=action.index + 1)
    if isinstance(action, A.OrderCard):
        return say("coach.act.order", card=action.card)
    if isinstance(action, A.Place):
        return say(
            "coach.act.place",
            place=hex_name(say, table, action.q, action.r),
            facing=facing(action.facing),
        )
    if isinstance(action, A.Warp):
        return say(
            "coach.act.warp",
            place=hex_name(say, table, action.q, action.r),
            facing=facing(action.facing),
        )
    if isinstance(action, (A.Face, A.HoundFace)):
        return say("coach.act.face", facing=facing(action.facing))
    if isinstance(action, A.Stay):
        return say("coach.act.stay")
    if isinstance(action, A.Discard):
        return say("coach.act.discard", cards=", ".join(str(c) for c in action.cards))
    if isinstance(action, A.HoundCard):
        return say("coach.act.hound_card", card=action.card, n=action.index + 1)
    if isinstance(action, A.Send):
        return say("coach.act.send", place=hex_name(say, table, action.q, action.r))
    if isinstance(action, A.Keep):
        return say("coach.act.keep", card=action.card, n=action.index + 1)
    if isinstance(action, A.Rotate):
        return say("coach.act.rotate", facing=facing(action.facing))
    if isinstance(action, (A.Ghost, A.Become)):
        kind = "ghost" if isinstance(action, A.Ghost) else "become"
        return say(f"coach.act.{kind}", n=action.duck + 1)
    if isinstance(action, A.HoundPatterns):
        return say("coach.act.patterns", patterns=" → ".join(action.patterns))
    plain: dict[type[Action], str] = {
        A.Turn: "turn",
        A.Done: "done",
        A.Blue: "blue",
        A.Step: "step",
        A.Swap: "swap",
    }
    word = plain.get(type(action))
    return say(f"coach.act.{word}") if word is not None else None


def hex_name(say: Say, table: Mapping[str, Any], q: int, r: int) -> str:
    """A Duck! hex as the big screen names it: the box's tile it lies on, printed on the
    tub ("5A"), and where on it (its centre or a side: "5A, north-east"); on a board drawn
    hex by hex (no tiles) its kind and its place among that kind's hexes, row by row
    ("life ring 3"). The phone names it the same way (game/web/phone/phone.js hexName)."""
    from game.rules.duck.hexes import DIRECTIONS  # the game's rules, only when named

    board = table.get("board")
    board = board if isinstance(board, Mapping) else {}
    for tile in board.get("tiles") or ():
        if not isinstance(tile, (list, tuple)) or len(tile) < 4:
            continue
        label, dq, dr = f"{tile[0]}{tile[1]}", q - int(tile[2]), r - int(tile[3])
        if (dq, dr) == (0, 0):
            return say("coach.hex.centre", tile=label)
        if (dq, dr) in DIRECTIONS:
            side = say(f"duck.dir.{DIRECTIONS.index((dq, dr))}")
            return say("coach.hex.side", tile=label, side=side)
    hexes = [h for h in board.get("hexes") or () if isinstance(h, (list, tuple)) and len(h) > 2]
    kind = next((str(h[2]) for h in hexes if (h[0], h[1]) == (q, r)), "water")
    same = sorted((h[1], h[0]) for h in hexes if str(h[2]) == kind)
    n = same.index((r, q)) + 1 if (r, q) in same else 0
    return say("coach.hex.kind", kind=say(f"coach.kind.{kind}"), n=n or "?")


def _routes(say: Say, action: Action, table: Mapping[str, Any]) -> str | None:
    from game.rules import routes as R  # the game's rules, only when named

    if isinstance(action, R.TakeAll):
        return say("coach.act.take_all", face=action.face)
    if isinstance(action, R.TakeOne):
        return say("coach.act.take_one", face=action.face)
    if isinstance(action, R.ChangeDie):
        return say("coach.act.change", face=action.face, to=action.face + action.delta)
    if isinstance(action, R.PushMarker):
        return say("coach.act.push", route=action.route)
    if isinstance(action, R.TurnChip):
        return say("coach.act.chip", route=action.route)
    if isinstance(action, R.DeclineChip):
        return say("coach.act.decline")
    if isinstance(action, R.EndPhase):
        return say("coach.act.end_phase")
    return None


def _piece(say: Say, piece: str) -> str:
    if piece.startswith("g"):
        return say("coach.act.guardian", n=piece[1:])
    return say("coach.act.pawn", letter=piece[-1])


def _verflixxt(say: Say, action: Action, table: Mapping[str, Any]) -> str | None:
    from game.rules.verflixxt import actions as V  # the game's rules, only when named
    from game.rules.verflixxt.data import card_value  # as the line above

    if isinstance(action, V.Move):
        return say("coach.act.move", piece=_piece(say, action.piece))
    if isinstance(action, V.Play):
        card = say("coach.act.vcard", value=card_value(action.card))
        if action.piece is None:
            return card
        where = say("coach.act.on", card=card, piece=_piece(say, action.piece))
        if action.direction is not None:
            where += say(f"coach.act.{action.direction}")
        return where
    if isinstance(action, V.Hat):
        if action.how == "keep" or action.pawn is None:
            return say("coach.act.hat_keep")
        return say(f"coach.act.hat_{action.how}", piece=_piece(say, action.pawn))
    if isinstance(action, V.Stop):
        return say("coach.act.stop")
    if isinstance(action, V.Draw):
        return say("coach.act.draw")
    if isinstance(action, V.Roll):
        return say("coach.act.roll")
    if isinstance(action, V.Attack):
        return say("coach.act.attack", value=action.value)
    return None


def _cluck(say: Say, action: Action, table: Mapping[str, Any]) -> str | None:
    from game.rules.cluck import ChooseHole, PlaceTile  # the game's rules, only when named

    if isinstance(action, ChooseHole):
        return say("coach.act.hole", n=action.column + 1)
    if isinstance(action, PlaceTile):
        key = "coach.act.tile_turned" if action.turned else "coach.act.tile"
        return say(key, tile=action.tile)
    return None


_NAMERS = {"duck": _duck, "routes": _routes, "verflixxt": _verflixxt, "cluck": _cluck}
