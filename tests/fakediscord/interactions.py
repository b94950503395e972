"""Building INTERACTION_CREATE payloads the way the Discord client would, and
:class:`InteractionResult`, the test-side handle on what the bot answered.

An interaction in a guild channel carries that channel's guild (its id, the member, the
resolved members and roles); one in a DM carries the user and resolves no member.
"""

from __future__ import annotations

from typing import Any

from tests.hang import HANG_SECONDS

from .models import Channel, Guild, Message, User
from .state import (
    CB_AUTOCOMPLETE,
    CB_DEFERRED_MESSAGE,
    CB_DEFERRED_UPDATE,
    CB_MESSAGE,
    CB_MODAL,
    CB_UPDATE_MESSAGE,
    FakeState,
    InteractionRecord,
)

# Application command option types
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
)

CALLBACK_NAMES = {
    1: "pong",
    CB_MESSAGE: "message",
    CB_DEFERRED_MESSAGE: "deferred message",
    CB_DEFERRED_UPDATE: "deferred update",
    CB_UPDATE_MESSAGE: "update message",
    CB_AUTOCOMPLETE: "autocomplete result",
    CB_MODAL: "modal",
}


def _id_of(value: Any) -> int:
    return int(getattr(value, "id", value))


def build_command_data(
    state: FakeState,
    command: dict[str, Any],
    subcommand: str | None,
    options: dict[str, Any],
    *,
    guild: Guild | None,
    focused: str | None = None,
) -> dict[str, Any]:
    """The ``data`` of a type 2 (or, with ``focused``, type 4) interaction in `guild` (None in
    a DM).

    ``subcommand`` is ``"name"`` or ``"group name"``. Option values are converted according to
    the registered option types; users/channels/roles go into ``resolved``.
    """
    path = subcommand.split() if subcommand else []
    definitions: list[dict[str, Any]] = command.get("options", [])
    chain: list[dict[str, Any]] = []
    for part in path:
        found = next(
            (
                o
                for o in definitions
                if o["name"] == part and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
            ),
            None,
        )
        if found is None:
            known = [
                o["name"] for o in definitions if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
            ]
            raise ValueError(f"/{command['name']} has no subcommand {part!r} (known: {known})")
        chain.append(found)
        definitions = found.get("options", [])
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in definitions):
        known = [o["name"] for o in definitions]
        raise ValueError(
            f"/{command['name']} {subcommand or ''} needs a subcommand (one of {known})"
        )

    label = " ".join(["/" + command["name"], *path])
    by_name = {o["name"]: o for o in definitions}
    unknown = set(options) - set(by_name)
    if unknown:
        raise ValueError(f"{label} has no option(s) {sorted(unknown)} (known: {sorted(by_name)})")
    if focused is None:
        missing = [o["name"] for o in definitions if o.get("required") and o["name"] not in options]
        if missing:
            raise ValueError(f"{label} is missing required option(s) {missing}")
    elif focused not in by_name:
        raise ValueError(f"{label} has no option {focused!r} to focus")
    elif not by_name[focused].get("autocomplete"):
        raise ValueError(f"{label} option {focused!r} has no autocomplete")

    resolved: dict[str, dict[str, Any]] = {}
    leaf: list[dict[str, Any]] = []
    for name, value in options.items():
        definition = by_name[name]
        if name == focused:
            leaf.append(
                {"name": name, "type": definition["type"], "value": str(value), "focused": True}
            )
            continue
        leaf.append(
            {
                "name": name,
                "type": definition["type"],
                "value": _convert(state, guild, definition, value, resolved),
            }
        )
    if focused is not None and focused not in options:
        leaf.append(
            {"name": focused, "type": by_name[focused]["type"], "value": "", "focused": True}
        )

    wrapped = leaf
    for parent in reversed(chain):
        wrapped = [{"name": parent["name"], "type": parent["type"], "options": wrapped}]

    data: dict[str, Any] = {
        "id": command["id"],
        "name": command["name"],
        "type": command.get("type", 1),
    }
    if wrapped:
        data["options"] = wrapped
    if resolved:
        data["resolved"] = resolved
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    return data


