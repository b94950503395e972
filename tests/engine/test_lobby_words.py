"""How a lobby words the chosen options: yes/no for yes-or-no options, labels for special
values, and only the options that matter given the others."""

from __future__ import annotations

from engine.core import FIRST_PLAYER, Option, resolve_options
from engine.registry import GAMES


def shown(key: str, given: dict[str, object]) -> list[str]:
    game = GAMES[key]
    chosen = resolve_options(game.options, given)
    return [o.show(chosen[o.name]) for o in game.options if o.applies(chosen)]


def test_yes_or_no_options_read_as_words() -> None:
    flag = Option("trading", bool, False, "Trading variant.")
    assert flag.show(True) == "trading: yes" and flag.show(False) == "trading: no"
    assert FIRST_PLAYER.show(0) == "first: random" and FIRST_PLAYER.show(2) == "first: 2"
    assert shown("merchants", {"trading": True}) == ["first: random", "trading: yes"]


def test_options_that_do_not_apply_are_hidden() -> None:
    four = shown("agents", {})
    assert not any(text.startswith("fifth") for text in four)
    assert "blind: no" in four and not any("True" in t or "False" in t for t in four)
    five = shown("agents", {"colours": 5, "fifth": -2})
    assert "fifth: -2" in five and "colours: 5" in five
