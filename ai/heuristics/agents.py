"""How a seat of Agents of M.A.R.S. plays by rule of thumb: it keeps pyramids of the colours it
gains from together and pulls apart those its opponent gains from.

- A colour's net value to a seat is the seat's objective value for it less the opponent's, as
  the seat knows them: an objective value it has not seen counts as the mean of the values it
  has not seen, at the search's own nodes (`shortlist`, so that it never leans on one sample's
  guess) and in rollouts (`believed_net`: in a sampled state each seat plays by what it would
  know at the table, so a search sees that the colours it reveals are the ones its opponent
  plays against).
- A bond is two orthogonally adjacent pyramids of one scoring colour; it is worth the colour's net
  value times the pips of the two. A placement, move or swap is rated by the bonds it makes less
  those it breaks (`gain`), a reveal-and-swap by the standing it gives the seat (`prospects`).
- `shortlist`: the search weighs a draw, the `SHORTLIST` best placements of a drawn pyramid or
  the `SHORTLIST` best moves and swaps, and the best reveal-and-swap when it raises the seat's
  standing or ends a sure draw (`best_reveal`): both players swapping towards the colours that
  score most tends to give them the same objective, after which no play can split them.
- Hard shortlists no reveal-and-swap but one that ends a sure draw (`quiet_shortlist`): a
  reveal tells the opponent which colours to break, and the same board leads both players who
  swap towards its biggest colours to the same objective, which is a draw (how it plays against
  normal: the README's strength section). It rates moves with the opponent's unseen values read
  from the bonds the opponent made (`read_net`, `ai.samplers.objectives`), not at their mean,
  and so do its rollouts (`reading_guide`: each seat reads the other's unshown values from the
  bonds made so far in the sampled game, `read_believed_net`).
- `guide`: a rollout draws three turns in four while the mover leads in `prospects` (by the
  objectives as it knows them) and one in four while it does not (`DRAW_SHARE`), and otherwise
  plays the best of `CANDIDATES` random moves and swaps; it places a drawn pyramid where it
  makes the most bonds; it never reveals (a random reveal-and-swap would reshuffle a whole
  objective).
- `standing` judges a cut-off rollout by each colour's `prospects`: the points its scoring groups
  give, plus `PARTIAL[k]` of the pips of a group of k < 4 pyramids (one that may still grow into
  a scoring group), under the base rules and The Size of the Group Gives Points; with Only the
  Biggest Group Counts every group size scores, so the points alone. The lead in these points
  counts in proportion to 1 / sqrt(1 + empty squares), like a random walk's spread with the
  root of its steps: a lead of `SCALE` points is worth about 0.82 with one empty square left. So
  the seat ahead gains by filling the board, most of all near its end, and the game moves to its
  end.

A search also holds a draw in contempt (`ai.kits.agents.CONTEMPT`); how strong the levels play
with all this is measured by `python benchmark.py --strength`.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ai.rewards import Rewards, even
from ai.samplers.objectives import READING, Known, read_mean
from engine.agents.actions import Draw, Place, Reveal, Shift, Swap
from engine.agents.moves import owner_of, squares
from engine.agents.scoring import bond_pips, neighbours, scored, state_groups
from engine.agents.state import AgentsState
from engine.agents.variants import BLACK, Pyramid, Rules
from engine.agents.view import bonds_made, seen_objectives
from engine.core import Game, Seat
from engine.grid import Square

PARTIAL = {1: 0.0, 2: 0.25, 3: 0.5}
"""The share of its pips a group of 1, 2 or 3 pyramids counts in `prospects`."""
SHORTLIST = 6
"""Placements, or moves and swaps, the search weighs at a node, the best-rated first."""
DRAW_SHARE = {True: 0.75, False: 0.25}
"""How often a rollout draws when it may, by whether the mover leads in `prospects`: the seat
ahead fills the board to end the game, the seat behind rearranges it."""
CANDIDATES = 8
"""Random moves and swaps a rollout rates before playing the best of them."""

SCALE = 6.0
"""Points of lead that make a seat's reward about 0.82 (1 / (1 + e^-1.5)) with one empty square."""

