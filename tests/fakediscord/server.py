""":class:`FakeDiscord`: the server process-in-a-test plus the test-side "Discord client" API.

The world has a first guild (:attr:`FakeDiscord.guild`, where channel names and new users go
unless told otherwise) and any more added with :meth:`FakeDiscord.add_guild`, optionally on a
given gateway shard. A slash command or autocomplete in a channel finds that channel's guild
commands, then the global ones (only global ones in a DM); every interaction goes to the bot
session serving its channel's guild, or shard 0 for a DM. Several bot processes may each
serve some shards: :meth:`FakeDiscord.wait_shard_connected` waits for one shard.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import socket
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from aiohttp import web

from tests.hang import HANG_SECONDS

from . import openapi
from .errors import ApiError, RateLimited
from .gateway import PRIVILEGED_INTENTS, Gateway
from .interactions import (
    InteractionResult,
    build_command_data,
    interaction_payload,
    modal_components,
)
from .models import Channel, Guild, Message, User
from .rest import API_PREFIX, RestApi
from .state import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    FakeState,
    Fault,
    Hold,
    RefusedRequest,
    SchemaViolation,
)

log = logging.getLogger("fakediscord")

DEFAULT_CHANNELS = ("general", "mars-1", "mars-2", "mars-3")


class FakeDiscord:
    """A fake Discord (REST + gateway) on 127.0.0.1 with guilds, a bot user and test users.

    Start it with ``fake = await FakeDiscord.start()`` inside the test's event loop, point a real
    discord.py bot at ``api_url`` / ``gateway_url`` with ``token``, then play as users via
    :meth:`slash`, :meth:`autocomplete`, :meth:`click` and inspect the recorded
    :class:`Message` objects.
    """

    def __init__(
        self,
        *,
        token: str | None = None,
        bot_name: str = "MarsBot",
        guild_name: str = "Mars Test Colony",
        channel_names: tuple[str, ...] = DEFAULT_CHANNELS,
        interaction_deadline: float | None = 3.0,
        validate_one_in: int = 1,
        heartbeat_interval: float = 41.25,
        allowed_privileged_intents: int = PRIVILEGED_INTENTS,
        recommended_shards: int = 1,
    ) -> None:
        self.token: str = token or f"fake.{secrets.token_urlsafe(18)}"
        self.state = FakeState(
            token=self.token,
            bot_name=bot_name,
            guild_name=guild_name,
            channel_names=channel_names,
            interaction_deadline=interaction_deadline,
            validate_one_in=validate_one_in,
        )
        self.gateway = Gateway(
            self.state,
            heartbeat_interval=heartbeat_interval,
            allowed_intents=allowed_privileged_intents,
            recommended_shards=recommended_shards,
        )
        self.base_url = ""
        self.api_url = ""
        self.gateway_url = ""
        self._runner: web.AppRunner | None = None
        self.refusals_expected = False
        """Set by :meth:`expect_refusals`."""

    # -- lifecycle -----------------------------------------------------------------------

    @classmethod
    async def start(cls, **kwargs: Any) -> FakeDiscord:
        """Create a server (``kwargs`` go to ``__init__``) and start listening on a free port."""
        openapi.spec()  # read once per process; raises SpecMissing before any bot starts
        fake = cls(**kwargs)
        await fake._listen()
        return fake

    async def _listen(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        RestApi(self.state, self.gateway).install(app)
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=1.0
        )
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        self.base_url = f"http://127.0.0.1:{port}"
        self.api_url = self.base_url + API_PREFIX
        self.gateway_url = f"ws://127.0.0.1:{port}/gateway"
        self.state.http_base = self.base_url
        self.gateway.url = self.gateway_url
        log.info("fake discord listening on %s", self.base_url)

    async def stop(self) -> None:
        for hold in self.state.holds:
            hold.release()
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- world ---------------------------------------------------------------------------

    @property
    def application_id(self) -> int:
        return self.state.application_id

    @property
    def bot_user(self) -> User:
        return self.state.bot_user

    @property
    def guild(self) -> Guild:
        """The first fake :class:`Guild` (``.id``, ``.channels``, ``.members``)."""
        return self.state.guild

    @property
    def guilds(self) -> list[Guild]:
        """Every guild, the first one first."""
        return list(self.state.guilds)

    def add_guild(
        self,
        name: str,
        *,
        channel_names: Sequence[str] = ("general",),
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """Add a guild with the bot in it (GUILD_CREATE to a connected bot); with
        ``shard=(shard_id, shard_count)`` its id is one that shard serves."""
        return self.state.add_guild(name, channel_names=channel_names, shard=shard)

    @property
    def channels(self) -> list[Channel]:
        """The first guild's text channels."""
        return list(self.state.guild.channels)

    def channel(self, name: str, *, guild: Guild | None = None) -> Channel:
        """The channel called `name` in `guild` (the first guild unless given)."""
        return (guild or self.state.guild).channel(name)

    @property
    def users(self) -> list[User]:
        """Human users added with :meth:`add_user`."""
        return [u for u in self.state.users.values() if not u.bot and u is not self.state.owner]

    def add_user(self, name: str, *, dms_closed: bool = False, guild: Guild | None = None) -> User:
        """Add a human member of `guild`, the first guild unless given (GUILD_MEMBER_ADD is
        dispatched if the bot has that intent)."""
        return self.state.add_user(name, dms_closed=dms_closed, guild=guild)

    def add_member(self, guild: Guild, user: User) -> None:
        """`user` joins another guild too (GUILD_MEMBER_ADD, as for :meth:`add_user`)."""
        self.state.add_member(guild, user)

    def set_dms_closed(self, user: User, closed: bool = True) -> None:
        """When closed, the bot's messages to this user's DM channel fail with 403 / code 50007."""
        user.dms_closed = closed

    def dm_channel(self, user: User) -> Channel:
        return self.state.dm_channel(user)

    def _channel(self, channel: Channel | str) -> Channel:
        return self.channel(channel) if isinstance(channel, str) else channel

    # -- connection and commands ---------------------------------------------------------

    @property
    def connected(self) -> bool:
        """Every shard of the bot has a live session (for an unsharded bot: it is connected)."""
        return self.gateway.connected

    @property
    def connected_shards(self) -> list[int]:
        """The shard ids with a live session, in order."""
        return self.gateway.connected_shards

    @property
    def connection_count(self) -> int:
        """How many times a bot finished IDENTIFY (READY sent) or RESUME so far."""
        return self.gateway.connection_count

    def shard_connection_count(self, shard_id: int) -> int:
        """How many times a session of shard `shard_id` got READY or RESUMED so far."""
        return self.gateway.shard_connection_counts[shard_id]

    @property
    def recommended_shards(self) -> int:
        """The shard count ``GET /gateway/bot`` recommends (what an ``AutoShardedClient``
        without ``shard_count`` runs)."""
        return self.gateway.recommended_shards

    @recommended_shards.setter
    def recommended_shards(self, count: int) -> None:
        self.gateway.recommended_shards = count

    async def wait_connected(
        self, timeout: float = HANG_SECONDS, *, after: int | None = None
    ) -> int:
        """Wait for a live bot session (READY + GUILD_CREATE sent); with ``after``, for a session
        newer than ``connection_count == after``. Returns the connection count."""

        def check() -> int | None:
            if not self.gateway.connected:
                return None
            if after is not None and self.gateway.connection_count <= after:
                return None
            return self.gateway.connection_count

        return await self.state.wait_for(check, timeout, "the bot to connect to the gateway")

    async def wait_shard_connected(
        self, shard_id: int, timeout: float = HANG_SECONDS, *, after: int | None = None
    ) -> int:
        """Wait for a live session of shard `shard_id`; with ``after``, for one newer than
        ``shard_connection_count(shard_id) == after``. Returns that shard's connection count."""

        def check() -> int | None:
            count = self.shard_connection_count(shard_id)
            if shard_id not in self.gateway.connected_shards or count <= (after or 0):
                return None
            return count

        return await self.state.wait_for(
            check, timeout, f"shard {shard_id} of the bot to connect to the gateway"
        )

    async def wait_disconnected(
        self, timeout: float = HANG_SECONDS, *, shard_ids: Iterable[int] | None = None
    ) -> None:
        """Wait until no shard (or none of `shard_ids`) has a live session."""
        wanted = None if shard_ids is None else set(shard_ids)
        await self.state.wait_for(
            lambda: (
                not any(
                    wanted is None or shard in wanted for shard in self.gateway.connected_shards
                )
            ),
            timeout,
            "the bot to disconnect" if wanted is None else f"shards {sorted(wanted)} to disconnect",
        )

    async def disconnect(self, code: int = 4000, *, shard_id: int | None = None) -> None:
        """Close the bot's gateway connection, of every shard unless `shard_id` is given (it
        should reconnect and RESUME)."""
        await self.gateway.disconnect(code, shard_id=shard_id)

    @property
    def identify_payloads(self) -> list[dict[str, Any]]:
        """IDENTIFY payloads received (token removed): intents, properties, presence..."""
        return self.gateway.identifies

    @property
    def sync_count(self) -> int:
        """Number of bulk command overwrites (PUT) received so far."""
        return self.state.sync_count

    async def wait_commands_synced(
        self, timeout: float = HANG_SECONDS, *, after: int | None = None
    ) -> list[dict[str, Any]]:
        """Wait for a bulk command sync (one newer than ``sync_count == after`` if given)."""
        threshold = 0 if after is None else after
        await self.state.wait_for(
            lambda: self.state.sync_count > threshold,
            timeout,
            "the bot to sync its application commands",
        )
        return self.commands()

    def commands(self, *, guild: bool | None = None) -> list[dict[str, Any]]:
        """Registered commands as Discord stores them (ids, options, subcommands, autocomplete).

        ``guild=True``: only the fake guild's commands, ``False``: only global ones, ``None``: both.
        """
        scopes: list[int | None] = []
        if guild is not False:
            scopes.append(self.state.guild.id)
        if guild is not True:
            scopes.append(None)
        return [c for scope in scopes for c in self.state.commands.get(scope, [])]

    def command(self, name: str, *, guild: Guild | None = None) -> dict[str, Any]:
        """The command `/name` as `guild` (the first guild unless given) sees it: its own, or
        the global one."""
        found = self.state.find_command(name, (guild or self.state.guild).id)
        if found is None:
            raise KeyError(
                f"no command /{name} registered (have {[c['name'] for c in self.commands()]})"
            )
        return found

    # -- playing as a user ---------------------------------------------------------------

    def _dispatch(
        self,
        record_type: int,
        user: User,
        channel: Channel,
        label: str,
        data: dict[str, Any],
        message: Message | None = None,
    ) -> InteractionResult:
        record = self.state.new_interaction(record_type, user, channel, label)
        record.source_message = message
        record.payload = interaction_payload(self.state, record, data, message)
        record.shard_id = self.gateway.dispatch("INTERACTION_CREATE", record.payload)
        return InteractionResult(self.state, record)

    async def slash(
        self,
        user: User,
        channel: Channel | str,
        name: str,
        subcommand: str | None = None,
        options: dict[str, Any] | None = None,
    ) -> InteractionResult:
        """Run ``/name [subcommand] option:value...`` as ``user`` in ``channel``.

        ``subcommand`` may be ``"sub"`` or ``"group sub"``; option values are converted to the
        registered types (users/channels may be passed as objects). Returns right after dispatch.
        """
        channel = self._channel(channel)
        command = self._resolve_command(name, channel)
        guild = self.state.guild_of(channel)
        data = build_command_data(self.state, command, subcommand, dict(options or {}), guild=guild)
        label = " ".join(filter(None, ["/" + name, subcommand]))
        return self._dispatch(APPLICATION_COMMAND, user, channel, label, data)

    async def autocomplete(
        self,
        user: User,
        channel: Channel | str,
        name: str,
        subcommand: str | None = None,
        options: dict[str, Any] | None = None,
        *,
        focused: str,
        timeout: float = HANG_SECONDS,
    ) -> list[dict[str, Any]]:
        """Type into option ``focused`` (its partial text is ``options[focused]``) and return the
        bot's choices as ``[{"name": ..., "value": ...}]``."""
        channel = self._channel(channel)
        data, label = self._autocomplete_data(
            channel, name, subcommand, dict(options or {}), focused
        )
        result = self._dispatch(AUTOCOMPLETE, user, channel, label, data)
        return await result.choices(timeout)

    def type_into(
        self, user: User, channel: Channel | str, name: str, focused: str, text: str
    ) -> InteractionResult:
        """Type ``text`` into option ``focused`` of ``/name`` (no subcommand, no other option)
        and return right after dispatch; ``await result.choices()`` gives the bot's answer."""
        channel = self._channel(channel)
        data, label = self._autocomplete_data(channel, name, None, {focused: text}, focused)
        return self._dispatch(AUTOCOMPLETE, user, channel, label, data)

    def _autocomplete_data(
        self,
        channel: Channel,
        name: str,
        subcommand: str | None,
        options: dict[str, Any],
        focused: str,
    ) -> tuple[dict[str, Any], str]:
        """The ``data`` and the label of an autocomplete interaction in `channel`."""
        command = self._resolve_command(name, channel)
        guild = self.state.guild_of(channel)
        data = build_command_data(
            self.state, command, subcommand, options, guild=guild, focused=focused
        )
        label = " ".join(filter(None, ["/" + name, subcommand, f"(autocomplete {focused})"]))
        return data, label

    def _resolve_command(self, name: str, channel: Channel) -> dict[str, Any]:
        """`/name` as offered in `channel`: its guild's command, else the global one."""
        command = self.state.find_command(name, channel.guild_id)
        if command is None:
            raise ValueError(
                f"/{name} is not registered (have {[c['name'] for c in self.commands()]})"
            )
        return command

    async def click(
        self,
        user: User,
        message: Message,
        custom_id: str,
        *,
        values: list[str] | None = None,
        allow_disabled: bool = False,
    ) -> InteractionResult:
        """Press a button (or pick ``values`` in a select menu) on ``message`` as ``user``."""
        message = self.state.get_message(message.id)
        component = message.component(custom_id)
        if component is None:
            raise ValueError(
                f"{message!r} has no component {custom_id!r} (has {message.custom_ids})"
            )
        if component.get("disabled") and not allow_disabled:
            raise ValueError(f"component {custom_id!r} is disabled")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if component["type"] != 2:
            data["values"] = [str(v) for v in (values or [])]
        channel = self.state.get_channel(message.channel_id)
        return self._dispatch(MESSAGE_COMPONENT, user, channel, f"click {custom_id}", data, message)

    async def submit_modal(
        self,
        user: User,
        opened_by: InteractionResult,
        values: dict[str, Any],
        timeout: float = HANG_SECONDS,
    ) -> InteractionResult:
        """Fill in and submit the modal the bot opened in answer to ``opened_by``."""
        modal = await opened_by.modal(timeout)
        data = {
            "custom_id": modal["custom_id"],
            "components": modal_components(modal.get("components", []), values),
        }
        record = opened_by.record
        return self._dispatch(
            MODAL_SUBMIT,
            user,
            record.channel,
            f"modal {modal['custom_id']}",
            data,
            record.source_message,
        )

    async def send_message(self, user: User, channel: Channel | str, content: str) -> Message:
        """A user posts a plain message (dispatched as MESSAGE_CREATE, subject to intents)."""
        channel = self._channel(channel)
        return self.state.create_message(channel, user, {"content": content})

    # -- inspecting what the bot sent ----------------------------------------------------

    def messages(
        self,
        channel: Channel | str,
        *,
        include_ephemeral: bool = False,
        include_deleted: bool = False,
    ) -> list[Message]:
        """Messages in ``channel`` in creation order (interaction replies included)."""
        channel = self._channel(channel)
        return [
            m
            for m in self.all_messages()
            if m.channel_id == channel.id
            and (include_ephemeral or not m.ephemeral)
            and (include_deleted or not m.deleted)
        ]

    def dms(self, user: User) -> list[Message]:
        """Messages the bot delivered to ``user``'s DM channel."""
        if user.dm_channel_id is None:
            return []
        return [
            m for m in self.all_messages() if m.channel_id == user.dm_channel_id and not m.deleted
        ]

    def rejected_dms(self, user: User) -> list[dict[str, Any]]:
        """Payloads the bot tried to DM to ``user`` while their DMs were closed."""
        return [
            payload
            for channel, payload in self.state.rejected_messages
            if channel.recipient is user
        ]

    def all_messages(self) -> list[Message]:
        return sorted(self.state.messages.values(), key=lambda m: m.seq)

    def get_message(self, message_id: int) -> Message:
        return self.state.messages[message_id]

    def checkpoint(self) -> int:
        """A marker for :meth:`wait_for_message` ``after=``: only later messages will match."""
        return self.state.next_seq()

    async def wait_for_message(
        self,
        predicate: Callable[[Message], bool] | None = None,
        timeout: float = HANG_SECONDS,
        *,
        channel: Channel | str | None = None,
        after: int | None = None,
        include_interaction_replies: bool = False,
    ) -> Message:
        """First bot message (in creation order) posted to a channel or DM that matches.

        Interaction replies are skipped unless ``include_interaction_replies``; existing
        messages count too unless ``after`` (from :meth:`checkpoint`) is given.
        """
        channel_id = None if channel is None else self._channel(channel).id

        def check() -> Message | None:
            for message in self.all_messages():
                if message.deleted or (after is not None and message.seq <= after):
                    continue
                if channel_id is not None and message.channel_id != channel_id:
                    continue
                if message.interaction_id is not None and not include_interaction_replies:
                    continue
                if message.author is not self.state.bot_user:
                    continue
                if predicate is None or predicate(message):
                    return message
            return None

        return await self.state.wait_for(check, timeout, "a matching bot message")

    # -- refusals and faults -------------------------------------------------------------

    @property
    def refused_requests(self) -> list[RefusedRequest]:
        """Requests refused as Discord refuses them: a body beyond a message limit, invalid by
        Discord's OpenAPI description, not JSON, or an empty message."""
        return self.state.refused_requests

    @property
    def schema_violations(self) -> list[SchemaViolation]:
        """Request bodies invalid by Discord's OpenAPI description, with the validator's words."""
        return self.state.schema_violations

    def expect_refusals(self) -> None:
        """This test means to be refused: the e2e fixture will not fail it for refusals."""
        self.refusals_expected = True

    def assert_no_refusals(self) -> None:
        """Fail, listing them, if any request was refused or invalid by the OpenAPI description."""
        problems = [
            f"{r.method} {r.path} -> {r.status} {json.dumps(r.body)}" for r in self.refused_requests
        ] + [
            f"{v.method} {v.path} breaks the OpenAPI schema: {v.messages}"
            for v in self.schema_violations
        ]
        assert not problems, "the fake Discord refused requests:\n" + "\n".join(problems)

    def fail_next(
        self, method: str, path: str, status: int = 500, code: int = 0, message: str | None = None
    ) -> None:
        """Answer the next `method` request whose path (``/api/v10/...``) matches the regex
        `path` with this error, once; faults queue in the order they were asked for."""
        error = ApiError(status, code, message or f"{status}: injected by the test")
        self.state.faults.append(Fault(method.upper(), re.compile(path), error))

    def rate_limit_next(
        self, method: str, path: str, retry_after: float, *, is_global: bool = False
    ) -> None:
        """Answer the next `method` request whose path matches the regex `path` with a 429 as
        Discord's (``retry_after`` seconds; see `errors.RateLimited`), once; with `is_global`,
        every request made with the bot's token gets a global 429 for those seconds (not the
        interaction callbacks and webhooks, which Discord's global limit spares)."""
        error = RateLimited(retry_after, is_global=is_global)
        self.state.faults.append(Fault(method.upper(), re.compile(path), error))

    @property
    def rate_limited(self) -> list[str]:
        """Requests answered with 429 (``"METHOD /api/v10/path"``), in order."""
        return self.state.rate_limited

    def hold_next(self, method: str, path: str) -> Hold:
        """Carry out the next `method` request whose path (``/api/v10/...``) matches the regex
        `path`, then hold its answer back until ``release()`` of the returned `Hold` (``await
        hold.wait()`` waits for the request): a test can end the bot between Discord's change
        and the bot's knowing of it. Holds queue in the order they were asked for; the fake
        releases any left when it stops."""
        hold = Hold(method.upper(), re.compile(path))
        self.state.holds.append(hold)
        return hold

    @property
    def nonce_window(self) -> float:
        """Seconds a message create with ``enforce_nonce`` returns the earlier message with its
        nonce instead of making another (see `FakeState.post_message`); tests may shorten it."""
        return self.state.nonce_window

    @nonce_window.setter
    def nonce_window(self, seconds: float) -> None:
        self.state.nonce_window = seconds

    @property
    def repeated_nonces(self) -> list[Message]:
        """The earlier message returned, each time, for a create that repeated its nonce."""
        return self.state.repeated_nonces

    @property
    def pending_faults(self) -> int:
        """Faults asked for with :meth:`fail_next` that no request has met yet."""
        return len(self.state.faults)

    def deny_send(self, channel: Channel | str) -> None:
        """The bot loses Send Messages in the channel (an overwrite, CHANNEL_UPDATE): posting
        there gets 403, code 50013 Missing Permissions."""
        self.state.deny_send(self._channel(channel))

    def delete_channel(self, channel: Channel | str) -> None:
        """The channel is deleted (CHANNEL_DELETE): every later request naming it gets 404,
        code 10003 Unknown Channel."""
        self.state.delete_channel(self._channel(channel))

    @property
    def unhandled_requests(self) -> list[str]:
        """REST requests the fake server had no route for (``"METHOD /path"``)."""
        return self.state.unhandled_requests

    @property
    def request_log(self) -> list[str]:
        return self.state.request_log
