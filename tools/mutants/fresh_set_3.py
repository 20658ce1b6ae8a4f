"""A fresh, blind set of planted bugs for the mutation exercise of issue #30.

Chosen from the source modules and the docs only (no test was read). Each plant is
(id, file, old_text, new_text, what_a_user_suffers); old_text occurs exactly once.

    python plants.py check ROOT            old_text found exactly once in ROOT/file?
    python plants.py run ROOT [ID ...]     plant, test, restore; fresh_set_3.<LABEL>.jsonl beside this file
    python plants.py baseline ROOT         the full set with no plant: pass/fail, time
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SET_NAME = "fresh_set_3"  # results: <SET_NAME>.<LABEL>.jsonl (set 4 uses this runner)
PYTHON = sys.executable
TIMEOUT_S = 420
ATTACKS = "tests/test_net_attacks.py"
MENTIONS = re.compile(
    r"game\.(?:net|saves|settings|lessons|files|session)\b"
    r"|from\s+game\s+import\s+[^\n]*\b(?:net|saves|settings|lessons|files|session)\b"
)

PLANTS: list[tuple[str, str, str, str, str]] = [
    # -- game/storage.py (was game/files.py) ---------------------------------------------
    (
        "files-read-exactly-limit",
        "game/storage.py",
        "        remaining = limit + 1\n",
        "        remaining = limit\n",
        (
            "A file over its size limit is no longer refused as too large: it is silently cut at "
            "the limit and parsed (a YAML board or lesson truncated at a line end loads with "
            "parts missing; a big settings/save file is reported as broken JSON, not too large)."
        ),
    ),
    # -- game/settings.py ---------------------------------------------------------------
    (
        "settings-damaged-copy-not-kept",
        "game/settings.py",
        "    kept = keep_damaged_copy(path) if notes else None\n",
        "    kept = None\n",
        (
            "A settings file with one bad value is overwritten at the next save without the "
            "promised settings.json.damaged-<time> copy: whatever a person hand-edited is lost."
        ),
    ),
    (
        "settings-stale-temp-age-flipped",
        "game/storage.py",
        "stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_TEMP_AGE_S",
        "stat.S_ISREG(info.st_mode) and now - info.st_mtime < STALE_TEMP_AGE_S",
        (
            "Start-up removes the fresh temporary files of another running instance's writes "
            "(its save then fails) and never the stale ones a killed write left: .tmp litter "
            "piles up in the config and saves folders."
        ),
    ),
    (
        "settings-six-seats-refused",
        "game/settings.py",
        "    if len(value) > MAX_SEATS:\n",
        "    if len(value) >= MAX_SEATS:\n",
        (
            "A remembered six-seat lobby (Duck! for six) is refused on the next start: the lobby "
            "forgets the table and a note about a damaged setting is shown."
        ),
    ),
    # -- game/saves.py ------------------------------------------------------------------
    (
        "saves-prune-keeps-oldest",
        "game/saves.py",
        "    finished.sort(reverse=True)\n",
        "    finished.sort()\n",
        (
            "When more than 12 finished games are kept, the newest finished games' autosaves are "
            "deleted and the oldest kept: the game just finished vanishes from the list."
        ),
    ),
    (
        "saves-prune-unfinished",
        "game/saves.py",
        'data.get("kind") == "auto" and data.get("over"):',
        'data.get("kind") == "auto":',
        (
            "Pruning deletes the autosaves of unfinished games too: a game in progress is lost "
            "once 12 newer autosaves exist."
        ),
    ),
    (
        "saves-list-oldest-first",
        "game/saves.py",
        "    found.sort(key=lambda item: -item[0])\n",
        "    found.sort(key=lambda item: item[0])\n",
        (
            "The Load screen lists saves oldest first: the game one wants to continue is at the "
            "bottom of a long list."
        ),
    ),
    (
        "saves-save-id-keeps-prefix",
        "game/saves.py",
        '    session.save_id = Path(path).stem.removeprefix("auto-")\n',
        "    session.save_id = Path(path).stem\n",
        (
            "A resumed game autosaves to auto-auto-<id>.json: a second copy appears in the list "
            "(another each time it is resumed), and a hosted table's file no longer matches its save."
        ),
    ),
    # -- game/session.py ----------------------------------------------------------------
    (
        "session-bot-budget-ignored",
        "game/session.py",
        "if bot_budget_ms != self.bot_budget_ms and not self.pending:",
        "if bot_budget_ms != self.bot_budget_ms and self.pending:",
        (
            "A loaded game ignores the player's 'computer thinking time' setting: computers "
            "think 50 ms (weaker) however long the player chose."
        ),
    ),
    (
        "session-handoff-one-person",
        "game/session.py",
        "        return len(self.humans()) > 1 and self.viewer != player\n",
        "        return len(self.humans()) >= 1 and self.viewer != player\n",
        (
            "A person playing alone against computers gets the 'pass the screen to ...' curtain "
            "in front of their own hand."
        ),
    ),
    (
        "session-seat-level-not-restored",
        "game/session.py",
        '            level=str(data.get("level", "normal")),\n',
        '            level="normal",\n',
        (
            "Loading a save resets every computer seat to 'normal': the hard (or easy) computers "
            "a person chose are gone after a reload."
        ),
    ),
    # -- game/lessons.py ----------------------------------------------------------------
    (
        "lessons-resume-bot-rng-counts-humans",
        "game/lessons.py",
        "bots = sum(1 for p, _ in session.actions if not session.seats[p].human)",
        "bots = sum(1 for p, _ in session.actions if session.seats[p].human)",
        (
            "A lesson continued from its saved place has the computers play differently from the "
            "lesson's script: a later step's expected action is not legal and the person is stuck."
        ),
    ),
    (
        "lessons-read-step-allows-actions",
        "game/lessons.py",
        "        if step.expect is None:\n            return False\n        return step.expect ==",
        "        if step.expect is None:\n            return True\n        return step.expect ==",
        (
            "On a step that is only to be read (Next button), the person can already play any "
            "action: the lesson's explanation is skipped and its later steps no longer match."
        ),
    ),
    (
        "lessons-damaged-progress-not-dict",
        "game/lessons.py",
        "    return data if isinstance(data, dict) else {}\n",
        "    return data\n",
        (
            "A damaged lessons.json (a list, a number) crashes the Learn-to-play menu instead of "
            "being ignored."
        ),
    ),
    # -- game/net/protocol.py -----------------------------------------------------------
    (
        "protocol-code-case-sensitive",
        "game/net/protocol.py",
        '    raw = "".join(text.split()).replace("-", "").upper()\n',
        '    raw = "".join(text.split()).replace("-", "")\n',
        (
            "A join code typed in lower case is not recognised: the player is told no table has "
            "that code."
        ),
    ),
    (
        "protocol-no-spectator-hello",
        "game/net/protocol.py",
        '        "seat": (_int(0, 7, none=True), True),\n',
        '        "seat": (_int(0, 7, none=False), True),\n',
        "Nobody can join as a spectator: hello with seat null is refused as a schema error.",
    ),
    (
        "protocol-token-compared-raw",
        "game/net/protocol.py",
        "    return digest is not None and hmac.compare_digest(token_digest(token), digest)\n",
        "    return digest is not None and hmac.compare_digest(token, digest)\n",
        (
            "No token ever matches its digest: nobody can rejoin their seat after a dropped line "
            "(error 'token'), and the owner can no longer hand a seat over."
        ),
    ),
    # -- game/net/limits.py -------------------------------------------------------------
    (
        "limits-bucket-not-capped",
        "game/net/limits.py",
        "        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)\n",
        "        self.tokens = self.tokens + (now - self.stamp) * self.rate\n",
        (
            "A client that idles saves up an unlimited burst: after a quiet minute it may send "
            "hundreds of messages (or rejoins) at once, every other member is flooded."
        ),
    ),
    (
        "limits-bucket-stamp-not-moved",
        "game/net/limits.py",
        "        self.stamp = now\n        if self.tokens >= 1.0:\n",
        "        if self.tokens >= 1.0:\n",
        (
            "The rate limit stops working three seconds after a connection opens (the bucket "
            "refills from its creation time on every message): a flood is never refused or closed."
        ),
    ),
    # -- game/net/computers.py ----------------------------------------------------------
    (
        "computers-spectators-not-members",
        "game/net/computers.py",
        "        if self.needs_member and not table.members:\n",
        "        if self.needs_member and not table.seat_peer:\n",
        (
            "A table watched only by spectators (an all-computer game, or people who stepped "
            "away) stands still: its computers wait for a seated person."
        ),
    ),
    (
        "computers-round-robin-keeps-turn",
        "game/net/computers.py",
        "                self._turns.append(key)  # its next table waits for the others' turn\n",
        "                self._turns.appendleft(key)  # its next table waits for the others' turn\n",
        (
            "An address with many tables keeps the computers' turn until all its tables are "
            "served: everybody else's computers wait behind one stranger's tables."
        ),
    ),
    (
        "computers-one-job-too-many",
        "game/net/computers.py",
        "        while self.busy < self.workers:\n",
        "        while self.busy <= self.workers:\n",
        (
            "One more decision than there are workers is handed out: on serve the process runner "
            "has no idle worker for it (pop from an empty list) and the table's computers stop."
        ),
    ),
    # -- game/net/host.py ---------------------------------------------------------------
    (
        "host-applied-note-flipped",
        "game/net/host.py",
        "            if not self._local:  # it came over the network",
        "            if self._local:  # it came over the network",
        (
            "The host's window is not told about actions that came over the network (no "
            "animation, no log line), and is told about its own ones a second time."
        ),
    ),
    (
        "host-reopened-never",
        "game/net/host.py",
        "        self.reopened = port == 0 and table.port is not None\n",
        "        self.reopened = port != 0 and table.port is not None\n",
        (
            "A window's table opened again after a restart listens on a new free port: the "
            "members' clients cannot find it and nobody comes back by themselves."
        ),
    ),
    # -- game/net/store.py --------------------------------------------------------------
    (
        "store-port-not-saved",
        "game/net/store.py",
        '        if table.port is not None:\n            fields["port"] = table.port\n',
        '        if table.port is None:\n            fields["port"] = table.port\n',
        (
            "A window's table file never keeps its port: after a restart the table listens "
            "elsewhere and the other players' clients do not find it."
        ),
    ),
    (
        "store-restore-other-hosts-tables",
        "game/net/store.py",
        '            if meta["host"] != host:\n',
        '            if meta["host"] not in ("serve", "app"):\n',
        (
            "serve opens the tables of a window (and a window those of serve) on restart: one "
            "game gets two hosts, each diverging from the other."
        ),
    ),
    (
        "store-local-seats-not-restored",
        "game/net/store.py",
        '        local_seats=[s for s in meta["local"] if s < players],\n',
        '        local_seats=[s for s in meta.get("locals", []) if s < players],\n',
        (
            "After a restart the host's own seats are no longer local: they show as open and a "
            "stranger with the code can sit in the host's seat and see the host's hand."
        ),
    ),
    (
        "store-bad-table-file-stops-start",
        "game/net/store.py",
        "        except (FileProblem, ValueError, KeyError) as exc:\n            problems.append",
        "        except (FileProblem, KeyError) as exc:\n            problems.append",
        (
            "One damaged table file (a bad digest, a bad port) makes serve fail at start-up "
            "instead of being reported and skipped: no table is opened again."
        ),
    ),
    # -- game/net/table.py --------------------------------------------------------------
    (
        "table-replayed-id-accepted",
        "game/net/table.py",
        "        if message_id <= self.last_ids[seat]:\n",
        "        if message_id < self.last_ids[seat]:\n",
        (
            "An action message sent again (a replay, or a client resending after a reconnect) is "
            "applied a second time: a player's move happens twice."
        ),
    ),
    (
        "table-take-waiting-seat",
        "game/net/table.py",
        '        if self.status(seat) != "open":\n',
        '        if self.status(seat) == "connected":\n',
        (
            "A stranger with the code can sit in a seat whose person's line dropped (or a "
            "computer's, or the host's own) and see that hand."
        ),
    ),
    (
        "table-hand-over-connected",
        "game/net/table.py",
        '        if status not in ("open", "reconnecting"):\n',
        '        if status not in ("open", "reconnecting", "connected"):\n',
        "The owner can hand a seat whose person is connected and playing to a computer.",
    ),
    (
        "table-welcome-log-unfiltered",
        "game/net/table.py",
        "            events=[e for e in map(json.loads, self.log) if _seen(e, seat)],\n",
        "            events=list(map(json.loads, self.log)),\n",
        (
            "A (re)joining player or spectator is sent every recent event, the private ones too: "
            "other players' drawn cards leak."
        ),
    ),
    (
        "table-join-seat-bound",
        "game/net/table.py",
        (
            '            self._changed("members")\n            return\n'
            "        if not 0 <= seat < self.session.players:\n"
        ),
        (
            '            self._changed("members")\n            return\n'
            "        if not 0 <= seat <= self.session.players:\n"
        ),
        (
            "A hello for the seat one past the last (seat 2 of a two-player game) is not refused: "
            "it raises IndexError, dropping the connection on serve and breaking a window host's pump."
        ),
    ),
    (
        "table-joined-forgotten",
        "game/net/table.py",
        "            self.joined = self.joined or bool(self.members)\n",
        "            self.joined = bool(self.members)\n",
        (
            "A table everybody has left counts as never joined: serve forgets it after 10 minutes "
            "and deletes its autosave, the friends' paused game is lost."
        ),
    ),
    # -- game/net/server.py -------------------------------------------------------------
    (
        "server-ipv6-per-address",
        "game/net/server.py",
        "        return str(ipaddress.IPv6Network((ip, 64), strict=False))\n",
        "        return str(ipaddress.IPv6Network((ip, 128), strict=False))\n",
        (
            "An IPv6 client picks a new address from its /64 for each socket and table: the "
            "per-address socket, table and computer quotas no longer hold it."
        ),
    ),
    (
        "server-computer-quota-ignores-new",
        "game/net/server.py",
        "        if held + computers > self.computers_per_address:\n",
        "        if held > self.computers_per_address:\n",
        (
            "One address may create tables far past its 24 computer seats (the new table's "
            "computers are not counted): a stranger fills the host's workers."
        ),
    ),
    (
        "server-forget-wrong-files",
        "game/net/server.py",
        "files[1 if keep_autosave else 0 :]",
        "files[0 if keep_autosave else 1 :]",
        (
            "An abandoned table's autosave (the game so far) is deleted while its table file "
            "stays (it is opened again at restart); an unjoined table's autosave is left behind."
        ),
    ),
    (
        "server-hand-over-owner-flipped",
        "game/net/server.py",
        '            if not conn.table.owner_may(fields["owner"]):\n',
        '            if conn.table.owner_may(fields["owner"]):\n',
        "Anybody at the table except its owner may hand a waiting seat over to a computer.",
    ),
    (
        "server-queued-bytes-never-freed",
        "game/net/server.py",
        (
            "                    text = self.queue.popleft()\n"
            "                    self.queued_bytes -= len(text)\n"
        ),
        "                    text = self.queue.popleft()\n",
        (
            "Sent bytes are never taken off the connection's count: a player is cut off as 'too "
            "far behind' once 2 MB has been sent in all, in the middle of a long game."
        ),
    ),
    (
        "server-leave-forgets-unfinished",
        "game/net/server.py",
        "        if table.session.state.is_over() and not table.members:\n",
        "        if not table.members:\n",
        (
            "When the last person's line drops, an unfinished table is forgotten: rejoining gets "
            "'no table here has that join code' and the game cannot be continued."
        ),
    ),
]


# -- selecting test files ------------------------------------------------------------------
def candidate_tests(root: Path) -> list[str]:
    """tests/test_*.py whose text mentions one of the planted modules (mechanical)."""
    found = []
    for path in sorted((root / "tests").glob("test_*.py")):
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if MENTIONS.search(text):
            found.append(f"tests/{path.name}")
    return found


def full_set(root: Path, file: str | None) -> list[str]:
    tests = candidate_tests(root)
    if file is None or file.startswith("game/net/"):
        return tests
    return [t for t in tests if t != ATTACKS]


def quick_set(root: Path, file: str) -> list[str]:
    """Test files named test_<stem>* (a plural's 's' off the stem), and test_net*
    for a module of game/net; the slow attack tests are left to the full set."""
    stem = Path(file).stem
    root_name = stem[:-1] if stem.endswith("s") and len(stem) > 4 else stem
    names = []
    for path in sorted((root / "tests").glob("test_*.py")):
        name = path.name
        rel = f"tests/{name}"
        if rel == ATTACKS:
            continue
        if name.startswith(f"test_{root_name}") or (
            file.startswith("game/net/") and name.startswith("test_net")
        ):
            names.append(rel)
    return names


# -- running pytest ----------------------------------------------------------------------
def _env(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYTHONPATH=str(root),
    )
    return env


def _reset_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def pytest(root: Path, targets: list[str], deselect: list[str] = ()) -> tuple[str, str, float]:
    """Run pytest; ("pass" | "fail" | "hang", output, seconds)."""
    cmd = [PYTHON, "-m", "pytest", "-x", "-q", "-p", "no:randomly", "-p", "no:cacheprovider"]
    cmd += ["-n", "2"]
    for nodeid in deselect:
        cmd += ["--deselect", nodeid]
    cmd += list(targets)
    start = time.monotonic()
    proc = subprocess.Popen(
        cmd,
        cwd=root,
        env=_env(root),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        start_new_session=True,
        preexec_fn=_reset_sigint,  # noqa: PLW1509 - this script starts no thread
    )
    try:
        out, _ = proc.communicate(timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, _ = proc.communicate()
        return "hang", out or "", time.monotonic() - start
    status = "pass" if proc.returncode == 0 else "fail"
    if proc.returncode == 5:  # no tests collected: nothing caught it
        status = "pass"
    return status, out or "", time.monotonic() - start


_FAILED = re.compile(r"^(FAILED|ERROR) (.+)$", re.MULTILINE)


def first_failure(out: str) -> str | None:
    match = _FAILED.search(out)
    if match is None:
        return None
    return match.group(2).split(" - ", 1)[0].strip()


def run_stage(root: Path, targets: list[str]) -> tuple[bool, str | None]:
    """(caught, by) for one set of test files, flaky failures deselected (3 times at most)."""
    deselected: list[str] = []
    for _ in range(4):
        status, out, _ = pytest(root, targets, deselected)
        if status == "hang":
            return True, "HANG"
        if status == "pass":
            return False, None
        failed = first_failure(out)
        if failed is None:
            tail = out.strip().splitlines()[-3:]
            return True, "rc!=0 without a failed test: " + " | ".join(tail)[:300]
        again, _, _ = pytest(root, [failed])
        if again == "hang":
            return True, f"{failed} (HANG alone)"
        if again == "fail":
            return True, failed
        print(f"  flaky (passes alone): {failed}; deselected, rerunning", flush=True)
        deselected.append(failed)
        if len(deselected) > 3:
            break
    return False, None


# -- planting -------------------------------------------------------------------------------
def _git(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["git", "-C", str(root), *args], check=False, capture_output=True, text=True
    )


def apply(root: Path, file: str, old: str, new: str) -> None:
    path = root / file
    text = path.read_text(encoding="utf-8")
    count = text.count(old)
    if count != 1:
        raise SystemExit(f"{file}: old text found {count} times, not once")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def run_one(root: Path, plant: tuple[str, str, str, str, str], label: str) -> dict:
    pid, file, old, new, what = plant
    if _git(root, "diff", "--quiet", "--", "game/").returncode != 0:
        raise SystemExit(f"{root}: game/ has changes; refusing to plant {pid}")
    start = time.monotonic()
    caught, by = False, None
    try:
        apply(root, file, old, new)
        quick = quick_set(root, file)
        if quick:
            print(f"{pid}: quick stage ({len(quick)} files)", flush=True)
            caught, by = run_stage(root, quick)
        if not caught:
            full = full_set(root, file)
            print(f"{pid}: full stage ({len(full)} files)", flush=True)
            caught, by = run_stage(root, full)
    finally:
        restored = _git(root, "checkout", "--", file)
        if restored.returncode != 0:
            print(f"RESTORE FAILED for {file}: {restored.stderr}", file=sys.stderr)
    result = {
        "id": pid,
        "file": file,
        "what": what,
        "caught": caught,
        "by": by,
        "seconds": round(time.monotonic() - start, 1),
    }
    line = json.dumps(result, ensure_ascii=False)
    with open(HERE / f"{SET_NAME}.{label}.jsonl", "a", encoding="utf-8") as handle:
        handle.write(line + "\n")
    print(line, flush=True)
    return result


# -- commands ------------------------------------------------------------------------------
def check(root: Path) -> int:
    bad = 0
    ids = [p[0] for p in PLANTS]
    if len(set(ids)) != len(ids):
        print("DUPLICATE IDS")
        bad += 1
    for pid, file, old, new, _ in PLANTS:
        try:
            count = (root / file).read_text(encoding="utf-8").count(old)
        except OSError as exc:
            count = -1
            print(f"{pid}: {file}: {exc}")
        ok = count == 1 and old != new
        bad += not ok
        print(f"{'ok  ' if ok else 'BAD '} {pid:40s} {file:24s} found {count}x")
    print(f"{len(PLANTS)} plants, {len(PLANTS) - bad} apply exactly once")
    return 1 if bad else 0


def baseline(root: Path) -> int:
    files = full_set(root, None)
    print(f"baseline: {len(files)} test files", flush=True)
    status, out, seconds = pytest(root, files)
    tail = "\n".join(out.strip().splitlines()[-5:])
    print(tail)
    print(f"baseline: {status.upper()} in {seconds:.0f} s", flush=True)
    return 0 if status == "pass" else 1


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("check", "run", "baseline"):
        print(__doc__)
        return 2
    command, root = argv[0], Path(argv[1]).resolve()
    if command == "check":
        return check(root)
    if command == "baseline":
        return baseline(root)
    wanted = argv[2:]
    known = {p[0]: p for p in PLANTS}
    unknown = [w for w in wanted if w not in known]
    if unknown:
        print(f"unknown plants: {', '.join(unknown)}")
        return 2
    label = os.environ.get("LABEL", "run")
    for plant in [known[w] for w in wanted] if wanted else PLANTS:
        run_one(root, plant, label)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
