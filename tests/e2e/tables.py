"""Helpers for the games' end-to-end tests: opening a table and playing through Discord."""

from __future__ import annotations

import io
import re
from typing import Any

from PIL import Image

from tests.fakediscord import FakeDiscord, Message, User

MENTION = re.compile(r"<@(\d+)>")


def png_of(message: Message) -> Image.Image:
    """The message's one attachment, checked to be a PNG with alt text."""
    [attachment] = message.attachments
    assert attachment.filename.endswith(".png")
    assert attachment.description, "the board needs alt text"
    image = Image.open(io.BytesIO(attachment.data))
    image.load()
    assert image.format == "PNG"
    return image


async def open_table(
    fake: FakeDiscord,
    channel: str,
    game: str,
    creator: User,
    others: list[User],
    options: dict[str, Any] | None = None,
) -> Message:
    """`/new <game>` by `creator`, `/join` by each of `others`, `/start`: the opening message."""
    lobby = await (
        await fake.slash(creator, channel, "new", subcommand=game, options=options or {})
    ).response()
    assert not lobby.ephemeral, lobby.content
    for user in others:
        joined = await (await fake.slash(user, channel, "join")).response()
        assert not joined.ephemeral, joined.content
    started = await (await fake.slash(creator, channel, "start")).response()
    assert "begins" in started.content, started.content
    return started


async def refused(fake: FakeDiscord, user: User, channel: str, command: str, **options: Any) -> str:
    """Run a command that must be refused: the answer is ephemeral; its text is returned."""
    reply = await (await fake.slash(user, channel, command, options=options)).response()
    assert reply.ephemeral, reply.content
    return reply.content


async def legal_moves(fake: FakeDiscord, user: User, channel: str, typed: str = "") -> list[str]:
    """The moves the bot's `/move` autocomplete offers `user` for what they typed."""
    choices = await fake.autocomplete(
        user, channel, "move", options={"text": typed}, focused="text"
    )
    return [c["value"] for c in choices]


async def move(fake: FakeDiscord, user: User, channel: str, text: str) -> Message:
    """`/move text` by `user`: the reply (public for a public move, ephemeral for a secret one)."""
    return await (await fake.slash(user, channel, "move", options={"text": text})).response()
