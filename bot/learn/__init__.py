"""`/learn <game>`: a private lesson per game, one rule a step, on positions the engine makes.

`lesson` holds the step model and the runner (no Discord); `lessons/` one script per game;
`session` the lessons being taken, in memory; `cog` the command and its controls.
"""
