"""Worker processes play Mars vs. Earth with the bot's deck: a deck file that replaced the
bundled one in the bot (MARSVSEARTH_DECK) reaches the computer players' thinking and the
reviews' weighing, which run in workers from the fork server (it imports the bundled deck)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.courier.pictures import process_pool
from bot.workers.thinking import think
from club.catalogue import CATALOGUE, use_marsvsearth_deck
from club.review.walk import weigh
from club.service import Turn
from engine.core import Game
from engine.marsvsearth.deck import DEFAULT_DECK_PATH
from tests.hang import HANG_SECONDS

GAME_KEY = "marsvsearth"


@pytest.fixture
def custom_deck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Game[Any, Any]:
    """Mars vs. Earth played with a deck file whose first agent is renamed (a deck of its own:
    a game of it is never read with the bundled deck)."""
    deck = tmp_path / "deck.toml"
    bundled = DEFAULT_DECK_PATH.read_text()
    assert 'name = "Dr. Vera Lindqvist"' in bundled
    deck.write_text(bundled.replace('name = "Dr. Vera Lindqvist"', 'name = "Dr. Vera Lind"', 1))
    monkeypatch.setitem(CATALOGUE, GAME_KEY, CATALOGUE[GAME_KEY])
    use_marsvsearth_deck(deck)
    return CATALOGUE[GAME_KEY].game


def test_workers_think_and_weigh_with_the_bots_deck(custom_deck: Game[Any, Any]) -> None:
    """A computer player's turn crosses as stored (the worker finds the game by its key); a
    review's position crosses with its game and kit."""
    game, kit = custom_deck, CATALOGUE[GAME_KEY].ai
    state = game.new_game(["Ann", "Bob", "Cid"], {}, 7)
    seat = min(game.actors(state))
    stored = json.loads(json.dumps(game.to_json(state)))
    pool = process_pool(1)
    try:
        turn = Turn(1, 1, GAME_KEY, json.dumps(stored), seat, "easy", 3, 0)
        notation = pool.submit(think, turn).result(timeout=HANG_SECONDS)
        game.parse(state, seat, notation)  # a move of this deck's game
        weighed = pool.submit(weigh, game, kit, stored, seat, 16, 0).result(timeout=HANG_SECONDS)
        assert weighed.actor == seat and weighed.best is not None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
