"""Which module holds each screen the router opens by name (``game.scenes.router``).
Only the app imports this table; the import graph test reads its entries as imports."""

from __future__ import annotations

from collections.abc import Mapping

SCREENS: Mapping[str, str] = {
    "menu": "game.scenes.shell.menu:MenuScene",
    "dialog": "game.scenes.shell.dialog:DialogScene",
    "confirm": "game.scenes.shell.dialog:ConfirmScene",
    "lobby": "game.scenes.lobby.lobby:LobbyScene",
    "lessons": "game.scenes.shell.lesson_choice:learn",
    "lesson": "game.scenes.table.lesson:open_lesson",
    "lesson_start": "game.scenes.table.lesson:start_lesson",
    "join": "game.scenes.lobby.join:JoinScene",
    "settings": "game.scenes.shell.settings:SettingsScene",
    "resume": "game.scenes.shell.resume:ResumeScene",
    "open_saved": "game.scenes.shell.open_elsewhere:open_saved",
    "watch": "game.scenes.table.watch:open_watch",
    "history": "game.scenes.shell.history_screen:HistoryScene",
    "stats": "game.scenes.shell.stats_screen:StatsScene",
    "replay": "game.scenes.table.replay:open_replay",
    "look_back": "game.scenes.shell.look_back:LookBackScene",
    "open_file": "game.scenes.shell.open_file:OpenFileScene",
    "open_derby": "game.scenes.shell.open_file:open_derby",
    "pause": "game.scenes.table.pause:PauseScene",
    "builder": "game.scenes.builder.scene:BuilderScene",
    "edit_board": "game.scenes.builder.scene:open_builder",
    "board_menu": "game.scenes.builder.board_menu:BoardMenuScene",
    "open_board_file": "game.scenes.builder.board_menu:open_board_files",
    "open_board": "game.scenes.builder.scene:open_board_file",
    "help": "game.scenes.shell.help:HelpScene",
    "save_slots": "game.scenes.shell.save_slots:SaveSlotsScene",
    "handoff": "game.scenes.table.handoff:HandoffScene",
    "hosted": "game.scenes.lobby.online:hosted_scene",
    "client": "game.scenes.lobby.online:client_scene",
    "resumed": "game.scenes.lobby.online:open_resumed",
    "waiting_room": "game.scenes.lobby.waiting_room:open_waiting_room",
    # each game's table, by game id (game.registry): Router.table
    "table:duck": "game.scenes.duck:DuckScene",
    "table:verflixxt": "game.scenes.verflixxt:VerflixxtScene",
    "table:cluck": "game.scenes.cluck:CluckScene",
    "table:routes": "game.scenes.routes:RoutesScene",
}
