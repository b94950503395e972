"""The rules of the games: pure, synchronous and deterministic; no I/O."""
