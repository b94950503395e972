"""Every abbreviation a game's picture can show is explained: on the picture itself (a key, a
panel's title), in its alt text, or in the game's quick start (`/rules`).

Seeded games of each game are played through the engine at its smallest and largest tables;
along the way the public view and a player's view are drawn and described. Every word of the
drawn text and of the alt text that looks like an abbreviation (see `abbreviations`) must match
an entry of LEGENDS, and each entry it matches must be explained where the entry says: in the
same picture's drawn text, in its alt text, or in the game's quick start (which serves both).
Every entry is met at least once, so the table lists only what the pictures show.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from club.catalogue import CATALOGUE
from engine.core import Game, View
from engine.marsvsearth.effects import RESOURCES, VOCABULARY
from render import pieces as pieces_module
from tests.render.pictures import Spies

PICTURE, ALT, QUICK = "picture", "alt text", "quick start"


@dataclass(frozen=True)
class Legend:
    """An abbreviation (`shown`, a pattern the whole word matches) and where it is explained:
    the words `says`, found `where` (PICTURE: the same picture's drawn text; ALT: its alt text;
    QUICK: the game's quick start)."""

    shown: str
    where: str
    says: str


SQUARES = r"[a-h]\d?(-[a-h]\d)?"
"""A column letter on a board's edge, a square (`c3`), or a move or line between two."""

LEGENDS: dict[str, tuple[Legend, ...]] = {
    "leylines": (
        Legend(SQUARES, QUICK, "columns a-f left to right, rows 1-6 bottom to top"),
        Legend(r"[a-f]\d-[a-f]\d", QUICK, "a line named by its two end squares"),
        Legend(r"[SML]", QUICK, "S small 1 pip, M medium 2, L large 3"),
        Legend(r"x\d+", QUICK, "`S x5` under a player: 5 small pyramids left"),
    ),
    "agents": (
        Legend(SQUARES, QUICK, "squares from `a1` at the bottom left"),
        Legend(r"[RGBYP]", QUICK, "letters R G B Y P: red, green, blue, yellow, purple"),
        Legend(r"K", QUICK, "K: black"),
        Legend(r"[SML]", QUICK, "S M L: small, medium, large"),
        Legend(r"x\d+", QUICK, "`x3`: 3 left in the bag"),
        Legend(r"x", PICTURE, "Score: pips x value = points"),
        Legend(r"\?", PICTURE, "? = secret"),
        Legend(r"-", PICTURE, "- = not set yet"),
        Legend(r"\d+x\d+", QUICK, "a 7x8 board (8x8 with five colours)"),
        Legend(r"\d+/\d+/\d+", ALT, "Bag (small/medium/large)"),
    ),
    "albiorix": (
        Legend(SQUARES, QUICK, "Columns a-e, rows 1-5"),
        Legend(r"\d-\d", QUICK, "`3-1` on a square: 3 pips at the bottom under 1 on top"),
        Legend(r"\d[bo](-\d[bo])?", QUICK, "bottom first, b blue, o orange"),
        Legend(r"\d[bo](-\d[bo])?", ALT, "Pieces (bottom-top, b blue, o orange)"),
        Legend(r"[bo]", ALT, "b blue, o orange"),
    ),
    "merchants": (
        Legend(r"[BOGY]", QUICK, "B O G Y: blue, orange, green, yellow"),
        Legend(r"x\d+", QUICK, "`x3`: left in the bank"),
        Legend(r"-?\d+,-?\d+", QUICK, "planets are `x,y`"),
        Legend(r"die:goods", PICTURE, "Die goods: export or produce a good"),
        Legend(r"die:ship", PICTURE, "Die ship: move or warp a ship"),
        Legend(r"die:planet", PICTURE, "Die planet: move or discover a planet"),
        Legend(r"die:(goods|ship|planet)", QUICK, "the die's faces: goods"),
    ),
    "marsvsearth": (
        Legend(r"T\d+", PICTURE, "T1 = threat 1"),
        Legend(r"POG\*?", PICTURE, "POG = the initiative pog; POG* = taken this round"),
        Legend(r"DNA", PICTURE, "DNA by wave"),
        Legend(r"[CH]", PICTURE, "C clone, H human"),
        Legend(r"\?", PICTURE, "? face down"),
        Legend(r"-", PICTURE, "- none"),
        Legend(r"(sci|dip|mil|wild)\d*(-\w+)?", PICTURE, "sci Science, dip Diplomacy, mil"),
        Legend(r"(sci|dip|mil|wild)\d+-(?P<tail>\w+)", QUICK, "{tail}"),
        Legend(r"(?P<card>(sci|dip|mil|wild)\d+(-\w+)?)", ALT, "[{card}]"),
    ),
}
"""Per game, every abbreviation its pictures show and where it is explained."""

WORDS = """a act add all an and any are as at bad be by can cap cut did end few for get got had
has her his how in is it its let may new no not now of off old on one or our out own per put ran
red saw see set she the to too top two up use was way who why win won yes yet you vs bag die pog"""
COMMON = frozenset(WORDS.split())
"""Short words that are words, not abbreviations."""

TOKEN = re.compile(r"-?\d+(?:,-?\d+)+|[\w?*#+\-/'.]+")
DIE_FACES = re.compile(r"\b(?:goods|ship|planet)\b")
DIE_SAID = re.compile(r"(?:Die|bonus): ((?:goods|ship|planet)(?:(?: \+ | and )\w+)*)")


def is_abbreviation(word: str) -> bool:
    """A word that is a code rather than a word: letters and digits together (`c3`, `T1`,
    `mil2-seize`), numbers joined by dashes, commas or slashes (`3-1`, `0,1`, `3/2/1`), up to
    four capitals (`POG`, `K`), a lone `?`, `-` or `*`, or a short lowercase word that is no
    common word."""
    return bool(
        re.search(r"[A-Za-z]\d|\d[A-Za-z]", word)
        or re.fullmatch(r"-?\d+(?:[-,/]-?\d+)+", word)
        or re.fullmatch(r"[A-Z]{1,4}\*?", word)
        or word in ("?", "-", "*")
        or (re.fullmatch(r"[a-z]{1,3}", word) and word not in COMMON)
    )


def abbreviations(key: str, text: str) -> Iterator[str]:
    """The abbreviations in one drawn text or alt text of game `key` (a text cut short with an
    ellipsis loses its cut word). A Martian Merchants die face is a code wherever the die is
    said (`Die: ship + planet`, `bonus: ship and planet`, or a face written alone)."""
    if text.endswith("…"):
        text = text[: text.rfind(" ") + 1]
    for found in TOKEN.findall(text):
        word = found.rstrip(".") or found  # `M.A.R.S.` is a name, `c3.` ends a sentence
        if is_abbreviation(word.strip("-") or word):
            yield word
    if key == "merchants":
        said = [m.group(1) for m in DIE_SAID.finditer(text)]
        faces = [face for part in said for face in DIE_FACES.findall(part)]
        if DIE_FACES.fullmatch(text):
            faces.append(text)
        yield from (f"die:{face}" for face in faces)


def positions(game: Game[Any, Any], players: int, seed: int) -> Iterator[View]:
    """The public view and one player's view at every 9th position of a seeded random game,
    and at its end."""
    names = ["Ann", "Bob", "Cid", "Dot", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"][:players]
    state = game.new_game(names, {}, seed)
    rng = random.Random(seed)
    for count in range(4000):
        over = not game.actors(state)
        if count % 9 == 0 or over:
            yield game.view(state, None)
            yield game.view(state, count % players)
        if over:
            return
        seat = rng.choice(sorted(game.actors(state)))
        state, _ = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))


