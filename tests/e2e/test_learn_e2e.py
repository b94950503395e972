"""Lessons through the fake Discord, whatever the game: private to each learner, never touching
the channel's table, expired after a restart, and ending in a practice table."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import marks, open_table, play
from tests.fakediscord import FakeDiscord
from tests.hang import HANG_SECONDS
from tests.learn.driving import control, pick, start, take

CHANNEL = "mars-1"


def tables_of(database: Path) -> list[tuple[object, ...]]:
    """Every game row and move row of the database."""
    db = sqlite3.connect(database, timeout=HANG_SECONDS)
    try:
        games = db.execute("SELECT id, status, version, state FROM games ORDER BY id").fetchall()
        moves = db.execute("SELECT * FROM moves ORDER BY game_id, seq").fetchall()
    finally:
        db.close()
    return [*games, *moves]


async def test_two_learners_at_once_beside_a_game_in_progress(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, tmp_path: Path
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob, cat, dan = (fake.add_user(n) for n in ("ann", "bob", "cat", "dan"))
    await open_table(fake, CHANNEL, "leylines", ann, [bob], {"first": 1})
    await play(fake, ann, CHANNEL, "L c3")
    database = tmp_path / "bot.sqlite3"
    before, shown = tables_of(database), marks(fake, CHANNEL)

    # A player of the table and two others take lessons at the same time, in the same channel.
    cats, dans, anns = await asyncio.gather(
        take(fake, cat, CHANNEL, "leylines"),
        take(fake, dan, CHANNEL, "albiorix", how="typed"),
        take(fake, ann, CHANNEL, "leylines", how="show"),
    )
    for lesson, learner in ((cats, cat), (dans, dan), (anns, ann)):
        assert lesson.ephemeral and lesson.interaction_user == learner
    assert len({cats.id, dans.id, anns.id}) == 3

    # Nobody can drive another's lesson.
    dan_lesson = await start(fake, dan, CHANNEL, "albiorix")
    seen = fake.get_message(dan_lesson.id).snapshot()
    answer = await (await fake.click(cat, dan_lesson, control(dan_lesson, "show"))).response()
    assert answer.ephemeral and "someone else's" in answer.content
    assert fake.get_message(dan_lesson.id).snapshot() == seen

    # The channel's table did not change: no game row, no move, no board message.
    assert tables_of(database) == before
    assert marks(fake, CHANNEL) == shown
    assert await play(fake, bob, CHANNEL, "L d4")


async def test_hint_the_narrowed_menu_and_a_restart(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    bot = await launch_bot()
    await fake.wait_commands_synced()
    ann = fake.add_user("ann", dms_closed=True)
    lesson = await start(fake, ann, CHANNEL, "leylines")
    hint = await (await fake.click(ann, lesson, control(lesson, "hint"))).response()
    assert hint.ephemeral and hint.content == "Try `L c3`."

    # 144 moves: the menu narrows by first words; All moves brings the whole menu back.
    [menu] = [c for c in lesson.custom_ids if ":pick:" in c]
    assert {o["label"] for o in lesson.component(menu)["options"]} == {  # type: ignore[index]
        "L ...", "M ...", "S ...", "cap ...",
    }  # fmt: skip
    first = fake.get_message(lesson.id).snapshot()
    await (await fake.click(ann, lesson, menu, values=["+cap"])).response()
    narrowed = fake.get_message(lesson.id)
    assert "All moves" in [b["label"] for b in narrowed.buttons]
    await (await fake.click(ann, narrowed, control(narrowed, "all"))).response()
    assert fake.get_message(lesson.id).snapshot()["components"] == first["components"]
    lesson = await pick(fake, ann, lesson, "S a1")
    assert "step 2 of" in lesson.content

    await bot.restart()
    await fake.wait_commands_synced()
    gone = await (await fake.click(ann, lesson, control(lesson, "show"))).response()
    assert gone.ephemeral and "This lesson has expired" in gone.content
    assert "`/learn leylines`" in gone.content


async def test_the_last_step_offers_a_practice_table(
    fake_discord: FakeDiscord, launch_bot: LaunchBot, tmp_path: Path
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann = fake.add_user("ann")
    done = await take(fake, ann, "mars-2", "leylines", how="show")
    lobby = await (await fake.click(ann, done, control(done, "practice"))).response()
    assert not lobby.ephemeral, lobby.content
    assert "Ley Lines of Mars" in lobby.content and "easy" in lobby.content
    assert [row[1] for row in tables_of(tmp_path / "bot.sqlite3")] == ["lobby"]
    again = await (await fake.click(ann, done, control(done, "practice"))).response()
    assert again.ephemeral and "already" in again.content
