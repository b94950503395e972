"""`/takeback` and its Accept / Decline buttons (`cog`)."""
