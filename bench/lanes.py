"""Heavy work beside the tables (`python benchmark.py --lanes`): bursts of `/review`, `/learn` and
`/replay` on the real bot process against the local fake Discord, while other channels play.

The bot runs as in the replay benchmark (`bench/fleet.py`: `tests/e2e/run_bot.py`, a SQLite file
in a temporary folder, seeds pinned). First `games` times `rounds` channels get a finished game
of Ley Lines of Mars each (seeded random moves to the end, `bench.replays.finish_game`). Then,
one phase after the other (after `WARMING` computer replies, which start the workers, not
reported), `computers` channels are played by one person each against a computer player at `level`
(`bench.computer_tables`: the person thinks `THINK_SECONDS`, then moves) and `boards` channels
by two people without a pause (`bench.players`):

1. quiet: nothing else asked, until `quiet_moves` computer replies and as many board moves were
   timed;
2. reviews: `reviews` people ask `/review` at once in the finished games' channels: the two
   players of each game their own review, the others (spread over the games) the public one;
3. lessons: `lessons` people `/learn` Ley Lines of Mars at once, each then pressing Show me
   `steps` times;
4. replays: `replays` people ask `/replay` at once, spread over `games` finished games not
   replayed before.

The lessons' and replays' bursts are answered in a few seconds, too few board moves for a p95 of
their own: each is asked `rounds` times, one after the other (new people; new games to replay),
and the phase's samples are those of all its rounds.

A burst lasts until every asker has their answer (or `answer_seconds` passed). Reported per
phase: in the other channels, the computer's reply (from the board picture after the person's
move to the one after the computer's, less the computer's pause) and the board picture (from
`/move` to its picture); the burst's own completion times (from the command to the review in the
reply or by DM, to the lesson's last step shown, to the replay posted or its link given), and how
many were answered, refused (one private line) or unanswered, and the replay posts made. Times
in milliseconds. Targets: in each burst, the computer reply's and the board picture's p95 at most
`WITHIN` times the quiet phase's.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import itertools
import tempfile
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench.computer_tables import ComputerTables
from bench.fleet import SQLITE, Fleet, open_world, seat_tables
from bench.players import Players, Table
from bench.replays import NEVER, VALIDATE_ONE_IN, finish_game
from bench.report import TIMING_HEADER, Check, Section, ms, percentile, timing_row
from bot.workers.lanes import LESSON, REPLAY, REVIEW, UNITS
from tests.fakediscord import (
    Channel,
    FakeDiscord,
    FakeDiscordTimeout,
    InteractionResult,
    Message,
    User,
)

WITHIN = 1.5
"""Target: a burst's computer reply and board picture p95, at most this times the quiet one's."""
THINK_SECONDS = 0.5
"""How long the person at a computer table thinks before each move."""
REFUSED = ("You already have", "Too many", "already on its way")
"""How a refusal of a review, a lesson or a replay begins or reads (`bot.workers.lanes`)."""
REVIEWED = ("**Review of", "came to you by DM")
REPLAYED = ("The replay is posted", "is posted here already")
STEP = "step {number} of"
WARMING = 2
"""Computer replies (and board moves) played before the quiet phase, not reported: the first
starts the thinking workers."""


@dataclass(frozen=True)
class LanesPlan:
    """How big the bursts are, and the tables played beside them."""

    games: int
    """Channels with a finished game, for the reviews and replays."""
    reviews: int
    lessons: int
    replays: int
    quiet_moves: int
    """Computer replies (and board moves) timed in the quiet phase: the full run's 80, so that
    the quiet p95 every burst is held against rests on as many replies as a burst's (on 40, a
    run's ratios moved 0.2-0.4 between runs of the same code)."""
    steps: int = 2
    """Show me presses of each lesson after its first step."""
    computers: int = 2
    boards: int = 2
    level: str = "hard"
    answer_seconds: float = 20 * 60.0
    """How long an asker waits for their answer before counting it unanswered."""
    seed: int = 17
    rounds: int = 12
    """Times the lessons' and the replays' bursts are asked, one after the other."""
    review_simulations: int | None = None
    """The simulations a review gives a game (None: the bot's own, `club.review.walk`)."""


FULL = LanesPlan(games=4, reviews=20, lessons=50, replays=40, quiet_moves=80)
QUICK = LanesPlan(
    games=1,
    reviews=1,
    lessons=2,
    replays=2,
    quiet_moves=2,
    steps=1,
    computers=1,
    boards=1,
    rounds=1,
    review_simulations=500,
)


