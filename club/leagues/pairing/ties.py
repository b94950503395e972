"""Seeded tie-breaks that do not depend on the order anything is visited in: a number drawn from a
hash of the seed and the players, the same in every Python version and process."""

from __future__ import annotations

import hashlib

from club.leagues.pairing.model import PlayerId

TIE_BITS = 20
"""Tie-break numbers are in range(2**TIE_BITS)."""
MASK = 2**64 - 1


def tie(seed: int, *players: PlayerId) -> int:
    """A number in range(2**TIE_BITS) fixed by `seed` and `players` (in that order)."""
    text = ",".join(str(value) for value in (seed, *players)).encode()
    digest = hashlib.blake2b(text, digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - TIE_BITS)


def mix(value: int) -> int:
    """`value` scrambled (splitmix64's finaliser): close inputs give unrelated outputs."""
    value = (value ^ (value >> 30)) * 0xBF58476D1CE4E5B9 & MASK
    value = (value ^ (value >> 27)) * 0x94D049BB133111EB & MASK
    return value ^ (value >> 31)
