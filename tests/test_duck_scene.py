"""Duck! Duck! Go! through its scene under the dummy video driver: whole games with computer
seats in every mode, a person playing by synthetic mouse and keyboard events through the
UI (cards, routes, facings, warps, tokens, the hound), the curtain between two people,
both layouts, the path preview, and a log line in English and Japanese for every kind of
event."""

import random
from functools import partial

import pygame
import pytest

from game import registry
from game.rules.duck import actions as A
from game.rules.duck import decisions as D
from game.rules.duck import events as E
from game.rules.duck import pending as P
from game.scenes.duck import DuckScene
from game.scenes.duck.panels import Panels
from game.scenes.duck.tray import hex_boxes
from game.scenes.table import playing
from game.scenes.table.end_screen import GameOverScene
from game.screenshot import fast_forward
from game.session import Seat, Session
from game.ui import fonts, sprites
from game.ui.i18n import Translator
from tests import scene_helpers
from tests.scene_helpers import play_through_curtains, push_resumed_game, spy_private_drawing

# Every event kind the rules make (game/rules/duck/events.py).
EVENT_KINDS = {
    "setup",
    "draw",
    "drawn",
    "reshuffle",
    "order_cards",
    "place",
    "discard",
    "round",
    "choose",
    "chosen",
    "reveal",
    "turn",
    "turn_instead",
    "move",
    "step",
    "bonk",
    "buoy",
    "token_draw",
    "token_drawn",
    "warp",
    "face",
    "deck_top",
    "extra_move",
    "knock",
    "knock_place",
    "token",
    "hound_control",
    "hound_place",
    "hound_card",
    "hound_patterns",
    "hound_move",
    "hound_step",
    "hound_bonk",
    "hound_warp",
    "hound_face",
    "hound_drain",
    "hound_knocked",
    "hound_again",
    "win",
}

DT = 1 / 30


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch):
    """Computer seats answer at once; afterwards no dead font or image stays cached."""
    monkeypatch.setattr(playing, "BOT_DELAY", 0.0)
    yield
    fonts.reset()
    sprites.reset()


def make_seats(humans, players):
    characters = registry.get("duck").characters
    return [
        Seat(f"P{i + 1}", characters[i].key, human=i in humans, level="normal")
        for i in range(players)
    ]


def start(app, humans=(), players=4, seed=3, variant="beginner", official=False):
    app.settings.animation_speed = 4.0
    options = {"variant": variant, "official": official}
    scene = DuckScene(app, Session("duck", make_seats(humans, players), seed, options))
    app.push(scene)
    return scene


step_until = partial(scene_helpers.step_until, frames=20000, dt=DT)


def game_over(app):
    return isinstance(app.top, GameOverScene)


def move_to(app, pos):
    app.handle(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(0, 0, 0)
        )
    )


def click(app, pos, button=1):
    move_to(app, pos)
    app.handle(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(pos[0]), int(pos[1])), button=button)
    )


def key(app, k):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


# -- a person at the table: one legal action, through the UI ----------------------------------
def asked(d) -> str:
    """issue #37: the kind of decision as the rules type it (ChooseCards with its why)."""
    name = f"ask {type(d.ask).__name__}"
    return f"{name} {d.ask.why}" if isinstance(d.ask, D.ChooseCards) else name


