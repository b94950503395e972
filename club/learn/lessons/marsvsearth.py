"""The Mars vs. Earth lesson: the roles, then one round at a table of five, phase by phase.

The learner sits at seat 0 of a five-seat table; the four other seats are played by the script
between the learner's steps (see `marsplay.rival_move`). Where a step needs the rivals to do
something else (accuse the learner, promote them), its position names those moves. Each
position is a seeded opening and the engine's own moves, so every board is one the game can
reach.

Moves of Mars vs. Earth name seats (`accuse rival3 mil2`), so a position here
(`LearnerPosition`) writes the learner's seat as `{you}` and plays under the learner's own name
unless that name would not be a notation word of its own, in which case the learner's seat is
called "You".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from club.learn.lesson import RIVALS, Lesson, Position, ScriptedMove, Step, anything, only, starting
from club.learn.lessons.marsplay import (
    Until,
    adds_skill,
    card_missed,
    helps,
    lowers,
    play_on,
    raises,
    scene,
    skill_missed,
)
from engine.core import Game
from engine.marsvsearth import GAME, MarsState
from engine.marsvsearth.work import slugs

SEATS = 5


def seat_name(learner: str, seats: int) -> str:
    """The learner's name at the table: their own, unless it would change how the rivals are
    written in the notation (a name like "Rival 2"), then "You"."""
    rivals = RIVALS[: seats - 1]
    if slugs((learner, *rivals))[1:] == slugs(("You", *rivals))[1:]:
        return learner
    return "You"


@dataclass(frozen=True)
class LearnerPosition(Position):
    """A Mars vs. Earth position whose moves may name the learner's seat as `{you}`."""

    seats: int = SEATS

    def then(self, *moves: ScriptedMove) -> LearnerPosition:
        return LearnerPosition((*self.moves, *moves), self.seed, self.options, self.seats)

    def build(self, game: Game[Any, Any], learner: str) -> Any:
        name = seat_name(learner, self.seats)
        you = slugs((name, *RIVALS[: self.seats - 1]))[0]
        moves = tuple(
            (entry[0], entry[1].format(you=you)) if isinstance(entry, tuple) else entry
            for entry in self.moves
        )
        return Position(moves, self.seed, self.options, self.seats).build(game, name)


def state_of(position: Position) -> MarsState:
    state: MarsState = position.build(GAME, "learner")
    return state


def alone(state: MarsState) -> bool:
    """The learner alone may act."""
    return GAME.actors(state) == {0}


def fill(
    position: LearnerPosition, until: Until = alone, learner: bool = False, keeps: bool = True
) -> LearnerPosition:
    """`position` played on by the script until `until` holds (see `play_on`)."""
    _, moves = play_on(state_of(position), until, learner, keeps)
    return position.then(*moves)


def hand(position: Position) -> list[str]:
    """The codes of the learner's cards at `position`."""
    state = state_of(position)
    return [GAME.deck.skills[card].code for card in state.seats[0].hand]


def first_move(position: Position, head: str, test: Callable[[str], bool] | None = None) -> str:
    """The learner's first legal move at `position` beginning with `head` (and passing
    `test`, if given)."""
    state = state_of(position)
    for text in GAME.legal(state, 0).notations:
        if text.startswith(head) and (test is None or test(text)):
            return text
    raise ValueError(f"no {head} move at this position")


def strongest(position: Position, seat: int) -> str:
    """The code of `seat`'s card with the most symbols (the first of them)."""
    state = state_of(position)
    card = max(state.seats[seat].hand, key=lambda c: GAME.deck.skills[c].strength)
    return GAME.deck.skills[card].code


def matching(position: Position, slot: int) -> str:
    """The learner's move giving threat `slot` a card of a skill it needs (a plain card if
    there is one)."""
    state = state_of(position)
    fits = [
        t for t in GAME.legal(state, 0).notations if t.endswith(f" t{slot}") and helps(state, t)
    ]
    plain = [t for t in fits if "-" not in t.split()[1]]
    return (plain or fits)[0]


