"""Stand-ins taking absent people's turns (`cog`, a regular sweep)."""
