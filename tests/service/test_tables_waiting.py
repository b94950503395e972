"""Tables that never stall, through the table service: `/mygames`, the reminder digest and
`/notify`, time away (`/away`) and servers' settings, on a settable clock."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.courier import limits
from club.service import Player, TableError, TableService
from club.service.away import days_used, paused
from club.service.waiting import digest, listing, more_lines
from club.storage import Storage
from club.storage.rows import Living
from tests.conftest import Backend, sqlite_backend
from tests.service.fixtures import ANN, BOB, CAT, Clock
from tests.service.posted import posted

HOUR, DAY = 3600.0, 86400.0
GUILD = 1


@pytest.fixture
def backend(tmp_path: Path) -> Backend:
    """A fresh SQLite file: these tests run on SQLite only."""
    return sqlite_backend(tmp_path)


@pytest.fixture
def service(storage: Storage) -> tuple[TableService, Clock]:
    clock = Clock()
    return TableService(storage, seed_source=lambda: 7, remind_after=HOUR, clock=clock), clock


async def table(
    service: TableService, channel: int, first: Player, second: Player, clock_hours: int = 0
) -> None:
    """A Ley Lines game in `channel`, `first` to move."""
    await service.lobbies.new_lobby(
        guild_id=GUILD,
        channel_id=channel,
        creator=first,
        game_key="leylines",
        options={"first": 1},
        clock_hours=clock_hours,
    )
    await service.lobbies.join(channel, second)
    await service.lobbies.start(channel, first)


async def test_mygames_lists_every_table_waiting_on_you_first_with_a_link(
    service: tuple[TableService, Clock],
    storage: Storage,
) -> None:
    tables, _ = service
    await table(tables, 10, BOB, ANN)  # waits on Bob
    await table(tables, 20, ANN, BOB)  # waits on Ann
    await table(tables, 30, BOB, CAT)  # Ann is not seated
    row = await storage.games.open_in(20)
    assert row is not None
    await storage.outbox.delivered(row.id, 0, Living(555, "", ""))
    mine = await tables.waiting.my_games(GUILD, ANN.user_id)
    assert [(t.row.channel_id, t.yours) for t in mine] == [(20, True), (10, False)]
    assert mine[0].link == f"https://discord.com/channels/{GUILD}/20/555"
    assert mine[1].link == f"https://discord.com/channels/{GUILD}/10"
    text = listing(mine)
    assert text.index("Waiting on you (1)") < text.index("<#20>") < text.index("Waiting on others")
    assert "Bob to move" in text and "your turn" in text and "<t:" in text
    assert await tables.waiting.my_games(GUILD + 1, ANN.user_id) == []
    assert "no game in play" in listing([])


async def test_a_long_listing_is_whole_and_fits_discords_limit_by_its_first_lines(
    service: tuple[TableService, Clock],
) -> None:
    """The service lists every table; `/mygames` and the digest keep the lines a message holds
    (`limits.first_lines`, as their senders do) and say how many more there are."""
    tables, _ = service
    for channel in range(10, 50):
        await table(tables, channel, ANN, BOB)
    mine = await tables.waiting.my_games(GUILD, ANN.user_id)
    for text in (listing(mine), digest(mine, "Mars")):
        assert text.count("<#") == 40 and len(text) > limits.CONTENT
        shown = limits.first_lines(text, limits.CONTENT, more_lines)
        *lines, more = shown.splitlines()
        assert len(shown) <= limits.CONTENT and text.startswith("\n".join(lines))
        assert more == more_lines(len(text.splitlines()) - len(lines))


async def test_one_digest_a_period_lists_every_table_and_pings_follow_the_choice(
    service: tuple[TableService, Clock],
) -> None:
    tables, clock = service
    for channel in (10, 20, 30):
        await table(tables, channel, ANN, BOB)
    clock.now += HOUR
    reminded = await tables.clocks.due_reminders()
    assert len(reminded) == 3  # each table's ping stays
    assert all(n.mentions == (ANN.user_id,) for _, _, n in reminded)
    [(guild, user, waiting)] = await tables.waiting.due_digests()
    assert (guild, user, len(waiting)) == (GUILD, ANN.user_id, 3)
    text = digest(waiting, "Mars")
    assert "3 games are waiting for your move on Mars" in text and text.count("<#") == 3
    assert await tables.waiting.due_digests() == []
    clock.now += HOUR / 2  # within the period: no second digest even if a table comes due
    assert await tables.clocks.due_reminders() == []
    assert await tables.waiting.due_digests() == []
    clock.now += HOUR / 2
    assert len(await tables.clocks.due_reminders()) == 3
    assert len(await tables.waiting.due_digests()) == 1

    await tables.waiting.set_notify(GUILD, ANN.user_id, "dm")
    clock.now += HOUR
    assert await tables.clocks.due_reminders() == []  # a ping for nobody is not posted
    assert len(await tables.waiting.due_digests()) == 1
    await tables.waiting.set_notify(GUILD, ANN.user_id, "channel")
    clock.now += HOUR
    assert len(await tables.clocks.due_reminders()) == 3
    assert await tables.waiting.due_digests() == []
    await tables.waiting.set_notify(GUILD, ANN.user_id, "none")
    clock.now += HOUR
    assert await tables.clocks.due_reminders() == [] and await tables.waiting.due_digests() == []
    assert await tables.waiting.notify_choice(GUILD, ANN.user_id) == "none"
    with pytest.raises(TableError):
        await tables.waiting.set_notify(GUILD, ANN.user_id, "smoke")


async def test_a_digest_is_not_sent_twice_across_a_restart(
    service: tuple[TableService, Clock],
    storage: Storage,
) -> None:
    tables, clock = service
    await table(tables, 10, ANN, BOB)
    clock.now += HOUR
    await tables.clocks.due_reminders()
    assert len(await tables.waiting.due_digests()) == 1
    restarted = TableService(storage, remind_after=HOUR, clock=clock)
    restarted.waiting.mark_due(GUILD, [ANN.user_id])  # as if a reminder came due again
    assert await restarted.waiting.due_digests() == []


async def test_away_pauses_reminders_and_claims_and_the_clock_resumes(
    service: tuple[TableService, Clock],
) -> None:
    tables, clock = service
    await table(tables, 10, ANN, BOB, clock_hours=4)  # waits on Ann
    await table(tables, 20, BOB, ANN)  # waits on Bob
    clock.now += HOUR
    said, notes = await tables.away.go_away(GUILD, ANN, 2)
    back = clock.now + 2 * DAY
    assert f"<t:{int(back)}:f>" in said and "2 of your 14 days" in said
    assert notes == [(10, f"Ann is away until <t:{int(back)}:f>: the clock of this table is "
                      "paused and nobody may claim it on time meanwhile.")]  # fmt: skip
    mine = await tables.waiting.my_games(GUILD, BOB.user_id)
    assert any(f"Ann (away until <t:{int(back)}:f>)" in t.line() for t in mine)

    clock.now += DAY
    reminded = await tables.clocks.due_reminders()
    assert [channel for _, channel, _ in reminded] == [20]  # Bob's table only
    with pytest.raises(TableError, match="away until"):
        await tables.claims.claim_win(10, BOB)
    [(_, bob, _)] = await tables.waiting.due_digests()
    assert bob == BOB.user_id

    clock.now = back + 2 * HOUR  # 1 h waited before, 2 h after: 1 h of the clock is left
    with pytest.raises(TableError, match="claim in 1 h"):
        await tables.claims.claim_win(10, BOB)
    clock.now += HOUR
    update = await tables.claims.claim_win(10, BOB)
    assert update.finished


async def test_away_ends_early_and_is_limited_to_14_days_in_30(
    service: tuple[TableService, Clock],
) -> None:
    tables, clock = service
    await table(tables, 10, ANN, BOB, clock_hours=1)
    with pytest.raises(TableError, match="not away"):
        await tables.away.go_away(GUILD, ANN, 0)
    await tables.away.go_away(GUILD, ANN, 10)
    clock.now += 2.5 * DAY
    said, notes = await tables.away.go_away(GUILD, ANN, 0)
    assert "Welcome back" in said and notes == [
        (10, "Ann is back: the clock of this table runs again.")
    ]
    with pytest.raises(TableError, match="11 left"):
        await tables.away.go_away(GUILD, ANN, 12)
    await tables.away.go_away(GUILD, ANN, 11)
    clock.now += 12 * DAY  # both began in the last 30 days
    with pytest.raises(TableError, match="0 left"):
        await tables.away.go_away(GUILD, ANN, 1)
    await tables.away.go_away(GUILD + 1, ANN, 1)  # another server counts its own days
    with pytest.raises(TableError, match="1 to 14"):
        await tables.away.go_away(GUILD, ANN, 15)


def test_pause_counts_overlapping_time_once_and_days_in_the_last_30() -> None:
    assert paused(100.0, 250.0, [(0.0, 150.0), (120.0, 200.0), (300.0, 310.0)]) == 110.0
    assert paused(100.0, 120.0, [(0.0, 150.0), (120.0, 200.0), (300.0, 310.0)]) == 100.0
    assert paused(100.0, 250.0, [(0.0, 50.0)]) == 0.0
    jan_31 = 30 * DAY  # 1970-01-31
    assert days_used([(jan_31, jan_31 + 3 * DAY)], jan_31) == 3
    assert days_used([(jan_31, jan_31 + 3 * DAY)], jan_31 + 2 * DAY) == 3  # February too
    assert days_used([(jan_31, jan_31 + 3 * DAY)], jan_31 + 30 * DAY) == 0
    assert days_used([(0.0, 1.5 * DAY)], 0.0) == 2


async def test_server_settings_set_the_reminder_period_and_checks(
    service: tuple[TableService, Clock],
) -> None:
    tables, clock = service
    assert (await tables.servers.server_settings(GUILD)).standins
    settings = await tables.servers.change_settings(
        GUILD, remind_hours=3, clock_hours=12, standins=False, channels=(10,)
    )
    assert (settings.remind_hours, settings.clock_hours, settings.standins) == (3, 12, False)
    assert "every 3 h" in settings.described(HOUR) and "<#10>" in settings.described(HOUR)
    assert await tables.servers.default_clock(GUILD) == 12
    await tables.servers.check_table_channel(GUILD, 10)
    with pytest.raises(TableError, match="<#10>"):
        await tables.servers.check_table_channel(GUILD, 20)
    with pytest.raises(TableError, match="reminder period"):
        await tables.servers.change_settings(GUILD, remind_hours=500)
    with pytest.raises(TableError, match="clock"):
        await tables.servers.change_settings(GUILD, clock_hours=100)
    await table(tables, 10, ANN, BOB)
    clock.now += HOUR
    assert await tables.clocks.due_reminders() == []  # the server's period is 3 h
    clock.now += 2 * HOUR
    assert len(await tables.clocks.due_reminders()) == 1
    back = await tables.servers.change_settings(GUILD, remind_hours=-1, channels=())
    assert back.remind_hours is None and back.channels == ()
    await tables.servers.check_table_channel(GUILD, 20)


@pytest.mark.parametrize("hours", [0.01, 0.5, 0.99, -0.5, -2, 168.5, 500])
async def test_a_reminder_period_outside_what_the_refusal_says_is_refused(
    service: tuple[TableService, Clock], hours: float
) -> None:
    tables, _ = service
    with pytest.raises(TableError) as refused:
        await tables.servers.change_settings(GUILD, remind_hours=hours)
    assert str(refused.value) == (
        "The reminder period is 1 to 168 hours, 0 for no reminders, or -1 for the bot's default."
    )
    assert (await tables.servers.server_settings(GUILD)).remind_hours is None


@pytest.mark.parametrize(("hours", "kept"), [(-1, None), (0, 0), (1, 1), (1.5, 1.5), (168, 168)])
async def test_a_reminder_period_the_refusal_names_is_kept(
    service: tuple[TableService, Clock], hours: float, kept: float | None
) -> None:
    tables, _ = service
    await tables.servers.change_settings(GUILD, remind_hours=6)
    settings = await tables.servers.change_settings(GUILD, remind_hours=hours)
    assert settings.remind_hours == kept


async def test_a_stand_in_plays_the_absent_seat_unrated_until_the_person_is_back(
    service: tuple[TableService, Clock],
    storage: Storage,
) -> None:
    tables, clock = service
    await table(tables, 10, ANN, BOB, clock_hours=1)  # waits on Ann
    with pytest.raises(TableError, match="Too early"):
        await tables.claims.claim_standin(10, BOB)
    clock.now += 2 * HOUR
    with pytest.raises(TableError, match="level"):
        await tables.claims.claim_standin(10, BOB, "godlike")
    said = posted(await tables.claims.claim_standin(10, BOB))
    assert "stand-in (easy computer) for Ann" in said and "unrated" in said
    row = await storage.games.open_in(10)
    assert row is not None
    turn = await tables.standins.standin_turn(row.id)
    assert turn is not None and turn.seat == 0 and turn.level == "easy"
    clock.now += 10 * HOUR
    assert await tables.clocks.due_reminders() == []  # nobody is reminded for a stand-in's seat
    with pytest.raises(TableError, match="Nobody is keeping the table waiting"):
        await tables.claims.claim_win(10, BOB)
    table_now = await tables.tables.load(10, status="active")
    notation = table_now.game.notation(table_now.game.legal_moves(table_now.state, 0)[0])
    await tables.computers.play_computer(turn, notation)
    assert await storage.games.unrated(row.id)  # from the stand-in's first move
    assert await tables.standins.standin_turn(row.id) is None  # Bob's turn now
    with pytest.raises(TableError, match="No stand-in"):
        await tables.standins.take_seat_back(10, BOB.user_id)
    assert "Ann is back" in posted(await tables.standins.take_seat_back(10, ANN.user_id))
    assert await storage.games.standins(row.id) == {}
    await tables.servers.change_settings(GUILD, standins=False)
    with pytest.raises(TableError, match="does not allow stand-ins"):
        await tables.claims.claim_standin(10, ANN)