Net = dict[str, float]
"""A colour's net value to one seat, by colour name."""


def prospects(state: AgentsState) -> tuple[float, ...]:
    """Per colour (palette order): the points its groups score now plus `PARTIAL` of the pips of
    its smaller groups (see the module's docstring)."""
    rules = state.rules
    _, points = scored(state)
    found = [float(p) for p in points]
    if not rules.biggest:
        board = state.board
        for colour, squares in state_groups(state):
            share = PARTIAL.get(len(squares))
            if share:  # a group that may still grow and counts for something
                pips = sum(piece.size for piece in (board[i] for i in squares) if piece)
                found[rules.palette.index(colour)] += share * pips
    return tuple(found)


def lead_reward(lead: float, state: AgentsState) -> float:
    """The reward of a lead of `lead` points with the board of `state` (see the module's
    docstring)."""
    empty = sum(piece is None for piece in state.board)
    return 1 / (1 + math.exp(-lead * 1.5 / SCALE * math.sqrt(2 / (1 + empty))))


def worth(found: Sequence[float], values: Sequence[float]) -> float:
    """What an objective earns on per-colour `found` points (palette order)."""
    return sum(points * value for points, value in zip(found, values, strict=True))


def lead(state: AgentsState, seat: Seat) -> float:
    """How far `seat` is ahead on the `prospects`, by the objectives of the (sampled) state."""
    found = prospects(state)
    mine, theirs = state.objectives[seat], state.objectives[1 - seat]
    assert mine is not None and theirs is not None
    return worth(found, mine) - worth(found, theirs)


def standing(game: Game[Any, Any], state: Any, players: int) -> Rewards:
    """Both players' chances by their lead in `prospects` (even while an objective is unset)."""
    assert isinstance(state, AgentsState)
    if None in state.objectives:
        return even(game, state, players)
    ahead = lead_reward(lead(state, 0), state)
    return ahead, 1 - ahead


def net_between(palette: Sequence[str], mine: Sequence[float], theirs: Sequence[float]) -> Net:
    """Each colour's net value: its value in `mine` less its value in `theirs`."""
    return {c: m - t for c, m, t in zip(palette, mine, theirs, strict=True)}


def sampled_net(state: AgentsState, seat: Seat) -> Net:
    """Each colour's net value to `seat` by the objectives of the (sampled) state."""
    mine, theirs = state.objectives[seat], state.objectives[1 - seat]
    assert mine is not None and theirs is not None
    return net_between(state.rules.palette, mine, theirs)


class Seen(Protocol):
    """What the rules of thumb read of what a seat has seen: an `AgentsView`, or its `Sight`."""

    @property
    def rules(self) -> Rules: ...

    @property
    def objectives(self) -> tuple[tuple[int | None, ...], ...]:
        """By owner and colour: the value the seat has seen, else None."""
        ...

    @property
    def joined(self) -> tuple[tuple[int, ...], ...]:
        """By seat and colour: the pips of the bonds it made less those it broke (public)."""
        ...


@dataclass(frozen=True)
class Sight:
    """The rules, the objective values a seat sees (`seen_objectives`) and the bonds each seat
    made (`bonds_made`), as its `AgentsView` shows them, read from the state without building
    the whole view (the search asks at every node and rollouts at every move)."""

    rules: Rules
    objectives: tuple[tuple[int | None, ...], ...]
    joined: tuple[tuple[int, ...], ...]


def sight(state: AgentsState, seat: Seat) -> Sight:
    """What `seat` sees of the objectives and the bonds made in `state`."""
    return Sight(state.rules, seen_objectives(state, seat), bonds_made(state))


