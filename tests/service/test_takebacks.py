"""Takebacks through the table service: asked, accepted by everyone else, declined, outlived by
a later action, refused for secret moves, revealed secrets and games without takebacks,
answered at once by computer players, and surviving a restart (rulings in
club/service/takebacks.py)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from club.catalogue import CATALOGUE
from club.service import Player, TableError, TableService, TableUpdate, TakebackAsked
from club.service.records import replay_frames
from club.storage import Storage
from club.storage.rows import StaleGame, TakebackRequest
from engine.core import UndoableGame
from tests.conftest import Backend
from tests.service.fixtures import ANN, BOB, CAT, CHANNEL, serve, sqlite, started
from tests.service.posted import posted

DAN = Player(404, "Dan")


async def stored(storage: Storage) -> tuple[Any, int]:
    """The channel's game state (decoded) and its moves made."""
    row = await storage.games.open_in(CHANNEL)
    assert row is not None and row.state is not None
    return CATALOGUE[row.game_key].game.from_json(json.loads(row.state)), row.moves_made


async def asked(service: TableService) -> TakebackAsked:
    found = await service.takebacks.ask_takeback(CHANNEL, ANN)
    assert isinstance(found, TakebackAsked)
    return found


async def test_a_move_is_taken_back_once_the_other_player_accepts(
    service: TableService, storage: Storage
) -> None:
    await started(service)
    opening, _ = await stored(storage)
    await service.play.move(CHANNEL, ANN, "L c3")
    request = await asked(service)
    assert request.waiting == (BOB.user_id,) and "`L c3`" in request.text
    assert f"<@{BOB.user_id}>" in request.text
    undone = await service.takebacks.answer_takeback(
        CHANNEL, BOB, request.game_id, request.seq, True
    )
    assert isinstance(undone, TableUpdate)
    assert posted(undone).startswith("Ann took back `L c3`.")
    assert f"<@{ANN.user_id}>, your turn." in posted(undone)
    state, moves_made = await stored(storage)
    assert state == opening and moves_made == 2
    text = (await service.history.record(CHANNEL)).text
    assert "1. Ann: L c3" in text and "2. Ann took back L c3" in text
    await service.play.move(CHANNEL, ANN, "L d4")  # Ann plays on from the opening
    with pytest.raises(TableError, match="over"):  # the request is spent
        await service.takebacks.answer_takeback(CHANNEL, BOB, request.game_id, request.seq, True)


async def test_a_declined_takeback_changes_nothing(service: TableService, storage: Storage) -> None:
    await started(service)
    await service.play.move(CHANNEL, ANN, "L c3")
    before = await stored(storage)
    request = await asked(service)
    said = await service.takebacks.answer_takeback(
        CHANNEL, BOB, request.game_id, request.seq, False
    )
    assert said == f"<@{BOB.user_id}> declines <@{ANN.user_id}>'s takeback; the move stands."
    assert await stored(storage) == before
    with pytest.raises(TableError, match="over"):
        await service.takebacks.answer_takeback(CHANNEL, BOB, request.game_id, request.seq, True)


async def test_a_takeback_is_only_of_ones_own_last_action_until_anyone_acts(
    service: TableService,
    storage: Storage,
) -> None:
    await started(service)
    with pytest.raises(TableError, match="only your own last action"):
        await service.takebacks.ask_takeback(CHANNEL, ANN)  # nothing played yet
    await service.play.move(CHANNEL, ANN, "L c3")
    with pytest.raises(TableError, match="only your own last action"):
        await service.takebacks.ask_takeback(CHANNEL, BOB)
    with pytest.raises(TableError, match="not playing"):
        await service.takebacks.ask_takeback(CHANNEL, CAT)
    request = await asked(service)
    with pytest.raises(TableError, match="Only the other players"):
        await service.takebacks.answer_takeback(CHANNEL, ANN, request.game_id, request.seq, True)
    with pytest.raises(TableError, match="Only the other players"):
        await service.takebacks.answer_takeback(CHANNEL, CAT, request.game_id, request.seq, True)
    await service.play.move(CHANNEL, BOB, "L d4")  # Bob plays instead of answering
    before = await stored(storage)
    with pytest.raises(TableError, match="over"):
        await service.takebacks.answer_takeback(CHANNEL, BOB, request.game_id, request.seq, True)
    with pytest.raises(TableError, match="only your own last action"):
        await service.takebacks.ask_takeback(CHANNEL, ANN)
    assert await stored(storage) == before


