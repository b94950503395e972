"""Pictures of games for Discord: a PNG and its alt text from a game's view.

Each game's module exports its `RENDERER` (see `renderer.Renderer`); the bot's catalogue pairs
it with its game. What the pictures share lives in `board`, `palette`, `pieces`, `text` and
`png`; `replay` makes a replay's GIF and `review` a review's chart.
"""