class Person:
    """Plays the decision on screen by clicks and keys, half of the time each way, and
    records which kinds of decision and input it met."""

    def __init__(self, app, scene, seed):
        self.app, self.scene = app, scene
        self.rng = random.Random(seed)
        self.seen: set[str] = set()

    def target(self, kind, value):
        for t in self.scene.game.choosing.targets():
            if t.kind == kind and t.value == value:
                return t
        raise AssertionError(
            f"no {kind} target {value!r} in {[(t.kind, t.value) for t in self.scene.game.choosing.targets()]}"
        )

    def mouse(self) -> bool:
        return self.rng.random() < 0.5

    def take(self, kind, value):
        """A target by a click, or by ←/→ to it and Enter."""
        scene = self.scene
        if self.mouse():
            click(self.app, self.target(kind, value).center)
            self.seen.add(f"{kind} by mouse")
            return
        self.target(kind, value)
        for _ in range(len(scene.game.choosing.targets()) + 2):
            focused = scene.game.choosing.focused_target(scene.game.decisions.decision())
            if focused is not None and (focused.kind, focused.value) == (kind, value):
                break
            key(self.app, pygame.K_RIGHT)
        key(self.app, pygame.K_RETURN)
        self.seen.add(f"{kind} by keys")

    def pick_card(self, card):
        scene = self.scene
        if self.mouse():
            click(self.app, self.target("card", card).center)
        else:
            key(self.app, pygame.K_1 + scene.game.model.shown.hand.index(card))
        assert card in scene.game.model.sel

    def confirm(self):
        if self.mouse():
            click(self.app, self.scene.game.choosing.button("confirm").rect.center)
        else:
            key(self.app, pygame.K_RETURN)

    def press_or_click(self, key_code, button_key=None, token=None):
        if self.mouse() and (button_key or token):
            if button_key:
                click(self.app, self.scene.game.choosing.button(button_key).rect.center)
            else:
                click(self.app, self.target("token", token).center)
        else:
            key(self.app, key_code)

    def route(self, card, index):
        scene = self.scene
        d = scene.game.decisions.decision()
        if not self.mouse() and d.card is not None:
            key(self.app, pygame.K_1 + index)
            key(self.app, pygame.K_RETURN)
            self.seen.add("route by number")
            return
        self.take("route", (card, index))

    def play(self):
        scene = self.scene
        d = scene.game.decisions.decision()
        assert d is not None
        before = len(scene.session.actions)
        action = self.rng.choice(d.legal)
        self.seen.add(asked(d))
        self.seen.add(type(action).__name__)
        self.perform(d, action)
        assert scene.session.actions[before:] == [(d.player, str(action))], (d, action)

    def perform(self, d, action):
        scene = self.scene
        if isinstance(action, (A.ChooseCard, A.OrderCard)):
            self.pick_card(action.card)
            if self.mouse():
                click(self.app, self.target("card", action.card).center)  # a second click
            else:
                self.confirm()
        elif isinstance(action, A.ChooseCards):
            self.pick_card(action.first)
            self.pick_card(action.second)
            assert scene.game.model.sel == [action.first, action.second]
            self.confirm()
        elif isinstance(action, A.Discard):
            for card in action.cards:
                self.pick_card(card)
            self.confirm()
        elif isinstance(action, (A.Place, A.Warp)):
            self.take("start", (action.q, action.r))
            assert scene.game.model.sel_hex == (action.q, action.r)
            self.take("face", action.facing)
        elif isinstance(action, A.Send):
            self.take("start", (action.q, action.r))
        elif isinstance(action, (A.Face, A.HoundFace)):
            self.take("face", action.facing)
        elif isinstance(action, A.Route):
            if isinstance(d.ask, D.MoveAgain) and d.card is None:
                self.pick_card(action.card)
            self.route(action.card, action.index)
        elif isinstance(action, (A.Keep, A.HoundCard)):
            if isinstance(action, A.Keep):
                self.press_or_click(pygame.K_k, token="keep")
                assert scene.game.model.token_mode == "keep"
            self.pick_card(action.card)
            self.take("route", (action.card, action.index))
        elif isinstance(action, A.HoundPatterns):
            for letter in action.patterns:
                if self.mouse():
                    click(self.app, self.target("pattern", letter).center)
                else:
                    key(self.app, getattr(pygame, f"K_{letter.lower()}"))
        elif isinstance(action, A.Rotate):
            self.press_or_click(pygame.K_r, token="rotate")
            assert scene.game.model.token_mode == "rotate"
            self.take("face", action.facing)
        elif isinstance(action, (A.Ghost, A.Become)):
            kind = "ghost" if isinstance(action, A.Ghost) else "become"
            self.press_or_click(pygame.K_g if kind == "ghost" else pygame.K_o, token=kind)
            if scene.game.model.token_mode == kind:
                self.take("duck", action.duck)
        elif action == A.STAY:
            self.press_or_click(pygame.K_s, "stay")
        elif action == A.DONE:
            self.press_or_click(pygame.K_d, "done")
        elif action == A.TURN:
            self.press_or_click(pygame.K_t, "turn")
        elif action == A.BLUE:
            self.press_or_click(pygame.K_b, token="blue")
        elif action == A.STEP:
            self.press_or_click(pygame.K_s, token="step")
        elif action == A.SWAP:
            self.press_or_click(pygame.K_w, token="swap")
        else:
            raise AssertionError(f"the test does not know {action!r}")


