"""`radar doctor` and `radar backup`: is this home healthy, and a consistent copy of its store.

Each check returns findings: what is wrong and the command that fixes it. Nothing is changed.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from monitor.config import Settings
from monitor.errors import InputError, ReadingListError, StoreError
from monitor.reading_list import load_reading_lists
from monitor.store import Store, describe_failure
from monitor.validate import problems


@dataclass(frozen=True)
class Finding:
    level: str  # ok / warning / error
    what: str
    fix: str = ""

    def __str__(self) -> str:
        return f"{self.level}: {self.what}" + (f" — {self.fix}" if self.fix else "")


def check(settings: Settings) -> list[Finding]:
    """Every check, in the order a reader would fix things."""
    return [
        *_settings(settings),
        *_reading_lists(settings),
        *_database(settings),
        *_leftovers(settings),
    ]


def _settings(settings: Settings) -> Iterator[Finding]:
    found = problems(settings)
    for problem in found:
        yield Finding("error", f"{settings.config_file}: {problem}", "edit the settings file")
    if not found:
        yield Finding("ok", f"settings {settings.config_file}")


def _reading_lists(settings: Settings) -> Iterator[Finding]:
    for path in settings.reading_list_paths:
        if not path.is_file():
            yield Finding("error", f"{path}: reading list missing", "restore it or fix paths")
            continue
        try:
            reading = load_reading_lists([path])
        except (ReadingListError, InputError) as err:
            yield Finding("error", str(err))
            continue
        for problem in reading.problems:
            yield Finding("warning", str(problem), "fix the row; the rest of the list loads")
        if not reading.papers:
            yield Finding("warning", f"{path}: no papers", "ranking needs at least one")
        else:
            yield Finding("ok", f"{path}: {len(reading.papers)} papers")


def _database(settings: Settings) -> Iterator[Finding]:
    path = settings.database_path
    if not path.exists():
        yield Finding("ok", f"{path}: not created yet (the first `radar run` makes it)")
        return
    try:
        with Store.open(path) as store:
            damage = store.integrity()
            if damage:
                yield Finding("error", f"{path}: damaged ({damage[0]})", _RESTORE)
                return
            yield Finding("ok", f"{path}: integrity ok, schema {store.version}")
            yield from _stages(store)
    except StoreError as err:
        yield Finding("error", str(err), _RESTORE)
    except sqlite3.DatabaseError as err:
        yield Finding("error", describe_failure(path, err), _RESTORE)


_RESTORE = "see the README's 'Recovering the database'"


def _stages(store: Store) -> Iterator[Finding]:
    for item in store.unfinished():
        yield Finding("warning", f"{item.day}: stopped after '{item.stage}'", "run `radar run`")
    for day, error in store.failed_days():
        yield Finding("warning", f"{day}: poll failed ({error})", "the next `radar run` retries")
    pending = [(d, r) for d, r, s in store.deliveries() if s in ("failed", "sending")]
    for day, recipient in pending:
        yield Finding("warning", f"digest of {day} not delivered to {recipient}", "`radar send`")


def _leftovers(settings: Settings) -> Iterator[Finding]:
    folder = settings.path(settings.paths.digests)
    for path in sorted(folder.rglob(".*.tmp")) if folder.is_dir() else []:
        yield Finding("warning", f"{path}: a temporary file left by an interrupted write",
                      "delete it")  # fmt: skip


def backup(settings: Settings, target: Path) -> Path:
    """A consistent copy of the store (SQLite's online backup), safe while radar runs."""
    if target.exists():
        raise InputError(f"{target}: exists; choose a new file for the backup")
    with Store.open(settings.database_path) as store:
        store.backup(target)
    return target
