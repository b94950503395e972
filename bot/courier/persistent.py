"""The one shape of the bot's controls that survive restarts (discord.py's `DynamicItem`): a
button or menu whose custom id, matched by its class's `template`, carries what it acts on, so
any process of the bot answers it after a restart.

A control names the template's groups its constructor takes, in order, each with how it is read
(`fields`; a control whose groups make one value reads them in its own `from_custom_id`), and
does its work in `answer`; every failure gets a private answer (see `answer_error`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

import discord

from bot.courier.replies import answer_error

if TYPE_CHECKING:
    from bot.client import MarsBot

ItemT = TypeVar("ItemT", bound=discord.ui.Item[discord.ui.View])
NEVER = r"(?!)"
"""The template of the shape itself, which matches no custom id."""


class Persistent(discord.ui.DynamicItem[ItemT], template=NEVER):
    """A control (`ItemT`: a button or a menu) read back from its custom id by `fields`."""

    fields: ClassVar[tuple[tuple[str, Callable[[str], Any]], ...]] = ()
    """The template's groups the constructor takes, in order, each with how it is read."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(*(read(match[name]) for name, read in cls.fields))

    async def callback(  # type: ignore[override]
        self, interaction: discord.Interaction[MarsBot]
    ) -> None:
        try:
            await self.answer(interaction)
        except Exception as error:  # every failure gets an answer; see answer_error
            await answer_error(interaction, error)

    async def answer(self, interaction: discord.Interaction[MarsBot]) -> None:
        """Do what the control is for."""
        raise NotImplementedError


def message_view() -> discord.ui.View:
    """An empty view for one message's controls (`Persistent` items only). It is stopped from the
    start, so discord.py keeps no copy of it once sent: its items are answered by their class
    from the custom id (`add_dynamic_items`), whatever view or process sent them. Unstopped,
    each view sent was kept, and one of a private message with a 15-minute timer task (measured:
    thousands at a busy table's pace, and the bot's full garbage collections grew past 0.2 s)."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


Button = Persistent[discord.ui.Button[discord.ui.View]]
"""A button that survives restarts."""
Menu = Persistent[discord.ui.Select[discord.ui.View]]
"""A menu (a select) that survives restarts."""
