"""Mars vs. Earth, told for `/rules marsvsearth` (sent in parts at its blank lines)."""

from club.guides.guide import Guide

QUICK = """\
**Mars vs. Earth in a minute** (3-10 players; 2 play co-operatively)
**Sides and goals:** you are a human Agent, unless your DNA (by DM) makes you a hidden Martian \
Clone. The Clones win when Earth's Food, People, Tech or Defense falls to 0; the humans win by \
overcoming enough threats over 3 cloning waves.
**A round:** threats appear and players may `lead t2`; everyone gives skill cards face down \
(`submit sci2 t2`: up to 3 to your own threat, 2 to a neighbour's, 1 farther) and presses \
**Done**. Each threat's cards are shown: matching skills add, others subtract, and \
reaching the target is a success. Agents may `accuse bob mil2` (another Agent seconds); \
the convicted are ousted.
**Notation:** `/move` and the words above; autocomplete offers every answer.
**Card codes:** `sci3` is Science with 3 symbols (dip Diplomacy, mil Military, wild); after a \
dash, its effect: info New Information, sabot Sabotage, shield Shield, food, people, tech or \
defense +1 on success, nofood, nopeople, notech or nodefense -1 on failure, recall reinstate a \
Civilian, seize take the initiative, push +2 and drag -2 to the next threat, intel see a DNA \
card, acquit and convict -2 or +2 symbols at a trial.
"""


