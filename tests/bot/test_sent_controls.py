"""The controls of the bot's messages leave nothing behind in discord.py once sent: every item is
answered by its class from its custom id, so no view is kept, and a private message's view gets
no 15-minute timer (at a busy table's pace, thousands of views and tasks lived at once, and the
event loop's full garbage collections grew to a quarter of a second)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import discord
import pytest
from discord.webhook.async_ import async_context

from bot.courier.persistent import message_view
from bot.info.cog import rules_view
from bot.leagues.controls import sign_up_buttons
from bot.learn.cog import lesson_view
from bot.lobby.controls import lobby_buttons
from bot.lobby.rematch import rematch_view
from bot.play.confirm import confirming
from bot.play.controls import controls_view
from bot.privacy.cog import ForgetButton
from bot.takebacks.cog import AskButton, request_view
from club.catalogue import CATALOGUE
from club.learn.lesson import Lesson, Run
from club.service import Controls

RESPONSE_MESSAGE = 99


class Answering:
    """discord.py's webhook adapter, answering every interaction response at once, without a
    network: the response made message `RESPONSE_MESSAGE`."""

    async def create_interaction_response(self, interaction_id: int, *_: Any, **__: Any) -> Any:
        return {
            "interaction": {
                "id": str(interaction_id),
                "type": 2,
                "response_message_id": str(RESPONSE_MESSAGE),
                "response_message_ephemeral": True,
            }
        }


def interaction(client: discord.Client) -> discord.Interaction[discord.Client]:
    """A slash command's interaction, as discord.py reads it from the gateway."""
    data: Any = {
        "id": "1",
        "type": 2,
        "token": "token",
        "version": 1,
        "application_id": "2",
        "attachment_size_limit": 8 << 20,
        "data": {"id": "3", "name": "move", "type": 1},
    }
    return discord.Interaction(data=data, state=client._connection)


def view_timers() -> list[asyncio.Task[Any]]:
    """discord.py's tasks that time views out, pending."""
    return [
        task
        for task in asyncio.all_tasks()
        if task.get_coro().__qualname__.endswith("__timeout_task_impl")  # type: ignore[union-attr]
    ]


def lesson(game: str) -> Lesson:
    found = CATALOGUE[game].lesson
    assert found is not None
    return found


def with_ask_button() -> discord.ui.View:
    view = controls_view(Controls(12, 34, buttons=("done",), offered_to=frozenset({0})))
    assert view is not None
    view.add_item(AskButton(12))
    return view


VIEWS: dict[str, Callable[[], discord.ui.View]] = {
    "a move's buttons and Take back": with_ask_button,
    "a takeback's Accept and Decline": lambda: request_view(12, 3),
    "a lobby's buttons": lambda: lobby_buttons(12),
    "a league's sign-up": lambda: sign_up_buttons(4),
    "a rematch": lambda: rematch_view(12),
    "a confirmation": lambda: confirming(ForgetButton(5, 10**10)),
    "the rules' pages": lambda: rules_view("leylines"),
    "a lesson's step": lambda: lesson_view("leylines.1f", Run(lesson("leylines"), "ann")),
}


@pytest.mark.parametrize("made", VIEWS.values(), ids=VIEWS.keys())
async def test_a_private_message_s_controls_leave_no_view_or_timer_behind(
    made: Callable[[], discord.ui.View],
) -> None:
    client = discord.Client(intents=discord.Intents(guilds=True))
    view = made()
    assert view.to_components()  # the controls still reach Discord
    answering = async_context.set(Answering())  # type: ignore[arg-type]
    try:
        await interaction(client).response.send_message("Done.", view=view, ephemeral=True)
    finally:
        async_context.reset(answering)
    assert view_timers() == []
    assert view.timeout is None
    store = client._connection._view_store
    assert store._synced_message_views == {} and store._views == {}


async def test_a_message_view_begins_empty_and_finished() -> None:
    view = message_view()
    assert view.children == [] and view.is_finished() and view.timeout is None
