"""The Eight Routes scene under the dummy video driver: whole games through the scene
(computer seats only, and a person driven by synthetic mouse and key events), the curtain
between two people, both layouts, and a log line for every event kind in EN and JA."""

import itertools
import random
from dataclasses import replace
from functools import partial

import pygame
import pytest

from game.rules.routes import (
    ChangeDie,
    DeclineChip,
    EndPhase,
    PushMarker,
    TakeAll,
    TakeOne,
    TurnChip,
)
from game.rules.routes.events import (
    ChipDeclined,
    ChipOffered,
    ChipTaken,
    ChipTurned,
    D6Rolled,
    DiceSorted,
    DiceTaken,
    DieChanged,
    GameOver,
    MandatorySkipped,
    MarkerBlocked,
    MarkerMoved,
    PhaseEnded,
    PhaseStarted,
    Rolled,
    RoundEnded,
    RoundStarted,
    RouteScored,
    RoutesEvent,
)
from game.scenes.routes import Choice, RoutesScene
from game.scenes.routes.model import Walk
from game.scenes.table.end_screen import GameOverScene
from game.scenes.table.handoff import HandoffScene
from game.screenshot import fast_forward
from game.ui import fonts
from tests import scene_helpers
from tests.scene_helpers import (
    assert_on_screen,
    click,
    deciding,
    draw_frames,
    hover_every_control,
    key,
    make_app,
    motion,
    play_every_event,
    push_game,
    resize,
)

EVENT_KINDS = (
    "round_start",
    "chip_taken",
    "roll",
    "dice_sorted",
    "d6_roll",
    "phase_start",
    "mandatory_skipped",
    "dice_taken",
    "marker_move",
    "marker_blocked",
    "die_changed",
    "chip_offered",
    "chip_turned",
    "chip_declined",
    "phase_end",
    "round_end",
    "route_scored",
    "game_over",
)


pytestmark = pytest.mark.usefixtures("quick_bots")  # computers act at once


def make_scene(app, humans=(), players=4, seed=3, options=None) -> RoutesScene:
    return push_game(app, "routes", humans, players, seed, options or {}, level="normal")


run_until = partial(scene_helpers.run_until, steps=20000, dt=1 / 20)


def test_a_whole_game_with_computer_seats_ends_on_the_game_over_overlay():
    app = make_app()
    try:
        scene = make_scene(app, humans=(), players=4, seed=11)
        assert scene.player.busy()  # the first round's roll is played at the start
        run_until(app, lambda: scene.game.model.table.loose, steps=30, dt=1 / 30)
        assert scene.game.model.table.round == 1 and scene.game.model.table.chips[0] == [
            [1, 1]
        ]  # before the roll
        run_until(app, lambda: isinstance(app.top, GameOverScene))
        state = scene.state
        assert state.is_over()
        assert scene.game.model.table.totals == list(state.route_scores()["totals"])
        assert sorted(scene.game.model.table.final) == list(range(1, 9))
        assert any("Route 8" in line for line in scene.log)
        app.draw()
    finally:
        pygame.quit()


