"""Agents of M.A.R.S., told for `/rules agents`."""

from club.guides.guide import Guide

QUICK = """\
**Agents of M.A.R.S. in a minute** (2 players)
**Goal:** each of you secretly gives the colours red, green, blue and yellow the values 2, 1, \
0 and -1. When the board is full, every group of 4 or more touching pyramids of one colour \
scores its pips for that colour; your score is each colour's pips times your value for it. \
The higher score wins.
**Start:** set your values by the DM menu, `/secret` or \
`/move objectives red=2 green=1 blue=0 yellow=-1`.
**Your turn:** one action: `draw` a pyramid from the bag, then `place c3` it; or `move c3 c5` \
a pyramid exactly its pips in a straight line (S 1, M 2, L 3); or `swap c2 c5`, the same step \
onto another pyramid, the two changing places. Before it you may `reveal red blue`: show two \
of your values and swap them. Black pyramids never move and never score.
**Notation:** `/move` with the words above; squares from `a1` at the bottom left of a 7x8 \
board (8x8 with five colours).
**On the picture:** letters R G B Y P: red, green, blue, yellow, purple; K: black; S M L: \
small, medium, large; `x3`: 3 left in the bag; `?`: a secret value; `-`: not set yet; \
*bonds*: pips a player joined to same-colour neighbours, less those broken.
"""


FULL = """\
**Agents of M.A.R.S.** (2 players, 20-45 minutes)
Two rogue agents fill a 7x8 board (a1 bottom-left) with pyramids from a bag. Each secretly \
values the colours; clusters decide. Every pyramid shows its colour's letter (R, G, B, Y, P) \
and K marks black.

**Objectives.** After `/start` each of you gives red, green, blue and yellow the values 2, 1, 0 \
and -1, once each, in secret: use the DM menus, `/secret`, or \
`/move objectives red=2 green=1 blue=0 yellow=-1`. Play starts when both are set.

**Your turn.** First, if you like, `reveal red blue`: show two of your objectives and swap \
their values (public from then on; once a turn; only while fewer than 4 black pyramids are on \
the board). Then one action:
- `draw` (or the button): the bot draws at random and shows it; you must `place c3` it.
- `move c3 c5`: a pyramid moves exactly its pips (S 1, M 2, L 3) straight across, jumping \
anything, onto an empty square, never off the board.
- `swap c2 c5`: the same step onto another pyramid; the two change places. They must differ \
in size or colour.
Black pyramids never move and are never swapped. A refused move says which rule it breaks.

**End.** The game ends when the last square is filled. Every same-colour group of 4 or more \
orthogonally touching pyramids scores its pips for its colour (black never scores). Your \
score: each colour's pips times your value for it. Higher wins; equal is a draw. The board \
outlines the groups that would score now and lists each colour's points as they stand, and \
each player's bonds: per colour, the pips of the same-colour neighbours their placements, moves \
and swaps joined, less those they broke. Players build the colours they value and break the \
others, so the bonds hint at a hidden objective; the computer players read them too.

**Options of `/new agents`.** `colours` 5 (purple, 8x8, `fifth` value +3 or -2); `blind` \
(you set and see your rival's objectives, never your own, and reveal-swap theirs); `trio` \
(swaps end once a black S, M and L have left the bag); `biggest` (per colour only the biggest \
group counts, any size; biggest means most pyramids); `groupsize` (a group adds its count); \
`nocenter` (3, 2, -1, -2); `dealt` (the bot deals two different objectives); `first`.
`/secret` shows your objectives and what you would score now.

**Bot rulings.**
- At most one reveal-and-swap per turn, and never once a pyramid is drawn; any two colours may \
be swapped, whether already revealed or not.
- Ko, to prevent endless back-and-forths: a move or swap may not bring back a board seen since \
the last pyramid was placed. This forbids undoing your opponent's last move or swap, and longer \
cycles too; a reveal-and-swap does not lift it.
- Blind Agents: each player sets the opponent's objectives (or the bot deals them to the \
opponent), since the owner may never see them; the opponent alone sees them and may reveal and \
swap them. Your private score estimate is then your opponent's.
- Black Trio Blocks the Swap cannot be combined with five colours (the rule text says so), nor \
can No Center: its values 3, 2, -1 and -2 already hold both fifth values, so two colours would \
share a value.
- Only the Biggest Group Counts: the biggest group is the one with the most pyramids; a tie in \
size goes to the group worth more points, then to the group nearest a1.
- A resignation ends the game at once; the other player wins and no scores are given.
- A player with no move or swap still has a draw (the bag never runs dry before the board is \
full), so a turn always has an action. A swap counts once per pair of squares, whichever of the \
two pyramids makes it (the result is the same).
- Draws are uniform over the pyramids left in the bag: every pyramid in it is as likely as any \
other, so a kind with more pyramids left comes up more often.
"""

GUIDE = Guide(quick=QUICK, full=FULL)
