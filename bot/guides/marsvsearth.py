"""Mars vs. Earth, told for `/rules marsvsearth`."""

GUIDE = """\
**Mars vs. Earth** (3-10 players; 2 play co-operatively)
Agents defend Earth's Food, People, Tech and Defense; secret Martian Clones (DNA by DM) want one \
of them at 0. Humans win at once when enough threats are overcome over 3 cloning waves.

**A round.** Hands refill to 5. Threats appear; in initiative order each Agent may `lead t2` or \
`pass` (not Civilians or clones below level 3). Each threat gets a face-down fate card. \
Revealed clones, then humans, `submit <card> <threat>` face down: 3 cards to your own threat, 2 \
to a neighbour's, 1 two seats away, 1 to an un-led one. Press **Done** (or wait for the timer).
**Resolving**: cards are shuffled and shown one by one; matching skills add, others subtract; \
the leader picks how wild symbols count (`wild good`/`wild bad`), then adds a skill group \
(`skill science`; a mismatch subtracts). Total >= target: gains; else losses. \
Counters add +1 to a target; 3-4 players get -2.
**Accusations**: `accuse bob mil2`; another Agent must `second bob dip1`. The accused may \
`defend sci3` or `defend none`; two accusation cards are drawn; 1+ symbols over the defence ousts. \
An ousted human becomes a Civilian and lowers a resource (`lower food`); a clone is revealed \
(level = sum of its clone waves).
**Then**: Agents may `promote dan` (5 symbols) a Civilian; a new DNA wave comes when a wave's \
successes are met (extras spill over); hidden clones may `reveal` (they take the pog); \
`discard <card>`; the pog passes left.

**Bot rulings.** One wild decision per threat. New Information's added cards count only for \
symbols. A revealed clone leader adds no skill; Extra Bad is for revealed clones. Promotions \
pay the fewest symbols reaching 5. A Civilian dealt clone DNA is revealed. Questions (effect \
order `effect seize`, `agent`, `raise`, `reinstate`, `intel`) go to the player named.
**Options**: `promotion`, `contribution` (open / one threat / one player at a time), \
`timer` minutes (0 none). `/secret` shows your hand and DNA.
"""
