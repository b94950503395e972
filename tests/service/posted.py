"""What an update posts, as the tests read it: its projection (`TableUpdate.told`), the one
shape the courier delivers."""

from __future__ import annotations

from club.service import Notice, TableUpdate
from engine.core import View


def posted(update: TableUpdate) -> str:
    """The channel's text: every post's narration and footer, in order."""
    return "\n".join(post.text for post in update.told.posts)


def board(update: TableUpdate) -> View | None:
    """The board the channel's last post shows (None: the picture already there stays)."""
    return update.told.posts[-1].view


def pinged(update: TableUpdate) -> tuple[int, ...]:
    """Whom the channel's posts ping."""
    return tuple(user for post in update.told.posts for user in post.mentions)


def dms(update: TableUpdate) -> tuple[Notice, ...]:
    """The direct messages, one per player."""
    return update.told.dms
