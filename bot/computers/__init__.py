"""Computer players taking their turns: `turns` (after each delivery) and `cog` (the loop that
wakes them and sweeps at start-up)."""
