"""Leagues as events: what `/league new` sets, who may organise, sign-up, start, pause and
drop. Every refusal is one line for the person and changes nothing.

Rules (README says the same):
- Organisers are the server's administrators (Manage Server) and the members of the role set
  with `/settings league_role:`. Only they create, start, pause or resume a league, or drop
  someone else; a player may drop only themself.
- Formats: `swiss` and `round_robin` for two-player games; a round robin seats at most
  `ROUND_ROBIN_MOST` players and plays at most one round fewer than its players (as many
  rounds as players when their number is odd, each having a bye once); `table_swiss` for the
  games with league table sizes (Martian Merchants 3-4 seats, Mars vs. Earth 5-10).
- A league plays 1 to `MOST_ROUNDS` rounds of 1 to `LONGEST_ROUND_HOURS` hours each; each
  table's own clock (hours a turn may wait, 1 to 72) is shorter than the round.
- Sign-up is open until the start; late joins are taken while the round in play is before
  round `late_until` (they play from the next round; 0: no late joins; a round robin, whose
  schedule is set at the start, takes none). A player away
  (`/away`) when they sign up to a league that does not allow it is told so.
- A pause stops the round's deadline; the start resumes it with the time that was left.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from club.catalogue import Catalogue
from club.leagues.pairing import round_robin_rounds
from club.service import fair_clock
from club.service.away import Away, until
from club.service.servers import Servers
from club.service.updates import Player, TableError
from club.service.wording import HOURS, PLAYERS
from club.storage.leagues import LeaguePlayer, Leagues
from club.storage.leagues import LeagueRow as LeagueRow
from engine.core import FIRST_PLAYER, Game, GameError, resolve_options
from engine.words import Unit, with_article

FORMATS = {"swiss": "Swiss", "round_robin": "round robin", "table_swiss": "table Swiss"}
"""The formats, by key, with their names in words."""
ABSENT = ("standin", "forfeit")
"""What becomes of a seat whose clock ran out: a stand-in plays it, or it forfeits."""
ROUNDS = Unit("round")
ROUND_ROBIN_MOST = 12
MOST_ROUNDS = 15
LONGEST_ROUND_HOURS = 24 * 30
ORGANISERS_ONLY = (
    "Only the server's administrators (Manage Server) or its league organisers' role "
    "(`/settings league_role:`) may do that. Nothing was changed."
)


@dataclass(frozen=True)
class Actor:
    """Who acts, as the transport reads them: the person, whether they may manage the server,
    and their roles' ids."""

    player: Player
    manages_server: bool = False
    roles: tuple[int, ...] = ()


@dataclass(frozen=True)
class LeagueSpec:
    """What `/league new` sets: the league's name, game and options, format, rounds, each
    round's length and each table's clock (hours), whether its games are rated, late joins
    until round `late_until` (0: none), whether `/away` may be used, and what becomes of a seat
    whose clock ran out (`ABSENT`)."""

    name: str
    game_key: str
    format: str
    rounds: int
    round_hours: int = 72
    clock_hours: int = 24
    rated: bool = True
    late_until: int = 0
    away_allowed: bool = True
    absent: str = "standin"
    options: dict[str, Any] | None = None


