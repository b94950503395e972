"""`/league new|start|pause|drop|standings|why`, the sign-up message and its buttons, and the
regular pass that keeps every league's rounds going (see `club.leagues`).

Refusals are private, one line each; the sign-up message and the standings are public. The pass
runs every `every` seconds, after each command that may move a league on (start, drop) and, for
its league alone, as a league's table ends (`table_changed`); a league's failure is logged and
the next pass tries again.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.courier import limits
from bot.courier.delivery import Courier
from bot.courier.replies import player_of, say_privately
from bot.info.cog import GAME_CHOICES
from bot.leagues.controls import sign_up_buttons
from bot.leagues.venue import DiscordVenue
from club.catalogue import Catalogue
from club.faults import Faults
from club.leagues.events import Actor, LeagueRow, LeagueSpec, parse_options
from club.leagues.pairing.model import fmt_points
from club.leagues.service import Board
from club.service import TableService
from render.standings import StandingsTable, draw_standings

if TYPE_CHECKING:
    from bot.client import MarsBot

log = logging.getLogger(__name__)

PASS_SECONDS = 60.0
"""How often every running league is brought up to date, unless the bot says otherwise."""
Format = Literal["swiss", "round_robin", "table_swiss"]
Absent = Literal["standin", "forfeit"]


def actor_of(interaction: discord.Interaction) -> Actor:
    """The person acting, with whether they may manage the server and their roles."""
    user = interaction.user
    roles = tuple(r.id for r in user.roles) if isinstance(user, discord.Member) else ()
    return Actor(player_of(interaction), interaction.permissions.manage_guild, roles)


def _where(interaction: discord.Interaction) -> tuple[int, int]:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise app_commands.NoPrivateMessage()
    channel = interaction.channel
    parent = getattr(channel, "parent_id", None) if isinstance(channel, discord.Thread) else None
    return interaction.guild_id, parent or interaction.channel_id


def standings_picture(board: Board) -> StandingsTable:
    """The standings as the picture draws them (`render.standings`): the same lines as the
    text."""
    names = tuple(name for name, _ in board.lines[0].tiebreaks) if board.lines else ()
    rows = tuple(
        (
            str(line.rank),
            line.name + (" (dropped)" if line.dropped else ""),
            fmt_points(line.score),
            *(fmt_points(value) for _, value in line.tiebreaks),
            str(line.played),
            str(line.left),
        )
        for line in board.lines
    )
    columns = ("#", "Player", "Points", *names, "Played", "Left")
    return StandingsTable(board.title.replace("**", ""), columns, rows)


class LeagueCommands(commands.Cog):
    """`/league` through `service`; rounds told through `courier`, skipped scheduled events
    reported to `faults`."""

    league = app_commands.Group(
        name="league",
        description="Server leagues: Swiss, round robin, table Swiss",
        guild_only=True,
    )

    def __init__(
        self,
        bot: discord.Client,
        service: TableService,
        courier: Courier,
        catalogue: Catalogue,
        faults: Faults,
        *,
        every: float = PASS_SECONDS,
    ) -> None:
        self.service = service
        self.pictures = courier.pictures
        self.catalogue = catalogue
        self.venue = DiscordVenue(bot, service, courier, faults)
        self.bot = bot
        self.rounds.change_interval(seconds=every)
        self._changes: set[asyncio.Task[None]] = set()
        """The leagues being brought up to date after a table changed."""

    def table_changed(self, game_id: int) -> None:
        """Game `game_id` ended or changed other than by a move: if it is a league's table,
        bring that league up to date now (its result recorded, the next round paired)."""
        task = asyncio.ensure_future(self._table_changed(game_id))
        self._changes.add(task)
        task.add_done_callback(self._changes.discard)

    async def _table_changed(self, game_id: int) -> None:
        try:
            await self.service.leagues.rounds.advance_for_game(game_id, self.venue)
        except Exception:  # the next pass reads again
            log.exception("The league of game %s could not be brought up to date", game_id)

    async def cog_load(self) -> None:
        self.rounds.start()

    async def cog_unload(self) -> None:
        self.rounds.cancel()
        for task in list(self._changes):
            task.cancel()

    @tasks.loop(seconds=PASS_SECONDS)
    async def rounds(self) -> None:
        try:
            leagues = await self.service.leagues.events.running()
        except Exception:  # the next pass reads again
            log.exception("The running leagues could not be read")
            return
        for league in leagues:
            await self._advance(league.id)

    @rounds.before_loop
    async def ready(self) -> None:
        await self.bot.wait_until_ready()

    async def _advance(self, league_id: int) -> None:
        try:
            await self.service.leagues.rounds.advance(league_id, self.venue)
        except Exception:  # one league's failure never stops the others
            log.exception("League %s could not be brought up to date", league_id)

    # Commands

    @league.command(name="new", description="Organisers: open a league's sign-up here")
    @app_commands.describe(
        name="The league's name",
        game="The game played",
        format="swiss or round_robin (two-player games), table_swiss (Merchants, Mars vs. Earth)",
        rounds="How many rounds",
        round_hours="Hours a round lasts (its deadline)",
        clock_hours="Hours a turn may wait at a table before its seat is out of time",
        rated="Whether the league's games count for ratings",
        late_until="Late joins are taken until this round (0: none)",
        away_allowed="Whether /away pauses a league table's clock",
        absent="A seat out of time: a computer stands in, or it forfeits",
        options="The game's options as name=value, separated by spaces",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction[MarsBot],
        name: str,
        game: str,
        format: Format,
        rounds: int,
        round_hours: int = 72,
        clock_hours: int = 24,
        rated: bool = True,
        late_until: int = 0,
        away_allowed: bool = True,
        absent: Absent = "standin",
        options: str = "",
    ) -> None:
        guild, channel = _where(interaction)
        chosen = parse_options(options, self.catalogue[game].game)
        spec = LeagueSpec(
            name, game, format, rounds, round_hours, clock_hours, rated, late_until,
            away_allowed, absent, chosen,
        )  # fmt: skip
        league = await self.service.leagues.events.create(
            guild, channel, actor_of(interaction), spec
        )
        await interaction.response.send_message(
            await self._sign_up_text(league), view=sign_up_buttons(league.id)
        )
        message = await interaction.original_response()
        await self.service.leagues.events.set_signup_message(league.id, message.id)

    async def _sign_up_text(self, league: LeagueRow) -> str:
        """The sign-up message: the league, its settings and who has joined."""
        players = await self.service.leagues.events.players(league.id)
        playing = [p.user_id for p in players if p.dropped_round is None]
        names = ", ".join(f"<@{u}>" for u in playing) or "nobody yet"
        rated = "rated" if league.rated else "unrated"
        away = "`/away` pauses clocks" if league.away_allowed else "`/away` does not pause clocks"
        late = (
            f"late joins until round {league.late_until}" if league.late_until else "no late joins"
        )
        text = (
            f"{self.service.leagues.title(league)}\n"
            f"{league.rounds} rounds of {league.round_hours} h; {league.clock_hours} h a turn; "
            f"{rated}; {late}; {away}; a seat out of time: {league.absent}.\n"
            f"Players ({len(playing)}): {names}"
        )
        return limits.shorten(text, limits.CONTENT)

    async def sign_up(
        self, interaction: discord.Interaction[MarsBot], league_id: int, action: str
    ) -> None:
        """A Join or Leave button: sign up or leave, then show the sign-up as it is now."""
        events = self.service.leagues.events
        player = player_of(interaction)
        if action == "join":
            league, said = await events.join(league_id, player)
        else:
            league, said = await events.leave(league_id, player)
        await interaction.response.edit_message(content=await self._sign_up_text(league))
        await interaction.followup.send(said, ephemeral=True)

    @league.command(name="start", description="Organisers: start (or resume) a league")
    @app_commands.describe(league="The league's number (this channel's league if left out)")
    async def start(
        self, interaction: discord.Interaction[MarsBot], league: int | None = None
    ) -> None:
        chosen = await self._find(interaction, league)
        await interaction.response.defer(thinking=True)
        started = await self.service.leagues.events.start(chosen.id, actor_of(interaction))
        await self._advance(started.id)
        await interaction.followup.send(
            f"{self.service.leagues.title(started)}: started. Each table plays in its own thread.",
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @league.command(name="pause", description="Organisers: pause a league's deadline")
    @app_commands.describe(league="The league's number (this channel's league if left out)")
    async def pause(
        self, interaction: discord.Interaction[MarsBot], league: int | None = None
    ) -> None:
        chosen = await self._find(interaction, league)
        paused = await self.service.leagues.events.pause(chosen.id, actor_of(interaction))
        await interaction.response.send_message(
            f"{self.service.leagues.title(paused)}. `/league start` resumes it with the time "
            "that was left."
        )

    @league.command(name="drop", description="Leave a league (organisers: drop a player)")
    @app_commands.describe(
        player="Organisers: the player to drop (yourself if left out)",
        league="The league's number (this channel's league if left out)",
    )
    async def drop(
        self,
        interaction: discord.Interaction[MarsBot],
        player: discord.User | None = None,
        league: int | None = None,
    ) -> None:
        chosen = await self._find(interaction, league)
        who = (player or interaction.user).id
        dropped = await self.service.leagues.events.drop(chosen.id, actor_of(interaction), who)
        update = await self.service.leagues.rounds.drop_seat(dropped, who)
        await say_privately(interaction, f"<@{who}> left {dropped.name}; the rest goes on.")
        if update is not None:
            await self.venue.table_started(update)

    @league.command(name="standings", description="A league's standings, as a picture and text")
    @app_commands.describe(league="The league's number (this channel's league if left out)")
    async def standings(
        self, interaction: discord.Interaction[MarsBot], league: int | None = None
    ) -> None:
        chosen = await self._find(interaction, league)
        await interaction.response.defer(thinking=True)
        board = await self.service.leagues.standings(chosen)
        png, alt = await self.pictures.behind_tables(draw_standings, standings_picture(board))
        picture = discord.File(io.BytesIO(png), filename="standings.png", description=alt)
        await interaction.followup.send(
            limits.shorten(board.text, limits.CONTENT),
            file=picture,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @league.command(name="why", description="Why a player was paired as they were")
    @app_commands.describe(
        player="The player", league="The league's number (this channel's league if left out)"
    )
    async def why(
        self,
        interaction: discord.Interaction[MarsBot],
        player: discord.User,
        league: int | None = None,
    ) -> None:
        chosen = await self._find(interaction, league)
        said = await self.service.leagues.why(chosen, player.id)
        await say_privately(interaction, said)

    async def _find(self, interaction: discord.Interaction, league: int | None) -> LeagueRow:
        guild, channel = _where(interaction)
        return await self.service.leagues.events.find(guild, channel, league)
