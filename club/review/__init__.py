"""`/review` without Discord: `walk` (a finished game's positions weighed, the drops and the
turning point) and `reviews` (which game, whose review, one at a time per game)."""
