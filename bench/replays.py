"""The replay benchmark (`python benchmark.py --replays`): bursts of `/replay` requests on the real
bot process against the local fake Discord, while other channels' boards are drawn.

The bot runs as in the load benchmark (`bench/fleet.py`: `tests/e2e/run_bot.py`, a SQLite file
in a temporary folder, seeds pinned). First each replay channel's game of Ley Lines of Mars is
played to its end with seeded random moves; each board channel gets a game too. Then, one
phase after the other, the board channels are played without a pause by one simulated player
each (`bench/players.py`: two autocompletes, then `/move`; a finished game is opened again):

1. quiet: no replay asked, until `quiet_moves` moves were made;
2. one game: `burst` people ask `/replay` of the first replay channel's game at once;
3. other games: `burst` people ask `/replay` at once, spread over the other replay channels
   (each its own game), so several animations are to be made.

A burst lasts until every asker has their answer (the replay posted, or a refusal). Reported per
phase: the board channels' `/move` to board picture times (moves made during the phase), each
asker's time from `/replay` to being told the replay is posted (or, for a replay asked again,
where it is posted), how many askers were told they
were queued or refused, how many animations the bot made (its log's "Made a replay" lines), and
the peak memory of the bot process and its workers (the fork server, the board picture, replay
and computer player workers), sampled every `MEMORY_EVERY` seconds: resident sets summed
(shared pages counted in each process) and proportional sets summed (shared pages split), and
the bot process's own peak (VmHWM). Times in milliseconds, memory in MiB.
"""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from bench.fleet import SQLITE, Fleet, open_world, seat_tables
from bench.players import Players, Table
from bench.procstat import status_kib, tree_kib
from bench.report import TIMING_HEADER, Check, Section, ms, percentile, timing_row
from tests.fakediscord import Channel, FakeDiscord, FakeDiscordTimeout, InteractionResult, User

BOARD_P95_MS = 1000.0
"""Target: another channel's board picture during a burst, p95."""
PEAK_RSS_MIB = 400.0
"""Target: the bot and its workers' resident sets summed, at the largest sampled."""
MEMORY_EVERY = 0.25
"""Seconds between memory samples."""
ANSWER_SECONDS = 180.0
"""How long an asker waits for their replay before counting it unanswered."""
VALIDATE_ONE_IN = 10
"""Request bodies checked against Discord's OpenAPI description: the first of each route, then
one in this many (as the load benchmark does)."""
NEVER = 10**9
"""A `/board` every this many turns: never (the board channels only move)."""
MADE = "Made a replay"
"""What the bot logs for each animation it makes."""
POSTED = "The replay is posted in this channel."
SHARED = "is posted here already"
"""The answer to an asker of a replay that is (being) posted already: its link."""
QUEUED = "ahead of yours"
"""What an asker whose replay waits its turn is told (with how many are ahead)."""
BUSY = "Too many replays"


@dataclass(frozen=True)
class ReplayPlan:
    """How big the bursts are."""

    burst: int
    """`/replay` requests in each burst."""
    games: int
    """Replay channels, each with a finished game of its own: the first burst asks for the
    first one's, the second burst for the others'."""
    quiet_moves: int
    """Board moves measured with no replay asked."""
    boards: int = 2
    """Board channels, each played by one simulated player without a pause."""
    seed: int = 15


FULL = ReplayPlan(burst=20, games=5, quiet_moves=40)
QUICK = ReplayPlan(burst=4, games=3, quiet_moves=6)