FULL = """\
**Mars vs. Earth** (3-10 players; 2 play co-operatively)
Agents defend Earth's Food, People, Tech and Defense; secret Martian Clones (DNA by DM) want one \
of them at 0. The Humans win at once when enough threats are overcome over 3 cloning waves \
(a wave needs 2 successes with 3-4 players, 3 with 5-6, 4 with 7-8, 5 with 9-10; extra \
successes spill over into the next wave).

**A round.** Hands refill: Agents and Civilians to 5 cards, revealed clones to their level's \
hand size (see below). Threats appear; in initiative order each player who may lead takes one \
(`lead t2`) or passes (`pass`). Each threat gets a face-down fate card. Revealed clones, then \
humans, `submit <card> <threat>` face down: 3 cards to your own threat, 2 to a neighbour's, 1 to \
one two seats away, 1 to an un-led one. Press **Done** (or wait for the timer).
**Resolving**: cards are shuffled and shown one by one; matching skills add, others subtract; \
the leader picks how wild symbols count (`wild good`/`wild bad`), then adds a skill group of \
their Agent (`skill science`; a mismatch subtracts). Total >= target: success, its card effects \
and gains; else failure, its card effects and losses. Effect order: `effect seize`.
**Accusations**: `accuse bob mil2`; another Agent must `second bob dip1`. The accused may \
`defend sci3` or `defend none`; two accusation cards are drawn; 1+ symbols over the defence \
ousts. An ousted human becomes a Civilian and lowers a resource (`lower food`); an ousted clone \
is revealed.
**Then**: Agents may `promote dan` (paying 5 symbols) to reinstate a Civilian; a new DNA wave \
comes when a wave's successes are met; hidden clones may `reveal` (they take the pog); humans \
may `discard <card>`; revealed clones discard their whole hand; the pog passes left.

**Martian Clones.** A clone's level is the sum of the waves its clone DNA arrived in (wave 1 + \
wave 2 + wave 3, so 6 at most). Level 1: hand 3, may not lead, no counters. Level 2: hand 4, \
may not lead, 1 counter. Level 3: hand 5, may lead, 1 counter. Level 4: hand 5, may lead, 2 \
counters, Extra Bad. Level 5: hand 6, may lead, 2 counters, Extra Bad. Level 6: hand 7, may \
lead, 3 counters, Extra Bad.
A revealed clone places its +1 counters in step 5 (`counter t2`): each raises that threat's \
target by 1 for the round. Only 7 counters exist, so once 7 lie on threats nobody can place \
another until they come back after the threats are resolved.
**Extra Bad**: when a threat led by such a clone fails, the clone removes 1 more from one of the \
resources named in the threat's losses (`extra food`).
**Civilians** have no Agent, may not lead, accuse or be accused, and get new DNA face up. When \
reinstated (by a field promotion or a card), they pick one of two Agents in private (`agent \
<name>`, offered by DM), their DNA goes face down again and they raise a resource (`raise tech`).

**Co-operative game (2 players).** There is no DNA deck, no Martian at the table and no \
accusation: the game itself plays the Martians, who win when any resource reaches 0. Resources \
start as in a 3-player game; one threat comes each round and one success completes a wave; \
targets are printed ones (no 3-4 player change); each threat gets 2 fate cards in wave 1, 3 in \
wave 2 and 4 in wave 3.

**Options**: `promotion` (the Field Promotion Variant: only Civilians give cards to un-led \
threats, up to 3 each, and each success there lets the initiative holder reinstate a \
Civilian), `contribution` (open / one threat at a time / one player at a time), `timer` \
(minutes an open phase lasts, default 5) and `answer` (minutes for a question put to one \
player, default 2); 0 means no timer. `/secret` shows your hand and DNA; other questions \
(`reinstate`, `intel`) go to the player named. A refused move says which rule it breaks.

**Bot rulings.**
- One decision per threat makes all its wild symbols good or bad.
- Cards added by New Information count only for their symbols; their own effects never fire.
- The leader is asked for an order only when two different effects are waiting; identical \
effects simply each resolve.
- Sabotage and Shield never discard the card that carries them. A card discarded unscored loses \
its own effect if that effect has not resolved yet (so the order the leader picks matters); \
effects that already resolved stand.
- A revealed Martian Clone has no Agent, so a threat it leads gets no leader's skill. Extra Bad \
is only for revealed clones (a hidden clone plays as a human).
- A trial counts the symbols on the two accusation cards revealed (all of them when there are \
only two) minus the defence card's; convict and acquit cards change that by 2 each, whoever \
played them. An accused player without cards cannot defend.
- Field promotions are asked for during an open phase and carried out in initiative order; each \
is paid with the fewest symbols reaching 5 (then the fewest cards, keeping cards with effects \
where possible). With the Field Promotion Variant this step is replaced by the variant's rules.
- A Civilian who is dealt clone DNA face up is a revealed Martian Clone at once.
- The Agent not kept at a reinstatement goes to the bottom of the Agent deck unseen; so does \
every discarded Agent.
- When the threat deck runs out, the failed threats are shuffled back in; when the skill deck \
runs out, the discards are shuffled back in; with both empty nobody draws.
- The Humans win the moment a success brings them to three waves' worth (not only at the end of \
step 7); the Martians win the moment a resource reaches 0, even in the middle of a step.
- With 3 or 4 players every target the bot shows or says is already 2 lower.

**Bot rulings on turns and timers.**
- Players with nothing to do are skipped, but only for a reason everyone can see (no cards, no \
threat in reach, nobody left to ask for); what an Agent's cards are never decides it. At Field \
Promotions an Agent waits while a Civilian they have not asked for can be promoted and their \
number of cards could pay 5 symbols; at the end of the round every Agent waits for Done, even \
with no cards, because only a hidden clone could reveal.
- Steps 11 and 12 share one phase (a reveal discards the hand anyway); when several clones \
reveal, the last one holds the pog.
- Timers: an open phase ends after the table's `timer` minutes, as if everyone still pending \
pressed Done. A question put to one player ends after `answer` minutes with its default: lead \
no threat; wild symbols good; the leader's best skill group for the threat; effects in the \
order offered; no defence; an ousted human lowers the highest resource and a reinstated one \
raises the lowest (ties: food, people, tech, defense); keep the first Agent drawn; Extra Bad \
takes the first resource of the losses; Intel and reinstatement pick the first player \
clockwise. The channel is told what the timer decided.
- A player who resigns is out: their seat is skipped, they lead nothing, are not tried and are \
never picked (accused, promoted, reinstated or spied on), and no resource is raised or lowered \
for them; threats they led go to the centre, resolved after the led ones without a leader. A \
question already put to them gets its timer default, and a threat already being resolved \
finishes that way. The game ends when fewer than 3 players remain (2 in co-op), the others \
winning; the winners are the players of the winning side who did not resign, and a co-op loss \
has no winners.
"""

GUIDE = Guide(quick=QUICK, full=FULL)
