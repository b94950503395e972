"""Computer players taking their turns: after every update of a game, and at start-up.

Whenever a game's updates have been delivered (a person moved, a timer ran out, a game began)
and a computer player may act, the game's computer players are woken: each whose turn it is
waits `pause` seconds, so the channel can
read the last move, has its move chosen by a thinking worker meanwhile (a move that takes no
longer than the pause comes as the pause ends) and plays it through the service
like a person, and the table is told. A move chosen for a position the game has since left is
refused by the service and chosen again. A regular sweep wakes every game with a computer
player, so a restart (or a failed turn) takes the pending turns up again. Where several
processes share the database, each sweeps only the games of the servers its shards run, and
each turn is claimed there first, so one process plays it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bot.courier.delivery import Courier
from bot.workers.thinking import Thinkers
from club.service import Delivery, TableError, TableService

log = logging.getLogger(__name__)

PAUSE_SECONDS = 2.0
"""How long a computer player waits before it moves, so people can read the previous move."""
THINK_LEASE = 60.0
"""Seconds a process may hold a game's computer turn (the pause, the thought, the move) before
another process may take it up; in a database several processes share, each turn is claimed."""
STALE_RETRIES = 5
"""A turn whose position keeps moving on under it is given up after this many tries (the next
wake or sweep takes it up again)."""


class ComputerPlayers:
    """Plays the computer players' turns of each game, one game's turns at a time."""

    def __init__(
        self,
        service: TableService,
        courier: Courier,
        thinkers: Thinkers,
        pause: float = PAUSE_SECONDS,
        runs_guild: Callable[[int | None], bool] = lambda _: True,
    ) -> None:
        self.service = service
        self.courier = courier
        self.thinkers = thinkers
        self.pause = pause
        self.runs_guild = runs_guild
        """Whether this process runs a server's shard (whose games its sweep wakes)."""
        self._running: dict[int, asyncio.Task[None]] = {}
        self._woken: set[int] = set()
        self._closed = False

    def delivered(self, delivery: Delivery) -> None:
        """A game's updates reached the table: its computer player's turn, if due, begins."""
        if delivery.computer_to_act:
            self.wake(delivery.game_id)

    def wake(self, game_id: int) -> None:
        """Look for a computer player's turn in this game (now, or after the turn under way);
        nothing once closed."""
        if self._closed:
            return
        self._woken.add(game_id)
        if game_id not in self._running:
            task = asyncio.get_running_loop().create_task(self._play(game_id))
            self._running[game_id] = task
            task.add_done_callback(lambda _: self._running.pop(game_id, None))

    async def sweep(self) -> None:
        """Wake every game in play with a computer player seated, in the servers this process
        runs."""
        for game_id, guild_id in await self.service.computers.games_with_computers():
            if self.runs_guild(guild_id):
                self.wake(game_id)

    async def _play(self, game_id: int) -> None:
        stale = 0
        try:
            while game_id in self._woken and stale < STALE_RETRIES:
                self._woken.discard(game_id)
                turn = await self.service.computers.computer_turn(game_id)
                if turn is None:
                    continue
                async with self.service.leases.claimed(f"think:{game_id}", THINK_LEASE) as mine:
                    if not mine:  # another process is playing this game's computers
                        continue
                    thinking = asyncio.ensure_future(self.thinkers.move_for(turn))
                    try:
                        await asyncio.sleep(self.pause)  # people read while it thinks
                        notation = await thinking
                    finally:
                        thinking.cancel()  # when this turn is stopped during the pause
                    try:
                        update = await self.service.computers.play_computer(turn, notation)
                    except TableError:  # the game moved on while it thought: think again
                        stale += 1
                        self._woken.add(game_id)
                        continue
                stale = 0
                self._woken.add(game_id)  # a game of computers goes on by itself
                await self.courier.flush(game_id, update.queued)
        except Exception:  # one game's failure never stops the others; the sweep retries
            log.exception("A computer player's turn in game %s failed", game_id)

    async def close(self) -> None:
        """Stop the turns under way (a committed move stays committed; the rest is redone) and
        take no more."""
        self._closed = True
        for task in list(self._running.values()):
            task.cancel()
        await asyncio.gather(*self._running.values(), return_exceptions=True)
