"""`/help` and `/rules` (`cog`; the guides are `club.guides`)."""
