"""The play feature: `/move`, `/board`, `/secret`, `/hint`, `/resign`, `/abandon` and the move
buttons and menus.

`cog` (the `PlayCommands` cog, which also answers the controls) imports `controls` (the
persistent buttons and menus, which reach the cog as the bot's `play_commands`); the courier
(`bot.courier.delivery`) is handed the function that turns controls into components, so
neither `controls` nor the courier imports the other.
"""