def check_spec(spec: LeagueSpec, catalogue: Catalogue) -> dict[str, Any]:
    """The league's columns as stored; refused (TableError) when anything is out of bounds."""
    entry = catalogue.get(spec.game_key)
    if entry is None:
        raise TableError(f"There is no game called {spec.game_key}. Nothing was changed.")
    game = entry.game
    if spec.format not in FORMATS:
        raise TableError(f"The format is one of: {', '.join(FORMATS)}. Nothing was changed.")
    if spec.format == "table_swiss" and not entry.league_tables:
        raise TableError(
            f"{game.title} is a two-player game: choose `swiss` or `round_robin`. "
            "Nothing was changed."
        )
    if spec.format != "table_swiss" and not (game.min_players <= 2 <= game.max_players):
        raise TableError(
            f"{game.title} is not played by two: choose `table_swiss`. Nothing was changed."
        )
    if spec.format != "table_swiss" and entry.league_tables:
        sizes = f"{entry.league_tables[0]}-{entry.league_tables[-1]}"
        raise TableError(
            f"{game.title} leagues are played at tables of {sizes}: choose `table_swiss`. "
            "Nothing was changed."
        )
    most = round_robin_rounds(ROUND_ROBIN_MOST) if spec.format == "round_robin" else MOST_ROUNDS
    if not 1 <= spec.rounds <= most:
        raise TableError(
            f"{with_article(FORMATS[spec.format], start=True)} league plays 1 to "
            f"{ROUNDS.of(most)}"
            + (f" (at most {PLAYERS.of(ROUND_ROBIN_MOST)})" if spec.format == "round_robin" else "")
            + ". Nothing was changed."
        )
    if not 1 <= spec.round_hours <= LONGEST_ROUND_HOURS:
        raise TableError(
            f"A round lasts 1 to {HOURS.of(LONGEST_ROUND_HOURS)}. Nothing was changed."
        )
    if not 1 <= spec.clock_hours <= fair_clock.LONGEST or spec.clock_hours >= spec.round_hours:
        raise TableError(
            f"A table's clock is 1 to {HOURS.of(fair_clock.LONGEST)} a turn, shorter than the "
            f"round ({HOURS.of(spec.round_hours)}). Nothing was changed."
        )
    if spec.format == "round_robin" and spec.late_until:
        raise TableError(
            "A round robin's schedule is set at the start: it takes no late joins "
            "(late_until: 0). Nothing was changed."
        )
    if not 0 <= spec.late_until <= spec.rounds:
        raise TableError(
            f"Late joins run until a round of the league (1 to {spec.rounds}), or 0 for none. "
            "Nothing was changed."
        )
    if spec.absent not in ABSENT:
        raise TableError(f"A seat out of time gets one of: {', '.join(ABSENT)}.")
    if not spec.name.strip() or len(spec.name) > 80:
        raise TableError("A league's name is 1 to 80 characters. Nothing was changed.")
    given = dict(spec.options or {})
    if FIRST_PLAYER in game.options:
        given.pop(FIRST_PLAYER.name, None)
    try:
        options = resolve_options(game.options, given)
    except GameError as error:
        raise TableError(f"{error} Nothing was changed.") from error
    return {
        "name": spec.name.strip(),
        "game_key": spec.game_key,
        "options": options,
        "format": spec.format,
        "rounds": spec.rounds,
        "round_hours": spec.round_hours,
        "clock_hours": spec.clock_hours,
        "rated": int(spec.rated),
        "late_until": spec.late_until,
        "away_allowed": int(spec.away_allowed),
        "absent": spec.absent,
    }


def parse_options(text: str, game: Game[Any, Any]) -> dict[str, Any]:
    """`/league new`'s options, written `name=value` separated by spaces or commas (a yes-or-no
    option: yes/no, true/false, on/off), read by each option's kind; refused when a name is
    unknown or a value is not of its kind. Ranges are checked with the options' own rules
    (`check_spec`)."""
    known = {o.name: o for o in game.options}
    chosen: dict[str, Any] = {}
    for word in text.replace(",", " ").split():
        name, _, value = word.partition("=")
        option = known.get(name)
        if option is None or not value:
            names = ", ".join(known) or "none"
            raise TableError(
                f"Options are written name=value; {game.title}'s options are: {names}. "
                "Nothing was changed."
            )
        chosen[name] = _read(option.kind, value, name)
    return chosen


def _read(kind: type, value: str, name: str) -> Any:
    if kind is bool:
        words = {"yes": True, "true": True, "on": True, "no": False, "false": False, "off": False}
        if value.lower() in words:
            return words[value.lower()]
    elif kind is int:
        try:
            return int(value)
        except ValueError:
            pass
    else:
        return value
    raise TableError(
        f"Option {name} takes {with_article(kind.__name__)}, not {value}. Nothing was changed."
    )


