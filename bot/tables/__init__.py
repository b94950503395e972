"""A player's tables across a server and how they are kept moving: `/mygames`, `/notify`,
`/away`, and the administrators' `/settings` (the extension is `bot.tables.commands`)."""
