"""Plain data objects of the fake Discord server and their JSON payloads.

Everything here is test-facing: tests receive :class:`User`, :class:`Channel`,
:class:`Message` and :class:`Attachment` objects and inspect their fields.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Message flags (https://discord.com/developers/docs/resources/message#message-object-message-flags)
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7

# Channel types
CHANNEL_TEXT = 0
CHANNEL_DM = 1
CHANNEL_PUBLIC_THREAD = 11

SEND_MESSAGES = 1 << 11
MANAGE_EVENTS = 1 << 33
CREATE_PUBLIC_THREADS = 1 << 35

# Permissions granted to @everyone in the fake guild (and to the bot).
DEFAULT_PERMISSIONS = (
    (1 << 6)  # add reactions
    | (1 << 10)  # view channel
    | SEND_MESSAGES
    | (1 << 14)  # embed links
    | (1 << 15)  # attach files
    | (1 << 16)  # read message history
    | (1 << 18)  # use external emojis
    | (1 << 31)  # use application commands
    | (1 << 35)  # create public threads
    | (1 << 38)  # send messages in threads
)


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def iso(moment: dt.datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def shard_of(guild_id: int, shard_count: int) -> int:
    """The gateway shard that serves `guild_id` when a bot runs `shard_count` shards
    (Discord's rule: ``(guild_id >> 22) % shard_count``)."""
    return (guild_id >> 22) % shard_count


class SnowflakeGenerator:
    """Monotonic Discord-style snowflakes (timestamp in the high bits)."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        if candidate <= self._last:
            candidate = self._last + 1
        self._last = candidate
        return candidate

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """The next snowflake that, as a guild id, is served by shard `shard_id` of
        `shard_count` (see `shard_of`): its timestamp moves on to the next millisecond that fits."""
        candidate = self.next()
        millisecond = candidate >> 22
        if millisecond % shard_count != shard_id:
            millisecond += (shard_id - millisecond) % shard_count
            candidate = self._last = millisecond << 22
        return candidate


@dataclass(eq=False)
class User:
    """A Discord user (a human test player or the bot itself)."""

    id: int
    name: str
    bot: bool = False
    dms_closed: bool = False
    dm_channel_id: int | None = None
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def __repr__(self) -> str:
        return f"<User {self.name} id={self.id}>"


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int = 0
    position: int = 0

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class Channel:
    """A guild text channel or a DM channel (``type == 1``, ``recipient`` set)."""

    id: int
    name: str
    type: int = CHANNEL_TEXT
    guild_id: int | None = None
    position: int = 0
    recipient: User | None = None
    overwrites: list[dict[str, Any]] = field(default_factory=list)
    """Permission overwrites as Discord sends them (``id``, ``type``, ``allow``, ``deny``)."""
    parent_id: int | None = None
    """A thread's channel (``type == 11``, a public thread)."""
    owner_id: int | None = None
    """Who made a thread."""
    archive_minutes: int = 4320
    """A thread's ``auto_archive_duration``."""

    @property
    def is_dm(self) -> bool:
        return self.type == CHANNEL_DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def to_payload(self) -> dict[str, Any]:
        if self.is_dm:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": CHANNEL_DM,
                "last_message_id": None,
                "flags": 0,
                "recipients": [self.recipient.to_payload()],
            }
        if self.type == CHANNEL_PUBLIC_THREAD:
            return {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild_id),
                "parent_id": str(self.parent_id),
                "owner_id": str(self.owner_id),
                "name": self.name,
                "last_message_id": None,
                "rate_limit_per_user": 0,
                "message_count": 0,
                "member_count": 0,
                "total_message_sent": 0,
                "flags": 0,
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": self.archive_minutes,
                    "archive_timestamp": iso(utcnow()),
                    "locked": False,
                },
            }
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "parent_id": None,
            "topic": None,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "permission_overwrites": self.overwrites,
            "flags": 0,
        }

    def __repr__(self) -> str:
        return f"<Channel #{self.name} id={self.id}>"


