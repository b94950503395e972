"""The Dockerfile carried out without Docker, as CI can: the image test's interpreter.

`parse` reads the instructions (comments, line continuations, JSON and shell forms); `Build`
carries them out in a temporary root folder in which every absolute image path is mapped
(`/app` is `ROOT/app`), with the build context (the checkout, less what `.dockerignore` leaves
out) as COPY's source. What each instruction does here:

- FROM: recorded (one stage only); ARG: `NAME` or `NAME=default`, its value the build's
  argument of that name (`Build(build_args=...)`, as `docker build --build-arg`) or else the
  default; ENV: both `K=V K2="V 2"` and `K V`, its values expanding `$NAME` and `${NAME}` from
  the ARGs and earlier ENVs; WORKDIR: made.
- COPY: exactly as written, sources from the context (wildcards too), into the mapped folder.
- RUN: a chain of commands joined by `&&`, each one it knows: `pip install ARGS` runs as
  `VENV_PYTHON -m pip install --no-index --no-build-isolation ARGS` in the mapped WORKDIR with
  the image's environment (the fresh virtual environment is the image's Python: `python` on
  its PATH); `mkdir -p` makes the folders; `useradd` and `chown` are checked and recorded.
- USER (a user it made), VOLUME (the folder made), HEALTHCHECK and CMD: recorded.

An instruction, an option or a RUN command it does not know stops the build with `NotTaught`,
naming it, so a new Dockerfile step has to be taught here before the test passes again.
Variables (`$X`) are expanded in ENV only: another step with one is not taught.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import shlex
import shutil
import subprocess
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path

from tests.image.dockerignore import context_paths

VARIABLE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
VARIABLE = re.compile(r"\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))")
"""A variable in an ENV value: `${NAME}` or `$NAME`."""
IMAGE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
"""PATH of the python images; the fresh virtual environment's bin folder goes first."""


class NotTaught(Exception):
    """The Dockerfile uses something the image test does not know."""

    def __init__(self, what: str) -> None:
        super().__init__(f"the image test does not know {what}: teach it")


class BuildFailed(Exception):
    """A step the image test knows failed, as it would fail `docker build`."""


@dataclass(frozen=True)
class Instruction:
    keyword: str
    """Upper case: `COPY`."""
    rest: str
    """What follows the keyword, continuation lines joined."""
    line: int
    """Where it starts in the Dockerfile (1-based)."""

    def __str__(self) -> str:
        return f"line {self.line}: {self.keyword} {self.rest}"


CONTINUED = re.compile(r"\\[ \t]*$")
DIRECTIVE = re.compile(r"#\s*([A-Za-z]+)\s*=")
"""A parser directive, such as `# escape=`` ` (only at the top of the Dockerfile)."""


def parse(text: str) -> list[Instruction]:
    """The Dockerfile's instructions. A line ending in `\\` goes on with the next line (joined
    as Docker joins them: the backslash and the line break taken out, nothing put in); comment
    lines (also inside a continued instruction) and blank lines are skipped. A parser directive
    (`# escape=` or `# syntax=` at the top) is not taught."""
    lines = text.splitlines()
    for line in lines:
        directive = DIRECTIVE.match(line)
        if directive is None:
            break
        if directive[1].lower() in ("escape", "syntax", "check"):
            raise NotTaught(f"Dockerfile parser directive {directive[1].lower()}")
    instructions: list[Instruction] = []
    joined: str | None = None
    start = 0
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue  # inside a continued instruction too
        if joined is None:
            start, joined, line = number, "", line.lstrip()
        if CONTINUED.search(line):
            joined += CONTINUED.sub("", line)
            continue
        keyword, rest = [*(joined + line).split(None, 1), ""][:2]
        instructions.append(Instruction(keyword.upper(), rest.strip(), start))
        joined = None
    if joined is not None:
        raise BuildFailed(f"the Dockerfile ends inside the instruction at line {start}")
    return instructions


@dataclass
class Healthcheck:
    command: list[str]
    options: dict[str, str]
    """`--interval=30s` as {"interval": "30s"}."""

    @property
    def timeout(self) -> float:
        """How long one check may take, in seconds (Docker's default: 30)."""
        return seconds(self.options.get("timeout", "30s"))

    @property
    def start_period(self) -> float:
        """How long a starting container's failed checks do not count, in seconds (Docker's
        default: none); the first check that passes ends it."""
        return seconds(self.options.get("start-period", "0s"))


DURATION = re.compile(r"(\d+(?:\.\d+)?)(ms|h|m|s)")
UNITS = {"h": 3600.0, "m": 60.0, "s": 1.0, "ms": 0.001}


