"""Agents of M.A.R.S., told for `/rules agents`."""

GUIDE = """\
**Agents of M.A.R.S.** (2 players, 20-45 minutes)
Two rogue agents fill a 7x8 board (a1 bottom-left) with pyramids from a bag. Each secretly \
values the colours; clusters decide.

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
Black pyramids never move and are never swapped. Ko: you may not undo your opponent's last \
move or swap.

**End.** The game ends when the last square is filled. Every same-colour group of 4 or more \
orthogonally touching pyramids scores its pips for its colour (black never scores). Your \
score: each colour's pips times your value for it. Higher wins; equal is a draw.

**Options of `/new agents`.** `colours` 5 (purple, 8x8, `fifth` value +3 or -2); `blind` \
(you set and see your rival's objectives, never your own, and reveal-swap theirs); `trio` \
(swaps end once a black S, M and L have left the bag); `biggest` (per colour only the biggest \
group counts, any size); `groupsize` (a group adds its count); `nocenter` (3, 2, -1, -2); \
`dealt` (the bot deals two different objectives); `first`.
`/secret` shows your objectives and what you would score now.
"""
