"""Issue #27 for Verflixxt!: the floors of the publisher-grade presentation, headless.

The board takes at least 55% of the window at every size from 1024x600 to 2560x1440,
with 2 to 6 players, in the base game and expansion 2 (with the attack variant); every
number and word on the table (tile values, START/FINISH, pawn letters, cards, chips,
mini tiles) is 14 px or more and written through the text sink; the die is the centre of
its tray, big and clickable; a tile's value is drawn over the pieces on it; the
instruction line never ends in "…"."""

from __future__ import annotations

import pytest

from game.rules.verflixxt import Roll
from game.ui import widgets
from tests.scene_helpers import make_app, push_game, step_until


def make_scene(app, players=4, options=None, humans=(0,)):
    return push_game(app, "verflixxt", humans, players, 3, options or {}, level="easy")


SIZES = [(1024, 600), (1280, 720), (1920, 1080), (2560, 1440)]
VARIANTS = [{}, {"variant": "hats"}, {"variant": "hats", "attack": True}]


@pytest.mark.parametrize("size", SIZES)
def test_the_board_takes_55_percent_of_the_window_issue_27(size):
    """Issue #27: the board first — at least 55% of the window, every player count and
    variant."""
    app = make_app(size)
    try:
        for options in VARIANTS:
            for players in range(2, 7):
                scene = make_scene(app, players=players, options=dict(options))
                board = scene.plan.board
                share = board.w * board.h / (size[0] * size[1])
                assert share >= 0.55, (size, players, options, round(share, 3))
    finally:
        import pygame

        pygame.quit()


@pytest.mark.parametrize("size", [(1024, 600), (2560, 1440)])
@pytest.mark.parametrize("options", VARIANTS)
def test_every_text_on_the_table_is_14px_and_recorded_issue_27(size, options):
    """Issue #27: tile values, START/FINISH, pawn letters, cards and chips are texts the
    layout tests see, none under 14 px; the instruction never ends in "…"."""
    import pygame

    from game.ui import fonts

    app = make_app(size)
    try:
        scene = make_scene(app, players=6, options=dict(options))
        rendered: list[tuple[str, int]] = []
        original = fonts.render

        def spy(text, size_, *args, **kwargs):
            rendered.append((text, int(size_)))
            return original(text, size_, *args, **kwargs)

        fonts.render = spy  # type: ignore[assignment]
        try:
            scene.game.art.forget()
            scene.compositor.forget()
            with widgets.recording(app.screen) as sink:
                scene.draw(app.screen)
        finally:
            fonts.render = original  # type: ignore[assignment]
        recorded = {t.text for t in sink.texts}
        small = [(t.text, t.size) for t in sink.texts if t.size < 14]
        assert not small, small
        unseen = {text for text, _ in rendered if text.strip() and text not in recorded}
        assert not unseen - {"Ag"}, sorted(unseen)
        labels = {t.text for t in sink.texts}
        assert labels & {"START", "FINISH"}  # (the hat draw may cover one)
        assert {"a", "b"} <= labels  # the pawns' letters
        hint = scene.game.seats.hint_text()
        assert "…" not in (hint if isinstance(hint, str) else hint.main)
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", SIZES)
def test_the_die_is_the_trays_centre_and_rolls_on_a_click_issue_27(size):
    """Issue #27: the main action is obvious — the die is big, in the middle of the
    tray, and a click on it rolls (as its button does)."""
    import pygame

    app = make_app(size)
    try:
        scene = make_scene(app, players=4)
        for _ in range(400):
            if scene.sharing.deciding() is not None:
                break
            app.step(1 / 20)
        scene.game.controls.rebuild()
        die, tray = scene.game.model.die_rect, scene.game.model.action_rect
        assert die is not None
        assert abs(die.centerx - tray.centerx) <= 1
        assert die.h >= tray.h - scene.px(12)
        assert die.h >= 40
        spot = next(c for c in scene.game.choices.controls if c.key == "die")
        assert spot.action == Roll() and spot.rect == die
    finally:
        pygame.quit()


