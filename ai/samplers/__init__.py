"""Samplers of what a seat cannot see, one module per game with secrets (each in its game's kit,
`ai.kits`); an open game's chance needs none of its own (`ai.determinize.FRESH_FUTURE`)."""


class Unsampled(RuntimeError):
    """No sample drawn is consistent with what the seat has seen (a rare position whose hidden
    cards few draws reproduce); the search then moves by rule of thumb instead."""
