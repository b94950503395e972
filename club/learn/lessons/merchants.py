"""The Martian Merchants lesson: launching ships, discovering planets, producing, moving,
picking up, delivering, trading, stations, consuming and the die's bonuses, the end, and the
trading variant.

The positions come from seeded random games (see `club.learn.search`): each step stands on the
first position where the learner, alone to act, has the kind of move the step teaches.
"""

from __future__ import annotations

from typing import Any

from club.learn.lesson import Lesson, Position, Step, starting
from club.learn.search import head, reach
from engine.merchants import GAME


def builds_station(state: Any, text: str) -> bool:
    """Whether the learner's delivery `text` builds a station."""
    if not text.startswith("deliver"):
        return False
    _, events = GAME.apply(state, 0, GAME.parse(state, 0, text))
    return any("station" in event.text for event in events)


OPENING = Position()
TRADING = Position(options=(("first", 1), ("trading", True)))


def step(
    title: str,
    teaches: tuple[str, ...],
    found: tuple[Position, str],
    text: str,
    task: str,
    why: str,
    word: str,
) -> Step:
    """A step on a found position whose task is any move beginning with `word`."""
    position, show = found
    return Step(
        title=title,
        teaches=teaches,
        position=position,
        text=text,
        task=task,
        show=show,
        why=why,
        wrong=f"this step is about `{word}`.",
        goal=starting(word),
    )


