"""Ratings and stats per server and game title: `skill` (the Plackett-Luce maths and the rating
shown to players), `standings` (what a finished game counts for each player) and `ledger` (the
stored stats and ratings, kept in the transaction that finishes a game)."""
