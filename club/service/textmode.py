"""Text mode: a person's choice to get boards as text (a text board per game, `render.textboards`)
instead of pictures, wherever the bot answers or writes to them alone (direct messages and
answers only they see). The choice is the person's, on every server and in direct messages;
channel posts keep their picture and its alt text for everyone."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from club.storage.readers import TextReaders

ON_WORDS = (
    "Text mode is on: boards sent to you alone (`/board`, `/secret`, `/learn`, `/review`, "
    "`/replay`, `/history`, your direct messages) come as text, and `/look` answers quick "
    "questions. `/textmode on:False` turns it off."
)
OFF_WORDS = (
    "Text mode is off: boards come as pictures (each with its description). "
    "`/textmode on:True` sends them as text instead."
)


class TextMode:
    """Who reads boards as text."""

    def __init__(self, readers: TextReaders, clock: Callable[[], float]) -> None:
        self._readers = readers
        self._now = clock

    async def reads_text(self, user_id: int) -> bool:
        return user_id in await self._readers.reading([user_id])

    async def readers(self, user_ids: Sequence[int]) -> frozenset[int]:
        """Those of `user_ids` in text mode."""
        return await self._readers.reading(user_ids)

    async def choose(self, user_id: int, on: bool) -> str:
        """Turn the person's text mode on or off; what they are told."""
        await self._readers.choose(user_id, on, self._now())
        return ON_WORDS if on else OFF_WORDS

    async def described(self, user_id: int) -> str:
        """What the person's text mode is now and how to change it."""
        return ON_WORDS if await self.reads_text(user_id) else OFF_WORDS
