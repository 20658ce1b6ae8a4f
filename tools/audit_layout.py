"""Measure issue #27's presentation floors on every table and the screens around them:
texts under 14 px, texts cut with "…", texts outside their box or the window, texts over
other texts, characters the bundled font cannot draw, and texts drawn past the text layer
(``fonts.render`` without ``widgets.draw_text``: the layout cannot place them).

    python tools/audit_layout.py [--sizes 1024x600,...] [--langs en,ja] [--games duck,...]
        [--screens tables,shell] [--json FILE] [--max-seconds N] [--write-baseline]

Renders headless (the dummy video driver), in this one process: one app per size and
language, each game played once per set-up by computer players and replayed on each.
Prints counts by kind and by game/screen, the worst screens and the run time; exits 1 when
a count is over its allowance in tools/audit_layout_baseline.json (``--write-baseline``
writes the counts of a whole run there), so the counts can only go down.

For a test: :func:`find` checks a list of drawn texts, :func:`audit_screen` one screen."""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import re
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.scene_helpers import FOUND_TABLES, ListedTables

BASELINE = ROOT / "tools" / "audit_layout_baseline.json"
SIZES = [(1024, 600), (1280, 720), (1920, 1080), (2560, 1440)]
LANGS = ["en", "ja"]
MIN_PX = 14
KINDS = ("small", "cut", "outside_box", "outside_window", "overlap", "missing_glyph", "unrecorded")

# Each game's busiest table (as tools/shots.py draws it) and its smallest
TABLES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "duck": [(4, {"variant": "advanced"}), (2, {})],
    "verflixxt": [(4, {"variant": "hats"}), (2, {})],
    "cluck": [(4, {}), (2, {})],
    "routes": [(5, {}), (3, {})],
}
MOMENTS = {"start": (0, 0), "mid": (2, 1), "end": (10_000, 0)}  # rounds, then actions
SEED = 1
# rendered only to measure a line's height, never drawn
MEASURED = {"Ag"}
SHELL = (
    "menu",
    "settings",
    "lobby",
    "host",
    "help",
    "pause",
    "handoff",
    "resume",
    "join",
    "join_found",
    "history",
    "stats",
)


@dataclass(frozen=True)
class Finding:
    kind: str  # one of KINDS
    text: str
    size: int  # px
    rect: tuple[int, int, int, int] | None  # where it was drawn (None: not recorded)
    detail: str = ""
    screen: str = ""

    def line(self) -> str:
        where = "" if self.rect is None else f" at {self.rect}"
        extra = f" ({self.detail})" if self.detail else ""
        return f"{self.screen}: {self.kind}: {self.text!r} {self.size} px{where}{extra}"


# -- the finders ---------------------------------------------------------------------------


@functools.cache
def _by_design() -> re.Pattern[str]:
    """The catalog's texts that end with "…" themselves ("Reading boards…", "Waiting for
    {name}…"): a status, not a cut ({field} matches anything)."""
    from game.ui.i18n import catalog

    texts = {t for lang in LANGS for t in catalog(lang).values() if t.endswith("…")}
    patterns = [
        ".+".join(re.escape(piece) for piece in re.split(r"\{[^{}]*\}", text))
        for text in sorted(texts)
    ]
    return re.compile("|".join(f"(?:{p})" for p in patterns) or "(?!)")


@functools.lru_cache(maxsize=8192)
def _lacks(ch: str, size: int) -> bool:
    from game.ui import fonts

    return bool(fonts.missing_glyphs(ch, size))


def _missing(text: str, size: int) -> list[str]:
    return sorted({ch for ch in text if not ch.isspace() and _lacks(ch, size)})


def _box(rect: Any) -> tuple[int, int, int, int]:
    return (rect.x, rect.y, rect.w, rect.h)


def _text_findings(text: str, size: int, rect: Any, min_px: int) -> list[Finding]:
    out = []
    at = None if rect is None else _box(rect)
    if size < min_px:
        out.append(Finding("small", text, size, at))
    if text.endswith("…") and not _by_design().fullmatch(text):
        out.append(Finding("cut", text, size, at))
    missing = _missing(text, size)
    if missing:
        out.append(Finding("missing_glyph", text, size, at, "".join(missing)))
    return out


