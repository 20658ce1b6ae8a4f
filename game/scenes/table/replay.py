"""Watch again (issue #28): a finished game's table replayed with the animations of
play, and the controls of a player over the table's bar: back a round, back an action,
play/pause, on an action, on a round, the speed (1×, 2×, 4×), whose hidden things are
shown (nobody's, one seat's, or everyone's at once: the game is over, nothing is
secret), and a timeline to click or drag to any point, with a mark at each round's start.

Keys: ←/→ an action, Space play/pause, Home/End the start/the end, Page Up/Page Down a
round, Esc closes. Going forward animates the action as it was played; going back or
jumping is instant (the position is rebuilt from the replay's snapshots and the table
put in line with it, the log too)."""

from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.scenes.table.frame import Header, SeatFace, SeatsOver, TableSeats
from game.scenes.table.frame_plan import drawer_above_bar
from game.scenes.table.parts import TablePart
from game.scenes.table.scene import TableScene
from game.table.replay import Replay, ReplayDriver
from game.ui import fonts, theme
from game.ui.widgets import Button, draw_panel, draw_text

STEP_S = 1.1  # seconds between two actions while playing, at 1×
SPEEDS = (1.0, 2.0, 4.0)
LOG_LINES = 200  # what the table's log keeps
EVERYONE = -1  # the reveal toggle's "everyone": every seat's hidden things at once
MAX_SHOWN = 12  # things a seat panel lists (a hand is 2 to 5)
# a room narrower than this (design px) stacks the controls: the timeline, the pictures,
# then the speed and whose things are shown (Duck's tray room beside a tall board)
STACK_BELOW = 560
# the controls' one row under their timeline need this tall a room (design px); a bar
# lowered for the board (TablePlan.bar_lowered: Duck's band on the Spa, so that its board
# keeps 70% of the window, issue #38) down to BAND_LEAST holds them with lower pictures
BAND_H = 100
BAND_LEAST = 84


def open_replay(app, replay: Replay) -> None:
    """The replay's table with its controls over it."""
    table_of = app.router.table(replay.session.game_id).table_of
    parts: list[Revealed] = []

    def reveal(scene: TableScene) -> Revealed:
        parts.append(Revealed(scene))
        return parts[0]

    table = TableScene(app, ReplayDriver(replay), table_of, reveal)
    app.push(table)
    app.push(ReplayControls(app, table, replay, parts[0]))


def hidden_things(state, t) -> tuple[list[str], str | None]:
    """What a player's view keeps from the others, for every seat at once (a seat's
    hand: Duck! Duck! Go!'s cards, Verflixxt!'s cards, Cluck-peep!'s tiles) and what
    nobody sees (Cluck-peep!'s hidden tile), as short texts: (per seat, shared).
    Read from the state's plain data, so no table has to draw more than one viewer's
    private things itself."""
    data = state.to_dict()
    hands = data.get("hands")
    seats = []
    for p in range(len(getattr(state, "hands", []) or [])):
        hand = hands[p] if isinstance(hands, list) and p < len(hands) else []
        shown = [_thing(t, card) for card in hand[:MAX_SHOWN] if card is not None]
        seats.append(t("app.replay_hand", things=" · ".join(shown)) if shown else "")
    hidden = data.get("hidden")
    shared = None
    if isinstance(hidden, dict) and hidden.get("tile") is not None:
        shared = t("app.replay_hidden_tile", tile=_thing(t, hidden["tile"]))
    return seats, shared


def _thing(t, thing) -> str:
    """A card or tile as a short text: a Verflixxt! card by its colour and value, any
    other by its number."""
    if isinstance(thing, str) and len(thing) >= 2 and thing[0] in "yo" and thing[1:].isdigit():
        key = "verflixxt.card_yellow" if thing[0] == "y" else "verflixxt.card_orange"
        return str(t(key, value=int(thing[1:])))
    return str(thing)


