"""A player's tables across a server: `/mygames`, `/notify`, `/away`, and the administrators'
`/settings` (`cog`)."""
