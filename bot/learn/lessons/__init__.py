"""One lesson per game, a script each exporting one `LESSON` (the catalogue, `bot.catalogue`,
pairs each with its game)."""
