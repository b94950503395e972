"""`benchmark.py --quick` and small `benchmark.py --load`, `--scale` and `--replays` runs go end to
end and report every section with numbers; a profile is broken down by kind of work.

Speed is never asserted here: only that each measurement ran and was written down.
"""

from __future__ import annotations

import asyncio
import json
import re
import selectors
import subprocess
import sys
from pathlib import Path

import pytest

from ai.arena import Match
from ai.levels import GREEDY, RANDOM
from bench import house, lengths, profile, strength
from bench.computer_tables import LEVELS
from bench.fleet import guild_sizes
from tests import postgres
from tests.hang import HANG_SECONDS

ROOT = Path(__file__).resolve().parents[1]
NUMBER = r"\d[\d,]*(?:\.\d+)?"
TITLES = (
    "Ley Lines of Mars",
    "Albiorix",
    "Agents of M.A.R.S.",
    "Martian Merchants",
    "Mars vs. Earth",
)
"""The games of the catalogue, in its order."""
TIMING = rf"\| \d+ \| {NUMBER} \| {NUMBER} \| {NUMBER} \|"
"""The rest of a timing row: samples, median, p95, max."""
EXPECTED = {
    "## 1. Rendering a Ley Lines board": [
        rf"\| render: mid-game \(\d+ pieces\) {TIMING}",
        rf"\| bare encode: mid-game \(\d+ pieces\) {TIMING}",
        rf"\| render: final \(game over\) {TIMING}",
        rf"\| bare encode: final \(game over\) {TIMING}",
        rf"\| mid-game \(\d+ pieces\) \| {NUMBER} \| {NUMBER}x \|",
        rf"\| final \(game over\) \| {NUMBER} \| {NUMBER}x \|",
    ],
    "## 2. Move latency": [
        rf"\| move, no render {TIMING}",
        rf"\| move \+ render {TIMING}",
        rf"\| bare commit, one {NUMBER}-byte row {TIMING}",
        rf"Move without drawing / bare commit \(medians\): {NUMBER}x\.",
    ],
    "## 3. Throughput": [rf"\| 10 \| {NUMBER} \| {NUMBER} \| {NUMBER} \|"],
    "## 4. Resident memory": [
        rf"\| RSS after imports \(baseline\) \| {NUMBER} \|",
        rf"\| RSS with every open game shown once \| {NUMBER} \|",
        r"Database: 50 games",
    ],
    "## Agents of M.A.R.S.": [
        rf"\| render: full 8x8 board, final {TIMING}",
        rf"\| bare encode: full 8x8 board, final {TIMING}",
        rf"\| full 8x8 board, final \| {NUMBER} \| {NUMBER}x \|",
        rf"\| 7x8 board, 28 pyramids \| {NUMBER} \| {NUMBER}x \|",
    ],
    "## Albiorix": [
        rf"\| random games to the end \(2 games\) \| {NUMBER} /s \|",
        rf"\| render: mid-game, move 12 {TIMING}",
        rf"\| mid-game, move 12 \| {NUMBER} \| {NUMBER}x \|",
    ],
    "## Martian Merchants": [
        rf"\| random 4-player games to the end \(2 games\) \| {NUMBER} /s \|",
        rf"\| render: 1\d-planet grid, 4 players {TIMING}",
    ],
    "## Delivery: what the channel and the DMs receive": [
        *(
            rf"\| Mars vs. Earth, {n} players, per round \| \d+ \| {NUMBER} \| {NUMBER} \| "
            rf"{NUMBER} \| {NUMBER} \| {NUMBER} \| {NUMBER} \| {NUMBER} \|"
            for n in (3, 6, 10)
        ),
        rf"\| Martian Merchants, 4 players, per turn \| \d+ \| {NUMBER} \|",
    ],
    "## Mars vs. Earth": [
        rf"\| one round, 10 players \(median \d+ moves\) {TIMING}",
        rf"\| render: table, 10 players, round 2 {TIMING}",
    ],
    "## Legal moves": [
        rf"\| {re.escape(title)} \| \d+ \| {NUMBER} \| {NUMBER} \| {NUMBER} \|" for title in TITLES
    ],
}
COMPUTER_ROW = re.compile(
    r"^\| (\w+) move, (thinking workers \(bot log\)|picture to picture.*?) \| (\d+) \|"
)
"""A row of a computer level's moves in the load report."""
LOAD_ROWS = [
    *(
        rf"\| {re.escape(what)} {TIMING}"
        for what in (
            "`/move` acknowledgement",
            "`/move` to its board picture",
            "autocomplete answer",
            "`/board` acknowledgement",
            "`/board` to its board picture",
        )
    ),
    *(
        rf"\| {re.escape(what)} \| {NUMBER}(%|x)? \|"
        for what in (
            "moves",
            "moves per second",
            "bot CPU (process and children), s",
            "bot CPU per move, ms",
            "floor per move (render + commit + engine move), ms",
            "CPU per move / floor",
            "bot process peak RSS (VmHWM), MiB",
            "bot and its worker processes, peak PSS (sampled every 0.5 s), MiB",
            "fake Discord and players CPU (this process), share of one core",
            "late acknowledgements (after 3 s)",
            "refused requests (refused, schema-invalid, no route)",
        )
    ),
    r"\| errors \(failed turns\) \| 0 \(none\) \|",
    *(  # the machine's speed and business, beside the throughput
        rf"\| {what} \| {NUMBER} / {NUMBER} \|"
        for what in (
            r"yardstick: the hard search, Ley Lines of Mars, 100 simulations "
            r"\(`bench/search_speed.py`\), simulations per CPU s, before / after the run",
            "yardstick, simulations per wall s, before / after the run",
            r"machine load average \(1 min\) as the window began / ended",
        )
    ),
    rf"\| moves per second per 1,000 yardstick simulations per CPU s \| {NUMBER} \|",
    rf"\| machine idle in the window, share of all \d+ CPUs \(/proc/stat\) \| {NUMBER}% \|",
    rf"\| other processes' CPU in the window \(not this run's\), share of one core \| {NUMBER}% \|",
    # a bot with no game open runs no worker, and its workers stop once idle after the load
    rf"\| at rest before the load \(connected, no game open\) \| {NUMBER} \| {NUMBER} \| "
    rf"{NUMBER} \| 0\.0 \(0\) \|",
    rf"\| largest sampled under the load \(every 0\.5 s\) \| {NUMBER} \| {NUMBER} \| {NUMBER} "
    rf"\| {NUMBER} \([1-9]\d*\) \|",
    r"\| after the load, once the workers stopped for being idle "
    rf"{NUMBER} s \(WORKER_IDLE_MINUTES={NUMBER}\) \| {NUMBER} \| {NUMBER} \| {NUMBER} "
    r"\| 0\.0 \(0\) \|",
    rf"\| bare PNG encode \(`encode_png`\), mid-game board, {NUMBER} bytes {TIMING}",
    rf"\| bare SQLite commit \(WAL, synchronous=FULL\), one {NUMBER}-byte row {TIMING}",
    rf"\| engine move \(parse \+ apply, no I/O\) {TIMING}",
]
REPLAY_PHASES = ("4 askers, one game", "4 askers, 2 other games")
REPLAY_ROWS = [
    rf"\| quiet: no replay asked: board picture {TIMING}",
    *(rf"\| {phase}: board picture {TIMING}" for phase in REPLAY_PHASES),
    *(
        rf"\| {phase}: replay posted \| 4 \| {NUMBER} \| {NUMBER} \| {NUMBER} \|"
        for phase in REPLAY_PHASES
    ),
    rf"\| quiet: no replay asked \| 0 \| 0 \| 0 \| 0 \| 0 \| {NUMBER} \| {NUMBER} \|",
    rf"Bot process peak RSS \(VmHWM\): {NUMBER} MiB",
]
"""The replay report's rows: board pictures in each phase, replays posted to all 4 askers."""
VERDICT = rf"^- .+: {NUMBER} \S+ \(target (?:<|<=|>=) .+\) \*\*(PASS|MISS)\*\*$"
MEDIAN_P95 = rf"{NUMBER} / {NUMBER}"
SCALE_SETUPS = [("SQLite", 1), ("PostgreSQL", 1), ("PostgreSQL", 2)]
RUN_SECONDS = 5 * HANG_SECONDS
"""The ceiling on one benchmark run (a hang detector): the runs here take 5 to 30 s on a quiet
2-core machine, and many times that on a busy one."""


