"""Showdown: a tiny hidden-card game for testing the search, and a sampler double for it.

Rules: 2 to 4 players each hold one secret card from 1 to 9, dealt from the seed. Every player
who has not called yet may act at once (an open phase): `call` or `fold`. A fold ends the game at
once in a draw; once everyone has called, the highest card wins.

The game records every state it is asked about (`explored`: actors, legal moves, moves, outcome)
and every view it hands out (`viewed`), so a test can tell whether the search looked at a state
it should not have.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from engine.core import BadNotation, BaseGame, Event, Game, Option, Outcome, Seat, View, draw_rng

DECK = tuple(range(1, 10))
CALL, FOLD = "call", "fold"


@dataclass(frozen=True)
class ShowdownState:
    players: tuple[str, ...]
    seed: int
    cards: tuple[int, ...]
    called: frozenset[Seat] = frozenset()
    folded: bool = False
    sampled: bool = False
    """Made by the sampler double (and kept by every state played from it)."""


@dataclass(frozen=True, kw_only=True)
class ShowdownView(View):
    card: int | None
    """The viewer's own card (None for a spectator)."""
    called: frozenset[Seat]


class Showdown(BaseGame[ShowdownState, str]):
    key = "showdown"
    title = "Showdown"
    min_players = 2
    max_players = 4
    options: tuple[Option, ...] = ()
    information = "hidden"
    chance = False

    def __init__(self) -> None:
        self.explored: list[ShowdownState] = []
        self.viewed: list[tuple[ShowdownState, Seat | None]] = []

    def setup(self, players: tuple[str, ...], options: dict[str, Any], seed: int) -> ShowdownState:
        cards = draw_rng(seed, 0).sample(DECK, len(players))
        return ShowdownState(players, seed, tuple(cards))

    def actors(self, state: ShowdownState) -> frozenset[Seat]:
        self.explored.append(state)
        return self._waiting(state)

    def _waiting(self, state: ShowdownState) -> frozenset[Seat]:
        if self._result(state) is not None:
            return frozenset()
        return frozenset(range(len(state.players))) - state.called

    def generate(self, state: ShowdownState, seat: Seat) -> tuple[str, ...]:
        self.explored.append(state)
        return (CALL, FOLD)

    def read(self, state: ShowdownState, seat: Seat, text: str) -> str:
        if text not in (CALL, FOLD):
            raise BadNotation("Say call or fold.")
        return text

    def notation(self, move: str) -> str:
        return move

    def play(
        self, state: ShowdownState, seat: Seat, move: str
    ) -> tuple[ShowdownState, list[Event]]:
        self.explored.append(state)
        if move == FOLD:
            return replace(state, folded=True), [Event(f"{state.players[seat]} folds.")]
        return replace(state, called=state.called | {seat}), [
            Event(f"{state.players[seat]} calls.")
        ]

    def build_view(self, state: ShowdownState, seat: Seat | None) -> View:
        self.viewed.append((state, seat))
        return ShowdownView(
            players=state.players,
            viewer=seat,
            actors=self._waiting(state),
            outcome=self._result(state),
            card=None if seat is None else state.cards[seat],
            called=state.called,
        )

    def outcome(self, state: ShowdownState) -> Outcome | None:
        self.explored.append(state)
        return self._result(state)

    def _result(self, state: ShowdownState) -> Outcome | None:
        if state.folded:
            return Outcome((), None, "a fold")
        if len(state.called) < len(state.players):
            return None
        top = max(range(len(state.players)), key=lambda seat: state.cards[seat])
        return Outcome((top,), None, "the highest card")


class Resample:
    """The sampler double: keeps what `seat` sees (its card, who called) and deals the other
    cards afresh from those it has not seen, with a fresh seed; records every state it makes."""

    def __init__(self) -> None:
        self.samples: list[ShowdownState] = []

    def sample(
        self, game: Game[Any, Any], state: ShowdownState, seat: Seat, rng: random.Random
    ) -> ShowdownState:
        view = game.view(state, seat)
        assert isinstance(view, ShowdownView) and view.card is not None
        others = rng.sample([card for card in DECK if card != view.card], len(view.players) - 1)
        cards = (*others[:seat], view.card, *others[seat:])
        made = ShowdownState(view.players, rng.getrandbits(32), cards, view.called, sampled=True)
        self.samples.append(made)
        return made
