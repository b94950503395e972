"""How a lobby words the chosen options: yes/no for yes-or-no options, labels for special
values, a unit after every quantity, and only the options that matter given the others."""

from __future__ import annotations

import pytest

from club.catalogue import CATALOGUE
from engine.core import FIRST_PLAYER, Option, resolve_options
from engine.words import Unit

UNITS = {
    ("agents", "colours"): "colour",
    ("agents", "fifth"): "points a pip",
    ("albiorix", "limit"): "moves and mixes",
    ("marsvsearth", "timer"): "minute",
    ("marsvsearth", "answer"): "minute",
}
"""Every option that is a quantity, by game and name, and the words its shown value carries
(the option's own name where it says what it counts). The others are yes-or-no options, the
first player (a seat, not a quantity) and options whose every choice is a word."""


def shown(key: str, given: dict[str, object]) -> list[str]:
    game = CATALOGUE[key].game
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
    assert "fifth: -2 points a pip" in five and "colours: 5" in five


def is_quantity(option: Option) -> bool:
    """A number the lobby shows as a number (not yes/no, not a seat, not words without a
    number for each choice)."""
    labels = dict(option.labels)
    worded = bool(option.choices) and all(
        c in labels and not any(ch.isdigit() for ch in labels[c]) for c in option.choices
    )
    return option.kind is int and option is not FIRST_PLAYER and not worded


def samples(option: Option) -> list[int]:
    """Values to show: the default, the bounds and the choices, but no special value (which
    the lobby shows as a word, such as `none`)."""
    values = {option.default, *option.choices}
    values |= {v for v in (option.minimum, option.maximum) if v is not None}
    values |= {1} if option.minimum is not None and option.minimum <= 1 else set()
    return sorted(v for v in values if v not in dict(option.labels) or option.choices)


def test_every_quantity_is_listed_with_its_unit() -> None:
    quantities = {
        (key, option.name)
        for key, game in ((key, entry.game) for key, entry in CATALOGUE.items())
        for option in game.options
        if is_quantity(option)
    }
    assert quantities == set(UNITS)


@pytest.mark.parametrize(("key", "name"), sorted(UNITS))
def test_every_quantity_names_its_unit(key: str, name: str) -> None:
    [option] = [o for o in CATALOGUE[key].game.options if o.name == name]
    for value in samples(option):
        text = option.show(value)
        assert text.startswith(f"{name}: ") and str(abs(value)) in text, text
        assert UNITS[key, name] in text, text


def test_one_of_a_unit_is_singular() -> None:
    minutes = Unit("minute", "minutes")
    assert (minutes.of(1), minutes.of(0), minutes.of(5)) == ("1 minute", "0 minutes", "5 minutes")
    timer = next(o for o in CATALOGUE["marsvsearth"].game.options if o.name == "timer")
    assert (timer.show(1), timer.show(5), timer.show(0)) == (
        "timer: 1 minute",
        "timer: 5 minutes",
        "timer: none",
    )
    assert shown("marsvsearth", {}) == [
        "first: random",
        "promotion: no",
        "contribution: open",
        "timer: 5 minutes",
        "answer: 2 minutes",
    ]
    assert "limit: 500 moves and mixes" in shown("albiorix", {})
