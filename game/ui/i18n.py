"""Every visible string comes from a catalog: data/i18n/<lang>/<namespace>.yaml.

A key is ``namespace.key`` (``app.play``, ``duck.bonk``); values may hold ``{name}``
fields. The English catalog is the reference: a key missing in Japanese falls back to
English, and a test fails on any key that does not exist in both.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from game.paths import DATA_DIR
from game.storage import PARSE_ERRORS, atomic_write_text, cache_dir, clip, read_bounded_text

I18N_DIR = DATA_DIR / "i18n"
LANGUAGES = ("en", "ja")


# Part of a cached catalog's name: a change to how catalogs are parsed must not be hidden
# by a cache made by the old parser (version 1 read ``on:``/``off:`` as booleans).
PARSER_VERSION = 2
MAX_CATALOG_BYTES = 1_000_000  # the largest catalog is ~30 KB


class CatalogError(ValueError):
    pass


@cache
def namespace(lang: str, name: str) -> dict[str, str]:
    """One catalog file, loaded when a key of it is first asked for (start-up reads only
    the app's own strings, not every game's). Parsed catalogs are kept as JSON in the
    user cache folder, like .pyc files, so a normal start never imports the YAML parser."""
    path = I18N_DIR / lang / f"{name}.yaml"
    if not path.exists():
        return {}
    stat = path.stat()
    cached = (
        _cache_dir() / f"{lang}-{name}-{stat.st_size}-{stat.st_mtime_ns}-v{PARSER_VERSION}.json"
    )

    unusable: tuple[type[BaseException], ...] = (OSError, *PARSE_ERRORS)
    try:
        data = json.loads(read_bounded_text(cached, 4 * MAX_CATALOG_BYTES))
        if isinstance(data, dict) and all(
            isinstance(k, str) and isinstance(v, str) for k, v in data.items()
        ):
            return data
    except unusable:
        pass  # no cache yet, or a damaged one: parse the catalog again
    out = _parse(path, name)
    try:
        atomic_write_text(cached, json.dumps(out, ensure_ascii=False))
        for old in cached.parent.glob(f"{lang}-{name}-*.json"):
            if old != cached:
                old.unlink()  # made for an older catalog or by an older parser
    except OSError:
        pass  # a read-only cache folder only costs speed
    return out


def _cache_dir() -> Path:
    return cache_dir() / "i18n"


def _catalog_loader():
    """A ``yaml.SafeLoader`` that reads YAML 1.2's booleans only (``true``/``false``).

    PyYAML follows YAML 1.1, where a plain ``on``, ``off``, ``yes`` or ``no`` is a
    boolean: the keys ``on:``/``off:`` became ``True``/``False`` and the lobby showed
    "app.off". Here such words stay text; a key that is still not text (a number,
    ``true``, ``null``) is refused with its line, not flattened into a key nobody asks for.
    """
    import yaml  # start-up: catalogs come from their JSON cache; yaml only when one changed

    class CatalogLoader(yaml.SafeLoader):
        pass

    CatalogLoader.yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    CatalogLoader.add_implicit_resolver(
        "tag:yaml.org,2002:bool",
        re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
        list("tTfF"),
    )
    return CatalogLoader


def _parse(path: Path, name: str) -> dict[str, str]:
    """A catalog file as flat ``{"name.key.sub": text}``: nested mappings of text only.

    Works on the composed node tree, so every complaint names its line; values are the
    scalars' own text (a translator's ``yes`` or ``12`` is shown as written)."""
    import yaml  # start-up: catalogs come from their JSON cache; yaml only when one changed
    from yaml.nodes import MappingNode, ScalarNode  # with yaml above

    try:
        text = read_bounded_text(path, MAX_CATALOG_BYTES)
        root = yaml.compose(text, Loader=_catalog_loader())
    except OSError as exc:
        raise CatalogError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        raise CatalogError(
            f"{path}: {where}not valid YAML ({getattr(exc, 'problem', None) or exc})"
        ) from None
    except PARSE_ERRORS as exc:
        raise CatalogError(f"{path}: {type(exc).__name__}: {clip(str(exc), 80)}") from None
    out: dict[str, str] = {}
    if root is None:
        return out
    if not isinstance(root, MappingNode):
        raise CatalogError(
            f"{path}: line {root.start_mark.line + 1}: a catalog is a mapping of keys to texts"
        )
    pending = [(name, root)]
    while pending:
        prefix, node = pending.pop()
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if not isinstance(key_node, ScalarNode) or key_node.tag != "tag:yaml.org,2002:str":
                shown = key_node.value if isinstance(key_node, ScalarNode) else "a collection"
                raise CatalogError(
                    f"{path}: line {line}: key {clip(shown)} must be text (quote it)"
                )
            key = f"{prefix}.{key_node.value}"
            if key in out or any(key == p for p, _ in pending):
                raise CatalogError(f"{path}: line {line}: key {clip(key_node.value)} appears twice")
            if isinstance(value_node, MappingNode):
                pending.append((key, value_node))
            elif isinstance(value_node, ScalarNode) and value_node.tag != "tag:yaml.org,2002:null":
                out[key] = value_node.value
            else:
                raise CatalogError(
                    f"{path}: line {line}: {clip(key_node.value)} must be a text "
                    "or a mapping of texts"
                )
    return out


def catalog(lang: str) -> dict[str, str]:
    """Every string of a language (the tests compare the languages with it)."""
    out: dict[str, str] = {}
    for path in sorted((I18N_DIR / lang).glob("*.yaml")):
        out.update(namespace(lang, path.stem))
    return out


# Keys asked for that no catalog has (the key itself was shown instead). The tests fail
# on any key that lands here, so a typo or a key computed from data is caught where it is
# asked for, in whichever scene asks.
MISSING: set[str] = set()


class Translator:
    def __init__(self, lang: str = "en"):
        self.lang = lang if lang in LANGUAGES else "en"

    def __call__(self, key: str, **fields) -> str:
        name = key.partition(".")[0]
        text = namespace(self.lang, name).get(key)
        if text is None:
            text = namespace("en", name).get(key)
            if text is None:
                MISSING.add(key)
                text = key
        if fields:
            try:
                return text.format(**fields)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def round(self, n: int, total: int | None = None) -> str:
        """The one label of a round in this language (issue #27): "Round 3" / 第3ラウンド,
        or with the game's length "Round 3 of 8" / 第3ラウンド（全8）. Every game's header,
        log divider, banner and log line names a round through this."""
        if total is None:
            return self("app.frame_round", n=n)
        return self("app.frame_round_of", n=n, total=total)

    def has(self, key: str) -> bool:
        return key in namespace("en", key.partition(".")[0])

    def pick(self, en: str, ja: str) -> str:
        """For names kept in data as an EN/JA pair (boards, characters, options)."""
        return ja if self.lang == "ja" and ja else en