def _convert(
    state: FakeState,
    guild: Guild | None,
    definition: dict[str, Any],
    value: Any,
    resolved: dict[str, dict[str, Any]],
) -> Any:
    kind = definition["type"]
    if kind == STRING:
        result: Any = str(value)
    elif kind == INTEGER:
        result = int(value)
    elif kind == NUMBER:
        result = float(value)
    elif kind == BOOLEAN:
        result = bool(value)
    elif kind == USER or (kind == MENTIONABLE and _id_of(value) in state.users):
        user = state.users.get(_id_of(value))
        if user is None:
            raise ValueError(f"unknown user {value!r}")
        resolved.setdefault("users", {})[str(user.id)] = user.to_payload()
        if guild is not None and user in guild.members:
            member = guild.member_payload(user, with_user=False, permissions=True)
            resolved.setdefault("members", {})[str(user.id)] = member
        return str(user.id)
    elif kind in (ROLE, MENTIONABLE):
        if guild is None or _id_of(value) != guild.everyone.id:
            raise ValueError(f"unknown role {value!r}")
        resolved.setdefault("roles", {})[str(guild.everyone.id)] = guild.everyone.to_payload()
        return str(guild.everyone.id)
    elif kind == CHANNEL:
        channel = state.get_channel(_id_of(value))
        payload = {**channel.to_payload(), "permissions": str(state.base_permissions(channel))}
        resolved.setdefault("channels", {})[str(channel.id)] = payload
        return str(channel.id)
    else:
        raise NotImplementedError(f"option type {kind} is not supported by the fake client")
    choices = definition.get("choices")
    if choices and result not in [c["value"] for c in choices]:
        raise ValueError(f"{result!r} is not a choice of option {definition['name']!r}: {choices}")
    return result


def interaction_payload(
    state: FakeState,
    record: InteractionRecord,
    data: dict[str, Any],
    message: Message | None = None,
) -> dict[str, Any]:
    """A full INTERACTION_CREATE payload for ``record``, in its channel's guild or DM."""
    channel: Channel = record.channel
    user: User = record.user
    guild = state.guild_of(channel)
    payload: dict[str, Any] = {
        "id": str(record.id),
        "application_id": str(state.application_id),
        "type": record.type,
        "token": record.token,
        "version": 1,
        "data": data,
        "channel_id": str(channel.id),
        "channel": channel.to_payload(),
        "app_permissions": str(state.bot_permissions(channel)),
        "locale": user.locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": 10 * 1024 * 1024,
        "authorizing_integration_owners": (
            {"1": str(user.id)} if guild is None else {"0": str(guild.id)}
        ),
        "context": 1 if guild is None else 0,
    }
    if guild is not None:
        payload["guild_id"] = str(guild.id)
        payload["guild"] = {"id": str(guild.id), "locale": "en-US", "features": []}
        payload["guild_locale"] = "en-US"
        payload["member"] = guild.member_payload(user, permissions=True)
    else:
        payload["user"] = user.to_payload()
    if message is not None:
        payload["message"] = message.to_payload()
    return payload


def modal_components(
    layout: list[dict[str, Any]], values: dict[str, Any], label: str | None = None
) -> list[dict[str, Any]]:
    """Mirror the modal's layout the way Discord submits it.

    ``values`` is keyed by a field's custom_id or by its label (TextInput label or Label text).
    """
    submitted: list[dict[str, Any]] = []
    for comp in layout:
        kind = comp.get("type")
        if kind == 1:
            submitted.append(
                {"type": 1, "components": modal_components(comp.get("components", []), values)}
            )
        elif kind == 18 and isinstance(comp.get("component"), dict):
            inner = modal_components([comp["component"]], values, comp.get("label"))
            if inner:
                submitted.append({"type": 18, "component": inner[0]})
        elif "custom_id" in comp:
            key: str = (
                comp["custom_id"]
                if comp["custom_id"] in values
                else comp.get("label") or label or ""
            )
            if kind == 4:
                value = values.get(key, comp.get("value") or "")
                submitted.append({"type": 4, "custom_id": comp["custom_id"], "value": str(value)})
            else:
                chosen = values.get(key, [])
                chosen = [chosen] if isinstance(chosen, str) else list(chosen)
                submitted.append(
                    {
                        "type": kind,
                        "custom_id": comp["custom_id"],
                        "values": [str(v) for v in chosen],
                    }
                )
    return submitted


