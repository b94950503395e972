"""Slash commands, one extension per area: lobby, play, info."""
