"""Phones as hands end to end (issue #29): the host's real window under Xvfb, two phones
in headless Chromium, 127.0.0.1 only.

``python tools/e2e_phones.py`` starts an Xvfb of its own (``-displayfd``: a free display
number) and, for Duck! Duck! Go!, Verflixxt! with hats, Cluck-peep! and Eight Routes (its
draft, issue #39) in turn, opens
the host's window on it (this process is the app: an X11 window, not SDL's dummy
driver) at a table hosted on 127.0.0.1 with two phone seats and a computer:

- the big screen shows a QR card beside each phone seat (checked in a screenshot of the
  X screen: ImageMagick's ``import -window root``);
- two headless Chromium pages (a 360x640 phone in English, a 768x1024 tablet in
  Japanese) open the seats' links, the cards go, and the phones make every choice of a
  round by taps (a card or a choice: two; Duck's place on the small board and its
  facing's arrow: two; a Verflixxt! piece on the strip: two) while the window runs;
  before each choice the page's whole text is checked for coordinates (issue #39:
  none); the round resolves on the big screen (the host's session, and the X
  screen showing the window's own picture), never behind a hand-off curtain;
- each page is screenshot when it is first asked to choose (a card picked by a first
  tap: Duck's route preview shows), at its size in both languages, into build/phone/;
- the 360x640 phone is closed mid-game: its seat falls back to the big screen (its QR
  card is back on the X screen); reopened by its link it has its seat and hand again,
  and play goes on;
- in Cluck-peep!, the phone then asks the coach at its decision (issue #40): the say
  shows, its pick on the small board, the seat marked as coached, no coordinate.

Every wait is bounded; the whole run fails past ``--limit`` seconds (default 200: four games, each at a phone and a tablet size, took 139 s on a loaded 2-core machine).
E2E_PHONES_GAMES=duck,cluck picks games; E2E_KEEP=1 keeps the X screenshots' folder.
Exit status 0 when every check held, 1 otherwise (the reason is printed).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIZE = (1920, 1080)  # the seat panels hold a whole QR card from this size up
PHONES = ((360, 640, "en"), (768, 1024, "ja"))  # a phone and a tablet (issue #39)
GAMES: dict[str, dict[str, Any]] = {
    "duck": {},
    "verflixxt": {"variant": "hats"},
    "cluck": {},
    "routes": {},  # the draft from the phones (issue #39)
}
SHOTS = ROOT / "build" / "phone"
COACH_GAME = "cluck"  # the game in which a phone asks the coach (issue #40)


class Failed(Exception):
    pass


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise Failed(message)
    print(f"e2e phones ok: {message}", flush=True)


def start_xvfb() -> tuple[subprocess.Popen, str]:
    """An Xvfb of the window's size on a free display (it says which on a pipe)."""
    for tool in ("Xvfb", "import"):
        if shutil.which(tool) is None:
            raise SystemExit(f"e2e phones needs {tool} (apt-get install -y xvfb imagemagick)")
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24"]
        + ["-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    number = b""
    deadline = time.monotonic() + 15
    while not number.endswith(b"\n") and time.monotonic() < deadline:
        chunk = os.read(read, 16)
        if not chunk:
            break
        number += chunk
    os.close(read)
    if not number.strip().isdigit():
        xvfb.terminate()
        raise SystemExit("Xvfb did not start")
    return xvfb, f":{number.strip().decode()}"


class Run:
    """One game's table: the host's window, its HostThread, the two phone pages."""

    def __init__(self, game: str, options: dict[str, Any], deadline: float, shots: Path):
        from game.app import App
        from game.net.host import HostThread
        from game.scenes.lobby.online import hosted_scene
        from game.session import Seat, Session
        from game.settings import Settings

        self.game, self.deadline, self.shots = game, deadline, shots
        self.app = App(size=SIZE, settings=Settings(), persist=False)
        self.app.settings.animation_speed = 4.0
        chars = __import__("game.registry", fromlist=["get"]).get(game).characters
        seats = [Seat("Ann", chars[0].key), Seat("Bea", chars[1].key)]
        seats.append(Seat("Cy", chars[2].key, human=False, level="easy"))
        session = Session(game, seats, 29, options)
        self.host = HostThread(
            session, host="127.0.0.1", port=0, autosave=False, local_seats=(0, 1), phones=(0, 1)
        ).start()
        self.scene = hosted_scene(self.app, self.host, (0, 1))
        self.app.push(self.scene)
        self.phones: list[Any] = [None, None]
        self.curtains = 0  # frames a hand-off curtain was up while both phones held seats
        self.choices = 0  # choices the phones made, each page checked for coordinates first

    # -- the window ----------------------------------------------------------------------
    def step(self) -> None:
        import pygame

        from game.scenes.table.handoff import HandoffScene

        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                raise Failed("the window was closed")
        self.app.step(0.05)
        table = self.host.table
        held = table.on_phone(0) and table.on_phone(1)
        if held and any(isinstance(s, HandoffScene) for s in self.app.stack):
            self.curtains += 1
        if time.monotonic() > self.deadline:
            raise Failed(f"{self.game}: out of time")

    def until(self, done, what: str, limit: float = 30.0) -> None:
        end = min(self.deadline, time.monotonic() + limit)
        while not done():
            if time.monotonic() > end:
                raise Failed(f"{self.game}: never {what}")
            self.step()
            time.sleep(0.005)

    def x_screen(self, name: str):
        """The X screen as ImageMagick sees it (the window is at 0,0 and fills it)."""
        import pygame

        path = self.shots / f"{self.game}-{name}.png"
        subprocess.run(["import", "-window", "root", str(path)], check=True, timeout=20)
        return pygame.image.load(str(path)), path

    def window_shown(self, image) -> bool:
        """The X screen shows the window's own picture (a grid of points compared)."""
        screen = self.app.screen
        points = [(x, y) for x in range(8, SIZE[0], 61) for y in range(8, SIZE[1], 53)]
        same = sum(1 for p in points if tuple(image.get_at(p))[:3] == tuple(screen.get_at(p))[:3])
        return same >= 0.98 * len(points)

    def qr_cards_on_screen(self, image, seats: list[int]) -> bool:
        """Each seat's whole QR card (the code, not the compact card) on the X screen:
        white and near-black modules in it."""
        drawn = {
            seat: rect for seat, kind, rect in self.scene.part.phone_cards.drawn if kind == "qr"
        }
        if sorted(drawn) != seats:
            return False
        for seat in seats:
            rect = drawn[seat]
            white = dark = total = 0
            for x in range(rect.left + 4, rect.right - 4, 2):
                for y in range(rect.top + 4, rect.bottom - 4, 2):
                    r, g, b = tuple(image.get_at((x, y)))[:3]
                    total += 1
                    white += (r, g, b) == (255, 255, 255)
                    dark += max(r, g, b) < 40
            if not total or white < 0.3 * total or dark < 0.05 * total:
                return False
        return True

    # -- the phones ----------------------------------------------------------------------
    def link(self, seat: int) -> str:
        from game.net.phone import phone_url

        host = self.host
        return phone_url(f"127.0.0.1:{host.port}", host.code, seat, host.phone_tokens[seat])

    def open(self, seat: int) -> None:
        from tools import phone_browser

        width, height, lang = PHONES[seat]
        self.phones[seat] = phone_browser.open_phone(self.link(seat), width, height, lang)

    def play(
        self, done, what: str, shoot: set[int] | None = None, hold: frozenset[int] = frozenset()
    ) -> int:
        """Run the window; each phone makes the first choice offered (two taps). A phone
        in ``shoot`` is screenshot the first time it is asked with a card to pick; a
        phone in ``hold`` makes no choice (it waits at its decision)."""
        from tools import phone_browser

        taps = 0
        end = min(self.deadline, time.monotonic() + 40.0)
        while not done():
            if time.monotonic() > end:
                raise Failed(f"{self.game}: never {what}")
            self.step()
            for seat, driver in enumerate(self.phones):
                if driver is None or seat in hold:
                    continue
                info = phone_browser.state(driver)
                if not info.get("legal") or info.get("sending"):
                    continue
                if shoot is not None and seat in shoot and self.shoot_phone(seat, driver):
                    shoot.discard(seat)
                    continue
                found = phone_browser.coordinates(driver)
                if found:
                    raise Failed(f"{self.game}: phone {seat} shows a coordinate: {found[:3]}")
                if phone_browser.make_choice(driver):
                    taps += 1
                    self.choices += 1
            time.sleep(0.005)
        return taps

    def shoot_phone(self, seat: int, driver) -> bool:
        """A card picked by a first tap, the page screenshot in its language and the
        other one; the page then reloaded (nothing picked, as a person opens it again)."""
        if self.game == "routes":  # no hand: a die of the lid picked, its ways offered
            dice = driver.find_elements("css selector", "#board .die.playable")
            if not dice:
                return False
            dice[0].click()
            expect(
                bool(driver.find_elements("css selector", "#choices button")),
                f"routes: phone {seat} offers the picked die's ways to take it",
            )
            return self.shoot_both(seat, driver)
        cards = driver.find_elements("css selector", ".card.playable")
        if not cards:
            return False
        legal = driver.execute_script("return window.DerbyPhone.page.legal") or []
        if self.game == "duck" and not any(a.startswith("card ") for a in legal):
            return False  # the turn order's card: the secret choice of a move comes later
        plays = cards[0].get_attribute("data-plays")
        cards[0].click()
        if plays is not None and int(plays) > 1:  # Verflixxt!: the pieces the card moves ...
            pieces = driver.find_elements("css selector", "#board .piece.playable")
            expect(bool(pieces), f"verflixxt: phone {seat} puts the card's pieces on the strip")
            pieces[0].click()  # ... one picked on the strip (issue #39), its tile marked
            expect(
                bool(driver.find_elements("css selector", "#board .vtile.reach")),
                f"verflixxt: phone {seat} marks the tile the picked piece reaches",
            )
        expect(
            driver.find_element("id", "confirm").is_displayed(),
            f"{self.game}: phone {seat} asks for a second tap to confirm",
        )
        if self.game == "duck":
            expect(
                bool(driver.execute_script("return !!document.querySelector('#preview svg')")),
                f"duck: phone {seat} shows its duck's route for the picked card",
            )
        return self.shoot_both(seat, driver)

    def shoot_both(self, seat: int, driver) -> bool:
        """The page screenshot in its language and the other one, then reloaded."""
        width, height, lang = PHONES[seat]
        for shown in (lang, "ja" if lang == "en" else "en"):
            if driver.execute_script("return document.documentElement.lang") != shown:
                driver.find_element("id", "lang").click()
            fits = driver.execute_script(
                "return document.documentElement.scrollWidth <= window.innerWidth + 1"
            )
            expect(bool(fits), f"{self.game}: the {width}x{height} page fits ({shown})")
            path = SHOTS / f"e2e-{self.game}-{width}x{height}-{shown}.png"
            driver.save_screenshot(str(path))
        driver.find_element("id", "lang").click()  # back to the phone's own language
        driver.refresh()
        return True

    def hand_matches(self, seat: int) -> bool:
        view = self.host.table.session.state.view(seat).to_dict()
        if "hands" not in view:  # Eight Routes: nothing in a hand, the welcome is enough
            return True
        hand = [c for c in view["hands"][seat] if c not in (0, None, "?")]
        shown = self.phones[seat].execute_script(
            "return Array.from(document.querySelectorAll('#hand .card')).map(c => c.dataset.card)"
        )
        return sorted(map(str, hand)) == sorted(s for s in shown if s in set(map(str, hand)))

    def close(self) -> None:
        for driver in self.phones:
            if driver is not None:
                driver.quit()
        self.host.stop(timeout=5)
        self.app.stack.clear()


def ask_the_coach(run: Run, seat: int) -> None:
    """The coach on a phone (issue #40): at the seat's decision its page's Coach control
    is tapped; the host's answer shows (the pick first, on the small board as a first
    tap shows it), the seat is marked as coached, and no text on the page has a
    coordinate; the page is screenshot with the coach's say in sight."""
    from tools import phone_browser

    page = run.phones[seat]

    def js(expression: str) -> Any:
        return page.execute_script(f"var P = window.DerbyPhone; return {expression};")

    session = run.host.table.session
    run.play(
        lambda: bool(js("!!document.getElementById('coach-ask')")),
        f"asked phone {seat} to decide",
        hold=frozenset({seat}),
    )
    expect(seat not in session.coached, f"{run.game}: the Coach control marks nothing by itself")
    page.find_element("css selector", "#coach-ask").click()
    run.until(lambda: bool(js("!!(P.page.coach && P.page.coach.n === P.page.n)")), "coached")
    options = js(
        "Array.from(document.querySelectorAll('#coach [data-coach]'))"
        ".map(b => b.getAttribute('data-coach'))"
    )
    expect(
        bool(options)
        and js("P.page.coachShown") == options[0]
        and options[0] in js("P.page.legal"),
        f"{run.game}: the coach's pick ({options[:1]}) is shown on the phone's small board",
    )
    expect(seat in session.coached, f"{run.game}: asking on the phone marked the seat as coached")
    found = phone_browser.coordinates(page)
    expect(not found, f"{run.game}: the coach's words on the phone name no coordinate {found[:3]}")
    js("document.getElementById('coach').scrollIntoView({block: 'start'})")
    page.save_screenshot(str(SHOTS / f"e2e-{run.game}-coach.png"))


def round_done(run: Run):
    state = run.host.table.session.state
    if run.game == "duck":
        # the round resolved and the next one asks both phones for their cards
        return lambda: state.round_number >= 2 and {0, 1} <= set(state.to_act())
    return lambda: run.host.table.session.state.round_number >= 2


def play_game(game: str, options: dict[str, Any], deadline: float, shots: Path) -> None:
    from game.scenes.table.handoff import HandoffScene
    from tools import phone_browser

    started = time.monotonic()
    for old in SHOTS.glob(f"e2e-{game}-*.png"):
        old.unlink()  # only this run's screenshots count
    run = Run(game, options, deadline, shots)
    try:
        scene, table = run.scene, run.host.table
        run.until(lambda: scene.driver.address and scene.part.phone_cards.drawn, "listened")
        run.step()
        image, path = run.x_screen("qr-cards")
        expect(
            run.window_shown(image) and run.qr_cards_on_screen(image, [0, 1]),
            f"{game}: the host's X window shows a QR card beside both phone seats ({path.name})",
        )
        run.open(0)
        run.open(1)
        run.until(lambda: table.on_phone(0) and table.on_phone(1), "joined by both phones")
        run.until(lambda: not scene.part.phone_cards.drawn, "dropped the QR cards")
        session = table.session
        taps = run.play(round_done(run), "resolved a round from the phones", shoot={0, 1})
        expect(
            {p for p, _ in session.actions} >= {0, 1} and taps >= 2,
            f"{game}: the phones played round 1 ({taps} choices, {len(session.actions)} actions)",
        )
        run.step()
        image, path = run.x_screen("round")
        expect(
            session.state.round_number >= 2 and run.window_shown(image),
            f"{game}: the round resolved on the big screen ({path.name})",
        )
        expect(
            run.curtains == 0 and scene.private_player is None,
            f"{game}: no hand-off curtain and no hand on the big screen for phone seats",
        )
        missing = [
            f"e2e-{game}-{w}x{h}-{lang}.png"
            for w, h, _ in PHONES
            for lang in ("en", "ja")
            if not (SHOTS / f"e2e-{game}-{w}x{h}-{lang}.png").exists()
        ]
        expect(not missing, f"{game}: the phone pages screenshot at both sizes in both languages")
        # a phone closed mid-game: the seat back at the big screen, its QR card again
        run.phones[0].quit()
        run.phones[0] = None
        run.until(lambda: not table.on_phone(0), "gave the closed phone's seat back")
        run.until(lambda: [s for s, *_ in scene.part.phone_cards.drawn] == [0], "showed its card")
        run.step()
        image, path = run.x_screen("phone-closed")
        expect(
            scene.driver.seat_status(0) == "local" and run.qr_cards_on_screen(image, [0]),
            f"{game}: the closed phone's seat is played at the screen, its QR card back "
            f"({path.name})",
        )
        n = len(session.actions)
        run.open(0)
        run.until(lambda: table.on_phone(0), "took the reopened phone")
        run.until(lambda: phone_browser.state(run.phones[0]).get("seat") == 0, "welcomed it")
        run.until(lambda: run.hand_matches(0), "showed the reopened phone its hand", limit=10)
        expect(True, f"{game}: the reopened phone has its seat and hand again")
        run.play(lambda: len(session.actions) >= n + 3, "went on after the phone came back")
        expect(
            not any(isinstance(s, HandoffScene) for s in run.app.stack)
            and scene.private_player is None,
            f"{game}: play goes on from the phones ({len(session.actions)} actions)",
        )
        if game == COACH_GAME:
            ask_the_coach(run, 0)
    finally:
        run.close()
    print(f"e2e phones: {game} took {time.monotonic() - started:.0f} s", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=200.0, help="seconds for the whole run")
    args = parser.parse_args(argv)
    games = [g for g in os.environ.get("E2E_PHONES_GAMES", ",".join(GAMES)).split(",") if g]
    unknown = sorted(set(games) - set(GAMES))
    if unknown:
        raise SystemExit(f"e2e phones: unknown games {', '.join(unknown)}")
    from tools import phone_browser

    why = phone_browser.missing()
    if why is not None:
        print(f"e2e phones FAILED: {why}", file=sys.stderr)
        return 1
    started = time.monotonic()
    deadline = started + args.limit
    xvfb, display = start_xvfb()
    home = Path(tempfile.mkdtemp(prefix="derby-phones-home-"))
    shots = Path(tempfile.mkdtemp(prefix="derby-phones-x-"))
    os.environ.update(
        DISPLAY=display,
        TABLETOP_DERBY_HOME=str(home),
        SDL_AUDIODRIVER="dummy",
        SDL_VIDEO_WINDOW_POS="0,0",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    os.environ.pop("SDL_VIDEODRIVER", None)  # the real X11 window, not the dummy driver
    SHOTS.mkdir(parents=True, exist_ok=True)
    status = 0
    try:
        for game in games:
            play_game(game, GAMES[game], deadline, shots)
        print(f"e2e phones: all done in {time.monotonic() - started:.0f} s", flush=True)
    except Failed as exc:
        print(f"e2e phones FAILED: {exc}", file=sys.stderr)
        status = 1
    finally:
        if "pygame" in sys.modules:
            sys.modules["pygame"].quit()  # the window goes before its X server
        xvfb.terminate()
        xvfb.wait(timeout=10)
        shutil.rmtree(home, ignore_errors=True)
        if os.environ.get("E2E_KEEP") == "1":
            print(f"e2e phones kept its X screenshots in {shots}")
        else:
            shutil.rmtree(shots, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
