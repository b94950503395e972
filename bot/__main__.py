"""`python -m bot` runs the bot; `ratings --rebuild`, `migrate-to-postgres` and `--help`: see
`bot.admin`."""

from bot.admin import main

main()
