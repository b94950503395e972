"""What the computers' beliefs about hidden information are worth, measured by play: the players
of today against the players before them, at one level (hard by default).

- Agents of M.A.R.S.: the player whose rollouts play by what each seat would know at the table
  (`ai.heuristics.agents.guide`: a reveal tells the opponent what to break) against the same
  level with the rollouts before, in which each seat saw the other's objective in full
  (`open_guide`: a reveal cost nothing). Seats and first players alternate from game to game.
  Reported: the new player's wins, draws and losses, its win rate with its 95% Wilson interval,
  and each side's reveals per game and colours of its objective public at the end (a reveal of
  colours already shown gives nothing away).
- Mars vs. Earth: tables of the level at every seat, some seats dealing the hidden roles by how
  well they explain the public record of every round so far (`MarsVsEarthSampler()`) and the
  others by this round's record only, as before the state kept the earlier rounds'
  (`earlier=False`). Each table is played twice from the same seed (the same deal and
  DNA), the even seats weighing in the first game and the odd seats in the second, so each
  sampler plays every seat, on both sides, once. A seat wins when its side wins; a sampler's win
  rate is its seats' wins over its seat-games (seats of one table are not independent, so the
  Wilson interval is narrower than the truth).
Think time is the CPU time the levels cap (`time.process_time`); games run in worker
processes, one per core unless `--strength-workers` says otherwise.
"""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from ai.arena import Results
from ai.heuristics.agents import open_guide
from ai.kit import Kit
from ai.levels import HARD, Level, think
from ai.samplers.marsvsearth import MarsVsEarthSampler
from ai.search import Budget, Settings
from bench.report import Section
from bench.strength import WORKERS, wilson
from club.catalogue import CATALOGUE
from engine.agents.actions import Reveal
from engine.agents.moves import owner_of
from engine.core import Game

SEED = 20261125
AGENTS_GAMES = 8
"""Agents games in the full run (hard: some 7 CPU minutes a game, both sides hard)."""
TABLE_PAIRS = 4
"""Mars vs. Earth tables in the full run, each played twice (seats swapped)."""
TABLE_SIZE = 5
MOST_MOVES = 1000
"""Moves after which a game is stopped unfinished."""
QUICK_LEVEL = Level("hard", Budget(8), Settings(depth=4))
QUICK_MOST_MOVES = 40
"""`--quick` (the smoke test): a few simulations a move, games cut short."""


@dataclass
class Tally(Results):
    """One side's results in seat-games, reveals made and the colours of its objectives public
    at the end (Agents)."""

    reveals: int = 0
    shown: int = 0

    def add(self, other: Tally) -> None:
        self.count(other)
        self.reveals += other.reveals
        self.shown += other.shown


@dataclass
class Played:
    """One game's result for its new seats and its old seats, and the side that won (Mars vs.
    Earth)."""

    new: Tally = field(default_factory=Tally)
    old: Tally = field(default_factory=Tally)
    side: str = ""


def kits(key: str) -> tuple[Kit, Kit]:
    """Game `key`'s kit of today and the one before: Agents with the open rollouts, Mars vs.
    Earth with beliefs from this round's record only."""
    kit = CATALOGUE[key].ai
    assert kit is not None
    kit = replace(kit, hard=None)  # both sides with the rules of thumb of every level
    if key == "agents":
        assert kit.heuristics is not None
        return kit, replace(kit, heuristics=replace(kit.heuristics, guide=open_guide))
    return kit, replace(kit, determinizer=MarsVsEarthSampler(earlier=False))


def play(key: str, level: Level, new: tuple[int, ...], seed: int, most_moves: int) -> Played:
    """One game of `key` with `level` at every seat, the seats `new` playing with today's kit
    and the others with the old one; seeds from `seed`."""
    game: Game[Any, Any] = CATALOGUE[key].game
    players = 2 if key == "agents" else TABLE_SIZE
    fresh, former = kits(key)
    seeds = random.Random(seed)
    options = {"first": 1} if any(option.name == "first" for option in game.options) else {}
    state = game.new_game([f"Player{n}" for n in range(players)], options, seeds.getrandbits(32))
    reveals = [0] * players
    made = 0
    while game.outcome(state) is None and made < most_moves:
        seat = min(game.actors(state))
        kit = fresh if seat in new else former
        move = think(game, state, seat, level, seeds.getrandbits(32), kit).move
        reveals[seat] += isinstance(move, Reveal)
        state, _ = game.apply(state, seat, move)
        made += 1
    outcome = game.outcome(state)
    found = Played(side="none" if outcome is None else getattr(state, "winner", "") or "")
    for seat in range(players):
        tally = found.new if seat in new else found.old
        tally.reveals += reveals[seat]
        tally.shown += len(state.revealed[owner_of(state.rules, seat)]) if key == "agents" else 0
        tally.record(outcome, seat)
    return found


