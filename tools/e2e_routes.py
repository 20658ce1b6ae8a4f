"""End-to-end Eight Routes in a real X window (called by tools/e2e_xvfb.py).

From the title menu, by clicks only: open Eight Routes, start with the lobby's default
seats (one person, three computers), then play as that person a whole game — take all
the dice of a face or one of them from the lid, once turn a die with C and once push a
marker with D, turn a round chip once and pass on the others, End the phase — to the
end screen; screenshot the board mid-game and the end screen and check their pixels;
then back to the title menu through the end screen's button and quit. Animations run at
4x, as a player may set in Settings. Where things are comes from the app's opt-in probe
file (TABLETOP_DERBY_PROBE).
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

FELT = (47, 106, 88)  # the box lid's floor
LID = (40, 500, 840, 80)  # x, y, w, h in the window: under the routes, over the bar
LABELS = (20, 70, 32, 390)  # the numbered discs at the heads of the 8 routes
ROUTE_COLOURS = [
    (226, 176, 52),
    (231, 111, 81),
    (42, 157, 143),
    (69, 123, 200),
    (140, 98, 196),
    (214, 96, 150),
    (96, 160, 72),
    (96, 108, 128),
]
ACCENT = [(232, 110, 60), (190, 78, 36)]  # an "All" button, hovered too


def _by_number(keys):
    return sorted(keys, key=lambda k: k.split(":")[1])


class Person:
    """Seat 1's choices, by the probe's names ("take:3", "one:3", "mode:C",
    "change:C 3+", "mode:D", "route:5", "pass", "end", "back")."""

    def __init__(self, x):
        self.x = x
        self.used: set[str] = set()
        self.takes = 0
        self.table_shot = None

    def __call__(self, probe) -> str | None:
        targets, game = probe["targets"], probe["game"]
        if self.table_shot is None and game["round"] >= 2:
            self.table_shot = (*self.x.screenshot("routes-table"), dict(targets))
        routes = _by_number(k for k in targets if k.startswith("route:"))
        changes = _by_number(k for k in targets if k.startswith("change:"))
        if "pass" in targets:  # a round chip may be turned (ER-13)
            if routes and "chip" not in self.used:
                self.used.add("chip")
                return routes[0]
            return "pass"
        if changes:  # C: which die, and up or down
            return changes[0]
        if routes:  # D: which route's marker
            return routes[-1]
        for mode in ("mode:C", "mode:D"):
            if mode in targets and mode not in self.used:
                self.used.add(mode)
                return mode
        takes = _by_number(k for k in targets if k.startswith(("take:", "one:")))
        if takes:
            self.takes += 1
            return takes[self.takes % len(takes)]
        for key in ("end", "back"):
            if key in targets:
                return key
        return None


def check_table(x, image, path, targets) -> None:
    felt = count_colour(x, image, LID, [FELT])
    discs = count_colour(x, image, LABELS, ROUTE_COLOURS, step=4, tolerance=3)
    expect(
        felt > 200 and discs > 60,
        f"the box lid and the eight routes are drawn ({felt} "
        f"lid, {discs} route-disc samples; {path})",
    )
    takes = [targets[k] for k in targets if k.startswith("take:")]
    drawn = sum(
        count_colour(x, image, (tx - 20, ty - 10, 40, 20), ACCENT, step=4) > 5 for tx, ty in takes
    )
    expect(
        takes and drawn == len(takes),
        f"the person's {len(takes)} All buttons on the lid are drawn at once",
    )


def run(x, layout) -> None:
    use_settings(Path(x.env["TABLETOP_DERBY_HOME"]), animation_speed=4.0)
    probe_path = open_game(x, "routes", "TableScene", seed=5)
    expect(True, "clicked from the menu through the lobby into an Eight Routes game")
    person = Person(x)
    probe, clicks = play_until(
        x, probe_path, "TableScene", person, lambda p: p["scene"] == "GameOverScene", seconds=180
    )
    game = probe["game"]
    expect(
        game["over"],
        f"a whole game played to the end screen by {clicks} clicks "
        f"({game['actions']} actions; used {sorted(person.used)})",
    )
    expect(person.table_shot is not None, "the table was seen on the person's turn in round 2")
    check_table(x, *person.table_shot)
    check_end_screen(x, *x.screenshot("routes-end"), probe["targets"], "Eight Routes")
    leave_game_and_quit(x, probe_path, "routes", "Eight Routes", over=True)
