"""Helpers for the games' end-to-end tests: opening a table and playing through Discord."""

from __future__ import annotations

import io
import re
from typing import Any

from PIL import Image

from tests.fakediscord import Channel, FakeDiscord, Message, User

Place = Channel | str
"""A channel, or the name of one of the first guild's channels."""

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


HINT = "I could not send you a direct message"


def marks(fake: FakeDiscord, channel: Place) -> dict[int, int]:
    """The channel's messages and how often each was edited, now (see `board_after`)."""
    return {m.id: len(m.history) for m in fake.messages(channel)}


FOOTER = re.compile(r"your turn\.|Waiting for|is thinking\.|\*\*Game over\.\*\*")
"""What the last message of a delivery ends with (earlier catch-up messages have no footer)."""


def _changed_boards(fake: FakeDiscord, channel: Place, before: dict[int, int]) -> list[Message]:
    return [
        m
        for m in fake.messages(channel)
        if m.interaction_id is None
        and HINT not in m.content
        and FOOTER.search(m.content)
        and (m.id not in before or len(m.history) > before[m.id])
    ]


async def board_after(fake: FakeDiscord, channel: Place, before: dict[int, int]) -> Message:
    """The channel's board message once it has changed since `before`: a message the bot
    posted or edited itself (not an interaction's reply, not a closed-DM hint)."""
    await fake.state.wait_for(
        lambda: bool(_changed_boards(fake, channel, before)), 10, "the board to change"
    )
    return _changed_boards(fake, channel, before)[-1]


def picker_of(message: Message) -> tuple[str, list[str]]:
    """The custom id and the option values of the message's move menu."""
    [custom_id] = [c for c in message.custom_ids if c.startswith("mars:pick:")]
    component = message.component(custom_id)
    assert component is not None
    return custom_id, [option["value"] for option in component["options"]]


async def open_table(
    fake: FakeDiscord,
    channel: Place,
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
    before = marks(fake, channel)
    started = await (await fake.slash(creator, channel, "start")).response()
    assert started.ephemeral and "has started" in started.content, started.content
    opening = await board_after(fake, channel, before)
    assert "begins" in opening.content, opening.content
    return opening


async def refused(
    fake: FakeDiscord, user: User, channel: Place, command: str, **options: Any
) -> str:
    """Run a command that must be refused: the answer is ephemeral; its text is returned."""
    reply = await (await fake.slash(user, channel, command, options=options)).response()
    assert reply.ephemeral, reply.content
    return reply.content


async def legal_moves(fake: FakeDiscord, user: User, channel: Place, typed: str = "") -> list[str]:
    """The moves the bot's `/move` autocomplete offers `user` for what they typed."""
    choices = await fake.autocomplete(
        user, channel, "move", options={"text": typed}, focused="text"
    )
    return [c["value"] for c in choices]


async def move(fake: FakeDiscord, user: User, channel: Place, text: str) -> Message:
    """`/move text` by `user`: the private reply (a confirmation, a refusal or a menu)."""
    return await (await fake.slash(user, channel, "move", options={"text": text})).response()


async def play(fake: FakeDiscord, user: User, channel: Place, text: str) -> Message:
    """`/move text` by `user`, confirmed privately: the channel's board message after it."""
    before = marks(fake, channel)
    reply = await move(fake, user, channel, text)
    assert reply.ephemeral and reply.content.startswith("Done"), reply.content
    return await board_after(fake, channel, before)


async def press(
    fake: FakeDiscord, user: User, channel: Place, message: Message, custom_id: str
) -> Message:
    """Press a move button under the board, confirmed privately: the board after it."""
    before = marks(fake, channel)
    reply = await (await fake.click(user, message, custom_id)).response()
    assert reply.ephemeral and reply.content.startswith("Done"), reply.content
    return await board_after(fake, channel, before)


async def history(fake: FakeDiscord, user: User, channel: Place) -> str:
    """The `/history` the user sees (privately), from the message or its attached file."""
    reply = await (await fake.slash(user, channel, "history")).response()
    assert reply.ephemeral
    return "\n".join([reply.content, *(a.data.decode() for a in reply.attachments)])


async def resign(fake: FakeDiscord, user: User, channel: Place) -> Message:
    """`/resign` by `user`, confirmed with the button labelled Resign: the private reply (the
    prompt, become the confirmation)."""
    prompt = await (await fake.slash(user, channel, "resign")).response()
    assert prompt.ephemeral, prompt.content
    return await (await fake.click(user, prompt, labelled(prompt, "Resign"))).response()


def labelled(message: Message, label: str) -> str:
    """The custom id of the message's one button labelled `label` (found by its words)."""
    [found] = [str(b["custom_id"]) for b in message.buttons if b.get("label") == label]
    return found
