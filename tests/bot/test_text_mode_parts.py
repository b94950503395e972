"""Where a text board goes in a message (its text, an embed, a text file), kept in a code block
a name cannot end; a replay's numbered text frames; a review's chart in lines."""

from __future__ import annotations

import discord

from bot.courier import limits
from bot.courier.textmode import FENCE, as_edit, board_parts, frames_text
from engine.core import View
from render.captions import Frame
from render.chart import Chart, Series
from render.textboards.chart import chart_text


def test_a_board_that_fits_goes_in_the_message_text() -> None:
    parts = board_parts("Your turn.", "Ley Lines of Mars\nTo act: Ann", "b.txt")
    assert parts == {"content": "Your turn.\n```\nLey Lines of Mars\nTo act: Ann\n```"}


def test_a_longer_board_goes_in_an_embed_and_a_longest_in_a_file() -> None:
    board = "x" * (limits.CONTENT + 10)
    parts = board_parts("Your turn.", board, "b.txt")
    assert parts["content"] == "Your turn."
    assert parts["embed"].description == f"{FENCE}\n{board}\n{FENCE}"
    longest = "y" * (limits.EMBED_DESCRIPTION + 1)
    parts = board_parts("Your turn.", longest, "b.txt")
    file = parts["file"]
    assert isinstance(file, discord.File) and file.filename == "b.txt"
    assert file.fp.read() == longest.encode()
    assert as_edit(parts) == {"content": "Your turn.", "attachments": [file], "embed": None}


def test_a_fence_in_a_name_cannot_end_the_block() -> None:
    content = board_parts("", "Player 1: ```evil", "b.txt")["content"]
    assert content.count(FENCE) == 2 and content.startswith(FENCE) and content.endswith(FENCE)


def test_a_replay_is_numbered_frames() -> None:
    view = View(("Ann",), None, frozenset(), None)
    frames = (Frame(view, ("The opening.",)), Frame(view, ("Ann placed", "a pyramid.")))
    text = frames_text(frames, lambda v: f"board of {v.players[0]}")
    assert text == (
        "Frame 1 of 2: The opening.\nboard of Ann\n\nFrame 2 of 2: Ann placed a pyramid.\n"
        "board of Ann"
    )


def test_a_chart_is_the_chance_move_by_move_and_its_swings() -> None:
    chart = Chart(
        "Review of #1",
        (Series(0, "Ann", (0.5, 0.62, 0.41), (1,)), Series(1, "Bo", (0.5, 0.38, 0.59), (2,))),
    )
    assert chart_text(chart).split("\n") == [
        "Chance to win: Review of #1",
        "Start: Ann 50%, Bo 50%",
        "After move 1 (by Ann): Ann 62%, Bo 38%",
        "After move 2 (by Bo): Ann 41%, Bo 59%",
        "Swings: Ann 62% → 41% after move 2; Bo 38% → 59% after move 2",
    ]
