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

from bot.courier import limits
from club.catalogue import CATALOGUE
from club.service.computer_seats import computer_id, computer_name
from engine.core import Game, View
from render.agents import RENDERER as AGENTS
from render.captions import Frame
from render.leylines import RENDERER as LEYLINES
from render.replay import (
    CAPTION_HEIGHT,
    CAPTION_SIZES,
    MAX_FRAMES,
    TooLarge,
    animate,
    captioned,
    kept,
)
from render.text import drawable
from tests.render.pictures import LONGEST, Spies, assert_uncut, assert_whole


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
    frames = played(CATALOGUE["leylines"].game, 40, seed=3)
    animation = animate(frames, limits.UPLOAD, LEYLINES.draw)
    assert (animation.shown, animation.step) == (len(frames), 1)
    gif = gif_of(animation.gif)
    assert gif.n_frames == len(frames) and gif.info["loop"] == 0
    for index in (0, len(frames) // 2, len(frames) - 1):
        gif.seek(index)
        difference = ImageChops.difference(
            gif.convert("RGB"), captioned(frames[index], LEYLINES.draw)
        )
        assert max(ImageStat.Stat(difference).mean) < 2  # the same picture, on a palette


def test_a_long_game_keeps_every_step_th_position_and_the_last_within_the_limit() -> None:
    frames = played(CATALOGUE["agents"].game, 400, seed=5)
    assert len(frames) == 401
    animation = animate(frames, limits.UPLOAD, AGENTS.draw)
    assert animation.step == 3 and animation.shown == len(kept(401, 3)) <= MAX_FRAMES
    assert len(animation.gif) <= limits.UPLOAD
    assert gif_of(animation.gif).n_frames == animation.shown


def test_a_small_budget_shows_fewer_positions() -> None:
    frames = played(CATALOGUE["leylines"].game, 40, seed=3)
    animation = animate(frames, 300_000, LEYLINES.draw)
    assert animation.step > 1 and len(animation.gif) <= 300_000
    assert (
        gif_of(animation.gif).n_frames == animation.shown == len(kept(len(frames), animation.step))
    )
    with pytest.raises(TooLarge):
        animate(frames, 10_000, LEYLINES.draw)


def test_kept_positions_end_with_the_last() -> None:
    assert kept(10, 1) == list(range(10))
    assert kept(10, 3) == [0, 3, 6, 9]
    assert kept(11, 3) == [0, 3, 6, 9, 10]
    assert kept(2, 5) == [0, 1]


@dataclass(frozen=True, kw_only=True)
class BoxView(View):
    width: int
    height: int


def test_pictures_of_several_sizes_share_the_largest_canvas() -> None:
    def draw(view: BoxView) -> Image.Image:
        return Image.new("RGB", (view.width, view.height), "white")

    sizes = ((200, 30), (260, 20), (220, 50))
    frames = [
        Frame(
            BoxView(players=(), viewer=None, actors=frozenset(), outcome=None, width=w, height=h),
            (f"{w}",),
        )
        for w, h in sizes
    ]
    gif = gif_of(animate(frames, limits.UPLOAD, draw).gif)
    assert gif.size == (260, 50 + CAPTION_HEIGHT) and gif.n_frames == 3


def longest_captions(game: Game[Any, Any], seeds: range) -> list[Frame]:
    """The opening of a table of the longest names (up to the game's largest), headed as the
    bot heads it, and the positions after the moves of seeded random games that told the table
    the most (the longest narration of each game), captioned as the bot captions them."""
    pool = [*LONGEST, *(computer_name(computer_id(n)) for n in range(1, 11))]
    names = pool[: game.max_players]
    state = game.new_game(names, {}, seeds[0])
    heading = f"{game.title} #123456: {' vs '.join(names)}"
    frames = [Frame(game.view(state, None), (heading, "The opening position."))]
    for seed in seeds:
        state = game.new_game(names, {}, seed)
        rng = random.Random(seed)
        best: tuple[int, Frame] | None = None
        for number in range(1, 3000):
            if not game.actors(state):
                break
            seat = rng.choice(sorted(game.actors(state)))
            move = rng.choice(game.legal_moves(state, seat))
            state, events = game.apply(state, seat, move)
            said = " ".join(e.text for e in events if e.to is None)
            if best is None or len(said) > best[0]:
                line = f"{number}. {names[seat]}: {game.notation(move)}"
                best = (len(said), Frame(game.view(state, None), (line, said)))
        assert best is not None
        frames.append(best[1])
    return frames


@pytest.mark.parametrize("key", sorted(CATALOGUE))
def test_captions_show_every_word_at_their_own_sizes(key: str, spies: Spies) -> None:
    """The longest narrations a game makes (Ley Lines: both lines a last move filled) and the
    longest headings show whole under the picture: the band grows for them."""
    for frame in longest_captions(CATALOGUE[key].game, range(2)):
        spies.fittings.clear()
        spies.written.clear()
        draw = CATALOGUE[key].renderer.draw
        image = captioned(frame, draw)
        assert_uncut(spies.written)
        texts = tuple(zip(frame.caption, CAPTION_SIZES, strict=True))
        [band] = [f for f in spies.fittings if f.texts == texts]
        assert_whole(band)
        assert [block.size for block in band.blocks] == list(CAPTION_SIZES)
        picture = draw(frame.view)
        assert image.width == picture.width
        assert image.height >= picture.height + CAPTION_HEIGHT
        laid = " ".join(line for block in band.blocks for line in block.lines)
        for sentence in frame.caption[1].split(". "):
            assert drawable(sentence) in laid


def test_a_last_move_s_second_filled_line_shows_in_its_caption(spies: Spies) -> None:
    frame = next(
        f
        for f in longest_captions(CATALOGUE["leylines"].game, range(3))
        if f.caption[1].count("filled") > 1
    )
    captioned(frame, LEYLINES.draw)
    [band] = [f for f in spies.fittings if f.texts[0][0] == frame.caption[0]]
    said = " ".join(band.blocks[1].lines)
    assert said.count(" is filled: ") == 2, said