def play_person(app, scene, seed, until, limit=400):
    person = Person(app, scene, seed)
    for _ in range(limit):
        if not step_until(app, lambda: until() or scene.game.decisions.decision() is not None):
            break
        if until():
            break
        app.draw()  # the hand, the preview and the targets are on screen
        person.play()
    return person


# -- whole games -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "players,variant,official",
    [
        (4, "advanced", False),
        (3, "advanced", False),
        (2, "advanced", False),
        (4, "beginner", True),
        (6, "beginner", False),
    ],
)
def test_a_whole_game_of_computer_seats_plays_to_the_end(app, players, variant, official):
    scene = start(app, players=players, variant=variant, official=official, seed=5)
    assert step_until(app, lambda: game_over(app)), "the game never ended"
    state = scene.state
    assert state.is_over() and state.winner is not None
    # the display model ends where the state is
    for d in range(state.ducks):
        if state.pos[d] >= 0:
            x, y, angle = scene.game.model.duck_pos[d]
            assert scene.game.model.geo.hex_px(*state.board.coords[state.pos[d]]) == pytest.approx(
                scene.game.model.geo.px(x, y)
            )
            assert angle % 360 == pytest.approx(60 * state.head[d] % 360)
    assert scene.game.model.shown.buoys == list(state.buoys)
    # the end screen reads as a race: the winner went down the drain, the others count buoys
    app.draw()
    texts = [scene.score_text(p, v) for p, v in enumerate(state.scores())]
    assert texts[state.winner] == scene.t("duck.score_drain")
    assert all("buoy" in t for p, t in enumerate(texts) if p != state.winner)


def test_a_person_plays_a_beginner_game_through_the_ui(app):
    scene = start(app, humans=(0,), players=3, seed=11)
    person = play_person(app, scene, 5, lambda: game_over(app) or scene.state.round > 3)
    assert scene.state.round > 3 or game_over(app)
    assert {"ask PlaceDuck", "ask ChooseCards move", "ask PlayTurn", "ask FacePiece"} <= person.seen
    assert {"ChooseCard", "Place", "Route", "Face"} <= person.seen, person.seen
    assert any(s.endswith("by mouse") for s in person.seen)
    assert any(s.endswith("by keys") for s in person.seen)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_person_plays_whole_beginner_games_with_routes_and_facings(app, seed):
    scene = start(app, humans=(0,), players=2, seed=seed)
    person = play_person(app, scene, seed, lambda: game_over(app))
    assert game_over(app)
    assert "Face" in person.seen or "Route" in person.seen, person.seen


def test_a_person_plays_a_whole_advanced_game_with_tokens_and_the_hound(app):
    seen: set[str] = set()
    for seed in (2, 7):
        scene = start(app, humans=(0,), players=4, seed=seed, variant="advanced")
        person = play_person(app, scene, seed, lambda: game_over(app), limit=600)
        assert game_over(app)
        seen |= person.seen
        app.pop()
        app.pop()
    asks = {"ChooseCards order", "ChooseCards move", "PlaceDuck", "MoveHound", "AfterMove"}
    assert {f"ask {a}" for a in asks} <= seen, seen
    assert {"Blue", "Discard", "HoundPatterns", "Done"} <= seen, seen


