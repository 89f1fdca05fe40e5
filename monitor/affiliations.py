"""Affiliations in English with their Chinese names, from a gazetteer.

The gazetteer joins ~10k universities (`data/institutions/world_universities_zh_en.csv`) with
the companies and labs of this field and the short names people write
(`data/institutions/labs_companies.csv`). An affiliation is looked up whole, then part by
part (`Dept. of CS, Tsinghua University, Beijing` → Tsinghua University); one not found stays as
written, in English. Nothing is dropped or invented.
"""

from __future__ import annotations

import csv
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from monitor.errors import InputError

_LONGEST = 12  # words in the longest name the inside-a-string search tries
# words that say a name is an institution (free text must have one to count as an affiliation)
INSTITUTION_WORDS = re.compile(
    r"\b(universit\w*|univ\.|institut\w*|college|school|academy|laborator\w*|lab|labs|"
    r"research|centre|center|hospital|inc\.?|corp\.?|corporation|company|ltd\.?|llc|gmbh|"
    r"technologies|foundation|polytechnic|ecole|école|hochschule|eth|epfl|kaist)\b",
    re.I,
)

_ABBREVIATIONS = (
    (r"\buniv\b\.?", "university"),
    (r"\binst\b\.?", "institute"),
    (r"\btech\b\.?", "technology"),
    (r"&", " and "),
)


@dataclass(frozen=True)
class Institution:
    english: str
    chinese: str | None

    def label(self) -> str:
        """`English(中文)`, as in the reader's digests; English alone when no Chinese name."""
        return f"{self.english}({self.chinese})" if self.chinese else self.english


def key(name: str) -> str:
    """Case, accents, punctuation, `Univ.`/`the` folded, so spellings of a name meet."""
    text = unicodedata.normalize("NFKC", name).casefold()
    for pattern, repl in _ABBREVIATIONS:
        text = re.sub(pattern, repl, text)
    words = re.sub(r"[^\w]+", " ", text).split()
    return " ".join(words[1:] if words[:1] == ["the"] else words)


class Gazetteer:
    """Lookup of institution names and aliases."""

    def __init__(self, entries: Iterable[tuple[str, Institution]]) -> None:
        self._index: dict[str, Institution] = {}
        for name, institution in entries:
            self._index.setdefault(key(name), institution)

    def __len__(self) -> int:
        return len(self._index)

    def find(self, affiliation: str) -> list[Institution]:
        """The institutions an affiliation string names: whole, by comma-separated part, or
        (for `A and B`) by the longest known names inside it. Empty if none is known."""
        whole = self._index.get(key(affiliation))
        if whole:
            return [whole]
        parts = [self._index.get(key(p)) for p in re.split(r"[,;]", affiliation)]
        found = [p for p in parts if p]
        return _distinct(found or self._inside(key(affiliation).split()))

    def _inside(self, words: list[str]) -> list[Institution]:
        found: list[Institution] = []
        i = 0
        while i < len(words):
            for n in range(min(_LONGEST, len(words) - i), 0, -1):
                hit = self._index.get(" ".join(words[i : i + n]))
                if hit and (n > 1 or len(words[i]) > 3):  # `MIT`, `IBM` alone say too little
                    found.append(hit)
                    i += n
                    break
            else:
                i += 1
        return found

    def _co_listed(self, affiliation: str) -> list[Institution]:
        """For a comma list naming a known institution, every organisation in it in order: the
        known ones (two parts read together first: `University of California, Berkeley`), and
        unknown parts whose name says university, or institute after a known one (`Université
        Paris-Saclay, CentraleSupélec, Inria, …`; an institute before one is part of it).
        Departments, labs and places are left out. Empty when no part is known."""
        if key(affiliation) in self._index:
            return []
        parts = [" ".join(p.split()) for p in re.split(r"[,;]", affiliation)]
        out: list[Institution | str] = []
        i = 0
        while i < len(parts):
            pair = self._index.get(key(", ".join(parts[i : i + 2]))) if i + 1 < len(parts) else None
            hit = pair or self._index.get(key(parts[i]))
            out.append(hit or parts[i])
            i += 2 if pair else 1
        known = [n for n, item in enumerate(out) if isinstance(item, Institution)]
        if not known:
            return []
        return _distinct(
            [
                item if isinstance(item, Institution) else Institution(item, None)
                for n, item in enumerate(out)
                if isinstance(item, Institution) or _own(item, n > known[0])
            ]
        )

    def knows(self, text: str) -> bool:
        return bool(self.find(text))

    def labels(self, affiliations: Sequence[str]) -> list[str]:
        """Each distinct affiliation once, in order, as `English(中文)` or as written."""
        return [i.label() for i in self.institutions(affiliations)]

    def institutions(self, affiliations: Sequence[str]) -> list[Institution]:
        """Each distinct institution once, in order: the gazetteer's (with its Chinese name)
        where it knows one, else the string as written without its address (no Chinese)."""
        out: list[Institution] = []
        for raw in affiliations:
            found = self._co_listed(raw) or self.find(raw)
            found = found or [Institution(without_address(raw), None)]
            for institution in found:
                if institution.english and institution.label() not in {i.label() for i in out}:
                    out.append(institution)
        return out


