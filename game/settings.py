"""Player settings (language, window, volume, animation speed, bot time), kept as JSON in
the platform's config folder (platformdirs). A damaged file never stops the app: the
defaults are used and the problem is reported in one line."""
from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import platformdirs

APP_NAME = "tabletop-derby"
LANGUAGES = ("en", "ja")
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0)
BOT_BUDGETS_MS = (50, 150, 400, 1000)


def config_dir() -> Path:
    override = os.environ.get("TABLETOP_DERBY_HOME")
    if override:
        return Path(override) / "config"
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    override = os.environ.get("TABLETOP_DERBY_HOME")
    if override:
        return Path(override) / "data"
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


# Crash tests set this to make every write linger between fsync and rename, so that a
# kill -9 lands mid-save often; players never set it.
_SLOW_WRITE = float(os.environ.get("TABLETOP_DERBY_SLOW_WRITE", "0") or 0)


def cache_dir() -> Path:
    override = os.environ.get("TABLETOP_DERBY_HOME")
    if override:
        return Path(override) / "cache"
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


class SettingsError(ValueError):
    pass


@dataclass
class Settings:
    language: str = "en"
    fullscreen: bool = False
    volume: float = 0.7
    animation_speed: float = 1.0
    bot_budget_ms: int = 50
    window_width: int = 1280
    window_height: int = 720

    def validated(self) -> "Settings":
        problems = []
        if self.language not in LANGUAGES:
            problems.append(f"language: {self.language!r} is not one of {list(LANGUAGES)}")
        if not isinstance(self.fullscreen, bool):
            problems.append("fullscreen: must be true or false")
        if not isinstance(self.volume, (int, float)) or isinstance(self.volume, bool) \
                or not 0.0 <= self.volume <= 1.0:
            problems.append("volume: must be a number from 0 to 1")
        if self.animation_speed not in ANIMATION_SPEEDS:
            problems.append(f"animation_speed: must be one of {list(ANIMATION_SPEEDS)}")
        if self.bot_budget_ms not in BOT_BUDGETS_MS:
            problems.append(f"bot_budget_ms: must be one of {list(BOT_BUDGETS_MS)}")
        for name in ("window_width", "window_height"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or not 320 <= value <= 7680:
                problems.append(f"{name}: must be a whole number from 320 to 7680")
        if problems:
            raise SettingsError("; ".join(problems))
        return self


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and a one-line reason why they were not used."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    try:
        raw = path.read_bytes()
        if len(raw) > 64_000:
            raise SettingsError("file is larger than any settings file could be")
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise SettingsError("top level must be an object")
        known = {f.name for f in fields(Settings)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise SettingsError(f"unknown keys: {', '.join(unknown)}")
        return Settings(**data).validated(), None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, SettingsError, TypeError,
            RecursionError) as exc:
        return Settings(), f"{path}: {exc}; using the default settings"


def atomic_write_text(path: Path, text: str) -> None:
    """Write via a temporary file in the same folder, fsync, then os.replace: a reader
    sees the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if _SLOW_WRITE:
            time.sleep(_SLOW_WRITE)   # crash tests widen the window a kill can land in
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def save_settings(settings: Settings, path: Path | None = None) -> None:
    atomic_write_text(path or settings_path(), json.dumps(asdict(settings.validated()), indent=2))
