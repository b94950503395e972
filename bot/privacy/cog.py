"""`/privacy show|export|forget`: each person's data, answered privately, anywhere (a server or a
DM); and a server's departure and return (see `club.service.privacy`).

`/privacy forget` asks first: a Forget button, under the private question, that only its asker
may press within `CONFIRM_SECONDS`; any other click is refused privately. Export and forget are
refused for `COOLDOWN_SECONDS` after a person's last one (one line saying when to try again).
The tables the person resigned from are told at once (the resignation's own update, in which
they are already "Former player N").
"""

from __future__ import annotations

import asyncio
import gzip
import io
import logging
import time
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.courier import limits
from bot.courier.delivery import Courier
from bot.courier.persistent import Button
from bot.courier.replies import say_privately
from bot.lobby.message import LobbyMessages
from bot.play.confirm import confirming
from club.learn.session import Lessons
from club.service import TableService
from club.service.privacy import describe
from engine.words import Unit

if TYPE_CHECKING:
    from bot.client import MarsBot

log = logging.getLogger(__name__)

CONFIRM_SECONDS = 300
"""How long the Forget button of a `/privacy forget` answer may be pressed."""
COOLDOWN_SECONDS = 60.0
"""How long after a person's export or forget the next one is refused (in this process)."""


class ForgetButton(
    Button,
    template=r"mars:forget:(?P<user_id>\d+):(?P<until>\d+)",
):
    """The confirming click of `/privacy forget`: its asker's, until the time it carries."""

    fields = (("user_id", int), ("until", int))

    def __init__(self, user_id: int, until: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Forget me",
                style=discord.ButtonStyle.danger,
                custom_id=f"mars:forget:{user_id}:{until}",
            )
        )
        self.user_id = user_id
        self.until = until

    async def answer(self, interaction: discord.Interaction[MarsBot]) -> None:
        if interaction.user.id != self.user_id:
            await say_privately(
                interaction,
                "This button belongs to someone else's request; nothing was changed. Use "
                "`/privacy forget` to erase your own data.",
            )
        elif time.time() > self.until:
            await say_privately(
                interaction,
                "This confirmation has expired; nothing was changed. Use `/privacy forget` "
                "again if you still mean it.",
            )
        else:
            await interaction.client.privacy_commands.forget_now(interaction)


EXPORT_NAME = "my-mars-bot-data.json"
TOO_LARGE = (
    "Your data is too large to attach here, even compressed; ask the bot's administrator to "
    "export it with `python -m bot privacy export <your user id>`. Nothing was changed."
)


def export_attachment(data: bytes, limit: int) -> tuple[str, bytes] | None:
    """The export as a file of at most `limit` bytes (Discord's upload limit): the JSON as it
    is, or gzip-compressed when larger; None when even that is too large."""
    if len(data) <= limit:
        return EXPORT_NAME, data
    packed = gzip.compress(data)
    return (f"{EXPORT_NAME}.gz", packed) if len(packed) <= limit else None


