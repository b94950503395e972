"""What `docker compose up -d --build` (the README's way to run the bot) is given: the bot
service built from this folder with its settings from `.env` and its database on the `data`
volume, PostgreSQL only on request; and `.env.example` naming exactly the settings the README's
configuration table explains."""

from __future__ import annotations

import re
from typing import Any

import yaml

from tests.image.venv import REPO_ROOT

VARIABLE = re.compile(r"`([A-Z][A-Z0-9_]*)`")
ASSIGNMENT = re.compile(r"^([A-Z][A-Z0-9_]*)=", re.MULTILINE)
"""A setting of `.env.example` (not one in a comment)."""
EXAMPLE = re.compile(r"^(?:# )?([A-Z][A-Z0-9_]*)=", re.MULTILINE)
"""A setting of `.env.example`, or one of its examples to uncomment (`# DATABASE_URL=...`)."""


def compose() -> dict[str, Any]:
    loaded = yaml.safe_load((REPO_ROOT / "docker-compose.yml").read_text())
    assert isinstance(loaded, dict)
    return loaded


def as_mapping(environment: dict[str, str] | list[str]) -> dict[str, str]:
    """A service's `environment` in either of compose's forms."""
    if isinstance(environment, dict):
        return {name: str(value) for name, value in environment.items()}
    return dict(item.partition("=")[::2] for item in environment)


def test_the_bot_service_builds_here_reads_env_and_keeps_its_database_on_the_data_volume() -> None:
    services = compose()["services"]
    bot = services["bot"]
    assert bot["build"]["context"] == "."
    # which build this is, for /status: from the environment of `docker compose build`
    assert bot["build"]["args"] == {
        "BUILD_COMMIT": "${BUILD_COMMIT:-}",
        "BUILD_DATE": "${BUILD_DATE:-}",
    }
    assert bot["env_file"] in (".env", [".env"])
    assert "data:/data" in bot["volumes"]
    assert as_mapping(bot["environment"])["DATABASE_PATH"].startswith("/data/")
    assert "data" in compose()["volumes"]
    assert services["postgres"]["profiles"] == ["postgres"]


def readme_settings() -> set[str]:
    """The variables in the first column of the README's configuration table (the one markdown
    table whose first column holds variable names in backticks)."""
    tables: list[list[str]] = [[]]
    for line in (REPO_ROOT / "README.md").read_text().splitlines():
        if line.startswith("|"):
            tables[-1].append(line.split("|")[1].strip())
        elif tables[-1]:
            tables.append([])
    found: list[set[str]] = []
    for rows in tables:
        names = [VARIABLE.fullmatch(cell) for cell in rows[2:]]  # below the header and the rule
        if names and all(names):
            found.append({name[1] for name in names if name is not None})
    assert len(found) == 1, f"expected one configuration table in README.md, found {len(found)}"
    return found[0]


def test_env_example_names_exactly_the_settings_of_the_readme() -> None:
    text = (REPO_ROOT / ".env.example").read_text()
    example = set(ASSIGNMENT.findall(text))
    named = set(EXAMPLE.findall(text))
    settings = readme_settings()
    assert "DISCORD_TOKEN" in settings
    assert not settings - named, f"in the README's table, not in .env.example: {settings - named}"
    assert not example - settings, (
        f"in .env.example, not in the README's table: {example - settings}"
    )