class Revealed(TablePart):
    """A replayed table's part: its controls lie over the bar, across the window under
    the board. With "everyone" shown (``reveal_all``), each seat's panel names that
    seat's hidden things under its name and the header the shared hidden thing (the
    table itself then draws nobody's private things: it draws one viewer's at most, and
    none is drawn twice)."""

    bar_across = True

    def __init__(self, scene: TableScene):
        self.scene = scene
        self.reveal_all = False

    def laid_out(self) -> None:
        # the controls lie over the bar: the open drawer and its log end above them
        drawer_above_bar(self.scene.plan, self.scene.px, self.scene.frame.log.line_h())

    def revealed(self) -> tuple[list[str], str | None]:
        return hidden_things(self.scene.state, self.scene.t) if self.reveal_all else ([], None)

    def seats(self, inner: TableSeats) -> TableSeats:
        return RevealedSeats(inner, self)


class RevealedSeats(SeatsOver):
    """The replay's seats: with everyone's hidden things shown, each seat's under its
    name and the shared one in the header's label."""

    def __init__(self, inner: TableSeats, part: Revealed) -> None:
        super().__init__(inner)
        self.part = part

    def subtitle(self, player: int) -> str | None:
        seats, _shared = self.part.revealed()
        if player < len(seats) and seats[player]:
            return seats[player]
        return self.inner.subtitle(player)

    def seat(self, player: int) -> SeatFace:
        face = self.inner.seat(player)
        seats, _shared = self.part.revealed()
        shown = seats[player] if player < len(seats) else ""
        return SeatFace(face.score, face.highlight, (*face.key, shown))

    def header(self) -> Header:
        header = self.inner.header()
        _seats, shared = self.part.revealed()
        own = header.variant
        variant = own if shared is None else f"{own} · {shared}" if own else shared
        return Header(header.round, header.who, header.status, variant)


