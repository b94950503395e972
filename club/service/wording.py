"""Every line the service writes with Discord markup: mentions, bold names, turn lines, results,
lobbies and reminders."""

from __future__ import annotations

from collections.abc import Sequence

from club.service.computer_seats import computer_name, is_computer
from club.storage.privacy import former_of, is_former
from engine.core import Outcome
from engine.words import Unit, with_article

HOURS = Unit("hour")
MOVES = Unit("move")
PLAYERS = Unit("player")
COMPUTER_PLAYERS = Unit("computer player")
GAMES = Unit("game")
TABLES = Unit("table")
WINS = Unit("wins", "win")
EARLIER_LINES = Unit("earlier line")
STALE = "That control belongs to an earlier position; the game moved on."


def mention(user_id: int) -> str:
    """A person's mention (which pings them when allowed), or a computer player's or former
    player's bold name."""
    if is_former(user_id):
        return f"**{former_of(user_id)}**"
    return f"**{computer_name(user_id)}**" if is_computer(user_id) else f"<@{user_id}>"


def mentions(user_ids: Sequence[int]) -> str:
    return ", ".join(mention(u) for u in user_ids)


def earlier(count: int) -> str:
    """The pointer to `/history` that stands for `count` lines left out of a message."""
    return f"… {EARLIER_LINES.of(count)}: see `/history`."


def earlier_count(line: str) -> int | None:
    """How many lines a pointer to `/history` (`earlier`) stands for; None for another line."""
    count = line.removeprefix("… ").partition(" ")[0]
    return int(count) if count.isdigit() and line == earlier(int(count)) else None


def players_wanted(least: int, most: int) -> str:
    """`2 players`, or `2 to 4 players`."""
    return PLAYERS.of(least) if least == most else f"{least} to {PLAYERS.of(most)}"


def turn_line(names: Sequence[str], user_ids: Sequence[int], *, ping: bool = True) -> str:
    """Whose turn it is: pinging them (`ping`), or naming them in bold."""
    who = mentions(user_ids) if ping else ", ".join(f"**{name}**" for name in names)
    if len(user_ids) > 1:
        return f"Waiting for {who}."
    if user_ids and is_computer(user_ids[0]):
        return f"{who} is thinking."
    return f"{who}, your turn." if ping else f"It is {who}'s turn."


def result_line(names: Sequence[str], outcome: Outcome) -> str:
    """The result in words: who won and why, a draw, or nobody at the table winning."""
    if outcome.everyone_lost:
        return f"Nobody at the table wins ({outcome.reason})."
    if outcome.is_draw:
        return f"Draw ({outcome.reason})."
    winners = " and ".join(names[s] for s in outcome.winners)
    return f"{winners} {WINS.word(len(outcome.winners))} ({outcome.reason})."


def game_over(result: str) -> str:
    return f"**Game over.** {result}"


def no_result() -> str:
    """The footer of a game that ended with no result (abandoned, claimed, its channel gone)."""
    return "**Game over.** No result."


def begins(title: str, user_ids: Sequence[int]) -> str:
    return f"**{title}** begins: {mentions(user_ids)}."


def reminder(title: str, user_ids: Sequence[int]) -> str:
    return f"{mentions(user_ids)}: a reminder that **{title}** is waiting for your move."


def claim_warning(left: str) -> str:
    """The end of a reminder at a clocked table, `left` being the time left in words."""
    return f"If the turn waits {left} more, the others may claim the game (`/claim`)."


def claims_open(title: str, waiting: Sequence[int], others: Sequence[int], hours: int) -> str:
    """The channel's word once a turn has waited longer than the table's clock."""
    return (
        f"{mentions(waiting)}: **{title}** has waited over {hours} h for your move, so "
        f"{mentions(others)} may now `/claim win` or `/claim end` (no result)."
    )


def claimed(claimer: str, absent: Sequence[str], hours: int) -> str:
    """A claim on time in words (plain names: it is narration and a stored result)."""
    return (
        f"{claimer} claimed the game on time: {' and '.join(absent)} kept the table waiting "
        f"over {hours} h."
    )


def takeback_asked(asker: int, notation: str, waiting: Sequence[int]) -> str:
    return (
        f"{mention(asker)} asks to take back `{notation}`. {mentions(waiting)}: accept or "
        "decline (the request ends when anyone acts)."
    )


def takeback_accepted(user_id: int, waiting: Sequence[int]) -> str:
    return f"{mention(user_id)} accepts the takeback; waiting for {mentions(waiting)}."


def takeback_declined(user_id: int, asker: int) -> str:
    return f"{mention(user_id)} declines {mention(asker)}'s takeback; the move stands."


def board_again(title: str, moves_made: int, finished: bool = False) -> str:
    """The heading of a board posted again: the move to come, or how many moves a `finished`
    game ran (its footer tells the result)."""
    if finished:
        return f"**{title}**, the final board after {MOVES.of(moves_made)}."
    return f"**{title}**, move {moves_made + 1}."


def joined(title: str) -> str:
    """The direct message that tests a player's DMs as they join a table of a game with secrets."""
    return f"You joined {with_article(title)} table. Your private information will arrive here."


def abandoned(title: str, by: str) -> str:
    """`by`: who abandoned it (a mention, or a plain name where it is kept in the move log)."""
    return f"The {title} game in this channel was abandoned by {by}."


def first_game(title: str, game_key: str) -> str:
    """The private word to a player at a table of a game they have never finished."""
    return (
        f"First time at {title}? `/learn {game_key}` teaches it in a private lesson, one rule "
        f"a step, and `/rules {game_key}` tells it in a minute."
    )


UNRATED = "Unrated: a computer stood in for a player whose clock ran out."

SOLO = (
    "Alone with computer players, you may take back your moves with the computers' replies "
    "(`/takeback`); a game with one person counts in `/stats` but changes no rating.\n"
)


def lobby_text(
    title: str,
    status: str,
    seated: Sequence[tuple[int, str | None]],
    least: int,
    most: int,
    options_shown: Sequence[str],
    undoable: bool = False,
    length: str | None = None,
) -> str:
    """The lobby message: who is seated (user id, and a computer player's level), the options,
    how long a game runs (`length`, where the game says), how to join, add a computer player
    and start, and (`undoable`: a game with takebacks) what a player alone with computer
    players may take back."""
    if status != "lobby":
        return f"**{title}** table: this lobby is closed."
    names = ", ".join(mention(u) + (f" ({level})" if level else "") for u, level in seated)
    people = sum(1 for _, level in seated if level is None)
    alone = people == 1 < len(seated) and undoable
    return (
        f"**{title}**: a new table is open ({players_wanted(least, most)}).\n"
        f"Seated ({len(seated)}/{most}): {names or 'nobody'}\n"
        f"Options: {', '.join(options_shown) or 'none'}\n"
        + (f"{length}\n" if length else "")
        + (SOLO if alone else "")
        + "Press **Join** to sit down or add a computer player; any seated player can press "
        "**Start**."
    )
