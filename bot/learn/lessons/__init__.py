"""One lesson per game, by game key (each script exports one `LESSON`)."""

from __future__ import annotations

from bot.learn.lesson import Lesson
from bot.learn.lessons import agents, albiorix, leylines, marsvsearth, merchants

LESSONS: dict[str, Lesson] = {
    lesson.game: lesson
    for lesson in (
        leylines.LESSON,
        agents.LESSON,
        albiorix.LESSON,
        merchants.LESSON,
        marsvsearth.LESSON,
    )
}
