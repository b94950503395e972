"""Every question a game puts to a player comes with controls at every table size: the buttons
or menus of the update that asks it (the public board's, or the player's private picker) offer
every move the player may answer with, within Discord's limits (5 buttons a row, 5 rows, 25
options a menu). Mars vs. Earth, at 2 to 10 players: a leader of one of 5 threats has 6 choices,
more than a row of buttons, and gets a menu."""

from __future__ import annotations

import random
from dataclasses import dataclass

import discord
import pytest

from bot.courier import limits
from bot.courier.delivery import check_components
from bot.play.controls import MOVE, NARROW, MoveButton, controls_view
from club.service import Controls, Player, offers
from club.service.outbox import action_entry
from club.service.projection import project
from club.service.tables import Table
from club.storage.rows import GameRow, Living, OutboxRow, SeatRow
from engine.marsvsearth import GAME, MarsState

SEEDS = (1, 2)


def table(state: MarsState, moves_made: int) -> Table:
    """The table the service would load after `moves_made` moves (user id 100 + seat)."""
    seats = tuple(SeatRow(100 + seat, seat, name) for seat, name in enumerate(state.players))
    row = GameRow(
        id=7,
        guild_id=1,
        channel_id=2,
        game_key=GAME.key,
        options={},
        seed=0,
        status="active",
        version=moves_made + 1,
        state=None,
        creator_id=100,
        lobby_message_id=None,
        result=None,
        deadline=None,
        phase=None,
        phase_deadline=None,
        living=Living(),
        moves_made=moves_made,
        seats=seats,
    )
    players = tuple(Player(s.user_id, s.display_name) for s in seats)
    return Table(row, GAME, state, players)


@dataclass(frozen=True)
class Offered:
    """What a message's components let a player do: moves played whole, prefixes narrowed."""

    whole: frozenset[str]
    prefixes: frozenset[str]

    def covers(self, notation: str) -> bool:
        return notation in self.whole or any(notation.startswith(p) for p in self.prefixes)


def offered(view: discord.ui.View | None) -> Offered:
    """The moves of a message's components, checked against Discord's limits."""
    whole: set[str] = set()
    prefixes: set[str] = set()
    if view is None:
        return Offered(frozenset(), frozenset())
    check_components(view)
    items = [i.item if isinstance(i, discord.ui.DynamicItem) else i for i in view.children]
    buttons = [i for i in items if isinstance(i, discord.ui.Button)]
    menus = [i for i in items if isinstance(i, discord.ui.Select)]
    rows = -(-len(buttons) // limits.BUTTONS_PER_ROW) + len(menus)
    assert rows <= limits.ACTION_ROWS
    for button in buttons:
        match = MoveButton.__discord_ui_compiled_template__.fullmatch(button.custom_id or "")
        assert match is not None
        whole.add(match["notation"])
    for menu in menus:
        assert 0 < len(menu.options) <= limits.SELECT_OPTIONS
        for option in menu.options:
            kind, value = option.value[:1], option.value[1:]
            assert kind in (MOVE, NARROW)
            (whole if kind == MOVE else prefixes).add(value)
    return Offered(frozenset(whole), frozenset(prefixes))


def answer_controls(before: Table, after: Table, mover: int, seat: int) -> list[Offered]:
    """What the update of `mover`'s move shows `seat`: the public board's controls (when
    offered to the seat), the private picker sent to it if it is newly asked, and the picker
    that follows `mover`'s own confirmation."""
    moves_made = after.row.moves_made
    entry = action_entry(before, after, [])
    told = project(after, [OutboxRow(0, entry.to_json(), 0, 0.0)], Living())
    shown = []
    public = told.posts[-1].controls
    if public is not None and (public.offered_to is None or seat in public.offered_to):
        shown.append(offered(controls_view(public)))
    for dm in told.dms:
        if dm.user_id == after.players[seat].user_id:
            shown.append(offered(controls_view(dm.controls)))
    if seat == mover and offers.secret_moves(after, seat):
        shown.append(offered(controls_view(offers.picker(after, seat, "", moves_made))))
    return shown


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("players", range(GAME.min_players, GAME.max_players + 1))
def test_every_question_has_controls_for_every_answer(players: int, seed: int) -> None:
    rng = random.Random(seed * 100 + players)
    state = GAME.new_game([f"Agent {n}" for n in range(players)], {}, seed)
    most = 0
    for made in range(1, 5000):
        if GAME.outcome(state) is not None:
            break
        mover = rng.choice(sorted(GAME.actors(state)))
        before = table(state, made - 1)
        state, _ = GAME.apply(state, mover, rng.choice(GAME.legal_moves(state, mover)))
        question = GAME.view(state, None).question
        if question is None or GAME.outcome(state) is not None:
            continue
        [seat] = GAME.actors(state)
        answers = [GAME.notation(m) for m in GAME.legal_moves(state, seat)]
        most = max(most, len(answers))
        shown = answer_controls(before, table(state, made), mover, seat)
        missing = [a for a in answers if not any(o.covers(a) for o in shown)]
        assert not missing, f"{question}: no control for {missing} ({players} players)"
    assert GAME.outcome(state) is not None
    if players >= 9:
        assert most > limits.BUTTONS_PER_ROW, "a leader was offered 5 threats and pass"


def test_more_moves_than_a_menu_holds_narrow_by_their_first_words() -> None:
    """A public question with more answers than a menu's 25 options offers their first words,
    each narrowing to the moves it begins."""
    answers = tuple(f"{word} {n}" for word in ("lead", "raise", "lower") for n in range(12))
    shown = offered(controls_view(Controls(9, 3, buttons=answers, offered_to=frozenset({4}))))
    assert all(shown.covers(a) for a in answers)
    assert shown.prefixes == {"lead", "raise", "lower"} and not shown.whole


@pytest.mark.parametrize(("players", "seed"), [(4, 5), (5, 2), (6, 1), (10, 1)])
def test_every_seat_that_may_act_has_a_control_for_every_move(players: int, seed: int) -> None:
    """Open phases too (field promotions, a clone's reveal at the round's end): what the public
    board does not offer a seat, its private menu does. (These seeds reach both phases.)"""
    rng = random.Random(seed * 1000 + players)
    state = GAME.new_game([f"Agent {n}" for n in range(players)], {}, seed)
    kinds: set[str] = set()
    for made in range(1, 5000):
        if GAME.outcome(state) is not None:
            break
        current = table(state, made)
        public = offers.buttons(current, made)
        for seat in GAME.actors(state):
            shown = []
            if public is not None and (public.offered_to is None or seat in public.offered_to):
                shown.append(offered(controls_view(public)))
            if offers.secret_moves(current, seat):
                shown.append(offered(controls_view(offers.picker(current, seat, "", made))))
            moves = GAME.legal_moves(state, seat)
            missing = [
                GAME.notation(m)
                for m in moves
                if not any(o.covers(GAME.notation(m)) for o in shown)
            ]
            assert not missing, f"seat {seat}: no control for {missing} ({players} players)"
            kinds.update(m.kind for m in moves)
        mover = rng.choice(sorted(GAME.actors(state)))
        state, _ = GAME.apply(state, mover, rng.choice(GAME.legal_moves(state, mover)))
    assert {"promote", "reveal"} <= kinds
