"""Game records (`/history`) and replays (`/replay`) from the stored move log: the record's
lines, one replay frame per move after the opening, no secret in either, and the refusals."""

from __future__ import annotations

import asyncio
import calendar
import json
from collections.abc import Sequence
from typing import Any

import pytest

from club.service import Player, TableError, TableService, records
from club.storage import Storage
from club.storage.rows import GameRow, MoveRow
from engine.agents import GAME as AGENTS
from engine.core import View
from render.captions import Frame
from tests.service.fixtures import ANN, BOB, CHANNEL, OTHER_CHANNEL, started
from tests.service.posted import board

OPENED = calendar.timegm((2026, 3, 1, 18, 5, 0))
"""2026-03-01 18:05 UTC, in Unix seconds."""
ENDED = OPENED + 3600
ANN_OBJECTIVES = "objectives red=2 green=1 blue=0 yellow=-1"
BOB_OBJECTIVES = "objectives red=-1 green=0 blue=1 yellow=2"


async def play(service: TableService, *moves: tuple[Player, str], channel: int = CHANNEL) -> None:
    for player, text in moves:
        await service.play.move(channel, player, text)


async def dated(storage: Storage, game_id: int) -> None:
    """Give the game fixed dates: opened OPENED, last changed ENDED."""
    await storage.db.execute(
        "UPDATE games SET created_at = ?, updated_at = ? WHERE id = ?", (OPENED, ENDED, game_id)
    )


async def test_the_record_of_a_short_ley_lines_game(
    service: TableService, storage: Storage
) -> None:
    await started(service)
    await play(service, (ANN, "L c3"), (BOB, "M d4"), (ANN, "cap a1"))
    update = await service.play.resign(CHANNEL, BOB)
    await dated(storage, update.game_id)
    record = await service.history.record(CHANNEL)
    assert record.filename == "leylines-1.txt"
    assert record.heading == "Ley Lines of Mars #1: Ann vs Bob"
    assert record.text.splitlines() == [
        "Ley Lines of Mars #1: Ann vs Bob",
        "Options: first: 1",
        "Players: 1. Ann, 2. Bob",
        "Opened: 2026-03-01 18:05 UTC",
        "Result: Ann wins (Bob resigned).",
        "Finished: 2026-03-01 19:05 UTC",
        "",
        "1. Ann: L c3 - Ann placed a large pyramid on c3.",
        "2. Bob: M d4 - Bob placed a medium pyramid on d4.",
        "3. Ann: cap a1 - Ann placed a Volcano cap on a1.",
        "4. Bob: resign - Bob resigned.",
    ]


async def test_the_record_of_the_game_in_play_is_its_log_so_far(service: TableService) -> None:
    await started(service)
    assert (await service.history.record(CHANNEL)).text.endswith(
        "In play: 0 moves so far.\n\nNo moves yet.\n"
    )
    await play(service, (ANN, "L c3"))
    text = (await service.history.record(CHANNEL)).text
    assert "In play: 1 move so far." in text and text.endswith(
        "1. Ann: L c3 - Ann placed a large pyramid on c3.\n"
    )
    assert "Result" not in text


async def test_names_are_written_plainly_in_the_record(service: TableService) -> None:
    odd = Player(404, "\\*Zed\\*")  # as the bot stores a name with markdown in it
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=odd, game_key="leylines", options={"first": 1}
    )
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.start(CHANNEL, odd)
    await play(service, (odd, "L c3"))
    text = (await service.history.record(CHANNEL)).text
    assert "Players: 1. *Zed*, 2. Bob" in text and "1. *Zed*: L c3" in text