def expected(view: Seen, owner: Seat) -> tuple[float, ...]:
    """`owner`'s objective as `view` shows it, an unseen value counted as the mean of the values
    not seen."""
    known = view.objectives[owner]
    left = list(view.rules.values)
    for value in known:
        if value is not None:
            left.remove(value)
    mean = sum(left) / len(left) if left else 0.0
    return tuple(mean if value is None else float(value) for value in known)


def seen_net(view: Seen, seat: Seat) -> Net:
    """Each colour's net value to `seat` by what it has seen (see `expected`)."""
    return net_between(view.rules.palette, expected(view, seat), expected(view, 1 - seat))


def bonds(board: Sequence[Pyramid | None], rules: Rules, net: Net, at: set[int]) -> float:
    """The worth of the bonds that touch the squares `at` (each bond once, `bond_pips`)."""
    found = bond_pips(board, rules.grid, rules.palette, at)
    return sum(net[colour] * pips for colour, pips in zip(rules.palette, found, strict=True))


def bonds_at(
    board: Sequence[Pyramid | None],
    near: Sequence[Sequence[int]],
    net: Net,
    piece: Pyramid,
    square: int,
    left: int = -1,
) -> float:
    """The worth of the bonds `piece` would make on `square`, the square `left` left empty (the
    same as `bonds` of the board with it there, added up in the same order)."""
    if piece.colour == BLACK:
        return 0.0
    colour, size = piece.colour, piece.size
    worth = 0.0
    for other in near[square]:
        next_to = board[other]
        if next_to is not None and next_to.colour == colour and other != left:
            worth += net[colour] * (size + next_to.size)
    return worth


def placement_gains(state: AgentsState, net: Net) -> dict[Square, float]:
    """`gain` of placing the drawn pyramid on each empty square beside a pyramid of its colour,
    by square (on any other square it makes no bond: 0)."""
    piece = state.pending
    assert piece is not None
    grid = state.rules.grid
    near, named, board = neighbours(grid), squares(grid), state.board
    beside = {
        other
        for square, there in enumerate(board)
        if there is not None and there.colour == piece.colour
        for other in near[square]
        if board[other] is None
    }
    return {named[square]: bonds_at(board, near, net, piece, square) for square in beside}


Rate = Callable[[Place | Shift | Swap], float]


def gain(state: AgentsState, net: Net, move: Place | Shift | Swap) -> float:
    """The bonds a board action makes less those it breaks, by `net`."""
    return rater(state, net)(move)


def rater(state: AgentsState, net: Net) -> Rate:
    """`gain` in `state` by `net`, for any number of board actions (the grid's tables looked up
    once)."""
    rules = state.rules
    return functools.partial(_gain, state.board, rules, neighbours(rules.grid), net, state.pending)


def _gain(
    board: tuple[Pyramid | None, ...],
    rules: Rules,
    near: Sequence[Sequence[int]],
    net: Net,
    pending: Pyramid | None,
    move: Place | Shift | Swap,
) -> float:
    columns = rules.grid.columns
    if isinstance(move, Place):
        assert pending is not None
        return bonds_at(board, near, net, pending, move.square[1] * columns + move.square[0])
    if isinstance(move, Shift):
        one = move.origin[1] * columns + move.origin[0]
        mover = board[one]
        assert mover is not None
        target = move.target[1] * columns + move.target[0]
        before = bonds_at(board, near, net, mover, one)
        return bonds_at(board, near, net, mover, target, one) - before
    one = move.first[1] * columns + move.first[0]
    other = move.second[1] * columns + move.second[0]
    before = bonds(board, rules, net, {one, other})
    after = list(board)
    after[one], after[other] = after[other], after[one]
    return bonds(after, rules, net, {one, other}) - before


def known(view: Seen, owner: Seat) -> tuple[float, ...] | None:
    """`owner`'s objective when `view` shows all of it but at most one value (which the others
    then fix), else None."""
    if view.objectives[owner].count(None) > 1:
        return None
    return expected(view, owner)


