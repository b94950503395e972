"""In-memory world of the fake Discord server: users, guilds, channels, messages,
registered application commands and dispatched interactions.

The world starts with one guild (``FakeState.guild``), which has shard 0 for any shard count
from 1 to 8; `FakeState.add_guild` adds more, optionally with an id on a given shard. Channel
ids are unique across guilds; the bot user is a member of every guild, a user of the guilds
they were added to. Whatever concerns a channel (permissions, members in payloads, deletion)
uses the channel's own guild.

All mutation goes through :class:`FakeState`, which wakes up waiters (``wait_for``) after
every change. Nothing here does network I/O; REST (``rest.py``) and the gateway
(``gateway.py``) call into it.
"""

from __future__ import annotations

import asyncio
import mimetypes
import re
import secrets
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tests.hang import HANG_SECONDS

from .errors import ApiError, FieldError, InvalidFormBody
from .models import (
    CHANNEL_DM,
    CHANNEL_PUBLIC_THREAD,
    CHANNEL_TEXT,
    DEFAULT_PERMISSIONS,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    SEND_MESSAGES,
    Attachment,
    Channel,
    Guild,
    Message,
    Role,
    SnowflakeGenerator,
    User,
    utcnow,
)

T = TypeVar("T")

FIRST_GUILD_SHARDS = 840
"""The first guild's id is served by shard 0 of any shard count dividing this (1 to 8 among
them)."""

MessageWatcher = Callable[[Message, int], None]
"""Told of every message the fake creates or edits, as it happens: the message as it now is and
how many files the request uploaded (see `FakeState.watchers`)."""

# Interaction types
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5

# Interaction callback types
CB_PONG = 1
CB_MESSAGE = 4
CB_DEFERRED_MESSAGE = 5
CB_DEFERRED_UPDATE = 6
CB_UPDATE_MESSAGE = 7
CB_AUTOCOMPLETE = 8
CB_MODAL = 9


VALIDATED_FIRST = 20
"""Bodies of each route always validated, however sampled the rest are."""
NONCE_WINDOW = 180.0
"""Seconds a message's nonce is remembered for `enforce_nonce` (Discord: "the past few
minutes", not given exactly)."""


class FakeDiscordTimeout(TimeoutError):
    """Raised by test-side waits; the message says what was awaited."""


def unknown_message() -> ApiError:
    return ApiError(404, 10008, "Unknown Message")


@dataclass
class Upload:
    """A ``files[n]`` part of a multipart request."""

    index: int
    filename: str
    data: bytes
    content_type: str | None = None


@dataclass(frozen=True)
class RefusedRequest:
    """A request refused as Discord refuses it (its body, see `limits` and `openapi`)."""

    method: str
    path: str
    status: int
    body: dict[str, Any]


@dataclass(frozen=True)
class SchemaViolation:
    """A request body invalid by Discord's OpenAPI description: what the validator said."""

    method: str
    path: str
    messages: list[str]


@dataclass(frozen=True)
class Fault:
    """An error to answer the next request matching `method` and the path regex with."""

    method: str
    path: re.Pattern[str]
    error: ApiError


@dataclass(eq=False)
class Hold:
    """The answer to the next request matching `method` and the path regex, held back after the
    request was carried out until the test releases it: as when the bot dies between Discord
    making a message and the answer reaching it (see `FakeDiscord.hold_next`)."""

    method: str
    path: re.Pattern[str]
    taken: bool = False
    """Whether a request met it (its answer is held from then on until `release`)."""
    reached: asyncio.Event = field(default_factory=asyncio.Event)
    released: asyncio.Event = field(default_factory=asyncio.Event)

    async def wait(self, timeout: float = HANG_SECONDS) -> None:
        """Wait until a matching request was carried out and its answer is being held."""
        try:
            await asyncio.wait_for(self.reached.wait(), timeout)
        except TimeoutError:
            raise FakeDiscordTimeout(
                f"timed out after {timeout}s waiting for a {self.method} {self.path.pattern}"
            ) from None

    def release(self) -> None:
        """Send the held answer (to a bot that may be gone by now)."""
        self.released.set()


