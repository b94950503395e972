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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core import (
    FIRST_PLAYER,
    JSON,
    BadState,
    Event,
    GameError,
    IllegalMove,
    Option,
    Outcome,
    Seat,
    choose_first,
    draw_rng,
    resolve_options,
)
from engine.marsvsearth.deck import DEFAULT_DECK_PATH, Deck, load_deck
from engine.marsvsearth.moves import DONE, HIDDEN_KINDS, Move, Prompt
from engine.marsvsearth.notation import KEYWORDS, match, words_of
from engine.marsvsearth.phases import OPEN, leave, legal, pending, play, timeout
from engine.marsvsearth.refusals import explain
from engine.marsvsearth.script import SEGMENTS, Run, answered, resigned_during, run
from engine.marsvsearth.setup import setup_for
from engine.marsvsearth.state import (
    AGENT,
    ANSWER_MINUTES,
    MarsState,
    SeatState,
    state_from_json,
    state_to_json,
)
from engine.marsvsearth.view import MarsView, build_view, private_lines
from engine.marsvsearth.work import Ended, Work, freeze, thaw

CACHE = 256


@dataclass
class _Look:
    """The table as the running step has left it (read only), with answers worked out so far."""

    shown: MarsState
    prompt: Prompt | None
    work: Work
    actors: frozenset[Seat] | None = None
    legal: dict[Seat, list[Move]] = field(default_factory=dict)
    public: MarsView | None = None