def find(
    drawn: Iterable[Any],
    window: tuple[int, int],
    rendered: Iterable[tuple[str, int]] = (),
    min_px: int = MIN_PX,
) -> list[Finding]:
    """What breaks issue #27's floors among ``drawn`` (``widgets.TextDrawn``s of one
    screen, in a window of ``window`` pixels); ``rendered`` is every (text, px) the screen
    rendered, and those of them not in ``drawn`` are ``unrecorded`` (and checked for
    size, cuts and glyphs, without a place)."""
    import pygame

    texts = list(drawn)
    screen = pygame.Rect((0, 0), window)
    out: list[Finding] = []
    for t in texts:
        out += _text_findings(t.text, t.size, t.rect, min_px)
        if not screen.contains(t.rect):
            out.append(Finding("outside_window", t.text, t.size, _box(t.rect)))
        if t.container is not None and not t.container.contains(t.rect):
            box = _box(t.container)
            out.append(Finding("outside_box", t.text, t.size, _box(t.rect), f"box {box}"))
    # a glyph box holds the line's leading too: its inner part is compared (as the
    # layout tests do)
    inner = [(t, t.rect.inflate(-2, -max(2, int(t.rect.height * 0.3)))) for t in texts]
    for i, (a, ra) in enumerate(inner):
        for b, rb in inner[i + 1 :]:
            if ra.colliderect(rb):
                detail = f"over {b.text!r} {_box(b.rect)}"
                out.append(Finding("overlap", a.text, a.size, _box(a.rect), detail))
    recorded = {t.text for t in texts}
    for text, size in sorted(set(rendered) - {(t, s) for t, s in rendered if t in recorded}):
        if not text.strip() or text in MEASURED:
            continue
        out.append(Finding("unrecorded", text, size, None))
        out += _text_findings(text, size, None, min_px)
    return out


# -- drawing a screen ----------------------------------------------------------------------


@contextmanager
def _rendering() -> Iterator[list[tuple[str, int]]]:
    """Every (text, px) given to ``fonts.render`` in the block."""
    from game.ui import fonts

    seen: list[tuple[str, int]] = []
    original = fonts.render

    def spy(text: str, size: int, *args: Any, **kwargs: Any) -> Any:
        seen.append((text, int(size)))
        return original(text, size, *args, **kwargs)

    fonts.render = spy  # type: ignore[assignment]
    try:
        yield seen
    finally:
        fonts.render = original  # type: ignore[assignment]


def _fresh_caches() -> None:
    """Art kept from an earlier screen is painted again (its texts seen again)."""
    from game.scenes.duck import art as duck_art
    from game.ui import fonts, identity, sprites

    fonts.reset()
    sprites.reset()
    identity.reset()
    duck_art.reset()  # its cards and hound board, kept per size


def audit_screen(app: Any, screen: str, build: Callable[[Any], Any]) -> list[Finding]:
    """The findings of one screen: ``build(app)`` puts it on top of ``app``'s stack (and
    returns it). The scenes below are drawn, then the screen twice: the first time (and
    while it is built: a table paints its kept layers as it is laid out) with what it
    renders watched, the second with its texts recorded, as the layout tests record
    them."""
    from game.ui import theme, widgets

    _fresh_caches()
    app.stack.clear()
    with _rendering() as rendered:
        scene = build(app)
    app.screen.fill(theme.BG)
    start = len(app.stack) - 1
    while start > 0 and app.stack[start].overlay and not app.stack[start].opaque_overlay:
        start -= 1
    for lower in app.stack[start:-1]:
        lower.draw(app.screen)
    with _rendering() as drawing, widgets.recording(app.screen) as first:
        scene.draw(app.screen)
    with widgets.recording(app.screen) as sink:
        scene.draw(app.screen)
    recorded = {t.text for t in first.texts}
    unrecorded = [(text, px) for text, px in rendered + drawing if text not in recorded]
    found = find(sink.texts, app.screen.get_size(), unrecorded)
    return [Finding(**{**asdict(f), "screen": screen}) for f in found]


# -- the screens ---------------------------------------------------------------------------


