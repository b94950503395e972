"""Albiorix pictures and alt text, from views of real games."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import Image

from engine.albiorix import GAME, AlbiorixState, AlbiorixView, Draw
from engine.albiorix.pieces import GRID
from render.albiorix import HEIGHT, LAYOUT, RENDERER, WIDTH, draw_albiorix
from render.renderer import Rendered
from tests.engine.test_albiorix_positions import ANN, BOB, play, stack
from tests.render.pictures import finished_view, picture

MAX_PNG = 150_000


def new_game(names: tuple[str, str] = ("Ann", "Bob")) -> AlbiorixState:
    return GAME.new_game(list(names), {"first": 1}, seed=42)


def mid_game() -> AlbiorixView:
    """Ann's Diplomat has mixed with Bob's Soldier on c4; Bob answered by mixing d3 into c1."""
    state, _ = play(new_game(), "c1xc4 3b-1o/2o-2b", "d3xc1 3b-1o/2o-1o")
    return GAME.view(state, None)


def finished_game(seed: int, names: tuple[str, str] = ("Ann", "Bob")) -> AlbiorixView:
    view = finished_view(GAME, seed, names)
    assert isinstance(view, AlbiorixView)
    return view


def render(view: AlbiorixView) -> Rendered:
    return RENDERER.render(view)


def pixels(image: Image.Image, name: str) -> bytes:
    return image.crop(LAYOUT.box(GRID.parse(name))).tobytes()


def test_starting_position() -> None:
    rendered = render(GAME.view(new_game(), None))
    assert picture(rendered).size == (WIDTH, HEIGHT)
    assert rendered.filename == "albiorix-board.png"
    alt = rendered.alt
    assert alt.startswith("Albiorix, Ann (blue) and Bob (orange). Ann to move, forward up.")
    assert "Blue Monads: Queen a1. Orange Monads: Queen e5." in alt
    assert "a1 3b (blue), b1 2b-2b (blue)" in alt
    assert "e5 3o (orange)." in alt
    assert "Last" not in alt


def test_mid_game_picture_and_alt_text() -> None:
    rendered = render(mid_game())
    assert picture(rendered).size == (WIDTH, HEIGHT)
    assert len(rendered.png) < MAX_PNG
    alt = rendered.alt
    assert "Last: Bob mixed d3 with c1 (3b-1o / 2o-1o)." in alt
    assert "d3 3b-1o (both)" in alt
    assert "c4 2o-2b (blue)" in alt


def test_same_view_gives_same_bytes() -> None:
    assert render(mid_game()) == render(mid_game())


def test_last_action_origin_and_target_are_ringed() -> None:
    view = mid_game()
    marked = draw_albiorix(view)
    plain = draw_albiorix(replace(view, last=None))
    for name in ("d3", "c1"):
        assert pixels(marked, name) != pixels(plain, name)
    assert pixels(marked, "a1") == pixels(plain, "a1")


def test_monads_and_control_tabs_are_drawn() -> None:
    view = mid_game()
    shown = draw_albiorix(view)
    no_halo = draw_albiorix(replace(view, monads=((), ())))
    assert pixels(shown, "a1") != pixels(no_halo, "a1")
    assert pixels(shown, "b1") == pixels(no_halo, "b1")
    no_tabs = draw_albiorix(replace(view, control=((), ())))
    assert pixels(shown, "d3") != pixels(no_tabs, "d3")
    only_blue = draw_albiorix(replace(view, control=(view.control[ANN], ())))
    assert pixels(only_blue, "d3") not in (pixels(shown, "d3"), pixels(no_tabs, "d3"))


def test_both_colours_of_a_stack_show() -> None:
    view = mid_game()
    board = list(view.board)
    board[GRID.parse("c3")] = stack("3b-1o")
    one = draw_albiorix(replace(view, board=tuple(board)))
    board[GRID.parse("c3")] = stack("3o-1b")
    other = draw_albiorix(replace(view, board=tuple(board)))
    board[GRID.parse("c3")] = stack("3b-1b")
    plain = draw_albiorix(replace(view, board=tuple(board)))
    assert len({pixels(one, "c3"), pixels(other, "c3"), pixels(plain, "c3")}) == 3


def test_preview_marks_focus_and_destinations() -> None:
    state = new_game()
    view = GAME.preview(state, ANN, "a3")
    assert view is not None
    marked = draw_albiorix(view)
    plain = draw_albiorix(GAME.view(state, ANN))
    for name in ("a3", "a4", "b4", "a5", "a2", "b3", "c5"):
        assert pixels(marked, name) != pixels(plain, name), name
    assert pixels(marked, "e1") == pixels(plain, "e1")
    alt = render(view).alt
    assert "Preview of a3: moves to a4, b4, a5; mixes with a2, b3, c5." in alt


def test_preview_of_a_piece_that_cannot_act() -> None:
    state = new_game()
    view = replace(GAME.view(state, BOB), focus=GRID.parse("e5"), destinations=())
    assert "Preview of e5: no legal action." in render(view).alt


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_finished_game(seed: int) -> None:
    view = finished_game(seed)
    assert view.outcome is not None and not view.actors and view.to_move is None
    rendered = render(view)
    assert picture(rendered).size == (WIDTH, HEIGHT)
    assert len(rendered.png) < MAX_PNG
    if view.outcome.winners:
        winner = view.players[view.outcome.winners[0]]
        assert f"Game over: {winner} wins ({view.outcome.reason})." in rendered.alt
    else:
        assert "Game over: draw" in rendered.alt
    assert "to move" not in rendered.alt


def test_resignation_shows_the_result() -> None:
    state, _ = GAME.resign(new_game(), BOB)
    assert "Game over: Ann wins (Bob resigned)." in render(GAME.view(state, None)).alt


def test_long_and_odd_names_stay_within_discord_limits() -> None:
    names = ("\u202eZoë 🚀\n" + "W" * 93, "漢字" * 50)
    view = finished_game(4, names)
    rendered = render(view)
    assert len(rendered.alt) <= 1000
    assert "\n" not in rendered.alt and "\u202e" not in rendered.alt
    assert picture(rendered).size == (WIDTH, HEIGHT)
    midway, _ = play(new_game(names), "c1xc4 3b-1o/2o-2b")
    assert len(render(GAME.view(midway, None)).alt) <= 1000


def test_a_draw_offer_is_shown_and_said() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 3)
    state, _ = GAME.apply(state, ANN, Draw("offer"))
    view = GAME.view(state, None)
    assert "Ann offers a draw." in RENDERER.render(view).alt
