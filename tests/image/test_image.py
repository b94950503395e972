"""The Docker image, laid out by the Dockerfile's own steps in a temporary folder (no Docker
engine: see `tests.image.dockerfile`), installs, starts with its CMD, plays a game of Ley Lines
against the fake Discord server and answers its HEALTHCHECK.

The build runs once for the module (a fresh virtual environment and an offline
`pip install .`, a few seconds). Its python is the image's: the bot runs from the laid-out
WORKDIR, without PYTHONPATH, with the image's ENV (its /data paths mapped into the folder).
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.tables import board_after, legal_moves, marks, play, png_of
from tests.fakediscord import BotProcess, FakeDiscord
from tests.hang import HANG_SECONDS
from tests.image.dockerfile import Build, Healthcheck, parse
from tests.image.dockerignore import context_paths
from tests.image.venv import PROJECT_PACKAGES, REPO_ROOT, fresh_venv

CHANNEL = "mars-1"
LEFT_OUT = (
    "tests",
    "bench",
    "benchmark.py",
    "docs",
    ".git",
    ".env",
    "data",
    "bench-results",
    ".ci",
)
"""What the image must not hold, in its WORKDIR: private, or of no use to the bot."""
PLANTED = (".env.bak", ".env.local", "venv/lib/x.py", ".venv/lib/x.py", "x.dump", "data/y.dump")
"""What an admin's checkout may hold beside the source: an old `.env`, a virtual environment,
the README's `pg_dump` output."""
BUILD_ARGS = {"BUILD_COMMIT": "abc1234", "BUILD_DATE": "2026-12-02"}
"""What `docker compose build` passes with BUILD_COMMIT and BUILD_DATE in its environment."""
LAYOUT_STEPS = ("FROM", "ENV", "WORKDIR", "COPY")
"""The instructions that lay out the image's files (RUN installs them: not needed to see them)."""


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """The image, built from the checkout as the Dockerfile says."""
    folder = tmp_path_factory.mktemp("image")
    venv = fresh_venv(folder / "venv")
    build = Build(REPO_ROOT, folder / "root", venv.python, build_args=BUILD_ARGS)
    build.carry_out(parse((REPO_ROOT / "Dockerfile").read_text()))
    return build


def test_the_image_runs_the_bot_on_python_3_11_as_mars_with_its_data_on_a_volume(
    build: Build,
) -> None:
    image = build.image
    assert image.base.startswith("python:3.11"), image.base
    assert image.cmd == ["python", "-m", "bot"]
    assert image.user == "mars" and image.users["mars"].uid == 10001
    assert image.volumes == ["/data"] and image.owners["/data"] == "mars"
    assert image.env["DATABASE_PATH"].startswith("/data/")
    assert image.healthcheck is not None
    assert image.healthcheck.command == ["python", "-m", "bot", "health"]


def cache_or_database(path: str) -> bool:
    parts = path.split("/")
    return "__pycache__" in parts or parts[-1].endswith(".pyc") or ".sqlite3" in parts[-1]


def test_the_image_holds_the_package_and_nothing_private(build: Build) -> None:
    workdir = build.image.workdir
    copied = {path.removeprefix(workdir + "/") for path in build.image.copied}
    tops = {path.split("/")[0] for path in copied}
    assert {*PROJECT_PACKAGES, "pyproject.toml", "README.md"} <= tops
    for package in PROJECT_PACKAGES:
        for file in (REPO_ROOT / package).rglob("*"):
            path = file.relative_to(REPO_ROOT).as_posix()
            if file.is_file() and not cache_or_database(path):
                assert path in copied, path
    assert not tops & {*LEFT_OUT, "build"}, tops & {*LEFT_OUT, "build"}
    assert not [top for top in tops if top.startswith(".venv") or top.endswith(".egg-info")]
    assert not [path for path in copied if cache_or_database(path)]


