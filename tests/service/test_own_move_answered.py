"""A player's own secret move is told back to them in the answer to their request, never by DM:
at a Mars vs. Earth table, each card a player submits is named in their confirmation, and
neither the delivery their request makes nor the one read from the outbox DMs it to them."""

from __future__ import annotations

from club.catalogue import CATALOGUE
from club.service import TableService
from club.storage import Storage
from tests.service.fixtures import CHANNEL
from tests.service.test_spectators import PEOPLE, state_of

GAME = CATALOGUE["marsvsearth"].game
ACTIONS = 12
"""Actions played, in the game's first open phases."""
SECRET = 4
"""Of them, at least this many told their player something alone (a card submitted, put or
discarded)."""


async def test_a_submitted_card_is_in_the_answer_and_in_no_dm(
    service: TableService, storage: Storage
) -> None:
    players = PEOPLE
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=players[0], game_key="marsvsearth", options={}
    )
    for player in players[1:]:
        await service.lobbies.join(CHANNEL, player)
    game_id = (await service.lobbies.start(CHANNEL, players[0])).game_id
    echoed = 0
    for _ in range(ACTIONS):
        state = await state_of(storage, game_id)
        seat = min(GAME.actors(state))
        notation = sorted(GAME.legal(state, seat).notations)[0]
        _, events = GAME.apply(state, seat, GAME.parse(state, seat, notation))
        own = [e.text for e in events if e.to == seat]
        update = await service.play.move(CHANNEL, players[seat], notation)
        stored = await service.deliveries.delivery(game_id)  # as the poll would tell it
        assert stored is not None
        await service.deliveries.delivered(stored, stored.living)
        assert update.confirmation.splitlines() == [f"Done: `{notation}`.", *own]
        user = players[seat].user_id
        for told in (update.told, stored):
            to_them = "\n".join(n.text for n in told.dms if n.user_id == user)
            assert not [line for line in own if line in to_them], to_them
        echoed += bool(own)
    assert echoed >= SECRET
