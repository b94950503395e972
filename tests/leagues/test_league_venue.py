"""The leagues' Discord venue without Manage Events: the round is announced in the league's
channel all the same, no scheduled event is asked for, and `/status` gets one line saying so
(`Faults`, which `/status` lists)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import discord

from bot.leagues.venue import DiscordVenue
from club.faults import Faults
from club.storage.leagues import LeagueRow


class Channel(discord.TextChannel):
    """A text channel that records what is sent and how events are asked for (no Discord)."""

    def __init__(self, permissions: discord.Permissions) -> None:
        self.name = "mars-1"
        self.sent: list[str] = []
        self.asked: list[dict[str, Any]] = []
        me = SimpleNamespace(guild_permissions=permissions)
        self._guild = SimpleNamespace(me=me, create_scheduled_event=self._event)

    @property  # type: ignore[override]
    def guild(self) -> Any:
        return self._guild

    async def send(self, content: str | None = None, **_: Any) -> Any:  # type: ignore[override]
        self.sent.append(content or "")

    async def _event(self, **asked: Any) -> None:
        self.asked.append(asked)


LEAGUE = LeagueRow(
    7, 1, 55, "Spring", "leylines", {}, "swiss", 3, 72, 24, True, 0, True, "standin", 1,
    "running", 1, 2_000_000_000.0, None, 9, None, 0.0,
)  # fmt: skip


async def venue_with(permissions: discord.Permissions) -> tuple[Channel, Faults]:
    channel, faults = Channel(permissions), Faults()
    client = SimpleNamespace(get_channel=lambda _: channel)
    venue = DiscordVenue(cast(Any, client), cast(Any, None), cast(Any, None), faults)
    await venue.round_opened(LEAGUE, 1, [303])
    return channel, faults


async def test_without_manage_events_the_round_is_told_and_status_says_why() -> None:
    channel, faults = await venue_with(discord.Permissions.none())
    [said] = channel.sent
    assert "round 1 of 3 is paired" in said and "<t:2000000000:F>" in said and "<@303>" in said
    assert channel.asked == []
    [fault] = faults.recent(within=60).items()
    assert fault[0] == "league events" and "Manage Events" in fault[1].last


async def test_with_manage_events_the_deadline_goes_on_the_calendar() -> None:
    channel, faults = await venue_with(discord.Permissions(manage_events=True))
    [event] = channel.asked
    assert event["name"] == "Spring: round 1 deadline"
    assert event["start_time"].timestamp() == LEAGUE.deadline
    assert faults.recent(within=60) == {}
