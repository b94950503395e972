"""What a process and its children use, read from /proc: CPU time (seconds) and memory (KiB)."""

from __future__ import annotations

import os
from pathlib import Path

TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK")


def _stat_fields(pid: int, folder: str = "/proc") -> list[str]:
    """The fields of <folder>/<pid>/stat after the command name (field 3, the state, first)."""
    text = Path(f"{folder}/{pid}/stat").read_text()
    return text[text.rindex(")") + 2 :].split()


def children(pid: int) -> list[int]:
    """Every living descendant of `pid` (a process pool's workers, for instance)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int(_stat_fields(int(entry.name))[1])
            except (OSError, ValueError):
                continue  # gone meanwhile
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        kids = [p for p, pp in parents.items() if pp == parent]
        found += kids
        frontier += kids
    return found


def workers(pid: int) -> list[int]:
    """The living descendants of `pid` that are not its children: the workers of its process
    pools, which its fork server (a child) starts."""
    found = []
    for each in children(pid):
        try:
            if int(_stat_fields(each)[1]) != pid:
                found.append(each)
        except (OSError, ValueError):
            continue  # gone meanwhile
    return found


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of `pid` so far, with that of its waited-for children."""
    fields = _stat_fields(pid)
    utime, stime, cutime, cstime = (int(fields[n]) for n in (11, 12, 13, 14))
    return (utime + stime + cutime + cstime) / TICKS_PER_SECOND


def tree_cpu_seconds(pid: int) -> float:
    """CPU seconds of `pid` and of every living descendant."""
    total = 0.0
    for each in [pid, *children(pid)]:
        try:
            total += cpu_seconds(each)
        except OSError:
            continue  # a child that ended meanwhile
    return total


def status_kib(field: str, pid: int | str = "self", file: str = "status") -> int:
    """A `kB` field of /proc/<pid>/<file> (status: VmRSS, VmHWM; smaps_rollup: Pss), in KiB."""
    for line in Path(f"/proc/{pid}/{file}").read_text().splitlines():
        name, _, value = line.partition(":")
        if name == field:
            return int(value.split()[0])
    raise KeyError(field)


def tree_kib(field: str, pid: int, file: str = "status") -> int:
    """A `kB` field (see `status_kib`) summed over `pid` and its living descendants. Summed RSS
    counts shared pages once per process; summed PSS (`Pss` of smaps_rollup) splits them."""
    total = 0
    for each in [pid, *children(pid)]:
        try:
            total += status_kib(field, each, file)
        except OSError:
            continue
    return total


def _machine_cpu() -> list[int]:
    """The machine's CPU time since boot, all CPUs, in ticks: user, nice, system, idle, iowait,
    irq, softirq, steal, ... (the first line of /proc/stat)."""
    return [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]


def steal_seconds() -> float:
    """CPU time (s, all CPUs) the hypervisor gave to other machines while this one's wanted to
    run, since boot (/proc/stat)."""
    return _machine_cpu()[7] / TICKS_PER_SECOND


def busy_seconds() -> float:
    """CPU time (s, all CPUs) every process of the machine and its kernel spent since boot:
    user, nice, system, irq and softirq time (/proc/stat)."""
    user, nice, system, _, _, irq, softirq = _machine_cpu()[:7]
    return (user + nice + system + irq + softirq) / TICKS_PER_SECOND


def idle_seconds() -> float:
    """CPU time (s, all CPUs) the machine's CPUs sat idle since boot, waiting for I/O included
    (/proc/stat)."""
    idle, iowait = _machine_cpu()[3:5]
    return (idle + iowait) / TICKS_PER_SECOND


def thread_cpu_seconds(pid: int) -> dict[int, float]:
    """CPU seconds so far of every thread of `pid` and of its living descendants, by thread id."""
    found = {}
    for each in [pid, *children(pid)]:
        try:
            tasks = list(Path(f"/proc/{each}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                fields = _stat_fields(int(task.name), f"/proc/{each}/task")
            except OSError:
                continue
            found[int(task.name)] = (int(fields[11]) + int(fields[12])) / TICKS_PER_SECOND
    return found
