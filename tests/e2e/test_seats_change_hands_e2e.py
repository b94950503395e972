"""The real bot process against the fake Discord server: seats that change hands cleanly.

- Bob's clock runs out and Ann seats a stand-in; while it is thinking (the bot is held by
  `tests.e2e.gated_standin_bot`), Bob takes his seat back with `/claim back`. The stand-in's
  move is then refused: nothing is played in his name, the game stays rated, and he plays his
  own move.
- Bob moves himself while the stand-in thinks: his move is played, the table is told once that
  he is back, the stand-in leaves his seat and its move is refused.
- Bob goes away and comes back six times in a row: every change is confirmed to him privately,
  and his table is told once.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, legal_moves, marks, move, open_table, play
from tests.e2e.test_told_once_e2e import until
from tests.fakediscord import FakeDiscord, Message, User
from tests.hang import HANG_SECONDS

CHANNEL, OTHER = "mars-1", "mars-2"
SEED = "41"


def stored(database: Path, sql: str) -> list[tuple[object, ...]]:
    db = sqlite3.connect(database, timeout=HANG_SECONDS)
    try:
        with db:
            return db.execute(sql).fetchall()
    finally:
        db.close()


def revisions(messages: list[Message]) -> list[str]:
    """Every text the messages showed, each edit included."""
    return [m.content for m in messages] + [
        str(revision.get("content", "")) for m in messages for revision in m.history
    ]


async def standin_thinking(
    fake: FakeDiscord, launch_bot: LaunchBot, tmp_path: Path
) -> tuple[User, User, Path, Path]:
    """Ann moved, Bob's clock ran out and Ann seated a stand-in, which is now thinking (held by
    `tests.e2e.gated_standin_bot`): Ann, Bob, the gate's folder and the bot's database."""
    gate, database = tmp_path / "gate", tmp_path / "bot.sqlite3"
    gate.mkdir()
    await launch_bot(
        "tests.e2e.gated_standin_bot",
        extra_env={"STANDIN_GATE": str(gate), "E2E_POLL_SECONDS": "0.2", "E2E_SEED": SEED},
    )
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    await open_table(fake, CHANNEL, "leylines", ann, [bob], {"first": 1, "clock": 1})
    await play(fake, ann, CHANNEL, "L c3")
    stored(database, "UPDATE games SET claim_at = 0 WHERE status = 'active'")  # ran out
    seated = await (
        await fake.slash(ann, CHANNEL, "claim", subcommand="standin", options={"level": "easy"})
    ).response()
    assert seated.ephemeral and seated.content == "Done: a stand-in plays for bob.", seated.content
    await fake.wait_for_message(
        lambda m: "seated a stand-in (easy computer) for bob" in m.content, channel=CHANNEL
    )
    await until((gate / "thinking").exists, "the stand-in to think")
    return ann, bob, gate, database


async def test_a_standins_move_thought_before_the_seat_was_taken_back_is_refused(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, tmp_path: Path
) -> None:
    fake = fake_discord
    _, bob, gate, database = await standin_thinking(fake, launch_bot, tmp_path)
    back = await (await fake.slash(bob, CHANNEL, "claim", subcommand="back")).response()
    assert back.ephemeral and back.content == "Done: you play your own seat again.", back.content
    told = await fake.wait_for_message(
        lambda m: m.content.startswith("bob is back and plays their own seat again"),
        channel=CHANNEL,
    )
    (gate / "go").write_text("")
    await until((gate / "swept").exists, "the stand-in's turn to end")
    # Ann's move, the stand-in seated and the seat taken back: no move of the stand-in's
    assert stored(database, "SELECT kind FROM moves ORDER BY seq") == [
        ("move",), ("standin",), ("back",)
    ]  # fmt: skip
    assert stored(database, "SELECT unrated FROM games") == [(0,)]
    assert stored(database, "SELECT standin_level FROM seats") == [(None,), (None,)]
    assert not any("bob placed" in text for text in revisions(fake.messages(CHANNEL)))
    board = await play(fake, bob, CHANNEL, (await legal_moves(fake, bob, CHANNEL))[0])
    assert "bob placed" in board.content and "Unrated" not in board.content
    assert told.content.startswith("bob is back and plays their own seat again.\n")  # rated


async def test_a_persons_own_move_takes_the_seat_back_while_the_standin_thinks(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, tmp_path: Path
) -> None:
    fake = fake_discord
    _, bob, gate, database = await standin_thinking(fake, launch_bot, tmp_path)
    chosen = (await legal_moves(fake, bob, CHANNEL))[0]
    before = marks(fake, CHANNEL)
    reply = await move(fake, bob, CHANNEL, chosen)
    assert reply.ephemeral and "You play your own seat again" in reply.content, reply.content
    board = await board_after(fake, CHANNEL, before)
    assert board.content.count("bob is back and plays their own seat again.") == 1
    assert stored(database, "SELECT standin_level FROM seats") == [(None,), (None,)]
    (gate / "go").write_text("")
    await until((gate / "swept").exists, "the stand-in's turn to end")
    # Ann's move, the stand-in seated, Bob's own move (which took the seat back with it)
    assert stored(database, "SELECT kind FROM moves ORDER BY seq") == [
        ("move",),
        ("standin",),
        ("move",),
    ]
    assert stored(database, "SELECT unrated FROM games") == [(0,)]


async def test_a_table_hears_of_a_persons_comings_and_goings_once_an_hour(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot(extra_env={"E2E_SEED": SEED})
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    await open_table(fake, CHANNEL, "leylines", ann, [bob], {"first": 1, "clock": 24})
    await play(fake, ann, CHANNEL, "L c3")  # waits on Bob
    await open_table(fake, OTHER, "leylines", ann, [bob], {"first": 1, "clock": 24})  # on Ann
    answers = []
    for _ in range(6):
        for days in (1, 0):
            asked = await fake.slash(bob, CHANNEL, "away", options={"days": days})
            reply = await asked.response()
            assert reply.ephemeral, reply.content
            answers.append(reply.content)
    assert sum(a.startswith("You are away until") for a in answers) == 6
    assert sum(a.startswith("Welcome back") for a in answers) == 6

    before = marks(fake, OTHER)
    await (await fake.slash(ann, OTHER, "away", options={"days": 1})).response()
    await fake.wait_for_message(
        lambda m: m.id not in before and m.content.startswith("ann is away"), channel=OTHER
    )
    notes = [
        m.content
        for m in fake.messages(CHANNEL)
        if m.interaction_id is None and m.content.startswith(("bob is away", "bob is back"))
    ]
    assert len(notes) == 1 and notes[0].startswith("bob is away until"), notes
    assert "not told of this change" in answers[-1]
