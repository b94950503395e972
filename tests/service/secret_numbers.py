"""A tiny game with secret moves and a timed open phase, to test the service's handling of them
apart from any real game: every player at once secretly picks a number from 1 to 30 (or passes,
publicly); the highest number wins; a timeout passes for everyone still pending."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from PIL import Image

from club.catalogue import CATALOGUE, Catalogue, Entry
from club.guides.guide import Guide
from engine.core import JSON, BadNotation, BaseGame, Event, Option, Outcome, Seat, View
from render.renderer import Renderer

HIGHEST = 30
PASS = 0


@dataclass(frozen=True)
class NumbersState:
    players: tuple[str, ...]
    picks: tuple[int | None, ...]
    """Each seat's number, PASS, or None while still pending."""
    seconds: int


@dataclass(frozen=True, kw_only=True)
class NumbersView(View):
    picked: tuple[bool, ...]


class SecretNumbers(BaseGame[NumbersState, int]):
    key = "numbers"
    title = "Secret Numbers"
    min_players = 2
    max_players = 4
    information = "hidden"
    chance = False
    options = (Option("timer", int, 60, "Seconds to choose; 0 = no timer", minimum=0),)

    def setup(self, players: tuple[str, ...], options: dict[str, Any], seed: int) -> Any:
        return NumbersState(players, (None,) * len(players), options["timer"])

    def actors(self, state: NumbersState) -> frozenset[Seat]:
        return frozenset(s for s, pick in enumerate(state.picks) if pick is None)

    def generate(self, state: NumbersState, seat: Seat) -> list[int]:
        return [*range(1, HIGHEST + 1), PASS]

    def read(self, state: NumbersState, seat: Seat, text: str) -> int:
        words = text.split()
        if words == ["pass"]:
            move = PASS
        elif len(words) == 2 and words[0] == "pick" and words[1].isdigit():
            move = int(words[1])
        else:
            raise BadNotation("Type `pick <number>` or `pass`.")
        return move

    def notation(self, move: int) -> str:
        return "pass" if move == PASS else f"pick {move}"

    def hidden(self, move: int) -> bool:
        return move != PASS

    def play(self, state: NumbersState, seat: Seat, move: int) -> tuple[Any, list[Event]]:
        picks = list(state.picks)
        picks[seat] = move
        said = "passed" if move == PASS else "picked a number"
        events = [Event(f"{state.players[seat]} {said}.")]
        if move != PASS:
            events.append(Event(f"You picked {move}.", to=seat))
        return replace(state, picks=tuple(picks)), events

    def leave(self, state: NumbersState, seat: Seat) -> tuple[Any, list[Event]]:
        return self.apply(state, seat, PASS)

    def timed_phase(self, state: NumbersState) -> tuple[str, int] | None:
        return ("choose", state.seconds) if state.seconds else None

    def timeout(self, state: NumbersState) -> tuple[Any, list[Event]]:
        picks = tuple(PASS if pick is None else pick for pick in state.picks)
        return replace(state, picks=picks), [Event("Time is up: everyone pending passes.")]

    def build_view(self, state: NumbersState, seat: Seat | None) -> NumbersView:
        over = self.outcome(state)
        private: tuple[str, ...] = ()
        if seat is not None and state.picks[seat]:
            private = (f"Your number is {state.picks[seat]}.",)
        return NumbersView(
            players=state.players,
            viewer=seat,
            actors=self.actors(state),
            outcome=over,
            private=private,
            buttons=("pass",) if over is None else (),
            picked=tuple(pick is not None for pick in state.picks),
        )

    def outcome(self, state: NumbersState) -> Outcome | None:
        if None in state.picks:
            return None
        best = max(pick or 0 for pick in state.picks)
        winners = tuple(s for s, pick in enumerate(state.picks) if best and pick == best)
        return Outcome(winners, None, "highest number")

    def to_json(self, state: NumbersState) -> JSON:
        return {"players": list(state.players), "picks": list(state.picks), "s": state.seconds}

    def from_json(self, data: JSON) -> NumbersState:
        return NumbersState(tuple(data["players"]), tuple(data["picks"]), data["s"])


GAME = SecretNumbers()


def draw_numbers(view: View) -> Image.Image:
    """A plain picture: the tests read the words, not the drawing."""
    return Image.new("RGB", (8, 8), "white")


GUIDE = Guide("**Secret Numbers in a minute**: pick the highest number.", "Pick 1 to 30.")
ENTRY = Entry(
    GAME,
    Renderer(NumbersView, draw_numbers, lambda view: "Secret Numbers.", "numbers.png"),
    GUIDE,
    None,
    None,
)
"""The game's catalogue record."""
WITH_NUMBERS = Catalogue([*CATALOGUE.values(), ENTRY])
"""The bot's games and Secret Numbers, for the tests that play it."""
