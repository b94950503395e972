"""`/status`: the bot's health and figures for administrators (`cog`; the heartbeat, the
health check, the backup and the figures are `club.operations`)."""
