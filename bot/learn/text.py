"""The words of a lesson message: the step being taught, or the end of the lesson."""

from __future__ import annotations

from bot.courier import limits
from club.learn.lesson import Run

HOW = (
    "-# Choose your move in the menu or type it; **Hint** names a move that works, **Show me** "
    "plays it for you."
)
"""How to answer a step, said under the first step only."""


def step_text(run: Run, said: str = "") -> str:
    """The message of the step `run` has reached (after `said`, what the last action did), or
    of the lesson's end."""
    head = f"{said}\n\n" if said else ""
    if run.finished:
        return limits.shorten(head + finished_text(run), limits.CONTENT)
    step = run.step
    total = len(run.lesson.steps)
    scene = run.scene()
    whose = f"{run.lesson.title}, lesson step" if run.index == 0 else "Lesson step"
    body = (
        f"**{whose} {run.index + 1} of {total}: {step.title}**\n"
        f"{step.text}\n" + (f"*{scene}*\n" if scene else "") + f"**Your move:** {step.task}"
    )
    if run.index == 0:
        body += f"\n{HOW}"
    return limits.shorten(head + body, limits.CONTENT)


def finished_text(run: Run) -> str:
    outcome = run.game.outcome(run.state)
    ended = f"The practice position ended: {outcome.reason}.\n" if outcome is not None else ""
    pointed = run.lesson.pointed
    rest = f"`/rules {run.lesson.game.key}` also tells {'; '.join(pointed)}.\n" if pointed else ""
    return (
        f"**Lesson complete.** {run.lesson.done}\n{ended}{rest}"
        f"Ready for a real game? **Practice** opens a table in this channel against an easy "
        f"computer player (as `/new {run.lesson.game.key} bots:1 bot_level:easy` does)."
    )
