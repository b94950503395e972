"""Gateway websocket (v10, JSON text frames, no compression).

The client may ask for ``compress=zlib-stream`` in the query string (discord.py always does);
we ignore it and send plain text frames, which discord.py parses without decompression.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import Any

from aiohttp import WSMsgType, web

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


class GatewayConnection:
    """One websocket connection; outgoing frames go through an ordered queue."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.session_id: str | None = None
        self.seq = 0
        self.intents = 0
        self.presence: dict[str, Any] | None = None
        self.closed = False
        self._queue: asyncio.Queue[Any] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write_loop())

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
    """Accepts bot connections, performs IDENTIFY/RESUME and dispatches events."""

    def __init__(
        self, state: FakeState, *, heartbeat_interval: float, allowed_intents: int
    ) -> None:
        self.state = state
        self.url = ""  # ws://127.0.0.1:PORT/gateway, set by the server
        self.heartbeat_interval_ms = int(heartbeat_interval * 1000)
        self.allowed_privileged_intents = allowed_intents
        self.current: GatewayConnection | None = None
        self.connections: list[GatewayConnection] = []
        self.sessions: dict[str, int] = {}  # session id -> last sequence seen, for RESUME
        self.connection_count = 0  # READY or RESUMED sent so far
        self.identifies: list[dict[str, Any]] = []
        state.on_event = self.dispatch_event

    @property
    def connected(self) -> bool:
        return self.current is not None and not self.current.closed

    # -- dispatching ---------------------------------------------------------------------

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Dispatch to the live session; raise if no bot is connected."""
        if not self.connected:
            raise RuntimeError(f"cannot dispatch {event}: no bot is connected to the fake gateway")
        assert self.current is not None
        self.current.dispatch(event, data)

    def dispatch_event(self, event: str, data: dict[str, Any]) -> None:
        """Intent-filtered dispatch of world events (message create/update/delete, member add)."""
        conn = self.current
        if conn is None or conn.closed:
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

    async def disconnect(self, code: int = 4000) -> None:
        """Drop the current connection (discord.py will try to RESUME)."""
        if self.current is not None:
            self.current.close(code, "fake disconnect")

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
                self.sessions[conn.session_id] = conn.seq
            await conn.stop()
            if self.current is conn:
                self.current = None
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
        intents = int(d.get("intents", 0))
        if intents & PRIVILEGED_INTENTS & ~self.allowed_privileged_intents:
            conn.close(4014, "Disallowed intent(s).")
            return
        self.identifies.append({k: v for k, v in d.items() if k != "token"})
        conn.intents = intents
        conn.session_id = secrets.token_hex(16)
        state = self.state
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
                "guilds": [{"id": str(state.guild.id), "unavailable": True}],
                "session_id": conn.session_id,
                "session_type": "normal",
                "resume_gateway_url": self.url,
                "application": {"id": str(state.application_id), "flags": APPLICATION_FLAGS},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "geo_ordered_rtc_regions": [],
                "shard": [0, 1],
                "_trace": ["fake-discord"],
            },
        )
        conn.dispatch("GUILD_CREATE", state.guild.to_payload())
        self._mark_connected(conn)

    def _resume(self, conn: GatewayConnection, d: dict[str, Any]) -> None:
        session_id = d.get("session_id")
        if not self._token_ok(d.get("token")) or session_id not in self.sessions:
            conn.send(INVALID_SESSION, False)
            return
        conn.session_id = session_id
        conn.seq = max(int(d.get("seq") or 0), self.sessions[session_id])
        identify = self.identifies[-1] if self.identifies else {}
        conn.intents = int(identify.get("intents", 0))
        conn.dispatch("RESUMED", {"_trace": ["fake-discord"]})
        self._mark_connected(conn)

    def _mark_connected(self, conn: GatewayConnection) -> None:
        if self.current is not None and self.current is not conn:
            self.current.close(4009, "Session superseded.")
        self.current = conn
        self.connection_count += 1
        log.info("bot session %s ready (connection #%d)", conn.session_id, self.connection_count)
        self.state.notify()

    def _request_members(self, conn: GatewayConnection, d: dict[str, Any]) -> None:
        guild = self.state.guild
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
