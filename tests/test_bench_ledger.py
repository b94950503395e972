"""The strength benchmark's ledger: finished parts are written as they end and counted, not
played again, by a later run of the same code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import benchmark
from ai.arena import Effort, Match
from ai.levels import GREEDY
from bench import strength
from bench.ledger import Ledger, code_fingerprint

GAMES = frozenset({"agents", "albiorix"})


def leylines_rows(section_lines: list[str]) -> list[str]:
    return [line for line in section_lines if line.startswith("| Ley Lines of Mars")]


def ledger_line(section_lines: list[str]) -> str:
    [line] = [line for line in section_lines if line.startswith("Ledger ")]
    return line


@pytest.fixture
def quick_leylines(monkeypatch: pytest.MonkeyPatch) -> None:
    """One quick pairing of Ley Lines of Mars (a game of a second or so, which easy and greedy
    both win at times), as many games as asked."""

    def chosen(quick: bool, games: int | None, only: str | None) -> list[strength.Pairing]:
        return [strength.Pairing("leylines", strength.QUICK_EASY, (GREEDY,), 0.5, games or 2)]

    monkeypatch.setattr(strength, "pairings", chosen)


@pytest.mark.usefixtures("quick_leylines")
def test_a_second_run_counts_the_written_parts_instead_of_playing_them(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    first = strength.bench_strength(True, 4, "leylines", workers=2, ledger=ledger)
    assert len(ledger.read_text().splitlines()) == 2  # two parts of a game per seat
    assert "0 parts taken from earlier runs, 2 played now" in ledger_line(first.lines)
    again = strength.bench_strength(True, 4, "leylines", workers=2, ledger=ledger)
    assert "2 parts taken from earlier runs, 0 played now" in ledger_line(again.lines)
    assert leylines_rows(again.lines) == leylines_rows(first.lines)
    assert len(ledger.read_text().splitlines()) == 2


@pytest.mark.usefixtures("quick_leylines")
def test_a_longer_run_plays_only_the_parts_it_lacks(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    strength.bench_strength(True, 2, "leylines", workers=1, ledger=ledger)
    longer = strength.bench_strength(True, 6, "leylines", workers=2, ledger=ledger)
    assert "1 parts taken from earlier runs, 2 played now" in ledger_line(longer.lines)
    fresh = strength.bench_strength(True, 6, "leylines", workers=2)
    [row] = leylines_rows(longer.lines)
    assert "| easy vs greedy | 6 |" in row
    assert [r.split("|")[4] for r in leylines_rows(fresh.lines)] == [row.split("|")[4]]


def test_a_part_is_found_only_under_its_own_key(tmp_path: Path) -> None:
    ledger = Ledger(tmp_path / "ledger.jsonl")
    result = Match(wins=1, losses=1, contender=Effort(moves=3, simulated=9, cpu_seconds=1.5))
    ledger.write("a", result)
    again = Ledger(tmp_path / "ledger.jsonl")
    assert again.find("a") == result
    assert again.find("b") is None
    assert again.found == 1


def test_a_line_cut_short_by_a_crash_is_skipped_and_the_next_part_starts_a_new_line(
    tmp_path: Path,
) -> None:
    path = tmp_path / "ledger.jsonl"
    Ledger(path).write("a", Match(wins=1))
    with path.open("a") as file:
        file.write('{"key": "b", "match": {"wins"')  # the run was killed mid-write
    cut = Ledger(path)
    assert cut.find("b") is None and cut.find("a") == Match(wins=1)
    cut.write("c", Match(draws=1))
    lines = path.read_text().splitlines()
    assert json.loads(lines[-1])["key"] == "c"
    assert Ledger(path).find("c") == Match(draws=1)


def write_tree(root: Path) -> None:
    for name in (
        "ai/search.py",
        "ai/kits/agents.py",
        "ai/kits/albiorix.py",
        "engine/agents/state.py",
        "engine/albiorix/state.py",
        "engine/core.py",
        "club/catalogue.py",
    ):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"# {name}\n")


@pytest.mark.parametrize(
    ("changed", "agents_changes", "albiorix_changes"),
    [
        ("ai/search.py", True, True),
        ("engine/core.py", True, True),
        ("club/catalogue.py", True, True),
        ("ai/kits/agents.py", True, False),
        ("engine/albiorix/state.py", False, True),
    ],
)
def test_the_code_fingerprint_follows_the_code_that_plays_the_game(
    tmp_path: Path, changed: str, agents_changes: bool, albiorix_changes: bool
) -> None:
    write_tree(tmp_path)
    before = {game: code_fingerprint(game, GAMES, tmp_path) for game in GAMES}
    (tmp_path / "ai/__pycache__").mkdir()
    (tmp_path / "ai/__pycache__/search.pyc").write_bytes(b"compiled")
    assert {game: code_fingerprint(game, GAMES, tmp_path) for game in GAMES} == before
    (tmp_path / changed).write_text("# changed\n")
    assert (code_fingerprint("agents", GAMES, tmp_path) != before["agents"]) is agents_changes
    assert (code_fingerprint("albiorix", GAMES, tmp_path) != before["albiorix"]) is albiorix_changes


def test_the_fingerprint_reads_names_inside_the_project_only(tmp_path: Path) -> None:
    root = tmp_path / "albiorix"  # a checkout in a folder named after a game
    write_tree(root)
    before = code_fingerprint("agents", GAMES, root)
    (root / "ai/kits/agents.py").write_text("# changed\n")
    assert code_fingerprint("agents", GAMES, root) != before


def test_a_named_pairing_is_played_alone_without_tables(tmp_path: Path) -> None:
    section = strength.bench_strength(
        True, 2, "agents", named="hard-normal", ledger=tmp_path / "ledger.jsonl"
    )
    rows = [line for line in section.lines if line.startswith("| Agents")]
    assert len(rows) == 1 and "| hard vs normal | 2 |" in rows[0]
    assert not any("Mars vs. Earth" in line for line in section.lines)


def test_the_command_line_passes_the_pairing_and_the_ledger(tmp_path: Path) -> None:
    ledger, out = tmp_path / "ledger.jsonl", tmp_path / "strength.md"
    argv = ["--strength", "--quick", "--strength-game", "leylines"]
    argv += ["--strength-pairing", "hard-greedy", "--strength-ledger", str(ledger)]
    assert benchmark.main([*argv, "--out", str(out)]) == 0
    report = out.read_text()
    assert "| Ley Lines of Mars | hard vs greedy | 2 |" in report
    assert "normal vs greedy" not in report and "Beliefs" not in report
    assert len(ledger.read_text().splitlines()) == 1
