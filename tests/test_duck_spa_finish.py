"""issue #38: the finish on the board, on the Spa too. The Spa's split tray (tray.py's
Decision) leaves two clear corners cut to the tray's parts; at the game's end the tray
is folded and the result panel lies in a clear room beside the board. In English at
1024x600 and 1920x1080 its buttons flow onto one more row than in Japanese and no room
cut to the tray's parts held it: it lay over the board (the audit's
``result_over_board``). The corners those rooms lie in hold more (tray.corner_rooms)."""

from __future__ import annotations

import pygame
import pytest

import tools.audit_layout as audit
from game.app import App
from game.scenes.duck.tray import corner_rooms, hex_boxes
from game.scenes.table.replay import BAND_H
from game.settings import Settings

SPA = (4, {"variant": "advanced", "board": "spa"})


def _ended(size, lang, tmp_path, monkeypatch):
    """The Spa's end screen (the audit's own build of it) at ``size`` in ``lang``, its
    findings."""
    monkeypatch.setenv("TABLETOP_DERBY_HOME", str(tmp_path))
    app = App(size=size, lang=lang, settings=Settings(), persist=False)
    build = audit._table("duck", *SPA, "end", True)
    found, _figures = audit.audit_screen(app, "duck/spa/end_screen", build)
    return app, found


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_issue_38_the_spas_result_lies_beside_its_board_in_english(size, tmp_path, monkeypatch):
    """issue #38 (the finish on the board): at the Spa's end in English the result
    panel lies in a clear room of the felt, over no hex or piece: the audit finds
    nothing on the end screen."""
    try:
        app, found = _ended(size, "en", tmp_path, monkeypatch)
        scene = app.top
        assert [f.line() for f in found] == []
        rooms = scene.game.game.clear_rooms()
        assert any(room.contains(scene.result.panel) for room in rooms)
    finally:
        pygame.quit()


def test_issue_38_a_felts_corner_rooms_are_clear_of_every_hex_and_as_wide_as_it_allows():
    """issue #38: each corner room is clear of every hex's box (a piece's reach too),
    lies in its corner of the felt, and grown by a step across or down it would meet a
    hex (else it would not be the widest for its height) or leave the felt."""
    app = App(size=(1280, 720), lang="en", settings=Settings(), persist=False)
    try:
        from tests.scene_helpers import push_game

        scene = push_game(app, "duck", (0,), 4, 1, {"variant": "advanced", "board": "spa"}, "easy")
        model, px = scene.game.model, scene.game.host.px
        felt, inset = model.board_rect, px(8)
        inner = felt.inflate(-2 * inset, -2 * inset)
        boxes = hex_boxes(model.geo)
        rooms = corner_rooms(model.geo, felt, inset, px(60))
        corners = {"topleft", "topright", "bottomleft", "bottomright"}
        assert rooms
        seen = set()
        for room in rooms:
            assert inner.contains(room) and room.collidelist(boxes) < 0, room
            assert room.w >= px(60) and room.h >= px(60)
            corner = next(c for c in corners if getattr(room, c) == getattr(inner, c))
            seen.add(corner)
            wider = room.inflate(2, 0)
            setattr(
                wider,
                "left" if corner.endswith("left") else "right",
                getattr(room, "left" if corner.endswith("left") else "right"),
            )
            assert wider.collidelist(boxes) >= 0 or not inner.contains(wider), room
        assert len(seen) >= 2  # the Spa leaves at least two corners clear
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_issue_38_the_spas_replay_keeps_its_board_at_70(size, tmp_path, monkeypatch):
    """issue #38: the board takes the table in a replay too. On the Spa the replay's
    controls, a band of their own height in a bottom corner, left its board 67-68% of
    the window; the band is lowered (its pictures lower, the timeline over them) until
    the board fills 70%, and the audit finds nothing on the replay."""
    monkeypatch.setenv("TABLETOP_DERBY_HOME", str(tmp_path))
    monkeypatch.setitem(audit.TABLES, "duck", [SPA])  # the replay of the audit's first
    for lang in ("en", "ja"):
        app = App(size=size, lang=lang, settings=Settings(), persist=False)
        try:
            found, figures = audit.audit_screen(app, "replay", audit._replay("duck", "mid"))
            assert [f.line() for f in found] == [], lang
            assert figures.extent_fill is not None and figures.extent_fill >= 0.70, lang
            controls = app.top
            assert controls.table.plan.bar.contains(controls.panel)  # in the tray's room
            assert controls.panel.h < controls.px(BAND_H)  # lowered
        finally:
            pygame.quit()
