"""The table's words: the ducks' names, the log line of each event, the end screen's scores, the header's
question or status, and the action bar's hint on how to answer."""

from __future__ import annotations

from game.rules.duck import decisions as D
from game.rules.duck import events as E
from game.rules.duck.data import PATTERN_NAMES
from game.rules.duck.state import DuckState
from game.rules.protocol import Event
from game.scenes.table.contract import TableHost
from game.scenes.table.frame import Hint

from .decisions import Decisions
from .model import HOUND, Decision, DuckModel

# The question for each reason the rules give (decisions.py's FacePiece.why, MoveAgain.why).
FACE_ASKS = {
    "end": "duck.ask.face_end",
    "knock": "duck.ask.face_knock",
    "turn": "duck.ask.face_turn",
}
EXTRA_ASKS = {"buoy": "duck.ask.extra_buoy", "ghost": "duck.ask.extra_ghost"}


class Texts:
    """The log's lines, the ducks' names, the header and the hint."""

    def __init__(self, model: DuckModel, host: TableHost[DuckState], decisions: Decisions) -> None:
        self.model = model
        self.host = host
        self.decisions = decisions

    @staticmethod
    def duck_characters(host: TableHost[DuckState], per_player: int) -> list[str]:
        """The character of each duck: a player's first duck is the seat's character; a
        second duck (two ducks each) is one no seat plays with."""
        keys = [c.key for c in host.info.characters]
        seats = [s.character for s in host.session.seats]
        spare = [k for k in keys if k not in seats]
        out = []
        for d in range(host.state.ducks):
            p, i = divmod(d, per_player)
            char = seats[p] if seats[p] in keys else keys[p % len(keys)]
            if i == 1:
                char = spare[p % len(spare)] if spare else keys[(p + 3) % len(keys)]
            out.append(char)
        return out

    def char_name(self, key: str) -> str:
        for c in self.host.info.characters:
            if c.key == key:
                return self.host.t.pick(c.name_en, c.name_ja)
        return key

    def duck_name(self, duck: int) -> str:
        p = self.host.state.owner(duck)
        if self.model.per_player == 1:
            return self.host.seat_name(p)
        return self.host.t(
            "duck.duck_of",
            player=self.host.seat_name(p),
            duck=self.char_name(self.model.duck_chars[duck]),
        )

    def short_duck(self, duck: int) -> str:
        return (
            self.char_name(self.model.duck_chars[duck])
            if self.model.per_player > 1
            else self.host.seat_name(self.host.state.owner(duck))
        )

    def log_line(self, text: str) -> bool:
        """The log's line for the event just described: True when it was written here
        (left out, or a step merged into the last line); False: the frame writes it."""
        step, self.model.step_duck = self.model.step_duck, None
        quiet, self.model.quiet = self.model.quiet, False
        if quiet:
            return True
        if (
            step is not None
            and self.model.last_step
            and self.model.last_step[0] == step
            and self.host.log
        ):
            n = self.model.last_step[1] + 1
            self.model.last_step = (step, n)
            self.host.log.rewrite_last(
                self.host.t("duck.log.hound_steps", n=n)
                if step == HOUND
                else self.host.t("duck.log.steps", name=self.duck_name(step), n=n)
            )
        else:
            self.model.last_step = (step, 1) if step is not None else None
            return False
        return True

    def _dir(self, heading: int) -> str:
        return self.host.t(f"duck.dir.{heading % 6}")

    def setup_text(self, e: E.SetUp) -> str:
        variant = self.host.t(f"duck.variant.{e.variant}")
        board = self.host.state.board
        text = self.host.t(
            "duck.log.setup",
            variant=variant,
            board=self.host.t.pick(board.name, board.name_ja),
            players=e.players,
            ducks=e.ducks,
        )
        if e.official:
            text += " " + self.host.t("duck.log.official")
        return text

    def _cards_text(self, cards) -> str:
        return ", ".join(str(c) for c in cards)

    def describe(self, event: Event) -> str | None:
        """The log's line of a typed event (dispatched by its class)."""
        t = self.host.t
        name = self.host.seat_name(event.player) if event.player is not None else None
        match event:
            case E.SetUp():
                return self.setup_text(event)
            case E.CardsDrawn():
                key = f"duck.log.draw_{event.reason}" + ("_one" if event.count == 1 else "")
                return t(key, name=name, n=event.count)
            case E.CardsDrawnPrivate():
                return t("duck.log.drawn", cards=self._cards_text(event.cards))
            case E.Reshuffled():
                return t("duck.log.reshuffle", n=event.cards)
            case E.OrderCardsShown():
                shown = ", ".join(
                    t("duck.log.card_of", name=self.host.seat_name(p), card=c)
                    for p, c in enumerate(event.cards)
                )
                first = self.host.seat_name(event.order[0])
                return t("duck.log.order_cards", cards=shown, name=first)
            case E.DuckPlaced():
                return t(
                    "duck.log.place", name=self._duck(event.duck), dir=self._dir(event.heading)
                )
            case E.CardsDiscarded():
                if event.reason == "blue":
                    return t("duck.log.discard_blue", name=name)
                self.model.quiet = True
                return t("duck.log.discard", cards=self._cards_text(event.cards))
            case E.RoundBegan():
                return t("duck.log.round", round=t.round(event.round))
            case E.CardsChosen():
                if event.why == "order":
                    return t("duck.log.choose_order", name=name)
                key = "duck.log.choose_two" if event.count == 2 else "duck.log.choose"
                return t(key, name=name)
            case E.CardsChosenPrivate():
                return t("duck.log.chosen", cards=self._cards_text(event.cards))
            case E.CardsRevealed():
                by_duck = {c["duck"]: c["card"] for c in event.cards}
                order = " → ".join(
                    t("duck.log.card_of", name=self.short_duck(d), card=by_duck[d])
                    for d in event.order
                )
                return t("duck.log.reveal", order=order)
            case E.TurnBegan():
                return t("duck.log.turn", name=self._duck(event.duck), card=event.card)
            case E.TurnedInstead():
                return t(
                    "duck.log.turn_instead",
                    name=self._duck(event.duck),
                    card=event.card,
                    dir=self._dir(event.heading),
                )
            case E.MoveBegan():
                return self._move_text(event)
            case E.Stepped():
                self.model.step_duck = event.duck
                return t("duck.log.steps_one", name=self._duck(event.duck))
            case E.Bonk():
                return t(f"duck.log.bonk_{event.reason}", name=self._duck(event.duck))
            case E.BuoyTouched():
                duck, colour = self._duck(event.duck), t(f"duck.colour.{event.colour}")
                if event.new:
                    return t("duck.log.buoy_new", name=duck, colour=colour, n=event.tokens)
                return t("duck.log.buoy_again", name=duck, colour=colour)
            case E.TokenDrawn():
                return t("duck.log.token_draw", name=name, n=event.pool)
            case E.TokenDrawnPrivate():
                return t("duck.log.token_drawn", token=t(f"duck.token.{event.token}"))
            case E.Warped():
                return t("duck.log.warp", name=self._duck(event.duck), dir=self._dir(event.heading))
            case E.Faced():
                return t(
                    f"duck.log.face_{event.why}",
                    name=self._duck(event.duck),
                    dir=self._dir(event.heading),
                )
            case E.DeckTopTurned():
                return t("duck.log.deck_top", name=self._duck(event.duck), card=event.card)
            case E.ExtraMove():
                return t(f"duck.log.extra_{event.reason}", name=self._duck(event.duck))
            case E.Knocked():
                duck = self._duck(event.duck)
                if event.by == "duck":
                    assert event.knocker is not None, event  # a duck that is the hound
                    return t(
                        "duck.log.knock_duck", name=duck, knocker=self.duck_name(event.knocker)
                    )
                if event.into:
                    return t("duck.log.knock_into", name=duck)
                return t("duck.log.knock_hound", name=duck)
            case E.KnockedPlaced():
                return t("duck.log.knock_place", name=self._duck(event.duck))
            case E.TokenUsed():
                fields = {
                    "name": name,
                    "duck": self._duck(event.duck) or "",
                    "dir": self._dir(event.heading or 0),
                    "card": event.card,
                }
                return t(f"duck.log.token_{event.token}", **fields)
            case E.HoundControlTaken():
                tie = len(event.tied) > 1
                key = "duck.log.hound_control_tie" if tie else "duck.log.hound_control"
                return t(key, name=name, n=event.tokens, card=event.card)
            case E.HoundPlaced():
                return t("duck.log.hound_place", dir=self._dir(event.heading))
            case E.HoundCardPlayed():
                return t("duck.log.hound_card", name=name, card=event.card)
            case E.HoundPatternsChosen():
                patterns = " + ".join(event.patterns)
                return t("duck.log.hound_patterns", name=name, patterns=patterns)
            case E.HoundMoveBegan():
                if event.source == "pattern":
                    pattern = PATTERN_NAMES[event.route]
                    return t("duck.log.hound_move_pattern", pattern=pattern)
                return t("duck.log.hound_move_card", card=event.card)
            case E.HoundStepped():
                self.model.step_duck = HOUND
                return t("duck.log.hound_steps_one")
            case E.HoundBonk():
                return t("duck.log.hound_bonk")
            case E.HoundWarped():
                return t("duck.log.hound_warp", dir=self._dir(event.heading))
            case E.HoundFaced():
                return t("duck.log.hound_face", dir=self._dir(event.heading))
            case E.HoundDrained():
                return t("duck.log.hound_drain")
            case E.HoundKnockedOff():
                if event.duck >= 0:
                    return t("duck.log.hound_knocked_by", name=self.duck_name(event.duck))
                return t("duck.log.hound_knocked")
            case E.HoundMovesAgain():
                return t("duck.log.hound_again")
            case E.Won():
                return t("duck.log.win", name=self._duck(event.duck))
        return None

    def _duck(self, duck: int | None) -> str | None:
        """A duck's name in a log line (None for no duck, or the hound's -1)."""
        return self.duck_name(duck) if duck is not None and duck >= 0 else None

    def _move_text(self, e: E.MoveBegan) -> str:
        t, duck, source = self.host.t, self._duck(e.duck), e.source
        if source in ("step-pre", "step-post"):
            return t("duck.log.move_step", name=duck)
        route = e.route + 1
        if source == "card":
            assert e.card is not None, e  # a card's move names its card
            if len(self.host.state.cards[e.card]) > 1:
                return t("duck.log.move_route", name=duck, card=e.card, route=route)
            self.model.quiet = True  # the turn's line said it already
        return t(f"duck.log.move_{source}", name=duck, card=e.card, route=route)

    def score_text(self, player: int, value) -> str:
        """The end screen: the winner went down the drain, the others had buoys."""
        if player in self.host.state.winners():
            return self.host.t("duck.score_drain")
        s = self.host.state
        best = max(s.buoys[d].bit_count() for d in s.ducks_of(player))
        return self.host.t("duck.score_buoys", n=best)

    def _ask(self, d: Decision) -> str:
        """The header's question to the person deciding."""
        t = self.host.t
        name = self.host.seat_name(d.player)
        duck = ""
        if d.duck is not None and d.duck >= 0:
            duck = self.short_duck(d.duck) if self.model.per_player > 1 else t("duck.ui.your_duck")
        token = self.model.token_mode
        if token == "rotate":
            return t("duck.ask.rotate", name=name, duck=duck)
        if token == "keep":
            return t("duck.ask.keep", name=name, duck=duck)
        if token in ("ghost", "become"):
            return t(f"duck.ask.{token}", name=name)
        match d.ask:
            case D.ChooseCards(why="order"):
                return t("duck.ask.order", name=name, duck=duck)
            case D.ChooseCards() if self.model.per_player == 2:
                first = d.player * 2
                return t(
                    "duck.ask.choose_two",
                    name=name,
                    a=self.short_duck(first),
                    b=self.short_duck(first + 1),
                )
            case D.ChooseCards():
                return t("duck.ask.choose", name=name, duck=duck)
            case D.DiscardCards():
                return t("duck.ask.discard", name=name, duck=duck)
            case D.PlaceDuck() if self.model.sel_hex is not None:
                return t("duck.ask.place_face", name=name, duck=duck)
            case D.PlaceDuck():
                return t("duck.ask.place", name=name, duck=duck)
            case D.WarpOrStay() if self.model.sel_hex is not None:
                return t("duck.ask.warp_face", name=name, duck=duck)
            case D.WarpOrStay(piece=piece) if piece == HOUND:
                return t("duck.ask.hound_warp", name=name)
            case D.WarpOrStay():
                return t("duck.ask.warp", name=name, duck=duck)
            case D.FacePiece(piece=piece) if piece == HOUND:
                return t("duck.ask.face_hound", name=name, duck=duck)
            case D.FacePiece(why=why):
                return t(FACE_ASKS[why], name=name, duck=duck)
            case D.MoveAgain(why=why):
                return t(EXTRA_ASKS[why], name=name, duck=duck)
            case D.PlayTurn(card=card):
                return t("duck.ask.pre", name=name, duck=duck, card=card)
            case D.AfterMove():
                return t("duck.ask.post", name=name, duck=duck)
            case D.SendKnocked():
                return t("duck.ask.send", name=name, duck=duck)
            case D.FaceHound():
                return t("duck.ask.houndface", name=name, duck=duck)
            case D.MoveHound():
                return t("duck.ask.houndmove", name=name, duck=duck)
            case D.HoundPattern():
                return t("duck.ask.houndpattern", name=name, duck=duck)
        raise AssertionError(f"no question for {d.ask}")

    def title(self) -> tuple[int | None, str]:
        """The header's line and the seat it is about (drawn in that seat's colour)."""
        d = self.decisions.decision()
        if d is not None:
            return d.player, self._ask(d)
        s, sh, t = self.host.state, self.model.shown, self.host.t
        if s.is_over() and not self.host.player.busy() and s.winner is not None:
            return s.winner, t("duck.status.won", name=self.host.seat_name(s.winner))
        if self.host.player.busy():
            if sh.mover is not None:
                return s.owner(sh.mover), t("duck.status.moving", name=self.duck_name(sh.mover))
            if sh.hound_moving and sh.controller >= 0:
                return sh.controller, t(
                    "duck.status.hound", name=self.host.seat_name(sh.controller)
                )
            return None, t("duck.status.watch")
        waiting = list(s.to_act())
        if not waiting:
            return None, ""
        if s.phase in ("order", "choose"):
            names = self.host.t("app.frame_and").join(self.host.seat_name(p) for p in waiting)
            if len(waiting) == 1:
                return waiting[0], t("duck.status.waiting_choose", names=names)
            return None, t("duck.status.waiting_choose", names=names)
        return waiting[0], t("duck.status.waiting", name=self.host.seat_name(waiting[0]))

    def hint(self, d: Decision | None) -> Hint:
        """The action bar's line on how to answer (mouse and keys): the instruction and
        its reminders (tokens, going back) as the secondary clause the frame drops first
        (issue #27)."""
        t = self.host.t
        if d is None:
            p, s = self.host.private_player, self.host.state
            if p is None or s.is_over():
                return Hint("")
            waiting = list(s.to_act())
            if s.phase in ("order", "choose") and waiting and p not in waiting:
                names = t("app.frame_and").join(self.host.seat_name(q) for q in waiting)
                return Hint(t("duck.hint.chosen", names=names))
            return Hint(t("duck.hint.watching"))
        n = len(self.model.shown.hand)
        step = self.decisions.step_of(d)
        ask = d.ask
        if step == "card" and ask == D.ChooseCards(d.player, "move"):
            if self.model.per_player == 2:
                first = d.player * 2
                text = t(
                    "duck.hint.cards_two",
                    n=n,
                    a=self.short_duck(first),
                    b=self.short_duck(first + 1),
                )
            else:
                text = t("duck.hint.cards", n=n)
        elif step == "card" and isinstance(ask, D.ChooseCards):
            text = t("duck.hint.order", n=n)
        elif step == "card" and isinstance(ask, D.DiscardCards):
            text = t("duck.hint.discard", n=n)
        elif step == "card":
            text = t("duck.hint.card_then_route", n=n)
            if isinstance(ask, D.MoveHound):
                text = t("duck.hint.houndmove", n=n)
        elif step == "route":
            routes = self.decisions.route_indices(d, self.decisions.route_card(d))
            text = t("duck.hint.route" if len(routes) > 1 else "duck.hint.route_one")
        elif step == "face":
            text = t("duck.hint.face")
        elif step == "start":
            text = t("duck.hint.warp" if isinstance(ask, D.WarpOrStay) else "duck.hint.start")
        elif step == "duck":
            text = t("duck.hint.duck")
        elif step == "pattern":
            text = t("duck.hint.pattern_one")
        else:
            text = t("duck.hint.post")
        extra = []  # reminders: the frame leaves them out when the bar has no room
        if (
            self.model.token_mode is None
            and self.decisions.usable_tokens(d)
            and (isinstance(ask, D.PlayTurn) or ask == D.ChooseCards(d.player, "move"))
        ):
            extra.append(t("duck.hint.tokens"))
        if self.decisions.can_go_back(d):
            extra.append(t("duck.hint.back"))
        main, keys = Hint(text).parts()  # a bracketed end (the keys) is secondary too
        return Hint(main, ("" if self.host.t.lang == "ja" else " ").join([keys, *extra]).strip())
