"""A ledger of finished strength parts, so that a long run can stop and go on later.

A strength run is many parts (one game per seat, `bench.strength.play_part`), each from its own
seed; a run of 40 games a pairing is the run of 8 and 32 more. With `--strength-ledger FILE`,
every part is written down as it ends (one JSON line, flushed and synced), and a later run finds
the parts it would play there and counts them instead of playing them again. A part is only
taken from the ledger when everything that decides its play is the same: the game, the levels
(budgets and settings), the seed, the move limit and the code of the game's engine and computer
players (`code_fingerprint`). A run stopped or killed loses only the parts under way.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ai.arena import Effort, Match, Results

ROOT = Path(__file__).resolve().parent.parent
PLAYING = ("ai", "engine")
"""The folders whose code decides how computer players play."""
DRIVING = ("club/catalogue.py",)
"""The files that pair each game with its computer players' kit. (What `bench/strength.py`
decides, the levels, seeds and move limit, is in each part's key itself.)"""


def code_fingerprint(game: str, games: frozenset[str], root: Path = ROOT) -> str:
    """A hash of every file that can change how game `game` is played by the computers: all of
    `PLAYING` except what belongs to another of `games` (a folder or module named after it),
    and `DRIVING`. Compiled caches are left out."""
    others = games - {game}
    files = sorted(
        path
        for folder in PLAYING
        for path in (root / folder).rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and not others.intersection(part.split(".")[0] for part in path.relative_to(root).parts)
    )
    files += [root / name for name in DRIVING]
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def part_key(code: str, game: str, seats: str, seed: int, most_moves: int) -> str:
    """What identifies a part's play: the code, the game, the seats' levels (their reprs,
    budgets and settings included), the seed and the move limit."""
    return json.dumps([code, game, seats, seed, most_moves])


def match_from(fields: dict[str, Any]) -> Match:
    """A `Match` as `asdict` wrote it."""
    return Match(
        **{name: fields[name] for name in ("wins", "draws", "losses", "unfinished")},
        contender=Effort(**fields["contender"]),
        opponent=Effort(**fields["opponent"]),
        others=Results(**fields["others"]),
    )


class Ledger:
    """The parts written to a JSON-lines file, and the place to write new ones (from any
    thread)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.parts: dict[str, Match] = {}
        self.found = 0
        """Parts taken from the file by `find`."""
        self._lock = threading.Lock()
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        self._cut = bool(text) and not text.endswith("\n")
        """Whether the file ends in a line cut short (the next write starts a new line)."""
        if text:
            for line in text.splitlines():
                if line.strip():  # a line cut short by a crash is the last and is skipped
                    try:
                        entry = json.loads(line)
                    except json.JSONDecodeError:
                        continue
                    self.parts[entry["key"]] = match_from(entry["match"])

    def find(self, key: str) -> Match | None:
        """The part written under `key`, if any (counted in `found`)."""
        result = self.parts.get(key)
        self.found += result is not None
        return result

    def write(self, key: str, result: Match) -> None:
        """Add a finished part, durably."""
        line = json.dumps({"key": key, "match": asdict(result)}) + "\n"
        with self._lock, self.path.open("a", encoding="utf-8") as file:
            file.write("\n" * self._cut + line)
            file.flush()
            os.fsync(file.fileno())
            self._cut = False
            self.parts[key] = result