@functools.cache
def _played(game: str, players: int, options_json: str, moment: str) -> tuple[Any, Any]:
    """A game played by computer players up to ``moment``: (its record, its seats)."""
    from game import registry
    from game.ai import make_bot
    from game.session import Seat, Session

    info = registry.get(game)
    seats = [
        Seat(f"P{i + 1}", info.characters[i].key, human=i == 0, level="easy")
        for i in range(players)
    ]
    session = Session(game, seats, SEED, json.loads(options_json), bot_seed=SEED)
    rounds, actions = MOMENTS[moment]
    bot, rng = make_bot(game, "easy"), random.Random(3)
    state = session.state
    while not state.is_over() and (state.round_number <= rounds or actions > 0):
        if state.round_number > rounds:
            actions -= 1
        p = state.to_act()[0]
        session.apply(p, bot.choose(state.view(p), p, rng))
        state = session.state
    return session.record(), session.seats


def _session(app: Any, game: str, players: int, options: dict[str, Any], moment: str) -> Any:
    """The played game with the names a person sees ("Player 1", the cast's names)."""
    from game import registry
    from game.session import Session, default_seats

    record, _seats = _played(game, players, json.dumps(options, sort_keys=True), moment)
    seats = default_seats(registry.get(game), players, app.t)
    return Session.from_record(record, seats)


def _table(game: str, players: int, options: dict[str, Any], moment: str, end: bool):
    def build(app: Any) -> Any:

        from game.scenes.table.end_screen import GameOverScene

        app.push(app.router.screen("menu")(app))
        scene = app.router.table(game)(app, _session(app, game, players, options, moment))
        app.push(scene)
        scene.fast_forward(0)  # nothing more to play: seat 1's point of view
        if end:
            over = GameOverScene(app, scene)
            app.push(over)
            return over
        return scene

    return build


def table_screens(games: Iterable[str]) -> list[tuple[str, str, Callable[[Any], Any]]]:
    """(group, name, build) of each table screen: every set-up at every moment, the end
    screen over the last."""
    out = []
    for game in games:
        for players, options in TABLES[game]:
            setup = "-".join([f"{players}p", *map(str, options.values())])
            for moment in MOMENTS:
                build = _table(game, players, options, moment, False)
                out.append((game, f"{game}/{setup}/{moment}", build))
            build = _table(game, players, options, "end", True)
            out.append((game, f"{game}/{setup}/end_screen", build))
    return out


@functools.cache
def _history_file(folder: str) -> Path:
    """A history of finished games of the four games (for History and Statistics)."""
    from game.history import History
    from game.session import Seat, Session

    path = Path(folder) / "audit-history.sqlite"
    history = History.open(path)
    names = ["Hana", "Wolfgang Amadeus", "はなこ", "Ren", "Mia"]
    for i, game in enumerate(TABLES):
        for players, options in TABLES[game]:
            record, seats = _played(game, players, json.dumps(options, sort_keys=True), "end")
            seats = [Seat(names[j], s.character, s.human, s.level) for j, s in enumerate(seats)]
            session = Session.from_record(record, seats)
            kinds = ["person"] + ["computer"] * (players - 1)
            history.record(session, kinds=kinds, ended=1_700_000_000.0 + i * 600)
    history.close()
    return path


def _shell(name: str, game: Any, folder: str) -> Callable[[Any], Any]:
    def build(app: Any) -> Any:
        app.push(app.router.screen("menu")(app))
        scene = _open(app, name, game, folder)
        app.push(scene)
        if hasattr(scene, "wait_for_scan"):
            scene.wait_for_scan()
        while app.top is not scene and len(app.stack) > 1:  # a dialog it opened
            app.pop()
        return scene

    return build


def _open(app: Any, name: str, game: Any, folder: str) -> Any:
    from game.history import History

    screen = app.router.screen
    if name in ("menu", "settings", "resume"):
        return screen(name)(app)
    if name in ("lobby", "host"):
        lobby = screen("lobby")(app, game)
        if name == "host":  # every seat but the first online: the longest labels
            lobby.online = [i > 0 for i in range(len(lobby.seats))]
            for seat in lobby.seats[1:]:
                seat.human = True
        return lobby
    if name in ("help", "pause"):
        return screen(name)(app, game)
    if name == "handoff":
        from game.ui import theme

        return screen("handoff")(app, "Wolfgang Amadeus", theme.seat_colour(1), seat=1)
    if name in ("join", "join_found"):
        found = FOUND_TABLES if name == "join_found" else []
        join = screen("join")(app, lambda: ListedTables(found))
        join.found = list(found)
        return join
    history = History.open(_history_file(folder))
    if name == "history":
        return screen("history")(app, history)
    players = history.players()
    return screen("stats")(app, history, players[0], players)


