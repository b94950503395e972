"""Martian Merchants pictures and alt text: real games, a long thin grid and a 12-planet grid."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.core import View
from engine.merchants import GAME, MerchantsState, MerchantsView, Ship
from engine.merchants.state import COLOUR_NAMES
from render.merchants import (
    HEIGHT,
    MIN_CELL,
    RENDERER,
    WIDTH,
    board_box,
    canvas_size,
    colour_of,
    draw_merchants,
    layout_for,
)
from render.renderer import Rendered
from tests.engine.test_merchants_positions import (
    ANN,
    BLUE,
    BOB,
    GREEN,
    ORANGE,
    planet,
    play,
    table,
)
from tests.render.pictures import Spies, picture

MAX_PNG = 150_000


def render(view: MerchantsView) -> Rendered:
    return RENDERER.render(view)


def random_game(players: int, seed: int, until: int | None = None) -> MerchantsState:
    """A game of random legal moves, stopped after `until` moves or at its end."""
    rng = random.Random(seed)
    state = GAME.new_game(["Ann", "Bob", "Cid", "Dot"][:players], {}, seed)
    count = 0
    while GAME.actors(state) and count != until:
        [seat] = GAME.actors(state)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        count += 1
    return state


def twelve_planets() -> MerchantsState:
    """A four-player game played at random until every planet is in the grid."""
    rng = random.Random(12)
    state = GAME.new_game(["Ann", "Bob", "Cid", "Dot"], {"first": 1}, 1212)
    while sum(state.bank_planets):
        [seat] = GAME.actors(state)
        legal = GAME.legal_moves(state, seat)
        found = [m for m in legal if m.verb == "discover"]
        state, _ = GAME.apply(state, seat, rng.choice(found or legal))
    return state


def long_line() -> MerchantsState:
    """Nine planets in one row, ships and goods on some."""
    planets = [
        planet((x, 0), x % 3, (x + 1) % 3 if x % 2 else None, station=x == 3) for x in range(-4, 5)
    ]
    planets[0] = replace(planets[0], docks=(Ship(ANN, ORANGE), None, Ship(BOB), None))
    return replace(table(*planets), bank_planets=(0, 0, 0))


def mid_game() -> MerchantsState:
    """Ann's ship with an orange good has flown from 0,0 to 1,0 and waits at its arrival stop."""
    state = table(
        planet((0, 0), BLUE, GREEN, station=True, ships={"e": (ANN, ORANGE)}),
        planet((1, 0), ORANGE, ships={"n": (BOB, GREEN)}),
        planet((1, 1), GREEN, BLUE),
    )
    state, _ = play(state, "move 0,0 1,0 orange")
    return state


def test_colours_match_the_engines_names() -> None:
    assert [colour_of(c).name for c in range(4)] == list(COLOUR_NAMES)


def test_opening_picture_and_alt_text() -> None:
    state = GAME.new_game(["Ann", "Bob"], {"first": 1}, 5)
    rendered = render(GAME.view(state, None))
    assert picture(rendered).size == (WIDTH, HEIGHT)
    assert rendered.filename == "merchants-board.png"
    alt = rendered.alt
    assert alt.startswith("Martian Merchants: Ann (blue) 0 of 3 stations, 3 in stash; Bob (orange)")
    assert "Ann to move: choose an action." in alt
    assert "Turn 1 of 80." in alt and "Last" not in alt and "Die" not in alt
    assert "Planets: blue 0,0; orange 1,0." in alt
    assert "Bank: planets 2 blue, 2 orange, 3 green; goods 3 blue, 3 orange, 3 green." in alt


def test_mid_game_alt_text_names_ships_goods_and_stations() -> None:
    rendered = render(GAME.view(mid_game(), None))
    alt = rendered.alt
    assert "Ann (blue) 1 of 3 stations, 1 in stash" in alt
    assert "Ann to move: arrival stop at 1,0." in alt
    assert "Last: Ann move 0,0 1,0 orange." in alt
    assert "blue 0,0, station, green good;" in alt
    assert "orange 1,0, ships Bob north green, Ann west orange;" in alt
    assert "green 1,1, blue good." in alt
    assert len(rendered.png) < MAX_PNG


def test_last_move_and_moving_ship_are_marked() -> None:
    view = GAME.view(mid_game(), None)
    layout = layout_for(view.planets, board_box(view))
    x, y = layout.centre((1, 0))
    half = layout.cell // 2
    cell = (x - half, y - half, x + half, y + half)
    marked = draw_merchants(view)
    plain = draw_merchants(replace(view, marked=(), ship=None))
    assert marked.crop(cell).tobytes() != plain.crop(cell).tobytes()
    x, y = layout.centre((1, 1))
    untouched = (x - half, y - half, x + half, y + half)
    assert marked.crop(untouched).tobytes() == plain.crop(untouched).tobytes()


