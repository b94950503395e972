"""Names and captions in every game's pictures are never cut: with the longest names the bot
allows (Discord display names of 32 characters, computer players' names) each is laid out whole
in its box, shrunk or wrapped, and nothing drawn ends in an ellipsis or leaves the picture.

The `spies` fixture watches the drawing (see `tests.render.pictures.Spies`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from club.catalogue import CATALOGUE
from club.service.computer_seats import computer_id, computer_name
from engine.core import Game, View
from tests.render.pictures import LONGEST, Spies, assert_uncut, assert_whole

COMPUTERS = tuple(computer_name(computer_id(n)) for n in range(1, 11))
"""The computer players' names, as the bot seats them: `Ada (computer)`, ..."""


def tables(players: int) -> list[tuple[str, ...]]:
    """Names for a table of `players`: the longest ones first, then computers' names."""
    pool = [*LONGEST, *COMPUTERS]
    return [tuple(pool[(start + i) % len(pool)] for i in range(players)) for start in (0, 2)]


def positions(game: Game[Any, Any], names: tuple[str, ...], seed: int) -> list[View]:
    """Public and private views along a seeded random game: its opening, every 15th position,
    and its end."""
    state = game.new_game(list(names), {}, seed)
    rng = random.Random(seed)
    views = []
    for count in range(3000):
        if count % 15 == 0 or not game.actors(state):
            views.append(game.view(state, None))
            views += [game.view(state, seat) for seat in range(len(names))][:2]
        if not game.actors(state):
            break
        seat = rng.choice(sorted(game.actors(state)))
        state, _ = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    return views


CASES = [
    (key, names)
    for key, game in sorted(((key, entry.game) for key, entry in CATALOGUE.items()))
    for players in sorted({game.min_players, game.max_players})
    for names in tables(players)
]


def draw(view: View) -> None:
    CATALOGUE.renderer_for(view).draw(view)


@pytest.mark.parametrize(("key", "names"), CASES)
def test_no_name_or_caption_is_cut(key: str, names: tuple[str, ...], spies: Spies) -> None:
    for view in positions(CATALOGUE[key].game, names, seed=len(names)):
        spies.written.clear()
        draw(view)
        assert_uncut(spies.written)


@pytest.mark.parametrize(("key", "names"), CASES)
def test_every_name_is_laid_out_whole_in_its_box(
    key: str, names: tuple[str, ...], spies: Spies
) -> None:
    for view in positions(CATALOGUE[key].game, names, seed=len(names)):
        spies.fittings.clear()
        draw(view)
        fitted = {t for f in spies.fittings for t, _ in f.texts}
        for name in names:
            assert any(t == name or t.startswith(f"{name} (") for t in fitted), (
                f"{name!r} is not laid out in a box of its own"
            )
        for f in spies.fittings:
            assert_whole(f)
