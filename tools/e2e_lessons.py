"""End-to-end lessons ("Learn to play", issue #19) in a real X window (called by
tools/e2e_xvfb.py, one app run per lesson).

From the title menu, by clicks only: "Learn to play" under the game, then every step of
the lesson — Next on a step to read, the control that takes the step's action on a step
that waits for one — to the lesson's end, where "Play a normal game" starts one at the
same table; then the pause menu, back to the menu, quit, and exit code 0. Every click must
take its step (the lesson's place in the probe moves on; for an action of several clicks,
each click but the last moves the step's next click elsewhere), so a lesson that refuses
what its own step asks for, or never shows its next step, fails here. In the first lesson the
person also leaves half-way through the pause menu and comes back through "Learn to play"
and "Go on with the lesson" (the place kept in lessons.json).

Where to click comes from the app's probe file (TABLETOP_DERBY_PROBE): the lesson guide
adds ``lesson:next`` and ``lesson:do`` and the lesson's place (``game.lesson``).
Animations run at 4x, as a player may set in Settings.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from tools.e2e_xvfb import (
    SIZE,
    count_colour,
    expect,
    fail,
    read_probe,
    use_settings,
    wait_for,
)

STEP_SECONDS = 20.0  # the computers' turns between two steps, at 4x: a few seconds
CALLOUT = [(255, 252, 236)]  # the callout's fill (game.scenes.table.lesson_callout)


def lessons_to_run(games: list[str]) -> list[str]:
    """E2E_LESSONS (comma-separated ids; empty: none), else the first lesson of each game
    in ``games`` that has one."""
    from game.lessons import lesson_ids

    chosen = os.environ.get("E2E_LESSONS")
    if chosen is None:
        return [lesson_ids(g)[0] for g in games if lesson_ids(g)]
    wanted = [i for i in chosen.split(",") if i]
    unknown = sorted(set(wanted) - set(lesson_ids()))
    if unknown:  # a typo must not pass as a lesson that was played
        raise SystemExit(f"e2e: no lesson {', '.join(unknown)}; known: {', '.join(lesson_ids())}")
    return wanted


def _place(probe: dict) -> dict | None:
    return (probe.get("game") or {}).get("lesson")


def _kept_places(x) -> dict:
    path = Path(x.env["TABLETOP_DERBY_HOME"]) / "data" / "lessons.json"
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return {}


class Steps:
    """Takes the lesson's steps by clicks, each click checked to take its step."""

    def __init__(self, x, probe_path: Path, scene: str, lesson_id: str):
        self.x, self.probe_path, self.scene, self.lesson_id = x, probe_path, scene, lesson_id
        self.clicks = {"lesson:next": 0, "lesson:do": 0}
        self.callout_seen = False
        self.clicks_in_step = 0  # the clicks of the step's action made so far
        self.verbose = bool(os.environ.get("E2E_VERBOSE"))
        self.started = time.time()

    def shown(self, probe: dict) -> bool:
        """A step is on screen and no computer is still to choose at the same time as the
        person (its move would lock the table under the click, as for a person)."""
        place = _place(probe)
        game = probe.get("game") or {}
        settled = set(game.get("to_act", ())) <= set(game.get("humans_to_act", ()))
        return (
            probe["scene"] == self.scene
            and place is not None
            and place["shown"] is not None
            and (settled or game.get("over", False))
        )

    def take(self, until: int | None = None) -> dict:
        """Step on to step ``until`` (from 0) or the lesson's end dialog; its probe."""
        while True:
            probe = wait_for(
                self.probe_path,
                lambda p: p["scene"] == "LessonDoneScene" or self.shown(p),
                f"{self.lesson_id}: a step to show",
                timeout=STEP_SECONDS,
            )
            if probe["scene"] == "LessonDoneScene":
                return probe
            place = _place(probe)
            if until is not None and place["step"] >= until:
                return probe
            targets = probe["targets"]
            key = next((k for k in ("lesson:next", "lesson:do") if k in targets), None)
            if key is None:
                fail(f"{self.lesson_id}: step {place['step'] + 1} shows nothing to click: {probe}")
            if key == "lesson:next" and not self.callout_seen:
                self.check_callout(targets[key])
            self.x.click(targets[key], pause=0.15)
            self.clicks[key] += 1
            if self.verbose:
                print(
                    f"  {time.time() - self.started:5.1f} s: step {place['step'] + 1} of "
                    f"{place['steps']}: clicked {key} at {targets[key]}"
                )
            self.wait_taken(place["step"], key, targets[key])

    def wait_taken(self, step: int, key: str, point) -> None:
        """The lesson's place moves past ``step`` within seconds of the click on ``key``,
        or (an action of several clicks: Cluck-peep!'s tile, Turn over, Place) the step's
        next click is somewhere else; at most four clicks for one step."""
        deadline = time.time() + 10
        clicks = self.clicks_in_step = 1 if key == "lesson:next" else self.clicks_in_step + 1
        while time.time() < deadline:
            probe = read_probe(self.probe_path)
            if (_place(probe) or {}).get("step", step) > step:
                self.clicks_in_step = 0
                return
            following = probe["targets"].get("lesson:do")
            if key == "lesson:do" and following not in (None, point) and clicks < 4:
                return  # the action's next click
            time.sleep(0.1)
        _, path = self.x.screenshot(f"{self.lesson_id}-stuck")
        fail(
            f"{self.lesson_id}: step {step + 1} not taken by a click on {key} (an action the "
            f"step refused, or a click that missed; {path}); last probe "
            f"{read_probe(self.probe_path)}"
        )

    def check_callout(self, next_point) -> None:
        """The step's callout is drawn in the window round its Next button."""
        from game.ui import theme

        image, path = self.x.screenshot(f"{self.lesson_id}-callout")
        nx, ny = next_point
        fill = count_colour(self.x, image, (nx - 260, ny - 50, 200, 30), CALLOUT, step=6)
        button = count_colour(
            self.x, image, (nx - 60, ny - 8, 20, 16), [theme.ACCENT, theme.ACCENT_DARK], step=4
        )
        expect(
            fill > 40 and button > 6,
            f"{self.lesson_id}: the callout and its Next button are drawn over the table "
            f"({fill} callout, {button} button samples; {path})",
        )
        self.callout_seen = True


