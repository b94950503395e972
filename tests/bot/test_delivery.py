"""Delivering a game's updates part by part, with the real table service on a SQLite file and a
stand-in for Discord: the living board message, merged DMs, one closed-DM hint per player, a
shorter post when Discord refuses one, a gone channel, and updates left untold by a crash."""

from __future__ import annotations

import asyncio
import io
import itertools
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest
from PIL import Image

from bot.courier import limits
from bot.courier.delivery import Courier, allowed
from bot.courier.pictures import Pictures
from bot.lobby.flow import Seating
from bot.play.controls import controls_view
from club.catalogue import CATALOGUE, Catalogue
from club.service import Controls, Lobby, Notice, TableService
from club.service.computer_seats import computer_id
from club.storage import Storage
from engine.leylines import GAME
from tests.bot.fakes import FakeResponse
from tests.conftest import Backend
from tests.service.fixtures import ANN, BOB, CAT, CHANNEL, serve
from tests.service.secret_numbers import WITH_NUMBERS

IDS = itertools.count(9000)


def http_error(status: int, code: int) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="refused")
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    return kind(cast(Any, response), {"code": code, "message": "refused"})


class FakeMessage:
    def __init__(self, channel: FakeChannel, parts: dict[str, Any]) -> None:
        self.id = next(IDS)
        self.channel = channel
        self.parts = parts
        self.edits = 0


class FakeChannel:
    """A channel that records posts and edits; `refuse` lists errors for the next posts."""

    def __init__(self, channel_id: int = CHANNEL) -> None:
        self.id = channel_id
        self.messages: list[FakeMessage] = []
        self.refuse: list[discord.HTTPException] = []

    async def send(self, content: str = "", **parts: Any) -> FakeMessage:
        if self.refuse:
            raise self.refuse.pop(0)
        message = FakeMessage(self, {"content": content, **parts})
        self.messages.append(message)
        return message

    def get_partial_message(self, message_id: int) -> Any:
        channel = self

        class Partial:
            async def edit(self, **parts: Any) -> None:
                found = [m for m in channel.messages if m.id == message_id]
                if not found:
                    raise http_error(404, 10008)
                [message] = found
                message.parts = {**message.parts, **parts}
                message.edits += 1

        return Partial()


class FakeUser:
    def __init__(self, closed: bool = False) -> None:
        self.closed = closed
        self.received: list[dict[str, Any]] = []

    async def send(self, content: str = "", **parts: Any) -> None:
        if self.closed:
            raise http_error(403, 50007)
        self.received.append({"content": content, **parts})


DM_CHANNELS = 10**6
"""A user's DM channel id here: theirs plus this."""


class FakeClient:
    """The channel and each user's DM channel (opened with `http.start_private_message`)."""

    def __init__(self, users: dict[int, FakeUser], channel: FakeChannel) -> None:
        self.users = users
        self.channel = channel
        self.http = SimpleNamespace(start_private_message=self.open_dm)
        self.opened: list[int] = []
        """The users whose DM channel was opened, each time."""

    async def open_dm(self, user_id: int) -> dict[str, Any]:
        self.opened.append(user_id)
        return {"id": str(user_id + DM_CHANNELS), "type": 1}

    def get_partial_messageable(
        self, channel_id: int, *, type: discord.ChannelType | None = None
    ) -> FakeChannel | FakeUser:
        if type is discord.ChannelType.private:
            return self.users[channel_id - DM_CHANNELS]
        assert channel_id == self.channel.id
        return self.channel


@pytest.fixture
def catalogue() -> Catalogue:
    """The bot's games and the test-only one, with a plain picture."""
    return WITH_NUMBERS


def pictures() -> Pictures:
    """Pictures of the bot's games and the test-only one, drawn in a thread."""
    return Pictures(renderer_for=WITH_NUMBERS.renderer_for)


def courier_for(
    service: TableService, closed: tuple[int, ...] = ()
) -> tuple[Courier, FakeChannel, dict[int, FakeUser]]:
    users = {p.user_id: FakeUser(p.user_id in closed) for p in (ANN, BOB, CAT)}
    channel = FakeChannel()
    client = cast(Any, FakeClient(users, channel))
    return Courier(client, service, pictures(), controls_view), channel, users


async def numbers_table(service: TableService) -> int:
    """A Secret Numbers game of Ann, Bob and Cat (an open phase of secret picks)."""
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="numbers", options={"timer": 0}
    )
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.join(CHANNEL, CAT)
    return (await service.lobbies.start(CHANNEL, ANN)).game_id


async def leylines_table(service: TableService) -> int:
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={"first": 1}
    )
    await service.lobbies.join(CHANNEL, BOB)
    return (await service.lobbies.start(CHANNEL, ANN)).game_id


def png(message: FakeMessage) -> Image.Image:
    file = message.parts.get("file") or message.parts["attachments"][0]
    assert isinstance(file, discord.File) and file.description
    file.fp.seek(0)
    return Image.open(io.BytesIO(file.fp.read()))


