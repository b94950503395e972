"""`python -m bot` runs the bot; `ratings --rebuild`, `migrate-to-postgres` and `--help`: see
`bot.command_line`."""

from bot.command_line import main

main()
