"""What the Verflixxt! table says in words: the names of tiles, pieces, cards and
hats, the log's line for each event and the preview's caption (the prompt is the
seats' hint, seats.py)."""

from __future__ import annotations

from game.rules.protocol import Event
from game.rules.verflixxt import Play
from game.rules.verflixxt.box import FINISH, LUCKY, RISK, START, card_value
from game.rules.verflixxt.scoring import ScoreBreakdown
from game.scenes.table.contract import TableHost

from .model import VerflixxtModel, _face, _signed


class Texts:
    """Names and sentences, in the person's language."""

    def __init__(self, model: VerflixxtModel, host: TableHost) -> None:
        self.model = model
        self.host = host

    # == names for the log ===========================================================
    def tile_name(self, tile: str) -> str:
        if tile == START:
            return self.host.t("verflixxt.tile_start")
        if tile == FINISH:
            return self.host.t("verflixxt.tile_finish")
        kind = self.host.state.box.kinds.get(tile)
        value = self.host.state.box.values.get(tile, 0)
        if kind == LUCKY:
            return self.host.t("verflixxt.tile_lucky")
        if kind == RISK:
            return self.host.t("verflixxt.tile_risk", value=value)
        return _signed(value)

    def piece_name(self, piece: str | None) -> str:
        if piece is None:
            return ""
        if piece[0] == "g":
            return self.host.t("verflixxt.guardian", n=piece[1:])
        return self.host.t(
            "verflixxt.pawn", name=self.host.seat_name(int(piece[:-1])), letter=piece[-1]
        )

    def short_name(self, pawn: str) -> str:
        """A pawn on a button: "Sky b", or "your b" for the person's own."""
        player = int(pawn[:-1])
        if player == self.host.private_player:
            return self.host.t("verflixxt.pawn_own", letter=pawn[-1])
        return self.host.t(
            "verflixxt.pawn_short", name=self.host.seat_name(player), letter=pawn[-1]
        )

    def card_name(self, card: str) -> str:
        value = card_value(card)
        key = "verflixxt.card_yellow" if card[0] == "y" else "verflixxt.card_orange"
        return self.host.t(key, value=_face(value))

    def hat_name(self, hat: str) -> str:
        return self.host.t(f"verflixxt.hat_{hat}")

    def describe(self, event: Event) -> str | None:
        line = self._describe(event)
        # a line may open with a piece's name ("guardian 3 moves ..."): a capital first
        return line[:1].upper() + line[1:] if line else line

    def _describe(self, event: Event) -> str | None:
        d = event.data
        kind = event.kind
        tr = self.host.t
        name = self.host.seat_name(event.player) if event.player is not None else ""
        if kind == "roll":
            return tr("verflixxt.ev_roll", name=name, die=d["die"])
        if kind == "play":
            card = self.card_name(d["card"])
            if d["piece"] is None:
                line = tr("verflixxt.ev_play_zero", name=name, card=card)
            elif d.get("direction"):
                line = tr(
                    "verflixxt.ev_play_dir",
                    name=name,
                    card=card,
                    piece=self.piece_name(d["piece"]),
                    direction=tr(f"verflixxt.dir_{d['direction']}"),
                )
            else:
                line = tr(
                    "verflixxt.ev_play", name=name, card=card, piece=self.piece_name(d["piece"])
                )
            if d.get("second") and line:  # "(second card)" before the full stop
                line = line[:-1] + tr("verflixxt.second_mark") + line[-1]
            return line
        if kind == "move":
            fields = {
                "piece": self.piece_name(d["piece"]),
                "n": abs(d["steps"]),
                "frm": self.tile_name(d["from"]),
                "to": self.tile_name(d["to"]),
            }
            if not d["steps"]:
                return tr("verflixxt.ev_move_stay", **fields)
            push = d.get("cause") == "attack"
            way = "fwd" if d["steps"] > 0 else "back"
            return tr(f"verflixxt.ev_{'push' if push else 'move'}_{way}", **fields)
        if kind == "take":
            return tr("verflixxt.ev_take", name=name, tile=self.tile_name(d["tile"]))
        if kind == "close":
            return tr("verflixxt.ev_close", n=max(0, len(d["track"]) - 2))
        if kind == "home":
            return tr(
                "verflixxt.ev_home_exact" if d["exact"] else "verflixxt.ev_home",
                piece=self.piece_name(d["piece"]),
            )
        if kind == "hat":
            how = d["how"]
            fields = {
                "name": name,
                "hat": self.hat_name(d["hat"]),
                "frm": self.piece_name(d.get("from")),
                "to": self.piece_name(d.get("to")),
            }
            if how == "home":
                fields["points"] = _signed(d.get("points", 0))
            return tr(f"verflixxt.ev_hat_{how}", **fields)
        if kind == "hat_keep":
            return tr("verflixxt.ev_hat_keep", name=name)
        if kind == "chip":
            return tr("verflixxt.ev_chip", name=name, value=d["value"], left=d["left"])
        if kind == "stop":
            return tr("verflixxt.ev_stop", name=name)
        if kind == "attack":
            return tr(
                "verflixxt.ev_attack",
                name=name,
                value=_face(d["value"]),
                tile=self.tile_name(d["tile"]),
                n=len(d["targets"]),
            )
        if kind == "reshuffle":
            return tr("verflixxt.ev_reshuffle", n=d["cards"])
        if kind == "draw":
            # never the card itself: the log stays on screen when the next person looks
            return tr("verflixxt.ev_draw", name=name, hand=d["hand"])
        if kind == "hat_draw":
            key = (
                "verflixxt.ev_hat_draw" if d.get("round", 1) <= 1 else "verflixxt.ev_hat_draw_again"
            )
            return tr(key, name=name, card=self.card_name(d["card"]))
        if kind == "hat_tie":
            names = tr("verflixxt.list_sep").join(self.host.seat_name(p) for p in d["players"])
            return tr(f"verflixxt.ev_hat_tie_{d['place']}", names=names)
        if kind == "hat_draw_end":
            return tr(
                "verflixxt.ev_hat_draw_end",
                lucky=self.host.seat_name(d["lucky"]),
                unlucky=self.host.seat_name(d["unlucky"]),
            )
        if kind == "skip":
            return tr("verflixxt.ev_skip", name=name)
        if kind == "turn":
            return tr("verflixxt.ev_turn", name=name, round=d["round"])
        if kind == "end":
            sep = tr("verflixxt.list_sep")
            results = sep.join(
                tr("verflixxt.result", name=self.host.seat_name(p), points=_signed(b["total"]))
                for p, b in enumerate(d["scores"])
            )
            names = sep.join(self.host.seat_name(p) for p in d["winners"])
            return tr("verflixxt.ev_end", results=results, names=names)
        return None

    # == the words of the panels ====================================================
    def explain(self, parts: ScoreBreakdown) -> str:
        tr = self.host.t
        hats = self.host.state.hats_variant
        items = [tr("verflixxt.sc_tiles", v=_signed(parts["track"]))]
        if parts["lucky"]:
            items.append(tr("verflixxt.sc_lucky", v=_signed(parts["lucky"])))
        if hats and parts["risk"]:
            items.append(tr("verflixxt.sc_risk", v=_signed(parts["risk"])))
        if hats and parts["chips"]:
            items.append(tr("verflixxt.sc_chips", v=_signed(parts["chips"])))
        if hats and parts["hats"]:
            items.append(tr("verflixxt.sc_hats", v=_signed(parts["hats"])))
        return tr("verflixxt.list_sep").join(items)

    def preview_caption(self, shown) -> str:
        parts: list[str] = []
        for action, events in shown:
            for e in events:
                d = e.data
                if e.kind == "move":
                    way = ""
                    if isinstance(action, Play) and action.direction and len(shown) > 1:
                        way = "▶ " if action.direction == "fwd" else "◀ "
                    if d["path"]:
                        parts.append(
                            way
                            + self.host.t(
                                "verflixxt.pv_move",
                                piece=self.piece_name(d["piece"]),
                                frm=self.tile_name(d["from"]),
                                to=self.tile_name(d["to"]),
                            )
                        )
                    else:
                        parts.append(
                            self.host.t("verflixxt.pv_stay", piece=self.piece_name(d["piece"]))
                        )
                elif e.kind == "take":
                    parts.append(self.host.t("verflixxt.pv_take", tile=self.tile_name(d["tile"])))
                elif e.kind == "chip":
                    parts.append(self.host.t("verflixxt.pv_chip", value=d["value"]))
                elif e.kind == "hat":
                    parts.append(self.describe(e) or "")
                elif e.kind == "play" and d["piece"] is None:
                    parts.append(self.host.t("verflixxt.pv_zero"))
        return self.host.t("verflixxt.list_sep").join(p for p in parts if p)
