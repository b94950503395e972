"""A minimal discord.py bot used to smoke-test the fake Discord server.

Run through the launcher: ``python tests/e2e/run_bot.py tests.e2e.sample_bot``.
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


class SampleBot(commands.Bot):
    def __init__(self, guild_id: int) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
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
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        log.info("synced %d commands to guild %s", len(synced), self.guild_id)

    async def on_ready(self) -> None:
        log.info("ready as %s in %d guild(s)", self.user, len(self.guilds))


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


def main() -> None:
    level = getattr(logging, os.environ.get("LOG_LEVEL", "INFO").upper(), logging.INFO)
    bot = SampleBot(int(os.environ["DEV_GUILD_ID"]))
    bot.run(os.environ["DISCORD_TOKEN"], log_level=level, root_logger=True)


if __name__ == "__main__":
    main()
