"""Lessons without Discord: `lesson` (the step model and the runner), `lessons/` (one script per
game), `search` (positions that random play reaches) and `session` (the lessons being taken)."""