class Memory:
    """The largest sums, sampled, of the resident (RSS) and proportional (PSS) sets of a process
    and its descendants, in KiB; `reset` starts a new phase."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.rss = self.pss = 0

    def reset(self) -> None:
        self.rss = self.pss = 0

    async def watch(self) -> None:
        while True:
            self.rss = max(self.rss, tree_kib("VmRSS", self.pid))
            self.pss = max(self.pss, tree_kib("Pss", self.pid, "smaps_rollup"))
            await asyncio.sleep(MEMORY_EVERY)


@dataclass
class Phase:
    """What one phase measured (ns) and counted."""

    name: str
    boards: list[int]
    """`/move` to its board picture, in the board channels."""
    rss_kib: int
    pss_kib: int
    replays: list[int] = field(default_factory=list)
    """`/replay` to its asker being told it is posted."""
    askers: int = 0
    queued: int = 0
    refused: int = 0
    unanswered: int = 0
    made: int = 0
    """Animations the bot made."""


@dataclass(frozen=True)
class Answer:
    """How one `/replay` ended: "posted", "refused" or "unanswered", after `ns`."""

    kind: str
    ns: int
    queued: bool


async def finish_game(players: Players, table: Table) -> None:
    """Open a game at `table` and play it to its end."""
    await players.turn(table)
    while table.to_move is not None:
        await players.turn(table)


async def answer(fake: FakeDiscord, result: InteractionResult) -> Answer:
    """Wait until the asker of `/replay` is told it is posted or refused."""

    def said() -> str | None:
        for message in result.messages:
            if POSTED in message.content or SHARED in message.content:
                return "posted"
            if BUSY in message.content:
                return "refused"
        return None

    try:
        kind = await fake.state.wait_for(said, ANSWER_SECONDS, "a replay's answer")
    except FakeDiscordTimeout:
        kind = "unanswered"
    ns = round((asyncio.get_running_loop().time() - result.record.dispatched_at) * 1e9)
    return Answer(kind, ns, any(QUEUED in m.content for m in result.messages))


class Bench:
    """The bot, its board channels' player and its replay askers."""

    def __init__(self, fake: FakeDiscord, fleet: Fleet, boards: list[Table], seed: int) -> None:
        self.fake = fake
        self.fleet = fleet
        self.boards = boards
        self.players = Players(fake, seed, NEVER)
        self.memory = Memory(fleet.pids[0])

    async def quiet(self, moves: int) -> Phase:
        """The board channels played until `moves` moves were made."""
        start = self._start()
        target = self.players.samples.moves + moves
        stop = asyncio.Event()

        async def play(table: Table) -> None:
            while not stop.is_set():
                await self.players.turn(table)
                if self.players.samples.moves >= target:
                    stop.set()

        await asyncio.gather(*(play(table) for table in self.boards))
        return self._phase("quiet: no replay asked", start)

    async def burst(self, name: str, asked: list[tuple[User, Channel]]) -> Phase:
        """The board channels played while each (asker, channel) asks `/replay` at once, until
        every asker has their answer."""
        start = self._start()
        made = self.fleet.log_text().count(MADE)
        over = asyncio.Event()

        async def play(table: Table) -> None:
            while not over.is_set():
                await self.players.turn(table)

        playing = asyncio.gather(*(play(table) for table in self.boards))
        results = [await self.fake.slash(user, channel, "replay") for user, channel in asked]
        answers = await asyncio.gather(*(answer(self.fake, result) for result in results))
        over.set()
        await playing
        phase = self._phase(name, start)
        phase.replays = [a.ns for a in answers if a.kind == "posted"]
        phase.askers = len(answers)
        phase.queued = sum(a.queued for a in answers)
        phase.refused = sum(a.kind == "refused" for a in answers)
        phase.unanswered = sum(a.kind == "unanswered" for a in answers)
        phase.made = self.fleet.log_text().count(MADE) - made
        return phase

    def _start(self) -> int:
        self.memory.reset()
        return len(self.players.samples.picture)

    def _phase(self, name: str, start: int) -> Phase:
        boards = self.players.samples.picture[start:]
        return Phase(name, boards, self.memory.rss, self.memory.pss)


