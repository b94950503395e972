"""After a lesson, through the fake Discord: Practice opens a table without the word for
newcomers ("First time at ...? `/learn ...` teaches it"), in every game; and a Type-a-move form
left open across a restart is still answered."""

from __future__ import annotations

import asyncio

from club.service.wording import first_game
from tests.e2e.conftest import LaunchBot
from tests.e2e.test_rules_and_nudges_e2e import words_to
from tests.fakediscord import FakeDiscord, Message, User
from tests.learn.driving import LESSONS, control, edited, start, take


async def test_practice_after_a_lesson_has_no_word_for_newcomers(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann = fake.add_user("ann")
    games = sorted(LESSONS)
    channels = ["general", "mars-1", "mars-2", "mars-3", "general"]  # a practice table each
    lessons = await asyncio.gather(
        *(take(fake, ann, c, game, how="show") for c, game in zip(channels, games, strict=True))
    )
    lobbies: dict[str, Message] = {}
    for channel, game, done in zip(channels, games, lessons, strict=True):
        if channel in lobbies:  # the table an earlier practice opened there goes
            await leave(fake, ann, lobbies.pop(channel))
        pressed = await fake.click(ann, done, control(done, "practice"))
        lobbies[channel] = await pressed.response()
        assert not lobbies[channel].ephemeral and "easy" in lobbies[channel].content
        assert first_game(LESSONS[game].title, game) not in await words_to(pressed)


async def leave(fake: FakeDiscord, user: User, lobby: Message) -> None:
    """`user` unseats the computer player of `lobby`, then leaves it, which closes it."""
    for action in ("remove-computer", "leave"):
        [button] = [c for c in fake.get_message(lobby.id).custom_ids if c.endswith(action)]
        revisions = len(fake.get_message(lobby.id).history)
        await fake.click(user, lobby, button)
        await edited(fake, lobby.id, revisions, f"the lobby after {action}")


async def test_a_form_left_open_across_a_restart_is_answered(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    bot = await launch_bot()
    await fake.wait_commands_synced()
    ann = fake.add_user("ann", dms_closed=True)
    lesson = await start(fake, ann, "mars-1", "leylines")
    opened = await fake.click(ann, lesson, control(lesson, "type"))
    await opened.modal()
    await bot.restart()
    await fake.wait_commands_synced()
    answer = await (await fake.submit_modal(ann, opened, {"move": "L c3"})).response()
    assert answer.ephemeral and "This lesson has expired" in answer.content, answer.content
    assert "`/learn leylines`" in answer.content
