"""`/review [game]` without Discord: which game, whose review, and one review at a time per game.

Rulings:
- A review is of a finished game of this channel (the newest one by default, or one by its
  number). Any seated player may ask for their own; anyone else gets the public review (every
  player's chance and drops) of a game without secrets, and a refusal, saying why, of a game
  with secrets (it would be read from someone's secrets).
- A review is made in its turn: the `queue` of its first asker (a place taken as it is asked
  for, which may refuse; entered, it waits for the review's turn and holds it), then after any
  other review of the same game.
- Reviews of one game are made one at a time; whoever asks for a review being made waits for
  that one (each asker hears its progress; the same person asking again is told it is on its
  way, once is enough), and the last `KEEP` reviews and `KEEP` walks are
  remembered, so a review asked for again is answered at once. In a game without secrets one
  walk through its positions serves every player's review.
- The positions are weighed in the thinking workers (`run`), one position a call (which carries
  the game and its kit, as the catalogue given holds them), so a computer player's move waits
  at most for one position, never for a whole review.
- A review's positions are weighed within `deadline` seconds on the clock (`club.review.pace`):
  behind, the positions left get fewer samples, and the review says so.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import astuple, dataclass, field, replace
from typing import Any

from ai.kit import Kit
from ai.samplers import Unsampled
from club.catalogue import Catalogue
from club.review.pace import DEADLINE_SECONDS, Pace
from club.review.walk import (
    SIMULATIONS,
    Drop,
    ReviewStep,
    Samples,
    Weighed,
    drops,
    iterations_for,
    positions_to_weigh,
    reason,
    review_text,
    walk_seat,
    weigh,
    weigh_moves,
)
from club.service.records import positions
from club.service.updates import TableError
from club.storage.games import Games
from club.storage.moves import Moves
from club.storage.rows import GameRow, MoveRow
from engine.core import Game, GameError, Seat
from render.chart import Chart, Series

log = logging.getLogger(__name__)

Run = Callable[..., Awaitable[Any]]
"""`run(function, *args)`: the function's result, worked out in a worker."""
Progress = Callable[[int, int], Awaitable[None]]
"""Told `(positions weighed, positions in all)` while a review is made."""
Queue = Callable[[], AbstractAsyncContextManager[Any]]
"""A place in the reviews' queue, taken when called (see the module)."""
ASKED = "Your review of game #{game} is already on its way: it comes in your first `/review`."

KEEP = 16
"""Reviews (and walks) remembered."""
SECRETS = (
    "{title} has secrets, so only its players may review it, each from their own seat: a "
    "review for anyone else would be read from someone's secrets."
)


@dataclass(frozen=True)
class Reviewed:
    """A review as sent: its text and its chart (drawn by the transport: `render.review`), the
    chart's file name."""

    text: str
    chart: Chart
    filename: str
    samples: Samples
    """The simulations its positions were given, and those planned."""


@dataclass(eq=False)
class _Job:
    """A review being made and the progress callbacks of everyone waiting for it."""

    listeners: list[Progress] = field(default_factory=list)
    askers: set[int] = field(default_factory=set)
    done: asyncio.Future[Reviewed] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )

    async def tell(self, weighed: int, total: int) -> None:
        for listener in list(self.listeners):
            with contextlib.suppress(Exception):  # a lost progress message stops nothing
                await listener(weighed, total)


@dataclass(frozen=True)
class _Walk:
    """A game's positions weighed, and the simulations given them and planned."""

    weighed: list[Weighed]
    samples: Samples


