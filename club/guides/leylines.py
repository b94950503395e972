"""Ley Lines of Mars, told for `/rules leylines`."""

from club.guides.guide import Guide

QUICK = """\
**Ley Lines of Mars in a minute** (2 players)
**Goal:** score the most pips by finishing diagonal lines on a 6x6 map of Mars.
**Your turn:** put one of your pyramids (S small 1 pip, M medium 2, L large 3; 5 of each) or \
one of the 5 shared grey Volcano caps on any empty square.
**Scoring:** a line is a diagonal run of squares up to the board's edge or up to a cap. Fill \
the last empty square of a line with your pyramid and you score the pips of your colour in it \
(both diagonals through that square, if both are full). A cap never scores.
**Winning:** after 35 pieces one square stays empty; the higher score wins.
**Notation:** `/move` a size and a square: `L c3`, `m e5`, `cap d4`; columns a-f left to \
right, rows 1-6 bottom to top.
**On the picture:** `S x5` under a player: 5 small pyramids left (M medium, L large); `x3 caps \
left`: Volcano caps not yet placed; `a1-f6`: a line named by its two end squares.
"""

FULL = """\
**Ley Lines of Mars** (2 players)
Two seers fill a 6x6 map of Mars with pyramids and score the diagonals they complete.

**Pieces.** Each of you has 15 pyramids of your colour: 5 small (1 pip), 5 medium (2), \
5 large (3). Five grey Volcano caps are shared; they have no owner and no pips.

**Your turn.** Put one of your pyramids, or one cap, on any empty square. Once your pyramids \
are gone you must place a cap while any are left; with nothing at all left, the bot passes for you.

**Lines.** A line is an unbroken diagonal run of squares, ending at the edge of the board or \
just before a cap (caps are never part of a line). A single square is not a line.

**Scoring.** When your pyramid fills the last empty square of a line, you score the pips of \
*your* colour in that line. If it completes both diagonals through its square you score both, \
and it counts in each. Placing a cap never scores, even when it completes a line.

**End.** After all 35 pieces are down (one square stays empty) the higher score wins; \
equal scores are a draw. Resigning hands the win to the other player.

**How the bot plays it.** Type moves with `/move`: a size and a square, like `L c3`, `m e5`, \
`s a1`, or `cap d4`. A bare square such as `c3` works when you have only one kind of piece left. \
Columns a-f run left to right, rows 1-6 bottom to top. The board image highlights the last \
placement and the lines it scored. A refused move says why.

**Bot rulings.**
- Who starts is drawn at random unless the table chose (the first option).
- A player with nothing left to place is passed automatically, since passing is all they can do.
- A cap may be typed as cap, c or x before or after the square (cap d4, c d4, d4 x).
"""

GUIDE = Guide(quick=QUICK, full=FULL)
