"""The append-only move log: each game's moves numbered 1, 2, ... without gaps."""

from __future__ import annotations

import time
from typing import Any

from bot.ratings import ledger
from bot.ratings.standings import Ending
from bot.storage.database import Database
from bot.storage.games import bump
from bot.storage.outbox import queue
from bot.storage.rows import GameRow, MoveRow, PhaseTimer


class Moves:
    """The table `moves`, and recording a move with everything it changes."""

    def __init__(self, database: Database) -> None:
        self.database = database

    async def of(self, game_id: int) -> list[MoveRow]:
        """The game's moves in order."""
        rows = await self.database.rows(
            "SELECT seq, seat, kind, notation, created_at, said, undoes FROM moves "
            "WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [MoveRow(*row) for row in rows]

    async def moved_since(self, game_id: int, seat: int, seq: int) -> bool:
        """Whether `seat` moved, or a phase timed out, after move number `seq`."""
        return bool(
            await self.database.scalar(
                "SELECT EXISTS (SELECT 1 FROM moves WHERE game_id = ? AND seq > ? "
                "AND (seat = ? OR kind = 'timeout'))",
                (game_id, seq, seat),
            )
        )

    async def moved_after(self, game_id: int, seat: int, moment: float) -> bool:
        """Whether `seat` moved, or a phase timed out, after `moment` (Unix seconds)."""
        return bool(
            await self.database.scalar(
                "SELECT EXISTS (SELECT 1 FROM moves WHERE game_id = ? AND created_at > ? "
                "AND (seat = ? OR kind = 'timeout'))",
                (game_id, moment, seat),
            )
        )

    async def record(
        self,
        game: GameRow,
        *,
        seat: int,
        kind: str,
        notation: str,
        state: str,
        result: str | None,
        deadline: float | None,
        timer: PhaseTimer,
        said: str,
        outbox: dict[str, Any],
        claim_at: float | None = None,
        ending: Ending | None = None,
        undoes: int = 1,
    ) -> None:
        """Append to the move log, save the new snapshot (`state`, JSON text) and queue the
        update that tells the table (`outbox`), in one transaction: a committed move is always
        announced.

        A non-None `result` ends the game (status `finished`), and `ending` (how it ended) then
        counts it for its players' stats and ratings in the same transaction. `kind` is `move`,
        `hidden` (its notation is secret: records never show it), `resign`, `timeout` (seat -1:
        a phase timer) or `takeback` (the last `undoes` actions before it are undone; its seat
        and notation are those of the first of them, the taker's own move).
        `said` is the move's public narration, kept for `/history`. `claim_at` is when the
        others may claim the game if the next turn waits that long (None: no clock).
        """
        async with self.database.transaction() as db:
            await queue(db, game.id, outbox)
            status = "active" if result is None else "finished"
            await bump(
                db,
                game.id,
                game.version,
                state=state,
                status=status,
                result=result,
                deadline=deadline,
                phase=timer.phase,
                phase_deadline=timer.deadline,
                claim_at=claim_at,
            )
            await db.execute(
                "INSERT INTO moves (game_id, seq, seat, kind, notation, created_at, said, "
                "undoes) VALUES "
                "(?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM moves WHERE game_id = ?), "
                "?, ?, ?, ?, ?, ?)",
                (game.id, game.id, seat, kind, notation, time.time(), said, undoes),
            )
            if result is not None:
                await self.database.lock_ledger(db)
                await ledger.number(db, game.id)
            if ending is not None:
                await ledger.count(db, game.id, ending)
