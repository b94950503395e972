"""The Discord client: opens the store, makes the picture and thinking workers, adds one cog
per feature (lobby, play, claims, takebacks, computer players, info, lessons, stats, history,
reviews, the poll, tables, stand-ins, status), each made with what it uses, and syncs the
commands.

The buttons, menus and forms that survive restarts are made by discord.py from their custom
ids, so they reach the cog that answers them through the interaction's client: the bot holds
those cogs as typed attributes (`lobby_commands`, `play_commands`, `takeback_commands`,
`lesson_commands`), and their callbacks take a `discord.Interaction[MarsBot]` (discord.py
declares them for any client, hence their `override` ignores)."""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.claims.cog import ClaimCommands
from bot.collector import set_aside_start
from bot.commands_sync import sync_commands
from bot.computers.cog import ComputerTurnLoop
from bot.computers.turns import ComputerPlayers
from bot.config import Config
from bot.courier.delivery import Courier
from bot.courier.pictures import Pictures
from bot.courier.replies import answer_error
from bot.history.cog import HistoryCommands
from bot.info.cog import InfoCommands, RulesButton
from bot.leagues.cog import LeagueCommands
from bot.leagues.controls import SignUpButton
from bot.learn.cog import LessonButton, LessonCommands, LessonMenu
from bot.lobby.cog import LobbyCommands
from bot.lobby.controls import ComputerPicker, LobbyButton
from bot.lobby.rematch import RematchButton, rematch_view
from bot.operations.cog import StatusCommands
from bot.play.cog import PlayCommands
from bot.play.confirm import AbandonButton, ResignButton
from bot.play.controls import MoveButton, MovePicker, controls_view
from bot.privacy.cog import ForgetButton, PrivacyCommands
from bot.reminders.cog import POLL_SECONDS, PollLoop, gateway_connected
from bot.review.cog import ReviewCommands, in_workers
from bot.seasons.cog import SeasonCommands
from bot.standins.cog import StandInLoop
from bot.stats.cog import StatsCommands
from bot.tables.cog import TableCommands
from bot.takebacks.cog import AskButton, TakebackButton, TakebackCommands
from bot.textmode.cog import TextModeCommands
from bot.workers.thinking import Thinkers
from club.catalogue import CATALOGUE, Catalogue
from club.faults import Faults
from club.operations.figures import gather, waiting_on_computers, where_kind
from club.operations.heartbeat import HeartbeatWriter
from club.review.reviews import Reviews
from club.service import Controls, GameChanged, TableService, TableTold
from club.service.effects import Reactions
from club.storage import storage_for

log = logging.getLogger(__name__)

PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    create_public_threads=True,
    send_messages_in_threads=True,
)
"""What the bot needs in a channel it plays in: see it, post the lobby and the boards (embeds
with their pictures) and read back the messages it updates; and, for leagues, open a thread for
each table and play in it."""
IN_FLIGHT = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-modal-dispatch-",
    "discord-ui-dynamic-item-",
    "discord.py: on_",
)
"""The names discord.py gives the tasks that answer an interaction (a command, an autocomplete,
a button or menu, a form) or run an event handler (a server available again, joined or left:
each writes to the database, so a stop lets it finish before the database closes)."""
FINISH_SECONDS = 10.0
"""How long a stop waits for the interactions in flight (Docker allows the bot 20 s)."""


def after_commit(
    thinkers: Thinkers, computers: ComputerPlayers, leagues: Callable[[int], None]
) -> Reactions:
    """Who reacts to what happened, the one list of what follows a commit or a delivery:

    - a game ended, or its position changed other than by a move: every thinking worker drops
      its trees of it and ponders it no more, and its league (`leagues`, if it is a league's
      table) is brought up to date;
    - a delivery reached the table: the game's computer players wake, if one may act.

    The rest is no reaction: the update is told by the request that committed it (and the
    poll), a finished game is counted for ratings in its commit's transaction, and reminders,
    timers and stand-ins are the poll's.
    """
    return {
        GameChanged: [
            lambda event: thinkers.forget(event.game_id),
            lambda event: leagues(event.game_id),
        ],
        TableTold: [lambda event: computers.delivered(event.delivery)],
    }


def components(controls: Controls | None) -> discord.ui.View | None:
    """A message's controls as Discord components: a finished game's Rematch button, or the
    move buttons and pickers."""
    if controls is not None and controls.rematch:
        return rematch_view(controls.game_id)
    return controls_view(controls)


class MarsTree(app_commands.CommandTree["MarsBot"]):
    """Every command's failure reaches the user: refusals privately, the unexpected logged."""

    async def on_error(
        self, interaction: discord.Interaction[MarsBot], error: app_commands.AppCommandError
    ) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        await answer_error(interaction, cause)


