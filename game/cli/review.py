"""``python -m game review ID|latest|FILE [--json]`` (issue #40): the look back of a
finished game — each person's three decisions that cost the most against the hard
computer's estimate, with what was played and what the search found best."""

from __future__ import annotations

import argparse
import json

from game.cli.common import Formatter
from game.cli.replay import _replay


def add_parser(sub, details: bool) -> argparse.ArgumentParser:
    review = sub.add_parser(
        "review",
        help="the look back of a finished game: each person's costliest decisions",
        description="Each person's three decisions where their move cost the most against "
        "the hard computer's estimate, recomputed with the same seeds and search as the "
        "coach's hint at that position. A game of computers only looks back on every seat.",
        formatter_class=Formatter,
    )
    review.add_argument(
        "which",
        metavar="ID|latest|FILE",
        help="the game's number in the history, the latest, or a .derby file",
    )
    review.add_argument("--lang", choices=("en", "ja"), default="en", help="language: en|ja")
    review.add_argument("--json", action="store_true", help="JSON instead of text")
    return review


def check(args: argparse.Namespace) -> None:
    args.replay = _replay(args.which, "ID|latest|FILE")


def run(args: argparse.Namespace) -> int:
    from game.ai.coach_words import moment_text  # start-up: the search only when it runs
    from game.ai.review import review  # start-up: as the line above
    from game.ui.i18n import Translator  # start-up: as the line above

    replay = args.replay
    session = replay.session
    people = [i for i, s in enumerate(session.seats) if s.human] or list(range(len(session.seats)))
    looked = review(
        session.game_id, session.players, session.seed, session.options, replay.actions, people
    )
    say = Translator(args.lang)
    if args.json:
        data = looked.to_dict()
        data["names"] = {str(s): session.seats[s].name for s in people}
        data["lines"] = {
            str(s): [moment_text(say, session.game_id, m) for m in looked.moments[s]]
            for s in people
        }
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(f"{looked.decisions} decisions weighed in {looked.seconds:.1f} s")
    for seat in people:
        name = session.seats[seat].name
        moments = looked.moments[seat]
        if not moments:
            print(say("coach.review.none", name=name))
            continue
        print(f"{name}:")
        for moment in moments:
            cost = say("coach.review.cost", cost=f"{moment.cost:.3f}")
            print(f"  {moment_text(say, session.game_id, moment)} ({cost})")
    return 0