def test_a_person_plays_whole_phases_through_the_mouse_and_the_keyboard():
    """Seat 0 is a person: every decision is made by clicking a control or pressing keys,
    among what the scene offers (which must be exactly the legal actions). What to do is
    picked so that every kind of control gets used, by mouse and by keys."""
    app = make_app()
    rng = random.Random(5)
    used = set()
    try:
        scene = make_scene(app, humans=(0,), players=3, seed=7)
        phases = 0
        while not scene.state.is_over():
            run_until(app, lambda: deciding(scene) or scene.state.is_over())
            if scene.state.is_over():
                break
            state = scene.state
            phases += not state.mandatory_done
            legal = set(state.legal_actions(0))
            offered = {b.action for b in scene.controls if b.action is not None}
            steps = {b.key for b in scene.controls if b.key.startswith("mode:")}
            assert offered <= legal
            # everything legal is reachable: directly, or behind the C / D buttons (and
            # from there, Back)
            hidden = legal - offered
            if scene.game.model.mode in ("C", "D"):
                assert scene.game.controls.choices.control("back") is not None
            else:
                assert all(isinstance(a, (ChangeDie, PushMarker)) for a in hidden)
                if any(isinstance(a, ChangeDie) for a in hidden):
                    assert "mode:C" in steps
                if any(isinstance(a, PushMarker) for a in hidden):
                    assert "mode:D" in steps
            choice = _pick(scene, used, rng)
            how = "keys" if (choice.key.split(":")[0], "mouse") in used else "mouse"
            before = len(scene.session.actions)
            _operate(app, scene, choice, how)
            used.add((choice.key.split(":")[0], how))
            app.step(1 / 60)
            if choice.key.startswith("mode:") or choice.key == "back":
                assert len(scene.session.actions) == before
            else:
                assert len(scene.session.actions) == before + 1
        run_until(app, lambda: isinstance(app.top, GameOverScene))
        assert phases >= 6
        kinds = {"take", "one", "mode", "change", "route", "end", "back"}
        assert {k for k, _ in used} >= kinds, sorted(used)
        assert {("take", "mouse"), ("take", "keys"), ("end", "mouse"), ("end", "keys")} <= used
    finally:
        pygame.quit()


def _pick(scene, used, rng) -> Choice:
    """A control to press: one of a kind not used yet (by mouse and by keys), else
    what moves the person towards routes 3 and 5 (so C and D become possible)."""
    tried = {k for k, _ in used}
    both = {k for k in tried if (k, "mouse") in used and (k, "keys") in used}
    controls = scene.controls
    by_kind: dict = {}
    for b in controls:
        by_kind.setdefault(b.key.split(":")[0], []).append(b)
    if "back" in by_kind and "back" not in both:
        return by_kind["back"][0]
    for kind in ("mode", "change", "route", "end", "pass", "one"):
        if kind in by_kind and kind not in both:
            if kind == "mode" and "back" not in both:
                return by_kind[kind][0]  # then Back, the next time round
            return rng.choice(by_kind[kind])
    for face in (3, 5):
        if not scene.state.pos[face - 1][0]:
            for b in controls:
                if b.key == f"take:{face}":
                    return b
    takes = by_kind.get("take") or by_kind.get("one")
    return rng.choice(takes) if takes else rng.choice(controls)


def _operate(app, scene, choice: Choice, how: str) -> None:
    """Press one control by mouse (hover shows the preview, then click) or by keys."""
    if how == "mouse":
        motion(app, choice.rect.center)
        app.step(1 / 60)
        if choice.action is not None:
            assert scene.game.controls.choices.attention() is choice
        click(app, choice.rect.center)
        return
    action = choice.action
    if isinstance(action, (TakeAll, TakeOne)):
        mod = pygame.KMOD_SHIFT if isinstance(action, TakeOne) else 0
        key(app, pygame.K_1 + action.face - 1, mod)
        app.step(1 / 60)
        assert scene.game.controls.choices.attention() is choice  # the first press shows it ...
        key(app, pygame.K_1 + action.face - 1, mod)  # ... the second takes it
    elif isinstance(action, (PushMarker, TurnChip)):
        key(app, pygame.K_1 + action.route - 1)
        app.step(1 / 60)
        assert scene.game.controls.choices.attention() is choice
        key(app, pygame.K_RETURN)
    elif isinstance(action, ChangeDie):
        key(app, pygame.K_1 + action.face - 1)
        key(app, pygame.K_PLUS if action.delta > 0 else pygame.K_MINUS)
    elif isinstance(action, DeclineChip):
        key(app, pygame.K_p)
        key(app, pygame.K_RETURN)
    elif isinstance(action, EndPhase):
        key(app, pygame.K_e)
        key(app, pygame.K_RETURN)
    elif choice.key == "mode:C":
        key(app, pygame.K_c)
    elif choice.key == "mode:D":
        key(app, pygame.K_d)
    else:
        assert choice.key == "back"
        key(app, pygame.K_BACKSPACE)


