"""The Eight Routes table in words: the log's line for each event (in plain words: the
rule sheet's letters for the actions are left to the tooltips), what an option does."""

from __future__ import annotations

from game.rules.protocol import Action, Event
from game.rules.routes import ChangeDie, DeclineChip, PushMarker, TakeAll, TakeOne, TurnChip
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
        d = event.data
        name = self.host.seat_name(event.player) if event.player is not None else ""
        kind = event.kind
        tr = self.host.t
        if kind == "round_start":
            return tr(
                "routes.ev_round_start",
                n=d["round"],
                total=d["rounds"],
                name=self.host.seat_name(d["parent"]),
            )
        if kind == "chip_taken":
            return tr("routes.ev_chip_taken", name=name, chip=d["chip"])
        if kind == "roll":
            return tr("routes.ev_roll", name=name, count=len(d["faces"]))
        if kind == "dice_sorted":
            groups = "  ".join(f"{face}×{n}" for face, n in enumerate(d["lid"], 1) if n)
            return tr("routes.ev_dice_sorted", groups=groups)
        if kind == "d6_roll":
            return tr("routes.ev_d6_roll", name=name, face=d["face"], route=d["route"])
        if kind == "phase_start":
            return tr(
                "routes.ev_phase_start_last" if d.get("last") else "routes.ev_phase_start",
                name=name,
            )
        if kind == "mandatory_skipped":
            return tr("routes.ev_mandatory_skipped", name=name)
        if kind == "dice_taken":
            key = (
                "routes.ev_taken_one"
                if d["action"] == "B"
                else "routes.ev_taken_single"
                if d["count"] == 1
                else "routes.ev_taken_all"
            )
            return tr(key, name=name, face=d["face"], count=d["count"])
        if kind == "marker_move":
            back = d["cause"] in ("C", "D") and (not d["to"] or d["to"] < d["from"])
            cause = tr(f"routes.cause_{d['cause']}{'_back' if back else ''}")
            if not d["from"]:
                return tr(
                    "routes.ev_marker_placed", name=name, route=d["route"], to=d["to"], cause=cause
                )
            if not d["to"]:
                return tr("routes.ev_marker_left", name=name, route=d["route"], cause=cause)
            return tr(
                "routes.ev_marker_move",
                name=name,
                route=d["route"],
                frm=d["from"],
                to=d["to"],
                cause=cause,
            )
        if kind == "marker_blocked":
            return tr("routes.ev_marker_blocked", name=name, route=d["route"], space=d["space"])
        if kind == "die_changed":
            return tr("routes.ev_die_changed", name=name, frm=d["from"], to=d["to"])
        if kind == "chip_offered":
            return tr("routes.ev_chip_offered", name=name)
        if kind == "chip_turned":
            return tr("routes.ev_chip_turned", name=name, chip=d["chip"], route=d["route"])
        if kind == "chip_declined":
            return tr("routes.ev_chip_declined", name=name)
        if kind == "phase_end":
            return tr("routes.ev_phase_end", name=name)
        if kind == "round_end":
            return tr("routes.ev_round_end", n=d["round"], left=d["left_in_lid"])
        if kind == "route_scored":
            results = tr("routes.list_sep").join(
                tr("routes.result", name=self.host.seat_name(p), points=d["points"][p])
                for p in d["order"]
                if d["points"][p]
            )
            if not results:
                return tr("routes.ev_route_scored_none", route=d["route"])
            return tr("routes.ev_route_scored", route=d["route"], results=results)
        if kind == "game_over":
            names = tr("routes.list_sep").join(self.host.seat_name(p) for p in d["winners"])
            totals = tr("routes.list_sep").join(
                tr("routes.result", name=self.host.seat_name(p), points=v)
                for p, v in enumerate(d["totals"])
            )
            return tr("routes.ev_game_over", names=names, totals=totals)
        return None

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
