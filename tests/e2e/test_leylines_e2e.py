"""The real bot process against the fake Discord server: a whole game of Ley Lines of Mars.

Two users open a table with `/new leylines`, sit down with the lobby buttons, and play every move
with `/move` (chosen from the bot's own autocomplete), while a third user and wrong inputs are
refused privately. Halfway through, the bot process is restarted; the game goes on from the same
position and the old lobby buttons answer that they are stale.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from club.catalogue import CATALOGUE
from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, marks, play, png_of, resign
from tests.fakediscord import FakeDiscord, User
from tests.hang import HANG_SECONDS

CHANNEL = "mars-1"
COMMANDS = {
    "new", "join", "leave", "start", "move", "board", "secret", "hint", "resign", "abandon",
    "history", "replay", "rules", "help", "stats", "leaderboard", "claim",
    "takeback", "status", "learn", "mygames", "notify", "away", "settings", "review", "privacy",
    "league",
    "season",
    "textmode", "look",
}  # fmt: skip
TABLE_SETTINGS = ("bots", "bot_level", "hints", "clock")
TURN = re.compile(r"<@(\d+)>, your turn\.")


async def refused(fake: FakeDiscord, user: User, command: str, **options: str) -> str:
    """Run a command that must be refused: the answer is ephemeral, and its text is returned."""
    reply = await (await fake.slash(user, CHANNEL, command, options=options)).response()
    assert reply.ephemeral, reply.content
    return reply.content


async def test_commands_are_synced_with_their_options(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    await launch_bot()
    commands = await fake_discord.wait_commands_synced()
    assert {c["name"] for c in commands} == COMMANDS
    subcommands = {c["name"]: c for c in fake_discord.command("new")["options"]}
    assert set(subcommands) == set(CATALOGUE)
    for key, game in ((key, entry.game) for key, entry in CATALOGUE.items()):
        assert subcommands[key]["type"] == 1
        assert [o["name"] for o in subcommands[key]["options"]] == [
            *(o.name for o in game.options),
            *TABLE_SETTINGS,
        ]
    first, bots, level, _, clock = subcommands["leylines"]["options"]
    assert (bots["min_value"], bots["max_value"]) == (0, 1)
    assert (clock["min_value"], clock["max_value"]) == (0, 72)
    assert [c["value"] for c in level["choices"]] == ["easy", "normal", "hard"]
    assert [c["value"] for c in first["choices"]] == [0, 1, 2]
    [text] = fake_discord.command("move")["options"]
    assert text["autocomplete"] is True


async def test_a_whole_game_through_discord_with_a_restart(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    bot = await launch_bot()
    await fake.wait_commands_synced()
    ann, bob, cat = fake.add_user("ann"), fake.add_user("bob"), fake.add_user("cat")

    assert "no game" in await refused(fake, ann, "move", text="L c3")
    lobby = await (
        await fake.slash(ann, CHANNEL, "new", subcommand="leylines", options={"first": 1})
    ).response()
    assert not lobby.ephemeral
    assert "Ley Lines of Mars" in lobby.content and f"<@{ann.id}>" in lobby.content
    game_id = re.fullmatch(r"mars:lobby:(\d+):join", lobby.custom_ids[0])
    assert game_id is not None
    join, leave, start, _, _ = lobby.custom_ids
    assert (
        "already has a game"
        in (await (await fake.slash(bob, CHANNEL, "new", subcommand="leylines")).response()).content
    )

    assert "at least 2 players" in (await (await fake.click(ann, lobby, start)).response()).content
    assert "not started" in await refused(fake, ann, "move", text="L c3")
    assert (await (await fake.click(bob, lobby, join)).response()) is lobby
    assert f"<@{bob.id}>" in lobby.content
    assert "already seated" in (await (await fake.click(bob, lobby, join)).response()).content
    full = await (await fake.click(cat, lobby, join)).response()
    assert full.ephemeral and "full" in full.content

    before = marks(fake, CHANNEL)
    await (await fake.click(bob, lobby, start)).response()
    opening = await board_after(fake, CHANNEL, before)
    assert "This table has started" in lobby.content
    assert all(lobby.component(button)["disabled"] for button in (join, leave, start))
    assert opening.content.endswith(f"<@{ann.id}>, your turn.")
    assert png_of(opening).size[0] >= 400

    # Wrong input is answered privately and changes nothing.
    assert "not your turn" in await refused(fake, bob, "move", text="L c3")
    assert "not a placement" in await refused(fake, ann, "move", text="castle")
    assert "off the board" in await refused(fake, ann, "move", text="L g9")
    assert "not playing" in await refused(fake, cat, "move", text="L c3")
    assert "no secret" in await refused(fake, ann, "secret")

    choices = await fake.autocomplete(
        ann, CHANNEL, "move", options={"text": "cap f"}, focused="text"
    )
    assert [c["value"] for c in choices] == [f"cap f{row}" for row in range(1, 7)]
    assert await fake.autocomplete(bob, CHANNEL, "move", options={"text": ""}, focused="text") == []
    many = await fake.autocomplete(ann, CHANNEL, "move", options={"text": ""}, focused="text")
    assert len(many) == 25

    users = {ann.id: ann, bob.id: bob}
    to_move, moves, last = ann, 0, opening
    while True:
        if moves == 12:
            await bot.restart()
            await fake.wait_commands_synced()
            stale = await (await fake.click(cat, lobby, join, allow_disabled=True)).response()
            assert stale.ephemeral and "lobby is closed" in stale.content
            before = marks(fake, CHANNEL)
            asked = await (await fake.slash(cat, CHANNEL, "board")).response()
            assert asked.ephemeral
            board = await board_after(fake, CHANNEL, before)
            assert f"<@{to_move.id}>, your turn." in board.content
            png_of(board)
        [choice, *_] = await fake.autocomplete(
            to_move, CHANNEL, "move", options={"text": ""}, focused="text"
        )
        last = await play(fake, to_move, CHANNEL, choice["value"])
        moves += 1
        png_of(last)
        assert last.content.startswith(f"{to_move.name} placed")
        turn = TURN.search(last.content)
        if turn is None:
            break
        to_move = users[int(turn[1])]
    assert moves == 35
    assert "**Game over.**" in last.content
    assert re.search(r"(ann|bob) wins \(\d+ to \d+\)\.|Draw \(\d+ points each\)\.", last.content)

    history = await (await fake.slash(cat, CHANNEL, "history")).response()
    assert history.ephemeral and "The record of" in history.content
    [log] = history.attachments
    told = log.data.decode()
    assert told.count("\n") >= 35 and "Result:" in told
    assert "placed" in told  # the narration of each move is kept with it
    assert "no game" in await refused(fake, ann, "move", text="L a1")
    assert fake.unhandled_requests == []


async def test_resign_and_rules(fake_discord: FakeDiscord, launch_bot: LaunchBot) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    rules = await (await fake.slash(ann, CHANNEL, "rules", options={"game": "leylines"})).response()
    assert rules.ephemeral and "Volcano" in rules.content and "`L c3`" in rules.content
    assert "/new leylines" in (await (await fake.slash(ann, CHANNEL, "help")).response()).content

    lobby = await (await fake.slash(ann, CHANNEL, "new", subcommand="leylines")).response()
    joined = await (await fake.slash(bob, CHANNEL, "join")).response()
    assert not joined.ephemeral and f"<@{bob.id}> joined" in joined.content
    await fake.state.wait_for(
        lambda: f"<@{bob.id}>" in lobby.content, HANG_SECONDS, "the lobby updated"
    )
    assert "already seated" in await refused(fake, bob, "join")
    before = marks(fake, CHANNEL)
    started = await (await fake.slash(bob, CHANNEL, "start")).response()
    assert started.ephemeral
    assert "begins" in (await board_after(fake, CHANNEL, before)).content
    await fake.state.wait_for(
        lambda: "has started" in lobby.content, HANG_SECONDS, "the lobby closed"
    )
    assert all(button["disabled"] for button in lobby.buttons)
    before = marks(fake, CHANNEL)
    resigned = await resign(fake, bob, CHANNEL)
    assert resigned.ephemeral and "resign" in resigned.content
    final = await board_after(fake, CHANNEL, before)
    assert "ann wins (bob resigned)." in final.content
    png_of(final)


def test_missing_or_rejected_token_ends_with_one_line(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    env = {"PATH": "/usr/bin:/bin", "DATABASE_PATH": str(tmp_path / "db.sqlite3")}
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env={**env, "PYTHONPATH": str(root)},
        capture_output=True, text=True, timeout=HANG_SECONDS, check=False,
    )  # fmt: skip
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [
        "error: DISCORD_TOKEN is not set: put your bot's token in .env (copy .env.example) "
        "or in the environment."
    ]


async def test_a_token_discord_rejects_ends_with_one_line(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    bot = await launch_bot(token="not-the-token", wait_connected=False)
    assert await bot.wait_exit() != 0
    last_line = bot.log_text().strip().splitlines()[-1]
    assert last_line.startswith("error: Discord rejected DISCORD_TOKEN")
    assert "Traceback" not in bot.log_text()
    assert fake_discord.connection_count == 0
