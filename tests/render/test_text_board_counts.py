"""Counts on text boards agree with their number (`1 card`, `3 cards`) and read back in both
forms; a count whose word disagrees, or a board of another game, is refused in one line."""

from __future__ import annotations

from dataclasses import replace

import pytest

from render.textboards import albiorix as albiorix_text
from render.textboards import marsvsearth as marsvsearth_text
from render.textboards.layout import TextBoardError, uncount
from tests.render.test_text_boards import BOARDS, NAMES, positions


def _first_with_threats() -> marsvsearth_text.MarsPosition:
    game, board = BOARDS["marsvsearth"]
    for view in positions(game, 1, NAMES["marsvsearth"]):
        at = board.position(view)
        if at.threats:
            return at
    raise AssertionError("no seeded Mars vs. Earth position with a threat")


@pytest.mark.parametrize(
    ("count", "card", "counter", "threat"),
    [(1, "card", "counter", "threat"), (3, "cards", "counters", "threats")],
)
def test_mars_counts_agree_and_read_back(count: int, card: str, counter: str, threat: str) -> None:
    at = _first_with_threats()
    at = replace(
        at,
        threats_left=count,
        seats=tuple(replace(seat, hand=count, counters=count) for seat in at.seats),
        threats=tuple(replace(t, cards=count, counters=count) for t in at.threats),
    )
    text = marsvsearth_text.write(at)
    assert f"discarded, {count} {threat}\n" in text
    assert f"; {count} {card}; {count} {counter}" in text
    assert f"with {count} {counter}, {count} {card} on it," in text
    assert marsvsearth_text.read(text) == at


@pytest.mark.parametrize(("passes", "words"), [(1, "1 pass"), (2, "2 passes")])
def test_albiorix_passes_agree_and_read_back(passes: int, words: str) -> None:
    game, board = BOARDS["albiorix"]
    at = replace(board.position(next(positions(game, 1, NAMES["albiorix"]))), passes=passes)
    text = albiorix_text.write(at)
    assert f"played, {words} in a row" in text
    assert albiorix_text.read(text) == at


def test_a_count_whose_word_disagrees_is_refused() -> None:
    unit = marsvsearth_text.CARDS
    assert [uncount(unit, said) for said in ("1 card", "0 cards", "3 cards")] == [1, 0, 3]
    for wrong in ("1 cards", "2 card", "two cards", "2 counters"):
        with pytest.raises(TextBoardError):
            uncount(unit, wrong)


def test_a_board_of_another_game_is_refused_with_the_right_article() -> None:
    game, board = BOARDS["agents"]
    text = board.text(next(positions(game, 1, NAMES["agents"])))
    with pytest.raises(TextBoardError, match=r"^not an Agents of M\.A\.R\.S\. text board$"):
        board.read("Mars vs. Earth" + text[text.index("\n") :])