class MarsVsEarth:
    key = "marsvsearth"
    title = "Mars vs. Earth"
    min_players = 2
    max_players = 10
    has_secrets = True
    options: tuple[Option, ...] = (
        FIRST_PLAYER,
        Option(
            "promotion",
            bool,
            False,
            "Field Promotion Variant: Civilians alone help un-led "
            "threats and are reinstated by them",
        ),
        Option(
            "contribution",
            int,
            0,
            "How humans give cards: together, one threat at a time, or one player at a time",
            choices=(0, 1, 2),
            labels=((0, "open"), (1, "one threat at a time"), (2, "one player at a time")),
        ),
        Option(
            "timer",
            int,
            5,
            "Minutes an open phase lasts before it ends (0 = no timer)",
            minimum=0,
            maximum=60,
            labels=((0, "none"),),
        ),
        Option(
            "answer",
            int,
            ANSWER_MINUTES,
            "Minutes to answer a question put to one player, "
            "e.g. which threat to lead (0 = no timer)",
            minimum=0,
            maximum=60,
            labels=((0, "none"),),
        ),
    )

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self._runs: dict[int, tuple[MarsState, Run]] = {}
        self._looks: dict[int, tuple[MarsState, _Look]] = {}

    # --- set-up ----------------------------------------------------------------------------
    def new_game(self, players: Sequence[str], options: Mapping[str, Any], seed: int) -> MarsState:
        count = len(players)
        if not self.min_players <= count <= self.max_players:
            raise GameError("Mars vs. Earth is for 2 to 10 players (2 play co-operatively).")
        chosen = resolve_options(self.options, options)
        coop = count == 2
        setup = setup_for(count, coop)
        counter = 1
        piles: list[list[Any]] = [
            list(range(len(self.deck.skills))),
            list(range(len(self.deck.threats))),
            list(range(len(self.deck.agents))),
            [True] * setup.clones + [False] * setup.humans,
        ]
        for pile in piles:
            draw_rng(seed, counter).shuffle(pile)
            counter += 1
        skills, threats, agents, dna = piles
        seats = tuple(
            SeatState(AGENT, agents.pop(0), () if coop else (dna.pop(0),), ()) for _ in players
        )
        state = MarsState(
            players=tuple(players),
            seed=seed,
            digest=self.deck.digest,
            coop=coop,
            promotion=chosen["promotion"],
            contribution=chosen["contribution"],
            timer=chosen["timer"],
            answer=chosen["answer"],
            counter=counter,
            round=0,
            step=1,
            phase="round",
            sub=0,
            resources=(setup.resources,) * 4,
            wave=1,
            successes=0,
            failures=0,
            pog=choose_first(seed, count, chosen["first"]),
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
        return self._settle(state, 0)[0]

    # --- the running step --------------------------------------------------------------------
    def _run(self, state: MarsState) -> Run:
        """`run` with a small cache by identity (views and move lists ask for it often)."""
        hit = self._runs.get(id(state))
        if hit is not None and hit[0] is state:
            return hit[1]
        result = run(self.deck, state)
        if len(self._runs) >= CACHE:
            self._runs.pop(next(iter(self._runs)))
        self._runs[id(state)] = (state, result)
        return result

    def _settle(self, state: MarsState, seen: int) -> tuple[MarsState, list[Event]]:
        """Run scripted steps until an open phase with someone pending, a question for a player
        still at the table, or the end. `seen` events of the running step were told already."""
        events: list[Event] = []
        while state.phase in SEGMENTS and state.winner is None:
            result = self._run(state)
            events += result.events[seen:]
            if result.prompt is None:
                state, seen = result.state, 0
                if state.leaving:
                    state, more = self._left(state)
                    events += more
                continue
            if self._gone(state, result.prompt.seat):
                state, seen = answered(state, result.prompt.default), len(result.events)
                continue
            break
        return state, events

    def _left(self, state: MarsState) -> tuple[MarsState, list[Event]]:
        """Seats that left during a scripted step now resign for good."""
        w = thaw(self.deck, state)
        seats, w.leaving = w.leaving, []
        leave(w, seats)
        return freeze(w), w.events

    @staticmethod
    def _gone(state: MarsState, seat: Seat) -> bool:
        return state.seats[seat].resigned or seat in state.leaving

    def _look(self, state: MarsState) -> _Look:
        """What the table looks like now (cached by identity: views, parsing and move lists
        all ask for it, and a state never changes)."""
        hit = self._looks.get(id(state))
        if hit is not None and hit[0] is state:
            return hit[1]
        shown, prompt = state, None
        if state.phase in SEGMENTS and state.winner is None:
            result = self._run(state)
            shown, prompt = result.state, result.prompt
        look = _Look(shown, prompt, thaw(self.deck, shown))
        if len(self._looks) >= CACHE:
            self._looks.pop(next(iter(self._looks)))
        self._looks[id(state)] = (state, look)
        return look

    # --- the contract --------------------------------------------------------------------------
    def actors(self, state: MarsState) -> frozenset[Seat]:
        look = self._look(state)
        if look.shown.winner is not None:
            return frozenset()
        if look.prompt is not None:
            return frozenset({look.prompt.seat})
        if look.actors is None:
            look.actors = frozenset(pending(look.work))
        return look.actors

    def legal_moves(self, state: MarsState, seat: Seat) -> list[Move]:
        look = self._look(state)
        if look.shown.winner is not None:
            return []
        if look.prompt is not None:
            return list(look.prompt.moves) if look.prompt.seat == seat else []
        if seat not in look.legal:
            look.legal[seat] = legal(look.work, seat)
        return list(look.legal[seat])

    def parse(self, state: MarsState, seat: Seat, text: str) -> Move:
        """The legal move `text` names; a refusal names the rule the move breaks."""
        if state.winner is not None:
            raise IllegalMove("The game is over.")
        if self._gone(state, seat):
            raise IllegalMove("You have left this game.")
        look = self._look(state)
        words = words_of(text)
        if seat not in self.actors(state):
            waiting = ", ".join(state.players[s] for s in sorted(self.actors(state)))
            known = bool(words) and words[0] in KEYWORDS
            reason = explain(look.work, seat, words, look.prompt) if known else None
            raise IllegalMove(reason or f"Nothing for you to do now; waiting for {waiting}.")
        legal_now = self.legal_moves(state, seat)
        if words[:1] == ["pass"] and not any(m.kind == "pass" for m in legal_now):
            text = DONE
        try:
            return match(text, legal_now)
        except IllegalMove as refused:
            reason = explain(look.work, seat, words, look.prompt)
            raise IllegalMove(reason or str(refused)) from None

    def notation(self, move: Move) -> str:
        return str(move)

    def hidden(self, move: Move) -> bool:
        """Card submissions, accusations, defences and discards keep their card secret."""
        return move.kind in HIDDEN_KINDS

    def apply(self, state: MarsState, seat: Seat, move: Move) -> tuple[MarsState, list[Event]]:
        if move not in self.legal_moves(state, seat):
            look = self._look(state)
            reason = (
                explain(look.work, seat, list(move.words), look.prompt)
                if state.winner is None
                else "The game is over."
            )
            raise IllegalMove(
                reason or f"`{move}` is not a legal move for {state.players[seat]} now."
            )
        if state.phase in SEGMENTS:
            before = self._run(state)
            return self._settle(answered(state, move), len(before.events))
        w = thaw(self.deck, state)
        try:
            play(w, seat, move)
        except Ended:
            w.phase = "over"
        after, more = self._settle(freeze(w), 0)
        return after, [*w.events, *more]

    def resign(self, state: MarsState, seat: Seat) -> tuple[MarsState, list[Event]]:
        if self.outcome(state) is not None:
            raise IllegalMove("The game is over.")
        if self._gone(state, seat):
            raise IllegalMove("You have already left this game.")
        events = [Event(f"{state.players[seat]} resigned; their seat is skipped from now on.")]
        left = sum(not self._gone(state, s) for s in range(len(state.players))) - 1
        if left < (2 if state.coop else 3):
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
            seen = len(self._run(state).events)
            after, more = self._settle(resigned_during(state, seat), seen)
            return after, [*events, *more]
        w = thaw(self.deck, state)
        leave(w, [seat])
        after, more = self._settle(freeze(w), 0)
        return after, [*events, *w.events, *more]

    def view(self, state: MarsState, seat: Seat | None) -> MarsView:
        look = self._look(state)
        if look.public is None:
            look.public = build_view(
                self.deck,
                look.shown,
                look.work,
                look.prompt,
                self.actors(state),
                self.outcome(state),
            )
        if seat is None:
            return look.public
        asked = look.prompt if look.prompt is not None and look.prompt.seat == seat else None
        return replace(
            look.public, viewer=seat, private=private_lines(self.deck, look.shown, seat, asked)
        )

    def outcome(self, state: MarsState) -> Outcome | None:
        if state.winner is None and state.phase in SEGMENTS:
            state = self._look(state).shown
        if state.winner is None:
            return None
        live = [i for i in range(len(state.seats)) if not self._gone(state, i)]
        if state.winner == "table":
            winners = live
        else:
            martians = state.winner == "martians"
            winners = [i for i in live if any(state.seats[i].dna) == martians]
            if martians and state.coop:
                winners = []
        side = {"humans": "The Humans won", "martians": "The Martians won"}.get(
            state.winner, "The game ended"
        )
        lost = not winners and state.winner != "table"
        return Outcome(tuple(winners), None, f"{side}: {state.reason}", everyone_lost=lost)

    # --- timers ---------------------------------------------------------------------------------
    def timed_phase(self, state: MarsState) -> tuple[str, int] | None:
        """An open phase runs `timer` minutes; a question put to one player `answer` minutes.
        The id names the round, the phase and its sub-stage, or the question's place in the
        running step, so it changes with every new phase and every new question."""
        if self.outcome(state) is not None:
            return None
        if state.phase in OPEN:
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
            after, more = self._settle(
                answered(state, prompt.default), len(self._run(state).events)
            )
            return after, [told, *more]
        w = thaw(self.deck, state)
        timeout(w)
        after, more = self._settle(freeze(w), 0)
        return after, [*w.events, *more]

    # --- storage ---------------------------------------------------------------------------
    def to_json(self, state: MarsState) -> JSON:
        return state_to_json(state)

    def from_json(self, data: JSON) -> MarsState:
        state = state_from_json(data)
        if state.digest != self.deck.digest:
            raise BadState(
                "This Mars vs. Earth game was started with a different deck file; the "
                "deck file has changed since, so the game cannot go on."
            )
        return state


GAME = MarsVsEarth(load_deck(DEFAULT_DECK_PATH))
