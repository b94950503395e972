"""Every game's guide (`/rules`) repeats the rulings its engine module states, word for word.

Convention: in the docstring of the module that defines a game's class, a line starting with
`Rulings` begins a list of bullets `- text` (continuation lines indented), ending at a blank line
or at the end. Each bullet's text, with whitespace collapsed and `*` and backquotes removed, must
appear in the game's guide normalised the same way. Guides are sent split at blank lines, so
each blank-line-separated paragraph stays under 1,900 characters.
"""

from __future__ import annotations

import inspect
import re

import pytest

from bot.guides import GUIDES
from engine.registry import GAMES

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
    module = inspect.getmodule(type(GAMES[key]))
    assert module is not None and module.__doc__ is not None
    return module.__doc__


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_ruling_is_in_the_guide(key: str) -> None:
    found = rulings(docstring_of(key))
    assert found, f"{key}: the module docstring has no `Rulings` bullets"
    guide = normalised(GUIDES[key])
    missing = [bullet for bullet in found if bullet not in guide]
    assert not missing, f"{key}: rulings missing from the guide: {missing}"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_each_paragraph_of_the_guide_fits_a_message(key: str) -> None:
    for paragraph in GUIDES[key].split("\n\n"):
        assert len(paragraph) < PARAGRAPH_LIMIT, paragraph[:80]


def test_the_convention_reads_bullets_and_continuations() -> None:
    text = "Intro.\n\nRulings (ours):\n- One *rule*\n  goes on.\n- `Two`.\n\nNot a ruling.\n"
    assert rulings(text) == ["One rule goes on.", "Two."]