def seconds(duration: str) -> float:
    """A Docker duration such as `30s`, `1m30s` or `500ms`, in seconds."""
    parts = DURATION.findall(duration)
    if not parts or "".join(number + unit for number, unit in parts) != duration:
        raise BuildFailed(f"not a duration: {duration}")
    return sum(float(number) * UNITS[unit] for number, unit in parts)


@dataclass
class User:
    name: str
    uid: int | None
    home: str


@dataclass
class Image:
    """What the build left besides its files: the recorded facts of the image."""

    base: str = ""
    env: dict[str, str] = field(default_factory=dict)
    """The image's environment as written (image paths, not mapped)."""
    workdir: str = "/"
    user: str = "root"
    users: dict[str, User] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)
    """Image path: owner, as `chown` set them."""
    volumes: list[str] = field(default_factory=list)
    copied: list[str] = field(default_factory=list)
    """The image paths of the files and folders COPY laid out."""
    healthcheck: Healthcheck | None = None
    cmd: list[str] = field(default_factory=list)


class Build:
    """Carries out a Dockerfile's instructions in `root` (see the module's docstring), from the
    build context `context`, with `python` (a fresh virtual environment's) as the image's
    Python."""

    def __init__(
        self,
        context: Path,
        root: Path,
        python: Path,
        build_args: Mapping[str, str] | None = None,
    ) -> None:
        self.context = context
        self.build_args = dict(build_args or {})
        self.args: dict[str, str] = {}
        """The build's arguments declared by ARG, with their values."""
        self.root = root
        self.python = python
        self.image = Image()
        self.sources = list(context_paths(context))
        self.steps: dict[str, Callable[[Instruction], None]] = {
            "FROM": self.from_,
            "ARG": self.arg,
            "ENV": self.env,
            "WORKDIR": self.workdir,
            "COPY": self.copy,
            "RUN": self.run,
            "USER": self.user,
            "VOLUME": self.volume,
            "HEALTHCHECK": self.healthcheck,
            "CMD": self.cmd,
        }
        self.commands: dict[str, Callable[[list[str]], None]] = {
            "pip": self.pip,
            "pip3": self.pip,
            "python": self.python_command,
            "python3": self.python_command,
            "mkdir": self.mkdir,
            "useradd": self.useradd,
            "chown": self.chown,
        }

    def host(self, image_path: str) -> Path:
        """Where the image's path (absolute, or relative to WORKDIR) is in the root folder."""
        path = posixpath.normpath(posixpath.join(self.image.workdir, image_path))
        return self.root / path.lstrip("/")

    def environment(self) -> dict[str, str]:
        """The environment a process of the image starts with: the image's ENV, each absolute
        path in it mapped into the root; PATH with the image's Python first; HOME the user's."""
        env = {
            name: str(self.host(value)) if value.startswith("/") else value
            for name, value in self.image.env.items()
        }
        user = self.image.users.get(self.image.user)
        home = user.home if user is not None else "/root"
        return {
            "PATH": f"{self.python.parent}{os.pathsep}{IMAGE_PATH}",
            "HOME": str(self.host(home)),
            **env,
        }

    def command(self, argv: list[str]) -> list[str]:
        """A command of the image (CMD, HEALTHCHECK) as it runs here: its program looked up on
        the image's PATH, so `python` is the fresh virtual environment's."""
        program = shutil.which(argv[0], path=self.environment()["PATH"])
        if program is None:
            raise BuildFailed(f"{argv[0]} is not on the image's PATH")
        return [program, *argv[1:]]

    def carry_out(self, instructions: list[Instruction]) -> Image:
        for instruction in instructions:
            step = self.steps.get(instruction.keyword)
            if step is None:
                raise NotTaught(f"Dockerfile instruction {instruction.keyword}")
            if "$" in instruction.rest and instruction.keyword not in ("RUN", "CMD", "ENV"):
                raise NotTaught(f"variables in {instruction.keyword} ({instruction})")
            step(instruction)
        return self.image

    # Instructions.

    def from_(self, instruction: Instruction) -> None:
        _, rest = flags_of(instruction, {"platform"})
        words = rest.split()
        if self.image.base:
            raise NotTaught(f"multi-stage builds ({instruction})")
        if len(words) != 1:
            raise NotTaught(f"FROM {instruction.rest}")
        self.image.base = words[0]

    def arg(self, instruction: Instruction) -> None:
        for word in shlex.split(instruction.rest):
            name, equals, default = word.partition("=")
            if not VARIABLE_NAME.fullmatch(name):
                raise BuildFailed(f"ARG needs NAME or NAME=default: {instruction}")
            self.args[name] = self.build_args.get(name, default if equals else "")

    def env(self, instruction: Instruction) -> None:
        name, _, value = instruction.rest.partition(" ")
        if "=" not in name:
            self.image.env[name] = self.expand(value.strip())  # the legacy form: ENV NAME value
            return
        for word in shlex.split(instruction.rest):
            name, equals, value = word.partition("=")
            if not equals or not name:
                raise BuildFailed(f"ENV needs NAME=value pairs: {instruction}")
            self.image.env[name] = self.expand(value)

    def expand(self, value: str) -> str:
        """`value` with `$NAME` and `${NAME}` replaced by the ARG or ENV of that name (empty when
        neither declares it, as Docker does)."""
        known = {**self.args, **self.image.env}
        return VARIABLE.sub(lambda found: known.get(found[1] or found[2], ""), value)

    def workdir(self, instruction: Instruction) -> None:
        self.image.workdir = posixpath.normpath(
            posixpath.join(self.image.workdir, instruction.rest)
        )
        self.host(self.image.workdir).mkdir(parents=True, exist_ok=True)

    def copy(self, instruction: Instruction) -> None:
        flags, rest = flags_of(instruction, {"chown"})
        paths = exec_form(rest)
        paths = shlex.split(rest) if paths is None else paths
        if len(paths) < 2:
            raise BuildFailed(f"COPY needs a source and a destination: {instruction}")
        *patterns, destination = paths
        sources = [source for pattern in patterns for source in self.matching(pattern)]
        into_folder = destination.endswith("/") or len(sources) > 1
        target = self.host(destination)
        for source in sources:
            if source == "." or (self.context / source).is_dir():
                self.copy_folder(source, target)
            elif into_folder or target.is_dir():
                self.copy_file(source, target / posixpath.basename(source))
            else:
                self.copy_file(source, target)
        if "chown" in flags:
            self.image.owners[posixpath.join(self.image.workdir, destination)] = flags["chown"]

    def matching(self, pattern: str) -> list[str]:
        """The context's paths a COPY source names (wildcards as Go's filepath.Match)."""
        pattern = posixpath.normpath(pattern).lstrip("/") or "."
        if pattern == ".":
            return ["."]
        depth = pattern.count("/")  # a wildcard never matches a `/`
        found = [p for p in self.sources if p.count("/") == depth and fnmatchcase(p, pattern)]
        if not found:
            raise BuildFailed(
                f"COPY {pattern}: not found in the build context or left out by .dockerignore"
            )
        return found

    def copy_folder(self, source: str, target: Path) -> None:
        """The folder's contents (not the folder itself), as the context has them, into
        `target`."""
        prefix = "" if source == "." else source + "/"
        target.mkdir(parents=True, exist_ok=True)
        for path in self.sources:
            if path.startswith(prefix):
                inside = path[len(prefix) :]
                if (self.context / path).is_dir() and not (self.context / path).is_symlink():
                    (target / inside).mkdir(parents=True, exist_ok=True)
                    self.image.copied.append(self.image_path(target / inside))
                else:
                    self.copy_file(path, target / inside)

    def copy_file(self, source: str, target: Path) -> None:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(self.context / source, target, follow_symlinks=False)
        self.image.copied.append(self.image_path(target))

    def image_path(self, host: Path) -> str:
        return "/" + host.relative_to(self.root).as_posix()

    def run(self, instruction: Instruction) -> None:
        for argv in shell_commands(instruction):
            handler = self.commands.get(argv[0])
            if handler is None:
                raise NotTaught(f"RUN command {argv[0]} ({shlex.join(argv)})")
            handler(argv)

    def user(self, instruction: Instruction) -> None:
        name = instruction.rest.partition(":")[0]
        if name not in self.image.users and name != "root":
            raise BuildFailed(f"USER {name}: no such user in the image (add one with useradd)")
        self.image.user = name

    def volume(self, instruction: Instruction) -> None:
        for path in exec_form(instruction.rest) or instruction.rest.split():
            self.host(path).mkdir(parents=True, exist_ok=True)
            self.image.volumes.append(path)

    def healthcheck(self, instruction: Instruction) -> None:
        known = {"interval", "timeout", "start-period", "start-interval", "retries"}
        flags, rest = flags_of(instruction, known)
        keyword, _, command = rest.partition(" ")
        if keyword.upper() != "CMD":
            raise NotTaught(f"HEALTHCHECK {rest}")
        self.image.healthcheck = Healthcheck(command_of(command.strip()), flags)

    def cmd(self, instruction: Instruction) -> None:
        self.image.cmd = command_of(instruction.rest)

    # RUN commands.

    def python_command(self, argv: list[str]) -> None:
        if argv[1:3] != ["-m", "pip"]:
            raise NotTaught(f"RUN command {shlex.join(argv)}")
        self.pip(argv[2:])

    def pip(self, argv: list[str]) -> None:
        """`pip install ARGS` into the fresh virtual environment, from the laid-out WORKDIR
        only, never from the index (the packages it needs are there already)."""
        if argv[1:2] != ["install"]:
            raise NotTaught(f"RUN command {shlex.join(argv)}")
        args = [str(self.host(arg)) if arg.startswith("/") else arg for arg in argv[2:]]
        done = subprocess.run(
            [str(self.python), "-m", "pip", "install", "--no-index", "--no-build-isolation", *args],
            cwd=self.host(self.image.workdir),
            env=self.environment(),
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        if done.returncode != 0:
            raise BuildFailed(f"{shlex.join(argv)} failed:\n{done.stdout}\n{done.stderr}")

    def mkdir(self, argv: list[str]) -> None:
        flags = [arg for arg in argv[1:] if arg.startswith("-")]
        if flags != ["-p"]:
            raise NotTaught(f"mkdir without -p, or with other options ({shlex.join(argv)})")
        for path in argv[1:]:
            if path != "-p":
                self.host(path).mkdir(parents=True, exist_ok=True)

    def useradd(self, argv: list[str]) -> None:
        with_values = {"--uid": "-u", "--home-dir": "-d", "--gid": "-g", "--shell": "-s"}
        plain = {"--system", "-r", "--no-create-home", "-M", "--no-log-init", "-l"}
        given: dict[str, str] = {}
        words = iter(argv[1:])
        names: list[str] = []
        for word in words:
            if word in with_values or word in with_values.values():
                long = next((key for key, short in with_values.items() if word in (key, short)))
                given[long] = next(words, "")
            elif word not in plain:
                if word.startswith("-"):
                    raise NotTaught(f"useradd option {word}")
                names.append(word)
        if len(names) != 1 or "" in given.values():
            raise BuildFailed(f"useradd needs one user name: {shlex.join(argv)}")
        uid = given.get("--uid")
        self.image.users[names[0]] = User(
            names[0], int(uid) if uid else None, given.get("--home-dir", f"/home/{names[0]}")
        )

    def chown(self, argv: list[str]) -> None:
        words = [word for word in argv[1:] if word not in ("-R", "--recursive")]
        if len(words) < 2 or any(word.startswith("-") for word in words):
            raise NotTaught(f"chown options ({shlex.join(argv)})")
        owner, *paths = words
        name = owner.partition(":")[0]
        if name not in self.image.users and not name.isdigit():
            raise BuildFailed(f"chown {owner}: no such user in the image")
        for path in paths:
            if not self.host(path).exists():
                raise BuildFailed(f"chown: {path} does not exist in the image")
            self.image.owners[posixpath.join(self.image.workdir, path)] = owner


FLAG = re.compile(r"--([a-z-]+)(?:=(\S*))?\s*")


def flags_of(instruction: Instruction, known: set[str]) -> tuple[dict[str, str], str]:
    """The instruction's leading `--name=value` flags (each must be one of `known`), and what
    follows them."""
    flags: dict[str, str] = {}
    rest = instruction.rest
    while (flag := FLAG.match(rest)) is not None:
        if flag[1] not in known:
            raise NotTaught(f"{instruction.keyword} option --{flag[1]}")
        flags[flag[1]] = flag[2] or ""
        rest = rest[flag.end() :]
    return flags, rest


def exec_form(text: str) -> list[str] | None:
    """The JSON array of strings `text` is (`["python", "-m", "bot"]`), or None (the shell
    form)."""
    if not text.startswith("["):
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return None
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return value
    return None


def command_of(text: str) -> list[str]:
    """The program and arguments of CMD (or HEALTHCHECK CMD): the JSON form as it is, the shell
    form run by /bin/sh -c."""
    argv = exec_form(text)
    return argv if argv is not None else ["/bin/sh", "-c", text]


def shell_commands(instruction: Instruction) -> Iterator[list[str]]:
    """The commands of a RUN: its JSON form, or its shell form's commands joined by `&&`. Any
    other shell syntax (`;`, `|`, `||`, redirections, variables, subshells) is not taught."""
    argv = exec_form(instruction.rest)
    if argv is not None:
        yield argv
        return
    lexer = shlex.shlex(instruction.rest, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    command: list[str] = []
    for token in lexer:
        if token == "&&":
            if not command:
                raise BuildFailed(f"an empty command in {instruction}")
            yield command
            command = []
        elif token and all(char in "();<>|&" for char in token):
            raise NotTaught(f"the shell's {token} ({instruction})")
        elif "$" in token or "`" in token:
            raise NotTaught(f"shell expansion in {token} ({instruction})")
        else:
            command.append(token)
    if not command:
        raise BuildFailed(f"an empty command in {instruction}")
    yield command
