"""One institution as the digest names it, the academies whose institutes are written with
them (`Institute of Software, Chinese Academy of Sciences` is one organisation), and the
institutes a university's comma list names by field alone (its units)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from monitor.field_units import field_named
from monitor.name_keys import key
from monitor.org_words import UNIVERSITY, has_lead, is_unit, without_lead


@dataclass(frozen=True)
class Institution:
    english: str
    chinese: str | None
    country: str | None = None  # the university list's; None for curated rows and unknowns

    def label(self) -> str:
        """`English(中文)`, as in the reader's digests; English alone when no Chinese name."""
        return f"{self.english}({self.chinese})" if self.chinese else self.english


# academies whose institutes are organisations of their own, named with the academy
UMBRELLA = re.compile(
    r"(?:chinese|russian|polish|hungarian|czech|national) academy of "
    r"(?:social |agricultural |medical )?sciences|academia sinica"
)


# what an academy's own organisations are called (`Shanghai Astronomical Observatory`,
# `Academy of Opto-Electronics`), not universities or companies written beside it
_ACADEMY_UNIT = re.compile(
    r"^(?!.*universit).*\b(?:institut\w*|observator(?:y|ies)|cent(?:er|re)|laborator\w*|academy)\b",
    re.I,
)


def under_umbrellas(parts: list[Institution | str]) -> list[Institution | str]:
    """`Institute of Software, Chinese Academy of Sciences` is one organisation, written with
    its academy: an unknown institute just before an academy joins it (not a department or a
    key laboratory, which belong to their institute), and a known one stands for both."""
    out: list[Institution | str] = []
    for part in parts:
        before = out[-1] if out else None
        if not isinstance(part, Institution) or not UMBRELLA.fullmatch(key(part.english)):
            out.append(part)
            continue
        if isinstance(before, Institution) and before.english.endswith(part.english):
            continue  # a known institute of the academy (`SIAT, Chinese Academy of Sciences`)
        if (
            isinstance(before, str)
            and not is_unit(before)
            and _ACADEMY_UNIT.search(before) is not None
        ):
            out[-1] = Institution(f"{without_lead(before)}, {part.english}", None)
            continue
        out.append(part)
    return out


def field_of_university(items: list[Institution | str], n: int) -> bool:
    """Whether a part is an institute named by its field after a university, one of its units
    (`Federal University of Rio de Janeiro (UFRJ), Institute of Computing`); after an academy
    it is one of the academy's institutes."""
    known = [x for x in items[:n] if isinstance(x, Institution)]
    part = items[n]
    return (
        bool(known)
        and isinstance(part, str)
        and not has_lead(part)  # `…; Institute for Advanced Study`: a new one
        and field_named(without_lead(part))
        and UNIVERSITY.search(known[-1].english) is not None
    )


def written_once(found: list[tuple[str, list[Institution]]]) -> list[Institution]:
    """The institutions each affiliation string names, each distinct one once, in order: a
    name written twice another way is one (`Astana IT University`, `Astana It University`),
    and so is its short form written in brackets after it in another string (`National
    University of Sciences and Technology (NUST)`, then a note's `… was at NUST`)."""
    shorts = {key(short) for raw, _ in found for short in _SHORT_FORM.findall(raw)}
    out: list[Institution] = []
    seen: set[str] = set()
    for raw, institutions in found:
        elsewhere = shorts - {key(short) for short in _SHORT_FORM.findall(raw)}
        for institution in institutions:
            name = key(institution.english)
            if institution.english and name not in seen and name not in elsewhere:
                out.append(institution)
                seen.add(name)
    return out


# a short form in brackets after a name: `(NUST)`, `(KAUST)`
_SHORT_FORM = re.compile(r"\w\s*\(([A-Z][A-Za-z&]*[A-Z])\)")
