"""Replays as animated GIFs: one frame per position, the pictures the game's renderer draws with
their captions, and long games shortened to fit the upload limit."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat
from PIL.GifImagePlugin import GifImageFile

from bot import limits
from engine.core import Game, View
from engine.registry import GAMES
from render import RENDERERS, Renderer
from render.replay import CAPTION_HEIGHT, MAX_FRAMES, Frame, TooLarge, animate, captioned, kept


def played(game: Game[Any, Any], moves: int, seed: int) -> list[Frame]:
    """The public positions of a seeded random game of at most `moves` moves, captioned."""
    state = game.new_game(["Ann", "Bob"], {}, seed)
    rng = random.Random(seed)
    frames = [Frame(game.view(state, None), ("Opening", "The opening position."))]
    while game.actors(state) and len(frames) <= moves:
        seat = min(game.actors(state))
        move = rng.choice(game.legal_moves(state, seat))
        state, events = game.apply(state, seat, move)
        said = " ".join(e.text for e in events if e.to is None)
        frames.append(
            Frame(game.view(state, None), (f"{len(frames)}. {game.notation(move)}", said))
        )
    return frames


def gif_of(data: bytes) -> GifImageFile:
    """The GIF in `data`, checked to be animated."""
    image = Image.open(io.BytesIO(data))
    assert isinstance(image, GifImageFile) and image.is_animated
    return image


def test_a_replay_has_one_frame_per_position_showing_its_picture() -> None:
    frames = played(GAMES["leylines"], 40, seed=3)
    animation = animate(frames, limits.UPLOAD)
    assert (animation.shown, animation.step) == (len(frames), 1)
    gif = gif_of(animation.gif)
    assert gif.n_frames == len(frames) and gif.info["loop"] == 0
    for index in (0, len(frames) // 2, len(frames) - 1):
        gif.seek(index)
        difference = ImageChops.difference(gif.convert("RGB"), captioned(frames[index]))
        assert max(ImageStat.Stat(difference).mean) < 2  # the same picture, on a palette


def test_a_long_game_keeps_every_step_th_position_and_the_last_within_the_limit() -> None:
    frames = played(GAMES["agents"], 400, seed=5)
    assert len(frames) == 401
    animation = animate(frames, limits.UPLOAD)
    assert animation.step == 3 and animation.shown == len(kept(401, 3)) <= MAX_FRAMES
    assert len(animation.gif) <= limits.UPLOAD
    assert gif_of(animation.gif).n_frames == animation.shown


def test_a_small_budget_shows_fewer_positions() -> None:
    frames = played(GAMES["leylines"], 40, seed=3)
    animation = animate(frames, 300_000)
    assert animation.step > 1 and len(animation.gif) <= 300_000
    assert (
        gif_of(animation.gif).n_frames == animation.shown == len(kept(len(frames), animation.step))
    )
    with pytest.raises(TooLarge):
        animate(frames, 10_000)


def test_kept_positions_end_with_the_last() -> None:
    assert kept(10, 1) == list(range(10))
    assert kept(10, 3) == [0, 3, 6, 9]
    assert kept(11, 3) == [0, 3, 6, 9, 10]
    assert kept(2, 5) == [0, 1]


@dataclass(frozen=True, kw_only=True)
class BoxView(View):
    width: int
    height: int


def test_pictures_of_several_sizes_share_the_largest_canvas(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def draw(view: BoxView) -> Image.Image:
        return Image.new("RGB", (view.width, view.height), "white")

    monkeypatch.setitem(RENDERERS, BoxView, Renderer(BoxView, draw, lambda v: "", "box.png"))
    sizes = ((200, 30), (260, 20), (220, 50))
    frames = [
        Frame(
            BoxView(players=(), viewer=None, actors=frozenset(), outcome=None, width=w, height=h),
            (f"{w}",),
        )
        for w, h in sizes
    ]
    gif = gif_of(animate(frames, limits.UPLOAD).gif)
    assert gif.size == (260, 50 + CAPTION_HEIGHT) and gif.n_frames == 3
