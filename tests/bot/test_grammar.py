"""The grammar words of what players read: `a`/`an` before the word that follows, `1 move` and
`2 moves`.

Every message template of the service's wording is filled for each game's title with 1 and with
2 of each counted thing, and read for slips; the bot's and the pictures' sources are read for a
hand-made article, plural or count, which must come from `engine.words` instead.
"""

from __future__ import annotations

import ast
import inspect
import itertools
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from club.catalogue import CATALOGUE, Entry
from club.service import wording
from engine.core import Outcome
from engine.words import Unit, ordinal, with_article
from tests.engine.test_conformance import SEEDS, playout

ROOT = Path(__file__).resolve().parents[2]

COUNTED = tuple(
    Unit(*forms)
    for forms in (
        ("move",),
        ("player",),
        ("computer player",),
        ("hour",),
        ("day",),
        ("minute",),
        ("game",),
        ("table",),
        ("line",),
        ("earlier line",),
        ("card",),
        ("counter",),
        ("square",),
        ("cap",),
        ("pyramid",),
        ("black pyramid",),
        ("station",),
        ("turn",),
        ("point",),
        ("position",),
        ("picture",),
        ("piece",),
        ("simulation",),
        ("own move",),
        ("pass", "passes"),
        ("mix", "mixes"),
        ("reply", "replies"),
    )
)
"""What the bot counts for players, in both forms."""

_ARTICLE = re.compile(r"(?<![\w'`.-])(a|an|A|An) ([A-Za-z])")
_COUNT = re.compile(r"(?<![\w.:+-])(\d+) ((?:[A-Za-z-]+ )?[A-Za-z-]+)\b")


def slips(text: str) -> list[str]:
    """The grammar slips in `text`: `a` before a vowel letter or `an` before another, a count
    of 1 before a plural or of another number before a singular."""
    found = [
        m.group(0)
        for m in _ARTICLE.finditer(text)
        if (m.group(1).lower() == "an") != (m.group(2) in "aeiouAEIOU")
    ]
    for m in _COUNT.finditer(text):
        number, words = int(m.group(1)), m.group(2)
        for unit in COUNTED:
            wrong = unit.plural if number == 1 else unit.one
            if words == wrong or words.split(" ")[0] == wrong:
                found.append(m.group(0))
    return found


def test_the_slips_are_seen() -> None:
    """The reader of slips itself, on the mistakes the issue names and on right English."""
    assert slips("You joined a Agents of M.A.R.S. table.") == ["a A"]
    assert slips("an Ley Lines table") == ["an L"]
    assert slips("the final board after 1 moves.") == ["1 moves"]
    wrong = ["2 move", "2 computer player", "1 replies"]
    assert slips(", ".join(wrong)) == wrong
    right = "an Agents of M.A.R.S. table, a Mars vs. Earth table, 1 move, 2 moves, 0 replies"
    assert slips(right) == []


def test_the_grammar_words() -> None:
    assert [Unit("move").of(n) for n in (0, 1, 2)] == ["0 moves", "1 move", "2 moves"]
    assert Unit("reply", "replies").of(2) == "2 replies"
    assert with_article("Agents of M.A.R.S.") == "an Agents of M.A.R.S."
    assert with_article("Mars vs. Earth", start=True) == "A Mars vs. Earth"
    assert with_article("easy-level", start=True) == "An easy-level"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "102nd",
        "111th",
    ]


USERS = (101, 202, 303)
NAMES = ("Ann", "Bob", "Cat")

Filler = Callable[[Entry, int], tuple[Any, ...]]
FILLERS: dict[str, Filler] = {
    "title": lambda entry, n: (entry.game.title,),
    "game_key": lambda entry, n: (entry.key,),
    "user_id": lambda entry, n: (USERS[0],),
    "asker": lambda entry, n: (USERS[0],),
    "user_ids": lambda entry, n: (USERS[:n],),
    "waiting": lambda entry, n: (USERS[:n],),
    "others": lambda entry, n: (USERS[1 : n + 1],),
    "names": lambda entry, n: (NAMES[:n],),
    "absent": lambda entry, n: (NAMES[:n],),
    "claimer": lambda entry, n: (NAMES[2],),
    "by": lambda entry, n: (NAMES[0], "a moderator"),
    "outcome": lambda entry, n: (
        Outcome(tuple(range(n)), None, "more points"),
        Outcome((), None, "no move left"),
        Outcome((), None, "Earth won", everyone_lost=True),
    ),
    "result": lambda entry, n: ("Ann wins (Bob resigned).",),
    "count": lambda entry, n: (n,),
    "hours": lambda entry, n: (n,),
    "moves_made": lambda entry, n: (n,),
    "least": lambda entry, n: (n,),
    "most": lambda entry, n: (n, n + 1),
    "finished": lambda entry, n: (False, True),
    "ping": lambda entry, n: (False, True),
    "undoable": lambda entry, n: (False, True),
    "left": lambda entry, n: (Unit("hour").of(n),),
    "notation": lambda entry, n: ("L c3",),
    "line": lambda entry, n: (wording.earlier(n),),
    "status": lambda entry, n: ("lobby", "active"),
    "seated": lambda entry, n: (tuple((u, None) for u in USERS[:n]), ((USERS[0], "easy"),)),
    "options_shown": lambda entry, n: ((), ("first: random",)),
    "length": lambda entry, n: (None, f"A game runs {Unit('turn').of(n)}."),
}
"""How to fill each parameter of a wording template, for a game and a count (1 or 2): every
value worth trying."""