async def test_a_request_survives_a_restart(tmp_path: Path) -> None:
    store = sqlite(tmp_path / "bot.sqlite3")
    service = await serve(store)
    await started(service)
    await service.play.move(CHANNEL, ANN, "L c3")
    request = await asked(service)
    await store.close()
    store = sqlite(tmp_path / "bot.sqlite3")
    service = await serve(store)
    undone = await service.takebacks.answer_takeback(
        CHANNEL, BOB, request.game_id, request.seq, True
    )
    assert isinstance(undone, TableUpdate)
    await store.close()


async def computer_table(service: TableService, level: str) -> None:
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={"first": 1},
        computers=1, computer_level=level,
    )  # fmt: skip
    await service.lobbies.start(CHANNEL, ANN)
    await service.play.move(CHANNEL, ANN, "L c3")


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
async def test_alone_with_a_computer_a_move_is_taken_back_at_once(
    level: str, service: TableService, storage: Storage
) -> None:
    await computer_table(service, level)
    undone = await service.takebacks.ask_takeback(CHANNEL, ANN)
    assert isinstance(undone, TableUpdate) and undone.confirmation == "Taken back: `L c3`."
    assert (await stored(storage))[1] == 2


async def reply(
    service: TableService, storage: Storage, choose: Callable[[list[str]], str] = min
) -> str:
    """The computer player's reply, chosen by `choose` among its legal moves; its notation."""
    turn = await service.computers.computer_turn(
        (await storage.games.open_in(CHANNEL) or pytest.fail("no game")).id
    )
    assert turn is not None
    game = CATALOGUE[turn.game_key].game
    state = game.from_json(json.loads(turn.state))
    notation = choose([game.notation(m) for m in game.legal_moves(state, turn.seat)])
    await service.computers.play_computer(turn, notation)
    return notation


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
async def test_alone_with_a_computer_a_move_is_taken_back_with_the_reply_after_it(
    level: str, service: TableService, storage: Storage
) -> None:
    """As against a chess engine: the computer's reply does not outlive the request, at every
    level, and taking back again later goes back past both takebacks' moves alike."""
    await computer_table(service, level)
    answer = await reply(service, storage)
    undone = await service.takebacks.ask_takeback(CHANNEL, ANN)
    assert isinstance(undone, TableUpdate) and undone.confirmation == "Taken back: `L c3`."
    assert posted(undone).startswith(
        f"Ann took back `L c3` and the replies after it (Ada (computer)'s `{answer}`)."
    )
    assert f"<@{ANN.user_id}>, your turn." in posted(undone)
    state, moves_made = await stored(storage)
    assert moves_made == 3 and CATALOGUE["leylines"].game.legal_moves(state, 0)
    await service.play.move(CHANNEL, ANN, "L d4")
    await reply(service, storage, max)
    await service.takebacks.ask_takeback(CHANNEL, ANN)
    twice, _ = await stored(storage)
    assert twice == state
    text = (await service.history.record(CHANNEL)).text
    assert "3. Ann took back L c3 and 1 reply after it" in text
    assert "6. Ann took back L d4 and 1 reply after it" in text
    row = await storage.games.open_in(CHANNEL)
    assert row is not None
    moves = await storage.moves.of(row.id)
    frames = replay_frames(CATALOGUE[row.game_key].game, row, moves)
    assert len(frames) == 7  # the log still rebuilds the game


