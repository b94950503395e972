"""`/learn <game>` and the controls of a lesson message, which only its learner sees.

A lesson is one ephemeral message, edited as the learner goes: the board of the step (drawn by
the bot's picture workers), its words, a menu of the learner's legal moves (narrowed by their
first words when there are more than a menu holds), and buttons: **Type a move** (a form, for
any text, even an illegal move, which is then explained), **Hint**, **Show me**, and **All
moves** once the menu is narrowed. A wrong move is answered in a private reply of its own and
leaves the lesson message as it was. The last message offers **Practice**: a table in the
channel against an easy computer player, opened as `/new <game> bots:1 bot_level:easy` opens
one.

Custom ids are `mars:learn:<lesson id>:<step>:<action>[:<prefix>]` (the Type-a-move form's
too, answered from its id by a listener, so a form open across a restart is answered): any
control of a lesson
this process no longer holds answers that the lesson has expired (see `club.learn.session`),
and one of a step already done answers that the lesson has moved on. Lessons never read or
write the channel's table.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.courier import limits, textmode
from bot.courier.delivery import checked
from bot.courier.persistent import Button, Menu, message_view
from bot.courier.pictures import Pictures
from bot.courier.replies import answer_error, safe_name, say_privately
from bot.learn.text import step_text
from bot.workers.lanes import LESSON, Lanes, Limits, Ticket, Told, ahead_text
from club.catalogue import CATALOGUE, Catalogue
from club.learn.lesson import Run
from club.learn.session import HeldLesson, Lessons, expired, game_of, not_yours
from club.service.offers import narrower_prefixes
from club.service.textmode import TextMode

if TYPE_CHECKING:
    from bot.client import MarsBot

MOVE, NARROW = "=", "+"
ID = r"mars:learn:(?P<lesson>[a-z]+\.[0-9a-f]+):(?P<step>\d+):"
MOVED_ON = "This lesson has moved on since; use its latest message."
LESSON_LIMITS = Limits(at_once=1, per_person=5, waiting=100)
"""Lesson steps being made at once (a learner's step drawn behind the tables' pictures and sent):
one, as the lesson pictures' worker draws one at a time, so a burst of lessons takes one picture
and one upload at a time from the machine the tables share (measured: 50 lessons at once, four
at a time, doubled the other channels' board picture p95; one at a time, 1.4 times); by one
person (waiting or made, one in each of the five games' lessons at once; beyond, refused) and
waiting in all (beyond, refused)."""
LESSON_THREAD = ThreadPoolExecutor(1, "lesson")
"""One thread sets up and plays the lessons' positions: however many people learn at once, the
bot's event loop shares the interpreter with one such thread only. It keeps the usual priority:
a thread at the lowest one, on a busy machine, may wait for a core while it holds the
interpreter lock, and the event loop waits with it (measured: computer replies in other
channels up to 0.2 s late during 50 lessons at once)."""
T = TypeVar("T")
PRACTICE = {"bots": 1, "bot_level": "easy"}
"""The table settings of a practice game, as `/new <game> bots:1 bot_level:easy`."""

LESSON_CHOICES = [
    app_commands.Choice(name=entry.game.title, value=key)
    for key, entry in CATALOGUE.items()
    if entry.lesson is not None
]


def stem(lesson_id: str, step: int) -> str:
    return f"mars:learn:{lesson_id}:{step}:"


def menu_options(notations: list[str], prefix: str) -> list[discord.SelectOption]:
    """The menu of the moves beginning `prefix`: whole moves when they fit, else their next
    words (or letters), each narrowing the menu (see `club.service.offers.narrower_prefixes`)."""
    matching = [n for n in notations if n.casefold().startswith(prefix.casefold())]
    if len(matching) <= limits.SELECT_OPTIONS:
        return [discord.SelectOption(label=n, value=MOVE + n) for n in matching]
    heads = narrower_prefixes(matching, len(prefix))
    options = []
    for head in heads:
        whole = [n for n in matching if n.startswith(head)] == [head]
        label = head if whole else f"{head} ..."
        options.append(discord.SelectOption(label=label, value=(MOVE if whole else NARROW) + head))
    return options


def lesson_view(lesson_id: str, run: Run, prefix: str = "") -> discord.ui.View:
    """The controls of the step `run` has reached (or the Practice button at the end)."""
    view = message_view()
    if run.finished:
        view.add_item(LessonButton(lesson_id, run.index, "practice"))
        return view
    options = menu_options(run.notations(), prefix)
    if options:
        view.add_item(LessonMenu(lesson_id, run.index, prefix, options))
    for action in ("type", "hint", "show"):
        view.add_item(LessonButton(lesson_id, run.index, action))
    if prefix:
        view.add_item(LessonButton(lesson_id, run.index, "all"))
    return view


LABELS = {
    "type": ("Type a move", discord.ButtonStyle.secondary),
    "hint": ("Hint", discord.ButtonStyle.secondary),
    "show": ("Show me", discord.ButtonStyle.primary),
    "all": ("All moves", discord.ButtonStyle.secondary),
    "practice": ("Practice against the computer", discord.ButtonStyle.success),
}


class LessonButton(
    Button,
    template=ID + r"(?P<action>type|hint|show|all|practice)",
):
    fields = (("lesson", str), ("step", int), ("action", str))

    def __init__(self, lesson_id: str, step: int, action: str) -> None:
        label, style = LABELS[action]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=stem(lesson_id, step) + action)
        )
        self.lesson_id, self.step, self.action = lesson_id, step, action

    async def answer(self, interaction: discord.Interaction[MarsBot]) -> None:
        await handle(interaction, self.lesson_id, self.step, self.action, "")


class LessonMenu(
    Menu,
    template=ID + r"pick:(?P<prefix>.*)",
):
    fields = (("lesson", str), ("step", int), ("prefix", str))

    def __init__(
        self,
        lesson_id: str,
        step: int,
        prefix: str,
        options: list[discord.SelectOption] | None = None,
    ) -> None:
        custom_id = stem(lesson_id, step) + "pick:"
        prefix = prefix[: limits.CUSTOM_ID - len(custom_id)]
        super().__init__(
            discord.ui.Select(
                placeholder=f"{prefix} ..." if prefix else "Choose your move",
                options=options or [discord.SelectOption(label="-", value=NARROW)],
                custom_id=custom_id + prefix,
            )
        )
        self.lesson_id, self.step = lesson_id, step

    async def answer(self, interaction: discord.Interaction[MarsBot]) -> None:
        [value] = self.item.values
        action = "move" if value[:1] == MOVE else "narrow"
        await handle(interaction, self.lesson_id, self.step, action, value[1:])


TYPED = re.compile(ID + r"typed$")
"""The custom id of a Type-a-move form."""
FIELD = "move"


class TypedMove(discord.ui.Modal, title="Your move"):
    """A form to type a move in the game's notation. Its answer is read from its custom id
    and field alone (`typed_move`), by whichever process of the bot gets it: a form left open
    across a restart is answered too."""

    move: discord.ui.TextInput[TypedMove] = discord.ui.TextInput(
        label="Move",
        placeholder="for example the move Hint names",
        max_length=100,
        custom_id=FIELD,
    )

    def __init__(self, lesson_id: str, step: int) -> None:
        super().__init__(timeout=None, custom_id=stem(lesson_id, step) + "typed")


def typed_move(interaction: discord.Interaction[MarsBot]) -> tuple[str, int, str] | None:
    """The lesson id, step and text of a submitted Type-a-move form; None for anything else."""
    if interaction.type is not discord.InteractionType.modal_submit or interaction.data is None:
        return None
    match = TYPED.match(str(interaction.data.get("custom_id", "")))
    if match is None:
        return None
    return match["lesson"], int(match["step"]), field_value(interaction.data, FIELD)


def field_value(data: Any, custom_id: str) -> str:
    """The value of the form field `custom_id` in a submitted form's data (found at any depth:
    in a row, or in a label)."""
    if isinstance(data, dict):
        if data.get("custom_id") == custom_id and isinstance(data.get("value"), str):
            return str(data["value"])
        data = list(data.values())
    if isinstance(data, list):
        for item in data:
            found = field_value(item, custom_id)
            if found:
                return found
    return ""


async def handle(
    interaction: discord.Interaction[MarsBot], lesson_id: str, step: int, action: str, value: str
) -> None:
    """Ask the bot's `lesson_commands` to do `action`; every failure gets a private answer."""
    try:
        await interaction.client.lesson_commands.act(interaction, lesson_id, step, action, value)
    except Exception as error:  # every failure gets an answer; see answer_error
        await answer_error(interaction, error)


class LessonCommands(commands.Cog):
    """Lessons of the games of `catalogue`, held by `lessons`, drawn by `pictures` behind the
    tables' pictures, their steps made in turn within `LESSON_LIMITS` (the command's choices
    list the games the code has lessons for: the bundled catalogue's). A learner whose
    `/learn` waits for its turn is told how many lessons are ahead of theirs."""

    def __init__(
        self,
        catalogue: Catalogue,
        pictures: Pictures,
        lessons: Lessons | None = None,
        text_mode: TextMode | None = None,
    ) -> None:
        self.catalogue = catalogue
        self.pictures = pictures
        self.lessons = lessons or Lessons()
        self.text_mode = text_mode
        """Who reads the lesson's board as text (None: nobody, as in tests without a store)."""
        self.lanes = Lanes(limits={LESSON: LESSON_LIMITS})

    @app_commands.command(name="learn", description="A private lesson: learn a game by playing")
    @app_commands.describe(game="The game to learn")
    @app_commands.choices(game=LESSON_CHOICES)
    async def learn(self, interaction: discord.Interaction[MarsBot], game: str) -> None:
        """Start a lesson of `game` for the user, in a message only they see."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        learner = safe_name(interaction.user.display_name)
        lesson = self.catalogue[game].lesson
        assert lesson is not None  # the command offers only games with a lesson
        waited = False

        async def told(ahead: int) -> None:
            nonlocal waited
            waited = True
            await interaction.edit_original_response(content=ahead_text(LESSON, ahead))

        as_text = await self.reads_text(interaction)
        async with self._turn(interaction, told):
            run = await in_lesson_thread(Run, lesson, learner)
            lesson_id = self.lessons.begin(run, interaction.user.id)
            parts = await self.parts(lesson_id, run, as_text=as_text)
            if waited:  # the placeholder says where it waited: the lesson takes its place
                await interaction.edit_original_response(**textmode.as_edit(parts))
            else:
                await interaction.followup.send(ephemeral=True, **parts)

    def _turn(self, interaction: discord.Interaction[MarsBot], told: Told | None = None) -> Ticket:
        """The learner's place in the lessons' lane (raises `Full` when it refuses)."""
        return self.lanes.ticket(LESSON, interaction.guild_id or 0, interaction.user.id, told)

    @commands.Cog.listener("on_interaction")
    async def typed(self, interaction: discord.Interaction[MarsBot]) -> None:
        """A submitted Type-a-move form, whatever process of the bot opened it."""
        submitted = typed_move(interaction)
        if submitted is not None:
            await handle(interaction, submitted[0], submitted[1], "move", submitted[2])

    async def act(
        self,
        interaction: discord.Interaction[MarsBot],
        lesson_id: str,
        step: int,
        action: str,
        value: str,
    ) -> None:
        """Do `action` (with `value`) at step `step` of lesson `lesson_id`."""
        if action == "practice":
            await self.practice(interaction, game_of(lesson_id))
            return
        held = self.lessons.find(lesson_id)
        if held is None or held.user_id != interaction.user.id:
            gone = held is None
            await say_privately(interaction, expired(lesson_id) if gone else not_yours(lesson_id))
            return
        async with held.lock:
            if held.run.index != step or held.run.finished:
                await say_privately(interaction, MOVED_ON)
            elif action == "hint":
                await say_privately(interaction, held.run.hint())
            elif action == "type":
                form = TypedMove(lesson_id, step)
                await interaction.response.send_modal(form)
                form.stop()  # answered by `typed`, from its custom id, not by this object
            elif action in ("narrow", "all"):
                await interaction.response.defer()
                view = lesson_view(lesson_id, held.run, value)
                checked({"view": view})
                await interaction.edit_original_response(view=view)
            else:
                await self.play(interaction, lesson_id, held, action, value)

    async def play(
        self,
        interaction: discord.Interaction[MarsBot],
        lesson_id: str,
        held: HeldLesson,
        action: str,
        move: str,
    ) -> None:
        """The learner's move (`action` "move") or the step's own ("show"): a move that does
        the task shows the next step in the lesson message; any other is explained privately."""
        run = held.run
        if action == "show":
            said = await in_lesson_thread(run.show_me)
        else:
            said = await in_lesson_thread(run.attempt, move)
        if not said.advanced:
            await say_privately(
                interaction, f"{said.line}\nThe step stays as it was: try again, or press Hint."
            )
            return
        await interaction.response.defer()
        as_text = await self.reads_text(interaction)
        async with self._turn(interaction):
            parts = await self.parts(lesson_id, run, said.line, as_text=as_text)
            await interaction.edit_original_response(**textmode.as_edit(parts))

    async def reads_text(self, interaction: discord.Interaction[MarsBot]) -> bool:
        """Whether the learner chose text mode (`/textmode`)."""
        return self.text_mode is not None and await self.text_mode.reads_text(interaction.user.id)

    async def parts(
        self, lesson_id: str, run: Run, said: str = "", *, as_text: bool = False
    ) -> dict[str, Any]:
        """The lesson message at the step `run` has reached: its words, its board (`as_text`:
        its text board; else a picture drawn behind the tables'), its controls, checked against
        Discord's limits."""
        view = run.view()
        parts: dict[str, Any]
        if as_text:
            filename = textmode.text_filename(self.pictures.renderer_for(view).filename)
            board = self.pictures.text_board(view)
            parts = textmode.board_parts(step_text(run, said), board, filename)
        else:
            drawn = await self.pictures.draw(view, behind=True)
            alt = limits.shorten(drawn.alt, limits.ATTACHMENT_DESCRIPTION)
            file = discord.File(io.BytesIO(drawn.png), filename=drawn.filename, description=alt)
            parts = {"content": step_text(run, said), "file": file}
        parts["view"] = lesson_view(lesson_id, run)
        checked(parts)
        return parts

    async def practice(self, interaction: discord.Interaction[MarsBot], game: str) -> None:
        """Open a practice table in the channel, as `/new <game> bots:1 bot_level:easy`, without
        the word that `/learn` teaches the game: the learner has just taken its lesson."""
        lobby = interaction.client.lobby_commands
        lobby.seating.first_games.settle(interaction.user.id, game)
        await lobby.open_table(interaction, game, dict(PRACTICE))


async def in_lesson_thread(work: Callable[..., T], *args: object) -> T:
    """`work(*args)` in `LESSON_THREAD`."""
    return await asyncio.get_running_loop().run_in_executor(LESSON_THREAD, work, *args)
