"""`/history` and `/replay` (`cog`)."""