def test_a_tiles_value_is_drawn_over_the_pieces_on_it_issue_27():
    """Issue #27: pieces never hide a tile's value — its badge is drawn after them, and
    the value sits low on the tile where the pawns' letters are not."""
    import pygame

    app = make_app((1280, 720))
    try:
        scene = make_scene(app, players=6)
        with widgets.recording(app.screen) as sink:
            scene.draw(app.screen)
        texts = sink.texts
        order = {t.text: i for i, t in enumerate(texts)}
        letters = [i for i, t in enumerate(texts) if t.text in ("a", "b", "c")]
        values = [i for i, t in enumerate(texts) if t.text.startswith(("+", "−"))]
        assert letters and values
        # the board's values come after the pieces at rest on it
        assert max(values) > min(letters)
        assert "START" in order
    finally:
        pygame.quit()


def _to_move(app, scene):
    """Play on until the person (seat 0) has rolled and must move a piece. The steps wait
    for a computer still deciding on its thread (issue #37: a count of frames alone ran
    out before a slow decision landed on a loaded machine)."""

    def ready() -> bool:
        return scene.sharing.deciding() is not None and not scene.player.busy()

    assert step_until(app, ready, 2000, 1 / 20), "the person never had the die"
    scene.game.choices.click_control("roll")
    app.step(1 / 20)
    assert step_until(app, ready, 2000, 1 / 20), "the person never had a piece to move"
    scene.game.controls.rebuild(force=True)


def _apart(choices) -> float:
    import itertools
    import math

    return min(
        (math.dist(a.rect.center, b.rect.center) for a, b in itertools.combinations(choices, 2)),
        default=1e9,
    )


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_pawn_to_pick_is_a_target_of_its_own_issue_27(players):
    """Issue #27: the pawns a person may pick on one tile are 24 px apart at 1024x600, or
    the tile is one target that opens a picker."""
    import pygame

    app = make_app((1024, 600))
    try:
        scene = make_scene(app, players=players)
        _to_move(app, scene)
        controls = scene.game.choices.controls
        pieces = [c for c in controls if c.spot == "piece"]
        assert pieces
        crowds = {c.key for c in controls if c.spot == "crowd"}
        by_tile: dict[str, list] = {}
        for c in pieces:
            by_tile.setdefault(scene.game.model.table.pieces[c.piece], []).append(c)
        for tile, group in by_tile.items():
            assert _apart(group) >= 24 or f"crowd:{tile}" in crowds, (tile, group)
    finally:
        pygame.quit()


