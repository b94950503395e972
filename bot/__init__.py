"""The Discord side: commands, buttons, DMs, the store and the table service."""
