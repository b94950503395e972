"""`/rules <game>` and `/help`: what the bot does and how each game is played, privately and
anywhere (a direct message too). Nothing here reads a game, so nothing is deferred.

`/rules` answers with the game's quick start and a **Full rules** button, which survives
restarts: its custom id, `mars:rules:<game key>`, names the game, so any process can answer it
with the full guide."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.courier import limits
from bot.courier.persistent import Button, message_view
from club.catalogue import CATALOGUE, Catalogue

if TYPE_CHECKING:
    from bot.client import MarsBot

HELP = """\
**Mars tabletop bot**: one game per channel, moves by slash command.
Games: {games}
`/new <game>` open a table here (then **Join** / **Start**, or `/join`, `/leave`, `/start`)
Alone? `/new <game> bots:1` seats a computer player (`bot_level:` easy, normal or hard); the
lobby's menu adds more. With `hints:True` (unrated), `/hint` asks a computer player what it
would do. With `clock:<hours>` (1-72), once a turn has waited longer, the others may
`/claim win` (those keeping the table waiting resign) or `/claim end` (no result).
`/move <text>` make your move; start typing to see your legal moves
`/board` show the board again (anyone may look, players or not)
`/secret` your private information and moves, only to you
Secret choices (objectives, cards) also come by DM with a menu of your moves.
Buttons under a board (Draw, Done...) play that move for whoever presses them. A finished
game's **Rematch** button opens a new table for its players; first players alternate.
`/history [game]` a game's record as a text file, secret moves never shown · `/replay [game]`
posts an animated replay of a finished game (default: the last one here)
`/review [game]` a finished game seen from your seat, only to you: your chance to win, move
by move, your three biggest drops and the better moves
`/takeback` (or **Take back** under your move's confirmation) ask to undo your last move,
done once everyone else accepts, or at once with the replies when you play alone against
computers (not secret moves, draws, rolls or revealed secrets; none in Mars vs. Earth)
`/resign` leave the game (see `/rules` for what happens then), after a confirming press
`/abandon` end the game with no result (moderators; a lobby's creator may close it), after a
confirming press
`/stats [user]` games, results, rating and streak per game · `/leaderboard <game>` the top 10
`/season standings <game>` a season's standings · `/season list <game>` the seasons
(admins make one with `/season new`)
`/league standings` a league's standings · `/league why @player` why they were paired so ·
`/league drop` leave a league (organisers open one with `/league new`, join with its **Join**)
`/rules <game>` how a game is played and how to write its moves
`/learn <game>` a private lesson, one rule a step
`/textmode on:True` boards sent to you alone come as text for a screen reader, not pictures ·
`/look <what>` a quick answer about the board: the last move, scores, a row, a square, clocks

**Slow tables**
`/mygames` your tables on this server, those waiting on you first, with links
`/notify` how your turn reminders reach you: a daily digest by DM, channel pings, both or none
`/away days:<n>` pause your clocks and reminders while you are away (at most 14 days in any 30;
`days:0` ends it)
`/claim standin` once a turn has waited past the clock, a computer plays that seat (the game
becomes unrated); `/claim back` or your own move takes your seat back
`/settings`, `/status` (server administrators) this server's defaults; the bot's health
`/privacy show`, `export`, `forget` what the bot holds about you; a file of it; erase it
"""

GAME_CHOICES = [
    app_commands.Choice(name=entry.game.title, value=key) for key, entry in CATALOGUE.items()
]


FULL_RULES = "Press **Full rules** for every rule, the notation and the bot's rulings."


async def send_pages(interaction: discord.Interaction, text: str) -> None:
    """`text` privately, in as many messages as Discord's length limit needs (split between
    paragraphs)."""
    first, *more = limits.split(text, limits.CONTENT)
    await interaction.response.send_message(first, ephemeral=True)
    for page in more:
        await interaction.followup.send(page, ephemeral=True)


class RulesButton(
    Button,
    template=r"mars:rules:(?P<game>[a-z]+)",
):
    """**Full rules** under a quick start: sends the game's full guide, privately."""

    fields = (("game", str),)

    def __init__(self, game: str) -> None:
        super().__init__(
            discord.ui.Button(
                label="Full rules",
                style=discord.ButtonStyle.secondary,
                custom_id=f"mars:rules:{game}",
            )
        )
        self.game = game

    async def answer(self, interaction: discord.Interaction[MarsBot]) -> None:
        entry = interaction.client.catalogue.get(self.game)
        if entry is None:  # a game this bot no longer has
            await interaction.response.send_message(
                "That game is no longer here; see `/help`.", ephemeral=True
            )
            return
        await send_pages(interaction, entry.guide.full)


def rules_view(game: str) -> discord.ui.View:
    """The **Full rules** button of `game`, as a message's components."""
    view = message_view()
    view.add_item(RulesButton(game))
    return view


class InfoCommands(commands.Cog):
    """`/rules` and `/help` for the games of `catalogue` (the command's choices list the games
    the code has: the bundled catalogue's keys and titles, which a deck does not change)."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue

    @app_commands.command(name="rules", description="How a game is played, and its notation")
    @app_commands.describe(game="The game to explain")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction[MarsBot], game: str) -> None:
        """The game's quick start, privately, with a button for the full rules."""
        quick = self.catalogue[game].guide.quick
        await interaction.response.send_message(
            f"{quick}\n{FULL_RULES}", view=rules_view(game), ephemeral=True
        )

    @app_commands.command(name="help", description="What this bot does and its commands")
    async def help(self, interaction: discord.Interaction[MarsBot]) -> None:
        games = ", ".join(f"{e.game.title} (`/new {key}`)" for key, e in self.catalogue.items())
        await send_pages(interaction, HELP.format(games=games))
