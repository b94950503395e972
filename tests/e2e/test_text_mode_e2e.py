"""The real bot process against the fake Discord server: text mode.

Ann chooses `/textmode on:True` (Bob does not). At a Ley Lines table her `/board` answers her
alone with the text board (no picture), which reads back as a Ley Lines position, while Bob's
`/board` still posts the picture with its description in the channel. `/look` answers a line
(`Scores`), a square (`c3`) and the clocks, and explains a topic the board does not have. Once
the game is over her `/replay` comes as numbered text frames (each a text board) and her
`/review` as the chart in lines (chance to win move by move, the swings). At an
Agents table (hidden objectives) the direct message with Ann's private board and `/secret` come
as text, Bob's as a picture. `/textmode on:False` brings the pictures back.
"""

from __future__ import annotations

import re

from render.textboards import agents as agents_text
from render.textboards import leylines as leylines_text
from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import open_table, play, png_of, resign
from tests.e2e.test_tables_e2e import ask
from tests.fakediscord import FakeDiscord, Message
from tests.hang import HANG_SECONDS

FENCE = "```"


def text_board(message: Message) -> str:
    """The text board a message carries (in its text, an embed or a text file); no picture."""
    assert not [a for a in message.attachments if a.filename.endswith(".png")], message
    texts = [message.content, *(e.get("description", "") for e in message.embeds)]
    for text in texts:
        if FENCE in text:
            return text.split(f"{FENCE}\n", 1)[1].rsplit(f"\n{FENCE}", 1)[0]
    [attachment] = message.attachments
    assert attachment.filename.endswith(".txt")
    return attachment.data.decode()


WORDS = re.compile(r"[A-Za-z0-9]")


def assert_readable(fake: FakeDiscord) -> None:
    """Every control the bot sent so far says what it does in words (a button's label, a menu's
    options), and every picture has alt text: nothing is there only to be seen."""
    for message in fake.all_messages():
        for control in message.iter_components():
            if control.get("type") == 2:
                assert WORDS.search(control.get("label") or ""), control
            for option in control.get("options", []):
                assert WORDS.search(option["label"]), control
        for attachment in message.attachments:
            if attachment.filename.endswith((".png", ".gif")):
                assert attachment.description, attachment.filename


def carries_text(message: Message) -> bool:
    """Whether a message carries a text board."""
    texts = [message.content, *(e.get("description", "") for e in message.embeds)]
    files = [a for a in message.attachments if a.filename.endswith(".txt")]
    return bool(files) or any(FENCE in text for text in texts)


async def test_text_mode_boards_looks_and_private_boards(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob = fake.add_user("ann"), fake.add_user("bob")
    assert "off" in (await ask(fake, ann, "mars-1", "textmode")).content
    assert "on" in (await ask(fake, ann, "mars-1", "textmode", on=True)).content

    await open_table(fake, "mars-1", "leylines", ann, [bob], {"first": 1})
    await play(fake, ann, "mars-1", "L c3")
    mine = await ask(fake, ann, "mars-1", "board")
    position = leylines_text.read(text_board(mine))
    assert position.table.players == ("ann", "bob") and position.table.actors == {1}
    assert position.last is not None and position.last[1].square == 14  # c3
    mark = fake.checkpoint()
    await ask(fake, bob, "mars-1", "board")
    png_of(await fake.wait_for_message(lambda m: bool(m.attachments), channel="mars-1", after=mark))

    scores = await ask(fake, ann, "mars-1", "look", what="Scores")
    assert scores.content == "Scores: blue 0, orange 0", scores.content
    square = await ask(fake, ann, "mars-1", "look", what="c3")
    assert "c3 is in Blue large: c3" in square.content, square.content
    assert "turn began" in (await ask(fake, ann, "mars-1", "look", what="clocks")).content
    unknown = await ask(fake, ann, "mars-1", "look", what="weather")
    assert unknown.content.startswith("The board says nothing about `weather`")
    topics = await fake.autocomplete(ann, "mars-1", "look", options={"what": "Or"}, focused="what")
    assert [c["value"] for c in topics] == [
        "Orange large",
        "Orange medium",
        "Orange small",
        "Orange in hand",
    ]

    await resign(fake, bob, "mars-1")
    replay = await ask(fake, ann, "mars-1", "replay")
    frames = text_board(replay)
    assert frames.startswith("Frame 1 of 3: ") and "\n\nFrame 3 of 3: " in frames, frames
    assert [leylines_text.read(part.split("\n", 1)[1]) for part in frames.split("\n\n")]
    asked = await fake.slash(ann, "mars-1", "review")
    await asked.response()

    def reviewed() -> Message | None:
        answer = asked.original
        return answer if answer is not None and answer.content.startswith("**Review of") else None

    answer = await fake.state.wait_for(reviewed, HANG_SECONDS, "the review")
    chart = text_board(answer)
    assert chart.startswith("Chance to win: ") and "\nAfter move 1 (by ann): ann " in chart, chart
    assert "\nSwings: " in chart

    await open_table(fake, "mars-2", "agents", ann, [bob], {"first": 1})
    dm = await fake.wait_for_message(carries_text, channel=fake.dm_channel(ann))
    agents_text.read(text_board(dm))
    png_of(await fake.wait_for_message(lambda m: bool(m.attachments), channel=fake.dm_channel(bob)))
    secret = await ask(fake, ann, "mars-2", "secret")
    seen = agents_text.read(text_board(secret))
    assert seen.table.players == ("ann", "bob")

    assert "off" in (await ask(fake, ann, "mars-2", "textmode", on=False)).content
    png_of(await ask(fake, ann, "mars-2", "secret"))
    assert_readable(fake)
