"""The cog that keeps computer players moving: it sweeps every game with one regularly (at
start-up first), so a restart takes pending turns up again, and stops their turns as it is
removed (see `bot.computers.turns`; each delivery wakes a game's computer players, as
`bot.client.after_commit` declares)."""

from __future__ import annotations

import logging

from discord.ext import commands, tasks

from bot.computers.turns import ComputerPlayers

log = logging.getLogger(__name__)

SWEEP_SECONDS = 30


class ComputerTurnLoop(commands.Cog):
    """Sweeps for pending computer turns regularly, once the bot has added the cog."""

    def __init__(self, players: ComputerPlayers) -> None:
        self.players = players

    async def cog_load(self) -> None:
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()
        await self.players.close()

    @tasks.loop(seconds=SWEEP_SECONDS)
    async def sweep(self) -> None:
        try:
            await self.players.sweep()
        except Exception:  # the loop must outlive a failed sweep
            log.exception("Games with computer players could not be read")
