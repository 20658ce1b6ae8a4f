"""What a table writes of its game (issues #26-#28): the log of a game opened part-way,
rebuilt from its record; a game played forward without animation (screenshots, tests);
whose point of view a rebuilt log takes; the finished game's entry in the history.

Plain functions of a :class:`~game.scenes.table.scene.TableScene`, which keeps the log
itself (its frame draws it) and offers each of these as a method.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.ai import Bot, make_bot
from game.rules.protocol import Event
from game.scenes.table.frame import LogDivider
from game.table.bots import BotRunner
from game.ui.tween import Timeline

if TYPE_CHECKING:
    from game.scenes.table.scene import TableScene


def fast_forward(scene: TableScene, rounds: int, actions: int = 0) -> None:
    """Let every seat (people too, as 'normal' bots) play until ``rounds`` rounds are
    done and then ``actions`` more actions (a table in the middle of a round), without
    animation; then show seat 0's point of view. For screenshots/tests."""
    rng = random.Random(scene.session.bot_seed)  # never the game's seed (issue #18)
    bots: dict[int, Bot] = {}
    runner = BotRunner()
    state = scene.state
    for event in scene.events:  # still waiting to be played (the opening)
        line = scene.describe(event)
        if line:
            scene.log_line(line)
    extra = actions
    while not state.is_over() and (state.round_number <= rounds or extra > 0):
        if state.round_number > rounds:
            extra -= 1
        player = state.to_act()[0]
        bot = bots.setdefault(player, make_bot(scene.session.game_id, "normal"))
        before = state.round_number
        for event in scene.driver.submit(player, runner.decide(bot, state, player, rng)):
            if event.visible_to is None:
                divide(scene, event)
                line = scene.describe(event)
                if line:
                    scene.log_line(line)
        if state.round_number != before and not state.is_over():
            scene.log_divider(state.round_number)
    scene.events.clear()
    scene.timeline = Timeline()
    scene.last_round = state.round_number
    if scene.session.seats[0].human:
        scene.private_player = 0
        scene.session.viewer = 0
    scene.sync_from_state()
    scene.game.cut_short(land=False)


def log_viewer(scene: TableScene) -> int | None:
    """Whose point of view a rebuilt log takes: the one person at this screen, else
    nobody's (only what every seat saw)."""
    local = set(scene.driver.local_seats())
    people = [p for p in scene.session.humans() if p in local]
    return people[0] if len(people) == 1 else None


def rebuild_log(scene: TableScene) -> None:
    """The log of a game opened part-way (a resumed save): its record replayed through
    the rules, each event the viewing seat could see described as it was when it
    happened, with the rounds' dividers (issue #27). Never a hidden event."""
    session = scene.session
    module = session.module
    viewer = scene.log_viewer()
    state = module.new_game(session.players, session.seed, dict(session.options))
    scene.log.clear()
    scene.log.append(LogDivider(scene.t.round(state.round_number)))

    def write(events) -> None:
        for event in events:
            if event.seen_by(viewer):
                divide(scene, event)
                line = scene.describe(event)
                if line:
                    scene.log_line(line)

    write(state.opening_events)
    for player, text in session.actions:
        before = state.round_number
        write(state.apply(player, module.parse_action(text)))
        if state.round_number != before and not state.is_over():
            scene.log_divider(state.round_number)
    scene.log_scroll = 0
    scene.sync_from_state()


def divide(scene: TableScene, event: Event) -> None:
    """A round-opening event's divider goes before its line in the log."""
    round_number = event.begins_round()
    if round_number is not None:
        scene.log_divider(round_number)


def record_history(scene: TableScene) -> None:
    """The finished game into the history (issue #28), with the end screen's
    breakdown. A game at this screen or hosted from it has the whole record (the
    driver's ``history_source``); a game joined over the network has only its seat's
    view (its table's part keeps it: game.scenes.table.online_parts.RemotePart), a
    watched or replayed one is not this window's to keep."""
    session = scene.session
    source = scene.driver.history_source()
    if source is None:
        return
    local = set(scene.driver.local_seats()) if source == "hosted" else None
    kinds = [
        "computer" if not seat.human else "person" if local is None or i in local else "online"
        for i, seat in enumerate(session.seats)
    ]
    variant = session.options.get("variant")
    scene.app.record_game(
        session,
        source=source,
        kinds=kinds,
        breakdown=[list(row) for row in scene.final_breakdown().parts],
        variant=variant if isinstance(variant, str) else None,
        lesson=scene.guide.lesson is not None,
    )
