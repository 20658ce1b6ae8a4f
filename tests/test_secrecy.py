"""Secrets at one screen (issue #36, docs/secrecy.md): one policy in the table layer, the
draw layer writing down whose secrets each frame shows, and the secrecy audit
(tools/audit_secrecy.py) run bounded over whole games of every game."""

from __future__ import annotations

from functools import partial

import pygame
import pytest

from game import registry
from game.rules.cluck.events import TileDrawnPrivate
from game.rules.verflixxt.events import CardDrawn
from game.scenes.cluck.panels import Panels as CluckPanels
from game.scenes.cluck.preview import Preview as CluckPreview
from game.scenes.duck.bar import HandBar as DuckBar
from game.scenes.duck.board import Board as DuckBoard
from game.scenes.duck.seats import SeatPanels as DuckSeats
from game.scenes.table import playing
from game.scenes.table.handoff import HandoffScene
from game.scenes.verflixxt.bar import Bar as VerflixxtBar
from game.session import Seat, Session
from game.ui import fonts, sprites
from game.ui.widgets import draws_secrets, paint_picture, recording
from tests.scene_helpers import BOT_SEED, key, make_app, push_game, seats, step_until
from tools import audit_secrecy

DT = 1 / 30


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch):
    """Computer seats answer at once; no dead font or image stays cached afterwards."""
    monkeypatch.setattr(playing, "BOT_DELAY", 0.0)
    yield
    fonts.reset()
    sprites.reset()


# -- the audit, bounded: whole games of every game, 2 to 6 people at the screen ------------
# (game, seats, people, seed, options): each game at its fewest and most people (up to 6)
# with computers among them, new and resumed, every variant that hides more or nothing.
# Small tables keep the run short (a Duck game at 6 seats is ~4,000 frames); the tool
# plays every number of people over more seeds.
BOUNDED = [
    ("cluck", 2, (0, 1), 2, {}),  # the tester's game: two people, nobody else
    ("cluck", 4, (0, 1, 2, 3), 1, {"variant": "both"}),
    ("cluck", 3, (0, 2), 3, {"long_road": True}),
    ("duck", 3, (0, 2), 1, {"variant": "advanced"}),
    ("duck", 2, (0, 1), 2, {}),
    ("verflixxt", 3, (1, 2), 1, {"variant": "hats"}),
    ("verflixxt", 6, (0, 1, 2, 3, 4, 5), 2, {"variant": "hats"}),
    ("verflixxt", 3, (0, 1), 3, {}),  # the base game hides nothing
    ("routes", 3, (0, 1), 1, {}),
    ("routes", 5, (0, 1, 2, 3, 4), 2, {}),
]


@pytest.mark.parametrize(
    ("game", "players", "people", "seed", "options"),
    BOUNDED,
    ids=[f"{g}-{n}seats-{len(p)}people-{s}" for g, n, p, s, _o in BOUNDED],
)
def test_the_secrecy_audit_passes_over_whole_games(game, players, people, seed, options):
    """issue #36: every frame of a whole game, people at one screen with computers: the
    seats whose secrets are on a frame are within {the seat of the last curtain}, the
    screen is nobody's once everybody watches (another seat acts, a turn or a round
    ends: Cluck-peep!'s walk), and a game that hides nothing never shows a curtain. On
    the Cluck-peep! of before this issue it failed: "frames 3-47: seat(s) [1]'s secrets
    on screen while it is nobody's (round 1 ended)" (the walk under "P2's tiles")."""
    run = audit_secrecy.audit_game(
        game, players, people, seed, resumed=seed % 2 == 0, options=options, size=(800, 500)
    )
    assert run.findings == [], run.line() + "\n" + "\n".join(run.findings)
    hides = registry.get(game).hides_things(options)
    if hides:  # the audit saw secrets drawn, and the curtains between them
        assert run.curtains > 0 and run.secret_frames > 0, run.line()
    else:
        assert run.curtains == 0 and run.secret_frames == 0, run.line()


def test_the_tool_exits_nonzero_on_a_finding_and_zero_without(monkeypatch, capsys):
    """issue #36: tools/audit_secrecy.py prints a summary and its exit says whether
    anything was found."""
    ran = []

    def fake(game, players, people, seed, **kwargs):
        ran.append(game)
        run = audit_secrecy.Run(game, players, tuple(people), seed, False)
        if game == "cluck":
            run.findings.append("frame 3: seat(s) [1]'s secrets on screen while it is nobody's")
        return run

    monkeypatch.setattr(audit_secrecy, "audit_game", fake)
    assert audit_secrecy.main(["--games", "routes", "--seeds", "1", "--quiet"]) == 0
    assert audit_secrecy.main(["--games", "cluck", "--seeds", "1", "--quiet"]) == 1
    out = capsys.readouterr().out
    assert "secrecy audit:" in out and "FINDING" in out
    assert set(ran) == {"routes", "cluck"}


