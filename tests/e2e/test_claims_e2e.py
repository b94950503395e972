"""The real bot process against the fake Discord server: claims on time.

A table of Ley Lines opened with `clock:1`: Ann moves and Bob does not. Ann's early claim is
refused with the time left; once the turn has waited past the clock (the test moves the stored
deadline into the past, as an hour would), Cat (not playing) and Bob (the one waited for) are
refused, and Ann's `/claim win` ends the game in her favour, with a Rematch button. A second
table is ended with `/claim end`: the channel is told it ended with no result (its buttons
gone), and no game is left in the channel.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, legal_moves, marks, move, open_table, play
from tests.fakediscord import FakeDiscord, Message, User
from tests.hang import HANG_SECONDS

CHANNEL = "mars-1"


def run_out(database: Path) -> None:
    """The open game's turn has waited past its clock: its claim time is moved into the past."""
    db = sqlite3.connect(database, timeout=HANG_SECONDS)
    try:
        with db:
            db.execute("UPDATE games SET claim_at = 0 WHERE status = 'active'")
    finally:
        db.close()


async def claim(fake: FakeDiscord, user: User, how: str) -> Message:
    return await (await fake.slash(user, CHANNEL, "claim", subcommand=how)).response()


async def test_a_turn_past_its_clock_is_claimed_won_or_ended(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, tmp_path: Path
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob, cat = fake.add_user("ann"), fake.add_user("bob"), fake.add_user("cat")
    await open_table(fake, CHANNEL, "leylines", ann, [bob], {"first": 1, "clock": 1})
    await play(fake, ann, CHANNEL, "L c3")

    early = await claim(fake, ann, "win")
    assert early.ephemeral and "Too early" in early.content and "claim in 59 min" in early.content
    run_out(tmp_path / "bot.sqlite3")
    assert "not playing" in (await claim(fake, cat, "win")).content
    assert "waiting for you" in (await claim(fake, bob, "end")).content

    before = marks(fake, CHANNEL)
    won = await claim(fake, ann, "win")
    said = "ann claimed the game on time: bob kept the table waiting over 1 h."
    assert won.ephemeral and won.content == f"Done: {said}"
    final = await board_after(fake, CHANNEL, before)
    assert said in final.content and "ann wins" in final.content
    assert any(c.startswith("mars:rematch:") for c in final.custom_ids)

    await open_table(fake, CHANNEL, "leylines", ann, [bob], {"first": 1, "clock": 72})
    await play(fake, ann, CHANNEL, "L c3")
    run_out(tmp_path / "bot.sqlite3")
    before = marks(fake, CHANNEL)
    ended = await claim(fake, ann, "end")
    said = "ann claimed the game on time: bob kept the table waiting over 72 h."
    assert ended.ephemeral and ended.content == f"Done: {said}"
    told = await board_after(fake, CHANNEL, before)
    assert told.content == (
        f"The Ley Lines of Mars game in this channel ended with no result. {said}\n"
        "**Game over.** No result."
    )
    assert not told.custom_ids
    assert "no game in this channel" in (await move(fake, bob, CHANNEL, "L d4")).content


async def test_a_stand_in_plays_an_absent_seat_until_it_is_taken_back(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, tmp_path: Path
) -> None:
    """Bob's clock runs out; Ann seats a stand-in, which plays Bob's turn from his seat (the
    board says the game is unrated); Bob takes his seat back with `/claim back` and plays."""
    fake = fake_discord
    await launch_bot(extra_env={"E2E_POLL_SECONDS": "1", "COMPUTER_PAUSE_SECONDS": "0.2"})
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    await open_table(fake, CHANNEL, "leylines", ann, [bob], {"first": 1, "clock": 1})
    await play(fake, ann, CHANNEL, "L c3")
    run_out(tmp_path / "bot.sqlite3")
    before = marks(fake, CHANNEL)
    seated = await (
        await fake.slash(ann, CHANNEL, "claim", subcommand="standin", options={"level": "easy"})
    ).response()
    assert seated.ephemeral and seated.content == "Done: a stand-in plays for bob."
    answered = await board_after(fake, CHANNEL, before)
    assert "seated a stand-in (easy computer) for bob" in answered.content
    assert "unrated" in answered.content
    while f"<@{ann.id}>, your turn." not in answered.content:
        answered = await board_after(fake, CHANNEL, marks(fake, CHANNEL))
    assert "Unrated: a computer stood in" in answered.content
    assert "bob placed" in answered.content  # the stand-in moved in Bob's name

    before = marks(fake, CHANNEL)
    back = await (await fake.slash(bob, CHANNEL, "claim", subcommand="back")).response()
    assert back.ephemeral and back.content == "Done: you play your own seat again."
    told = await board_after(fake, CHANNEL, before)
    assert told.content.startswith("bob is back"), told.content
    await play(fake, ann, CHANNEL, (await legal_moves(fake, ann, CHANNEL))[0])
    await play(fake, bob, CHANNEL, (await legal_moves(fake, bob, CHANNEL))[0])
