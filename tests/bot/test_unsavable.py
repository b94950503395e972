"""A database that cannot save (a full disk, a read-only database): the move is refused with
what happened and whom to tell, nothing of it is half-saved, the log gets one line per kind of
error per minute instead of a traceback per action, and `/status` lists it."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import asyncpg
import asyncpg.transaction
import pytest

from bot.courier.replies import APOLOGY, UNCERTAIN, UNSAVED, answer_error
from club.faults import Faults, unsavable
from club.operations.figures import describe, gather, waiting_on_computers
from club.service import TableService
from club.storage import Storage
from club.storage.database import SaveUncertain
from club.storage.sqlite import SqliteDatabase
from tests.bot.fakes import FakeFollowup, FakeResponse
from tests.conftest import Backend
from tests.service.fixtures import ANN, BOB, CHANNEL, serve, started


def interaction(faults: Faults) -> Any:
    """A slash command's interaction, as `answer_error` reads it."""
    response = FakeResponse()
    return SimpleNamespace(
        client=SimpleNamespace(faults=faults),
        user=SimpleNamespace(id=ANN.user_id),
        command=None,
        extras={},
        response=response,
        followup=FakeFollowup(response),
    )


async def moves_until_refused(
    service: TableService, store: Storage
) -> tuple[sqlite3.OperationalError, int]:
    """Ann's and Bob's moves until the database (`store`, the service's) refuses one: the error
    and the moves saved."""
    for _ in range(60):
        row = await store.games.open_in(CHANNEL)
        assert row is not None
        offers = {p: await service.looking.suggestions(CHANNEL, p.user_id, "") for p in (ANN, BOB)}
        player, offered = next((p, moves) for p, moves in offers.items() if moves)
        try:
            await service.play.move(CHANNEL, player, offered[0])
        except sqlite3.OperationalError as error:
            return error, row.moves_made
    pytest.fail("the database never filled up")


@pytest.mark.parametrize(
    ("limit", "words"),
    [("PRAGMA max_page_count = {pages}", "full"), ("PRAGMA query_only = ON", "readonly")],
)
async def test_a_move_the_database_cannot_save_is_refused_whole_and_said_once_a_minute(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, limit: str, words: str
) -> None:
    store = Storage(SqliteDatabase(tmp_path / "bot.sqlite3"))
    service = await serve(store)
    await started(service)
    [(pages,)] = await store.db.execute_fetchall("PRAGMA page_count")
    await store.db.execute(limit.format(pages=pages))
    error, saved = await moves_until_refused(service, store)
    assert unsavable(error) and words in str(error).replace("read-only", "readonly")
    row = await store.games.open_in(CHANNEL)
    assert row is not None and row.moves_made == saved  # nothing of the refused move
    assert len(await store.moves.of(row.id)) == saved

    faults = Faults()
    with caplog.at_level(logging.ERROR, logger="bot.courier.replies"):
        for _ in range(5):
            refused = interaction(faults)
            await answer_error(refused, error)
            assert refused.response.sent == [(UNSAVED, True)]
    lines = [r for r in caplog.records if r.name == "bot.courier.replies"]
    assert len(lines) == 1 and faults.kinds["saving"].count == 5
    await store.db.execute("PRAGMA query_only = OFF")
    await store.db.execute("PRAGMA max_page_count = 1073741823")
    text = describe(
        await gather(store, "SQLite", 0.0, lambda: waiting_on_computers(service)),
        errors=faults.recent(3600),
    )
    assert "- saving: 5 since the start" in text and "OperationalError" in text
    await store.close()


def test_what_counts_as_unsavable() -> None:
    assert unsavable(asyncpg.exceptions.DiskFullError("could not extend file"))
    assert unsavable(asyncpg.exceptions.ReadOnlySQLTransactionError("read-only transaction"))
    assert unsavable(OSError(28, "No space left on device"))
    assert not unsavable(sqlite3.OperationalError("database is locked"))
    assert not unsavable(RuntimeError("database or disk is full"))


async def test_an_error_after_the_commit_is_never_called_unsaved() -> None:
    committed = interaction(Faults())
    committed.extras["mars:after-commit"] = "queued"
    await answer_error(cast(Any, committed), sqlite3.OperationalError("database or disk is full"))
    [(text, private)] = committed.response.sent
    assert private and text != UNSAVED and text != APOLOGY and "saved" in text


async def test_a_commit_without_an_answer_is_uncertain_never_unsaved(
    postgresql: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server went away after the commit was sent: the store says it cannot tell (here the
    change was made), and the player reads that, never "nothing was changed"."""
    store = postgresql.store()
    await store.open()
    lobby = await TableService(store).lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={}
    )
    committing = asyncpg.transaction.Transaction.commit

    async def answer_lost(self: asyncpg.transaction.Transaction) -> None:
        await committing(self)
        raise asyncpg.exceptions.ConnectionDoesNotExistError("connection was closed")

    monkeypatch.setattr(asyncpg.transaction.Transaction, "commit", answer_lost)
    with pytest.raises(SaveUncertain):
        await store.outbox.queue(lobby.game_id, {"said": "made after all"})
    monkeypatch.undo()
    queued = await store.outbox.pending(lobby.game_id)
    assert [row.payload for row in queued] == [{"said": "made after all"}]
    asked = interaction(Faults())
    await answer_error(cast(Any, asked), SaveUncertain("connection was closed"))
    assert asked.response.sent == [(UNCERTAIN, True)]
    await store.close()
