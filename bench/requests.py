"""Requests to Discord per action (`python benchmark.py --requests`): how many requests the real
bot makes with its token for each action at a Mars vs. Earth table, against the local fake
Discord.

Six people play one table (the game's seed and their random choices pinned) by `/move`, each
choosing among the moves the bot's autocomplete offers; the next action follows as soon as the
last one is answered, as when six people act at once in an open phase (nobody waits for the
board to show the others' actions). The requests of one whole round are counted (from the
channel's "Round 2 begins" to its "Round 3 begins", the round read from the game the bot
stored, so that the round's end is known without waiting for the board), sorted by kind:
channel posts, board edits, DMs, DM channels opened, users fetched, other requests with the
bot's token, and the interactions' own answers (callbacks and follow-ups, which Discord's global
rate limit spares: not counted in the target). Target: at most `PER_ACTION` requests with the
bot's token per action.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import sqlite3
import tempfile
from collections import Counter
from pathlib import Path

from bench.report import Check, Section
from tests.e2e.tables import legal_moves, move, open_table
from tests.fakediscord import BotProcess, FakeDiscord, User

PER_ACTION = 1.0
"""Target: requests with the bot's token per action, over a round."""
PLAYERS = 6
SEED = "20261122"
"""The game's seed (as the Mars vs. Earth end-to-end tests pin it)."""
CHOICES_SEED = 2468
CHANNEL = "mars-1"
ACTIONS_MOST = 600
"""Actions after which a round that has not ended stops the benchmark."""
ANSWERS = re.compile(r"^\S+ /api/v10/(interactions|webhooks)/")
KINDS = (
    ("channel posts", re.compile(r"^POST /api/v10/channels/(\d+)/messages$")),
    ("board edits", re.compile(r"^PATCH /api/v10/channels/\d+/messages/\d+$")),
    ("DM channels opened", re.compile(r"^POST /api/v10/users/@me/channels$")),
    ("users fetched", re.compile(r"^GET /api/v10/users/\d+$")),
)


def kind_of(request: str, dm_channels: set[int]) -> str:
    """The kind of one request of the fake's log (see the module)."""
    if ANSWERS.match(request):
        return "interactions' answers"
    for name, pattern in KINDS:
        found = pattern.match(request)
        if found:
            posted = found.groups()
            return "DMs" if posted and int(posted[0]) in dm_channels else name
    return "other"


def round_of(database: Path) -> int:
    """The round the table's game stands in, as the bot stored it (read only)."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        [(state,)] = connection.execute("SELECT state FROM games WHERE status = 'active'")
    round_: int = json.loads(state)["round"]
    return round_


async def told(fake: FakeDiscord, round_: int) -> None:
    """Wait until the channel says that `round_` begins (in a new message, never held)."""
    said = f"Round {round_} begins"
    await fake.state.wait_for(
        lambda: any(said in m.content for m in fake.messages(CHANNEL)), 10, said
    )


async def act(fake: FakeDiscord, users: list[User], rng: random.Random) -> None:
    """One `/move` by someone who may act, chosen at random, once it is answered."""
    for user in rng.sample(users, len(users)):
        choices = await legal_moves(fake, user, CHANNEL)
        if choices:
            reply = await move(fake, user, CHANNEL, rng.choice(choices))
            assert reply.content.startswith("Done"), reply.content
            return
    raise AssertionError("nobody may act at the table")


async def one_round(
    fake: FakeDiscord, users: list[User], database: Path
) -> tuple[int, Counter[str]]:
    """Play to the end of round 2 (see the module): its actions and its requests by kind."""
    rng = random.Random(CHOICES_SEED)
    await open_table(fake, CHANNEL, "marsvsearth", users[0], users[1:], {"first": 1})
    start: int | None = None
    actions = 0
    for _ in range(ACTIONS_MOST):
        await act(fake, users, rng)
        round_ = round_of(database)
        if start is not None:
            actions += 1
            if round_ == 3:
                await told(fake, 3)
                dms = {u.dm_channel_id for u in users if u.dm_channel_id is not None}
                log = fake.request_log[start:]
                return actions, Counter(kind_of(r, dms) for r in log)
        elif round_ == 2:
            await told(fake, 2)
            start = len(fake.request_log)
    raise AssertionError(f"round 2 did not end within {ACTIONS_MOST} actions")


async def measure() -> tuple[int, Counter[str]]:
    """Start the bot against a fresh fake Discord and play the round."""
    fake = await FakeDiscord.start()
    try:
        with tempfile.TemporaryDirectory(prefix="mars-requests-") as name:
            bot = BotProcess(
                fake,
                log_path=Path(name) / "bot.log",
                database_path=Path(name) / "bot.sqlite3",
                extra_env={"E2E_SEED": SEED},
                base_env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
            )
            await bot.start()
            try:
                users = [fake.add_user(f"player{n}") for n in range(PLAYERS)]
                return await one_round(fake, users, Path(name) / "bot.sqlite3")
            finally:
                await bot.stop()
    finally:
        await fake.stop()


def bench_requests() -> Section:
    """Requests per action over a Mars vs. Earth round, against the target."""
    actions, counted = asyncio.run(measure())
    answers = counted.pop("interactions' answers", 0)
    total = sum(counted.values())
    lines = [
        "## Requests to Discord per action",
        "",
        f"One round (round 2) of a {PLAYERS}-player Mars vs. Earth table played by `/move` "
        f"through the local fake Discord (seeds pinned): {actions} actions.",
        "",
        "| requests | count | per action |",
        "| --- | ---: | ---: |",
    ]
    for name in [*(kind for kind, _ in KINDS), "DMs", "other"]:
        lines.append(f"| {name} | {counted[name]} | {counted[name] / actions:.2f} |")
    lines.append(f"| **with the bot's token** | {total} | {total / actions:.2f} |")
    lines.append(f"| interactions' answers (spared) | {answers} | {answers / actions:.2f} |")
    check = Check(
        "Requests with the bot's token per action, a Mars vs. Earth round",
        total / actions,
        PER_ACTION,
        "requests",
        relation="<=",
    )
    return Section(lines, [check])
