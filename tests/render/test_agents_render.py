"""Agents of M.A.R.S. pictures and alt text: public, private and final boards."""

from __future__ import annotations

from dataclasses import replace

from engine.agents import GAME, AgentsState
from render.agents import PYRAMID_COLOURS, RENDERER, draw_agents, layout, picture_size
from tests.engine.test_agents_scoring import EXAMPLE
from tests.engine.test_agents_support import ANN, BOB, play, position, pyramid, random_game
from tests.render.pictures import picture

MAX_PNG = 150_000


def example() -> AgentsState:
    return position(EXAMPLE, objectives=((0, 1, -1, 2), (2, 1, 0, -1)))


def test_public_board_mid_game() -> None:
    state, _ = play(example(), "move a3 a2", "draw")
    rendered = RENDERER.render(GAME.view(state, None))
    assert picture(rendered).size == picture_size(7)
    assert len(rendered.png) < MAX_PNG
    assert rendered.filename == "agents-board.png"
    alt = rendered.alt
    assert alt.startswith("Agents of M.A.R.S., Ann against Bob, 7x8 board.")
    assert state.pending is not None
    assert f"Bob must place the small {state.pending.colour}." in alt
    assert "Last: Ann moved a3-a2." in alt
    assert "Ann's objectives are secret; Bob's objectives are secret." in alt
    assert "yellow L a5 a8 b5 b8 c8" in alt
    assert "Objective swaps: open (1 of 4 black placed)." in alt
    assert "Bag (small/medium/large):" in alt
    assert "would score" not in alt


def test_private_board_shows_the_viewers_secret_and_score() -> None:
    public = RENDERER.render(GAME.view(example(), None))
    private = RENDERER.render(GAME.view(example(), ANN))
    assert "Ann's objectives: red 0, green 1, blue -1, yellow 2; Bob's objectives are secret." in (
        private.alt
    )
    assert "If the game ended now you would score 52." in private.alt
    assert picture(public).tobytes() != picture(private).tobytes()
    board = layout(7).outer
    drawn = [draw_agents(GAME.view(example(), seat)).crop(board) for seat in (None, ANN)]
    assert drawn[0].tobytes() == drawn[1].tobytes()


def test_final_board_highlights_clusters_and_tables_the_score() -> None:
    state = example()
    board = tuple(p if p is not None else pyramid("k1") for p in state.board)
    final = replace(state, board=board)
    view = GAME.view(final, None)
    rendered = RENDERER.render(view)
    assert "Points on the board: red 0, green 18, blue 14, yellow 24." in rendered.alt
    assert "Scores: Ann 52, Bob -6." in rendered.alt
    assert "Ann's objectives: red 0, green 1, blue -1, yellow 2" in rendered.alt
    image = picture(rendered)
    lay = layout(7)
    red_square = lay.box(lay.grid.parse("d8"))  # a red group of three: dimmed
    plain = picture(RENDERER.render(GAME.view(state, None))).crop(red_square)
    assert image.crop(red_square).tobytes() != plain.tobytes()


def test_a_full_eight_by_eight_board_is_small_and_drawn_the_same_every_time() -> None:
    steps = random_game(21, {"colours": 5})
    final = GAME.view(steps[-1][0], None)
    first, second = RENDERER.render(final), RENDERER.render(final)
    assert first.png == second.png
    assert picture(first).size == picture_size(8)
    assert len(first.png) < MAX_PNG
    assert len(first.alt) <= 1000


def test_every_colour_has_distinct_shades() -> None:
    bases = {colour.base for colour in PYRAMID_COLOURS.values()}
    assert len(bases) == len(PYRAMID_COLOURS) == 6


def test_objectives_phase_and_blind_views_render() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"blind": True, "first": 1}, seed=4)
    rendered = RENDERER.render(GAME.view(state, None))
    assert "Setting objectives: waiting for Ann and Bob." in rendered.alt
    state, _ = play(state, "objectives red=2 green=1 blue=0 yellow=-1")
    alt = RENDERER.render(GAME.view(state, ANN)).alt
    assert "Bob's objectives: red 2, green 1, blue 0, yellow -1" in alt
    assert "red 2" not in RENDERER.render(GAME.view(state, BOB)).alt


def test_the_score_as_it_stands_mid_game() -> None:
    view = GAME.view(example(), None)
    alt = RENDERER.render(view).alt
    assert "Points now: red 0, green 18 (" in alt and "yellow 24 (" in alt
    assert view.clusters, "the view computes the clusters mid-game"
    plain = draw_agents(replace(view, clusters=()))
    assert draw_agents(view).tobytes() != plain.tobytes(), "clusters are outlined mid-game"


def test_the_last_placement_names_the_pyramid() -> None:
    state, _ = play(example(), "draw")
    assert state.pending is not None
    name = f"{('small', 'medium', 'large')[state.pending.size - 1]} {state.pending.colour}"
    state, _ = play(state, "place g1")
    assert f"placed the {name} on g1." in RENDERER.render(GAME.view(state, None)).alt


def test_locked_swaps_give_the_black_count_alone() -> None:
    five = "k1 k1 k1 k1 k1 . .\n" + "\n".join([". . . . . . ."] * 7)
    alt = RENDERER.render(GAME.view(position(five), None)).alt
    assert "Objective swaps: locked (5 black pyramids placed)." in alt
    assert "of 4" not in alt


def test_the_bonds_each_player_made_are_shown_mid_game() -> None:
    rows = ". . . . . . .\n" * 7 + "r2 r1 g2 g1 . . ."
    state, _ = play(position(rows), "swap b1 c1")  # Ann parts a red and a green bond, 3 pips each
    view = GAME.view(state, None)
    alt = RENDERER.render(view).alt
    assert (
        "Bonds made (pips joined less broken): Ann red -3, green -3, blue 0, yellow 0;"
        " Bob red 0, green 0, blue 0, yellow 0." in alt
    )
    unmade = replace(view, joined=((0,) * 4, (0,) * 4))
    assert draw_agents(view).tobytes() != draw_agents(unmade).tobytes()
