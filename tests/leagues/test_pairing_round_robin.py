"""Round robin by the circle method: every two players meet once, byes for odd counts, first
seats balanced, the number of rounds and the refusals."""

from __future__ import annotations

from collections import Counter

import pytest

from club.leagues.pairing import pair_round_robin, round_robin_rounds


@pytest.mark.parametrize("count", range(2, 13))
def test_every_two_players_meet_once_with_first_seats_balanced(count: int) -> None:
    players = [1000 + 7 * i for i in range(count)]
    rounds = round_robin_rounds(count)
    assert rounds == (count - 1 if count % 2 == 0 else count)
    met: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    seats: dict[int, str] = {p: "" for p in players}
    for round_number in range(1, rounds + 1):
        pairing = pair_round_robin(list(reversed(players)), round_number)
        seated = [p for table in pairing.tables for p in table] + list(pairing.byes)
        assert sorted(seated) == players
        assert len(pairing.byes) == count % 2
        byes.update(pairing.byes)
        for first, second in pairing.tables:
            met[frozenset((first, second))] += 1
            seats[first] += "F"
            seats[second] += "S"
        assert set(pairing.reasons) == set(players)
    assert len(met) == count * (count - 1) // 2 and set(met.values()) == {1}
    assert set(byes.values()) <= {1} and len(byes) == count % 2 * count
    for line in seats.values():
        assert abs(line.count("F") - line.count("S")) <= 1 + count % 2, seats
        assert "FFF" not in line and "SSS" not in line, seats


def test_reason_names_the_round_and_the_bye() -> None:
    pairing = pair_round_robin([1, 2, 3], 2)
    [bye] = pairing.byes
    assert pairing.reasons[bye].text(str) == (
        "round 2 of 3 of the round robin's fixed schedule; bye: an odd count of players"
    )


@pytest.mark.parametrize(
    ("players", "round_number", "message"),
    [
        (list(range(13)), 1, "a round robin takes 2 to 12 players, not 13"),
        ([1], 1, "a round robin takes 2 to 12 players, not 1"),
        ([1, 2, 3, 4], 4, "this round robin has rounds 1 to 3, not 4"),
        ([1, 2, 3, 4], 0, "this round robin has rounds 1 to 3, not 0"),
    ],
)
def test_refusals_are_one_line(players: list[int], round_number: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        pair_round_robin(players, round_number)
