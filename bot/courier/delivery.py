"""Telling the table: a game's undelivered updates (the store's outbox) turned into Discord
messages, part by part.

The channel's part comes first (a new board message when new players are to act, else an edit of
the living one), then each player's merged DM, then at most one closed-DM hint per player per
game (never the secret itself: it points to `/secret`). A refused or failed part never stops the
others: a message Discord refuses is tried once more in a shorter form, and what still fails is
logged and reported, never raised. Nor is a database error (the lease, the delivered mark): the
move is committed by then, so it is reported as "the table will be told shortly", and the next
try tells it.

Each update is told once. Every message made from the outbox carries a nonce with
`enforce_nonce` (see `nonce`), the same on every try of the same part, so Discord answers a
repeated try (a crash or a database error between a post and its delivered mark) with the
message it made the first time, for a few minutes. Beyond them: a delivery told but not marked
is remembered and marked at the next try in the same process; and after a restart, the first
delivery of a game left queued for longer than a minute looks at the channel's messages since
its board message for the posts already made (the same text by the bot: Discord does not show a
nonce when a message is read later). DMs have only their nonces. Edits of the board message need
nothing: an edit replaces.

A player's move that only edits the board keeps the board's pace (`bot.courier.pacing`): held
while the board changed less than a second ago, it is told with the updates queued meanwhile,
in one edit; a delivery with a new message is never held, and takes them all with it.

The service tells everything whole; the courier fits it to Discord's limits (see `post_text` and
`dm_pieces`), and checks every message against them before it is sent. Boards are drawn by
`Pictures`; the controls under a message are turned into Discord components by the function the
client hands the courier (the buttons live with the commands that answer them, not here).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import hashlib
import io
import logging
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.courier import limits, textmode
from bot.courier.dm_channels import DmChannels
from bot.courier.pacing import EditPacing
from bot.courier.pictures import Pictures
from bot.courier.replies import committed
from club.service import (
    Controls,
    Delivery,
    Living,
    Notice,
    Post,
    Queued,
    TableService,
    TableTold,
    TableUpdate,
)
from club.service.computer_seats import is_computer
from club.service.projection import last_lines
from engine.core import View

log = logging.getLogger(__name__)

Send = Callable[..., Awaitable[Any]]
"""A channel's or user's `send`: takes text, file, embed, view, mentions."""
Components = Callable[[Controls | None], discord.ui.View | None]
"""Turns a message's controls into its Discord components (None: no components)."""

SECRET_HINT = (
    "{users}: I could not send you a direct message. Use `/secret` in this channel to see your "
    "private information and make your secret moves; I will not repeat this reminder."
)
DELIVERY_LEASE = 30.0
"""Seconds a process may hold a game's delivery (its posts, edits and DMs take well under that);
another waits as long for it before leaving the updates to the regular poll."""
GONE_CODES = frozenset({10003, 50001})
"""Discord's codes for an unknown channel and for missing access to it."""
UNKNOWN_MESSAGE = 10008
"""Discord's code for an unknown message; for a create with a nonce: the message made with that
nonce a moment ago was deleted since."""
NONCE_BYTES = 12
"""A nonce is 24 hexadecimal digits (Discord takes at most 25 characters)."""
LOOK_BACK = 50
"""How many of a channel's messages since its board message are read to find the posts an
interrupted delivery made (one request)."""
NONCE_TRUSTED = 60.0
"""Seconds after an update was queued within which any try to post it is recent enough for
Discord to know its nonce still (it keeps them for "a few minutes")."""
TOLD_SHORTLY = "the table will be told shortly."
NOT_YET = "the channel could not be told yet; I will try again shortly."


@dataclass(frozen=True)
class Report:
    """How a delivery went: `problem` says, in words for the player, what the channel did not
    get (None when everything was posted)."""

    problem: str | None = None


def allowed(mentions: tuple[int, ...]) -> discord.AllowedMentions:
    """Ping exactly these users (computer players have no one to ping); never everyone or
    roles."""
    users = [discord.Object(u) for u in mentions if not is_computer(u)]
    return discord.AllowedMentions(everyone=False, roles=False, users=users)


