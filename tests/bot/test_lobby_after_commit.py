"""A lobby action is committed before its message is edited: an unexpected error after that
(the lobby message cannot be edited) is answered with the truth, never with "nothing was
changed"."""

from __future__ import annotations

from typing import Any

import pytest

from bot.courier.replies import AFTER_COMMIT, APOLOGY, answer_error
from club.service import TableService
from club.storage import Storage
from tests.bot.test_lobby_message import LobbyPost, interaction, lobby_of_three
from tests.service.fixtures import ANN, CAT, CHANNEL


class Broken(LobbyPost):
    """A lobby message that cannot be edited."""

    async def edit(self, **_: Any) -> None:
        raise RuntimeError("the lobby message could not be edited")


@pytest.mark.parametrize(
    ("player", "action", "stage"), [(CAT, "join", "saved"), (ANN, "start", "queued")]
)
async def test_a_failed_lobby_edit_after_a_commit_is_answered_truthfully(
    service: TableService, storage: Storage, player: Any, action: str, stage: str
) -> None:
    seating, post = await lobby_of_three(service)
    acting = interaction(Broken(post.text), player, "command")
    with pytest.raises(RuntimeError) as failed:
        await seating.act(acting, action)
    await answer_error(acting, failed.value)
    assert acting.response.said[-1] == AFTER_COMMIT[stage] != APOLOGY
    row = await storage.games.open_in(CHANNEL)  # the action stands
    assert row is not None and player.user_id in {s.user_id for s in row.seats}
    assert row.status == ("active" if action == "start" else "lobby")