@dataclass(eq=False)
class Guild:
    """A fake guild; ``members`` includes the bot user."""

    id: int
    name: str
    owner_id: int
    everyone: Role
    channels: list[Channel] = field(default_factory=list)
    members: list[User] = field(default_factory=list)
    joined_at: dt.datetime = field(default_factory=utcnow)
    threads: list[Channel] = field(default_factory=list)
    """The threads made in its channels (sent in GUILD_CREATE's ``threads``)."""
    scheduled_events: list[dict[str, Any]] = field(default_factory=list)
    """Its scheduled events, as Discord sends them."""

    def channel(self, name: str) -> Channel:
        """The guild's channel (or thread) called `name`."""
        for channel in (*self.channels, *self.threads):
            if channel.name == name:
                return channel
        raise KeyError(f"no channel #{name} in {self.name}")

    def member_payload(
        self, user: User, *, with_user: bool = True, permissions: bool = False
    ) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "roles": [],
            "nick": None,
            "avatar": None,
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            payload["user"] = user.to_payload()
        if permissions:
            payload["permissions"] = str(self.everyone.permissions)
        return payload

    def to_payload(self) -> dict[str, Any]:
        """Full GUILD_CREATE payload."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": [self.everyone.to_payload()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": str(self.channels[0].id) if self.channels else None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": iso(self.joined_at),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "members": [self.member_payload(u) for u in self.members],
            "channels": [c.to_payload() for c in self.channels],
            "threads": [t.to_payload() for t in self.threads],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": self.scheduled_events,
            "soundboard_sounds": [],
        }

    def __repr__(self) -> str:
        return f"<Guild {self.name} id={self.id}>"


@dataclass(eq=False)
class Attachment:
    """A file the bot uploaded; ``data`` holds the raw bytes."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    url: str = ""

    @property
    def size(self) -> int:
        return len(self.data)

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "flags": 0,
        }
        if self.description is not None:
            payload["description"] = self.description
        return payload

    def __repr__(self) -> str:
        return f"<Attachment {self.filename} {self.size}B {self.content_type}>"


@dataclass(eq=False)
class Message:
    """A message recorded by the fake server (bot messages, interaction replies, user messages).

    ``history`` keeps a snapshot (content/embeds/components/attachment names/flags) of every
    previous revision, so tests can see what an edited message looked like before.
    """

    id: int
    channel_id: int
    author: User
    seq: int
    guild_id: int | None = None
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    tts: bool = False
    type: int = 0
    interaction_id: int | None = None
    interaction_type: int | None = None
    interaction_user: User | None = None
    webhook_id: int | None = None
    created_at: dt.datetime = field(default_factory=utcnow)
    edited_at: dt.datetime | None = None
    deleted: bool = False
    reactions: list[str] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    nonce: str | int | None = None
    """The nonce its create request carried: Discord returns it in the create response and in
    MESSAGE_CREATE only, never when a message is read later."""

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred ("bot is thinking...") placeholder."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def edited(self) -> bool:
        return self.edited_at is not None

    @property
    def edit_count(self) -> int:
        """Edits so far (one per earlier revision in ``history``; filling a deferred
        "thinking..." placeholder counts as one)."""
        return len(self.history)

    @property
    def text(self) -> str:
        """Content plus all embed titles/descriptions/fields/footers, newline separated."""
        parts = [self.content] if self.content else []
        for embed in self.embeds:
            for key in ("title", "description"):
                if embed.get(key):
                    parts.append(str(embed[key]))
            for fld in embed.get("fields", []):
                parts.append(f"{fld.get('name', '')}: {fld.get('value', '')}")
            footer = embed.get("footer") or {}
            if footer.get("text"):
                parts.append(str(footer["text"]))
        for comp in self.iter_components():
            if comp.get("type") == 10 and comp.get("content"):  # components v2 text display
                parts.append(str(comp["content"]))
        return "\n".join(parts)

    def iter_components(self) -> Iterator[dict[str, Any]]:
        """All components, flattened depth-first (rows, containers, sections, accessories)."""
        yield from _walk_components(self.components)

    def component(self, custom_id: str) -> dict[str, Any] | None:
        for comp in self.iter_components():
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.iter_components() if "custom_id" in c]

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") == 2]

    def snapshot(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": [a.filename for a in self.attachments],
            "flags": self.flags,
        }

    def to_payload(
        self,
        *,
        gateway: bool = False,
        member: dict[str, Any] | None = None,
        with_nonce: bool = False,
    ) -> dict[str, Any]:
        """The message as Discord sends it; `with_nonce` for the answer to its create request
        and its MESSAGE_CREATE (the only places Discord shows a nonce)."""
        payload: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.to_payload(),
            "content": self.content,
            "timestamp": iso(self.created_at),
            "edited_timestamp": iso(self.edited_at),
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.to_payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if with_nonce and self.nonce is not None:
            payload["nonce"] = self.nonce
        if self.webhook_id is not None:
            payload["webhook_id"] = str(self.webhook_id)
            payload["application_id"] = str(self.webhook_id)
        if self.interaction_id is not None and self.interaction_user is not None:
            payload["interaction_metadata"] = {
                "id": str(self.interaction_id),
                "type": self.interaction_type,
                "user": self.interaction_user.to_payload(),
                "authorizing_integration_owners": {},
            }
        if gateway and self.guild_id is not None:
            payload["guild_id"] = str(self.guild_id)
            if member is not None:
                payload["member"] = member
        return payload

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        flags += " loading" if self.loading else ""
        files = f" files={[a.filename for a in self.attachments]}" if self.attachments else ""
        where = f"id={self.id} channel={self.channel_id}"
        return f"<Message {where}{flags}{files} content={self.content!r}>"


def _walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for comp in components:
        yield comp
        yield from _walk_components(comp.get("components", []))
        for key in ("accessory", "component"):
            child = comp.get(key)
            if isinstance(child, dict):
                yield from _walk_components([child])
