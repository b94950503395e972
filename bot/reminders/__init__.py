"""The poll: turn reminders, phase timers, undelivered updates and the heartbeat (`cog`)."""
