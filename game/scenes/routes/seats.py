"""What the shared table frame asks Eight Routes (issue #16): the header (the round, whose
turn and who rolls the dice); each seat's panel (its marker as portrait, its points, its
round chips, the dice it took this round, the dice roller's badge) and the spots in it
that animations fly to; the prompt of the bar."""

from __future__ import annotations

import math

import pygame

from game.scenes.table.contract import SeatDefaults, TableHost
from game.scenes.table.frame import Header, Hint, SeatFace, seat_layout
from game.ui import fonts, smooth, theme
from game.ui.choices import Choices
from game.ui.widgets import draw_icon, draw_text

from .art import Art
from .model import Choice, Point, RoutesModel
from .texts import text_w


class Seats(SeatDefaults):
    """The frame's hooks, from the display model (``model.table``), which runs behind the
    state while events play."""

    def __init__(
        self, model: RoutesModel, host: TableHost, art: Art, choices: Choices[Choice]
    ) -> None:
        self.model = model
        self.host = host
        self.art = art
        self.choices = choices

    # -- the header ---------------------------------------------------------------------
    def header(self) -> Header:
        who, status = self._turn_status()
        return Header(self._round_label(), who, status, self._variant_label())

    def _round_label(self) -> str:
        t = self.model.table
        if not t.round:
            return self.host.t.round(self.host.state.round_number)
        return self.host.t.round(t.round, t.rounds)

    def _turn_status(self) -> tuple[int | None, str]:
        t = self.model.table
        if self.host.state.is_over() and not self.host.player.busy():
            return None, self.host.t("app.frame_over")
        if t.scoring_route is not None:
            return None, self.host.t("routes.turn_scoring", n=t.scoring_route)
        if t.current is not None:
            key = (
                "routes.turn_pick_you"
                if t.current == self.host.private_player
                else "routes.turn_pick"
            )
            return t.current, self.host.t(key, name=self.host.seat_name(t.current))
        if t.parent is not None and not t.final:
            return t.parent, self.host.t("routes.turn_roll", name=self.host.seat_name(t.parent))
        return None, self.host.t("app.frame_over") if t.final else ""

    def _variant_label(self) -> str:
        """The rules (issue #27: named in the header, the base game too), and under them
        who rolls the dice this round."""
        rules = self._rules_label()
        parent = self.model.table.parent
        if parent is None or self.model.table.final:
            return rules
        return rules + "\n" + self.host.t("routes.roller", name=self.host.seat_name(parent))

    def _rules_label(self) -> str:
        state = self.host.state
        each = state.total_rounds // max(1, state.players)
        chosen = state.options.get("rounds_per_player", "table")
        if chosen == "table" or each == 2:
            return self.host.t("routes.variant_base", n=each)
        key = "routes.variant_short" if each < 2 else "routes.variant_long"
        return self.host.t(key, n=each)

    # -- the seat panels ----------------------------------------------------------------
    def seat(self, player: int) -> SeatFace:
        return SeatFace(self._score(player), self._highlight(player), self._key(player))

    def portrait(self, player: int, size: int) -> pygame.Surface | None:
        return self.art.portrait(player, size)

    def _score(self, player: int) -> str | None:
        """The points the routes give the seat now; with an option looked at, the points
        it would give (``38`` after ``32 →`` when it fits)."""
        now = int(self.model.scores_shown["totals"][player])
        shown = self._shown_now()
        if shown is None or player != self.host.sharing.deciding():
            return str(now)
        then = int(shown["totals"][player])
        if then == now:
            return str(now)
        both = f"{now}→{then}"
        # (the frame's seat_layout, not seat_parts: the frame may ask seat_score there)
        width = seat_layout(self.host.plan.seats[player], self.host.px, self.host.text_px).score.w
        if fonts.font(theme.MIN_TEXT_PX, True).size(both)[0] <= width:
            return both
        return f"→{then}"

    def _shown_now(self) -> dict | None:
        focus = self.choices.attention()
        if focus is None or focus.action is None:
            return None
        return self.choices.preview(focus.action)

    def _highlight(self, player: int) -> str | None:
        return "to_act" if player == self.model.table.current else None

    def _key(self, player: int) -> tuple:
        t = self.model.table
        flipping = t.flip[1] if t.flip is not None and t.flip[0] == player else None
        chips = tuple((number, up if number != flipping else -1) for number, up in t.chips[player])
        return (chips, t.held[player], t.held_face[player], t.parent == player)

    def extras_layout(self, player: int, rect: pygame.Rect) -> dict:
        """Where the seat's things go inside its extras box: the round chips, the dice
        taken this round (and their count) and the dice roller's badge, left to right;
        the badge only when there is room for its word."""
        px = self.host.px
        size = max(px(20), min(rect.h - px(2), px(32)))
        gap = px(4)
        y = rect.centery
        chips = [
            (rect.x + size / 2 + k * (size + gap), y)
            for k in range(len(self.model.table.chips[player]))
        ]
        x = rect.x + len(chips) * (size + gap) + (px(6) if chips else 0)
        out: dict = {"size": size, "chips": chips, "chip_next": (x + size / 2, y)}
        held = self.model.table.held[player]
        out["held"] = (x + size / 2, y)
        if held:
            count = f"×{held}"
            count_w = text_w(count, self.host.text_px(14), True)
            out["count"] = (count, pygame.Rect(x + size + px(2), rect.y, count_w + px(2), rect.h))
            x += size + px(2) + count_w + px(10)
        if self.model.table.parent == player:
            word = self.host.t("routes.roller_badge")
            # the pill holds its word (issue #38: at Larger text the word was taller than
            # a pill sized by the chips and spilled over its edges): the word's size is
            # the table's, smaller down to the floor where the extras row is short
            word_px = self.host.text_px(14)
            while word_px > theme.MIN_TEXT_PX and round(word_px * 1.25) > rect.h:
                word_px -= 1
            high = max(round(size * 0.84), round(word_px * 1.25))
            w = text_w(word, word_px, True) + px(12)
            if x + w <= rect.right and high <= rect.h:
                badge = pygame.Rect(x, 0, w, high)
                badge.centery = y
                out["badge"] = (word, badge, word_px)
        return out

    def paint_extras(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        if rect.h < self.host.px(16):
            return
        t = self.model.table
        parts = self.extras_layout(player, rect)
        size = parts["size"]
        flipping = t.flip[1] if t.flip is not None and t.flip[0] == player else None
        for (number, up), pos in zip(t.chips[player], parts["chips"]):
            if number != flipping:
                self.art.draw_chip(surface, number, bool(up), pos, size, within=rect)
        if t.held[player]:
            die = self.art.die_image(t.held_face[player] or 0, size)
            draw_icon(surface, die, parts["held"], "die", anchor="center")
            text, box = parts["count"]
            draw_text(
                surface,
                text,
                self.host.text_px(14),
                box.midleft,
                theme.INK,
                bold=True,
                anchor="midleft",
                within=box.clip(rect),
            )
        if "badge" in parts:
            word, box, word_px = parts["badge"]
            smooth.panel(surface, (242, 182, 50), box, box.h // 2, (122, 79, 8), 1)
            draw_text(
                surface,
                word,
                word_px,
                box.center,
                (70, 44, 4),
                bold=True,
                anchor="center",
                within=box,
            )

    def spot(self, player: int, what: str, index: int = 0) -> Point:
        """A spot in the seat's panel on the screen, for the animations: "held" (the dice
        taken), "chip" (round chip ``index``, or the next one), "portrait"."""
        parts = self.host.frame.seat_parts(player)
        if what == "portrait":
            return parts.portrait.center
        extras = parts.extras
        layout = self.extras_layout(player, extras)
        if what == "held":
            return layout["held"]
        chips = layout["chips"]
        return chips[index] if index < len(chips) else layout["chip_next"]

    def draw_overlays(self, surface) -> None:
        """The dice roller's die, a round chip flying to its seat, one turning face down
        (the panels are cached pictures: what changes in them is drawn over them). Once
        the game is over nobody rolls: the roller's die goes (it stood where a winner's
        mark would be looked for)."""
        t = self.model.table
        if t.parent is not None and t.winners is None:  # the roller's die on its marker
            portrait = self.host.frame.seat_parts(t.parent).portrait
            die = self.art.roller_mark(portrait.w * 0.42)
            corner = (portrait.x - self.host.px(2), portrait.y - self.host.px(4))
            draw_icon(surface, die, corner, "routes_roller.svg")
        if t.flying_chip is not None:
            player, number, v = t.flying_chip
            pill = self.host.plan.header
            x0, y0 = pill.x + self.host.px(60), pill.centery
            x1, y1 = self.spot(player, "chip", len(t.chips[player]))
            e = 1 - (1 - v) ** 2
            x, y = lerp_point((x0, y0), (x1, y1), e)
            y -= math.sin(math.pi * v) * self.host.px(50)
            size = self.extras_layout(player, self.host.frame.seat_parts(player).extras)["size"]
            squash = max(0.15, abs(math.cos(math.pi * 3 * v))) if v < 0.9 else 1.0
            self.art.draw_chip(surface, number, True, (x, y), int(size * (1.4 - 0.4 * v)), squash)
        if t.flip is not None:
            player, number, v = t.flip
            for k, (chip, _up) in enumerate(t.chips[player]):
                if chip == number:
                    pos = self.spot(player, "chip", k)
                    size = self.extras_layout(player, self.host.frame.seat_parts(player).extras)[
                        "size"
                    ]
                    lift = math.sin(math.pi * v) * self.host.px(14)
                    squash = max(0.08, abs(math.cos(math.pi * v)))
                    self.art.draw_chip(
                        surface, number, v < 0.5, (pos[0], pos[1] - lift), size, squash
                    )

    # -- the bar ------------------------------------------------------------------------
    def hint(self) -> Hint:
        """The bar's prompt (issue #27): the instruction, and why or what follows as its
        secondary part, which the hint strip leaves out first when both do not fit."""
        t = self.model.table
        tr = self.host.t
        player = self.host.sharing.deciding()
        if player is None:
            if t.scoring_route is not None:
                return Hint(tr("routes.prompt_scoring"), tr("routes.prompt_scoring_more"))
            if t.final or self.host.state.is_over():
                return Hint(tr("routes.prompt_over"))
            if t.current is not None:
                return Hint(tr("routes.prompt_wait", name=self.host.seat_name(t.current)))
            if t.parent is not None:
                return Hint(tr("routes.prompt_roll", name=self.host.seat_name(t.parent)))
            return Hint("")
        key = {
            "main": "routes.prompt_take"
            if self.choices.has_prefix("take:")
            else "routes.prompt_optional",
            "C": "routes.prompt_c",
            "D": "routes.prompt_d",
            "chip": "routes.prompt_chip",
        }[self.model.mode]
        return Hint(tr(key), tr(key + "_more"))


def lerp_point(a: Point, b: Point, v: float) -> Point:
    return (a[0] + (b[0] - a[0]) * v, a[1] + (b[1] - a[1]) * v)
