"""The image's Python in the image test: a fresh virtual environment that borrows this test
environment's third-party packages and never the checkout's own, so the image holds only what
the Dockerfile put into it, and nothing is downloaded.

- `python -m venv --without-pip`: pip, setuptools and the bot's dependencies are borrowed.
- Borrowed: a folder of links to the entries of this environment's site-packages (sysconfig's
  purelib and platlib), named by a plain path line in a `.pth` file of the fresh
  site-packages. Python puts such a folder on sys.path without reading the `.pth` files in it,
  and none is linked anyway, so the checkout's editable install stays invisible; its
  `.dist-info` is not linked either, so pip sees the project as not installed (it would
  otherwise try to replace the checkout's editable install).
- `check_borrowable` refuses a site-packages that holds one of the project's packages (a
  non-editable install there would hide a package missing from the image).
- `sitecustomize`: when FAKE_DISCORD_API is set, discord.py talks to the fake Discord server
  (tests/e2e/run_bot.py's `patch_discord`, copied in as `fake_discord_patch`). Both live in
  the virtual environment only, never in the laid-out image.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

from packaging.version import Version

REPO_ROOT = Path(__file__).resolve().parents[2]
PROJECT_PACKAGES = ("ai", "bot", "club", "engine", "render")
SETUPTOOLS = Version("70.1")
"""The oldest setuptools that builds a wheel on its own (bdist_wheel built in), which the
offline `pip install --no-build-isolation` of the image needs."""

SITECUSTOMIZE = '''\
"""The image test's hook, in its fresh virtual environment only: with FAKE_DISCORD_API set,
discord.py talks to the fake Discord server."""

import os

if os.environ.get("FAKE_DISCORD_API"):
    from fake_discord_patch import patch_discord

    patch_discord(os.environ["FAKE_DISCORD_API"], os.environ.get("FAKE_DISCORD_GATEWAY"))
'''


@dataclass(frozen=True)
class Venv:
    folder: Path
    site_packages: Path

    @property
    def python(self) -> Path:
        return self.folder / "bin" / "python"


def borrowed_site_packages() -> list[Path]:
    """This environment's site-packages folders."""
    paths = sysconfig.get_paths()
    return list(dict.fromkeys(Path(paths[kind]) for kind in ("purelib", "platlib")))


def check_borrowable(site_packages: Path) -> None:
    """Refuse a site-packages folder that holds one of the project's packages."""
    found = [
        name
        for name in PROJECT_PACKAGES
        if (site_packages / name).exists() or (site_packages / f"{name}.py").exists()
    ]
    assert not found, (
        f"{site_packages} holds the project's {', '.join(found)} (a non-editable install?): "
        "borrowed by the image test, it would hide a package missing from the image; "
        "install the project with `pip install -e .`"
    )


def check_setuptools() -> None:
    assert Version(version("setuptools")) >= SETUPTOOLS, (
        f"the image test builds the bot offline with this environment's setuptools, which "
        f"needs {SETUPTOOLS} or later: pip install -e '.[test]'"
    )


def project_dist_info() -> re.Pattern[str]:
    """The name pattern of the project's own `.dist-info` folder."""
    name = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]["name"]
    return re.compile(re.escape(re.sub(r"[-_.]+", "_", name).lower()) + r"-.*\.dist-info")


def fresh_venv(folder: Path) -> Venv:
    """A new virtual environment at `folder`, borrowing this one's third-party packages."""
    check_setuptools()
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    python = folder / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    venv = Venv(folder, Path(purelib))
    borrowed = folder / "borrowed"
    borrowed.mkdir()
    own = project_dist_info()
    for site_packages in borrowed_site_packages():
        check_borrowable(site_packages)
        for entry in sorted(site_packages.iterdir()):
            name = entry.name
            if (
                name.endswith(".pth")
                or name.startswith("__editable__")
                or name == "__pycache__"
                or own.fullmatch(name)
                or (borrowed / name).exists()
            ):
                continue
            (borrowed / name).symlink_to(entry)
    (venv.site_packages / "borrowed.pth").write_text(f"{borrowed}\n")
    shutil.copyfile(
        REPO_ROOT / "tests" / "e2e" / "run_bot.py", venv.site_packages / "fake_discord_patch.py"
    )
    (venv.site_packages / "sitecustomize.py").write_text(SITECUSTOMIZE)
    return venv
