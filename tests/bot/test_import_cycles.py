"""No module of the bot imports another that imports it back, directly or through others (see
`tests.import_graph` for how imports are read), save the bot's class: `bot.client` makes every
feature's cog, and the features name its class for typing alone (`discord.Interaction[MarsBot]`),
under `if TYPE_CHECKING:`. Features meet only where drawn."""

from __future__ import annotations

import ast

from tests.import_graph import cycles, graph, modules

CLIENT = "bot.client"


def names_the_client_for_typing(tree: ast.Module) -> bool:
    """Whether the module imports `bot.client` under `if TYPE_CHECKING:` alone."""
    typing = [
        node
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"
        for statement in block.body
        for node in ast.walk(statement)
    ]
    found = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == CLIENT
    ]
    return bool(found) and all(node in typing for node in found)


def test_the_bot_has_no_import_cycle() -> None:
    imported = graph("bot", "club")
    for name, path in modules("bot", "club").items():
        if names_the_client_for_typing(ast.parse(path.read_text(), str(path))):
            imported[name].discard(CLIENT)
    assert cycles(imported) == []


def test_the_check_finds_a_cycle() -> None:
    example = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(example) == [["a", "b", "c", "a"]]


def test_the_check_reads_imports_under_type_checking() -> None:
    assert "engine.agents.state" in graph("engine")["engine.agents.scoring"]


def test_features_meet_only_where_drawn() -> None:
    """Buttons and controls need no flow; delivery needs no controls; play needs no lobby."""
    imported = graph("bot")
    assert "bot.lobby.flow" not in imported["bot.lobby.controls"]
    assert "bot.lobby.cog" not in imported["bot.lobby.controls"]
    assert not {m for m in imported["bot.play.controls"] if m.startswith("bot.play.")}
    assert "bot.play.controls" not in imported["bot.courier.delivery"]
    playing = ("bot.play", "bot.claims", "bot.takebacks", "bot.computers", "bot.courier")
    play = {m for name in imported if name.startswith(playing) for m in imported[name]}
    assert not {m for m in play if m.startswith("bot.lobby")}


def test_the_service_leaves_discords_limits_to_the_transport() -> None:
    """The table service answers with whole texts and lists; the transport (the courier, the
    cogs) fits them to Discord's limits."""
    imported = graph("bot", "club")
    service = [name for name in imported if name.split(".")[:2] == ["club", "service"]]
    assert len(service) > 10
    assert [name for name in service if "bot.courier.limits" in imported[name]] == []
