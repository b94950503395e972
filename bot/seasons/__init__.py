"""`/season new|list|standings` and the sweep that ends seasons whose last day is over (`cog`)."""