def best_reveal(
    state: AgentsState, view: Seen, seat: Seat, reveals: Sequence[Reveal], paying: bool = True
) -> Reveal | None:
    """The reveal-and-swap the search weighs, if any: the one that raises the seat's standing on
    the board's `prospects` most, when it raises it (unless not `paying`: then never for that
    alone), or else when the two objectives are already the same as far as the seat knows (a
    draw whatever happens on the board, which any swap ends). Never one that makes the
    objectives the same. A swap acts on the objective the seat sees and may swap (its own, or
    in Blind Agents the opponent's)."""
    if not reveals:  # most nodes: no prospects to work out
        return None
    owner = owner_of(state.rules, seat)
    values = expected(view, owner)
    other = known(view, 1 - owner)
    found = prospects(state)
    now = worth(found, values)
    sign = 1 if owner == seat else -1
    rated = []
    for move in reveals:
        after = list(values)
        after[move.first], after[move.second] = after[move.second], after[move.first]
        if tuple(after) != other:
            rated.append((sign * (worth(found, after) - now), move))
    best = max(rated, key=lambda pair: pair[0], default=None)
    if best is None or ((best[0] <= 0 or not paying) and values != other):
        return None
    return best[1]


def shortlist(game: Game[Any, Any], state: Any, seat: Seat, moves: Sequence[Any]) -> list[Any]:
    """The moves worth searching (see the module's docstring), rated by what `seat` has seen."""
    return _shortlisted(state, seat, moves, paying=True)


def quiet_shortlist(
    game: Game[Any, Any], state: Any, seat: Seat, moves: Sequence[Any]
) -> list[Any]:
    """`shortlist` without a reveal-and-swap that only pays on the board, its moves rated by
    the opponent's objective as read from the bonds it made (`read_net`): hard's, which keeps
    its objective hidden and reveals only to end a sure draw."""
    return _shortlisted(state, seat, moves, paying=False, reading=READING)


def read_net(state: AgentsState, view: Seen, seat: Seat, reading: float) -> Net:
    """`seen_net` with the opponent's unseen values weighed by the bonds it made
    (`ai.samplers.objectives`); as `seen_net` in Blind Agents."""
    if view.rules.blind:
        return seen_net(view, seat)
    rules, other = view.rules, 1 - seat
    theirs = read_mean(rules.values, view.objectives[other], view.joined[other], reading)
    return net_between(rules.palette, expected(view, seat), theirs)


def _shortlisted(
    state: Any, seat: Seat, moves: Sequence[Any], paying: bool, reading: float = 0.0
) -> list[Any]:
    assert isinstance(state, AgentsState)
    if state.setting_objectives:
        return list(moves)
    view = sight(state, seat)
    net = read_net(state, view, seat, reading) if reading else seen_net(view, seat)
    actions = [m for m in moves if isinstance(m, Place | Shift | Swap)]
    rate = rater(state, net)
    kept: list[Any] = sorted(actions, key=lambda m: -rate(m))[:SHORTLIST]
    kept += [m for m in moves if isinstance(m, Draw)]
    reveal = best_reveal(state, view, seat, [m for m in moves if isinstance(m, Reveal)], paying)
    if reveal is not None:
        kept.append(reveal)
    return kept


def believed(values: tuple[int, ...], shown: tuple[int, ...], held: bool) -> tuple[float, ...]:
    """An objective `values` as a seat knows it: all of it when the seat holds it (`held`: its
    own, or in Blind Agents the opponent's), else the colours `shown` (revealed), every other
    colour counted as the mean of the values not shown."""
    if held:
        return tuple(float(v) for v in values)
    left = [v for c, v in enumerate(values) if c not in shown]
    mean = sum(left) / len(left) if left else 0.0
    return tuple(float(v) if c in shown else mean for c, v in enumerate(values))


@functools.lru_cache(maxsize=4096)
def _believed_net(
    palette: tuple[str, ...],
    objectives: tuple[tuple[int, ...], tuple[int, ...]],
    revealed: tuple[tuple[int, ...], ...],
    seat: Seat,
    holds: Seat,
) -> tuple[float, ...]:
    mine, theirs = (
        believed(objectives[owner], revealed[owner], owner == holds) for owner in (seat, 1 - seat)
    )
    return tuple(m - t for m, t in zip(mine, theirs, strict=True))