def in_play(players: Sequence[LeaguePlayer], round_number: int) -> list[int]:
    """The players who play round `round_number`: joined by then, not dropped before it."""
    return [
        p.user_id
        for p in players
        if p.joined_round <= round_number
        and (p.dropped_round is None or p.dropped_round >= round_number)
    ]


class Events:
    """Creating, joining, starting, pausing and dropping from leagues. `leagues` is the
    repository, `away` the players' times away, `servers` their settings (a league is held in a
    channel that may hold tables), `clock` gives Unix seconds and `new_seed` a
    league's pairing seed."""

    def __init__(
        self,
        leagues: Leagues,
        away: Away,
        servers: Servers,
        catalogue: Catalogue,
        *,
        clock: Callable[[], float],
        new_seed: Callable[[], int],
    ) -> None:
        self._leagues = leagues
        self._away = away
        self._servers = servers
        self._catalogue = catalogue
        self._now = clock
        self._new_seed = new_seed

    async def check_organiser(self, guild_id: int, actor: Actor) -> None:
        """Refuse anyone but the server's admins and its organisers' role."""
        if actor.manages_server:
            return
        role = await self._leagues.organiser_role(guild_id)
        if role is None or role not in actor.roles:
            raise TableError(ORGANISERS_ONLY)

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None:
        await self._leagues.set_organiser_role(guild_id, role_id)

    async def organiser_role(self, guild_id: int) -> int | None:
        return await self._leagues.organiser_role(guild_id)

    async def create(
        self, guild_id: int, channel_id: int, actor: Actor, spec: LeagueSpec
    ) -> LeagueRow:
        """Open a league's sign-up in `channel_id` (organisers)."""
        await self.check_organiser(guild_id, actor)
        await self._servers.check_table_channel(guild_id, channel_id)
        settings = check_spec(spec, self._catalogue)
        league_id = await self._leagues.create(
            guild_id=guild_id,
            channel_id=channel_id,
            creator_id=actor.player.user_id,
            seed=self._new_seed(),
            settings=settings,
        )
        return await self.get(league_id)

    async def get(self, league_id: int) -> LeagueRow:
        league = await self._leagues.get(league_id)
        if league is None:
            raise TableError(f"There is no league #{league_id}. `/league standings` lists them.")
        return league

    async def find(self, guild_id: int, channel_id: int, league_id: int | None) -> LeagueRow:
        """The league named, else the newest unfinished one of this channel (or thread's
        parent), else of the server; refused when there is none."""
        if league_id is not None:
            league = await self.get(league_id)
            if league.guild_id != guild_id:
                raise TableError(f"League #{league_id} belongs to another server.")
            return league
        leagues = await self._leagues.of_guild(guild_id)
        for chosen in (
            [lg for lg in leagues if lg.channel_id == channel_id and lg.status != "finished"],
            [lg for lg in leagues if lg.status != "finished"],
            leagues,
        ):
            if chosen:
                return chosen[0]
        raise TableError(
            "This server has no league yet; an organiser opens one with `/league new`."
        )

    async def players(self, league_id: int) -> list[LeaguePlayer]:
        return await self._leagues.players(league_id)

    async def running(self) -> list[LeagueRow]:
        """The leagues whose rounds are being played."""
        return await self._leagues.running()

    async def set_signup_message(self, league_id: int, message_id: int) -> None:
        await self._leagues.set_signup_message(league_id, message_id)

    async def join(self, league_id: int, player: Player) -> tuple[LeagueRow, str]:
        """Sign `player` up; what they are told (with a warning when they are away and the
        league does not allow it)."""
        league = await self.get(league_id)
        if league.status == "finished":
            raise TableError(f"{league.name} is over; watch for the next league.")
        joining = 1 if league.status == "signup" else league.round + 1
        if league.status != "signup" and league.round >= league.late_until:
            raise TableError(
                f"{league.name} takes no more players"
                + (
                    f" (late joins ran until round {league.late_until})."
                    if league.late_until
                    else "."
                )
            )
        if not await self._leagues.add_player(league.id, player.user_id, player.name, joining):
            raise TableError(f"You are already playing in {league.name}.")
        said = f"You joined {league.name}" + (
            "." if joining == 1 else f"; you play from round {joining}."
        )
        if not league.away_allowed:
            away = await self._away.away_until(league.guild_id, [player.user_id], self._now())
            if away:
                said += (
                    f" Note: you are away until {until(away[player.user_id])}, and this league "
                    "does not allow `/away`: a table waiting on you is ended on time as usual. "
                    "`/away days:0` ends your time away."
                )
        return league, said

    async def leave(self, league_id: int, player: Player) -> tuple[LeagueRow, str]:
        """Take `player` off a league in sign-up (once it runs, leaving is `/league drop`)."""
        league = await self.get(league_id)
        if league.status != "signup":
            raise TableError(f"{league.name} has started: `/league drop` leaves it.")
        if not await self._leagues.remove_player(league.id, player.user_id):
            raise TableError(f"You are not signed up to {league.name}.")
        return league, f"You left {league.name}."

    async def start(self, league_id: int, actor: Actor) -> LeagueRow:
        """Start a league in sign-up, or resume a paused one (organisers); its first round is
        then opened by `club.leagues.rounds.Rounds.advance`."""
        league = await self.get(league_id)
        await self.check_organiser(league.guild_id, actor)
        if league.status == "paused":
            assert league.paused_at is not None
            deadline = None
            if league.deadline is not None:
                deadline = league.deadline + (self._now() - league.paused_at)
            await self._leagues.change(
                league.id, "paused", status="running", paused_at=None, deadline=deadline
            )
            return await self.get(league.id)
        if league.status != "signup":
            raise TableError(f"{league.name} is already {league.status}. Nothing was changed.")
        count = len(await self._leagues.players(league.id))
        self._check_count(league, count)
        if not await self._leagues.change(league.id, "signup", status="running"):
            raise TableError(f"{league.name} has just started. Nothing was changed.")
        return await self.get(league.id)

    def _check_count(self, league: LeagueRow, count: int) -> None:
        entry = self._catalogue[league.game_key]
        least = entry.league_tables[0] if league.format == "table_swiss" else 2
        if count < least:
            raise TableError(
                f"{league.name} needs at least {PLAYERS.of(least)} to start; {count} signed up. "
                "Nothing was changed."
            )
        if league.format == "round_robin":
            if count > ROUND_ROBIN_MOST:
                raise TableError(
                    f"A round robin seats at most {PLAYERS.of(ROUND_ROBIN_MOST)}; {count} signed "
                    "up. Nothing was changed."
                )
            if league.rounds > round_robin_rounds(count):
                raise TableError(
                    f"{PLAYERS.of(count)} play a round robin in "
                    f"{ROUNDS.of(round_robin_rounds(count))}, "
                    f"not {league.rounds}: more players must sign up first. Nothing was changed."
                )

    async def pause(self, league_id: int, actor: Actor) -> LeagueRow:
        """Pause a running league (organisers): its deadline stops until `/league start`."""
        league = await self.get(league_id)
        await self.check_organiser(league.guild_id, actor)
        if not await self._leagues.change(
            league.id, "running", status="paused", paused_at=self._now()
        ):
            raise TableError(f"{league.name} is not running. Nothing was changed.")
        return await self.get(league.id)

    async def drop(self, league_id: int, actor: Actor, user_id: int) -> LeagueRow:
        """`user_id` leaves the league from now (themself, or anyone by an organiser); the
        rest goes on. Their table in play, if any, is resigned by `Rounds.drop_seat`."""
        league = await self.get(league_id)
        if user_id != actor.player.user_id:
            await self.check_organiser(league.guild_id, actor)
        if league.status == "signup":
            if not await self._leagues.remove_player(league.id, user_id):
                raise TableError(f"<@{user_id}> is not signed up to {league.name}.")
            return league
        if league.status == "finished":
            raise TableError(f"{league.name} is over. Nothing was changed.")
        if not await self._leagues.drop_player(league.id, user_id, league.round):
            raise TableError(f"<@{user_id}> is not playing in {league.name}. Nothing was changed.")
        return league