class Reviews:
    """Reviews of the games in `games` (their moves in `moves`), their rules and kits found in
    `catalogue`, their positions weighed by `run` within `simulations` a game (see
    `club.review.walk.iterations_for`) and `deadline` seconds of `clock` (`time.monotonic`;
    see `club.review.pace`)."""

    def __init__(
        self,
        games: Games,
        moves: Moves,
        catalogue: Catalogue,
        run: Run,
        *,
        simulations: int = SIMULATIONS,
        keep: int = KEEP,
        deadline: float = DEADLINE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._games = games
        self._moves = moves
        self.catalogue = catalogue
        self.run = run
        self.simulations = simulations
        self.keep = keep
        self.deadline, self.clock = deadline, clock
        self._reviews: OrderedDict[tuple[int, Seat | None], Reviewed] = OrderedDict()
        self._walks: OrderedDict[tuple[int, Seat | None], _Walk] = OrderedDict()
        self._jobs: dict[tuple[int, Seat | None], _Job] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    async def review(
        self,
        channel_id: int,
        user_id: int,
        game_id: int | None,
        progress: Progress,
        queue: Queue = contextlib.nullcontext,
    ) -> Reviewed:
        """The review of finished game `game_id` of this channel (default: the newest) for the
        user: theirs if seated, else the public one, made in the turn of `queue` (see the
        module)."""
        row = await finished_game(self._games, channel_id, game_id)
        entry = self.catalogue.get(row.game_key)
        if entry is None:
            raise TableError(f"Game #{row.id} ({row.game_key}) is not known to this bot.")
        seat = row.seat_of(user_id)
        if seat is None and entry.game.information == "hidden":
            raise TableError(SECRETS.format(title=entry.game.title))
        if entry.ai is None:
            raise TableError(f"The search cannot weigh {entry.game.title}.")
        key = (row.id, seat)
        found = self._reviews.get(key)
        if found is not None:
            self._reviews.move_to_end(key)
            return found
        job = self._jobs.get(key)
        if job is None:
            place = queue()
            job = self._jobs[key] = _Job()
            task = asyncio.ensure_future(self._make(row, entry.game, entry.ai, seat, job, place))
            task.add_done_callback(lambda made: self._finish(key, job, made))
        elif user_id in job.askers:
            raise TableError(ASKED.format(game=row.id))
        job.listeners.append(progress)
        job.askers.add(user_id)
        try:
            return await asyncio.shield(job.done)
        finally:
            job.listeners.remove(progress)
            job.askers.discard(user_id)

    def _finish(self, key: tuple[int, Seat | None], job: _Job, made: asyncio.Future[Any]) -> None:
        del self._jobs[key]
        if made.cancelled():
            job.done.cancel()
        elif made.exception() is not None:
            job.done.set_exception(made.exception())  # type: ignore[arg-type]
            job.done.exception()  # seen, even if every asker has gone
        else:
            self._remember(self._reviews, key, made.result())
            job.done.set_result(made.result())

    def _remember(self, kept: OrderedDict[Any, Any], key: Any, value: Any) -> None:
        kept[key] = value
        kept.move_to_end(key)
        while len(kept) > self.keep:
            kept.popitem(last=False)

    async def _make(
        self,
        row: GameRow,
        game: Game[Any, Any],
        kit: Kit,
        seat: Seat | None,
        job: _Job,
        place: AbstractAsyncContextManager[Any],
    ) -> Reviewed:
        """The review of `row` (its `game`, searched with `kit`) from `seat`, in the turn of
        `place`."""
        lock = self._locks.setdefault(row.id, asyncio.Lock())
        async with place, lock:
            moves = await self._moves.of(row.id)
            states = await asyncio.to_thread(_rebuilt, game, row, moves)
            weigher = walk_seat(game, seat)
            walk_key = (row.id, weigher)
            weighed_from = await asyncio.to_thread(positions_to_weigh, game, states, weigher)
            iterations = iterations_for(len(weighed_from), self.simulations)
            walked = self._walks.get(walk_key)
            if walked is None:
                walked = await self._walk(game, kit, weighed_from, iterations, job)
                self._remember(self._walks, walk_key, walked)
            walk = walked.weighed
            steps = [_step(move) for move in moves]
            found = [
                await self._explained(row, game, kit, drop, weighed_from[drop.step.number - 1][0])
                for drop in drops(walk, steps, seat)
            ]
        names = [s.display_name for s in row.seats]
        heading = f"{game.title} #{row.id}: {' vs '.join(names)}"
        text = review_text(heading, names, seat, walk, steps, found, iterations, walked.samples)
        chart = Chart(
            f"Chance to win, {game.title} #{row.id}",
            tuple(
                Series(
                    player,
                    names[player],
                    tuple(weighed.values[player] for weighed in walk),
                    tuple(s.number for s in steps if s.seat == player and s.chosen),
                )
                for player in (range(len(names)) if seat is None else [seat])
            ),
        )
        whose = "all" if seat is None else str(seat + 1)
        return Reviewed(text, chart, f"review-{row.id}-{whose}.png", walked.samples)

    async def _walk(
        self,
        game: Game[Any, Any],
        kit: Kit,
        weighed_from: list[tuple[Any, Seat]],
        iterations: int,
        job: _Job,
    ) -> _Walk:
        """Each position weighed in the workers, `iterations` samples each while the walk keeps
        pace with its deadline, fewer behind (see `club.review.pace`)."""
        total = len(weighed_from)
        pace = Pace(total, iterations, self.deadline, self.clock)
        walk = []
        await job.tell(0, total)
        for number, (state, by) in enumerate(weighed_from):
            given, started = pace.next(), self.clock()
            walk.append(await self.run(weigh, game, kit, state, by, given, number))
            pace.took(given, self.clock() - started)
            await job.tell(number + 1, total)
        samples = Samples(sum(pace.given), iterations * total)
        if samples.cut:
            log.info("A review gave %d of %d simulations to answer in time", *astuple(samples))
        return _Walk(walk, samples)

    async def _explained(
        self, row: GameRow, game: Game[Any, Any], kit: Kit, drop: Drop, state: dict[str, Any]
    ) -> Drop:
        """`drop` with why its better move is better (by the mover's sight of the position)."""
        names = [s.display_name for s in row.seats]
        try:
            said = await self.run(
                weigh_moves,
                game,
                kit,
                state,
                drop.step.seat,
                drop.step.notation,
                drop.better,
                drop.step.number - 1,
            )
        except (GameError, Unsampled):
            return replace(drop, why="the search expects more of the moves after it")
        return replace(drop, why=reason(kit.unit, said, names, drop.step.seat))


def _rebuilt(game: Game[Any, Any], row: GameRow, moves: Sequence[MoveRow]) -> list[Any]:
    """The game's positions, refused when its moves no longer rebuild it."""
    try:
        return positions(game, row, moves)
    except GameError as error:
        raise TableError(
            f"Game #{row.id} cannot be reviewed: its moves no longer rebuild it under this "
            "version of the rules."
        ) from error


def _step(move: MoveRow) -> ReviewStep:
    return ReviewStep(
        move.seq, move.seat, move.notation, move.kind == "hidden", move.kind in ("move", "hidden")
    )


async def finished_game(games: Games, channel_id: int, game_id: int | None) -> GameRow:
    """Finished game `game_id` of this channel, or by default the newest one finished here."""
    if game_id is None:
        rows = await games.started_in(channel_id, ("finished",), 1)
        if not rows:
            raise TableError("No game has finished in this channel yet.")
        return rows[0]
    row = await games.get(game_id)
    if row is None or row.channel_id != channel_id or row.state is None:
        raise TableError(f"There is no game #{game_id} in this channel.")
    if row.status != "finished":
        raise TableError(
            f"Game #{row.id} is still being played; `/review` works once it is over."
            if row.status == "active"
            else f"Game #{row.id} was abandoned; only finished games can be reviewed."
        )
    return row