async def run_replays(plan: ReplayPlan, folder: Path) -> tuple[list[Phase], int, int]:
    """The phases, the bot process's peak resident set (VmHWM, KiB) and its board players'
    failed turns."""
    names = [f"replay-{n}" for n in range(1, plan.games + 1)]
    names += [f"board-{n}" for n in range(1, plan.boards + 1)]
    fake = await open_world(names, 1, VALIDATE_ONE_IN)
    fleet = Fleet(fake, folder, SQLITE, 1, plan.seed)
    try:
        await fleet.start()
        tables = seat_tables(fake)
        finished, boards = tables[: plan.games], tables[plan.games :]
        setup = Players(fake, plan.seed, NEVER)
        await asyncio.gather(*(finish_game(setup, table) for table in finished))
        bench = Bench(fake, fleet, boards, plan.seed)
        for table in boards:
            await bench.players.turn(table)  # opens its game
        fans = [fake.add_user(f"fan-{n}") for n in range(plan.burst)]
        watching = asyncio.ensure_future(bench.memory.watch())
        try:
            phases = [await bench.quiet(plan.quiet_moves)]
            one = [(fan, finished[0].channel) for fan in fans]
            phases.append(await bench.burst(f"{plan.burst} askers, one game", one))
            others = finished[1:]
            spread = [(fan, others[n % len(others)].channel) for n, fan in enumerate(fans)]
            name = f"{plan.burst} askers, {len(others)} other games"
            phases.append(await bench.burst(name, spread))
        finally:
            watching.cancel()
        peak = status_kib("VmHWM", fleet.pids[0])
        failed = sum(bench.players.samples.errors.values())
    finally:
        await fleet.stop()
        await fake.stop()
    return phases, peak, failed


def replays_section(plan: ReplayPlan, phases: list[Phase], peak_kib: int, failed: int) -> Section:
    """The report's replay section: board pictures and replays per phase, memory, targets."""
    lines = [
        "## Replays: bursts of `/replay` while other channels' boards are drawn",
        "",
        f"The real bot process against the local fake Discord. {plan.games} channels hold a "
        f"finished game of Ley Lines of Mars each (seeded random moves to the end); "
        f"{plan.boards} other channels are played without a pause, one simulated player each "
        "(two autocompletes, then `/move`). Phases, one after the other: quiet (no replay, "
        f"{plan.quiet_moves} moves); {plan.burst} people asking `/replay` of one game at once; "
        f"{plan.burst} people asking at once spread over the {plan.games - 1} other games. A "
        "board time runs from the `/move` to its channel's board picture (moves made during "
        "the phase); a replay time from the `/replay` to its asker being told it is posted.",
        "",
        *TIMING_HEADER,
    ]
    for phase in phases:
        lines.append(timing_row(f"{phase.name}: board picture", phase.boards))
        if phase.askers:
            lines.append(timing_row(f"{phase.name}: replay posted", phase.replays))
    lines += [
        "",
        "| phase | askers | queued | refused | unanswered | animations made | "
        "peak RSS summed, MiB | peak PSS summed, MiB |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        *(
            f"| {p.name} | {p.askers} | {p.queued} | {p.refused} | {p.unanswered} | {p.made} | "
            f"{p.rss_kib / 1024:.1f} | {p.pss_kib / 1024:.1f} |"
            for p in phases
        ),
        "",
        f"Bot process peak RSS (VmHWM): {peak_kib / 1024:.1f} MiB. Memory is the bot process "
        "and its workers (fork server, board picture, replay and computer player workers), "
        f"sampled every {MEMORY_EVERY:g} s. Failed board turns: {failed}.",
    ]
    bursts = [p for p in phases if p.askers]
    checks = [
        Check(
            f"replays: board picture p95 during a burst ({p.name})",
            ms(percentile(p.boards, 0.95)) if p.boards else float("inf"),
            BOARD_P95_MS,
            "ms",
        )
        for p in bursts
    ]
    checks += [
        Check(
            "replays: bot and its workers, peak RSS summed",
            max(p.rss_kib for p in phases) / 1024,
            PEAK_RSS_MIB,
            "MiB",
            decimals=1,
        ),
        Check(
            "replays: unanswered askers and failed board turns",
            sum(p.unanswered for p in bursts) + failed,
            0,
            "problems",
            decimals=0,
            relation="<=",
        ),
    ]
    return Section(lines, checks)


async def bench_replays(plan: ReplayPlan) -> Section:
    """Run the replay bursts on the bot; the report's section."""
    with tempfile.TemporaryDirectory(prefix="mars-replays-") as name:
        phases, peak, failed = await run_replays(plan, Path(name))
    return replays_section(plan, phases, peak, failed)
