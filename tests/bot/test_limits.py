"""Discord's limits: text shortened and split at sensible places, and every message of random
games of all five titles, at their largest tables, within the limits."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any, cast

import pytest

from bot.courier import limits
from bot.courier.delivery import Courier, dm_pieces, post_text
from bot.courier.pictures import Pictures
from bot.play.controls import controls_view
from club.catalogue import CATALOGUE
from club.service import Player, TableService
from club.service.projection import KEPT_NARRATION
from club.storage import Storage
from club.storage.rows import Living

MENTION = re.compile(r"<@\d+>")
MOVE_CAP = {"agents": 400}
"""Random Agents games rarely end (random play seldom draws); their first moves suffice."""


def test_shorten_cuts_at_a_word_and_never_inside_a_mention() -> None:
    text = "Ann placed a pyramid and <@123456789012345678> scored seven points"
    for limit in range(12, len(text)):
        short = limits.shorten(text, limit)
        assert len(short) <= limit and short.endswith(limits.ELLIPSIS)
        head = short.removesuffix(limits.ELLIPSIS)
        assert text.startswith(head) and text[len(head)] == " "  # a whole word was dropped
        assert "<@" not in head or MENTION.search(head)
    assert limits.shorten(text, len(text)) == text


def test_split_keeps_every_word_and_every_mention_whole() -> None:
    words = [f"<@{n}>" if n % 7 == 0 else f"word{n}" for n in range(3000)]
    text = " ".join(words)
    pieces = limits.split(text, limits.CONTENT)
    assert len(pieces) > 1 and all(len(p) <= limits.CONTENT for p in pieces)
    assert " ".join(pieces).split() == words


def test_split_prefers_paragraphs() -> None:
    paragraphs = ["x" * 900, "y" * 900, "z" * 900]
    assert limits.split("\n\n".join(paragraphs), limits.CONTENT) == [
        "x" * 900 + "\n\n" + "y" * 900,
        "z" * 900,
    ]


def test_first_lines_says_how_many_it_leaves_out() -> None:
    text = "\n".join(f"line {n}: " + "." * 90 for n in range(100))
    kept = limits.first_lines(text, 1000, lambda n: f"...and {n} more")
    assert len(kept) <= 1000
    *head, last = kept.splitlines()
    assert head == text.splitlines()[: len(head)] and last == f"...and {100 - len(head)} more"
    assert limits.first_lines(text, len(text), lambda n: "...") == text


def test_choices_are_the_first_that_discord_shows() -> None:
    texts = [("x" * 101 if n % 2 else f"move {n}") for n in range(100)]
    assert limits.choices(texts) == [f"move {n}" for n in range(0, 50, 2)]


def test_check_names_each_broken_limit() -> None:
    limits.check(content="x" * 2000, buttons=(("Done", "mars:do:1"),))
    with pytest.raises(limits.OverLimit, match="content"):
        limits.check(content="x" * 2001)
    with pytest.raises(limits.OverLimit, match="rows"):
        limits.check(buttons=tuple(("b", f"id{n}") for n in range(26)))
    with pytest.raises(limits.OverLimit, match="options"):
        limits.check(selects=(("pick", tuple((f"o{n}", f"o{n}") for n in range(26))),))
    with pytest.raises(limits.OverLimit, match="custom id"):
        limits.check(buttons=(("a", "same"), ("b", "same")))
    with pytest.raises(limits.OverLimit, match="embed"):
        limits.check(embeds=(("", "x" * 4097),))


async def check_delivery(service: TableService, game_id: int, key: str) -> bool:
    """Build every message of the game's pending delivery (pictures aside) and mark it sent;
    whether a post's narration was too long for its text (and went to an embed)."""
    delivery = await service.deliveries.delivery(game_id)
    assert delivery is not None
    courier = Courier(cast(Any, None), service, Pictures(), controls_view)
    overflowed = False
    for post in delivery.posts:
        await courier.post_parts(replace(post, view=None), editing=not post.new)
        content, embed = post_text(post)
        assert MENTION.findall(content) == MENTION.findall(content.strip())
        overflowed |= bool(embed)
    for notice in delivery.dms:
        pieces = dm_pieces(notice)
        assert " ".join(p.text for p in pieces).split() == notice.text.split()
        for piece in pieces:
            parts = await courier.notice_parts(replace(piece, view=None))
            assert parts["content"] == piece.text  # split, never shortened
    await service.deliveries.delivered(delivery, replace(delivery.living, message_id=1))
    return overflowed


@pytest.mark.parametrize("key", sorted(CATALOGUE))
async def test_every_message_of_a_random_game_at_the_largest_table_fits(
    service: TableService, storage: Storage, key: str
) -> None:
    """Whole random games (Agents: its first moves) through the service: each update's channel
    posts, edits and DMs pass Discord's limits (`limits.check`, raised by the builders)."""
    game = CATALOGUE[key].game
    players = [Player(100 + n, f"Player{n} " + "x" * 20) for n in range(game.max_players)]
    channel = 1
    await service.lobbies.new_lobby(
        guild_id=1, channel_id=channel, creator=players[0], game_key=key, options={}
    )
    for player in players[1:]:
        await service.lobbies.join(channel, player)
    game_id = (await service.lobbies.start(channel, players[0])).game_id
    await check_delivery(service, game_id, key)
    rng = random.Random(key)
    overflowed = False
    for _ in range(MOVE_CAP.get(key, 5000)):
        suggestions = [
            (player, await service.looking.suggestions(channel, player.user_id, ""))
            for player in players
        ]
        movers = [(p, s) for p, s in suggestions if s]
        if not movers:
            break
        player, moves = rng.choice(movers)
        update = await service.play.move(channel, player, rng.choice(moves))
        overflowed |= await check_delivery(service, game_id, key)
        if update.finished:
            break
    assert await storage.outbox.pending(game_id) == []
    if key == "marsvsearth":  # threat resolutions at 10 players outgrow a message's text
        assert overflowed
    row = await storage.games.get(game_id)
    assert row is not None
    living = row.living
    assert living != Living() and len(living.text) <= KEPT_NARRATION
