"""A minimal discord.py bot used to smoke-test the fake Discord server.

Run through the launcher: ``python tests/e2e/run_bot.py tests.e2e.sample_bot``.

Environment: ``DISCORD_TOKEN``, ``LOG_LEVEL``; ``DEV_GUILD_ID`` (commands are synced to that
guild; empty: globally); ``SHARD_COUNT`` (if set, the bot is an ``AutoShardedBot`` with that
many shards, or, empty, as many as ``GET /gateway/bot`` recommends) and ``SHARD_IDS`` (the
comma-separated shards this process runs; all unless set). The sharded bot has ``/shards``
(which shards answered, and the guilds they see) and ``/menu`` (a DM with a button answered
in the same words).
"""

from __future__ import annotations

import io
import logging
import os
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

log = logging.getLogger("sample_bot")

MOVES = ["cloud seeding", "colonize", "comet impact", "aquifer pumping", "greenery", "city"]


class CounterButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"counter:(?P<count>\d+)"
):
    """A persistent button whose state lives in its custom id."""

    def __init__(self, count: int = 0) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Count {count}",
                style=discord.ButtonStyle.primary,
                custom_id=f"counter:{count}",
            )
        )
        self.count = count

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CounterButton:
        return cls(int(match["count"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        count = self.count + 1
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(count))
        await interaction.response.edit_message(content=f"Count: {count}", view=view)


class ColonyModal(discord.ui.Modal, title="Name your colony"):
    colony: discord.ui.TextInput[ColonyModal] = discord.ui.TextInput(
        label="Colony name", max_length=30
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"Colony {self.colony.value} founded", ephemeral=True
        )


def render_png(width: int, height: int) -> io.BytesIO:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (width, height), (180, 70, 40))
    ImageDraw.Draw(image).ellipse((4, 4, width - 4, height - 4), fill=(220, 120, 60))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    buffer.seek(0)
    return buffer


class WhoButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"who"):
    """A persistent button answered with the shards of the process that got it."""

    def __init__(self) -> None:
        super().__init__(discord.ui.Button(label="Who answers?", custom_id="who"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> WhoButton:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(served_by(interaction.client))


def served_by(client: discord.Client) -> str:
    """``shards [ids]; guilds: names`` of a sharded bot process."""
    assert isinstance(client, discord.AutoShardedClient)
    guilds = ", ".join(sorted(guild.name for guild in client.guilds))
    return f"shards {sorted(client.shards)}; guilds: {guilds}"


class SampleBot(commands.Bot):
    def __init__(self, guild_id: int | None, **options: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned, intents=discord.Intents.default(), **options
        )
        self.guild_id = guild_id
        self.tree.add_command(new_group)
        slash: tuple[app_commands.Command[Any, ..., None], ...] = (
            ping,
            move,
            mapcmd,
            dm,
            greet,
            colony,
            where,
            board,
        )
        for command in slash:
            self.tree.add_command(command)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(CounterButton)
        if self.guild_id is None:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))
            return
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        log.info("synced %d commands to guild %s", len(synced), self.guild_id)

    async def on_ready(self) -> None:
        log.info("ready as %s in %d guild(s)", self.user, len(self.guilds))


class ShardedSampleBot(SampleBot, commands.AutoShardedBot):
    """The sample bot running some shards, with ``/shards``, ``/menu`` and its button."""

    def __init__(
        self, guild_id: int | None, shard_count: int | None, shard_ids: list[int] | None
    ) -> None:
        super().__init__(guild_id, shard_count=shard_count, shard_ids=shard_ids)
        self.tree.add_command(shards)
        self.tree.add_command(menu)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(WhoButton)
        await super().setup_hook()


new_group = app_commands.Group(name="new", description="Start a new game")


@new_group.command(name="demo", description="Start a demo game")
@app_commands.describe(size="Board size")
async def new_demo(interaction: discord.Interaction, size: app_commands.Range[int, 1, 20]) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(CounterButton(0))
    await interaction.response.send_message(f"Demo game of size {size} started", view=view)


@app_commands.command(name="ping", description="Check the bot is alive")
async def ping(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("pong", ephemeral=True)


@app_commands.command(name="move", description="Play a move")
async def move(interaction: discord.Interaction, text: str) -> None:
    await interaction.response.send_message(f"You played {text}")


@move.autocomplete("text")
async def move_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=m.title(), value=m) for m in MOVES if m.startswith(current.lower())
    ][:25]


@app_commands.command(name="map", description="Render the map")
async def mapcmd(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    file = discord.File(render_png(64, 48), filename="map.png", description="The map of Mars")
    await interaction.followup.send("Here is the map", file=file)


@app_commands.command(name="dm", description="Get a direct message")
async def dm(interaction: discord.Interaction) -> None:
    try:
        await interaction.user.send("Hello from Mars")
    except discord.Forbidden:
        await interaction.response.send_message("DMs closed", ephemeral=True)
    else:
        await interaction.response.send_message("DM sent", ephemeral=True)


@app_commands.command(name="greet", description="Greet a player")
async def greet(
    interaction: discord.Interaction, player: discord.Member, loud: bool = False
) -> None:
    text = f"Hello {player.display_name}"
    await interaction.response.send_message(text.upper() if loud else text)


@app_commands.command(name="colony", description="Found a colony")
async def colony(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(ColonyModal())


@app_commands.command(name="where", description="Where the bot may post")
async def where(interaction: discord.Interaction) -> None:
    assert interaction.guild is not None
    me = interaction.guild.me
    lines = [
        f"{c.name}: {c.permissions_for(me).send_messages}" for c in interaction.guild.text_channels
    ]
    await interaction.response.send_message("\n".join(lines), ephemeral=True)


@app_commands.command(name="board", description="Post a board, then edit it in its channel")
async def board(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    posted = await interaction.followup.send(
        "Board, turn 1", file=discord.File(render_png(32, 32), filename="turn1.png"), wait=True
    )
    assert isinstance(interaction.channel, discord.TextChannel)
    await interaction.channel.get_partial_message(posted.id).edit(
        content="Board, turn 2",
        attachments=[discord.File(render_png(40, 40), filename="turn2.png", description="Turn 2")],
    )


@app_commands.command(name="shards", description="Which shards answer, seeing which guilds")
async def shards(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(served_by(interaction.client))


@app_commands.command(name="menu", description="Get a direct message with a button")
async def menu(interaction: discord.Interaction) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(WhoButton())
    await interaction.user.send("Who answers this button?", view=view)
    await interaction.response.send_message("menu sent", ephemeral=True)


def build_bot() -> SampleBot:
    """The bot the environment asks for (see the module's docstring)."""
    guild = os.environ.get("DEV_GUILD_ID", "")
    guild_id = int(guild) if guild else None
    if "SHARD_COUNT" not in os.environ:
        return SampleBot(guild_id)
    count, ids = os.environ["SHARD_COUNT"], os.environ.get("SHARD_IDS")
    return ShardedSampleBot(
        guild_id,
        shard_count=int(count) if count else None,
        shard_ids=[int(shard) for shard in ids.split(",")] if ids else None,
    )


def main() -> None:
    level = getattr(logging, os.environ.get("LOG_LEVEL", "INFO").upper(), logging.INFO)
    bot = build_bot()
    bot.run(os.environ["DISCORD_TOKEN"], log_level=level, root_logger=True)


if __name__ == "__main__":
    main()