def script() -> tuple[Step, ...]:
    """The steps, on positions searched for now (the first time the lesson is used)."""
    PRODUCE, PRODUCED = reach(GAME, head("produce"))
    MOVE, MOVED = reach(GAME, head("move"))
    PICKUP, PICKED = reach(GAME, head("pickup"))
    DELIVER, DELIVERED = reach(
        GAME, lambda state, text: text == "deliver" and not builds_station(state, text)
    )
    TRADE, TRADED = reach(GAME, head("trade"))
    STATION, STATIONED = reach(GAME, builds_station)
    CONSUME, CONSUMED = reach(GAME, head("consume"))
    EXPORT, EXPORTED = reach(GAME, head("export"))
    WARP, WARPED = reach(GAME, head("warp"))
    REPOSITION, REPOSITIONED = reach(GAME, head("reposition"))
    OFFER, OFFERED = reach(GAME, head("offer"), opening=TRADING)
    return (
        step(
            "Launching a ship",
            (
                "the set-up",
                "home planets and ships",
                "a turn: one action, then production",
                "launching a ship",
            ),
            (OPENING, "launch 0,0"),
            "You are an interplanetary merchant. Your home planets are the large pyramids of "
            "your colour, and your three ships wait in your stash. A turn is one action (move a "
            "ship, discover a planet or consume a good), then you produce one good.",
            "Launch a ship next to your home planet.",
            "The ship docks on a free side of your planet; a planet has four docks.",
            "launch",
        ),
        step(
            "Discovering a planet",
            ("discovering a planet",),
            (OPENING, "discover blue -1,0"),
            "Instead of moving a ship you may discover a planet: take one from the bank and "
            "put it next to any planet already in the grid. New planets make new routes.",
            "Discover a planet.",
            "The grid grew by one planet, ready for trade.",
            "discover",
        ),
        step(
            "Producing a good",
            ("producing a good", "the production rules", "no production possible"),
            (PRODUCE, PRODUCED),
            "After your action you produce: put a good from the bank on an empty planet. A "
            "planet never produces its own colour, and you may not produce your own colour "
            "while the bank has others. If nothing can be produced, the turn moves on.",
            "Produce a good.",
            "A good now waits on that planet for a ship to carry it.",
            "produce",
        ),
        step(
            "Moving a ship",
            ("moving a ship",),
            (MOVE, MOVED),
            "A docked ship may fly to an orthogonally adjacent planet that has a free dock. At "
            "the planet it leaves and the one it reaches it may pick up, deliver or trade.",
            "Move one of your ships.",
            "The ship is docked at its new planet.",
            "move",
        ),
        step(
            "Picking up",
            ("picking up", "one good a ship"),
            (PICKUP, PICKED),
            "An empty ship at one of your home planets may pick up the good there, if the good "
            "is not of the planet's colour. A ship carries one good at a time.",
            "Pick up the good.",
            "Your ship carries the good now.",
            "pickup",
        ),
        step(
            "Delivering",
            ("delivering",),
            (DELIVER, DELIVERED),
            "Planets want goods of their own colour. A ship carrying such a good delivers it "
            "to a planet of that colour that holds no good, and the planet is satisfied.",
            "Deliver the good.",
            "The planet holds a good of its own colour: it is satisfied.",
            "deliver",
        ),
        step(
            "Trading at a planet",
            ("trading at a planet",),
            (TRADE, TRADED),
            "A ship carrying a good of the planet's colour may swap it for the planet's good "
            "of another colour. That is how goods travel across the grid.",
            "Trade at this planet.",
            "The planet got its colour, your ship the other good.",
            "trade",
        ),
        step(
            "Establishing a station",
            ("establishing a station", "the end"),
            (STATION, STATIONED),
            "Deliver a good of your colour to one of your own home planets without a station, "
            "and you build a station there: the ship stays on the planet for good. The first "
            "player with three stations, one on each home planet, wins at once.",
            "Deliver to build a station.",
            "One station built; two more and you win.",
            "deliver",
        ),
        step(
            "Consuming a good",
            ("consuming a good", "the die's bonuses"),
            (CONSUME, CONSUMED),
            "Your action may be to make a satisfied planet consume its good, emptying it. You "
            "then roll the pyramid die, which shows one or two pyramids: each is a bonus "
            "action you may take, in either order, or decline.",
            "Consume a good.",
            "The planet is empty again and the die gave you bonuses.",
            "consume",
        ),
        step(
            "Export or produce",
            ("the die's bonuses", "export or produce"),
            (EXPORT, EXPORTED),
            "A small pyramid on the die is a goods bonus: export (move a good from any planet "
            "to an empty one) or produce a good. A goods bonus can finish a delivery "
            "without flying a ship.",
            "Export a good.",
            "The good jumped straight to another planet.",
            "export",
        ),
        step(
            "Warp or move",
            ("warp or move",),
            (WARP, WARPED),
            "A medium pyramid on the die is a ship bonus: warp one of your ships straight to "
            "one of your stations, or take another ship move. Stations become fast "
            "harbours this way.",
            "Warp a ship.",
            "Your ship is at your station in one jump.",
            "warp",
        ),
        step(
            "Reposition or discover",
            ("reposition or discover", "the grid stays in one piece"),
            (REPOSITION, REPOSITIONED),
            "A large pyramid on the die is a planet bonus: move a planet, with its good and "
            "ships, next to another planet (the grid must stay in one piece), or discover one. "
            "Moving a planet can bring a far market close.",
            "Reposition a planet.",
            "The planet moved with everything on it; the grid is still whole.",
            "reposition",
        ),
        step(
            "Trading between players",
            ("variant: trading between players",),
            (OFFER, OFFERED),
            "With the trading variant (a table option), two ships at the same planet may trade "
            "goods between their owners. One offers, and the other must accept within the turn.",
            "Make an offer.",
            "The offer stands until the other player accepts or the turn ends.",
            "offer",
        ),
    )


LESSON = Lesson(
    game=GAME,
    rules=(
        "the set-up",
        "home planets and ships",
        "the first planets by player count",
        "who goes first",
        "a turn: one action, then production",
        "producing a good",
        "the production rules",
        "no production possible",
        "launching a ship",
        "moving a ship",
        "picking up",
        "one good a ship",
        "delivering",
        "trading at a planet",
        "establishing a station",
        "discovering a planet",
        "consuming a good",
        "the die's bonuses",
        "export or produce",
        "warp or move",
        "reposition or discover",
        "the grid stays in one piece",
        "the end",
        "variant: trading between players",
    ),
    pointed=("the first planets by player count", "who goes first"),
    script=script,
    done=(
        "You know every rule of Martian Merchants: launch and move ships, pick up, trade and "
        "deliver, produce and discover, consume for bonuses, and race to three stations."
    ),
)
