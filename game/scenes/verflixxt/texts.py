"""What the Verflixxt! table says in words: the names of tiles, pieces, cards and
hats, the log's line for each event and the preview's caption (the prompt is the
seats' hint, seats.py)."""

from __future__ import annotations

from game.rules.protocol import Event
from game.rules.verflixxt import Play
from game.rules.verflixxt.data import FINISH, LUCKY, RISK, START, card_value
from game.rules.verflixxt.events import (
    Attacked,
    CardDrawn,
    CardPlayed,
    ChipWon,
    GameEnded,
    HatDrawCard,
    HatDrawEnded,
    HatDrawTied,
    HatKept,
    HatMoved,
    PieceHome,
    PieceMoved,
    Reshuffled,
    Rolled,
    Skipped,
    Stopped,
    TileTaken,
    TrackClosed,
    TurnBegan,
)
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
        tr = self.host.t
        name = self.host.seat_name(event.player) if event.player is not None else ""
        match event:
            case Rolled():
                return tr("verflixxt.ev_roll", name=name, die=event.die)
            case CardPlayed():
                return self._played(event, name)
            case PieceMoved():
                fields = {
                    "piece": self.piece_name(event.piece),
                    "n": abs(event.steps),
                    "frm": self.tile_name(event.origin),
                    "to": self.tile_name(event.dest),
                }
                if not event.steps:
                    return tr("verflixxt.ev_move_stay", **fields)
                push = event.cause == "attack"
                way = "fwd" if event.steps > 0 else "back"
                return tr(f"verflixxt.ev_{'push' if push else 'move'}_{way}", **fields)
            case TileTaken():
                return tr("verflixxt.ev_take", name=name, tile=self.tile_name(event.tile))
            case TrackClosed():
                return tr("verflixxt.ev_close", n=max(0, len(event.track) - 2))
            case PieceHome():
                return tr(
                    "verflixxt.ev_home_exact" if event.exact else "verflixxt.ev_home",
                    piece=self.piece_name(event.piece),
                )
            case HatMoved():
                fields = {
                    "name": name,
                    "hat": self.hat_name(event.hat),
                    "frm": self.piece_name(event.origin),
                    "to": self.piece_name(event.dest),
                }
                if event.how == "home":
                    fields["points"] = _signed(event.points)
                return tr(f"verflixxt.ev_hat_{event.how}", **fields)
            case HatKept():
                return tr("verflixxt.ev_hat_keep", name=name)
            case ChipWon():
                return tr("verflixxt.ev_chip", name=name, value=event.value, left=event.left)
            case Stopped():
                return tr("verflixxt.ev_stop", name=name)
            case Attacked():
                return tr(
                    "verflixxt.ev_attack",
                    name=name,
                    value=_face(event.value),
                    tile=self.tile_name(event.tile),
                    n=len(event.targets),
                )
            case Reshuffled():
                return tr("verflixxt.ev_reshuffle", n=event.cards)
            case CardDrawn():
                # never the card itself: the log stays on screen when the next person looks
                return tr("verflixxt.ev_draw", name=name, hand=event.hand)
            case HatDrawCard():
                key = "verflixxt.ev_hat_draw" if event.round <= 1 else "verflixxt.ev_hat_draw_again"
                return tr(key, name=name, card=self.card_name(event.card))
            case HatDrawTied():
                names = tr("verflixxt.list_sep").join(self.host.seat_name(p) for p in event.players)
                return tr(f"verflixxt.ev_hat_tie_{event.place}", names=names)
            case HatDrawEnded():
                return tr(
                    "verflixxt.ev_hat_draw_end",
                    lucky=self.host.seat_name(event.lucky),
                    unlucky=self.host.seat_name(event.unlucky),
                )
            case Skipped():
                return tr("verflixxt.ev_skip", name=name)
            case TurnBegan():
                return tr("verflixxt.ev_turn", name=name, round=tr.round(event.round))
            case GameEnded():
                sep = tr("verflixxt.list_sep")
                results = sep.join(
                    tr("verflixxt.result", name=self.host.seat_name(p), points=_signed(total))
                    for p, total in enumerate(event.totals)
                )
                names = sep.join(self.host.seat_name(p) for p in event.winners)
                return tr("verflixxt.ev_end", results=results, names=names)
        return None

    def _played(self, event: CardPlayed, name: str) -> str:
        tr = self.host.t
        card = self.card_name(event.card)
        if event.piece is None:
            line = tr("verflixxt.ev_play_zero", name=name, card=card)
        elif event.direction:
            line = tr(
                "verflixxt.ev_play_dir",
                name=name,
                card=card,
                piece=self.piece_name(event.piece),
                direction=tr(f"verflixxt.dir_{event.direction}"),
            )
        else:
            line = tr("verflixxt.ev_play", name=name, card=card, piece=self.piece_name(event.piece))
        if event.second and line:  # "(second card)" before the full stop
            line = line[:-1] + tr("verflixxt.second_mark") + line[-1]
        return line

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
                if isinstance(e, PieceMoved):
                    way = ""
                    if isinstance(action, Play) and action.direction and len(shown) > 1:
                        way = "▶ " if action.direction == "fwd" else "◀ "
                    same = self.tile_name(e.origin) == self.tile_name(e.dest)
                    if e.path and same:
                        key = "fwd" if e.steps > 0 else "back"
                        parts.append(
                            way
                            + self.host.t(
                                f"verflixxt.pv_move_same_{key}",
                                piece=self.piece_name(e.piece),
                                n=abs(e.steps),
                                to=self.tile_name(e.dest),
                            )
                        )
                    elif e.path:
                        parts.append(
                            way
                            + self.host.t(
                                "verflixxt.pv_move",
                                piece=self.piece_name(e.piece),
                                frm=self.tile_name(e.origin),
                                to=self.tile_name(e.dest),
                            )
                        )
                    else:
                        parts.append(
                            self.host.t("verflixxt.pv_stay", piece=self.piece_name(e.piece))
                        )
                elif isinstance(e, TileTaken):
                    parts.append(self.host.t("verflixxt.pv_take", tile=self.tile_name(e.tile)))
                elif isinstance(e, ChipWon):
                    parts.append(self.host.t("verflixxt.pv_chip", value=e.value))
                elif isinstance(e, HatMoved):
                    parts.append(self.describe(e) or "")
                elif isinstance(e, CardPlayed) and e.piece is None:
                    parts.append(self.host.t("verflixxt.pv_zero"))
        return self.host.t("verflixxt.list_sep").join(p for p in parts if p)
