"""End-to-end Verflixxt! in a real X window (called by tools/e2e_xvfb.py).

From the title menu, by clicks only: open Verflixxt!, start with the lobby's default
seats (one person, three computers) and its default rules (the base game), then play as
that person a WHOLE base game — click Roll, then a pawn of one's own or a guardian
sharing its tile — to the end screen (24-28 rounds, ~190 actions: about 100 s on 2
cores shared with bot tournaments, so the whole game rather than three rounds; within
300 s, as CI runs it beside the test suite, CISPEED);
screenshot the track mid-game and the end screen and check their pixels; then back to
the title menu through the end screen's button and quit. Animations run at 4x, as a
player may set in Settings. Where things are comes from the app's opt-in probe file
(TABLETOP_DERBY_PROBE).
"""

from __future__ import annotations

from pathlib import Path

from tools.e2e_xvfb import (
    check_end_screen,
    count_colour,
    expect,
    leave_game_and_quit,
    open_game,
    play_until,
    use_settings,
)

MEADOW = [(176, 208, 138), (146, 184, 112)]  # the board's meadow, light and dark
ROAD = [(236, 216, 170)]  # the track's road
BOARD = (20, 70, 820, 480)  # x, y, w, h in the window
ACCENT = [(232, 110, 60), (190, 78, 36)]  # a primary button (Roll), hovered too


class Person:
    """Seat 1's choices, by the probe's names: "roll"; then a piece — its own pawns in
    turn ("piece:a", "piece:b", "piece:c"), and every fifth move a guardian ("piece:g2")
    when one may move."""

    def __init__(self, x):
        self.x = x
        self.moves = 0
        self.guardians = 0
        self.table_shot = None

    def __call__(self, probe) -> str | None:
        targets, game = probe["targets"], probe["game"]
        if "roll" in targets:
            if self.table_shot is None and game["round"] >= 3:
                self.table_shot = (*self.x.screenshot("verflixxt-table"), dict(targets))
            return "roll"
        pieces = sorted(k for k in targets if k.startswith("piece:"))
        if not pieces:
            return None
        self.moves += 1
        guardians = [k for k in pieces if k.startswith("piece:g")]
        pawns = [k for k in pieces if k not in guardians]
        if guardians and (self.moves % 5 == 0 or not pawns):
            self.guardians += 1
            return guardians[0]
        return pawns[self.moves % len(pawns)]


def check_table(x, image, path, targets) -> None:
    meadow = count_colour(x, image, BOARD, MEADOW, tolerance=4)
    road = count_colour(x, image, BOARD, ROAD, tolerance=4)
    expect(
        meadow > 500 and road > 100,
        f"the meadow and the track are drawn ({meadow} meadow, {road} road samples; {path})",
    )
    rx, ry = targets["roll"]
    roll = count_colour(x, image, (rx - 40, ry - 12, 80, 24), ACCENT, step=4)
    expect(roll > 20, f"the person's Roll button is drawn at once ({roll} samples)")


def run(x, layout) -> None:
    use_settings(Path(x.env["TABLETOP_DERBY_HOME"]), animation_speed=4.0)
    probe_path = open_game(x, "verflixxt", "TableScene", seed=5)
    expect(True, "clicked from the menu through the lobby into a Verflixxt! game")
    person = Person(x)
    probe, clicks = play_until(
        x,
        probe_path,
        "TableScene",
        person,
        lambda p: p["scene"] == "GameOverScene",
        seconds=300,  # ~100 s in CI; beside the suite on a busy machine 200 s was near
    )
    game = probe["game"]
    expect(
        game["over"],
        f"a whole base game played to the end screen by {clicks} clicks "
        f"({game['round']} rounds, {game['actions']} actions; the person "
        f"moved {person.moves} times, {person.guardians} of them a guardian)",
    )
    expect(person.table_shot is not None, "the table was seen on the person's turn in round 3")
    check_table(x, *person.table_shot)
    check_end_screen(x, *x.screenshot("verflixxt-end"), probe["targets"], "Verflixxt!")
    leave_game_and_quit(x, probe_path, "verflixxt", "Verflixxt!", over=True)