def test_the_plans_cover_two_to_six_people_within_each_games_seats():
    """issue #36: the audit's games: every number of people from 2 to the game's most (at
    most 6), never more seats than the game takes."""
    for game in registry.GAMES:
        info = registry.get(game)
        found = audit_secrecy.plans([game], [1, 2])
        assert {len(p) for _g, _n, p, _s, _o in found} == set(
            range(2, min(6, info.max_players) + 1)
        )
        for _g, players, people, _s, _o in found:
            assert info.min_players <= players <= info.max_players
            assert set(people) <= set(range(players))


# -- the draw layer writes down whose secrets are drawn ------------------------------------
def test_a_secret_painter_writes_its_seat_into_the_sink_and_into_a_kept_picture():
    """issue #36: a painter decorated with ``draws_secrets`` writes its seat down on the
    surface it paints; a kept picture carries it to wherever it is laid."""

    class Hand:
        @draws_secrets
        def paint(self, surface, seat: int, colour) -> None:
            surface.fill(colour)

    screen = pygame.Surface((20, 20))
    with recording(screen) as sink:
        Hand().paint(screen, 3, (1, 2, 3))
    assert sink.secrets == {3}
    picture = paint_picture(pygame.Surface((5, 5)), lambda s, _r: Hand().paint(s, 1, (0, 0, 0)))
    assert picture.secrets == (1,)
    from game.ui.widgets import lay

    with recording(screen) as sink:
        lay(screen, picture, (2, 2))
    assert sink.secrets == {1}


@pytest.mark.parametrize(
    "painter",
    [
        CluckPanels.draw_hand,
        CluckPreview._draw_lines,
        CluckPreview._draw_results,
        DuckBar._draw_hand,
        DuckBar._magnify,
        DuckBoard._draw_preview,
        DuckSeats._draw_own_tokens,
        VerflixxtBar._draw_cards,
    ],
)
def test_every_games_hand_painter_writes_down_its_seat(painter):
    """issue #36: each game's painter of a hand, a seat's tokens or a preview worked out
    from them goes through the one recording call."""
    assert getattr(painter, "draws_secrets", False)


@pytest.mark.parametrize(
    ("game", "options"), [("cluck", {}), ("duck", {}), ("verflixxt", {"variant": "hats"})]
)
def test_a_persons_hand_on_screen_is_written_down_as_theirs(game, options):
    """issue #36: one person with computers: when they decide, the frame says seat 0's
    secrets are on it (the games' painters really record; the audit can see them)."""
    app = make_app((1024, 600))
    try:
        scene = push_game(app, game, (0,), 3, 4, options, "easy")
        assert step_until(
            app, lambda: app.top is scene and scene.sharing.deciding() == 0, frames=3000, dt=DT
        )
        with recording(app.screen) as sink:
            app.draw()
        assert sink.secrets == {0}
    finally:
        pygame.quit()


# -- the one policy --------------------------------------------------------------------------
def _session(game, humans, players=3, options=None) -> Session:
    return Session(game, seats(game, humans, players, "easy"), 5, options or {}, bot_seed=1)


def test_a_game_that_hides_nothing_never_needs_a_curtain():
    """issue #36: Eight Routes, and Verflixxt!'s base game, never ask for a curtain however
    many people share the screen; the games that hide things do, from a second person on."""
    for game, options, hides in [
        ("routes", {}, False),
        ("verflixxt", {}, False),
        ("verflixxt", {"variant": "hats"}, True),
        ("cluck", {}, True),
        ("duck", {}, True),
    ]:
        two = _session(game, (0, 1), options=options)
        two.viewer = 0
        assert two.needs_handoff(1) is hides, game
        assert two.needs_handoff(0) is False
        one = _session(game, (0,), options=options)
        assert one.needs_handoff(0) is False


