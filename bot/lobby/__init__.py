"""The lobby feature: `/new <game>`, `/join`, `/leave`, `/start`, the lobby message's buttons
and the Rematch button under a finished game's board.

Layers, each importing only those below it: `cog` (the `LobbyCommands` cog and `/new`),
`flow` (joining, leaving and starting, for commands and buttons alike), `message` (the lobby
message, kept showing the seats the database holds), `rematch` and `controls` (the persistent
buttons, which reach the cog as the bot's `lobby_commands`).
"""
