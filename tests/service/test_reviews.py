"""Game reviews (`/review`) without Discord: a planted blunder comes out as the blunderer's
biggest drop with the winning move as the better one; an Agents review reads the same whatever
the other player's secret objectives, and a Mars vs. Earth review whoever the hidden Martian
Clone is and whatever the order of the cards nobody drew; a review never names another player's
secret move; two reviews of one game asked at once weigh its positions once; spectators of a
game with secrets are refused, of an open game get the public review; a game in play is
refused; a review that runs behind its deadline gives its positions fewer samples and says
so, one on time gives each its plan."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from club.catalogue import CATALOGUE
from club.review.reviews import Reviewed, Reviews
from club.review.walk import (
    LEAST_PER_POSITION,
    ReviewStep,
    Weighed,
    drops,
    positions_to_weigh,
    reason,
    review_text,
    walk_seat,
    weigh,
    weigh_moves,
)
from club.service import Player, TableError, TableService
from club.storage import Storage
from engine.agents.actions import Draw, Place, SetObjectives
from engine.core import Game
from engine.marsvsearth import GAME as MARS_VS_EARTH
from tests.ai.test_decisive import loses, opening, wins
from tests.conftest import Backend, sqlite_backend
from tests.service.fixtures import ANN, BOB, CHANNEL

CAT = Player(303, "Cat")
TINY = 400
"""Simulations for a whole review in these tests."""


@pytest.fixture
def backend(tmp_path: Path) -> Backend:
    """A fresh SQLite file: reviews are tested on SQLite only."""
    return sqlite_backend(tmp_path)


@pytest.fixture
def seeded(storage: Storage) -> TableService:
    """A table service on `storage` whose games are seeded 1."""
    return TableService(storage, seed_source=lambda: 1)


class Counted:
    """Runs worker functions in this process and counts the positions weighed."""

    def __init__(self) -> None:
        self.weighed = 0

    async def __call__(self, function: Any, *args: Any) -> Any:
        if function is weigh:
            self.weighed += 1
        await asyncio.sleep(0)  # let another asker in between positions
        return function(*args)


async def blundered(service: TableService) -> tuple[int, str, str]:
    """A Ley Lines game (seed 1, Ann first) played by seeded random moves until the seat to
    move has a last piece that wins at once, then finished by a last piece that loses. Returns
    the blunderer's user id, the blunder and a move that wins."""
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="leylines", options={"first": 1}
    )
    await service.lobbies.join(CHANNEL, BOB)
    await service.lobbies.start(CHANNEL, ANN)
    game, state, seat = opening("leylines", 1, 34)
    rng, replay = random.Random(1), game.new_game(["Ann", "Bob"], {"first": 1}, 1)
    players = (ANN, BOB)
    for _ in range(34):
        mover = min(game.actors(replay))
        move = rng.choice(game.legal_moves(replay, mover))
        replay, _ = game.apply(replay, mover, move)
        await service.play.move(CHANNEL, players[mover], game.notation(move))
    moves = game.legal_moves(state, seat)
    winning = next(m for m in moves if wins(game, state, seat, m))
    blunder = next(m for m in moves if loses(game, state, seat, m))
    await service.play.move(CHANNEL, players[seat], game.notation(blunder))
    return players[seat].user_id, game.notation(blunder), game.notation(winning)


async def nothing(weighed: int, total: int) -> None:
    return None


async def test_a_thrown_away_win_is_the_biggest_drop(
    seeded: TableService, storage: Storage
) -> None:
    user, blunder, winning = await blundered(seeded)
    told: list[tuple[int, int]] = []

    async def progress(weighed: int, total: int) -> None:
        told.append((weighed, total))

    reviewed = await Reviews(
        storage.games, storage.moves, CATALOGUE, Counted(), simulations=TINY
    ).review(CHANNEL, user, None, progress)
    lines = reviewed.text.splitlines()
    drops_at = lines.index("Your biggest drops:")
    first = lines[drops_at + 1]
    assert first.startswith(f"1. Move 35, your `{blunder}` (100 % to 0 %): `")
    assert first.endswith("was better: it wins at once.")
    better = first.split(": `")[1].split("`")[0]
    game, state, seat = opening("leylines", 1, 34)
    assert wins(game, state, seat, game.parse(state, seat, better)), (better, winning)
    assert "Turning point: move 35" in reviewed.text
    assert told[0] == (0, 36) and told[-1] == (36, 36)
    [line] = reviewed.chart.series  # the asker's own line
    assert reviewed.chart.title == "Chance to win, Ley Lines of Mars #1" and line.seat == seat
    assert line.chances[-2:] == (1.0, 0.0) and line.own[-1] == 35  # the drop at move 35


