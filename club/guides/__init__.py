"""The games told in the project's own words, for `/rules`: a quick start of a minute's reading
(one message), and the full rules with the bot's rulings behind it (sent split at blank lines).
One module per game exports one `GUIDE` (see `guide.Guide`); the catalogue, `club.catalogue`,
pairs each with its game."""