def test_a_click_on_a_lid_square_takes_all_its_dice_and_the_preview_follows_the_mouse():
    app = make_app()
    try:
        scene = make_scene(app, humans=(1,), players=3, seed=2)
        run_until(app, lambda: deciding(scene))
        face = next(f for f in range(1, 9) if scene.state.lid[f - 1])
        body = scene.game.model.squares[face - 1].move(0, 0)
        body.height -= scene.game.model.strip_h + scene.px(6)
        motion(app, body.center)
        app.step(1 / 60)
        assert scene.game.controls.choices.attention().action == TakeAll(face)
        shown = scene.game.controls.choices.preview(TakeAll(face))
        assert shown["lid"][face - 1] == 0
        app.draw()
        count = scene.state.lid[face - 1]
        click(app, body.center)
        assert scene.session.actions[-1] == (1, f"A {face}")
        run_until(app, lambda: scene.game.model.table.held[1] == count, steps=60)
    finally:
        pygame.quit()


def test_two_people_at_one_screen_play_without_a_curtain():
    """issue #36: Eight Routes hides nothing (every die and marker is on the table), so
    two people at one screen never see a curtain ("on some turns and not on others"
    before): each person's controls come straight when their phase begins."""
    app = make_app()
    try:
        scene = make_scene(app, humans=(0, 1), players=3, seed=4)
        people_seen = set()
        for _ in range(12):
            run_until(app, lambda: deciding(scene) or isinstance(app.top, HandoffScene))
            assert not isinstance(app.top, HandoffScene)
            person = scene.private_player
            assert person == scene.state.current and scene.controls
            people_seen.add(person)
            end = scene.game.controls.choices.control("end")
            take = next((b for b in scene.controls if b.key.startswith("take:")), None)
            target = end or take or next(b for b in scene.controls if b.action is not None)
            click(app, target.rect.center)
            app.step(1 / 60)
        assert people_seen == {0, 1}
    finally:
        pygame.quit()


@pytest.mark.parametrize(
    "size,lang",
    [((1280, 720), "en"), ((1920, 1080), "ja"), ((1920, 1080), "en"), ((1280, 720), "ja")],
)
def test_layouts_draw_at_rest_and_mid_animation(size, lang):
    app = make_app(size, lang)
    try:
        scene = make_scene(app, humans=(0,), players=5, seed=9)
        draw_frames(app, 6)
        fast_forward(scene, 2)
        run_until(app, lambda: deciding(scene))
        app.draw()
        plan = scene.plan
        assert_on_screen(scene, size, (scene.game.model.board, plan.bar, plan.log, *plan.seats))
        # the routes and the lid share the frame's board, one over the other
        assert scene.game.model.board.contains(
            scene.game.model.routes_rect
        ) and scene.game.model.board.contains(scene.game.model.lid_rect)
        assert not scene.game.model.routes_rect.colliderect(scene.game.model.lid_rect)
        assert all(scene.game.model.routes_rect.contains(lane) for lane in scene.game.model.lanes)
        assert all(
            scene.game.model.lid_rect.contains(square) for square in scene.game.model.squares
        )
        # the person's controls: in the lid's strips, on the routes, or in the bar
        for choice in scene.controls:
            assert any(
                area.contains(choice.rect)
                for area in (scene.game.model.lid_rect, scene.game.model.routes_rect, plan.controls)
            ), choice.key
        hover_every_control(app, scene)
        resize(app, (1600, 900))
        app.draw()
    finally:
        pygame.quit()


def test_skipping_puts_every_piece_where_the_state_says():
    app = make_app()
    try:
        scene = make_scene(app, humans=(), players=5, seed=21)
        for _ in range(40):
            app.step(1 / 20)
            if scene.player.busy():
                scene.player.skip()
                state = scene.state
                spots = {
                    (r + 1, m["player"]): [m["space"], m["stack"], 0.0]
                    for r, stack in enumerate(state.markers())
                    for m in stack
                }
                assert scene.game.model.table.spots == spots
                assert scene.game.model.table.lid == list(state.lid)
                assert scene.game.model.table.chips == state.chips
    finally:
        pygame.quit()


