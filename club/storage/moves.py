"""The append-only move log: each game's moves numbered 1, 2, ... without gaps."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace

from club.storage import ledger
from club.storage.database import Repository
from club.storage.games import bump_telling
from club.storage.outbox import queue
from club.storage.rows import Commit, Committed, GameRow, MoveRow, StaleGame, Statement


class Moves(Repository):
    """The table `moves`, and recording a move with everything it changes."""

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
        self, game: GameRow, commit: Commit, also: Sequence[Statement] = ()
    ) -> Committed:
        """Append `commit` to the move log, save its snapshot and queue the update that tells the
        table, in one transaction (a committed move is always announced) with the statements
        `also`; a result ends the game (status `finished`) and its ending is counted in the same
        transaction. Refused (`StaleGame`), changing nothing, when the game is no longer at
        `game.version` or one of `also` finds what it was to change gone."""
        async with self.database.transaction() as db:
            entry = await queue(db, game.id, commit.outbox)
            told = await bump_telling(
                db,
                self.database,
                game,
                entry,
                state=commit.state,
                status=commit.status or ("active" if commit.result is None else "finished"),
                result=commit.result,
                deadline=commit.deadline,
                phase=commit.timer.phase,
                phase_deadline=commit.timer.deadline,
                claim_at=commit.claim_at,
            )
            [(seq,)] = await db.execute_fetchall(
                "INSERT INTO moves (game_id, seq, seat, kind, notation, created_at, said, "
                "undoes, state_before) VALUES "
                "(?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM moves WHERE game_id = ?), "
                "?, ?, ?, ?, ?, ?, ?) RETURNING seq",
                (
                    game.id,
                    game.id,
                    commit.seat,
                    commit.kind,
                    commit.notation,
                    time.time(),
                    commit.said,
                    commit.undoes,
                    commit.before,
                ),
            )
            committed = replace(told, row=replace(told.row, moves_made=int(seq)))
            for statement in also:
                cursor = await db.execute(statement.sql, statement.params)
                if statement.changes is not None and cursor.rowcount != statement.changes:
                    raise StaleGame()
            if commit.result is not None and commit.status is None:
                await self.database.lock_ledger(db)
                await ledger.number(db, game.id)
            if commit.ending is not None:
                await ledger.count(db, game.id, commit.ending)
        return committed

    async def positions_from(self, game_id: int, seq: int) -> list[str | None]:
        """The snapshots before each of the game's moves from number `seq` on, in order (None
        for a move recorded before the bot kept them)."""
        rows = await self.database.rows(
            "SELECT state_before FROM moves WHERE game_id = ? AND seq >= ? ORDER BY seq",
            (game_id, seq),
        )
        return [row[0] for row in rows]