async def test_a_computers_reply_that_drew_is_not_taken_back(
    service: TableService, storage: Storage
) -> None:
    """Agents, Ann alone with a computer: once the computer draws from the bag after Ann's
    move, the pyramid drawn is known and nothing is taken back."""
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="agents", options={"first": 1},
        computers=1, computer_level="easy",
    )  # fmt: skip
    await service.lobbies.start(CHANNEL, ANN)
    agents = CATALOGUE["agents"].game
    for _ in range(40):
        state, _ = await stored(storage)
        if 0 in agents.actors(state):
            moves = [agents.notation(m) for m in agents.legal_moves(state, 0)]
            await service.play.move(CHANNEL, ANN, next((m for m in moves if m != "draw"), moves[0]))
            state, _ = await stored(storage)
            if 1 in agents.actors(state) and 0 not in agents.actors(state):
                drew = await reply(
                    service, storage, lambda moves: "draw" if "draw" in moves else moves[0]
                )
                if drew == "draw":
                    break
        else:
            await reply(service, storage)
    else:
        pytest.fail("the computer never drew after a move of Ann's")
    before = await stored(storage)
    with pytest.raises(
        TableError,
        match=r"cannot be taken back: Ada \(computer\)'s reply `draw` came after it, and it "
        r"drew a pyramid from the bag\.",
    ):
        await service.takebacks.ask_takeback(CHANNEL, ANN)
    assert await stored(storage) == before


async def test_with_another_person_a_hard_computer_player_declines(
    service: TableService,
    storage: Storage,
) -> None:
    """Martian Merchants, Ann and Bob with a hard computer: the table's takebacks are agreed,
    and hard never agrees."""
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="merchants", options={},
        computers=1, computer_level="hard",
    )  # fmt: skip
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.start(CHANNEL, ANN)
    merchants = CATALOGUE["merchants"].game
    state, _ = await stored(storage)
    [seat] = merchants.actors(state)
    player = (await storage.games.open_in(CHANNEL) or pytest.fail("no game")).seats[seat]
    mover = next(p for p in (ANN, BOB) if p.user_id == player.user_id)
    for move in merchants.legal_moves(state, seat):
        after, _ = merchants.apply(state, seat, move)
        if merchants.undoable(state, move, after) is None:
            await service.play.move(CHANNEL, mover, merchants.notation(move))
            break
    else:
        pytest.fail("no move of the first player may be taken back")
    before = await stored(storage)
    with pytest.raises(TableError, match=r"Ada \(computer\) plays hard and declines"):
        await service.takebacks.ask_takeback(CHANNEL, mover)
    assert await stored(storage) == before


async def test_secret_moves_and_games_of_secrets_are_not_taken_back(
    service: TableService,
    storage: Storage,
) -> None:
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="agents", options={"first": 1}
    )
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.start(CHANNEL, ANN)
    state, _ = await stored(storage)
    agents = CATALOGUE["agents"].game
    await service.play.move(CHANNEL, ANN, agents.notation(agents.legal_moves(state, 0)[0]))
    with pytest.raises(TableError, match="A secret move cannot be taken back"):
        await service.takebacks.ask_takeback(CHANNEL, ANN)
    await service.play.abandon(CHANNEL, ANN, moderator=True)
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="marsvsearth", options={},
        computers=4, computer_level="random",
    )  # fmt: skip
    await service.lobbies.start(CHANNEL, ANN)
    state, _ = await stored(storage)
    mve = CATALOGUE["marsvsearth"].game
    if 0 in mve.actors(state):
        await service.play.move(CHANNEL, ANN, mve.notation(mve.legal_moves(state, 0)[0]))
    with pytest.raises(TableError, match=r"Mars vs. Earth cannot be taken back"):
        await service.takebacks.ask_takeback(CHANNEL, ANN)


async def test_an_update_says_whether_its_mover_may_ask_for_a_takeback(
    service: TableService,
    storage: Storage,
) -> None:
    await started(service)
    assert (await service.play.move(CHANNEL, ANN, "L c3")).undoable
    await service.play.abandon(CHANNEL, ANN, moderator=True)
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="agents", options={"first": 1}
    )
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.start(CHANNEL, ANN)
    state, _ = await stored(storage)
    agents = CATALOGUE["agents"].game
    secret = agents.notation(agents.legal_moves(state, 0)[0])
    assert not (await service.play.move(CHANNEL, ANN, secret)).undoable


