"""Martian Merchants, told for `/rules merchants`."""

from club.guides.guide import Guide

QUICK = """\
**Martian Merchants in a minute** (2-4 players)
**Goal:** build 3 stations, one on each of your 3 home planets: the first to do so wins. You \
start with one home planet in the grid and must discover the other two.
**Your turn:** one action, then produce: put a bank good on an empty planet.
- Move a ship: `launch` one onto your home planet, or fly one to a neighbouring planet. At the \
planet it leaves and the one it reaches it may `deliver` a good (a good of your colour to your \
home builds a station), `trade` or `pickup`.
- `discover` a bank planet next to the grid.
- `consume` a planet holding a good of its own colour, then roll the die for bonuses.
**Notation:** planets are `x,y`: `move 0,0 1,0 orange deliver; produce green 0,0` (one step, \
or a whole turn with `;`).
**On the picture:** B O G Y: blue, orange, green, yellow; `stash 2`: ships not yet launched; \
`x3`: left in the bank; the die's faces: goods (export a good or produce one), ship (warp or \
move a ship), planet (move a planet or discover one).
"""


FULL = """\
**Martian Merchants** (2-4 players, 20-40 minutes)
Fly goods between planets; deliver your own colour home to build stations. Three stations win.

**Pieces.** Per colour: 3 planets, 3 ships, 3 goods. Seats play blue, orange, green, yellow; \
with two players green is neutral (planets and goods, no ships). Each player starts with one \
home planet in the grid; the rest is the bank. Your three stations go on your own three home \
planets (one each), so you must discover your other two home planets from the bank.

**Turn.** One action, then produce a good: a bank good on an empty planet, never the planet's \
own colour, never your colour while the bank has another. No legal production: skipped.
- *Move a ship*: launch one onto your home planet, or fly one to an adjacent planet. Each planet \
has 4 docks. At the departure and the arrival planet the ship may **deliver** (a good onto an \
empty planet of its colour), **trade** (a good of the planet's colour for its other good) or, \
empty at your home, **pickup** a good. Delivering to your home without a station builds one.
- *Discover*: a bank planet next to any planet.
- *Consume*: a planet holding its own colour returns it; roll the die. Small: export a good to \
an empty planet or produce. Medium: warp a ship to your station or move a ship. Large: move a \
planet (never cutting the grid) or discover. Two pyramids: both, any order; all optional.

**Moves** (`/move`; planets are `x,y`): `launch 0,0`, `move 0,0 1,0` \
(add the good a loaded ship carries: `move 0,0 1,0 orange`), then `deliver`, `trade`, \
`pickup` or `skip` at each stop; `discover green 2,0`, `consume 1,0`, `produce orange 1,1`, \
`export 1,0 0,1`, `warp 2,0 0,0`, `reposition 1,1 2,0`, `skip` to decline bonuses. Any clear \
beginning works. Type one step at a time, or a whole turn at once with `;` between steps: \
`move 0,0 1,0 orange deliver; produce green 0,0` (a stop's word may follow the move directly). \
Each step is checked in order; autocomplete offers the next one. Option `trading`: at a stop, \
offer a swap to another player's ship docked there, naming your good, theirs and their colour: \
`offer green for orange to orange` (`nothing` for an empty ship); they `accept` or `decline`, \
and the ship asked is ringed in yellow. A refused move says which rule it breaks.

**Bot rulings.**
- A turn is a series of steps by the same player: the action, the ship's stops (deliver, trade, \
pickup, offer or skip), bonuses after a roll (skip declines the rest), then production. Steps \
with nothing to decide are passed for you; with no possible action you go straight to \
production.
- A whole turn may be typed as one command, its steps separated by `;` (a stop's word may follow \
the move directly, as in `move 0,0 1,0 orange deliver; produce green 0,0`). Each step is checked \
against the position the earlier ones leave, and the first refused step refuses the command.
- A docking ship takes the side facing the planet it came from when free, else the next free \
side clockwise (from north after a launch or warp). Sides carry no rule.
- At a stop, one delivery, trade or pickup and at most one swap offer, in either order. A ship \
that builds a station at its departure stop does not fly on.
- No trading at your own home planets: trading is how a ship gets a good from someone else's \
planet, while at home an empty ship picks up for free and a ship carrying your colour delivers.
- Warping is not a move action: no stops, no pickup or delivery. Exports may move any good to \
any empty planet (no production limits apply).
- A swap (trading option) needs two ships of different players whose loads differ; either may be \
empty.
- A planet may be repositioned wherever the grid is whole once it lands, even if lifting it \
splits the grid for a moment.
- So that a blocked game cannot run forever, it also ends after 40 turns per player: most \
stations wins, tied leaders share the win, a tie of everyone still in is a draw. Resigned seats \
are skipped and their pieces stay; the last player left wins.
- The start player is drawn at random unless the table chose (the first option); with three \
players the owner of the L's corner planet moves last.
"""

GUIDE = Guide(quick=QUICK, full=FULL)
