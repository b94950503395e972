"""The real bot process against the fake Discord server: rules that read in a minute, lobbies
that name their units, and a word about `/learn` at a first table.

`/rules` answers privately with the game's quick start and a **Full rules** button, which
sends the full guide (after a restart too). A Mars vs. Earth lobby names the unit of each of
its numbers. A person who sits down at a table of a game they have never finished (opening it,
`/join` or the Join button) is told privately, once, that `/learn` teaches it; after a restart,
someone who finished a game of it is not told, and a newcomer is.
"""

from __future__ import annotations

import asyncio

from bot.courier import limits
from bot.info.cog import FULL_RULES
from club.catalogue import CATALOGUE
from club.guides.guide import QUICK_LIMIT
from club.service.wording import first_game
from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, marks, play, resign
from tests.fakediscord import FakeDiscord, Message
from tests.fakediscord.interactions import InteractionResult
from tests.hang import HANG_SECONDS

CHANNEL = "mars-1"
LEYLINES = first_game("Ley Lines of Mars", "leylines")
QUIET = 1.0
"""Seconds to wait for a word that must not come, once the action it would follow is done."""


async def words_to(result: InteractionResult) -> list[str]:
    """The private follow-ups of an interaction, once the bot has had time to send them."""
    await result.acknowledged()
    await asyncio.sleep(QUIET)
    return [m.content for m in result.followup_messages if m.ephemeral]


async def test_rules_open_with_a_quick_start_and_a_full_rules_button(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    bot = await launch_bot()
    await fake.wait_commands_synced()
    ann = fake.add_user("ann")
    answers = {}
    for key, guide in ((key, entry.guide) for key, entry in CATALOGUE.items()):
        quick = await (await fake.slash(ann, CHANNEL, "rules", options={"game": key})).response()
        assert quick.ephemeral and quick.content == f"{guide.quick}\n{FULL_RULES}"
        assert len(guide.quick) <= QUICK_LIMIT
        assert quick.custom_ids == [f"mars:rules:{key}"]
        answers[key] = quick

    await bot.restart()
    pressed = await fake.click(ann, answers["marsvsearth"], "mars:rules:marsvsearth")
    pages = limits.split(CATALOGUE["marsvsearth"].guide.full, limits.CONTENT)
    first = await pressed.response()
    sent: list[Message] = [first, *(await pressed.followups(len(pages) - 1))]
    assert len(pages) > 1 and [m.content for m in sent] == pages
    assert all(m.ephemeral for m in sent)
    assert "**Bot rulings.**" in "".join(pages)


async def test_a_mars_vs_earth_lobby_names_its_units(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann = fake.add_user("ann")
    lobby = await (
        await fake.slash(
            ann, CHANNEL, "new", subcommand="marsvsearth", options={"answer": 1, "clock": 24}
        )
    ).response()
    assert (
        "Options: first: random, promotion: no, contribution: open, timer: 5 minutes, "
        "answer: 1 minute, clock: 24 hours a turn\n"
    ) in lobby.content


async def test_a_first_table_brings_a_word_about_learn(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    bot = await launch_bot()
    await fake.wait_commands_synced()
    ann, bob, cat, dan = (fake.add_user(name) for name in ("ann", "bob", "cat", "dan"))

    opened = await fake.slash(ann, CHANNEL, "new", subcommand="leylines", options={"first": 1})
    lobby = await opened.response()
    assert not lobby.ephemeral
    [word] = await opened.followups()
    assert word.ephemeral and word.content == LEYLINES

    joined = await fake.slash(cat, CHANNEL, "join")
    assert not (await joined.response()).ephemeral
    [word] = await joined.followups()
    assert word.ephemeral and word.content == LEYLINES
    await (await fake.slash(cat, CHANNEL, "leave")).response()
    assert await words_to(await fake.slash(cat, CHANNEL, "join")) == []  # told once
    await (await fake.slash(cat, CHANNEL, "leave")).response()

    join = next(c for c in lobby.custom_ids if c.endswith(":join"))
    pressed = await fake.click(bob, lobby, join)
    [word] = await pressed.followups()
    assert word.ephemeral and word.content == LEYLINES
    await fake.state.wait_for(lambda: f"<@{bob.id}>" in lobby.content, HANG_SECONDS, "bob seated")
    before = marks(fake, CHANNEL)
    await (await fake.slash(ann, CHANNEL, "start")).response()
    await board_after(fake, CHANNEL, before)
    await play(fake, ann, CHANNEL, "L c3")
    before = marks(fake, CHANNEL)
    await resign(fake, bob, CHANNEL)
    assert "**Game over.**" in (await board_after(fake, CHANNEL, before)).content

    await bot.restart()  # forgets who was told; ann and bob have finished a game since
    again = await fake.slash(ann, CHANNEL, "new", subcommand="leylines")
    lobby = await again.response()
    assert await words_to(again) == []
    join = next(c for c in lobby.custom_ids if c.endswith(":join"))
    assert await words_to(await fake.click(bob, lobby, join)) == []
    await (await fake.slash(bob, CHANNEL, "leave")).response()
    pressed = await fake.click(dan, lobby, join)
    [word] = await pressed.followups()
    assert word.ephemeral and word.content == LEYLINES

    other = await fake.slash(ann, "mars-2", "new", subcommand="merchants")
    await other.response()
    [word] = await other.followups()
    assert word.content == first_game("Martian Merchants", "merchants")
