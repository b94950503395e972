"""`/claim` (`cog`)."""
