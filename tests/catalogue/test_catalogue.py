"""Adding a game is its engine package, its renderer, its guide, optionally its lesson and AI
kit, and one catalogue line: Nim (`tests.catalogue.nim`), registered in a test-only catalogue
and nowhere else, is played through the real table service to its end, its board drawn, its
record, replay, stats and review read, and by a computer player with the generic kit of its nature.
The catalogue refuses an entry that is missing a piece or whose pieces belong to another game,
naming what is wrong."""

from __future__ import annotations

import json
import pickle
from dataclasses import replace
from typing import Any, cast

import pytest

from ai import choose
from ai.determinize import OPEN
from ai.kit import Kit
from club.catalogue import CATALOGUE, Catalogue, CatalogueError
from club.review.reviews import Reviews
from club.service import Player, TableService, TableUpdate
from club.storage import Storage
from render.leylines import RENDERER as LEYLINES_RENDERER
from tests.catalogue.nim import ENTRY, GAME, TOY, Nim
from tests.service.posted import board

ANN = Player(101, "Ann")
BOB = Player(202, "Bob")
CHANNEL = 1000


@pytest.fixture
def service(storage: Storage) -> TableService:
    """The real table service on a fresh database, knowing only the toy catalogue's games."""
    return TableService(storage, seed_source=lambda: 7, catalogue=TOY)


def to_move(update: TableUpdate) -> int:
    view = board(update)
    assert view is not None
    [seat] = view.actors
    return seat


async def test_a_toy_game_plays_to_its_end_through_the_table_service(
    service: TableService,
    storage: Storage,
) -> None:
    assert "nim" not in CATALOGUE  # the bot's own catalogue does not know it
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="nim", options={"stones": 5}
    )
    await service.lobbies.join(CHANNEL, BOB)
    update = await service.lobbies.start(CHANNEL, ANN)
    opening = board(update)
    names = opening.players if opening else ()
    players = {ANN.name: ANN, BOB.name: BOB}
    for _ in range(5):
        update = await service.play.move(CHANNEL, players[names[to_move(update)]], "take 1")
        view = board(update)
        assert view is not None
        if view.outcome is not None:
            break
    assert view.outcome is not None and view.outcome.reason == "took the last stone"
    picture = TOY.renderer_for(view).render(view)
    assert picture.png.startswith(b"\x89PNG") and picture.alt == "Nim: 0 stones left."
    assert picture.filename == "nim.png"
    record = await service.history.record(CHANNEL)  # its record, from the toy catalogue
    assert record.heading == f"Nim #{update.game_id}: {' vs '.join(names)}"
    assert "Options: stones: 5" in record.text and "take 1" in record.text
    replay = await service.history.replay(CHANNEL)
    assert len(replay.frames) == 6 and replay.frames[-1].view == view
    [stats] = (await service.ratings.stats(1, ANN.user_id, "Ann")).text.splitlines()[:1]
    assert stats.startswith("**Nim** · ")
    reviews = Reviews(storage.games, storage.moves, TOY, in_this_thread, simulations=100)
    reviewed = await reviews.review(CHANNEL, ANN.user_id, None, ignored)
    assert reviewed.text.startswith(f"**Review of Nim #{update.game_id}: ")


async def in_this_thread(function: Any, *args: Any) -> Any:
    """Runs a review's worker function here."""
    return function(*args)


async def ignored(weighed: int, total: int) -> None:
    """A review's progress, unheard."""


async def test_a_computer_plays_the_toy_game_with_the_generic_kit_of_its_nature(
    service: TableService,
) -> None:
    kit = TOY["nim"].ai
    assert ENTRY.kit is None and kit is not None and kit.determinizer is OPEN
    await service.lobbies.new_lobby(
        guild_id=1,
        channel_id=CHANNEL,
        creator=ANN,
        game_key="nim",
        options={"stones": 6},
        computers=1,
        computer_level="easy",
    )
    update = await service.lobbies.start(CHANNEL, ANN)
    for _ in range(12):
        turn = await service.computers.computer_turn(update.game_id)
        if turn is not None:
            state = GAME.from_json(json.loads(turn.state))
            move = GAME.notation(choose(GAME, state, turn.seat, turn.level, turn.seed, kit))
            update = await service.computers.play_computer(turn, move)
        else:
            update = await service.play.move(CHANNEL, ANN, "take 1")
        view = board(update)
        assert view is not None
        if view.outcome is not None:
            break
    # Ann, first, always takes one stone; the computer never leaves her the last one (facing
    # three or fewer, it takes them all: a win at once is always taken), so it wins.
    assert view.outcome is not None and view.outcome.winners != (view.players.index("Ann"),)


def test_the_catalogue_refuses_an_entry_missing_a_piece() -> None:
    with pytest.raises(CatalogueError, match="nim: the renderer is missing"):
        Catalogue([replace(ENTRY, renderer=cast(Any, None))])
    with pytest.raises(CatalogueError, match="nim: the guide is missing"):
        Catalogue([replace(ENTRY, guide=cast(Any, None))])
    with pytest.raises(CatalogueError, match="an entry's game is missing"):
        Catalogue([replace(ENTRY, game=cast(Any, None))])


def test_the_catalogue_refuses_pieces_of_another_game() -> None:
    with pytest.raises(CatalogueError, match="nim: the renderer draws LeyLinesView"):
        Catalogue([replace(ENTRY, renderer=LEYLINES_RENDERER)])
    with pytest.raises(CatalogueError, match="nim: the guide's quick start"):
        Catalogue([replace(ENTRY, guide=CATALOGUE["leylines"].guide)])
    with pytest.raises(CatalogueError, match="nim: the lesson is for leylines"):
        Catalogue([replace(ENTRY, lesson=CATALOGUE["leylines"].lesson)])
    with pytest.raises(CatalogueError, match="nim: two entries"):
        Catalogue([ENTRY, ENTRY])


def test_a_catalogue_is_read_only_and_only_a_built_one_crosses_to_a_worker() -> None:
    """Nothing rewrites a catalogue once built; the bot's crosses to a worker process as the
    recipe that builds it again, a test's own does not cross."""
    with pytest.raises(TypeError):
        cast(Any, CATALOGUE)["nim"] = ENTRY
    assert list(pickle.loads(pickle.dumps(CATALOGUE))) == list(CATALOGUE)
    with pytest.raises(TypeError, match="cannot be built again"):
        pickle.dumps(TOY)


def test_the_catalogue_refuses_a_kit_that_looks_too_deep_for_a_loss() -> None:
    Catalogue([replace(ENTRY, kit=Kit(OPEN, loss_depth=2))])
    with pytest.raises(CatalogueError, match="nim: the kit's loss depth is 3, not 1 or 2"):
        Catalogue([replace(ENTRY, kit=Kit(OPEN, loss_depth=3))])


def test_a_game_must_declare_its_nature() -> None:
    class Vague(Nim):
        information = cast(Any, "partly")

    class Unsure(Nim):
        chance = cast(Any, None)

    with pytest.raises(CatalogueError, match="nim: the game does not declare its information"):
        Catalogue([replace(ENTRY, game=Vague())])
    with pytest.raises(CatalogueError, match="nim: the game does not declare whether chance"):
        Catalogue([replace(ENTRY, game=Unsure())])
