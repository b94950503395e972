"""The games this bot runs, one record each: the composition root of a game.

An `Entry` pairs an engine game with its picture (`render`), its guide (`/rules`), its lesson
(`/learn`, optional), its computer players' kit (`ai.kits`, optional for an open game) and its
table sizes; `CATALOGUE` holds one line per game. A catalogue checks each entry as it is put
in (when the bot starts) and refuses an incomplete or mismatched one with an error naming the
game and the piece. Nothing else in the bot keys tables by game name: adding a game is its
engine package, its renderer, its guide, optionally its lesson and AI kit, and one line here.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, MutableMapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ai.kit import Kit, generic
from ai.kits import agents as agents_ai
from ai.kits import albiorix as albiorix_ai
from ai.kits import leylines as leylines_ai
from ai.kits import marsvsearth as marsvsearth_ai
from ai.kits import merchants as merchants_ai
from bot.guides import agents as agents_guide
from bot.guides import albiorix as albiorix_guide
from bot.guides import leylines as leylines_guide
from bot.guides import marsvsearth as marsvsearth_guide
from bot.guides import merchants as merchants_guide
from bot.guides.guide import Guide
from bot.learn.lesson import Lesson
from bot.learn.lessons import agents as agents_lesson
from bot.learn.lessons import albiorix as albiorix_lesson
from bot.learn.lessons import leylines as leylines_lesson
from bot.learn.lessons import marsvsearth as marsvsearth_lesson
from bot.learn.lessons import merchants as merchants_lesson
from engine.agents import GAME as AGENTS
from engine.albiorix import GAME as ALBIORIX
from engine.core import Game, View
from engine.leylines import GAME as LEYLINES
from engine.marsvsearth import GAME as MARSVSEARTH
from engine.marsvsearth import Deck, DeckError, MarsVsEarth, load_deck
from engine.merchants import GAME as MERCHANTS
from engine.words import with_article
from render import agents as agents_render
from render import albiorix as albiorix_render
from render import leylines as leylines_render
from render import marsvsearth as marsvsearth_render
from render import merchants as merchants_render
from render.renderer import Renderer

REQUIRED = ("renderer", "guide")
"""The pieces every entry has (a lesson and a kit may be None)."""
LOSS_DEPTHS = (1, 2)
"""How many replies deep a kit may have the search look for a loss at once (`ai.kit.Kit`)."""


class CatalogueError(Exception):
    """An entry that is missing a piece or whose pieces belong to another game."""


@dataclass(frozen=True)
class Entry:
    """One game as the bot runs it: the engine `game`, the `renderer` of its views, its
    `guide`, its `lesson` (None: no lesson yet) and its computer players' `kit` (None: the
    generic kit of its nature, see `Entry.ai`), which declares among other things how deep the
    search looks for a loss at once (`Kit.loss_depth`: two replies in Albiorix)."""

    game: Game[Any, Any]
    renderer: Renderer[Any]
    guide: Guide
    lesson: Lesson | None
    kit: Kit | None

    @property
    def ai(self) -> Kit | None:
        """The kit the computer players play with: the game's own, else the generic one of its
        nature (`ai.kit.generic`); None when the search cannot play it (hidden information and
        no kit), so only the random level may sit at its tables."""
        return self.kit if self.kit is not None else generic(self.game)

    @property
    def key(self) -> str:
        return self.game.key

    @property
    def sizes(self) -> range:
        """The numbers of players a table of this game may seat."""
        return range(self.game.min_players, self.game.max_players + 1)

    def check(self) -> None:
        """Refuse a missing piece, or a piece made for another game, naming both."""
        name = getattr(self.game, "key", None)
        if not isinstance(name, str):
            raise CatalogueError("an entry's game is missing")
        pieces = {"renderer": Renderer, "guide": Guide, "lesson": Lesson, "kit": Kit}
        for piece, kind in pieces.items():
            found = getattr(self, piece)
            if not isinstance(found, kind) and (found is not None or piece in REQUIRED):
                raise CatalogueError(f"{name}: the {piece} is missing")
        if self.kit is not None and self.kit.loss_depth not in LOSS_DEPTHS:
            raise CatalogueError(
                f"{name}: the kit's loss depth is {self.kit.loss_depth}, not 1 or 2 replies"
            )
        if getattr(self.game, "information", None) not in ("open", "hidden"):
            raise CatalogueError(f"{name}: the game does not declare its information")
        if not isinstance(getattr(self.game, "chance", None), bool):
            raise CatalogueError(f"{name}: the game does not declare whether chance plays a part")
        title = f"**{self.game.title} in a minute**"
        if not self.guide.quick.startswith(title):
            raise CatalogueError(f"{name}: the guide's quick start does not open with {title}")
        if self.lesson is not None and self.lesson.game.key != self.key:
            raise CatalogueError(f"{name}: the lesson is for {self.lesson.game.key}")
        names = [f"Player {n + 1}" for n in range(self.game.min_players)]
        view = self.game.view(self.game.new_game(names, {}, 0), None)
        if not isinstance(view, self.renderer.view_type):
            raise CatalogueError(
                f"{name}: the renderer draws {self.renderer.view_type.__name__}, "
                f"the game's views are {type(view).__name__}"
            )


class Catalogue(MutableMapping[str, Entry]):
    """Entries by game key, each checked as it is put in (see `Entry.check`): when the bot
    starts, when a Mars vs. Earth deck file replaces the bundled deck (in the bot and in each of
    its worker processes), and when a test puts in a game of its own."""

    def __init__(self, entries: Iterable[Entry]) -> None:
        self._entries: dict[str, Entry] = {}
        for entry in entries:
            entry.check()
            if entry.key in self._entries:
                raise CatalogueError(f"{entry.key}: two entries")
            self._entries[entry.key] = entry

    def __getitem__(self, key: str) -> Entry:
        return self._entries[key]

    def __setitem__(self, key: str, entry: Entry) -> None:
        entry.check()
        if entry.key != key:
            raise CatalogueError(f"{key}: the entry is for {entry.key}")
        self._entries[key] = entry

    def __delitem__(self, key: str) -> None:
        del self._entries[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def game(self, key: str) -> Game[Any, Any] | None:
        """The engine game called `key`, None for a key this bot does not know."""
        entry = self._entries.get(key)
        return None if entry is None else entry.game

    def renderer_for(self, view: View) -> Renderer[Any]:
        """The renderer of `view`'s game; TypeError for a view no game here draws (such as the
        bare `View`)."""
        for entry in self._entries.values():
            if type(view) is entry.renderer.view_type:
                return entry.renderer
        raise TypeError(f"no game draws {with_article(type(view).__name__)}")


CATALOGUE = Catalogue(
    (
        Entry(
            LEYLINES,
            leylines_render.RENDERER,
            leylines_guide.GUIDE,
            leylines_lesson.LESSON,
            leylines_ai.KIT,
        ),
        Entry(
            ALBIORIX,
            albiorix_render.RENDERER,
            albiorix_guide.GUIDE,
            albiorix_lesson.LESSON,
            albiorix_ai.KIT,
        ),
        Entry(
            AGENTS, agents_render.RENDERER, agents_guide.GUIDE, agents_lesson.LESSON, agents_ai.KIT
        ),
        Entry(
            MERCHANTS,
            merchants_render.RENDERER,
            merchants_guide.GUIDE,
            merchants_lesson.LESSON,
            merchants_ai.KIT,
        ),
        Entry(
            MARSVSEARTH,
            marsvsearth_render.RENDERER,
            marsvsearth_guide.GUIDE,
            marsvsearth_lesson.LESSON,
            marsvsearth_ai.KIT,
        ),
    )
)
"""Every game this bot runs, in the order they are listed to players."""


def use_marsvsearth_deck(path: str | Path) -> None:
    """Play Mars vs. Earth with the deck file at `path` instead of the bundled one.

    The file is read and checked now; a bad file raises `DeckError` naming the card and problem.
    """
    install_marsvsearth_deck(load_deck(path))


def use_deck(path: Path | None) -> None:
    """Play Mars vs. Earth with the deck file at `path` (None: the bundled deck); a bad file
    ends the process with one line naming the card and the problem."""
    if path is not None:
        try:
            use_marsvsearth_deck(path)
        except DeckError as error:
            sys.exit(f"error: MARSVSEARTH_DECK: {error}")


def install_marsvsearth_deck(deck: Deck) -> None:
    """Play Mars vs. Earth with `deck` (read from a file by `use_marsvsearth_deck`; a worker
    process installs the bot's, see `bot.play.worker_start`)."""
    CATALOGUE[MARSVSEARTH.key] = replace(CATALOGUE[MARSVSEARTH.key], game=MarsVsEarth(deck))


def marsvsearth_deck() -> Deck | None:
    """The deck that replaced the bundled one in this process, None while the bundled deck is
    played."""
    game = CATALOGUE[MARSVSEARTH.key].game
    return game.deck if isinstance(game, MarsVsEarth) and game is not MARSVSEARTH else None
