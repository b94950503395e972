"""The board message's narration as the store keeps it for the next edit, and as a post shows
its last lines: whole lines, after a pointer to `/history` that counts every line left out."""

from __future__ import annotations

from club.service import wording
from club.service.projection import last_lines


def test_last_lines_points_to_what_it_leaves_out() -> None:
    lines = [f"line {n}: " + "." * 90 for n in range(100)]
    kept = last_lines(lines, 1000)
    assert len(kept) <= 1000
    first, *rest = kept.splitlines()
    assert first == wording.earlier(100 - len(rest)) and rest == lines[-len(rest) :]
    assert last_lines(lines[:3], 1000) == "\n".join(lines[:3])


def test_a_kept_pointer_adds_its_count() -> None:
    """Narration kept from before, with its pointer, then new lines: the new pointer counts the
    lines its predecessor left out too."""
    lines = [f"line {n}: " + "." * 90 for n in range(100)]
    kept = last_lines(lines, 1000).splitlines()
    again = last_lines([*kept, *lines], 1000)
    first, *rest = again.splitlines()
    assert first == wording.earlier(200 - len(rest)) and rest == lines[-len(rest) :]
    assert last_lines(kept, 1000) == "\n".join(kept)


def test_the_last_line_is_kept_whole() -> None:
    assert last_lines(["short", "x" * 50], 20) == "\n".join([wording.earlier(1), "x" * 50])
    assert last_lines([], 20) == ""
