"""The gazetteer's two CSV files, read into a `Gazetteer`: the university list (English and
Chinese names, country) and the curated labs, companies and short names, whose rows win.
A missing file or column is an `InputError` naming the file.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from monitor.affiliations import Gazetteer
from monitor.errors import InputError
from monitor.institution import Institution
from monitor.name_keys import key


def load_gazetteer(universities: Path, extra: Path) -> Gazetteer:
    """Universities first, then labs, companies and aliases (which may name a university),
    each also under its Chinese name."""
    entries: list[tuple[str, Institution]] = []
    chinese_of: dict[str, str] = {}
    for _, row in _rows(universities, ("chinese_name", "english_name", "country_english")):
        # the list lost its commas to two spaces (`City  University of London`) and writes
        # `Texas A & M University`
        english = _INITIALS.sub("&", " ".join(_LOST_COMMA.sub(", ", row["english_name"]).split()))
        chinese = row["chinese_name"].strip() or None
        chinese_of.setdefault(key(english), chinese or "")
        institution = Institution(english, chinese, row["country_english"].strip())
        entries += [(n, institution) for n in (english, chinese) if n]
    extra_entries: list[tuple[str, Institution]] = []
    whole_only: list[str] = []
    for _, row in _rows(extra, ("english_name", "chinese_name", "aliases")):
        english = row["english_name"].strip()
        chinese = row["chinese_name"].strip() or chinese_of.get(key(english))
        institution = Institution(english, chinese or None)
        aliases = [a.strip() for a in row["aliases"].split("|") if a.strip()]
        # `=Cornell`: a name that stands for it only as a whole part, never inside a longer one
        # (`Weill Cornell Medicine`); a paper in Chinese writes its Chinese name (`清华大学`)
        whole_only += [key(a[1:]) for a in aliases if a.startswith("=")]
        names = [english, *(a.lstrip("=") for a in aliases), chinese or ""]
        extra_entries.extend((n, institution) for n in names if n)
    # curated rows win over the university list's spelling of the same name
    return Gazetteer([*extra_entries, *entries], whole_only)


_LOST_COMMA = re.compile(r"(?<=\S) {2,}(?=\S)")
_INITIALS = re.compile(r"(?<=\b[A-Z]) & (?=[A-Z]\b)")  # the list writes `Texas A & M University`


def _rows(path: Path, columns: Sequence[str]) -> Iterable[tuple[int, dict[str, str]]]:
    try:
        handle = path.open(encoding="utf-8-sig", newline="")
    except OSError as err:
        raise InputError(f"{path}: cannot read gazetteer ({err.strerror})") from err
    with handle:
        reader = csv.DictReader(handle)
        missing = [c for c in columns if c not in (reader.fieldnames or [])]
        if missing:
            raise InputError(f"{path}:1: missing column(s) {', '.join(missing)}")
        for number, row in enumerate(reader, start=2):
            yield number, {c: row.get(c) or "" for c in columns}