class ReplayControls(Scene):
    overlay = True

    def __init__(self, app, table: TableScene, replay: Replay, reveal: Revealed):
        super().__init__(app)
        self.table = table
        self.replay = replay
        self.reveal = reveal  # the table's part that names every seat's hidden things
        self.playing = False
        self.speed = SPEEDS[0]
        self.wait = 0.0
        self.shown_seat: int | None = None  # whose hidden things are shown
        self.dragging = False
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.track = pygame.Rect(0, 0, 0, 0)

    # -- moving --------------------------------------------------------------------------------
    def forward(self) -> None:
        """The next action, animated as in play."""
        if self.replay.position >= self.replay.length:
            self.playing = False
            return
        if self.table.player.busy():
            self.table.player.skip()
        self.table.player.queue(self.replay.step())
        self._settle()

    def jump(self, position: int) -> None:
        """Any position, at once: the table in line with it and its log rebuilt."""
        table = self.table
        table.player.timeline.finish_all()
        table.player.events.clear()
        self.replay.seek(position)
        table.player.last_round = self.replay.state.round_number
        table.log.clear()
        for line in self._log_until(self.replay.position):
            table.log_line(line)
        table.player.sync()
        self._settle()

    def _log_until(self, position: int) -> list[str]:
        """The log lines of the actions before ``position`` (the newest LOG_LINES), as
        the table wrote them in play: the events everybody saw, described."""
        lines: list[str] = []
        for events in reversed(self.replay.events[:position]):
            for event in reversed(events):
                if event.visible_to is None:
                    line = self.table.describe(event)
                    if line:
                        lines.append(line)
            if len(lines) >= LOG_LINES:
                break
        lines.reverse()
        return lines[-LOG_LINES:]

    def _settle(self) -> None:
        self._show(self.shown_seat)
        if self.replay.position >= self.replay.length:
            self.playing = False
        self.layout(self.size)

    def _show(self, seat: int | None) -> None:
        """Whose hidden things the table shows: nobody's (None), one seat's, or
        everyone's (:data:`EVERYONE`: in the seat panels, the table's own viewer none)."""
        self.shown_seat = seat
        everyone = seat == EVERYONE
        viewer = None if everyone else seat
        changed = viewer != self.table.private_player
        self.table.private_player = viewer
        self.table.session.viewer = viewer
        if changed:  # the pieces were put in line for the last viewer: its hand, not this
            if self.table.player.busy():
                self.table.player.skip()
            self.table.player.sync()
        if self.reveal.reveal_all != everyone:
            self.reveal.reveal_all = everyone
            self.table.frame.reset()

    def show(self, seat: int | None) -> None:
        """Whose hidden things are shown, from outside (the look back opens a moment
        with the deciding seat's hand shown, as the coach saw it: issue #40)."""
        self._show(seat)
        self.layout(self.size)

    def toggle_play(self) -> None:
        if self.replay.position >= self.replay.length:
            self.jump(0)
        self.playing = not self.playing
        self.wait = 0.0
        self.layout(self.size)

    def next_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        self.layout(self.size)

    def next_seat(self) -> None:
        seats = [None, *range(self.replay.session.players), EVERYONE]
        self._show(seats[(seats.index(self.shown_seat) + 1) % len(seats)])
        self.layout(self.size)

    def close(self) -> None:
        self.app.pop()  # the controls
        self.app.pop()  # the table

    def update(self, dt: float) -> None:
        if not self.playing or self.table.player.busy():
            return
        self.wait -= dt * self.speed
        if self.wait <= 0:
            self.wait = STEP_S
            self.forward()

    def busy(self) -> bool:
        return self.playing

    # -- layout ------------------------------------------------------------------------------
    def layout(self, size):
        super().layout(size)
        self.buttons.clear()
        w, _h = size
        plan = self.table.plan
        bar = plan.bar.union(plan.hint) if plan.hint.w else plan.bar
        pad = self.px(10)
        self.where_size = self.text_px(16)
        r = self.replay
        widest = self.t(
            "app.replay_where", n=r.length, total=r.length, round=self.t.round(max(r.rounds))
        )
        where_font = fonts.font(self.where_size)
        # one row under the timeline across the bar; in a narrow room (Duck's tray beside
        # its board, issue #38) the timeline over where it is, then the five pictures,
        # then the speed and whose things are shown
        stacked = bar.w < self.px(STACK_BELOW)
        # stacked, whose things are shown gets a row of its own when a label of it would
        # not fit beside the speed (the same rows whoever is shown: no jump on a click)
        own_row = stacked and self._shown_labels_wide(bar.w - 2 * pad - self.px(72))
        if stacked:
            row_h = self.px(42)
            line = where_font.get_linesize()
            rows = 3 if own_row else 2
            need = (rows + 1) * pad + self.px(40) + line + rows * row_h
            panel = pygame.Rect(bar.x, bar.bottom - need, bar.w, need)
            panel.y = max(panel.y, bar.y)
        else:
            lowered = plan.bar_lowered and bar.h >= self.px(BAND_LEAST)
            need = bar.h if lowered else self.px(BAND_H)
            panel = pygame.Rect(bar.x, bar.bottom - max(bar.h, need), bar.w, max(bar.h, need))
            row_h = min(self.px(46), (panel.h - 3 * pad) * 2 // 3)
        self.panel = panel
        y = panel.bottom - pad - row_h
        # the timeline, and where it is at its right (under it, stacked)
        where_w = min(panel.w // 2, where_font.size(widest)[0])
        track_w = panel.w - 2 * pad - self.px(24) - where_w
        if stacked:
            where_w = panel.w - 2 * pad
            track_w = panel.w - 2 * pad - self.px(16)
        self.where_w = where_w
        self.track = pygame.Rect(
            panel.x + pad + self.px(8), panel.y + pad + self.px(4), track_w, self.px(20)
        )
        self.where_at = (panel.right - pad, self.track.centery)
        if stacked:
            self.where_at = (panel.right - pad, self.track.bottom + self.px(8) + line // 2)
        # the controls: five pictures, the speed, whose hidden things are shown
        at_start, at_end = r.position == 0, r.position >= r.length
        if stacked:
            icon_w = min(self.px(52), (panel.w - 2 * pad - 4 * self.px(5)) // 5)
            y = panel.bottom - (rows * (pad + row_h))
        else:
            icon_w = min(self.px(52), (panel.w - 2 * pad) // 11, int(row_h * 1.15))
        keys = [
            ("replay:round_back", self.previous_round, not at_start),
            ("replay:back", self.back, not at_start),
            ("replay:play", self.toggle_play, True),
            ("replay:forward", self.forward, not at_end),
            ("replay:round_on", self.next_round, not at_end),
        ]
        x = panel.x + pad
        self.icons: list[tuple[pygame.Rect, str]] = []
        for key, action, enabled in keys:
            rect = pygame.Rect(x, y, icon_w, row_h)
            self.buttons.add(Button(rect, "", action, self.text_px(18), enabled=enabled, key=key))
            self.icons.append((rect, key))
            x += icon_w + self.px(5)
        speed = pygame.Rect(x + self.px(5), y, self.px(64), row_h)
        if stacked:  # the row under the pictures
            speed.topleft = (panel.x + pad, y + row_h + pad)
        self.buttons.add(
            Button(speed, f"{self.speed:g}×", self.next_speed, self.text_px(20), key="replay:speed")
        )
        if self.shown_seat is None:
            who = self.t("app.replay_hidden")
        elif self.shown_seat == EVERYONE:
            who = self.t("app.replay_everyone")
        else:
            who = self.t("app.replay_shows", name=self.replay.session.seats[self.shown_seat].name)
        show = pygame.Rect(
            speed.right + self.px(8), speed.y, panel.right - pad - speed.right - self.px(8), row_h
        )
        if own_row:  # under the speed, across the panel
            show = pygame.Rect(panel.x + pad, speed.bottom + pad, panel.w - 2 * pad, row_h)
        narrow = fonts.font(self.text_px(17)).size(who)[0] > show.w - 12
        if self.shown_seat is not None and self.shown_seat != EVERYONE and narrow:
            who = self.replay.session.seats[self.shown_seat].name  # narrow: the name says it
        self.buttons.add(Button(show, who, self.next_seat, self.text_px(17), key="replay:show"))
        # Close where the table has its Undo, menu and rules buttons (a replay has none)
        self.corner = pygame.Rect(w - self.px(236), 0, self.px(236), self.px(54))
        close = pygame.Rect(w - self.px(10) - self.px(150), self.px(8), self.px(150), self.px(40))
        self.buttons.add(
            Button(
                close, self.t("app.replay_close"), self.close, self.text_px(20), primary=True,
                key="replay:close",
            )
        )  # fmt: skip

    def _shown_labels_wide(self, width: int) -> bool:
        """A label of the "show" button (nobody, everyone, or a seat's name alone, as a
        narrow button says it) is wider than ``width`` at its size."""
        face = fonts.font(self.text_px(17))
        names = [seat.name for seat in self.replay.session.seats]
        labels = [self.t("app.replay_hidden"), self.t("app.replay_everyone"), *names]
        return any(face.size(label)[0] > width - 12 for label in labels)

    def back(self) -> None:
        self.jump(self.replay.position - 1)

    def previous_round(self) -> None:
        self.jump(self.replay.previous_round())

    def next_round(self) -> None:
        self.jump(self.replay.next_round())

    # -- input -------------------------------------------------------------------------------
    def handle_event(self, event):
        # The seats' drawer first, as at the table (issue #38): "Show" puts a seat's
        # hidden things in its panel, which lies in the drawer; its button, its key (L)
        # and a click outside it when open are the table's to take.
        if self.table.frame.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_ESCAPE: self.close,
                pygame.K_LEFT: self.back,
                pygame.K_RIGHT: self.forward,
                pygame.K_SPACE: self.toggle_play,
                pygame.K_HOME: lambda: self.jump(0),
                pygame.K_END: lambda: self.jump(self.replay.length),
                pygame.K_PAGEUP: self.previous_round,
                pygame.K_PAGEDOWN: self.next_round,
            }
            if event.key in keys:
                keys[event.key]()
                return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.track.inflate(0, self.px(16)).collidepoint(event.pos)
        ):
            self.dragging = True
            self._drag(event.pos[0])
            return
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._drag(event.pos[0])
            return
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return
        super().handle_event(event)

    def _drag(self, x: int) -> None:
        share = (x - self.track.x) / max(1, self.track.w)
        position = round(max(0.0, min(1.0, share)) * self.replay.length)
        if position != self.replay.position:
            self.playing = False
            self.jump(position)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface):
        draw_panel(surface, self.panel, radius=self.px(12))
        r = self.replay
        track = self.track
        pygame.draw.rect(surface, theme.BUTTON_DISABLED, track, border_radius=track.h // 2)
        done = track.copy()
        done.w = round(track.w * r.position / max(1, r.length))
        if done.w:
            pygame.draw.rect(surface, theme.ACCENT, done, border_radius=track.h // 2)
        for k in range(1, r.length + 1):  # a round's first action
            if r.rounds[k] != r.rounds[k - 1]:
                x = track.x + round(track.w * k / r.length)
                pygame.draw.line(surface, theme.INK_SOFT, (x, track.y + 3), (x, track.bottom - 4))
        knob = (track.x + done.w, track.centery)
        pygame.draw.circle(surface, theme.INK_LIGHT, knob, track.h // 2 + self.px(4))
        pygame.draw.circle(surface, theme.ACCENT_DARK, knob, track.h // 2 + self.px(4), 3)
        where = self.t(
            "app.replay_where",
            n=r.position,
            total=r.length,
            round=self.t.round(r.rounds[r.position]),
        )
        where, size = fonts.fit(where, self.where_size, self.where_w, 14)
        draw_text(
            surface,
            where,
            size,
            self.where_at,
            theme.INK_SOFT,
            anchor="midright",
            within=self.panel,
        )
        pygame.draw.rect(surface, theme.BG, self.corner)
        super().draw(surface)
        for rect, key in self.icons:
            enabled = self.buttons.by_key(key).enabled
            self._icon(surface, rect, key, theme.INK if enabled else theme.INK_SOFT)

    def _icon(self, surface, rect: pygame.Rect, key: str, colour) -> None:
        """The control's picture: triangles and bars, drawn (no font has them all)."""
        s = min(rect.h * 0.34, rect.w / 3.8)  # the widest picture (⏭) is 3.2 s wide
        cx, cy = rect.centerx, rect.centery

        def tri(x: float, pointing: int) -> None:
            points = [(x, cy - s), (x, cy + s), (x + pointing * s * 1.4, cy)]
            pygame.draw.polygon(surface, colour, points)
            pygame.draw.aalines(surface, colour, True, points)

        def bar(x: float) -> None:
            pygame.draw.rect(
                surface, colour, pygame.Rect(round(x), round(cy - s), round(s * 0.45), round(2 * s))
            )

        if key == "replay:play":
            if self.playing:
                bar(cx - s * 0.7)
                bar(cx + s * 0.25)
            else:
                tri(cx - s * 0.6, 1)
        elif key == "replay:forward":
            tri(cx - s * 0.9, 1)
            bar(cx + s * 0.55)
        elif key == "replay:back":
            tri(cx + s * 0.9, -1)
            bar(cx - s * 1.0)
        elif key == "replay:round_on":
            tri(cx - s * 1.5, 1)
            tri(cx - s * 0.2, 1)
            bar(cx + s * 1.25)
        elif key == "replay:round_back":
            tri(cx + s * 1.5, -1)
            tri(cx + s * 0.2, -1)
            bar(cx - s * 1.7)
