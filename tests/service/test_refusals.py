"""Refusals of the table service that leave the table as it was."""

from __future__ import annotations

import pytest

from club.service import Player, TableError, TableService
from tests.service.posted import posted

ANN, BOB, CAT = Player(101, "Ann"), Player(202, "Bob"), Player(303, "Cat")
CHANNEL = 1000


async def test_a_chosen_first_player_who_is_not_seated_keeps_the_lobby_open(
    service: TableService,
) -> None:
    """The table chose the 3rd player to open; with 2 seated, /start says how to fix it, and
    once a 3rd player joins, that player opens."""
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="merchants", options={"first": 3}
    )
    await service.lobbies.join(CHANNEL, BOB)
    with pytest.raises(TableError) as refused:
        await service.lobbies.start(CHANNEL, ANN)
    said = str(refused.value)
    assert "player 3 to move first" in said and "only 2 are seated" in said
    assert "Let more players join" in said and "another first player" in said
    lobby = await service.lobbies.lobby(CHANNEL)
    assert lobby.status == "lobby" and lobby.players == (ANN, BOB)

    await service.lobbies.join(CHANNEL, CAT)
    update = await service.lobbies.start(CHANNEL, ANN)
    assert f"<@{CAT.user_id}>, your turn." in posted(update)
