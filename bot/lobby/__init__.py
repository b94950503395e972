"""The lobby feature: `/new <game>`, `/join`, `/leave`, `/start` and the lobby message's buttons.

Layers, each importing only those below it: `commands` (the `Lobby` cog and `/new`), `flow`
(joining, leaving and starting, for commands and buttons alike), `buttons` (the persistent
buttons, which find the cog through the client).
"""
