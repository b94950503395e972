"""A player's tables across a server and how they are kept moving: `/mygames`, `/notify`,
`/away`, and the administrators' `/settings` (`commands`), and the stand-ins' turns
(`standins`)."""
