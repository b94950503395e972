"""A computer player thinks during its pause: its turn reaches the thinkers as the pause begins,
and its move is played only once the pause is over."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from bot.computers.turns import ComputerPlayers
from bot.courier.delivery import Courier
from bot.courier.pictures import Pictures
from bot.play.controls import controls_view
from bot.workers.thinking import Thinkers
from club.service import TableService, Turn
from club.storage import Storage
from tests.bot.test_delivery import FakeChannel, FakeClient, FakeUser
from tests.hang import HANG_SECONDS
from tests.service.fixtures import ANN, CHANNEL


class WatchedThinkers(Thinkers):
    """Thinks in a thread; `asked` is set when a turn reaches it."""

    def __init__(self) -> None:
        super().__init__(None)
        self.asked = asyncio.Event()

    async def move_for(self, turn: Turn) -> str:
        self.asked.set()
        return await super().move_for(turn)


async def test_the_computer_thinks_during_its_pause(
    service: TableService, storage: Storage
) -> None:
    client = cast(Any, FakeClient({ANN.user_id: FakeUser()}, FakeChannel()))
    courier = Courier(client, service, Pictures(), controls_view)
    thinkers = WatchedThinkers()
    players = ComputerPlayers(service, courier, thinkers, pause=3600.0)
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={"first": 2},
        computers=1, computer_level="random",
    )  # fmt: skip
    game_id = (await service.lobbies.start(CHANNEL, ANN)).game_id
    players.wake(game_id)
    async with asyncio.timeout(HANG_SECONDS):
        await thinkers.asked.wait()  # within the hour's pause
    row = await storage.games.get(game_id)
    assert row is not None and row.moves_made == 0  # not played before the pause is over
    await players.close()