def ends_with(slot: int) -> Callable[[Any], bool]:
    """The task is done by giving any card to threat `slot`."""
    return lambda attempt: (
        attempt.notation.startswith("submit") and attempt.notation.endswith(f" t{slot}")
    )


def best_skill(position: Position) -> str:
    """The leader's skill group that the threat being resolved needs and the learner's Agent
    has most of."""
    state = state_of(position)
    current = state.threats[state.current if state.current is not None else 0]
    needed = GAME.deck.threats[current.threat].skills
    agent = GAME.deck.agents[state.seats[0].agent or 0]
    return f"skill {max(needed, key=agent.skill)}"


def keeps_agent(state: MarsState) -> bool:
    """The learner alone is asked which Agent to keep."""
    if GAME.actors(state) != {0}:
        return False
    return any(t.startswith("agent") for t in GAME.legal(state, 0).notations)


def may_lead(state: MarsState) -> bool:
    """The learner alone is asked which threat to lead."""
    return GAME.actors(state) == {0} and "pass" in GAME.legal(state, 0).notations


def round_end_with_wave(state: MarsState) -> bool:
    return state.wave == 2 and state.phase == "endround" and 0 in GAME.actors(state)


FIVE = (("first", 1),)
SEED = 28
"""A table where the learner is human, Rival 3 a hidden Martian Clone, and the learner's hand
fits the threats of the first round."""
OPENING = LearnerPosition(seed=SEED, options=FIVE)
LEADERS = LearnerPosition(seed=SEED, options=(("first", 2),)).then(
    (1, "lead t1"), (2, "lead t2"), (3, "pass"), (4, "pass")
)

CLONE_SEED = 2
"""A table where the learner's first DNA card is a Martian Clone's."""
CLONE = LearnerPosition(seed=CLONE_SEED, options=FIVE)