class InteractionResult:
    """What the bot did with one interaction (initial callback, original message, followups).

    All ``await`` helpers raise :class:`~tests.fakediscord.state.FakeDiscordTimeout` on timeout.
    """

    def __init__(self, state: FakeState, record: InteractionRecord) -> None:
        self._state = state
        self.record = record

    def __repr__(self) -> str:
        kind = CALLBACK_NAMES.get(self.record.callback_type or 0, "pending")
        return f"<InteractionResult {self.record.label} id={self.id} callback={kind}>"

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def token(self) -> str:
        return self.record.token

    @property
    def callback_type(self) -> int | None:
        """Initial callback type (4 message, 5 deferred, 6 deferred update, 7 update, 8, 9).

        None while the bot has not answered yet.
        """
        return self.record.callback_type

    @property
    def callback_data(self) -> dict[str, Any] | None:
        return self.record.callback_data

    @property
    def deferred(self) -> bool:
        return self.record.callback_type in (CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE)

    @property
    def original(self) -> Message | None:
        """The ``@original`` message as it is now (None before the callback or after deletion)."""
        message = self._state.messages.get(self.record.original_id or 0)
        return None if message is None or message.deleted else message

    @property
    def followup_messages(self) -> list[Message]:
        return [self._state.messages[i] for i in self.record.followup_ids]

    @property
    def messages(self) -> list[Message]:
        """Every message created for this interaction (original first), including deleted ones."""
        return sorted(self._state.by_interaction.get(self.record.id, ()), key=lambda m: m.seq)

    async def acknowledged(self, timeout: float = HANG_SECONDS) -> int:
        """Wait for the initial callback and return its type."""
        return await self._state.wait_for(
            self._ack, timeout, f"the bot to acknowledge {self.record.label}"
        )

    def _ack(self) -> int | None:
        if self.record.expired:
            raise AssertionError(
                f"{self.record.label}: the bot did not acknowledge within the interaction "
                f"deadline ({self._state.interaction_deadline}s); Discord would show "
                "'The application did not respond'"
            )
        return self.record.callback_type

    async def response(self, timeout: float = HANG_SECONDS) -> Message:
        """The first reply the user sees.

        * message (4): the created message; update (7): the updated component message;
        * deferred (5): waits until the "thinking" placeholder is filled (edit or first followup);
        * deferred update (6): waits for the component message to be edited, or a first followup.
        """
        kind = await self.acknowledged(timeout)
        if kind in (CB_AUTOCOMPLETE, CB_MODAL):
            raise AssertionError(
                f"{self.record.label} was answered with {CALLBACK_NAMES[kind]}, not a message"
            )
        return await self._state.wait_for(
            self._visible_reply, timeout, f"a reply to {self.record.label}"
        )

    def _visible_reply(self) -> Message | None:
        record = self.record
        original = self._state.messages.get(record.original_id or 0)
        if record.callback_type in (CB_MESSAGE, CB_UPDATE_MESSAGE):
            return original
        if record.callback_type == CB_DEFERRED_MESSAGE:
            return original if original is not None and not original.loading else None
        if record.callback_type == CB_DEFERRED_UPDATE:
            if original is not None and len(original.history) > record.source_revisions_at_ack:
                return original
            return self.followup_messages[0] if record.followup_ids else None
        return None

    async def followups(self, count: int = 1, timeout: float = HANG_SECONDS) -> list[Message]:
        """Wait until at least ``count`` followups were sent; return all of them.

        After a "thinking" defer the first followup fills the placeholder, so it is the
        original message.
        """
        await self.acknowledged(timeout)
        return await self._state.wait_for(
            lambda: self.followup_messages if len(self.record.followup_ids) >= count else None,
            timeout,
            f"{count} followup(s) to {self.record.label}",
        )

    async def edited(self, timeout: float = HANG_SECONDS, *, revisions: int = 1) -> Message:
        """Wait until the original message has been edited ``revisions`` times."""
        await self.acknowledged(timeout)

        def check() -> Message | None:
            original = self.original
            return original if original is not None and len(original.history) >= revisions else None

        return await self._state.wait_for(
            check, timeout, f"an edit of the original reply to {self.record.label}"
        )

    async def modal(self, timeout: float = HANG_SECONDS) -> dict[str, Any]:
        """The modal the bot opened (``custom_id``, ``title``, ``components``)."""
        kind = await self.acknowledged(timeout)
        if kind != CB_MODAL:
            raise AssertionError(
                f"{self.record.label} was answered with {CALLBACK_NAMES.get(kind)}, not a modal"
            )
        assert self.record.callback_data is not None
        return self.record.callback_data

    async def choices(self, timeout: float = HANG_SECONDS) -> list[dict[str, Any]]:
        """Autocomplete choices (``[{"name": ..., "value": ...}]``)."""
        kind = await self.acknowledged(timeout)
        if kind != CB_AUTOCOMPLETE:
            raise AssertionError(
                f"{self.record.label} was answered with {CALLBACK_NAMES.get(kind)}, not choices"
            )
        return list((self.record.callback_data or {}).get("choices", []))
