"""The standings picture (`render.standings`): the same bytes for the same table, every row and
column laid out, and alt text that reads the rows."""

from __future__ import annotations

import io

from PIL import Image

from render.standings import StandingsTable, draw_standings

TABLE = StandingsTable(
    "Spring (#1): Ley Lines of Mars, Swiss, round 2 of 3",
    ("#", "Player", "Points", "Buchholz", "Sonneborn-Berger", "Played", "Left"),
    (
        ("1", "Ann", "2", "1", "1", "2", "1"),
        ("2", "Bob \u00e9\u6f22", "1", "2", "0.5", "2", "1"),
        ("3", "Cat (dropped)", "0", "2", "0", "2", "0"),
    ),
)


def test_the_picture_is_the_same_for_the_same_standings() -> None:
    png, alt = draw_standings(TABLE)
    assert draw_standings(TABLE) == (png, alt)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.height >= 4 * 28
    assert "# 1; Player Ann; Points 2" in alt and "Player Cat (dropped)" in alt
    longer = StandingsTable(TABLE.title, TABLE.columns, (*TABLE.rows, TABLE.rows[0]))
    assert Image.open(io.BytesIO(draw_standings(longer)[0])).height > image.height
