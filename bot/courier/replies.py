"""Reading an interaction (its channel, its user as a player) and answering it: privately for
refusals, with an apology for the unexpected; and, once the action is saved, truthfully: an
error after the commit never says that nothing was changed."""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands

from bot.courier import limits
from club.faults import Faults, unsavable
from club.service import Player, SaveUncertain
from engine.core import GameError

log = logging.getLogger(__name__)

APOLOGY = "Sorry, something went wrong on my side; nothing was changed. Please try again."
AFTER_COMMIT = {
    "saved": "Your action is saved, but something went wrong on my side afterwards.",
    "queued": "Your action is saved; the table will be told shortly.",
    "told": (
        "Your action is saved and the table was told, but something went wrong on my side "
        "afterwards."
    ),
}
"""The answer to an unexpected error once the action is committed, by how far it has got:
saved; saved with an update in the outbox, which the regular poll tells if nothing else does;
saved and told to the table."""
STAGE = "mars:after-commit"
"""The key, in `discord.Interaction.extras`, of how far the interaction's action has got."""
CHANGED_COMMAND = "This command was removed or changed; try /help."
UNCERTAIN = (
    "The database went away just as your action was being saved, so I cannot tell whether it "
    "was. Check the board (`/board`) before you try again."
)
UNSAVED = (
    "The server could not save your action (its disk is full or its database is read-only), "
    "so nothing was changed. Please tell a server administrator."
)


def channel_of(interaction: discord.Interaction) -> int:
    """The server channel the interaction came from; games are not played in DMs."""
    if interaction.channel_id is None or interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.channel_id


def player_of(interaction: discord.Interaction) -> Player:
    """The user as a player, under a name that is safe to write anywhere (see `safe_name`)."""
    return Player(interaction.user.id, safe_name(interaction.user.display_name))


_ANGLES = str.maketrans("<>", "\u2039\u203a")
_MARKUP = re.compile(r"[\\*~|`\[\]]|\b_+|_+\b|^[-#+]")


def safe_name(name: str) -> str:
    """`name` made to read as itself in every message and picture, never as markup.

    `<` and `>` become the single angle quotation marks (U+2039, U+203A), which the pictures' font
    draws, so no mention, channel, emoji, timestamp or quote can form; `@everyone` and `@here`
    get an invisible space after the `@` (pictures drop it); markdown characters get a backslash
    (Discord shows the plain character, a picture the backslash too), except underscores inside
    a word, which never format, and `-`, `#` and `+` only at the start, where they would begin a
    list or heading.
    """
    name = discord.utils.escape_mentions(name.translate(_ANGLES))
    return _MARKUP.sub(lambda found: "".join(f"\\{ch}" for ch in found[0]), name)


def committed(interaction: discord.Interaction, stage: str = "saved") -> None:
    """Record that the interaction's action is committed, and how far it has got (a key of
    `AFTER_COMMIT`), so that an unexpected error from now on is answered truthfully (see
    `answer_error`)."""
    assert stage in AFTER_COMMIT
    interaction.extras[STAGE] = stage


def stage_of(interaction: discord.Interaction) -> str | None:
    """How far the interaction's action has got (see `committed`); None before a commit."""
    extras = getattr(interaction, "extras", None)  # None for test stand-ins
    return None if extras is None else extras.get(STAGE)


async def say_privately(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer, as the first response or as a follow-up."""
    text = limits.shorten(text, limits.CONTENT)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def stale_name(
    error: app_commands.CommandNotFound | app_commands.CommandSignatureMismatch,
) -> str:
    """The full name of a command the user's Discord offered but this bot no longer has."""
    if isinstance(error, app_commands.CommandNotFound):
        return " ".join((*error.parents, error.name))
    return error.command.qualified_name


async def answer_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Refusals are told to the user alone; anything unexpected is logged and apologised for,
    or, once the action was committed (see `committed`), answered with what is true: it is
    saved, and the table was or will be told. A command the bot no longer has (an old command
    list) gets a pointer to /help and one log line."""
    if isinstance(error, GameError):
        text = str(error)
    elif isinstance(error, app_commands.NoPrivateMessage):
        text = "Games are played in server channels, not in direct messages."
    elif isinstance(error, app_commands.CheckFailure):
        text = str(error) or "You cannot use this command here."
    elif isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        log.info("Command /%s is out of date on the user's side", stale_name(error))
        text = CHANGED_COMMAND
    elif stage_of(interaction) is None and isinstance(error, SaveUncertain):
        log.warning("An action may or may not have been saved: %s", error)
        text = UNCERTAIN
    elif stage_of(interaction) is None and unsavable(error):
        faults = getattr(interaction.client, "faults", None)
        what = "An action could not be saved"
        if isinstance(faults, Faults):
            faults.report(log, "saving", error, what)
        else:
            log.error("%s: %s", what, error)
        text = UNSAVED
    else:
        log.error(
            "Unexpected error in %s",
            interaction.command.qualified_name if interaction.command else "an interaction",
            exc_info=error,
        )
        stage = stage_of(interaction)
        text = APOLOGY if stage is None else AFTER_COMMIT[stage]
    try:
        await say_privately(interaction, text)
    except discord.HTTPException:
        log.warning("Could not tell user %s about an error", interaction.user.id)
