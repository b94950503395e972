"""The beliefs benchmark: today's Agents and Mars vs. Earth players against the old ones, each
game's seats and reveals counted (tiny budgets)."""

from __future__ import annotations

from bench.beliefs import QUICK_LEVEL, bench_beliefs, kits, play


def test_the_old_players_differ_from_todays_in_what_they_model_only() -> None:
    new, old = kits("agents")
    assert new.heuristics is not None and old.heuristics is not None
    assert new.heuristics.guide is not old.heuristics.guide
    assert new.heuristics.shortlist is old.heuristics.shortlist
    new, old = kits("marsvsearth")
    assert new.determinizer != old.determinizer and new.heuristics == old.heuristics


def test_a_table_counts_each_seat_by_its_sampler() -> None:
    played = play("marsvsearth", QUICK_LEVEL, (0, 2, 4), 1, 30)
    assert played.new.games == 3 and played.old.games == 2
    assert played.side == "none"  # stopped after 30 moves
    duel = play("agents", QUICK_LEVEL, (1,), 1, 30)
    assert duel.new.games == duel.old.games == 1
    assert duel.new.reveals + duel.old.reveals <= 30
    assert duel.new.shown <= 2 * duel.new.reveals and duel.old.shown <= 2 * duel.old.reveals


def test_the_quick_report_names_its_level_and_counts() -> None:
    section = bench_beliefs(quick=True)
    text = "\n".join(section.lines)
    assert "8 simulations a move" in text
    assert "2 games" in text and "5 seats, 2 tables (1 seeds" in text


def test_the_run_may_play_one_game_only() -> None:
    text = "\n".join(bench_beliefs(quick=True, games=1, only="agents").lines)
    assert "1 games" in text and "Mars vs. Earth" not in text
