"""Spectators: anyone in the channel may ask for the board (`/board`); in every game what it
posts is the public view only, and it sends nobody a DM."""

from __future__ import annotations

import json

import pytest

from club.catalogue import CATALOGUE
from club.service import Player, TableError, TableService
from club.storage import Storage
from tests.service.fixtures import CHANNEL

PEOPLE = tuple(Player(101 + n, name) for n, name in enumerate(("Ann", "Bob", "Cat", "Dan")))
SAM = Player(909, "Sam")
"""A spectator: in the channel, not at the table."""
TABLES = {"leylines": 2, "agents": 2, "albiorix": 2, "merchants": 3, "marsvsearth": 4}
"""How many play each game here."""


async def under_way(service: TableService, storage: Storage, game_key: str) -> int:
    """A game of `game_key` whose opening was told (DMs included) and whose first actor has
    made one move (in Agents a secret one: the objectives); its id."""
    players = PEOPLE[: TABLES[game_key]]
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=players[0], game_key=game_key, options={}
    )
    for player in players[1:]:
        await service.lobbies.join(CHANNEL, player)
    update = await service.lobbies.start(CHANNEL, players[0])
    game, state = CATALOGUE[game_key].game, await state_of(storage, update.game_id)
    seat = min(game.actors(state))
    await service.play.move(CHANNEL, players[seat], next(iter(game.legal(state, seat).notations)))
    told = await service.deliveries.delivery(update.game_id)
    assert told is not None
    await service.deliveries.delivered(told, told.living)
    return update.game_id


async def state_of(storage: Storage, game_id: int) -> object:
    row = await storage.games.get(game_id)
    assert row is not None and row.state is not None
    return CATALOGUE[row.game_key].game.from_json(json.loads(row.state))


@pytest.mark.parametrize("game_key", sorted(TABLES))
async def test_a_spectators_board_is_the_public_view_and_tells_no_secret(
    service: TableService, storage: Storage, game_key: str
) -> None:
    game_id = await under_way(service, storage, game_key)
    with pytest.raises(TableError, match="not playing"):
        await service.looking.secret(CHANNEL, SAM.user_id)

    assert await service.looking.repost_board(CHANNEL) == game_id
    board = await service.deliveries.delivery(game_id)
    assert board is not None and board.dms == ()
    [post] = board.posts
    game, state = CATALOGUE[game_key].game, await state_of(storage, game_id)
    public = game.view(state, None)
    assert post.new and post.view == public and post.view.private == ()
    assert post.view.viewer is None
    secrets = [line for seat in range(TABLES[game_key]) for line in game.view(state, seat).private]
    assert (game.information == "hidden") == bool(secrets)  # the games with secrets have some
    shown = "\n".join([*post.narration, post.footer])
    assert not [line for line in secrets if line in shown]
