"""`/stats` and `/leaderboard` (`cog`)."""
