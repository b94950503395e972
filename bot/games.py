"""The catalogue the bot plays with, built once from its configuration."""

from __future__ import annotations

import sys
from pathlib import Path

from club.catalogue import Catalogue, catalogue_with_deck_file
from engine.marsvsearth import DeckError


def catalogue_of(deck: Path | None) -> Catalogue:
    """Every game, Mars vs. Earth played with the deck file `deck` (MARSVSEARTH_DECK; None: the
    bundled deck); a bad file ends the process with one line naming the card and the problem."""
    try:
        return catalogue_with_deck_file(deck)
    except DeckError as error:
        sys.exit(f"error: MARSVSEARTH_DECK: {error}")
