"""Decisive moves: a win taken at once, and a loss at once avoided, checked by the rules.

Searches average random play, so on their own they may pass up a certain win for a win later
(or for a move that only looks as good), and miss the one reply that loses at once. These checks
read the game's `outcome` instead, one or two moves ahead, in sampled states only (in a game with
secrets, the determinizer's samples: never the true hidden state):

A move is followed by the moves its player is then left alone to make (see `played`).

- A move *wins at once* for `seat` when the outcome after it names `seat` a winner (alone or with
  its side), or when no actor after it is `seat` and every reply of the next actors ends the game
  with `seat` a winner (Albiorix: the opponent, left without a Monad, cannot mix one back, even
  after offering a draw: a reply is the actor's whole turn, see `replies`).
  In a game with secrets a move counts only if it wins in every one of `SAMPLES` samples.
- A move *loses at once* for `seat` when the outcome after it ends the game without `seat` among
  the winners (a draw is no loss), or when no actor after it is `seat` and some actor has a reply
  that does. A game whose kit looks two replies deep (`ai.kit.Kit.loss_depth` 2) counts a reply
  that leaves `seat` only answers that lose at once too (Albiorix: the reply takes `seat`'s last
  Monad and no answer mixes one back; the game ends as the replier's next turn begins). It is
  *doomed* when it loses at once in every sample (a move that loses in some samples only is a
  gamble the search weighs: calling with a 7 in a hidden-card game).

`search` (see `ai.search`) plays a move that wins at once without searching, and after searching
plays the most visited move that is not doomed (see `safest`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from ai.determinize import OPEN, Determinizer
from ai.samplers import Unsampled
from engine.core import Game, Outcome, Seat

M = TypeVar("M")

SAMPLES = 4
"""Samples of a game with secrets in which a move must win (or lose) to count as winning (or
doomed)."""
FORCED = 4
"""The most moves a seat left with a lone legal move is followed through (see `played`)."""


def won(outcome: Outcome | None, seat: Seat) -> bool:
    """Whether the game is over with `seat` among the winners."""
    return outcome is not None and seat in outcome.winners


def lost(outcome: Outcome | None, seat: Seat) -> bool:
    """Whether the game is over, not drawn, and `seat` is not among the winners."""
    return outcome is not None and not outcome.is_draw and seat not in outcome.winners


def played(game: Game[Any, M], state: Any, seat: Seat, move: M) -> Any:
    """The state after `seat` plays `move` and then every move it is left alone to make
    (`FORCED` at most: Agents places a drawn pyramid on the one empty square in the same turn)."""
    state, _ = game.apply(state, seat, move)
    for _ in range(FORCED):
        if game.outcome(state) is not None or game.actors(state) != {seat}:
            break
        only = game.legal_moves(state, seat)
        if len(only) != 1:
            break
        state, _ = game.apply(state, seat, only[0])
    return state


def answered(game: Game[Any, Any], state: Any, more: int = 1) -> Iterable[Any]:
    """The state after each legal move of each actor in `state` (and the moves it is then
    forced to make), computed as they are asked for (a check stops at the first that settles
    it). A move after which its actor still acts alone, the game running, leaves that actor's
    turn unfinished (Albiorix: a draw offer, then a move; Agents: a draw, then where to place
    it): the states after each of its next moves are given instead, `more` times at most."""
    for actor in sorted(game.actors(state)):
        for reply in game.legal_moves(state, actor):
            after = played(game, state, actor, reply)
            if more and game.outcome(after) is None and game.actors(after) == {actor}:
                yield from answered(game, after, more - 1)
            else:
                yield after


def replies(game: Game[Any, Any], state: Any, more: int = 1) -> Iterable[Outcome | None]:
    """The outcome after each reply in `state` (see `answered`)."""
    return (game.outcome(after) for after in answered(game, state, more))


def wins_at_once(game: Game[Any, M], state: Any, seat: Seat, move: M) -> bool:
    """Whether `move` wins at once for `seat` in the full state `state` (see the module)."""
    after = played(game, state, seat, move)
    outcome = game.outcome(after)
    if outcome is not None or not game.actors(after) or seat in game.actors(after):
        return won(outcome, seat)
    return all(won(outcome, seat) for outcome in replies(game, after))


def loses_at_once(game: Game[Any, M], state: Any, seat: Seat, move: M, depth: int = 1) -> bool:
    """Whether `move` loses at once for `seat` in the full state `state`, looking `depth`
    replies deep (1 or 2, see the module)."""
    after = played(game, state, seat, move)
    outcome = game.outcome(after)
    if outcome is not None or seat in game.actors(after):
        return lost(outcome, seat)
    return any(forced_loss(game, reply, seat, depth - 1) for reply in answered(game, after))


def forced_loss(game: Game[Any, Any], state: Any, seat: Seat, deeper: int) -> bool:
    """Whether `state`, after a reply, is lost for `seat`: the game is over and lost, or with
    `deeper` left, it runs and every answer of the actors in it loses at once."""
    outcome = game.outcome(state)
    if outcome is not None or deeper < 1 or not game.actors(state):
        return lost(outcome, seat)
    return all(lost(game.outcome(answer), seat) for answer in answered(game, state))


class Checker:
    """The samples `seat` checks moves in: `first` (the search's first sample), and in a game
    with secrets up to `SAMPLES - 1` more, drawn from `rng` when first needed; a loss at once
    is looked for `depth` replies deep (the kit's `loss_depth`)."""

    def __init__(
        self,
        game: Game[Any, Any],
        state: Any,
        seat: Seat,
        first: Any,
        rng: random.Random,
        determinizer: Determinizer,
        depth: int = 1,
    ) -> None:
        self.game, self.state, self.seat, self.rng = game, state, seat, rng
        self.determinizer, self.depth = determinizer, depth
        self.drawn = [first]

    def samples(self) -> Iterable[Any]:
        """The samples, drawn as they are asked for (only the first in an open game)."""
        yield self.drawn[0]
        count = 1 if self.determinizer is OPEN else SAMPLES
        for number in range(1, count):
            if number == len(self.drawn):
                try:
                    drawn = self.determinizer.sample(self.game, self.state, self.seat, self.rng)
                except Unsampled:
                    return
                self.drawn.append(drawn)
            yield self.drawn[number]

    def winning(self, moves: Sequence[M]) -> M | None:
        """The first of `moves` that wins at once in every sample, or None."""
        first = self.drawn[0]
        for move in moves:
            if wins_at_once(self.game, first, self.seat, move) and all(
                wins_at_once(self.game, sample, self.seat, move) for sample in self.samples()
            ):
                return move
        return None

    def doomed(self, move: Any) -> bool:
        """Whether `move` loses at once in every sample."""
        return all(
            loses_at_once(self.game, sample, self.seat, move, self.depth)
            for sample in self.samples()
        )

    def safest(self, ranked: Iterable[M], more: Callable[[], bool]) -> M:
        """The first of `ranked` (best first) that is not doomed, else the first; after the
        first, a move is checked only while `more()` says there is time."""
        first: M | None = None
        for move in ranked:
            if first is None:
                first = move
            elif not more():
                break
            if not self.doomed(move):
                return move
        if first is None:
            raise ValueError("No move to check.")
        return first