def script() -> tuple[Step, ...]:
    """The steps, on positions the script plays out now (the first time the lesson is used)."""
    LED = fill(OPENING.then((0, "lead t1")))
    FATE = matching(LED, 1)
    GAVE = LED.then((0, FATE))
    REACH = matching(GAVE, 2)
    REACHED = GAVE.then((0, REACH))
    WILD = REACHED.then((0, "done"))
    SKILL_POSITION = WILD.then((0, "wild good"))
    SKILL = best_skill(SKILL_POSITION)
    ACCUSE_OPEN = fill(SKILL_POSITION.then((0, SKILL)), until=lambda state: state.phase == "accuse")
    ACCUSED = fill(
        ACCUSE_OPEN.then(
            (1, "accuse {you} " + strongest(ACCUSE_OPEN, 1)),
            (2, "second {you} " + strongest(ACCUSE_OPEN, 2)),
            (3, "accuse rival4 " + strongest(ACCUSE_OPEN, 3)),
        )
    )
    SECOND = first_move(ACCUSED, "second rival4")
    TRIAL = ACCUSED.then((0, SECOND), (0, "done"))
    DEFENCE = f"defend {strongest(TRIAL, 0)}"
    OUSTED = TRIAL.then((0, DEFENCE))
    LOWER = "lower tech"
    PROMOTED = fill(
        OUSTED.then((0, LOWER)),
        until=lambda state: state.phase == "promote" and 1 in GAME.actors(state),
        learner=True,
        keeps=False,
    )  # round 2's field promotions, where Rival may promote the learner
    REINSTATE = fill(PROMOTED.then((1, "promote {you}")), until=keeps_agent)

    # The learner was not accused: Rival 3 (the hidden clone) accuses Rival 4, who is ousted as a
    # human and field promoted by the learner in round 2.
    SPARED = fill(ACCUSE_OPEN.then((3, "accuse rival4 " + strongest(ACCUSE_OPEN, 3))))
    PROMOTE = fill(
        SPARED.then((0, first_move(SPARED, "second rival4")), (0, "done")),
        until=lambda state: state.phase == "promote" and 0 in GAME.actors(state),
        learner=True,
    )
    PROMOTE_DONE = fill(PROMOTE)
    WAVE = fill(
        fill(PROMOTE_DONE.then((0, "promote rival4")), until=round_end_with_wave, learner=True)
    )
    DISCARD = first_move(WAVE, "discard")
    REVEAL = fill(
        CLONE,
        until=lambda state: state.phase == "endround" and GAME.actors(state) == {0},
        learner=True,
    )
    INFLUENCE = fill(REVEAL.then((0, "reveal")))
    NEXT_ROUND = fill(
        OPENING,
        until=lambda state: state.round == 2 and may_lead(state),
        learner=True,
    )
    ONE_THREAT = fill(
        LearnerPosition(seed=SEED, options=(("first", 1), ("contribution", 1))).then((0, "lead t1"))
    )
    return (
        Step(
            title="Agents and Martian Clones",
            teaches=(
                "the sides and how each wins",
                "the set-up",
                "secret DNA",
                "threats",
                "the initiative pog",
            ),
            position=OPENING,
            text=(
                "Five Agents defend Earth's four resources (food, people, tech, defense; 9 each "
                "here) from threats: cards naming the skills that beat them (Science, Diplomacy "
                "or Military) and a target. Each holds 5 skill cards, a face-up Agent and a "
                "secret DNA card: 2 of the 15 DNA cards make Martian Clones, who pass for Humans "
                "until unmasked. Humans win by beating threats, Martians when a resource reaches "
                "0. The initiative pog marks who acts first; play goes clockwise from it "
                "(initiative order)."
            ),
            task="Lead a threat: you will decide how it is fought.",
            show="lead t1",
            why="You lead Threat 1: your Agent's skills will count for it.",
            wrong="this step is about leading (`lead` and a threat).",
            goal=starting("lead"),
        ),
        Step(
            title="Choosing threat leaders",
            teaches=("choose threat leaders", "centre threats"),
            position=LEADERS,
            text=(
                "The same first round, seated another way: Rival holds the pog, so Rival and "
                "Rival 2 chose first and lead Threats 1 and 2. In initiative order each player "
                "leads one open threat or passes; threats nobody leads go to the centre, in "
                "random order, and are resolved last."
            ),
            task="Lead Threat 3, or pass.",
            show="pass",
            why="Threat 3 goes to the centre: everyone may give it one card.",
            wrong="",
            goal=anything,
        ),
        Step(
            title="Fate cards",
            teaches=("add fate", "skill cards", "card text beats the rules"),
            position=LED,
            text=(
                "Back at your table: you lead Threat 1, and the others pressed Done (finished "
                "giving). Each threat also got a Fate card, face down, from the draw pile. A "
                "skill card shows 1 to 3 symbols of a skill, or wild: `sci2` is 2 Science; a "
                "suffix such as `-info` is an effect, spelt out in your hand, and a card's text "
                "beats these rules."
            ),
            task="Give Threat 1 a card that raises its total.",
            show=FATE,
            why="A matching card adds its symbols to the threat's total.",
            wrong=card_missed(1),
            goal=raises(1),
        ),
        Step(
            title="How close you sit",
            teaches=("proximity restrictions", "centre threats take a card from everyone"),
            position=GAVE,
            text=(
                "You may give up to 3 cards to a threat you lead, 2 to one led by a neighbour, 1 "
                "to one led two seats away and none further off. Everyone may give 1 card to each "
                "threat in the centre."
            ),
            task="Give Threat 2, led by your neighbour Rival, a card that raises its total.",
            show=REACH,
            why="A neighbour's threat takes up to 2 of your cards.",
            wrong=card_missed(2),
            goal=raises(2),
        ),
        Step(
            title="Human influence",
            teaches=("Human influence", "rules of secrecy", "the golden rules"),
            position=REACHED,
            text=(
                "Every Human, hidden clones too, gives cards face down in any order, and none is "
                "taken back. Say you help a lot or a little, never which cards you hold; anyone "
                "may lie later about what they gave. The phase ends when all have pressed Done."
            ),
            task="Keep your other cards and press Done.",
            show="done",
            why="Everyone is done, so the threats are resolved.",
            wrong="this step asks you to finish giving cards (`done`).",
            goal=only("done"),
        ),
        Step(
            title="Wild symbols",
            teaches=(
                "resolve threats",
                "good and bad cards",
                "wild symbols",
                "centre threats ignore leader effects",
            ),
            position=WILD,
            text=(
                "Threats are resolved one by one, led ones in initiative order, then the "
                "centre's. The cards, Fate included, are shuffled and shown: symbols the threat "
                "needs count for it, others against. The leader says how wild symbols count; in "
                "the centre they count for it, and effects needing a leader do nothing."
            ),
            task="Decide how the wild symbols on your threat count.",
            show="wild good",
            why="The wild symbols now add to Threat 1's total.",
            wrong="",
            goal=starting("wild"),
        ),
        Step(
            title="The leader's skill",
            teaches=(
                "the leader's skill",
                "success and failure",
                "skill-card effects",
                "the next unresolved threat",
            ),
            position=SKILL_POSITION,
            text=(
                "Your Agent has a value in each skill; a leader must add one, subtracted if the "
                "threat does not need it. Reaching the target beats the threat: its gains and the "
                "cards' success effects happen; otherwise its losses and failure effects, and "
                "some effects change the next threat."
            ),
            task="Add a skill the threat needs.",
            show=SKILL,
            why="Your Agent's best matching skill counts in full for the threat.",
            wrong=skill_missed,
            goal=adds_skill,
        ),
        Step(
            title="Accusations",
            teaches=("accusations", "accusing several players", "one accusation a round"),
            position=ACCUSED,
            text=(
                "After the threats, an Agent may accuse another with a face-down card; a second "
                "Agent's card makes it a trial. Rival and Rival 2 have put you on trial, and "
                "Rival 3 accused Rival 4. Each player is accused at most once a round; anyone may "
                "accuse or second several, a card each, even the accused."
            ),
            task="Second the accusation against Rival 4.",
            show=SECOND,
            why="Two cards lie against Rival 4, so Rival 4 is tried too.",
            wrong="this step asks you to second the accusation against Rival 4.",
            goal=starting("second rival4"),
        ),
        Step(
            title="Trials",
            teaches=("trials", "trials in initiative order", "trial effects help the accused"),
            position=TRIAL,
            text=(
                "Trials run in initiative order. The accused may defend with one card, face up; "
                "two accusation cards are revealed, and their symbols of any skill minus the "
                "defence's give the verdict: 1 or more ousts the accused. Trial effects "
                "(`-convict`, `-acquit`) count for or against the accused, whoever played them."
            ),
            task="Defend yourself with one card.",
            show=DEFENCE,
            why="Your strongest card, yet the accusations weigh more.",
            wrong="this step asks you to defend with a card (`defend <card>`), not without one.",
            goal=lambda attempt: (
                attempt.notation.startswith("defend ") and attempt.notation != "defend none"
            ),
        ),
        Step(
            title="Ousted",
            teaches=("ousted", "Civilians", "who may not lead"),
            position=OUSTED,
            text=(
                "An ousted player discards their cards and Agent and turns their DNA face up. "
                "Human DNA makes a Civilian, who lowers a resource by 1, draws 5 cards, never "
                "leads or accuses, and gets new DNA face up. Clone DNA makes a revealed Martian "
                "Clone, whom a later step shows."
            ),
            task="You are human: lower a resource by 1.",
            show=LOWER,
            why="Earth pays for your removal; you are a Civilian now.",
            wrong="",
            goal=starting("lower"),
        ),
        Step(
            title="Reinstated",
            teaches=("reinstatement", "field promotions"),
            position=REINSTATE,
            text=(
                "A round later Rival field promoted you: an Agent may discard cards worth 5 "
                "symbols or more to make a Civilian an Agent again. You draw two Agents and keep "
                "one, turn your DNA face down and raise a resource by 1; some threat successes "
                "reinstate too."
            ),
            task="Keep one of the two Agents.",
            show=first_move(REINSTATE, "agent"),
            why="You are a full Agent again.",
            wrong="",
            goal=starting("agent"),
        ),
        Step(
            title="Field promotions",
            teaches=("promotions in initiative order", "no promotion the round of the ousting"),
            position=PROMOTE,
            text=(
                "Round 1 could have gone otherwise: nobody accused you, and Rival 4 was ousted as "
                "a human. Now, in round 2, you may promote Rival 4 (never in the round of the "
                "ousting); promotions run in initiative order."
            ),
            task="Field promote Rival 4.",
            show="promote rival4",
            why="Your cards pay for it, and Rival 4 becomes an Agent again.",
            wrong="this step asks you to promote Rival 4.",
            goal=only("promote rival4"),
        ),
        Step(
            title="A new cloning wave",
            teaches=(
                "a new cloning wave",
                "DNA in wave order",
                "scoring threats by wave",
                "winning the game",
                "overachievement",
                "discard and pass the initiative",
                "initiative overrides",
            ),
            position=WAVE,
            text=(
                "Where you promoted Rival 4, a round later. Three beaten threats ended the first "
                "wave, so everyone got a second DNA card, kept in wave order (face down for "
                "Agents). Beaten threats pile up by wave, extras count for the next, and the third "
                "wave's last wins for the Humans. At a round's end Humans may discard, revealed "
                "clones discard all, and the pog passes clockwise unless an effect overrides it "
                "(then its holder keeps it)."
            ),
            task="Discard a card you do not want.",
            show=DISCARD,
            why="The card is gone; you draw back to 5 next round.",
            wrong="this step asks you to discard a card.",
            goal=starting("discard"),
        ),
        Step(
            title="Revealing yourself",
            teaches=(
                "the optional reveal",
                "Martian Clone levels",
                "clone hand size and counters by level",
            ),
            position=REVEAL,
            text=(
                "A new table, at the end of its round 1; here your first DNA card is a Martian "
                "Clone's. At a round's end a hidden clone may reveal: discard hand and Agent, "
                "turn the DNA face up, take the pog. Its level, the sum of the waves its clone "
                "DNA came in (1, 2, 3), sets its hand and +1 counters (each adds 1 to a threat's "
                "target); from level 3 it may lead."
            ),
            task="Reveal yourself as a Martian Clone.",
            show="reveal",
            why="You are a level 1 Martian Clone, in the open.",
            wrong="this step asks you to reveal (`reveal`).",
            goal=only("reveal"),
        ),
        Step(
            title="Martian Clone influence",
            teaches=("Martian Clone influence", "+1 threat counters", "Extra Bad"),
            position=INFLUENCE,
            text=(
                "Revealed clones give their cards before the Humans, within the same reach, and "
                "may lay +1 counters on any threat. A failed threat led by a clone of level 4 or "
                "more loses 1 more of a resource it names (Extra Bad)."
            ),
            task="Give a threat a card that lowers its total.",
            show=first_move(INFLUENCE, "submit", lambda text: not helps(state_of(INFLUENCE), text)),
            why="A card the threat does not need counts against it.",
            wrong=card_missed(None),
            goal=lowers,
        ),
        Step(
            title="A new round",
            teaches=(
                "the round's twelve steps",
                "deal skill cards",
                "reveal threats",
                "set-up by player count",
                "the 3-4 player reminder",
            ),
            position=NEXT_ROUND,
            text=(
                "Back at the first table, a new round, in twelve round steps: deal, threats, "
                "leaders, Fate, clones' cards, Humans' cards, resolve, accusations and trials, "
                "promotions, a new wave if due, reveals, discards and the pog. Humans are dealt "
                "up to 5 cards, clones by level; the pog's holder reveals 3 threats at five "
                "players. The player count sets resources, clones, threats and successes a wave; "
                "with 3 or 4, targets are 2 lower (shown so)."
            ),
            task="Lead the threat still open, or pass.",
            show=first_move(NEXT_ROUND, "lead"),
            why="A new round, with you leading.",
            wrong="",
            goal=anything,
        ),
        Step(
            title="Table options",
            teaches=(
                "variant: one threat at a time",
                "variant: one player at a time",
                "variant: two-player co-operative",
                "co-operative resources",
                "variant: Field Promotion",
            ),
            position=ONE_THREAT,
            text=(
                "Table options change the game. One threat at a time: all give to a threat before "
                "the next opens; one player at a time: each Human gives all their cards in "
                "initiative order. Two players may play together against the game: 3-player "
                "resources, one threat a round and one success a wave, no DNA or trials, and 2, 3 "
                "then 4 Fate cards a threat by wave. With the Field Promotion Variant only "
                "Civilians give to centre threats (3 cards each), and each centre success "
                "reinstates one."
            ),
            task="This table gives one threat at a time: give Threat 1 a card.",
            show=matching(ONE_THREAT, 1),
            why="When everyone is done with Threat 1, Threat 2 opens.",
            wrong="this step asks for a card given to Threat 1.",
            goal=ends_with(1),
        ),
    )


