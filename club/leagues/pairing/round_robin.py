"""Round robin by the circle (Berger) method, for 2 to `MOST` players.

The players are sorted by id and numbered; with an odd count a bye takes the last number. The last
number stays put while the others turn by n/2 - 1 places a round, so every two players meet once
in n - 1 rounds (n - 1 and n/2 - 1 share no factor) and each player's first and second seats
alternate, at most two alike in a row, their counts differing by at most one.
"""

from __future__ import annotations

from collections.abc import Sequence

from club.leagues.pairing.model import Pairing, PlayerId, Reason

MOST = 12
"""Players a round robin may have."""


def round_robin_rounds(count: int) -> int:
    """Rounds a round robin of `count` players takes: count - 1, or count when odd (a bye)."""
    if not 2 <= count <= MOST:
        raise ValueError(f"a round robin takes 2 to {MOST} players, not {count}")
    return count - 1 if count % 2 == 0 else count


def pair_round_robin(players: Sequence[PlayerId], round_number: int) -> Pairing:
    """Round `round_number` (1-based) of the round robin of `players` (duplicates ignored, order
    irrelevant: keep passing every player who started, dropped ones too, so the schedule holds)."""
    ordered: list[PlayerId | None] = list(sorted(set(players)))
    rounds = round_robin_rounds(len(ordered))
    if not 1 <= round_number <= rounds:
        raise ValueError(f"this round robin has rounds 1 to {rounds}, not {round_number}")
    if len(ordered) % 2:
        ordered.append(None)
    count = len(ordered)
    r = round_number - 1
    fixed = ordered[-1]
    turned = [ordered[(i + r * (count // 2 - 1)) % (count - 1)] for i in range(count - 1)]
    couples = [(fixed, turned[0]) if r % 2 else (turned[0], fixed)]
    couples += [(turned[i], turned[count - 1 - i]) for i in range(1, count // 2)]
    tables: list[tuple[PlayerId, PlayerId]] = []
    byes: list[PlayerId] = []
    for a, b in couples:
        if a is None or b is None:
            byes += [player for player in (a, b) if player is not None]
        else:
            tables.append((a, b))
    where = f"round {round_number} of {rounds} of the round robin's fixed schedule"
    reasons = {player: Reason((where,)) for table in tables for player in table}
    reasons |= {player: Reason((where, "bye: an odd count of players")) for player in byes}
    return Pairing(tables=tuple(tables), byes=tuple(byes), reasons=reasons)