def learn(x, probe_path: Path, key: str, lesson_id: str, then: str) -> dict:
    """A click on "Learn to play" (``key``), then on the lesson's button in the chooser
    when the game has several lessons; the probe once ``then`` (a scene's name) is on top."""
    x.click(read_probe(probe_path)["targets"][key])
    probe = wait_for(
        probe_path,
        lambda p: p["scene"] in ("LessonChoiceScene", then),
        f"{lesson_id}: the chooser or {then}",
    )
    if probe["scene"] == "LessonChoiceScene":
        x.click(probe["targets"][f"lesson:{lesson_id}"])
        probe = wait_for(probe_path, lambda p: p["scene"] == then, f"{lesson_id}: {then}")
    return probe


def run_lesson(x, lesson_id: str, leave_half_way: bool) -> None:
    from game import registry
    from game.lessons import lesson_path, load_lesson

    lesson = load_lesson(lesson_path(lesson_id))
    info = registry.get(lesson.game)
    scene = "TableScene"  # every game's table is the one TableScene (issue #37)
    name = f"{info.name_en} lesson {lesson_id}"
    use_settings(Path(x.env["TABLETOP_DERBY_HOME"]), animation_speed=4.0)
    probe_path = x.shots / f"probe-{lesson_id}.json"
    x.env["TABLETOP_DERBY_PROBE"] = str(probe_path)
    x.start("--size", f"{SIZE[0]}x{SIZE[1]}", "--lang", "en")
    learn_key = f"learn:{lesson.game}"
    wait_for(
        probe_path, lambda p: p["scene"] == "MenuScene" and learn_key in p["targets"], "the menu"
    )
    learn(x, probe_path, learn_key, lesson_id, scene)
    wait_for(
        probe_path,
        lambda p: p["scene"] == scene and (_place(p) or {}).get("id") == lesson_id,
        f"{name}: the lesson's table",
    )
    started = time.time()
    steps = Steps(x, probe_path, scene, lesson_id)
    if leave_half_way:
        half = len(lesson.steps) // 2
        steps.take(until=half)
        x.key("Escape", pause=0.5)
        probe = wait_for(probe_path, lambda p: p["scene"] == "PauseScene", "the pause menu")
        x.click(probe["targets"]["menu"])
        probe = wait_for(probe_path, lambda p: p["scene"] == "MenuScene", "back at the menu")
        kept = _kept_places(x).get(lesson_id, {})
        expect(kept.get("step") == half, f"{name}: left at step {half + 1}, its place kept")
        probe = learn(x, probe_path, learn_key, lesson_id, "LessonStartScene")
        x.click(probe["targets"]["resume_lesson"])
        probe = wait_for(
            probe_path,
            lambda p: p["scene"] == scene and (_place(p) or {}).get("step") == half,
            f"{name}: the lesson again at step {half + 1}",
        )
        expect(True, f"{name}: 'Learn to play' offered to go on, and went on at step {half + 1}")
    probe = steps.take()
    place = _place(probe) or {}
    expect(
        probe["scene"] == "LessonDoneScene" and place.get("step") == len(lesson.steps),
        f"{name}: all {len(lesson.steps)} steps taken by clicks ({steps.clicks['lesson:next']} "
        f"Next, {steps.clicks['lesson:do']} on the table) in {time.time() - started:.0f} s",
    )
    expect(lesson_id not in _kept_places(x), f"{name}: finished, so no place is kept")
    from game.ui import theme

    image, path = x.screenshot(f"{lesson_id}-done")
    nx, ny = probe["targets"]["new_game"]
    button = count_colour(x, image, (nx - 160, ny - 10, 40, 20), [theme.ACCENT], step=4)
    expect(button > 10, f"{name}: the end offers a normal game ({button} samples; {path})")
    x.click(probe["targets"]["new_game"])
    probe = wait_for(
        probe_path,
        lambda p: p["scene"] == scene and "lesson" not in (p.get("game") or {}),
        f"{name}: a normal game at the same table",
    )
    expect(probe["stack"] == ["MenuScene", scene], f"{name}: a normal game, over the menu")
    x.key("Escape", pause=0.5)
    probe = wait_for(probe_path, lambda p: p["scene"] == "PauseScene", "the pause menu")
    x.click(probe["targets"]["menu"])
    probe = wait_for(probe_path, lambda p: p["scene"] == "MenuScene", "back at the menu")
    x.click(probe["targets"]["quit"], pause=0.2)
    code = x.wait_exit()
    expect(code == 0, f"{name}: quitting through the UI exits with 0 (got {code})")
    del x.env["TABLETOP_DERBY_PROBE"]
