"""Gateway websocket (v10, JSON text frames, no compression), sharded as Discord shards.

The client may ask for ``compress=zlib-stream`` in the query string (discord.py always does);
we ignore it and send plain text frames, which discord.py parses without decompression.

IDENTIFY may name a shard (``"shard": [shard_id, shard_count]``, default ``[0, 1]``; an id
not below the count is closed with 4010 "Invalid shard."). READY echoes it and lists only
the guilds that shard serves (``(guild_id >> 22) % shard_count == shard_id``), each then sent
in a GUILD_CREATE. There is one current session per shard id: a new session for a shard
supersedes (closes with 4009) only that shard's previous one, and RESUME restores the
session's shard. Events and interactions about a guild go to the session serving its shard;
DM events and DM interactions go to shard 0, as on Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections import Counter
from dataclasses import dataclass
from typing import Any

from aiohttp import WSMsgType, web

from .models import shard_of
from .state import FakeState

log = logging.getLogger("fakediscord.gateway")

# Opcodes
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE_UPDATE, VOICE_STATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11

INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = INTENT_GUILD_MEMBERS | (1 << 8) | INTENT_MESSAGE_CONTENT

# GATEWAY_PRESENCE_LIMITED | GATEWAY_GUILD_MEMBERS_LIMITED | GATEWAY_MESSAGE_CONTENT_LIMITED
APPLICATION_FLAGS = (1 << 13) | (1 << 15) | (1 << 19)

_CLOSE = object()

GUILD_EVENTS = frozenset({"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"})
"""Events whose payload is the guild itself (its id is ``id``, not ``guild_id``)."""


def guild_id_of(event: str, data: dict[str, Any]) -> int | None:
    """The guild an event is about (None for a DM event)."""
    raw = data.get("id") if event in GUILD_EVENTS else data.get("guild_id")
    return None if raw is None else int(raw)


def parse_shard(value: Any) -> tuple[int, int] | None:
    """IDENTIFY's ``shard`` as ``(shard_id, shard_count)`` (``(0, 1)`` if absent), or None if
    it is not a valid one."""
    if value is None:
        return 0, 1
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in value)
    ):
        return None
    shard_id, shard_count = value
    return (shard_id, shard_count) if 0 <= shard_id < shard_count else None


@dataclass
class Session:
    """What RESUME restores of a session: its last sequence, shard and intents."""

    seq: int
    shard: tuple[int, int]
    intents: int


class GatewayConnection:
    """One websocket connection; outgoing frames go through an ordered queue."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.session_id: str | None = None
        self.seq = 0
        self.intents = 0
        self.presence: dict[str, Any] | None = None
        self.shard: tuple[int, int] = (0, 1)
        """(shard_id, shard_count), from IDENTIFY or the resumed session."""
        self.closed = False
        self._queue: asyncio.Queue[Any] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write_loop())

    @property
    def shard_id(self) -> int:
        return self.shard[0]

    @property
    def live(self) -> bool:
        """A session (READY or RESUMED sent) whose connection is still open."""
        return self.session_id is not None and not self.closed

    def serves(self, guild_id: int | None) -> bool:
        """Whether events about `guild_id` (None: DMs, which go to shard 0) come here."""
        if guild_id is None:
            return self.shard_id == 0
        return shard_of(guild_id, self.shard[1]) == self.shard_id

    def send(self, op: int, d: Any = None) -> None:
        self._queue.put_nowait({"op": op, "d": d, "s": None, "t": None})

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        self._queue.put_nowait({"op": DISPATCH, "t": event, "s": self.seq, "d": data})

    def close(self, code: int, reason: str = "") -> None:
        """Close after everything queued so far has been sent."""
        self._queue.put_nowait((_CLOSE, code, reason))

    async def _write_loop(self) -> None:
        while True:
            item = await self._queue.get()
            try:
                if isinstance(item, tuple) and item[0] is _CLOSE:
                    await self.ws.close(code=item[1], message=item[2].encode())
                    return
                await self.ws.send_str(json.dumps(item))
            except (ConnectionError, RuntimeError) as exc:
                log.debug("gateway write failed: %s", exc)
                return

    async def stop(self) -> None:
        self.closed = True
        self._writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._writer


