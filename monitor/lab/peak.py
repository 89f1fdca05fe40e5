"""Run a module or code as `python` would and record the process's own peak resident memory:
`python -m monitor.lab.peak OUT -m MODULE ARGS…` (or `-c CODE`) writes VmHWM, in KiB, to OUT at
exit. The kernel's figure for a child (`wait4`'s ru_maxrss) also counts the parent's memory
at the child's exec, which would charge `radar bench`'s own gigabytes to every command it runs."""

from __future__ import annotations

import atexit
import runpy
import sys
from pathlib import Path


def _record(out: Path) -> None:
    for line in Path("/proc/self/status").read_text(encoding="utf-8").splitlines():
        if line.startswith("VmHWM:"):
            out.write_text(line.split()[1], encoding="utf-8")


def main(argv: list[str]) -> None:
    out, mode, target, *rest = argv
    atexit.register(_record, Path(out))
    if mode == "-c":
        sys.argv = ["-c", *rest]
        exec(compile(target, "<string>", "exec"), {"__name__": "__main__"})
    else:
        sys.argv = [target, *rest]
        runpy.run_module(target, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main(sys.argv[1:])
