"""The person's controls at the Verflixxt! table: a Choice for every legal action or
step towards one (buttons, pieces, tiles, hand cards), the keys, and the preview."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

import pygame

from game.rules.protocol import Action, Event
from game.rules.verflixxt import Attack, Draw, Hat, Move, Play, Roll, Stop
from game.rules.verflixxt.data import START, card_value
from game.rules.verflixxt.decisions import PassHat
from game.scenes.table.contract import TableHost
from game.ui import choices, fonts
from game.ui.choices import Choices

from .layout import Layout
from .model import Choice, VerflixxtModel
from .texts import Texts

LETTER_KEYS = {pygame.K_a: "a", pygame.K_b: "b", pygame.K_c: "c"}
# The least distance between the centres of two pawns a person may pick on one tile;
# closer, a click on the tile opens a picker with them laid out large (issue #27).
MIN_APART = 24


class Controls:
    """Who decides, what they may choose, and the keys that choose it."""

    def __init__(
        self, model: VerflixxtModel, host: TableHost, texts: Texts, layout: Layout
    ) -> None:
        self.model = model
        self.host = host
        self.texts = texts
        self.layout = layout
        self.choices: Choices[Choice] = Choices(host, self)

    steps_draw_attention = True  # a hand card is ringed; a two-way pawn previews both
    rebuild_before_input = True  # the controls always match the state being answered

    # == what the table scene asks (TableControls) ==================================
    def offered(self) -> list[Choice]:
        return self.choices.controls

    def rebuild(self, force: bool = False) -> None:
        self.choices.rebuild(force)

    def track(self, event: pygame.event.Event) -> bool:
        self.choices.track(event)
        return False

    def shown(self, player: int) -> None:
        """``player``'s hand is on screen now: their cards, no step taken yet."""
        self.model.table.hand = sorted(self.host.state.hands[player])
        self.model.mode, self.model.sel_card, self.model.sel_piece = "main", None, None
        self.model.lesson_picked = None
        self.choices.key = None

    def pointed_at(self) -> Choice | None:
        return None

    # == who decides, and what ======================================================
    def steps_taken(self) -> tuple:
        return (self.model.mode, self.model.sel_card, self.model.sel_piece, self.model.picker)

    def settle_mode(self, legal) -> None:
        """Keep the chosen card/piece only while they still lead to legal actions; with a
        single card to play (the second card of a double turn) choose it at once."""
        plays = [a for a in legal if isinstance(a, Play)]
        cards = sorted({a.card for a in plays})
        if self.model.mode == "attack" and not any(isinstance(a, Attack) for a in legal):
            self.model.mode = "main"
        if self.model.sel_card is not None and self.model.sel_card not in cards:
            self.model.mode, self.model.sel_card, self.model.sel_piece = "main", None, None
        if self.model.mode == "dir" and not any(
            a.card == self.model.sel_card and a.piece == self.model.sel_piece for a in plays
        ):
            self.model.mode, self.model.sel_piece = "card", None
        if self.model.mode == "main" and len(cards) == 1 and self.model.sel_card is None:
            self.model.mode, self.model.sel_card = "card", cards[0]
        self._lesson_pick(plays)

    def coach_show(self, action: Action) -> bool:
        """The coach's option on the board (issue #40): the control that takes or
        previews ``action`` focused, so the board previews it as after a key press. A
        card's pawns are controls only once the card is chosen (and a pawn that may go
        either way offers its directions only once it is chosen), so for a card play the
        steps a person's clicks would take are taken first; an attack's tiles likewise
        once Attack is chosen. False when no control shows it."""
        player = self.host.sharing.deciding()
        if player is None or action not in self.choices.legal(player):
            return False
        if isinstance(action, Play):
            plays = [a for a in self.choices.legal(player) if isinstance(a, Play)]
            ways = sum(a.card == action.card and a.piece == action.piece for a in plays)
            self.model.sel_card, self.model.picker = action.card, None
            self.model.mode, self.model.sel_piece = (
                ("dir", action.piece) if ways > 1 else ("card", None)
            )
        elif isinstance(action, Attack):
            self.model.mode = "attack"
        self.choices.rebuild()
        return self.choices.focus_action(action)

    def _lesson_pick(self, plays: list[Play]) -> None:
        """In a lesson (issue #19), a step that asks for a card to be played picks that
        card (and, for the unlucky-hat pawn, that pawn) once, when the play is legal: the
        step rings the pawn or the direction that takes it, one click away (a lesson step
        is one action). The person may still pick another card; the guide refuses it."""
        step = self.host.guide.step
        if step is None or step.expect in (None, "any") or self.model.lesson_picked == step.index:
            return
        wanted = next((a for a in plays if str(a) == step.expect), None)
        if wanted is None:
            return
        self.model.lesson_picked = step.index
        self.model.sel_card = wanted.card
        two_ways = sum(a.card == wanted.card and a.piece == wanted.piece for a in plays) > 1
        if two_ways:
            self.model.mode, self.model.sel_piece = "dir", wanted.piece
        else:
            self.model.mode, self.model.sel_piece = "card", None

    def make_controls(self, player: int, legal) -> None:
        add = self.choices.controls.append
        buttons: list[tuple] = []  # (key, label, callback, action, primary)
        spots: list[Choice] = []
        groups = self.layout.groups()
        tr = self.host.t
        if Roll() in legal:
            buttons.append(
                ("roll", tr("verflixxt.btn_roll"), self.choices.chooser(Roll()), Roll(), True)
            )
            if self.model.die_rect is not None:  # the die itself rolls too (issue #27)
                spots.append(
                    Choice(
                        self.model.die_rect,
                        "",
                        self.choices.chooser(Roll()),
                        key="die",
                        action=Roll(),
                        spot="die",
                    )
                )
        if Draw() in legal:
            buttons.append(
                ("draw", tr("verflixxt.btn_draw"), self.choices.chooser(Draw()), Draw(), True)
            )
        for action in legal:
            if isinstance(action, Move):
                piece = self._full(player, action.piece)
                spots.append(
                    self._piece_choice(piece, action, (action,), groups, f"piece:{action.piece}")
                )
        hats = [a for a in legal if isinstance(a, Hat)]
        asked = self.host.state.decision(player)
        mover = asked.pawn if isinstance(asked, PassHat) else None  # VX-26
        hand_overs = [a for a in hats if a.how != "keep"]
        for i, action in enumerate(hand_overs):
            pawn = action.pawn
            if pawn is None:  # (only "keep" names no pawn)
                continue
            if sum(a.how == action.how for a in hand_overs) == 1:
                # one pawn to hand over with: name the hat that changes hands
                moved = self.host.state.hat_of(pawn if action.how == "take" else mover)
                label = tr(f"verflixxt.btn_hat_{action.how}_hat", hat=self.texts.hat_name(moved))
            else:
                label = tr(f"verflixxt.btn_hat_{action.how}", pawn=self.texts.short_name(pawn))
            buttons.append((f"hat:{i + 1}", label, self.choices.chooser(action), action, False))
            spots.append(self._piece_choice(pawn, action, (action,), groups, f"hatpawn:{pawn}"))
        if Hat("keep") in legal:
            buttons.append(
                (
                    "keep",
                    tr("verflixxt.btn_keep"),
                    self.choices.chooser(Hat("keep")),
                    Hat("keep"),
                    False,
                )
            )
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            self._card_controls(player, plays)
        if self.model.mode == "card" and self.model.sel_card is not None:
            mine = [a for a in plays if a.card == self.model.sel_card]
            if card_value(self.model.sel_card) == 0:
                action = mine[0]
                buttons.append(
                    ("zero", tr("verflixxt.btn_zero"), self.choices.chooser(action), action, True)
                )
            by_piece: dict[str, list[Play]] = {}
            for action in mine:
                if action.piece is not None:
                    by_piece.setdefault(action.piece, []).append(action)
            for short, actions in by_piece.items():
                piece = self._full(player, short)
                if len(actions) == 1:
                    spots.append(
                        self._piece_choice(
                            piece, actions[0], tuple(actions), groups, f"piece:{short}"
                        )
                    )
                else:
                    spots.append(
                        self._piece_choice(
                            piece,
                            None,
                            tuple(actions),
                            groups,
                            f"piece:{short}",
                            self._pick_dir(short),
                        )
                    )
        if self.model.mode == "dir":
            for action in sorted(plays, key=lambda a: a.direction != "back"):
                if action.card == self.model.sel_card and action.piece == self.model.sel_piece:
                    label = tr(f"verflixxt.btn_dir_{action.direction}")
                    buttons.append(
                        (
                            f"dir:{action.direction}",
                            label,
                            self.choices.chooser(action),
                            action,
                            False,
                        )
                    )
            buttons.append(
                ("back", tr("verflixxt.btn_cancel"), self._set_mode("card"), None, False)
            )
        attacks = [a for a in legal if isinstance(a, Attack)]
        if self.model.mode == "attack":
            for i, action in enumerate(attacks):
                label = tr("verflixxt.btn_attack_on", tile=self.texts.tile_name(action.tile))
                buttons.append(
                    (f"attack:{i + 1}", label, self.choices.chooser(action), action, True)
                )
                rect = self.layout.tile_rect(action.tile).inflate(self.host.px(6), self.host.px(6))
                spots.append(
                    Choice(
                        rect,
                        "",
                        self.choices.chooser(action),
                        key=f"tile:{action.tile}",
                        action=action,
                        spot="tile",
                        tile=action.tile,
                        previews=(action,),
                    )
                )
            buttons.append(("back", tr("verflixxt.btn_back"), self._set_mode("main"), None, False))
        elif attacks:
            buttons.append(
                ("attack", tr("verflixxt.btn_attack"), self._set_mode("attack"), None, False)
            )
        if Stop() in legal:
            buttons.append(
                ("stop", tr("verflixxt.btn_stop"), self.choices.chooser(Stop()), Stop(), False)
            )
        # the front-most piece first, so a click on overlapping pawns takes the one on top
        spots.sort(key=lambda c: (-c.rect.bottom, -c.rect.centerx))
        self.choices.controls.extend(self._pickers(spots))
        self.choices.controls.extend(spots)
        self._place_buttons(buttons, add)

    def _crowds(self, spots: list[Choice]) -> dict[str, list[Choice]]:
        """The tiles where two pawns the person may pick stand closer than
        :data:`MIN_APART`, with those pawns (front to back)."""
        by_tile: dict[str, list[Choice]] = {}
        for choice in spots:
            if choice.spot == "piece" and choice.piece:
                tile = self.model.table.pieces.get(choice.piece)
                if tile is not None:
                    by_tile.setdefault(tile, []).append(choice)
        return {
            tile: sorted(group, key=lambda c: c.piece or "")
            for tile, group in by_tile.items()
            if any(
                math.dist(a.rect.center, b.rect.center) < MIN_APART
                for a, b in itertools.combinations(group, 2)
            )
        }

    def _pickers(self, spots: list[Choice]) -> list[Choice]:
        """A crowded tile is one target that opens its picker; the open picker's pawns,
        large and apart, each choose what a click on that pawn chooses (its letter key
        too). They come before the pawns, so a click takes them first."""
        crowds = self._crowds(spots)
        if self.model.picker not in crowds:
            self.model.picker = None
        out: list[Choice] = []
        for tile, group in crowds.items():
            if tile == self.model.picker:
                slots = self.layout.picker_slots(tile, len(group))
                for choice, rect in zip(group, slots, strict=True):
                    out.append(
                        Choice(
                            rect,
                            "",
                            choice.on_click,
                            key=f"pick:{choice.key}",
                            action=choice.action,
                            spot="pick",
                            piece=choice.piece,
                            previews=choice.previews,
                        )
                    )
            else:
                area = group[0].rect.unionall([c.rect for c in group[1:]])
                out.append(
                    Choice(area, "", self._open_picker(tile), key=f"crowd:{tile}", spot="crowd")
                )
        return out

    def _open_picker(self, tile: str) -> Callable[[], None]:
        def open_picker():
            self.model.picker = tile
            self.choices.armed = None

        return self.choices.step(open_picker)

    def _card_controls(self, player: int, plays) -> None:
        playable = {a.card for a in plays}
        for i, card in enumerate(self.model.table.hand[:2]):
            if card not in playable:
                continue
            self.choices.controls.append(
                Choice(
                    self.model.hand_rects[i],
                    "",
                    self._pick_card(card),
                    key=f"card:{i + 1}",
                    spot="card",
                    card=i,
                )
            )

    def _place_buttons(self, buttons, add) -> None:
        """The buttons in the bar beside the die or the cards: as many to a row as their
        labels fit at full size, never more than two rows, centred in their room."""
        if not buttons:
            return
        p = self.model.buttons_rect
        gap = self.host.px(8)
        row_gap = self.host.px(6)
        size = self.host.text_px(15)
        widest = max(fonts.font(size).size(label)[0] for _, label, *_ in buttons) + self.host.px(16)
        per_row = min(len(buttons), 3)
        while per_row > 1 and (p.w - gap * (per_row - 1)) // per_row < widest:
            per_row -= 1
        per_row = max(per_row, math.ceil(len(buttons) / 2))
        rows = math.ceil(len(buttons) / per_row)
        bh = min(self.host.px(36), (p.h - row_gap * (rows - 1)) // rows)
        room = p.w - gap * (per_row - 1)
        bw = min(max(self.host.px(150), widest), room // per_row)
        # each column as wide as its own longest label when one width for all does not
        # fit them, and the labels a little smaller (never under 14 px) only when the
        # columns do not fit either (issue #27: a button squeezes a long label to 12 px)
        widths = [bw] * per_row
        while True:
            need = [
                max(
                    fonts.font(size, bold).size(label)[0] + max(12, self.host.px(16))
                    for _, label, _, _, bold in buttons[c::per_row]
                )
                for c in range(per_row)
            ]
            if max(need) <= bw:
                break
            if sum(need) <= room:
                spare = (room - sum(need)) // per_row
                widths = [w + spare for w in need]
                break
            if size <= 14:
                break
            size -= 1
        y = p.centery - (rows * bh + (rows - 1) * row_gap) // 2
        for i, (key, label, callback, action, primary) in enumerate(buttons):
            r, c = divmod(i, per_row)
            x = p.x + sum(widths[:c]) + c * gap
            rect = pygame.Rect(x, y + r * (bh + row_gap), widths[c], bh)
            previews = (action,) if isinstance(action, (Play, Hat, Attack, Move)) else ()
            add(
                Choice(
                    rect,
                    label,
                    callback,
                    size,
                    key=key,
                    action=action,
                    primary=primary,
                    previews=previews,
                )
            )

    def _piece_choice(self, piece: str, action, previews, groups, key, callback=None) -> Choice:
        feet = self.layout.piece_spot(piece, groups) or self.layout.tile_centre(START)
        rect = self.layout.piece_rect(piece, feet, self.layout.scale_of(piece, groups))
        return Choice(
            rect,
            "",
            callback or self.choices.chooser(action),
            key=key,
            action=action,
            spot="piece",
            piece=piece,
            previews=tuple(previews),
        )

    @staticmethod
    def _full(player: int, piece: str) -> str:
        return piece if piece[0] == "g" else f"{player}{piece}"

    def clear_steps(self) -> None:
        self.model.mode, self.model.sel_card, self.model.sel_piece = "main", None, None
        self.model.picker = None
        self.choices.armed = None

    def _pick_card(self, card: str) -> Callable[[], None]:
        def pick():
            self.model.mode, self.model.sel_card, self.model.sel_piece = "card", card, None
            self.choices.armed = None

        def show_first_piece():
            first = next(
                (c for c in self.choices.controls if c.spot == "piece" or c.key == "zero"), None
            )
            if first is not None:
                self.choices.focus(first.key)

        return self.choices.step(pick, show_first_piece)

    def _pick_dir(self, piece: str) -> Callable[[], None]:
        def pick():
            self.model.mode, self.model.sel_piece = "dir", piece
            self.choices.armed = None

        return self.choices.step(pick, lambda: self.choices.focus("dir:fwd"))

    def _set_mode(self, mode: str) -> Callable[[], None]:
        def set_mode():
            self.model.mode = mode
            if mode == "main":
                self.model.sel_card = None
            self.model.sel_piece = None
            self.choices.armed = None

        return self.choices.step(set_mode)

    # == input ======================================================================
    def handle(self, event: pygame.event.Event, player: int) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            if self.model.mode != "main" or self.model.picker is not None:
                self._back()
            return
        if event.type != pygame.KEYDOWN:
            return
        key = event.key
        digit = choices.digit_key(event, 9)  # hats, attack tiles, cards: 1 to 9
        if key == pygame.K_BACKSPACE:
            self._back()
        elif self.model.mode == "dir" and key in (pygame.K_f, pygame.K_b):
            button = self.choices.control("dir:fwd" if key == pygame.K_f else "dir:back")
            if button is not None:
                button.on_click()
        elif key in LETTER_KEYS and self.choices.control(f"piece:{LETTER_KEYS[key]}"):
            self.choices.press_or_focus(f"piece:{LETTER_KEYS[key]}")
        elif key == pygame.K_g:
            self._cycle("piece:g")
        elif digit and self.model.mode == "attack":
            self.choices.press_or_focus(f"attack:{digit}")
        elif digit and self.choices.control(f"hat:{digit}"):
            self.choices.press_or_focus(f"hat:{digit}")
        elif digit and self.choices.control(f"card:{digit}"):
            self.choices.click_control(f"card:{digit}")
        elif key == pygame.K_0 and self.choices.control("zero"):
            self.choices.press_or_focus("zero")
        elif key == pygame.K_r and self.choices.control("roll"):
            self.choices.click_control("roll")
        elif key == pygame.K_d and self.choices.control("draw"):
            self.choices.click_control("draw")
        elif key == pygame.K_s and self.choices.control("stop"):
            self.choices.press_or_focus("stop")
        elif key == pygame.K_k and self.choices.control("keep"):
            self.choices.press_or_focus("keep")
        elif key == pygame.K_x and self.choices.control("attack"):
            self.choices.click_control("attack")
            first = self.choices.control("attack:1")
            if first is not None:
                self.choices.focus(first.key)

    def _back(self) -> None:
        if self.model.picker is not None:  # the picker closes first
            self.model.picker = None
            self.choices.rebuild(force=True)
        elif self.model.mode == "dir":
            self._set_mode("card")()
        elif self.model.mode in ("attack", "card"):
            self._set_mode("main")()

    def _cycle(self, prefix: str) -> None:
        """G steps through the guardians that may move; Enter moves the one shown."""
        keys = [c.key for c in self.choices.controls if c.key.startswith(prefix)]
        if not keys:
            return
        button = self.choices.focused_button()
        focused = button.key if button is not None else None
        keys.sort(key=lambda k: int(k[len(prefix) :]))
        nxt = keys[(keys.index(focused) + 1) % len(keys)] if focused in keys else keys[0]
        self.choices.focus(nxt)
        self.choices.armed = nxt

    def preview_of(self, player: int, action: Action) -> list[Event]:
        """The events ``action`` would give, from a copy of the state (exact: the rules
        themselves say where a piece lands, what is taken and which chip is won)."""
        return self.host.state.clone().apply(player, action)
