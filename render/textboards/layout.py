"""The layout every text board shares, and its reader.

A text board is a title line, then one `Label: value` line per fact, in a fixed order: who
plays (`Player 1: Ann`), whose turn or the result, then the game's own lines. A screen reader
reads it line by line; `Reader` reads it back. Labels never hold `: `, so a value (a player's
name, say) may; lists in a value are joined by `, ` (or `; ` between groups) and an empty list
is written `none`. Players are named by their cleaned names everywhere (`Names` finds a seat from
the start of a value, longest name first, so names that contain each other read back right).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.core import View
from engine.grid import Grid
from engine.words import Unit, with_article
from render.captions import clean

NONE = "none"
"""How an empty list is written."""


class TextBoardError(ValueError):
    """A text is not a text board this reader knows (a missing line, a word out of place)."""


@dataclass(frozen=True)
class Result:
    """How a finished game ended, as a text board says it."""

    winners: tuple[int, ...]
    reason: str
    everyone_lost: bool = False


@dataclass(frozen=True)
class Table:
    """What every text board starts with: the players, who may act now, and the result."""

    players: tuple[str, ...]
    actors: frozenset[int]
    result: Result | None


def table_of(view: View) -> Table:
    """The shared part of `view`: names cleaned to one line, the actors, the result."""
    outcome = view.outcome
    result = (
        None
        if outcome is None
        else Result(outcome.winners, clean(outcome.reason), outcome.everyone_lost)
    )
    return Table(tuple(clean(name) for name in view.players), view.actors, result)


def listing(items: Iterable[str], separator: str = ", ") -> str:
    """`items` joined, or `none`."""
    return separator.join(items) or NONE


def unlist(value: str, separator: str = ", ") -> list[str]:
    """The items of a `listing`."""
    return [] if value == NONE else value.split(separator)


def squares(grid: Grid, indices: Iterable[int]) -> str:
    """Square names in index order (row by row from a1), `none` if there are none."""
    return listing(grid.name(i) for i in sorted(indices))


def unsquares(grid: Grid, value: str) -> tuple[int, ...]:
    """The indices of a `squares` value, ascending."""
    return tuple(sorted(grid.parse(name) for name in unlist(value)))


_NUMBER_THEN = re.compile(r" (-?\d+)(?:, (.+))?")


class Names:
    """Finds seats by the player names a text board starts with."""

    def __init__(self, players: Sequence[str]) -> None:
        self.players = tuple(players)
        self._longest_first = sorted(enumerate(players), key=lambda pair: -len(pair[1]))

    def take(self, text: str) -> tuple[int, str]:
        """The seat whose name `text` starts with, and the text after the name."""
        for seat, name in self._longest_first:
            if text.startswith(name):
                return seat, text[len(name) :]
        raise TextBoardError(f"no player's name starts {text!r}")

    def seat(self, text: str) -> int:
        """The seat named exactly `text`."""
        seat, rest = self.take(text)
        if rest:
            raise TextBoardError(f"{text!r} is not a player's name")
        return seat

    def many(self, text: str) -> tuple[int, ...]:
        """The seats of a `listing` of names."""
        if text == NONE:
            return ()
        seats = []
        while True:
            seat, text = self.take(text)
            seats.append(seat)
            if not text:
                return tuple(seats)
            if not text.startswith(", "):
                raise TextBoardError(f"expected `, ` between names, not {text!r}")
            text = text[2:]

    def listing(self, seats: Iterable[int]) -> str:
        return listing(self.players[s] for s in seats)

    def numbers(self, values: Sequence[int]) -> str:
        """`Ann 12, Bo 3`: a number per seat after its name."""
        return self.pairs(enumerate(values))

    def unnumbers(self, text: str) -> tuple[int, ...]:
        """The numbers of a `numbers` value, by seat."""
        values = dict(self.unpairs(text))
        if sorted(values) != list(range(len(self.players))):
            raise TextBoardError("not a number for every player")
        return tuple(values[seat] for seat in range(len(self.players)))

    def pairs(self, pairs: Iterable[tuple[int, int]]) -> str:
        """`Ann 2, Cy 1`: (seat, number) pairs, `none` if there are none."""
        return listing(f"{self.players[seat]} {value}" for seat, value in pairs)

    def unpairs(self, text: str) -> tuple[tuple[int, int], ...]:
        """The (seat, number) pairs of a `pairs` value."""
        pairs = []
        text = "" if text == NONE else text
        while text:
            seat, text = self.take(text)
            match = matched(_NUMBER_THEN, text)
            pairs.append((seat, number(match[1])))
            text = match[2] or ""
        return tuple(pairs)


class Writer:
    """Collects a text board's lines."""

    def __init__(self, title: str, table: Table, roles: Sequence[str] = ()) -> None:
        """The title and the players; `roles` (by seat, e.g. colours) follow `Player N, `."""
        self.lines = [title]
        self.names = Names(table.players)
        for seat, name in enumerate(table.players):
            role = f", {roles[seat]}" if roles else ""
            self.add(f"Player {seat + 1}{role}", name)
        if table.result is None:
            self.add("To act", self.names.listing(sorted(table.actors)))
        else:
            self.add("Result", _result_words(table.result, self.names))
            self.add("Why", table.result.reason)

    def add(self, label: str, value: object) -> None:
        """One `label: value` line."""
        self.lines.append(f"{label}: {value}")

    def text(self) -> str:
        return "\n".join(self.lines)


