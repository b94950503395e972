"""Thirty simulated days of slow play on an injected clock: 20 Ley Lines tables among 10
players on two servers (the second does not allow stand-ins), with a 24-hour clock and reminders
every 6 hours. Two players go away for a while, one vanishes. Each hour, whoever is present and
to move plays; after a table's clock has run out on the vanished player, the other claims the win
at even tables and seats a stand-in at odd ones (refused on the second server, where they claim
the win instead). A stand-in's move is chosen by the computer players' own search from the turn
it is handed (the search reads only what the seat may see: `tests/ai/test_ismcts.py`). Halfway
through, the service restarts on the same database."""

from __future__ import annotations

import contextlib
import itertools
import random
from collections import Counter
from pathlib import Path

from bot.workers.thinking import think
from club.service import Player, TableError, TableService
from club.storage import Storage
from club.storage.sqlite import SqliteDatabase
from tests.service.fixtures import Clock, serve

HOUR, DAY = 3600.0, 86400.0
GUILD, NO_STANDINS = 1, 2
PLAYERS = [Player(100 + n, f"P{n}") for n in range(10)]
VANISHED, AWAY = PLAYERS[9].user_id, {PLAYERS[3].user_id, PLAYERS[4].user_id}


async def test_a_month_of_slow_tables(tmp_path: Path) -> None:
    clock, chance = Clock(), random.Random(5)
    store = Storage(SqliteDatabase(tmp_path / "bot.sqlite3"))
    service = await serve(store, seed=7, remind_after=6 * HOUR, clock=clock)
    await service.servers.change_settings(NO_STANDINS, standins=False)
    pairs = {}
    guild_of = {10 + n: GUILD if n < 14 else NO_STANDINS for n in range(20)}
    for n in range(20):
        a, b = PLAYERS[n % 10], PLAYERS[(n * 3 + 1) % 10]
        if a == b:
            b = PLAYERS[(n + 5) % 10]
        pairs[10 + n] = (a, b)
        await service.lobbies.new_lobby(
            guild_id=guild_of[10 + n], channel_id=10 + n, creator=a, game_key="leylines",
            options={"first": 1}, clock_hours=24,
        )  # fmt: skip
        await service.lobbies.join(10 + n, b)
        await service.lobbies.start(10 + n, a)
    digests: list[tuple[float, tuple[int, int]]] = []
    refused: set[int] = set()
    standin_moves = 0
    away_until: dict[int, float] = {}
    for hour in range(30 * 24):
        clock.now += HOUR
        if hour == 15 * 24:  # a restart: what is due is read again from the database
            service = TableService(store, seed_source=lambda: 7, remind_after=6 * HOUR, clock=clock)
        if hour in (2 * 24, 16 * 24):
            for user in AWAY:
                player = next(p for p in PLAYERS if p.user_id == user)
                for guild in (GUILD, NO_STANDINS):
                    await service.away.go_away(guild, player, 5)
                away_until[user] = clock.now + 5 * DAY
        await service.clocks.due_reminders()
        digests += [(clock.now, (g, u)) for g, u, _ in await service.waiting.due_digests()]
        for channel, (a, b) in pairs.items():
            row = await store.games.open_in(channel)
            if row is None:
                continue
            table = await service.tables.load(channel, status="active")
            if not table.actors():
                continue
            [seat] = table.actors()
            user = table.players[seat].user_id
            mover = a if a.user_id == user else b
            other = b if mover is a else a
            if user in away_until and clock.now < away_until[user]:
                for claim in (service.claims.claim_win, service.claims.claim_end):
                    try:
                        await claim(channel, other)
                        raise AssertionError("a claim against an away player")
                    except TableError as error:
                        assert "away until" in str(error)
                continue
            if user == VANISHED:
                try:
                    if channel % 2:
                        await service.claims.claim_standin(channel, other)
                    else:
                        await service.claims.claim_win(channel, other)
                except TableError as error:
                    if "does not allow stand-ins" in str(error):
                        assert guild_of[channel] == NO_STANDINS
                        refused.add(channel)
                        with contextlib.suppress(TableError):
                            await service.claims.claim_win(channel, other)
                turn = await service.standins.standin_turn(row.id)
                if turn is not None:
                    assert guild_of[channel] == GUILD and turn.seat == seat
                    assert turn.level == "easy" and turn.state == row.state
                    standin_moves += 1
                    await service.computers.play_computer(turn, think(turn))
                continue
            if chance.random() < 0.3:  # slow: a move now and then
                moves = table.game.legal_moves(table.state, seat)
                await service.play.move(channel, mover, table.game.notation(chance.choice(moves)))
    per_user: dict[tuple[int, int], list[float]] = {}  # one digest a period per server
    for moment, guild_user in digests:
        per_user.setdefault(guild_user, []).append(moment)
    for moments in per_user.values():
        assert all(b - a >= 6 * HOUR - 1 for a, b in itertools.pairwise(moments))
    assert Counter(u for _, (_, u) in digests)[VANISHED] > 0
    left = [c for c in pairs if await store.games.open_in(c) is not None]
    vanished_left = [c for c in left if VANISHED in (p.user_id for p in pairs[c])]
    assert len(left) == len(vanished_left)  # every other table finished or was claimed
    assert all(c % 2 for c in vanished_left)  # only stand-in tables may still be in play
    assert all(guild_of[c] == GUILD for c in vanished_left) and refused and standin_moves
    for channel in vanished_left:
        row = await store.games.open_in(channel)
        assert row is not None and await store.games.unrated(row.id)
    await store.close()
