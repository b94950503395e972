"""The real bot process against the fake Discord server: a "blind" player in text mode.

The driver never decodes an image: it turns `/textmode` on, then plays a whole game of each of
the five games against easy computer players, reading only text: the text board `/board` gives
it (read back by the game's text board reader: whose turn, the result), the moves the `/move`
autocomplete offers (choosing among the shortest, which ends games sooner: `draw` before a
shift in Agents) and the bot's text replies. It takes every `/learn` lesson by pressing the
button labelled "Show me", reading each step's text board, until the lesson is complete. No
message sent to it alone carries a picture, every control is labelled in words and every
picture (in the channel) has alt text.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from render.textboards import TextBoard, agents, albiorix, leylines, marsvsearth, merchants
from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, labelled, legal_moves, marks, move
from tests.e2e.test_tables_e2e import ask
from tests.e2e.test_text_mode_e2e import assert_readable, text_board
from tests.fakediscord import FakeDiscord, User
from tests.learn.driving import edited

READERS: dict[str, TextBoard[Any, Any]] = {
    "leylines": leylines.TEXT_BOARD,
    "albiorix": albiorix.TEXT_BOARD,
    "agents": agents.TEXT_BOARD,
    "merchants": merchants.TEXT_BOARD,
    "marsvsearth": marsvsearth.TEXT_BOARD,
}
COMPUTERS = 1
"""Easy computer players at each table (the blind player makes one more; every game takes two)."""
QUICK = {"COMPUTER_PAUSE_SECONDS": "0"}
LIMIT = 2000
"""Actions at most before a game counts as never ending."""


async def blind_game(fake: FakeDiscord, ann: User, channel: str, game: str) -> Any:
    """A whole game against easy computers, from text alone: its final position as read."""
    options = {"bots": COMPUTERS, "bot_level": "easy", "first": 1}
    lobby = await (
        await fake.slash(ann, channel, "new", subcommand=game, options=options)
    ).response()
    assert not lobby.ephemeral, lobby.content
    started = await (await fake.slash(ann, channel, "start")).response()
    assert "has started" in started.content, started.content
    reader, rng = READERS[game], random.Random(7)
    for _ in range(LIMIT):
        before = marks(fake, channel)
        position = reader.read(text_board(await ask(fake, ann, channel, "board")))
        if position.table.result is not None:
            return position
        if position.table.players.index("ann") in position.table.actors:
            choices = await legal_moves(fake, ann, channel)
            shortest = min(map(len, choices))
            chosen = rng.choice([c for c in choices if len(c) == shortest])
            reply = await move(fake, ann, channel, chosen)
            assert reply.ephemeral and reply.content.startswith("Done"), reply.content
            assert not reply.attachments
        else:
            await board_after(fake, channel, before)  # the computers' turn: wait for a change
    raise AssertionError(f"the {game} game did not end")


@pytest.mark.parametrize("game", list(READERS))
async def test_a_blind_player_plays_a_whole_game_from_text(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, game: str
) -> None:
    fake = fake_discord
    await launch_bot(extra_env=QUICK)
    await fake.wait_commands_synced()
    ann = fake.add_user("ann")
    await ask(fake, ann, "mars-1", "textmode", on=True)
    final = await blind_game(fake, ann, "mars-1", game)
    assert final.table.result.reason
    for message in fake.dms(ann):
        assert not [a for a in message.attachments if a.filename.endswith(".png")]
    assert_readable(fake)


@pytest.mark.parametrize("game", list(READERS))
async def test_a_blind_player_completes_the_lesson_from_text(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, game: str
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann = fake.add_user("ann")
    await ask(fake, ann, "mars-1", "textmode", on=True)
    lesson = await ask(fake, ann, "mars-1", "learn", game=game)
    for _ in range(100):
        READERS[game].read(text_board(lesson))
        if "Lesson complete" in lesson.content:
            assert_readable(fake)
            return
        revisions = len(lesson.history)
        await fake.click(ann, lesson, labelled(lesson, "Show me"))
        lesson = await edited(fake, lesson.id, revisions, "the next step")
    raise AssertionError(f"the {game} lesson did not end")
