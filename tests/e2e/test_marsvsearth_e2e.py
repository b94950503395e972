"""The real bot process against the fake Discord server: a 4-player game of Mars vs. Earth.

Three players get their DNA, Agent and hand by DM (with a menu of their moves); the fourth has
closed DMs, is told in the channel to use `/secret`, and plays from its menu. A **Done** button
under the board ends a player's part of an open phase. Everyone else plays by `/move`, chosen at
random from the bot's own autocomplete (secret moves are answered privately), until one side wins.
Throughout, no channel message or image description shows a card of anyone's hand.
"""

from __future__ import annotations

import random
import re

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import legal_moves, move, open_table, png_of
from tests.fakediscord import FakeDiscord, Message, User

CHANNEL = "mars-2"
NAMES = ("ann", "bob", "cat", "dan")
HAND = re.compile(r"Your hand: (.+)")


def menu_of(message: Message) -> tuple[str, list[str]]:
    [custom_id] = [c for c in message.custom_ids if c.startswith("mars:pick:")]
    component = message.component(custom_id)
    assert component is not None
    return custom_id, [option["value"] for option in component["options"]]


def offered_at(message: Message) -> int:
    """How many moves had been made when the message's move menu was shown."""
    custom_id, _ = menu_of(message)
    return int(custom_id.split(":")[3])


async def pick_submission(fake: FakeDiscord, user: User, message: Message) -> Message:
    """Submit a card from the move menu on `message`, narrowing it as often as needed."""
    for _ in range(5):
        custom_id, values = menu_of(message)
        chosen = next(v for v in values if v[1:].startswith("submit"))
        message = await (await fake.click(user, message, custom_id, values=[chosen])).response()
        if message.content.startswith("Done"):
            return message
    raise AssertionError("the menu never offered a whole submission")


async def test_four_players_to_a_victory(fake_discord: FakeDiscord, launch_bot: LaunchBot) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob, cat = (fake.add_user(name) for name in NAMES[:3])
    dan = fake.add_user("dan", dms_closed=True)
    users = [ann, bob, cat, dan]
    opening = await open_table(fake, CHANNEL, "marsvsearth", ann, [bob, cat, dan], {"first": 1})
    png_of(opening)
    await fake.wait_for_message(
        lambda m: f"<@{dan.id}>" in m.content and "/secret" in m.content,
        channel=CHANNEL,
        include_interaction_replies=True,
    )
    for user in (ann, bob, cat):
        dm = await fake.wait_for_message(
            lambda m, user=user: m.channel_id == user.dm_channel_id and "DNA" in m.content
        )
        assert "DNA" in dm.content and "Agent" in dm.content
        png_of(dm)

    rng = random.Random(2468)
    used_dm_menu = used_secret_menu = used_done_button = False
    actions, last_acted = 0, dict[int, int]()
    last_public = opening
    for _ in range(2000):
        if "**Game over.**" in last_public.content:
            break
        moved = False
        for user in rng.sample(users, len(users)):
            choices = await legal_moves(fake, user, CHANNEL)
            if not choices:
                continue
            moved = True
            mark = fake.checkpoint()
            dm_menus = [
                m
                for m in fake.dms(user)
                if any(c.startswith("mars:pick:") for c in m.custom_ids)
                and offered_at(m) >= last_acted.get(user.id, 0)
            ]
            submits = [c for c in choices if c.startswith("submit ")]
            if not used_dm_menu and user is not dan and submits and dm_menus:
                done = await pick_submission(fake, user, dm_menus[-1])
                assert not done.ephemeral  # a DM is private by nature
                used_dm_menu = True
            elif not used_secret_menu and user is dan and submits:
                secret = await (await fake.slash(dan, CHANNEL, "secret")).response()
                assert secret.ephemeral and "Your hand" in secret.content
                assert (await pick_submission(fake, dan, secret)).ephemeral
                used_secret_menu = True
            elif not used_done_button and choices == ["done"]:
                button = next(
                    c for c in last_public.custom_ids if c.startswith("mars:do:") and "done" in c
                )
                pressed = await (await fake.click(user, last_public, button)).response()
                assert not pressed.ephemeral, pressed.content
                used_done_button = True
            else:
                reply = await move(fake, user, CHANNEL, rng.choice(choices))
                assert "not your turn" not in reply.content, reply.content
            latest = await fake.wait_for_message(
                lambda m: not m.ephemeral,
                channel=CHANNEL,
                after=mark,
                include_interaction_replies=True,
            )
            last_public = [m for m in fake.messages(CHANNEL) if m.seq >= latest.seq][-1]
            actions += 1
            last_acted[user.id] = actions
            break
        assert moved, "nobody could act, yet the game is not over"
    assert "**Game over.**" in last_public.content
    assert re.search(
        r"\b(wins?|Nobody at the table wins) \(The (Humans|Martians) won", last_public.content
    )
    assert used_dm_menu and used_secret_menu and used_done_button

    channel_text = " ".join(
        [m.content for m in fake.messages(CHANNEL)]
        + [a.description or "" for m in fake.messages(CHANNEL) for a in m.attachments]
    )
    private_lines = {
        line
        for user in (ann, bob, cat)
        for dm in fake.dms(user)
        for line in dm.content.splitlines()
        if line.startswith("Your ")
    }
    assert any(HAND.match(line) for line in private_lines)
    assert not [line for line in private_lines if line in channel_text]
    assert fake.unhandled_requests == []