# words that make a part of a comma list an organisation of its own: a university anywhere in
# the list, an institute only after a known organisation (before one, it is part of it)
_UNIVERSITY = re.compile(r"\b(universit\w*|polytechnic|polytechnique|hochschule)\b", re.I)
_INSTITUTE = re.compile(r"\b(institut(?:e|o)?|école|ecole|academy)\b", re.I)


def _own(part: str, after_known: bool) -> bool:
    """Whether an unknown part of a comma list is an organisation of its own."""
    if _UNIT.match(part):
        return False
    return bool(_UNIVERSITY.search(part) or (after_known and _INSTITUTE.search(part)))


# parts of an organisation, not one: dropped before the organisation they belong to
_UNIT = re.compile(
    r"^(?:the\s+)?(?:department|dept\b|school of|faculty|division|college of|"
    r"(?:research )?cent(?:er|re) for|institut für|(?:state |national )?key lab\w*|"
    r"laboratory (?:of|for)|lab (?:of|for)|group|chair|section)\b",
    re.I,
)


def without_address(affiliation: str) -> str:
    """An unknown affiliation as written, without the address after its last institution part
    (after its first part when none says "university", "lab", …: `LimX Dynamics, Shenzhen,
    China` → `LimX Dynamics`) nor the departments before the organisation: `Dept. of CS,
    Institute X, Berlin, Germany` → `Institute X`. A department alone is no organisation."""
    parts = [" ".join(p.split()) for p in affiliation.split(",")]
    named = [i for i, part in enumerate(parts) if INSTITUTION_WORDS.search(part)]
    kept = [p for p in (parts[: named[-1] + 1] if named else parts[:1]) if p]  # name, then where
    while kept and _UNIT.match(kept[0]):
        kept.pop(0)
    return ", ".join(kept)


def _distinct(items: list[Institution]) -> list[Institution]:
    return list(dict.fromkeys(items))


def load_gazetteer(universities: Path, extra: Path) -> Gazetteer:
    """Universities first, then labs, companies and aliases (which may name a university)."""
    entries: list[tuple[str, Institution]] = []
    chinese_of: dict[str, str] = {}
    for _, row in _rows(universities, ("chinese_name", "english_name")):
        english = " ".join(row["english_name"].split())
        chinese_of[key(english)] = row["chinese_name"].strip()
        entries.append((english, Institution(english, row["chinese_name"].strip() or None)))
    extra_entries: list[tuple[str, Institution]] = []
    for _, row in _rows(extra, ("english_name", "chinese_name", "aliases")):
        english = row["english_name"].strip()
        chinese = row["chinese_name"].strip() or chinese_of.get(key(english))
        institution = Institution(english, chinese or None)
        names = [english, *(a for a in row["aliases"].split("|") if a.strip())]
        extra_entries.extend((n, institution) for n in names)
    # curated rows win over the university list's spelling of the same name
    return Gazetteer([*extra_entries, *entries])


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