async def test_two_reviews_at_once_weigh_the_game_once(
    seeded: TableService, storage: Storage
) -> None:
    user, _, _ = await blundered(seeded)
    run = Counted()
    reviews = Reviews(storage.games, storage.moves, CATALOGUE, run, simulations=TINY)
    other = ANN.user_id if user == BOB.user_id else BOB.user_id
    first, second = await asyncio.gather(
        reviews.review(CHANNEL, user, None, nothing),
        reviews.review(CHANNEL, user, None, nothing),
        return_exceptions=True,
    )
    assert isinstance(second, TableError)  # the same person's again: told it is on its way
    assert str(second) == (
        "Your review of game #1 is already on its way: it comes in your first `/review`."
    )
    assert isinstance(first, Reviewed) and run.weighed == 36
    again = await reviews.review(CHANNEL, user, 1, nothing)
    assert again == first and run.weighed == 36  # from the cache
    theirs = await reviews.review(CHANNEL, other, 1, nothing)
    assert theirs.text != first.text and run.weighed == 36  # an open game: one walk for all
    public = await reviews.review(CHANNEL, CAT.user_id, None, nothing)
    assert "from everyone's point of view" in public.text and run.weighed == 36


async def test_a_game_in_play_or_elsewhere_is_refused(
    seeded: TableService, storage: Storage
) -> None:
    reviews = Reviews(storage.games, storage.moves, CATALOGUE, Counted(), simulations=TINY)
    with pytest.raises(TableError, match="No game has finished"):
        await reviews.review(CHANNEL, ANN.user_id, None, nothing)
    await seeded.lobbies.new_lobby(
        guild_id=1, channel_id=CHANNEL, creator=ANN, game_key="agents", options={"first": 1}
    )
    await seeded.lobbies.join(CHANNEL, BOB)
    await seeded.lobbies.start(CHANNEL, ANN)
    with pytest.raises(TableError, match="still being played"):
        await reviews.review(CHANNEL, ANN.user_id, 1, nothing)
    with pytest.raises(TableError, match="no game #1 in this channel"):
        await reviews.review(CHANNEL + 1, ANN.user_id, 1, nothing)
    await seeded.play.resign(CHANNEL, BOB)
    with pytest.raises(TableError, match="has secrets, so only its players may review it"):
        await reviews.review(CHANNEL, CAT.user_id, 1, nothing)
    assert "Review of" in (await reviews.review(CHANNEL, ANN.user_id, 1, nothing)).text


def agents_game(bob_objectives: tuple[int, ...], moves: int) -> tuple[list[Any], list[ReviewStep]]:
    """An Agents game (seed 7, Ann first): Ann sets her objectives in order, Bob his as given,
    then `moves` draws and placements on the first empty square. Its positions and steps."""
    game = CATALOGUE["agents"].game
    state = game.new_game(["Ann", "Bob"], {"first": 1}, 7)
    states: list[Any] = [state]
    steps: list[ReviewStep] = []
    values = tuple(state.rules.values)
    plan: list[tuple[int, Any]] = [(0, SetObjectives(values)), (1, SetObjectives(bob_objectives))]
    while len(steps) < moves + 2:
        if len(steps) >= 2:
            seat = min(game.actors(state))
            legal = game.legal_moves(state, seat)
            square = Place(state.rules.grid.square(state.board.index(None)))
            plan.append((seat, Draw() if Draw() in legal else square))
        seat, move = plan[len(steps)]
        state, _ = game.apply(state, seat, move)
        states.append(state)
        steps.append(ReviewStep(len(steps) + 1, seat, game.notation(move), game.hidden(move), True))
    return states, steps


def review_of(
    game: Game[Any, Any],
    states: list[Any],
    steps: list[ReviewStep],
    seat: int,
    names: Sequence[str] = ("Ann", "Bob"),
    simulations: int = 30,
) -> str:
    """The review text of the positions from `seat`'s view, each weighed with `simulations`
    simulations."""
    weighing = positions_to_weigh(game, states, walk_seat(game, seat))
    kit = CATALOGUE[game.key].ai
    assert kit is not None
    walk = [weigh(game, kit, state, by, simulations, n) for n, (state, by) in enumerate(weighing)]
    found = [
        replace(
            drop,
            why=reason(
                kit.unit,
                weigh_moves(
                    game,
                    kit,
                    weighing[drop.step.number - 1][0],
                    seat,
                    drop.step.notation,
                    drop.better,
                    drop.step.number - 1,
                ),
                names,
                seat,
            ),
        )
        for drop in drops(walk, steps, seat)
    ]
    assert found, "the test's game has a drop to explain"
    return review_text(game.title, names, seat, walk, steps, found, simulations)


