"""Eight Routes' lobby options: data the package and the state both read (from_dict
rebuilds a saved game's options against them), kept below both so neither imports the
other's package."""

from __future__ import annotations

from ..protocol import OptionSpec

OPTIONS = (
    OptionSpec(
        "rounds_per_player",
        "Rounds per player",
        "1人あたりのラウンド数",
        ("table", 1, 2, 3),
        "table",
        {
            "table": ("As in the scoring table", "得点表のとおり"),
            1: ("1 (short game)", "1（短いゲーム）"),
            2: ("2", "2"),
            3: ("3 (long game)", "3（長いゲーム）"),
        },
    ),
)