async def test_moves_within_a_phase_edit_one_board_message(
    service: TableService, storage: Storage
) -> None:
    game_id = await numbers_table(service)
    courier, channel, users = courier_for(service)
    assert (await courier.flush(game_id)).problem is None
    [board] = channel.messages
    assert png(board).format == "PNG"
    assert "Waiting for" in board.parts["content"]
    assert all(len(user.received) == 1 for user in users.values())  # one DM each, with a menu

    await service.play.move(CHANNEL, ANN, "pick 7")
    await courier.flush(game_id)
    await service.play.move(CHANNEL, BOB, "pass")
    await courier.flush(game_id)
    assert len(channel.messages) == 1 and board.edits == 2
    assert "Ann picked a number." in board.parts["content"]
    assert "Bob passed." in board.parts["content"]  # the narration of the phase accumulates

    await service.play.move(CHANNEL, CAT, "pick 3")
    await courier.flush(game_id)
    assert len(channel.messages) == 2  # the end is a new message
    assert "Game over." in channel.messages[-1].parts["content"]
    assert await storage.outbox.pending(game_id) == []


async def test_a_new_player_to_act_gets_a_new_message_that_pings_them(
    service: TableService,
) -> None:
    game_id = await leylines_table(service)
    courier, channel, _ = courier_for(service)
    await courier.flush(game_id)
    await service.play.move(CHANNEL, ANN, "L c3")
    await courier.flush(game_id)
    opening, after = channel.messages
    assert [u.id for u in after.parts["allowed_mentions"].users] == [BOB.user_id]
    assert f"<@{BOB.user_id}>, your turn." in after.parts["content"]
    assert opening.edits == 0


async def test_dms_are_merged_and_a_closed_dm_is_hinted_once_per_game(
    service: TableService,
) -> None:
    game_id = await numbers_table(service)
    courier, channel, _ = courier_for(service, closed=(BOB.user_id,))
    await courier.flush(game_id)
    [_, hint] = channel.messages
    assert f"<@{BOB.user_id}>" in hint.parts["content"] and "/secret" in hint.parts["content"]
    assert [u.id for u in hint.parts["allowed_mentions"].users] == [BOB.user_id]
    await service.play.move(CHANNEL, ANN, "pick 7")
    await courier.flush(game_id)
    hints = [m for m in channel.messages if "/secret" in m.parts["content"]]
    assert hints == [hint]  # not again in the same game


async def test_a_long_dm_comes_in_messages_discord_takes_the_menu_with_the_last(
    service: TableService,
) -> None:
    """The service merges a player's DM whole; the courier splits it between paragraphs, each
    piece with its own nonce, and the menu comes with the last."""
    game_id = await numbers_table(service)
    courier, _, users = courier_for(service)
    text = "\n\n".join(f"Paragraph {n}: " + "word " * 150 for n in range(6))
    menu = Controls(game_id, 0, buttons=("pick 1", "pick 2"))
    notice = Notice(text, user_id=ANN.user_id, controls=menu)
    assert await courier._dm(ANN.user_id, [notice], lambda part: part)
    received = users[ANN.user_id].received
    assert len(received) > 1 and all(len(m["content"]) <= limits.CONTENT for m in received)
    assert " ".join(m["content"] for m in received).split() == text.split()
    assert [m["nonce"] for m in received] == [f"dm {ANN.user_id} {n}" for n in range(len(received))]
    assert [m.get("view") is not None for m in received] == [False] * (len(received) - 1) + [True]


async def test_a_refused_post_is_sent_shorter_and_the_dms_still_go(
    service: TableService,
    storage: Storage,
) -> None:
    game_id = await numbers_table(service)
    courier, channel, users = courier_for(service)
    channel.refuse = [http_error(400, 50035)]
    report = await courier.flush(game_id)
    assert report.problem is None
    [board] = channel.messages
    assert "view" not in board.parts and "Waiting for" in board.parts["content"]
    assert all(len(user.received) == 1 for user in users.values())
    assert await storage.outbox.pending(game_id) == []


async def test_a_channel_that_refuses_everything_loses_no_dm_and_says_why(
    service: TableService,
    storage: Storage,
) -> None:
    game_id = await numbers_table(service)
    courier, channel, users = courier_for(service)
    channel.refuse = [http_error(403, 50013), http_error(403, 50013)]
    report = await courier.flush(game_id)
    assert report.problem is not None and "permission" in report.problem
    assert channel.messages == []
    assert all(len(user.received) == 1 for user in users.values())
    assert len(await storage.moves.of(game_id)) == 0
    assert (await storage.games.get(game_id) or pytest.fail()).status == "active"


async def test_a_deleted_channel_closes_its_game(service: TableService, storage: Storage) -> None:
    game_id = await leylines_table(service)
    courier, channel, _ = courier_for(service)
    channel.refuse = [http_error(404, 10003)]
    report = await courier.flush(game_id)
    assert report.problem is not None and "gone" in report.problem
    row = await storage.games.get(game_id)
    assert row is not None and row.status == "abandoned"
    assert await storage.outbox.pending(game_id) == []
    assert await service.deliveries.undelivered_games(float("inf")) == []


