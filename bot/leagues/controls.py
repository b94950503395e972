"""The sign-up message's Join and Leave buttons, which survive restarts: their custom ids,
`mars:league:<league id>:<join|leave>`, carry the league, so any process answers them. The
sign-up itself is done by the leagues' cog (`bot.leagues.cog.LeagueCommands.sign_up`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.courier.persistent import Button, message_view

if TYPE_CHECKING:
    from bot.client import MarsBot

_LABELS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
}


class SignUpButton(Button, template=r"mars:league:(?P<league_id>\d+):(?P<action>join|leave)"):
    fields = (("league_id", int), ("action", str))

    def __init__(self, league_id: int, action: str, *, disabled: bool = False) -> None:
        label, style = _LABELS[action]
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style,
                custom_id=f"mars:league:{league_id}:{action}",
                disabled=disabled,
            )
        )
        self.league_id = league_id
        self.action = action

    async def answer(self, interaction: discord.Interaction[MarsBot]) -> None:
        await interaction.client.league_commands.sign_up(interaction, self.league_id, self.action)


def sign_up_buttons(league_id: int, *, disabled: bool = False) -> discord.ui.View:
    """Join / Leave, greyed out once sign-up has closed."""
    view = message_view()
    for action in _LABELS:
        view.add_item(SignUpButton(league_id, action, disabled=disabled))
    return view