async def test_two_requests_at_once_make_one(service: TableService) -> None:
    await started(service)
    await service.play.move(CHANNEL, ANN, "L c3")
    results = await asyncio.gather(
        service.takebacks.ask_takeback(CHANNEL, ANN), service.takebacks.ask_takeback(CHANNEL, ANN),
        return_exceptions=True,
    )  # fmt: skip
    assert sum(isinstance(r, TakebackAsked) for r in results) == 1, results
    [refusal] = [r for r in results if isinstance(r, TableError)]
    assert str(refusal) == (
        "You already asked to take back that action; waiting for the others to accept."
    )


async def test_two_processes_asking_at_once_make_one_request(backend: Backend) -> None:
    one, other = backend.store(), backend.store()
    first, second = await serve(one), await serve(other)
    try:
        await started(first)
        await first.play.move(CHANNEL, ANN, "L c3")
        results = await asyncio.gather(
            first.takebacks.ask_takeback(CHANNEL, ANN), second.takebacks.ask_takeback(CHANNEL, ANN),
            return_exceptions=True,
        )  # fmt: skip
        assert sum(isinstance(r, TakebackAsked) for r in results) == 1, results
        assert sum(isinstance(r, TableError) for r in results) == 1, results
    finally:
        await one.close()
        await other.close()