def test_cluck_the_walk_shows_no_tiles_and_round_two_opens_behind_a_curtain():
    """issue #36 (the tester's find): two people at the screen of Cluck-peep!: while the
    chickens walk, the bar shows nobody's tiles ("Leo's tiles" stayed), and round 2 opens
    on the curtain, never on the start player's hand."""
    app = make_app((1024, 600))
    try:
        scene = push_game(app, "cluck", (0, 1), 2, 2, {}, "easy")
        walked = False
        for _ in range(4000):
            app.step(DT)
            with recording(app.screen) as sink:
                app.draw()
            round_over = scene.state.round_number > 1
            if isinstance(app.top, HandoffScene):
                assert not sink.secrets
                if round_over:
                    break  # round 2 opens on the curtain
                key(app, pygame.K_SPACE)
                continue
            if round_over or scene.game.model.table.stage == "end":
                walked = walked or scene.player.busy()
                assert not sink.secrets, "a hand on screen during the walk or in round 2"
                continue
            person = scene.sharing.deciding()
            if person is not None:
                scene.act(person, scene.state.legal_actions(person)[0])
        else:
            raise AssertionError("round 2 never came")
        assert walked and scene.state.round_number == 2 and scene.private_player is None
    finally:
        pygame.quit()


# -- planted bugs the table scene must catch (issue #36's list) ------------------------------
def _behind_first_curtain(app, scene) -> None:
    assert step_until(app, lambda: isinstance(app.top, HandoffScene), frames=3000, dt=DT)


def test_the_shared_screen_never_plays_nor_logs_another_seats_private_event():
    """issue #36, planted bug "the shared screen queues and logs another seat's private
    events (any event with a visible_to is played)": with one seat's hand on screen, an
    event only the other may see is not played; the seat's own is played but, the screen
    being shared, written in no log line (the log outlives the seat's curtain)."""
    app = make_app((1024, 600))
    try:
        scene = push_game(app, "cluck", (0, 1), 2, 2, {}, "easy")
        _behind_first_curtain(app, scene)
        key(app, pygame.K_SPACE)
        assert scene.private_player is not None
        me = scene.private_player
        other = 1 - me
        theirs = TileDrawnPrivate(7, (3, 7), player=other, visible_to=(other,))
        mine = TileDrawnPrivate(5, (2, 5), player=me, visible_to=(me,))
        scene.player.events.clear()
        scene.player.queue([theirs, mine])
        assert scene.player.events == [mine]
        before = len(scene.log)
        scene.player.skip()
        assert scene.describe(mine) and scene.describe(theirs)
        # neither is written: the log stays on screen after this seat's curtain has gone
        assert scene.log[before:] == []
        # nobody's screen (behind a curtain): neither seat's private event plays
        scene.sharing.give_up()
        assert scene.private_player is None
        scene.player.queue([theirs, mine])
        assert scene.player.events == []
    finally:
        pygame.quit()


def test_verflixxt_plays_only_the_face_down_twin_while_nobodys_hand_is_on_screen():
    """issue #36, planted bug "Verflixxt!'s table plays a secret draw's face-up twin, with
    its card, while nobody's hand is on screen": behind the curtain the card drawn is shown
    face down (the twin for the others), never with its card."""
    app = make_app((1024, 600))
    try:
        scene = push_game(app, "verflixxt", (0, 1), 3, 6, {"variant": "hats"}, "easy")
        _behind_first_curtain(app, scene)
        assert scene.private_player is None
        face_up = CardDrawn("y3", 2, player=2, visible_to=(2,))
        face_down = CardDrawn(None, 2, player=2, visible_to=(0, 1))
        assert not scene.game.plays_unseen(face_up)
        scene.player.events.clear()
        scene.player.queue([face_up, face_down])
        assert scene.player.events == [face_down]
    finally:
        pygame.quit()


def test_undo_is_refused_while_pieces_move_and_allowed_once_they_rest():
    """issue #36, planted bug "undo is allowed while pieces are still moving (the 'busy'
    refusal gone)": Ctrl+Z during the move's animation changes nothing; at rest it takes
    the move back."""
    app = make_app((1024, 600))
    try:
        scene = push_game(app, "routes", (0,), 3, 7, {}, "easy")
        for _ in range(60):
            assert step_until(
                app, lambda: app.top is scene and scene.sharing.deciding() == 0, frames=3000, dt=DT
            )
            session = scene.session
            action = next(
                (
                    a
                    for a in scene.state.legal_actions(0)
                    if _undoable_after(session, a) and str(a) != "end"
                ),
                None,
            )
            if action is not None:
                break
            assert scene.act(0, scene.state.legal_actions(0)[0])
        else:
            raise AssertionError("no move that can be taken back came")
        before = scene.state.to_dict()
        assert scene.act(0, action)
        after = scene.state.to_dict()
        assert scene.player.busy()
        assert scene.undo.refusal() == "busy"
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert scene.state.to_dict() == after
        assert step_until(app, lambda: not scene.player.busy(), frames=400, dt=DT)
        assert scene.undo.refusal() is None
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert scene.state.to_dict() == before
    finally:
        pygame.quit()