def rate(tally: Tally) -> str:
    """`wins/games (rate, 95% low-high)`."""
    low, high = wilson(tally.wins, tally.games)
    share = tally.wins / tally.games if tally.games else 0.0
    return f"{tally.wins}/{tally.games} ({share:.0%}, 95% {low:.0%}-{high:.0%})"


def budget_words(level: Level) -> str:
    """`600 simulations, 0.75 CPU s` (a level's budget in words)."""
    budget = level.budget
    if budget is None:
        return "no search"
    caps = [f"{budget.iterations:,} simulations"]
    if budget.cpu_seconds is not None:
        caps.append(f"{budget.cpu_seconds:g} CPU s")
    if budget.wall_seconds is not None:
        caps.append(f"{budget.wall_seconds:g} s on the clock")
    return ", ".join(caps)


def bench_beliefs(
    quick: bool,
    games: int | None = None,
    level: Level | None = None,
    only: str | None = None,
    workers: int = WORKERS,
) -> Section:
    """Play the Agents games (`games`, else `AGENTS_GAMES`) and the Mars vs. Earth table pairs
    (`games`, else `TABLE_PAIRS`) of today's players against the old ones at `level` (default:
    hard; quick: tiny budgets), or only those of game `only`, in `workers` processes. The
    report's beliefs section."""
    chosen = level or (QUICK_LEVEL if quick else HARD)
    most_moves = QUICK_MOST_MOVES if quick else MOST_MOVES
    duels = (games or (2 if quick else AGENTS_GAMES)) if only in (None, "agents") else 0
    pairs = (games or (1 if quick else TABLE_PAIRS)) if only in (None, "marsvsearth") else 0
    with ProcessPoolExecutor(workers) as pool:
        agents = [
            pool.submit(play, "agents", chosen, (n % 2,), SEED + n, most_moves)
            for n in range(duels)
        ]
        tables = [
            pool.submit(play, "marsvsearth", chosen, seats, SEED + n, most_moves)
            for n in range(pairs)
            for seats in (tuple(range(0, TABLE_SIZE, 2)), tuple(range(1, TABLE_SIZE, 2)))
        ]
        duel, table = Played(), Played()
        for future in agents:
            result = future.result()
            duel.new.add(result.new)
            duel.old.add(result.old)
        sides: dict[str, int] = {}
        for future in tables:
            result = future.result()
            table.new.add(result.new)
            table.old.add(result.old)
            sides[result.side] = sides.get(result.side, 0) + 1
    lines = [
        "## Beliefs: hidden information modelled, today's players against the old ones",
        "",
        f"Level {chosen.name} ({budget_words(chosen)} a move); seeds from {SEED}; a game"
        f" still running after {most_moves:,} moves is stopped unfinished; 95% is the Wilson"
        " interval.",
        "",
    ]
    new, old = duel.new, duel.old
    if duels:
        lines.append(
            f"- Agents of M.A.R.S., rollouts by what each seat knows against rollouts that see"
            f" both objectives, {new.games} games, seats alternated: won/drawn/lost/unfinished"
            f" {new.wins}/{new.draws}/{new.losses}/{new.unfinished}, win rate {rate(new)};"
            f" reveals per game: new {new.reveals / max(1, new.games):.2f},"
            f" old {old.reveals / max(1, old.games):.2f}; colours public at the end: new"
            f" {new.shown / max(1, new.games):.2f}, old {old.shown / max(1, old.games):.2f}."
        )
    if pairs:
        won = ", ".join(f"{side} {count}" for side, count in sorted(sides.items()))
        lines.append(
            f"- Mars vs. Earth, {TABLE_SIZE} seats, {len(tables)} tables ({pairs} seeds, each"
            f" played twice with the samplers' seats swapped): seats weighing roles by every"
            f" round's record won {rate(table.new)} of their seat-games, seats weighing them by"
            f" this round's only {rate(table.old)};"
            f" sides: {won}."
        )
    return Section([*lines, ""], [])
