"""A fresh, blind set of planted bugs for issue #36: the table layer and what it keeps.

Chosen from the source modules only (no test of them was read first): the table scene's
parts (``game/scenes/table/``), ``game/table/`` (drivers, replays), ``game/session.py``
and ``game/saves.py``. Each plant is (id, file, old_text, new_text, what_a_user_suffers);
old_text occurs exactly once. The runner is fresh_set_3's (one plant at a time: a quick
stage of the test files named after the module, then every test file that imports the
table layer, the session or the saves; the failing test run again alone; the file
restored), its results in ``fresh_set_4.<LABEL>.jsonl`` beside this file.

    python tools/mutants/fresh_set_4.py check ROOT            every plant applies once
    LABEL=before python tools/mutants/fresh_set_4.py run ROOT [ID ...]
    python tools/mutants/fresh_set_4.py baseline ROOT         the full set with no plant

Run it on a worktree of its own: it changes files under ``game/`` while it runs.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fresh_set_3 as runner  # the runner beside this file (found by the line above)

PLANTS: list[tuple[str, str, str, str, str]] = [
    # -- game/table/replay.py -----------------------------------------------------------
    (
        "replay-seek-stops-short",
        "game/table/replay.py",
        "        position = max(0, min(self.length, position))\n",
        "        position = max(0, min(self.length - 1, position))\n",
        (
            "A replay never reaches its last action: End, the slider's far right and playing "
            "on all stop one action before the game's end, so the winning move is never shown."
        ),
    ),
    (
        "replay-previous-round-stuck",
        "game/table/replay.py",
        "        return start if start < self.position else",
        "        return start if start <= self.position else",
        (
            "Page Up at the start of a round stays there instead of going to the round "
            "before: a person watching a replay cannot step back through the rounds."
        ),
    ),
    # -- game/table/driver.py -----------------------------------------------------------
    (
        "driver-deciders-every-person",
        "game/table/driver.py",
        "        return self._session.humans_to_act()\n",
        "        return self._session.humans()\n",
        (
            "The table asks the first person at the screen to decide even when it is another "
            "person's turn (or a computer's): the wrong hand is put on screen."
        ),
    ),
    # -- game/session.py ----------------------------------------------------------------
    (
        "session-undo-looks-at-first-action",
        "game/session.py",
        "        if self.actions[-1][0] != player:\n",
        "        if self.actions[0][0] != player:\n",
        (
            "The first player may take back their last action after others (computers too) "
            "have acted since: the others' moves vanish with it."
        ),
    ),
    (
        "session-undo-keeps-decisions",
        "game/session.py",
        "        self.pending.clear()\n",
        "",
        (
            "After an undo, a computer's decision about the position before it is still "
            "waiting to be played: a computer may play a move for a position that no longer "
            "exists (or stalls the table waiting for a thread that already answered)."
        ),
    ),
    # -- game/saves.py ------------------------------------------------------------------
    (
        "saves-prune-keeps-thirteen",
        "game/saves.py",
        "    for _, name in finished[KEEP_AUTOSAVES:]:\n",
        "    for _, name in finished[KEEP_AUTOSAVES + 1 :]:\n",
        (
            "Thirteen finished games' autosaves are kept, not the twelve the docs promise "
            "(one more file each time than the Load list and the docs say)."
        ),
    ),
    (
        "saves-action-seat-past-players",
        "game/saves.py",
        "            or not 0 <= item[0] < players\n",
        "            or not 0 <= item[0] <= players\n",
        (
            "A save whose record names a seat past the last one is listed as a good save; "
            "it fails only when opened, with a message about options or actions, not the seat."
        ),
    ),
    # -- game/scenes/table/frame_log.py -------------------------------------------------
    (
        "log-shortest-name-first",
        "game/scenes/table/frame_log.py",
        "(at, -len(name)) < (best[0], -best[1])",
        "(at, len(name)) < (best[0], best[1])",
        (
            "With seats named 'Ann' and 'Anna', Anna's log lines are marked and coloured as "
            "Ann's (the shorter name wins where both start)."
        ),
    ),
    (
        "log-divider-doubled",
        "game/scenes/table/frame_log.py",
        "    if latest == divider:\n",
        "    if latest is divider:\n",
        (
            "A round that opens with an event writes its '— Round 3 —' divider twice in the "
            "log (the check compares identity, never the round's text)."
        ),
    ),
    # -- game/scenes/table/phones.py ----------------------------------------------------
    (
        "phones-cards-after-the-end",
        "game/scenes/table/phones.py",
        "        if not scene.address or scene.session.state.is_over():\n",
        "        if not scene.address:\n",
        (
            "When the game is over, the phone seats' QR cards (with the key that takes the "
            "seat) stay on the table and over the end screen's view of it."
        ),
    ),
    # -- game/scenes/table/replay.py ----------------------------------------------------
    (
        "replay-log-shows-private-events",
        "game/scenes/table/replay.py",
        "                if event.visible_to is None:\n",
        "                if event.visible_to is None or self.shown_seat is not None:\n",
        (
            "Jumping in a replay while one seat's hand is shown rebuilds the log with every "
            "seat's private lines (others' draws too), not only what everybody saw."
        ),
    ),
    # -- game/scenes/table/scene.py -----------------------------------------------------
    (
        "scene-last-person-decides-first",
        "game/scenes/table/scene.py",
        "        return humans[0] if humans else None\n",
        "        return humans[-1] if humans else None\n",
        (
            "When several people choose at once in secret, the last seat is asked first, not "
            "the first: the curtain order differs from the seat order the rules and the "
            "status line give."
        ),
    ),
]

runner.PLANTS = PLANTS
runner.SET_NAME = "fresh_set_4"
# 71 test files, most of them scenes, on a machine shared by several runs: a full stage takes
# 5-15 minutes, and a stage past the timeout is counted as a hang (caught), never a pass
runner.TIMEOUT_S = 1800
runner.MENTIONS = re.compile(
    r"game\.(?:scenes|table|session|saves)\b"
    r"|from\s+game\s+import\s+[^\n]*\b(?:scenes|table|session|saves)\b"
)

if __name__ == "__main__":
    sys.exit(runner.main(sys.argv[1:]))
