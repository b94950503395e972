"""Board pictures: one drawing per distinct view (remembered, or shared while it is drawn), a
failed drawing not remembered, a broken pool replaced, and worker processes that draw what this
process would."""

from __future__ import annotations

import asyncio
from concurrent.futures import BrokenExecutor, Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image

from bot.courier.pictures import Pictures
from club.catalogue import CATALOGUE
from engine.core import View, resolve_options
from render.renderer import Renderer


@dataclass(frozen=True, kw_only=True)
class DotView(View):
    dot: int


drawn: list[int] = []


def draw_dot(view: DotView) -> Image.Image:
    if view.dot < 0:
        raise ValueError("no such dot")
    drawn.append(view.dot)
    return Image.new("RGB", (4, 4), "white")


DOTS = Renderer(DotView, draw_dot, lambda view: f"Dot {view.dot}.", "dot.png")


def dots(view: View) -> Renderer[DotView]:
    """The renderer of the dots, the only views these pictures draw."""
    return DOTS


@pytest.fixture(autouse=True)
def nothing_drawn() -> None:
    drawn.clear()


def dot(n: int) -> DotView:
    return DotView(players=("Ann", "Bob"), viewer=None, actors=frozenset(), outcome=None, dot=n)


async def test_a_view_is_drawn_once_and_the_oldest_are_forgotten() -> None:
    pictures = Pictures(keep=2, renderer_for=dots)
    first = await pictures.draw(dot(1))
    assert await pictures.draw(dot(1)) == first and first.alt == "Dot 1."
    await pictures.draw(dot(2))
    await pictures.draw(dot(3))  # dot 1 is forgotten
    await pictures.draw(dot(1))
    assert drawn == [1, 2, 3, 1]


async def test_views_drawn_at_the_same_time_share_one_drawing() -> None:
    pictures = Pictures(renderer_for=dots)
    pictures.prepare([dot(5), None, dot(6)])
    results = await asyncio.gather(*(pictures.draw(dot(n)) for n in (5, 5, 6, 5, 6)))
    assert sorted(drawn) == [5, 6] and results[0] == results[1] == results[3]


async def test_a_failed_drawing_is_not_remembered() -> None:
    pictures = Pictures(renderer_for=dots)
    for _ in range(2):
        with pytest.raises(ValueError, match="no such dot"):
            await pictures.draw(dot(-1))
    assert await pictures.draw(dot(2))


class BreakingPool(Executor):
    """Threads that refuse work, as a process pool whose worker died, after `works` tasks."""

    def __init__(self, works: int) -> None:
        self.works = works
        self.threads = ThreadPoolExecutor(1)

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self.works == 0:
            raise BrokenExecutor("a worker died")
        self.works -= 1
        return self.threads.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.threads.shutdown(wait, cancel_futures=cancel_futures)


async def test_a_broken_pool_is_replaced_at_the_next_drawing() -> None:
    pools: list[BreakingPool] = []

    def workers() -> BreakingPool:
        pools.append(BreakingPool(works=1))
        return pools[-1]

    pictures = Pictures(workers, renderer_for=dots)
    await pictures.draw(dot(1))
    await pictures.draw(dot(2))
    assert drawn == [1, 2] and len(pools) == 2
    pictures.close()


async def test_worker_processes_draw_a_game_s_view_as_this_process_does() -> None:
    game = CATALOGUE["leylines"].game
    state = game.new_game(["Ann", "Bob"], resolve_options(game.options, {}), 7)
    view = game.view(state, None)
    pictures = Pictures.in_processes(CATALOGUE, 2)
    try:
        pair = await asyncio.gather(pictures.draw(view), pictures.draw(view))
        assert pair[0] is pair[1]
        assert pair[0] == CATALOGUE.renderer_for(view).render(view)
    finally:
        await asyncio.to_thread(pictures.close)