def _undoable_after(session: Session, action) -> bool:
    """Whether ``action`` of seat 0 could be taken back right after it (tried on a copy)."""
    copy = Session.from_record(session.record(), [Seat(**s.to_dict()) for s in session.seats])
    copy.apply(0, action)
    return copy.undo_refusal(0) is None


def test_a_person_takes_back_their_last_move_behind_their_curtain(monkeypatch):
    """issue #36: two people and a computer: when a person's turn ends the screen is
    nobody's, yet while the computer thinks Undo still takes that person's move back, and
    they see their hand again only behind their own curtain."""
    app = make_app((1024, 600))
    try:
        session = Session("cluck", seats("cluck", (0, 2), 3, "easy"), 4, {}, bot_seed=BOT_SEED)
        scene = app.router.table("cluck")(app, session)
        app.push(scene)
        for _ in range(200):
            assert step_until(
                app,
                lambda: isinstance(app.top, HandoffScene) or scene.sharing.deciding() is not None,
                frames=3000,
                dt=DT,
            )
            if isinstance(app.top, HandoffScene):
                key(app, pygame.K_SPACE)
                continue
            person = scene.sharing.deciding()
            action = scene.state.legal_actions(person)[0]
            if _undoable_then_computer(session, person, action):
                break
            assert scene.act(person, action)
        else:
            raise AssertionError("no turn-ending move that can be taken back came")
        before = scene.state.to_dict()
        monkeypatch.setattr(playing, "BOT_DELAY", 10.0**6)  # the computer thinks on
        assert scene.act(person, action)
        assert scene.private_player is None and scene.sharing.gave_up == person
        assert step_until(app, lambda: not scene.player.busy(), frames=400, dt=DT)
        with recording(app.screen) as sink:
            app.draw()
        assert not sink.secrets  # the screen is nobody's while the computer thinks
        assert scene.undo.refusal() is None
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert scene.state.to_dict() == before
        assert scene.private_player is None
        assert step_until(app, lambda: isinstance(app.top, HandoffScene), frames=400, dt=DT)
        assert app.top.seat == person
        with recording(app.screen) as sink:
            app.draw()
        assert not sink.secrets
        key(app, pygame.K_SPACE)
        assert scene.private_player == person
    finally:
        pygame.quit()


def _undoable_then_computer(session: Session, player: int, action) -> bool:
    """``action`` ends ``player``'s turn, a computer acts next, and it can be taken back."""
    copy = Session.from_record(session.record(), [Seat(**s.to_dict()) for s in session.seats])
    copy.apply(player, action)
    nxt = copy.state.to_act()
    return (
        copy.undo_refusal(player) is None
        and player not in nxt
        and bool(nxt)
        and not copy.seats[nxt[0]].human
    )


def test_the_live_log_of_a_shared_screen_tells_no_private_event():
    """issue #36: the log stays on screen when the screen changes hands, so with two
    people at it the cards a person drew or chose ("You drew 5, 9") are never written
    there in a whole stretch of play (the screen is given up before such events play,
    and ``log_of`` leaves out any that play for the seat at it), as the rebuilt log of a
    resumed game already left them out; alone at a screen a person's log tells their
    own draws."""
    from game.rules.protocol import replay

    for humans, shared in (((0, 1), True), ((0,), False)):
        app = make_app((1024, 600))
        try:
            scene = push_game(app, "duck", humans, 3, 4, {}, "easy")
            for _ in range(3000):
                if len(scene.session.actions) >= 12:
                    break
                app.step(DT)
                if isinstance(app.top, HandoffScene):
                    key(app, pygame.K_SPACE)
                    continue
                person = scene.sharing.deciding()
                if person is not None and app.top is scene:
                    scene.act(person, scene.state.legal_actions(person)[0])
            assert step_until(app, partial(_at_rest, scene), frames=400, dt=DT)
            _state, events = replay(scene.session.module, scene.session.record())
            private = (
                {scene.describe(e) for e in events if e.visible_to is not None}
                - {None}
                - {scene.describe(e) for e in events if e.visible_to is None}
            )
            logged = set(map(str, scene.log)) & private
            assert private, "no private event came"
            if shared:
                assert logged == set()
            else:
                assert logged
        finally:
            pygame.quit()


def _at_rest(scene) -> bool:
    return not scene.player.busy()
