"""Run the daily job on a saved listing and SIGKILL this very process at a named point, as a
power cut or `kill -9` would: `python -m tests.kill_run STAGE FEED DAY` in a RADAR_HOME.

STAGE is a checkpoint of `daily.run` (polled, ranked, enriching, writing, written, sent) or
`embedding` (inside ranking, before any vector is stored). The embedder is the fast test
stand-in: what is being tested is what survives the kill, not the ranking.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterable, Iterator
from datetime import date
from pathlib import Path
from typing import TypeVar

from monitor import daily
from monitor.config import load_settings
from monitor.feeds import ListingFile
from monitor.store import Store

from .fakes import HashingEmbedder

T = TypeVar("T")


def _die() -> None:
    sys.stdout.flush()
    os.kill(os.getpid(), signal.SIGKILL)


def main(stage: str, feed: Path, day: date) -> None:
    settings = load_settings()

    def checkpoint(name: str, when: date) -> None:
        if name == stage:
            _die()

    def progress(items: Iterable[T], label: str, total: int) -> Iterator[T]:
        for item in items:
            if stage == label:
                _die()
            yield item

    clients = daily.Clients(ListingFile(feed), None, None, None, HashingEmbedder)
    with Store.open(settings.database_path) as store:
        daily.run(settings, store, clients, day, progress, checkpoint)


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]), date.fromisoformat(sys.argv[3]))
