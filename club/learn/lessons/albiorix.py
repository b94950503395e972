"""The Albiorix lesson: the set-up, each piece's way of moving, mixing, who controls a piece,
the repetition rule and winning.

The learner plays blue (seat 0, the a1 corner) and moves first. The positions of the last
steps were found by searching seeded random games for the shortest openings that reach them.
"""

from __future__ import annotations

from club.learn.lesson import Lesson, Position, Step, anything, starting
from engine.albiorix import GAME
from engine.albiorix.pieces import monads
from engine.albiorix.state import AlbiorixState

OPENING = Position()
SOLDIER_GONE = OPENING.then("b3-a5", "e3-e2")
"""Blue's Soldier has left b3, so the Artist, the Dancer and the General have room."""


def both_monads_blue(state: AlbiorixState) -> bool:
    """Whether every Monad on the board is blue (seat 0's)."""
    return not monads(state.board, 1) and len(monads(state.board, 0)) == 2


LESSON = Lesson(
    game=GAME,
    rules=(
        "the board and the set-up",
        "who goes first",
        "the Monads",
        "a turn: move or mix",
        "who may move a piece",
        "both sides may move a piece",
        "moving to an empty square",
        "forward",
        "mixing",
        "mixing your own pieces",
        "where the new pieces stand",
        "the shape of new pieces",
        "rebuilding only swapped",
        "keeping a Monad",
        "repetition",
        "the General",
        "the Diplomat",
        "the Bureaucrat",
        "the Dancer",
        "the Soldier",
        "the Artist",
        "the Queen, Regent and Princess",
        "the pieces' loyalties",
        "winning",
    ),
    pointed=("who goes first", "the pieces' loyalties"),
    script=lambda: (
        Step(
            title="Your army and the General",
            teaches=("the board and the set-up", "moving to an empty square", "the General"),
            position=OPENING,
            text=(
                "You are blue, in the a1 corner of a 5x5 board; orange holds the e5 corner. "
                "Each piece is a stack: `3-1` is a 3-pip pyramid under a 1-pip one. A turn "
                "moves one piece to an empty square. The General (3-3 on a3) slides along "
                "rows and columns and the two forward diagonals, as far as the way is clear."
            ),
            task="Move your General from a3 to any empty square it reaches.",
            show="a3-a5",
            why="The General slid straight ahead until the edge stopped it.",
            wrong="the task is a move of the General on a3 (`a3-` and a square).",
            goal=starting("a3-"),
        ),
        Step(
            title="The Diplomat jumps",
            teaches=("the Diplomat", "forward"),
            position=OPENING,
            text=(
                "The Diplomat (3-2 on c1) travels along the four diagonals or straight forward, "
                "and must jump exactly one piece on the way. Forward is toward your rival's "
                "side: up the board for you."
            ),
            task="Jump your Diplomat over the Soldier in front of it.",
            show="c1-c3",
            why="It jumped the Soldier on c2 and stopped on the empty square beyond.",
            wrong="the task is a move of the Diplomat on c1.",
            goal=starting("c1-"),
        ),
        Step(
            title="The Soldier",
            teaches=("the Soldier", "forward"),
            position=OPENING,
            text=(
                "A Soldier (2-1; you have two, on b3 and c2) jumps like a chess knight, but "
                "only to squares ahead of it. It is one of the two pieces that pass over others."
            ),
            task="Jump one of your Soldiers forward.",
            show="b3-a5",
            why="Two squares up and one to the side: a knight's jump that advances.",
            wrong="the task is a plain move of a Soldier, on b3 or c2.",
            goal=starting("b3-", "c2-"),
        ),
        Step(
            title="The Artist",
            teaches=("the Artist",),
            position=SOLDIER_GONE,
            text=(
                "The Artist (1-1 on b2) steps one square along a row or column, or two squares "
                "straight forward when the square between is empty. It never passes over a "
                "piece."
            ),
            task="Move your Artist.",
            show="b2-b4",
            why="Two squares straight ahead, over the empty b3.",
            wrong="the task is a move of the Artist on b2.",
            goal=starting("b2-"),
        ),
        Step(
            title="The Bureaucrat",
            teaches=("the Bureaucrat",),
            position=SOLDIER_GONE.then("b2-b4", "e2-d2"),
            text=(
                "The Bureaucrat (2-2 on b1) takes one to three steps along rows and columns, "
                "turning as it likes, through empty squares only, and never ends where it "
                "started. It may enter an occupied square only with its last step, to mix."
            ),
            task="Move your Bureaucrat.",
            show="b1-c3",
            why="Up, up and right: three steps that turned once.",
            wrong="the task is a move of the Bureaucrat on b1.",
            goal=starting("b1-"),
        ),
        Step(
            title="The Dancer",
            teaches=("the Dancer",),
            position=SOLDIER_GONE,
            text=(
                "The Dancer (3-1 on a2) moves like the Bureaucrat, but with one or two "
                "diagonal steps instead of orthogonal ones. Its path, too, must be empty."
            ),
            task="Move your Dancer.",
            show="a2-b3",
            why="One diagonal step onto the square the Soldier left.",
            wrong="the task is a move of the Dancer on a2.",
            goal=starting("a2-"),
        ),
        Step(
            title="The Monads",
            teaches=("the Monads", "the Queen, Regent and Princess"),
            position=SOLDIER_GONE.then("a2-b3", "e2-d2"),
            text=(
                "A piece of one lone pyramid is a Monad: a 3 is the Queen, a 2 the Regent, a 1 "
                "the Princess. There are always exactly two on the board. A Monad steps one "
                "square in any of the eight directions. Your Queen starts on a1."
            ),
            task="Step your Queen off a1.",
            show="a1-a2",
            why="One step up, onto the square the Dancer left.",
            wrong="the task is a step of your Queen on a1.",
            goal=starting("a1-"),
        ),
        Step(
            title="Mixing instead of capturing",
            teaches=(
                "a turn: move or mix",
                "mixing",
                "mixing your own pieces",
                "where the new pieces stand",
                "the shape of new pieces",
                "keeping a Monad",
            ),
            position=OPENING,
            text=(
                "Nothing is ever captured. Where a piece could move, it may instead mix with the "
                "piece there, of either colour: all their pyramids make two new pieces, one on "
                "each square, each of one or two pyramids, the top never bigger than the "
                "bottom. A mix may not leave you without a Monad."
            ),
            task="Mix your General with the orange Diplomat on c5 (it reaches along a diagonal).",
            show="a3xc5 3o-3b/3b-2o",
            why="a3 now holds 3o under 3b, c5 holds 3b under 2o: orange's Diplomat is split up.",
            wrong="the task is a mix of a3 with c5 (`a3xc5` and the two new pieces).",
            goal=starting("a3xc5"),
        ),
        Step(
            title="A new Monad",
            teaches=("mixing", "the Monads"),
            position=OPENING,
            text=(
                "A mix can crown a new Monad. Mix your Queen with your Bureaucrat so that one "
                "of the 2-pip pyramids stands alone: it is your Regent now."
            ),
            task="Mix the Queen on a1 with the Bureaucrat on b1, leaving a lone 2 on b1.",
            show="a1xb1 3b-2b/2b",
            why="a1 holds a Diplomat 3-2 and b1 a lone 2: your Monad is now the Regent.",
            wrong="the task is `a1xb1` with a lone 2 on b1.",
        ),
        Step(
            title="Rebuilding only swapped",
            teaches=("rebuilding only swapped",),
            position=OPENING,
            text=(
                "A mix may rebuild the very two pieces it began with only if they change "
                "places, since otherwise nothing would change. The Artist and the Soldier "
                "side by side on b2 and c2 can mix in just one way: by swapping."
            ),
            task="Mix the Artist on b2 with the Soldier on c2.",
            show="b2xc2 2b-1b/1b-1b",
            why="The Soldier now stands on b2 and the Artist on c2.",
            wrong="the task is the mix of b2 with c2.",
            goal=starting("b2xc2", "c2xb2"),
        ),
        Step(
            title="Who may move a piece",
            teaches=("who may move a piece", "both sides may move a piece", "forward"),
            position=OPENING.then("c1xc4 2b-1o/3b-2o", "d3xb2 1o-1b/2o-1b"),
            text=(
                "You may move a piece whose top pyramid is blue, and also any piece holding a "
                "pyramid just like one of your Monads (same size, same colour). So both of you "
                "may move some pieces; each of you then uses your own forward. The piece on c4 "
                "has an orange top, but it holds a blue 3, like your Queen."
            ),
            task="Move or mix the piece on c4.",
            show="c4xa2 3b-3b/2o-1b",
            why="The blue 3 inside it made it yours to move, though its top is orange.",
            wrong="the task is an action of the piece on c4.",
            goal=starting("c4"),
        ),
        Step(
            title="No repetition",
            teaches=("repetition",),
            position=OPENING.then("b3xc5 3o-1b/2b-2o", "c5xb3 3o-2o/2b-1b"),
            text=(
                "Your Soldier mixed with orange's Diplomat, and orange has just mixed them "
                "straight back. You may not now repeat the action your rival reversed; any "
                "other is fine. (Type `b3xc5 3o-1b/2b-2o` to see it refused.)"
            ),
            task="Make any move other than the one just reversed.",
            show="a3-a5",
            why="A different action: the back-and-forth is broken.",
            wrong="",
            goal=anything,
        ),
        Step(
            title="Winning",
            teaches=("winning", "keeping a Monad"),
            position=OPENING.then("a3xc5 3o-2o/3b-3b", "d5xe5 3o/2o-2o"),
            text=(
                "You win when you begin your turn holding both Monads. Orange's two Monads are "
                "close to your General on c5: a mix can leave both lone pyramids blue. Your "
                "rival then has one turn to mix a Monad back; if they cannot, you win."
            ),
            task="Mix so that both Monads on the board are blue.",
            show="c5xd5 3b/3b-3o",
            why="Both lone pyramids are blue: orange must win one back at once or lose.",
            wrong="after it, orange still has a Monad of its own.",
            goal=lambda attempt: both_monads_blue(attempt.after),
        ),
    ),
    done=(
        "You know every rule of Albiorix: how each piece moves, mixing instead of capturing, "
        "who controls a piece, no repetition, and the win by holding both Monads."
    ),
)
