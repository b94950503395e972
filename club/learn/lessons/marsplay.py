"""The scripted table of the Mars vs. Earth lesson, and the verdicts it gives from how the engine
plays a step on.

The rivals (every seat but the learner's, seat 0) play by simple rules (`rival_move`): a rival
leads the first open threat while two or more are open, gives one card that matches a threat it
may reach and presses Done, and answers every other question with the engine's own default (what
the table's answer timer would choose). `play_on` plays a state on by these rules.

A step's verdict on a card or a skill group is the engine's outcome, never a guess from the
card's name: the step's position is played on to the threat's resolution once with the
learner's move and once with Done instead, and the two totals are compared (`raises`,
`lowers`); a leader's skill group is right when the engine adds it rather than subtracts it
(`adds_skill`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from club.learn.lesson import Attempt, Goal, ScriptedMove
from engine.marsvsearth import GAME, MarsState
from engine.marsvsearth.script import look
from engine.marsvsearth.state import AGENT, CIVILIAN, CLONE, clone_level

PLAYS = 400
"""Moves the script may play to reach a state it wants before it gives up."""

Until = Callable[[MarsState], bool]


def skill_of(code: str) -> str:
    """The skill of the skill card written `code`."""
    return next(card.skill for card in GAME.deck.skills if card.code == code)


def threat_skills(state: MarsState, slot: int) -> tuple[str, ...]:
    """The skills threat `slot` (1-based) needs."""
    return GAME.deck.threats[state.threats[slot - 1].threat].skills


def helps(state: MarsState, text: str) -> bool:
    """Whether `text` submits a card whose skill the threat needs (how a rival picks a card)."""
    words = text.split()
    if words[0] != "submit":
        return False
    return skill_of(words[1]) in threat_skills(state, int(words[2][1:]))


def gave(state: MarsState, seat: int) -> bool:
    """Whether `seat` has given a card to a threat this round."""
    return any(giver == seat for t in state.threats for giver, _ in t.cards)


def rival_move(state: MarsState, seat: int, keeps: bool = False) -> str:
    """What the script plays for `seat` (see the module's docstring); with `keeps`, it gives
    no card (Done in every open phase), as the learner does where a later step needs their
    cards."""
    prompt = look(GAME.deck, state).prompt
    if prompt is not None:
        leads = [str(m) for m in prompt.moves if m.kind == "lead"]
        return leads[0] if len(leads) >= 2 else str(prompt.default)
    legal = list(GAME.legal(state, seat).notations)
    if not keeps and state.phase in ("human", "clone") and not gave(state, seat):
        for text in legal:
            if helps(state, text):
                return text
    return "done"


def play_on(
    state: MarsState, until: Until, learner: bool = False, keeps: bool = True
) -> tuple[MarsState, list[ScriptedMove]]:
    """`state` played on by the script until `until` holds, and the moves played: the rivals
    first whenever the learner is not alone to act, and the learner too if `learner` (by the
    same rules, keeping their cards if `keeps`)."""
    moves: list[ScriptedMove] = []
    for _ in range(PLAYS):
        if until(state):
            return state, moves
        actors = sorted(GAME.actors(state))
        others = [seat for seat in actors if seat != 0]
        if not others and not (actors and learner):
            raise ValueError(f"the script cannot go on: {state.phase} {state.reason}")
        seat = others[0] if others else 0
        text = rival_move(state, seat, keeps=keeps and seat == 0)
        state, _ = GAME.apply(state, seat, GAME.parse(state, seat, text))
        moves.append((seat, text))
    raise ValueError("the script did not reach the position it wanted")


@dataclass(frozen=True)
class Given:
    """A card the learner gave: to threat `slot` (1-based), which ends at `total` with it at
    resolution and at `without` had the learner pressed Done instead."""

    slot: int
    code: str
    total: int
    without: int

    def said(self) -> str:
        """The engine's outcome in words."""
        counts = "adds nothing to" if self.total == self.without else "helps"
        if self.total < self.without:
            counts = "counts against"
        return (
            f"at resolution Threat {self.slot} totals {self.total} with it and {self.without} "
            f"without it: `{self.code}` {counts} it."
        )


def shown(state: MarsState) -> MarsState:
    """The table as it stands, the running scripted step's work so far included (a state
    saved in the middle of resolving threats keeps only the answers given)."""
    return look(GAME.deck, state).shown


def resolved_total(state: MarsState, slot: int) -> int:
    """The total threat `slot` (1-based) ends at, the table played on to its resolution."""
    index = slot - 1

    def resolved(now: MarsState) -> bool:
        return shown(now).threats[index].result is not None

    final, _ = play_on(state, resolved, learner=True)
    total = shown(final).threats[index].total
    assert total is not None  # a resolved threat has its total
    return total


def given(attempt: Attempt) -> Given | None:
    """The card `attempt` gave and what it does at resolution; None for any other move."""
    before: MarsState = attempt.before
    after: MarsState = attempt.after
    grown = [
        slot
        for slot, (old, new) in enumerate(zip(before.threats, after.threats, strict=True), 1)
        if len(new.cards) > len(old.cards)
    ]
    if not grown:
        return None
    [slot] = grown
    card = after.threats[slot - 1].cards[-1][1]
    done, _ = GAME.apply(before, attempt.seat, GAME.parse(before, attempt.seat, "done"))
    return Given(
        slot,
        GAME.deck.skills[card].code,
        resolved_total(after, slot),
        resolved_total(done, slot),
    )


def raises(slot: int) -> Goal:
    """The task is done by a card given to threat `slot` that raises its final total."""

    def goal(attempt: Attempt) -> bool:
        card = given(attempt)
        return card is not None and card.slot == slot and card.total > card.without

    return goal


def lowers(attempt: Attempt) -> bool:
    """The task is done by a card given to a threat that lowers its final total."""
    card = given(attempt)
    return card is not None and card.total < card.without


def card_missed(slot: int | None) -> Callable[[Attempt], str]:
    """What a move misses where the task is a card for threat `slot` (any threat: None)."""

    def missed(attempt: Attempt) -> str:
        card = given(attempt)
        if card is None:
            return "this step asks you to give a card (`submit <card> t<threat>`)."
        if slot is not None and card.slot != slot:
            return f"this step asks for a card for Threat {slot} (`submit <card> t{slot}`)."
        return card.said()

    return missed


def resolving(attempt: Attempt) -> tuple[int, MarsState]:
    """The threat (0-based) being resolved when `attempt` was made, and the table after it."""
    current = shown(attempt.before).current
    assert current is not None  # a skill group is chosen while a threat is resolved
    return current, shown(attempt.after)


def skill_added(attempt: Attempt) -> int:
    """What the leader's skill group chosen by `attempt` adds to the threat (negative when the
    engine subtracts it)."""
    slot, after = resolving(attempt)
    return after.threats[slot].skill_value


def adds_skill(attempt: Attempt) -> bool:
    """The task is done by a skill group the engine adds to the threat."""
    return skill_added(attempt) > 0


def skill_missed(attempt: Attempt) -> str:
    before: MarsState = attempt.before
    slot = before.current if before.current is not None else 0
    needs = " or ".join(
        s.capitalize() for s in GAME.deck.threats[before.threats[slot].threat].skills
    )
    group = attempt.notation.split()[-1].capitalize()
    return (
        f"your Agent's {group} counts {skill_added(attempt):+d} on Threat {slot + 1}, which needs "
        f"{needs}: a group it does not need is subtracted."
    )


def scene(state: MarsState, seat: int) -> str:
    """Where the table stands, in the engine's own numbers: the round, who holds the initiative
    pog, what the learner is, and the threats beaten so far."""
    table = shown(state)
    holder = "you hold" if table.pog == seat else f"{table.players[table.pog]} holds"
    standing = table.seats[seat].status
    what = {AGENT: "an Agent", CIVILIAN: "a Civilian"}.get(standing, "")
    if standing == CLONE:
        what = f"a revealed level {clone_level(table.seats[seat].dna)} Martian Clone"
    beaten = "threat" if table.successes == 1 else "threats"
    return (
        f"Round {table.round}: {holder} the pog, you are {what}, {table.successes} {beaten} beaten."
    )
