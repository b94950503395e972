"""No module of the engine imports another that imports it back, directly or through others,
even only for type checking (see `tests.import_graph`): a game's move types live apart from the
rules that generate moves."""

from __future__ import annotations

from tests.import_graph import cycles, graph


def test_the_engine_has_no_import_cycle() -> None:
    assert cycles(graph("engine")) == []
