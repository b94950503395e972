"""The confirming press of `/resign` and `/abandon`: each command answers its user alone with a
button (labelled in words) that does it, theirs alone, for `CONFIRM_SECONDS`; a press after
that, or by someone else, changes nothing and says why. The button carries its channel, so it
acts on that channel's table whichever process answers it."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, ClassVar

import discord

from bot.courier.persistent import NEVER, Button, message_view
from bot.courier.replies import say_privately
from engine.words import Unit

if TYPE_CHECKING:
    from bot.client import MarsBot

CONFIRM_SECONDS = 300
"""How long a confirming button may be pressed."""
FIELDS = (("channel_id", int), ("user_id", int), ("until", int))


def confirming(
    button: discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
) -> discord.ui.View:
    """A view holding `button` alone (it outlives the view: it is a persistent control)."""
    view = message_view()
    view.add_item(button)
    return view


def prompt(what: str, label: str) -> str:
    """`Resign from this game? Press **Resign** within 5 minutes to confirm.`"""
    return (
        f"{what} Press **{label}** within {Unit('minute').of(CONFIRM_SECONDS // 60)} to "
        "confirm; otherwise nothing changes."
    )


def deadline() -> int:
    """Until when (Unix seconds) a button made now may be pressed."""
    return int(time.time()) + CONFIRM_SECONDS


async def refused(interaction: discord.Interaction, user_id: int, until: int, command: str) -> bool:
    """Whether the press is refused (someone else's button, or too late), saying why."""
    if interaction.user.id != user_id:
        said = f"This button is someone else's; nothing was changed. Use `{command}` yourself."
    elif time.time() > until:
        said = f"This confirmation has expired; nothing was changed. Use `{command}` again."
    else:
        return False
    await say_privately(interaction, said)
    return True


class Confirming(Button, template=NEVER):
    """A confirming button: its user's alone, until its time; pressed, it does `confirmed`."""

    fields = FIELDS
    KIND: ClassVar[str]
    """The command it confirms, which also names it in custom ids (`mars:resign:...`)."""
    LABEL: ClassVar[str]

    def __init__(self, channel_id: int, user_id: int, until: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=self.LABEL,
                style=discord.ButtonStyle.danger,
                custom_id=f"mars:{self.KIND}:{channel_id}:{user_id}:{until}",
            )
        )
        self.channel_id, self.user_id, self.until = channel_id, user_id, until

    async def answer(self, interaction: discord.Interaction[MarsBot]) -> None:
        if not await refused(interaction, self.user_id, self.until, f"/{self.KIND}"):
            await self.confirmed(interaction)

    async def confirmed(self, interaction: discord.Interaction[MarsBot]) -> None:
        """Do what was confirmed."""
        raise NotImplementedError


class ResignButton(
    Confirming, template=r"mars:resign:(?P<channel_id>\d+):(?P<user_id>\d+):(?P<until>\d+)"
):
    KIND = "resign"
    LABEL = "Resign"

    async def confirmed(self, interaction: discord.Interaction[MarsBot]) -> None:
        await interaction.client.play_commands.resign_now(interaction, self.channel_id)


class AbandonButton(
    Confirming, template=r"mars:abandon:(?P<channel_id>\d+):(?P<user_id>\d+):(?P<until>\d+)"
):
    KIND = "abandon"
    LABEL = "Abandon the game"

    async def confirmed(self, interaction: discord.Interaction[MarsBot]) -> None:
        await interaction.client.play_commands.abandon_now(interaction, self.channel_id)
