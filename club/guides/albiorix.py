"""Albiorix, told for `/rules albiorix`."""

from club.guides.guide import Guide

QUICK = """\
**Albiorix in a minute** (2 players, like chess without captures)
**Goal:** begin your turn with two Monads of your colour on the board and you win. A Monad is \
a lone pyramid (3 Queen, 2 Regent, 1 Princess); each side starts with one.
**Pieces:** the others are stacks of two pyramids, named by their pips bottom first: General \
3-3, Diplomat 3-2, Bureaucrat 2-2, Dancer 3-1, Soldier 2-1, Artist 1-1; each moves its own \
way (`/rules` full text). You may move a piece whose top pyramid is your colour, or one that \
holds a pyramid like your Monad.
**Your turn:** move one piece to an empty square, or mix it with a piece it could reach: their \
2-4 pyramids make two new pieces, one on each square, tops never bigger than bottoms.
**Notation:** a move `/move b3-c5`; a mix `b2xc3 3b-1o/2b` (the new piece on b2 / on c3, \
bottom first, b blue, o orange); `/move b2` shows where a piece may go. Columns a-e, rows 1-5.
**On the picture:** `3-1` on a square: 3 pips at the bottom under 1 on top; a blue tab at a \
square's bottom left, an orange tab at its bottom right: that colour may move it; a gold \
halo: a Monad; `action 12 of 500`: the draw comes at the limit.
"""


FULL = """\
**Albiorix** (2 players, chess-like, no captures)
Blue sets up in the a1 corner, orange in e5. Pieces are stacks: `x-y` is x pips at the bottom \
under y pips on top. A lone pyramid is a **Monad** (3 Queen, 2 Regent, 1 Princess).

**Who moves what.** You may move a piece whose top (or only) pyramid is yours, or one holding a \
pyramid the same size and colour as one of your Monads, so both players may move the same piece. \
"Forward" is toward the far side for whoever moves it.

**How pieces go.** General 3-3: slides along rows, columns and the two forward diagonals, \
stopping on any empty square on the way or mixing with the first piece it meets. Diplomat 3-2: \
along a diagonal or straight ahead it must jump exactly one piece (empty squares before it are \
fine), then it may stop on any empty square beyond that piece or mix with the next piece met, \
no farther. Bureaucrat 2-2: 1-3 orthogonal steps, turning freely, through empty squares, never \
back home. Dancer 3-1: the same with 1-2 diagonal steps. Soldier 2-1: a knight jump that \
advances. Artist 1-1: one step sideways, back or ahead, or two ahead over an empty square. \
Monads: one step any way. Only the Soldier and the Diplomat's one jump pass over pieces.

**Mixing.** Instead of moving onto a piece you can reach (any colour), mix with it: all 2-4 \
pyramids make two new pieces, one on each square, tops never bigger than bottoms. Rebuilding the \
same two pieces is only allowed swapped. You may not mix yourself out of Monads.

**Winning.** Start your turn holding both Monads and you win. You may not repeat your last \
action right after your opponent undid it.

**Typing moves** with `/move`: a move is `b3-c5`; a mix is `b2xc3 3b-1o/2b` (new piece on b2 / \
new piece on c3, bottom first, `b` blue, `o` orange). Colours can be dropped when clear \
(`b2xc3 3-1/2`), or the whole result when there is only one. `/move b2` shows where that piece \
can go and offers its actions. Tabs on a square's bottom corners show who may move it. A \
refused move says which rule it breaks.

**Bot rulings.**
- Passing is automatic: with no legal action the bot passes for you; two passes in a row draw \
the game, and a pass breaks the chain of the repetition rule. A player holding a Monad always \
has an action, so in practice only a player without a Monad passes.
- A player who loses their last Monad has one turn to mix one back: plain moves are still \
allowed, but unless a mix rebuilds them a Monad, the opponent begins the next turn holding \
both Monads and wins.
- Endless games: the `limit` option (default 500) draws the game once that many moves and mixes \
have been made in all, unless the player about to begin a turn has just won.
- Draw offers, as on chess sites: on your turn, type `draw?` (once a turn) and still make your \
move. On their turn your opponent may `accept draw` (the game is drawn) or `decline draw` and \
then move. The offer lapses when it is declined or when your opponent moves instead of \
answering.
- The mirror image of a banned mix is banned too: making the same two pieces from the other \
square would rebuild the very position the repetition rule protects.
- Blue sets up in the a1 corner and orange in the e5 corner; who moves first is drawn at random \
unless the table chose (`first`).
"""

GUIDE = Guide(quick=QUICK, full=FULL)