def test_a_crowded_tile_opens_a_picker_of_large_pawns_well_apart_issue_27(monkeypatch):
    """Issue #27: when the pawns to pick stand too close, a click on the tile lays them
    out large in a row (each choosing what its pawn chooses); Backspace closes it."""
    import pygame

    from game.scenes.verflixxt import controls as vx_controls

    monkeypatch.setattr(vx_controls, "MIN_APART", 400)  # every tile with two is crowded
    app = make_app((1024, 600))
    try:
        scene = make_scene(app, players=4)
        _to_move(app, scene)
        game = scene.game
        crowd = next(c for c in game.choices.controls if c.spot == "crowd")
        pieces = {c.piece: c for c in game.choices.controls if c.spot == "piece"}
        crowd.on_click()
        picks = [c for c in game.choices.controls if c.spot == "pick"]
        assert len(picks) >= 2
        assert _apart(picks) >= 24
        for pick in picks:
            assert pick.rect.w >= 40 and pick.rect.h >= 40
            assert game.model.board.contains(pick.rect)
            assert pick.action == pieces[pick.piece].action
        with widgets.recording(app.screen) as sink:
            scene.draw(app.screen)
        letters = [t for t in sink.texts if t.text in ("a", "b", "c") and t.size >= 14]
        assert any(p.rect.contains(t.rect) for p in picks for t in letters)
        game.controls.handle(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""), 0
        )
        assert game.model.picker is None
        assert not [c for c in game.choices.controls if c.spot == "pick"]
        # a pawn of the picker chooses its move
        crowd = next(c for c in game.choices.controls if c.spot == "crowd")
        crowd.on_click()
        before = len(scene.session.actions)
        next(c for c in game.choices.controls if c.spot == "pick").on_click()
        assert len(scene.session.actions) == before + 1
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", SIZES)
def test_twelve_pawns_on_the_start_stand_in_a_grid_no_pawn_in_front_of_another_issue_27(size):
    """Issue #27, pieces never hide information: the twelve pawns of a six-player game
    stand on the start in a grid that shrinks with the count: no two pawns' pictures
    overlap (every letter and seat mark shows), all inside the board, and each is a
    target 24 px from the next or its tile opens the picker."""
    import itertools

    import pygame

    from game.rules.verflixxt.data import START

    app = make_app(size)
    try:
        scene = make_scene(app, players=6)
        app.draw()
        geometry = scene.game.geometry
        crowd = geometry.groups()[START]
        assert len(crowd) == 12
        scale = geometry.crowd_scale(START, crowd)
        rects = {p: geometry.piece_rect(p, geometry.piece_spot(p), scale) for p in crowd}
        for a, b in itertools.combinations(crowd, 2):
            # at most the base of the pawn behind stands behind the head in front
            overlap = rects[a].clip(rects[b])
            assert overlap.w * overlap.h == 0 or overlap.h <= 0.15 * rects[a].h, (a, b)
        for piece, rect in rects.items():  # its letter and its head: in front of nothing
            letter = scene.game.art.piece_letter(piece, rect)
            assert letter is not None
            head = pygame.Rect(rect.x, rect.y + rect.h * 0.1, rect.w, rect.h * 0.3)
            core = pygame.Rect(0, 0, 6, 6)
            core.center = (round(letter.centre[0]), round(letter.centre[1]))
            for other, there in rects.items():
                if other != piece:
                    assert not there.colliderect(core) and not there.colliderect(head)
        for rect in rects.values():
            assert scene.game.model.board.contains(rect)
        # the letters are at the floor (14 px) however small the crowd is drawn
        letter = scene.game.art.piece_letter(crowd[0], rects[crowd[0]])
        assert letter is not None and letter.size >= 14
        _to_move(app, scene)
        controls = scene.game.choices.controls
        pieces = [c for c in controls if c.spot == "piece" and c.piece in crowd]
        crowds = {c.key for c in controls if c.spot == "crowd"}
        assert _apart(pieces) >= 24 or f"crowd:{START}" in crowds
    finally:
        pygame.quit()


def test_rounded_panels_have_smooth_corners_issue_27():
    """Issue #27, smooth: smooth.rounded_rect's corners blend into the ground (pixels
    between the fill and the ground), where pygame.draw.rect's are two-coloured."""
    import pygame

    from game.ui import smooth

    pygame.init()
    ground, fill = (0, 0, 0), (255, 255, 255)
    for width in (0, 3):
        surface = pygame.Surface((80, 60))
        surface.fill(ground)
        smooth.rounded_rect(surface, fill, pygame.Rect(0, 0, 80, 60), 20, width)
        corner = {surface.get_at((x, y))[:3] for x in range(20) for y in range(20)}
        assert any(0 < c[0] < 255 for c in corner), width
        assert surface.get_at((40, 0))[:3] == fill and surface.get_at((0, 0))[:3] == ground


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("count", [3, 8, 20])
def test_every_number_in_a_seats_pile_is_shown_or_counted_issue_27(size, count):
    """Issue #27: a squeezed pile hid tile numbers under the next tile. Now the mini
    tiles shown (the newest) stand apart, each wider than its number, inside the seat
    panel, and "+n more" counts the ones that do not fit."""
    import pygame

    from game.ui import fonts

    app = make_app(size)
    try:
        scene = make_scene(app, players=6)
        app.draw()
        seats = scene.game.seats
        pile = list(scene.state.box.kinds)[:count]
        for player in range(6):
            scene.game.model.table.taken[player] = pile
            extras = scene.frame.panel_parts(player).extras  # in the drawer (issue #38)
            row = seats.seat_row(player, extras)
            x, step, _y, size_px, shown = seats._pile(row, count)
            assert 1 <= shown <= count
            stamps = [scene.game.art.mini_tile(tile, size_px) for tile in pile[-shown:]]
            widest = max(s.image.get_width() for s in stamps)
            assert step >= widest + 2
            last_right = x + (shown - 1) * step + widest / 2
            if shown < count:  # the "+n" after the shown tiles, inside the panel
                words = scene.game.host.t("verflixxt.pile_more", n=count - shown)
                more = fonts.font(scene.game.host.text_px(14), True).size(words)
                last_right += more[0]
            assert last_right <= extras.right + 1
        app.draw()  # and the panels paint with the long piles
    finally:
        pygame.quit()


