"""The real bot process against the fake Discord server: after a short game of Ley Lines that
ends in a resignation, a player asks for `/review` and gets, privately, a progress message that
becomes the review (the chart of their chance to win and their drops); a spectator of a finished
Agents game is refused privately, saying why."""

from __future__ import annotations

import io

from PIL import Image

from tests.e2e.conftest import LaunchBot
from tests.e2e.tables import open_table, play, refused, resign
from tests.fakediscord import FakeDiscord, Message
from tests.hang import HANG_SECONDS

CHANNEL, AGENTS_CHANNEL = "mars-1", "mars-2"


async def test_a_player_reviews_a_finished_game_and_a_spectator_of_agents_is_refused(
    fake_discord: FakeDiscord, launch_bot: LaunchBot
) -> None:
    fake = fake_discord
    await launch_bot()
    await fake.wait_commands_synced()
    ann, bob, cat = fake.add_user("ann"), fake.add_user("bob"), fake.add_user("cat")
    await open_table(fake, CHANNEL, "leylines", ann, [bob], options={"first": 1})
    assert "still being played" in await refused(fake, ann, CHANNEL, "review", game=1)
    await play(fake, ann, CHANNEL, "L c3")
    await play(fake, bob, CHANNEL, "M d4")
    await resign(fake, bob, CHANNEL)

    offered = await fake.autocomplete(ann, CHANNEL, "review", options={}, focused="game")
    assert [c["value"] for c in offered] == [1]

    asked = await fake.slash(ann, CHANNEL, "review")
    first = await asked.response()
    assert first.ephemeral

    def reviewed() -> Message | None:
        answer = asked.original
        return answer if answer is not None and answer.content.startswith("**Review of") else None

    answer = await fake.state.wait_for(reviewed, HANG_SECONDS, "the review in place of progress")
    assert answer.ephemeral
    said = [revision["content"] for revision in answer.history] + [answer.content]
    assert said[0] == "" and said[1] == "Reviewing… 0 of 4 positions", said  # "thinking" first
    assert answer.content.startswith(
        "**Review of Ley Lines of Mars #1: ann vs bob**, from ann's point of view"
    )
    assert "Your estimated chance to win:" in answer.content
    assert "Your biggest drops:" in answer.content or "No move of yours lost" in answer.content
    assert "Turning point: move 3, bob's `resign`" in answer.content
    [chart] = answer.attachments
    assert chart.filename == "review-1-1.png" and "chance to win" in (chart.description or "")
    assert Image.open(io.BytesIO(chart.data)).format == "PNG"

    await open_table(fake, AGENTS_CHANNEL, "agents", ann, [bob], options={"first": 1})
    await resign(fake, bob, AGENTS_CHANNEL)
    assert "has secrets, so only its players may review it" in await refused(
        fake, cat, AGENTS_CHANNEL, "review"
    )
    assert fake.unhandled_requests == []
