"""Mars vs. Earth as a picture and as alt text, from the public `MarsView`.

The picture (pixels): a status strip (round, step, what the table waits for, or the result); on
the left the four resource tracks (0-20), the wave, successes, piles, variants and timers; on the
right the active threats as cards (leader, needed skills, target with counters, gains, losses,
how many cards lie on them, their place in the resolution order, and once revealed their good,
bad and wild cards, how the wild symbols count, the leader's skill, total and result);
underneath the players round the table in seating order (standing, Agent and its skill values,
face-up DNA, hand size, Done, the initiative pog) around this round's accusations and trials
(with the cards each trial showed) and the field promotions asked for; at the foot, across the
whole width, a key to the picture's abbreviations (threats, the pog, DNA, hands, card codes).
The key spans the width rather than lengthening the left panel, since a taller left panel
stretches every threat card beside it too (and each row of the picture costs PNG bytes).

Nothing is cut to fit: text wraps, threat cards keep a readable width and grow downwards, and
the canvas grows with the number of threats, the longest card and the number of players.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image

from engine.marsvsearth.state import TRACK_TOP, WAVES
from engine.marsvsearth.variants import MINUTES
from engine.marsvsearth.view import CardShown, MarsView, SeatShown, ThreatShown, trial_words
from engine.words import Unit
from render.board import TextLine, draw_status_strip, strip_height
from render.palette import BACKGROUND, HIGHLIGHT, MUTED_TEXT, PANEL, RGB, TEXT, mix
from render.renderer import Renderer
from render.text import (
    ALT_LIMIT,
    NAME_LIMIT,
    Pen,
    fit_lines,
    fit_text,
    font,
    line_pitch,
    shorten,
    stack_height,
    wrap,
)
from render.textboards.marsvsearth import TEXT_BOARD

FILENAME = "marsvsearth-table.png"
CARDS = Unit("card")
COUNTERS = Unit("counter")
MIN_WIDTH = 1280
PAD = 16
HEADER = 76
"""The status strip's height when its lines fit; it grows for longer ones."""
LEFT = 300
CARD_WIDTH, CARD_GAP, CARD_MAX = 280, 10, 320
SEAT_WIDTH, SEAT_HEIGHT = 236, 104
TARGET_ROOM = 44
"""Pixels kept free of a card's name for the big target number beside it."""
LEADING = 5
"""Pixels between wrapped lines."""

RESOURCE_COLOURS: dict[str, RGB] = {
    "food": (214, 170, 60),
    "people": (110, 170, 230),
    "tech": (190, 120, 220),
    "defense": (220, 90, 70),
}
GOOD: RGB = (90, 190, 110)
BAD: RGB = (225, 95, 80)
WILD: RGB = (240, 210, 90)
MARTIAN: RGB = (120, 220, 110)
CIVILIAN_COLOUR: RGB = (150, 150, 150)
AGENT_COLOUR: RGB = (110, 160, 230)
CARD: RGB = (78, 44, 34)
CARD_EDGE: RGB = (150, 100, 80)
CARD_BACK: RGB = (40, 60, 110)
CONTRIBUTION = {0: "open contribution", 1: "one threat at a time", 2: "one player at a time"}
KEY = (
    "Key: T1 = threat 1",
    "POG = the initiative pog; POG* = taken this round, it stays put at the round's end",
    "DNA by wave: C clone, H human, ? face down, - none",
    "hand = cards held",
    "Card codes: sci Science, dip Diplomacy, mil Military or wild, then its symbols; after a "
    "dash, its effect (see /rules)",
)
"""What the abbreviations on the picture mean, at the foot of the picture."""
KEY_SIZE = 13
KEY_SEPARATOR = "  ·  "


@dataclass(frozen=True)
class Layout:
    """Where the parts of the picture go for one view (all in pixels)."""

    width: int
    height: int
    header: int
    card_width: int
    threats_bottom: int
    table_top: int
    key_top: int


