"""What the service hands the transport: notices to deliver, controls to show under them, a
game's delivery (its posts and DMs, as `club.service.projection.project` makes them) and the
result of an action on a game."""

from __future__ import annotations

from dataclasses import dataclass

from club.storage.rows import Living
from engine.core import GameError, Seat, View


class TableError(GameError):
    """A refused request; the message is shown to the user privately."""


@dataclass(frozen=True)
class Player:
    user_id: int
    name: str


@dataclass(frozen=True)
class Choice:
    """One option of a move picker: a whole move (`complete`) or a narrower prefix of moves."""

    label: str
    value: str
    complete: bool


@dataclass(frozen=True)
class Controls:
    """Buttons and a move picker to show under a message, for the game `game_id` as it stood
    after `after_moves` moves (a control is stale once its user has moved since, or a phase
    timed out)."""

    game_id: int
    after_moves: int
    buttons: tuple[str, ...] = ()
    prefix: str = ""
    choices: tuple[Choice, ...] = ()
    offered_to: frozenset[Seat] | None = None
    """The seats that could act when the control was shown (None: not recorded); anyone else
    pressing it is refused as stale."""
    rematch: bool = False
    """A Rematch button (under a finished game's final board)."""


@dataclass(frozen=True)
class Notice:
    """One message to deliver: to the channel (`user_id` None) or by DM to `user_id`.

    `view`, when set, is drawn and attached. `mentions` are the users the message pings.
    `controls`, when set, are the buttons or move picker shown with it.
    """

    text: str
    view: View | None = None
    user_id: int | None = None
    mentions: tuple[int, ...] = ()
    controls: Controls | None = None


class ChooseFurther(TableError):
    """The text begins several legal moves; `controls` offers them to pick from."""

    def __init__(self, message: str, controls: Controls) -> None:
        super().__init__(message)
        self.controls = controls


@dataclass(frozen=True)
class Post:
    """One channel message of a delivery: posted anew (`new`, so its pings reach the players to
    act) or edited into the living board message.

    `narration` is what happened (all of it since the living message was posted, for an edit,
    as far as the store keeps it: see `KEPT_NARRATION`); `footer` whose turn it is or the result;
    `view` the board to attach (None keeps the picture already there, or sends none). The
    transport fits them to a message.
    """

    narration: tuple[str, ...]
    footer: str
    view: View | None
    mentions: tuple[int, ...]
    controls: Controls | None
    new: bool

    @property
    def text(self) -> str:
        """The narration and the footer, a line each, as one text (before any fitting)."""
        return "\n".join([*self.narration, self.footer]).strip()


@dataclass(frozen=True)
class Delivery:
    """Everything still to tell about a game: channel posts in order, then DMs (merged: one per
    player, however long; the transport splits it into messages). `upto` is the
    last outbox entry it covers; `living` is the board message's record once delivered, with
    the id of the message to edit (the transport puts in the id of any message it posts)."""

    game_id: int
    channel_id: int
    upto: int
    queued_at: float
    """When its last entry (`upto`) was queued (Unix seconds): with the game and `upto`, it names
    the delivery's messages for good (SQLite gives an outbox id again once the entries above it
    are delivered)."""
    posts: tuple[Post, ...]
    dms: tuple[Notice, ...]
    living: Living
    computer_to_act: bool = False
    """Whether a computer player may act in the position it shows (its turn is then due)."""
    answers: tuple[Notice, ...] = ()
    """What each player who made one of its actions is told of it privately in the answer to
    their request (their own secret move), one notice per player; never sent by DM."""

    @property
    def edits_only(self) -> bool:
        """Whether its channel part only edits the board message (no new message, whose pings
        are never held back)."""
        return not any(p.new for p in self.posts)

    @property
    def views(self) -> tuple[View | None, ...]:
        """Every board it shows, the channel's first (for drawing them ahead)."""
        return (*(p.view for p in self.posts), *(n.view for n in self.dms))


@dataclass(frozen=True)
class Queued:
    """An update as its commit projected it (its `delivery`), held for the request that
    committed it; `since` is the game's mark when the commit began (see
    `club.service.telling`)."""

    delivery: Delivery
    since: int


@dataclass(frozen=True)
class TableUpdate:
    """The result of an action on a game: the game's new version and what the table is shown.

    `told` is the projection of this update (`club.service.projection.project`): the posts and
    DMs it makes when delivered on its own; it is queued in the store's outbox and delivered
    from there (see `Deliveries`), or from `queued` by the request that committed it. `hidden`
    means the move itself is secret. The mover is answered privately with `confirmation`.
    """

    game_id: int
    channel_id: int
    version: int
    told: Delivery
    finished: bool = False
    """The game is over (a result, or none for an abandoned game)."""
    hidden: bool = False
    confirmation: str = ""
    next_choice: Controls | None = None
    """A picker for the mover's next secret move, when they still have one to make."""
    undoable: bool = False
    """The move is one the mover may ask to take back (an open move of a game with takebacks
    that goes on); whether the others agree, and whether it revealed anything, is checked when
    asked."""
    queued: Queued | None = None
    """What the commit left to tell, held in memory for the request that made it (None: its
    delivery reads the outbox)."""


@dataclass(frozen=True)
class Played:
    """What a typed move came to: a committed `update`, or a `preview` of what an unfinished
    move could become (shown to its player alone)."""

    update: TableUpdate | None = None
    preview: Notice | None = None
