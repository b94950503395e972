"""The games this bot runs, one record each: the composition root of a game.

An `Entry` pairs an engine game with its picture (`render`), its guide (`/rules`), its lesson
(`/learn`, optional), its computer players' kit (`ai.kits`, optional for an open game) and its
table sizes; `catalogue_for` builds the catalogue of every game, once, from the configuration
(the Mars vs. Earth deck is a parameter, as OpenSpiel's `load_game(name, params)`), and the bot
passes it to its service, its cogs and each of its worker processes; nothing rewrites it.
`CATALOGUE` is the one built with the bundled deck. A catalogue checks each entry as it is
built and refuses an incomplete or mismatched one with an error naming the game and the piece.
Nothing else in the bot keys tables by game name: adding a game is its engine package, its
renderer, its guide, optionally its lesson and AI kit, and one line here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ai import LEVELS
from ai.kit import Kit, generic
from ai.kits import agents as agents_ai
from ai.kits import albiorix as albiorix_ai
from ai.kits import leylines as leylines_ai
from ai.kits import marsvsearth as marsvsearth_ai
from ai.kits import merchants as merchants_ai
from club.guides import agents as agents_guide
from club.guides import albiorix as albiorix_guide
from club.guides import leylines as leylines_guide
from club.guides import marsvsearth as marsvsearth_guide
from club.guides import merchants as merchants_guide
from club.guides.guide import Guide
from club.learn.lesson import Lesson
from club.learn.lessons import agents as agents_lesson
from club.learn.lessons import albiorix as albiorix_lesson
from club.learn.lessons import leylines as leylines_lesson
from club.learn.lessons import marsvsearth as marsvsearth_lesson
from club.learn.lessons import merchants as merchants_lesson
from engine.agents import GAME as AGENTS
from engine.albiorix import GAME as ALBIORIX
from engine.core import Game, View
from engine.leylines import GAME as LEYLINES
from engine.marsvsearth import GAME as MARSVSEARTH
from engine.marsvsearth import Deck, MarsVsEarth, load_deck
from engine.merchants import GAME as MERCHANTS
from engine.words import with_article
from render import agents as agents_render
from render import albiorix as albiorix_render
from render import leylines as leylines_render
from render import marsvsearth as marsvsearth_render
from render import merchants as merchants_render
from render.renderer import Renderer

SEARCH_LEVELS = frozenset(LEVELS)
"""The levels the computer players' search has (`ai.LEVELS`), which a table may be asked for."""
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
    league_tables: tuple[int, ...] = ()
    """The table sizes a table-Swiss league seats this game at (none: the game is played in
    two-player leagues only, or in none)."""

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


class Catalogue(Mapping[str, Entry]):
    """Entries by game key, each checked as it is put in (see `Entry.check`), in the order they
    are listed to players; read-only. It crosses to a worker process as `rebuilt_by`, a
    function and its arguments that build it again there (`catalogue_for` and its deck); one
    without (a test's own games) does not cross."""

    def __init__(
        self,
        entries: Iterable[Entry],
        *,
        rebuilt_by: tuple[Callable[..., Catalogue], tuple[Any, ...]] | None = None,
    ) -> None:
        self._entries: dict[str, Entry] = {}
        self._rebuilt_by = rebuilt_by
        for entry in entries:
            entry.check()
            if entry.key in self._entries:
                raise CatalogueError(f"{entry.key}: two entries")
            self._entries[entry.key] = entry

    def __reduce__(self) -> tuple[Any, ...]:
        if self._rebuilt_by is None:
            raise TypeError("this catalogue cannot be built again in a worker process")
        return self._rebuilt_by

    def __getitem__(self, key: str) -> Entry:
        return self._entries[key]

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


def catalogue_for(deck: Deck | None = None) -> Catalogue:
    """Every game this bot runs, in the order they are listed to players, Mars vs. Earth played
    with `deck` (None: the bundled deck)."""
    marsvsearth = MARSVSEARTH if deck is None else MarsVsEarth(deck)
    return Catalogue(
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
                AGENTS,
                agents_render.RENDERER,
                agents_guide.GUIDE,
                agents_lesson.LESSON,
                agents_ai.KIT,
            ),
            Entry(
                MERCHANTS,
                merchants_render.RENDERER,
                merchants_guide.GUIDE,
                merchants_lesson.LESSON,
                merchants_ai.KIT,
                league_tables=(3, 4),
            ),
            Entry(
                marsvsearth,
                marsvsearth_render.RENDERER,
                marsvsearth_guide.GUIDE,
                marsvsearth_lesson.LESSON,
                marsvsearth_ai.KIT,
                league_tables=tuple(range(5, 11)),
            ),
        ),
        rebuilt_by=(catalogue_for, (deck,)),
    )


def catalogue_with_deck_file(path: str | Path | None) -> Catalogue:
    """`catalogue_for` the Mars vs. Earth deck in the file at `path` (None: the bundled deck).
    The file is read and checked now; a bad file raises `DeckError` naming the card and the
    problem."""
    return catalogue_for(None if path is None else load_deck(path))


CATALOGUE = catalogue_for()
"""Every game, Mars vs. Earth with the bundled deck (a constant: nothing rewrites it)."""