class PrivacyCommands(
    commands.GroupCog,
    group_name="privacy",
    group_description="What the bot holds about you: see it, export it or erase it",
):
    """`/privacy` through `service`; `courier` tells the tables a forget resigned from;
    `lobby_messages` shows the lobbies it took the person out of; `lessons` are the lessons held
    in memory; `server_name` names a server from its id."""

    def __init__(
        self,
        bot: discord.Client,
        service: TableService,
        courier: Courier,
        lessons: Lessons,
        lobby_messages: LobbyMessages,
        grace_days: float,
    ) -> None:
        self.bot = bot
        self.service = service
        self.courier = courier
        self.lessons = lessons
        self.lobby_messages = lobby_messages
        self.grace_days = grace_days
        self._last: dict[tuple[str, int], float] = {}
        """When each person last exported, or forgot (monotonic seconds), for the cooldown."""
        super().__init__()

    def _server_name(self, guild_id: int) -> str:
        guild = self.bot.get_guild(guild_id)
        return f"{guild.name} ({guild_id})" if guild is not None else str(guild_id)

    def _cooling(self, kind: str, user_id: int) -> str | None:
        """The refusal while the person's last request of `kind` (export, forget) is too
        recent; else None, and this one is counted."""
        now = time.monotonic()
        wait = self._last.get((kind, user_id), -COOLDOWN_SECONDS) + COOLDOWN_SECONDS - now
        if wait > 0:
            return f"You asked a moment ago; try again in {int(wait) + 1} s. Nothing was changed."
        self._last[kind, user_id] = now
        return None

    @app_commands.command(name="show", description="What the bot holds about you (only you see)")
    async def show(self, interaction: discord.Interaction[MarsBot]) -> None:
        held = await self.service.privacy.held(interaction.user.id)
        await say_privately(interaction, describe(held, self._server_name, self.grace_days))

    @app_commands.command(
        name="export", description="A JSON file of everything the bot holds about you"
    )
    async def export(self, interaction: discord.Interaction[MarsBot]) -> None:
        refusal = self._cooling("export", interaction.user.id)
        if refusal is not None:
            await say_privately(interaction, refusal)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await self.service.privacy.export_bytes(interaction.user.id)
        attachment = await asyncio.to_thread(export_attachment, data, limits.UPLOAD)
        if attachment is None:
            await interaction.followup.send(TOO_LARGE, ephemeral=True)
            return
        name, body = attachment
        await interaction.followup.send(
            "Everything the bot holds about you (other players appear by their seat's name).",
            file=discord.File(io.BytesIO(body), filename=name),
            ephemeral=True,
        )

    @app_commands.command(
        name="forget", description="Erase what the bot holds about you (asks to confirm)"
    )
    async def forget(self, interaction: discord.Interaction[MarsBot]) -> None:
        view = confirming(ForgetButton(interaction.user.id, int(time.time()) + CONFIRM_SECONDS))
        await interaction.response.send_message(
            "This erases you from the bot on every server: your tables in play are resigned, "
            "your seats in past games read \u201cFormer player N\u201d, and your ratings, "
            "settings, times away, reminders and lessons go. Other players' records stay. It "
            "cannot be undone. Press **Forget me** within "
            f"{Unit('minute').of(CONFIRM_SECONDS // 60)} to go ahead.",
            view=view,
            ephemeral=True,
        )

    async def forget_now(self, interaction: discord.Interaction[MarsBot]) -> None:
        """The confirmed forget: done, the tables told, the person told privately."""
        refusal = self._cooling("forget", interaction.user.id)
        if refusal is not None:
            await say_privately(interaction, refusal)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        lessons = self.lessons.drop(interaction.user.id)
        done = await self.service.privacy.forget(interaction.user.id)
        if done.number is None:
            said = "The bot held nothing about you; nothing was changed."
            if lessons:
                said = "Your lessons in progress were dropped; the bot held nothing else."
            await interaction.followup.send(said, ephemeral=True)
            return
        await interaction.followup.send(
            f"Done: you are forgotten. Your seats in {Unit('game').of(done.games)} now read "
            f"\u201cFormer player {done.number}\u201d; {Unit('table').of(len(done.updates))} in "
            f"play {Unit('was', 'were').word(len(done.updates))} told you resigned.",
            ephemeral=True,
        )
        for update in done.updates:
            await self.courier.flush(update.game_id)
        for lobby in done.lobbies:
            await self.lobby_messages.refresh(interaction, lobby.game_id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await self.service.privacy.server_left(guild.id)
        log.info("Removed from server %s: its data is purged in %g days", guild.id, self.grace_days)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self._back(guild)

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        await self._back(guild)

    async def _back(self, guild: discord.Guild) -> None:
        if await self.service.privacy.server_back(guild.id):
            log.info("Added back to server %s within its grace: its data is kept", guild.id)
