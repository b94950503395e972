"""Computer players of a game that two bot processes (shards) on one PostgreSQL database may both
wake: each turn is claimed in the database, so one process thinks and plays it; each process's
sweep wakes only the games of the servers its shards run."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from bot.computers.turns import ComputerPlayers
from bot.config import Config
from bot.courier.delivery import Courier
from bot.courier.pictures import Pictures
from bot.play.controls import controls_view
from bot.workers.thinking import Thinkers
from club.service import TableService, Turn
from tests.bot.test_delivery import FakeChannel, FakeClient, FakeUser
from tests.conftest import Backend
from tests.hang import HANG_SECONDS
from tests.service.fixtures import ANN, CHANNEL


class CountedThinkers(Thinkers):
    """Thinks in a thread, counting the turns it was asked about."""

    def __init__(self) -> None:
        super().__init__(None)
        self.turns: list[Turn] = []

    async def move_for(self, turn: Turn) -> str:
        self.turns.append(turn)
        return await super().move_for(turn)


async def until_idle(processes: list[ComputerPlayers], timeout: float = HANG_SECONDS) -> None:
    """Wait until no process has a game's turns under way (any more)."""
    async with asyncio.timeout(timeout):
        while any(players._running for players in processes):
            await asyncio.sleep(0.05)


async def test_two_processes_woken_for_one_computer_turn_think_it_once(
    postgresql: Backend,
) -> None:
    channel = FakeChannel()
    client = cast(Any, FakeClient({ANN.user_id: FakeUser()}, channel))
    processes, stores = [], []
    for holder in ("shards 0 of 2", "shards 1 of 2"):
        store = postgresql.store()
        await store.open()
        stores.append(store)
        service = TableService(store, holder=holder)
        courier = Courier(client, service, Pictures(), controls_view)
        processes.append(ComputerPlayers(service, courier, CountedThinkers(), pause=0.2))
    first = processes[0].service
    await first.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={"first": 2},
        computers=1, computer_level="random",
    )  # fmt: skip
    game_id = (await first.lobbies.start(CHANNEL, ANN)).game_id
    for players in processes:
        players.wake(game_id)
    await until_idle(processes)
    thought = [len(cast(CountedThinkers, players.thinkers).turns) for players in processes]
    assert sorted(thought) == [0, 1]
    row = await stores[0].games.get(game_id)
    assert row is not None and row.moves_made == 1  # the computer moved; Ann's turn now
    assert await first.computers.computer_turn(game_id) is None
    for players, store in zip(processes, stores, strict=True):
        await players.close()
        await store.close()


async def test_each_process_sweeps_only_the_games_of_its_shards(postgresql: Backend) -> None:
    near, far = 2 << 22, 3 << 22  # servers of shards 0 and 1 of 2 (server id >> 22, mod 2)
    processes, stores = [], []
    for shard in (0, 1):  # each process sees the channel of its own server's game
        client = cast(Any, FakeClient({ANN.user_id: FakeUser()}, FakeChannel(CHANNEL + shard)))
        store = postgresql.store()
        await store.open()
        stores.append(store)
        service = TableService(store, holder=f"shards {shard} of 2")
        courier = Courier(client, service, Pictures(), controls_view)
        processes.append(
            ComputerPlayers(
                service, courier, CountedThinkers(), pause=0.2,
                runs_guild=Config.from_env(
                    {"DISCORD_TOKEN": "a", "SHARD_COUNT": "2", "SHARD_IDS": str(shard),
                     "DATABASE_URL": "postgresql://bot@db/mars"}
                ).runs_guild,
            )
        )  # fmt: skip
    first = processes[0].service
    games = {}
    for guild, place in ((near, CHANNEL), (far, CHANNEL + 1)):
        await first.lobbies.new_lobby(
            guild_id=guild, channel_id=place, creator=ANN, game_key="leylines",
            options={"first": 2}, computers=1, computer_level="random",
        )  # fmt: skip
        games[guild] = (await first.lobbies.start(place, ANN)).game_id
    for players in processes:
        await players.sweep()
    await until_idle(processes)
    for players, guild in zip(processes, (near, far), strict=True):
        thought = [turn.game_id for turn in cast(CountedThinkers, players.thinkers).turns]
        assert thought == [games[guild]]
    for players, store in zip(processes, stores, strict=True):
        await players.close()
        await store.close()
