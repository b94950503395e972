"""Nim, a toy game added to a test-only catalogue the way a sixth game is added to the bot: its
engine (the `Game` contract, here on `BaseGame`), its renderer, its guide and one catalogue
line, with no lesson and no AI kit of its own (it is open and certain, so the computer players
play it with the generic kit of its nature).

Two players take turns taking 1 to 3 stones from one pile; whoever takes the last stone wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from PIL import Image, ImageDraw

from club.catalogue import Catalogue, Entry
from club.guides.guide import Guide
from engine.core import (
    JSON,
    BadNotation,
    BaseGame,
    Event,
    IllegalMove,
    Option,
    Outcome,
    Seat,
    View,
    seen,
)
from render.renderer import Renderer

MOST = 3
"""The most stones a turn may take."""


@dataclass(frozen=True)
class NimState:
    players: tuple[str, ...]
    seed: int
    stones: int
    to_move: Seat
    resigned: Seat | None = None


@dataclass(frozen=True, kw_only=True)
class NimView(View):
    stones: int


class Nim(BaseGame[NimState, int]):
    key = "nim"
    title = "Nim"
    min_players = 2
    max_players = 2
    information = "open"
    chance = False
    options = (Option("stones", int, 7, "Stones in the pile", minimum=1, maximum=30),)

    def setup(self, players: tuple[str, ...], options: dict[str, Any], seed: int) -> NimState:
        return NimState(players, seed, options["stones"], 0)

    def actors(self, state: NimState) -> frozenset[Seat]:
        return frozenset() if self.outcome(state) else frozenset({state.to_move})

    def generate(self, state: NimState, seat: Seat) -> list[int]:
        return list(range(1, min(MOST, state.stones) + 1))

    def read(self, state: NimState, seat: Seat, text: str) -> int:
        words = text.split()
        if len(words) != 2 or words[0] != "take" or not words[1].isdigit():
            raise BadNotation("Type `take <stones>`, such as `take 2`.")
        if int(words[1]) not in self.generate(state, seat):
            raise IllegalMove(f"Take 1 to {min(MOST, state.stones)} stones.")
        return int(words[1])

    def notation(self, move: int) -> str:
        return f"take {move}"

    def play(self, state: NimState, seat: Seat, move: int) -> tuple[NimState, list[Event]]:
        left = state.stones - move
        after = replace(state, stones=left, to_move=1 - seat)
        return after, [Event(f"{state.players[seat]} took {move}: {left} left.")]

    def leave(self, state: NimState, seat: Seat) -> tuple[NimState, list[Event]]:
        return replace(state, resigned=seat), [Event(f"{state.players[seat]} resigned.")]

    def build_view(self, state: NimState, seat: Seat | None) -> NimView:
        done = self.outcome(state)
        return NimView(**seen(state.players, seat, self.actors(state), done), stones=state.stones)

    def outcome(self, state: NimState) -> Outcome | None:
        if state.resigned is not None:
            return Outcome((1 - state.resigned,), None, "resignation")
        if state.stones == 0:
            return Outcome((1 - state.to_move,), None, "took the last stone")
        return None

    def to_json(self, state: NimState) -> JSON:
        return {
            "version": 1,
            "players": list(state.players),
            "seed": state.seed,
            "stones": state.stones,
            "to_move": state.to_move,
            "resigned": state.resigned,
        }

    def from_json(self, data: JSON) -> NimState:
        fields = (data["players"], data["seed"], data["stones"], data["to_move"], data["resigned"])
        players, seed, stones, to_move, resigned = fields
        return NimState(tuple(players), seed, stones, to_move, resigned)


GAME = Nim()


def draw_nim(view: NimView) -> Image.Image:
    """The pile: one dot per stone left."""
    image = Image.new("RGB", (20 + 20 * max(1, view.stones), 40), "white")
    pen = ImageDraw.Draw(image)
    for n in range(view.stones):
        pen.ellipse((10 + 20 * n, 10, 28 + 20 * n, 28), fill="grey")
    return image


def describe_nim(view: NimView) -> str:
    return f"Nim: {view.stones} stones left."


RENDERER = Renderer(NimView, draw_nim, describe_nim, "nim.png")
GUIDE = Guide(
    "**Nim in a minute** (2 players)\nTake 1 to 3 stones a turn: `take 2`. Take the last to win.",
    "Two players take turns taking 1 to 3 stones from one pile; whoever takes the last wins.",
)

ENTRY = Entry(GAME, RENDERER, GUIDE, None, None)
"""Nim's one catalogue line: no lesson, and the generic kit of its nature."""
TOY = Catalogue([ENTRY])
"""A test-only catalogue, handed to the table service in place of the bot's."""