def _result_words(result: Result, names: Names) -> str:
    if result.winners:
        return f"won by {names.listing(result.winners)}"
    return "everyone lost" if result.everyone_lost else "a draw"


class Reader:
    """Reads a text board back, line by line in order."""

    def __init__(self, text: str, title: str, roles: Sequence[str] | None = None) -> None:
        """Checks the title and reads the players (checking their `roles` if given; any role
        is read if None) and the shared lines (`table`)."""
        lines = text.split("\n")
        if not lines or lines[0] != title:
            raise TextBoardError(f"not {with_article(title)} text board")
        self._lines = lines[1:]
        players: list[str] = []
        while self._lines and self._lines[0].startswith("Player "):
            label, name = self._split(self._lines.pop(0))
            seat = len(players)
            number_, _, role = label.removeprefix("Player ").partition(", ")
            if number_ != str(seat + 1) or (roles is not None and role != roles[seat]):
                raise TextBoardError(f"expected player {seat + 1}, got {label!r}")
            players.append(name)
        self.names = Names(players)
        result = None
        if self.peek() == "To act":
            actors = frozenset(self.names.many(self.take("To act")))
        else:
            actors = frozenset()
            said = self.take("Result")
            reason = self.take("Why")
            if said.startswith("won by "):
                result = Result(self.names.many(said.removeprefix("won by ")), reason)
            else:
                result = Result((), reason, everyone_lost=said == "everyone lost")
        self.table = Table(tuple(players), actors, result)

    @staticmethod
    def _split(line: str) -> tuple[str, str]:
        label, colon, value = line.partition(": ")
        if not colon:
            raise TextBoardError(f"not a `label: value` line: {line!r}")
        return label, value

    def peek(self) -> str | None:
        """The label of the next line, or None at the end."""
        return self._split(self._lines[0])[0] if self._lines else None

    def take(self, label: str) -> str:
        """The value of the next line, which must have `label`."""
        if self.peek() != label:
            raise TextBoardError(f"expected the line {label!r}, got {self.peek()!r}")
        return self._split(self._lines.pop(0))[1]

    def maybe(self, label: str) -> str | None:
        """The value of the next line if it has `label`, else None (nothing read)."""
        return self.take(label) if self.peek() == label else None

    def end(self) -> None:
        """Checks that every line was read."""
        if self._lines:
            raise TextBoardError(f"unexpected line {self._lines[0]!r}")


def number(value: str) -> int:
    """An int written in a value (TextBoardError if it is none)."""
    try:
        return int(value)
    except ValueError:
        raise TextBoardError(f"{value!r} is not a number") from None


def counted(unit: Unit) -> str:
    """A regex group that matches `unit.of(n)` for a whole `n` (`1 card`, `3 cards`); read the
    group with `uncount`."""
    return rf"(-?\d+ (?:{re.escape(unit.one)}|{re.escape(unit.plural)}))"


def uncount(unit: Unit, text: str) -> int:
    """The number of a `unit.of(n)` value (TextBoardError unless the word agrees with it)."""
    said, _, _ = text.partition(" ")
    count = number(said)
    if unit.of(count) != text:
        raise TextBoardError(f"{text!r} does not read as {unit.of(count)!r}")
    return count


def matched(pattern: re.Pattern[str], text: str) -> re.Match[str]:
    """`pattern` matched against the whole of `text` (TextBoardError if it does not match)."""
    match = pattern.fullmatch(text)
    if match is None:
        raise TextBoardError(f"{text!r} does not read as {pattern.pattern!r}")
    return match