@dataclass
class Phase:
    """What one phase measured (ns) and counted."""

    name: str
    replies: list[int]
    """A computer's reply in the computer channels."""
    boards: list[int]
    """`/move` to its board picture in the board channels."""
    done: list[int] = field(default_factory=list)
    """The burst's requests, from the command to their answer."""
    asked: int = 0
    refused: int = 0
    unanswered: int = 0
    posts: int = 0
    """Replay posts made in the phase."""


@dataclass(frozen=True)
class Outcome:
    """How one request ended: "answered", "refused" or "unanswered", after `ns`."""

    kind: str
    ns: int


Burst = Callable[[], Awaitable[list[Outcome]]]


def said(messages: Sequence[Message], answers: Sequence[str]) -> str | None:
    """ "answered" or "refused" once a message of the interaction says so, else None."""
    for message in messages:
        if any(answer in message.content for answer in answers):
            return "answered"
        if any(refusal in message.content for refusal in REFUSED):
            return "refused"
    return None


class Bench:
    """The bot's tables in other channels, played through phases, and the bursts."""

    def __init__(self, fake: FakeDiscord, fleet: Fleet, plan: LanesPlan) -> None:
        self.fake, self.fleet, self.plan = fake, fleet, plan
        self.computer_players = ComputerTables(fake, plan.seed, THINK_SECONDS)
        self.players = Players(fake, plan.seed, NEVER)
        self.users = (fake.add_user(f"asker-{n}") for n in itertools.count())

    @property
    def counts(self) -> tuple[int, int]:
        """Computer replies and board pictures timed so far."""
        replies = self.computer_players.replies.seen[self.plan.level]
        return len(replies), len(self.players.samples.picture)

    async def phase(
        self,
        name: str,
        computers: list[Table],
        boards: list[Table],
        burst: Burst | None,
        target: int = 0,
    ) -> Phase:
        """The tables played while `burst` runs (None: until `target` computer replies and
        board moves were timed). The phase begins by setting aside from this process's garbage
        collector all it holds (`gc.freeze`): the fake Discord keeps every message it was sent,
        and its full collections walked them all again, each a stall of the fake of up to
        0.47 s by the end of the lessons, in the middle of the paths measured (the bot's
        requests wait for the fake's answers). The phase's own objects are still collected."""
        gc.freeze()
        replies, pictures = self.counts
        stop = asyncio.Event()

        def enough() -> bool:
            timed = self.counts
            return burst is None and min(timed[0] - replies, timed[1] - pictures) >= target

        async def play(turn: Callable[[], Awaitable[None]]) -> None:
            while not stop.is_set():
                await turn()
                if enough():
                    stop.set()

        level = self.plan.level
        playing = asyncio.gather(
            *(play(functools.partial(self.computer_players.turn, t, level)) for t in computers),
            *(play(functools.partial(self.players.turn, t)) for t in boards),
        )
        outcomes = []
        if burst is not None:
            outcomes = await burst()
            stop.set()
        await playing  # the quiet phase: until `enough`
        seen = self.computer_players.replies.seen[level]
        phase = Phase(name, seen[replies:], self.players.samples.picture[pictures:])
        phase.done = [o.ns for o in outcomes if o.kind == "answered"]
        phase.asked = len(outcomes)
        phase.refused = sum(o.kind == "refused" for o in outcomes)
        phase.unanswered = sum(o.kind == "unanswered" for o in outcomes)
        return phase

    async def outcome(self, result: InteractionResult, answers: Sequence[str]) -> Outcome:
        """Wait until `result`'s asker is answered (`answers`) or refused."""
        try:
            kind = await self.fake.state.wait_for(
                lambda: said(result.messages, answers), self.plan.answer_seconds, "an answer"
            )
        except FakeDiscordTimeout:
            kind = "unanswered"
        return Outcome(kind, self._since(result))

    def _since(self, result: InteractionResult) -> int:
        return round((asyncio.get_running_loop().time() - result.record.dispatched_at) * 1e9)

    async def reviews(self, finished: list[Table]) -> list[Outcome]:
        """Each finished game's players ask for their review, the others for the public ones,
        all at once."""
        seated = [(user, table.channel) for table in finished for user in table.players]
        others = itertools.cycle(table.channel for table in finished)
        asked = seated[: self.plan.reviews]
        asked += [(next(self.users), next(others)) for _ in range(self.plan.reviews - len(asked))]
        results = [await self.fake.slash(user, channel, "review") for user, channel in asked]
        return list(await asyncio.gather(*(self.outcome(r, REVIEWED) for r in results)))

    async def replays(self, finished: list[Table]) -> list[Outcome]:
        """`/replay` asked at once, spread over `games` of the finished games; `rounds` times,
        each over games not replayed before."""
        games = self.plan.games
        outcomes: list[Outcome] = []
        for first in range(0, games * self.plan.rounds, games):
            outcomes += await self.replays_of(finished[first : first + games])
        return outcomes

    async def replays_of(self, finished: list[Table]) -> list[Outcome]:
        """`/replay` asked at once, spread over the finished games."""
        channels = itertools.cycle(table.channel for table in finished)
        asked = [(next(self.users), next(channels)) for _ in range(self.plan.replays)]
        results = [await self.fake.slash(user, channel, "replay") for user, channel in asked]
        return list(await asyncio.gather(*(self.outcome(r, REPLAYED) for r in results)))

    async def lessons(self, channel: Channel) -> list[Outcome]:
        """`/learn` at once, then Show me `steps` times each; `rounds` times."""
        outcomes: list[Outcome] = []
        for _ in range(self.plan.rounds):
            learners = [next(self.users) for _ in range(self.plan.lessons)]
            outcomes += await asyncio.gather(*(self.lesson(user, channel) for user in learners))
        return outcomes

    async def lesson(self, user: User, channel: Channel) -> Outcome:
        """One learner's lesson, to its last step shown."""
        result = await self.fake.slash(user, channel, "learn", options={"game": "leylines"})
        first = await self.outcome(result, (STEP.format(number=1),))
        if first.kind != "answered":
            return first
        [lesson] = [m for m in result.messages if STEP.format(number=1) in m.content]
        for step in range(2, self.plan.steps + 2):
            shown = self.fake.get_message(lesson.id)
            [show] = [c for c in shown.custom_ids if c.endswith(":show")]
            await self.fake.click(user, shown, show)
            try:
                await self.fake.state.wait_for(
                    functools.partial(self.shows, lesson.id, STEP.format(number=step)),
                    self.plan.answer_seconds,
                    "the lesson's next step",
                )
            except FakeDiscordTimeout:
                return Outcome("unanswered", self._since(result))
        return Outcome("answered", self._since(result))

    def shows(self, message_id: int, text: str) -> bool:
        """Whether the message `message_id` shows `text` now."""
        return text in self.fake.get_message(message_id).content

    def replay_posts(self, finished: list[Table]) -> int:
        return sum(
            m.content.startswith("Replay of")
            for table in finished
            for m in self.fake.messages(table.channel)
        )


