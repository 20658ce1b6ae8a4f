"""The shared colour helpers of game/ui/theme.py."""

from game.ui import theme


def test_mix_moves_a_colour_part_of_the_way_and_rounds_to_whole_channels():
    assert theme.mix((176, 208, 138), (146, 184, 112), 0.35) == (166, 200, 129)
    assert theme.mix((10, 20, 30), (250, 0, 130), 0.0) == (10, 20, 30)
    assert theme.mix((10, 20, 30), (250, 0, 130), 1.0) == (250, 0, 130)
    assert theme.mix((0, 0, 0), (255, 255, 255), 0.5) == (128, 128, 128)
