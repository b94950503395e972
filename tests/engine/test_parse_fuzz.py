"""Hostile and clumsy text never breaks a game's `parse`: it ends in one of the three refusals.

Every registered game is read in many states (seeded random playouts at several table sizes,
sampled from the opening to the end) by every seat, with unicode, very long strings, markdown,
mentions, null bytes, huge numbers and garbage built from the game's own notation words.
A game that previews unfinished moves reads the same text without raising at all.
"""

from __future__ import annotations

import contextlib
import functools
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.catalogue import CATALOGUE
from engine.core import AmbiguousMove, BadNotation, IllegalMove, PreviewingGame
from tests.engine.test_conformance import playout, table_sizes

REFUSALS = (BadNotation, IllegalMove, AmbiguousMove)
"""The only exceptions `parse` may raise."""
SEEDS = (5_201_774_390_118, 8_830_416_257_093)
SAMPLES = 6
"""States taken from each playout, spread from the opening to the end."""

HOSTILE = (
    "",
    " ",
    "\x00",
    "move\x00c3",
    "<@123456789012345678>",
    "<@&123> @everyone @here",
    "<#1>",
    "**bold** __under__ ~~gone~~ ||spoiler|| `code`",
    "```py\nprint(1)\n```",
    "> quote\n# heading\n- item",
    "[link](https://example.com)",
    "\u202eevil\u202c",
    "\u200b\u200b\u200b",
    "\uff4d\uff4f\uff56\uff45 \uff43\uff13",  # fullwidth "move c3"
    "\U0001d7d9,\U0001d7d8",  # double-struck digits
    "\u0663,\u0664",  # Arabic-Indic digits
    "c\u0663",
    "é" * 6000,
    "a" * 6000,
    "1" * 6000,
    "-" + "9" * 5000,
    "=" * 6000,
    "c3 " * 2000,
)
HUGE = st.one_of(
    st.integers().map(str),
    st.tuples(
        st.sampled_from(["", "-", "+"]),
        st.text(alphabet="0123456789", min_size=4301, max_size=4400),
    ).map("".join),
)
"""Numbers, some longer than Python converts to int by default (4,300 digits)."""
SEPARATORS = st.sampled_from([" ", "  ", ",", "-", "=", ":", "/", "x", "(", ")", "\n", "\t", ""])


@functools.cache
def states(key: str) -> list[tuple[Any, int]]:
    """(state, seat) pairs to read text in, from states spread over several games: the seats
    that may act, and seat 0 (often one that may not)."""
    game = CATALOGUE[key].game
    found = []
    for players in table_sizes(game):
        for seed in SEEDS:
            steps = playout(game, seed, players)
            picks = {round(i * (len(steps) - 1) / (SAMPLES - 1)) for i in range(SAMPLES)}
            for state in (steps[i][0] for i in sorted(picks)):
                found += [(state, seat) for seat in sorted(game.actors(state) | {0})]
    return found


@functools.cache
def notations(key: str) -> list[str]:
    """The notation of every legal move in the sampled states."""
    game = CATALOGUE[key].game
    seen = {
        game.notation(move) for state, seat in states(key) for move in game.legal_moves(state, seat)
    }
    return sorted(seen)


@functools.cache
def words(key: str) -> list[str]:
    """Every word of the game's notation."""
    return sorted({word for text in notations(key) for word in text.split()})


@st.composite
def mangled(draw: st.DrawFn, key: str, spot: tuple[Any, int]) -> str:
    """A notation legal at `spot` (or anywhere in the game) a little changed: numbers made huge,
    a word added or dropped, other separators, cut short."""
    game = CATALOGUE[key].game
    here = [game.notation(move) for move in game.legal_moves(*spot)]
    text = draw(st.sampled_from(here or notations(key)))
    for change in draw(st.lists(st.sampled_from("nwdsc"), min_size=1, max_size=3)):
        parts = text.split()
        if change == "n":
            number = draw(HUGE)
            text = re.sub(r"\d+", lambda _: number, text)  # noqa: B023 (used at once)
        elif change == "w":
            text = f"{text}{draw(SEPARATORS)}{draw(st.sampled_from(words(key)))}"
        elif change == "d" and parts:
            del parts[draw(st.integers(0, len(parts) - 1))]
            text = " ".join(parts)
        elif change == "s":
            text = text.replace(" ", draw(SEPARATORS))
        elif change == "c":
            text = text[: draw(st.integers(0, len(text)))]
    return text


def texts(key: str, spot: tuple[Any, int]) -> st.SearchStrategy[str]:
    """Text a player might type at `spot`, by accident or on purpose."""
    token = st.one_of(st.sampled_from(words(key)), HUGE, st.text(max_size=4))
    garbage = st.lists(st.tuples(token, SEPARATORS), max_size=8).map(
        lambda parts: "".join(word + sep for word, sep in parts)
    )
    return st.one_of(
        st.sampled_from(HOSTILE),
        st.text(),
        st.text(min_size=6000, max_size=6000, alphabet=st.characters(codec="utf-8")),
        garbage,
        st.tuples(garbage, st.sampled_from(HOSTILE)).map("".join),
        mangled(key, spot),
        mangled(key, spot),
    )


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_parse_refuses_with_a_game_error_only(key: str) -> None:
    game = CATALOGUE[key].game
    spots = states(key)

    @settings(
        derandomize=True,
        max_examples=300,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(data=st.data())
    def reads(data: st.DataObject) -> None:
        spot = data.draw(st.sampled_from(spots), label="spot")
        text = data.draw(texts(key, spot), label="text")
        state, seat = spot
        if isinstance(game, PreviewingGame):
            game.preview(state, seat, text)
        with contextlib.suppress(*REFUSALS):
            game.parse(state, seat, text)

    reads()


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_hostile_text_and_huge_numbers_everywhere(key: str) -> None:
    """Every fixed hostile text, and each legal notation with its numbers made longer than Python
    reads as an int, in every sampled state."""
    game = CATALOGUE[key].game
    huge = "9" * 4301
    for state, seat in states(key):
        legal = [game.notation(move) for move in game.legal_moves(state, seat)][:30]
        for text in (*HOSTILE, *(re.sub(r"\d+", huge, text) for text in legal)):
            with contextlib.suppress(*REFUSALS):
                game.parse(state, seat, text)