def explained(legend: Legend, word: str, drawn: str, alt: str, quick: str) -> bool:
    found = re.fullmatch(legend.shown, word)
    assert found is not None
    says = legend.says.format(**{k: v or "" for k, v in found.groupdict().items()})
    return says in {PICTURE: drawn, ALT: alt, QUICK: quick}[legend.where]


def test_the_detector_finds_codes_and_leaves_words() -> None:
    said = "Last: Ann placed the S on c3 · DNA ? hand 3 · T1 (resolves #1) · 3-1 · 0,1 · x3"
    assert list(abbreviations("agents", said)) == ["S", "c3", "DNA", "?", "T1", "3-1", "0,1", "x3"]
    assert list(abbreviations("marsvsearth", "Bad: mil2-seize, dip1 · 5 min")) == [
        "mil2-seize",
        "dip1",
        "min",
    ]
    assert list(abbreviations("merchants", "Last: Ann consume 0,0 · Die: ship + planet")) == [
        "0,0",
        "die:ship",
        "die:planet",
    ]
    assert list(abbreviations("merchants", "ship")) == ["die:ship"]
    assert list(abbreviations("merchants", "Die: the ship and the planet")) == []


def test_every_effect_of_a_card_code_is_in_the_quick_start() -> None:
    quick = CATALOGUE["marsvsearth"].guide.quick
    tags = {kind.tag for kind in VOCABULARY.values() if not kind.resource}
    tags |= {f"{kind.tag}{r}" for kind in VOCABULARY.values() if kind.resource for r in RESOURCES}
    assert {tag for tag in tags if f"{tag} " not in quick and f"{tag}," not in quick} == set()


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_every_abbreviation_on_a_picture_is_explained(key: str, spies: Spies) -> None:
    game, legends = CATALOGUE[key].game, LEGENDS[key]
    pieces_module._marked_sprite.cache_clear()  # so that letters on pieces are written again
    quick = CATALOGUE[key].guide.quick
    met: set[Legend] = set()
    unexplained: dict[str, str] = {}
    for players in sorted({game.min_players, game.max_players}):
        for seed in (1, 2):
            for view in positions(game, players, seed):
                spies.written.clear()
                renderer = CATALOGUE.renderer_for(view)
                renderer.draw(view)
                texts = [w.text for w in spies.written]
                drawn, alt = " ".join(" ".join(texts).split()), renderer.describe(view)
                found = [(word, PICTURE) for text in texts for word in abbreviations(key, text)]
                found += [(word, ALT) for word in abbreviations(key, alt)]
                for word, medium in found:
                    fitting = [
                        legend
                        for legend in legends
                        if legend.where in (medium, QUICK) and re.fullmatch(legend.shown, word)
                    ]
                    if not fitting:
                        unexplained[word] = f"no legend in LEGENDS ({medium})"
                    for legend in fitting:
                        met.add(legend)
                        if not explained(legend, word, drawn, alt, quick):
                            unexplained[word] = f"{legend.says!r} is not in the {legend.where}"
    assert not unexplained, unexplained
    assert set(legends) == met, f"never met: {set(legends) - met}"
