"""REST API (``/api/v10``) of the fake Discord server, built on aiohttp.

Only the routes a discord.py bot needs are implemented; any other request is logged,
recorded in ``state.unhandled_requests`` and answered with a 404 JSON error.

Guild routes serve any guild of the fake world (others: 404 Unknown Guild; guild commands of
an unknown guild: 403 Missing Access). ``GET /gateway/bot`` recommends
``Gateway.recommended_shards`` shards, with a session start limit of 1000 a day (less the
IDENTIFYs so far) and a ``max_concurrency`` of 1, as for a bot in fewer than 150,000 guilds.
A message create honours ``nonce`` with ``enforce_nonce`` as Discord does (see
`FakeState.post_message`).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import BodyPartReader, web

from . import limits, openapi
from .errors import ApiError, InvalidFormBody, RateLimited, Refused
from .gateway import APPLICATION_FLAGS, Gateway
from .models import CREATE_PUBLIC_THREADS, MANAGE_EVENTS, SEND_MESSAGES, Guild, Message
from .state import (
    FakeState,
    Hold,
    InteractionRecord,
    RefusedRequest,
    SchemaViolation,
    Upload,
    unknown_message,
)

log = logging.getLogger("fakediscord.rest")

API_PREFIX = "/api/v10"
SESSION_STARTS_PER_DAY = 1000
DAY_MS = 24 * 60 * 60 * 1000
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """JSON with exactly ``Content-Type: application/json`` (discord.py compares it verbatim),
    and any other `headers`."""
    return web.Response(
        status=status,
        body=json.dumps(data).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def no_content() -> web.Response:
    return web.Response(status=204)


async def read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """Parse a JSON body or a multipart body with ``payload_json`` and ``files[n]`` parts."""
    if request.content_type.startswith("multipart/"):
        payload: dict[str, Any] = {}
        uploads: list[Upload] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not isinstance(part, BodyPartReader):
                continue  # nested multipart: not used by Discord
            name = part.name or ""
            if name == "payload_json":
                payload = _json(await part.text())
            elif name.startswith("files[") or part.filename:
                index = int(name[6:-1]) if name.startswith("files[") else len(uploads)
                data = bytes(await part.read())
                content_type = part.headers.get("Content-Type")
                uploads.append(
                    Upload(
                        index=index,
                        filename=part.filename or name,
                        data=data,
                        content_type=content_type,
                    )
                )
        return payload, uploads
    if not request.can_read_body:
        return {}, []
    text = await request.text()
    return (_json(text) if text else {}), []


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        raise Refused(400, 50109, "The request body contains invalid JSON.") from None


class RestApi:
    """Route table and handlers, installed into the app of :class:`FakeDiscord`."""

    def __init__(self, state: FakeState, gateway: Gateway) -> None:
        self.state = state
        self.gateway = gateway

    def install(self, app: web.Application) -> None:
        p = API_PREFIX
        routes: list[tuple[str, str, Handler]] = [
            ("GET", "/users/@me", self.get_me),
            ("GET", "/users/{user_id}", self.get_user),
            ("POST", "/users/@me/channels", self.create_dm),
            ("GET", "/gateway", self.get_gateway),
            ("GET", "/gateway/bot", self.get_gateway_bot),
            ("GET", "/oauth2/applications/@me", self.get_application),
            ("GET", "/applications/@me", self.get_application),
            ("GET", "/applications/{app_id}/commands", self.get_commands),
            ("PUT", "/applications/{app_id}/commands", self.put_commands),
            ("POST", "/applications/{app_id}/commands", self.post_command),
            ("GET", "/applications/{app_id}/guilds/{guild_id}/commands", self.get_commands),
            ("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", self.put_commands),
            ("POST", "/applications/{app_id}/guilds/{guild_id}/commands", self.post_command),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/channels", self.get_guild_channels),
            ("GET", "/guilds/{guild_id}/roles", self.get_guild_roles),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_guild_member),
            ("POST", "/guilds/{guild_id}/scheduled-events", self.create_scheduled_event),
            ("POST", "/channels/{channel_id}/threads", self.create_thread),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("POST", "/channels/{channel_id}/typing", self.typing),
            ("GET", "/channels/{channel_id}/messages", self.get_messages),
            ("POST", "/channels/{channel_id}/messages", self.post_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.patch_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            (
                "PUT",
                "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
                self.add_reaction,
            ),
            (
                "DELETE",
                "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
                self.remove_reaction,
            ),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self.interaction_callback),
            ("POST", "/webhooks/{app_id}/{token}", self.post_followup),
            ("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", self.get_webhook_message),
            (
                "PATCH",
                "/webhooks/{app_id}/{token}/messages/{message_id}",
                self.patch_webhook_message,
            ),
            (
                "DELETE",
                "/webhooks/{app_id}/{token}/messages/{message_id}",
                self.delete_webhook_message,
            ),
        ]
        for method, path, handler in routes:
            app.router.add_route(method, p + path, self._wrap(handler))
        app.router.add_get(
            "/attachments/{channel_id}/{attachment_id}/{filename}", self.get_attachment
        )
        app.router.add_route("*", "/{tail:.*}", self.unhandled)

    def _wrap(self, handler: Handler) -> Handler:
        async def wrapped(request: web.Request) -> web.StreamResponse:
            self.state.request_log.append(f"{request.method} {request.path_qs}")
            self.state.request_at.append(asyncio.get_running_loop().time())
            path = request.path
            needs_auth = not path.startswith(
                (API_PREFIX + "/webhooks/", API_PREFIX + "/interactions/")
            )
            if needs_auth and request.headers.get("Authorization") != f"Bot {self.state.token}":
                return json_response({"message": "401: Unauthorized", "code": 0}, 401)
            hold = None
            try:
                if needs_auth:
                    self._global_limit()
                self._injected_fault(request)
                hold = self._hold(request)
                response = await handler(request)
            except Refused as exc:
                log.warning("fake discord: refused %s %s: %s", request.method, path, exc.body())
                refused = RefusedRequest(request.method, path, exc.status, exc.body())
                self.state.refused_requests.append(refused)
                self.state.notify()
                response = json_response(exc.body(), exc.status)
            except ApiError as exc:
                log.info("%s %s -> %s", request.method, request.path, exc)
                response = json_response(exc.body(), exc.status, exc.headers())
                if isinstance(exc, RateLimited):
                    self._rate_limited(request, exc)
            if hold is not None:
                hold.reached.set()
                self.state.notify()
                await hold.released.wait()
            return response

        return wrapped

    def _hold(self, request: web.Request) -> Hold | None:
        """The hold a test asked for (see `FakeDiscord.hold_next`) that this request meets."""
        for hold in self.state.holds:
            if not hold.taken and hold.method == request.method and hold.path.search(request.path):
                hold.taken = True
                return hold
        return None

    def _global_limit(self) -> None:
        """Answer 429 to every request made with the bot's token while a global rate limit
        lasts (see `FakeDiscord.rate_limit_next`)."""
        left = self.state.global_limit_until - asyncio.get_running_loop().time()
        if left > 0:
            raise RateLimited(round(left, 3), is_global=True)

    def _rate_limited(self, request: web.Request, error: RateLimited) -> None:
        """Record a 429 answered; a global one starts its window."""
        self.state.rate_limited.append(f"{request.method} {request.path}")
        if error.is_global:
            until = asyncio.get_running_loop().time() + error.retry_after
            self.state.global_limit_until = max(self.state.global_limit_until, until)
        self.state.notify()

    def _injected_fault(self, request: web.Request) -> None:
        """Raise a fault a test asked for (see `FakeDiscord.fail_next`), once."""
        for fault in self.state.faults:
            if fault.method == request.method and fault.path.search(request.path):
                self.state.faults.remove(fault)
                raise fault.error

    async def _read(
        self, request: web.Request, current: Message | None = None
    ) -> tuple[Any, list[Upload]]:
        """The request's body, refused as Discord refuses it: beyond a limit (see `limits`) or
        invalid by the OpenAPI description (see `openapi`, recorded in `schema_violations`).
        `current` is the message the request edits, if any."""
        payload, uploads = await read_body(request)
        method, route = request.method, request.match_info.route.resource
        template = openapi.template_of(
            (route.canonical if route is not None else request.path).removeprefix(API_PREFIX)
        )
        multipart = request.content_type.startswith("multipart/")
        schema = (
            openapi.violations(method, template, payload, multipart=multipart)
            if self.state.validation_due(method, template)
            else []
        )
        if schema:
            violation = SchemaViolation(method, request.path, [str(e) for e in schema])
            self.state.schema_violations.append(violation)
        found = limits.errors(method, template, payload, current)
        flagged = {error.path for error in found}
        found += [error for error in schema if error.path not in flagged]
        if found:
            raise InvalidFormBody(found)
        if limits.empty(method, template, payload, len(uploads), current):
            raise Refused(400, 50006, "Cannot send an empty message")
        return payload, uploads

    async def unhandled(self, request: web.Request) -> web.Response:
        entry = f"{request.method} {request.path_qs}"
        log.warning("fake discord: unhandled request %s", entry)
        self.state.unhandled_requests.append(entry)
        self.state.notify()
        return json_response(
            {"code": 0, "message": f"404: Not Found (fake discord has no route {entry})"}, 404
        )

    # -- users, gateway, application -----------------------------------------------------

    async def get_me(self, request: web.Request) -> web.Response:
        user = self.state.bot_user
        return json_response(
            {**user.to_payload(), "verified": True, "mfa_enabled": False, "flags": 0}
        )

    async def get_user(self, request: web.Request) -> web.Response:
        return json_response(self.state.get_user(int(request.match_info["user_id"])).to_payload())

    async def create_dm(self, request: web.Request) -> web.Response:
        body, _ = await self._read(request)
        user = self.state.users.get(int(body.get("recipient_id", 0)))
        if user is None:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        return json_response(self.state.dm_channel(user).to_payload())

    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway.url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        remaining = max(SESSION_STARTS_PER_DAY - len(self.gateway.identifies), 0)
        limit = {
            "total": SESSION_STARTS_PER_DAY,
            "remaining": remaining,
            "reset_after": DAY_MS,
            "max_concurrency": 1,
        }
        return json_response(
            {
                "url": self.gateway.url,
                "shards": self.gateway.recommended_shards,
                "session_start_limit": limit,
            }
        )

    async def get_application(self, request: web.Request) -> web.Response:
        state = self.state
        return json_response(
            {
                "id": str(state.application_id),
                "name": state.bot_user.name,
                "icon": None,
                "description": "fake application",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": state.owner.to_payload(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": APPLICATION_FLAGS,
                "bot": state.bot_user.to_payload(),
                "interactions_endpoint_url": None,
                "redirect_uris": [],
                "tags": [],
            }
        )

    # -- application commands ------------------------------------------------------------

    def _command_scope(self, request: web.Request) -> int | None:
        if int(request.match_info["app_id"]) != self.state.application_id:
            raise ApiError(403, 50001, "Missing Access")
        guild_id = request.match_info.get("guild_id")
        if guild_id is None:
            return None
        if all(guild.id != int(guild_id) for guild in self.state.guilds):
            raise ApiError(403, 50001, "Missing Access")
        return int(guild_id)

    async def get_commands(self, request: web.Request) -> web.Response:
        return json_response(self.state.commands.get(self._command_scope(request), []))

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        body, _ = await self._read(request)
        return json_response(self.state.store_commands(scope, body or []))

    async def post_command(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        body, _ = await self._read(request)
        return json_response(self.state.upsert_command(scope, body), 201)

    # -- guild ---------------------------------------------------------------------------

    def _guild(self, request: web.Request) -> Guild:
        return self.state.get_guild(int(request.match_info["guild_id"]))

    async def get_guild(self, request: web.Request) -> web.Response:
        payload = self._guild(request).to_payload()
        for key in (
            "members",
            "channels",
            "threads",
            "presences",
            "voice_states",
            "joined_at",
            "large",
        ):
            payload.pop(key, None)
        return json_response(payload)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        return json_response([c.to_payload() for c in self._guild(request).channels])

    async def get_guild_roles(self, request: web.Request) -> web.Response:
        return json_response([self._guild(request).everyone.to_payload()])

    async def get_guild_member(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        user = self.state.get_user(int(request.match_info["user_id"]))
        if user not in guild.members:
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(guild.member_payload(user))

    # -- channels and messages -----------------------------------------------------------

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(
            self.state.get_channel(int(request.match_info["channel_id"])).to_payload()
        )

    async def create_thread(self, request: web.Request) -> web.Response:
        """A thread without a starting message (public, as the leagues make them); the bot
        needs Create Public Threads in the channel."""
        channel = self.state.get_channel(int(request.match_info["channel_id"]))
        body, _ = await self._read(request)
        if not self.state.bot_permissions(channel) & CREATE_PUBLIC_THREADS:
            raise ApiError(403, 50013, "Missing Permissions")
        if body.get("type", 11) != 11:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        thread = self.state.create_thread(
            channel, body["name"], int(body.get("auto_archive_duration", 4320))
        )
        return json_response(thread.to_payload(), 201)

    async def create_scheduled_event(self, request: web.Request) -> web.Response:
        """A guild scheduled event; the bot needs Manage Events in the guild."""
        guild = self.state.get_guild(int(request.match_info["guild_id"]))
        body, _ = await self._read(request)
        if not guild.everyone.permissions & MANAGE_EVENTS:
            raise ApiError(403, 50013, "Missing Permissions")
        return json_response(self.state.create_scheduled_event(guild, body))

    async def typing(self, request: web.Request) -> web.Response:
        self.state.get_channel(int(request.match_info["channel_id"]))
        return no_content()

    async def get_messages(self, request: web.Request) -> web.Response:
        channel = self.state.get_channel(int(request.match_info["channel_id"]))
        limit = int(request.query.get("limit", 50))
        before = int(request.query.get("before", 0)) or None
        after = int(request.query.get("after", 0)) or None
        found = [
            m
            for m in self.state.messages.values()
            if m.channel_id == channel.id
            and not m.deleted
            and not m.ephemeral
            and (before is None or m.id < before)
            and (after is None or m.id > after)
        ]
        found.sort(key=lambda m: m.id, reverse=after is None)
        return json_response([m.to_payload() for m in found[:limit]])

    async def post_message(self, request: web.Request) -> web.Response:
        channel = self.state.get_channel(int(request.match_info["channel_id"]))
        payload, uploads = await self._read(request)
        if not self.state.bot_permissions(channel) & SEND_MESSAGES:
            raise ApiError(403, 50013, "Missing Permissions")
        if channel.is_dm and channel.recipient is not None and channel.recipient.dms_closed:
            self.state.rejected_messages.append((channel, payload))
            self.state.notify()
            raise ApiError(403, 50007, "Cannot send messages to this user")
        message = self.state.post_message(channel, payload, uploads)
        return json_response(message.to_payload(with_nonce=True))

    def _channel_message(self, request: web.Request) -> Message:
        """The message a channel route names; ephemeral ones exist only for their webhook."""
        self.state.get_channel(int(request.match_info["channel_id"]))  # 404 once it is deleted
        message = self.state.get_message(
            int(request.match_info["message_id"]), int(request.match_info["channel_id"])
        )
        if message.ephemeral:
            raise unknown_message()
        return message

    async def get_message(self, request: web.Request) -> web.Response:
        return json_response(self._channel_message(request).to_payload())

    async def patch_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        payload, uploads = await self._read(request, message)
        if message.author is not self.state.bot_user:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        return json_response(self.state.edit_message(message, payload, uploads).to_payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        self.state.delete_message(self._channel_message(request))
        return no_content()

    async def add_reaction(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        message.reactions.append(request.match_info["emoji"])
        self.state.notify()
        return no_content()

    async def remove_reaction(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        emoji = request.match_info["emoji"]
        if emoji in message.reactions:
            message.reactions.remove(emoji)
        self.state.notify()
        return no_content()

    async def get_attachment(self, request: web.Request) -> web.Response:
        attachment = self.state.find_attachment(int(request.match_info["attachment_id"]))
        if attachment is None:
            return web.Response(status=404)
        return web.Response(
            body=attachment.data, content_type=attachment.content_type or "application/octet-stream"
        )

    # -- interactions and webhooks -------------------------------------------------------

    def _interaction(self, request: web.Request) -> InteractionRecord:
        record = self.state.interactions_by_token.get(request.match_info["token"])
        if record is None or str(record.id) != request.match_info["interaction_id"]:
            raise ApiError(404, 10062, "Unknown interaction")
        return record

    async def interaction_callback(self, request: web.Request) -> web.Response:
        record = self._interaction(request)
        if record.callback_at is None:
            record.callback_at = asyncio.get_running_loop().time()
        body, uploads = await self._read(request, record.source_message)
        response = self.state.interaction_callback(
            record, int(body.get("type", 0)), body.get("data"), uploads
        )
        if request.query.get("with_response", "").lower() in ("1", "true"):
            return json_response(response)
        return no_content()

    def _webhook(self, request: web.Request) -> InteractionRecord:
        if int(request.match_info["app_id"]) != self.state.application_id:
            raise ApiError(404, 10015, "Unknown Webhook")
        return self.state.interaction_by_token(request.match_info["token"])

    def _webhook_message(self, request: web.Request) -> tuple[InteractionRecord, Message]:
        record = self._webhook(request)
        message_id = request.match_info["message_id"]
        if message_id == "@original":
            return record, self.state.original_message(record)
        message = self.state.get_message(int(message_id))
        if message.interaction_id != record.id:
            raise ApiError(404, 10008, "Unknown Message")
        return record, message

    async def post_followup(self, request: web.Request) -> web.Response:
        record = self._webhook(request)
        payload, uploads = await self._read(request)
        message = self.state.followup(record, payload, uploads)
        if request.query.get("wait", "").lower() in ("1", "true"):
            return json_response(message.to_payload())
        return no_content()

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        _, message = self._webhook_message(request)
        return json_response(message.to_payload())

    async def patch_webhook_message(self, request: web.Request) -> web.Response:
        _, message = self._webhook_message(request)
        payload, uploads = await self._read(request, message)
        return json_response(self.state.edit_message(message, payload, uploads).to_payload())

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        _, message = self._webhook_message(request)
        self.state.delete_message(message)
        return no_content()