def test_an_agents_review_is_the_same_whatever_the_others_secrets() -> None:
    game = CATALOGUE["agents"].game
    values = (2, 1, 0, -1)
    texts = []
    for bob in ((-1, 0, 1, 2), (0, 2, -1, 1), (1, -1, 2, 0)):
        states, steps = agents_game(bob, 16)
        assert [s.notation for s in steps[2:]] == [
            s.notation for s in agents_game(values, 16)[1][2:]
        ]
        assert game.view(states[-1], 0) == game.view(agents_game(values, 16)[0][-1], 0)
        text = review_of(game, states, steps, 0)
        texts.append(text)
        assert steps[1].notation not in text  # Bob's secret objectives are never named
    assert texts[0] == texts[1] == texts[2]


def test_another_players_secret_move_is_named_only_as_one() -> None:
    steps = [
        ReviewStep(1, 0, "objectives red=2 green=1 blue=0 yellow=-1", True, True),
        ReviewStep(2, 1, "objectives red=-1 green=0 blue=1 yellow=2", True, True),
    ]
    walk = [Weighed((0.5, 0.5), 0, "x"), Weighed((0.5, 0.5), 1, "y"), Weighed((0.2, 0.8), 0, "z")]
    text = review_text("Agents", ["Ann", "Bob"], 0, walk, steps, [], 30)
    assert "Turning point: move 2, Bob's secret action: your chance went from 50 % to 20 %." in text
    assert steps[1].notation not in text
    bob = review_text("Agents", ["Ann", "Bob"], 1, walk, steps, [], 30)
    assert f"Turning point: move 2, your `{steps[1].notation}`" in bob


MARS = ("Ann", "Bob", "Cat", "Dan")
MARS_SEED = 75
"""A 4-seat game (Ann first) whose one Martian Clone is Bob and whose seeded random play below
ends in 86 moves, the Martians winning, without drawing the whole skill pile or threat deck."""
SHOWING = ("reveal", "accuse", "second", "promote")
"""Moves left out of the random play: a reveal or a trial would show someone's DNA, and with
nobody ousted no Civilian can be promoted."""


def mars_moves() -> list[tuple[int, Any]]:
    """The moves of the game `MARS_SEED` as dealt: the first seat to act plays a seeded random
    legal move, never one of `SHOWING`."""
    game = MARS_VS_EARTH
    state = game.new_game(list(MARS), {"first": 1}, MARS_SEED)
    rng, played = random.Random(MARS_SEED), []
    while game.outcome(state) is None:
        seat = min(game.actors(state))
        move = rng.choice([m for m in game.legal_moves(state, seat) if m.kind not in SHOWING])
        state, _ = game.apply(state, seat, move)
        played.append((seat, move))
    return played


def mars_game(
    clone: int, reordered: bool, played: list[tuple[int, Any]]
) -> tuple[list[Any], list[ReviewStep]]:
    """The game `MARS_SEED` with its Martian Clone's DNA dealt to seat `clone` instead of Bob
    (the others' wave-1 DNA permuted) and, when `reordered`, the skill cards and threats never
    drawn in it, and the Agent deck, in reverse order: then the moves `played`, each refused if
    not legal. Its positions and steps."""
    game = MARS_VS_EARTH
    state = game.new_game(list(MARS), {"first": 1}, MARS_SEED)
    dna = [s.dna for s in state.seats]
    dna[1], dna[clone] = dna[clone], dna[1]
    state = replace(
        state, seats=tuple(replace(s, dna=d) for s, d in zip(state.seats, dna, strict=True))
    )
    if reordered:
        unseen_skills, unseen_threats = 29, 14  # the piles' sizes at the end of the game
        draw, threats = state.draw, state.threat_deck
        state = replace(
            state,
            draw=(*draw[:-unseen_skills], *reversed(draw[-unseen_skills:])),
            threat_deck=(*threats[:-unseen_threats], *reversed(threats[-unseen_threats:])),
            agent_deck=tuple(reversed(state.agent_deck)),
        )
    states: list[Any] = [state]
    steps: list[ReviewStep] = []
    for seat, move in played:
        state, _ = game.apply(state, seat, move)
        states.append(state)
        steps.append(ReviewStep(len(steps) + 1, seat, game.notation(move), game.hidden(move), True))
    end = states[-1]
    assert states[0].draw[-len(end.draw) :] == end.draw  # what was reordered is never drawn
    assert states[0].threat_deck[-len(end.threat_deck) :] == end.threat_deck
    assert states[0].agent_deck == end.agent_deck
    return states, steps