def test_die_and_bonus_step_are_shown() -> None:
    state = table(planet((0, 0), BLUE, BLUE), planet((1, 0), ORANGE), rolls=0)
    state, _ = play(state, "consume 0,0")
    view = GAME.view(state, None)
    assert view.die is not None
    alt = render(view).alt
    assert f"Die: {' + '.join(view.die)}." in alt
    assert f"Ann to move: bonus: {' and '.join(view.die)}." in alt


def test_same_view_gives_same_bytes() -> None:
    view = GAME.view(random_game(3, 8, until=150), None)
    assert render(view) == render(view)


def assert_fits(view: MerchantsView) -> None:
    area = board_box(view)
    layout = layout_for(view.planets, area)
    left, top, right, bottom = layout.squares
    assert area[0] <= left and right <= area[2] and area[1] <= top and bottom <= area[3]
    assert layout.cell >= MIN_CELL, "pieces never shrink below readability"
    for p in view.planets:
        x, y = layout.centre(p.at)
        assert left < x < right and top < y < bottom
    rendered = render(view)
    assert picture(rendered).size == canvas_size(view)
    assert len(rendered.png) < MAX_PNG
    assert len(rendered.alt) <= 1000


def test_a_long_thin_grid_makes_the_canvas_grow() -> None:
    view = GAME.view(long_line(), None)
    assert_fits(view)
    assert canvas_size(view)[0] > WIDTH and canvas_size(view)[1] == HEIGHT
    tall = replace(
        view, planets=tuple(replace(p, at=(0, p.at[0])) for p in view.planets), marked=()
    )
    assert_fits(tall)
    assert canvas_size(tall)[1] > HEIGHT and canvas_size(tall)[0] == WIDTH


def test_a_twelve_planet_grid_scales_to_fit() -> None:
    state = twelve_planets()
    assert len(state.planets) == 12
    assert_fits(GAME.view(state, None))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_finished_games(players: int, seed: int) -> None:
    view = GAME.view(random_game(players, seed), None)
    assert view.outcome is not None
    rendered = render(view)
    assert_fits(view)
    assert "Game over:" in rendered.alt and "to move" not in rendered.alt


def test_resignation_shows_the_result() -> None:
    state, _ = GAME.resign(table(planet((0, 0), BLUE), planet((1, 0), ORANGE)), BOB)
    alt = render(GAME.view(state, None)).alt
    assert "Game over: Ann won (the other players resigned)." in alt
    assert "Bob (orange) 0 of 3 stations, 3 in stash, resigned" in alt


def test_long_and_odd_names_stay_within_discord_limits() -> None:
    names = ("\u202eZoë 🚀\n" + "W" * 93, "漢字" * 50, "x" * 100, "y" * 100)
    state = twelve_planets()
    view = replace(GAME.view(state, None), players=names)
    rendered = render(view)
    assert len(rendered.alt) <= 1000
    assert "\n" not in rendered.alt and "\u202e" not in rendered.alt
    assert picture(rendered).size == canvas_size(view)


def test_wrong_view_is_refused() -> None:
    with pytest.raises(TypeError):
        RENDERER.render(View(("Ann", "Bob"), None, frozenset(), None))


def test_every_piece_carries_its_colours_initial() -> None:
    """Goods, cargo, ships and planets read without colour: renaming the colours (so that their
    initials change) changes the pixels of each piece."""
    view = GAME.view(mid_game(), None)
    renamed = replace(view, colour_names=("xblue", "zorange", "qgreen"))
    layout = layout_for(view.planets, board_box(view))
    plain, other = draw_merchants(view), draw_merchants(renamed)
    good = layout.centre((1, 1))
    cargo = layout.centre((1, 0))
    cargo = (cargo[0] - round(layout.cell * 0.37), cargo[1])
    for x, y in (good, cargo):
        box = (x - 6, y - 6, x + 6, y + 6)
        assert plain.crop(box).tobytes() != other.crop(box).tobytes()


def test_a_satisfied_planet_is_marked_and_said() -> None:
    state = table(planet((0, 0), BLUE, BLUE), planet((1, 0), ORANGE, GREEN))
    view = GAME.view(state, None)
    assert "blue 0,0, blue good, satisfied (can be consumed)" in render(view).alt
    assert "orange 1,0, green good;" in render(view).alt or "orange 1,0, green good." in (
        render(view).alt
    )
    layout = layout_for(view.planets, board_box(view))
    x, y = layout.centre((0, 0))
    corner = round(layout.cell * 0.46) // 2
    tick = (x + corner - 6, y - corner - 6, x + corner + 6, y - corner + 6)
    unsatisfied = replace(view, planets=(replace(view.planets[0], good=GREEN), view.planets[1]))
    assert draw_merchants(view).crop(tick).tobytes() != (
        draw_merchants(unsatisfied).crop(tick).tobytes()
    )


def test_four_players_fit_with_the_key() -> None:
    view = GAME.view(random_game(4, 3, until=60), None)
    assert_fits(view)