async def test_a_replay_has_the_opening_and_one_frame_per_move(service: TableService) -> None:
    opening = await started_update(service)
    views: list[View | None] = [opening]
    for player, text in ((ANN, "L c3"), (BOB, "M d4"), (ANN, "cap a1")):
        views.append(board(await service.play.move(CHANNEL, player, text)))
    views.append(board(await service.play.resign(CHANNEL, BOB)))
    replay = await service.history.replay(CHANNEL)
    assert len(replay.frames) == 5 and [f.view for f in replay.frames] == views
    assert [f.caption for f in replay.frames] == [
        ("Ley Lines of Mars #1: Ann vs Bob", "The opening position."),
        ("1. Ann: L c3", "Ann placed a large pyramid on c3."),
        ("2. Bob: M d4", "Bob placed a medium pyramid on d4."),
        ("3. Ann: cap a1", "Ann placed a Volcano cap on a1."),
        ("4. Bob: resign", "Bob resigned."),
    ]
    assert replay.filename == "replay-1.gif"
    assert replay.message(5, 1) == (
        "Replay of **Ley Lines of Mars #1: Ann vs Bob**, 4 moves. Ann wins (Bob resigned)."
    )
    assert replay.message(3, 2).endswith(
        "To fit Discord's upload limit, it shows every 2nd move and the last (3 pictures)."
    )


async def started_update(service: TableService) -> View | None:
    """Start Ann and Bob's Ley Lines game; the opening board the channel was shown."""
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={"first": 1}
    )
    await service.lobbies.join(CHANNEL, BOB)
    return board(await service.lobbies.start(CHANNEL, ANN))


async def test_secrets_stay_out_of_an_agents_replay_and_record(
    service: TableService, storage: Storage
) -> None:
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="agents", options={"first": 1}
    )
    await service.lobbies.join(CHANNEL, BOB)
    shown: list[View | None] = [board(await service.lobbies.start(CHANNEL, ANN))]
    for player, text in ((ANN, ANN_OBJECTIVES), (BOB, BOB_OBJECTIVES)):
        update = await service.play.move(CHANNEL, player, text)
        assert update.hidden
        shown.append(board(update))
    for player, text in ((ANN, "draw"), (ANN, "place a1"), (BOB, "draw"), (BOB, "place b1")):
        shown.append(board(await service.play.move(CHANNEL, player, text)))
    shown.append(board(await service.play.resign(CHANNEL, ANN)))
    replay = await service.history.replay(CHANNEL)
    assert len(replay.frames) == len(shown) == 8
    for frame, public in zip(replay.frames, shown, strict=True):
        assert frame.view.viewer is None and frame.view.private == ()
        if public is not None:  # the channel saw no new board after a secret move
            assert frame.view == public
    row = await storage.games.last_in(CHANNEL)
    assert row is not None and row.state is not None
    final = AGENTS.from_json(json.loads(row.state))
    assert replay.frames[-1].view == AGENTS.view(final, None) != AGENTS.view(final, 0)
    captions = " ".join(" ".join(f.caption) for f in replay.frames)
    record = (await service.history.record(CHANNEL)).text
    for told in (captions, record):
        assert "red=2" not in told and "yellow=2" not in told
    assert "1. Ann: (a secret action) - Ann has set their objectives." in record
    assert replay.frames[2].caption == (
        "2. Bob: (a secret action)",
        "Bob has set their objectives. Both objectives are set. Ann plays first.",
    )


async def test_a_replay_is_of_a_finished_game_of_this_channel(service: TableService) -> None:
    with pytest.raises(TableError, match="No game has been played in this channel yet"):
        await service.history.record(CHANNEL)
    await started(service)
    with pytest.raises(TableError, match="No game has finished in this channel yet"):
        await service.history.replay(CHANNEL)
    with pytest.raises(TableError, match="Game #1 is still being played"):
        await service.history.replay(CHANNEL, 1)
    await service.play.resign(CHANNEL, BOB)
    await started(service, OTHER_CHANNEL)
    await service.play.resign(OTHER_CHANNEL, ANN)
    for game_id in (2, 99):
        with pytest.raises(TableError, match=f"There is no game #{game_id} in this channel"):
            await service.history.replay(CHANNEL, game_id)
        with pytest.raises(TableError, match=f"There is no game #{game_id} in this channel"):
            await service.history.record(CHANNEL, game_id)
    assert (await service.history.replay(OTHER_CHANNEL, 2)).game_id == 2
    await started(service)
    await service.play.abandon(CHANNEL, ANN, moderator=True)
    with pytest.raises(TableError, match="Game #3 was abandoned"):
        await service.history.replay(CHANNEL, 3)
    assert (await service.history.replay(CHANNEL)).game_id == 1
    assert "Abandoned: " in (await service.history.record(CHANNEL)).text
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={}
    )
    with pytest.raises(TableError, match="Game #4 never started"):
        await service.history.record(CHANNEL, 4)