def believed_net(state: AgentsState, seat: Seat) -> Net:
    """Each colour's net value to `seat` as it knows the (sampled) objectives (`believed`): in
    a rollout each seat plays by what it would know at the table, so the colours a seat has
    revealed are the only ones its opponent plays against."""
    mine, theirs = state.objectives[seat], state.objectives[1 - seat]
    assert mine is not None and theirs is not None
    objectives = (mine, theirs) if seat == 0 else (theirs, mine)
    rules = state.rules
    net = _believed_net(rules.palette, objectives, state.revealed, seat, owner_of(rules, seat))
    return dict(zip(rules.palette, net, strict=True))


@functools.lru_cache(maxsize=4096)
def _read_believed_net(
    values: tuple[int, ...], mine: tuple[float, ...], theirs: Known, joined: tuple[int, ...]
) -> tuple[float, ...]:
    read = read_mean(values, theirs, joined, READING)
    return tuple(m - t for m, t in zip(mine, read, strict=True))


def read_believed_net(state: AgentsState, seat: Seat) -> Net:
    """`believed_net` with the opponent's unshown values weighed by the bonds it made
    (`ai.samplers.objectives`, as `read_net` does at the search's nodes), all read from what the
    seat sees of the (sampled) state (`sight`: its own objective, the values the opponent
    revealed, the bonds made); as `believed_net` in Blind Agents, where the seat plays for an
    objective it does not see."""
    rules = state.rules
    if rules.blind:
        return believed_net(state, seat)
    seen, other = sight(state, seat), 1 - seat
    net = _read_believed_net(
        rules.values, expected(seen, seat), seen.objectives[other], seen.joined[other]
    )
    return dict(zip(rules.palette, net, strict=True))


def guide(
    game: Game[Any, Any], state: Any, seat: Seat, moves: Sequence[Any], rng: random.Random
) -> Any:
    """A rollout move (see the module's docstring), rated by the objectives as the mover knows
    them (`believed_net`)."""
    return _guided(state, seat, moves, rng, believed_net)


def reading_guide(
    game: Game[Any, Any], state: Any, seat: Seat, moves: Sequence[Any], rng: random.Random
) -> Any:
    """`guide` with the opponent's unshown values read from the bonds it made so far in the
    rollout (`read_believed_net`): hard's, whose rollouts play as its shortlist rates."""
    return _guided(state, seat, moves, rng, read_believed_net)


def open_guide(
    game: Game[Any, Any], state: Any, seat: Seat, moves: Sequence[Any], rng: random.Random
) -> Any:
    """A rollout move rated by both sampled objectives in full (`sampled_net`), as if each seat
    saw the other's: reveals cost nothing in such rollouts. The yardstick `guide` is measured
    against (`bench.beliefs`)."""
    return _guided(state, seat, moves, rng, sampled_net)


def _guided(
    state: Any,
    seat: Seat,
    moves: Sequence[Any],
    rng: random.Random,
    net_of: Callable[[AgentsState, Seat], Net],
) -> Any:
    assert isinstance(state, AgentsState)
    if state.setting_objectives:
        return rng.choice(moves)
    net = net_of(state, seat)
    if state.pending is not None:
        gains = placement_gains(state, net)
        return max(moves, key=lambda m: (gains.get(m.square, 0.0), rng.random()))
    actions = [m for m in moves if isinstance(m, Shift | Swap)]
    ahead = sum(p * net[c] for c, p in zip(state.rules.palette, prospects(state), strict=True))
    if not actions or rng.random() < DRAW_SHARE[ahead > 0]:
        return next(m for m in moves if isinstance(m, Draw))
    picked = rng.sample(actions, min(CANDIDATES, len(actions)))
    return max(picked, key=rater(state, net))