def check_components(view: discord.ui.View | None) -> None:
    """Raise `limits.OverLimit` if the view's components break one of Discord's limits."""
    if view is None:
        return
    buttons, selects = [], []
    for item in view.children:
        inner = item.item if isinstance(item, discord.ui.DynamicItem) else item
        if isinstance(inner, discord.ui.Button):
            buttons.append((inner.label or "", inner.custom_id or ""))
        elif isinstance(inner, discord.ui.Select):
            options = tuple((o.label, o.value) for o in inner.options)
            selects.append((inner.custom_id, options))
    limits.check(buttons=tuple(buttons), selects=tuple(selects))


def checked(parts: dict[str, Any]) -> None:
    """Raise `limits.OverLimit` if the message would break one of Discord's limits."""
    embed = parts.get("embed")
    files = [parts["file"]] if "file" in parts else list(parts.get("attachments") or [])
    limits.check(
        content=parts.get("content") or "",
        embeds=((embed.title or "", embed.description or ""),) if embed else (),
        attachment_descriptions=tuple(f.description or "" for f in files),
    )
    check_components(parts.get("view"))


def post_text(post: Post) -> tuple[str, str]:
    """A post's text and its embed's description, within Discord's limits: the narration and
    footer as the text when they fit (and no embed), else the footer alone as the text and the
    narration's last lines in the embed, after a pointer to `/history` for what is left out."""
    whole = "\n".join([*post.narration, post.footer]).strip()
    if len(whole) <= limits.CONTENT:
        return whole, ""
    embed = last_lines(post.narration, limits.EMBED_DESCRIPTION)
    if len(embed) > limits.EMBED_DESCRIPTION:  # its last line alone is longer
        embed = limits.shorten(post.narration[-1], limits.EMBED_DESCRIPTION)
    return limits.shorten(post.footer, limits.CONTENT), embed


def dm_pieces(notice: Notice) -> list[Notice]:
    """A direct message in messages Discord takes: its text split at paragraphs, lines or words
    into pieces a message holds, the last with the board, the controls and the pings."""
    *first, final = limits.split(notice.text, limits.CONTENT) or [""]
    return [
        *(Notice(piece, user_id=notice.user_id) for piece in first),
        replace(notice, text=final),
    ]


