"""Every visible string comes from a catalog: data/i18n/<lang>/<namespace>.yaml.

A key is ``namespace.key`` (``app.play``, ``duck.bonk``); values may hold ``{name}``
fields. The English catalog is the reference: a key missing in Japanese falls back to
English, and a test fails on any key that does not exist in both.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

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
def catalog(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in sorted((I18N_DIR / lang).glob("*.yaml")):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            raise CatalogError(f"{path}: {exc}") from exc
        _flatten(path.stem, data, out, path)
    return out


class Translator:
    def __init__(self, lang: str = "en"):
        self.lang = lang if lang in LANGUAGES else "en"

    def __call__(self, key: str, **fields) -> str:
        text = catalog(self.lang).get(key)
        if text is None:
            text = catalog("en").get(key, key)
        if fields:
            try:
                return text.format(**fields)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def has(self, key: str) -> bool:
        return key in catalog("en")

    def pick(self, en: str, ja: str) -> str:
        """For names kept in data as an EN/JA pair (boards, characters, options)."""
        return ja if self.lang == "ja" and ja else en