def _every_event_kind():
    yield RoundStarted(1, 8, player=0)
    yield ChipTaken(1, player=0)
    yield Rolled((1, 2, 3, 8), player=0)
    yield DiceSorted((1, 1, 1, 0, 0, 0, 0, 1), player=0)
    yield D6Rolled(3, 3, player=0)
    yield PhaseStarted(1, False, player=1)
    yield PhaseStarted(1, True, player=0)
    yield MandatorySkipped(player=1)
    yield DiceTaken(2, 3, "A", (0,) * 8, player=1)
    yield DiceTaken(2, 1, "B", (0,) * 8, player=1)
    for start, end in ((0, 3), (3, 5), (1, 0)):
        yield MarkerMoved(2, start, end, 0, 0, "A", player=1)
    for cause in ("B", "C", "D", "d6", "chip"):
        yield MarkerMoved(4, 2, 3, 1, 0, cause, player=1)
    yield MarkerBlocked(6, 20, "A", player=1)
    yield DieChanged(1, 2, (0,) * 8, player=1)
    yield ChipOffered(player=1)
    yield ChipTurned(2, 6, player=1)
    yield ChipDeclined(player=1)
    yield PhaseEnded(1, player=1)
    yield RoundEnded(1, 2, player=0)
    yield RouteScored(1, (5, 0, 12), (2, 0), (5, 3))
    yield RouteScored(8, (0, 0, 0), (), ())
    yield GameOver((30, 12, 44), (2,))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_describe_gives_a_line_for_every_event_kind(lang):
    app = make_app(lang=lang)
    try:
        scene = make_scene(app, humans=(0,), players=3)
        events = list(_every_event_kind())
        assert {e.kind for e in events} == set(EVENT_KINDS) == set(RoutesEvent.kinds)
        for event in events:
            line = scene.describe(event)
            assert line and "{" not in line and "routes." not in line, (event.kind, line)
            assert not fonts.missing_glyphs(line), line
            if lang == "ja" and event.kind not in ("dice_sorted",):
                assert any(ord(ch) > 0x3000 for ch in line), line
        play_every_event(app, scene, events)
    finally:
        pygame.quit()


def test_each_route_head_says_how_it_scores_and_what_it_does_in_plain_words():
    """ER-30..ER-38 on the board: a rank route shows its points as medals (only the ranks
    counted with this many players, ER-30), a position route says it scores its spaces
    (their values are printed on them); the threshold and the route's own action are in
    words, not in the rule sheet's letters."""
    app = make_app()
    try:
        scene = make_scene(app, players=4)
        scorer = scene.state.scorer
        heads = [scene.game.board.head_lines(r, scorer) for r in range(1, 9)]
        assert heads[0] == ("Space values", "")
        assert heads[6] == ("Space values", "1–7 lose points")
        assert heads[1] == ("", "from space 5") and heads[7] == ("", "from space 10")
        assert heads[2][1] == "Change a die" and heads[4][1] == "Push a marker"
        assert heads[3][1] == "Red die bonus" and heads[5] == ("1st only", "Flip a chip")
        medals = [len(scene.game.board.medal_rects(r)) for r in range(1, 9)]
        assert medals == [0, 4, 4, 3, 2, 1, 0, 3]  # 4 players: route 2's 5th rank is ignored
        shorthand = ("C:", "D:", "6s", "(A)", "(B)", "(C)", "(D)", "d6", "parent", "pick-up")
        for first, second in heads:
            assert not any(s in first + second for s in shorthand), (first, second)
    finally:
        pygame.quit()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_log_and_the_prompts_use_plain_words_and_keep_the_shorthand_for_tooltips(lang):
    """Issue #17: no "(A)", "(D)", "d6", "parent" or "pick-up phase" in what the table
    writes; the rule sheet's names stay, as a legend, in the tooltips."""
    app = make_app(lang=lang)
    try:
        scene = make_scene(app, humans=(0,), players=3)
        lines = [scene.describe(e) for e in _every_event_kind()]
        scene.game.model.table.parent, scene.game.model.table.current = 0, 1
        lines += [
            str(scene.frame.hint_text()),
            scene.frame.turn_status()[1],
            scene.frame.variant_label(),
        ]
        for mode in ("main", "C", "D", "chip"):
            scene.game.model.mode = mode
            lines.append(str(scene.frame.hint_text()))  # (its main and secondary parts)
        shorthand = (
            "(A)",
            "(B)",
            "(C)",
            "(D)",
            "（A）",
            "（B）",
            "（C）",
            "（D）",
            "d6",
            "parent",
            "pick-up",
            "親",
            "フェイズ",
        )
        for line in lines:
            assert line and not any(s in line for s in shorthand), line
        tips = " ".join(text for _rect, text in scene.game.panels.tips())
        legend = (
            ("action C", "action D", "“parent”")
            if lang == "en"
            else ("アクションC", "アクションD", "「親」")
        )
        assert all(word in tips for word in legend)
    finally:
        pygame.quit()


