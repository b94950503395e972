"""Agents of M.A.R.S. as a text board, and its reader.

What the picture shows, as lines: the players, whose turn or the result, the rules in play, the
phase, the drawn pyramid, the last action, each player's objectives as this viewer knows them
(`secret` where hidden, `revealed` once public), the score the viewer's own secret objectives
would give now (their own view only, as on their picture), every pyramid by colour and size, the
scoring groups and points per colour, each player's bonds, the black count and whether objective
swaps are open, what is left in the bag, and the final scores. The fifth colour's value is part
of the rules only with five colours (it means nothing with four).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from engine.agents import AgentsView, Cluster, Place, Pyramid, Rules, Shift, Swap
from engine.agents.actions import Action
from engine.agents.notation import square_name
from engine.agents.variants import BLACK
from engine.grid import Grid
from engine.pieces import SIZE_NAME, SIZES, parse_size
from render.textboards import TextBoard
from render.textboards.layout import (
    Reader,
    Table,
    TextBoardError,
    Writer,
    listing,
    matched,
    number,
    squares,
    table_of,
    unlist,
    unsquares,
)

TITLE = "Agents of M.A.R.S."
UNSET = "not set yet"
"""Said before the objectives of a player who has not set them."""
VARIANTS = ("blind", "trio", "biggest", "groupsize", "nocenter", "dealt")
"""The yes-or-no variants, by option name (as `/new agents` names them)."""


@dataclass(frozen=True)
class AgentsPosition:
    """The position an Agents text board holds (the viewer's own secrets included)."""

    table: Table
    rules: Rules
    phase: str
    drawn: Pyramid | None
    last: tuple[int, Action] | None
    objectives_set: tuple[bool, ...]
    objectives: tuple[tuple[int | None, ...], ...]
    revealed: tuple[tuple[bool, ...], ...]
    projected: tuple[int, int] | None
    board: tuple[Pyramid | None, ...]
    clusters: tuple[Cluster, ...]
    points: tuple[int, ...]
    joined: tuple[tuple[int, ...], ...]
    black_on_board: int
    swap_open: bool
    bag: tuple[tuple[Pyramid, int], ...]
    scores: tuple[int, ...] | None


def position(view: AgentsView) -> AgentsPosition:
    """The position of `view`."""
    rules = view.rules if view.rules.colours == 5 else replace(view.rules, fifth=Rules.fifth)
    return AgentsPosition(
        table_of(view),
        rules,
        view.phase,
        view.drawn,
        view.last,
        view.objectives_set,
        view.objectives,
        view.revealed,
        view.projected,
        view.board,
        view.clusters,
        view.points,
        view.joined,
        view.black_on_board,
        view.swap_open,
        view.bag,
        view.scores,
    )


def write(at: AgentsPosition) -> str:
    out = Writer(TITLE, at.table)
    rules, grid = at.rules, at.rules.grid
    variants = [name for name in VARIANTS if getattr(rules, name)]
    fifth = f", the fifth worth {rules.fifth:+d} a pip" if rules.colours == 5 else ""
    out.add("Rules", f"{rules.colours} colours{fifth}, board {grid.columns} by {grid.rows}")
    out.add("Variants", listing(variants))
    out.add("Phase", at.phase)
    if at.drawn is not None:
        out.add("Drawn pyramid", _pyramid_words(at.drawn))
    if at.last is not None:
        seat, action = at.last
        out.add("Last move", f"{out.names.players[seat]} {_action_words(action)}")
    for owner, values in enumerate(at.objectives):
        known = zip(rules.palette, values, at.revealed[owner], strict=True)
        said = listing(
            f"{c} {'secret' if v is None else v}{' revealed' if shown else ''}"
            for c, v, shown in known
        )
        unset = "" if at.objectives_set[owner] else f"{UNSET}, "
        out.add(f"Player {owner + 1}'s objectives", unset + said)
    if at.projected is not None:
        owner, points = at.projected
        out.add("Secret score now", f"{out.names.players[owner]} would score {points}")
    for colour in (*rules.palette, BLACK):
        groups = (
            f"{SIZE_NAME[size]} "
            + squares(grid, (i for i, p in enumerate(at.board) if p == Pyramid(colour, size)))
            for size in reversed(SIZES)
        )
        out.add(f"Pyramids of {colour}", "; ".join(groups))
    out.add("Empty", squares(grid, (i for i, p in enumerate(at.board) if p is None)))
    out.add(
        "Points now", listing(f"{c} {p}" for c, p in zip(rules.palette, at.points, strict=True))
    )
    out.add("Scoring groups", listing((_cluster_words(grid, c) for c in at.clusters), "; "))
    for seat, bonds in enumerate(at.joined):
        said = listing(f"{c} {n}" for c, n in zip(rules.palette, bonds, strict=True))
        out.add(f"Player {seat + 1}'s bonds", said)
    swaps = "open" if at.swap_open else "locked"
    out.add("Black on the board", f"{at.black_on_board}, objective swaps {swaps}")
    counts = dict(at.bag)
    out.add(
        "In the bag",
        "; ".join(
            f"{colour} " + ", ".join(f"{counts[Pyramid(colour, s)]} {SIZE_NAME[s]}" for s in SIZES)
            for colour in (*rules.palette, BLACK)
        ),
    )
    if at.scores is not None:
        out.add("Final scores", out.names.numbers(at.scores))
    return out.text()


def _pyramid_words(pyramid: Pyramid) -> str:
    return f"{pyramid.colour} {SIZE_NAME[pyramid.size]}"


def _action_words(action: Action) -> str:
    """`placed on c3`, `moved a1-a3` or `swapped a1 and b2`."""
    if isinstance(action, Shift):
        return f"moved {square_name(action.origin)}-{square_name(action.target)}"
    if isinstance(action, Swap):
        return f"swapped {square_name(action.first)} and {square_name(action.second)}"
    return f"placed on {square_name(action.square)}"


def _cluster_words(grid: Grid, cluster: Cluster) -> str:
    """`green 12 on a1, a2, b2`."""
    return f"{cluster.colour} {cluster.points} on {squares(grid, cluster.squares)}"


_RULES = re.compile(r"([45]) colours(?:, the fifth worth ([+-]\d+) a pip)?, board \d+ by \d+")
_SQUARE = r"[a-z]\d+"
_ACTION = re.compile(
    rf"(?:placed on ({_SQUARE})|moved ({_SQUARE})-({_SQUARE})|swapped ({_SQUARE}) and ({_SQUARE}))"
)
_OBJECTIVE = re.compile(r"(\w+) (secret|-?\d+)( revealed)?")
_CLUSTER = re.compile(r"(\w+) (-?\d+) on (.+)")
_BLACK = re.compile(r"(\d+), objective swaps (open|locked)")


def read(text: str) -> AgentsPosition:
    """The position a text board written by `write` holds; TextBoardError if it is not one."""
    into = Reader(text, TITLE)
    names = into.names
    said = matched(_RULES, into.take("Rules"))
    flags = {name: True for name in unlist(into.take("Variants"))}
    if not set(flags) <= set(VARIANTS):
        raise TextBoardError(f"unknown variants: {', '.join(flags)}")
    fifth = Rules.fifth if said[2] is None else int(said[2])
    rules = Rules(colours=int(said[1]), fifth=fifth, **flags)
    grid = rules.grid
    phase = into.take("Phase")
    drawn = None
    pyramid = into.maybe("Drawn pyramid")
    if pyramid is not None:
        colour, size = pyramid.split(" ")
        drawn = Pyramid(colour, parse_size(size))
    last = None
    moved = into.maybe("Last move")
    if moved is not None:
        seat, rest = names.take(moved)
        last = (seat, _action(rest.removeprefix(" ")))
    objectives_set, objectives, revealed = [], [], []
    for owner in range(len(names.players)):
        said_of = into.take(f"Player {owner + 1}'s objectives")
        objectives_set.append(not said_of.startswith(f"{UNSET}, "))
        found = [matched(_OBJECTIVE, item) for item in unlist(said_of.removeprefix(f"{UNSET}, "))]
        objectives.append(tuple(None if m[2] == "secret" else int(m[2]) for m in found))
        revealed.append(tuple(m[3] is not None for m in found))
    projected = None
    secret = into.maybe("Secret score now")
    if secret is not None:
        owner, rest = names.take(secret)
        projected = (owner, number(rest.removeprefix(" would score ")))
    board: list[Pyramid | None] = [None] * grid.size
    for colour in (*rules.palette, BLACK):
        for group in into.take(f"Pyramids of {colour}").split("; "):
            size, _, where = group.partition(" ")
            for square in unsquares(grid, where):
                board[square] = Pyramid(colour, parse_size(size))
    if unsquares(grid, into.take("Empty")) != tuple(i for i, p in enumerate(board) if p is None):
        raise TextBoardError("the empty squares do not match the pyramids")
    points = tuple(number(item.split(" ")[1]) for item in unlist(into.take("Points now")))
    clusters = []
    for item in unlist(into.take("Scoring groups"), "; "):
        match = matched(_CLUSTER, item)
        clusters.append(Cluster(match[1], unsquares(grid, match[3]), number(match[2])))
    joined = tuple(
        tuple(number(item.split(" ")[1]) for item in unlist(into.take(f"Player {s + 1}'s bonds")))
        for s in range(len(names.players))
    )
    black = matched(_BLACK, into.take("Black on the board"))
    bag = []
    for group in into.take("In the bag").split("; "):
        colour, _, counts = group.partition(" ")
        for s, item in zip(SIZES, counts.split(", "), strict=True):
            bag.append((Pyramid(colour, s), number(item.split(" ")[0])))
    scores = into.maybe("Final scores")
    into.end()
    return AgentsPosition(
        into.table,
        rules,
        phase,
        drawn,
        last,
        tuple(objectives_set),
        tuple(objectives),
        tuple(revealed),
        projected,
        tuple(board),
        tuple(clusters),
        points,
        joined,
        number(black[1]),
        black[2] == "open",
        tuple(bag),
        None if scores is None else names.unnumbers(scores),
    )


def _action(words: str) -> Action:
    match = matched(_ACTION, words)
    square = [None if m is None else _square(m) for m in match.groups()]
    if square[0] is not None:
        return Place(square[0])
    if square[1] is not None and square[2] is not None:
        return Shift(square[1], square[2])
    assert square[3] is not None and square[4] is not None
    return Swap(square[3], square[4])


def _square(name: str) -> tuple[int, int]:
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


TEXT_BOARD = TextBoard(AgentsView, position, write, read)