def test_ddg26_a_person_with_two_ducks_in_the_advanced_game_for_two_and_turns(app):
    """DDG-26: the advanced game with two players gives the person two ducks (two cards a
    round) at the table; with the official variant (DDG-27) too."""
    scene = start(app, humans=(0,), players=2, seed=4, variant="advanced", official=True)
    assert scene.game.model.per_player == 2 and scene.state.ducks == 4
    person = play_person(app, scene, 4, lambda: game_over(app), limit=600)
    assert game_over(app)
    assert {"ChooseCards", "Turn"} <= person.seen, person.seen


def test_clicks_and_keys_do_nothing_out_of_turn_and_enter_plays_the_picked_card(app):
    scene = start(app, humans=(0,), players=2, seed=6)
    person = Person(app, scene, 1)
    assert step_until(app, lambda: scene.game.decisions.decision() is not None)
    while isinstance(scene.game.decisions.decision().ask, D.PlaceDuck):
        person.play()
        assert step_until(app, lambda: scene.game.decisions.decision() is not None)
    d = scene.game.decisions.decision()
    assert d.ask == D.ChooseCards(d.player, "move")
    hand = list(scene.game.model.shown.hand)
    key(app, pygame.K_2)
    assert scene.game.model.sel == [hand[1]]
    key(app, pygame.K_BACKSPACE)
    assert scene.game.model.sel == []
    click(app, person.target("card", hand[0]).center)
    assert scene.game.model.sel == [hand[0]]
    assert scene.game.choosing.button("confirm").enabled
    key(app, pygame.K_RETURN)
    assert scene.session.actions[-1] == (0, f"card {hand[0]}")
    count = len(scene.session.actions)
    key(app, pygame.K_RETURN)
    click(app, scene.game.model.bar.center)
    assert len(scene.session.actions) == count


# -- the preview -------------------------------------------------------------------------------------
def test_pointing_at_a_card_previews_the_exact_path_from_where_the_duck_stands(app):
    from game.rules.duck.preview import preview

    scene = start(app, humans=(0,), players=3, seed=8)
    person = Person(app, scene, 3)
    assert step_until(app, lambda: scene.game.decisions.decision() is not None)
    while asked(scene.game.decisions.decision()) != "ask ChooseCards move":
        person.play()
        assert step_until(app, lambda: scene.game.decisions.decision() is not None)
    for card in scene.game.model.shown.hand:
        move_to(app, person.target("card", card).center)
        spec = scene.game.choosing.preview_spec(scene.game.decisions.decision())
        assert spec == ("duck", card, 0, None)
        shown = scene.game.choosing.duck_previews(0, card, 0)
        assert shown == [
            preview(scene.state, 0, card, i, 0) for i in range(len(scene.state.cards[card]))
        ]
        app.draw()
        assert str(card) in scene.game.model.legend_text
    # nothing is previewed once the pointer leaves the cards and nothing is picked
    move_to(app, (5, 5))
    assert scene.game.choosing.preview_spec(scene.game.decisions.decision()) is None


def test_route_ends_on_the_board_are_where_the_preview_ends(app):
    scene = start(app, humans=(0,), players=2, seed=1)
    person = Person(app, scene, 9)
    met = False
    for _ in range(300):
        if not step_until(
            app, lambda: game_over(app) or scene.game.decisions.decision() is not None
        ):
            break
        if game_over(app):
            break
        d = scene.game.decisions.decision()
        if isinstance(d.ask, D.PlayTurn) and len(scene.game.decisions.route_indices(d, d.card)) > 1:
            for t in scene.game.choosing.targets():
                if t.kind == "route":
                    card, index = t.value
                    pv = scene.game.choosing.duck_previews(d.player, card, d.duck)[index]
                    end = pv.end or pv.path[-1][:2]
                    assert (
                        scene.game.model.geo.hex_at(t.center) in (end, None)
                        or abs(t.center[0] - scene.game.model.geo.hex_px(*end)[0])
                        < scene.game.model.geo.size
                    )
            met = True
        person.play()
    assert met or game_over(app)