def run_benchmark(out: Path, *flags: str) -> str:
    """The report of `benchmark.py` run with `flags`, checked to be printed too."""
    done = subprocess.run(
        [sys.executable, "benchmark.py", *flags, "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=RUN_SECONDS,
    )
    assert done.returncode == 0, done.stderr
    text = out.read_text(encoding="utf-8")
    assert text in done.stdout
    return text


def verdicts(report: str) -> list[str]:
    targets = report.split("## Targets", 1)[1].split("\n## ", 1)[0]
    return re.findall(VERDICT, targets, re.M)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> str:
    return run_benchmark(tmp_path_factory.mktemp("bench") / "b.md", "--quick")


@pytest.fixture(scope="module")
def load_report(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The real bot under a small load: 3 channels, 3 players at once, 5 seconds, beside 3
    tables against a hard, a normal and an easy computer. Each player finishes the turn it
    began, so even on a busy machine the first three turns are played: two moves and a `/board`
    (every third turn), which every row of the report needs."""
    out = tmp_path_factory.mktemp("load") / "load.md"
    flags = ["--load-channels", "3", "--load-inflight", "3", "--load-seconds", "5"]
    return run_benchmark(out, "--load", "--quick", *flags, "--load-computers", "3")


@pytest.fixture(scope="module")
def scale_report(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The scale runs at their smallest: 4 games, SQLite and PostgreSQL, 1 and 2 processes, a
    second each (each of the 2 players finishes the move it began: every run has moves)."""
    out = tmp_path_factory.mktemp("scale") / "scale.md"
    return run_benchmark(out, "--scale", "--quick", "--scale-seconds", "1")


@pytest.fixture(scope="module")
def replays_report(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The replay bursts at their smallest: 4 askers, of one game, then of two others."""
    return run_benchmark(tmp_path_factory.mktemp("replays") / "replays.md", "--replays", "--quick")


@pytest.mark.xdist_group("report")
@pytest.mark.parametrize("heading", EXPECTED)
def test_each_section_has_its_numbers(report: str, heading: str) -> None:
    assert heading in report
    section = report.split(heading, 1)[1].split("\n## ", 1)[0]
    for row in EXPECTED[heading]:
        assert re.search(row, section), f"{heading}: no line matching {row}"


@pytest.mark.xdist_group("report")
def test_every_target_has_a_verdict(report: str) -> None:
    assert len(verdicts(report)) == 5 + 2 + 4 + 2 + 2 + 2  # the platform's, delivery's, games'


@pytest.mark.xdist_group("report")
def test_machine_facts_are_listed(report: str) -> None:
    for fact in ("date (UTC)", "CPU count", "Python", "Pillow", "SQLite"):
        assert re.search(rf"^\| {re.escape(fact)} \| \S", report, re.M), fact


@pytest.mark.xdist_group("load_report")
@pytest.mark.parametrize("row", LOAD_ROWS)
def test_the_load_report_has_each_row(load_report: str, row: str) -> None:
    section = load_report.split("## Load: ", 1)[1]
    assert re.search(row, section), f"no line matching {row}"


@pytest.mark.xdist_group("load_report")
def test_every_load_target_has_a_verdict(load_report: str) -> None:
    assert len(verdicts(load_report)) == 7 + 3  # 3 latencies, rate, CPU ratio, memory,
    # problems; a computer's move at each of 3 levels
    rate = rf"^- load: moves per second \(beside a yardstick of {NUMBER} simulations per CPU s, "
    assert re.search(rate + rf"the machine {NUMBER}% idle\): ", load_report, re.M)
    problems = r"^- load: errors, late acknowledgements and refused requests: 0 .+ \*\*PASS\*\*$"
    assert re.search(problems, load_report, re.M)


@pytest.mark.xdist_group("load_report")
def test_the_load_reports_each_computer_levels_moves(load_report: str) -> None:
    """Each level's moves, timed by the bot's log and by the player, with a verdict each."""
    assert "### Against computer players during the load" in load_report
    found = map(COMPUTER_ROW.match, load_report.splitlines())
    rows = {row.group(1, 2): row[3] for row in found if row}
    assert {level for level, _ in rows} == set(LEVELS) and len(rows) == 6, load_report
    assert all(int(samples) >= 1 for samples in rows.values()), load_report
    for level in ("a hard", "a normal", "an easy"):
        verdict = rf"^- load: {level} computer's move p95: .+\*\*(PASS|MISS)\*\*$"
        assert re.search(verdict, load_report, re.M), load_report
    assert "failed turns: 0." in load_report


@pytest.mark.xdist_group("scale_report")
@pytest.mark.parametrize(("database", "processes"), SCALE_SETUPS)
def test_the_scale_report_has_each_run(scale_report: str, database: str, processes: int) -> None:
    section = scale_report.split("## Scale: 4 active games", 1)[1]
    head = rf"\| 4 \| {database} \| {processes} \|"
    reason = postgres.unavailable() if database == "PostgreSQL" else None
    if reason is not None:  # said, not skipped
        assert re.search(rf"^{head} not run: {re.escape(reason)} \|", section, re.M)
        return
    rates = rf"{NUMBER} \| {MEDIAN_P95} \| {MEDIAN_P95} \| {NUMBER} \| 0 \|"
    assert re.search(rf"^{head} {rates}$", section, re.M), f"no rates for {database} x{processes}"
    server = NUMBER if database == "PostgreSQL" else "-"
    cpu = rf"{NUMBER} \| {server}( \| {NUMBER}){{7}} \|"
    assert re.search(rf"^{head} {cpu}$", section, re.M), f"no CPU row for {database} x{processes}"


@pytest.mark.xdist_group("scale_report")
def test_the_scale_report_counts_problems(scale_report: str) -> None:
    [verdict] = verdicts(scale_report)
    assert verdict == "PASS"
    assert re.search(
        r"^Machine load average \(1, 5, 15 min\) before the runs: ", scale_report, re.M
    )


@pytest.mark.xdist_group("replays_report")
@pytest.mark.parametrize("row", REPLAY_ROWS)
def test_the_replay_report_has_each_row(replays_report: str, row: str) -> None:
    section = replays_report.split("## Replays: ", 1)[1]
    assert re.search(row, section), f"no line matching {row}"


@pytest.mark.xdist_group("replays_report")
def test_a_replay_burst_makes_one_animation_per_game_and_answers_everyone(
    replays_report: str,
) -> None:
    counts = rf"\| 4 \| \d+ \| 0 \| 0 \| {{}} \| {NUMBER} \| {NUMBER} \|"
    for phase, made in zip(REPLAY_PHASES, (1, 2), strict=True):
        assert re.search(rf"^\| {phase} {counts.format(made)}$", replays_report, re.M), phase
    assert len(verdicts(replays_report)) == 4  # two bursts' boards, memory, problems
    problems = r"^- replays: unanswered askers and failed board turns: 0 .+ \*\*PASS\*\*$"
    assert re.search(problems, replays_report, re.M)


def test_guilds_hold_at_most_500_channels_and_split_evenly_between_shards() -> None:
    assert guild_sizes(4, 1) == [4] and guild_sizes(4, 2) == [2, 2]
    assert guild_sizes(1000, 1) == [500, 500] and guild_sizes(1000, 2) == [500, 500]
    assert guild_sizes(1001, 2) == [251, 250, 250, 250]


def frame(function: str, path: str, text: str) -> str:
    """A frame as py-spy writes it with full file names, at the first line holding `text`."""
    lines = Path(path).read_text().splitlines()
    return f"{function} ({path}:{next(n for n, s in enumerate(lines, 1) if text in s)})"


def test_a_profile_is_broken_down_by_kind_of_work() -> None:
    main = [
        'process 7:"python tests/e2e/run_bot.py bot.app"',
        "thread (7): MainThread",
        f"main ({ROOT}/bot/app.py:40)",
        f"Play.move ({ROOT}/bot/play/cog.py:30)",
    ]
    worker = [
        'process 9:"python -c forkserver"',
        "thread (9): MainThread",
        f"encode_png ({ROOT}/render/png.py:20)",
    ]
    wait = [*main[:3], frame("select", selectors.__file__, "self._selector.poll(")]
    raw = "\n".join(
        [
            ";".join([*main, frame("loads", json.__file__, "def loads")]) + " 3",
            ";".join(main) + " 3",
            ";".join(wait) + " 5",
            ";".join(worker) + " 1",
        ]
    )
    lines = "\n".join(profile.profile_lines(raw, {7: 0.3, 9: 0.1}, loop_thread=7, moves=10))
    assert "7 busy samples" in lines and "another 5, 42%, caught threads in a wait" in lines
    assert "| JSON | 37.5% | 15.00 | 37.5% |" in lines
    assert "| bot (service, delivery, commands) | 37.5% | 15.00 | 37.5% |" in lines
    assert "| render | 25.0% | 10.00 | 0.0% |" in lines
    assert "| `Play.move` (bot/play/cog.py) | 75.0% | 30.00 |" in lines
    assert "bot/app.py" not in lines  # start-up frames name no work


def test_the_strength_report_counts_each_pairing(monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = [strength.Pairing("leylines", RANDOM, (RANDOM,), 0.5, 2)]
    monkeypatch.setattr(strength, "pairings", lambda quick, games, only: chosen)
    monkeypatch.setattr(strength, "TABLE_SIZES", (5,))
    section = strength.bench_strength(quick=True)
    [row] = [line for line in section.lines if line.startswith("| Ley Lines")]
    assert re.fullmatch(r"\| Ley Lines of Mars \| random vs random \| 2 \| \d/\d/\d/\d \| .*", row)
    [check] = section.checks
    assert check.relation == ">=" and check.limit == 50
    [table] = [line for line in section.lines if line.startswith("- Mars vs. Earth, 5 easy")]
    assert re.search(r"Martians won \d, Humans won \d of 1 tables", table)
    assert any(line.startswith("| random | ") for line in section.lines)


def test_the_strength_figures_do_not_depend_on_the_number_of_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    chosen = [strength.Pairing("leylines", strength.QUICK_EASY, (GREEDY,), 0.5, 6)]
    monkeypatch.setattr(strength, "pairings", lambda quick, games, only: chosen)
    rows = [
        [
            line
            for line in strength.bench_strength(True, only="leylines", workers=n).lines
            if "|" in line
        ]
        for n in (1, 2)
    ]
    [row] = [line for line in rows[0] if line.startswith("| Ley Lines of Mars")]
    assert "| easy vs greedy | 6 |" in row
    results = [
        [line.split("|")[4] for line in found if line.startswith("| Ley Lines")] for found in rows
    ]
    assert results[0] == results[1]
    won, _, lost, _ = map(int, results[0][0].split("/"))
    assert won and lost, f"{results[0]}: one side won every game, so the runs compare little"


def test_the_strength_run_may_play_one_game_only() -> None:
    merchants = strength.pairings(quick=True, games=None, only="merchants")
    assert {pairing.game for pairing in merchants} == {"merchants"}
    assert [pairing.players for pairing in merchants] == [2, 2, 2, 3]
    every = strength.pairings(quick=True, games=None)
    assert {pairing.game for pairing in every} == {
        "leylines",
        "albiorix",
        "agents",
        "merchants",
        "marsvsearth",
    }
    [mixed] = strength.pairings(quick=True, games=None, only="marsvsearth")
    assert mixed.players == 5 and mixed.games == 5  # a game at each seat


def test_a_seat_that_wins_with_its_side_is_measured_against_the_other_seats() -> None:
    [mixed] = strength.pairings(quick=True, games=None, only="marsvsearth")
    result = Match(wins=2, losses=3)
    result.others.wins, result.others.losses = 6, 14
    check = strength.target_check(mixed, result)
    assert (check.value, check.limit, check.relation, check.verdict) == (40, 30, ">", "PASS")
    result.others.wins, result.others.losses = 8, 12
    assert strength.target_check(mixed, result).verdict == "MISS"  # 40% is not above 40%


def test_the_house_report_counts_each_request() -> None:
    """A `/move` decodes nothing and replays nothing (its state is kept from the last request);
    each request's statements are counted, and its round trips on SQLite and PostgreSQL."""
    section = asyncio.run(house.bench_house())
    statements, rest = "\n".join(section.lines).split("\nRound trips", 1)
    rows = {line.split(" | ")[0]: line.split(" | ")[1:] for line in statements.splitlines()}
    move = rows["| `/move`"]
    assert int(move[0]) >= 1 and int(move[1]) >= 1  # it reads its table and inserts its move
    assert move[5:7] == ["0", "0 |"]
    from_memory = rows["| its delivery by the request that committed it (from memory)"]
    assert from_memory[:5] == ["0"] * 5  # it reads and writes nothing
    polled = rows["| the same delivery by the recovery poll (the outbox and the game read)"]
    assert int(polled[0]) >= 1
    assert "| takeback accepted (the undo)" in rows and "| `TableService.play` (Play)" in rest
    reason = postgres.unavailable()
    trips = r"- \| -" if reason else r"[1-9]\d* \| [1-9]\d*"
    for request in ("`/move`", "takeback accepted (the undo)"):
        assert re.search(
            rf"^\| {re.escape(request)} \| [1-9]\d* \| [1-9]\d* \| {trips} \|$", rest, re.M
        )
    assert reason is None or f"PostgreSQL not run: {reason}" in rest


def test_the_search_speed_report_has_a_rate_and_a_profile_per_game(tmp_path: Path) -> None:
    text = run_benchmark(tmp_path / "speed.md", "--search-speed", "--quick", "--profile")
    for title in TITLES:
        row = rf"^\| {re.escape(title)} \| 1 \| 10 \| {NUMBER} \| {NUMBER} \| {NUMBER} \|$"
        assert re.search(row, text, re.M), f"no rate for {title}"
        assert f"{title}, top 12 by own time" in text and f"{title}, top 12 by cumulative" in text


def test_the_admin_report_has_the_cpu_of_each_command(tmp_path: Path) -> None:
    text = run_benchmark(tmp_path / "admin.md", "--admin", "--quick")
    commands = (
        "python -c pass (the interpreter alone)",
        "python -m bot health",
        "python -m bot status",
    )
    for command in commands:
        row = rf"^\| {re.escape(command)} \| 1 \| {NUMBER} \| {NUMBER} \|$"
        assert re.search(row, text, re.M), command
    assert len(verdicts(text)) == 2  # health's and status's CPU against the target


def test_the_privacy_report_times_export_show_and_forget(tmp_path: Path) -> None:
    report = run_benchmark(tmp_path / "privacy.md", "--privacy", "--quick")
    section = report.split("## A person's data: ", 1)[1]
    for row in ("/privacy export", "/privacy show", "/privacy forget"):
        assert re.search(rf"\| {re.escape(row)}.* \| \d+\.\d{{3}} \|", section), row
    assert len(verdicts(report)) == 1


def test_the_game_length_report_counts_moves_and_hards_draws() -> None:
    game = lengths.play_length(1, quick=True)  # hard at seat 1
    assert game.moves == strength.QUICK_MOST_MOVES and game.result.unfinished == 1
    assert sum(game.turns.values()) > 0
    section = lengths.bench_lengths(quick=True, games=2, workers=1)
    [row] = [line for line in section.lines if line.startswith("| Agents")]
    assert re.fullmatch(
        r"\| Agents of M\.A\.R\.S\. \| hard vs person-like \| 2 \| 0/0/0/2 \| 40 \| 40 \| 40"
        r" \| (\d+/\d+ \(\d+%\)|none) \| (\d+/\d+ \(\d+%\)|none) \|",
        row,
    )
