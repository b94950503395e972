"""The Ley Lines of Mars lesson: placing, caps, lines, scoring, running out, the end.

Positions are built from the opening with the learner (seat 0) moving first; learner and rival
alternate, so each position below has an even number of moves and the learner to move.
"""

from __future__ import annotations

from club.learn.lesson import Goal, Lesson, Position, Step, anything, only, starting
from engine.leylines import GAME

OPENING = Position()


def pyramid_on(square: str) -> Goal:
    """The task is done by any of the learner's pyramids placed on `square`."""
    return only(*(f"{size} {square}" for size in "SML"))


def stashes_spent() -> Position:
    """Both players' 15 pyramids placed (30 moves, the learner's first), large ones first; the
    squares a1-f5 filled row by row, so row 6 stays empty and the caps are left."""
    squares = [f"{col}{row}" for row in range(1, 6) for col in "abcdef"]
    sizes = ["L"] * 5 + ["m"] * 5 + ["s"] * 5
    moves = [f"{sizes[n // 2]} {square}" for n, square in enumerate(squares)]
    return OPENING.then(*moves)


SPENT = stashes_spent()

LESSON = Lesson(
    game=GAME,
    rules=(
        "the board",
        "the stashes",
        "the shared caps",
        "who goes first",
        "turns alternate",
        "placing a piece",
        "no passing",
        "the end",
        "one square stays empty",
        "a line has two or more squares",
        "filling a line scores your pips",
        "only your colour counts",
        "two lines at once",
        "the placed pyramid counts in each line",
        "a cap never scores",
        "a cap ends a line",
        "the winner",
        "equal scores draw",
    ),
    pointed=("who goes first",),
    script=lambda: (
        Step(
            title="Your first pyramid",
            teaches=("the board", "the stashes", "turns alternate", "placing a piece"),
            position=OPENING,
            text=(
                "The map of Mars is 6 by 6: columns a to f, rows 1 to 6, a1 at the bottom left. "
                "You and your rival each hold 15 pyramids of your own colour: five small "
                "(1 pip), five medium (2) and five large (3). You take turns, each putting one "
                "piece on any empty square."
            ),
            task="Put one of your pyramids on any empty square.",
            show="L c3",
            why="Any empty square is allowed; a large pyramid carries 3 pips.",
            wrong="this task wants one of your own pyramids, not a cap.",
            goal=lambda attempt: not attempt.notation.startswith("cap"),
        ),
        Step(
            title="Volcano caps",
            teaches=("the shared caps", "placing a piece"),
            position=OPENING.then("L c3", "m d4"),
            text=(
                "Five grey Volcano caps lie between you. They belong to nobody and carry no "
                "pips, and either of you may place one instead of a pyramid on your turn."
            ),
            task="Place a Volcano cap on any empty square.",
            show="cap e5",
            why="A cap is a turn like any other; it belongs to neither of you.",
            wrong="this task wants a cap (`cap` and a square).",
            goal=starting("cap"),
        ),
        Step(
            title="Filling a line",
            teaches=("filling a line scores your pips", "a line has two or more squares"),
            position=OPENING.then("L a2", "s e6"),
            text=(
                "A line is a diagonal run of squares, from edge to edge. The short diagonal "
                "a2-b1 is a line of two squares, and your large pyramid already stands on a2. "
                "The player whose pyramid fills the last empty square of a line scores at once."
            ),
            task="Fill the line a2-b1 with one of your pyramids.",
            show="L b1",
            why="b1 was the last empty square of a2-b1: 3 + 3 pips of your colour score 6.",
            wrong="it does not fill a line. b1 is the last empty square of the line a2-b1.",
            goal=pyramid_on("b1"),
        ),
        Step(
            title="Only your colour counts",
            teaches=("filling a line scores your pips", "only your colour counts"),
            position=OPENING.then("m a3", "L b2"),
            text=(
                "When you fill a line you score the pips of your own colour in it, and only "
                "those. Your rival's pyramids in the line earn nothing for anyone."
            ),
            task="Fill the line a3-b2-c1.",
            show="S c1",
            why="Your medium on a3 and small on c1 make 3; the rival's large on b2 gives nothing.",
            wrong="it does not fill a line. c1 is the last empty square of a3-b2-c1.",
            goal=pyramid_on("c1"),
        ),
        Step(
            title="A corner square",
            teaches=("a line has two or more squares",),
            position=OPENING.then("L c3", "s d4"),
            text=(
                "A line needs at least two squares. A corner lies on one long diagonal and on "
                "a 'diagonal' of just itself, which is no line: it never scores on its own."
            ),
            task="Put a pyramid on the corner a1: nothing scores.",
            show="S a1",
            why="The one-square diagonal of a1 is no line, and a1-f6 is far from full.",
            wrong="the task is a pyramid on the corner a1.",
            goal=pyramid_on("a1"),
        ),
        Step(
            title="Caps end lines",
            teaches=("a cap ends a line",),
            position=OPENING.then("cap d3", "s b5", "L e2", "s a5"),
            text=(
                "A cap is never part of a line: it cuts a diagonal in two. The cap on d3 splits "
                "the long diagonal a6-f1, so e2-f1 is now a line of two, ending at the cap."
            ),
            task="Fill the line e2-f1, between the cap and the edge.",
            show="M f1",
            why="e2-f1 runs from the cap to the edge: your 3 and 2 pips score 5.",
            wrong="it does not fill a line. f1 is the last empty square of e2-f1.",
            goal=pyramid_on("f1"),
        ),
        Step(
            title="A cap never scores",
            teaches=("a cap never scores",),
            position=OPENING.then("s d4", "L a2"),
            text=(
                "Placing a cap never scores, not even when it fills the last square of a line. "
                "That makes a cap the way to shut a line that holds many of your rival's pips "
                "before they fill it."
            ),
            task="Close the line a2-b1 with a cap.",
            show="cap b1",
            why="The line is full now, yet nobody scored: caps never score.",
            wrong="the task is a cap on b1, the last square of a2-b1.",
        ),
        Step(
            title="Two lines at once",
            teaches=(
                "two lines at once",
                "the placed pyramid counts in each line",
                "a cap ends a line",
            ),
            position=OPENING.then("cap c3", "s a1", "m a3", "s c1"),
            text=(
                "A square lies on two diagonals. When your pyramid fills both lines at once, "
                "you score both, and the new pyramid counts in each. Here the cap on c3 makes "
                "a1-b2 a line of two, and a3-b2-c1 waits for its middle square."
            ),
            task="Fill both lines through b2 with one pyramid.",
            show="L b2",
            why="a1-b2 scores your 3; a3-b2-c1 scores 2 + 3: 8 in all, b2 counted twice.",
            wrong="b2 is the square that fills both lines.",
            goal=pyramid_on("b2"),
        ),
        Step(
            title="No passing",
            teaches=("no passing",),
            position=SPENT,
            text=(
                "You may not pass while you have anything to place. All 15 of your pyramids are "
                "on the board, so a cap is your only move while caps last. With nothing left "
                "at all, the bot passes for you."
            ),
            task="Place one of the caps left.",
            show="cap a6",
            why="Out of pyramids, a cap is all you may place.",
            wrong="a cap is the only thing you have left.",
            goal=anything,
        ),
        Step(
            title="The last piece",
            teaches=("the end", "one square stays empty", "the winner", "equal scores draw"),
            position=SPENT.then("cap a6", "cap b6", "cap c6", "cap d6"),
            text=(
                "The game ends when all 35 pieces are down: 30 pyramids and 5 caps, so one "
                "square stays empty. The higher score wins; equal scores are a draw."
            ),
            task="Place the last cap and end the game.",
            show="cap e6",
            why="That was the 35th piece: the game is over and the scores decide.",
            wrong="any empty square ends the game here.",
            goal=anything,
        ),
    ),
    done=(
        "You know every rule of Ley Lines of Mars: place, fill diagonals, score your own pips, "
        "use caps to cut or close lines."
    ),
)