# -- the curtain -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 2])
def test_the_curtain_comes_between_two_people_and_hides_their_hands(app, monkeypatch, players):
    """One duck each (4 players) and two ducks each (2 players, DDG-26)."""
    scene = start(app, humans=(0, 1), players=players, seed=7, variant="advanced")
    drawn_for = spy_private_drawing(monkeypatch, Panels, ("_draw_hand", "_draw_own_tokens"))
    person = Person(app, scene, 2)

    def ready():
        # The table is painted again only when something on it changed; a person with
        # two ducks often decides twice with no curtain between, on a table the frames
        # already painted. Forget that paint, so the check sees what a fresh frame shows.
        if scene.game.decisions.decision() is None:
            return False
        scene.compositor.forget()
        return True

    seen = play_through_curtains(
        app, scene, drawn_for, step_until, ready, lambda _viewer: person.play()
    )
    assert set(seen) == {0, 1}


# -- layout --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_layout_draws_at_both_sizes_without_overlaps(size):
    from game.app import App
    from game.settings import Settings

    app = App(size=size, settings=Settings(), persist=False)
    try:
        scene = start(app, humans=(0,), players=6, seed=2, variant="advanced")
        fast_forward(scene, 2)
        app.step(DT)
        app.draw()
        w, h = size
        model = scene.game.model
        drawer = scene.plan.drawer  # issue #38: the seats, the hound board and the log
        assert drawer is not None and model.board_rect.right < drawer.strip.left
        assert model.board_rect.contains(model.bar)  # the tray on the felt (tray.py)
        if model.tray_beside:  # a tall board: the tray left of the tub
            assert model.tub_rect.left >= model.bar.right
        assert drawer.strip.right <= w and model.log_rect.bottom <= h
        assert model.header.right < scene.buttons.by_key("undo").rect.left
        for row in drawer.seats:
            assert drawer.side.contains(row)
        hound = drawer.extra
        assert hound is not None and hound.top > drawer.seats[-1].bottom
        assert model.log_rect.top > hound.bottom and model.log_rect.height > 100
        for rect in scene.game.geometry.pattern_tiles(hound):
            assert hound.contains(rect)
        corners = [model.geo.corners(q, r) for q, r in scene.state.board.coords]
        xs = [x for c in corners for x, _ in c]
        ys = [y for c in corners for _, y in c]
        assert model.board_rect.left <= min(xs) and max(xs) <= model.board_rect.right
        assert model.board_rect.top <= min(ys) and max(ys) <= model.board_rect.bottom
        assert model.bar.collidelist(hex_boxes(model.geo, 0.0)) < 0  # no hex under it
        if not scene.game.tray.is_open():
            scene.game.tray.toggle()  # the person looks at their hand
        cards = [
            rect for _, rect, _ in scene.game.choosing.bar_cards(scene.game.decisions.decision())
        ]
        assert cards and all(scene.game.model.hand_rect.contains(r) for r in cards)
        assert all(not r.colliderect(scene.game.model.tray_rect) for r in cards)
        assert not scene.game.model.tray_rect.colliderect(scene.game.model.buttons_rect)
        # and in the middle of the moves too
        for _ in range(3000):
            if scene.game.model.shown.mover is not None and scene.player.busy() or game_over(app):
                break
            if scene.game.decisions.decision() is not None:
                Person(app, scene, 1).play()
            app.step(DT)
        app.draw()
        app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 768), w=1024, h=768))
        app.step(DT)
        app.draw()
    finally:
        pygame.quit()


# -- words ------------------------------------------------------------------------------------------------
def _real_games():
    """(session, every event) of four finished games with easy computer seats."""
    from game.ai import make_bot

    for seed, players, options in (
        (1, 4, {"variant": "advanced"}),
        (2, 3, {"variant": "advanced"}),
        (3, 6, {"variant": "advanced"}),
        (4, 4, {"variant": "beginner", "official": True}),
    ):
        session = Session("duck", make_seats((), players), seed, options)
        events = list(session.state.opening_events)
        rng = random.Random(seed)
        while not session.state.is_over():
            p = session.state.to_act()[0]
            action = make_bot("duck", "easy").choose(session.state.view(p), p, rng)
            events += session.apply(p, action)
        yield session, events


