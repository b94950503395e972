"""The play feature: `/move`, `/board`, `/secret`, `/hint`, `/resign`, `/abandon`, the move
buttons and menus, and the delivery of what a game has to tell.

`commands` (the `PlayCommands` cog, which also answers the controls) imports `controls` (the
persistent buttons and menus, which reach the cog as the bot's `play_commands`) and `delivery`
(the courier, handed the function that turns controls into components), which draws with
`pictures`. Neither
`controls` nor `delivery` imports the other.
"""