LESSON = Lesson(
    game=GAME,
    rules=(
        # Goal and set-up
        "the sides and how each wins",
        "threats",
        "the set-up",
        "set-up by player count",
        "the board's two sides",
        "secret DNA",
        "the initiative pog",
        "who takes the first initiative",
        "the 3-4 player reminder",
        # The round
        "the round's twelve steps",
        "deal skill cards",
        "reveal threats",
        "choose threat leaders",
        "who may not lead",
        "centre threats",
        "add fate",
        "skill cards",
        "Martian Clone influence",
        "+1 threat counters",
        "Human influence",
        "proximity restrictions",
        "centre threats take a card from everyone",
        "rules of secrecy",
        "the golden rules",
        "card text beats the rules",
        # Resolving threats
        "resolve threats",
        "good and bad cards",
        "wild symbols",
        "centre threats ignore leader effects",
        "the leader's skill",
        "success and failure",
        "skill-card effects",
        "the next unresolved threat",
        "initiative overrides",
        "Extra Bad",
        "scoring threats by wave",
        # Accusations, trials, promotions
        "accusations",
        "accusing several players",
        "one accusation a round",
        "trials",
        "trials in initiative order",
        "trial effects help the accused",
        "ousted",
        "Civilians",
        "reinstatement",
        "field promotions",
        "promotions in initiative order",
        "no promotion the round of the ousting",
        # Waves, clones, the end of a round
        "a new cloning wave",
        "DNA in wave order",
        "winning the game",
        "overachievement",
        "Martian Clone levels",
        "clone hand size and counters by level",
        "the optional reveal",
        "discard and pass the initiative",
        # Strategy and variants
        "strategy and tips",
        "variant: Field Promotion",
        "variant: one threat at a time",
        "variant: one player at a time",
        "variant: two-player co-operative",
        "co-operative resources",
    ),
    pointed=(
        "the board's two sides",
        "who takes the first initiative",
        "strategy and tips",
    ),
    scene=scene,
    script=script,
    done=(
        "You know Mars vs. Earth: lead and feed threats, resolve them, accuse and try, promote, "
        "and watch the waves, whether you defend Earth or secretly serve Mars."
    ),
    quiet=(
        r": revealed .*: \w+\.$",
        r"^Step \d+, ",
        r"^Accusation card against ",
        r" submitted a card to Threat \d+ \(",
        r" discarded a card\.$",
        r" seconds the accusation against ",
        r" is over\.$",
        r"^Resolving Threat ",
        r"\): effect ",
    ),
    variants={
        "promotion": "Only Civilians give cards to centre threats, and each centre success "
        "reinstates one.",
        "contribution": "Cards are given one threat at a time, or one player at a time.",
    },
)
