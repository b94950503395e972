"""Ley Lines of Mars pictures and alt text, from views of real games."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import Image

from engine.core import View
from engine.leylines import GAME, LeyLinesState, LeyLinesView
from engine.leylines.state import GRID
from render.leylines import HEIGHT, LAYOUT, RENDERER, WIDTH, draw_leylines
from render.renderer import Rendered
from tests.render.pictures import finished_view, picture

ANN, BOB = 0, 1
MAX_PNG = 150_000


def play(state: LeyLinesState, *moves: str) -> LeyLinesState:
    """`state` after each placement in turn, by whoever is to move."""
    for text in moves:
        seat = state.to_move
        state, _ = GAME.apply(state, seat, GAME.parse(state, seat, text))
    return state


def new_game(names: tuple[str, str] = ("Ann", "Bob")) -> LeyLinesState:
    return GAME.new_game(list(names), {"first": 1}, seed=42)


def mid_game() -> LeyLinesView:
    """Ann's small pyramid on b1 has just filled the line a2-b1 (her L and S: 4 points)."""
    state = play(new_game(), "L a2", "M d4", "cap e5", "L c3", "S b1")
    return GAME.view(state, None)


def finished_game(seed: int, names: tuple[str, str] = ("Ann", "Bob")) -> LeyLinesView:
    view = finished_view(GAME, seed, names)
    assert isinstance(view, LeyLinesView)
    return view


def render(view: View) -> Rendered:
    return RENDERER.render(view)


def square_pixels(image: Image.Image, name: str) -> bytes:
    return image.crop(LAYOUT.box(GRID.parse(name))).tobytes()


def test_empty_board() -> None:
    rendered = render(GAME.view(new_game(), None))
    assert picture(rendered).size == (WIDTH, HEIGHT)
    assert rendered.filename == "leylines-board.png"
    assert "Ann (blue) 0" in rendered.alt
    assert "Bob (orange) 0" in rendered.alt
    assert "Ann to move" in rendered.alt
    assert "Empty: 36 squares" in rendered.alt
    assert "Last" not in rendered.alt


def test_mid_game_picture_and_alt_text() -> None:
    rendered = render(mid_game())
    assert picture(rendered).size == (WIDTH, HEIGHT)
    assert len(rendered.png) < MAX_PNG
    alt = rendered.alt
    assert alt.startswith("Ley Lines of Mars, Ann (blue) 4 \u2013 Bob (orange) 0.")
    assert "Bob to move." in alt
    assert "Last: Ann placed the small blue on b1, filling a2-b1 (4 points)." in alt
    assert "Blue: L on a2; S on b1." in alt
    assert "Orange: L on c3; M on d4." in alt
    assert "Caps: e5." in alt
    assert "Empty: 31 squares." in alt


def test_same_view_gives_same_bytes() -> None:
    first = render(mid_game())
    again = render(mid_game())
    assert first == again


def test_last_placement_is_ringed() -> None:
    view = mid_game()
    assert view.last is not None and GRID.name(view.last[1].square) == "b1"
    marked = draw_leylines(view)
    plain = draw_leylines(replace(view, last=None))
    assert square_pixels(marked, "b1") != square_pixels(plain, "b1")
    assert square_pixels(marked, "c3") == square_pixels(plain, "c3")


def test_scored_line_glows() -> None:
    view = mid_game()
    assert view.scored_lines == ((GRID.parse("a2"), GRID.parse("b1")),)
    glowing = draw_leylines(view)
    plain = draw_leylines(replace(view, scored_lines=()))
    assert square_pixels(glowing, "a2") != square_pixels(plain, "a2")
    assert square_pixels(glowing, "f6") == square_pixels(plain, "f6")


def test_cap_placement_in_alt_text() -> None:
    state = play(new_game(), "L a2", "cap d4")
    alt = render(GAME.view(state, None)).alt
    assert "Last: Bob placed a cap on d4." in alt
    assert "Caps: d4." in alt


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_finished_game(seed: int) -> None:
    view = finished_game(seed)
    assert view.outcome is not None and not view.actors
    rendered = render(view)
    assert picture(rendered).size == (WIDTH, HEIGHT)
    assert len(rendered.png) < MAX_PNG
    ann, bob = view.scores
    assert f"Ann (blue) {ann} \u2013 Bob (orange) {bob}." in rendered.alt
    if view.outcome.winners:
        winner = view.players[view.outcome.winners[0]]
        assert f"Game over: {winner} wins ({view.outcome.reason})." in rendered.alt
    else:
        assert "Game over: draw" in rendered.alt
    assert "to move" not in rendered.alt
    assert "Empty: 1 square." in rendered.alt


def test_resignation_shows_the_result() -> None:
    state, _ = GAME.resign(play(new_game(), "L a2"), BOB)
    alt = render(GAME.view(state, None)).alt
    assert "Game over: Ann wins (Bob resigned)." in alt


def test_long_and_odd_names_stay_within_discord_limits() -> None:
    names = ("\u202eZoë 🚀\n" + "W" * 93, "漢字" * 50)
    assert all(len(name) == 100 for name in names)
    view = finished_game(4, names)
    rendered = render(view)
    assert len(rendered.alt) <= 1000
    assert "\n" not in rendered.alt and "\u202e" not in rendered.alt
    assert "Zoë 🚀 WWW" in rendered.alt
    assert picture(rendered).size == (WIDTH, HEIGHT)
    midway = play(new_game(names), "L a2", "M d4", "S b1")
    assert len(render(GAME.view(midway, None)).alt) <= 1000


def test_a_view_no_game_draws_is_refused() -> None:
    with pytest.raises(TypeError):
        RENDERER.render(View(("Ann", "Bob"), None, frozenset(), None))
