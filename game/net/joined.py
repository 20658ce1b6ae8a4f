"""A game joined over the network, remembered (issue #28). Headless.

Once the game is over the host sends every member the whole record (the "record"
message: game, options, seed, actions; game.net.table). The joiner replays it through
the rules, refused at the first illegal action and refused when its final scores or
winners are not those of the last view the host sent during play; then it is kept in
the history as any game is (source "joined", the joiner's seat as the viewer) and can
be watched again. Without a record (the host went away, or the record was refused) the
entry is still kept, from the last view (names, scores, places), without a replay.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from game.history import SeatResult, places
from game.rules.protocol import GameState, IllegalAction, NotationError, RulesDataError
from game.session import Seat, Session


def check_record(
    record: dict[str, Any], game_id: str, seats: Sequence[Seat], view: GameState
) -> str | None:
    """Why the host's record (checked fields of its "record" message) is refused, or
    None: it is ``game_id``'s, the rules accept every action of it in turn, it ends the
    game, and it ends with the scores and winners the host's last view showed."""
    if record["game"] != game_id:
        return "the record is of another game"
    try:
        session = Session(
            game_id,
            [Seat(s.name, s.character, True) for s in seats],
            record["seed"],
            record["options"],
            prepared=True,
        )
    except (RulesDataError, KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        return f"the rules cannot use its options ({str(exc)[:80]})"
    module = session.module
    for n, (player, text) in enumerate(record["actions"], 1):
        try:
            session.apply(player, module.parse_action(text))
        except (IllegalAction, NotationError, ValueError, IndexError, KeyError) as exc:
            return f"action {n} is refused: {str(exc)[:80]}"
    state = session.state
    if not state.is_over():
        return "the record ends before the game does"
    if [float(x) for x in state.scores()] != [float(x) for x in view.scores()] or sorted(
        state.winners()
    ) != sorted(view.winners()):
        return "its final scores or winners are not those the host showed during play"
    return None


def entry_fields(
    *,
    code: str,
    game_id: str,
    options: dict[str, Any],
    seats: Sequence[Seat],
    seat: int | None,
    view: GameState,
    view_data: Any,
    breakdown: Sequence[Sequence[int | str]] | None,
    record: dict[str, Any] | None,
) -> dict[str, Any]:
    """The keyword arguments of :meth:`game.history.History.record_entry` for a game
    joined at table ``code`` from ``seat`` (None: watched), ended with ``view``.
    ``record``: the host's record, already accepted by :func:`check_record`, or None
    (the entry is then kept without a replay). Kinds as the joiner saw them: its own
    seat a person, the others online or computer as the seats message said."""
    scores = [float(x) for x in view.scores()]
    placed = places(scores, view.winners())
    kinds = [
        "person" if i == seat else "online" if s.human else "computer" for i, s in enumerate(seats)
    ]
    results = tuple(
        SeatResult(
            s.name,
            kinds[i],
            None if kinds[i] != "computer" else s.level,
            s.character,
            scores[i],
            placed[i],
            None if breakdown is None else tuple(breakdown[i]),
        )
        for i, s in enumerate(seats)
    )
    # one entry a seat a table's game: the code, the seat and the final view say which
    final = json.dumps([code, seat, view_data], sort_keys=True, default=str)
    uid = "joined-" + hashlib.sha256(final.encode("utf-8")).hexdigest()[:32]
    variant = (record or {}).get("options", options).get("variant")
    return {
        "uid": uid,
        "game": game_id,
        "variant": variant if isinstance(variant, str) else None,
        "options": record["options"] if record is not None else options,
        "seed": None if record is None else record["seed"],
        "actions": () if record is None else tuple(record["actions"]),
        "rounds": int(view.round_number),
        "source": "joined",
        "viewer": seat,
        "seats": results,
    }
