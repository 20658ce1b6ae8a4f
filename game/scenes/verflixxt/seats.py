"""Verflixxt! in the shared table frame (issue #16): what the header says, what each
seat panel shows besides the character, name and score the frame draws (the tiles a
seat has taken as mini tiles, the hats it brought home, its goal chips and, with the
hats, how many cards it holds), where things fly to in a seat panel, and the "How it
scores" legend under the seats."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.rules.verflixxt.data import RISK, card_value
from game.rules.verflixxt.decisions import DrawForHats, MovePiece, PassHat, PlayCard, RollDie
from game.rules.verflixxt.scoring import ScoreBreakdown, breakdown
from game.scenes.table.contract import SeatDefaults, TableHost
from game.scenes.table.frame import Header, Hint, SeatFace
from game.ui import fonts, smooth, sprites, theme
from game.ui.choices import Choices
from game.ui.widgets import draw_icon, draw_panel, draw_text, lay

from .art import HAT_MIN_W, ICON_MIN, TEXT_MIN, Art, Stamp, stamp_text
from .model import Choice, Point, VerflixxtModel, _signed, asked_now
from .texts import Texts


class SeatRow(NamedTuple):
    """Where a seat's things are in its panel's extras box."""

    explain: pygame.Rect | None  # the score explained in words, when there is room
    y: float  # the centre line of the row of things
    size: int  # a mini tile's side
    left: float  # the first mini tile's centre
    right: float  # how far the pile may reach
    hats: float  # the first hat's centre
    chips: float  # the first chip's centre
    hand: float  # the hand's centre (hats game)
    coins: tuple[int, ...] = ()  # the chips drawn, each won with its "+n" inside
    coin: int = ICON_MIN  # a coin's side
    summed: int | None = None  # instead, one plain coin and the chips' sum beside it


def chip_px(size: float) -> int:
    """A goal chip won, in a seat's row of things ``size`` tall: 16 px at least."""
    return max(ICON_MIN, int(size * 0.8))


def coin_px(size: float, values: tuple[int, ...]) -> int:
    """A coin in a seat's row of things ``size`` tall, wide enough that the widest of
    ``values`` ("+5", "+12") is written inside it, never over its neighbour (issue #38:
    "+3", "+5" ran over each other and the hat)."""
    text = max(TEXT_MIN, int(chip_px(size) * 0.42))
    widest = max((fonts.font(text, True).size(f"+{v}")[0] for v in values), default=0)
    return max(chip_px(size), widest + 6)


def gap_px(size: float) -> float:
    """The room between two things of a seat's row (coins, hats, the pile, the hand)."""
    return max(2.0, size * 0.12)


def chip_step(size: float, coin: int | None = None) -> float:
    """From one chip won to the next."""
    return (coin if coin is not None else chip_px(size)) + gap_px(size)


def hat_width(size: float) -> int:
    """A hat brought home, in a seat's row of things ``size`` tall: 16 px tall at least."""
    return max(HAT_MIN_W, int(size * 1.05))


def hat_step(size: float) -> float:
    """From one hat brought home to the next."""
    return hat_width(size) + gap_px(size)


