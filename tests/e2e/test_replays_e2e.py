"""The real bot process against the fake Discord: several people ask for `/replay` of one
finished game at once while a game goes on in another channel. The animation is made once (one
line in the bot's log) and posted once; one asker is told it is posted, each of the others is
given the link to that post, privately; and the other channel's board is posted."""

from __future__ import annotations

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, marks, open_table, play, resign
from tests.fakediscord import FakeDiscord, Message
from tests.hang import HANG_SECONDS

CHANNEL, ELSEWHERE = "mars-1", "mars-2"
ASKERS = 4


async def test_replays_asked_at_once_share_one_animation_and_a_board_elsewhere_is_posted(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    bot = await launch_bot()
    await fake.wait_commands_synced()
    ann, bob, cat, dan = (fake.add_user(name) for name in ("ann", "bob", "cat", "dan"))
    await open_table(fake, CHANNEL, "leylines", ann, [bob], options={"first": 1})
    await play(fake, ann, CHANNEL, "L c3")
    before = marks(fake, CHANNEL)
    await resign(fake, bob, CHANNEL)
    assert "ann wins" in (await board_after(fake, CHANNEL, before)).content
    await open_table(fake, ELSEWHERE, "leylines", cat, [dan], options={"first": 1})

    fans = [fake.add_user(f"fan{n}") for n in range(ASKERS)]
    asked = [await fake.slash(fan, CHANNEL, "replay") for fan in fans]
    board = await play(fake, cat, ELSEWHERE, "L c3")  # while the replays are being made
    assert "your turn" in board.content

    answers = [(await result.response(30)) for result in asked]
    assert all(answer.ephemeral for answer in answers)

    def replays() -> list[Message]:
        return [m for m in fake.messages(CHANNEL) if m.content.startswith("Replay of")]

    await fake.state.wait_for(lambda: len(replays()) >= 1, HANG_SECONDS, "the replay")
    [posted] = replays()
    assert len(posted.attachments) == 1
    link = f"https://discord.com/channels/{posted.guild_id}/{posted.channel_id}/{posted.id}"
    said = sorted(answer.content for answer in answers)
    shared = f"The replay of game #1 is posted here already: {link}"
    assert said == ["The replay is posted in this channel.", *[shared] * (ASKERS - 1)]
    assert bot.log_text().count("Made a replay") == 1
    assert fake.unhandled_requests == []
