"""`/review [game]` (`cog`; the review itself is `club.review`)."""
