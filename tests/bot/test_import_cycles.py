"""The layers and their imports (see `tests.import_graph` for how imports are read).

- Data flows down: `engine` imports nothing of ours, `ai` and `render` the engine alone, `club`
  (everything without Discord) those three, `bot` (Discord) all of them.
- Nothing under `club/` imports `discord` or `bot`. In `bot/`, only the composition root (the
  client and its start-up) and the command line import the storage (`club.storage`); the rest
  reach the database through the service.
- The table service (`club.service`) draws nothing and searches nothing: no `ai` module (the
  catalogue's entry knows the kit) and of `render` only `render.captions` (a replay's frame, a
  clean line), which needs no Pillow.
- The club imports of `render` its types alone (a renderer, a replay's frame, a review's chart):
  the drawing is the transport's, in an executor. The catalogue alone names each game's
  renderer, the record that pairs it with its game.
- No module of the bot or the club imports another that imports it back, directly or through
  others, save the bot's class: `bot.client` makes every feature's cog, and the features name
  its class for typing alone (`discord.Interaction[MarsBot]`), under `if TYPE_CHECKING:`.
  Features meet only where drawn.
"""

from __future__ import annotations

import ast

from tests.import_graph import cycles, graph, imported_names, modules

CLIENT = "bot.client"
OURS = ("engine", "ai", "render", "club", "bot")
BELOW = {
    "engine": {"engine"},
    "ai": {"engine", "ai"},
    "render": {"engine", "render"},
    "club": {"engine", "ai", "render", "club"},
    "bot": set(OURS),
}
"""The packages of ours each package may import."""
STORAGE_OPENERS = {"bot.client", "bot.app", "bot.command_line"}
"""The modules of `bot` that may import the storage: the composition root and the command line."""
SERVICE_DRAWS_WITH = {"render.captions"}
"""The only module of `render` the table service imports."""
RENDER_TYPES = {"render.captions", "render.renderer", "render.chart"}
"""The modules of `render` the club may import: types, none that draws."""
CATALOGUE = "club.catalogue"
"""The club's one module that names the games' renderers (`render.leylines`, ...)."""


def names_imported(package: str) -> dict[str, set[str]]:
    """Every module of `package` with every name it imports, ours or not."""
    return {name: imported_names(path) for name, path in modules(package).items()}


def tops(names: set[str]) -> set[str]:
    return {name.split(".")[0] for name in names}


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


def test_each_layer_imports_only_the_layers_below() -> None:
    found = {
        name: sorted(tops(names) & set(OURS) - BELOW[package])
        for package in OURS
        for name, names in names_imported(package).items()
        if tops(names) & set(OURS) - BELOW[package]
    }
    assert found == {}


def test_nothing_in_the_club_imports_discord_or_the_bot() -> None:
    found = {
        name: sorted(tops(names) & {"discord", "bot"})
        for name, names in names_imported("club").items()
        if tops(names) & {"discord", "bot"}
    }
    assert found == {}


def test_only_the_composition_root_and_the_command_line_open_the_storage() -> None:
    imported = graph("bot", "club")
    openers = {
        name
        for name, found in imported.items()
        if name.startswith("bot.")
        and any(m == "club.storage" or m.startswith("club.storage.") for m in found)
    }
    assert openers <= STORAGE_OPENERS
    assert {"bot.client", "bot.command_line"} <= openers  # the check reads what it should


def test_the_service_draws_nothing_and_searches_nothing() -> None:
    imported = graph("club", "render", "ai")
    service = {
        name: {m for m in found if m.split(".")[0] in ("render", "ai")}
        for name, found in imported.items()
        if name == "club.service" or name.startswith("club.service.")
    }
    assert len(service) > 10
    assert {
        name: found - SERVICE_DRAWS_WITH
        for name, found in service.items()
        if found - SERVICE_DRAWS_WITH
    } == {}
    assert tops(imported_names(modules("render")["render.captions"])) & {"PIL", "render"} == set()


def test_the_club_imports_only_renders_types() -> None:
    imported = graph("club", "render")
    drawing = {
        name: sorted(m for m in found if m.split(".")[0] == "render" and m not in RENDER_TYPES)
        for name, found in imported.items()
        if name.startswith("club.") and name != CATALOGUE
    }
    assert {name: found for name, found in drawing.items() if found} == {}
    assert "render.chart" in imported["club.review.reviews"]  # the check reads what it should