def layout(view: MarsView) -> Layout:
    """The canvas for `view`: wide enough for every threat card side by side, tall enough for
    the longest card, for the players round the table and for the key under them."""
    count = max(1, len(view.threats))
    room = MIN_WIDTH - (3 * PAD + LEFT)
    card_width = max(CARD_WIDTH, min(CARD_MAX, (room - CARD_GAP * (count - 1)) // count))
    width = max(MIN_WIDTH, 3 * PAD + LEFT + count * card_width + (count - 1) * CARD_GAP + 1)
    header = max(HEADER, strip_height(_status(view), width - 2 * PAD))
    top = PAD + header + PAD
    cards = max((_card_height(view, t, card_width) for t in view.threats), default=0)
    threats_bottom = top + max(cards, _resources_height(view), 300)
    table_top = threats_bottom + PAD
    key_top = table_top + (420 if len(view.seats) <= 6 else 560) + PAD
    height = key_top + _key_height(width) + PAD
    return Layout(width, height, header, card_width, threats_bottom, table_top, key_top)


def draw_marsvsearth(view: MarsView) -> Image.Image:
    shape = layout(view)
    image = Image.new("RGB", (shape.width, shape.height), BACKGROUND)
    pen = Pen(image)
    draw_status_strip(image, (PAD, PAD, shape.width - PAD, PAD + shape.header), _status(view))
    _resources(pen, view, shape)
    _threats(pen, view, shape)
    _table(pen, view, shape)
    _key(pen, shape)
    return image


def _status(view: MarsView) -> list[TextLine]:
    title = f"Mars vs. Earth - round {view.round}, step {view.step}: {view.step_name}"
    if view.coop:
        title += " (co-operative)"
    if view.outcome is not None:
        second = view.outcome.reason
    elif view.question:
        second = view.question
    else:
        waiting = ", ".join(view.players[s] for s in sorted(view.actors))
        second = f"{view.phase}: waiting for {waiting}" if waiting else view.phase
    return [TextLine(title, 26, TEXT), TextLine(second, 20, HIGHLIGHT)]


# --- text that wraps -------------------------------------------------------------------------


def _wrapped(lines: list[TextLine], width: int) -> list[TextLine]:
    return [
        TextLine(part, line.size, line.colour)
        for line in lines
        for part in wrap(line.text, line.size, width)
    ]


def _height(lines: list[TextLine]) -> int:
    return sum(line.size + LEADING for line in lines)


def _write(pen: Pen, x: int, y: int, lines: list[TextLine]) -> int:
    """Draw `lines` (already wrapped) from (x, y) down; returns the y below them."""
    for line in lines:
        pen.write((x, y), line.text, font=font(line.size), fill=line.colour)
        y += line.size + LEADING
    return y


# --- resources ---------------------------------------------------------------------------------


def _panel_lines(view: MarsView) -> list[TextLine]:
    variants = [CONTRIBUTION[view.contribution]]
    if view.promotion:
        variants.insert(0, "Field Promotion Variant")
    if view.coop:
        variants.insert(0, "co-operative game")
    phases = MINUTES.of(view.timer) if view.timer else "none"
    questions = MINUTES.of(view.answer) if view.answer else "none"
    lines = [
        TextLine(f"Cloning wave {view.wave} of {WAVES}", 16, TEXT),
        TextLine(f"Successes {view.successes} of {view.needed} ({view.per_wave} a wave)", 16, TEXT),
        TextLine(f"Failed threats {view.failures}", 16, TEXT),
        TextLine(f"Skill cards: {view.draw_pile} to draw, {view.discard_pile} discarded", 16, TEXT),
        TextLine("Variants: " + ", ".join(variants), 15, MUTED_TEXT),
        TextLine(f"Timers: phases {phases}, questions {questions}", 15, MUTED_TEXT),
    ]
    return _wrapped(lines, LEFT - 28)


def _resources_height(view: MarsView) -> int:
    return 14 + 4 * 64 + 6 + _height(_panel_lines(view)) + 10


def _resources(pen: Pen, view: MarsView, shape: Layout) -> None:
    left, top = PAD, PAD + shape.header + PAD
    pen.rounded_rectangle(
        (left, top, left + LEFT - 1, shape.threats_bottom - 1), radius=8, fill=PANEL
    )
    small, medium = font(14), font(18)
    step = (LEFT - 40) / TRACK_TOP
    for row, (name, level) in enumerate(view.resources):
        y = top + 14 + row * 64
        colour = RESOURCE_COLOURS[name]
        pen.write((left + 14, y), f"{name.capitalize()}: {level}", font=medium, fill=colour)
        base = y + 38
        x0 = left + 20
        pen.line((x0, base, x0 + step * TRACK_TOP, base), fill=MUTED_TEXT, width=2)
        for tick in range(0, TRACK_TOP + 1, 5):
            x = x0 + step * tick
            pen.line((x, base - 5, x, base + 5), fill=MUTED_TEXT, width=1)
            pen.write((x, base + 8), str(tick), font=small, fill=MUTED_TEXT, anchor="mt")
        x = x0 + step * max(0, min(TRACK_TOP, level))
        pen.ellipse((x - 8, base - 8, x + 8, base + 8), fill=colour, outline=TEXT, width=2)
    _write(pen, left + 14, top + 14 + 4 * 64 + 6, _panel_lines(view))


# --- the key ---------------------------------------------------------------------------------


def _key_lines(width: int) -> list[TextLine]:
    """The key as one paragraph wrapped to a picture `width` pixels wide."""
    return _wrapped([TextLine(KEY_SEPARATOR.join(KEY), KEY_SIZE, MUTED_TEXT)], width - 2 * PAD - 28)


def _key_height(width: int) -> int:
    return 8 + _height(_key_lines(width)) + 4


def _key(pen: Pen, shape: Layout) -> None:
    """The key in a panel across the foot of the picture."""
    pen.rounded_rectangle(
        (PAD, shape.key_top, shape.width - PAD - 1, shape.height - PAD - 1), radius=8, fill=PANEL
    )
    _write(pen, PAD + 14, shape.key_top + 8, _key_lines(shape.width))


# --- threats -----------------------------------------------------------------------------------


def _threats(pen: Pen, view: MarsView, shape: Layout) -> None:
    left = PAD + LEFT + PAD
    top = PAD + shape.header + PAD
    for i, threat in enumerate(view.threats):
        x = left + i * (shape.card_width + CARD_GAP)
        _threat_card(pen, view, threat, (x, top, x + shape.card_width, shape.threats_bottom))
    if not view.threats:
        pen.write(
            ((left + shape.width - PAD) // 2, (top + shape.threats_bottom) // 2),
            "No threats yet",
            font=font(22),
            fill=MUTED_TEXT,
            anchor="mm",
        )


def _revealed(t: ThreatShown) -> bool:
    return bool(t.good or t.bad or t.wild)


def _pile(cards: tuple[CardShown, ...]) -> str:
    return ", ".join(c.code + (" (discarded)" if c.cancelled else "") for c in cards)


def _wild_words(t: ThreatShown) -> str:
    if t.wild_good is None:
        return "Wild symbols: not yet counted"
    how = "good" if t.wild_good else "bad"
    who = "the leader's choice" if t.leader is not None else "no leader"
    return f"Wild symbols count {how} ({who})"


def _card_body(view: MarsView, t: ThreatShown) -> tuple[list[TextLine], list[TextLine]]:
    """A threat card's text above its face-down cards, and below them."""
    leader = view.players[t.leader] if t.leader is not None else "none (centre)"
    gain = ", ".join(f"+{n} {r}" for r, n in t.gain) or "nothing"
    loss = ", ".join(f"-{n} {r}" for r, n in t.loss) or "nothing"
    notes = [f"{CARDS.of(t.cards)} " + ("revealed" if _revealed(t) else "face down")]
    if t.counters:
        notes.append(f"+{COUNTERS.of(t.counters)}")
    if t.bonus:
        notes.append(f"{t.bonus:+d} from earlier threats")
    above = [
        TextLine(t.name, 17, TEXT),
        TextLine("Needs " + " or ".join(s.capitalize() for s in t.skills), 15, GOOD),
        TextLine(f"Leader: {leader}", 15, TEXT),
        TextLine(f"Win: {gain}", 14, GOOD),
        TextLine(f"Lose: {loss}", 14, BAD),
    ]
    if t.extra:
        above.append(TextLine(t.extra, 13, MUTED_TEXT))
    above.append(TextLine(", ".join(notes), 15, TEXT))
    below: list[TextLine] = []
    for label, pile, colour in (
        ("Good", t.good, GOOD),
        ("Bad", t.bad, BAD),
        ("Wild", t.wild, WILD),
    ):
        if pile:
            below.append(TextLine(f"{label}: {_pile(pile)}", 13, colour))
    if t.wild:
        below.append(TextLine(_wild_words(t), 14, WILD))
    if t.skill:
        below.append(TextLine(f"Leader adds {t.skill.capitalize()} {t.skill_value:+d}", 14, TEXT))
    if t.total is not None:
        verdict = {"success": "SUCCESS", "failure": "FAILURE"}.get(t.result or "", "")
        colour = GOOD if t.result == "success" else BAD
        below.append(TextLine(f"Total {t.total} against {t.target}: {verdict}", 18, colour))
    return above, below


def card_lines(view: MarsView, t: ThreatShown, width: int) -> tuple[list[TextLine], list[TextLine]]:
    """A threat card's text wrapped for a card `width` pixels wide: the lines above its
    face-down cards (the name leaves room for the target) and those below them."""
    above, below = _card_body(view, t)
    inner = width - 20
    return (
        _wrapped(above[:1], inner - TARGET_ROOM) + _wrapped(above[1:], inner),
        _wrapped(below, inner),
    )


def _card_height(view: MarsView, t: ThreatShown, width: int) -> int:
    above, below = card_lines(view, t, width)
    backs = 26 if t.cards and not _revealed(t) else 0
    return 34 + _height(above) + backs + _height(below) + 12


def _threat_card(pen: Pen, view: MarsView, t: ThreatShown, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    current = view.current == t.slot
    edge = HIGHLIGHT if current else CARD_EDGE
    fill = {"success": mix(CARD, GOOD, 0.25), "failure": mix(CARD, BAD, 0.25)}.get(
        t.result or "", CARD
    )
    pen.rounded_rectangle(
        (x0, y0, x1 - 1, y1 - 1), radius=10, fill=fill, outline=edge, width=3 if current else 1
    )
    x = x0 + 10
    order = f"  (resolves #{t.position})" if t.position else ""
    pen.write((x, y0 + 8), f"T{t.slot}{order}", font=font(16), fill=MUTED_TEXT)
    pen.write((x1 - 12, y0 + 6), str(t.target), font=font(34), fill=WILD, anchor="ra")
    above, below = card_lines(view, t, x1 - x0)
    y = _write(pen, x, y0 + 34, above)
    if t.cards and not _revealed(t):
        _card_backs(pen, x, y, t.cards, x1 - x0 - 20)
        y += 26
    _write(pen, x, y, below)


def _card_backs(pen: Pen, x: int, y: int, count: int, width: int) -> None:
    """Small face-down cards, one per card lying on the threat."""
    step = min(18, max(4, (width - 14) // max(1, count)))
    for i in range(count):
        left = x + i * step
        pen.rounded_rectangle((left, y, left + 14, y + 20), radius=2, fill=CARD_BACK, outline=TEXT)


# --- the table ---------------------------------------------------------------------------------


def _table(pen: Pen, view: MarsView, shape: Layout) -> None:
    bottom = shape.key_top - PAD
    pen.rounded_rectangle(
        (PAD, shape.table_top, shape.width - PAD - 1, bottom - 1), radius=12, fill=PANEL
    )
    cx, cy = shape.width // 2, (shape.table_top + bottom) // 2
    rx = shape.width // 2 - PAD - SEAT_WIDTH // 2 - 20
    ry = (bottom - shape.table_top) // 2 - SEAT_HEIGHT // 2 - 10
    pen.ellipse(
        (cx - rx + 60, cy - ry + 30, cx + rx - 60, cy + ry - 30),
        fill=(70, 40, 30),
        outline=CARD_EDGE,
    )
    _centre(pen, view, cx, cy, (2 * rx - SEAT_WIDTH - 80, 2 * (ry - SEAT_HEIGHT // 2) - 20))
    count = len(view.seats)
    for i, seat in enumerate(view.seats):
        angle = -math.pi / 2 + 2 * math.pi * i / count
        _seat(pen, view, i, seat, int(cx + rx * math.cos(angle)), int(cy + ry * math.sin(angle)))


def _centre(pen: Pen, view: MarsView, cx: int, cy: int, room: tuple[int, int]) -> None:
    """This round's accusations, trials and promotions, centred in a `room` (width, height)
    round (`cx`, `cy`), smaller and wrapped as they need."""
    lines = []
    if view.accused:
        lines.append(
            "Accused: " + ", ".join(f"{view.players[s]} ({CARDS.of(n)})" for s, n in view.accused)
        )
    lines += [f"Trial of {trial_words(t)}" for t in view.trials]
    if view.promotions:
        lines.append(
            "Promotions asked: "
            + ", ".join(f"{view.players[a]} -> {view.players[c]}" for a, c in view.promotions)
        )
    if not lines:
        lines = ["Seating in join order, clockwise"]
    blocks = fit_lines(tuple((line, 16) for line in lines), *room)
    y = cy - stack_height(blocks) // 2
    for block in blocks:
        y = pen.write_block((cx, y), block, TEXT, anchor="mt") + line_pitch(block.size) - block.size


def _seat(pen: Pen, view: MarsView, index: int, seat: SeatShown, cx: int, cy: int) -> None:
    w, h = SEAT_WIDTH, SEAT_HEIGHT
    x0, y0 = cx - w // 2, cy - h // 2
    colour = {"agent": AGENT_COLOUR, "civilian": CIVILIAN_COLOUR, "clone": MARTIAN}[seat.status]
    acting = index in view.actors
    pen.rounded_rectangle(
        (x0, y0, x0 + w, y0 + h),
        radius=10,
        fill=mix(BACKGROUND, colour, 0.18),
        outline=HIGHLIGHT if acting else colour,
        width=3 if acting else 2,
    )
    name = seat.name + (" (left)" if seat.resigned else "")
    room = w - 20 - (52 if view.pog == index else 0)
    pen.write_block((x0 + 10, y0 + 5), fit_text(name, 17, room, 33), TEXT)
    if view.pog == index:
        label = "POG*" if view.pog_override else "POG"
        pen.rounded_rectangle((x0 + w - 54, y0 + 6, x0 + w - 8, y0 + 26), radius=9, fill=WILD)
        pen.write((x0 + w - 31, y0 + 16), label, font=font(13), fill=(30, 20, 10), anchor="mm")
    standing = {
        "agent": seat.agent or "Agent",
        "civilian": "Civilian (no Agent)",
        "clone": f"MARTIAN CLONE level {seat.level}",
    }[seat.status]
    pen.write_block((x0 + 10, y0 + 42), fit_text(standing, 14, w - 20, 18), colour)
    if seat.skills is not None:
        sci, dip, mil = seat.skills
        detail = f"Science {sci}  Diplomacy {dip}  Military {mil}"
    elif seat.status == "clone":
        detail = f"{COUNTERS.of(seat.counters)} to place"
    else:
        detail = ""
    pen.write_block((x0 + 10, y0 + 62), fit_text(detail, 14, w - 20, 18), TEXT)
    dna = " ".join("?" if d is None else ("C" if d else "H") for d in seat.dna) or "-"
    done = {True: "  done", False: "  to act", None: ""}[seat.done]
    pen.write_block(
        (x0 + 10, y0 + 82),
        fit_text(f"DNA {dna}  hand {seat.hand}{done}", 15, w - 20, 18),
        TEXT if not seat.done else MUTED_TEXT,
    )


# --- alt text ----------------------------------------------------------------------------------


def describe_marsvsearth(view: MarsView) -> str:
    """The table in words: step, resources, this round's trials, threats, players; never a
    secret."""
    parts = [f"Mars vs. Earth, round {view.round}, step {view.step} ({view.step_name})."]
    if view.outcome is not None:
        parts.append(view.outcome.reason + ".")
    elif view.question:
        parts.append(view.question + ".")
    else:
        waiting = ", ".join(shorten(view.players[s], NAME_LIMIT) for s in sorted(view.actors))
        parts.append(f"{view.phase}; waiting for {waiting}." if waiting else view.phase + ".")
    parts.append("Resources: " + ", ".join(f"{n} {v}" for n, v in view.resources) + ".")
    parts.append(f"Wave {view.wave}, successes {view.successes} of {view.needed}.")
    if view.trials:
        parts.append("Trials: " + "; ".join(trial_words(t) for t in view.trials) + ".")
    for t in view.threats:
        lead = shorten(view.players[t.leader], NAME_LIMIT) if t.leader is not None else "no leader"
        text = (
            f"Threat {t.slot} {t.name} ({'/'.join(t.skills)}, target {t.target}), {lead}, "
            f"{CARDS.of(t.cards)}"
        )
        if t.total is not None:
            text += f", total {t.total}: {t.result}"
        parts.append(text + ".")
    seats = []
    for i, s in enumerate(view.seats):
        label = {
            "agent": "agent",
            "civilian": "civilian",
            "clone": f"revealed clone level {s.level}",
        }[s.status]
        pog = ", initiative" if view.pog == i else ""
        seats.append(f"{shorten(s.name, NAME_LIMIT)} {label}, {CARDS.of(s.hand)}{pog}")
    parts.append("Players: " + "; ".join(seats) + ".")
    text = " ".join(parts)
    return shorten(text, ALT_LIMIT)


RENDERER = Renderer(MarsView, draw_marsvsearth, describe_marsvsearth, FILENAME, TEXT_BOARD.text)