async def run_lanes(plan: LanesPlan, folder: Path) -> tuple[list[Phase], int, int, str]:
    """The phases, the computer tables' failed turns, the board players', and why."""
    replayed = plan.games * plan.rounds
    names = [f"game-{n}" for n in range(1, replayed + 1)]
    names += [f"computer-{n}" for n in range(1, plan.computers + 1)]
    names += [f"board-{n}" for n in range(1, plan.boards + 1)]
    fake = await open_world(names, 1, VALIDATE_ONE_IN)
    settings = {}
    if plan.review_simulations is not None:
        settings["E2E_REVIEW_SIMULATIONS"] = str(plan.review_simulations)
    fleet = Fleet(fake, folder, SQLITE, 1, plan.seed, settings)
    try:
        await fleet.start()
        tables = seat_tables(fake)
        finished = tables[:replayed]
        computers = tables[replayed : replayed + plan.computers]
        boards = tables[replayed + plan.computers :]
        setup = Players(fake, plan.seed, NEVER)
        await asyncio.gather(*(finish_game(setup, table) for table in finished))
        bench = Bench(fake, fleet, plan)
        await bench.phase("warming up", computers, boards, None, WARMING)  # not reported
        phases = [await bench.phase("quiet", computers, boards, None, plan.quiet_moves)]
        bursts: list[tuple[str, Burst]] = [
            (UNITS[REVIEW].of(plan.reviews), lambda: bench.reviews(finished[: plan.games])),
            (rounds(LESSON, plan), lambda: bench.lessons(finished[0].channel)),
            (rounds(REPLAY, plan), lambda: bench.replays(finished)),
        ]
        for name, burst in bursts:
            posts = bench.replay_posts(finished)
            phase = await bench.phase(name, computers, boards, burst)
            phase.posts = bench.replay_posts(finished) - posts
            phases.append(phase)
        replies, samples = bench.computer_players.replies, bench.players.samples
        why = "; ".join(f"{n} {kind}" for kind, n in (replies.why + samples.errors).items())
    finally:
        await fleet.stop()
        await fake.stop()
    return phases, replies.errors, samples.errors.total(), why


