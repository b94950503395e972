"""Boards as text for a person in text mode (`/textmode`): what replaces a picture in a message
to them alone.

Rule: a message with a board sent to one person (a direct message, or an answer only they see)
carries the board's text board (`render.textboards`) instead of its picture when that person
chose text mode; channel posts keep the picture and its alt text. The text board goes in a code
block (read as plain lines, never as markdown): in the message's text when both fit, else in an
embed, else (longer than an embed holds) as a `.txt` file.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.courier import limits
from engine.core import View
from render.captions import Frame

FENCE = "```"
BROKEN_FENCE = "`\u200b``"
"""Three backticks with a zero-width space after the first: shown alike, ending no block."""


def fenced(board: str) -> str:
    """The text board in a code block (a fence inside it is broken so that it cannot end it)."""
    return f"{FENCE}\n{board.replace(FENCE, BROKEN_FENCE)}\n{FENCE}"


def board_parts(text: str, board: str, filename: str) -> dict[str, Any]:
    """A message's content with `board` (a text board) beside `text`: in the content when both
    fit, else in an embed, else as the text file `filename`."""
    block = fenced(board)
    together = f"{text}\n{block}" if text else block
    if len(together) <= limits.CONTENT:
        return {"content": together}
    content = limits.shorten(text, limits.CONTENT)
    if len(block) <= limits.EMBED_DESCRIPTION:
        return {"content": content, "embed": discord.Embed(description=block)}
    file = discord.File(io.BytesIO(board.encode()), filename=filename)
    return {"content": content, "file": file}


def text_filename(picture: str) -> str:
    """`leylines-board.txt` for the picture `leylines-board.png`."""
    return picture.rsplit(".", 1)[0] + ".txt"


def as_edit(parts: dict[str, Any]) -> dict[str, Any]:
    """`board_parts` (and any other keys) as the arguments of a message edit: the file as the
    message's only attachment (none without one), the embed cleared without one."""
    edit = {k: v for k, v in parts.items() if k != "file"}
    edit["attachments"] = [parts["file"]] if "file" in parts else []
    edit.setdefault("embed", None)
    return edit


def frames_text(frames: Sequence[Frame], board: Callable[[View], str]) -> str:
    """A replay as numbered text frames: `Frame 3 of 40: <caption>`, then that position's text
    board (`board`), a blank line between frames."""
    total = len(frames)
    return "\n\n".join(
        "\n".join([f"Frame {n} of {total}: {' '.join(frame.caption)}", board(frame.view)])
        for n, frame in enumerate(frames, start=1)
    )
