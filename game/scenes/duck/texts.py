"""The scene's words: the log line of each event, the end screen's scores, the header's
question or status, and the action bar's hint on how to answer."""

from __future__ import annotations

from game.rules.duck.data import PATTERN_NAMES

from .host import DuckHost
from .model import HOUND, Decision


class Texts(DuckHost):
    """What the scene says (mixed into DuckScene)."""

    def _dir(self, heading: int) -> str:
        return self.t(f"duck.dir.{heading % 6}")

    # == words ===================================================================================
    def _setup_text(self, e) -> str:
        variant = self.t(f"duck.variant.{e['variant']}")
        board = self.state.board
        text = self.t(
            "duck.log.setup",
            variant=variant,
            board=self.t.pick(board.name, board.name_ja),
            players=e["players"],
            ducks=e["ducks"],
        )
        if e["official"]:
            text += " " + self.t("duck.log.official")
        return text

    def _cards_text(self, cards) -> str:
        return ", ".join(str(c) for c in cards)

    def describe(self, event) -> str | None:
        e, kind, t = event.data, event.kind, self.t
        name = self.seat_name(e["player"]) if "player" in e and e["player"] is not None else None
        duck = self.duck_name(e["duck"]) if e.get("duck") is not None and e["duck"] >= 0 else None
        if kind == "setup":
            return self._setup_text(e)
        if kind == "draw":
            reason = e["reason"]
            key = f"duck.log.draw_{reason}" + ("_one" if e["count"] == 1 else "")
            return t(key, name=name, n=e["count"])
        if kind == "drawn":
            return t("duck.log.drawn", cards=self._cards_text(e["cards"]))
        if kind == "reshuffle":
            return t("duck.log.reshuffle", n=e["cards"])
        if kind == "order_cards":
            shown = ", ".join(f"{self.seat_name(p)} {c}" for p, c in enumerate(e["cards"]))
            return t("duck.log.order_cards", cards=shown, name=self.seat_name(e["order"][0]))
        if kind == "place":
            return t("duck.log.place", name=duck, dir=self._dir(e["heading"]))
        if kind == "discard":
            if e["reason"] == "blue":
                return t("duck.log.discard_blue", name=name)
            self._quiet = True
            return t("duck.log.discard", cards=self._cards_text(e["cards"]))
        if kind == "round":
            return t("duck.log.round", n=e["round"])
        if kind == "choose":
            if e["why"] == "order":
                return t("duck.log.choose_order", name=name)
            return t("duck.log.choose_two" if e["count"] == 2 else "duck.log.choose", name=name)
        if kind == "chosen":
            return t("duck.log.chosen", cards=self._cards_text(e["cards"]))
        if kind == "reveal":
            by_duck = {c["duck"]: c["card"] for c in e["cards"]}
            order = " → ".join(f"{self._short_duck(d)} {by_duck[d]}" for d in e["order"])
            return t("duck.log.reveal", order=order)
        if kind == "turn":
            return t("duck.log.turn", name=duck, card=e["card"])
        if kind == "turn_instead":
            return t(
                "duck.log.turn_instead", name=duck, card=e["card"], dir=self._dir(e["heading"])
            )
        if kind == "move":
            source = e["source"]
            if source in ("step-pre", "step-post"):
                return t("duck.log.move_step", name=duck)
            route = e["route"] + 1
            if source == "card":
                if len(self.state.cards[e["card"]]) > 1:
                    return t("duck.log.move_route", name=duck, card=e["card"], route=route)
                self._quiet = True  # the turn's line said it already
            return t(f"duck.log.move_{source}", name=duck, card=e["card"], route=route)
        if kind == "step":
            self._step_duck = e["duck"]
            return t("duck.log.steps_one", name=duck)
        if kind == "bonk":
            return t(f"duck.log.bonk_{e['reason']}", name=duck)
        if kind == "buoy":
            colour = t(f"duck.colour.{e['colour']}")
            if e["new"]:
                return t("duck.log.buoy_new", name=duck, colour=colour, n=e["tokens"])
            return t("duck.log.buoy_again", name=duck, colour=colour)
        if kind == "token_draw":
            return t("duck.log.token_draw", name=name, n=e["pool"])
        if kind == "token_drawn":
            return t("duck.log.token_drawn", token=t(f"duck.token.{e['token']}"))
        if kind == "warp":
            return t("duck.log.warp", name=duck, dir=self._dir(e["heading"]))
        if kind == "face":
            return t(f"duck.log.face_{e['why']}", name=duck, dir=self._dir(e["heading"]))
        if kind == "deck_top":
            return t("duck.log.deck_top", name=duck, card=e["card"])
        if kind == "extra_move":
            return t(f"duck.log.extra_{e['reason']}", name=duck)
        if kind == "knock":
            if e["by"] == "duck":
                return t("duck.log.knock_duck", name=duck, knocker=self.duck_name(e["knocker"]))
            if e.get("into"):
                return t("duck.log.knock_into", name=duck)
            return t("duck.log.knock_hound", name=duck)
        if kind == "knock_place":
            return t("duck.log.knock_place", name=duck)
        if kind == "token":
            token = e["token"]
            fields = {
                "name": name,
                "duck": duck or "",
                "dir": self._dir(e.get("heading") or 0),
                "card": e.get("card"),
            }
            return t(f"duck.log.token_{token}", **fields)
        if kind == "hound_control":
            key = "duck.log.hound_control_tie" if len(e["tied"]) > 1 else "duck.log.hound_control"
            return t(key, name=name, n=e["tokens"], card=e["card"])
        if kind == "hound_place":
            return t("duck.log.hound_place", dir=self._dir(e["heading"]))
        if kind == "hound_card":
            return t("duck.log.hound_card", name=name, card=e["card"])
        if kind == "hound_patterns":
            return t("duck.log.hound_patterns", name=name, patterns=" + ".join(e["patterns"]))
        if kind == "hound_move":
            if e["source"] == "pattern":
                return t("duck.log.hound_move_pattern", pattern=PATTERN_NAMES[e["route"]])
            return t("duck.log.hound_move_card", card=e["card"])
        if kind == "hound_step":
            self._step_duck = HOUND
            return t("duck.log.hound_steps_one")
        if kind == "hound_bonk":
            return t("duck.log.hound_bonk")
        if kind == "hound_warp":
            return t("duck.log.hound_warp", dir=self._dir(e["heading"]))
        if kind == "hound_face":
            return t("duck.log.hound_face", dir=self._dir(e["heading"]))
        if kind == "hound_drain":
            return t("duck.log.hound_drain")
        if kind == "hound_knocked":
            if e["duck"] >= 0:
                return t("duck.log.hound_knocked_by", name=self.duck_name(e["duck"]))
            return t("duck.log.hound_knocked")
        if kind == "hound_again":
            return t("duck.log.hound_again")
        if kind == "win":
            return t("duck.log.win", name=duck)
        return None

    def score_text(self, player: int, value) -> str:
        """The end screen: the winner went down the drain, the others had buoys."""
        if player in self.state.winners():
            return self.t("duck.score_drain")
        s = self.state
        best = max(s.buoys[d].bit_count() for d in s.ducks_of(player))
        return self.t("duck.score_buoys", n=best)

    def _ask(self, d: Decision) -> str:
        """The header's question to the person deciding."""
        t = self.t
        name = self.seat_name(d.player)
        duck = ""
        if d.duck is not None and d.duck >= 0:
            duck = self._short_duck(d.duck) if self.per_player > 1 else t("duck.ui.your_duck")
        token = self.token_mode
        if token == "rotate":
            return t("duck.ask.rotate", name=name, duck=duck)
        if token == "keep":
            return t("duck.ask.keep", name=name, duck=duck)
        if token in ("ghost", "become"):
            return t(f"duck.ask.{token}", name=name)
        mode = d.mode
        if mode == "choose" and self.per_player == 2:
            first = d.player * 2
            return t(
                "duck.ask.choose_two",
                name=name,
                a=self._short_duck(first),
                b=self._short_duck(first + 1),
            )
        if mode in ("place", "warp") and self.sel_hex is not None:
            return t(f"duck.ask.{mode}_face", name=name, duck=duck)
        if mode == "warp" and d.duck == HOUND:
            return t("duck.ask.hound_warp", name=name)
        if mode == "face":
            key = "duck.ask.face_hound" if d.duck == HOUND else f"duck.ask.face_{d.why}"
            return t(key, name=name, duck=duck)
        if mode == "extra":
            return t(f"duck.ask.extra_{d.why}", name=name, duck=duck)
        return t(f"duck.ask.{mode}", name=name, duck=duck, card=d.card)

    def _title(self) -> tuple[int | None, str]:
        """The header's line and the seat it is about (drawn in that seat's colour)."""
        d = self.decision()
        if d is not None:
            return d.player, self._ask(d)
        s, sh, t = self.state, self.shown, self.t
        if s.is_over() and not self.busy_animating() and s.winner is not None:
            return s.winner, t("duck.status.won", name=self.seat_name(s.winner))
        if self.busy_animating():
            if sh.mover is not None:
                return s.owner(sh.mover), t("duck.status.moving", name=self.duck_name(sh.mover))
            if sh.hound_moving and sh.controller >= 0:
                return sh.controller, t("duck.status.hound", name=self.seat_name(sh.controller))
            return None, t("duck.status.watch")
        waiting = list(s.to_act())
        if not waiting:
            return None, ""
        if s.phase in ("order", "choose"):
            names = self.t("app.frame_and").join(self.seat_name(p) for p in waiting)
            if len(waiting) == 1:
                return waiting[0], t("duck.status.waiting_choose", names=names)
            return None, t("duck.status.waiting_choose", names=names)
        return waiting[0], t("duck.status.waiting", name=self.seat_name(waiting[0]))

    def _hint(self, d: Decision | None) -> str:
        """The action bar's line on how to answer (mouse and keys)."""
        t = self.t
        if d is None:
            p, s = self.private_player, self.state
            if p is None or s.is_over():
                return ""
            waiting = list(s.to_act())
            if s.phase in ("order", "choose") and waiting and p not in waiting:
                names = t("app.frame_and").join(self.seat_name(q) for q in waiting)
                return t("duck.hint.chosen", names=names)
            return t("duck.hint.watching")
        n = len(self.shown.hand)
        step = self.step_of(d)
        mode = d.mode
        if step == "card" and mode == "choose":
            if self.per_player == 2:
                first = d.player * 2
                text = t(
                    "duck.hint.cards_two",
                    n=n,
                    a=self._short_duck(first),
                    b=self._short_duck(first + 1),
                )
            else:
                text = t("duck.hint.cards", n=n)
        elif step == "card" and mode in ("order", "discard"):
            text = t(f"duck.hint.{mode}", n=n)
        elif step == "card":
            text = t("duck.hint.card_then_route", n=n)
            if mode == "houndmove":
                text = t("duck.hint.houndmove", n=n)
        elif step == "route":
            routes = self.route_indices(d, self.route_card(d))
            text = t("duck.hint.route" if len(routes) > 1 else "duck.hint.route_one")
        elif step == "face":
            text = t("duck.hint.face")
        elif step == "start":
            text = t("duck.hint.warp" if mode == "warp" else "duck.hint.start")
        elif step == "duck":
            text = t("duck.hint.duck")
        elif step == "pattern":
            text = t("duck.hint.pattern_one")
        else:
            text = t("duck.hint.post")
        if self.token_mode is None and self.usable_tokens(d) and mode in ("pre", "choose"):
            text += " " + t("duck.hint.tokens")
        if self.can_go_back(d):
            text += " " + t("duck.hint.back")
        return text
