"""The real bot process against the fake Discord server: a game of Albiorix that ends in a win.

The line of play is found with the engine (the first seeded random game that ends in a win with
a mix in it), then played move by move through `/move`. On the way, `/move <square>` answers with
a private picture of that piece's destinations, and a mix typed without its result offers the
possible results in a menu.
"""

from __future__ import annotations

import random
import re

from engine.albiorix import GAME
from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import board_after, marks, move, open_table, play, png_of
from tests.fakediscord import FakeDiscord

CHANNEL = "mars-3"
NAMES = ["ann", "bob"]


def winning_line() -> list[tuple[int, str]]:
    """(seat, notation) of a short seeded random game with a mix that ends in a win."""
    for seed in range(500):
        rng = random.Random(seed)
        state = GAME.new_game(NAMES, {"first": 1}, seed)
        line: list[tuple[int, str]] = []
        while GAME.outcome(state) is None and len(line) < 40:
            [seat] = GAME.actors(state)
            chosen = rng.choice(GAME.legal_moves(state, seat))
            line.append((seat, GAME.notation(chosen)))
            state, _ = GAME.apply(state, seat, chosen)
        outcome = GAME.outcome(state)
        if outcome and outcome.winners and any("x" in text for _, text in line):
            return line
    raise AssertionError("no short winning game found")


async def test_a_game_that_ends_in_a_win(fake_discord: FakeDiscord, launch_bot: LaunchBot) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    users = [fake.add_user(name) for name in NAMES]
    opening = await open_table(fake, CHANNEL, "albiorix", users[0], [users[1]], {"first": 1})
    png_of(opening)

    line = winning_line()
    first_mix = next(i for i, (_, text) in enumerate(line) if "x" in text)
    last = opening
    for index, (seat, text) in enumerate(line):
        user = users[seat]
        if index == 0:
            square = text[:2]
            preview = await move(fake, user, CHANNEL, square)
            assert preview.ephemeral and "go" in preview.content
            png_of(preview)
            assert any(c.startswith("mars:pick:") for c in preview.custom_ids)
        if index == first_mix:
            origin_target = text.split()[0]
            before = marks(fake, CHANNEL)
            offered = await move(fake, user, CHANNEL, origin_target)
            if offered.ephemeral:  # several results: a menu of them
                [menu] = [c for c in offered.custom_ids if c.startswith("mars:pick:")]
                component = offered.component(menu)
                assert component is not None
                values = [o["value"].removeprefix("=") for o in component["options"]]
                assert text in values and len(values) > 1
                before = marks(fake, CHANNEL)
                picked = await (
                    await fake.click(user, offered, menu, values=[f"={text}"])
                ).response()
                assert picked.ephemeral and f"`{text}`" in picked.content
                last = await board_after(fake, CHANNEL, before)
            else:
                assert offered.content.startswith("Done"), offered.content
                last = await board_after(fake, CHANNEL, before)
            continue
        last = await play(fake, user, CHANNEL, text)
        png_of(last)
    assert "**Game over.**" in last.content
    assert re.search(r"(ann|bob) wins \(\1 began a turn holding both Monads\)", last.content)
    assert fake.unhandled_requests == []
