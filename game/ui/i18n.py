"""Every visible string comes from a catalog: data/i18n/<lang>/<namespace>.yaml.

A key is ``namespace.key`` (``app.play``, ``duck.bonk``); values may hold ``{name}``
fields. The English catalog is the reference: a key missing in Japanese falls back to
English, and a test fails on any key that does not exist in both.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from game.paths import DATA_DIR

I18N_DIR = DATA_DIR / "i18n"
LANGUAGES = ("en", "ja")


class CatalogError(ValueError):
    pass


def _flatten(prefix: str, node, out: dict, path: Path) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            _flatten(f"{prefix}.{key}" if prefix else str(key), value, out, path)
    elif isinstance(node, (str, int, float)):
        out[prefix] = str(node)
    else:
        raise CatalogError(f"{path}: {prefix}: value must be text, not {type(node).__name__}")


@lru_cache(maxsize=None)
def namespace(lang: str, name: str) -> dict[str, str]:
    """One catalog file, loaded when a key of it is first asked for (start-up reads only
    the app's own strings, not every game's). Parsed catalogs are kept as JSON in the
    user cache folder, like .pyc files, so a normal start never imports the YAML parser."""
    path = I18N_DIR / lang / f"{name}.yaml"
    if not path.exists():
        return {}
    stat = path.stat()
    cached = _cache_dir() / f"{lang}-{name}-{stat.st_size}-{stat.st_mtime_ns}.json"
    try:
        data = json.loads(cached.read_text(encoding="utf-8"))
        if isinstance(data, dict) and all(isinstance(v, str) for v in data.values()):
            return data
    except (OSError, ValueError):
        pass
    out = _parse(path, name)
    try:
        from game.settings import atomic_write_text
        atomic_write_text(cached, json.dumps(out, ensure_ascii=False))
    except OSError:
        pass          # a read-only cache folder only costs speed
    return out


def _cache_dir() -> Path:
    from game.settings import cache_dir
    return cache_dir() / "i18n"


def _parse(path: Path, name: str) -> dict[str, str]:
    import yaml
    from game.files import read_bounded_text
    try:
        # Bounded (catalogs are under 15 KB): a FIFO or /dev/zero in their place is an OSError.
        data = yaml.safe_load(read_bounded_text(path, 1_000_000)) or {}
    except yaml.YAMLError as exc:
        raise CatalogError(f"{path}: {exc}") from exc
    out: dict[str, str] = {}
    _flatten(name, data, out, path)
    return out


def catalog(lang: str) -> dict[str, str]:
    """Every string of a language (the tests compare the languages with it)."""
    out: dict[str, str] = {}
    for path in sorted((I18N_DIR / lang).glob("*.yaml")):
        out.update(namespace(lang, path.stem))
    return out


class Translator:
    def __init__(self, lang: str = "en"):
        self.lang = lang if lang in LANGUAGES else "en"

    def __call__(self, key: str, **fields) -> str:
        name = key.partition(".")[0]
        text = namespace(self.lang, name).get(key)
        if text is None:
            text = namespace("en", name).get(key, key)
        if fields:
            try:
                return text.format(**fields)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def has(self, key: str) -> bool:
        return key in namespace("en", key.partition(".")[0])

    def pick(self, en: str, ja: str) -> str:
        """For names kept in data as an EN/JA pair (boards, characters, options)."""
        return ja if self.lang == "ja" and ja else en