async def test_an_undo_the_game_outlived_leaves_the_request_and_the_move(
    backend: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob accepts; before the undo commits, another process records Bob's move: the undo is
    refused and the request and the move log stay exactly as they were, in one transaction."""
    one, other = backend.store(), backend.store()
    first, second = await serve(one), await serve(other)
    try:
        await started(first)
        await first.play.move(CHANNEL, ANN, "L c3")
        request = await asked(first)
        state, _ = await stored(one)
        leylines = CATALOGUE["leylines"].game
        reply = leylines.notation(leylines.legal_moves(state, 1)[0])
        row = await one.games.open_in(CHANNEL)
        assert row is not None
        standing = await one.takebacks.request(row.id)
        reading = one.moves.positions_from

        async def moved_on_meanwhile(game_id: int, seq: int) -> list[str | None]:
            await second.play.move(CHANNEL, BOB, reply)
            return await reading(game_id, seq)

        monkeypatch.setattr(one.moves, "positions_from", moved_on_meanwhile)
        with pytest.raises(StaleGame):
            await first.takebacks.answer_takeback(CHANNEL, BOB, row.id, request.seq, True)
        assert await one.takebacks.request(row.id) == standing
        moves = await one.moves.of(row.id)
        assert [(m.seat, m.kind, m.notation) for m in moves] == [
            (0, "move", "L c3"),
            (1, "move", reply),
        ]
    finally:
        await one.close()
        await other.close()


async def four_at_the_table(service: TableService, storage: Storage) -> None:
    """A Merchants of Mars game of Ann, Bob, Cat and Dan in which Ann has made a move that
    can be taken back."""
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="merchants", options={"first": 1}
    )
    for player in (BOB, CAT, DAN):
        await service.lobbies.join(CHANNEL, player)
    await service.lobbies.start(CHANNEL, ANN)
    state, _ = await stored(storage)
    merchants = CATALOGUE["merchants"].game
    assert isinstance(merchants, UndoableGame)
    move = next(
        m
        for m in merchants.legal_moves(state, 0)
        if merchants.undoable(state, m, merchants.apply(state, 0, m)[0]) is None
    )
    await service.play.move(CHANNEL, ANN, merchants.notation(move))


async def test_asking_again_keeps_the_acceptances_given(
    service: TableService, storage: Storage
) -> None:
    await four_at_the_table(service, storage)
    request = await asked(service)
    assert request.waiting == (BOB.user_id, CAT.user_id, DAN.user_id)
    said = await service.takebacks.answer_takeback(CHANNEL, BOB, request.game_id, request.seq, True)
    waiting = f"<@{CAT.user_id}>, <@{DAN.user_id}>"
    assert said == f"<@{BOB.user_id}> accepts the takeback; waiting for {waiting}."
    answers = {
        ANN: "You already asked to take back that action; waiting for the others to accept.",
        BOB: "You have accepted that takeback already; waiting for the others to accept.",
        CAT: "A takeback of that action is already asked; press Accept to agree.",
    }
    for player, answer in answers.items():
        with pytest.raises(TableError) as refusal:
            await service.takebacks.ask_takeback(CHANNEL, player)
        assert str(refusal.value) == answer
    row = await storage.games.open_in(CHANNEL)
    assert row is not None
    standing = await storage.takebacks.request(row.id)
    assert standing is not None and standing.accepted == (BOB.user_id,)
    said = await service.takebacks.answer_takeback(CHANNEL, CAT, request.game_id, request.seq, True)
    assert said == f"<@{CAT.user_id}> accepts the takeback; waiting for <@{DAN.user_id}>."
    undone = await service.takebacks.answer_takeback(
        CHANNEL, DAN, request.game_id, request.seq, True
    )
    assert isinstance(undone, TableUpdate) and undone.confirmation.startswith("Taken back")


async def test_the_store_keeps_the_standing_request_and_replaces_an_outlived_one(
    service: TableService,
    storage: Storage,
) -> None:
    await started(service)
    await service.play.move(CHANNEL, ANN, "L c3")
    row = await storage.games.open_in(CHANNEL)
    assert row is not None
    store = storage
    made = await asyncio.gather(*(store.takebacks.ask(row.id, 1, ANN.user_id) for _ in range(4)))
    assert sorted(made) == [False, False, False, True]
    assert await store.takebacks.accept(row.id, 1, BOB.user_id) == (BOB.user_id,)
    assert not await store.takebacks.ask(row.id, 1, ANN.user_id)
    assert not await store.takebacks.ask(row.id, 0, ANN.user_id)  # an older move: never
    assert await store.takebacks.request(row.id) == TakebackRequest(1, ANN.user_id, (BOB.user_id,))
    assert await store.takebacks.ask(row.id, 2, BOB.user_id)  # a later move outlives it
    assert await store.takebacks.request(row.id) == TakebackRequest(2, BOB.user_id, ())
    assert await store.takebacks.accept(row.id, 1, ANN.user_id) is None


async def test_a_takeback_goes_back_to_the_position_the_log_kept_without_replaying(
    service: TableService, storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each move keeps the position before it, so a takeback (asked, then accepted) replays
    nothing from the seed; the position it goes back to is the one before the move."""
    await started(service)
    before, _ = await stored(storage)
    await service.play.move(CHANNEL, ANN, "L c3")

    def replayed(*args: Any) -> Any:
        raise AssertionError("the game was replayed from its seed")

    monkeypatch.setattr("club.service.takebacks.positions", replayed)
    asked = await service.takebacks.ask_takeback(CHANNEL, ANN)
    assert isinstance(asked, TakebackAsked)
    undone = await service.takebacks.answer_takeback(CHANNEL, BOB, asked.game_id, asked.seq, True)
    assert isinstance(undone, TableUpdate)
    assert (await stored(storage))[0] == before


async def test_moves_logged_before_positions_were_kept_are_taken_back_from_the_seed(
    service: TableService,
    storage: Storage,
) -> None:
    """A game begun before the bot kept each move's position (none saved) is rebuilt from its
    seed and its log, as before."""
    await started(service)
    before, _ = await stored(storage)
    await service.play.move(CHANNEL, ANN, "L c3")
    await storage.db.execute("UPDATE moves SET state_before = NULL")
    asked = await service.takebacks.ask_takeback(CHANNEL, ANN)
    assert isinstance(asked, TakebackAsked)
    undone = await service.takebacks.answer_takeback(CHANNEL, BOB, asked.game_id, asked.seq, True)
    assert isinstance(undone, TableUpdate) and (await stored(storage))[0] == before
