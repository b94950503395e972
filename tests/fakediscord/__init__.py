"""A fake Discord server (REST + gateway) for end-to-end tests of a real discord.py bot.

Typical use::

    fake = await FakeDiscord.start()
    # launch the bot with FAKE_DISCORD_API=fake.api_url, DISCORD_TOKEN=fake.token ...
    await fake.wait_connected()
    alice = fake.add_user("alice")
    reply = await (await fake.slash(alice, "general", "ping")).response()
    assert reply.ephemeral

Several guilds and a sharded bot::

    phobos = fake.add_guild("Phobos", shard=(1, 2))  # its id is served by shard 1 of 2
    bob = fake.add_user("bob", guild=phobos)
    # launch one process per shard (BotProcess(..., shard_ids=(1,)) waits for shard 1), then
    await fake.slash(bob, phobos.channel("general"), "ping")  # goes to shard 1's session
"""

from .errors import error_paths
from .interactions import InteractionResult
from .models import Attachment, Channel, Guild, Message, Role, User, shard_of
from .openapi import SpecMissing
from .process import BotProcess
from .server import FakeDiscord
from .state import FakeDiscordTimeout, Hold, RefusedRequest, SchemaViolation

__all__ = [
    "Attachment",
    "BotProcess",
    "Channel",
    "FakeDiscord",
    "FakeDiscordTimeout",
    "Guild",
    "Hold",
    "InteractionResult",
    "Message",
    "RefusedRequest",
    "Role",
    "SchemaViolation",
    "SpecMissing",
    "User",
    "error_paths",
    "shard_of",
]
