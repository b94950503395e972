"""The Agents of M.A.R.S. lesson: secret objectives, drawing and placing, moving, swapping,
black pyramids, revealing objectives, the Ko rule, clusters and the end, and the variants.

Draws are chance, so the positions are played out by `fill`: from the seeded opening each turn
draws and puts the drawn pyramid on the empty square nearest its colour's corner (black goes to
the middle), which grows a group of each colour in its own corner. The moves it makes are the
engine's own; the same seed always gives the same positions.
"""

from __future__ import annotations

from typing import Any

from club.learn.lesson import Attempt, Lesson, Position, Step, anything, only, starting
from engine.agents import GAME
from engine.agents.scoring import groups
from engine.agents.state import AgentsState

MINE = "objectives red=2 green=1 blue=0 yellow=-1"
THEIRS = "objectives red=-1 green=0 blue=1 yellow=2"
CORNERS = {"red": (0, 0), "green": (1, 0), "blue": (0, 1), "yellow": (1, 1), "purple": (0, 0)}
"""Where each colour's group grows: (right side?, top side?)."""


def state_of(position: Position) -> AgentsState:
    state: AgentsState = position.build(GAME, "learner")
    return state


def home_square(state: AgentsState) -> str:
    """The empty square nearest the drawn pyramid's corner (black: nearest the middle)."""
    grid = state.rules.grid
    pending = state.pending
    assert pending is not None
    if pending.is_black:
        goal = ((grid.columns - 1) / 2, (grid.rows - 1) / 2)
    else:
        right, top = CORNERS[pending.colour]
        goal = (right * (grid.columns - 1), top * (grid.rows - 1))

    def distance(index: int) -> tuple[float, int]:
        column, row = grid.square(index)
        return abs(column - goal[0]) + abs(row - goal[1]), index

    empty = [i for i, piece in enumerate(state.board) if piece is None]
    return grid.name(min(empty, key=distance))


def fill(position: Position, turns: int) -> Position:
    """`position` with `turns` more turns of drawing and placing by whoever is to move."""
    moves: list[Any] = []
    state = state_of(position)
    for _ in range(turns):
        for text in ("draw", None):
            seat = min(GAME.actors(state))
            text = text or f"place {home_square(state)}"
            state, _ = GAME.apply(state, seat, GAME.parse(state, seat, text))
            moves.append(text)
    return position.then(*moves)


def first_move(position: Position, head: str, test: Any = None) -> str:
    """The first legal move of the learner at `position` that begins with `head` (and passes
    `test`, given the state and the notation, if one is given)."""
    state = state_of(position)
    for text in GAME.legal(state, 0).notations:
        if text.startswith(head) and (test is None or test(state, text)):
            return text
    raise ValueError(f"no {head} move at this position")


def jumps_black(state: AgentsState, text: str) -> bool:
    """Whether the move `text` passes over a black pyramid."""
    grid = state.rules.grid
    _, origin, target = text.split()
    (c1, r1), (c2, r2) = grid.square(grid.parse(origin)), grid.square(grid.parse(target))
    steps = max(abs(c2 - c1), abs(r2 - r1))
    dc, dr = (c2 - c1) // steps, (r2 - r1) // steps
    between = [grid.index((c1 + dc * k, r1 + dr * k)) for k in range(1, steps)]
    return any((piece := state.board[i]) is not None and piece.is_black for i in between)


def joins_four(attempt: Attempt) -> bool:
    """Whether the placed pyramid now belongs to a group of four or more of its colour."""
    state: AgentsState = attempt.after
    square = state.rules.grid.parse(attempt.notation.split()[-1])
    return any(
        square in squares and len(squares) >= 4
        for _, squares in groups(state.board, state.rules.grid)
    )


def clusters_ready(position: Position) -> Position:
    """`position` played on until the learner has just drawn a non-black pyramid whose place
    near its corner joins a group of four or more."""
    for _ in range(40):
        drawn = position.then("draw")
        state = state_of(drawn)
        if state.pending is not None and not state.pending.is_black:
            square = home_square(state)
            after, _ = GAME.apply(state, 0, GAME.parse(state, 0, f"place {square}"))
            if any(
                after.rules.grid.parse(square) in squares and len(squares) >= 4
                for _, squares in groups(after.board, after.rules.grid)
            ):
                return drawn
        position = fill(position, 2)
    raise ValueError("no group of four grew")


def before_last(options: tuple[tuple[str, Any], ...]) -> Position:
    """A table of `options` (the rival moving first) filled up to its last square, the learner
    having just drawn the pyramid that fills it."""
    opening = Position(options=(("first", 2), *options)).then((0, MINE), (1, THEIRS))
    squares = state_of(opening).rules.grid.size
    return fill(opening, squares - 1).then("draw")


