"""Secret moves, move pickers, board buttons and phase timers in the table service, with a tiny
game made for the purpose (tests/service/secret_numbers.py)."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator

import pytest

from club.catalogue import CATALOGUE
from club.service import STALE, ChooseFurther, Controls, TableError, TableService, narrower_prefixes
from club.storage import Storage
from engine.core import AmbiguousMove
from tests.conftest import Backend
from tests.service.fixtures import ANN, BOB, CAT, CHANNEL, Clock, serve
from tests.service.posted import board, dms, pinged, posted
from tests.service.secret_numbers import GAME as NUMBERS
from tests.service.secret_numbers import WITH_NUMBERS


async def _record(service: TableService) -> str:
    """The channel's game record, its dates (real clock times, which may hold any number) cut
    out."""
    text = (await service.history.record(CHANNEL)).text
    return re.sub(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC", "(date)", text)


async def open_table(store: Storage, clock: Clock) -> TableService:
    return await serve(store, seed=5, clock=clock, catalogue=WITH_NUMBERS)


@pytest.fixture
async def table(backend: Backend) -> AsyncIterator[tuple[TableService, Clock]]:
    clock = Clock()
    store = backend.store()
    service = await open_table(store, clock)
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="numbers", options={"timer": 60}
    )
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.join(CHANNEL, CAT)
    yield service, clock
    await store.close()


async def test_each_player_gets_a_private_picker_and_the_board_a_button(
    table: tuple[TableService, Clock],
) -> None:
    service, _ = table
    update = await service.lobbies.start(CHANNEL, ANN)
    [opening], private = update.told.posts, list(dms(update))
    assert opening.controls is not None and opening.controls.buttons == ("pass",)
    assert opening.mentions == (ANN.user_id, BOB.user_id, CAT.user_id)
    assert [n.user_id for n in private] == [ANN.user_id, BOB.user_id, CAT.user_id]
    picker = private[0].controls
    assert picker is not None and picker.after_moves == 0
    # 31 moves are too many for one menu: first the action, then the first digit, then all.
    assert [(c.label, c.complete) for c in picker.choices] == [("pick ...", False), ("pass", True)]
    digits = await service.looking.narrow(ANN.user_id, "pick", Controls(update.game_id, 0))
    assert [c.label for c in digits.choices] == [f"pick {n} ..." for n in range(1, 4)] + [
        f"pick {n}" for n in range(4, 10)
    ]
    narrowed = await service.looking.narrow(ANN.user_id, "pick 1", Controls(update.game_id, 0))
    assert [c.value for c in narrowed.choices] == ["pick 1", *(f"pick {n}" for n in range(10, 20))]
    assert all(c.complete for c in narrowed.choices)


async def test_a_secret_move_is_told_without_its_content(
    table: tuple[TableService, Clock],
) -> None:
    service, _ = table
    await service.lobbies.start(CHANNEL, ANN)
    update = await service.play.move(CHANNEL, ANN, "pick 17")
    assert dms(update) == ()  # her own pick is told in her answer, not by DM
    assert update.hidden and update.confirmation.startswith("Done: `pick 17`.\n")
    assert "17" in update.confirmation.splitlines()[1]
    assert "17" not in posted(update) and "Ann picked a number" in posted(update)
    assert pinged(update) == ()  # those still choosing were already asked
    assert update.next_choice is None
    assert "Ann: (a secret action) - Ann picked a number" in await _record(service)
    assert "17" not in await _record(service)
    await service.play.move(CHANNEL, BOB, "pass")
    final = await service.play.move(CHANNEL, CAT, "pick 3")
    assert final.finished and "Ann wins" in posted(final)
    assert board(final) is not None  # the end is shown with the board
    history = await _record(service)  # no secret, even once the game is over
    assert "Ann: (a secret action)" in history and "17" not in history


async def test_a_control_is_stale_once_its_user_has_moved(
    table: tuple[TableService, Clock],
) -> None:
    service, _ = table
    update = await service.lobbies.start(CHANNEL, ANN)
    await service.play.move_in_game(ANN, "pick 5", Controls(update.game_id, 0))
    await service.play.move_in_game(BOB, "pick 6", Controls(update.game_id, 0))
    with pytest.raises(TableError, match=STALE):
        await service.play.move_in_game(ANN, "pass", Controls(update.game_id, 0))
    with pytest.raises(TableError, match=STALE):
        await service.looking.narrow(ANN.user_id, "pick", Controls(update.game_id, 0))


async def test_an_unfinished_move_offers_a_picker(
    table: tuple[TableService, Clock], monkeypatch: pytest.MonkeyPatch
) -> None:
    service, _ = table
    await service.lobbies.start(CHANNEL, ANN)

    def ambiguous(*_: object) -> int:
        raise AmbiguousMove("Which number?")

    monkeypatch.setattr(NUMBERS, "parse", ambiguous)
    with pytest.raises(ChooseFurther) as raised:
        await service.play.move(CHANNEL, ANN, "pick 2")
    assert "Which number?" in str(raised.value)
    assert [c.value for c in raised.value.controls.choices] == [
        "pick 2",
        *(f"pick {n}" for n in range(20, 30)),
    ]


async def test_a_phase_timer_runs_out_and_survives_a_restart(backend: Backend) -> None:
    clock = Clock()
    store = backend.store()
    service = await open_table(store, clock)
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="numbers", options={"timer": 60}
    )
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.start(CHANNEL, ANN)
    clock.now += 30
    await service.play.move(CHANNEL, ANN, "pick 9")  # the same phase keeps its deadline
    clock.now += 29
    assert await service.clocks.due_timeouts() == []
    await store.close()

    store = backend.store()
    restarted = await open_table(store, clock)
    clock.now += 2
    [update] = await restarted.clocks.due_timeouts()
    assert update.finished and "Time is up" in posted(update)
    assert "Ann wins" in posted(update)
    assert await restarted.clocks.due_timeouts() == []
    assert "(the timer ran out) - Time is up" in await _record(restarted)
    await store.close()


async def test_no_timer_when_the_table_chose_none(table: tuple[TableService, Clock]) -> None:
    service, clock = table
    await service.play.abandon(CHANNEL, ANN, moderator=True)
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="numbers", options={"timer": 0}
    )
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.start(CHANNEL, ANN)
    clock.now += 10**6
    assert await service.clocks.due_timeouts() == []


def test_narrowing_skips_a_shared_beginning_and_splits_long_words() -> None:
    squares = [f"place {c}{r}" for c in "abcdefg" for r in range(1, 9)]
    assert narrower_prefixes(squares, 0) == [f"place {c}" for c in "abcdefg"]
    assert narrower_prefixes([*squares, "draw"], 0) == ["place", "draw"]


async def mars_table(store: Storage, clock: Clock, options: dict[str, int]) -> TableService:
    """A started Mars vs. Earth game of Ann, Bob and Cat with these options."""
    service = await open_table(store, clock)
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="marsvsearth", options=options
    )
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.join(CHANNEL, CAT)
    await service.lobbies.start(CHANNEL, ANN)
    return service


async def test_a_mars_vs_earth_phase_times_out_after_a_restart(backend: Backend) -> None:
    clock = Clock()
    store = backend.store()
    service = await mars_table(store, clock, {"timer": 1, "answer": 0})
    game = CATALOGUE["marsvsearth"].game
    for _ in range(50):  # answer questions until an open (timed) phase begins
        row = await store.games.open_in(CHANNEL)
        assert row is not None and row.state is not None
        state = game.from_json(json.loads(row.state))
        if row.phase_deadline is not None:
            break
        [seat, *_] = sorted(game.actors(state))
        player = (ANN, BOB, CAT)[seat]
        await service.play.move(CHANNEL, player, game.notation(game.legal_moves(state, seat)[0]))
    assert row is not None and row.phase is not None
    assert row.phase_deadline == clock.now + 60
    await store.close()

    store = backend.store()
    restarted = await open_table(store, clock)
    clock.now += 59
    assert await restarted.clocks.due_timeouts() == []
    clock.now += 2
    [update] = await restarted.clocks.due_timeouts()
    after = await store.games.open_in(CHANNEL)
    assert after is not None and after.phase != row.phase
    assert update.told.posts and update.told.channel_id == CHANNEL
    await store.close()


async def test_a_question_to_one_absent_player_times_out_to_its_default(backend: Backend) -> None:
    """Mars vs. Earth asks the first leader alone; with `answer` at 1 minute, the table does
    not wait longer: the timer answers for them and the channel is told."""
    clock = Clock()
    store = backend.store()
    service = await mars_table(store, clock, {"answer": 1, "first": 1})
    row = await store.games.open_in(CHANNEL)
    assert row is not None and row.phase_deadline == clock.now + 60
    clock.now += 59
    assert await service.clocks.due_timeouts() == []
    clock.now += 2
    [update] = await service.clocks.due_timeouts()
    assert "Time is up" in posted(update)
    moved_on = await store.games.open_in(CHANNEL)
    assert moved_on is not None and moved_on.phase != row.phase
    await store.close()
