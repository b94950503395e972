"""Mars vs. Earth pictures and alt text, from public views of real games."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from engine.marsvsearth import GAME, MarsState, MarsView
from render.marsvsearth import (
    MIN_WIDTH,
    RENDERER,
    SEAT_WIDTH,
    card_lines,
    describe_marsvsearth,
    layout,
)
from render.text import ELLIPSIS, font
from tests.engine.test_marsvsearth_rounds import on_trial
from tests.engine.test_marsvsearth_support import run_until
from tests.render.pictures import Spies

MAX_PNG = 150_000


def played(players: int, moves: int, seed: int = 7, names: list[str] | None = None) -> MarsState:
    state = GAME.new_game(names or [f"Player{i}" for i in range(players)], {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(sorted(GAME.actors(state)))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    return state


def finished(players: int, seed: int = 7) -> MarsState:
    return played(players, 10_000, seed)


VIEWS = {
    "start-3": lambda: GAME.view(played(3, 0), None),
    "mid-6": lambda: GAME.view(played(6, 60), None),
    "resolving-10": lambda: GAME.view(played(10, 120, seed=3), None),
    "coop": lambda: GAME.view(played(2, 12), None),
    "over-10": lambda: GAME.view(finished(10), None),
}


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_pictures_are_small_deterministic_pngs(name: str) -> None:
    view = VIEWS[name]()
    first = RENDERER.render(view)
    second = RENDERER.render(view)
    assert first.png == second.png
    assert len(first.png) < MAX_PNG
    image = Image.open(io.BytesIO(first.png))
    shape = layout(view)
    assert image.format == "PNG" and image.size == (shape.width, shape.height)
    assert shape.width >= MIN_WIDTH
    assert first.filename.endswith(".png")
    assert 0 < len(first.alt) <= 1000


def test_alt_text_tells_the_table_in_words() -> None:
    view = GAME.view(played(6, 60), None)
    alt = describe_marsvsearth(view)
    assert alt.startswith(f"Mars vs. Earth, round {view.round}")
    assert "Resources: food" in alt
    for threat in view.threats:
        assert f"Threat {threat.slot} {threat.name}" in alt
    assert "Player0" in alt


def test_alt_text_reports_the_outcome() -> None:
    view = GAME.view(finished(5), None)
    assert view.outcome is not None
    assert view.outcome.reason in describe_marsvsearth(view)


def test_odd_names_and_every_seat_count_render() -> None:
    names = ["Zoë the Very Long-Named Agent of Earth", "李", "🚀 Rocket", "a", "Ann"]
    view = GAME.view(played(5, 30, names=names), None)
    rendered = RENDERER.render(view)
    assert len(rendered.alt) <= 1000
    for players in range(2, 11):
        image = RENDERER.render(GAME.view(played(players, 20), None))
        assert image.png


def test_a_private_view_renders_the_same_table() -> None:
    state = played(4, 10)
    public = GAME.view(state, None)
    own = GAME.view(state, 0)
    assert isinstance(own, MarsView) and own.private
    assert describe_marsvsearth(own) == describe_marsvsearth(public)


def resolving(players: int, seed: int) -> MarsView:
    """A public view in step 7 with at least one threat resolved, from a seeded random game
    (players mostly submit cards, so that threats carry many)."""
    rng = random.Random(seed)
    state = GAME.new_game(
        [f"Player{i} Longname" for i in range(players)],
        {"promotion": True, "contribution": 1},
        seed,
    )
    while GAME.outcome(state) is None:
        seat = rng.choice(sorted(GAME.actors(state)))
        moves = GAME.legal_moves(state, seat)
        submits = [m for m in moves if m.kind == "submit"]
        move = rng.choice(submits if submits and rng.random() < 0.8 else moves)
        state, _ = GAME.apply(state, seat, move)
        view = GAME.view(state, None)
        if view.step == 7 and sum(t.total is not None for t in view.threats) >= 2:
            return view
    raise AssertionError("the game ended before a threat was resolved")


@pytest.mark.parametrize("players", [9, 10])
def test_a_big_table_shows_everything_uncut(players: int) -> None:
    view = resolving(players, seed=5)
    shape = layout(view)
    assert shape.width > MIN_WIDTH, "five threat cards widen the picture"
    rendered = RENDERER.render(view)
    assert Image.open(io.BytesIO(rendered.png)).size == (shape.width, shape.height)
    for t in view.threats:
        above, below = card_lines(view, t, shape.card_width)
        text = " ".join(line.text for line in above + below)
        assert ELLIPSIS not in text
        for line in above + below:
            assert font(line.size).getlength(line.text) <= shape.card_width - 20
        words = " ".join(text.split())
        assert f"Needs {' or '.join(s.capitalize() for s in t.skills)}" in words
        assert all(f"+{n} {r}" in words for r, n in t.gain)
        assert all(f"-{n} {r}" in words for r, n in t.loss)
        leader = view.players[t.leader] if t.leader is not None else "none (centre)"
        assert f"Leader: {leader}" in words
        for card in t.good + t.bad + t.wild:
            assert card.code in words
        if t.wild_good is not None:
            assert "Wild symbols count" in words
        if t.total is not None:
            assert f"Total {t.total} against {t.target}" in words
    skills = [s.skills for s in view.seats if s.skills is not None]
    assert skills
    longest = max(
        font(14).getlength(f"Science {a}  Diplomacy {b}  Military {c}") for a, b, c in skills
    )
    assert longest <= SEAT_WIDTH - 20, "every Agent's skill values fit on its seat"


def test_the_table_shows_the_cards_a_trial_showed(spies: Spies) -> None:
    state = on_trial(("sci1", "dip2"), ("mil3", "mil2"))
    state, _ = run_until(state, (1, "defend sci1"))
    view = GAME.view(state, None)
    RENDERER.render(view)
    laid = [
        " ".join(line for block in f.blocks for line in block.lines)
        for f in spies.fittings
        if any(text.startswith("Trial of Bob") for text, _ in f.texts)
    ]
    assert laid, "the trial is drawn at the table's centre"
    assert all(f"[{code}]" in laid[0] for code in ("mil3", "mil2", "sci1"))
