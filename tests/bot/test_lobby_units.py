"""A lobby names the unit of every quantity it shows: the game's options (`timer: 5 minutes`)
and the table's own clock (`clock: 24 hours a turn`)."""

from __future__ import annotations

import pytest

from club.service import Player, TableService

ANN = Player(101, "Ann")


@pytest.mark.parametrize(("hours", "shown"), [(1, "1 hour"), (24, "24 hours")])
async def test_the_clock_is_shown_in_hours(service: TableService, hours: int, shown: str) -> None:
    lobby = await service.lobbies.new_lobby(
        guild_id=1,
        channel_id=10,
        creator=ANN,
        game_key="marsvsearth",
        options={"answer": 1},
        clock_hours=hours,
    )
    assert (
        "Options: first: random, promotion: no, contribution: open, timer: 5 minutes, "
        f"answer: 1 minute, clock: {shown} a turn\n"
    ) in lobby.text


async def test_an_albiorix_lobby_names_its_limit(service: TableService) -> None:
    lobby = await service.lobbies.new_lobby(
        guild_id=1, channel_id=10, creator=ANN, game_key="albiorix", options={"limit": 80}
    )
    assert "Options: first: random, limit: 80 moves and mixes\n" in lobby.text