def test_a_mars_vs_earth_review_is_the_same_whatever_the_others_secrets() -> None:
    """Issue 32: Ann's review reads the same whoever the hidden Martian Clone is among Bob, Cat
    and Dan, and whatever the order of the cards nobody drew; it names no one's secret."""
    game = MARS_VS_EARTH
    played = mars_moves()
    variants = [
        mars_game(1, False, played),
        mars_game(2, False, played),
        mars_game(3, True, played),
    ]
    sides = [game.sides(states[-1]) for states, _ in variants]
    assert [side.index("martians") for side in sides] == [1, 2, 3]
    seen = [game.view(state, 0) for state in variants[0][0][:-1]]
    texts = []
    for states, steps in variants:
        assert [game.view(state, 0) for state in states[:-1]] == seen  # Ann cannot tell them apart
        outcome = game.outcome(states[-1])
        assert outcome is not None and 0 not in outcome.winners
        text = review_of(game, states, steps, 0, MARS, simulations=2)
        texts.append(text)
        ours = {  # Ann's moves and every move she could have made instead
            game.notation(move)
            for state, step in zip(states, steps, strict=False)
            if step.seat == 0
            for move in game.legal_moves(state, 0)
        }
        theirs = {s.notation for s in steps if s.seat != 0 and s.hidden}
        assert theirs - ours, "the others made secret moves Ann never made"
        for notation in theirs - ours:
            assert notation not in text  # the others' cards are never named
        for seat in (1, 2, 3):
            for state in states:
                assert not any(line in text for line in game.view(state, seat).private)
        assert "Clone" not in text and "DNA" not in text
    assert texts[0] == texts[1] == texts[2]


class Slow:
    """Runs worker functions in this process on a clock of its own, which each simulation a
    position is given moves on by `per_sample` seconds: a slow, busy host."""

    def __init__(self, per_sample: float) -> None:
        self.per_sample, self.now = per_sample, 0.0
        self.given: list[int] = []

    def clock(self) -> float:
        return self.now

    async def __call__(self, function: Any, *args: Any) -> Any:
        if function is weigh:
            iterations = args[4]
            self.given.append(iterations)
            self.now += iterations * self.per_sample
        return function(*args)


PLANNED = 36 * 50
"""Simulations for a whole review of the blundered game: 50 for each of its 36 positions."""


async def test_a_slow_review_cuts_its_samples_to_answer_in_time_and_says_so(
    seeded: TableService,
    storage: Storage,
) -> None:
    user, _, _ = await blundered(seeded)
    slow = Slow(per_sample=0.25)  # the plan would take 450 s
    reviews = Reviews(
        storage.games,
        storage.moves,
        CATALOGUE,
        slow,
        simulations=PLANNED,
        deadline=300.0,
        clock=slow.clock,
    )
    reviewed = await reviews.review(CHANNEL, user, None, nothing)
    given = sum(slow.given)
    assert slow.given[0] == 50 and given < PLANNED and min(slow.given) >= LEAST_PER_POSITION
    assert max(slow.given[1:]) > LEAST_PER_POSITION  # the time left shared, not the floor
    assert slow.now <= 300.0 + 50 * slow.per_sample  # by its deadline, but for one position
    assert f"Reviewed with fewer samples ({given:,} of {PLANNED:,}) to answer in time." in (
        reviewed.text
    )
    assert "(up to 50 simulations a position)" in reviewed.text


async def test_a_review_on_time_gives_every_position_its_samples(
    seeded: TableService, storage: Storage
) -> None:
    user, _, _ = await blundered(seeded)
    quick = Slow(per_sample=0.001)  # 1.8 s in all
    reviews = Reviews(
        storage.games,
        storage.moves,
        CATALOGUE,
        quick,
        simulations=PLANNED,
        deadline=300.0,
        clock=quick.clock,
    )
    reviewed = await reviews.review(CHANNEL, user, None, nothing)
    assert quick.given == [50] * 36
    assert "fewer samples" not in reviewed.text and "(50 simulations a position)" in reviewed.text