def in_flight() -> list[asyncio.Task[Any]]:
    """The tasks answering an interaction or running an event handler now (`IN_FLIGHT`)."""
    return [task for task in asyncio.all_tasks() if task.get_name().startswith(IN_FLIGHT)]


class MarsBot(commands.AutoShardedBot):
    """Slash commands only: needs the `guilds` intent and nothing privileged.

    It runs the shards the configuration names (`SHARD_COUNT`, `SHARD_IDS`; by default as many
    as Discord recommends, all in this process). Several processes that each run some shards
    share one PostgreSQL database: what any of them may take up (a game's delivery, a computer
    player's turn) is claimed there first, so it is done once (see `club.service.leases`).

    `pictures` makes the board drawer when the bot sets up (default: a pool of worker
    processes; a test that registers a renderer in this process passes `Pictures`, which draws
    in a thread). `thinkers` makes the computer players' search workers the same way (tests
    pass `lambda: Thinkers(None)`, which thinks in a thread). The courier, the computer players
    and the cogs exist from then on too. `poll_seconds` is how often the background poll and
    the stand-ins' sweep run (tests make it shorter).
    """

    courier: Courier | None = None
    pictures: Pictures | None = None
    thinkers: Thinkers | None = None
    computers: ComputerPlayers | None = None
    lobby_commands: LobbyCommands
    """Answers the lobby buttons, the Rematch button and a lesson's Practice button."""
    play_commands: PlayCommands
    """Answers the move buttons and menus."""
    takeback_commands: TakebackCommands
    """Answers the takeback buttons."""
    lesson_commands: LessonCommands
    """Answers a lesson's controls."""
    privacy_commands: PrivacyCommands
    """Answers the Forget me button."""
    league_commands: LeagueCommands
    """Answers a league's Join and Leave buttons."""

    def __init__(
        self,
        config: Config,
        *,
        catalogue: Catalogue = CATALOGUE,
        pictures: Callable[[], Pictures] | None = None,
        thinkers: Callable[[], Thinkers] | None = None,
        poll_seconds: float = POLL_SECONDS,
    ) -> None:
        # It never joins a voice channel: discord.py's warnings that voice needs PyNaCl and
        # davey would only add two lines to every start.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        shards: dict[str, Any] = {"shard_count": config.shard_count}
        if config.shard_ids is not None:
            shards["shard_ids"] = list(config.shard_ids)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            tree_cls=MarsTree,
            allowed_mentions=discord.AllowedMentions.none(),
            **shards,
        )
        self.config = config
        self.catalogue = catalogue
        """The games this bot plays (built from its configuration: `bot.games.catalogue_of`)."""
        self.store = storage_for(config.database_path, config.database_url)
        self.heartbeat = HeartbeatWriter(self.store, config.process_name)
        self.faults = Faults()
        self.service = TableService(
            self.store,
            remind_after=config.remind_after,
            holder=config.process_name,
            catalogue=catalogue,
        )
        idle = config.worker_idle_seconds
        self._make_pictures = pictures or functools.partial(
            Pictures.in_processes, catalogue, None, idle
        )
        self._make_thinkers = thinkers or functools.partial(Thinkers.in_processes, catalogue, idle)
        self._poll_seconds = poll_seconds
        self._shutdown: asyncio.Future[None] | None = None
        self.stopped = asyncio.Event()
        """Set once `close` has closed everything."""
        self.was_ready = False
        """Whether the bot has been connected to Discord (its gateway ready) since it started."""

    def invite_url(self) -> str:
        """The address that adds the bot to a server with its commands and `PERMISSIONS` (the
        application id is known once logged in)."""
        assert self.application_id is not None
        return discord.utils.oauth_url(
            self.application_id,
            permissions=PERMISSIONS,
            scopes=("bot", "applications.commands"),
        )

    async def open_store(self) -> None:
        """Open the database, migrating it; before logging in to Discord, so that a database the
        bot cannot use ends its start at once (`DatabaseProblem`)."""
        await self.store.open()
        log.info("Database: %s", where_kind(self.config.database_path, self.config.database_url))

    async def setup_hook(self) -> None:
        log.info("Invite the bot to a server: %s", self.invite_url())
        self.pictures = pictures = self._make_pictures()
        self.courier = courier = Courier(self, self.service, pictures, components)
        self.thinkers = thinkers = self._make_thinkers()
        self.computers = ComputerPlayers(
            self.service,
            courier,
            thinkers,
            pause=self.config.computer_pause,
            runs_guild=self.config.runs_guild,
        )
        self.add_dynamic_items(
            LobbyButton,
            ComputerPicker,
            RematchButton,
            MoveButton,
            MovePicker,
            TakebackButton,
            AskButton,
            RulesButton,
            LessonButton,
            LessonMenu,
            ForgetButton,
            SignUpButton,
            ResignButton,
            AbandonButton,
        )
        await self._add_cogs(courier, pictures, thinkers, self.computers)
        self.service.effects.declare(
            after_commit(thinkers, self.computers, self.league_commands.table_changed)
        )
        synced = await sync_commands(self.tree, self.store.guild_commands, self.config.dev_guild_id)
        log.info("Synced %d commands", synced)

    async def _add_cogs(
        self,
        courier: Courier,
        pictures: Pictures,
        thinkers: Thinkers,
        computers: ComputerPlayers,
    ) -> None:
        """Make each feature's cog with what it uses and add it (its commands with it)."""
        config, service, store = self.config, self.service, self.store
        where = where_kind(config.database_path, config.database_url)
        catalogue = self.catalogue
        self.lobby_commands = LobbyCommands(service, courier, catalogue)
        self.play_commands = PlayCommands(service, courier, thinkers)
        self.takeback_commands = TakebackCommands(service, courier)
        self.lesson_commands = LessonCommands(catalogue, pictures, text_mode=service.text_mode)
        self.privacy_commands = PrivacyCommands(
            self,
            service,
            courier,
            self.lesson_commands.lessons,
            self.lobby_commands.seating.messages,
            config.server_grace_days,
        )
        self.league_commands = LeagueCommands(
            self, service, courier, catalogue, self.faults, every=self._poll_seconds
        )
        await self.add_cog(self.lobby_commands)
        self.tree.add_command(self.lobby_commands.new_table)
        for cog in (
            self.play_commands,
            ClaimCommands(service, courier),
            self.takeback_commands,
            ComputerTurnLoop(computers),
            InfoCommands(catalogue),
            self.lesson_commands,
            StatsCommands(service.ratings),
            SeasonCommands(service.seasons, every=self._poll_seconds),
            HistoryCommands(service.history, pictures, service.text_mode),
            ReviewCommands(
                service.history,
                Reviews(store.games, store.moves, catalogue, in_workers(thinkers)),
                text_mode=service.text_mode,
                pictures=pictures,
            ),
            PollLoop(
                self,
                service,
                courier,
                self.heartbeat,
                self.faults,
                gateway_connected(self),
                every=self._poll_seconds,
                grace_days=config.server_grace_days,
                runs_guild=config.runs_guild,
            ),
            TableCommands(self, service),
            TextModeCommands(service),
            StandInLoop(self, service, courier, thinkers, every=self._poll_seconds),
            self.privacy_commands,
            self.league_commands,
            StatusCommands(
                lambda: gather(store, where, time.time(), lambda: waiting_on_computers(service)),
                config.process_name,
                self.faults,
            ),
        ):
            await self.add_cog(cog)

    async def on_ready(self) -> None:
        if not self.was_ready:  # once connected, never before: a first command needs none of it
            set_aside_start()
        self.was_ready = True
        log.info(
            "Connected as %s to %d servers (shards %s of %s)",
            self.user,
            len(self.guilds),
            ",".join(map(str, sorted(self.shards))),
            self.shard_count,
        )

    async def close(self) -> None:
        """Stop once, however often asked (a signal and the end of `async with` both ask): every
        caller waits for the same shutdown, so the database is closed before the process ends."""
        if self._shutdown is None:
            self._shutdown = asyncio.ensure_future(self._shut_down())
        await asyncio.shield(self._shutdown)

    async def _shut_down(self) -> None:
        await self._finish_interactions()
        await super().close()  # removes the cogs: computer players stop first
        await self.store.close()
        for workers in (self.pictures, self.thinkers):
            if workers is not None:
                await asyncio.to_thread(workers.close)
        self.stopped.set()

    async def _finish_interactions(self) -> None:
        """Take no more interactions (the gateway is left) and let those in flight, and the
        event handlers under way, finish (`in_flight`), for at most `FINISH_SECONDS`, while
        Discord and the database can still be reached. A bot that never connected has none."""
        if not self.shards:
            return
        for shard in self.shards.values():
            await shard.disconnect()
        answering = in_flight()
        if not answering:
            log.info("Stopping")
            return
        log.info("Stopping: finishing the interactions in flight: %d", len(answering))
        _, late = await asyncio.wait(answering, timeout=FINISH_SECONDS)
        for task in late:
            task.cancel()
        if late:
            log.warning("Stopping: left unanswered after %g s: %d", FINISH_SECONDS, len(late))
