"""`python -m bot` runs the bot; `python -m bot ratings --rebuild` and `--help`: see `bot.admin`."""

from bot.admin import main

main()
