"""`/learn <game>`: a private lesson per game, one rule a step, on positions the engine makes.

`cog` holds the command and its controls, `text` the words of a lesson message; the lessons
themselves (the step model, the runner, one script per game, the lessons being taken) are
`club.learn`.
"""