def _drawn_icons(app, scene) -> list[widgets.IconDrawn]:
    """The icons (pieces, values, marks, hats) one frame of ``scene`` records, its kept
    pictures painted again."""
    scene.compositor.forget()
    with widgets.recording(app.screen) as sink:
        scene.draw(app.screen)
    return list(sink.icons)


def _covered_values(icons) -> list[tuple[str, str]]:
    """Every (value, piece) where a piece or a hat (kind "piece") lies over a tile's value
    (more than their outer 2 px), whichever was drawn first."""
    values = [i for i in icons if i.kind == "value"]
    pieces = [i for i in icons if i.kind == "piece"]
    return [
        (v.name, p.name)
        for v in values
        for p in pieces
        if p.rect.inflate(-4, -4).colliderect(v.rect)
    ]


def _hidden_marks(icons) -> list[tuple[str, str]]:
    """Every (mark, hat) where a hat lies over a seat's mark."""
    marks = [i for i in icons if i.name.startswith("mark:")]
    hats = [i for i in icons if i.name.startswith("hat:")]
    return [
        (m.name, h.name) for m in marks for h in hats if h.rect.inflate(-2, -2).colliderect(m.rect)
    ]


def test_no_piece_covers_a_tiles_value_at_six_players_mid_game_issue_27():
    """Issue #27, pieces never hide information: at 1024x600 with six players in the
    middle of a game (the person's pawns to move drawn over the board), every tile's value
    is recorded as a value and no pawn, guardian or hat lies over one; every pawn's seat
    mark is 16 px."""
    import pygame

    app = make_app((1024, 600))
    try:
        scene = make_scene(app, players=6)
        for _ in range(3):
            _to_move(app, scene)
            if (
                scene.game.model.table.pieces
                and len(set(scene.game.model.table.pieces.values())) > 3
            ):
                break
        icons = _drawn_icons(app, scene)
        values = [i for i in icons if i.kind == "value"]
        pieces = [i for i in icons if i.kind == "piece"]
        assert len(values) >= 20 and len(pieces) >= 12
        assert not _covered_values(icons)
        marks = [i for i in icons if i.name.startswith("mark:")]
        assert marks and min(min(m.rect.size) for m in marks) >= 16
    finally:
        pygame.quit()


@pytest.mark.parametrize("count", [2, 4, 6])
def test_pawns_stacked_on_a_value_tile_stand_over_its_value_issue_27(count):
    """Issue #27: pawns stacked on a tile with a value stand in a grid over the value,
    never on it; a hat on one of them covers no seat's mark (its own or a pawn's behind
    it), and no pawn in the stack is narrower than a 16 px mark needs."""
    import pygame

    from game.rules.verflixxt.data import START

    app = make_app((1024, 600))
    try:
        scene = make_scene(app, players=6, options={"variant": "hats"})
        table, geometry = scene.game.model.table, scene.game.geometry
        # a tile clear of the hat draw's panel (it covers the board's middle at the start)
        panel = geometry.contest_rect() if table.contest is not None else pygame.Rect(0, 0, 0, 0)
        tile = next(
            t
            for t in table.track
            if t != START
            and t not in table.pieces.values()
            and not geometry.tile_rect(t).inflate(0, geometry.tile_rect(t).h).colliderect(panel)
        )
        stacked = sorted(p for p in table.pieces if p[0] != "g")[:count]
        for piece in stacked:
            table.pieces[piece] = tile
        table.hats["lucky"] = stacked[-1]  # the front row's last pawn
        icons = _drawn_icons(app, scene)
        assert any(i.name == f"value:{tile}" for i in icons)
        on_tile = [i for i in icons if i.kind == "piece" and i.name in stacked]
        assert len(on_tile) == count
        assert min(i.rect.w for i in on_tile) >= 22
        assert any(i.name == "hat:lucky" for i in icons)
        assert not _covered_values(icons)
        assert not _hidden_marks(icons)
    finally:
        pygame.quit()


