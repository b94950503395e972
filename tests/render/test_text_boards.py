"""Text boards read back: for seeded positions of every game, reading the text board of a view
gives back the public position taken from the engine's view (every seat's view and a
spectator's), and a damaged text board is refused in one line."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine import agents, albiorix, leylines, marsvsearth, merchants
from engine.core import Game, View
from render.textboards import TextBoard
from render.textboards import agents as agents_text
from render.textboards import albiorix as albiorix_text
from render.textboards import leylines as leylines_text
from render.textboards import marsvsearth as marsvsearth_text
from render.textboards import merchants as merchants_text
from render.textboards.layout import TextBoardError
from tests.render.pictures import LONGEST

BOARDS: dict[str, tuple[Game[Any, Any], TextBoard[Any, Any]]] = {
    "leylines": (leylines.GAME, leylines_text.TEXT_BOARD),
    "albiorix": (albiorix.GAME, albiorix_text.TEXT_BOARD),
    "agents": (agents.GAME, agents_text.TEXT_BOARD),
    "merchants": (merchants.GAME, merchants_text.TEXT_BOARD),
    "marsvsearth": (marsvsearth.GAME, marsvsearth_text.TEXT_BOARD),
}
SEEDS = (1, 2, 3)
NAMES = {
    "leylines": ("Ann", "Ann, Bo: the 2nd"),
    "albiorix": ("Ann", LONGEST[2]),
    "agents": (LONGEST[1], "Bo"),
    "merchants": ("Ann", "Bo", "Ann Bo"),
    "marsvsearth": ("Ann", "Bo", "Cy", "Di", "Ed", LONGEST[0]),
}
"""Names that stress the reader: one containing another, commas, colons and parentheses."""


def positions(
    game: Game[Any, Any], seed: int, names: tuple[str, ...], options: dict[str, Any] | None = None
) -> Iterator[View]:
    """Every view (each seat's and a spectator's) of every fifth position of a game played to
    its end with seeded random legal moves, and of the last one."""
    state = game.new_game(list(names), options or {}, seed)
    rng = random.Random(seed)
    turn = 0
    while True:
        over = not game.actors(state)
        if over or turn % 5 == 0:
            for seat in (None, *range(len(names))):
                yield game.view(state, seat)
        if over or turn > 400:
            return
        seat = rng.choice(sorted(game.actors(state)))
        state, _ = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
        turn += 1


@pytest.mark.parametrize("key", list(BOARDS))
@pytest.mark.parametrize("seed", SEEDS)
def test_a_text_board_reads_back_as_the_views_public_position(key: str, seed: int) -> None:
    game, board = BOARDS[key]
    seen = 0
    for view in positions(game, seed, NAMES[key]):
        text = board.text(view)
        assert board.read(text) == board.position(view), text
        seen += 1
    assert seen > 2 * (len(NAMES[key]) + 1)


@pytest.mark.parametrize("key", list(BOARDS))
def test_a_damaged_text_board_is_refused(key: str) -> None:
    game, board = BOARDS[key]
    view = next(positions(game, 1, NAMES[key]))
    lines = board.text(view).split("\n")
    with pytest.raises(TextBoardError):
        board.read("\n".join(lines[:-1]))
    with pytest.raises(TextBoardError):
        board.read("\n".join(["Chess", *lines[1:]]))


@pytest.mark.parametrize(
    "options",
    [
        {"colours": 5, "fifth": -2, "blind": True, "biggest": True},
        {"trio": True, "groupsize": True, "nocenter": True, "dealt": True},
    ],
)
def test_agents_variants_read_back(options: dict[str, Any]) -> None:
    game, board = BOARDS["agents"]
    for view in positions(game, 4, NAMES["agents"], options):
        assert board.read(board.text(view)) == board.position(view)


def test_albiorix_previews_read_back() -> None:
    """A move preview (the piece looked at, where it may move or mix) reads back too."""
    game, board = BOARDS["albiorix"]
    state = game.new_game(["Ann", "Bo"], {"first": 1}, 5)
    rng = random.Random(5)
    previews = 0
    while game.actors(state):
        seat = min(game.actors(state))
        for square in ("a1", "b2", "c2", "b3", "d4", "d5", "e5", "c3"):
            view = game.preview(state, seat, square)
            if view is not None:
                read = board.read(board.text(view))
                assert read == board.position(view)
                assert (read.focus, read.destinations) == (view.focus, view.destinations)
                previews += 1
        state, _ = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    assert previews > 12
