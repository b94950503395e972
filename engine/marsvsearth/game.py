"""Mars vs. Earth: Agents defend Earth's resources while hidden Martian Clones sabotage them.

Rules as implemented (the rule text plus RULINGS.md); the cards are the project's own deck
(deck.toml, effects in effects.py). Seating is the join order; "clockwise" is the next seat.

Set-up by player count (3-10): resources 6/9/9/12/12/15/15/18, DNA deck of 1/2/2/3/3/4/4/5 clones
and 8/10/13/15/18/20/23/25 humans, 2/2/3/3/4/4/5/5 active threats a round and as many successes
needed in each of the 3 cloning waves. Each player starts with an Agent (face up), one DNA card
(face down, wave 1) and draws 5 skill cards at the first step 1. 2 players always play the
co-operative variant: 3-player resources, 1 threat a round, 1 success a wave, no DNA, no
accusations, 2/3/4 fate cards a threat in waves 1/2/3, no 3-4 player change.

A round runs the twelve steps in order: 1 deal (humans to 5, revealed clones to their level's
hand); 2 reveal threats; 3 leaders in initiative order (civilians and clones below level 3 may not
lead), un-led threats to the centre in random order; 4 one face-down fate card a threat; 5 revealed
clones submit cards and +1 counters (7 in the box; open phase); 6 humans submit (open phase) within
the proximity limits 3/2/1 by distance from the leader round the seating circle, 1 to each un-led
threat; 7 resolve led threats in initiative order then the centre ones: shuffle, reveal card by
card into good/bad (wild symbols as the leader chooses, good when un-led), immediate effects,
total, the leader's chosen skill group (+ if it matches, - if not), target (printed, -2 with 3-4
players, +1 a counter): success scores a success and runs success effects then the gains; failure
runs failure effects, the losses and Extra Bad; 8 accusations (open phase) and trials in initiative
order; 9 field promotions (open phase); 10 a new cloning wave when the wave's successes are met; 11
voluntary reveal and 12 discards (one open phase); revealed clones discard everything and the pog
passes left unless overridden. The Martians win the moment a resource is 0 or lower; the Humans the
moment their successes reach 3 waves' worth (overachievement spills).

Rulings (decisions where the texts are silent; see also RULINGS.md):
- One decision per threat makes all its wild symbols good or bad.
- Cards added by New Information count only for their symbols; their own effects never fire.
- The leader is asked for an order only when two different effects are waiting; identical
  effects simply each resolve.
- Sabotage and Shield never discard the card that carries them. A card discarded unscored loses
  its own effect if that effect has not resolved yet (so the order the leader picks matters);
  effects that already resolved stand.
- A revealed Martian Clone has no Agent, so a threat it leads gets no leader's skill. Extra Bad
  is only for revealed clones (a hidden clone plays as a human).
- A trial counts the symbols on the two accusation cards revealed (all of them when there are
  only two) minus the defence card's; convict and acquit cards change that by 2 each, whoever
  played them. An accused player without cards cannot defend.
- Field promotions are asked for during an open phase and carried out in initiative order; each
  is paid with the fewest symbols reaching 5 (then the fewest cards, keeping cards with effects
  where possible). With the Field Promotion Variant this step is replaced by the variant's rules.
- A Civilian who is dealt clone DNA face up is a revealed Martian Clone at once.
- The Agent not kept at a reinstatement goes to the bottom of the Agent deck unseen; so does
  every discarded Agent.
- When the threat deck runs out, the failed threats are shuffled back in; when the skill deck
  runs out, the discards are shuffled back in; with both empty nobody draws.
- The Humans win the moment a success brings them to three waves' worth (not only at the end of
  step 7); the Martians win the moment a resource reaches 0, even in the middle of a step.
- With 3 or 4 players every target the bot shows or says is already 2 lower.
- Players with nothing to do are skipped, but only for a reason everyone can see (no cards, no
  threat in reach, nobody left to ask for); what an Agent's cards are never decides it. At Field
  Promotions an Agent waits while a Civilian they have not asked for can be promoted and their
  number of cards could pay 5 symbols; at the end of the round every Agent waits for Done, even
  with no cards, because only a hidden clone could reveal.
- Steps 11 and 12 share one phase (a reveal discards the hand anyway); when several clones
  reveal, the last one holds the pog.
- Timers: an open phase ends after the table's `timer` minutes, as if everyone still pending
  pressed Done. A question put to one player ends after `answer` minutes with its default: lead
  no threat; wild symbols good; the leader's best skill group for the threat; effects in the
  order offered; no defence; an ousted human lowers the highest resource and a reinstated one
  raises the lowest (ties: food, people, tech, defense); keep the first Agent drawn; Extra Bad
  takes the first resource of the losses; Intel and reinstatement pick the first player
  clockwise. The channel is told what the timer decided.
- A player who resigns is out: their seat is skipped, they lead nothing, are not tried and are
  never picked (accused, promoted, reinstated or spied on), and no resource is raised or lowered
  for them; threats they led go to the centre, resolved after the led ones without a leader. A
  question already put to them gets its timer default, and a threat already being resolved
  finishes that way. The game ends when fewer than 3 players remain (2 in co-op), the others
  winning; the winners are the players of the winning side who did not resign, and a co-op loss
  has no winners.

Notation: `submit sci2 t1`, `counter t2`, `lead t1`, `pass`, `done`, `wild good`, `skill science`,
`effect momentum`, `accuse ann dip1`, `second ann mil2`, `defend sci1` / `defend none`,
`promote bob`, `discard wild1`, `reveal`, `lower food`, `raise tech`, `agent brody`,
`extra food`, `reinstate bob`, `intel cara`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine import core
from engine.core import BaseGame, Event, IllegalMove, Seat
from engine.marsvsearth import phases, refusals, scoring
from engine.marsvsearth.deck import DEFAULT_DECK_PATH, Deck, load_deck
from engine.marsvsearth.moves import DONE, HIDDEN_KINDS, PRIVATE_KINDS, Move
from engine.marsvsearth.notation import KEYWORDS, match, words_of
from engine.marsvsearth.script import SEGMENTS, Look, answered, look, resigned_during, run, settle
from engine.marsvsearth.setup import setup_for
from engine.marsvsearth.state import AGENT, MarsState, SeatState, state_from_json, state_to_json
from engine.marsvsearth.variants import OPTIONS
from engine.marsvsearth.view import build_view, private_lines
from engine.marsvsearth.work import Ended, freeze, thaw


class MarsVsEarth(BaseGame[MarsState, Move]):
    """The rules above on the shared base: dealing, the open phases and the scripted steps
    between them, leaving and timers. The deck is the game's (a table is read only with the deck
    it began with); refusals name the rule a move breaks, also to a player who may not act."""

    key = "marsvsearth"
    title = "Mars vs. Earth"
    min_players = 2
    max_players = 10
    count_note = " (2 play co-operatively)"
    information = "hidden"
    chance = True
    options = OPTIONS

    def __init__(self, deck: Deck) -> None:
        self.deck = deck

    # --- set-up ------------------------------------------------------------------------------
    def setup(self, players: tuple[str, ...], options: dict[str, Any], seed: int) -> MarsState:
        count = len(players)
        coop = count == 2
        table = setup_for(count, coop)
        counter = 1
        piles: list[list[Any]] = [
            list(range(len(self.deck.skills))),
            list(range(len(self.deck.threats))),
            list(range(len(self.deck.agents))),
            [True] * table.clones + [False] * table.humans,
        ]
        for pile in piles:
            core.draw_rng(seed, counter).shuffle(pile)
            counter += 1
        skills, threats, agents, dna = piles
        seats = tuple(
            SeatState(AGENT, agents.pop(0), () if coop else (dna.pop(0),), ()) for _ in players
        )
        state = MarsState(
            players=players,
            seed=seed,
            digest=self.deck.digest,
            coop=coop,
            promotion=options["promotion"],
            contribution=options["contribution"],
            timer=options["timer"],
            answer=options["answer"],
            counter=counter,
            round=0,
            step=1,
            phase="round",
            sub=0,
            resources=(table.resources,) * 4,
            wave=1,
            successes=0,
            failures=0,
            pog=core.choose_first(seed, count, options["first"]),
            pog_override=False,
            seats=seats,
            draw=tuple(skills),
            discard=(),
            threat_deck=tuple(threats),
            threat_discard=(),
            agent_deck=tuple(agents),
            dna_deck=tuple(dna),
            threats=(),
            order=(),
            current=None,
            accusations=(),
            trials=(),
            promotions=(),
            choices=(),
        )
        return settle(self.deck, state, 0)[0]

    # --- who acts and what they may do ---------------------------------------------------------
    def _look(self, state: MarsState) -> Look:
        return look(self.deck, state)

    def actors(self, state: MarsState) -> frozenset[Seat]:
        return core.remembered(state, "actors", lambda: self._actors(state))

    def _actors(self, state: MarsState) -> frozenset[Seat]:
        now = self._look(state)
        if now.shown.winner is not None:
            return frozenset()
        if now.prompt is not None:
            return frozenset({now.prompt.seat})
        return frozenset(phases.pending(now.work))

    def generate(self, state: MarsState, seat: Seat) -> list[Move]:
        now = self._look(state)
        return list(now.prompt.moves) if now.prompt is not None else phases.legal(now.work, seat)

    # --- reading moves and refusing them -------------------------------------------------------
    def parse(self, state: MarsState, seat: Seat, text: str) -> Move:
        """As every game parses, except that a player who may not act now and names a move is
        told the rule that move breaks, when there is one, not only whom the table waits for."""
        words = words_of(text)
        if words[:1] and words[0] in KEYWORDS and self._idle(state, seat):
            raise IllegalMove(self._explain(state, seat, words) or self.waiting(state, seat))
        return super().parse(state, seat, text)

    def read(self, state: MarsState, seat: Seat, text: str) -> Move:
        """The legal move `text` names (`pass` is `done` where there is nothing to pass on); a
        refusal names the rule the move breaks."""
        legal = list(self.legal(state, seat))
        words = words_of(text)
        if words[:1] == ["pass"] and not any(m.kind == "pass" for m in legal):
            text = DONE
        try:
            return match(text, legal)
        except IllegalMove as refused:
            raise IllegalMove(self._explain(state, seat, words) or str(refused)) from None

    def notation(self, move: Move) -> str:
        return str(move)

    def hidden(self, move: Move) -> bool:
        """Submitted, accusing, seconding, defending and discarded cards stay secret, and so
        does the Agent kept at a reinstatement."""
        return move.kind in HIDDEN_KINDS

    def chosen_privately(self, move: Move) -> bool:
        """Besides the secret moves, a field promotion and a clone's reveal at the round's end
        are offered in private: the board's buttons offer only `done` in those phases."""
        return self.hidden(move) or move.kind in PRIVATE_KINDS

    def waiting(self, state: MarsState, seat: Seat) -> str:
        return refusals.waiting(state, seat, self.actors(state))

    def refusal(self, state: MarsState, seat: Seat, move: Move) -> str:
        return self._explain(state, seat, list(move.words)) or refusals.not_legal(state, seat, move)

    def _idle(self, state: MarsState, seat: Seat) -> bool:
        """Whether `seat`, still at a table whose game runs, may not act now."""
        running = self.outcome(state) is None
        return running and not state.gone(seat) and seat not in self.actors(state)

    def _explain(self, state: MarsState, seat: Seat, words: list[str]) -> str | None:
        now = self._look(state)
        return refusals.explain(now.work, seat, words, now.prompt)

    # --- playing -------------------------------------------------------------------------------
    def apply(self, state: MarsState, seat: Seat, move: Move) -> tuple[MarsState, list[Event]]:
        """As every game applies, except that a player who may not act now is refused in the
        words of the rule the move breaks, like a move that is not legal."""
        if self._idle(state, seat):
            raise IllegalMove(self.refusal(state, seat, move))
        return super().apply(state, seat, move)

    def play(self, state: MarsState, seat: Seat, move: Move) -> tuple[MarsState, list[Event]]:
        """An answer to the running step's question, or a move of an open phase."""
        if state.phase in SEGMENTS:
            told = len(run(self.deck, state).events)
            return settle(self.deck, answered(state, move), told)
        w = thaw(self.deck, state)
        try:
            phases.play(w, seat, move)
        except Ended:
            w.phase = "over"
        after, more = settle(self.deck, freeze(w), 0)
        return after, [*w.events, *more]

    def leave(self, state: MarsState, seat: Seat) -> tuple[MarsState, list[Event]]:
        """`seat` is out (acting or not): skipped from now on, or the end of the game when too
        few players would be left."""
        if state.gone(seat):
            raise IllegalMove(refusals.LEFT_ALREADY)
        events = [Event(f"{state.players[seat]} resigned; their seat is skipped from now on.")]
        if scoring.too_few_without(state, seat):
            state = replace(
                state,
                leaving=(*state.leaving, seat),
                winner="table",
                reason="too few players are left",
                phase="over",
                choices=(),
            )
            return state, [*events, Event("Too few players are left: the game ends.")]
        if state.phase in SEGMENTS:
            told = len(run(self.deck, state).events)
            after, more = settle(self.deck, resigned_during(state, seat), told)
            return after, [*events, *more]
        w = thaw(self.deck, state)
        phases.leave(w, [seat])
        after, more = settle(self.deck, freeze(w), 0)
        return after, [*events, *w.events, *more]

    # --- what players see, and the end ---------------------------------------------------------
    def build_view(self, state: MarsState, seat: Seat | None) -> core.View:
        """The public view, and for a seat the same with that seat's secrets."""
        now = self._look(state)
        if seat is None:
            return build_view(self.deck, now, self.actors(state), self.outcome(state))
        asked = now.prompt if now.prompt is not None and now.prompt.seat == seat else None
        private = private_lines(self.deck, now.shown, seat, asked)
        return replace(self.view(state, None), viewer=seat, private=private)

    def outcome(self, state: MarsState) -> core.Outcome | None:
        return scoring.outcome(self._shown(state))

    def sides(self, state: MarsState) -> tuple[str, ...]:
        """Each seat's side: "martians" with a clone DNA card, else "humans" (everyone in the
        co-operative game)."""
        shown = self._shown(state)
        return tuple(scoring.side(shown, seat) for seat in range(len(shown.seats)))

    def _shown(self, state: MarsState) -> MarsState:
        """The state as its running scripted step has left it (the state itself otherwise)."""
        if state.winner is None and state.phase in SEGMENTS:
            return self._look(state).shown
        return state

    # --- timers --------------------------------------------------------------------------------
    def timed_phase(self, state: MarsState) -> tuple[str, int] | None:
        """An open phase runs `timer` minutes; a question put to one player `answer` minutes.
        The id names the round, the phase and its sub-stage, or the question's place in the
        running step, so it changes with every new phase and every new question."""
        if self.outcome(state) is not None:
            return None
        if state.phase in phases.OPEN:
            if state.timer == 0:
                return None
            return f"r{state.round}-{state.phase}-{state.sub}", state.timer * 60
        if state.answer == 0 or self._look(state).prompt is None:
            return None
        return f"r{state.round}-{state.phase}-q{len(state.choices)}", state.answer * 60

    def timeout(self, state: MarsState) -> tuple[MarsState, list[Event]]:
        """Time is up: everyone pending in an open phase is done; a question gets its default
        answer (see the rulings)."""
        if self.timed_phase(state) is None:
            raise IllegalMove("No timed phase is running.")
        prompt = self._look(state).prompt
        if prompt is not None:
            said = "chooses for them" if prompt.secret else f"chooses `{prompt.default}`"
            told = Event(
                f"Time is up: {state.players[prompt.seat]} did not answer, so the timer {said}."
            )
            seen = len(run(self.deck, state).events)
            after, more = settle(self.deck, answered(state, prompt.default), seen)
            return after, [told, *more]
        w = thaw(self.deck, state)
        phases.timeout(w)
        after, more = settle(self.deck, freeze(w), 0)
        return after, [*w.events, *more]

    # --- storage -------------------------------------------------------------------------------
    def to_json(self, state: MarsState) -> core.JSON:
        return state_to_json(state)

    def from_json(self, data: core.JSON) -> MarsState:
        state = state_from_json(data)
        if state.digest != self.deck.digest:
            raise core.BadState(
                "This Mars vs. Earth game was started with a different deck file; the "
                "deck file has changed since, so the game cannot go on."
            )
        return state


GAME = MarsVsEarth(load_deck(DEFAULT_DECK_PATH))