# Kinds and shapes that random games meet rarely, built as the rules' typed events.
RARE = [
    E.Reshuffled(30),
    E.TurnedInstead(0, 12, 2, player=0),
    E.DeckTopTurned(0, 33, player=0),
    E.ExtraMove(0, "ghost", None, player=0),
    E.Knocked(0, "duck", (2, 2), knocker=1, player=1),
    E.Knocked(0, "hound", (2, 2), into=(3, 2), player=0),
    E.HoundWarped((0, 3), (4, 0), 1, player=0),
    E.HoundKnockedOff(1, (2, 3), player=1),
    E.HoundKnockedOff(-1, (2, 3)),
    E.HoundMovesAgain((2, 3), player=0),
    E.Bonk(0, (1, 1), (2, 1), 3, "drain", player=0),
] + [
    E.TokenUsed(
        kind,
        duck=0,
        card=20,
        heading=1,
        hex=(1, 1),
        hound_hex=(2, 2),
        hound_heading=4,
        player=0,
    )
    for kind in ("blue", "keep", "step", "rotate", "swap", "ghost", "become")
]


def test_describe_gives_a_line_for_every_event_kind_in_both_languages(app):
    kinds = set()
    games = list(_real_games())
    games[0] = (games[0][0], games[0][1] + RARE)
    for session, events in games:
        scene = DuckScene(app, session)
        kinds |= {e.kind for e in events}
        for lang in ("en", "ja"):
            scene.t = Translator(lang)
            for event in events:
                line = scene.describe(event)
                assert line and "{" not in line and not line.startswith("duck."), (lang, event)
                scene.game.model.quiet = False
                scene.game.model.step_duck = None
    assert kinds == EVENT_KINDS == set(E.DuckEvent.kinds)


def test_every_event_plays_and_a_skip_lands_on_the_state(app):
    scene = start(app, players=4, seed=9, variant="advanced")
    step_until(app, lambda: scene.state.round >= 3)
    for event in RARE:
        scene.player.play(event)
    scene.player.skip()
    assert not scene.player.busy()
    state = scene.state
    for d in range(state.ducks):
        if state.pos[d] >= 0:
            x, y, _ = scene.game.model.duck_pos[d]
            assert (
                scene.game.model.geo.hex_at(scene.game.model.geo.px(x, y))
                == state.board.coords[state.pos[d]]
            )
    assert step_until(app, lambda: game_over(app))


def test_steps_of_one_move_make_one_log_line(app):
    scene = start(app, players=2, seed=3)
    step_until(app, lambda: scene.state.round >= 3)
    assert not any(
        "swims 1 hex" in a and "swims 1 hex" in b for a, b in zip(scene.log, scene.log[1:])
    )
    assert any(" hexes." in line or "swims 1 hex" in line for line in scene.log)


def test_a_resumed_game_opens_on_its_state_and_plays_on(app):
    scene = push_resumed_game(app, "duck", make_seats((), 3), 8, {"variant": "advanced"}, 3)
    resumed = scene.session
    assert not scene.player.events, "the opening is not played again"
    for d in range(resumed.state.ducks):
        h = resumed.state.pos[d]
        if h >= 0:
            assert (
                scene.game.model.geo.hex_at(
                    scene.game.model.geo.px(*scene.game.model.duck_pos[d][:2])
                )
                == resumed.state.board.coords[h]
            )
    assert step_until(app, lambda: game_over(app))