SET = Position().then((0, MINE), (1, THEIRS))


def over_black() -> tuple[Position, str]:
    """The first position of the filling game where the learner can jump a black pyramid."""
    for turns in range(12, 50, 2):
        position = fill(SET, turns)
        try:
            return position, first_move(position, "move ", jumps_black)
        except ValueError:
            continue
    raise ValueError("no jump over a black pyramid")


def ko_position(early: Position, move: str) -> tuple[Position, str]:
    """A position where the rival has just moved a pyramid after the learner played `move` at
    `early`, and the move that would undo it."""
    learner_moved = early.then(move)
    state = state_of(learner_moved)
    for text in GAME.legal(state, 1).notations:
        if not text.startswith("move "):
            continue
        _, origin, target = text.split()
        after = learner_moved.then(text)
        undo = f"move {target} {origin}"
        if undo not in GAME.legal(state_of(after), 0).notations:
            return after, undo
    raise ValueError("no move the Ko rule protects")


def script() -> tuple[Step, ...]:
    """The steps, on positions played out now (the first time the lesson is used)."""
    EARLY = fill(SET, 12)
    MOVE = first_move(EARLY, "move ")
    SWAP = first_move(EARLY, "swap ")
    MIDDLE, JUMP = over_black()
    KO_POSITION, UNDO = ko_position(EARLY, MOVE)
    GROUP = clusters_ready(fill(SET, 16))
    LAST = before_last(())
    LAST_VARIANTS = before_last((("biggest", True), ("groupsize", True)))
    return (
        Step(
            title="Your secret objectives",
            teaches=("secret objectives",),
            position=Position(),
            text=(
                "You and your rival are rogue agents. Before play, each of you secretly gives "
                "red, green, blue and yellow the values 2, 1, 0 and -1, one each. At the end "
                "each colour's points are multiplied by your value for it."
            ),
            task="Choose your objectives.",
            show=MINE,
            why="Red is worth double to you now, and yellow counts against you.",
            wrong="",
            goal=starting("objectives"),
        ),
        Step(
            title="Drawing a pyramid",
            teaches=("the board and the bag", "drawing and placing"),
            position=SET,
            text=(
                "The board is 7 columns by 8 rows and starts empty; 59 pyramids wait in a bag. "
                "Most turns begin by drawing one at random, shown to both of you."
            ),
            task="Draw a pyramid from the bag.",
            show="draw",
            why="The bot drew for you; now it must go on the board.",
            wrong="this step is about drawing (`draw`).",
            goal=only("draw"),
        ),
        Step(
            title="Placing it",
            teaches=("drawing and placing",),
            position=SET.then("draw"),
            text=(
                "A drawn pyramid cannot go back into the bag. You place it on any empty square "
                "you like, and that ends your turn."
            ),
            task="Place the pyramid you drew.",
            show="place d4",
            why="It stands on d4 now, and your rival takes a turn.",
            wrong="",
            goal=starting("place"),
        ),
        Step(
            title="Moving a pyramid",
            teaches=("moving a pyramid", "moving stops at the edge"),
            position=EARLY,
            text=(
                "Instead of drawing you may move a pyramid on the board, of any colour. It goes "
                "exactly its pips in a straight line along a row or column: small 1, medium 2, "
                "large 3. It may jump over pieces but must land on an empty square on the board."
            ),
            task="Move any pyramid.",
            show=MOVE,
            why="It went exactly its pips in a straight line to an empty square.",
            wrong="this step is about moving (`move`, from, to).",
            goal=starting("move "),
        ),
        Step(
            title="Swapping two pyramids",
            teaches=("swapping two pyramids", "a swap must change something"),
            position=EARLY,
            text=(
                "Or make the same kind of step onto an occupied square: the two pyramids change "
                "places. They must differ in size or colour, so a swap always changes something."
            ),
            task="Swap two pyramids.",
            show=SWAP,
            why="The two traded squares.",
            wrong="this step is about swapping (`swap`, from, to).",
            goal=starting("swap "),
        ),
        Step(
            title="Black pyramids",
            teaches=("black pyramids", "black pyramids can be jumped"),
            position=MIDDLE,
            text=(
                "Black pyramids are blockers: once placed they never move and can never be "
                "swapped. They score for nobody, yet others may jump over them."
            ),
            task="Move a pyramid over a black one.",
            show=JUMP,
            why="It jumped the black pyramid, which stays where it is for good.",
            wrong="it does not pass over a black pyramid.",
            goal=lambda attempt: (
                attempt.notation.startswith("move ")
                and jumps_black(attempt.before, attempt.notation)
            ),
        ),
        Step(
            title="Revealing objectives",
            teaches=(
                "a turn: reveal, then one action",
                "revealing and swapping objectives",
                "revealing only below 4 black",
            ),
            position=EARLY,
            text=(
                "At the start of your turn you may reveal two of your objectives and swap their "
                "values. Both become public, so your rival learns your plans. It is allowed "
                "only while fewer than 4 black pyramids are on the board."
            ),
            task="Reveal two of your objectives and swap them.",
            show="reveal red yellow",
            why="Red and yellow traded values, in the open; you still take your action next.",
            wrong="this step is about revealing (`reveal` and two colours).",
            goal=starting("reveal"),
        ),
        Step(
            title="No undoing (Ko)",
            teaches=("the Ko rule",),
            position=KO_POSITION,
            text=(
                f"Your rival has just moved a pyramid. Like Ko in Go, you may not move or swap "
                f"the board back to how it stood since the last placement (try `{UNDO}`). "
                "Drawing is always allowed."
            ),
            task="Take any action that does not undo your rival's move.",
            show="draw",
            why="A draw is always allowed, so the game keeps moving on.",
            wrong="",
            goal=anything,
        ),
        Step(
            title="Clusters",
            teaches=("clusters of four", "clusters touch along sides"),
            position=GROUP,
            text=(
                "Only groups of 4 or more pyramids of one colour, touching along their sides, "
                "score: their pips count for that colour. The picture outlines the groups that "
                "would score now."
            ),
            task="Place the drawn pyramid so that it joins a group of 4 or more of its colour.",
            show=f"place {home_square(state_of(GROUP))}",
            why="It touches its colour's group, which now scores its pips.",
            wrong="it does not join a group of four or more of its colour.",
            goal=joins_four,
        ),
        Step(
            title="The end and the score",
            teaches=("the end and the score",),
            position=LAST,
            text=(
                "The game ends the moment the last square is filled. Each colour's groups of 4 "
                "or more give their pips; black gives none. Your score is each colour's pips "
                "times your value for it, added up, and the higher score wins."
            ),
            task="Place the last pyramid.",
            show=first_move(LAST, "place"),
            why="The board is full: the groups are counted and the objectives revealed.",
            wrong="",
            goal=anything,
        ),
        Step(
            title="Variants of the objectives",
            teaches=(
                "variant: five colours",
                "variant: No Center",
                "variant: dealt objectives",
                "variant: Blind Agents",
            ),
            position=Position(options=(("first", 1), ("colours", 5), ("fifth", 3))),
            text=(
                "Five colours: purple joins, the board is 8x8 and the fifth value is +3 or -2. "
                "No Center: the values are 3, 2, -1 and -2. Dealt: the bot deals two different "
                "objectives. Blind Agents: you set and see your rival's objectives, not yours."
            ),
            task="Choose your objectives for five colours.",
            show="objectives red=3 green=2 blue=1 yellow=0 purple=-1",
            why="With five colours the fifth value joins the four.",
            wrong="",
            goal=starting("objectives"),
        ),
        Step(
            title="Variants of the score",
            teaches=(
                "variant: Only the Biggest Group Counts",
                "variant: The Size of the Group Gives Points",
                "variant: Black Trio Blocks the Swap",
            ),
            position=LAST_VARIANTS,
            text=(
                "Biggest group: per colour only the group with the most pyramids scores, of "
                "any size. Group size: a group adds its number of pyramids to its pips. "
                "Black Trio: revealing ends once a small, a medium and a large black are drawn."
            ),
            task="This table plays Biggest group and Group size: place the last pyramid.",
            show=first_move(LAST_VARIANTS, "place"),
            why="Scored with both variants: one group per colour, pips plus its size.",
            wrong="",
            goal=anything,
        ),
    )


LESSON = Lesson(
    game=GAME,
    rules=(
        "secret objectives",
        "the board and the bag",
        "who goes first",
        "a turn: reveal, then one action",
        "drawing and placing",
        "nested pyramids in the bag",
        "moving a pyramid",
        "moving stops at the edge",
        "swapping two pyramids",
        "a swap must change something",
        "black pyramids",
        "black pyramids can be jumped",
        "revealing and swapping objectives",
        "revealing only below 4 black",
        "the Ko rule",
        "clusters of four",
        "clusters touch along sides",
        "the end and the score",
        "variant: five colours",
        "variant: Blind Agents",
        "variant: Black Trio Blocks the Swap",
        "variant: Only the Biggest Group Counts",
        "variant: The Size of the Group Gives Points",
        "variant: No Center",
        "variant: dealt objectives",
    ),
    pointed=("who goes first", "nested pyramids in the bag"),
    script=script,
    done=(
        "You know every rule of Agents of M.A.R.S.: objectives, draw and place, move, swap, "
        "black blockers, reveals, Ko, and clusters of four."
    ),
)
