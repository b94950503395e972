"""The real bot process against the fake Discord server: whole games of Mars vs. Earth.

With 4 players, three get their DNA, Agent and hand by DM (with a menu of their moves); the
fourth has closed DMs, is told once in the channel to use `/secret`, and plays from its menu. A
**Done** button under the board ends a player's part of an open phase. With 10 players, the
largest table, everyone plays by `/move` to the end. Moves are chosen at random (pinned seeds)
from the bot's own autocomplete; secret moves are answered privately. Throughout, no channel
message or image description shows a private line, the channel stays calm (one living board
message, edited while the same players are to act), and Discord refuses no request.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import (
    HINT,
    board_after,
    legal_moves,
    marks,
    move,
    open_table,
    picker_of,
    png_of,
)
from tests.fakediscord import FakeDiscord, Message, User

CHANNEL = "mars-2"
NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "joe")
HAND = re.compile(r"Your hand: (.+)")
SEED = "20261122"
"""The bot's game seed in these tests (a pinned path through the game)."""


def after_moves(message: Message) -> int:
    """How many moves had been made when the message's move menu was shown."""
    custom_id, _ = picker_of(message)
    return int(custom_id.split(":")[3])


async def pick_submission(fake: FakeDiscord, user: User, message: Message) -> Message:
    """Submit a card from the move menu on `message`, narrowing it as often as needed."""
    for _ in range(5):
        custom_id, values = picker_of(message)
        chosen = next(v for v in values if v[1:].startswith("submit"))
        message = await (await fake.click(user, message, custom_id, values=[chosen])).response()
        if message.content.startswith("Done"):
            return message
    raise AssertionError("the menu never offered a whole submission")


@dataclass
class Table:
    """A game in progress as the players see it, and what they did."""

    fake: FakeDiscord
    users: list[User]
    board: Message
    rng: random.Random
    actions: int = 0
    used: set[str] = field(default_factory=set)

    async def act(self, user: User, choices: list[str], closed: User | None) -> None:
        """One action by `user`: through each way of playing once, else a random `/move`."""
        fake, before = self.fake, marks(self.fake, CHANNEL)
        submits = [c for c in choices if c.startswith("submit ")]
        menus = [m for m in fake.dms(user) if any(c.startswith("mars:pick:") for c in m.custom_ids)]
        if "dm menu" not in self.used and user is not closed and submits and menus:
            done = await pick_submission(fake, user, max(menus, key=after_moves))
            assert not done.ephemeral  # a DM is private by nature
            self.used.add("dm menu")
        elif "secret menu" not in self.used and user is closed and submits:
            secret = await (await fake.slash(user, CHANNEL, "secret")).response()
            assert secret.ephemeral and "Your hand" in secret.content
            assert (await pick_submission(fake, user, secret)).ephemeral
            self.used.add("secret menu")
        elif "done button" not in self.used and choices == ["done"]:
            button = next(c for c in self.board.custom_ids if c.endswith(":done"))
            pressed = await (await fake.click(user, self.board, button)).response()
            assert pressed.ephemeral and pressed.content.startswith("Done"), pressed.content
            self.used.add("done button")
        else:
            reply = await move(fake, user, CHANNEL, self.rng.choice(choices))
            assert reply.ephemeral and reply.content.startswith("Done"), reply.content
        self.board = await board_after(fake, CHANNEL, before)
        self.actions += 1

    async def play_to_the_end(self, closed: User | None = None, limit: int = 3000) -> None:
        for _ in range(limit):
            if "**Game over.**" in self.board.content:
                return
            for user in self.rng.sample(self.users, len(self.users)):
                choices = await legal_moves(self.fake, user, CHANNEL)
                if choices:
                    await self.act(user, choices, closed)
                    break
            else:
                raise AssertionError("nobody could act, yet the game is not over")
        raise AssertionError("the game did not end")


def channel_text(fake: FakeDiscord) -> str:
    """Everything the channel ever showed: texts, embeds and image descriptions, all revisions."""
    parts = []
    for message in fake.messages(CHANNEL):
        parts.append(message.content)
        parts += [str(revision) for revision in message.history]
        parts += [str(embed) for embed in message.embeds]
        parts += [a.description or "" for a in message.attachments]
    return "\n".join(parts)


def private_lines(fake: FakeDiscord, users: list[User]) -> set[str]:
    return {
        line
        for user in users
        for dm in fake.dms(user)
        for line in dm.content.splitlines()
        if line.startswith("Your ")
    }


async def test_four_players_to_a_victory(fake_discord: FakeDiscord, launch_bot: LaunchBot) -> None:
    fake = fake_discord
    await launch_bot(extra_env={"E2E_SEED": SEED})
    await fake.wait_commands_synced()
    ann, bob, cat = (fake.add_user(name) for name in NAMES[:3])
    dan = fake.add_user("dan", dms_closed=True)
    users = [ann, bob, cat, dan]
    opening = await open_table(fake, CHANNEL, "marsvsearth", ann, [bob, cat, dan], {"first": 1})
    png_of(opening)
    await fake.wait_for_message(
        lambda m: f"<@{dan.id}>" in m.content and "/secret" in m.content, channel=CHANNEL
    )
    for user in (ann, bob, cat):

        def dealt(m: Message, user: User = user) -> bool:
            return m.channel_id == user.dm_channel_id and "DNA" in m.content

        dm = await fake.wait_for_message(dealt)
        assert "DNA" in dm.content and "Agent" in dm.content
        png_of(dm)

    table = Table(fake, users, opening, random.Random(2468))
    await table.play_to_the_end(closed=dan)
    assert re.search(
        r"\b(wins?|Nobody at the table wins) \(The (Humans|Martians) won", table.board.content
    )
    assert table.used == {"dm menu", "secret menu", "done button"}
    hints = [m for m in fake.messages(CHANNEL) if HINT in m.content]
    assert len(hints) == 1  # the closed DMs are told once a game
    private = private_lines(fake, [ann, bob, cat])
    assert any(HAND.match(line) for line in private)
    public = channel_text(fake)
    assert not [line for line in private if line in public]
    assert fake.unhandled_requests == []


async def test_ten_players_play_to_the_end_calmly(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot(extra_env={"E2E_SEED": SEED})
    await fake.wait_commands_synced()
    users = [fake.add_user(name) for name in NAMES]
    opening = await open_table(fake, CHANNEL, "marsvsearth", users[0], users[1:], {"first": 1})
    table = Table(fake, users, opening, random.Random(1357))
    await table.play_to_the_end()
    assert re.search(r"\((The Humans|The Martians) won", table.board.content)

    posted = [m for m in fake.messages(CHANNEL) if m.interaction_id is None]
    assert len(posted) <= 1.2 * table.actions, (len(posted), table.actions)
    assert any(m.history for m in posted)  # open phases were edited into one message
    assert not [u for u in users if fake.rejected_dms(u)]  # every DM was delivered
    assert all(fake.dms(u) for u in users)
    private = private_lines(fake, users)
    public = channel_text(fake)
    assert not [line for line in private if line in public]
    assert fake.unhandled_requests == []
