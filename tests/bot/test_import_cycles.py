"""No module of the bot imports another that imports it back, directly or through others (see
`tests.import_graph` for how imports are read); features meet only where drawn."""

from __future__ import annotations

from tests.import_graph import cycles, graph


def test_the_bot_has_no_import_cycle() -> None:
    assert cycles(graph("bot")) == []


def test_the_check_finds_a_cycle() -> None:
    example = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(example) == [["a", "b", "c", "a"]]


def test_the_check_reads_imports_under_type_checking() -> None:
    assert "engine.agents.state" in graph("engine")["engine.agents.scoring"]


def test_features_meet_only_where_drawn() -> None:
    """Buttons and controls need no flow; delivery needs no controls; play needs no lobby."""
    imported = graph("bot")
    assert "bot.lobby.flow" not in imported["bot.lobby.buttons"]
    assert "bot.lobby.commands" not in imported["bot.lobby.buttons"]
    assert not {m for m in imported["bot.play.controls"] if m.startswith("bot.play.")}
    assert "bot.play.controls" not in imported["bot.play.delivery"]
    play = {m for name in imported if name.startswith("bot.play") for m in imported[name]}
    assert not {m for m in play if m.startswith("bot.lobby")}