def templates() -> Iterator[tuple[str, Callable[..., Any]]]:
    """Every public function of the service's wording (each makes a line players read)."""
    for name, function in vars(wording).items():
        ours = inspect.isfunction(function) and function.__module__ == wording.__name__
        if ours and not name.startswith("_"):
            yield name, function


def test_every_parameter_of_every_template_is_known() -> None:
    unknown = {
        f"wording.{name}({parameter})"
        for name, function in templates()
        for parameter in inspect.signature(function).parameters
        if parameter not in FILLERS
    }
    assert not unknown, f"say in FILLERS how to fill {sorted(unknown)}"


@pytest.mark.parametrize("key", sorted(CATALOGUE))
@pytest.mark.parametrize("count", [1, 2])
def test_every_template_reads_right_for_every_game_with_one_and_two(key: str, count: int) -> None:
    entry = CATALOGUE[key]
    texts = 0
    for name, function in templates():
        parameters = list(inspect.signature(function).parameters)
        choices = [FILLERS[p](entry, count) for p in parameters]
        for values in itertools.product(*choices):
            said = function(**dict(zip(parameters, values, strict=True)))
            if isinstance(said, str):
                texts += 1
                assert not slips(said), f"wording.{name}{values}: {said!r}"
    assert texts > 50


def test_the_lines_that_count_say_one_and_two_right() -> None:
    """Templates where the count is the point, seen whole."""
    assert wording.board_again("Ley Lines of Mars", 1, finished=True).endswith("after 1 move.")
    assert wording.board_again("Ley Lines of Mars", 2, finished=True).endswith("after 2 moves.")
    assert wording.players_wanted(2, 2) == "2 players"
    assert wording.earlier(1) == "… 1 earlier line: see `/history`."
    assert wording.earlier_count(wording.earlier(1)) == 1
    assert wording.earlier_count(wording.earlier(2)) == 2
    assert wording.joined("Agents of M.A.R.S.").startswith("You joined an Agents of M.A.R.S. ")


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_a_whole_game_narrated_and_described_reads_right(key: str) -> None:
    """Along a seeded random game: every event's text and the alt text of every public board."""
    entry = CATALOGUE[key]
    for state, _, _, events in playout(entry.game, SEEDS[0], entry.game.min_players):
        for text in [
            *(e.text for e in events),
            entry.renderer.describe(entry.game.view(state, None)),
        ]:
            assert not slips(text), text


PLURALS = {unit.plural for unit in COUNTED}


def _joined_slips(node: ast.JoinedStr) -> Iterator[str]:
    """In an f-string: an article written before a value (`a {title}`), or a value followed
    by a counted noun's plural (`{n} moves`)."""
    for before, after in itertools.pairwise(node.values):
        if isinstance(before, ast.Constant) and isinstance(after, ast.FormattedValue):
            if re.search(r"(^|\W)(a|an|A|An) $", str(before.value)):
                yield f"{before.value!r} before {ast.unparse(after.value)}"
        elif isinstance(before, ast.FormattedValue) and isinstance(after, ast.Constant):
            words = str(after.value).split(" ")[1:3]
            if words and {words[0], " ".join(words)} & PLURALS:
                yield f"{ast.unparse(before.value)} before {after.value!r}"


def _plural_made(node: ast.AST) -> bool:
    """A plural made by a condition (`'s' if n != 1 else ''`, `'s' * (n != 1)`)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        return isinstance(node.left, ast.Constant) and node.left.value in ("s", "es")
    if not isinstance(node, ast.IfExp):
        return False
    words = [x.value for x in (node.body, node.orelse) if isinstance(x, ast.Constant)]
    if len(words) != 2 or not all(isinstance(word, str) for word in words):
        return False
    one, many = sorted(words, key=len)
    return many in (f"{one}s", f"{one}es", f"{one[:-1]}ies")


def _source_slips(path: Path) -> Iterator[str]:
    """Hand-made grammar words in a module (see `_joined_slips` and `_plural_made`)."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.JoinedStr):
            yield from (f"{where}: {slip}" for slip in _joined_slips(node))
        elif _plural_made(node):
            yield f"{where}: {ast.unparse(node)}"


def test_no_module_of_the_bot_or_the_pictures_makes_its_own_grammar_words() -> None:
    found = [
        slip
        for package in ("bot", "club", "render")
        for path in sorted((ROOT / package).rglob("*.py"))
        for slip in _source_slips(path)
    ]
    assert not found, "use engine.words (Unit.of, with_article):\n" + "\n".join(found)
