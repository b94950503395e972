"""The image test's interpreter on small Dockerfiles and contexts of its own: Docker's parsing,
`.dockerignore` rules and COPY semantics, and a step it does not know failing by name."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.image.dockerfile import Build, BuildFailed, Image, Instruction, NotTaught, parse
from tests.image.dockerignore import DockerIgnore, context_paths


def build(
    tmp_path: Path,
    dockerfile: str,
    files: dict[str, str] | None = None,
    build_args: dict[str, str] | None = None,
) -> Build:
    """A build of `dockerfile` (without pip) from a context holding `files`, given
    `build_args` (as `docker build --build-arg`)."""
    context = tmp_path / "context"
    for name, text in (files or {}).items():
        (context / name).parent.mkdir(parents=True, exist_ok=True)
        (context / name).write_text(text)
    context.mkdir(parents=True, exist_ok=True)
    done = Build(context, tmp_path / "root", Path(sys.executable), build_args)
    done.carry_out(parse(dockerfile))
    return done


def test_instructions_with_continuations_comments_and_both_forms() -> None:
    text = (
        "# a comment\n"
        "from python:3.11-slim\n"
        "\n"
        "RUN mkdir -p /a \\\n"
        "    # a comment inside is dropped\n"
        "\n"
        "    && mkdir -p /b\n"
        'CMD ["python", "-m", "bot"]\n'
        "HEALTHCHECK --timeout=10s CMD python -m bot health\n"
    )
    assert parse(text) == [
        Instruction("FROM", "python:3.11-slim", 2),
        Instruction("RUN", "mkdir -p /a     && mkdir -p /b", 4),
        Instruction("CMD", '["python", "-m", "bot"]', 8),
        Instruction("HEALTHCHECK", "--timeout=10s CMD python -m bot health", 9),
    ]


def test_env_workdir_run_user_volume_healthcheck_and_cmd(tmp_path: Path) -> None:
    image = build(
        tmp_path,
        "FROM python:3.11-slim\n"
        'ENV A=1 \\\n    B="two words" C=\n'
        "ENV LEGACY the rest of the line\n"
        "WORKDIR /srv\nWORKDIR app\n"
        "RUN useradd --system --uid 10001 --home-dir /srv/app mars && mkdir -p /data logs "
        "&& chown mars:mars /data\n"
        "USER mars\n"
        "VOLUME /data /cache\n"
        "HEALTHCHECK --interval=30s --timeout=1m30s CMD python -m bot health\n"
        "CMD python -m bot\n",
    ).image
    assert image == Image(
        base="python:3.11-slim",
        env={"A": "1", "B": "two words", "C": "", "LEGACY": "the rest of the line"},
        workdir="/srv/app",
        user="mars",
        users=image.users,
        owners={"/data": "mars:mars"},
        volumes=["/data", "/cache"],
        healthcheck=image.healthcheck,
        cmd=["/bin/sh", "-c", "python -m bot"],
    )
    assert image.users["mars"].uid == 10001 and image.users["mars"].home == "/srv/app"
    assert image.healthcheck is not None and image.healthcheck.timeout == 90
    assert image.healthcheck.command == ["/bin/sh", "-c", "python -m bot health"]
    for folder in ("srv/app/logs", "data", "cache"):
        assert (tmp_path / "root" / folder).is_dir()


def test_the_environment_maps_image_paths_into_the_root(tmp_path: Path) -> None:
    done = build(tmp_path, "FROM python:3.11-slim\nENV DATABASE_PATH=/data/bot.sqlite3 LEVEL=1\n")
    env = done.environment()
    assert env["DATABASE_PATH"] == str(tmp_path / "root" / "data" / "bot.sqlite3")
    assert env["LEVEL"] == "1"
    assert env["PATH"].split(":")[0] == str(Path(sys.executable).parent)
    assert "PYTHONPATH" not in env


def test_copy_as_docker_copies(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": "",
        "README.md": "",
        "bot/app.py": "",
        "bot/sub/x.py": "",
        "notes.txt": "",
        "tests/test_x.py": "",
        ".dockerignore": "tests\n",
    }
    build(
        tmp_path,
        "FROM python:3.11-slim\nWORKDIR /app\n"
        "COPY pyproject.toml README.md ./\n"
        "COPY bot ./code\n"
        'COPY ["notes.txt", "renamed.txt"]\n'
        "COPY *.md /docs/\n",
        files,
    )
    root = tmp_path / "root"
    for path in ("app/pyproject.toml", "app/README.md", "app/code/app.py", "app/code/sub/x.py"):
        assert (root / path).is_file(), path
    assert (root / "app/renamed.txt").is_file() and (root / "docs/README.md").is_file()
    assert not (root / "app/code/bot").exists()

    everything = build(tmp_path / "2", "FROM python:3.11-slim\nWORKDIR /app\nCOPY . .\n", files)
    assert "/app/bot/sub/x.py" in everything.image.copied
    assert not [path for path in everything.image.copied if path.startswith("/app/tests")]
    with pytest.raises(BuildFailed, match=r"left out by \.dockerignore"):
        build(tmp_path / "3", "FROM python:3.11-slim\nCOPY tests /tests\n", files)
    with pytest.raises(BuildFailed, match="not found"):
        build(tmp_path / "4", "FROM python:3.11-slim\nCOPY missing.txt /\n", files)


@pytest.mark.parametrize(
    ("dockerfile", "named"),
    [
        ("FROM python:3.11-slim\nEXPOSE 8080\n", "Dockerfile instruction EXPOSE"),
        ("FROM python:3.11-slim\nRUN apt-get update\n", "RUN command apt-get"),
        ("FROM python:3.11-slim\nRUN mkdir -p /a; mkdir -p /b\n", "the shell's ;"),
        ("FROM python:3.11-slim\nRUN mkdir -p $HOME/x\n", "shell expansion"),
        ("FROM python:3.11-slim\nRUN useradd --create-home mars\n", "useradd option"),
        ("FROM python:3.11-slim\nCOPY $A /a\n", "variables in COPY"),
        ("FROM python:3.11-slim\nCOPY --from=base /a /a\n", "COPY option --from"),
        ("FROM python:3.11-slim AS base\nFROM base\n", "FROM python:3.11-slim AS base"),
        ("# syntax=docker/dockerfile:1\nFROM python:3.11-slim\n", "parser directive syntax"),
    ],
)
def test_a_step_it_does_not_know_fails_by_name(tmp_path: Path, dockerfile: str, named: str) -> None:
    with pytest.raises(NotTaught) as raised:
        build(tmp_path, dockerfile)
    message = str(raised.value)
    assert message.startswith("the image test does not know ") and message.endswith("teach it")
    assert named in message


@pytest.mark.parametrize(
    ("patterns", "path", "excluded"),
    [
        ("tests", "tests/e2e/test_x.py", True),  # a parent folder matches
        ("tests", "bot/tests/x.py", False),  # patterns start at the context root
        ("/tests/", "tests/x.py", True),
        ("*.sqlite3*", "bot.sqlite3-wal", True),
        ("*.sqlite3*", "data/bot.sqlite3", False),  # `*` stops at a `/`
        ("**/*.sqlite3*", "data/old/bot.sqlite3", True),
        ("**/__pycache__", "__pycache__/x.pyc", True),
        ("**/__pycache__", "bot/play/__pycache__/x.pyc", True),
        ("**.pyc", "bot/x.pyc", True),
        ("bot/**", "bot/a/b.py", True),
        ("?.txt", "a.txt", True),
        ("?.txt", "ab.txt", False),
        ("[ab].txt", "b.txt", True),
        (".venv*", ".venv-ci/lib/site.py", True),
        ("# tests", "tests/x.py", False),  # a comment
        ("  tests  ", "tests/x.py", True),
        ("docs\n!docs/keep.md", "docs/keep.md", False),
        ("docs\n!docs/keep.md", "docs/other.md", True),
        ("!a.txt\n*.txt", "a.txt", True),  # the last match wins
        ("*.txt\n!a.txt", "a.txt", False),
    ],
)
def test_dockerignore_rules(patterns: str, path: str, excluded: bool) -> None:
    assert DockerIgnore(patterns).excludes(path) is excluded


def test_the_context_walks_into_a_left_out_folder_only_for_an_exception(tmp_path: Path) -> None:
    for name in ("docs/a.md", "docs/keep.md", "src/x.py", "cache/y"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    ignore = DockerIgnore("docs\ncache\n!docs/keep.md")
    assert list(context_paths(tmp_path, ignore)) == ["docs", "docs/keep.md", "src", "src/x.py"]
    assert list(context_paths(tmp_path, DockerIgnore("docs\ncache"))) == ["src", "src/x.py"]


def test_build_arguments_reach_env_through_arg_and_default_to_empty(tmp_path: Path) -> None:
    dockerfile = (
        "FROM python:3.11-slim\n"
        'ARG COMMIT="" KIND=release\n'
        "ARG DATE\n"
        "ENV A=${COMMIT} B=$KIND C=${DATE} D=${UNDECLARED}x E=$A-late\n"
    )
    given = build(tmp_path / "given", dockerfile, build_args={"COMMIT": "abc1234", "DATE": "d"})
    assert given.image.env == {
        "A": "abc1234",
        "B": "release",
        "C": "d",
        "D": "x",
        "E": "abc1234-late",
    }
    unset = build(tmp_path / "unset", dockerfile)
    assert unset.image.env == {"A": "", "B": "release", "C": "", "D": "x", "E": "-late"}


def test_a_variable_outside_env_run_and_cmd_is_not_taught(tmp_path: Path) -> None:
    with pytest.raises(NotTaught, match="variables in WORKDIR"):
        build(tmp_path, "FROM python:3.11-slim\nARG DIR=/srv\nWORKDIR $DIR\n")