def rounds(kind: str, plan: LanesPlan) -> str:
    """A burst asked `plan.rounds` times: `50 lessons at once, 3 times`."""
    at_once = UNITS[kind].of(plan.lessons if kind == LESSON else plan.replays)
    return at_once if plan.rounds == 1 else f"{at_once} at once, {plan.rounds} times"


def reviewed_with(plan: LanesPlan) -> str:
    """What the report says of a review's simulations when they are not the bot's own."""
    if plan.review_simulations is None:
        return ""
    return f" (a review given {plan.review_simulations:,} simulations a game, not the bot's)"


def p95(samples: Sequence[int]) -> float:
    """The p95 in ms (infinite without samples: nothing was timed)."""
    return ms(percentile(samples, 0.95)) if samples else float("inf")


def lanes_section(
    plan: LanesPlan, phases: list[Phase], computers: int, boards: int, why: str
) -> Section:
    """The report's section: the tables' times per phase beside quiet's, the bursts' own."""
    lines = [
        "## Lanes: reviews, lessons and replays beside the tables",
        "",
        "The real bot process against the local fake Discord. "
        f"{plan.games * plan.rounds} channels hold a finished game of Ley Lines of Mars each; "
        f"{plan.computers} other channels are played by one person against a {plan.level} "
        f"computer player (thinking {THINK_SECONDS:g} s a move) and {plan.boards} by two people "
        "without a pause. Phases, one after the other: quiet "
        f"({plan.quiet_moves} computer replies and board moves); {plan.reviews} `/review` at "
        f"once over {plan.games} games (each game's players their own, the others the public "
        f"one); {plan.lessons} `/learn` at once, each then pressing Show me {plan.steps} times; "
        f"{plan.replays} `/replay` at once over {plan.games} games not replayed before"
        f"{reviewed_with(plan)}. The "
        f"lessons and the replays are asked {plan.rounds} times each, one round after the "
        "other, for enough board moves during them; their rows pool the rounds. "
        "A computer reply runs "
        "from the board picture after the person's move to the one after the computer's, less "
        "its pause; a board picture from the `/move` to its picture; a burst's request from "
        "the command to its answer (the review, the lesson's last step, the replay posted or "
        "its link).",
        "",
        *TIMING_HEADER,
    ]
    for phase in phases:
        lines.append(timing_row(f"{phase.name}: computer reply", phase.replies))
        lines.append(timing_row(f"{phase.name}: board picture", phase.boards))
        if phase.asked:
            lines.append(timing_row(f"{phase.name}: answered", phase.done))
    lines += [
        "",
        "| burst | asked | answered | refused | unanswered | replay posts |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
        *(
            f"| {p.name} | {p.asked} | {len(p.done)} | {p.refused} | {p.unanswered} | {p.posts} |"
            for p in phases[1:]
        ),
        "",
        f"Failed turns: {computers} at the computer tables, {boards} at the board tables "
        f"({why or 'none'}).",
    ]
    quiet, bursts = phases[0], phases[1:]
    checks = []
    for phase in bursts:
        for what, samples, calm in (
            ("computer reply", phase.replies, quiet.replies),
            ("board picture", phase.boards, quiet.boards),
        ):
            checks.append(
                Check(
                    f"lanes: {what} p95 during {phase.name}, to quiet's",
                    p95(samples) / p95(calm),
                    WITHIN,
                    "x",
                    relation="<=",
                )
            )
    checks.append(
        Check(
            "lanes: unanswered requests and failed turns",
            sum(p.unanswered for p in bursts) + computers + boards,
            0,
            "problems",
            decimals=0,
            relation="<=",
        )
    )
    return Section(lines, checks)


async def bench_lanes(plan: LanesPlan) -> Section:
    """Run the phases on the bot; the report's section."""
    with tempfile.TemporaryDirectory(prefix="mars-lanes-") as name:
        phases, computers, boards, why = await run_lanes(plan, Path(name))
    return lanes_section(plan, phases, computers, boards, why)
