"""`/league`: server leagues in Discord (see `bot.leagues.cog`)."""
