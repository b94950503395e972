"""Stand-ins for the parts of a discord.Interaction that the bot's helpers touch."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any


class FakeResponse:
    """`interaction.response`: records (text, ephemeral) of each message sent; a deferral is
    recorded apart (`deferral`: ephemeral, thinking), as it is no answer yet."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, bool]] = []
        self.deferral: tuple[bool, bool] | None = None

    def is_done(self) -> bool:
        return bool(self.sent) or self.deferral is not None

    async def send_message(self, text: str, *, ephemeral: bool = False, **parts: Any) -> None:
        self.sent.append((text, ephemeral))

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self.deferral = (ephemeral, thinking)


class FakeFollowup:
    """`interaction.followup`: records into the response's `sent`. As on Discord, the first
    follow-up after a "thinking" deferral fills its placeholder and is private only if the
    deferral was."""

    def __init__(self, response: FakeResponse) -> None:
        self.response = response

    async def send(self, text: str, *, ephemeral: bool = False, **parts: Any) -> None:
        deferral = self.response.deferral
        if deferral is not None and deferral[1] and not self.response.sent:
            ephemeral = deferral[0]
        self.response.sent.append((text, ephemeral))


class Counted(ThreadPoolExecutor):
    """A picture pool that counts the pictures handed to it."""

    def __init__(self) -> None:
        super().__init__(1)
        self.drawn = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.drawn += 1
        return super().submit(fn, *args, **kwargs)
