"""The running bot's version, as `/status` and `python -m bot status` show it: the installed
package's version, and which build of it, so an administrator sees that an upgrade took effect.

The build is, in this order: the commit of the git checkout the code runs from
(`git rev-parse --short HEAD`, when a `.git` is there); else BUILD_COMMIT and BUILD_DATE from
the environment (the Docker image sets them from build arguments); else the date of the newest
file of the `bot` package.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Mapping
from functools import cache
from importlib import metadata
from pathlib import Path

PACKAGE = "mars-tabletop-bot"
CODE = Path(__file__).resolve().parents[2] / "bot"
"""The `bot` package's folder."""
GIT_WAIT = 5.0
"""Seconds `git` may take to name the commit."""


@cache
def bot_version() -> str:
    """This process's version and build, read once: "0.1.0 (commit 16c8ac8)"."""
    return f"{installed()} ({build(os.environ, CODE)})"


def installed() -> str:
    """The installed package's version ("unknown" when it runs from a tree not installed)."""
    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        return "unknown"


def build(env: Mapping[str, str], code: Path) -> str:
    """Which build the code in the folder `code` is: "commit 16c8ac8", "commit 16c8ac8, built
    2026-03-02", "built 2026-03-02" or "files of 2026-03-02" (see the module's docstring)."""
    commit = git_commit(code.parent) or env.get("BUILD_COMMIT", "").strip()
    built = env.get("BUILD_DATE", "").strip()
    said = [f"commit {commit}"] if commit else []
    if built:
        said.append(f"built {built}")
    if not said:
        newest = max(path.stat().st_mtime for path in code.rglob("*.py"))
        said.append(f"files of {time.strftime('%Y-%m-%d', time.gmtime(newest))}")
    return ", ".join(said)


def git_commit(root: Path) -> str | None:
    """The short commit of the git checkout at `root`, None if there is none (or no git)."""
    if not (root / ".git").exists():
        return None
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=GIT_WAIT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    commit = done.stdout.strip()
    return commit if done.returncode == 0 and commit else None
