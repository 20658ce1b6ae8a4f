"""Render one step of a lesson as the person sees it: ``python -m tools.lesson_shot
verflixxt-1 --step 7 --lang ja --out shot.png [--size 1280x720]``. The lesson is played
from its start by its own steps (clicks through the real scene, computers at once) up
to step N (from 1), which is then drawn with its callout and ring."""

from __future__ import annotations

import argparse
import os
import sys


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("lesson")
    parser.add_argument("--step", type=int, default=1, help="the step to show, from 1")
    parser.add_argument("--lang", choices=("en", "ja"), default="en")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--refused", action="store_true", help="show the step's refusal hint")
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))

    import pygame

    from game.app import App
    from game.scenes import game_base
    from game.scenes.lesson import start_lesson
    from game.scenes.menu import MenuScene
    from game.settings import Settings

    game_base.BOT_DELAY = 0.0
    app = App(size=(w, h), lang=args.lang, settings=Settings(), persist=False)
    app.settings.animation_speed = 50.0
    app.push(MenuScene(app))
    scene = start_lesson(app, args.lesson, fresh=True)
    if scene is None or scene.lesson is None:
        print("the lesson could not be opened", file=sys.stderr)
        return 1
    guide = scene.lesson
    target = max(0, min(args.step - 1, len(guide.lesson.steps) - 1))
    for _ in range(20_000):
        app.step(1 / 30)
        step = guide.shown_step()
        if step is None:
            continue
        if step.index == target:
            break
        if step.expect is None:
            guide.press_next()
        elif hasattr(scene, "lesson_clicks"):  # an action of several clicks (Cluck-peep!)
            for key in scene.lesson_clicks(step.expect):
                pos = scene.probe()[key]
                app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        else:
            choice = next(
                c for c in scene.controls if c.action is not None and str(c.action) == step.expect
            )
            choice.on_click()
    else:
        print(f"step {args.step} never showed", file=sys.stderr)
        return 1
    if args.refused:
        guide.refused_at = guide.clock
    for _ in range(3):
        app.step(1 / 30)
    app.draw()
    pygame.image.save(app.screen, args.out)
    print(f"wrote {args.out} (step {target + 1}, {args.lang})")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
