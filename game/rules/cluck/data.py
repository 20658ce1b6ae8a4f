"""Cluck-peep!'s lobby options (CP-12 long road, CP-13 runaway chicks, the start player).
The tile set itself is data of its own (data/boards/cluck/tiles.yaml, :mod:`.tiles`)."""

from __future__ import annotations

from ..protocol import OptionSpec

_ON_OFF = {False: ("Off", "なし"), True: ("On", "あり")}
OPTIONS = (
    OptionSpec("long_road", "Long road", "長い道", (False, True), False, _ON_OFF),
    OptionSpec("runaway", "Runaway chicks", "ピヨコマの逃走", (False, True), False, _ON_OFF),
    OptionSpec(
        "start_player",
        "Start player",
        "スタートプレイヤー",
        ("random", 0, 1, 2, 3),
        "random",
        {
            "random": ("Random", "ランダム"),
            **{i: (f"Player {i + 1}", f"プレイヤー{i + 1}") for i in range(4)},
        },
        seat_choice=True,
    ),
)
