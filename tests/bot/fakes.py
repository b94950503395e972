"""Stand-ins for the parts of a discord.Interaction that the bot's helpers touch."""

from __future__ import annotations


class FakeResponse:
    """`interaction.response`: records (text, ephemeral) of each message sent."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, bool]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, text: str, *, ephemeral: bool = False) -> None:
        self.sent.append((text, ephemeral))
