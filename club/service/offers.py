"""What a table offers its players to press: the public board's buttons, and pickers of a
seat's legal moves that narrow step by step when there are too many to list."""

from __future__ import annotations

from club.service.tables import Table
from club.service.updates import Choice, Controls
from engine.core import Seat

PICKER_CHOICES = 25
"""A picker offers at most 25 choices, narrowing beyond (the controls show a picker as one select
menu, which holds 25 options)."""


def buttons(table: Table, moves_made: int) -> Controls | None:
    """The public board's buttons, if the game offers any now; Rematch once it is over."""
    if table.over:
        return Controls(table.row.id, moves_made, rematch=True)
    shown = table.game.view(table.state, None).buttons
    if not shown:
        return None
    actors = table.game.actors(table.state)
    return Controls(table.row.id, moves_made, buttons=shown, offered_to=actors)


def picker(table: Table, seat: Seat, prefix: str, moves_made: int) -> Controls | None:
    """A picker of `seat`'s legal moves whose notation begins with `prefix`.

    Up to 25 moves are offered whole; beyond that, the distinct next words (or, when a word has
    more than 25 values, its next letters), so that each choice narrows the list.
    """
    start = prefix.strip().casefold()
    matching = [
        text
        for text in table.game.legal(table.state, seat).notations
        if text.casefold().startswith(start)
    ]
    if not matching:
        return None
    if len(matching) <= PICKER_CHOICES:
        choices = tuple(Choice(text, text, True) for text in matching)
    else:
        heads = narrower_prefixes(matching, len(start))
        whole = {h for h in heads if [t for t in matching if t.startswith(h)] == [h]}
        choices = tuple(
            Choice(head if head in whole else f"{head} ...", head, head in whole) for head in heads
        )
    return Controls(
        table.row.id,
        moves_made,
        prefix=prefix.strip(),
        choices=choices,
        offered_to=frozenset({seat}),
    )


def secret_moves(table: Table, seat: Seat) -> bool:
    """Whether `seat` may act now and has moves to choose in private: secret ones, or ones
    the game keeps off the board's buttons (see `Game.chosen_privately`)."""
    legal = table.game.legal(table.state, seat)
    return any(table.game.chosen_privately(move) for move in legal.moves)


def suggestions(table: Table, seat: Seat, typed: str) -> list[str]:
    """The seat's legal moves whose notation contains `typed` (all of them), from the notations
    the engine keeps for this state."""
    wanted = typed.strip().casefold()
    return [t for t in table.game.legal(table.state, seat).notations if wanted in t.casefold()]


def narrower_prefixes(texts: list[str], known: int) -> list[str]:
    """At most 25 distinct beginnings of `texts`, longer than their shared first `known`
    characters: whole next words where they split the texts into 2 to 25 groups, else next
    letters; a beginning they all share is skipped over."""
    while True:
        words = list(dict.fromkeys(text[: _word_end(text, known)] for text in texts))
        heads = words
        if len(words) > PICKER_CHOICES:
            heads = list(dict.fromkeys(text[: _letter_end(text, known)] for text in texts))
        if len(heads) != 1 or heads[0] in texts:
            return heads[:PICKER_CHOICES]
        known = len(heads[0])


def _word_end(text: str, start: int) -> int:
    """Where the word at or after `start` ends."""
    while start < len(text) and text[start] == " ":
        start += 1
    end = text.find(" ", start)
    return len(text) if end < 0 else end


def _letter_end(text: str, start: int) -> int:
    """Just after the first letter at or after `start`."""
    while start < len(text) and text[start] == " ":
        start += 1
    return min(start + 1, len(text))
