"""A review's chart (`render.review`): the same picture for the same chart, one line per player
in that player's colour with their own moves marked, and alt text that tells the line in
words."""

from __future__ import annotations

from render.chart import Chart, Series
from render.review import HEIGHT, WIDTH, chart_png, draw_chart, line_colour

CHART = Chart(
    "Chance to win, Ley Lines of Mars #3",
    (
        Series(0, "Ann", (0.5, 0.6, 0.7, 0.2, 0.0), (1, 3)),
        Series(1, "Bob", (0.5, 0.4, 0.3, 0.8, 1.0), (2, 4)),
    ),
)


def test_the_chart_is_the_same_every_time_and_draws_each_players_line() -> None:
    png, alt = chart_png(CHART)
    assert png == chart_png(CHART)[0] and png.startswith(b"\x89PNG")
    image = draw_chart(CHART)
    assert image.size == (WIDTH, HEIGHT)
    colours = {colour for _, colour in image.getcolors(WIDTH * HEIGHT) or []}
    assert line_colour(0) in colours and line_colour(1) in colours
    assert alt.startswith("Line chart: Chance to win, Ley Lines of Mars #3; x is the move number")
    assert "Ann: 50 % at the start, 0 % at the end, lowest 0 % after move 4" in alt
    assert "highest 70 % after move 2; 2 own moves marked." in alt


def test_a_game_without_moves_still_draws() -> None:
    png, alt = chart_png(Chart("Chance to win", (Series(0, "Ann", (0.5,), ()),)))
    assert png.startswith(b"\x89PNG") and "Ann: 50 % at the start" in alt
