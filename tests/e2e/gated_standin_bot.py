"""The real bot whose stand-ins think only when a test lets them: a turn handed to the stand-ins'
thinking writes `thinking` in the folder `STANDIN_GATE` names, then waits there until the test
writes `go`; once a sweep of the stand-ins' turns after that has ended, `swept` is written.

Run through the launcher: ``python tests/e2e/run_bot.py tests.e2e.gated_standin_bot``.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import bot.app
from bot.standins.cog import StandInLoop
from bot.workers.thinking import Thinkers
from club.service import Turn

GATE = Path(os.environ["STANDIN_GATE"])
LOOK_SECONDS = 0.02
"""How often a held stand-in looks for `go`."""


def main() -> None:
    thought, swept = Thinkers.move_for, StandInLoop.play

    async def held(self: Thinkers, turn: Turn) -> str:
        (GATE / "thinking").write_text(str(turn.game_id))
        while not (GATE / "go").exists():
            await asyncio.sleep(LOOK_SECONDS)
        return await thought(self, turn)

    async def play(self: StandInLoop, game_id: int) -> None:
        await swept(self, game_id)
        if (GATE / "go").exists():
            (GATE / "swept").write_text(str(game_id))

    Thinkers.move_for = held  # type: ignore[method-assign]
    StandInLoop.play = play  # type: ignore[method-assign]
    bot.app.main()
