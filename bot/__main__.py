"""`python -m bot` runs the bot."""

from bot.app import main

main()
