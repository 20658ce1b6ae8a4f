"""The Eight Routes table in words: the log's line for each event (in plain words: the
rule sheet's letters for the actions are left to the tooltips), what an option does."""

from __future__ import annotations

from game.rules.protocol import Action, Event
from game.rules.routes import ChangeDie, DeclineChip, PushMarker, TakeAll, TakeOne, TurnChip
from game.rules.routes.events import (
    ChipDeclined,
    ChipOffered,
    ChipTaken,
    ChipTurned,
    D6Rolled,
    DiceSorted,
    DiceTaken,
    DieChanged,
    GameOver,
    MandatorySkipped,
    MarkerBlocked,
    MarkerMoved,
    PhaseEnded,
    PhaseStarted,
    Rolled,
    RoundEnded,
    RoundStarted,
    RouteScored,
)
from game.scenes.table.contract import TableHost
from game.ui import fonts


def text_w(text: str, size: int, bold: bool = False) -> int:
    """How wide ``text`` is at ``size``."""
    return fonts.font(size, bold).size(text)[0]


class Texts:
    """Texts built from the translations and the seats' names."""

    def __init__(self, host: TableHost) -> None:
        self.host = host

    # -- the log -----------------------------------------------------------------------
    def describe(self, event: Event) -> str | None:
        name = self.host.seat_name(event.player) if event.player is not None else ""
        tr = self.host.t
        match event:
            case RoundStarted():
                # the parent's name (the round's player)
                return tr(
                    "routes.ev_round_start", round=tr.round(event.round, event.rounds), name=name
                )
            case ChipTaken():
                return tr("routes.ev_chip_taken", name=name, chip=event.chip)
            case Rolled():
                return tr("routes.ev_roll", name=name, count=len(event.faces))
            case DiceSorted():
                groups = "  ".join(f"{face}×{n}" for face, n in enumerate(event.lid, 1) if n)
                return tr("routes.ev_dice_sorted", groups=groups)
            case D6Rolled():
                return tr("routes.ev_d6_roll", name=name, face=event.face, route=event.route)
            case PhaseStarted():
                return tr(
                    "routes.ev_phase_start_last" if event.last else "routes.ev_phase_start",
                    name=name,
                )
            case MandatorySkipped():
                return tr("routes.ev_mandatory_skipped", name=name)
            case DiceTaken():
                key = (
                    "routes.ev_taken_one"
                    if event.action == "B"
                    else "routes.ev_taken_single"
                    if event.count == 1
                    else "routes.ev_taken_all"
                )
                return tr(key, name=name, face=event.face, count=event.count)
            case MarkerMoved():
                return self._marker_moved(event, name)
            case MarkerBlocked():
                return tr(
                    "routes.ev_marker_blocked", name=name, route=event.route, space=event.space
                )
            case DieChanged():
                return tr("routes.ev_die_changed", name=name, frm=event.frm, to=event.to)
            case ChipOffered():
                return tr("routes.ev_chip_offered", name=name)
            case ChipTurned():
                return tr("routes.ev_chip_turned", name=name, chip=event.chip, route=event.route)
            case ChipDeclined():
                return tr("routes.ev_chip_declined", name=name)
            case PhaseEnded():
                return tr("routes.ev_phase_end", name=name)
            case RoundEnded():
                key = "routes.ev_round_end_one" if event.left_in_lid == 1 else "routes.ev_round_end"
                return tr(key, round=tr.round(event.round), left=event.left_in_lid)
            case RouteScored():
                results = tr("routes.list_sep").join(
                    tr("routes.result", name=self.host.seat_name(p), points=event.points[p])
                    for p in event.order
                    if event.points[p]
                )
                if not results:
                    return tr("routes.ev_route_scored_none", route=event.route)
                return tr("routes.ev_route_scored", route=event.route, results=results)
            case GameOver():
                names = tr("routes.list_sep").join(self.host.seat_name(p) for p in event.winners)
                totals = tr("routes.list_sep").join(
                    tr("routes.result_total", name=self.host.seat_name(p), points=v)
                    for p, v in enumerate(event.totals)
                )
                return tr("routes.ev_game_over", names=names, totals=totals)
        return None

    def _marker_moved(self, event: MarkerMoved, name: str) -> str:
        tr = self.host.t
        back = event.cause in ("C", "D") and (not event.to or event.to < event.frm)
        cause = tr(f"routes.cause_{event.cause}{'_back' if back else ''}")
        if not event.frm:
            return tr(
                "routes.ev_marker_placed", name=name, route=event.route, to=event.to, cause=cause
            )
        if not event.to:
            return tr("routes.ev_marker_left", name=name, route=event.route, cause=cause)
        return tr(
            "routes.ev_marker_move",
            name=name,
            route=event.route,
            frm=event.frm,
            to=event.to,
            cause=cause,
        )

    # -- options ------------------------------------------------------
    def option_text(self, action: Action) -> str:
        tr = self.host.t
        if isinstance(action, TakeAll):
            count = self.host.state.lid[action.face - 1]
            return tr(
                "routes.opt_all_single" if count == 1 else "routes.opt_all",
                face=action.face,
                count=count,
            )
        if isinstance(action, TakeOne):
            return tr("routes.opt_one", face=action.face)
        if isinstance(action, ChangeDie):
            return tr("routes.opt_change", frm=action.face, to=action.face + action.delta)
        if isinstance(action, PushMarker):
            return tr("routes.opt_push", route=action.route)
        if isinstance(action, TurnChip):
            return tr("routes.opt_chip", route=action.route)
        if isinstance(action, DeclineChip):
            return tr("routes.opt_pass")
        return tr("routes.opt_end")
