"""Join, leave and start, shared by the slash commands and the lobby message's buttons.

From a button the lobby message is edited in place; from a command the user gets a reply and the
lobby message is brought up to date as well (by `bot.lobby.message`, which keeps it showing the
lobby as the database holds it, however many act at once). What takes time is acknowledged
first: a button is deferred as an update of its message and `/start` as a private "thinking"
reply, so a refusal that follows still reaches the user alone. `/join` and `/leave` answer the
channel in public, so they answer at once (one short, locked lookup), leaving a refusal free to
be private.

A person who sits down at a table (by joining it or by opening it) of a game they have never
finished on this server is told privately, once, that `/learn` teaches it (see `FirstGames`).
"""

from __future__ import annotations

import logging

import discord

from bot.courier.delivery import Courier
from bot.courier.replies import channel_of, committed, player_of, say_privately
from bot.lobby.controls import ADD_COMPUTER
from bot.lobby.message import LobbyMessages
from club.catalogue import Catalogue
from club.service import Lobby, Notice, TableService, wording

log = logging.getLogger(__name__)


def from_button(interaction: discord.Interaction) -> bool:
    return interaction.type is discord.InteractionType.component


class FirstGames:
    """Who has been settled, in this process, about a game's first-game word: told that
    `/learn` teaches it, or found to have finished a game of it already, so the database is
    asked once per person and game (it records who was told: see `first_game`)."""

    def __init__(self) -> None:
        self._settled: set[tuple[int, str]] = set()

    def settled(self, user_id: int, game_key: str) -> bool:
        return (user_id, game_key) in self._settled

    def settle(self, user_id: int, game_key: str) -> None:
        self._settled.add((user_id, game_key))


class Seating:
    """Seats players at the channel's lobby of a game of `catalogue` and starts its game,
    through `service`; `courier` tells the table and sends the test DM; `messages` keeps the
    lobby messages up to date."""

    def __init__(self, service: TableService, courier: Courier, catalogue: Catalogue) -> None:
        self.service = service
        self.catalogue = catalogue
        self.courier = courier
        self.messages = LobbyMessages(service)
        self.first_games = FirstGames()

    async def act(
        self, interaction: discord.Interaction, action: str, game_id: int | None = None
    ) -> None:
        """Do `action` (join, leave, start, or seat or unseat a computer player; see
        `bot.lobby.cog.LobbyCommands.act`) for the interaction's user in its channel;
        `game_id` is the lobby a button belongs to (None: the channel's open lobby)."""
        channel_id = channel_of(interaction)
        player = player_of(interaction)
        if from_button(interaction):
            await interaction.response.defer()
        elif action == "start":
            await interaction.response.defer(ephemeral=True, thinking=True)
        if action == "start":
            update = await self.service.lobbies.start(channel_id, player, game_id)
            committed(interaction, "queued")
            await self.show_closed_lobby(interaction, update.game_id)
            await self.courier.tell_table(interaction, update.game_id, queued=update.queued)
            return
        if action == "join":
            lobby = await self.service.lobbies.join(channel_id, player, game_id)
            said = f"<@{player.user_id}> joined the {lobby.title} table."
        elif action.startswith(ADD_COMPUTER):
            level = action.removeprefix(ADD_COMPUTER)
            lobby = await self.service.lobbies.add_computer(channel_id, player, level, game_id)
            said = f"<@{player.user_id}> seated a computer player ({level})."
        elif action == "remove-computer":
            lobby = await self.service.lobbies.remove_computer(channel_id, player, game_id)
            said = f"<@{player.user_id}> unseated a computer player."
        else:
            lobby = await self.service.lobbies.leave(channel_id, player, game_id)
            said = f"<@{player.user_id}> left the {lobby.title} table."
        committed(interaction)
        await self.show_lobby(interaction, lobby, said)
        if action == "join":
            await self.welcome(interaction, lobby)

    async def show_lobby(self, interaction: discord.Interaction, lobby: Lobby, said: str) -> None:
        """Bring the lobby message up to date (from a button) or reply and update it
        (command)."""
        if from_button(interaction):
            await self.messages.refresh(interaction, lobby.game_id)
            return
        await self.announce(interaction, lobby, said)

    async def announce(self, interaction: discord.Interaction, lobby: Lobby, said: str) -> None:
        """Tell the channel `said` (without pings) and bring the lobby message up to date."""
        await interaction.response.send_message(
            said, allowed_mentions=discord.AllowedMentions.none()
        )
        await self.messages.refresh(interaction, lobby.game_id)

    async def show_closed_lobby(self, interaction: discord.Interaction, game_id: int) -> None:
        """Take the buttons off the lobby message once the game starts."""
        if not from_button(interaction):
            await say_privately(interaction, "The game has started; its board is posted below.")
        await self.messages.refresh(interaction, game_id)

    async def welcome(self, interaction: discord.Interaction, lobby: Lobby) -> None:
        """What a person who has just sat down at `lobby` is told privately: that their DMs
        fail (games with secrets), and at their first table of the game, that `/learn`
        teaches it."""
        await self.check_dms(interaction, lobby)
        await self.first_game(interaction, lobby)

    async def first_game(self, interaction: discord.Interaction, lobby: Lobby) -> None:
        """Tell the user, once, that `/learn` teaches the game when they have never finished a
        game of it on this server. A word that cannot be looked up or sent is logged, never
        answered as an error: the seat is taken either way."""
        user_id, key = interaction.user.id, lobby.game_key
        if self.first_games.settled(user_id, key):
            return
        try:
            first = await self.service.lobbies.first_game(interaction.guild_id, user_id, key)
            self.first_games.settle(user_id, key)
            if first:
                await say_privately(interaction, wording.first_game(lobby.title, key))
        except Exception:  # a courtesy: the join stands whatever happens to it
            log.warning("The first-game word for %s was not told", key, exc_info=True)

    async def check_dms(self, interaction: discord.Interaction, lobby: Lobby) -> None:
        """For games with secrets: test-DM the new player and warn them privately if it
        fails."""
        if self.catalogue[lobby.game_key].game.information == "open":
            return
        hello = Notice(wording.joined(lobby.title), user_id=interaction.user.id)
        if not await self.courier.send_dm(hello):
            await say_privately(
                interaction,
                "I could not send you a direct message. Allow DMs from this server's members, "
                "or use `/secret` during the game to see your private information.",
            )
