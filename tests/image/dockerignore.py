"""The build context Docker sends: a folder's files less those `.dockerignore` leaves out.

Docker's rules (moby/patternmatcher, as BuildKit applies them to the context):

- One pattern a line; a line starting with `#` is a comment; blank lines are skipped; each
  pattern is trimmed and cleaned as a path (`./a/` is `a`), a leading `/` dropped: patterns are
  matched against paths relative to the context root, never at any depth on their own.
- `*` matches any run of characters but `/`, `?` one character but `/`, `[...]` a class, `\\`
  escapes the next character, and `**` any number of folders, none included (`**/x` matches
  `x`, `a/x` and `a/b/x`; `a/**` everything under `a`).
- A path is left out when it or one of its parent folders matches; a pattern starting with `!`
  takes matching paths back in. The last pattern that matches a path decides.
"""

from __future__ import annotations

import functools
import posixpath
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Pattern:
    text: str
    """The cleaned pattern, without its `!`."""
    exception: bool
    """A `!` pattern: it takes paths back in."""

    def matches(self, path: str) -> bool:
        """Whether `path` (relative, `/`-separated) or one of its parent folders matches."""
        parts = path.split("/")
        return any(self.matches_exactly("/".join(parts[:n])) for n in range(len(parts), 0, -1))

    def matches_exactly(self, path: str) -> bool:
        """Whether `path` itself matches. A pattern that starts with `**` and has no other
        wildcard is matched as patternmatcher does, as a suffix of the path (`**.pyc` matches
        `a/b.pyc`; `**/x` matches `x`)."""
        suffix = self.text[2:]
        if self.text.startswith("**") and not WILDCARD.search(suffix):
            return path.endswith(suffix) or (suffix.startswith("/") and path == suffix[1:])
        return bool(self.regex.match(path))

    @functools.cached_property
    def regex(self) -> re.Pattern[str]:
        """The pattern as patternmatcher's regular expression."""
        text, regex, i = self.text, "^", 0
        while i < len(text):
            char = text[i]
            i += 1
            if char == "*" and text[i : i + 1] == "*":
                i += 1
                if text[i : i + 1] == "/":
                    i += 1  # `**/` is `**`
                regex += ".*" if i == len(text) else "(.*/)?"
            elif char == "*":
                regex += "[^/]*"
            elif char == "?":
                regex += "[^/]"
            elif char == "\\" and i < len(text):
                regex += re.escape(text[i])
                i += 1
            elif char in "[]":
                regex += char
            else:
                regex += re.escape(char)
        return re.compile(regex + "$")


WILDCARD = re.compile(r"[*?\[\]\\]")


class DockerIgnore:
    """The patterns of a `.dockerignore` file; `excludes(path)` says whether Docker leaves the
    path out of the build context."""

    def __init__(self, text: str = "") -> None:
        self.patterns: list[Pattern] = []
        for line in text.splitlines():
            if line.startswith("#"):
                continue
            text = line.strip()
            exception = text.startswith("!")
            text = text.removeprefix("!").strip()
            if not text:
                continue
            text = posixpath.normpath(text).lstrip("/") or "/"
            self.patterns.append(Pattern(text, exception))

    @classmethod
    def of(cls, context: Path) -> DockerIgnore:
        """The context's `.dockerignore` (none: nothing is left out)."""
        file = context / ".dockerignore"
        return cls(file.read_text() if file.is_file() else "")

    def excludes(self, path: str) -> bool:
        """Whether `path` (relative to the context root, `/`-separated) is left out."""
        excluded = False
        for pattern in self.patterns:
            if pattern.exception == excluded and pattern.matches(path):
                excluded = not pattern.exception
        return excluded

    @property
    def has_exceptions(self) -> bool:
        return any(pattern.exception for pattern in self.patterns)


def context_paths(context: Path, ignore: DockerIgnore | None = None) -> Iterator[str]:
    """The relative paths (`/`-separated, parents first) of the files, links and folders of
    `context` that Docker sends, walking into a left-out folder only when a `!` pattern could
    take something inside it back in."""
    ignore = DockerIgnore.of(context) if ignore is None else ignore

    def walk(folder: Path, prefix: str) -> Iterator[str]:
        for entry in sorted(folder.iterdir()):
            path = prefix + entry.name
            excluded = ignore.excludes(path)
            if entry.is_dir() and not entry.is_symlink():
                if excluded and not ignore.has_exceptions:
                    continue
                inside = list(walk(entry, path + "/"))
                if not excluded or inside:
                    yield path
                yield from inside
            elif not excluded:
                yield path

    yield from walk(context, "")