def test_what_an_admin_keeps_beside_the_source_stays_out_of_the_image(tmp_path: Path) -> None:
    """A copy of the build context with an old `.env`, virtual environments and database dumps
    planted in it, and the documentation and a licence added: the Dockerfile's COPY steps lay
    out none of the planted files, nor `docs/`, and the licence goes with the code."""
    source = tmp_path / "source"
    for path in context_paths(REPO_ROOT):
        if not (REPO_ROOT / path).is_dir():
            (source / path).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO_ROOT / path, source / path)
    shutil.copy2(REPO_ROOT / ".dockerignore", source / ".dockerignore")
    for path in (*PLANTED, "docs/benchmark.md", "LICENSE"):
        (source / path).parent.mkdir(parents=True, exist_ok=True)
        (source / path).write_text("planted\n")
    layout = Build(source, tmp_path / "root", Path(sys.executable))
    instructions = parse((REPO_ROOT / "Dockerfile").read_text())
    layout.carry_out([step for step in instructions if step.keyword in LAYOUT_STEPS])
    workdir = layout.image.workdir
    copied = {path.removeprefix(workdir + "/") for path in layout.image.copied}
    assert "bot/app.py" in copied and "LICENSE" in copied
    leaked = [path for path in (*PLANTED, "docs") if path in copied]
    assert not leaked, leaked


def python_outside_workdir(build: Build, code: str) -> str:
    """What the image's Python prints running `code` outside WORKDIR (where the source would
    shadow the installed package), as `pip install . && mars-bot` runs."""
    shown = subprocess.run(
        [*build.command(["python"]), "-c", code],
        cwd=build.root,
        env=build.environment(),
        capture_output=True,
        text=True,
        timeout=HANG_SECONDS,
        check=False,
    )
    assert shown.returncode == 0, shown.stderr
    return shown.stdout.strip()


def test_the_installed_package_runs_without_the_source_beside_it(build: Build) -> None:
    shown = python_outside_workdir(build, "import bot.app, ai, engine, render; print(ai.__file__)")
    installed = Path(shown)
    assert installed.is_relative_to(build.python.parents[1]), installed


def test_the_image_names_its_build(build: Build) -> None:
    """An image has no git checkout: the version names the commit and date it was built from."""
    shown = python_outside_workdir(
        build, "from club.operations.version import bot_version; print(bot_version())"
    )
    assert shown.endswith("(commit abc1234, built 2026-12-02)"), shown


async def healthy_within_start_period(
    build: Build, check: Healthcheck, env: dict[str, str]
) -> None:
    """Run the HEALTHCHECK's command in the image as Docker runs it while the container starts:
    until it passes, failing the test if it has not passed by the end of the start period
    (here every half second, where Docker waits --interval)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + check.start_period
    while True:
        process = await asyncio.create_subprocess_exec(
            *build.command(check.command),
            cwd=build.host(build.image.workdir),
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        said, _ = await asyncio.wait_for(process.communicate(), check.timeout)
        if process.returncode == 0:
            return
        assert loop.time() < deadline, f"still unhealthy after the start period: {said.decode()}"
        await asyncio.sleep(0.5)


async def test_the_image_plays_a_game_and_answers_its_healthcheck(
    build: Build, tmp_path: Path
) -> None:
    image = build.image
    env = build.environment()
    fake = await FakeDiscord.start()
    bot = BotProcess(
        fake,
        log_path=tmp_path / "bot.log",
        database_path=Path(env["DATABASE_PATH"]),
        command=build.command(image.cmd),
        cwd=build.host(image.workdir),
        base_env=env,
    )
    try:
        await bot.start()
        await fake.wait_commands_synced()
        ann, bob = fake.add_user("ann"), fake.add_user("bob")
        lobby = await (
            await fake.slash(ann, CHANNEL, "new", subcommand="leylines", options={"first": 1})
        ).response()
        join, _, start, *_ = lobby.custom_ids
        await (await fake.click(bob, lobby, join)).response()
        before = marks(fake, CHANNEL)
        await (await fake.click(bob, lobby, start)).response()
        opening = await board_after(fake, CHANNEL, before)
        assert opening.content.endswith(f"<@{ann.id}>, your turn."), opening.content
        png_of(opening)
        board = await play(fake, ann, CHANNEL, "L c3")
        assert board.content.startswith("ann placed"), board.content
        png_of(board)
        [reply, *_] = await legal_moves(fake, bob, CHANNEL)
        board = await play(fake, bob, CHANNEL, reply)
        assert board.content.startswith("bob placed"), board.content
        assert png_of(board).size[0] >= 400

        assert image.healthcheck is not None, "the Dockerfile has no HEALTHCHECK"
        without_fake = {k: v for k, v in bot.env.items() if not k.startswith("FAKE_DISCORD_")}
        await healthy_within_start_period(build, image.healthcheck, without_fake)
    except BaseException:
        print(bot.log_text()[-20000:])  # shown with the failure
        raise
    finally:
        await bot.stop()
        await fake.stop()
    fake.assert_no_refusals()
