"""One part of an affiliation's comma list that may join two organisations (`KTH & SICS`,
`Inria and LIRMM`, `CNRS/IN2P3`, `Padova University and INFN`), cut into them, and whether
`A and B` names two the gazetteer does not know (`two_named`). Pure functions for
`affiliations.Gazetteer`, which passes whether a name is known.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from monitor.field_units import fields_only
from monitor.name_keys import key
from monitor.org_words import (
    INSTITUTION_WORDS,
    PLACE,
    UNIVERSITY,
    is_unit,
    names_organisation,
    says_unit,
)
from monitor.places import is_place

_LEADING_ACRONYM = re.compile(r"^[A-Z][A-Z0-9]{2,}\b")  # `SICS Sweden`
_LAB_SHORT = re.compile(r"[A-Z][A-Z0-9]{1,9}(?:-[A-Z0-9]{2,9})?")  # `IRIT`, `ESAT-PSI`
# a name of one word in camel case: `QuSoft`, `StabilityAI` (not `PhD`, `SpeechLab`)
_CAMEL = re.compile(
    r"(?!(?:PhD|MSc|BSc|DPhil|MPhil|MEng)$)[A-Z][a-z]+[A-Z]\w*(?<!Lab)(?<!Labs)(?<!Group)(?<!Team)"
)
# one hyphen, no space at it, after a short form in capitals: `CONICET-UTN` (not `Duke-NUS`)
_HYPHENED = re.compile(r"([A-Z][A-Z0-9]{2,})-(\w[^-]*\w)")


class Place(str):
    """A town before `and`, after an organisation (`Tsinghua University, Beijing and MSR`)."""


def joined(
    part: str, after_known: bool, known: Callable[[str], bool], countries: Collection[str]
) -> list[str]:
    """Two organisations joined by `&` (`University Paris Diderot & CNRS`, `KTH & SICS`):
    each named by its words, or one known and the other named or a short form in capitals;
    one name otherwise (`… of Science & Technology`). Joined by `and`, one must be known
    (`Inria and LIRMM`, not `… Polytechnic Institute and State University`), or each be
    named as one of its own (`Padova University and INFN`). Each side is then a part of the
    list like any other: an unknown short form is left out (`LASI`). Two known names joined
    by a hyphen after a short form in capitals are two (`CONICET-UTN`, `SUPSI-USI`; not
    `Duke-NUS`), unless the whole is one (`MIT-IBM …`)."""
    hyphened = _HYPHENED.fullmatch(part.strip())
    if hyphened and not known(part) and all(map(known, hyphened.groups())):
        return list(hyphened.groups())
    slashed = part.split("/")  # `CNRS/IN2P3`, `CEA/Irfu`: the known one, not its institute
    if len(slashed) == 2 and " " not in part.strip():
        return [x for x in slashed if known(x)] or [part]
    if len(slashed) == 2 and all(" " in x.strip() and names_organisation(x) for x in slashed):
        return [x.strip() for x in slashed]  # `Institut National Polytechnique/Ecole …`
    sides = [x.strip() for x in slashed]  # `CNRS/Université Paris Diderot`
    knowns = list(map(known, sides))
    if len(sides) == 2 and any(knowns) and all(map(_slash_side, sides, knowns)):
        return sides
    # or the known one beside a lab's short form: `IRIT/Université de Toulouse` (not `Google
    # Brain/Stanford`, read as a name below)
    if (
        len(sides) == 2
        and any(knowns)
        and all(k or _LAB_SHORT.fullmatch(x) for x, k in zip(sides, knowns, strict=True))
    ):
        return [x for x, k in zip(sides, knowns, strict=True) if k]
    # French `et` like `and` (`UPMC Univ. Paris 6 et CNRS`; not `… Pierre et Marie Curie`)
    joiner = next((j for j in (" & ", " and ", " et ") if j in part), " and ")
    sides = _two_sides(part.split(joiner), joiner, known)
    if len(sides) != 2:
        return [part]
    if key(sides[0]) in countries:  # `…, USA and Czech Technical University`
        return [sides[1]]
    town = PLACE.match(sides[0]) and not names_organisation(sides[0])  # not `Westlake Univ…`
    if after_known and town and known(sides[1]):
        return [Place(sides[0]), sides[1]]
    knowns = [_known_here(x, known) for x in sides]
    named = [
        k
        or (names_organisation(x) and not _field_research(x))
        or bool(_LEADING_ACRONYM.match(x) or _CAMEL.fullmatch(x.strip()))  # `QuSoft and CWI`
        for k, x in zip(knowns, sides, strict=True)
    ]
    both = any(knowns) and all(named)
    if joiner == " & ":
        both = both or all(map(names_organisation, sides))
    else:
        both = both or two_named(*sides)
    return sides if both else [part]


def _field_research(side: str) -> bool:
    """`Data Science Research (MDSR)`: a field's research, a company's unit, no organisation."""
    words = re.sub(r"\([^()]*\)", "", side).split()
    return len(words) > 1 and words[-1] == "Research" and fields_only(" ".join(words[:-1]))


def _slash_side(side: str, known: bool) -> bool:
    """Whether one side of `A/B` names an organisation: known, or by its words (not a unit's:
    `CISTER Research Centre/INESC-TEC`; nor a lab's short form: `KU Leuven / ESAT-PSI`)."""
    return known or (names_organisation(side) and not says_unit(side))


def _known_here(side: str, known: Callable[[str], bool]) -> bool:
    """Whether a side is a known name, or one with its town after it (`Inria Paris`)."""
    words = side.split()
    town = len(words) > 1 and is_place(words[-1])
    return known(side) or (town and known(" ".join(words[:-1])))


def _two_sides(sides: list[str], joiner: str, known: Callable[[str], bool]) -> list[str]:
    """`A and B and C` cut where one side is known (`Universidad de Málaga and Operations
    Research and Logistics Group`); the words as split otherwise."""
    for k in range(1, len(sides)) if len(sides) > 2 else ():
        cut = [joiner.join(sides[:k]), joiner.join(sides[k:])]
        if any(known(x) for x in cut):
            return cut
    return sides


def two_named(left: str, right: str) -> bool:
    """Whether `A and B` joins two organisations, neither known, each named as one of its own
    (`Padova University and INFN`), or a unit and an organisation (`INFN, Sezione di Bari and
    University of Bari`); not two fields of one name (`Institute of Information Science and
    Technologies …`: the left names its field, the right starts with no organisation word)."""
    goes_on = _OF.search(left) and not (_OWN_START.match(right) or _CAPITALS.match(right))
    if is_unit(left):  # a unit of another and an organisation: `Sezione di Bari and University …`
        return bool(UNIVERSITY.search(right) or _INSTITUTE.search(right)) and _named_alone(right)
    return _named_alone(left) and _named_alone(right) and not goes_on


_OF = re.compile(r"\b(?:of|for)\b")
_OWN_START = re.compile(
    r"(?:the\s+)?(?:universit|univ\b|institut|istituto|laborat|college|hospital|academy|"
    r"school|cent(?:er|re)\b|[eé]cole)",
    re.I,
)
_CAPITALS = re.compile(r"[A-Z][A-Z0-9]{2,}\b")
_INSTITUTE = re.compile(r"\b(?:institut\w*|istituto)\b", re.I)  # not `… and Laboratory Medicine`


def _named_alone(side: str) -> bool:
    """Whether one side of `A and B` is an organisation by its own words: a name in capitals
    (`INFN`), or words that name an organisation and a word of its own besides them (not
    `State University`, the end of `Virginia Polytechnic Institute and State University`)."""
    side = side.strip()
    if _CAPITALS.fullmatch(side):
        return True
    if (
        not side[:1].isupper()
        or is_unit(side)
        or not INSTITUTION_WORDS.search(_RESEARCH.sub("", side))
    ):
        return False  # not `Education and Research Thiruvananthapuram`, the end of IISER's name
    words = re.findall(r"[^\W\d_][\w'-]*", side)
    return any(w[0].isupper() and not _GENERIC.fullmatch(w) for w in words)


_RESEARCH = re.compile(r"\bresearch\b", re.I)
# the words of an organisation's name that do not tell it from others
_GENERIC = re.compile(
    r"the|of|for|and|state|national|federal|technical|technological|polytechnic|university|"
    r"institute|college|research|school|academy|cent(?:er|re)|laboratory|lab|agricultural|"
    r"mechanical|medical|normal|open|public|central|international|applied",
    re.I,
)