async def test_a_deleted_board_message_is_replaced_by_a_new_one(service: TableService) -> None:
    game_id = await numbers_table(service)
    courier, channel, _ = courier_for(service)
    await courier.flush(game_id)
    channel.messages.clear()  # a moderator deleted the board
    await service.play.move(CHANNEL, ANN, "pick 7")
    await courier.flush(game_id)
    [board] = channel.messages
    assert "Ann picked a number." in board.parts["content"]
    assert png(board).format == "PNG"


async def test_updates_a_crash_left_untold_are_delivered_after_a_restart(
    backend: Backend,
) -> None:
    store = backend.store()
    before = await serve(store, seed=5, catalogue=WITH_NUMBERS)
    game_id = await leylines_table(before)
    await before.play.move(CHANNEL, ANN, "L c3")
    await before.play.move(CHANNEL, BOB, "M d4")
    await store.close()  # the process dies before telling anyone

    store = backend.store()
    after = await serve(store, seed=5, catalogue=WITH_NUMBERS)
    try:
        assert await after.deliveries.undelivered_games(float("inf")) == [game_id]
        courier, channel, _ = courier_for(after)
        await courier.flush(game_id)
        texts = [m.parts["content"] for m in channel.messages]
        assert len(texts) == 3  # the opening and each move: each brought a new player to act
        assert "begins" in texts[0] and "c3" in texts[1] and "d4" in texts[2]
        assert png(channel.messages[-1]).format == "PNG"
        assert "file" not in channel.messages[0].parts  # only the last shows the board
        assert await after.deliveries.undelivered_games(float("inf")) == []
    finally:
        await store.close()


async def test_joining_a_game_with_secrets_tests_the_dm(
    monkeypatch: Any, service: TableService
) -> None:
    monkeypatch.setattr(GAME, "information", "hidden")
    for closed in (False, True):
        user = FakeUser(closed=closed)
        client = FakeClient({7: user}, FakeChannel())
        interaction = SimpleNamespace(
            client=client, response=FakeResponse(), user=discord.Object(7)
        )
        lobby = Lobby(1, "leylines", GAME.title, (), 2, 2, {}, (), 7, "lobby", None)
        courier = Courier(cast(Any, client), service, pictures(), controls_view)
        await Seating(service, courier, WITH_NUMBERS).check_dms(cast(Any, interaction), lobby)
        warned = interaction.response.sent
        if closed:
            assert user.received == []
            [(text, ephemeral)] = warned
            assert ephemeral and "/secret" in text
        else:
            assert len(user.received) == 1 and "Ley Lines of Mars" in user.received[0]["content"]
            assert warned == []


@pytest.mark.parametrize(
    ("key", "said"),
    [
        ("agents", "You joined an Agents of M.A.R.S. table."),
        ("marsvsearth", "You joined a Mars vs. Earth table."),
    ],
)
async def test_the_dm_on_joining_a_table_with_secrets_names_its_game_with_the_right_article(
    service: TableService, key: str, said: str
) -> None:
    user = FakeUser()
    interaction = SimpleNamespace(
        client=FakeClient({7: user}, FakeChannel()), response=FakeResponse(), user=discord.Object(7)
    )
    title = CATALOGUE[key].game.title
    lobby = Lobby(1, key, title, (), 2, 2, {}, (), 7, "lobby", None)
    courier = Courier(cast(Any, interaction.client), service, pictures(), controls_view)
    await Seating(service, courier, WITH_NUMBERS).check_dms(cast(Any, interaction), lobby)
    [dm] = user.received
    assert dm["content"].startswith(f"{said} ")


def test_computer_players_are_never_pinged() -> None:
    mentions = allowed((BOB.user_id, computer_id(1), computer_id(2)))
    assert [u.id for u in cast(list[discord.Object], mentions.users)] == [BOB.user_id]
    assert mentions.everyone is False and mentions.roles is False


class SlowChannel(FakeChannel):
    """A channel whose posts take a while, so that two deliveries would overlap."""

    async def send(self, content: str = "", **parts: Any) -> FakeMessage:
        await asyncio.sleep(0.1)
        return await super().send(content, **parts)


async def test_two_processes_flushing_one_game_deliver_its_updates_once(
    postgresql: Backend,
) -> None:
    services, stores = [], []
    for holder in ("shards 0 of 2", "shards 1 of 2"):
        store = postgresql.store()
        await store.open()
        services.append(TableService(store, holder=holder))
        stores.append(store)
    game_id = await leylines_table(services[0])
    channel = SlowChannel()
    users = {p.user_id: FakeUser() for p in (ANN, BOB, CAT)}
    client = cast(Any, FakeClient(users, channel))
    couriers = [Courier(client, service, pictures(), controls_view) for service in services]
    reports = await asyncio.gather(*(courier.flush(game_id) for courier in couriers))
    assert [report.problem for report in reports] == [None, None]
    [board] = channel.messages  # one board, not one per process
    assert "your turn" in board.parts["content"]
    assert await stores[1].outbox.pending(game_id) == []
    for store in stores:
        await store.close()
