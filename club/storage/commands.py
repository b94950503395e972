"""The servers the bot's slash commands were synced to as that server's own commands
(`DEV_GUILD_ID`), so that a later start syncing elsewhere removes them there (see
`bot.commands_sync`)."""

from __future__ import annotations

from club.storage.database import Database


class GuildCommands:
    """The table `guild_commands`."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def guilds(self) -> set[int]:
        """The servers that may hold the bot's commands as their own."""
        return {
            guild_id
            for (guild_id,) in await self.database.rows("SELECT guild_id FROM guild_commands")
        }

    async def add(self, guild_id: int) -> None:
        """Record that the commands are synced to the server `guild_id` (before syncing them)."""
        async with self.database.transaction() as db:
            await db.execute(
                "INSERT INTO guild_commands (guild_id) VALUES (?) ON CONFLICT DO NOTHING",
                (guild_id,),
            )

    async def remove(self, guild_id: int) -> None:
        """Forget the server `guild_id` (its commands were removed, or cannot be)."""
        async with self.database.transaction() as db:
            await db.execute("DELETE FROM guild_commands WHERE guild_id = ?", (guild_id,))
