"""Every game's guide (`/rules`) opens with a quick start of a minute's reading, and its full
text repeats the rulings its engine module states, word for word.

Convention: in the docstring of the module that defines a game's class, a line starting with
`Rulings` begins a list of bullets `- text` (continuation lines indented), ending at a blank line
or at the end. Each bullet's text, with whitespace collapsed and `*` and backquotes removed, must
appear in the game's full guide normalised the same way. Full guides are sent split at blank
lines, so each blank-line-separated paragraph stays under 1,900 characters.

A quick start has at most 1,200 characters and says the goal, a turn, how to win and the
notation (on one line).
"""

from __future__ import annotations

import inspect
import re

import pytest

from club.catalogue import CATALOGUE
from club.guides.guide import QUICK_LIMIT, Guide

PARAGRAPH_LIMIT = 1900


def normalised(text: str) -> str:
    """`text` with `*` and backquotes removed and whitespace collapsed to single spaces."""
    return " ".join(re.sub(r"[*`]", "", text).split())


def rulings(docstring: str) -> list[str]:
    """The bullets of the `Rulings` list in `docstring`, each as one normalised text."""
    bullets: list[str] = []
    inside = False
    for line in docstring.splitlines():
        if not inside:
            inside = line.startswith("Rulings")
            continue
        if not line.strip():
            break
        if line.startswith("- "):
            bullets.append(line[2:])
        elif bullets and line.startswith(" "):
            bullets[-1] += " " + line.strip()
    return [normalised(bullet) for bullet in bullets]


def docstring_of(key: str) -> str:
    module = inspect.getmodule(type(CATALOGUE[key].game))
    assert module is not None and module.__doc__ is not None
    return module.__doc__


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_ruling_is_in_the_guide(key: str) -> None:
    found = rulings(docstring_of(key))
    assert found, f"{key}: the module docstring has no `Rulings` bullets"
    guide = normalised(CATALOGUE[key].guide.full)
    missing = [bullet for bullet in found if bullet not in guide]
    assert not missing, f"{key}: rulings missing from the guide: {missing}"


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_each_paragraph_of_the_guide_fits_a_message(key: str) -> None:
    for paragraph in CATALOGUE[key].guide.full.split("\n\n"):
        assert len(paragraph) < PARAGRAPH_LIMIT, paragraph[:80]


def test_the_convention_reads_bullets_and_continuations() -> None:
    text = "Intro.\n\nRulings (ours):\n- One *rule*\n  goes on.\n- `Two`.\n\nNot a ruling.\n"
    assert rulings(text) == ["One rule goes on.", "Two."]


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_the_quick_start_reads_in_a_minute(key: str) -> None:
    quick = CATALOGUE[key].guide.quick
    assert len(quick) <= QUICK_LIMIT
    assert quick.startswith(f"**{CATALOGUE[key].game.title} in a minute**")
    words = normalised(quick).lower()
    assert "goal" in words and ("turn" in words or "round" in words)
    assert "win" in words
    [notation] = [line for line in quick.splitlines() if line.startswith("**Notation:**")]
    assert "`" in notation
    assert normalised(quick) not in normalised(CATALOGUE[key].guide.full)


def test_a_quick_start_over_the_limit_is_refused() -> None:
    with pytest.raises(ValueError, match="over 1200"):
        Guide(quick="x" * (QUICK_LIMIT + 1), full="")