@dataclass(eq=False)
class InteractionRecord:
    """Server-side bookkeeping for one dispatched interaction."""

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    label: str
    payload: dict[str, Any] = field(default_factory=dict)
    shard_id: int | None = None
    """The gateway shard it was dispatched on."""
    source_message: Message | None = None  # the message a component sits on
    dispatched_at: float = 0.0
    """When the interaction was dispatched (event loop time, seconds)."""
    callback_at: float | None = None
    """When the first callback request for it arrived (event loop time, seconds), before its
    body was read; None while none has."""
    callback_type: int | None = None
    callback_data: dict[str, Any] | None = None
    expired: bool = False
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    source_revisions_at_ack: int = 0


class FakeState:
    """Mutable state of the fake Discord world."""

    def __init__(
        self,
        *,
        token: str,
        bot_name: str,
        guild_name: str,
        channel_names: tuple[str, ...],
        interaction_deadline: float | None,
        validate_one_in: int = 1,
    ) -> None:
        self.ids = SnowflakeGenerator()
        self.token = token
        self.http_base = ""  # set once the server has a port, used for attachment URLs
        self.interaction_deadline = interaction_deadline
        self.validate_one_in = validate_one_in
        """Request bodies checked against the OpenAPI description: every one (1), or, for a
        load run on the bot's own cores, the first `VALIDATED_FIRST` of each route and then one
        in `validate_one_in`."""
        self._bodies_seen: Counter[tuple[str, str]] = Counter()
        self.bot_user = User(id=self.ids.next(), name=bot_name, bot=True)
        self.application_id = self.bot_user.id
        self.owner = User(id=self.ids.next(), name="GuildOwner")
        self.users: dict[int, User] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self.channels: dict[int, Channel] = {}
        self.guilds: list[Guild] = []
        self._changed = asyncio.Event()
        # set by the gateway; called with (event_name, payload) for realistic dispatches
        self.on_event: Callable[[str, dict[str, Any]], None] = lambda name, data: None
        self.guild = self.add_guild(
            guild_name, channel_names=channel_names, shard=(0, FIRST_GUILD_SHARDS)
        )
        """The first guild, where users and channels go unless told otherwise."""
        self.messages: dict[int, Message] = {}
        self.by_interaction: defaultdict[int, list[Message]] = defaultdict(list)
        """Interaction id: the messages created for it, in order (never removed, as
        `messages`)."""
        self._message_seq = 0
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.sync_count = 0
        self.interactions: dict[int, InteractionRecord] = {}
        self.interactions_by_token: dict[str, InteractionRecord] = {}
        self.unhandled_requests: list[str] = []
        self.request_log: list[str] = []
        self.request_at: list[float] = []
        """The loop time of each request of `request_log`, in the same order."""
        self.rejected_messages: list[tuple[Channel, dict[str, Any]]] = []
        self.refused_requests: list[RefusedRequest] = []
        self.schema_violations: list[SchemaViolation] = []
        self.faults: list[Fault] = []
        """Errors to answer the next matching request with, once each, in order."""
        self.watchers: list[MessageWatcher] = []
        """Called on every message created or edited (after the change, before waiters wake)."""
        self.global_limit_until = 0.0
        """The loop time until which every request with the bot's token gets a global 429."""
        self.rate_limited: list[str] = []
        """Requests answered with 429 (``"METHOD /api/v10/path"``), in order."""
        self.holds: list[Hold] = []
        """Answers to hold back (see `Hold`), in the order they were asked for."""
        self.nonce_window = NONCE_WINDOW
        """Seconds a create with `enforce_nonce` finds the earlier message with its nonce."""
        self._nonces: dict[tuple[int, int, str], tuple[Message, float]] = {}
        self.repeated_nonces: list[Message] = []
        """The earlier message returned, each time, for a create that repeated its nonce."""

    # -- change notification -------------------------------------------------------------

    def validation_due(self, method: str, template: str) -> bool:
        """Whether this request's body is checked against the OpenAPI description (see
        `validate_one_in`)."""
        seen = self._bodies_seen[method, template]
        self._bodies_seen[method, template] += 1
        return seen < VALIDATED_FIRST or seen % self.validate_one_in == 0

    def notify(self) -> None:
        """Wake every ``wait_for`` so it re-checks its predicate."""
        event, self._changed = self._changed, asyncio.Event()
        event.set()

    async def wait_for(self, predicate: Callable[[], T | None], timeout: float, what: str) -> T:
        """Wait until ``predicate()`` returns something truthy and return it."""

        async def poll() -> T:
            while True:
                event = self._changed
                result = predicate()
                if result:
                    return result
                await event.wait()

        try:
            return await asyncio.wait_for(poll(), timeout)
        except TimeoutError:
            hint = "".join(
                f"; {name}: {found}"
                for name, found in (
                    ("unhandled requests", self.unhandled_requests),
                    ("refused requests", self.refused_requests),
                )
                if found
            )
            raise FakeDiscordTimeout(
                f"timed out after {timeout}s waiting for {what}{hint}"
            ) from None

    # -- guilds, users and channels ------------------------------------------------------

    def add_guild(
        self,
        name: str,
        *,
        channel_names: Sequence[str] = ("general",),
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """A new guild with the bot in it (GUILD_CREATE); with ``shard=(shard_id, shard_count)``
        its id is one that shard serves (see `shard_of`)."""
        guild_id = self.ids.next() if shard is None else self.ids.next_on_shard(*shard)
        guild = Guild(
            id=guild_id,
            name=name,
            owner_id=self.owner.id,
            everyone=Role(id=guild_id, name="@everyone", permissions=DEFAULT_PERMISSIONS),
            members=[self.bot_user, self.owner],
        )
        for position, channel_name in enumerate(channel_names):
            channel = Channel(
                id=self.ids.next(), name=channel_name, guild_id=guild_id, position=position
            )
            guild.channels.append(channel)
            self.channels[channel.id] = channel
        self.guilds.append(guild)
        self.on_event("GUILD_CREATE", guild.to_payload())
        self.notify()
        return guild

    def get_guild(self, guild_id: int) -> Guild:
        for guild in self.guilds:
            if guild.id == guild_id:
                return guild
        raise ApiError(404, 10004, "Unknown Guild")

    def guild_of(self, channel: Channel) -> Guild | None:
        """The guild `channel` belongs to (None for a DM channel)."""
        return None if channel.guild_id is None else self.get_guild(channel.guild_id)

    def add_user(self, name: str, *, dms_closed: bool = False, guild: Guild | None = None) -> User:
        """A new user, a member of `guild` (the first guild unless given)."""
        user = User(id=self.ids.next(), name=name, dms_closed=dms_closed)
        self.users[user.id] = user
        self.add_member(guild or self.guild, user)
        return user

    def add_member(self, guild: Guild, user: User) -> None:
        """`user` joins `guild` (GUILD_MEMBER_ADD, sent if the bot has that intent)."""
        if user in guild.members:
            raise ValueError(f"{user!r} is already a member of {guild!r}")
        guild.members.append(user)
        self.on_event("GUILD_MEMBER_ADD", {**guild.member_payload(user), "guild_id": str(guild.id)})
        self.notify()

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and ``user`` (created on first use)."""
        if user.dm_channel_id is None:
            channel = Channel(
                id=self.ids.next(), name=f"dm-{user.name}", type=CHANNEL_DM, recipient=user
            )
            self.channels[channel.id] = channel
            user.dm_channel_id = channel.id
        return self.channels[user.dm_channel_id]

    def get_channel(self, channel_id: int) -> Channel:
        try:
            return self.channels[channel_id]
        except KeyError:
            raise ApiError(404, 10003, "Unknown Channel") from None

    def base_permissions(self, channel: Channel) -> int:
        """@everyone's permissions in the guild of `channel` (the default ones in a DM)."""
        guild = self.guild_of(channel)
        return DEFAULT_PERMISSIONS if guild is None else guild.everyone.permissions

    def bot_permissions(self, channel: Channel) -> int:
        """The bot's permissions in `channel`: @everyone's, then the channel's overwrites."""
        allowed = self.base_permissions(channel)
        for overwrite in channel.overwrites:
            if int(overwrite["id"]) in (channel.guild_id, self.bot_user.id):
                allowed = (allowed & ~int(overwrite["deny"])) | int(overwrite["allow"])
        return allowed

    def deny_send(self, channel: Channel) -> None:
        """An overwrite takes Send Messages from the bot in `channel` (CHANNEL_UPDATE)."""
        overwrite = {"id": str(self.bot_user.id), "type": 1, "allow": "0"}
        channel.overwrites.append({**overwrite, "deny": str(SEND_MESSAGES)})
        self.on_event("CHANNEL_UPDATE", channel.to_payload())
        self.notify()

    def delete_channel(self, channel: Channel) -> None:
        """The channel is gone (CHANNEL_DELETE): every request naming it gets Unknown Channel."""
        guild = self.guild_of(channel)
        if guild is not None:
            guild.channels.remove(channel)
        del self.channels[channel.id]
        self.on_event("CHANNEL_DELETE", channel.to_payload())
        self.notify()

    def grant(self, guild: Guild, permissions: int) -> None:
        """@everyone (the bot included) gets `permissions` too (GUILD_ROLE_UPDATE)."""
        guild.everyone.permissions |= permissions
        self.on_event(
            "GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": guild.everyone.to_payload()}
        )
        self.notify()

    def create_thread(self, parent: Channel, name: str, archive_minutes: int) -> Channel:
        """A public thread of `parent`, made by the bot (THREAD_CREATE)."""
        guild = self.guild_of(parent)
        if guild is None or parent.type != CHANNEL_TEXT:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        thread = Channel(
            id=self.ids.next(),
            name=name,
            type=CHANNEL_PUBLIC_THREAD,
            guild_id=guild.id,
            parent_id=parent.id,
            owner_id=self.bot_user.id,
            archive_minutes=archive_minutes,
        )
        guild.threads.append(thread)
        self.channels[thread.id] = thread
        self.on_event("THREAD_CREATE", {**thread.to_payload(), "newly_created": True})
        self.notify()
        return thread

    def create_scheduled_event(self, guild: Guild, body: dict[str, Any]) -> dict[str, Any]:
        """A scheduled event of `guild` made by the bot (GUILD_SCHEDULED_EVENT_CREATE)."""
        event = {
            "id": str(self.ids.next()),
            "guild_id": str(guild.id),
            "channel_id": body.get("channel_id"),
            "creator_id": str(self.bot_user.id),
            "creator": self.bot_user.to_payload(),
            "name": body["name"],
            "description": body.get("description"),
            "scheduled_start_time": body["scheduled_start_time"],
            "scheduled_end_time": body.get("scheduled_end_time"),
            "privacy_level": body["privacy_level"],
            "status": 1,
            "entity_type": body["entity_type"],
            "entity_id": None,
            "entity_metadata": body.get("entity_metadata"),
            "user_count": 0,
            "image": None,
        }
        guild.scheduled_events.append(event)
        self.on_event("GUILD_SCHEDULED_EVENT_CREATE", event)
        self.notify()
        return event

    def get_user(self, user_id: int) -> User:
        try:
            return self.users[user_id]
        except KeyError:
            raise ApiError(404, 10013, "Unknown User") from None

    # -- messages ------------------------------------------------------------------------

    def get_message(self, message_id: int, channel_id: int | None = None) -> Message:
        message = self.messages.get(message_id)
        if (
            message is None
            or message.deleted
            or (channel_id is not None and message.channel_id != channel_id)
        ):
            raise unknown_message()
        return message

    def post_message(
        self, channel: Channel, payload: dict[str, Any], uploads: Sequence[Upload] = ()
    ) -> Message:
        """The bot's ``POST /channels/{id}/messages`` once its checks passed. As on Discord, a
        create with a ``nonce`` and ``enforce_nonce: true`` whose nonce the bot sent in this
        channel within `nonce_window` seconds makes no message: the earlier one is returned
        (Unknown Message if it was deleted since). A create without ``enforce_nonce`` is never
        checked, though its nonce is remembered for later creates."""
        nonce = payload.get("nonce")
        key = (channel.id, self.bot_user.id, str(nonce))
        now = time.monotonic()
        if nonce is not None and payload.get("enforce_nonce") is True:
            earlier = self._nonces.get(key)
            if earlier is not None and now - earlier[1] < self.nonce_window:
                message = earlier[0]
                if message.deleted:
                    raise unknown_message()
                self.repeated_nonces.append(message)
                self.notify()
                return message
        message = self.create_message(channel, self.bot_user, payload, uploads)
        if nonce is not None:
            self._nonces[key] = (message, now)
        return message

    def next_seq(self) -> int:
        self._message_seq += 1
        return self._message_seq

    def create_message(
        self,
        channel: Channel,
        author: User,
        payload: dict[str, Any],
        uploads: Sequence[Upload] = (),
        *,
        interaction: InteractionRecord | None = None,
        extra_flags: int = 0,
    ) -> Message:
        message = Message(
            id=self.ids.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            seq=self.next_seq(),
        )
        if interaction is not None:
            message.interaction_id = interaction.id
            message.interaction_type = interaction.type
            message.interaction_user = interaction.user
            message.webhook_id = self.application_id
            message.type = 20 if interaction.type == APPLICATION_COMMAND else 0
        self._apply(message, payload, uploads)
        message.flags |= extra_flags
        self.messages[message.id] = message
        if interaction is not None:
            self.by_interaction[interaction.id].append(message)
        if not message.ephemeral:
            self.on_event("MESSAGE_CREATE", self._gateway_message(message, created=True))
        self._watch(message, uploads)
        return message

    def edit_message(
        self, message: Message, payload: dict[str, Any], uploads: Sequence[Upload] = ()
    ) -> Message:
        message.history.append(message.snapshot())
        self._apply(message, payload, uploads, editing=True)
        message.flags &= ~FLAG_LOADING
        message.edited_at = utcnow()
        if not message.ephemeral:
            self.on_event("MESSAGE_UPDATE", self._gateway_message(message))
        self._watch(message, uploads)
        return message

    def _watch(self, message: Message, uploads: Sequence[Upload]) -> None:
        """Tell the watchers, then the waiters, that `message` was created or edited."""
        for watcher in self.watchers:
            watcher(message, len(uploads))
        self.notify()

    def delete_message(self, message: Message) -> None:
        message.deleted = True
        if not message.ephemeral:
            data = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id is not None:
                data["guild_id"] = str(message.guild_id)
            self.on_event("MESSAGE_DELETE", data)
        self.notify()

    def _gateway_message(self, message: Message, *, created: bool = False) -> dict[str, Any]:
        member = None
        if message.guild_id is not None:
            guild = self.get_guild(message.guild_id)
            member = guild.member_payload(message.author, with_user=False)
        return message.to_payload(gateway=True, member=member, with_nonce=created)

    def _apply(
        self,
        message: Message,
        payload: dict[str, Any],
        uploads: Sequence[Upload],
        *,
        editing: bool = False,
    ) -> None:
        """Copy message fields from a Discord create/edit payload onto ``message``."""
        if "content" in payload:
            message.content = payload["content"] or ""
        if "embeds" in payload:
            message.embeds = payload["embeds"] or []
        elif "embed" in payload:
            message.embeds = [payload["embed"]] if payload["embed"] else []
        if "components" in payload:
            message.components = payload["components"] or []
        if "tts" in payload and not editing:
            message.tts = bool(payload["tts"])
        if payload.get("nonce") is not None and not editing:
            message.nonce = payload["nonce"]
        if payload.get("flags") is not None:
            keep = message.flags & (FLAG_EPHEMERAL | FLAG_LOADING) if editing else 0
            message.flags = int(payload["flags"]) | keep
        if "attachments" in payload or uploads:
            message.attachments = self._attachments(message, payload.get("attachments"), uploads)

    def _attachments(
        self, message: Message, entries: list[dict[str, Any]] | None, uploads: Sequence[Upload]
    ) -> list[Attachment]:
        """Resolve ``attachments``: existing ids are kept, small ids refer to ``files[n]``."""
        by_index = {u.index: u for u in uploads}
        existing = {a.id: a for a in message.attachments}
        used: set[int] = set()
        result: list[Attachment] = []
        if entries is None:
            result = list(message.attachments)
        else:
            for entry in entries:
                ref = int(entry["id"])
                if ref in existing:
                    result.append(existing[ref])
                elif ref in by_index:
                    used.add(ref)
                    result.append(self._new_attachment(message, by_index[ref], entry))
        for upload in uploads:
            if upload.index not in used:
                result.append(self._new_attachment(message, upload, {}))
        return result

    def _new_attachment(
        self, message: Message, upload: Upload, entry: dict[str, Any]
    ) -> Attachment:
        filename = entry.get("filename") or upload.filename
        content_type = upload.content_type
        if not content_type or content_type == "application/octet-stream":
            content_type = mimetypes.guess_type(filename)[0] or content_type
        attachment_id = self.ids.next()
        return Attachment(
            id=attachment_id,
            filename=filename,
            data=upload.data,
            content_type=content_type,
            description=entry.get("description"),
            url=f"{self.http_base}/attachments/{message.channel_id}/{attachment_id}/{filename}",
        )

    def find_attachment(self, attachment_id: int) -> Attachment | None:
        for message in self.messages.values():
            for attachment in message.attachments:
                if attachment.id == attachment_id:
                    return attachment
        return None

    # -- application commands ------------------------------------------------------------

    def store_commands(
        self, guild_id: int | None, commands: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        """Bulk overwrite (PUT): ids are kept stable for commands with the same name and type."""
        previous = {(c["name"], c.get("type", 1)): c["id"] for c in self.commands.get(guild_id, [])}
        stored = []
        for command in commands:
            key = (command["name"], command.get("type", 1))
            stored.append(self._complete_command(command, guild_id, previous.get(key)))
        self.commands[guild_id] = stored
        self.sync_count += 1
        self.notify()
        return stored

    def upsert_command(self, guild_id: int | None, command: dict[str, Any]) -> dict[str, Any]:
        current = self.commands.setdefault(guild_id, [])
        key = (command["name"], command.get("type", 1))
        for index, existing in enumerate(current):
            if (existing["name"], existing.get("type", 1)) == key:
                current[index] = self._complete_command(command, guild_id, existing["id"])
                break
        else:
            current.append(self._complete_command(command, guild_id, None))
        self.notify()
        return next(c for c in current if (c["name"], c.get("type", 1)) == key)

    def _complete_command(
        self, command: dict[str, Any], guild_id: int | None, command_id: str | None
    ) -> dict[str, Any]:
        full = {
            "type": 1,
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            "description": "",
            **command,
            "id": command_id or str(self.ids.next()),
            "application_id": str(self.application_id),
            "version": str(self.ids.next()),
        }
        if guild_id is not None:
            full["guild_id"] = str(guild_id)
        return full

    def find_command(
        self, name: str, guild_id: int | None, type_: int = 1
    ) -> dict[str, Any] | None:
        scopes = ([guild_id] if guild_id is not None else []) + [None]
        for scope in scopes:
            for command in self.commands.get(scope, []):
                if command["name"] == name and command.get("type", 1) == type_:
                    return command
        return None

    # -- interactions --------------------------------------------------------------------

    def new_interaction(
        self, type_: int, user: User, channel: Channel, label: str
    ) -> InteractionRecord:
        record = InteractionRecord(
            id=self.ids.next(),
            token=f"itk.{secrets.token_urlsafe(24)}",
            type=type_,
            user=user,
            channel=channel,
            label=label,
            dispatched_at=asyncio.get_running_loop().time(),
        )
        self.interactions[record.id] = record
        self.interactions_by_token[record.token] = record
        return record

    def interaction_by_token(self, token: str) -> InteractionRecord:
        try:
            return self.interactions_by_token[token]
        except KeyError:
            raise ApiError(404, 10015, "Unknown Webhook") from None

    def interaction_callback(
        self,
        record: InteractionRecord,
        callback_type: int,
        data: dict[str, Any] | None,
        uploads: Sequence[Upload],
    ) -> dict[str, Any]:
        """Handle ``POST /interactions/{id}/{token}/callback``; returns the with_response body."""
        if record.callback_type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        deadline = self.interaction_deadline
        if (
            deadline is not None
            and asyncio.get_running_loop().time() - record.dispatched_at > deadline
        ):
            record.expired = True
            self.notify()
            raise ApiError(404, 10062, "Unknown interaction")
        data = data or {}
        message: Message | None = None
        source = record.source_message
        if callback_type == CB_MESSAGE:
            message = self.create_message(
                record.channel, self.bot_user, data, uploads, interaction=record
            )
        elif callback_type == CB_DEFERRED_MESSAGE:
            flags = FLAG_LOADING | (int(data.get("flags") or 0) & FLAG_EPHEMERAL)
            message = self.create_message(
                record.channel, self.bot_user, {}, interaction=record, extra_flags=flags
            )
        elif callback_type in (CB_DEFERRED_UPDATE, CB_UPDATE_MESSAGE):
            if source is None:
                raise ApiError(
                    400,
                    40043,
                    "Interaction callback type requires a message (component interaction)",
                )
            record.source_revisions_at_ack = len(source.history)
            if callback_type == CB_UPDATE_MESSAGE:
                message = self.edit_message(source, data, uploads)
        elif callback_type not in (CB_PONG, CB_AUTOCOMPLETE, CB_MODAL) or (
            callback_type == CB_AUTOCOMPLETE and record.type != AUTOCOMPLETE
        ):
            error = FieldError(("type",), "INTERACTION_RESPONSE_TYPE_INVALID", "Invalid type")
            raise InvalidFormBody([error])

        if message is not None:
            record.original_id = message.id
        elif source is not None:
            record.original_id = source.id
        record.callback_type = callback_type
        record.callback_data = data
        self.notify()

        body: dict[str, Any] = {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "response_message_loading": callback_type == CB_DEFERRED_MESSAGE,
                "response_message_ephemeral": bool(message and message.ephemeral),
            },
            "resource": {"type": callback_type},
        }
        if record.original_id is not None:
            body["interaction"]["response_message_id"] = str(record.original_id)
        if message is not None:
            body["resource"]["message"] = message.to_payload()
        return body

    def original_message(self, record: InteractionRecord) -> Message:
        if record.original_id is None:
            raise unknown_message()
        return self.get_message(record.original_id)

    def followup(
        self, record: InteractionRecord, payload: dict[str, Any], uploads: Sequence[Upload]
    ) -> Message:
        """Followup (``POST /webhooks/{app}/{token}``); after a defer it fills the placeholder."""
        if record.callback_type is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        original = self.messages.get(record.original_id or 0)
        if original is not None and original.loading and not original.deleted:
            payload = {
                k: v for k, v in payload.items() if k != "flags"
            }  # ephemerality comes from the defer
            message = self.edit_message(original, payload, uploads)
        else:
            message = self.create_message(
                record.channel, self.bot_user, payload, uploads, interaction=record
            )
        record.followup_ids.append(message.id)
        self.notify()
        return message
