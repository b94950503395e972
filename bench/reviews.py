"""Review time per game (`python benchmark.py --reviews`): how long `/review` takes to answer for
one finished game of each of the five games, and whether it had to cut its samples.

Each game is played to its end first, seeded (`SEED`), through the table service on a SQLite
file in a temporary folder: Ann at the first seat, computer players at the others (two seats,
four in Martian Merchants, five in Mars vs. Earth), every seat playing seeded random legal
moves (the computers at the random level, as the bot's worker chooses them; Ann from what
`/move`'s autocomplete offers), and Ann resigning after `MOST_MOVES` moves if the game has not
ended (at a table of more than two the computers then play on to its end). Then Ann's review
of it is made as the bot makes it (`club.review.reviews.Reviews`, the bot's simulations and
deadline), its positions weighed in one worker thread (the bot has one thinking worker on two
cores). Reported per game: the moves, the simulations given of those planned, and the
review's wall and CPU seconds (this process's, the event loop's included). Target: every
review answered within `LATE_SECONDS` of being asked, so through the interaction's token
rather than by DM.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.report import Check, Section
from bot.review.cog import LATE_SECONDS
from bot.workers.thinking import think
from club.catalogue import CATALOGUE
from club.review.pace import DEADLINE_SECONDS
from club.review.reviews import Reviews
from club.review.walk import SIMULATIONS
from club.service import Player, TableService
from club.storage import Storage
from club.storage.sqlite import SqliteDatabase

SEED = 31
MOST_MOVES = 200
"""Moves after which Ann resigns a game that has not ended."""
PLAYED_ON = 3000
"""Moves the computers may play on, after Ann resigned, to end a game of more than two."""
LARGEST = 5
"""The most seats a game is played at (a game's largest, if smaller)."""
CHANNEL = 1
ANN = Player(101, "Ann")


@dataclass(frozen=True)
class ReviewPlan:
    """How big the reviews are: simulations a review shares among its positions, the moves
    after which a game is resigned, and the most seats at a table."""

    simulations: int = SIMULATIONS
    most_moves: int = MOST_MOVES
    largest: int = LARGEST


FULL = ReviewPlan()
QUICK = ReviewPlan(simulations=200, most_moves=24, largest=2)


@dataclass(frozen=True)
class Timed:
    """One game's review: its players and moves, simulations given and planned, and wall and CPU
    seconds."""

    title: str
    players: int
    moves: int
    given: int
    planned: int
    wall: float
    cpu: float


class Worker:
    """Runs `Reviews`' worker calls in one thread (the bot's `in_workers`, in a thread)."""

    def __init__(self, executor: ThreadPoolExecutor) -> None:
        self.executor = executor

    async def __call__(self, function: Any, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, function, *args)


async def nothing(weighed: int, total: int) -> None:
    """No progress message."""


async def finished(
    service: TableService, store: Storage, key: str, plan: ReviewPlan
) -> tuple[int, int]:
    """A game of `key` played to its end (see the module); its number and its moves."""
    seats = min(plan.largest, max(CATALOGUE[key].sizes))
    await service.lobbies.new_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        creator=ANN,
        game_key=key,
        options={},
        computers=seats - 1,
        computer_level="random",
    )
    game_id = (await service.lobbies.start(CHANNEL, ANN)).game_id
    rng = random.Random(f"{SEED}-{key}")
    ended = await played(service, store, game_id, plan.most_moves, rng)
    if not ended:
        await service.play.resign(CHANNEL, ANN)
        ended = await played(service, store, game_id, PLAYED_ON, rng)  # the computers play on
    row = await store.games.get(game_id)
    if not ended or row is None:
        raise RuntimeError(f"{key}: the seeded game did not end")
    return game_id, row.moves_made


async def played(
    service: TableService, store: Storage, game_id: int, most: int, rng: random.Random
) -> bool:
    """At most `most` more moves of game `game_id`, seeded random ones; whether it ended."""
    row = await store.games.get(game_id)
    for _ in range(most):
        if row is not None and row.status == "finished":
            return True
        turn = await service.computers.computer_turn(game_id)
        if turn is not None:
            await service.computers.play_computer(turn, think(turn))
        else:
            offered = await service.looking.suggestions(CHANNEL, ANN.user_id, "")
            await service.play.move(CHANNEL, ANN, rng.choice(offered))
        row = await store.games.get(game_id)
    return row is not None and row.status == "finished"


async def time_review(key: str, plan: ReviewPlan, folder: Path) -> Timed:
    """Ann's review of a finished game of `key`, timed."""
    store = Storage(SqliteDatabase(folder / f"{key}.sqlite3"))
    await store.open()
    try:
        service = TableService(store, seed_source=lambda: SEED)
        game_id, moves = await finished(service, store, key, plan)
        with ThreadPoolExecutor(1, thread_name_prefix="review") as executor:
            reviews = Reviews(
                store.games, store.moves, CATALOGUE, Worker(executor), simulations=plan.simulations
            )
            wall, cpu = time.perf_counter(), time.process_time()
            reviewed = await reviews.review(CHANNEL, ANN.user_id, game_id, nothing)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        assert reviewed.text.startswith("**Review of")
        seats = min(plan.largest, max(CATALOGUE[key].sizes))
        title = CATALOGUE[key].game.title
        given, planned = reviewed.samples.given, reviewed.samples.planned
        return Timed(title, seats, moves, given, planned, wall, cpu)
    finally:
        await store.close()


async def bench_reviews(plan: ReviewPlan) -> Section:
    """Time a review of one finished game of each game (see the module)."""
    with tempfile.TemporaryDirectory(prefix="mars-reviews-") as name:
        timed = [await time_review(key, plan, Path(name)) for key in CATALOGUE]
    lines = [
        "## Reviews: `/review` of one finished game of each game",
        "",
        f"One seeded game of each at up to {plan.largest} seats, Ann and computer players "
        f"playing random moves (Ann resigns after {plan.most_moves} moves), reviewed from "
        "Ann's seat as the bot reviews it: "
        f"{plan.simulations:,} simulations shared among the positions, within "
        f"{DEADLINE_SECONDS:g} s on the clock (fewer samples when behind), weighed in "
        "one worker thread. Wall and CPU seconds of the whole review.",
        "",
        "| game | players | moves | simulations given / planned | wall s | CPU s |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
        *(
            f"| {t.title} | {t.players} | {t.moves} | {t.given:,} / "
            f"{t.planned:,} | {t.wall:.1f} | {t.cpu:.1f} |"
            for t in timed
        ),
    ]
    checks = [
        Check(f"reviews: {t.title}, wall time of a review", t.wall, LATE_SECONDS, "s", 1)
        for t in timed
    ]
    return Section(lines, checks)
