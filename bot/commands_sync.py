"""Syncing the slash commands to one place: every server (global commands) or, with
`DEV_GUILD_ID`, that one server only (its own commands, shown at once), never both, which would
list every command twice there.

With `DEV_GUILD_ID` the global commands are removed (one request) and the server is recorded in
the database (`club.storage.commands`) before its commands are synced. Any recorded server that is
not the one configured now (`DEV_GUILD_ID` removed or changed) has its commands removed, one
request per such server, and is forgotten. Discord cannot list the servers holding an
application's server commands, and clearing every server the bot is in would cost a request per
server at each start; the record costs nothing once the switch is done. A server the bot can no
longer reach (it left; Discord refuses) is forgotten with a line in the log; another failure
keeps it recorded for the next start.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

import discord
from discord import app_commands

log = logging.getLogger(__name__)


class Recorded(Protocol):
    """The servers that may hold the bot's commands as their own, as the database records them
    (the store's `guild_commands`)."""

    async def guilds(self) -> set[int]: ...

    async def add(self, guild_id: int) -> None: ...

    async def remove(self, guild_id: int) -> None: ...


async def sync_commands(
    tree: app_commands.CommandTree[Any], recorded: Recorded, dev_guild_id: int | None
) -> int:
    """Sync the tree's commands as the module says; returns how many were synced."""
    earlier = await recorded.guilds()
    if dev_guild_id is None:
        synced = await tree.sync()
    else:
        await recorded.add(dev_guild_id)
        guild = discord.Object(dev_guild_id)
        tree.copy_global_to(guild=guild)
        synced = await tree.sync(guild=guild)
        await _clear_global(tree)
    for guild_id in sorted(earlier - {dev_guild_id}):
        await _clear(tree, recorded, guild_id)
    return len(synced)


async def _clear_global(tree: app_commands.CommandTree[Any]) -> None:
    """Leave Discord no global commands, the tree keeping its own (it answers them as before)."""
    commands = tree.get_commands()
    tree.clear_commands(guild=None)
    await tree.sync()
    for command in commands:
        tree.add_command(command)


async def _clear(tree: app_commands.CommandTree[Any], recorded: Recorded, guild_id: int) -> None:
    """Remove the commands the bot synced to the server `guild_id` earlier, and forget it."""
    try:
        await tree.sync(guild=discord.Object(guild_id))
    except (discord.Forbidden, discord.NotFound):
        log.info("Could not remove the commands of server %d (the bot left it?)", guild_id)
    except discord.HTTPException as error:
        log.warning(
            "Could not remove the commands of server %d (%s); trying again at the next start",
            guild_id,
            error.status,
        )
        return
    else:
        log.info("Removed the commands synced to server %d (DEV_GUILD_ID changed)", guild_id)
    await recorded.remove(guild_id)
