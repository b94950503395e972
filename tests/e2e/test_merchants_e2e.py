"""The real bot process against the fake Discord server: a 3-player game of Martian Merchants.

Three users sit down and play several whole turns (each a series of steps by the same player)
with `/move` chosen from the bot's autocomplete and with the buttons under the board; wrong turns
are refused privately. Two players then resign: the first is skipped while the others play on,
the second leaves one player, who wins.
"""

from __future__ import annotations

import random
import re

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import (
    board_after,
    legal_moves,
    marks,
    open_table,
    play,
    png_of,
    press,
    refused,
    resign,
)
from tests.fakediscord import FakeDiscord, Message, User

CHANNEL = "mars-1"
TURN = re.compile(r"<@(\d+)>, your turn\.")
TURNS = 6
"""Whole turns played before the resignations (two rounds of three players)."""


def next_player(message: Message, users: dict[int, User]) -> User:
    found = TURN.search(message.content)
    assert found is not None, message.content
    return users[int(found[1])]


async def test_three_players_take_turns_then_two_resign(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob, cat = (fake.add_user(name) for name in ("ann", "bob", "cat"))
    users = {u.id: u for u in (ann, bob, cat)}
    opening = await open_table(fake, CHANNEL, "merchants", ann, [bob, cat], {"first": 2})
    png_of(opening)
    to_move = next_player(opening, users)
    assert to_move is bob
    assert "not your turn" in await refused(fake, ann, CHANNEL, "move", text="skip")
    assert "not playing" in await refused(fake, fake.add_user("dan"), CHANNEL, "move", text="skip")

    last, turns, pressed, steps = opening, 0, False, 0
    players_seen = {to_move.id}
    for _ in range(300):
        buttons = [c for c in last.custom_ids if c.startswith("mars:do:")]
        if buttons and not pressed:
            last = await press(fake, to_move, CHANNEL, last, buttons[0])
            pressed = True
        else:
            [choice, *_] = await legal_moves(fake, to_move, CHANNEL)
            last = await play(fake, to_move, CHANNEL, choice)
        steps += 1
        assert last.attachments
        mover = next_player(last, users)
        if mover is not to_move:
            turns += 1
            players_seen.add(mover.id)
        to_move = mover
        if turns == TURNS:
            break
    assert turns == TURNS and len(players_seen) == 3 and pressed
    boards = [m for m in fake.messages(CHANNEL) if m.interaction_id is None]
    assert len(boards) == 1 + TURNS < steps  # one new message a turn; steps edit it

    first_out = next(u for u in (ann, bob, cat) if u is not to_move)
    before = marks(fake, CHANNEL)
    resigned = await resign(fake, first_out, CHANNEL)
    assert resigned.ephemeral
    assert "**Game over.**" not in (await board_after(fake, CHANNEL, before)).content
    still = [u for u in (ann, bob, cat) if u is not first_out]
    second_out, winner = still
    before = marks(fake, CHANNEL)
    await resign(fake, second_out, CHANNEL)
    ended = await board_after(fake, CHANNEL, before)
    assert "**Game over.**" in ended.content and f"{winner.name} wins" in ended.content
    png_of(ended)
    assert fake.unhandled_requests == []


async def test_four_players_play_a_random_game_to_the_end_one_message_a_turn(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    """The largest table plays random steps from the autocomplete until the game ends: each
    turn posts one board message, and its steps edit it."""
    fake = fake_discord
    await launch_bot(extra_env={"E2E_SEED": "4242"})
    await fake.wait_commands_synced()
    players = [fake.add_user(name) for name in ("ann", "bob", "cat", "dan")]
    users = {u.id: u for u in players}
    last = await open_table(fake, CHANNEL, "merchants", players[0], players[1:], {"first": 1})
    rng = random.Random(4)
    to_move, turns = next_player(last, users), 0
    for _ in range(2000):
        if "**Game over.**" in last.content:
            break
        last = await play(
            fake, to_move, CHANNEL, rng.choice(await legal_moves(fake, to_move, CHANNEL))
        )
        if "**Game over.**" in last.content:
            break
        mover = next_player(last, users)
        turns += mover is not to_move
        to_move = mover
    assert re.search(r"\*\*Game over.\*\* (\w+ wins|Draw) \(", last.content)
    boards = [m for m in fake.messages(CHANNEL) if m.interaction_id is None]
    assert len(boards) <= turns + 2  # the opening, one a turn, the end
    assert fake.unhandled_requests == []