def test_the_hound_leaving_a_ghost_takes_one_pattern_by_click_or_key(app, monkeypatch):
    """Rare in play (D-13): the hound ends on a ghost's hex and must run one more pattern."""
    scene = start(app, humans=(0,), players=3, seed=2, variant="advanced")
    assert step_until(app, lambda: scene.game.decisions.decision() is not None)
    state = scene.state
    state.phase, state.pending, state.controller = "hound", P.HoundPattern(0), 0
    state.hound_pos, state.hound_head = state.board.starts[0], 0
    state.touch()
    scene.player.sync()
    taken = []
    monkeypatch.setattr(scene, "act", lambda player, action: taken.append(action) or True)
    d = scene.game.decisions.decision()
    assert isinstance(d.ask, D.HoundPattern)
    person = Person(app, scene, 1)
    move_to(app, person.target("pattern", "C").center)
    assert scene.game.choosing.preview_spec(d) == ("patterns", "C")
    app.draw()
    click(app, person.target("pattern", "C").center)
    key(app, pygame.K_a)
    assert taken == [A.patterns_action("C"), A.patterns_action("A")]


def _bonk_into_a_duck_next_door(seed: int, limit: int = 400):
    """Computers play a three-seat game until seat 0 is to choose a card one of whose
    routes bonks into the duck next to its own at the first step: (the actions played,
    the card). None when it never comes up."""
    from game.ai import make_bot
    from game.rules.duck.preview import DUCK, preview

    played = Session("duck", make_seats((), 3), seed, {"variant": "beginner"})
    bot, rng = make_bot("duck", "easy"), random.Random(seed)
    actions = []
    for _ in range(limit):
        state = played.state
        if state.is_over():
            return None
        if 0 in state.to_act() and type(state.decision(0)).__name__ == "ChooseCards":
            for card in state.hands[0]:
                pv = preview(state, 0, card, 0, 0)
                if pv.bonk is not None and pv.bonk[5] == DUCK and not pv.path:
                    return actions, card
        player = state.to_act()[0]
        action = bot.choose(state.view(player), player, rng)
        played.apply(player, action)
        actions.append((player, action))
    return None


def test_a_bonk_into_the_duck_next_door_shows_its_star_and_bonk_over_the_ducks(app):
    """issue #36: a card whose first step bonks into the adjacent duck swims no hex, and
    its preview's star and "bonk!" lay between and on the two ducks, under them: the
    preview drew nothing to see (a bonk at the tub's edge showed both). Now the star and
    the label are on top: the label's red text and the star's red rim are on screen."""
    from game.rules.duck.preview import preview
    from game.ui.widgets import recording

    seed = next(s for s in range(1, 30) if _bonk_into_a_duck_next_door(s) is not None)
    actions, card = _bonk_into_a_duck_next_door(seed)
    options = {"variant": "beginner"}
    session = Session("duck", make_seats((0,), 3), seed, options, bot_seed=scene_helpers.BOT_SEED)
    for player, action in actions:
        session.apply(player, action)
    app.settings.animation_speed = 4.0
    scene = DuckScene(app, session)
    app.push(scene)

    def card_target():
        app.draw()  # the targets are laid out with the frame
        found = [t for t in scene.game.choosing.targets() if t.kind == "card" and t.value == card]
        return found[0] if found and not scene.player.busy() else None

    assert step_until(app, lambda: card_target() is not None)
    target = card_target()
    move_to(app, target.rect.center)
    app.step(DT)
    with recording(app.screen) as sink:
        app.draw()
    red = (200, 40, 30)

    def reds(box: pygame.Rect) -> int:
        box = box.clip(app.screen.get_rect())
        return sum(
            tuple(app.screen.get_at((x, y)))[:3] == red
            for x in range(box.left, box.right)
            for y in range(box.top, box.bottom)
        )

    q, r, bq, br = preview(session.state, 0, card, 0, 0).bonk[:4]
    geo = scene.game.model.geo
    (x0, y0), (x1, y1) = geo.hex_px(q, r), geo.hex_px(bq, br)
    star = pygame.Rect(0, 0, round(geo.size * 0.95), round(geo.size * 0.95))
    star.center = (round((x0 + x1) / 2), round((y0 + y1) / 2))
    assert reds(star) >= star.w * star.h // 40, (reds(star), star)
    tags = [t.rect for t in sink.texts if t.text == app.t("duck.ui.bonk")]
    assert tags and all(reds(rect) >= rect.w * rect.h // 20 for rect in tags), [
        reds(r) for r in tags
    ]
