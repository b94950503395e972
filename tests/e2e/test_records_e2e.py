"""The real bot process against the fake Discord server: after a short game of Ley Lines that
ends in a resignation, a spectator asks for `/replay` (an animated GIF posted in the channel,
one picture per move after the opening) and `/history` (a text file only they see); both
commands autocomplete the channel's games and refuse, privately, a game of another channel."""

from __future__ import annotations

import io

from PIL import Image
from PIL.GifImagePlugin import GifImageFile

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, marks, open_table, play, refused, resign
from tests.fakediscord import FakeDiscord

CHANNEL, ELSEWHERE = "mars-1", "mars-2"


async def test_a_finished_game_replayed_and_recorded(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob, cat = fake.add_user("ann"), fake.add_user("bob"), fake.add_user("cat")
    await open_table(fake, CHANNEL, "leylines", ann, [bob], options={"first": 1})
    assert "still being played" in await refused(fake, cat, CHANNEL, "replay", game=1)
    await play(fake, ann, CHANNEL, "L c3")
    await play(fake, bob, CHANNEL, "M d4")
    before = marks(fake, CHANNEL)
    await resign(fake, bob, CHANNEL)
    assert "ann wins (bob resigned)." in (await board_after(fake, CHANNEL, before)).content

    offered = await fake.autocomplete(cat, CHANNEL, "replay", options={}, focused="game")
    assert [c["value"] for c in offered] == [1]
    assert offered[0]["name"].startswith("Ley Lines of Mars #1: ann vs bob (finished ")

    answer = await (await fake.slash(cat, CHANNEL, "replay")).response()
    assert answer.ephemeral and "posted" in answer.content
    posted = await fake.wait_for_message(
        lambda m: m.content.startswith("Replay of"), channel=CHANNEL
    )
    assert (
        posted.content
        == "Replay of **Ley Lines of Mars #1: ann vs bob**, 3 moves. ann wins (bob resigned)."
    )
    [animation] = posted.attachments
    assert animation.filename == "replay-1.gif" and animation.description
    gif = Image.open(io.BytesIO(animation.data))
    assert isinstance(gif, GifImageFile) and gif.n_frames == 4  # the opening and 3 moves

    record = await (await fake.slash(cat, CHANNEL, "history")).response()
    assert record.ephemeral and "Ley Lines of Mars #1" in record.content
    [file] = record.attachments
    lines = file.data.decode().splitlines()
    assert file.filename == "leylines-1.txt" and lines[:3] == [
        "Ley Lines of Mars #1: ann vs bob",
        "Options: first: 1",
        "Players: 1. ann, 2. bob",
    ]
    assert lines[-3:] == [
        "1. ann: L c3 - ann placed a large pyramid on c3.",
        "2. bob: M d4 - bob placed a medium pyramid on d4.",
        "3. bob: resign - bob resigned.",
    ]
    assert "There is no game #1 in this channel" in await refused(
        fake, cat, ELSEWHERE, "history", game=1
    )
    assert "No game has finished" in await refused(fake, cat, ELSEWHERE, "replay")
    assert fake.unhandled_requests == []