def shell_screens(
    names: Iterable[str], games: Iterable[str], folder: str
) -> list[tuple[str, str, Callable[[Any], Any]]]:
    """(group, name, build) of each screen around the tables (one a game where it
    differs by game)."""
    from game import registry

    infos = [registry.get(g) for g in games]
    out = []
    for name in names:
        if name in ("lobby", "host", "help"):
            out += [(name, f"{name}/{info.id}", _shell(name, info, folder)) for info in infos]
        elif name == "pause":
            out.append((name, name, _shell(name, registry.installed_games()[0], folder)))
        else:
            out.append((name, name, _shell(name, None, folder)))
    return out


# -- the run -------------------------------------------------------------------------------


@dataclass
class Report:
    findings: list[Finding]
    groups: dict[str, str]  # screen -> its game or screen group
    screens: list[str]  # audited, with size and language
    skipped: int  # screens left out by --max-seconds
    seconds: float

    def counts(self) -> dict[str, Any]:
        kinds = Counter(f.kind for f in self.findings)
        groups: dict[str, Counter[str]] = {}
        for f in self.findings:
            groups.setdefault(self.groups[f.screen], Counter())[f.kind] += 1
        return {
            "kinds": {k: kinds[k] for k in KINDS},
            "groups": {g: {k: c[k] for k in KINDS if c[k]} for g, c in sorted(groups.items())},
        }


def run(
    sizes: Iterable[tuple[int, int]] = SIZES,
    langs: Iterable[str] = LANGS,
    games: Iterable[str] = tuple(TABLES),
    screens: Iterable[str] = ("tables", "shell"),
    max_seconds: float | None = None,
    shell: Iterable[str] = SHELL,
) -> Report:
    """Audit every chosen screen at every size and language (stopping when
    ``max_seconds`` have gone by: the rest is counted as skipped)."""
    import pygame

    from game.app import App
    from game.settings import Settings

    start = time.monotonic()
    games, screens = list(games), list(screens)
    findings: list[Finding] = []
    groups: dict[str, str] = {}
    audited: list[str] = []
    skipped = 0
    with tempfile.TemporaryDirectory(prefix="audit-layout-") as folder:
        plan = table_screens(games) if "tables" in screens else []
        plan += shell_screens(shell, games, folder) if "shell" in screens else []
        for size in sizes:
            for lang in langs:
                if max_seconds is not None and time.monotonic() - start > max_seconds:
                    skipped += len(plan)
                    continue
                app = App(size=size, lang=lang, settings=Settings(), persist=False)
                app.settings.animation_speed = 4.0
                try:
                    for group, name, build in plan:
                        if max_seconds is not None and time.monotonic() - start > max_seconds:
                            skipped += 1
                            continue
                        screen = f"{name}@{size[0]}x{size[1]}/{lang}"
                        groups[screen] = group
                        audited.append(screen)
                        findings += audit_screen(app, screen, build)
                        _leave(app)
                finally:
                    pygame.quit()
        _history_file.cache_clear()
    return Report(findings, groups, audited, skipped, time.monotonic() - start)


def _leave(app: Any) -> None:
    """Screens that hold something open (the Join screen's browser) let it go."""
    for scene in app.stack:
        exit_ = getattr(scene, "exit", None)
        if type(scene).__name__ == "JoinScene" and exit_ is not None:
            exit_()
    app.stack.clear()


def over_allowance(counts: dict[str, Any], baseline: dict[str, Any]) -> list[str]:
    """Each count over its allowance in ``baseline`` (a kind in all, a kind of a group)."""
    out = []
    for kind, n in counts["kinds"].items():
        allowed = baseline.get("kinds", {}).get(kind, 0)
        if n > allowed:
            out.append(f"{kind}: {n} > {allowed} allowed")
    for group, kinds in counts["groups"].items():
        for kind, n in kinds.items():
            allowed = baseline.get("groups", {}).get(group, {}).get(kind, 0)
            if n > allowed:
                out.append(f"{group} {kind}: {n} > {allowed} allowed")
    return out


