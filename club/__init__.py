"""The club: everything the bot keeps and decides without Discord: tables, seats, moves and
the outbox (`service/`), the database (`storage/`), ratings, lessons, reviews, the games' guides,
the catalogue that pairs each game with its pieces, and the administrator's operations.

Nothing here imports `discord` or `bot` (the import test, `tests/bot/test_import_cycles.py`,
holds it); `bot/` is the Discord side that calls it."""
