"""End-to-end Cluck-peep! in a real X window (called by tools/e2e_xvfb.py).

From the title menu, by clicks only: open Cluck-peep!, start with the lobby's default
seats (one person, three computers), then play as that person a whole game — click a
START hole for the chicken, then each turn a hand tile, now and then "Turn over", and
"Place" or the gap in the ladder — to the end screen; screenshot the ladder mid-game and
the end screen and check their pixels; then back to the title menu through the end
screen's button and quit. Animations run at 4x, as a player may set in Settings. Where
things are comes from the app's opt-in probe file (TABLETOP_DERBY_PROBE).
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

FELT = (226, 236, 206)  # the ladder's ground
TILE_COLOURS = [(166, 214, 127), (240, 222, 172), (248, 230, 170)]  # meadow, road, straw
LADDER = (100, 100, 560, 420)  # x, y, w, h in the window: the board left of the supply
ACCENT = [(232, 110, 60), (190, 78, 36)]  # a primary button, hovered too


class Person:
    """Seat 1's choices, by the probe's names: the last free hole; then per tile the
    last hand tile (a click picks it, or turns it when it is the one held), "turn" every
    other time, and "place" or the gap ("slot") every third time."""

    def __init__(self, x):
        self.x = x
        self.plan: list[str] = []
        self.decision = None
        self.tiles = 0
        self.table_shot = None

    def __call__(self, probe) -> str | None:
        targets, game = probe["targets"], probe["game"]
        holes = sorted(k for k in targets if k.startswith("hole:"))
        if holes:
            return holes[-1]
        hand = sorted(
            (k for k in targets if k.startswith("tile:")), key=lambda k: int(k.split(":")[1])
        )
        if not hand:
            return None
        if game["actions"] != self.decision:
            self.decision = game["actions"]
            self.tiles += 1
            self.plan = (
                [hand[-1]]
                + (["turn"] if self.tiles % 2 else [])
                + ["slot" if self.tiles % 3 == 0 else "place"]
            )
            if self.table_shot is None and game["round"] >= 2:
                self.table_shot = (*self.x.screenshot("cluck-table"), dict(targets))
        while self.plan:
            key = self.plan.pop(0)
            if key in targets:
                return key
        return "place"


def check_table(x, image, path, targets) -> None:
    felt = count_colour(x, image, LADDER, [FELT])
    tiles = count_colour(x, image, LADDER, TILE_COLOURS)
    expect(
        felt > 300 and tiles > 60,
        f"the ladder is drawn: its ground and road tiles ({felt}, {tiles} samples; {path})",
    )
    place = targets["place"]
    pixel = x.pixel(image, (place[0], place[1] - 14))
    expect(pixel in ACCENT, f"the person's Place button is drawn at once (pixel {pixel})")
    hand = [targets[k] for k in targets if k.startswith("tile:")]
    drawn = sum(
        count_colour(x, image, (tx - 60, ty - 16, 120, 32), TILE_COLOURS) > 3 for tx, ty in hand
    )
    expect(hand and drawn == len(hand), f"the person's {len(hand)} hand tiles are drawn")


def run(x, layout) -> None:
    use_settings(Path(x.env["TABLETOP_DERBY_HOME"]), animation_speed=4.0)
    probe_path = open_game(x, "cluck", "TableScene", seed=5)
    expect(True, "clicked from the menu through the lobby into a Cluck-peep! game")
    person = Person(x)
    probe, clicks = play_until(
        x, probe_path, "TableScene", person, lambda p: p["scene"] == "GameOverScene", seconds=150
    )
    game = probe["game"]
    expect(
        game["over"],
        f"a whole game played to the end screen by {clicks} clicks on holes, "
        f"tiles, Turn over and Place ({game['actions']} actions, "
        f"{person.tiles} tiles of the person's)",
    )
    expect(person.table_shot is not None, "the table was seen on the person's turn in round 2")
    check_table(x, *person.table_shot)
    check_end_screen(x, *x.screenshot("cluck-end"), probe["targets"], "Cluck-peep!")
    leave_game_and_quit(x, probe_path, "cluck", "Cluck-peep!", over=True)
