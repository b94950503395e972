"""The real bot process against the fake Discord server: computer players at the table.

A player alone opens a table with a computer player, another is added from the lobby's menu and
removed again, and the game is played against the computer, which answers every move after its
pause, in its own name, without a ping or a DM. `/hint` answers privately at a table that allows
hints. The bot is restarted while the computer is to move: it takes the turn up again.
"""

from __future__ import annotations

import re

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, legal_moves, marks, play, refused, resign
from tests.fakediscord import FakeDiscord, Message

CHANNEL = "mars-1"
COMPUTER = "**Ada (computer)**"
SLOW = {"COMPUTER_PAUSE_SECONDS": "600"}
QUICK = {"COMPUTER_PAUSE_SECONDS": "0.2"}


async def computer_answers(fake: FakeDiscord, board: Message) -> Message:
    """After a move left `board` waiting for the computer, the board once it has moved."""
    assert f"{COMPUTER} is thinking." in board.content, board.content
    earlier = {m.id: len(m.history) for m in fake.messages(CHANNEL) if m.id <= board.id}
    answered = await board_after(fake, CHANNEL, earlier)  # its move pings the next: a new post
    assert "Ada (computer) placed" in answered.content or "Game over" in answered.content
    return answered


async def test_a_game_against_a_computer_player_with_hints_and_a_restart(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    bot = await launch_bot(extra_env=SLOW)
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    lobby = await (
        await fake.slash(
            ann,
            CHANNEL,
            "new",
            subcommand="leylines",
            options={"first": 1, "bots": 1, "bot_level": "easy", "hints": True},
        )
    ).response()
    assert f"{COMPUTER} (easy)" in lobby.content and "hints allowed" in lobby.content
    picker = next(c for c in lobby.custom_ids if c.startswith("mars:lobbycomputer:"))
    remove = next(c for c in lobby.custom_ids if c.endswith(":remove-computer"))
    full = await (await fake.click(ann, lobby, picker, values=["hard"])).response()
    assert full.ephemeral and "full" in full.content
    assert "not playing" in (await (await fake.click(bob, lobby, remove)).response()).content
    await (await fake.click(ann, lobby, remove)).response()
    assert COMPUTER not in lobby.content
    await (await fake.click(ann, lobby, picker, values=["easy"])).response()
    assert f"{COMPUTER} (easy)" in lobby.content

    before = marks(fake, CHANNEL)
    await (await fake.slash(ann, CHANNEL, "start")).response()
    board = await board_after(fake, CHANNEL, before)
    assert f"<@{ann.id}>, your turn." in board.content

    hint = await (await fake.slash(ann, CHANNEL, "hint")).response()
    assert hint.ephemeral and re.search(
        r"normal-level computer player would play `.+`", hint.content
    )
    assert "hint" not in board.content
    assert "not playing" in await refused(fake, bob, CHANNEL, "hint")

    # A restart while the computer is to move (its first process pauses far longer than the
    # test waits): the new process takes its turn up again.
    board = await play(fake, ann, CHANNEL, (await legal_moves(fake, ann, CHANNEL))[0])
    assert f"{COMPUTER} is thinking." in board.content
    assert "nothing to do now" in await refused(fake, ann, CHANNEL, "hint")
    await bot.stop()
    await launch_bot(extra_env=QUICK)
    board = await computer_answers(fake, board)
    assert f"<@{ann.id}>, your turn." in board.content

    for _ in range(3):  # Ann plays on; the computer answers each move
        board = await play(fake, ann, CHANNEL, (await legal_moves(fake, ann, CHANNEL))[0])
        while f"{COMPUTER} is thinking." in board.content:
            board = await computer_answers(fake, board)
    before = marks(fake, CHANNEL)
    await resign(fake, ann, CHANNEL)
    ended = await board_after(fake, CHANNEL, before)
    assert "Ada (computer) wins" in ended.content, ended.content
    assert not [m for m in fake.dms(ann) if "computer" in m.content]