class Seats(SeatDefaults):
    """The frame's hooks, the seat panels' extras and the legend."""

    def __init__(
        self,
        model: VerflixxtModel,
        host: TableHost,
        art: Art,
        texts: Texts,
        choices: Choices[Choice],
    ) -> None:
        self.model = model
        self.host = host
        self.art = art
        self.texts = texts
        self.choices = choices
        self._score_cache: dict[tuple, ScoreBreakdown] = {}

    def forget(self) -> None:
        """A new layout: the scores are worked out again."""
        self._score_cache.clear()

    # == what the frame asks (TableSeats) =================================================
    def header(self) -> Header:
        status = self.turn_status()
        return Header(self.round_label(), status[0], status[1], self.variant_label())

    def seat(self, player: int) -> SeatFace:
        return SeatFace(self.seat_score(player), self.seat_highlight(player), self.seat_key(player))

    def portrait(self, player: int, size: int) -> pygame.Surface | None:
        return self.art.pawn_icon(player, size)

    def paint_extras(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        self.draw_seat_extras(surface, player, rect)

    def hint(self) -> str | Hint:
        return self.hint_text()

    def subtitle(self, player: int) -> str | None:
        """A winner's mark under the name (None: the frame's words)."""
        winners = self.model.table.winners
        if winners is not None and player in winners:
            return self.host.t("verflixxt.winner_mark")
        return None

    # == the header ==================================================================
    def round_label(self) -> str:
        return self.host.t.round(self.model.table.round)

    def turn_status(self) -> tuple[int | None, str]:
        """Whose turn the table shows (it follows the animations, not the rules, which
        are a step ahead while pieces move)."""
        t = self.model.table
        if t.winners is not None or t.current is None:
            if self.host.state.is_over():
                return None, self.host.t("app.frame_over")
            return None, ""
        p = t.current
        if isinstance(asked_now(self.host.state), DrawForHats):
            return p, self.host.t("verflixxt.header_draw", name=self.host.seat_name(p))
        key = "app.frame_your_turn" if p == self.host.private_player else "app.frame_turn"
        return p, self.host.t(key, name=self.host.seat_name(p))

    def variant_label(self) -> str:
        s = self.host.state
        if s.hats_variant:
            return self.host.t(
                "verflixxt.variant_hats_attack" if s.attack else "verflixxt.variant_hats"
            )
        return self.host.t(
            "verflixxt.variant_base_random"
            if s.options.get("track") == "random"
            else "verflixxt.variant_base"
        )

    def hint_text(self) -> str | Hint:
        """The bar's two lines: what to do and the keys (a Hint: the keys are its
        secondary clause, left out first: issue #27), or what the option looked at would
        do (the preview's caption)."""
        tr = self.host.t
        player = self.host.sharing.deciding()
        if player is None:
            t = self.model.table
            if self.host.state.is_over():
                return tr("verflixxt.prompt_over")
            if t.current is not None:
                return tr("verflixxt.prompt_watch", name=self.host.seat_name(t.current))
            return ""
        title, hint = self.prompt_texts(player)
        title = title[:1].upper() + title[1:]
        shown = self.model.shown
        if not shown:
            return Hint(title, hint)
        caption = self.texts.preview_caption(shown)
        # the preview as a sentence of its own; none when it only says again what the
        # prompt says (a 0 "moves nothing": issue #27, no doubled hint)
        if caption and caption != tr("verflixxt.pv_zero"):
            caption = tr("verflixxt.preview_sentence", text=caption[:1].upper() + caption[1:])
        else:
            caption = hint
        # what fits the bar's lines whole: both, else the preview (or the keys) alone
        size = self.host.text_px(15)
        lines = max(1, self.host.plan.hint.h // round(size * 1.3))
        for text in (tr("verflixxt.prompt_and_hint", prompt=title, hint=caption), caption):
            if len(fonts.wrap(text, size, self.host.plan.hint.w)) <= lines:
                return text
        return title

    # == the seat panels ===============================================================
    def prompt_texts(self, player: int) -> tuple[str, str]:
        s = self.host.state
        tr = self.host.t
        name = self.host.seat_name(player)
        asked = s.decision(player)
        match asked:
            case RollDie():
                return tr("verflixxt.prompt_roll", name=name), tr("verflixxt.hint_roll")
            case MovePiece():
                return tr("verflixxt.prompt_move", die=asked.die), tr("verflixxt.hint_pieces")
            case DrawForHats():
                return tr("verflixxt.prompt_contest", name=name), tr("verflixxt.hint_contest")
            case PassHat():
                return tr("verflixxt.prompt_hat"), tr("verflixxt.hint_hat")
        if self.model.mode == "dir" and self.model.sel_card is not None:
            return tr("verflixxt.prompt_dir", card=self.texts.card_name(self.model.sel_card)), tr(
                "verflixxt.hint_dir"
            )
        if self.model.mode == "attack":
            return tr("verflixxt.prompt_attack"), tr("verflixxt.hint_attack")
        second = isinstance(asked, PlayCard) and asked.second
        if self.model.mode == "card" and self.model.sel_card is not None:
            value = card_value(self.model.sel_card)
            key = "verflixxt.prompt_card_zero" if value == 0 else "verflixxt.prompt_card"
            title = (
                tr("verflixxt.prompt_second")
                if second
                else tr(key, card=self.texts.card_name(self.model.sel_card))
            )
            hint = tr("verflixxt.hint_card_zero" if value == 0 else "verflixxt.hint_card")
            if self.choices.control("stop") is not None:
                hint += " " + tr("verflixxt.hint_stop")
            return title, hint
        title = tr("verflixxt.prompt_second") if second else tr("verflixxt.prompt_play", name=name)
        hint = tr("verflixxt.hint_play")
        if self.choices.control("stop") is not None:
            hint += " " + tr("verflixxt.hint_stop")
        if self.choices.control("attack") is not None:
            hint += " " + tr("verflixxt.hint_x")
        return title, hint

    def seat_score(self, player: int) -> str | None:
        return _signed(self._scores(player)["total"])

    def score_text(self, player: int, value) -> str | None:
        """The end screen's total: "−6" with the minus sign, as everywhere on the table."""
        return _signed(int(value))

    def seat_highlight(self, player: int) -> str | None:
        t = self.model.table
        if t.winners is None and player == t.current:
            return "moving" if self.host.player.busy() else "to_act"
        return None

    def seat_key(self, player: int) -> tuple:
        t = self.model.table
        return (
            tuple(t.taken[player]),
            tuple(t.chips_won[player]),
            tuple(t.hats_home[player]),
            t.hand_counts[player] if self.host.state.hats_variant else 0,
            tuple(t.winners or ()),
        )

    def _scores(self, player: int) -> ScoreBreakdown:
        t = self.model.table
        key = (
            player,
            tuple(t.taken[player]),
            tuple(t.chips_won[player]),
            tuple(t.hats_home[player]),
        )
        value = self._score_cache.get(key)
        if value is None:
            box = self.host.state.box
            value = breakdown(
                t.taken[player], box.kinds, box.values, t.chips_won[player], t.hats_home[player]
            )
            if len(self._score_cache) > 256:
                self._score_cache.clear()
            self._score_cache[key] = value
        return value

    def seat_row(self, player: int, rect: pygame.Rect) -> SeatRow:
        """Where seat ``player``'s things go in its extras box ``rect``: the score in
        words over the row when both fit, the tiles from the left, the hand at the
        right, the chips and the hats before it."""
        t = self.model.table
        line_h = round(self.host.text_px(14) * 1.3)
        # a mini tile, a chip, a card of the hand: 16 px at least (issue #27)
        size = max(ICON_MIN, min(self.host.px(24), rect.h - self.host.px(2)))
        explain = None
        if rect.h >= line_h + size + self.host.px(4):
            explain = pygame.Rect(rect.x, rect.y, rect.w, line_h)
            y = rect.bottom - size / 2 - self.host.px(2)
        else:
            y = rect.y + rect.h / 2
        x: float = rect.right
        hand = x
        gap = gap_px(size)
        if self.host.state.hats_variant:
            w = max(ICON_MIN, int(size * 0.7))  # the two cards of the hand (see draw)
            hand = x - w - self.host.px(1)
            x -= 2 * w + self.host.px(2) + gap
        # each chip won a coin with its "+n" inside; when they would leave the pile less
        # than a tile and its count, one coin with their sum (the score counts the sum)
        won = tuple(t.chips_won[player])
        coins = won
        coin = coin_px(size, coins)
        hat = hat_step(size)
        hats_w = len(t.hats_home[player]) * hat
        least = size * 2 + self.host.px(30)  # a mini tile and its "+n"
        summed = None
        if len(won) > 1 and x - len(won) * chip_step(size, coin) - hats_w - rect.x < least:
            coins, coin, summed = (), chip_px(size), sum(won)
            x -= (
                coin
                + self.host.px(2)
                + fonts.font(self.host.text_px(14), True).size(f"+{summed}")[0]
            )
            x -= gap
            chips = x + coin / 2
        else:
            step = chip_step(size, coin)
            x -= len(coins) * step
            chips = x + step / 2 - gap / 2
        x -= hats_w
        hats = x + hat / 2 - gap / 2
        # the pile's last tile's centre: its right edge a gap before the first hat or coin
        right = x - gap - size / 2
        return SeatRow(
            explain, y, size, rect.x + size / 2, right, hats, chips, hand, coins, coin, summed
        )

    def draw_seat_extras(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        t = self.model.table
        row = self.seat_row(player, rect)
        parts = self._scores(player)
        # the score in words, where it says more than the score itself (a clover turned a
        # tile, a risk tile, a chip, a hat)
        more = parts["lucky"] or (
            self.host.state.hats_variant and (parts["risk"] or parts["chips"] or parts["hats"])
        )
        if row.explain is not None and more:
            text = self.texts.explain(parts)
            size = self.host.text_px(14)
            if fonts.font(size).size(text)[0] <= row.explain.w:
                draw_text(
                    surface, text, size, row.explain.topleft, theme.INK_SOFT, within=row.explain
                )
        self._draw_pile(surface, player, parts, row)
        x = row.hats
        for hat in t.hats_home[player]:
            image = self.art.hat_image(hat, hat_width(row.size))
            draw_icon(surface, image, (int(x), int(row.y)), f"hat:{hat}", anchor="center")
            x += hat_step(row.size)
        x = row.chips
        for value in row.coins:
            stamp = self.art.chip_image(value, row.coin)
            stamp.draw(surface, stamp.get_rect(center=(int(x), int(row.y))), f"chip:{value}")
            x += chip_step(row.size, row.coin)
        if row.summed is not None:  # many chips: one coin, their sum beside it
            plain = sprites.svg("verflixxt_chip.svg", row.coin)
            at = draw_icon(surface, plain, (int(x), int(row.y)), "chips", anchor="center")
            words = f"+{row.summed}"
            draw_text(
                surface,
                words,
                self.host.text_px(14),
                (at.right + self.host.px(2), int(row.y)),
                (110, 70, 0),
                bold=True,
                anchor="midleft",
            )
        if self.host.state.hats_variant:
            # a card 16 px wide at least, as the card's picture is shaped (70 x 100)
            w = max(ICON_MIN, int(row.size * 0.7))
            h = max(row.size, round(w / 0.7))
            count = t.hand_counts[player]
            for k in range(2):
                slot = pygame.Rect(0, 0, w, h)
                slot.center = (int(row.hand + (k - 0.5) * (w + self.host.px(2))), int(row.y))
                if k < count:
                    draw_icon(surface, self.art.card_image(None, w, h).image, slot, "card")
                else:
                    smooth.rounded_rect(surface, theme.PANEL_EDGE, slot, 3, max(1, self.host.px(1)))

    def _draw_pile(self, surface, player: int, parts: ScoreBreakdown, row: SeatRow) -> None:
        pile = self.model.table.taken[player]
        if not pile:
            text = self.host.t("verflixxt.no_tiles")
            size = self.host.text_px(14)
            box = pygame.Rect(
                int(row.left - row.size / 2), 0, int(row.right - row.left + row.size / 2), 0
            )
            box.h = round(size * 1.3)
            box.centery = int(row.y)
            if fonts.font(size).size(text)[0] <= box.w:
                draw_text(
                    surface, text, size, box.midleft, theme.INK_SOFT, anchor="midleft", within=box
                )
            return
        turned = set(parts.get("turned", ()))
        risks = sum(1 for tile in pile if self.host.state.box.kinds[tile] == RISK)
        sign = 1 if risks % 2 == 0 else -1
        x, step, y, size, shown = self._pile(row, len(pile))
        # the newest tiles, each apart from the next (its number whole); the older ones
        # that do not fit are counted: "+n" (issue #27: a number is shown or counted,
        # never hidden under the next tile)
        stamps = [self.art.mini_tile(tile, size, tile in turned, sign) for tile in pile[-shown:]]
        self._lay_row(surface, stamps, x, step, y)
        hidden = len(pile) - shown
        if hidden:
            text_size = self.host.text_px(14)
            widest = step - max(2, self.host.px(3))  # (see _pile)
            left = int(x + (shown - 1) * step + widest / 2 + self.host.px(4))
            box = pygame.Rect(left, 0, max(1, int(row.right + row.size / 2) - left), 0)
            box.h = round(text_size * 1.3)
            box.centery = int(y)
            words = self.host.t("verflixxt.pile_more", n=hidden)
            if fonts.font(text_size, True).size(words)[0] > box.w:
                words = f"+{hidden}"  # a narrow seat (chips and hats beside): the count
            draw_text(
                surface,
                words,
                text_size,
                box.midleft,
                theme.INK_SOFT,
                bold=True,
                anchor="midleft",
                within=box,
            )

    @staticmethod
    def _lay_row(surface, stamps: list[Stamp], x: float, step: float, y: float) -> None:
        """A row of little things (mini tiles, chips), ``step`` apart from ``x``, each with
        its number where the next one's leaves room for it, the last one always: numbers
        stay 14 px and never run into each other (issue #27); a number hidden is under
        the next tile, as in a real pile."""
        rects = [
            stamp.get_rect(center=(int(x + i * step), int(y))) for i, stamp in enumerate(stamps)
        ]
        for stamp, rect in zip(stamps, rects, strict=True):
            draw_icon(surface, stamp.image, rect, "tile")
        for stamp, rect in zip(stamps, rects, strict=True):  # a clover over the next tile
            stamp.draw_marks(surface, rect.topleft)
        widths = [
            max((fonts.font(lb.size, True).size(lb.text)[0] for lb in stamp.labels), default=0)
            for stamp in stamps
        ]
        for i, (stamp, rect) in enumerate(zip(stamps, rects, strict=True)):
            if i + 1 < len(stamps) and step < (widths[i] + widths[i + 1]) / 2 + 2:
                continue
            for label in stamp.labels:
                stamp_text(surface, label, (rect.x + label.centre[0], rect.y + label.centre[1]))

    def _pile(self, row: SeatRow, count: int) -> tuple[float, float, float, int, int]:
        """The first shown mini tile's centre x, the step between them, y, their size and
        how many are shown (the newest; a "+n" after them counts the others). The step
        fits the widest mini tile ("−10"), so no number runs under the next tile."""
        size = row.size
        text_size = max(TEXT_MIN, int(size * 0.5))
        widest = max(size, fonts.font(text_size, True).size("−10")[0] + 4)
        step = float(widest + max(2, self.host.px(3)))
        room = row.right + size / 2 - (row.left - size / 2)
        fit = max(1, int((room - widest) // step) + 1)
        shown = count
        if count > fit:
            words = self.host.t("verflixxt.pile_more", n=count)
            more = fonts.font(self.host.text_px(14), True).size(words)[0] + self.host.px(10)
            shown = max(1, int((room - widest - more) // step) + 1)
        return row.left - size / 2 + widest / 2, step, row.y, size, min(count, shown)

    # -- where things fly to in a seat panel (on the screen) -----------------------------
    def _screen_row(self, player: int) -> SeatRow:
        return self.seat_row(player, self.host.frame.seat_parts(player).extras)

    def pile_layout(self, player: int, count: int) -> tuple[float, float, float, int]:
        """x of the first shown mini tile's centre, the step between them, y, the size."""
        return self._pile(self._screen_row(player), count)[:4]

    def pile_slot(self, player: int, index: int, count: int) -> Point:
        x, step, y, _size, shown = self._pile(self._screen_row(player), count)
        return (x + max(0, index - (count - shown)) * step, y)

    def hats_anchor(self, player: int) -> Point:
        row = self._screen_row(player)
        return (row.hats + len(self.model.table.hats_home[player]) * hat_step(row.size), row.y)

    def chips_anchor(self, player: int) -> Point:
        row = self._screen_row(player)
        if row.summed is not None:
            return (row.chips, row.y)
        return (row.chips + len(row.coins) * chip_step(row.size, row.coin), row.y)

    def hand_anchor(self, player: int) -> Point:
        row = self._screen_row(player)
        return (row.hand, row.y)

    def seat_anchor(self, player: int) -> Point:
        return self.host.frame.seat_parts(player).score.midleft

    # == the legend ====================================================================
    def _legend_lines(self) -> list[tuple[str, str]]:
        tr = self.host.t
        lines = [("verflixxt_clover.svg", tr("verflixxt.legend_lucky"))]
        if self.host.state.hats_variant:
            lines += [
                ("verflixxt_tile_risk.svg", tr("verflixxt.legend_risk")),
                ("verflixxt_hat_lucky.svg", tr("verflixxt.legend_hats")),
                ("verflixxt_chip.svg", tr("verflixxt.legend_chips")),
            ]
        else:
            lines.insert(0, ("verflixxt_tile_plus.svg", tr("verflixxt.legend_tiles")))
        return lines

    def _legend_metrics(self, width: int) -> tuple[int, int, int, int, int]:
        """Title size, text size, line height, the icon's side and the text's width."""
        title, size = self.host.text_px(15), self.host.text_px(14)
        icon = max(HAT_MIN_W, self.host.px(20))  # a hat 0.8 as tall: 16 px (issue #27)
        return title, size, round(size * 1.22), icon, width - icon - self.host.px(28)

    def legend_height(self, width: int) -> int:
        """The legend's height in a column ``width`` wide, every sentence whole."""
        title, size, line_h, _icon, text_w = self._legend_metrics(width)
        height = self.host.px(6) + round(title * 1.3)
        for _name, text in self._legend_lines():
            height += len(fonts.wrap(text, size, text_w)) * line_h + self.host.px(3)
        return height + self.host.px(5)

    def paint_drawer_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The legend in the open drawer, under the seat panels (issue #38)."""
        self._paint_legend(surface, rect)

    def draw_legend(self, surface: pygame.Surface) -> None:
        rect = self.model.legend_rect
        if rect is None:
            return
        lay(surface, self.host.frame.cached("legend", (), rect, self._paint_legend), rect)

    def _paint_legend(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        draw_panel(surface, rect, radius=self.host.px(10))
        title, size, line_h, icon_w, text_w = self._legend_metrics(rect.w)
        inner = rect.inflate(-self.host.px(8), -self.host.px(4))
        draw_text(
            surface,
            self.host.t("verflixxt.legend_title"),
            title,
            (rect.x + self.host.px(10), rect.y + self.host.px(4)),
            theme.INK,
            bold=True,
            within=inner,
        )
        y = rect.y + self.host.px(6) + round(title * 1.3)
        x = rect.x + self.host.px(16) + icon_w
        for icon, text in self._legend_lines():
            wrapped = fonts.wrap(text, size, text_w)
            image = sprites.svg(icon, icon_w, icon_w if "hat" not in icon else int(icon_w * 0.8))
            draw_icon(surface, image, (rect.x + self.host.px(10), y + (line_h - icon_w) // 2), icon)
            for line in wrapped:
                draw_text(surface, line, size, (x, y), theme.INK_SOFT, within=inner)
                y += line_h
            y += self.host.px(3)