def shorter(parts: dict[str, Any]) -> dict[str, Any]:
    """A plainer form of a refused message: its text shortened, no embed, no buttons."""
    plain = {k: v for k, v in parts.items() if k not in ("embed", "view", "file", "attachments")}
    plain["content"] = limits.shorten(parts.get("content") or "", limits.CONTENT // 2)
    return plain


def gone(error: discord.HTTPException) -> bool:
    return error.code in GONE_CODES or (error.status == 404 and error.code == 0)


def nonce(game_id: int, upto: int, queued_at: float, part: str) -> str:
    """The nonce of one message made from a game's outbox: of `part` ("post 0", "dm <user> 0",
    "hint") of the delivery of its updates up to outbox entry `upto`, queued at `queued_at`
    (which tells apart the updates SQLite gives the same id). Every try of that part has the
    same nonce, and no other message has it."""
    text = f"{game_id}:{upto}:{queued_at!r}:{part}"
    return hashlib.blake2b(text.encode(), digest_size=NONCE_BYTES).hexdigest()


Nonces = Callable[[str], str]
"""The nonce of each part of one delivery (see `nonce`)."""


def one_line(error: BaseException) -> str:
    """An error in one short line for the log: its type and first words."""
    words = " ".join(str(error).split())
    return limits.shorten(
        f"{type(error).__name__}: {words}" if words else type(error).__name__, 200
    )


class Courier:
    """Delivers games' outboxes; one delivery per game at a time, in the order they were
    committed. Also builds and sends single notices (a preview, `/secret`, a test DM).

    `pictures` draws the boards; `components` turns a notice's controls into buttons and menus.
    """

    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        pictures: Pictures,
        components: Components,
    ) -> None:
        self.client = client
        self.service = service
        self.pictures = pictures
        self.components = components
        self.dm_channels = DmChannels(client)
        self.pacing = EditPacing()
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._started = time.time()
        self._left_over: set[int] | None = None
        """Games with updates queued before this process started (read at the first delivery):
        their first delivery here looks for the posts an interrupted one made."""
        self._unmarked: dict[int, tuple[Delivery, Living]] = {}
        """Deliveries told whose delivered mark failed, by game: marked at the game's next try."""

    async def board_file(self, view: View | None) -> discord.File | None:
        """The view drawn as a PNG attachment, with its alt text."""
        if view is None:
            return None
        drawn = await self.pictures.draw(view)
        alt = limits.shorten(drawn.alt, limits.ATTACHMENT_DESCRIPTION)
        return discord.File(io.BytesIO(drawn.png), filename=drawn.filename, description=alt)

    async def reads_text(self, user_id: int | None) -> bool:
        """Whether `user_id` (None: a message to the channel) chose text mode (`/textmode`)."""
        return user_id is not None and await self.service.text_mode.reads_text(user_id)

    def text_board_parts(self, text: str, view: View) -> dict[str, Any]:
        """A message's text with `view`'s text board instead of its picture (`textmode`)."""
        filename = textmode.text_filename(self.pictures.renderer_for(view).filename)
        return textmode.board_parts(text, self.pictures.text_board(view), filename)

    async def notice_parts(self, notice: Notice) -> dict[str, Any]:
        """The keyword arguments that send a notice (text, board, controls, pings), checked
        against Discord's limits."""
        parts: dict[str, Any] = {
            "content": limits.shorten(notice.text, limits.CONTENT),
            "allowed_mentions": allowed(notice.mentions),
        }
        if notice.view is not None and await self.reads_text(notice.user_id):
            parts |= self.text_board_parts(notice.text, notice.view)
        else:
            file = await self.board_file(notice.view)
            if file is not None:
                parts["file"] = file
        view = self.components(notice.controls)
        if view is not None:
            parts["view"] = view
        checked(parts)
        return parts

    async def send_notice(self, send: Send, notice: Notice, **extra: Any) -> None:
        """Send one notice with `send` (a follow-up, a response or a channel)."""
        await send(**await self.notice_parts(notice), **extra)

    async def post_parts(self, post: Post, *, editing: bool) -> dict[str, Any]:
        """The keyword arguments of a channel post or edit. An edit that keeps its picture
        sends no attachment (the old one stays); an edit clears the text box and buttons it no
        longer has."""
        content, embed = post_text(post)
        parts: dict[str, Any] = {"content": content, "allowed_mentions": allowed(post.mentions)}
        if embed:
            parts["embed"] = discord.Embed(description=embed)
        elif editing:
            parts["embed"] = None
        file = await self.board_file(post.view)
        if file is not None:
            parts["attachments" if editing else "file"] = [file] if editing else file
        view = self.components(post.controls)
        if view is not None or editing:
            parts["view"] = view
        checked(parts)
        return parts

    async def send_dm(self, notice: Notice) -> bool:
        """DM one notice to its user; False when Discord refuses (closed DMs, unknown user)."""
        assert notice.user_id is not None
        try:
            dm = await self.dm_channels.channel(notice.user_id)
            await self.send_notice(dm.send, notice)
        except discord.HTTPException:
            log.info("A DM to user %s could not be delivered", notice.user_id)
            return False
        return True

    def prepare(self, update: TableUpdate) -> None:
        """Start drawing the pictures an update will show (while its maker is answered)."""
        self.pictures.prepare(update.told.views)

    async def answer_and_tell(self, interaction: discord.Interaction, update: TableUpdate) -> None:
        """Answer an interaction not yet acknowledged with the update's confirmation,
        privately, while the table is told of it."""
        committed(interaction, "queued")
        self.prepare(update)
        answering = interaction.response.send_message(update.confirmation, ephemeral=True)
        await self.tell_table(interaction, update.game_id, answering, update.queued)

    async def tell_table(
        self,
        interaction: discord.Interaction,
        game_id: int,
        answering: Awaitable[Any] | None = None,
        queued: Queued | None = None,
        *,
        paced: Delivery | None = None,
    ) -> None:
        """Deliver the game's updates (committed: the interaction's action is saved; `queued`,
        what it queued, when the service holds it in memory; `paced`, see `flush`) while
        `answering` (the user's own answer, if any) is sent; then tell the user privately what
        did not reach the channel."""
        committed(interaction, "queued")
        answer = None if answering is None else asyncio.ensure_future(answering)
        try:
            report = await self.flush(game_id, queued, paced=paced)
            committed(interaction, "told" if report.problem is None else "saved")
        finally:
            if answer is not None:
                await answer  # the user's answer comes first, before any problem report
        if report.problem is None:
            return
        try:
            await interaction.followup.send(
                f"Your action is saved, but {report.problem}", ephemeral=True
            )
        except discord.HTTPException:
            log.warning("Could not tell user %s that the channel was not told", interaction.user.id)

    async def flush(
        self, game_id: int, queued: Queued | None = None, *, paced: Delivery | None = None
    ) -> Report:
        """Deliver everything the game's outbox holds (the request that committed `queued`
        tells it from memory when it still can: see `Deliveries.delivery`); never raises (what
        went wrong is logged and reported). One delivery of a game runs at a time, in this
        process and (by a claim in a shared database) in all of them; one that waits too long
        for another, or meets a database error, leaves the updates queued for the next try (the
        regular poll). `paced` is the projection of the update the caller committed, when it
        asks for the board's pace: one that only edits the board waits for it (see
        `bot.courier.pacing`), and is told with the updates queued meanwhile."""
        told: tuple[Delivery | None, Report] | None = None
        try:
            if paced is not None and paced.edits_only:
                waited = await self._paced(game_id)
                if waited is None:
                    return Report()
                queued = None if waited else queued
            async with (
                self._locks[game_id],
                self.service.leases.claimed(
                    f"deliver:{game_id}", DELIVERY_LEASE, wait=DELIVERY_LEASE
                ) as mine,
            ):
                if not mine:
                    log.warning("Game %s: another process is still delivering its updates", game_id)
                    return Report(NOT_YET)
                told = await self._deliver(game_id, queued)
                self.pacing.told(game_id)
        except Exception as error:  # the database, most likely: the next try tells the table
            if told is None:
                log.warning(
                    "Game %s: its updates stay queued for the next try (%s)",
                    game_id,
                    one_line(error),
                )
                return Report(TOLD_SHORTLY)
            log.warning(
                "Game %s: its delivery lease was not given up (%s)", game_id, one_line(error)
            )
        delivery, report = told
        if delivery is not None:
            self.service.effects.emit(TableTold(delivery))
        return report

    async def _paced(self, game_id: int) -> bool | None:
        """Wait while the game's board changed too recently (see `bot.courier.pacing`): whether
        it waited, or None when a delivery meanwhile left nothing queued."""
        waited = False
        while self.pacing.left(game_id) > 0:
            waited = True
            if await self.pacing.hold(game_id) and not await self.service.deliveries.untold(
                game_id
            ):
                return None
        return waited

    async def _deliver(self, game_id: int, queued: Queued | None) -> tuple[Delivery | None, Report]:
        """Tell the game's queued updates (this process holds its delivery): the delivery that
        reached the table, if any, and the report. Raises for a database error before the
        table was told."""
        await self._mark_told(game_id)
        if self._left_over is None:
            self._left_over = set(await self.service.deliveries.undelivered_games(self._started))
        try:
            delivery = await self.service.deliveries.delivery(game_id, queued)
        except Exception:  # an unreadable game: its updates stay queued, the others go on
            log.exception("Updates of game %s could not be prepared", game_id)
            return None, Report("the channel could not be told (the game could not be read).")
        if delivery is None:
            return None, Report()
        self.pictures.prepare(delivery.views)
        queued_at = delivery.queued_at
        once = functools.partial(nonce, game_id, delivery.upto, queued_at)
        channel = self.client.get_partial_messageable(delivery.channel_id)
        made: list[discord.Message] = []
        if game_id in self._left_over and time.time() - queued_at > NONCE_TRUSTED:
            made = await self._made_before(channel, delivery)
        try:
            living, problem = await self._post(channel, delivery, made, once)
        except Exception as error:
            if isinstance(error, discord.HTTPException) and gone(error):
                log.warning("Game %s: its channel is gone; the game is closed", game_id)
                await self.service.deliveries.channel_gone(game_id)
                return None, Report("this game's channel is gone, so the game was closed.")
            log.exception("The channel of game %s could not be told", game_id)
            await self.service.deliveries.delivery_failed(
                delivery
            )  # kept queued: the poll tries again
            return None, Report(NOT_YET)
        await self._direct_messages(channel, delivery, once)
        try:
            await self.service.deliveries.delivered(delivery, living)
        except Exception as error:  # told: the next try marks it without telling it again
            self._unmarked[game_id] = (delivery, living)
            log.warning(
                "Game %s: its updates were told but not marked delivered (%s); the next try "
                "marks them",
                game_id,
                one_line(error),
            )
        self._left_over.discard(game_id)
        return delivery, Report(problem)

    async def _mark_told(self, game_id: int) -> None:
        """Mark the delivery told earlier whose delivered mark failed, if its updates are still
        queued (in a shared database, another process may have told and marked them since)."""
        pending = self._unmarked.get(game_id)
        if pending is None:
            return
        delivery, living = pending
        if await self.service.deliveries.still_queued(delivery):
            await self.service.deliveries.delivered(delivery, living)
            log.info("Game %s: updates told earlier are now marked delivered", game_id)
        del self._unmarked[game_id]

    async def _made_before(
        self, channel: discord.PartialMessageable, delivery: Delivery
    ) -> list[discord.Message]:
        """The bot's messages in the channel since its board message (or since the game was
        opened), where the posts of a delivery interrupted by a crash are: read for the first
        delivery of a game whose updates were queued before this process started, longer ago
        than Discord surely keeps a nonce. Empty when no new message is due, or when the
        channel cannot be read (a nonce may still guard it)."""
        if not any(p.new for p in delivery.posts):
            return []
        try:
            after = delivery.living.message_id
            if after is None:
                opened_at = await self.service.deliveries.opened_at(delivery.game_id)
                if opened_at is None:
                    return []
                opened = dt.datetime.fromtimestamp(opened_at, dt.UTC)
                after = discord.utils.time_snowflake(opened)
            me = self.client.user
            found = [
                m
                async for m in channel.history(
                    limit=LOOK_BACK, after=discord.Object(after), oldest_first=True
                )
                if me is not None and m.author.id == me.id
            ]
        except Exception as error:  # reading is a safeguard: without it, the post is made
            log.info(
                "Game %s: the channel's last messages could not be read (%s)",
                delivery.game_id,
                one_line(error),
            )
            return []
        return found

    async def _post(
        self,
        channel: discord.PartialMessageable,
        delivery: Delivery,
        made: list[discord.Message],
        once: Nonces,
    ) -> tuple[Living, str | None]:
        """Post or edit the channel's messages; the living message as it stands afterwards and
        what went wrong, if anything. A post found among `made` (the same text, see
        `_made_before`) was made by an interrupted delivery: it is not made again."""
        message_id = delivery.living.message_id
        problem = None
        for index, post in enumerate(delivery.posts):
            if not post.new and message_id is not None:
                try:
                    parts = await self.post_parts(post, editing=True)
                    await channel.get_partial_message(message_id).edit(**parts)
                    self.pacing.changed(delivery.game_id)
                    continue
                except discord.HTTPException as error:
                    if gone(error):
                        raise
                    log.info(
                        "Board message %s could not be edited (HTTP %s); posting anew",
                        message_id,
                        error.status,
                    )
                if post.view is None:  # the new message needs the picture the old one had
                    post = replace(
                        post, view=await self.service.deliveries.public_view(delivery.game_id)
                    )
            content, _ = post_text(post)
            earlier = next((m for m in made if m.content == content), None)
            if earlier is not None:
                made.remove(earlier)
                log.info(
                    "Game %s: message %s was posted before a restart; not posted again",
                    delivery.game_id,
                    earlier.id,
                )
                message_id = earlier.id
                continue
            sent, problem = await self._send(channel, post, once(f"post {index}"))
            self.pacing.changed(delivery.game_id)
            message_id = sent or message_id
        return replace(delivery.living, message_id=message_id), problem

    async def _send(
        self, channel: discord.PartialMessageable, post: Post, once: str
    ) -> tuple[int | None, str | None]:
        """Post a message, or a shorter one if Discord refuses it, both with the nonce `once`
        (Discord made no message for a refused one); (its id, the problem)."""
        parts = await self.post_parts(post, editing=False)
        try:
            return (await channel.send(**parts, nonce=once)).id, None
        except discord.HTTPException as error:
            if gone(error):
                raise
            if deleted_since(error):
                return None, None
            log.warning(
                "Channel %s refused a post (HTTP %s, code %s); trying a shorter one",
                channel.id,
                error.status,
                error.code,
            )
            first = error
        try:
            parts = await self.post_parts(replace(post, controls=None), editing=False)
            return (await channel.send(**shorter(parts), nonce=once)).id, None
        except discord.HTTPException as error:
            if gone(error):
                raise
            if deleted_since(error):
                return None, None
            log.warning(
                "Channel %s refused the shorter post too (HTTP %s)", channel.id, error.status
            )
            if error.code == 50013 or first.code == 50013:
                return None, "I may not post in this channel (a permission is missing)."
            return None, "Discord refused the channel's message; `/board` shows the board."

    async def _direct_messages(
        self, channel: discord.PartialMessageable, delivery: Delivery, once: Nonces
    ) -> None:
        """Each player's DMs, all players at once; then one hint for players newly found with
        closed DMs."""
        by_user: dict[int, list[Notice]] = defaultdict(list)
        for notice in delivery.dms:
            by_user[notice.user_id or 0].append(notice)
        sent = await asyncio.gather(
            *(self._dm(user, notices, once) for user, notices in by_user.items())
        )
        refused = [user for user, ok in zip(by_user, sent, strict=True) if not ok]
        try:
            to_hint = [
                u
                for u in refused
                if await self.service.deliveries.first_dm_hint(delivery.game_id, u)
            ]
        except Exception as error:  # the hint is a courtesy: the rest of the delivery goes on
            log.warning(
                "Game %s: closed DMs could not be looked up (%s)", delivery.game_id, one_line(error)
            )
            return
        if not to_hint:
            return
        users = ", ".join(f"<@{u}>" for u in to_hint)
        try:
            await channel.send(
                limits.shorten(SECRET_HINT.format(users=users), limits.CONTENT),
                allowed_mentions=allowed(tuple(to_hint)),
                nonce=once("hint"),
            )
        except discord.HTTPException as error:
            log.warning("Channel %s refused a DM hint (HTTP %s)", channel.id, error.status)

    async def _dm(self, user_id: int, notices: list[Notice], once: Nonces) -> bool:
        """Send a player's DMs in order, each in as many messages as its length needs; False
        when Discord refuses them (closed DMs)."""
        pieces = [piece for notice in notices for piece in dm_pieces(notice)]
        try:
            dm = await self.dm_channels.channel(user_id)
            for index, piece in enumerate(pieces):
                await self.send_notice(dm.send, piece, nonce=once(f"dm {user_id} {index}"))
        except discord.HTTPException as error:
            log.info("A DM to user %s could not be delivered (HTTP %s)", user_id, error.status)
            return False
        except Exception:  # one player's DM never stops the others'
            log.exception("A DM to user %s could not be prepared", user_id)
        return True


def deleted_since(error: discord.HTTPException) -> bool:
    """Whether Discord refused a create because the message made with its nonce a moment ago
    (by an interrupted try) was deleted since: told already, and not to be made again."""
    return error.status == 404 and error.code == UNKNOWN_MESSAGE
