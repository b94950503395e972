"""The grammar words every message shares: a count with its noun (`1 move`, `2 moves`), the
article before a word (`a Mars vs. Earth table`, `an Agents of M.A.R.S. table`) and ordinals
(`3rd`). Every text a player reads, from the engine's narration to the bot's replies and the
pictures' alt text, takes them from here."""

from __future__ import annotations

from dataclasses import dataclass

VOWELS = frozenset("aeiouAEIOU")


@dataclass(frozen=True)
class Unit:
    """What a number counts, in words for one and for several: `Unit("minute")` (the plural
    adds an s), `Unit("reply", "replies")`; or a verb that agrees with it, `Unit("wins", "win")`."""

    one: str
    many: str = ""

    @property
    def plural(self) -> str:
        return self.many or f"{self.one}s"

    def word(self, count: float) -> str:
        """The word for `count` of it: the singular for 1 and -1 only (`1 minute`, `0 minutes`,
        `1.5 minutes`)."""
        return self.one if abs(count) == 1 else self.plural

    def of(self, count: int) -> str:
        """`1 minute`, `0 minutes`, `5 minutes`."""
        return f"{count} {self.word(count)}"


def with_article(words: str, *, start: bool = False) -> str:
    """`a Mars vs. Earth`, `an Agents of M.A.R.S.`: the indefinite article by the first letter
    of `words` (a vowel letter takes `an`), capitalised to `start` a sentence."""
    article = "an" if words[:1] in VOWELS else "a"
    return f"{article.capitalize() if start else article} {words}"


def ordinal(number: int) -> str:
    """`1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`."""
    teens = 10 <= number % 100 <= 20
    suffix = "th" if teens else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