def summary(report: Report, worst: int = 12) -> str:
    counts = report.counts()
    short = {
        "small": "<14px",
        "cut": "cut…",
        "outside_box": "out box",
        "outside_window": "out win",
        "overlap": "overlap",
        "missing_glyph": "glyph",
        "unrecorded": "unrec",
    }
    head = f"{'game/screen':<14}" + "".join(f"{short[k]:>9}" for k in KINDS) + f"{'all':>8}"
    lines = [head, "-" * len(head)]
    for group, kinds in counts["groups"].items():
        row = "".join(f"{kinds.get(k, 0):>9}" for k in KINDS)
        lines.append(f"{group:<14}{row}{sum(kinds.values()):>8}")
    total = counts["kinds"]
    lines += ["-" * len(head)]
    row = "".join(f"{total[k]:>9}" for k in KINDS)
    lines.append(f"{'total':<14}{row}{sum(total.values()):>8}")
    per_screen = Counter(f.screen for f in report.findings)
    if per_screen:
        lines += ["", f"worst screens (of {len(report.screens)}):"]
        for screen, n in per_screen.most_common(worst):
            kinds = Counter(f.kind for f in report.findings if f.screen == screen)
            lines.append(f"  {n:>4}  {screen}  " + ", ".join(f"{k} {c}" for k, c in kinds.items()))
    left = f", {report.skipped} skipped (--max-seconds)" if report.skipped else ""
    lines += ["", f"{len(report.screens)} screens in {report.seconds:.1f} s{left}"]
    return "\n".join(lines)


def _sizes(text: str) -> list[tuple[int, int]]:
    out = []
    for part in text.split(","):
        w, _, h = part.partition("x")
        out.append((int(w), int(h)))
    return out


def main(argv: list[str] | None = None) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    parser.add_argument("--langs", default=",".join(LANGS))
    parser.add_argument("--games", default=",".join(TABLES))
    parser.add_argument("--screens", default="tables,shell", help="tables, shell or both")
    parser.add_argument("--json", metavar="FILE", help="write every finding there")
    parser.add_argument("--baseline", default=str(BASELINE), metavar="FILE")
    parser.add_argument("--write-baseline", action="store_true")
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=90.0,
        help="stop starting screens after this long (a whole run takes ~20 s; default 90)",
    )
    parser.add_argument("--verbose", action="store_true", help="print every finding")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    unknown = sorted(set(games) - set(TABLES))
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)}")
    # a home of its own: nothing of the person's settings, saves or history is read
    home = tempfile.mkdtemp(prefix="audit-layout-home-")
    os.environ["TABLETOP_DERBY_HOME"] = home
    report = run(
        _sizes(args.sizes),
        args.langs.split(","),
        games,
        args.screens.split(","),
        args.max_seconds,
    )
    if args.verbose:
        for finding in report.findings:
            print(finding.line())
        print()
    print(summary(report))
    counts = report.counts()
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                {
                    **counts,
                    "seconds": round(report.seconds, 1),
                    "screens": {
                        screen: dict(Counter(f.kind for f in report.findings if f.screen == screen))
                        for screen in report.screens
                    },
                    "skipped": report.skipped,
                    "findings": [asdict(f) for f in report.findings],
                },
                ensure_ascii=False,
                indent=1,
            ),
            encoding="utf-8",
        )
    whole = (
        not report.skipped
        and games == list(TABLES)
        and _sizes(args.sizes) == SIZES
        and args.langs.split(",") == LANGS
        and set(args.screens.split(",")) == {"tables", "shell"}
    )
    if args.write_baseline:
        if not whole:
            print("--write-baseline: only after a whole run (no filters, nothing skipped)")
            return 2
        Path(args.baseline).write_text(json.dumps(counts, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.baseline}")
        return 0
    baseline = json.loads(Path(args.baseline).read_text(encoding="utf-8"))
    over = over_allowance(counts, baseline)
    for line in over:
        print(f"OVER: {line}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
