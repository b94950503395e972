"""The outbox's one codec: what a commit writes is what a delivery reads, and an entry queued
by an earlier version of the bot (the same JSON keys) is read the same way."""

from __future__ import annotations

from club.service import TableService
from club.service.outbox import OutboxEntry, PrivateLine, entry
from club.service.updates import Player


def test_an_entry_comes_back_from_its_json_as_it_was() -> None:
    told = OutboxEntry(
        "Ann places a leyline.", (2,), False, (PrivateLine(2, 1, "hi", True, False),)
    )
    assert OutboxEntry.from_json(told.to_json()) == told


def test_an_entry_queued_by_an_earlier_version_reads_the_same() -> None:
    stored = {
        "said": "Bob moves.",
        "mentions": [101],
        "fresh": True,
        "private": [{"user": 101, "seat": 0, "text": "Yours", "view": True, "picker": True}],
    }
    read = OutboxEntry.from_json(stored)
    assert read == OutboxEntry(
        "Bob moves.", (101,), True, (PrivateLine(101, 0, "Yours", True, True),)
    )
    assert read.to_json() == stored


async def test_a_computer_player_is_sent_nothing_and_fresh_follows_the_pings(
    service: TableService,
) -> None:
    ann = Player(101, "Ann")
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=10, creator=ann, game_key="leylines", options={}, computers=1
    )
    await service.lobbies.start(10, ann)
    table = await service.tables.load(10, status="active")
    robot = table.players[1].user_id
    lines = [PrivateLine(101, 0, "to Ann", False, False), PrivateLine(robot, 1, "hi", True, True)]
    made = entry(table, "said", (), lines, fresh=None)
    assert made.private == (PrivateLine(101, 0, "to Ann", False, False),)
    assert made.fresh is False
    assert entry(table, "said", (101,), [], fresh=None).fresh is True
    assert entry(table, "said", (101,), [], fresh=False).fresh is False