def test_an_offered_swap_reads_once_and_marks_the_ship_asked() -> None:
    state = table(
        planet((0, 0), BLUE, ships={"e": (ANN, GREEN)}),
        planet((1, 0), GREEN, ships={"n": (BOB, ORANGE)}),
        planet((2, 0), ORANGE),
        players=3,
        trading=True,
    )
    state, _ = play(state, "move 0,0 1,0 green", "offer green for orange to orange")
    view = GAME.view(state, None)
    alt = render(view).alt
    assert "Bob to move: accept or decline Ann's offer: a green good for your orange good." in alt
    assert alt.count("Bob") == 3, "the players list, the headline and the ship, no repeats"
    layout = layout_for(view.planets, board_box(view))
    x, y = layout.centre((1, 0))
    shift = round(layout.cell * 0.37)
    half = round(layout.cell * 0.24 * 0.7)
    ring = (x - half, y - shift - half, x + half, y - shift - half + 3)
    plain = replace(view, offer=None)
    assert draw_merchants(view).crop(ring).tobytes() != draw_merchants(plain).crop(ring).tobytes()


def test_the_die_leaves_the_status_once_its_bonuses_are_used() -> None:
    state = table(planet((0, 0), BLUE, BLUE), planet((1, 0), ORANGE), rolls=0)
    state, _ = play(state, "consume 0,0", "skip")
    view = GAME.view(state, None)
    assert view.die is not None and view.step == "production"
    assert "Die:" not in render(view).alt


# --- progress: stations of those that win, the turn of the turn limit ----------------------------

END = (
    "The first player to build 3 stations wins at once; after turn {limit}, the most stations win."
)


def drawn_texts(view: MerchantsView, spies: Spies) -> list[str]:
    """Every text the picture of `view` lays out or writes, whole."""
    spies.fittings.clear()
    spies.written.clear()
    draw_merchants(view)
    laid = [" ".join(line for b in f.blocks for line in b.lines) for f in spies.fittings]
    return laid + [w.text for w in spies.written]


def under_way(players: int, seed: int, turns: int) -> MerchantsState:
    """A seeded random game played until `turns` turns are over and a station is built."""
    rng = random.Random(seed)
    state = GAME.new_game(["Ann", "Bob", "Cid", "Dot"][:players], {}, seed)
    while state.turns < turns or not any(state.stations(s) for s in range(players)):
        [seat] = GAME.actors(state)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    return state


@pytest.mark.parametrize(("players", "seed", "turns"), [(4, 1, 40), (4, 5, 100), (3, 2, 20)])
def test_progress_is_shown_as_stations_to_win_and_the_turn_of_the_limit(
    players: int, seed: int, turns: int, spies: Spies
) -> None:
    """A long four-player game (160 turns with computers) says how far it has come: each
    player's stations of the 3 that win, and the turn of the turn limit, in the picture (a
    progress panel beside the players) and in its alt text."""
    state = under_way(players, seed, turns)
    view = GAME.view(state, None)
    assert view.outcome is None and sum(view.stations) > 0
    limit = 40 * players
    turn = f"Turn {state.turns + 1} of {limit}"
    alt = render(view).alt
    for seat, name in enumerate(view.players):
        built = f"{name} ({COLOUR_NAMES[seat]}) {view.stations[seat]} of 3 stations"
        assert built in alt
    assert f"{turn}. {END.format(limit=limit)}" in alt
    texts = drawn_texts(view, spies)
    assert turn in texts, "the progress panel says the turn"
    assert END.format(limit=limit) in texts, "and how the game ends"
    for seat in range(players):
        assert f"stations {view.stations[seat]} of 3" in texts


def test_a_game_at_its_turn_limit_says_every_turn_was_played(spies: Spies) -> None:
    state = random_game(4, 3)
    view = GAME.view(state, None)
    assert view.outcome is not None and "turn limit" in view.outcome.reason
    assert "All 160 turns played." in render(view).alt
    assert "Turn 161" not in render(view).alt
    assert "All 160 turns played" in drawn_texts(view, spies)


def test_a_game_won_by_stations_says_the_turn_it_ended_in(spies: Spies) -> None:
    state = table(
        planet((0, 0), BLUE, station=True),
        planet((1, 0), BLUE, station=True),
        planet((2, 0), ORANGE, ships={"w": (ANN, BLUE)}),
        planet((2, 1), BLUE),
        players=3,
    )
    state, _ = play(state, "move 2,0 2,1 blue", "deliver")
    view = GAME.view(state, None)
    assert view.outcome is not None and view.stations[ANN] == 3
    alt = render(view).alt
    assert "Ann (blue) 3 of 3 stations" in alt
    assert f"Ended in turn {state.turns + 1} of 120." in alt
    assert f"Ended in turn {state.turns + 1} of 120" in drawn_texts(view, spies)
