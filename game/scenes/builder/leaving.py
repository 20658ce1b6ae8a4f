"""Where a built board goes when it leaves the builder (issue #41): into a file (Save: a
YAML file of its own; Save as Tiled: a Tiled map keeping each tile's turn), written over
the file being edited when it is of the format saved, or onto a table at once (Play:
the lobby's usual table for its ducks). Functions of what they are given, never of the
scene: the builder's scene (:mod:`.scene`) says what it shows after each."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game import registry
from game.boards import duck_files
from game.rules.duck.builder import Faces, assemble
from game.scenes.builder.model import BuilderModel
from game.session import Session, default_seats, new_seed

__all__ = ["play_board", "save_board", "save_path"]


def save_path(path: Path | None, fmt: str) -> Path | None:
    """The file being edited (``path``) if it is of the format saved (a Tiled map
    reopened is saved over by Save as Tiled; Save writes a YAML file of its own), else
    None: a new file."""
    if path is None or duck_files.is_shipped(path):
        return None
    is_tmx = Path(path).suffix.lower() == ".tmx"
    return path if is_tmx == (fmt == "tmx") else None


def save_board(
    app: Any, built: duck_files.BuiltBoard, faces: Faces, fmt: str, path: Path | None
) -> Path | None:
    """``built`` saved as ``fmt`` ("yaml" or "tmx") over ``path`` when it is of that
    format (a YAML board renamed gets a new file name); the file written, or None when
    it could not be (one dialog saying why)."""
    try:
        written = duck_files.save(built, faces, fmt, path=save_path(path, fmt))
        if fmt == "yaml" and path is not None and written == path:
            written = duck_files.rename(written, built.name)  # a new name: a new file name
    except (ValueError, OSError) as exc:
        app.show_error(str(exc), app.t("builder.broken_title"))
        return None
    return written


def play_board(app: Any, model: BuilderModel, faces: Faces, name: str, level: str) -> None:
    """A game on this board at once: the lobby's usual table for its ducks (you and
    computers), the board's data as the board option; one dialog if it cannot be."""
    check = model.check()
    if not check.ok:
        app.show_error(app.t("builder.cannot_play"))
        return
    info = registry.get("duck")
    data = assemble(model.placed(), faces, name, name, level)
    seats = default_seats(info, model.ducks, app.t)
    seed = getattr(app, "fixed_seed", None) or new_seed()  # the app's --seed
    try:
        session = Session(
            "duck",
            seats,
            seed,
            {"board": data},
            bot_budget_ms=app.settings.bot_budget_ms,
        )
    except ValueError as exc:
        app.show_error(str(exc))
        return
    app.replace(app.router.table("duck")(app, session))
