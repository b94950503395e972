"""Mars vs. Earth as a picture and as alt text, from the public `MarsView`.

The picture (pixels, fixed size): a status strip (round, step, what the table waits for, or the
result); on the left the four resource tracks (0-20) and the wave, successes and piles; on the
right the active threats as cards (leader, target with counters, how many cards lie on them,
their place in the resolution order, and once revealed their good, bad and wild cards, total and
result); underneath the players round the table in seating order (standing, Agent, face-up DNA,
hand size, Done, the initiative pog) around this round's accusations and trials.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from engine.marsvsearth.view import MarsView, SeatShown, ThreatShown
from render.board import TextLine, draw_status_strip
from render.palette import BACKGROUND, HIGHLIGHT, MUTED_TEXT, PANEL, RGB, TEXT, mix
from render.text import ALT_LIMIT, fit, font, shorten

FILENAME = "marsvsearth-table.png"
WIDTH, HEIGHT = 1280, 900
PAD = 16
HEADER = 76
LEFT = 300
THREATS_TOP = PAD + HEADER + PAD
THREATS_BOTTOM = 470
TABLE_TOP = THREATS_BOTTOM + PAD
TRACK_TOP = 20

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


def draw_marsvsearth(view: MarsView) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    pen = ImageDraw.Draw(image)
    draw_status_strip(image, (PAD, PAD, WIDTH - PAD, PAD + HEADER), _status(view))
    _resources(pen, view)
    _threats(pen, view)
    _table(pen, view)
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


def _resources(pen: ImageDraw.ImageDraw, view: MarsView) -> None:
    left, top = PAD, THREATS_TOP
    pen.rounded_rectangle((left, top, left + LEFT - 1, THREATS_BOTTOM - 1), radius=8, fill=PANEL)
    small, medium = font(14), font(18)
    step = (LEFT - 40) / TRACK_TOP
    for row, (name, level) in enumerate(view.resources):
        y = top + 14 + row * 64
        colour = RESOURCE_COLOURS[name]
        pen.text((left + 14, y), f"{name.capitalize()}: {level}", font=medium, fill=colour)
        base = y + 38
        x0 = left + 20
        pen.line((x0, base, x0 + step * TRACK_TOP, base), fill=MUTED_TEXT, width=2)
        for tick in range(0, TRACK_TOP + 1, 5):
            x = x0 + step * tick
            pen.line((x, base - 5, x, base + 5), fill=MUTED_TEXT, width=1)
            pen.text((x, base + 8), str(tick), font=small, fill=MUTED_TEXT, anchor="mt")
        x = x0 + step * max(0, min(TRACK_TOP, level))
        pen.ellipse((x - 8, base - 8, x + 8, base + 8), fill=colour, outline=TEXT, width=2)
    y = top + 14 + 4 * 64 + 6
    lines = [
        f"Cloning wave {view.wave} of 3",
        f"Successes {view.successes} of {view.needed} ({view.per_wave} a wave)",
        f"Failed threats {view.failures}",
        f"Skill cards: {view.draw_pile} to draw, {view.discard_pile} discarded",
    ]
    for line in lines:
        pen.text((left + 14, y), fit(line, 16, LEFT - 28), font=font(16), fill=TEXT)
        y += 24


def _threats(pen: ImageDraw.ImageDraw, view: MarsView) -> None:
    left = PAD + LEFT + PAD
    width = WIDTH - PAD - left
    count = max(1, len(view.threats))
    gap = 10
    card_width = min(300, (width - gap * (count - 1)) // count)
    for i, threat in enumerate(view.threats):
        x = left + i * (card_width + gap)
        _threat_card(pen, view, threat, (x, THREATS_TOP, x + card_width, THREATS_BOTTOM))
    if not view.threats:
        pen.text(
            (left + width // 2, (THREATS_TOP + THREATS_BOTTOM) // 2),
            "No threats yet",
            font=font(22),
            fill=MUTED_TEXT,
            anchor="mm",
        )


def _threat_card(
    pen: ImageDraw.ImageDraw, view: MarsView, t: ThreatShown, box: tuple[int, int, int, int]
) -> None:
    x0, y0, x1, y1 = box
    current = view.current == t.slot
    edge = HIGHLIGHT if current else CARD_EDGE
    fill = {"success": mix(CARD, GOOD, 0.25), "failure": mix(CARD, BAD, 0.25)}.get(
        t.result or "", CARD
    )
    pen.rounded_rectangle(
        (x0, y0, x1 - 1, y1 - 1), radius=10, fill=fill, outline=edge, width=3 if current else 1
    )
    inner = x1 - x0 - 20
    x = x0 + 10
    y = y0 + 8
    order = f"  (resolves #{t.position})" if t.position else ""
    pen.text((x, y), f"T{t.slot}{order}", font=font(16), fill=MUTED_TEXT)
    pen.text((x1 - 12, y0 + 6), str(t.target), font=font(34), fill=WILD, anchor="ra")
    y += 24
    for line in _wrap(t.name, 17, inner - 34, 2):
        pen.text((x, y), line, font=font(17), fill=TEXT)
        y += 21
    y += 3
    skills = " + ".join(s.capitalize() for s in t.skills)
    pen.text((x, y), fit(f"Needs {skills}", 15, inner), font=font(15), fill=GOOD)
    y += 22
    leader = view.players[t.leader] if t.leader is not None else "no leader (centre)"
    pen.text((x, y), fit(f"Leader: {leader}", 15, inner), font=font(15), fill=TEXT)
    y += 22
    gain = ", ".join(f"+{n} {r}" for r, n in t.gain) or "nothing"
    loss = ", ".join(f"-{n} {r}" for r, n in t.loss)
    pen.text((x, y), fit(f"Win: {gain}", 14, inner), font=font(14), fill=GOOD)
    y += 19
    pen.text((x, y), fit(f"Lose: {loss}", 14, inner), font=font(14), fill=BAD)
    y += 19
    if t.extra:
        pen.text((x, y), fit(t.extra, 13, inner), font=font(13), fill=MUTED_TEXT)
        y += 18
    notes = [
        f"{t.cards} card{'s' if t.cards != 1 else ''} face down"
        if not _revealed(t)
        else f"{t.cards} cards revealed"
    ]
    if t.counters:
        notes.append(f"+{t.counters} counter{'s' if t.counters > 1 else ''}")
    if t.bonus:
        notes.append(f"{t.bonus:+d} bonus")
    pen.text((x, y), fit(", ".join(notes), 15, inner), font=font(15), fill=TEXT)
    y += 24
    _card_backs(pen, x, y, t.cards if not _revealed(t) else 0, inner)
    if _revealed(t):
        for label, pile, colour in (
            ("Good", t.good, GOOD),
            ("Bad", t.bad, BAD),
            ("Wild", t.wild, WILD),
        ):
            if not pile:
                continue
            text = ", ".join(c.code + (" (x)" if c.cancelled else "") for c in pile)
            pen.text((x, y), fit(f"{label}: {text}", 13, inner), font=font(13), fill=colour)
            y += 18
    if t.skill:
        pen.text(
            (x, y),
            fit(f"Leader adds {t.skill} {t.skill_value:+d}", 14, inner),
            font=font(14),
            fill=TEXT,
        )
    if t.total is not None:
        verdict = {"success": "SUCCESS", "failure": "FAILURE"}.get(t.result or "", "")
        colour = GOOD if t.result == "success" else BAD
        pen.text(
            ((x0 + x1) // 2, y1 - 14),
            f"Total {t.total} / {t.target}  {verdict}",
            font=font(18),
            fill=colour,
            anchor="mb",
        )


def _wrap(text: str, size: int, width: int, lines: int) -> list[str]:
    """`text` broken into at most `lines` lines of `width` pixels (the last one cut to fit)."""
    face = font(size)
    out: list[str] = []
    words = text.split()
    while words and len(out) < lines - 1:
        line = words.pop(0)
        while words and face.getlength(f"{line} {words[0]}") <= width:
            line += " " + words.pop(0)
        out.append(fit(line, size, width))
    if words:
        out.append(fit(" ".join(words), size, width))
    return out


def _revealed(t: ThreatShown) -> bool:
    return bool(t.good or t.bad or t.wild)


def _card_backs(pen: ImageDraw.ImageDraw, x: int, y: int, count: int, width: int) -> None:
    """Small face-down cards, one per card lying on the threat."""
    step = min(18, max(6, (width - 14) // max(1, count)))
    for i in range(count):
        left = x + i * step
        pen.rounded_rectangle(
            (left, y, left + 14, y + 20), radius=2, fill=(40, 60, 110), outline=TEXT
        )


def _table(pen: ImageDraw.ImageDraw, view: MarsView) -> None:
    box = (PAD, TABLE_TOP, WIDTH - PAD - 1, HEIGHT - PAD - 1)
    pen.rounded_rectangle(box, radius=12, fill=PANEL)
    cx, cy = WIDTH // 2, (TABLE_TOP + HEIGHT - PAD) // 2
    rx, ry = WIDTH // 2 - 140, (HEIGHT - PAD - TABLE_TOP) // 2 - 42
    pen.ellipse(
        (cx - rx + 40, cy - ry + 20, cx + rx - 40, cy + ry - 20),
        fill=(70, 40, 30),
        outline=CARD_EDGE,
    )
    _centre(pen, view, cx, cy)
    count = len(view.seats)
    for i, seat in enumerate(view.seats):
        angle = -math.pi / 2 + 2 * math.pi * i / count
        _seat(pen, view, i, seat, int(cx + rx * math.cos(angle)), int(cy + ry * math.sin(angle)))


def _centre(pen: ImageDraw.ImageDraw, view: MarsView, cx: int, cy: int) -> None:
    lines = []
    if view.accused:
        lines.append(
            "Accused: " + ", ".join(f"{view.players[s]} ({n} cards)" for s, n in view.accused)
        )
    lines += [f"Trial of {t}" for t in view.trials]
    if view.promotions:
        lines.append(
            "Promotions asked: "
            + ", ".join(f"{view.players[a]} -> {view.players[c]}" for a, c in view.promotions)
        )
    if not lines:
        lines = ["Seating in join order, clockwise"]
    y = cy - 11 * len(lines)
    for line in lines[:6]:
        pen.text((cx, y), fit(line, 16, 560), font=font(16), fill=TEXT, anchor="mt")
        y += 22


def _seat(
    pen: ImageDraw.ImageDraw, view: MarsView, index: int, seat: SeatShown, cx: int, cy: int
) -> None:
    w, h = 210, 70
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
    pen.text((x0 + 10, y0 + 5), fit(name, 17, w - 60), font=font(17), fill=TEXT)
    if view.pog == index:
        label = "POG*" if view.pog_override else "POG"
        pen.rounded_rectangle((x0 + w - 54, y0 + 6, x0 + w - 8, y0 + 26), radius=9, fill=WILD)
        pen.text((x0 + w - 31, y0 + 16), label, font=font(13), fill=(30, 20, 10), anchor="mm")
    standing = {
        "agent": seat.agent or "Agent",
        "civilian": "Civilian",
        "clone": f"MARTIAN CLONE level {seat.level}",
    }[seat.status]
    pen.text((x0 + 10, y0 + 27), fit(standing, 14, w - 20), font=font(14), fill=colour)
    dna = " ".join("?" if d is None else ("C" if d else "H") for d in seat.dna) or "-"
    done = {True: "  done", False: "  to act", None: ""}[seat.done]
    pen.text(
        (x0 + 10, y0 + 47),
        fit(f"DNA {dna}  hand {seat.hand}{done}", 15, w - 20),
        font=font(15),
        fill=TEXT if not seat.done else MUTED_TEXT,
    )


def describe_marsvsearth(view: MarsView) -> str:
    """The table in words: step, resources, threats, players, trials; never a secret."""
    parts = [f"Mars vs. Earth, round {view.round}, step {view.step} ({view.step_name})."]
    if view.outcome is not None:
        parts.append(view.outcome.reason + ".")
    elif view.question:
        parts.append(view.question + ".")
    else:
        waiting = ", ".join(shorten(view.players[s], 24) for s in sorted(view.actors))
        parts.append(f"{view.phase}; waiting for {waiting}." if waiting else view.phase + ".")
    parts.append("Resources: " + ", ".join(f"{n} {v}" for n, v in view.resources) + ".")
    parts.append(f"Wave {view.wave}, successes {view.successes} of {view.needed}.")
    for t in view.threats:
        lead = shorten(view.players[t.leader], 24) if t.leader is not None else "no leader"
        text = (
            f"Threat {t.slot} {t.name} ({'/'.join(t.skills)}, target {t.target}), {lead}, "
            f"{t.cards} cards"
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
        seats.append(f"{shorten(s.name, 24)} {label}, {s.hand} cards{pog}")
    parts.append("Players: " + "; ".join(seats) + ".")
    if view.trials:
        parts.append("Trials: " + "; ".join(view.trials) + ".")
    text = " ".join(parts)
    return shorten(text, ALT_LIMIT)
