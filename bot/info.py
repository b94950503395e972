"""`/rules <game>` and `/help`: what the bot does and how each game is played, privately and
anywhere (a direct message too). Nothing here reads a game, so nothing is deferred."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import limits
from bot.guides import GUIDES
from engine.registry import GAMES

HELP = """\
**Mars tabletop bot**: one game per channel, moves by slash command.
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
`/takeback` (or **Take back** under your move's confirmation) ask to undo your last move,
done once everyone else accepts, or at once with the replies when you play alone against
computers (not secret moves, draws, rolls or revealed secrets; none in Mars vs. Earth)
`/resign` leave the game (see `/rules` for what happens then)
`/abandon` end the game with no result (moderators; a lobby's creator may close it)
`/stats [user]` games, results, rating and streak per game · `/leaderboard <game>` the top 10
`/rules <game>` how a game is played and how to write its moves
`/learn <game>` a private lesson, one rule a step
`/status` (server administrators) the bot's health and figures
Games: {games}
"""

GAME_CHOICES = [
    app_commands.Choice(name=game.title, value=key) for key, game in GAMES.items() if key in GUIDES
]


class Info(commands.Cog):
    @app_commands.command(name="rules", description="How a game is played, and its notation")
    @app_commands.describe(game="The game to explain")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        """The guide, in as many private messages as Discord's length limit needs (split
        between paragraphs)."""
        first, *more = limits.split(GUIDES[game], limits.CONTENT)
        await interaction.response.send_message(first, ephemeral=True)
        for page in more:
            await interaction.followup.send(page, ephemeral=True)

    @app_commands.command(name="help", description="What this bot does and its commands")
    async def help(self, interaction: discord.Interaction) -> None:
        games = ", ".join(f"{g.title} (`/new {key}`)" for key, g in GAMES.items())
        await interaction.response.send_message(HELP.format(games=games), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Info())
