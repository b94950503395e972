"""The real bot's log, even at DEBUG, holds no secret an admin could leak by sharing it.

Two players set secret objectives in Agents of M.A.R.S. and play a few moves; the DMs they get,
the private answers they see and the game's seed (read from the database afterwards) appear
nowhere in the log, while routes and status codes still do. A command the bot no longer has is
answered with a pointer to /help and logged in one line, without a traceback.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import legal_moves, move, open_table
from tests.fakediscord import FakeDiscord, Message
from tests.fakediscord.state import APPLICATION_COMMAND
from tests.hang import HANG_SECONDS

CHANNEL = "mars-2"
CHOSEN = {
    "ann": "objectives red=2 green=1 blue=0 yellow=-1",
    "bob": "objectives red=-1 green=0 blue=2 yellow=1",
}


def private_lines(messages: list[Message]) -> set[str]:
    """Every line of text and picture description of these messages."""
    lines = set()
    for message in messages:
        texts = [message.content, *(a.description or "" for a in message.attachments)]
        lines |= {line.strip() for text in texts for line in text.splitlines()}
    return {line for line in lines if len(line) >= 8}


async def test_debug_log_holds_no_private_line_nor_seed(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, tmp_path: Path
) -> None:
    fake = fake_discord
    bot = await launch_bot(log_level="DEBUG")
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    users = {"ann": ann, "bob": bob}
    await open_table(fake, CHANNEL, "agents", ann, [bob], {"first": 1})

    answers = []
    for name, user in users.items():
        answers.append(await move(fake, user, CHANNEL, CHOSEN[name]))
        answers.append(await (await fake.slash(user, CHANNEL, "secret")).response())
    for _ in range(3):  # whoever may act plays their first legal move
        for user in (ann, bob):
            choices = await legal_moves(fake, user, CHANNEL) or ["draw"]
            answers.append(await move(fake, user, CHANNEL, choices[0]))
    assert all(a.ephemeral for a in answers)
    assert sum(a.content.startswith("Done") for a in answers) >= 5
    await fake.state.wait_for(
        lambda: all(fake.dms(u) for u in users.values()), HANG_SECONDS, "the DMs"
    )
    await bot.stop()

    with sqlite3.connect(tmp_path / "bot.sqlite3") as db:
        [(seed,)] = db.execute("SELECT seed FROM games").fetchall()
    log = bot.log_text()
    assert "discord.http" in log and "has returned 2" in log, "the log is not at DEBUG"
    assert "INTERACTION_CREATE" in log
    assert str(seed) not in log
    secrets = set(CHOSEN.values()) | private_lines(answers)
    for user in users.values():
        secrets |= private_lines(fake.dms(user))
    assert any("objectives" in line.lower() for line in secrets)
    leaked = sorted(line for line in secrets if line in log)
    assert leaked == []


async def test_a_command_the_bot_no_longer_has_is_answered_in_one_log_line(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    bot = await launch_bot()
    await fake.wait_commands_synced()
    ann = fake.add_user("ann")
    new = fake.command("new")
    stale = [
        ("/teleport", {"id": "1", "name": "teleport", "type": 1}),
        (
            "/new chess",
            {"id": new["id"], "name": "new", "type": 1, "options": [{"name": "chess", "type": 1}]},
        ),
        ("/move", {"id": fake.command("move")["id"], "name": "move", "type": 1}),
    ]
    for label, data in stale:
        result = fake._dispatch(APPLICATION_COMMAND, ann, fake.channel(CHANNEL), label, data)
        reply = await result.response()
        assert reply.ephemeral, reply.content
        assert reply.content == "This command was removed or changed; try /help."
    await bot.stop()
    log = bot.log_text()
    assert "Traceback" not in log
    for name in ("/teleport", "/new chess", "/move"):
        assert sum(f"Command {name} is out of date" in line for line in log.splitlines()) == 1
