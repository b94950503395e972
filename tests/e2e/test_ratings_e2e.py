"""The real bot process against the fake Discord server: a finished game shows in `/stats` and
`/leaderboard`, answered in public as embeds (which the fake checks against Discord's OpenAPI
description and limits).

Ann beats Bob at Ley Lines when Bob resigns. Both start at mu 25, sigma 25/3 (shown as 1000);
after the game (see tests/bot/test_rating_maths.py) Ann has mu 27.635389, sigma 8.065901, shown as
round(1000 + 20 * (27.635389 - 3 * 8.065901)) = round(1068.75) = 1069, and Bob mu 22.364611,
shown as round(1000 - 20 * 1.833092) = 963; both provisional (sigma above 7). The messages never
name the model's terms.
"""

from __future__ import annotations

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, marks, open_table, resign
from tests.fakediscord import FakeDiscord, Message, User

CHANNEL = "mars-1"


async def public_embed(
    fake: FakeDiscord, by: User, command: str, options: dict[str, object] | None = None
) -> str:
    """Run `command` as `by`: its public answer, one embed; the embed's text is returned."""
    reply: Message = await (await fake.slash(by, CHANNEL, command, options=options)).response()
    assert not reply.ephemeral and not reply.content and len(reply.embeds) == 1, reply.text
    return reply.text


async def test_a_won_game_shows_in_stats_and_the_leaderboard(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("Ann"), fake.add_user("Bob")
    assert "No finished games" in await public_embed(fake, ann, "stats")

    await open_table(fake, CHANNEL, "leylines", ann, [bob], options={"first": 1})
    before = marks(fake, CHANNEL)
    await resign(fake, bob, CHANNEL)
    assert "Ann wins (Bob resigned)" in (await board_after(fake, CHANNEL, before)).content

    mine = await public_embed(fake, ann, "stats")
    assert "Stats of Ann" in mine
    assert (
        "**Ley Lines of Mars** · rating **1069** (provisional) · 1 game (1W 0D 0L) · streak W1"
        in mine
    )
    assert "Everyone starts at 1000." in mine
    bobs = await public_embed(fake, ann, "stats", {"user": bob})
    assert "Stats of Bob" in bobs
    assert (
        "**Ley Lines of Mars** · rating **963** (provisional) · 1 game (0W 0D 1L) · streak L1"
        in bobs
    )

    board = await public_embed(fake, bob, "leaderboard", {"game": "leylines"})
    assert "Leaderboard: Ley Lines of Mars" in board
    assert f"1. <@{ann.id}> · rating **1069** (provisional)" in board
    assert f"2. <@{bob.id}> · rating **963** (provisional)" in board
    for text in (mine, bobs, board):
        assert not any(word in text.lower() for word in ("mu ", "sigma", "plackett", "ordinal"))
    empty = await public_embed(fake, bob, "leaderboard", {"game": "albiorix"})
    assert "Nobody has finished" in empty