def test_the_bar_and_buttons_are_in_the_still_picture_issue_27(monkeypatch):
    """Issue #27 (frame cost): the piles, the hand and the buttons stand still: they are
    painted into the still picture, not drawn on every frame (only a tumbling die is);
    hovering a button paints the still picture again."""
    import pygame

    app = make_app((1024, 600))
    try:
        scene = make_scene(app, players=4, options={"variant": "hats"})
        for _ in range(400):
            if scene.sharing.deciding() is not None and not scene.player.busy():
                break
            app.step(1 / 20)
        game = scene.game
        assert game.buttons_in_still
        drawn: list[str] = []
        panel = game.bar.draw_action_panel
        monkeypatch.setattr(
            game.bar, "draw_action_panel", lambda s, f: (drawn.append("panel"), panel(s, f))
        )
        buttons = scene.buttons.draw
        monkeypatch.setattr(scene.buttons, "draw", lambda s: (drawn.append("buttons"), buttons(s)))
        scene.compositor.forget()
        app.draw()
        assert sorted(drawn) == ["buttons", "panel"]  # painted once, into the still picture
        drawn.clear()
        app.draw()
        app.draw()
        assert drawn == []
        button = next(b for b in scene.buttons.buttons if b.label and not getattr(b, "spot", ""))
        button.hovered = not button.hovered
        app.draw()
        assert "buttons" in drawn  # the still picture follows the button's looks
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_the_hat_draw_hides_only_the_values_of_the_tiles_under_it_issue_38(size):
    """issue #38 (bug): while the hat draw is open with six seats, most tiles and the
    FINISH lost their values (every tile the panel touched). Only a value the panel
    would cut is left out (written down as hidden there); every other value shows, the
    FINISH's too, and the audit finds no value-bearing tile drawn without its value."""
    import pygame

    from game.rules.verflixxt.data import FINISH
    from tools.audit_layout import find_missing_values

    app = make_app(size)
    try:
        scene = make_scene(app, players=6, options={"variant": "hats"})
        assert step_until(app, lambda: scene.game.model.table.contest is not None, 400, 1 / 30)
        icons = _drawn_icons(app, scene)
        panel = next(i.rect for i in icons if i.kind == "cover")
        valued = [i for i in icons if i.kind == "valued"]
        values = [i for i in icons if i.kind == "value"]
        hidden = [i for i in icons if i.kind == "hidden"]
        assert len(valued) >= 20 and len(values) >= 10
        assert FINISH in {i.name.partition(":")[2] for i in values}
        cut = {i.name for i in hidden if panel.colliderect(i.rect)}
        assert {i.name for i in hidden} == cut  # only the values it would cut
        assert not any(panel.colliderect(i.rect) for i in values)
        assert find_missing_values(icons) == []
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_goal_chips_hats_and_the_pile_never_overlap_in_a_seat_panel_issue_38(size):
    """issue #38: goal-chip coins lay over each other and over the hat and card icons
    ("+3", "+5" unreadable at 1280x720) and a hat over the pile's "+4 more". Each coin's
    "+n" is inside its coin, many chips are one coin and their sum, and the audit finds
    no icon over another, nor a text running into one, in any seat panel."""
    import pygame

    from tools.audit_layout import find_icon_overlaps

    app = make_app(size)
    try:
        scene = make_scene(app, players=4, options={"variant": "hats"})
        t = scene.game.model.table
        t.chips_won[1], t.chips_won[2], t.chips_won[3] = [3, 5], [2, 3, 5], [5]
        t.hats_home[1], t.hats_home[2] = ["lucky"], ["unlucky", "lucky"]
        t.taken[1], t.taken[2] = list(t.track[3:8]), list(t.track[8:11])
        # the seat panels with their chips are in the seat drawer (issue #38's board
        # share): opened, as a person does with its button or L
        scene.frame.seat_drawer.toggle(True)
        drawer = scene.plan.drawer
        icons = _drawn_icons(app, scene)
        with widgets.recording(app.screen) as sink:
            scene.draw(app.screen)
        panels = drawer.seats if drawer is not None else scene.plan.seats
        seats = {f"seat{i + 1}": r for i, r in enumerate(panels)}
        assert find_icon_overlaps(sink.icons, sink.texts, seats) == []
        coins = [i for i in icons if i.name.startswith("chip")]
        assert len(coins) >= 3  # the chips are drawn
        texts = {tx.text for tx in sink.texts}
        assert "+5" in texts and ("+3" in texts or "+10" in texts)
    finally:
        pygame.quit()