def test_the_preview_of_C_shows_the_turned_die_in_its_new_square():
    """ER-12 C: the die the option turns fades from its square and shows, faint, in the
    square of its new face; the other squares are drawn as they are."""
    app = make_app()
    try:
        scene = make_scene(app, humans=(0,), players=4, seed=1)
        fast_forward(scene, 0, 8)  # seat 0's phase in round 2, C is legal
        change = next(a for a in scene.state.legal_actions(0) if isinstance(a, ChangeDie))
        shown = scene.game.controls.choices.preview(change)
        plain, previewed = pygame.Surface(app.size), pygame.Surface(app.size)
        scene.game.drawing.draw_lid(plain)
        scene.game.drawing.draw_lid(previewed, shown)
        target = change.face + change.delta
        for face, square in enumerate(scene.game.model.squares, start=1):
            same = pygame.image.tobytes(plain.subsurface(square), "RGB") == pygame.image.tobytes(
                previewed.subsurface(square), "RGB"
            )
            assert same == (face not in (change.face, target)), face
    finally:
        pygame.quit()


def _settled(app, players=4, humans=()):
    """A table at rest; the events played on it by hand are not followed by the resync
    with the state that the last event of a batch brings (one more is "waiting")."""
    scene = make_scene(app, humans=humans, players=players, seed=6)
    scene.player.skip()
    scene.player.events[:] = [PhaseEnded(1, player=0)]
    return scene


def test_a_marker_walks_along_its_route_a_hop_per_space():
    """Issue #17: a marker moving from space 3 to space 7 goes through every space in
    between, forwards, hopping between two spaces and landing on each; one placed on a
    route comes from its owner's panel."""
    app = make_app()
    try:
        scene = _settled(app)
        scene.player.play(MarkerMoved(2, 3, 7, 0, 0, "A", player=1))
        walk = None
        xs, hops = [], []
        for _ in range(200):
            scene.player.timeline.update(0.01)
            walk = scene.game.model.table.walks.get((2, 1)) or walk
            if (2, 1) not in scene.game.model.table.walks:
                break
            (x, y), _alpha = scene.game.board.walk_point(2, 1, walk)
            xs.append(x)
            hops.append(scene.game.model.marker_pos(2, 3, 0)[1] - y)
        assert walk is not None and scene.game.model.table.spots[(2, 1)][0] == 7
        assert (
            xs == sorted(xs)
            and xs[0] < scene.game.model.cell_x(4)
            and xs[-1] > scene.game.model.cell_x(6)
        )
        assert max(hops) > scene.px(6)  # in the air between two spaces ...
        landed = [scene.game.board.walk_point(2, 1, replace(walk, t=k / 4))[0][1] for k in range(5)]
        assert all(
            abs(y - scene.game.model.marker_pos(2, 3, 0)[1]) < 1 for y in landed
        )  # ... on each
        placed = Walk(0, 0, 4, 0, 0.0)
        start, alpha = scene.game.board.walk_point(5, 2, placed)
        assert start == scene.frame.seat_parts(2).portrait.center and alpha < 1
    finally:
        pygame.quit()


