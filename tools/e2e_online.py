"""End-to-end network play in two real X windows (called by tools/e2e_xvfb.py; issue #18).

Two copies of the app on one virtual screen, side by side, each with its own data folder
as on two computers: the *host* opens Cluck-peep! from the title menu, makes seat 2
"Online" in the lobby and clicks "Host online"; the *guest* opens "Join a table" from its
title menu, finds the table on the network (or, if multicast DNS finds nothing within
15 s, types the host's address and join code, as across the internet), looks at it, sits
in the free seat and plays it. Both play by clicks, each on their own screen, with a
computer player at the same table. Half-way through, the guest's app is killed
(``kill -9``: a pulled plug, not a polite goodbye); the host's window shows the seat
reconnecting; the guest starts the app again and, in Join a table, types the host's
address and join code (through the X keyboard), which the app knows as a seat of its own:
it rejoins with the token it kept and plays on to the end screen in both windows. Both
quit through the UI with exit code 0. E2E_ONLINE_TYPED=1 swaps the ways: the guest types
to join and comes back by "Your seats". Where things are comes from each app's probe file.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from tools.e2e_cluck import Person
from tools.e2e_xvfb import (
    SIZE,
    Clicker,
    XSession,
    expect,
    fail,
    read_probe,
    use_settings,
    wait_for,
)

HOST_SCENE = "TableScene"  # the one table scene, hosted (issue #37)
GUEST_SCENE = "TableScene"
END_SCENE = "GameOverScene"
GUEST_POS = (SIZE[0] + 20, 0)  # the guest's window right of the host's


def start(x: XSession, name: str, pos: tuple[int, int] = (0, 0)) -> Path:
    use_settings(Path(x.env["TABLETOP_DERBY_HOME"]), animation_speed=4.0)
    probe_path = x.shots / f"probe-{name}.json"
    probe_path.unlink(missing_ok=True)
    x.env["TABLETOP_DERBY_PROBE"] = str(probe_path)
    x.env["SDL_VIDEO_WINDOW_POS"] = f"{pos[0]},{pos[1]}"
    x.start("--size", f"{SIZE[0]}x{SIZE[1]}", "--lang", "en")
    wait_for(probe_path, lambda p: p["scene"] == "MenuScene", f"the {name}'s title menu")
    return probe_path


def host_table(x: XSession) -> tuple[Path, dict]:
    """The host: Cluck-peep!, seat 2 online, seat 3 a computer, Host online."""
    probe_path = start(x, "host")
    probe = read_probe(probe_path)
    x.click(probe["targets"]["game:cluck"])
    probe = wait_for(probe_path, lambda p: p["scene"] == "LobbyScene", "the host's lobby")
    while "remove:3" in probe["targets"]:  # three seats: the host, a friend, a computer
        x.click(probe["targets"]["remove:3"])
        probe = wait_for(
            probe_path, lambda p: "remove:3" not in p["targets"], "three seats in the lobby"
        )
    x.click(probe["targets"]["kind:1"])  # a computer -> someone online
    x.screenshot("online-lobby")
    probe = read_probe(probe_path)
    x.click(probe["targets"]["start"])  # now labelled "Host online"
    # issue #38: the hosted table opens under its waiting room (the code big, a QR code,
    # the seats filling in); "To the table" lays it aside
    probe = wait_for(
        probe_path,
        lambda p: p["scene"] == "WaitingRoom" and "room:table" in p["targets"],
        "the waiting room over the hosted table",
    )
    x.screenshot("online-waiting-room")
    x.click(probe["targets"]["room:table"])
    probe = wait_for(
        probe_path,
        lambda p: p["scene"] == HOST_SCENE and (p.get("game") or {}).get("online", {}).get("code"),
        "the hosted table, open to the network",
    )
    online = probe["game"]["online"]
    expect(True, f"the host's table is open at {online['address']} with code {online['code']}")
    return probe_path, online


def join_table(x: XSession, online: dict, typed: bool) -> Path:
    """The guest: Join a table, the host's table (found on the network, or typed), the
    free seat 2."""
    probe_path = start(x, "guest", GUEST_POS)
    x.click(read_probe(probe_path)["targets"]["menu:join"])
    probe = wait_for(probe_path, lambda p: p["scene"] == "JoinScene", "the Join a table screen")
    found = None
    if not typed:
        deadline = time.time() + 15
        while time.time() < deadline and found is None:
            probe = read_probe(probe_path)
            # the host's own table, by its code: other tables may be advertised on this
            # machine meanwhile (CI runs the test suite beside the end-to-end checks)
            codes = probe.get("found", {})
            found = next(
                (k for k in sorted(codes) if codes[k] == online["code"] and k in probe["targets"]),
                None,
            )
            time.sleep(0.3)
    if found is not None:
        x.click(probe["targets"][found])  # fills the address and code, and looks
        how = "found on the network (mDNS)"
    else:
        type_address_and_code(x, probe_path, online)
        how = "typed (address and join code)"
    probe = wait_for(probe_path, lambda p: "join:seat:1" in p["targets"], "the table's free seat 2")
    x.screenshot("online-join")
    x.click(probe["targets"]["join:seat:1"])
    wait_for(probe_path, lambda p: p["scene"] == GUEST_SCENE, "the guest at the table")
    expect(True, f"the guest joined seat 2 of the table {how}")
    return probe_path


def type_address_and_code(x: XSession, probe_path: Path, online: dict) -> None:
    """Type the host's address and join code into Join a table, as across the internet
    (through the X keyboard: SDL's text input, not events posted by a test)."""
    probe = read_probe(probe_path)
    port = online["address"].rsplit(":", 1)[1]
    x.click(probe["targets"]["join:address"])
    x.type_text(f"127.0.0.1:{port}")
    x.click(probe["targets"]["join:code"])
    x.type_text(online["code"].lower().replace("-", " "))  # as a person might type it
    x.click(probe["targets"]["join:look"])


def rejoin(x: XSession, online: dict, typed: bool) -> Path:
    """The guest's app started again: back at the seat, by "Your seats" or (``typed``)
    by typing the table's address and code, which Join a table knows as a seat of its
    own and rejoins with the token it kept."""
    probe_path = start(x, "guest", GUEST_POS)
    x.click(read_probe(probe_path)["targets"]["menu:join"])
    probe = wait_for(
        probe_path, lambda p: "join:rejoin:0" in p["targets"], "the guest's seat under Your seats"
    )
    if typed:
        type_address_and_code(x, probe_path, online)
    else:
        x.click(probe["targets"]["join:rejoin:0"])
    wait_for(probe_path, lambda p: p["scene"] == GUEST_SCENE, "the guest back at the table")
    return probe_path


def player(x: XSession, probe_path: Path, scene: str) -> Clicker:
    """One window's person, clicking whenever its seat may act (the network's answer
    may take a moment: more repeated clicks are allowed than at a local table)."""
    return Clicker(x, probe_path, scene, Person(x), patience=12)


def run(display: str, home_root: Path) -> None:
    typed = os.environ.get("E2E_ONLINE_TYPED") == "1"
    host = XSession(display, home_root / "host")
    host_probe, online = host_table(host)
    guest = XSession(display, home_root / "guest")
    guest_probe = join_table(guest, online, typed)
    players = [player(host, host_probe, HOST_SCENE), player(guest, guest_probe, GUEST_SCENE)]
    killed = False
    deadline = time.time() + 300
    while time.time() < deadline:
        probes = [p.step()[0] for p in players]
        if all(p["scene"] == END_SCENE for p in probes):
            break
        actions = (probes[0].get("game") or {}).get("actions", 0)
        if not killed and players[1].clicks >= 4 and actions >= 8:
            killed = True
            guest.proc.send_signal(signal.SIGKILL)
            guest.proc.wait(timeout=10)
            wait_for(
                host_probe,
                lambda p: (
                    "reconnecting" in (p.get("game") or {}).get("online", {}).get("status", [])
                ),
                "the host's table showing the guest's seat reconnecting",
            )
            host.screenshot("online-host-reconnecting")
            expect(True, f"the guest's app killed after {players[1].clicks} clicks; seat waits")
            # whichever way the guest joined, it comes back the other way
            players[1] = player(guest, rejoin(guest, online, typed=not typed), GUEST_SCENE)
            how = "from Your seats" if typed else "by typing the address and code"
            expect(True, f"the guest started the app again and rejoined {how}")
        time.sleep(0.1)
    else:
        fail(
            f"the online game did not end in 300 s; probes {[read_probe(p.probe_path) for p in players]}"
        )
    expect(killed, "the guest lost the line and came back during the game")
    host_end = read_probe(host_probe)
    guest_end = read_probe(players[1].probe_path)
    expect(
        host_end["game"]["over"] and guest_end["game"]["over"],
        f"a whole online Cluck-peep! game played to both end screens by clicks "
        f"(host {players[0].clicks} clicks, guest {players[1].clicks} after rejoining; "
        f"{host_end['game']['actions']} actions)",
    )
    host.screenshot("online-end")
    for x, probe_path in ((host, host_probe), (guest, players[1].probe_path)):
        x.click(read_probe(probe_path)["targets"]["menu"])
        probe = wait_for(probe_path, lambda p: p["scene"] == "MenuScene", "back at the menu")
        x.click(probe["targets"]["quit"], pause=0.2)
        code = x.wait_exit()
        expect(code == 0, f"quitting through the UI exits with 0 (got {code})")