class Gateway:
    """Accepts bot connections, performs IDENTIFY/RESUME and dispatches events by shard."""

    def __init__(
        self,
        state: FakeState,
        *,
        heartbeat_interval: float,
        allowed_intents: int,
        recommended_shards: int = 1,
    ) -> None:
        self.state = state
        self.url = ""  # ws://127.0.0.1:PORT/gateway, set by the server
        self.heartbeat_interval_ms = int(heartbeat_interval * 1000)
        self.allowed_privileged_intents = allowed_intents
        self.recommended_shards = recommended_shards
        """The ``shards`` that ``GET /gateway/bot`` recommends."""
        self.shards: dict[int, GatewayConnection] = {}
        """The current session of each shard id (until its connection closes)."""
        self.connections: list[GatewayConnection] = []
        self.sessions: dict[str, Session] = {}  # closed sessions, for RESUME
        self.connection_count = 0  # READY or RESUMED sent so far
        self.shard_connection_counts: Counter[int] = Counter()
        """READY or RESUMED sent so far, by shard id."""
        self.identifies: list[dict[str, Any]] = []
        state.on_event = self.dispatch_event

    def live_sessions(self) -> list[GatewayConnection]:
        return [conn for conn in self.shards.values() if conn.live]

    @property
    def connected_shards(self) -> list[int]:
        """The shard ids with a live session, in order."""
        return sorted(conn.shard_id for conn in self.live_sessions())

    @property
    def connected(self) -> bool:
        """Every shard of the bot (as many as the live sessions' shard count) has a live
        session; for an unsharded bot, it is connected."""
        shard_count = max((conn.shard[1] for conn in self.live_sessions()), default=0)
        return shard_count > 0 and self.connected_shards == list(range(shard_count))

    def session_for(self, guild_id: int | None) -> GatewayConnection | None:
        """The live session serving `guild_id` (None: DMs, served by shard 0)."""
        return next((conn for conn in self.live_sessions() if conn.serves(guild_id)), None)

    # -- dispatching ---------------------------------------------------------------------

    def dispatch(self, event: str, data: dict[str, Any]) -> int:
        """Dispatch to the live session serving the event's guild (shard 0 for a DM) and return
        its shard id; raise if no bot is connected on that shard."""
        guild_id = guild_id_of(event, data)
        conn = self.session_for(guild_id)
        if conn is None:
            about = "DMs" if guild_id is None else f"guild {guild_id}"
            raise RuntimeError(
                f"cannot dispatch {event}: no bot is connected to the fake gateway on the shard "
                f"serving {about} (connected shards: {self.connected_shards})"
            )
        conn.dispatch(event, data)
        return conn.shard_id

    def dispatch_event(self, event: str, data: dict[str, Any]) -> None:
        """Intent-filtered dispatch of world events (message create/update/delete, member add,
        channel and guild changes) to the session serving their guild, if there is one."""
        conn = self.session_for(guild_id_of(event, data))
        if conn is None:
            return
        if event.startswith("MESSAGE_"):
            needed = INTENT_GUILD_MESSAGES if "guild_id" in data else INTENT_DIRECT_MESSAGES
            if not conn.intents & needed:
                return
            data = self._strip_content(conn, data)
        elif event.startswith("GUILD_MEMBER") and not conn.intents & INTENT_GUILD_MEMBERS:
            return
        conn.dispatch(event, data)

    def _strip_content(self, conn: GatewayConnection, data: dict[str, Any]) -> dict[str, Any]:
        """Without the message content intent Discord blanks other users' guild messages."""
        author = data.get("author", {})
        if conn.intents & INTENT_MESSAGE_CONTENT or "guild_id" not in data or "content" not in data:
            return data
        if (
            author.get("id") == str(self.state.bot_user.id)
            or f"<@{self.state.bot_user.id}>" in data["content"]
        ):
            return data
        return {**data, "content": "", "embeds": [], "attachments": [], "components": []}

    async def disconnect(self, code: int = 4000, *, shard_id: int | None = None) -> None:
        """Drop the current session of shard `shard_id`, or of every shard (discord.py will try
        to RESUME)."""
        for conn in list(self.shards.values()):
            if shard_id is None or conn.shard_id == shard_id:
                conn.close(code, "fake disconnect")

    async def close_all(self) -> None:
        for conn in list(self.connections):
            if not conn.closed:
                conn.close(1001, "server shutting down")
        await asyncio.sleep(0)
        for conn in list(self.connections):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.ws.close(code=1001), 1)
            await conn.stop()

    # -- connection handling -------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = GatewayConnection(ws)
        self.connections.append(conn)
        log.info("gateway connection opened (%s)", request.query_string)
        conn.send(
            HELLO, {"heartbeat_interval": self.heartbeat_interval_ms, "_trace": ["fake-discord"]}
        )
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    self._on_payload(conn, json.loads(msg.data))
                elif msg.type == WSMsgType.BINARY:
                    conn.close(4002, "Error while decoding payload.")
        finally:
            if conn.session_id is not None:
                self.sessions[conn.session_id] = Session(conn.seq, conn.shard, conn.intents)
            await conn.stop()
            if self.shards.get(conn.shard_id) is conn:
                del self.shards[conn.shard_id]
            log.info("gateway connection closed (code %s)", ws.close_code)
            self.state.notify()
        return ws

    def _on_payload(self, conn: GatewayConnection, payload: dict[str, Any]) -> None:
        op, d = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            conn.send(HEARTBEAT_ACK)
        elif op == IDENTIFY:
            self._identify(conn, d or {})
        elif op == RESUME:
            self._resume(conn, d or {})
        elif op == REQUEST_MEMBERS:
            self._request_members(conn, d or {})
        elif op == PRESENCE_UPDATE:
            conn.presence = d
        elif op == VOICE_STATE:
            pass
        else:
            log.warning("unknown gateway opcode %s", op)
            conn.close(4001, "Unknown opcode.")

    def _token_ok(self, token: str | None) -> bool:
        token = (token or "").removeprefix("Bot ")
        return secrets.compare_digest(token, self.state.token)

    def _identify(self, conn: GatewayConnection, d: dict[str, Any]) -> None:
        if conn.session_id is not None:
            conn.close(4005, "Already authenticated.")
            return
        if not self._token_ok(d.get("token")):
            conn.close(4004, "Authentication failed.")
            return
        shard = parse_shard(d.get("shard"))
        if shard is None:
            conn.close(4010, "Invalid shard.")
            return
        intents = int(d.get("intents", 0))
        if intents & PRIVILEGED_INTENTS & ~self.allowed_privileged_intents:
            conn.close(4014, "Disallowed intent(s).")
            return
        self.identifies.append({k: v for k, v in d.items() if k != "token"})
        conn.intents = intents
        conn.shard = shard
        conn.session_id = secrets.token_hex(16)
        state = self.state
        guilds = [guild for guild in state.guilds if conn.serves(guild.id)]
        conn.dispatch(
            "READY",
            {
                "v": 10,
                "user": {
                    **state.bot_user.to_payload(),
                    "verified": True,
                    "mfa_enabled": False,
                    "flags": 0,
                },
                "guilds": [{"id": str(guild.id), "unavailable": True} for guild in guilds],
                "session_id": conn.session_id,
                "session_type": "normal",
                "resume_gateway_url": self.url,
                "application": {"id": str(state.application_id), "flags": APPLICATION_FLAGS},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "geo_ordered_rtc_regions": [],
                "shard": list(shard),
                "_trace": ["fake-discord"],
            },
        )
        for guild in guilds:
            conn.dispatch("GUILD_CREATE", guild.to_payload())
        self._mark_connected(conn)

    def _resume(self, conn: GatewayConnection, d: dict[str, Any]) -> None:
        session_id = str(d.get("session_id"))
        session = self.sessions.get(session_id)
        if not self._token_ok(d.get("token")) or session is None:
            conn.send(INVALID_SESSION, False)
            return
        conn.session_id = session_id
        conn.seq = max(int(d.get("seq") or 0), session.seq)
        conn.shard = session.shard
        conn.intents = session.intents
        conn.dispatch("RESUMED", {"_trace": ["fake-discord"]})
        self._mark_connected(conn)

    def _mark_connected(self, conn: GatewayConnection) -> None:
        """`conn` is its shard's current session, superseding the shard's previous one."""
        previous = self.shards.get(conn.shard_id)
        if previous is not None and previous is not conn:
            previous.close(4009, "Session superseded.")
        self.shards[conn.shard_id] = conn
        self.connection_count += 1
        self.shard_connection_counts[conn.shard_id] += 1
        log.info(
            "bot session %s ready on shard %s (connection #%d)",
            conn.session_id,
            conn.shard,
            self.connection_count,
        )
        self.state.notify()

    def _request_members(self, conn: GatewayConnection, d: dict[str, Any]) -> None:
        guild = next((g for g in self.state.guilds if str(g.id) == str(d.get("guild_id"))), None)
        if guild is None:
            return
        members = guild.members
        if d.get("user_ids"):
            wanted = {
                int(u)
                for u in (d["user_ids"] if isinstance(d["user_ids"], list) else [d["user_ids"]])
            }
            members = [m for m in members if m.id in wanted]
        elif d.get("query"):
            members = [m for m in members if m.name.lower().startswith(str(d["query"]).lower())]
        if d.get("limit"):
            members = members[: int(d["limit"])]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [guild.member_payload(m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if d.get("nonce") is not None:
            chunk["nonce"] = d["nonce"]
        conn.dispatch("GUILD_MEMBERS_CHUNK", chunk)
