"""Stand-ins taking their turns: a regular sweep of the games where a stand-in plays an absent
person's seat (see `club.service.standins`). Each turn is thought by the computer players'
workers and played through the same path as theirs (`TableService.play_computer`), claimed
first where several processes share the database, and the table is told; a move refused at its
commit (the game moved on, or the person took the seat back while it thought) is logged and
nothing is told. A failure is logged and the next sweep tries again."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands, tasks

from bot.courier.delivery import Courier
from bot.workers.thinking import Thinkers
from club.service import TableError, TableService

log = logging.getLogger(__name__)

SWEEP_SECONDS = 15.0
"""How often the stand-ins' turns are swept for, unless the bot says otherwise."""
THINK_LEASE = 60.0
MOVES_A_SWEEP = 10
"""The most moves a stand-in makes in one game in one sweep (the next sweep goes on)."""


class StandInLoop(commands.Cog):
    """Sweeps for stand-ins' turns every `every` seconds once the bot has added the cog, thought
    by `thinkers`, and tells the table through `courier`."""

    def __init__(
        self,
        bot: discord.Client,
        service: TableService,
        courier: Courier,
        thinkers: Thinkers,
        *,
        every: float = SWEEP_SECONDS,
    ) -> None:
        self.bot = bot
        self.service = service
        self.courier = courier
        self.thinkers = thinkers
        self.sweep.change_interval(seconds=every)

    async def cog_load(self) -> None:
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()

    @tasks.loop(seconds=SWEEP_SECONDS)
    async def sweep(self) -> None:
        try:
            games = await self.service.standins.standin_games()
        except Exception:  # the next sweep reads again
            log.exception("The games with stand-ins could not be read")
            return
        for game_id, _ in games:
            try:
                await self.play(game_id)
            except Exception:  # one game's failure never stops the others
                log.exception("Game %s: a stand-in's turn failed", game_id)

    async def play(self, game_id: int) -> None:
        """Play the stand-ins' turns due in the game, and tell the table."""
        played = False
        async with self.service.leases.claimed(f"think:{game_id}", THINK_LEASE) as mine:
            for _ in range(MOVES_A_SWEEP if mine else 0):
                turn = await self.service.standins.standin_turn(game_id)
                if turn is None:
                    break
                notation = await self.thinkers.move_for(turn)
                try:
                    await self.service.computers.play_computer(turn, notation)
                except TableError as refused:  # moved on, or the seat was taken back
                    log.info("Game %s: a stand-in's move was not played: %s", game_id, refused)
                    break
                played = True
        if played:
            await self.courier.flush(game_id)

    @sweep.before_loop
    async def ready(self) -> None:
        await self.bot.wait_until_ready()
