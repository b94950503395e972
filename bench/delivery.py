"""How much the bot says: channel messages, edits, pictures and DMs per Mars vs. Earth round and
per Martian Merchants turn.

Games are played by seeded random legal moves through the table service on a real SQLite file;
after every move the pending delivery is planned exactly as the bot plans it (`delivery`) and
counted, then marked delivered. Every player is taken to accept DMs (a closed-DM hint adds at
most one channel message per such player per game). Interaction replies (the private "Done"
confirmations) are not channel messages and are not counted.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, replace
from pathlib import Path

from bench.report import Check, Section
from club.catalogue import CATALOGUE
from club.service import Delivery, Player, TableService
from club.storage import Storage
from club.storage.sqlite import SqliteDatabase

MESSAGES_PER_ACTION = 1.2
"""Mars vs. Earth target at 6 players: new channel messages per player action."""
MESSAGES_PER_TURN = 1.0
"""Martian Merchants target: new channel messages per turn (at most one)."""


@dataclass
class Tally:
    """What the channel and the players' DMs received."""

    actions: int = 0
    posts: int = 0
    edits: int = 0
    pictures: int = 0
    dms: int = 0
    periods: list[int] = field(default_factory=list)

    def count(self, delivery: Delivery) -> None:
        self.posts += sum(post.new for post in delivery.posts)
        self.edits += sum(not post.new for post in delivery.posts)
        self.pictures += sum(post.view is not None for post in delivery.posts)
        self.pictures += sum(dm.view is not None for dm in delivery.dms)
        self.dms += len(delivery.dms)


async def seated(service: TableService, key: str, players: int, channel: int) -> int:
    """A started game of `key` with `players` seated; its id."""
    people = [Player(1000 + n, f"Player{n}") for n in range(players)]
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=channel, creator=people[0], game_key=key, options={}
    )
    for person in people[1:]:
        await service.lobbies.join(channel, person)
    return (await service.lobbies.start(channel, people[0])).game_id


async def deliver(service: TableService, game_id: int, tally: Tally) -> None:
    delivery = await service.deliveries.delivery(game_id)
    assert delivery is not None
    tally.count(delivery)
    await service.deliveries.delivered(delivery, replace(delivery.living, message_id=1))


async def play(
    service: TableService,
    store: Storage,
    game_id: int,
    channel: int,
    rng: random.Random,
    tally: Tally,
) -> bool:
    """One random legal move by a random player who may act; False once the game is over."""
    row = await store.games.get(game_id)
    assert row is not None
    if row.status != "active":
        return False
    game = CATALOGUE[row.game_key].game
    state = game.from_json(json.loads(row.state or "{}"))
    seat = rng.choice(sorted(game.actors(state)))
    move = rng.choice(game.legal_moves(state, seat))
    seats = {s.seat: s for s in row.seats}
    player = Player(seats[seat].user_id, seats[seat].display_name)
    await service.play.move(channel, player, game.notation(move))
    tally.actions += 1
    await deliver(service, game_id, tally)
    return True


async def marsvsearth_rounds(folder: Path, players: int, rounds: int) -> Tally:
    """Counts over the first `rounds` whole rounds of a random game (fewer if it ends)."""
    store = Storage(SqliteDatabase(folder / f"delivery-mve-{players}.sqlite3"))
    await store.open()
    service = TableService(store, seed_source=lambda: 4000 + players)
    try:
        game_id = await seated(service, "marsvsearth", players, channel=players)
        await deliver(service, game_id, Tally())  # the opening, not part of a round
        tally = Tally()
        rng = random.Random(players)
        game = CATALOGUE["marsvsearth"].game
        while len(tally.periods) < rounds:
            row = await store.games.get(game_id)
            assert row is not None and row.state is not None
            round_before = game.from_json(json.loads(row.state)).round
            if not await play(service, store, game_id, players, rng, tally):
                break
            row = await store.games.get(game_id)
            assert row is not None and row.state is not None
            if game.from_json(json.loads(row.state)).round != round_before:
                tally.periods.append(tally.actions)
        return tally
    finally:
        await store.close()


async def merchants_turns(folder: Path, turns: int) -> Tally:
    """Counts over the first `turns` turns of a random 4-player game."""
    store = Storage(SqliteDatabase(folder / "delivery-merchants.sqlite3"))
    await store.open()
    service = TableService(store, seed_source=lambda: 77)
    try:
        game_id = await seated(service, "merchants", 4, channel=44)
        await deliver(service, game_id, Tally())  # the opening, not part of a turn
        tally = Tally()
        rng = random.Random(44)
        game = CATALOGUE["merchants"].game
        while len(tally.periods) < turns:
            row = await store.games.get(game_id)
            assert row is not None and row.state is not None
            before = game.actors(game.from_json(json.loads(row.state)))
            if not await play(service, store, game_id, 44, rng, tally):
                break
            row = await store.games.get(game_id)
            assert row is not None and row.state is not None
            if game.actors(game.from_json(json.loads(row.state))) != before:
                tally.periods.append(tally.actions)
        return tally
    finally:
        await store.close()


def row(label: str, tally: Tally, players: int) -> str:
    periods = max(1, len(tally.periods))
    per = [tally.posts, tally.edits, tally.pictures, tally.dms]
    shown = " | ".join(f"{value / periods:.1f}" for value in per)
    return (
        f"| {label} | {len(tally.periods)} | {tally.actions / periods:.1f} | {shown} | "
        f"{tally.dms / periods / players:.1f} | {tally.posts / max(1, tally.actions):.2f} |"
    )


async def bench_delivery(folder: Path, rounds: int) -> Section:
    lines = [
        "## Delivery: what the channel and the DMs receive",
        "",
        "Seeded random games through the table service, every update planned as the bot "
        "delivers it (`python benchmark.py`). Per round (Mars vs. Earth) or per turn "
        "(Merchants): player actions, new channel messages, edits of the living board "
        "message, pictures (channel and DM), DMs, DMs per player, and new channel messages per "
        "player action.",
        "",
        "| table | periods | actions | new messages | edits | pictures | DMs | DMs/player "
        "| messages/action |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    checks = []
    for players in (3, 6, 10):
        tally = await marsvsearth_rounds(folder, players, rounds)
        lines.append(row(f"Mars vs. Earth, {players} players, per round", tally, players))
        if players == 6:
            checks.append(
                Check(
                    "Mars vs. Earth at 6 players: new channel messages per player action",
                    tally.posts / max(1, tally.actions),
                    MESSAGES_PER_ACTION,
                    "messages",
                )
            )
    tally = await merchants_turns(folder, 12 * rounds)
    lines.append(row("Martian Merchants, 4 players, per turn", tally, 4))
    checks.append(
        Check(
            "Martian Merchants: new channel messages per turn (target: at most 1)",
            tally.posts / max(1, len(tally.periods)),
            MESSAGES_PER_TURN + 0.01,
            "messages",
        )
    )
    lines += ["", *(check.line() for check in checks)]
    return Section(lines, checks)
