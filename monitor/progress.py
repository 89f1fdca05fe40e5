"""Progress reporting for long work (backfill, catch-up, resolution, embedding).

Pipeline functions take a `Progress`: a wrapper around an iterable. The CLI passes `bar`,
a tqdm bar on stderr (hidden when stderr is not a terminal); tests and library users pass
nothing and get `no_progress`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import TypeVar

from tqdm import tqdm

T = TypeVar("T")
Progress = Callable[[Iterable[T], str, int], Iterable[T]]


def no_progress(items: Iterable[T], label: str, total: int) -> Iterable[T]:
    """Report nothing."""
    return items


def bar(items: Iterable[T], label: str, total: int) -> Iterable[T]:
    """A progress bar on stderr; silent when stderr is not a terminal."""
    return tqdm(items, desc=label, total=total, file=sys.stderr, leave=False, disable=None)