async def test_a_game_its_moves_no_longer_rebuild_is_not_replayed(
    service: TableService, storage: Storage
) -> None:
    await started(service)
    await play(service, (ANN, "L c3"), (BOB, "M d4"))
    await service.play.resign(CHANNEL, BOB)
    await storage.db.execute("UPDATE moves SET notation = 'L a1' WHERE seq = 1")
    with pytest.raises(TableError, match="Game #1 cannot be replayed"):
        await service.history.replay(CHANNEL)
    await storage.db.execute("UPDATE moves SET notation = 'L d4' WHERE seq = 1")
    with pytest.raises(TableError, match="Game #1 cannot be replayed"):
        await service.history.replay(CHANNEL)


async def test_autocomplete_offers_this_channels_games(service: TableService) -> None:
    await started(service)
    await service.play.resign(CHANNEL, BOB)
    await started(service, OTHER_CHANNEL)
    await started(service)
    finished = await service.history.choices(CHANNEL, "", finished=True)
    assert [number for number, _ in finished] == [1]
    assert finished[0][1].startswith("Ley Lines of Mars #1: Ann vs Bob (finished 20")
    played = await service.history.choices(CHANNEL, "", finished=False)
    assert played[0] == (3, "Ley Lines of Mars #3: Ann vs Bob (in play)")
    assert [n for n, _ in played] == [3, 1]
    assert [n for n, _ in await service.history.choices(CHANNEL, "PLAY", finished=False)] == [3]


async def test_a_rematch_is_replayed_with_the_first_player_it_started_with(
    service: TableService,
) -> None:
    await started(service)  # Ann moves first
    old = (await service.play.resign(CHANNEL, BOB)).game_id
    await service.rematches.rematch(
        CHANNEL, ANN, old
    )  # Ann sits first again, but Bob opens this time
    await service.rematches.rematch(CHANNEL, BOB, old)
    await service.lobbies.start(CHANNEL, ANN)
    await play(service, (BOB, "L c3"))
    await service.play.resign(CHANNEL, ANN)
    replay = await service.history.replay(CHANNEL)
    assert [f.caption[0] for f in replay.frames[1:]] == ["1. Bob: L c3", "2. Ann: resign"]
    assert "Options: first: 2" in (await service.history.record(CHANNEL)).text


async def test_a_replay_asked_by_many_at_once_is_rebuilt_once(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await started(service)
    await play(service, (ANN, "L c3"), (BOB, "M d4"))
    await service.play.resign(CHANNEL, BOB)
    rebuilt: list[int] = []
    rebuild = records.replay_frames

    def counted(game: Any, row: GameRow, moves: Sequence[MoveRow]) -> tuple[Frame, ...]:
        rebuilt.append(row.id)
        return rebuild(game, row, moves)

    monkeypatch.setattr(records, "replay_frames", counted)
    replays = await asyncio.gather(*(service.history.replay(CHANNEL) for _ in range(5)))
    assert rebuilt == [1] and all(r.frames == replays[0].frames for r in replays)
    await service.history.replay(CHANNEL)
    assert rebuilt == [1]  # remembered
    await service.privacy.forget(BOB.user_id)
    renamed = await service.history.replay(CHANNEL)
    assert rebuilt == [1, 1] and renamed.frames[0].caption[0].endswith("Ann vs Former player 1")
