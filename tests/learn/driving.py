"""Taking a lesson through the fake Discord: `/learn`, the menu, the form, Hint and Show me.

The test knows each step's moves from the lesson script itself (`club.learn.lessons`): the
step's own move (`show`) and a move that does not do the task (`wrong_move`).
"""

from __future__ import annotations

from typing import Any

from club.catalogue import CATALOGUE
from club.learn.lesson import Attempt, Run
from tests.fakediscord import Channel, FakeDiscord, Message, User
from tests.hang import HANG_SECONDS

LESSONS = {key: entry.lesson for key, entry in CATALOGUE.items() if entry.lesson is not None}
"""The lessons of the games that have one, by game key (from the catalogue)."""

PICK = ":pick:"


def wrong_move(run: Run) -> str:
    """A legal move of the step that does not do its task, else text the game refuses."""
    for text in run.notations():
        move = run.game.parse(run.state, run.seat, text)
        after, events = run.game.apply(run.state, run.seat, move)
        attempt = Attempt(run.game, run.seat, run.state, text, after, tuple(events))
        if not run.step.accepts(attempt):
            return text
    return "zz99"


def control(message: Message, action: str) -> str:
    """The custom id of the lesson control `action` (type, hint, show, all, practice, pick)."""
    [found] = [c for c in message.custom_ids if c.split(":")[4] == action]
    return found


async def edited(fake: FakeDiscord, message_id: int, revisions: int, what: str) -> Message:
    """The message `message_id` once it has more than `revisions` revisions."""
    await fake.state.wait_for(
        lambda: len(fake.get_message(message_id).history) > revisions, HANG_SECONDS, what
    )
    return fake.get_message(message_id)


async def start(fake: FakeDiscord, user: User, channel: Channel | str, game: str) -> Message:
    """`/learn game`: the lesson's first message, which only `user` sees."""
    lesson = await (await fake.slash(user, channel, "learn", options={"game": game})).response()
    assert lesson.ephemeral, lesson.content
    if "step 1 of" not in lesson.content:  # it waited its turn: the lesson takes its place
        assert lesson.content.endswith(("as they go.", "is next.")), lesson.content
        await fake.state.wait_for(
            lambda: "step 1 of" in fake.get_message(lesson.id).content, HANG_SECONDS, "the lesson"
        )
        lesson = fake.get_message(lesson.id)
    assert lesson.attachments and lesson.attachments[0].description
    return lesson


async def type_in_form(fake: FakeDiscord, user: User, lesson: Message, text: str) -> Any:
    """Open the lesson's form and send `text` in it: the submission (to read the answer of)."""
    opened = await fake.click(user, lesson, control(lesson, "type"))
    await opened.modal()  # open
    return await fake.submit_modal(user, opened, {"move": text})


async def type_move(fake: FakeDiscord, user: User, lesson: Message, text: str) -> Message:
    """Type `text` in the lesson's form: the private reply (of a move that does not do the
    step's task)."""
    return await (await type_in_form(fake, user, lesson, text)).response()


async def wrong(fake: FakeDiscord, user: User, lesson: Message, run: Run) -> None:
    """A move that does not do the step's task is explained privately; the lesson message
    stays as it was."""
    before = fake.get_message(lesson.id).snapshot()
    reply = await type_move(fake, user, lesson, wrong_move(run))
    assert reply.id != lesson.id and reply.ephemeral, reply.content
    assert "The step stays as it was" in reply.content, reply.content
    assert fake.get_message(lesson.id).snapshot() == before


async def pick(fake: FakeDiscord, user: User, lesson: Message, move: str) -> Message:
    """Choose `move` in the lesson's menu, narrowing it first as needed: the lesson message."""
    for _ in range(6):
        lesson = fake.get_message(lesson.id)
        [menu] = [c for c in lesson.custom_ids if PICK in c]
        values = [o["value"] for o in lesson.component(menu)["options"]]  # type: ignore[index]
        if "=" + move in values:
            revisions = len(lesson.history)
            await fake.click(user, lesson, menu, values=["=" + move])
            return await edited(fake, lesson.id, revisions, "the next step")
        [narrower] = [v for v in values if v[:1] == "+" and move.startswith(v[1:])]
        revisions = len(lesson.history)
        await fake.click(user, lesson, menu, values=[narrower])
        await edited(fake, lesson.id, revisions, "a narrower menu")
    raise AssertionError(f"{move} is not in the menu")


async def take(
    fake: FakeDiscord, user: User, channel: Channel | str, game: str, *, how: str = "menu"
) -> Message:
    """Take the whole lesson of `game`: at each step a wrong move first (explained, nothing
    changed), then the step's move by `how` ("menu": chosen in the menu; "typed"; "show":
    Show me). The last message, which says the lesson is complete."""
    lesson = await start(fake, user, channel, game)
    run = Run(LESSONS[game], "learner")
    while not run.finished:
        step = run.step
        assert f"step {run.index + 1} of {len(LESSONS[game].steps)}" in lesson.content
        await wrong(fake, user, lesson, run)
        revisions = len(fake.get_message(lesson.id).history)
        if how == "menu":
            lesson = await pick(fake, user, lesson, step.show)
        elif how == "typed":
            await type_in_form(fake, user, lesson, step.show)
            lesson = await edited(fake, lesson.id, revisions, "the next step")
        else:
            await fake.click(user, lesson, control(lesson, "show"))
            lesson = await edited(fake, lesson.id, revisions, "the next step")
            assert f"Shown: `{step.show}`" in lesson.content, lesson.content
        assert run.attempt(step.show).advanced
    assert "Lesson complete" in lesson.content, lesson.content
    assert control(lesson, "practice")
    return lesson