def test_dice_taken_fly_from_the_lid_to_the_takers_panel_and_the_round_chip_to_the_roller():
    """Issue #17: the dice picked up leave their square for the taker's seat panel, where
    they then show with their count; a new round chip flies to the dice roller's panel."""
    app = make_app()
    try:
        scene = _settled(app)
        face = next(f for f in range(1, 9) if scene.game.model.table.lid[f - 1])
        count = scene.game.model.table.lid[face - 1]
        lid = list(scene.game.model.table.lid)
        lid[face - 1] = 0
        scene.player.play(DiceTaken(face, count, "A", tuple(lid), player=2))
        scene.player.timeline.update(0.05)
        flying = [d for d in scene.game.model.table.loose if d.face == face]
        assert len(flying) == count
        extras = scene.frame.seat_parts(2).extras
        assert all(scene.game.model.squares[face - 1].collidepoint(d.src()) for d in flying)
        assert all(extras.collidepoint(d.dst()) for d in flying)
        scene.player.timeline.finish_all()
        assert (
            scene.game.model.table.held[2] >= count and scene.game.model.table.held_face[2] == face
        )
        parent = scene.game.model.table.parent
        scene.player.play(ChipTaken(9, player=parent))
        scene.player.timeline.update(0.05)
        assert scene.game.model.table.flying_chip is not None
        target = scene.game.seats.spot(parent, "chip", len(scene.game.model.table.chips[parent]))
        assert scene.frame.seat_parts(parent).extras.collidepoint(target)
        scene.player.timeline.finish_all()
        assert [9, 1] in scene.game.model.table.chips[parent]
    finally:
        pygame.quit()


def test_stacked_markers_each_show_their_edge_and_mark():
    """ER-20c: markers arriving on an occupied space go on top; on the board each one
    below stays visible: the stack rises by half a marker a level while the lane holds
    it (less, down to a quarter, when it does not: then the markers shrink) and leans
    right, so a band of every marker's edge shows; the top marker's mark (>= 16 px,
    issue #27) shows whole; a stack of five stays in its own lane."""
    app = make_app(size=(1024, 600))
    try:
        scene = _settled(app)
        model = scene.game.model
        lane = model.lanes[2]
        assert model.marker_w >= scene.px(18) * 0.8 and model.cell_w > model.marker_w
        for count in range(1, 6):
            w = model.marker_width(3, 1, 0, count)
            h = w * 0.75
            bottoms = [model.marker_pos(3, 1, level, count) for level in range(count)]
            half = model.marker_h * (1 + (count - 1) * 0.5) <= lane.h - model.foot - 2
            for (x0, y0), (x1, y1) in itertools.pairwise(bottoms):
                assert y0 - y1 >= h * (0.45 if half else 0.24) and x1 > x0  # rises and leans
            assert min(w, h) >= 16  # a piece a person reads stays over the icon floor
            top = bottoms[-1][1] - h
            assert top >= lane.y  # the stack stands in its own lane
        # a stack of two still rises by half a marker at the smallest window
        (_x0, y0), (_x1, y1) = (model.marker_pos(3, 1, level, 2) for level in range(2))
        assert y0 - y1 >= model.marker_h * 0.45
    finally:
        pygame.quit()


def test_the_still_picture_is_kept_and_follows_the_panels():
    """What stands still is one picture kept by the compositor: drawn with a text sink
    bound to the screen (as the layout tests draw) it gives the very same pixels, and a
    panel that changes (a seat's points) is laid onto it in the next frame without the
    board being painted again."""
    from game.ui import widgets

    app = make_app(size=(1024, 600))
    try:
        scene = _settled(app)
        scene.player.events.clear()
        app.draw()
        shown = pygame.image.tobytes(app.screen, "RGB")
        with widgets.recording(app.screen) as sink:
            app.draw()
        assert pygame.image.tobytes(app.screen, "RGB") == shown
        assert app.t("routes.lid") in [t.text for t in sink.texts]  # (from the kept picture)
        seat = scene.plan.seats[0]
        before = pygame.image.tobytes(app.screen.subsurface(seat), "RGB")
        painted: list[pygame.Surface] = []
        scene.game.drawing.paint_static = painted.append
        scene.game.model.scores_shown = {
            "routes": scene.game.model.scores_shown["routes"],
            "totals": [99] * scene.session.players,
        }
        app.draw()
        assert not painted
        assert pygame.image.tobytes(app.screen.subsurface(seat), "RGB") != before
    finally:
        pygame.quit()
