"""Albiorix, told for `/rules albiorix`."""

GUIDE = """\
**Albiorix** (2 players, chess-like, no captures)
Blue sets up in the a1 corner, orange in e5; who starts is drawn unless \
`first` is set. Pieces are stacks: `x-y` is x pips at the bottom under y pips on top. \
A lone pyramid is a **Monad** (3 Queen, 2 Regent, 1 Princess).

**Who moves what.** You may move a piece whose top (or only) pyramid is yours, or one holding a \
pyramid the same size and colour as one of your Monads, so both players may move the same piece. \
"Forward" is toward the far side for whoever moves it.

**How pieces go.** General 3-3: slides along rows, columns and the two forward diagonals. \
Diplomat 3-2: along a diagonal or straight ahead, hops exactly one piece, then lands beyond it. \
Bureaucrat 2-2: 1-3 orthogonal steps, turning freely, never back home. Dancer 3-1: the same with \
1-2 diagonal steps. Soldier 2-1: a knight jump that advances. Artist 1-1: one step sideways, \
back or ahead, or two ahead over an empty square. Monads: one step any way. Nobody passes \
through pieces except the Soldier and the Diplomat's one hop.

**Mixing.** Instead of moving onto a piece you can reach (any colour), mix with it: all 2-4 \
pyramids make two new pieces, one on each square, tops never bigger than bottoms. Rebuilding the \
same two pieces is only allowed swapped. You may not mix yourself out of Monads.

**Winning.** Start your turn holding both Monads and you win. You may not repeat your last action \
right after your opponent undid it. With no legal action the bot passes for you (two passes in a \
row: draw). The `limit` option (default 200 actions in all) ends a long game in a draw.

**Typing moves** with `/move`: a move is `b3-c5`; a mix is `b2xc3 3b-1o/2b` (new piece on b2 / \
new piece on c3, bottom first, `b` blue, `o` orange). Colours can be dropped when clear \
(`b2xc3 3-1/2`), or the whole result when there is only one. `/move b2` shows where that piece \
can go and offers its actions. Tabs on a square's bottom corners show who may move it.
"""
