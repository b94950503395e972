"""A game that ends, or changes other than by a move, is forgotten by the computers' thinking:
the service tells `Tables.changed` of a resignation, an abandon, a takeback or a computer's move
that came too late, never of a plain move; the thinkers then drop the game's trees and stop
pondering it, and the end of that pondering is logged with no move and no state in it.
Searches and pondering are bounded by simulations; the tests wait for what the pondering thread
does, never for a time."""

from __future__ import annotations

import logging
import re
import time

import pytest

from ai.memory import Memory
from ai.ponder import FORGOTTEN, Pondering
from bot.workers import thinking
from bot.workers.ponderer import Ponderer
from bot.workers.thinking import Thinkers
from club.service import GameChanged, TableError, TableService, TakebackAsked
from club.service.computers import Turn
from club.storage import Storage
from tests.bot.test_ponderer import until
from tests.service.fixtures import ANN, BOB, CHANNEL, started


async def computer_to_move(service: TableService, level: str) -> tuple[int, Turn]:
    """A Ley Lines game of Ann against a computer at `level`, which moves first: the game's id
    and the computer's turn."""
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={"first": 2},
        computers=1, computer_level=level,
    )  # fmt: skip
    game_id = (await service.lobbies.start(CHANNEL, ANN)).game_id
    turn = await service.computers.computer_turn(game_id)
    assert turn is not None
    return game_id, turn


async def hard_computer_moved(service: TableService) -> tuple[int, str]:
    """A Ley Lines game of Ann against a hard computer, which moved first (thinking as a worker
    does, through `thinking.think`, for the floor's time only); the game's id and the move."""
    game_id, turn = await computer_to_move(service, "hard")
    notation = thinking.think(turn, time.monotonic() - 60.0)
    await service.computers.play_computer(turn, notation)
    return game_id, notation


@pytest.mark.parametrize("ending", ["resign", "abandon"])
async def test_a_game_ended_while_pondered_is_forgotten_and_its_pondering_logged(
    service: TableService,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    ending: str,
) -> None:
    memory = Memory()
    pondering = Pondering(memory, seconds=float("inf"), simulations=10**9, told=thinking.pondered)
    ponderer = Ponderer(pondering, 0.0, lambda: False)
    monkeypatch.setattr(thinking, "MEMORY", memory)
    monkeypatch.setattr(thinking, "PONDERER", ponderer)
    thinkers = Thinkers(None)
    service.effects.declare({GameChanged: [lambda event: thinkers.forget(event.game_id)]})
    game_id, notation = await hard_computer_moved(service)
    kept = memory.kept(("leylines", game_id, 1))
    assert kept is not None
    with ponderer.paused():
        seen = kept.node.visits
    until(ponderer, lambda: kept.node.visits > seen + 200)  # Ann thinks; the computer ponders
    with caplog.at_level(logging.INFO, logger="bot.workers.thinking"):
        if ending == "resign":
            await service.play.resign(CHANNEL, ANN)
        else:
            await service.play.abandon(CHANNEL, BOB, moderator=True)
    with ponderer.paused():
        assert not ponderer.pondering.jobs and len(memory) == 0
        visits = kept.node.visits
    [line] = [r.getMessage() for r in caplog.records if "pondering" in r.getMessage()]
    pattern = rf"Game {game_id}: pondering for seat 1 ended \({FORGOTTEN}\) after (\d+) "
    found = re.fullmatch(pattern + r"simulations, \d+\.\d\d s of CPU", line)
    assert found is not None and int(found[1]) >= visits - seen  # it may have begun before
    assert notation not in line
    thinkers.close()
    assert kept.node.visits == visits  # nothing pondered since


async def test_the_service_tells_what_changes_a_game_other_than_a_move(
    service: TableService,
    storage: Storage,
) -> None:
    told: list[int] = []
    service.effects.declare({GameChanged: [lambda event: told.append(event.game_id)]})
    await started(service)
    game_id = (await storage.games.open_in(CHANNEL) or pytest.fail()).id
    await service.play.move(CHANNEL, ANN, "L c3")
    await service.play.move(CHANNEL, BOB, "L d4")
    assert told == []  # a move: the computer's next search starts from its subtree
    request = await service.takebacks.ask_takeback(CHANNEL, BOB)
    assert isinstance(request, TakebackAsked)
    await service.takebacks.answer_takeback(CHANNEL, ANN, request.game_id, request.seq, True)
    assert told == [game_id]
    await service.play.resign(CHANNEL, ANN)
    assert told == [game_id, game_id]


async def test_a_computer_move_that_came_too_late_is_told(service: TableService) -> None:
    told: list[int] = []
    service.effects.declare({GameChanged: [lambda event: told.append(event.game_id)]})
    game_id, turn = await computer_to_move(service, "random")
    await service.play.abandon(CHANNEL, ANN, moderator=True)
    with pytest.raises(TableError):
        await service.computers.play_computer(turn, thinking.think(turn))
    assert told == [game_id, game_id]  # the abandon, then the move refused
