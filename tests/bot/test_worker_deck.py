"""Worker processes play Mars vs. Earth with the bot's deck: the catalogue built from a deck
file (MARSVSEARTH_DECK) instead of the bundled one reaches the computer players' thinking and
the reviews' weighing, which run in workers from the fork server (it imports the bundled
deck), through each worker's initializer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.courier.pictures import process_pool
from bot.workers.thinking import think
from club.catalogue import Catalogue, catalogue_with_deck_file
from club.review.walk import weigh
from club.service import Turn
from engine.core import Game
from engine.marsvsearth.deck import DEFAULT_DECK_PATH
from tests.hang import HANG_SECONDS

GAME_KEY = "marsvsearth"


@pytest.fixture
def custom_deck(tmp_path: Path) -> Catalogue:
    """The games, Mars vs. Earth played with a deck file whose first agent is renamed (a deck
    of its own: a game of it is never read with the bundled deck)."""
    deck = tmp_path / "deck.toml"
    bundled = DEFAULT_DECK_PATH.read_text()
    assert 'name = "Dr. Vera Lindqvist"' in bundled
    deck.write_text(bundled.replace('name = "Dr. Vera Lindqvist"', 'name = "Dr. Vera Lind"', 1))
    return catalogue_with_deck_file(deck)


def test_workers_think_and_weigh_with_the_bots_deck(custom_deck: Catalogue) -> None:
    """A computer player's turn crosses as stored (the worker finds the game by its key); a
    review's position crosses with its game and kit."""
    game: Game[Any, Any] = custom_deck[GAME_KEY].game
    kit = custom_deck[GAME_KEY].ai
    state = game.new_game(["Ann", "Bob", "Cid"], {}, 7)
    seat = min(game.actors(state))
    stored = json.loads(json.dumps(game.to_json(state)))
    pool = process_pool(1, custom_deck)
    try:
        turn = Turn(1, 1, GAME_KEY, json.dumps(stored), seat, "easy", 3, 0)
        notation = pool.submit(think, turn).result(timeout=HANG_SECONDS)
        game.parse(state, seat, notation)  # a move of this deck's game
        weighed = pool.submit(weigh, game, kit, stored, seat, 16, 0).result(timeout=HANG_SECONDS)
        assert weighed.actor == seat and weighed.best is not None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
