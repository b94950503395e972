"""One lesson per game, a script each exporting one `LESSON` (the catalogue, `club.catalogue`,
pairs each with its game)."""
