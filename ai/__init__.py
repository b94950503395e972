"""Computer players: Monte Carlo tree search over the engine's `Game` contract.

Layers: `rewards` (what an ended or cut-off game is worth to each seat), `determinize` (what a
seat may believe about the state), `kit` (what the search knows of a game beyond its rules,
passed to it as an argument; `kits/` one module per game that needs one), `tree` (a search node
and UCB1), `rollout` (random play to a depth cap), `decisive` (a win at once taken, a loss at
once avoided), `search` (information-set MCTS, which is plain UCT for open games), `greedy` (one
move ahead by the rules, the yardstick), `evaluate` (a position weighed for a review), `levels`
(easy, normal, hard, random and greedy, and the `choose` entry point), `memory` (a seat's search
tree kept for its next move) and `arena` (strength measured by play).
The package imports `engine` only and never reads hidden state a seat could not see.
"""

from ai.levels import LEVELS, Level, choose, think

__all__ = ["LEVELS", "Level", "choose", "think"]
