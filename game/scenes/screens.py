"""Which module holds each screen the router opens by name (``game.scenes.router``).
Only the app imports this table; the import graph test reads its entries as imports."""

from __future__ import annotations

from collections.abc import Mapping

SCREENS: Mapping[str, str] = {
    "menu": "game.scenes.menu:MenuScene",
    "dialog": "game.scenes.dialog:DialogScene",
    "lobby": "game.scenes.lobby:LobbyScene",
    "lessons": "game.scenes.lesson_choice:learn",
    "lesson": "game.scenes.lesson:open_lesson",
    "lesson_start": "game.scenes.lesson:start_lesson",
    "join": "game.scenes.join:JoinScene",
    "settings": "game.scenes.settings:SettingsScene",
    "resume": "game.scenes.resume:ResumeScene",
    "history": "game.scenes.history_screen:HistoryScene",
    "stats": "game.scenes.stats_screen:StatsScene",
    "replay": "game.scenes.replay:open_replay",
    "pause": "game.scenes.pause:PauseScene",
    "help": "game.scenes.help:HelpScene",
    "save_slots": "game.scenes.save_slots:SaveSlotsScene",
    "handoff": "game.scenes.handoff:HandoffScene",
    "hosted": "game.scenes.online:hosted_scene",
    "client": "game.scenes.online:client_scene",
    "resumed": "game.scenes.online:open_resumed",
    # each game's table, by game id (game.registry): Router.table
    "table:duck": "game.scenes.duck:DuckScene",
    "table:verflixxt": "game.scenes.verflixxt:VerflixxtScene",
    "table:cluck": "game.scenes.cluck:CluckScene",
    "table:routes": "game.scenes.routes:RoutesScene",
}
